//! core.logic's finite-domain values as values: `fd/multi-interval`, the set operations of its
//! `ISet` (`-member?`, `-disjoint?`, `-intersection`, `-difference`), of `ISortedDomain`
//! (`-drop-one`, `-drop-before`, `-keep-before`), `-lb`/`-ub`, `-intervals`, `to-vals`,
//! `normalize-intervals`, `interval-<` and its kin, and the natives behind
//! `clojure.core.logic.protocols`' `-merge-doms` and `-member-count`.
//!
//! An operand is an integer (a one-value domain, as in core.logic) or a [`FdDom`]. Results
//! take core.logic's shape: `nil` when empty, an integer for one value, and otherwise the kind
//! core.logic's own code builds. Two domains of `fd/domain` give a `fd/domain` under
//! `-intersection` and `-difference`, as does one less an integer; every other combination
//! walks both operands' pieces in order (core.logic's `intersection*`/`difference*`) and
//! gives an interval or a multi-interval of the pieces met, one result piece per pair of
//! overlapping pieces.
//!
//! DIVERGENCE: `-difference` is the set difference. core.logic answers an integer less an
//! interval with the interval less the integer (`(-difference 5 (interval 1 10))` is
//! `<intervals:<interval:1..4> <interval:6..10>>` there, `nil` here), and an interval less an
//! interval lying wholly below it with values it never had (`(-difference (interval 5 10)
//! (interval 1 2))` is `<interval:3..10>` there, `<interval:5..10>` here). `fd/multi-interval`
//! given a `fd/domain` or a multi-interval takes its pieces (core.logic nests the object).

use crate::library::core::{arity, reg};
use crate::value::error::{Error, Result};
use crate::value::items::{join_adjacent, piece_value, FdDom};
use crate::value::printer::describe;
use crate::value::Value;
use std::collections::VecDeque;
use std::sync::Arc;

type Piece = (i64, i64);

/// A domain value of `lo..=hi`: `nil` when empty, the integer when one value, else an interval.
pub fn interval_value(lo: i64, hi: i64) -> Value {
    match lo.cmp(&hi) {
        std::cmp::Ordering::Greater => Value::Nil,
        std::cmp::Ordering::Equal => Value::Int(lo),
        std::cmp::Ordering::Less => Value::Domain(Arc::new(FdDom::Interval(lo, hi))),
    }
}

/// A `fd/domain` of ascending distinct `values`: `nil`, an integer, or the set.
pub fn set_value(values: Vec<i64>) -> Value {
    match values.len() {
        0 => Value::Nil,
        1 => Value::Int(values[0]),
        _ => Value::Domain(Arc::new(FdDom::Set(values))),
    }
}

/// core.logic's `(apply multi-interval pieces)`: `nil`, the one piece, or a multi-interval
/// bounded by its pieces' least and greatest values.
pub fn multi_value(pieces: Vec<Piece>) -> Value {
    match pieces.len() {
        0 => Value::Nil,
        1 => piece_value(pieces[0]),
        _ => {
            let min = pieces.iter().map(|p| p.0).min().unwrap_or(0);
            let max = pieces.iter().map(|p| p.1).max().unwrap_or(0);
            Value::Domain(Arc::new(FdDom::Multi { min, max, pieces }))
        }
    }
}

/// The domain of an integer or a domain value, `None` for anything else.
fn operand(v: &Value) -> Option<Arc<FdDom>> {
    match v {
        Value::Int(i) => Some(Arc::new(FdDom::Multi {
            min: *i,
            max: *i,
            pieces: vec![(*i, *i)],
        })),
        Value::Domain(d) => Some(d.clone()),
        _ => None,
    }
}

fn expected(who: &str, v: &Value) -> Error {
    Error::msg(format!(
        "fd/{who}: expected a domain or an integer, got {}",
        describe(v)
    ))
}

fn pieces_of(v: &Value, who: &str) -> Result<Vec<Piece>> {
    operand(v)
        .map(|d| d.pieces())
        .ok_or_else(|| expected(who, v))
}

fn bounds_of(v: &Value, who: &str) -> Result<Piece> {
    operand(v)
        .map(|d| d.bounds())
        .ok_or_else(|| expected(who, v))
}

fn int_of(v: &Value, who: &str) -> Result<i64> {
    match v {
        Value::Int(i) => Ok(*i),
        other => Err(Error::msg(format!(
            "fd/{who}: expected an integer, got {}",
            describe(other)
        ))),
    }
}

/// `-member?`: whether the integer `n` is in `dom`; either argument may be the integer.
/// A `fd/domain` answers `false` for any other value, as a Clojure set does.
pub fn member(dom: &Value, n: &Value) -> Result<bool> {
    match (dom, n) {
        (Value::Int(x), Value::Int(y)) => Ok(x == y),
        (Value::Int(_), Value::Domain(_)) => member(n, dom),
        (Value::Domain(d), Value::Int(y)) => Ok(d.pieces().iter().any(|p| p.0 <= *y && *y <= p.1)),
        (Value::Domain(d), _) if matches!(**d, FdDom::Set(_)) => Ok(false),
        (Value::Domain(_), other) => Err(Error::msg(format!(
            "fd/-member?: expected an integer, got {}",
            describe(other)
        ))),
        (other, _) => Err(expected("-member?", other)),
    }
}

/// `-disjoint?`: whether no value is in both. Their bounds first, then their pieces in
/// order: a piece wholly below the other side's is passed over, an overlap answers `false`.
pub fn disjoint(a: &Value, b: &Value) -> Result<bool> {
    let ((alo, ahi), (blo, bhi)) = (bounds_of(a, "-disjoint?")?, bounds_of(b, "-disjoint?")?);
    if ahi < blo || bhi < alo {
        return Ok(true);
    }
    let (is, js) = (pieces_of(a, "-disjoint?")?, pieces_of(b, "-disjoint?")?);
    let (mut i, mut j) = (0, 0);
    while i < is.len() && j < js.len() {
        if is[i].1 < js[j].0 {
            i += 1;
        } else if is[i].0 > js[j].1 {
            j += 1;
        } else {
            return Ok(false);
        }
    }
    Ok(true)
}

/// core.logic's `intersection*`: the pieces where `is` and `js` overlap, walking both in
/// order; of two overlapping pieces the one reaching further keeps its part past the other.
fn meet(is: &[Piece], js: &[Piece]) -> Vec<Piece> {
    let (mut is, mut js): (VecDeque<Piece>, VecDeque<Piece>) =
        (is.iter().copied().collect(), js.iter().copied().collect());
    let mut r = Vec::new();
    while let (Some(&(imin, imax)), Some(&(jmin, jmax))) = (is.front(), js.front()) {
        if imax < jmin {
            is.pop_front();
        } else if imin > jmax {
            js.pop_front();
        } else {
            r.push((imin.max(jmin), imax.min(jmax)));
            past_overlap(&mut is, &mut js);
        }
    }
    r
}

/// Moves both walks past the overlap of their first pieces: the piece that ends there is
/// done, the other keeps what is after it.
fn past_overlap(is: &mut VecDeque<Piece>, js: &mut VecDeque<Piece>) {
    let (imax, jmax) = (is[0].1, js[0].1);
    if imax < jmax {
        is.pop_front();
        js[0].0 = imax + 1;
    } else if imax > jmax {
        is[0].0 = jmax + 1;
        js.pop_front();
    } else {
        is.pop_front();
        js.pop_front();
    }
}

/// core.logic's `difference*`: the pieces of `is` outside `js`, walking both in order; what
/// is left of `is` when `js` ends is kept as it is.
fn subtract(is: &[Piece], js: &[Piece]) -> Vec<Piece> {
    let (mut is, mut js): (VecDeque<Piece>, VecDeque<Piece>) =
        (is.iter().copied().collect(), js.iter().copied().collect());
    let mut r = Vec::new();
    while let Some(&(imin, imax)) = is.front() {
        let Some(&(jmin, jmax)) = js.front() else {
            r.extend(is.drain(..));
            break;
        };
        if imax < jmin {
            r.push((imin, imax));
            is.pop_front();
            continue;
        }
        if imin > jmax {
            js.pop_front();
            continue;
        }
        if imin < jmin {
            r.push((imin, jmin - 1));
        }
        past_overlap(&mut is, &mut js);
    }
    r
}

fn set_values(v: &Value) -> Option<&[i64]> {
    match v {
        Value::Domain(d) => match &**d {
            FdDom::Set(vs) => Some(vs),
            _ => None,
        },
        _ => None,
    }
}

/// `-intersection`: the values in both.
pub fn intersection(a: &Value, b: &Value) -> Result<Value> {
    if let (Some(x), Some(y)) = (set_values(a), set_values(b)) {
        return Ok(set_values_where(x, |v| y.binary_search(&v).is_ok()));
    }
    Ok(multi_value(meet(
        &pieces_of(a, "-intersection")?,
        &pieces_of(b, "-intersection")?,
    )))
}

fn set_values_where(vs: &[i64], keep: impl Fn(i64) -> bool) -> Value {
    set_value(vs.iter().copied().filter(|&v| keep(v)).collect())
}

/// `-difference`: the values of `a` not in `b` (see the module's DIVERGENCE).
pub fn difference(a: &Value, b: &Value) -> Result<Value> {
    match (set_values(a), b) {
        (Some(x), Value::Int(y)) => return Ok(set_values_where(x, |v| v != *y)),
        (Some(x), _) => {
            if let Some(y) = set_values(b) {
                return Ok(set_values_where(x, |v| y.binary_search(&v).is_err()));
            }
        }
        _ => {}
    }
    Ok(multi_value(subtract(
        &pieces_of(a, "-difference")?,
        &pieces_of(b, "-difference")?,
    )))
}

/// The values of `v` within `lo..=hi`, in its own kind: `-drop-before` and `-keep-before`.
fn clip(v: &Value, lo: i64, hi: i64, who: &str) -> Result<Value> {
    Ok(match v {
        Value::Int(x) => {
            if lo <= *x && *x <= hi {
                v.clone()
            } else {
                Value::Nil
            }
        }
        Value::Domain(d) => match &**d {
            FdDom::Interval(a, b) => interval_value((*a).max(lo), (*b).min(hi)),
            FdDom::Set(vs) => set_values_where(vs, |x| lo <= x && x <= hi),
            FdDom::Multi { pieces, .. } => multi_value(
                pieces
                    .iter()
                    .map(|&(a, b)| (a.max(lo), b.min(hi)))
                    .filter(|(a, b)| a <= b)
                    .collect(),
            ),
        },
        other => return Err(expected(who, other)),
    })
}

/// `-drop-one`: without its least value (a multi-interval's first piece's), `nil` if none.
/// A multi-interval stays one, as in core.logic, with its bounds moved past the value.
pub fn drop_one(v: &Value) -> Result<Value> {
    let Value::Domain(d) = v else {
        return match v {
            Value::Int(_) => Ok(Value::Nil),
            other => Err(expected("-drop-one", other)),
        };
    };
    Ok(match &**d {
        FdDom::Interval(lo, hi) => interval_value(lo + 1, *hi),
        FdDom::Set(vs) => set_value(vs[1..].to_vec()),
        FdDom::Multi { max, pieces, .. } => {
            let (lo, hi) = pieces[0];
            let rest: Vec<Piece> = if lo == hi {
                pieces[1..].to_vec()
            } else {
                std::iter::once((lo + 1, hi))
                    .chain(pieces[1..].iter().copied())
                    .collect()
            };
            match rest.first() {
                None => Value::Nil,
                Some(&(min, _)) => Value::Domain(Arc::new(FdDom::Multi {
                    min,
                    max: *max,
                    pieces: rest,
                })),
            }
        }
    })
}

/// The number of values (`-member-count`): a multi-interval's pieces' sizes added up.
pub fn member_count(v: &Value) -> Result<i64> {
    Ok(pieces_of(v, "-member-count")?
        .iter()
        .map(|(lo, hi)| hi - lo + 1)
        .sum())
}

/// `to-vals`: the values, piece by piece, lazily.
fn to_vals(pieces: Arc<Vec<Piece>>, at: usize, from: i64) -> Value {
    Value::lazy(move || {
        let mut out = Vec::new();
        let (mut at, mut from) = (at, from);
        while out.len() < 64 {
            let Some(&(_, hi)) = pieces.get(at) else {
                return Ok(Value::list(out));
            };
            out.push(Value::Int(from));
            if from < hi {
                from += 1;
            } else {
                at += 1;
                from = pieces.get(at).map_or(0, |p| p.0);
            }
        }
        Ok(Value::list_with_tail(out, to_vals(pieces, at, from)))
    })
}

/// Registers the domain functions of `clojure.core.logic.fd` and the natives of the domain
/// protocols' implementations (`kanren.logic/-member-count`, `kanren.logic/-merge-doms`).
pub fn install() {
    let f = "clojure.core.logic.fd";
    reg(f, "multi-interval", |a| {
        if a.len() < 2 {
            return Ok(a.into_iter().next().unwrap_or(Value::Nil));
        }
        let mut pieces = Vec::new();
        for v in &a {
            pieces.extend(pieces_of(v, "multi-interval")?);
        }
        let min = a
            .iter()
            .map(|v| bounds_of(v, "multi-interval").map(|b| b.0));
        let min = min.collect::<Result<Vec<_>>>()?.into_iter().min();
        let max = a
            .iter()
            .map(|v| bounds_of(v, "multi-interval").map(|b| b.1));
        let max = max.collect::<Result<Vec<_>>>()?.into_iter().max();
        Ok(Value::Domain(Arc::new(FdDom::Multi {
            min: min.unwrap_or(0),
            max: max.unwrap_or(0),
            pieces,
        })))
    });
    reg(f, "-member?", |a| {
        arity(&a, 2, 2, "fd/-member?")?;
        Ok(Value::Bool(member(&a[0], &a[1])?))
    });
    reg(f, "-disjoint?", |a| {
        arity(&a, 2, 2, "fd/-disjoint?")?;
        Ok(Value::Bool(disjoint(&a[0], &a[1])?))
    });
    reg(f, "-intersection", |a| {
        arity(&a, 2, 2, "fd/-intersection")?;
        intersection(&a[0], &a[1])
    });
    reg(f, "-difference", |a| {
        arity(&a, 2, 2, "fd/-difference")?;
        difference(&a[0], &a[1])
    });
    reg(f, "-drop-one", |a| {
        arity(&a, 1, 1, "fd/-drop-one")?;
        drop_one(&a[0])
    });
    reg(f, "-drop-before", |a| {
        arity(&a, 2, 2, "fd/-drop-before")?;
        clip(
            &a[0],
            int_of(&a[1], "-drop-before")?,
            i64::MAX,
            "-drop-before",
        )
    });
    reg(f, "-keep-before", |a| {
        arity(&a, 2, 2, "fd/-keep-before")?;
        let n = int_of(&a[1], "-keep-before")?;
        clip(&a[0], i64::MIN, n.saturating_sub(1), "-keep-before")
    });
    reg(f, "-lb", |a| {
        arity(&a, 1, 1, "fd/-lb")?;
        Ok(Value::Int(bounds_of(&a[0], "-lb")?.0))
    });
    reg(f, "-ub", |a| {
        arity(&a, 1, 1, "fd/-ub")?;
        Ok(Value::Int(bounds_of(&a[0], "-ub")?.1))
    });
    reg(f, "-intervals", |a| {
        arity(&a, 1, 1, "fd/-intervals")?;
        match &a[0] {
            Value::Domain(d) if matches!(**d, FdDom::Interval(..)) => {
                Ok(Value::list([a[0].clone()]))
            }
            v => Ok(Value::list(
                pieces_of(v, "-intervals")?
                    .into_iter()
                    .map(piece_value)
                    .collect::<Vec<_>>(),
            )),
        }
    });
    reg(f, "to-vals", |a| {
        arity(&a, 1, 1, "fd/to-vals")?;
        let pieces = pieces_of(&a[0], "to-vals")?;
        let from = pieces[0].0;
        Ok(to_vals(Arc::new(pieces), 0, from))
    });
    reg(f, "normalize-intervals", |a| {
        arity(&a, 1, 1, "fd/normalize-intervals")?;
        let bounds = a[0]
            .to_vec()?
            .iter()
            .map(|v| bounds_of(v, "normalize-intervals"))
            .collect::<Result<Vec<_>>>()?;
        Ok(Value::vector(
            join_adjacent(&bounds)
                .into_iter()
                .map(|(lo, hi)| interval_value(lo, hi))
                .collect(),
        ))
    });
    // (interval-< i j): every value of i below every value of j; and the other three.
    macro_rules! order {
        ($name:literal, $holds:expr) => {
            reg(f, $name, |a| {
                arity(&a, 2, 2, concat!("fd/", $name))?;
                let (i, j) = (bounds_of(&a[0], $name)?, bounds_of(&a[1], $name)?);
                let holds: fn(Piece, Piece) -> bool = $holds;
                Ok(Value::Bool(holds(i, j)))
            });
        };
    }
    order!("interval-<", |i, j| i.1 < j.0);
    order!("interval-<=", |i, j| i.1 <= j.0);
    order!("interval->", |i, j| i.0 > j.1);
    order!("interval->=", |i, j| i.0 >= j.1);
    let kind = |a: &[Value], f: fn(&Value) -> bool| -> Result<Value> {
        arity(a, 1, 1, "fd kind test")?;
        Ok(Value::Bool(f(&a[0])))
    };
    reg(f, "interval?", move |a| {
        kind(
            &a,
            |v| matches!(v, Value::Domain(d) if matches!(**d, FdDom::Interval(..))),
        )
    });
    reg(f, "finite-domain?", move |a| {
        kind(
            &a,
            |v| matches!(v, Value::Domain(d) if matches!(**d, FdDom::Set(_))),
        )
    });
    reg(f, "singleton-dom?", move |a| {
        kind(&a, |v| matches!(v, Value::Int(_)))
    });
    let k = "kanren.logic";
    reg(k, "-member-count", |a| {
        arity(&a, 1, 1, "-member-count")?;
        Ok(Value::Int(member_count(&a[0])?))
    });
    reg(k, "-merge-doms", |a| {
        arity(&a, 2, 2, "-merge-doms")?;
        intersection(&a[0], &a[1])
    });
}

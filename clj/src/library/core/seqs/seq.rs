//! `clojure.core` sequence functions: `first`, `rest`, `nth`, `cons`, `map`, `reduce`,
//! `into`, `take`, `drop`, ... The ones Clojure makes lazy are lazy here too (their seqs are
//! built in `lazy`), so they work on infinite seqs; the others realise their input. The
//! functions that search, reorder or reshape a whole seq are in `reshape`.

use crate::eval::apply;
use crate::library::core::lazy::{
    cycle, drop_n, iterate, lazy_cat, lazy_concat, lazy_filter, lazy_keep, lazy_map, map_indexed,
    range_from, repeat, repeatedly, take_n, take_while,
};
use crate::library::core::{arity, conj1, int_arg, reg, reg_slice, seq};
use crate::value::args::count_arg;
use crate::value::coll::Source;
use crate::value::error::{Error, Result};
use crate::value::Value;
use std::sync::Arc;

/// `(first v)`: on a list, a vector or a vector's seq, the head read in place (the rest not
/// made); on other collections, through [`Value::uncons`].
pub(crate) fn first(v: &Value) -> Result<Value> {
    Ok(match v.forced()? {
        Value::Nil | Value::EmptyList => Value::Nil,
        Value::List(c) => c.0.clone(),
        Value::Vector(items) => items.first().cloned().unwrap_or(Value::Nil),
        Value::VecSeq(items, i) => items[*i].clone(),
        v => v.uncons()?.map_or(Value::Nil, |(h, _)| h),
    })
}

/// `(rest v)`: as [`first`], the tail read in place (the head not copied).
pub(crate) fn rest(v: &Value) -> Result<Value> {
    Ok(match v.forced()? {
        Value::Nil | Value::EmptyList => Value::EmptyList,
        Value::List(c) => c.1.clone(),
        Value::Vector(items) => crate::value::vec_seq(items.clone(), 1),
        Value::VecSeq(items, i) => crate::value::vec_seq(items.clone(), i + 1),
        v => v.uncons()?.map_or(Value::EmptyList, |(_, t)| t),
    })
}

/// `(next v)`: [`rest`] as a seq, `nil` when empty; a list's tail made a seq where it is.
fn next(v: &Value) -> Result<Value> {
    match v.forced()? {
        Value::List(c) => seq(&c.1),
        Value::Vector(items) if items.len() > 1 => Ok(Value::VecSeq(items.clone(), 1)),
        Value::VecSeq(items, i) if i + 1 < items.len() => Ok(Value::VecSeq(items.clone(), i + 1)),
        Value::Nil | Value::EmptyList | Value::Vector(_) | Value::VecSeq(..) => Ok(Value::Nil),
        v => seq(&rest(v)?),
    }
}

/// The first item and the rest of each of `colls`, or `None` once one of them is empty (or
/// there are none: `(interleave)` is `()`): the step of `map` and `interleave` over several
/// seqs.
pub(crate) fn firsts_and_rests(colls: Vec<Value>) -> Result<Option<(Vec<Value>, Vec<Value>)>> {
    if colls.is_empty() {
        return Ok(None);
    }
    let mut heads = Vec::with_capacity(colls.len());
    let mut tails = Vec::with_capacity(colls.len());
    for c in colls {
        let Some((h, t)) = c.uncons_owned()? else {
            return Ok(None);
        };
        heads.push(h);
        tails.push(t);
    }
    Ok(Some((heads, tails)))
}

fn nth(a: &[Value]) -> Result<Value> {
    arity(a, 2, 3, "nth")?;
    let i = int_arg(&a[1], "nth")?;
    let out_of_bounds = || match a.get(2) {
        Some(d) => Ok(d.clone()),
        None => Err(Error::ex(
            crate::value::error::INDEX_OUT_OF_BOUNDS,
            format!("index {i} out of bounds"),
        )),
    };
    if i < 0 {
        return out_of_bounds();
    }
    match &a[0] {
        Value::Vector(v) => v.get(i as usize).cloned().map_or_else(out_of_bounds, Ok),
        Value::VecSeq(v, s) => v
            .get(s + i as usize)
            .cloned()
            .map_or_else(out_of_bounds, Ok),
        Value::Nil => Ok(a.get(2).cloned().unwrap_or(Value::Nil)),
        Value::Str(s) => s
            .chars()
            .nth(i as usize)
            .map(Value::Char)
            .map_or_else(out_of_bounds, Ok),
        coll => {
            let rest = drop_n(i, coll)?;
            match rest.forced()? {
                Value::List(c) => Ok(c.0.clone()),
                _ => match rest.uncons()? {
                    Some((h, _)) => Ok(h),
                    None => out_of_bounds(),
                },
            }
        }
    }
}

/// Registers the functions of this module.
pub fn install() {
    let c = "clojure.core";
    reg_slice(c, "first", |a| {
        arity(a, 1, 1, "first")?;
        first(&a[0])
    });
    reg_slice(c, "second", |a| {
        arity(a, 1, 1, "second")?;
        first(&rest(&a[0])?)
    });
    reg_slice(c, "ffirst", |a| {
        arity(a, 1, 1, "ffirst")?;
        first(&first(&a[0])?)
    });
    reg_slice(c, "rest", |a| {
        arity(a, 1, 1, "rest")?;
        rest(&a[0])
    });
    reg_slice(c, "next", |a| {
        arity(a, 1, 1, "next")?;
        next(&a[0])
    });
    reg_slice(c, "nnext", |a| {
        arity(a, 1, 1, "nnext")?;
        next(&rest(&a[0])?)
    });
    reg_slice(c, "fnext", |a| {
        arity(a, 1, 1, "fnext")?;
        first(&rest(&a[0])?)
    });
    reg(c, "last", |a| {
        arity(&a, 1, 1, "last")?;
        Ok(a[0].to_vec()?.pop().unwrap_or(Value::Nil))
    });
    reg(c, "butlast", |a| {
        let mut v = a[0].to_vec()?;
        v.pop();
        Ok(if v.is_empty() {
            Value::Nil
        } else {
            Value::list(v)
        })
    });
    reg_slice(c, "nth", nth);
    reg_slice(c, "seq", |a| {
        arity(a, 1, 1, "seq")?;
        seq(&a[0])
    });
    if let Some((_, Value::Native(n))) = crate::eval::ns::resolve_in(c, "seq") {
        crate::eval::compile::run::SEQ.register(&n);
    }
    reg_slice(c, "empty?", |a| {
        arity(a, 1, 1, "empty?")?;
        Ok(Value::Bool(crate::value::coll::is_empty(&a[0])?))
    });
    reg(c, "cons", |a| {
        arity(&a, 2, 2, "cons")?;
        // A seq tail (a lazy one unforced, as Clojure's `cons` keeps it) is kept as it is.
        let tail = match &a[1] {
            Value::Nil => Value::EmptyList,
            Value::Lazy(_) | Value::List(_) | Value::EmptyList | Value::VecSeq(..) => a[1].clone(),
            other => match seq(other)? {
                Value::Nil => Value::EmptyList,
                s => s,
            },
        };
        Ok(Value::cons(a[0].clone(), tail))
    });
    reg(c, "list*", |mut a| {
        arity(&a, 1, usize::MAX, "list*")?;
        let last = a.pop().unwrap_or(Value::Nil);
        let tail = match seq(&last)? {
            Value::Nil => Value::EmptyList,
            s => s,
        };
        Ok(Value::list_with_tail(a, tail))
    });
    reg(c, "concat", |a| Ok(lazy_concat(a, 0)));
    reg(c, "map", |mut a| {
        arity(&a, 2, usize::MAX, "map")?;
        let f = a.remove(0);
        Ok(lazy_map(f, a))
    });
    reg(c, "mapv", |mut a| {
        arity(&a, 2, usize::MAX, "mapv")?;
        let f = a.remove(0);
        Ok(Value::vector(lazy_map(f, a).to_vec()?))
    });
    reg(c, "map-indexed", |a| {
        arity(&a, 2, 2, "map-indexed")?;
        Ok(map_indexed(a[0].clone(), a[1].clone(), 0))
    });
    reg(c, "mapcat", |mut a| {
        arity(&a, 2, usize::MAX, "mapcat")?;
        let f = a.remove(0);
        Ok(lazy_cat(lazy_map(f, a), Value::EmptyList))
    });
    reg(c, "filter", |a| {
        arity(&a, 2, 2, "filter")?;
        Ok(lazy_filter(a[0].clone(), a[1].clone(), true))
    });
    reg(c, "filterv", |a| {
        arity(&a, 2, 2, "filterv")?;
        Ok(Value::vector(
            lazy_filter(a[0].clone(), a[1].clone(), true).to_vec()?,
        ))
    });
    reg(c, "remove", |a| {
        arity(&a, 2, 2, "remove")?;
        Ok(lazy_filter(a[0].clone(), a[1].clone(), false))
    });
    reg(c, "keep", |a| {
        arity(&a, 2, 2, "keep")?;
        Ok(lazy_keep(a[0].clone(), a[1].clone(), 0, false))
    });
    reg(c, "keep-indexed", |a| {
        arity(&a, 2, 2, "keep-indexed")?;
        Ok(lazy_keep(a[0].clone(), a[1].clone(), 0, true))
    });
    // The collection is walked as the function's own (`Source`): an integer range not realised
    // is read as its integers, a seq nothing else holds is taken apart as it is read.
    reg(c, "reduce", |mut a| {
        arity(&a, 2, 3, "reduce")?;
        let mut src = Source::of(a.pop().unwrap_or(Value::Nil));
        let mut acc = match a.len() {
            2 => a.pop().unwrap_or(Value::Nil),
            _ => match src.advance()? {
                Some(h) => h,
                None => return apply(&a[0], vec![]),
            },
        };
        let mut n = 0u32;
        while let Some(h) = src.advance()? {
            acc = crate::eval::apply2(&a[0], acc, h)?;
            if let Value::Cell(c) = &acc {
                if c.kind == crate::value::cell::CellKind::Reduced {
                    return Ok(c.get().0);
                }
            }
            n = n.wrapping_add(1);
            if n.is_multiple_of(4096) {
                crate::eval::check_interrupt()?;
            }
        }
        Ok(acc)
    });
    reg(c, "into", |a| {
        arity(&a, 0, 3, "into")?;
        if a.len() != 2 {
            return crate::library::core::xform::into(a);
        }
        let Some(from) = a.get(1) else {
            return Ok(a[0].clone());
        };
        let mut cur = from.clone();
        if let Value::Vector(to) = &a[0] {
            // Onto a vector: its items copied once if shared, then each element pushed.
            let mut to = to.clone();
            let items = Arc::make_mut(&mut to);
            while let Some((h, t)) = cur.uncons()? {
                items.push(h);
                cur = t;
            }
            return Ok(Value::Vector(to));
        }
        let mut coll = a[0].clone();
        while let Some((h, t)) = cur.uncons()? {
            coll = conj1(coll, h)?;
            cur = t;
        }
        Ok(coll)
    });
    reg_slice(c, "range", |a| {
        arity(a, 0, 3, "range")?;
        Ok(match a.len() {
            0 => range_from(Value::Int(0), None, Value::Int(1)),
            1 => range_from(Value::Int(0), Some(a[0].clone()), Value::Int(1)),
            2 => range_from(a[0].clone(), Some(a[1].clone()), Value::Int(1)),
            _ => range_from(a[0].clone(), Some(a[1].clone()), a[2].clone()),
        })
    });
    if let Some((_, Value::Native(n))) = crate::eval::ns::resolve_in(c, "range") {
        crate::eval::compile::run::RANGE.register(&n);
    }
    reg(c, "repeat", |a| {
        arity(&a, 1, 2, "repeat")?;
        Ok(match a.len() {
            1 => repeat(a[0].clone(), None),
            _ => repeat(a[1].clone(), Some(int_arg(&a[0], "repeat")?)),
        })
    });
    reg(c, "repeatedly", |a| {
        arity(&a, 1, 2, "repeatedly")?;
        Ok(match a.len() {
            1 => repeatedly(a[0].clone(), None),
            _ => repeatedly(a[1].clone(), Some(int_arg(&a[0], "repeatedly")?.max(0))),
        })
    });
    reg(c, "iterate", |a| {
        arity(&a, 2, 2, "iterate")?;
        Ok(iterate(a[0].clone(), a[1].clone()))
    });
    reg(c, "cycle", |a| {
        arity(&a, 1, 1, "cycle")?;
        Ok(cycle(a[0].clone(), a[0].clone()))
    });
    reg(c, "take", |a| {
        arity(&a, 2, 2, "take")?;
        Ok(take_n(count_arg(&a[0], "take")?, a[1].clone()))
    });
    reg(c, "drop", |a| {
        arity(&a, 2, 2, "drop")?;
        let (n, coll) = (count_arg(&a[0], "drop")?, a[1].clone());
        Ok(Value::lazy(move || drop_n(n, &coll)?.force()))
    });
    reg(c, "nthrest", |a| {
        drop_n(count_arg(&a[1], "nthrest")?, &a[0])
    });
    reg(c, "nthnext", |a| {
        seq(&drop_n(count_arg(&a[1], "nthnext")?, &a[0])?)
    });
    reg(c, "take-while", |a| {
        arity(&a, 2, 2, "take-while")?;
        Ok(take_while(a[0].clone(), a[1].clone()))
    });
    reg(c, "take-last", |a| {
        let v = a[1].to_vec()?;
        let n = (count_arg(&a[0], "take-last")?.max(0) as usize).min(v.len());
        Ok(if n == 0 {
            Value::Nil
        } else {
            Value::list(v[v.len() - n..].to_vec())
        })
    });
    crate::library::core::reshape::install();
}

//! `clojure.core` sequence functions. The ones Clojure makes lazy are lazy here too (`map`,
//! `filter`, `range`, `iterate`, `repeatedly`, `concat`, `take`, ...), so they work on infinite
//! seqs; the others realise their input.

use crate::core::{arity, compare, conj1, equal, int_arg, reg, seq};
use crate::error::{Error, Result};
use crate::eval::{apply, check_interrupt};
use crate::value::Value;
use std::sync::Arc;

fn cons(h: Value, t: Value) -> Value {
    Value::List(Arc::new(crate::value::Cons(h, t)))
}

fn first(v: &Value) -> Result<Value> {
    Ok(v.uncons()?.map_or(Value::Nil, |(h, _)| h))
}

fn rest(v: &Value) -> Result<Value> {
    Ok(v.uncons()?.map_or(Value::EmptyList, |(_, t)| t))
}

/// The first item and the rest of each of `colls`, or `None` once one of them is empty: the
/// step of `map` and `interleave` over several seqs.
fn firsts_and_rests(colls: &[Value]) -> Result<Option<(Vec<Value>, Vec<Value>)>> {
    let mut heads = Vec::with_capacity(colls.len());
    let mut tails = Vec::with_capacity(colls.len());
    for c in colls {
        let Some((h, t)) = c.uncons()? else {
            return Ok(None);
        };
        heads.push(h);
        tails.push(t);
    }
    Ok(Some((heads, tails)))
}

fn lazy_map(f: Value, colls: Vec<Value>) -> Value {
    Value::lazy(move || match firsts_and_rests(&colls)? {
        Some((heads, tails)) => Ok(cons(apply(&f, heads)?, lazy_map(f, tails))),
        None => Ok(Value::EmptyList),
    })
}

fn lazy_filter(f: Value, coll: Value, keep: bool) -> Value {
    Value::lazy(move || {
        let mut cur = coll;
        while let Some((h, t)) = cur.uncons()? {
            if apply(&f, vec![h.clone()])?.truthy() == keep {
                return Ok(cons(h, lazy_filter(f, t, keep)));
            }
            cur = t;
        }
        Ok(Value::EmptyList)
    })
}

fn lazy_keep(f: Value, coll: Value, i: i64, indexed: bool) -> Value {
    Value::lazy(move || {
        let (mut cur, mut i) = (coll, i);
        while let Some((h, t)) = cur.uncons()? {
            let args = if indexed {
                vec![Value::Int(i), h]
            } else {
                vec![h]
            };
            let v = apply(&f, args)?;
            i += 1;
            if !matches!(v, Value::Nil) {
                return Ok(cons(v, lazy_keep(f, t, i, indexed)));
            }
            cur = t;
        }
        Ok(Value::EmptyList)
    })
}

fn map_indexed(f: Value, coll: Value, i: i64) -> Value {
    Value::lazy(move || match coll.uncons()? {
        Some((h, t)) => Ok(cons(
            apply(&f, vec![Value::Int(i), h])?,
            map_indexed(f, t, i + 1),
        )),
        None => Ok(Value::EmptyList),
    })
}

fn lazy_concat(colls: Vec<Value>, i: usize) -> Value {
    Value::lazy(move || {
        let mut i = i;
        while i < colls.len() {
            if let Some((h, t)) = colls[i].uncons()? {
                let mut rest = colls.clone();
                rest[i] = t;
                return Ok(cons(h, lazy_concat(rest, i)));
            }
            i += 1;
        }
        Ok(Value::EmptyList)
    })
}

/// The elements of each collection of the seq `colls` in turn, after those of `current`.
fn lazy_cat(colls: Value, current: Value) -> Value {
    Value::lazy(move || {
        let (mut colls, mut current) = (colls, current);
        loop {
            if let Some((h, t)) = current.uncons()? {
                return Ok(cons(h, lazy_cat(colls, t)));
            }
            match colls.uncons()? {
                Some((c, rest)) => {
                    current = c;
                    colls = rest;
                }
                None => return Ok(Value::EmptyList),
            }
        }
    })
}

fn range_from(start: Value, end: Option<Value>, step: Value) -> Value {
    Value::lazy(move || {
        if let Some(e) = &end {
            let o = crate::num::compare(&start, e, "range")?;
            let up =
                crate::num::compare(&step, &Value::Int(0), "range")? != std::cmp::Ordering::Less;
            if (up && o != std::cmp::Ordering::Less) || (!up && o != std::cmp::Ordering::Greater) {
                return Ok(Value::EmptyList);
            }
        }
        let next = crate::num::arith('+', &start, &step)?;
        Ok(cons(start, range_from(next, end, step)))
    })
}

fn take_n(n: i64, coll: Value) -> Value {
    Value::lazy(move || {
        if n <= 0 {
            return Ok(Value::EmptyList);
        }
        match coll.uncons()? {
            Some((h, t)) => Ok(cons(h, take_n(n - 1, t))),
            None => Ok(Value::EmptyList),
        }
    })
}

fn take_while(f: Value, coll: Value) -> Value {
    Value::lazy(move || match coll.uncons()? {
        Some((h, t)) if apply(&f, vec![h.clone()])?.truthy() => Ok(cons(h, take_while(f, t))),
        _ => Ok(Value::EmptyList),
    })
}

fn iterate(f: Value, x: Value) -> Value {
    Value::lazy(move || {
        let next = f.clone();
        let x2 = x.clone();
        let rest = Value::lazy(move || {
            let y = apply(&next, vec![x2])?;
            iterate(next, y).force()
        });
        Ok(cons(x, rest))
    })
}

fn repeatedly(f: Value, n: Option<i64>) -> Value {
    Value::lazy(move || {
        if n == Some(0) {
            return Ok(Value::EmptyList);
        }
        let v = apply(&f, vec![])?;
        Ok(cons(v, repeatedly(f, n.map(|n| n - 1))))
    })
}

fn repeat(x: Value, n: Option<i64>) -> Value {
    Value::lazy(move || {
        if n.is_some_and(|n| n <= 0) {
            return Ok(Value::EmptyList);
        }
        Ok(cons(x.clone(), repeat(x, n.map(|n| n - 1))))
    })
}

fn cycle(all: Value, cur: Value) -> Value {
    Value::lazy(move || match cur.uncons()? {
        Some((h, t)) => Ok(cons(h, cycle(all, t))),
        None => match all.uncons()? {
            Some((h, t)) => Ok(cons(h, cycle(all.clone(), t))),
            None => Ok(Value::EmptyList),
        },
    })
}

fn interleave(colls: Vec<Value>) -> Value {
    Value::lazy(move || match firsts_and_rests(&colls)? {
        Some((heads, tails)) => Ok(Value::list_with_tail(heads, interleave(tails))),
        None => Ok(Value::EmptyList),
    })
}

fn drop_n(n: i64, coll: &Value) -> Result<Value> {
    let mut cur = coll.clone();
    for _ in 0..n {
        match cur.uncons()? {
            Some((_, t)) => cur = t,
            None => return Ok(Value::EmptyList),
        }
    }
    Ok(cur)
}

fn partition(n: usize, step: usize, coll: Value, all: bool) -> Value {
    Value::lazy(move || {
        let mut chunk = Vec::new();
        let mut cur = coll.clone();
        while chunk.len() < n {
            match cur.uncons()? {
                Some((h, t)) => {
                    chunk.push(h);
                    cur = t;
                }
                None => break,
            }
        }
        if chunk.is_empty() || (chunk.len() < n && !all) {
            return Ok(Value::EmptyList);
        }
        let rest = drop_n(step as i64, &coll)?;
        Ok(cons(Value::list(chunk), partition(n, step, rest, all)))
    })
}

fn nth(a: &[Value]) -> Result<Value> {
    arity(a, 2, 3, "nth")?;
    let i = int_arg(&a[1], "nth")?;
    let out_of_bounds = || match a.get(2) {
        Some(d) => Ok(d.clone()),
        None => Err(Error::msg(format!("index {i} out of bounds"))),
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
        coll => match drop_n(i, coll)?.uncons()? {
            Some((h, _)) => Ok(h),
            None => out_of_bounds(),
        },
    }
}

fn flatten_into(v: &Value, out: &mut Vec<Value>) -> Result<()> {
    for x in v.to_vec()? {
        if x.is_sequential() {
            flatten_into(&x, out)?;
        } else {
            out.push(x);
        }
    }
    Ok(())
}

fn sorted(mut items: Vec<Value>, key: Option<&Value>, cmp: Option<&Value>) -> Result<Vec<Value>> {
    let keys = match key {
        Some(k) => items
            .iter()
            .map(|x| apply(k, vec![x.clone()]))
            .collect::<Result<Vec<_>>>()?,
        None => items.clone(),
    };
    let mut idx: Vec<usize> = (0..items.len()).collect();
    let mut err = None;
    idx.sort_by(|&i, &j| {
        let r = match cmp {
            Some(c) => apply(c, vec![keys[i].clone(), keys[j].clone()]).map(|v| match v {
                Value::Int(n) => n.cmp(&0),
                Value::Bool(true) => std::cmp::Ordering::Less,
                _ => std::cmp::Ordering::Greater,
            }),
            None => compare(&keys[i], &keys[j]),
        };
        r.unwrap_or_else(|e| {
            err.get_or_insert(e);
            std::cmp::Ordering::Equal
        })
    });
    if let Some(e) = err {
        return Err(e);
    }
    let old = std::mem::take(&mut items);
    Ok(idx.into_iter().map(|i| old[i].clone()).collect())
}

/// Registers the functions of this module.
pub fn install() {
    let c = "clojure.core";
    reg(c, "first", |a| {
        arity(&a, 1, 1, "first")?;
        first(&a[0])
    });
    reg(c, "second", |a| {
        arity(&a, 1, 1, "second")?;
        first(&rest(&a[0])?)
    });
    reg(c, "ffirst", |a| first(&first(&a[0])?));
    reg(c, "rest", |a| {
        arity(&a, 1, 1, "rest")?;
        rest(&a[0])
    });
    reg(c, "next", |a| {
        arity(&a, 1, 1, "next")?;
        seq(&rest(&a[0])?)
    });
    reg(c, "nnext", |a| seq(&rest(&rest(&a[0])?)?));
    reg(c, "fnext", |a| first(&rest(&a[0])?));
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
    reg(c, "nth", |a| nth(&a));
    reg(c, "seq", |a| {
        arity(&a, 1, 1, "seq")?;
        seq(&a[0])
    });
    reg(c, "empty?", |a| {
        arity(&a, 1, 1, "empty?")?;
        Ok(Value::Bool(a[0].uncons()?.is_none()))
    });
    reg(c, "cons", |a| {
        arity(&a, 2, 2, "cons")?;
        Ok(cons(
            a[0].clone(),
            seq(&a[1])?.force().map(|s| {
                if matches!(s, Value::Nil) {
                    Value::EmptyList
                } else {
                    s
                }
            })?,
        ))
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
    reg(c, "reduce", |a| {
        arity(&a, 2, 3, "reduce")?;
        let (mut acc, mut cur) = if a.len() == 3 {
            (a[1].clone(), a[2].clone())
        } else {
            match a[1].uncons()? {
                Some((h, t)) => (h, t),
                None => return apply(&a[0], vec![]),
            }
        };
        while let Some((h, t)) = cur.uncons()? {
            acc = apply(&a[0], vec![acc, h])?;
            cur = t;
        }
        Ok(acc)
    });
    reg(c, "reductions", |a| {
        arity(&a, 3, 3, "reductions")?;
        let mut acc = a[1].clone();
        let mut out = vec![acc.clone()];
        for x in a[2].to_vec()? {
            acc = apply(&a[0], vec![acc, x])?;
            out.push(acc.clone());
        }
        Ok(Value::list(out))
    });
    reg(c, "into", |a| {
        arity(&a, 1, 2, "into")?;
        let Some(from) = a.get(1) else {
            return Ok(a[0].clone());
        };
        let mut coll = a[0].clone();
        let mut cur = from.clone();
        while let Some((h, t)) = cur.uncons()? {
            coll = conj1(coll, h)?;
            cur = t;
        }
        Ok(coll)
    });
    reg(c, "range", |a| {
        arity(&a, 0, 3, "range")?;
        Ok(match a.len() {
            0 => range_from(Value::Int(0), None, Value::Int(1)),
            1 => range_from(Value::Int(0), Some(a[0].clone()), Value::Int(1)),
            2 => range_from(a[0].clone(), Some(a[1].clone()), Value::Int(1)),
            _ => range_from(a[0].clone(), Some(a[1].clone()), a[2].clone()),
        })
    });
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
        Ok(take_n(int_arg(&a[0], "take")?, a[1].clone()))
    });
    reg(c, "drop", |a| {
        arity(&a, 2, 2, "drop")?;
        let (n, coll) = (int_arg(&a[0], "drop")?, a[1].clone());
        Ok(Value::lazy(move || drop_n(n, &coll)?.force()))
    });
    reg(c, "nthrest", |a| drop_n(int_arg(&a[1], "nthrest")?, &a[0]));
    reg(c, "nthnext", |a| {
        seq(&drop_n(int_arg(&a[1], "nthnext")?, &a[0])?)
    });
    reg(c, "take-while", |a| {
        arity(&a, 2, 2, "take-while")?;
        Ok(take_while(a[0].clone(), a[1].clone()))
    });
    reg(c, "drop-while", |a| {
        arity(&a, 2, 2, "drop-while")?;
        let mut cur = a[1].clone();
        while let Some((h, t)) = cur.uncons()? {
            if !apply(&a[0], vec![h])?.truthy() {
                break;
            }
            cur = t;
        }
        Ok(cur)
    });
    reg(c, "take-last", |a| {
        let v = a[1].to_vec()?;
        let n = (int_arg(&a[0], "take-last")?.max(0) as usize).min(v.len());
        Ok(if n == 0 {
            Value::Nil
        } else {
            Value::list(v[v.len() - n..].to_vec())
        })
    });
    reg(c, "split-at", |a| {
        let v = a[1].to_vec()?;
        let n = (int_arg(&a[0], "split-at")?.max(0) as usize).min(v.len());
        Ok(Value::vector(vec![
            Value::list(v[..n].to_vec()),
            Value::list(v[n..].to_vec()),
        ]))
    });
    reg(c, "some", |a| {
        arity(&a, 2, 2, "some")?;
        let mut cur = a[1].clone();
        while let Some((h, t)) = cur.uncons()? {
            let v = apply(&a[0], vec![h])?;
            if v.truthy() {
                return Ok(v);
            }
            cur = t;
        }
        Ok(Value::Nil)
    });
    reg(c, "every?", |a| every(&a, true, "every?"));
    reg(c, "not-every?", |a| {
        every(&a, true, "not-every?").map(|v| Value::Bool(!v.truthy()))
    });
    reg(c, "not-any?", |a| every(&a, false, "not-any?"));
    reg(c, "sort", |a| {
        arity(&a, 1, 2, "sort")?;
        let (cmp, coll) = if a.len() == 2 {
            (Some(&a[0]), &a[1])
        } else {
            (None, &a[0])
        };
        Ok(Value::list(sorted(coll.to_vec()?, None, cmp)?))
    });
    reg(c, "sort-by", |a| {
        arity(&a, 2, 3, "sort-by")?;
        let (cmp, coll) = if a.len() == 3 {
            (Some(&a[1]), &a[2])
        } else {
            (None, &a[1])
        };
        Ok(Value::list(sorted(coll.to_vec()?, Some(&a[0]), cmp)?))
    });
    reg(c, "reverse", |a| {
        arity(&a, 1, 1, "reverse")?;
        let mut v = a[0].to_vec()?;
        v.reverse();
        Ok(Value::list(v))
    });
    reg(c, "shuffle", |a| {
        arity(&a, 1, 1, "shuffle")?;
        let mut v = a[0].to_vec()?;
        for i in (1..v.len()).rev() {
            let j = crate::core::rand_below(i as u64 + 1) as usize;
            v.swap(i, j);
        }
        Ok(Value::vector(v))
    });
    reg(c, "rand-nth", |a| {
        let v = a[0].to_vec()?;
        if v.is_empty() {
            return Err(Error::msg("rand-nth of an empty collection"));
        }
        Ok(v[crate::core::rand_below(v.len() as u64) as usize].clone())
    });
    reg(c, "distinct", |a| {
        arity(&a, 1, 1, "distinct")?;
        let mut out: Vec<Value> = Vec::new();
        for x in a[0].to_vec()? {
            if !out.iter().any(|y| equal(y, &x)) {
                out.push(x);
            }
        }
        Ok(Value::list(out))
    });
    reg(c, "interleave", |a| Ok(interleave(a)));
    reg(c, "interpose", |a| {
        arity(&a, 2, 2, "interpose")?;
        let mut out = Vec::new();
        for (i, x) in a[1].to_vec()?.into_iter().enumerate() {
            if i > 0 {
                out.push(a[0].clone());
            }
            out.push(x);
        }
        Ok(Value::list(out))
    });
    reg(c, "partition", |a| part(a, false));
    reg(c, "partition-all", |a| part(a, true));
    reg(c, "flatten", |a| {
        let mut out = Vec::new();
        if a[0].is_sequential() {
            flatten_into(&a[0], &mut out)?;
        }
        Ok(Value::list(out))
    });
    reg(c, "doall", |a| {
        let coll = a.last().cloned().unwrap_or(Value::Nil);
        coll.to_vec()?;
        Ok(coll)
    });
    reg(c, "dorun", |a| {
        a.last().cloned().unwrap_or(Value::Nil).to_vec()?;
        Ok(Value::Nil)
    });
    reg(c, "run!", |a| {
        arity(&a, 2, 2, "run!")?;
        for x in a[1].to_vec()? {
            check_interrupt()?;
            apply(&a[0], vec![x])?;
        }
        Ok(Value::Nil)
    });
}

fn every(a: &[Value], want: bool, name: &str) -> Result<Value> {
    arity(a, 2, 2, name)?;
    let mut cur = a[1].clone();
    while let Some((h, t)) = cur.uncons()? {
        if apply(&a[0], vec![h])?.truthy() != want {
            return Ok(Value::Bool(false));
        }
        cur = t;
    }
    Ok(Value::Bool(true))
}

fn part(a: Vec<Value>, all: bool) -> Result<Value> {
    arity(&a, 2, 3, "partition")?;
    let n = int_arg(&a[0], "partition")?.max(1) as usize;
    let (step, coll) = if a.len() == 3 {
        (int_arg(&a[1], "partition")?.max(1) as usize, a[2].clone())
    } else {
        (n, a[1].clone())
    };
    Ok(partition(n, step, coll, all))
}

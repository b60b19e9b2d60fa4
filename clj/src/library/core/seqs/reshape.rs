//! `clojure.core` functions that search a whole seq or give it a new order or shape: `some`,
//! `every?`, `not-every?`, `not-any?`, `sort`, `sort-by`, `reverse`, `shuffle`, `rand-nth`,
//! `interleave`, `partition`, `partition-all`, and the
//! realisers `doall`, `dorun`, `run!`.

use crate::eval::{apply, check_interrupt};
use crate::library::core::lazy::{interleave, partition};
use crate::library::core::{arity, compare, reg};
use crate::value::args::count_arg;
use crate::value::error::{Error, Result};
use crate::value::Value;

fn sorted(items: Vec<Value>, key: Option<&Value>, cmp: Option<&Value>) -> Result<Vec<Value>> {
    use crate::library::core::sorted::{fn_compare, merge_sort};
    let keyed = match key {
        Some(k) => items
            .into_iter()
            .map(|x| Ok(Value::vector(vec![apply(k, vec![x.clone()])?, x])))
            .collect::<Result<Vec<_>>>()?,
        None => {
            return merge_sort(items, &|a, b| match cmp {
                Some(c) => fn_compare(c, a, b),
                None => compare(a, b),
            })
        }
    };
    let key_of = |v: &Value| match v {
        Value::Vector(kv) => kv[0].clone(),
        _ => Value::Nil,
    };
    let out = merge_sort(keyed, &|a, b| match cmp {
        Some(c) => fn_compare(c, &key_of(a), &key_of(b)),
        None => compare(&key_of(a), &key_of(b)),
    })?;
    Ok(out
        .into_iter()
        .map(|v| match v {
            Value::Vector(kv) => kv[1].clone(),
            other => other,
        })
        .collect())
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
    let name = if all { "partition-all" } else { "partition" };
    arity(&a, 2, if all { 3 } else { 4 }, name)?;
    let n = count_arg(&a[0], name)?.max(1) as usize;
    let (step, pad, coll) = match a.len() {
        2 => (n, None, a[1].clone()),
        3 => (count_arg(&a[1], name)?.max(1) as usize, None, a[2].clone()),
        _ => (
            count_arg(&a[1], name)?.max(1) as usize,
            Some(a[2].clone()),
            a[3].clone(),
        ),
    };
    Ok(partition(n, step, coll, all, pad))
}

/// Registers the functions of this module.
pub fn install() {
    let c = "clojure.core";
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
            let j = crate::library::core::rand_below(i as u64 + 1) as usize;
            v.swap(i, j);
        }
        Ok(Value::vector(v))
    });
    reg(c, "rand-nth", |a| {
        let v = a[0].to_vec()?;
        if v.is_empty() {
            return Err(Error::msg("rand-nth of an empty collection"));
        }
        Ok(v[crate::library::core::rand_below(v.len() as u64) as usize].clone())
    });
    reg(c, "interleave", |a| Ok(interleave(a)));
    reg(c, "partition", |a| part(a, false));
    reg(c, "partition-all", |a| part(a, true));
    reg(c, "doall", |a| {
        let coll = a.last().cloned().unwrap_or(Value::Nil);
        coll.walk()?;
        Ok(coll)
    });
    reg(c, "dorun", |a| {
        a.last().cloned().unwrap_or(Value::Nil).walk()?;
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

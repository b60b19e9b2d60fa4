//! `clojure.core` functions over collections and atoms: `count`, `conj`, `assoc`, `dissoc`,
//! `disj`, `get`, `contains?`, `keys`, `vals`, `atom`, `deref`, `reset!`, `swap!`, and the
//! helpers the rest of the evaluator uses on maps and seqs.

use crate::eval::apply;
use crate::library::core::{arity, equal, int_arg, reg};
use crate::value::error::{Error, Result};
use crate::value::Value;
use std::sync::Arc;

/// Inserts or replaces `k` in an insertion-ordered map.
pub fn map_insert(m: &mut Vec<(Value, Value)>, k: Value, v: Value) {
    match m.iter_mut().find(|(k2, _)| equal(k2, &k)) {
        Some(slot) => slot.1 = v,
        None => m.push((k, v)),
    }
}

/// A seq of key/value pairs (keyword arguments) as a map.
pub fn seq_to_map(s: &Value) -> Result<Value> {
    let items = s.to_vec()?;
    if items.len() == 1 {
        if let Value::Map(_) = items[0] {
            return Ok(items[0].clone());
        }
    }
    let mut m = Vec::new();
    for pair in items.chunks(2) {
        map_insert(
            &mut m,
            pair[0].clone(),
            pair.get(1).cloned().unwrap_or(Value::Nil),
        );
    }
    Ok(Value::Map(crate::value::items::Items::arc(m)))
}

/// `(get coll key)`.
pub fn get(coll: &Value, key: &Value) -> Result<Value> {
    Ok(match coll {
        Value::Map(m) => m
            .iter()
            .find(|(k, _)| equal(k, key))
            .map_or(Value::Nil, |(_, v)| v.clone()),
        Value::Set(s) => s
            .iter()
            .find(|x| equal(x, key))
            .cloned()
            .unwrap_or(Value::Nil),
        Value::Vector(v) => match key {
            Value::Int(i) => usize::try_from(*i)
                .ok()
                .and_then(|i| v.get(i).cloned())
                .unwrap_or(Value::Nil),
            _ => Value::Nil,
        },
        _ => Value::Nil,
    })
}

/// `(contains? coll key)`.
pub fn contains(coll: &Value, key: &Value) -> Result<bool> {
    Ok(match coll {
        Value::Map(m) => m.iter().any(|(k, _)| equal(k, key)),
        Value::Set(s) => s.iter().any(|x| equal(x, key)),
        Value::Vector(v) => matches!(key, Value::Int(i) if *i >= 0 && (*i as usize) < v.len()),
        Value::Nil => false,
        other => {
            return Err(Error::msg(format!(
                "contains? not supported on {}",
                other.type_name()
            )))
        }
    })
}

/// `(seq x)`: `nil` for an empty collection, else a seq.
pub fn seq(v: &Value) -> Result<Value> {
    let v = v.force()?;
    Ok(match &v {
        Value::Nil | Value::EmptyList => Value::Nil,
        Value::List(_) | Value::VecSeq(..) => v,
        Value::Vector(items) if items.is_empty() => Value::Nil,
        Value::Vector(items) => Value::VecSeq(items.clone(), 0),
        _ => match v.uncons()? {
            None => Value::Nil,
            Some((h, t)) => Value::List(Arc::new(crate::value::Cons(h, t))),
        },
    })
}

/// `(conj coll x)`.
pub fn conj1(coll: Value, x: Value) -> Result<Value> {
    Ok(match coll.force()? {
        Value::Nil | Value::EmptyList => Value::list([x]),
        Value::Vector(mut v) => {
            Arc::make_mut(&mut v).push(x);
            Value::Vector(v)
        }
        Value::Set(mut s) => {
            if !s.iter().any(|y| equal(y, &x)) {
                Arc::make_mut(&mut s).push(x);
            }
            Value::Set(s)
        }
        Value::Map(mut m) => {
            let (k, v) = match &x {
                Value::Vector(kv) if kv.len() == 2 => (kv[0].clone(), kv[1].clone()),
                Value::Map(other) => {
                    for (k, v) in other.iter() {
                        map_insert(&mut *Arc::make_mut(&mut m), k.clone(), v.clone());
                    }
                    return Ok(Value::Map(m));
                }
                other => {
                    return Err(Error::msg(format!(
                        "conj on a map needs a [key value] vector, got {other}"
                    )))
                }
            };
            map_insert(&mut *Arc::make_mut(&mut m), k, v);
            Value::Map(m)
        }
        s if s.is_seq() => Value::List(Arc::new(crate::value::Cons(x, s))),
        other => return Err(Error::msg(format!("can't conj onto {}", other.type_name()))),
    })
}

/// `(assoc coll k v)`.
pub fn assoc1(coll: Value, k: Value, v: Value) -> Result<Value> {
    Ok(match coll {
        Value::Nil => Value::Map(crate::value::items::Items::arc(vec![(k, v)])),
        Value::Map(mut m) => {
            map_insert(&mut *Arc::make_mut(&mut m), k, v);
            Value::Map(m)
        }
        Value::Vector(mut items) => {
            let i = int_arg(&k, "assoc")?;
            let n = items.len();
            match usize::try_from(i) {
                Ok(i) if i < n => Arc::make_mut(&mut items)[i] = v,
                Ok(i) if i == n => Arc::make_mut(&mut items).push(v),
                _ => {
                    return Err(Error::msg(format!(
                        "index {i} out of bounds for a vector of {n}"
                    )))
                }
            }
            Value::Vector(items)
        }
        other => {
            return Err(Error::msg(format!(
                "assoc not supported on {}",
                other.type_name()
            )))
        }
    })
}

/// `(count coll)`.
pub fn count(v: &Value) -> Result<usize> {
    Ok(match v {
        Value::Nil | Value::EmptyList => 0,
        Value::Vector(x) | Value::Set(x) => x.len(),
        Value::VecSeq(x, i) => x.len() - i,
        Value::Map(m) => m.len(),
        Value::Str(s) => s.chars().count(),
        other => other.to_vec()?.len(),
    })
}

/// Registers the functions of this module.
pub fn install() {
    let c = "clojure.core";
    reg(c, "count", |a| {
        arity(&a, 1, 1, "count")?;
        Ok(Value::Int(count(&a[0])? as i64))
    });
    reg(c, "conj", |a| {
        arity(&a, 1, usize::MAX, "conj")?;
        let mut it = a.into_iter();
        let mut coll = it.next().unwrap_or(Value::Nil);
        for x in it {
            coll = conj1(coll, x)?;
        }
        Ok(coll)
    });
    reg(c, "assoc", |a| {
        arity(&a, 3, usize::MAX, "assoc")?;
        let mut coll = a[0].clone();
        for kv in a[1..].chunks(2) {
            coll = assoc1(
                coll,
                kv[0].clone(),
                kv.get(1).cloned().unwrap_or(Value::Nil),
            )?;
        }
        Ok(coll)
    });
    reg(c, "dissoc", |a| {
        arity(&a, 1, usize::MAX, "dissoc")?;
        match &a[0] {
            Value::Map(m) => Ok(Value::Map(crate::value::items::Items::arc(
                m.iter()
                    .filter(|(k, _)| !a[1..].iter().any(|d| equal(k, d)))
                    .cloned()
                    .collect(),
            ))),
            other => Ok(other.clone()),
        }
    });
    reg(c, "disj", |a| {
        arity(&a, 1, usize::MAX, "disj")?;
        match &a[0] {
            Value::Set(s) => Ok(Value::Set(crate::value::items::Items::arc(
                s.iter()
                    .filter(|x| !a[1..].iter().any(|d| equal(x, d)))
                    .cloned()
                    .collect(),
            ))),
            other => Ok(other.clone()),
        }
    });
    reg(c, "get", |a| {
        arity(&a, 2, 3, "get")?;
        let v = get(&a[0], &a[1])?;
        Ok(
            if matches!(v, Value::Nil) && !contains(&a[0], &a[1]).unwrap_or(false) {
                a.get(2).cloned().unwrap_or(Value::Nil)
            } else {
                v
            },
        )
    });
    reg(c, "contains?", |a| {
        arity(&a, 2, 2, "contains?")?;
        Ok(Value::Bool(contains(&a[0], &a[1])?))
    });
    reg(c, "keys", |a| {
        arity(&a, 1, 1, "keys")?;
        Ok(match &a[0] {
            Value::Map(m) if !m.is_empty() => {
                Value::list(m.iter().map(|(k, _)| k.clone()).collect::<Vec<_>>())
            }
            _ => Value::Nil,
        })
    });
    reg(c, "vals", |a| {
        arity(&a, 1, 1, "vals")?;
        Ok(match &a[0] {
            Value::Map(m) if !m.is_empty() => {
                Value::list(m.iter().map(|(_, v)| v.clone()).collect::<Vec<_>>())
            }
            _ => Value::Nil,
        })
    });
    reg(c, "atom", |a| {
        arity(&a, 1, usize::MAX, "atom")?;
        Ok(Value::Atom(Arc::new(crate::value::items::AtomCell::new(
            a[0].clone(),
        ))))
    });
    reg(c, "deref", |a| {
        arity(&a, 1, 1, "deref")?;
        match &a[0] {
            Value::Atom(x) => Ok(x.lock().unwrap_or_else(|e| e.into_inner()).clone()),
            other => Err(Error::msg(format!("can't deref {}", other.type_name()))),
        }
    });
    reg(c, "reset!", |a| {
        arity(&a, 2, 2, "reset!")?;
        match &a[0] {
            Value::Atom(x) => {
                *x.lock().unwrap_or_else(|e| e.into_inner()) = a[1].clone();
                Ok(a[1].clone())
            }
            other => Err(Error::msg(format!(
                "reset! needs an atom, got {}",
                other.type_name()
            ))),
        }
    });
    reg(c, "swap!", |a| {
        arity(&a, 2, usize::MAX, "swap!")?;
        match &a[0] {
            Value::Atom(x) => {
                let old = x.lock().unwrap_or_else(|e| e.into_inner()).clone();
                let mut args = vec![old];
                args.extend(a[2..].iter().cloned());
                let new = apply(&a[1], args)?;
                *x.lock().unwrap_or_else(|e| e.into_inner()) = new.clone();
                Ok(new)
            }
            other => Err(Error::msg(format!(
                "swap! needs an atom, got {}",
                other.type_name()
            ))),
        }
    });
}

//! `clojure.core` functions that read and update maps and other collections by key or
//! position: `merge`, `select-keys`, `zipmap`, `get-in`, `assoc-in`, `update`, `update-in`,
//! `frequencies`, `group-by`, `empty`, `not-empty`, `peek`, `pop`, `subvec`.

use crate::eval::apply;
use crate::library::core::{arity, assoc1, get, int_arg, map_insert, reg, reg_slice};
use crate::value::coll::try_map_insert;
use crate::value::error::{Error, Result};
use crate::value::Value;

/// The value at `path` in `m`, or `None` when a key along the path is missing (Clojure's
/// `get-in` tells a missing key from a `nil` value, for its not-found argument).
fn get_in(m: &Value, path: &Value) -> Result<Option<Value>> {
    if let Value::Vector(ks) = path {
        return get_in_keys(m, ks.iter());
    }
    get_each(m.clone(), path.to_vec()?)
}

/// [`get_in`] along the keys `ks`: through vectors and maps read in place, only the value
/// found counted, not each level on the way.
fn get_in_keys<'k>(
    m: &Value,
    ks: impl ExactSizeIterator<Item = &'k Value> + Clone,
) -> Result<Option<Value>> {
    let mut cur = m;
    for (i, k) in ks.clone().enumerate() {
        cur = match in_place(cur, k)? {
            Some(Some(v)) => v,
            Some(None) => return Ok(None),
            None => return get_each(cur.clone(), ks.skip(i).cloned()),
        };
    }
    Ok(Some(cur.clone()))
}

/// `coll`'s value at `key` where `coll` is a vector, a map or `nil`: `Some(None)` when it has
/// none; `None` for another collection (read by
/// [`lookup`](crate::value::coll::lookup)).
fn in_place<'a>(coll: &'a Value, key: &Value) -> Result<Option<Option<&'a Value>>> {
    Ok(match (coll, key) {
        (Value::Vector(v), Value::Int(i)) => Some(usize::try_from(*i).ok().and_then(|i| v.get(i))),
        (Value::Vector(_) | Value::Nil, _) => Some(None),
        (Value::Map(m), k) => Some(crate::value::coll::entry_index(m, k)?.map(|i| &m[i].1)),
        _ => None,
    })
}

/// `(get (get coll k1) k2) ...` along `keys`, `None` at the first key missing.
fn get_each(mut cur: Value, keys: impl IntoIterator<Item = Value>) -> Result<Option<Value>> {
    for k in keys {
        cur = match crate::value::coll::lookup(&cur, &k)? {
            Some(v) => v,
            None => return Ok(None),
        };
    }
    Ok(Some(cur))
}

fn assoc_in(m: Value, path: &[Value], v: Value) -> Result<Value> {
    match path {
        [] => Ok(v),
        [k, rest @ ..] => {
            let inner = get(&m, k)?;
            let new = assoc_in(inner, rest, v)?;
            assoc1(m, k.clone(), new)
        }
    }
}

/// Registers the functions of this module.
pub fn install() {
    let c = "clojure.core";
    reg(c, "merge", |a| {
        // A sorted map first stays sorted: the rest are conj'd onto it.
        if let Some(i) = a.iter().position(|m| !matches!(m, Value::Nil)) {
            if let Value::SortedMap(_) = a[i] {
                let mut acc = a[i].clone();
                for m in &a[i + 1..] {
                    acc = crate::value::coll::conj1(acc, m.clone())?;
                }
                return Ok(acc);
            }
        }
        // The first map's items (and record type) are updated in place.
        let mut out: Option<std::sync::Arc<crate::value::items::Items<(Value, Value)>>> = None;
        for m in a {
            match m {
                Value::Nil => {}
                Value::Map(m) => match &mut out {
                    None => out = Some(m),
                    Some(o) => {
                        for (k, v) in m.iter() {
                            try_map_insert(
                                &mut *std::sync::Arc::make_mut(o),
                                k.clone(),
                                v.clone(),
                            )?;
                        }
                    }
                },
                Value::SortedMap(m) => {
                    let o = out.get_or_insert_with(|| crate::value::items::Items::arc(Vec::new()));
                    for (k, v) in m.entries.iter() {
                        try_map_insert(&mut *std::sync::Arc::make_mut(o), k.clone(), v.clone())?;
                    }
                }
                other => return Err(Error::msg(format!("merge: expected maps, got {other}"))),
            }
        }
        Ok(out.map_or(Value::Nil, Value::Map))
    });
    reg(c, "select-keys", |a| {
        arity(&a, 2, 2, "select-keys")?;
        let mut out = Vec::new();
        for k in a[1].to_vec()? {
            if crate::library::core::contains(&a[0], &k)? {
                out.push((k.clone(), get(&a[0], &k)?));
            }
        }
        Ok(Value::Map(crate::value::items::Items::arc(out)))
    });
    reg(c, "zipmap", |a| {
        arity(&a, 2, 2, "zipmap")?;
        let mut out = Vec::new();
        let (mut ks, mut vs) = (a[0].clone(), a[1].clone());
        while let (Some((k, kr)), Some((v, vr))) = (ks.uncons()?, vs.uncons()?) {
            map_insert(&mut out, k, v);
            (ks, vs) = (kr, vr);
        }
        Ok(Value::Map(crate::value::items::Items::arc(out)))
    });
    reg_slice(c, "get-in", |a| {
        arity(a, 2, 3, "get-in")?;
        Ok(match get_in(&a[0], &a[1])? {
            Some(v) => v,
            None => a.get(2).cloned().unwrap_or(Value::Nil),
        })
    });
    // `(get-in m [i j])` in compiled code reads `i` and `j` where they are held.
    if let Some((_, Value::Native(n))) = crate::eval::ns::resolve_in(c, "get-in") {
        crate::eval::compile::run::register_path(&n, |m, ks| {
            Ok(get_in_keys(m, ks.iter().copied())?.unwrap_or(Value::Nil))
        });
    }
    reg(c, "assoc-in", |a| {
        arity(&a, 3, 3, "assoc-in")?;
        assoc_in(a[0].clone(), &a[1].to_vec()?, a[2].clone())
    });
    reg(c, "update", |a| {
        arity(&a, 3, usize::MAX, "update")?;
        let mut args = vec![get(&a[0], &a[1])?];
        args.extend(a[3..].iter().cloned());
        let v = apply(&a[2], args)?;
        assoc1(a[0].clone(), a[1].clone(), v)
    });
    reg(c, "update-in", |a| {
        arity(&a, 3, usize::MAX, "update-in")?;
        let mut args = vec![get_in(&a[0], &a[1])?.unwrap_or(Value::Nil)];
        args.extend(a[3..].iter().cloned());
        let v = apply(&a[2], args)?;
        assoc_in(a[0].clone(), &a[1].to_vec()?, v)
    });
    reg(c, "frequencies", |a| {
        arity(&a, 1, 1, "frequencies")?;
        let mut out: Vec<(Value, Value)> = Vec::new();
        for x in a[0].to_vec()? {
            match crate::value::coll::entry_index(&out, &x)? {
                Some(i) => {
                    if let Value::Int(n) = &mut out[i].1 {
                        *n += 1
                    }
                }
                None => out.push((x, Value::Int(1))),
            }
        }
        Ok(Value::Map(crate::value::items::Items::arc(out)))
    });
    reg(c, "group-by", |a| {
        arity(&a, 2, 2, "group-by")?;
        let mut out: Vec<(Value, Value)> = Vec::new();
        for x in a[1].to_vec()? {
            let k = apply(&a[0], vec![x.clone()])?;
            match crate::value::coll::entry_index(&out, &k)? {
                Some(i) => out[i].1 = crate::library::core::conj1(out[i].1.clone(), x)?,
                None => out.push((k, Value::vector(vec![x]))),
            }
        }
        Ok(Value::Map(crate::value::items::Items::arc(out)))
    });
    reg(c, "empty", |a| {
        arity(&a, 1, 1, "empty")?;
        Ok(match &a[0] {
            q @ Value::Vector(_) if crate::library::core::queue::is_queue(q) => {
                crate::library::core::queue::empty()
            }
            Value::Vector(_) => Value::vector(Vec::new()),
            Value::Map(_) => Value::Map(crate::value::items::Items::arc(Vec::new())),
            Value::Set(_) => Value::Set(crate::value::items::Items::arc(Vec::new())),
            Value::SortedMap(s) => Value::SortedMap(std::sync::Arc::new(s.emptied())),
            Value::SortedSet(s) => Value::SortedSet(std::sync::Arc::new(s.emptied())),
            Value::Nil => Value::Nil,
            _ => Value::EmptyList,
        })
    });
    reg(c, "not-empty", |a| {
        arity(&a, 1, 1, "not-empty")?;
        Ok(if crate::library::core::count(&a[0])? == 0 {
            Value::Nil
        } else {
            a[0].clone()
        })
    });
    reg(c, "peek", |a| {
        arity(&a, 1, 1, "peek")?;
        Ok(match &a[0] {
            Value::Vector(v) if v.tag.is_some() => v.first().cloned().unwrap_or(Value::Nil),
            Value::Vector(v) => v.last().cloned().unwrap_or(Value::Nil),
            other => other.uncons()?.map_or(Value::Nil, |(h, _)| h),
        })
    });
    reg(c, "pop", |a| {
        arity(&a, 1, 1, "pop")?;
        match &a[0] {
            Value::Vector(v) if v.tag.is_some() => Ok(crate::library::core::queue::pop(v)),
            Value::Vector(v) if v.is_empty() => Err(Error::msg("can't pop an empty vector")),
            Value::Vector(v) => Ok(Value::vector(v[..v.len() - 1].to_vec())),
            other => other
                .uncons()?
                .map(|(_, t)| t)
                .ok_or_else(|| Error::msg("can't pop an empty list")),
        }
    });
    reg(c, "subvec", |a| {
        arity(&a, 2, 3, "subvec")?;
        let Value::Vector(v) = &a[0] else {
            return Err(Error::msg("subvec needs a vector"));
        };
        let s = int_arg(&a[1], "subvec")?;
        let e = a
            .get(2)
            .map_or(Ok(v.len() as i64), |e| int_arg(e, "subvec"))?;
        if s < 0 || e < s || e as usize > v.len() {
            return Err(Error::msg("subvec: index out of bounds"));
        }
        Ok(Value::vector(v[s as usize..e as usize].to_vec()))
    });
}

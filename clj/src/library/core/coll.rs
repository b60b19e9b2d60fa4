//! `clojure.core` functions over collections and atoms: `count`, `conj`, `assoc`, `dissoc`,
//! `disj`, `get`, `contains?`, `keys`, `vals` and `deref` (on the operations of
//! `value::coll`). Atoms are in `atoms`.

use crate::library::core::{arity, reg, reg_slice};
use crate::value::coll::{assoc1, conj1, contains, count, equal, lookup};
use crate::value::error::Error;
use crate::value::Value;
use std::sync::Arc;

/// `keys`/`vals` of a seq of map entries (`(keys (seq {:a 1}))`).
fn keys_or_vals(v: &Value, keys: bool) -> crate::value::error::Result<Value> {
    let mut out = Vec::new();
    for e in v.to_vec()? {
        match e {
            Value::Vector(kv) if kv.len() == 2 => out.push(kv[usize::from(!keys)].clone()),
            other => {
                return Err(Error::msg(format!(
                    "{}: expected a map entry, got {other}",
                    if keys { "keys" } else { "vals" }
                )))
            }
        }
    }
    Ok(if out.is_empty() {
        Value::Nil
    } else {
        Value::list(out)
    })
}

/// Registers the functions of this module.
pub fn install() {
    let c = "clojure.core";
    reg_slice(c, "count", |a| {
        arity(a, 1, 1, "count")?;
        Ok(Value::Int(count(&a[0])? as i64))
    });
    reg(c, "conj", |a| {
        if a.is_empty() {
            return Ok(Value::vector(Vec::new()));
        }
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
            Value::Map(m) => {
                let mut kept = m.to_vec();
                for d in &a[1..] {
                    if let Some(i) = crate::value::coll::entry_index(&kept, d)? {
                        kept.remove(i);
                    }
                }
                // A record stays one unless one of its fields goes.
                Ok(Value::Map(match &m.tag {
                    Some(t)
                        if !t.fields.iter().any(|f| {
                            a[1..].iter().any(|d| equal(&Value::Keyword(f.clone()), d))
                        }) =>
                    {
                        crate::value::items::Items::tagged(kept, t.clone())
                    }
                    _ => crate::value::items::Items::arc(kept),
                }))
            }
            Value::SortedMap(s) => {
                let mut s = (**s).clone();
                for k in &a[1..] {
                    s.remove(k)?;
                }
                Ok(Value::SortedMap(Arc::new(s)))
            }
            other => Ok(other.clone()),
        }
    });
    reg(c, "disj", |a| {
        arity(&a, 1, usize::MAX, "disj")?;
        match &a[0] {
            Value::Set(s) => {
                let mut kept = s.to_vec();
                for d in &a[1..] {
                    if let Some(i) = crate::value::coll::elem_index(&kept, d)? {
                        kept.remove(i);
                    }
                }
                Ok(Value::Set(crate::value::items::Items::arc(kept)))
            }
            Value::SortedSet(s) => {
                let mut s = (**s).clone();
                for k in &a[1..] {
                    s.remove(k)?;
                }
                Ok(Value::SortedSet(Arc::new(s)))
            }
            other => Ok(other.clone()),
        }
    });
    reg_slice(c, "get", |a| {
        arity(a, 2, 3, "get")?;
        Ok(match lookup(&a[0], &a[1])? {
            Some(v) => v,
            None => a.get(2).cloned().unwrap_or(Value::Nil),
        })
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
            Value::SortedMap(m) if !m.entries.is_empty() => {
                Value::list(m.entries.iter().map(|(k, _)| k.clone()).collect::<Vec<_>>())
            }
            Value::Nil | Value::Map(_) | Value::SortedMap(_) => Value::Nil,
            other => keys_or_vals(other, true)?,
        })
    });
    reg(c, "vals", |a| {
        arity(&a, 1, 1, "vals")?;
        Ok(match &a[0] {
            Value::Map(m) if !m.is_empty() => {
                Value::list(m.iter().map(|(_, v)| v.clone()).collect::<Vec<_>>())
            }
            Value::SortedMap(m) if !m.entries.is_empty() => {
                Value::list(m.entries.iter().map(|(_, v)| v.clone()).collect::<Vec<_>>())
            }
            Value::Nil | Value::Map(_) | Value::SortedMap(_) => Value::Nil,
            other => keys_or_vals(other, false)?,
        })
    });
    reg(c, "deref", |a| {
        arity(&a, 1, 3, "deref")?;
        match &a[0] {
            Value::Atom(x) => Ok(x.lock().unwrap_or_else(|e| e.into_inner()).clone()),
            Value::Cell(_) => crate::library::core::cells::deref(&a),
            Value::Var(name) => crate::eval::var_get(name),
            other => Err(Error::msg(format!("can't deref {}", other.type_name()))),
        }
    });
}

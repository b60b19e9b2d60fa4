//! `clojure.core` functions over collections and atoms: `count`, `conj`, `assoc`, `dissoc`,
//! `disj`, `get`, `contains?`, `keys`, `vals`, `atom`, `deref`, `reset!`, `swap!` (on the
//! operations of `value::coll`).

use crate::eval::apply;
use crate::library::core::{arity, reg};
use crate::value::coll::{assoc1, conj1, contains, count, equal, get};
use crate::value::error::Error;
use crate::value::Value;
use std::sync::Arc;

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
            Value::Map(m) => {
                let kept = m
                    .iter()
                    .filter(|(k, _)| !a[1..].iter().any(|d| equal(k, d)))
                    .cloned()
                    .collect();
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

//! `clojure.core` functions, part two: type predicates, constructors, conversions and
//! `identity`. The map functions (`merge`, `update`, `get-in`, ...) are in `map`; the
//! functions of functions (`comp`, `partial`, `juxt`, ...) are Clojure, in `prelude.clj`.

use crate::eval::apply;
use crate::library::core::{arity, int_arg, reg, reg_slice};
use crate::value::error::{Error, Result};
use crate::value::{Native, Value};
use std::sync::Arc;

fn pred(a: &[Value], name: &str, f: fn(&Value) -> bool) -> Result<Value> {
    arity(a, 1, 1, name)?;
    Ok(Value::Bool(f(&a[0])))
}

/// Registers the functions of this module.
pub fn install() {
    let c = "clojure.core";
    reg_slice(c, "nil?", |a| pred(a, "nil?", |v| matches!(v, Value::Nil)));
    reg_slice(c, "some?", |a| {
        pred(a, "some?", |v| !matches!(v, Value::Nil))
    });
    reg_slice(c, "true?", |a| {
        pred(a, "true?", |v| matches!(v, Value::Bool(true)))
    });
    reg_slice(c, "false?", |a| {
        pred(a, "false?", |v| matches!(v, Value::Bool(false)))
    });
    reg_slice(c, "number?", |a| {
        pred(a, "number?", crate::value::num::is_num)
    });
    reg_slice(c, "int?", |a| {
        pred(a, "int?", |v| matches!(v, Value::Int(_)))
    });
    reg_slice(c, "float?", |a| {
        pred(a, "float?", |v| matches!(v, Value::Float(_)))
    });
    reg_slice(c, "ratio?", |a| {
        pred(a, "ratio?", |v| matches!(v, Value::Ratio(..)))
    });
    reg_slice(c, "string?", |a| {
        pred(a, "string?", |v| matches!(v, Value::Str(_)))
    });
    reg_slice(c, "char?", |a| {
        pred(a, "char?", |v| matches!(v, Value::Char(_)))
    });
    reg_slice(c, "keyword?", |a| {
        pred(a, "keyword?", |v| matches!(v, Value::Keyword(_)))
    });
    reg_slice(c, "symbol?", |a| {
        pred(a, "symbol?", |v| matches!(v, Value::Symbol(_)))
    });
    reg_slice(c, "vector?", |a| {
        pred(
            a,
            "vector?",
            |v| matches!(v, Value::Vector(x) if x.tag.is_none()),
        )
    });
    reg_slice(c, "map?", |a| {
        pred(a, "map?", |v| {
            matches!(v, Value::Map(_) | Value::SortedMap(_))
        })
    });
    reg_slice(c, "set?", |a| {
        pred(a, "set?", |v| {
            matches!(v, Value::Set(_) | Value::SortedSet(_))
        })
    });
    // core.logic's `lcons` cells ending in a non-seq tail are none of these.
    reg_slice(c, "list?", |a| {
        pred(a, "list?", |v| {
            (matches!(v, Value::EmptyList | Value::List(_)) && !v.is_lcons())
                || crate::library::core::queue::is_queue(v)
        })
    });
    reg_slice(c, "seq?", |a| {
        pred(a, "seq?", |v| v.is_seq() && !v.is_lcons())
    });
    reg_slice(c, "sequential?", |a| {
        pred(a, "sequential?", |v| v.is_sequential() && !v.is_lcons())
    });
    reg_slice(c, "coll?", |a| {
        pred(a, "coll?", |v| {
            (v.is_sequential() && !v.is_lcons())
                || matches!(
                    v,
                    Value::Map(_) | Value::Set(_) | Value::SortedMap(_) | Value::SortedSet(_)
                )
        })
    });
    reg_slice(c, "seqable?", |a| {
        pred(a, "seqable?", |v| {
            v.is_sequential()
                || matches!(
                    v,
                    Value::Nil
                        | Value::Map(_)
                        | Value::Set(_)
                        | Value::SortedMap(_)
                        | Value::SortedSet(_)
                        | Value::Str(_)
                )
        })
    });
    reg_slice(c, "fn?", |a| {
        pred(a, "fn?", |v| matches!(v, Value::Fn(_) | Value::Native(_)))
    });
    reg_slice(c, "ifn?", |a| {
        pred(a, "ifn?", |v| {
            matches!(
                v,
                Value::Fn(_)
                    | Value::Native(_)
                    | Value::Keyword(_)
                    | Value::Map(_)
                    | Value::Set(_)
                    | Value::SortedMap(_)
                    | Value::SortedSet(_)
                    | Value::Vector(_)
            )
        })
    });
    reg_slice(c, "boolean?", |a| {
        pred(a, "boolean?", |v| matches!(v, Value::Bool(_)))
    });
    reg_slice(c, "identity", |a| {
        arity(a, 1, 1, "identity")?;
        Ok(a[0].clone())
    });
    // As Clojure's: a keyword is itself, a symbol or string names one, anything else is nil;
    // with a namespace, a nil namespace is none.
    reg(c, "keyword", |a| {
        arity(&a, 1, 2, "keyword")?;
        Ok(match (a.len(), &a[a.len() - 1]) {
            (1, Value::Keyword(_)) => a[0].clone(),
            (1, Value::Symbol(s) | Value::Str(s)) => Value::kw(s),
            (1, _) => Value::Nil,
            (_, _) if matches!(a[0], Value::Nil) => {
                Value::kw(&crate::library::core::str_of(&a[1..])?)
            }
            _ => Value::kw(&format!(
                "{}/{}",
                crate::library::core::str_of(&a[..1])?,
                crate::library::core::str_of(&a[1..])?
            )),
        })
    });
    reg(c, "symbol", |a| {
        arity(&a, 1, 2, "symbol")?;
        let s = crate::library::core::str_of(&a[a.len() - 1..])?;
        Ok(match a.len() {
            2 => Value::sym(&format!("{}/{s}", crate::library::core::str_of(&a[..1])?)),
            _ => Value::sym(&s),
        })
    });
    reg(c, "name", |a| {
        arity(&a, 1, 1, "name")?;
        match &a[0] {
            Value::Keyword(s) | Value::Symbol(s) => {
                Ok(Value::str(crate::eval::ns::split(s).map_or(s, |(_, n)| n)))
            }
            Value::Str(s) => Ok(Value::Str(s.clone())),
            other => Err(Error::msg(format!(
                "name: expected a keyword, symbol or string, got {other}"
            ))),
        }
    });
    reg(c, "namespace", |a| {
        arity(&a, 1, 1, "namespace")?;
        match &a[0] {
            Value::Keyword(s) | Value::Symbol(s) => {
                Ok(crate::eval::ns::split(s).map_or(Value::Nil, |(n, _)| Value::str(n)))
            }
            other => Err(Error::msg(format!(
                "namespace: expected a keyword or symbol, got {other}"
            ))),
        }
    });
    reg(c, "type", |a| {
        arity(&a, 1, 1, "type")?;
        Ok(Value::sym(a[0].type_name()))
    });
    reg(c, "vector", |a| Ok(Value::vector(a)));
    reg(c, "list", |a| Ok(Value::list(a)));
    reg_slice(c, "vec", |a| {
        arity(a, 1, 1, "vec")?;
        // A vector's items, or those of a seq over a whole vector's items (a `partition`'s
        // group, `(seq v)`), are shared, not copied (items are never changed in place),
        // unless a vector of them has metadata, which the new vector does not have.
        if let Value::Vector(items) | Value::VecSeq(items, 0) = a[0].forced()? {
            let shared = Value::Vector(items.clone());
            if items.tag.is_none() && !crate::value::meta::has_meta(&shared) {
                return Ok(shared);
            }
        }
        Ok(Value::vector(a[0].to_vec()?))
    });
    reg(c, "hash-map", |a| {
        // A hash map hashes its keys.
        for k in a.iter().step_by(2) {
            crate::value::coll::realise_key(k)?;
        }
        crate::library::core::seq_to_map(&Value::vector(a))
    });
    reg(c, "array-map", |a| {
        crate::library::core::seq_to_map(&Value::vector(a))
    });
    reg(c, "hash-set", set_of);
    reg(c, "set", |a| {
        arity(&a, 1, 1, "set")?;
        set_of(a[0].to_vec()?)
    });
    reg(c, "int", |a| num_conv(a, "int"));
    reg(c, "long", |a| num_conv(a, "long"));
    reg(c, "double", |a| {
        arity(&a, 1, 1, "double")?;
        match &a[0] {
            Value::Int(i) => Ok(Value::Float(*i as f64)),
            Value::Ratio(n, d) => Ok(Value::Float(*n as f64 / *d as f64)),
            Value::BigInt(n) => Ok(Value::Float(
                num_traits::ToPrimitive::to_f64(&**n).unwrap_or(f64::NAN),
            )),
            Value::Float(f) => Ok(Value::Float(*f)),
            other => Err(Error::msg(format!(
                "double: expected a number, got {other}"
            ))),
        }
    });
    reg(c, "boolean", |a| {
        arity(&a, 1, 1, "boolean")?;
        Ok(Value::Bool(a[0].truthy()))
    });
    reg(c, "char", |a| {
        arity(&a, 1, 1, "char")?;
        let i = int_arg(&a[0], "char")?;
        u32::try_from(i)
            .ok()
            .and_then(char::from_u32)
            .map(Value::Char)
            .ok_or_else(|| Error::msg("char: value out of range"))
    });
    crate::library::core::map::install();
    reg(c, "macroexpand-1", |a| {
        arity(&a, 1, 1, "macroexpand-1")?;
        crate::library::core::expand::macroexpand_1(&a[0])
    });
    reg(c, "macroexpand", |a| {
        arity(&a, 1, 1, "macroexpand")?;
        let mut form = a[0].clone();
        loop {
            let next = crate::library::core::expand::macroexpand_1(&form)?;
            if crate::library::core::equal(&next, &form) {
                return Ok(form);
            }
            form = next;
        }
    });
    reg(c, "max-key", |a| best_key(a, "max-key", true));
    reg(c, "min-key", |a| best_key(a, "min-key", false));
    crate::eval::ns::define(
        c,
        "realized?",
        Value::Native(Arc::new(Native {
            name: "realized?",
            slice: None,
            terms: None,
            pure: false,
            shared: false,
            f: Arc::new(|a| Ok(Value::Bool(!matches!(a.first(), Some(Value::Lazy(_)))))),
        })),
    );
}

fn set_of(items: Vec<Value>) -> Result<Value> {
    let mut out: Vec<Value> = Vec::new();
    for x in items {
        crate::value::coll::set_insert(&mut out, x)?;
    }
    Ok(Value::Set(crate::value::items::Items::arc(out)))
}

fn num_conv(a: Vec<Value>, name: &str) -> Result<Value> {
    arity(&a, 1, 1, name)?;
    match &a[0] {
        Value::Char(c) => Ok(Value::Int(*c as i64)),
        Value::Ratio(n, d) => Ok(Value::Int(n / d)),
        v => Ok(Value::Int(int_arg(v, name)?)),
    }
}

fn best_key(a: Vec<Value>, name: &str, max: bool) -> Result<Value> {
    arity(&a, 2, usize::MAX, name)?;
    let mut best = a[1].clone();
    let mut best_k = apply(&a[0], vec![best.clone()])?;
    for x in &a[2..] {
        let k = apply(&a[0], vec![x.clone()])?;
        let o = crate::value::num::compare(&k, &best_k, name)?;
        if (max && o != std::cmp::Ordering::Less) || (!max && o != std::cmp::Ordering::Greater) {
            best = x.clone();
            best_k = k;
        }
    }
    Ok(best)
}

//! Struct maps: `defstruct`, `create-struct`, `struct-map`, `struct`, `accessor`.
//!
//! A structure basis is the vector of its keys; a struct map is a map holding every key of
//! its basis (in order, `nil` when not given) and any others.
//!
//! DIVERGENCE: Clojure's struct maps are a class of their own
//! (`clojure.lang.PersistentStructMap`) that refuses `dissoc` of a basis key; here they are
//! plain maps.

use crate::eval::{eval, Env};
use crate::library::core::{arity, reg};
use crate::value::coll::{get, map_insert};
use crate::value::error::{Error, Result};
use crate::value::items::Items;
use crate::value::Value;

fn basis(v: &Value, what: &str) -> Result<Vec<Value>> {
    match v {
        Value::Vector(k) => Ok(k.to_vec()),
        other => Err(Error::msg(format!(
            "{what}: {other} is not a structure basis"
        ))),
    }
}

fn struct_map(keys: Vec<Value>, vals: impl IntoIterator<Item = Value>) -> Value {
    let mut vals = vals.into_iter();
    let pairs = keys
        .into_iter()
        .map(|k| (k, vals.next().unwrap_or(Value::Nil)))
        .collect();
    Value::Map(Items::arc(pairs))
}

/// `(defstruct name keys...)`: `(def name (create-struct keys...))`.
pub fn defstruct(tail: &Value, env: &Env) -> Result<Value> {
    let a = tail.to_vec()?;
    let Some(Value::Symbol(name)) = a.first() else {
        return Err(Error::msg("defstruct needs a name symbol"));
    };
    let keys = a[1..]
        .iter()
        .map(|k| eval(k, env))
        .collect::<Result<Vec<_>>>()?;
    crate::eval::ns::define_here(name, Value::vector(keys));
    Ok(Value::Nil)
}

/// Registers the struct functions.
pub fn install() {
    let c = "clojure.core";
    reg(c, "create-struct", |a| Ok(Value::vector(a)));
    reg(c, "struct", |a| {
        arity(&a, 1, usize::MAX, "struct")?;
        let keys = basis(&a[0], "struct")?;
        if a.len() - 1 > keys.len() {
            return Err(Error::msg("Too many arguments to struct constructor"));
        }
        Ok(struct_map(keys, a[1..].iter().cloned()))
    });
    reg(c, "struct-map", |a| {
        arity(&a, 1, usize::MAX, "struct-map")?;
        let keys = basis(&a[0], "struct-map")?;
        let Value::Map(m) = struct_map(keys, std::iter::empty()) else {
            return Ok(Value::Nil);
        };
        let mut pairs = m.to_vec();
        for kv in a[1..].chunks(2) {
            map_insert(
                &mut pairs,
                kv[0].clone(),
                kv.get(1).cloned().unwrap_or(Value::Nil),
            );
        }
        Ok(Value::Map(Items::arc(pairs)))
    });
    reg(c, "accessor", |a| {
        arity(&a, 2, 2, "accessor")?;
        let keys = basis(&a[0], "accessor")?;
        let k = a[1].clone();
        if !keys.iter().any(|x| crate::value::coll::equal(x, &k)) {
            return Err(Error::msg("Not a key of struct"));
        }
        Ok(crate::library::core::types::native(
            "clojure.core/accessor",
            move |m| {
                arity(&m, 1, 1, "accessor")?;
                get(&m[0], &k)
            },
        ))
    });
}

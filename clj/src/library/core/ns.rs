//! `clojure.core`'s functions on namespaces: `the-ns`, `find-ns`, `all-ns`, `ns-name`,
//! `ns-publics`, `ns-interns`, `ns-map`, `ns-resolve`, `resolve`, `create-ns`.
//!
//! A namespace is named by its symbol: `(the-ns 'user)` is `user`, and `ns-name` of it is the
//! same symbol. `ns-publics` maps each name to the value it is bound to.

use crate::eval::ns;
use crate::library::core::{arity, reg};
use crate::value::error::{Error, Result};
use crate::value::items::Items;
use crate::value::Value;

fn ns_of(v: &Value, name: &str) -> Result<String> {
    match v {
        Value::Symbol(s) | Value::Str(s) => Ok(s.to_string()),
        other => Err(Error::msg(format!(
            "{name}: expected a namespace or its symbol, got {}",
            crate::value::printer::describe(other)
        ))),
    }
}

fn existing(v: &Value, name: &str) -> Result<String> {
    let n = ns_of(v, name)?;
    match ns::publics(&n) {
        Some(_) => Ok(n),
        None => Err(Error::msg(format!("No namespace: {n} found"))),
    }
}

fn publics_map(a: Vec<Value>, name: &str) -> Result<Value> {
    arity(&a, 1, 1, name)?;
    let n = existing(&a[0], name)?;
    let defs = ns::publics(&n).unwrap_or_default();
    Ok(Value::Map(Items::arc(
        defs.into_iter()
            .map(|(k, v)| (Value::Symbol(k.into()), v))
            .collect(),
    )))
}

fn resolve_sym(here: &str, sym: &Value) -> Result<Value> {
    let Value::Symbol(s) = sym else {
        return Err(Error::msg(format!(
            "resolve: expected a symbol, got {}",
            crate::value::printer::describe(sym)
        )));
    };
    // A var for a definition (`#'user/x`), a class for a class name (`String`).
    Ok(match ns::resolve_in(here, s) {
        None => ns::imported(s).unwrap_or(Value::Nil),
        Some((_, v @ Value::Class(_))) => v,
        Some((q, _)) => Value::Var(q.into()),
    })
}

/// Registers the functions of this module.
pub fn install() {
    let c = "clojure.core";
    reg(c, "the-ns", |a| {
        arity(&a, 1, 1, "the-ns")?;
        Ok(Value::Symbol(existing(&a[0], "the-ns")?.into()))
    });
    reg(c, "find-ns", |a| {
        arity(&a, 1, 1, "find-ns")?;
        let n = ns_of(&a[0], "find-ns")?;
        Ok(match ns::publics(&n) {
            Some(_) => Value::Symbol(n.into()),
            None => Value::Nil,
        })
    });
    reg(c, "create-ns", |a| {
        arity(&a, 1, 1, "create-ns")?;
        let n = ns_of(&a[0], "create-ns")?;
        if ns::publics(&n).is_none() {
            ns::define(&n, " ", Value::Nil);
        }
        Ok(Value::Symbol(n.into()))
    });
    reg(c, "all-ns", |a| {
        arity(&a, 0, 0, "all-ns")?;
        Ok(Value::list(
            ns::all().into_iter().map(|n| Value::Symbol(n.into())),
        ))
    });
    reg(c, "ns-name", |a| {
        arity(&a, 1, 1, "ns-name")?;
        Ok(Value::Symbol(existing(&a[0], "ns-name")?.into()))
    });
    reg(c, "ns-publics", |a| publics_map(a, "ns-publics"));
    reg(c, "ns-interns", |a| publics_map(a, "ns-interns"));
    reg(c, "ns-resolve", |a| {
        arity(&a, 2, 3, "ns-resolve")?;
        let n = existing(&a[0], "ns-resolve")?;
        resolve_sym(&n, a.last().unwrap_or(&Value::Nil))
    });
    reg(c, "resolve", |a| {
        arity(&a, 1, 2, "resolve")?;
        resolve_sym(&ns::current(), a.last().unwrap_or(&Value::Nil))
    });
}

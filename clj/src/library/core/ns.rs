//! `clojure.core`'s functions on namespaces: `the-ns`, `find-ns`, `all-ns`, `ns-name`,
//! `ns-publics`, `ns-interns`, `ns-refers`, `ns-imports`, `ns-map`, `ns-aliases`,
//! `ns-unalias`, `ns-unmap`, `ns-resolve`, `resolve`, `create-ns`, `remove-ns`.
//!
//! A namespace is named by its symbol: `(the-ns 'user)` is `user`, and `ns-name` of it is the
//! same symbol. `ns-publics` and `ns-interns` map each name to the value it is bound to;
//! `ns-refers` maps a name to its var, `ns-imports` a class's short name to the class,
//! `ns-aliases` an alias to its namespace, and `ns-map` is all three with the namespace's own
//! names (as vars).

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
    let all = name == "ns-interns";
    Ok(Value::Map(Items::arc(
        defs.into_iter()
            .filter(|(k, v)| is_var(k, v) && (all || !is_private(&n, k)))
            .map(|(k, v)| (Value::Symbol(k.into()), v))
            .collect(),
    )))
}

/// Whether a definition of a namespace is a var, not a class that `deftype`/`defrecord`
/// defined there (its name, its full name and its constructor `Name.`).
pub fn is_var(name: &str, v: &Value) -> bool {
    let constructor = name.ends_with('.') && !name.trim_end_matches('.').is_empty();
    !matches!(v, Value::Class(_)) && !constructor
}

/// Whether `ns/name` was defined private (`defn-`, `^:private`).
pub fn is_private(ns: &str, name: &str) -> bool {
    match crate::eval::vars::meta(&format!("{ns}/{name}")) {
        Value::Map(m) => m
            .iter()
            .any(|(k, v)| matches!(k, Value::Keyword(k) if &**k == "private") && v.truthy()),
        _ => false,
    }
}

/// A map from symbols to values.
fn symbol_map(entries: Vec<(String, Value)>) -> Value {
    Value::Map(Items::arc(
        entries
            .into_iter()
            .map(|(k, v)| (Value::Symbol(k.into()), v))
            .collect(),
    ))
}

fn symbol_arg(v: &Value, name: &str) -> Result<String> {
    match v {
        Value::Symbol(s) => Ok(s.to_string()),
        other => Err(Error::msg(format!(
            "{name}: expected a symbol, got {}",
            crate::value::printer::describe(other)
        ))),
    }
}

/// What namespace `n` refers: each name with its var.
fn refers(n: &str) -> Vec<(String, Value)> {
    ns::refers(n)
        .into_iter()
        .map(|(k, q)| (k, Value::Var(q.into())))
        .collect()
}

/// The classes every namespace imports (`java.lang`'s) by their short names.
fn imports() -> Vec<(String, Value)> {
    crate::value::class::BUILTIN
        .iter()
        .filter_map(|(full, _, _)| {
            let short = full.strip_prefix("java.lang.")?;
            if short.contains('.') {
                return None;
            }
            Some((short.to_string(), ns::imported(short)?))
        })
        .collect()
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
            ns::create(&n);
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
    reg(c, "ns-refers", |a| {
        arity(&a, 1, 1, "ns-refers")?;
        Ok(symbol_map(refers(&existing(&a[0], "ns-refers")?)))
    });
    reg(c, "ns-imports", |a| {
        arity(&a, 1, 1, "ns-imports")?;
        existing(&a[0], "ns-imports")?;
        Ok(symbol_map(imports()))
    });
    reg(c, "ns-map", |a| {
        arity(&a, 1, 1, "ns-map")?;
        let n = existing(&a[0], "ns-map")?;
        let mut all = imports();
        all.extend(refers(&n));
        all.extend(
            ns::names(&n)
                .into_iter()
                .map(|k| (k.clone(), Value::Var(format!("{n}/{k}").into()))),
        );
        Ok(symbol_map(all))
    });
    reg(c, "ns-aliases", |a| {
        arity(&a, 1, 1, "ns-aliases")?;
        let n = existing(&a[0], "ns-aliases")?;
        Ok(symbol_map(
            ns::aliases(&n)
                .into_iter()
                .map(|(k, to)| (k, Value::Symbol(to.into())))
                .collect(),
        ))
    });
    reg(c, "ns-unalias", |a| {
        arity(&a, 2, 2, "ns-unalias")?;
        let n = existing(&a[0], "ns-unalias")?;
        ns::unalias(&n, &symbol_arg(&a[1], "ns-unalias")?);
        Ok(Value::Nil)
    });
    reg(c, "ns-unmap", |a| {
        arity(&a, 2, 2, "ns-unmap")?;
        let n = existing(&a[0], "ns-unmap")?;
        ns::unmap(&n, &symbol_arg(&a[1], "ns-unmap")?);
        Ok(Value::Nil)
    });
    reg(c, "remove-ns", |a| {
        arity(&a, 1, 1, "remove-ns")?;
        let n = symbol_arg(&a[0], "remove-ns")?;
        if n == "clojure.core" {
            return Err(Error::ex(
                crate::value::error::ILLEGAL_ARGUMENT,
                "Cannot remove clojure namespace",
            ));
        }
        Ok(if ns::remove(&n) {
            Value::Symbol(n.into())
        } else {
            Value::Nil
        })
    });
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

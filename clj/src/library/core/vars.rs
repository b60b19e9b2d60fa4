//! Vars as values: `var?`, `var-get`, `alter-var-root`, `var-set`, `bound?`, `find-var`,
//! `intern`, `alter-meta!`, `reset-meta!`, and the printer's dynamic vars
//! `*print-length*` and `*print-level*` (set with `binding` or `set!`). A var (`Value::Var`) names a
//! global; `deref` and calling it read the global's current value (`eval::var_get`).

use crate::eval::{apply, var_get};
use crate::library::core::{arity, reg};
use crate::value::error::{Error, Result};
use crate::value::Value;

fn var_name<'a>(v: &'a Value, op: &str) -> Result<&'a str> {
    match v {
        Value::Var(name) => Ok(name),
        other => Err(Error::msg(format!(
            "{op}: expected a var, got {}",
            crate::value::printer::describe(other)
        ))),
    }
}

/// Registers the functions of this module.
pub fn install() {
    let c = "clojure.core";
    crate::eval::ns::define(c, "*print-length*", Value::Nil);
    crate::eval::ns::define(c, "*print-level*", Value::Nil);
    // Settings of the JVM's compiler a program may `set!`; nothing reads them here.
    crate::eval::ns::define(c, "*warn-on-reflection*", Value::Bool(false));
    crate::eval::ns::define(c, "*unchecked-math*", Value::Bool(false));
    reg(c, "var?", |a| {
        arity(&a, 1, 1, "var?")?;
        Ok(Value::Bool(matches!(a[0], Value::Var(_))))
    });
    reg(c, "var-get", |a| {
        arity(&a, 1, 1, "var-get")?;
        var_get(var_name(&a[0], "var-get")?)
    });
    reg(c, "alter-var-root", |a| {
        arity(&a, 2, usize::MAX, "alter-var-root")?;
        let name = var_name(&a[0], "alter-var-root")?;
        let mut args = vec![var_get(name)?];
        args.extend(a[2..].iter().cloned());
        let new = apply(&a[1], args)?;
        if let Some((ns, n)) = crate::eval::ns::split(name) {
            crate::eval::ns::define(ns, n, new.clone());
        }
        Ok(new)
    });
    reg(c, "var-set", |a| {
        arity(&a, 2, 2, "var-set")?;
        let name = var_name(&a[0], "var-set")?;
        if let Some((ns, n)) = crate::eval::ns::split(name) {
            crate::eval::ns::define(ns, n, a[1].clone());
        }
        Ok(a[1].clone())
    });
    reg(c, "bound?", |a| {
        for v in &a {
            if var_get(var_name(v, "bound?")?).is_err() {
                return Ok(Value::Bool(false));
            }
        }
        Ok(Value::Bool(true))
    });
    reg(c, "find-var", |a| {
        arity(&a, 1, 1, "find-var")?;
        let Value::Symbol(s) = &a[0] else {
            return Err(Error::msg(format!(
                "find-var: expected a symbol, got {}",
                crate::value::printer::describe(&a[0])
            )));
        };
        let Some((ns, n)) = crate::eval::ns::split(s) else {
            return Err(Error::msg("Symbol must be namespace-qualified"));
        };
        let Some(defs) = crate::eval::ns::publics(ns) else {
            return Err(Error::msg(format!("No such namespace: {ns}")));
        };
        Ok(if defs.iter().any(|(k, _)| k == n) {
            Value::Var(s.clone())
        } else {
            Value::Nil
        })
    });
    reg(c, "intern", |a| {
        arity(&a, 2, 3, "intern")?;
        let ns = match &a[0] {
            Value::Symbol(s) => s.to_string(),
            other => {
                return Err(Error::msg(format!(
                    "intern: expected a namespace, got {}",
                    crate::value::printer::describe(other)
                )))
            }
        };
        if crate::eval::ns::publics(&ns).is_none() {
            return Err(Error::msg(format!("No namespace: {ns} found")));
        }
        let Value::Symbol(n) = &a[1] else {
            return Err(Error::msg(format!(
                "intern: expected a symbol, got {}",
                crate::value::printer::describe(&a[1])
            )));
        };
        let q = format!("{ns}/{n}");
        match a.get(2) {
            Some(v) => crate::eval::ns::define(&ns, n, v.clone()),
            None if var_get(&q).is_err() => crate::eval::ns::define(&ns, n, Value::Nil),
            None => {}
        }
        let m = crate::value::meta::meta_of(&a[1]);
        if !matches!(m, Value::Nil) {
            crate::eval::vars::set_meta(&q, m);
        }
        Ok(Value::Var(q.into()))
    });
    reg(c, "reset-meta!", |a| {
        arity(&a, 2, 2, "reset-meta!")?;
        set_meta_of(&a[0], a[1].clone())
    });
    reg(c, "alter-meta!", |a| {
        arity(&a, 2, usize::MAX, "alter-meta!")?;
        let old = match &a[0] {
            Value::Var(name) => match crate::eval::vars::meta(name) {
                Value::Nil => var_get(name).map_or(Value::Nil, |v| crate::value::meta::meta_of(&v)),
                m => m,
            },
            v => crate::value::meta::meta_of(v),
        };
        let mut args = vec![old];
        args.extend(a[2..].iter().cloned());
        let new = apply(&a[1], args)?;
        set_meta_of(&a[0], new)
    });
}

/// Makes `m` the metadata of the var `r`, giving `m`.
fn set_meta_of(r: &Value, m: Value) -> Result<Value> {
    match r {
        Value::Var(name) => crate::eval::vars::set_meta(name, m.clone()),
        other => {
            return Err(Error::msg(format!(
                "expected a var (the metadata of other references is not supported), got {}",
                crate::value::printer::describe(other)
            )))
        }
    }
    Ok(m)
}

//! Vars as values: `var?`, `var-get`, `alter-var-root`, and the printer's dynamic vars
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
}

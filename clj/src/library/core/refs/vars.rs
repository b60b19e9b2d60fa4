//! Vars as values: `var?`, `var-get`, `alter-var-root`, `var-set`, `bound?`, `find-var`,
//! `intern`, `alter-meta!`, `reset-meta!` (of vars and atoms), and the printer's dynamic vars
//! `*print-length*` and `*print-level*` (set with `binding` or `set!`). A var (`Value::Var`) names a
//! global; `deref` and calling it read the global's current value (`eval::var_get`). A var of
//! `with-local-vars` is a box (`Value::Cell` of kind `Var`) that `var-get` and `var-set` read
//! and change.
//!
//! Thread bindings as functions: `push-thread-bindings`, `pop-thread-bindings`,
//! `get-thread-bindings`, `thread-bound?`, `with-bindings*`, `bound-fn*`, on the binding
//! frames of the evaluator (`eval::dynamic`), the ones `binding` pushes: a frame's values are
//! its vars' values until it is popped. The macros `with-bindings`, `bound-fn` and
//! `with-local-vars` are the prelude's, over these. And `test`, which runs the `:test`
//! function of a var's metadata.

use crate::eval::{apply, dynamic, var_get};
use crate::library::core::{arity, native, reg};
use crate::value::cell::{Cell, CellKind};
use crate::value::error::{Error, Result};
use crate::value::items::Items;
use crate::value::Value;
use std::sync::Arc;

/// Whether `v` is a var of `with-local-vars` (outside any namespace).
fn is_local_var(v: &Value) -> bool {
    matches!(v, Value::Cell(c) if c.kind == CellKind::Var)
}

fn var_name<'a>(v: &'a Value, op: &str) -> Result<&'a str> {
    match v {
        Value::Var(name) => Ok(name),
        other => Err(Error::msg(format!(
            "{op}: expected a var, got {}",
            crate::value::printer::describe(other)
        ))),
    }
}

/// The bindings of a map of vars to values (`{#'*x* 1}`), in the map's order.
fn frame_of(m: &Value, name: &str) -> Result<Vec<(Arc<str>, Value)>> {
    let entries = match m {
        Value::Nil => return Ok(Vec::new()),
        Value::Map(m) => m.to_vec(),
        other => {
            return Err(Error::msg(format!(
                "{name}: expected a map of vars to values, got {}",
                crate::value::printer::describe(other)
            )))
        }
    };
    entries
        .into_iter()
        .map(|(k, v)| match k {
            Value::Var(q) => Ok((q, v)),
            other => Err(Error::msg(format!(
                "{name}: expected a var (a namespace's), got {}",
                crate::value::printer::describe(&other)
            ))),
        })
        .collect()
}

/// The map of every thread-bound var to its value.
fn thread_bindings() -> Value {
    Value::Map(Items::arc(
        dynamic::bound()
            .into_iter()
            .map(|(q, v)| (Value::Var(q), v))
            .collect(),
    ))
}

/// The metadata of a var (what its definition recorded, else its value's) or of a value.
fn meta_of(v: &Value) -> Value {
    match v {
        Value::Var(name) => match crate::eval::vars::meta(name) {
            Value::Nil => {
                crate::eval::var_get(name).map_or(Value::Nil, |x| crate::value::meta::meta_of(&x))
            }
            m => m,
        },
        other => crate::value::meta::meta_of(other),
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
    reg(c, "push-thread-bindings", |a| {
        arity(&a, 1, 1, "push-thread-bindings")?;
        dynamic::push(frame_of(&a[0], "push-thread-bindings")?);
        Ok(Value::Nil)
    });
    reg(c, "pop-thread-bindings", |a| {
        arity(&a, 0, 0, "pop-thread-bindings")?;
        dynamic::pop()?;
        Ok(Value::Nil)
    });
    reg(c, "get-thread-bindings", |a| {
        arity(&a, 0, 0, "get-thread-bindings")?;
        Ok(thread_bindings())
    });
    reg(c, "thread-bound?", |a| {
        for v in &a {
            let bound = match v {
                Value::Var(q) => dynamic::is_bound(q),
                Value::Cell(c) if c.kind == CellKind::Var => true,
                other => {
                    return Err(Error::msg(format!(
                        "thread-bound?: expected a var, got {}",
                        crate::value::printer::describe(other)
                    )))
                }
            };
            if !bound {
                return Ok(Value::Bool(false));
            }
        }
        Ok(Value::Bool(true))
    });
    reg(c, "with-bindings*", |a| {
        arity(&a, 2, usize::MAX, "with-bindings*")?;
        let frame = frame_of(&a[0], "with-bindings*")?;
        dynamic::with(frame, || apply(&a[1], a[2..].to_vec()))
    });
    reg(c, "bound-fn*", |a| {
        arity(&a, 1, 1, "bound-fn*")?;
        let f = a[0].clone();
        let frame = dynamic::bound();
        Ok(native("clojure.core/bound-fn*", move |args| {
            dynamic::with(frame.clone(), || apply(&f, args))
        }))
    });
    reg(c, "test", |a| {
        arity(&a, 1, 1, "test")?;
        let f = crate::library::core::get(&meta_of(&a[0]), &Value::kw("test"))?;
        if matches!(f, Value::Nil) {
            return Ok(Value::kw("no-test"));
        }
        apply(&f, vec![])?;
        Ok(Value::kw("ok"))
    });
    // A new var of `with-local-vars`, holding `nil` until the macro sets it.
    reg("kanren.impl", "local-var", |a| {
        arity(&a, 0, 0, "with-local-vars")?;
        Ok(Value::Cell(Arc::new(Cell::new(
            CellKind::Var,
            Value::Nil,
            true,
        ))))
    });
    reg(c, "var?", |a| {
        arity(&a, 1, 1, "var?")?;
        Ok(Value::Bool(
            matches!(a[0], Value::Var(_)) || is_local_var(&a[0]),
        ))
    });
    reg(c, "var-get", |a| {
        arity(&a, 1, 1, "var-get")?;
        if let Value::Cell(c) = &a[0] {
            if is_local_var(&a[0]) {
                return Ok(c.get().0);
            }
        }
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
        if let Value::Cell(c) = &a[0] {
            if is_local_var(&a[0]) {
                c.set(a[1].clone());
                return Ok(a[1].clone());
            }
        }
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
        Value::Atom(_) => crate::value::meta::set_meta(r, m.clone()),
        other => {
            return Err(Error::msg(format!(
                "expected a var or an atom, got {}",
                crate::value::printer::describe(other)
            )))
        }
    }
    Ok(m)
}

//! `clojure.core`'s boxes of one value: `reduced`, `reduced?`, `unreduced`, `ensure-reduced`;
//! volatiles (`volatile!`, `vreset!`, `vswap!`, `volatile?`); `delay`'s box (`delay?`,
//! `force`); promises (`promise`, `deliver`); futures (`future-call`, `future?`,
//! `future-done?`, `future-cancel`, `future-cancelled?`); `realized?`, and `deref` of them
//! with its timeout arguments.
//!
//! The evaluator has no threads: a future runs its body when it is made, so it is always
//! done and cannot be cancelled; `pmap`, `pcalls` and `pvalues` (in the prelude) compute in
//! order. Dereferencing a promise nobody delivered would wait forever in Clojure; here it is
//! an error, or the timeout value when one is given.

use crate::eval::apply;
use crate::library::core::{arity, reg};
use crate::value::cell::{Cell, CellKind};
use crate::value::error::{Error, Result};
use crate::value::Value;
use std::sync::Arc;

fn cell(kind: CellKind, v: Value, ready: bool) -> Value {
    Value::Cell(Arc::new(Cell::new(kind, v, ready)))
}

fn is(v: &Value, kind: CellKind) -> bool {
    matches!(v, Value::Cell(c) if c.kind == kind)
}

/// A box's value; a pending delay is computed (once) first.
fn value_of(c: &Cell) -> Result<Option<Value>> {
    let (v, ready) = c.get();
    if ready {
        return Ok(Some(v));
    }
    if c.kind == CellKind::Delay {
        let out = apply(&v, vec![])?;
        c.set(out.clone());
        return Ok(Some(out));
    }
    Ok(None)
}

/// `(deref box)` and `(deref box timeout-ms timeout-val)` of a [`Cell`].
pub fn deref(a: &[Value]) -> Result<Value> {
    let Value::Cell(c) = &a[0] else {
        return Err(Error::msg(format!("can't deref {}", a[0].type_name())));
    };
    if c.kind == CellKind::Volatile && a.len() > 1 {
        return Err(Error::msg(
            "deref with a timeout needs a promise or a future",
        ));
    }
    match value_of(c)? {
        Some(v) => Ok(v),
        None if a.len() == 3 => Ok(a[2].clone()),
        None => Err(Error::msg(
            "deref of a promise that was never delivered: it would wait forever (kanren has no threads)",
        )),
    }
}

fn volatile_of<'a>(v: &'a Value, name: &str) -> Result<&'a Arc<Cell>> {
    match v {
        Value::Cell(c) if c.kind == CellKind::Volatile => Ok(c),
        other => Err(Error::msg(format!(
            "{name}: expected a volatile, got {}",
            crate::value::printer::describe(other)
        ))),
    }
}

/// Registers the functions of this module.
pub fn install() {
    let c = "clojure.core";
    reg(c, "reduced", |a| {
        arity(&a, 1, 1, "reduced")?;
        Ok(cell(CellKind::Reduced, a[0].clone(), true))
    });
    reg(c, "reduced?", |a| {
        arity(&a, 1, 1, "reduced?")?;
        Ok(Value::Bool(is(&a[0], CellKind::Reduced)))
    });
    reg(c, "unreduced", |a| {
        arity(&a, 1, 1, "unreduced")?;
        Ok(match &a[0] {
            Value::Cell(c) if c.kind == CellKind::Reduced => c.get().0,
            other => other.clone(),
        })
    });
    reg(c, "ensure-reduced", |a| {
        arity(&a, 1, 1, "ensure-reduced")?;
        Ok(if is(&a[0], CellKind::Reduced) {
            a[0].clone()
        } else {
            cell(CellKind::Reduced, a[0].clone(), true)
        })
    });
    reg(c, "volatile!", |a| {
        arity(&a, 1, 1, "volatile!")?;
        Ok(cell(CellKind::Volatile, a[0].clone(), true))
    });
    reg(c, "volatile?", |a| {
        arity(&a, 1, 1, "volatile?")?;
        Ok(Value::Bool(is(&a[0], CellKind::Volatile)))
    });
    reg(c, "vreset!", |a| {
        arity(&a, 2, 2, "vreset!")?;
        volatile_of(&a[0], "vreset!")?.set(a[1].clone());
        Ok(a[1].clone())
    });
    reg(c, "vswap!", |a| {
        arity(&a, 2, usize::MAX, "vswap!")?;
        let v = volatile_of(&a[0], "vswap!")?;
        let mut args = vec![v.get().0];
        args.extend(a[2..].iter().cloned());
        let new = apply(&a[1], args)?;
        v.set(new.clone());
        Ok(new)
    });
    // `(delay body)` is the prelude's macro over this: the body as a function of no arguments.
    crate::library::core::reg("kanren.impl", "make-delay", |a| {
        arity(&a, 1, 1, "delay")?;
        Ok(cell(CellKind::Delay, a[0].clone(), false))
    });
    reg(c, "delay?", |a| {
        arity(&a, 1, 1, "delay?")?;
        Ok(Value::Bool(is(&a[0], CellKind::Delay)))
    });
    reg(c, "force", |a| {
        arity(&a, 1, 1, "force")?;
        match &a[0] {
            Value::Cell(c) if c.kind == CellKind::Delay => Ok(value_of(c)?.unwrap_or(Value::Nil)),
            other => Ok(other.clone()),
        }
    });
    reg(c, "promise", |a| {
        arity(&a, 0, 0, "promise")?;
        Ok(cell(CellKind::Promise, Value::Nil, false))
    });
    reg(c, "deliver", |a| {
        arity(&a, 2, 2, "deliver")?;
        match &a[0] {
            Value::Cell(c) if c.kind == CellKind::Promise => {
                if c.get().1 {
                    return Ok(Value::Nil);
                }
                c.set(a[1].clone());
                Ok(a[0].clone())
            }
            other => apply(other, vec![a[1].clone()]),
        }
    });
    reg(c, "future-call", |a| {
        arity(&a, 1, 1, "future-call")?;
        Ok(cell(CellKind::Future, apply(&a[0], vec![])?, true))
    });
    reg(c, "future?", |a| {
        arity(&a, 1, 1, "future?")?;
        Ok(Value::Bool(is(&a[0], CellKind::Future)))
    });
    reg(c, "future-done?", |a| {
        arity(&a, 1, 1, "future-done?")?;
        if !is(&a[0], CellKind::Future) {
            return Err(Error::msg("future-done?: expected a future"));
        }
        Ok(Value::Bool(true))
    });
    reg(c, "future-cancel", |a| {
        arity(&a, 1, 1, "future-cancel")?;
        Ok(Value::Bool(false))
    });
    reg(c, "future-cancelled?", |a| {
        arity(&a, 1, 1, "future-cancelled?")?;
        Ok(Value::Bool(false))
    });
    reg(c, "realized?", |a| {
        arity(&a, 1, 1, "realized?")?;
        match &a[0] {
            Value::Cell(c) => Ok(Value::Bool(c.get().1)),
            Value::Lazy(_) => Ok(Value::Bool(a[0].realized().is_some())),
            other => Err(Error::msg(format!(
                "realized?: expected a delay, promise, future or lazy seq, got {}",
                crate::value::printer::describe(other)
            ))),
        }
    });
}

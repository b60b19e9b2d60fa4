//! Exceptions as values: `ex-info`, `ex-message`, `ex-data`, `ex-cause`, `Throwable->map`.
//! The exception value and its class hierarchy are `value::error`'s; `try`/`catch`/`throw`
//! are special forms of the evaluator.

use crate::library::core::{arity, reg};
use crate::value::error::{Error, Throwable, EX_INFO, ILLEGAL_ARGUMENT};
use crate::value::Value;
use std::sync::Arc;

/// The exception of a value, if it is one.
pub fn exception(v: &Value) -> Option<&Arc<Throwable>> {
    match v {
        Value::Exception(t) => Some(t),
        _ => None,
    }
}

/// Registers the functions of this module.
pub fn install() {
    let c = "clojure.core";
    // `(ex-info msg data)`, `(ex-info msg data cause)`.
    reg(c, "ex-info", |a| {
        arity(&a, 2, 3, "ex-info")?;
        let message = match &a[0] {
            Value::Nil => None,
            m => Some(crate::library::core::str_of(std::slice::from_ref(m))?),
        };
        let data = match &a[1] {
            Value::Map(_) => a[1].clone(),
            Value::Nil => Value::Map(crate::value::items::Items::arc(Vec::new())),
            other => {
                return Err(Error::ex(
                    ILLEGAL_ARGUMENT,
                    format!(
                        "ex-info's data must be a map, got {}",
                        crate::value::printer::describe(other)
                    ),
                ))
            }
        };
        let cause = match a.get(2) {
            None | Some(Value::Nil) => None,
            Some(e @ Value::Exception(_)) => Some(e.clone()),
            Some(other) => {
                return Err(Error::ex(
                    crate::value::error::CLASS_CAST,
                    format!(
                        "{} cannot be cast to java.lang.Throwable",
                        other.type_name()
                    ),
                ))
            }
        };
        Ok(Value::Exception(Arc::new(Throwable {
            class: EX_INFO.into(),
            message,
            data: Some(data),
            cause,
        })))
    });
    reg(c, "ex-message", |a| {
        arity(&a, 1, 1, "ex-message")?;
        Ok(exception(&a[0])
            .and_then(|t| t.message.as_deref())
            .map_or(Value::Nil, Value::str))
    });
    reg(c, "ex-data", |a| {
        arity(&a, 1, 1, "ex-data")?;
        Ok(exception(&a[0])
            .and_then(|t| t.data.clone())
            .unwrap_or(Value::Nil))
    });
    reg(c, "ex-cause", |a| {
        arity(&a, 1, 1, "ex-cause")?;
        Ok(exception(&a[0])
            .and_then(|t| t.cause.clone())
            .unwrap_or(Value::Nil))
    });
    reg(c, "Throwable->map", |a| {
        arity(&a, 1, 1, "Throwable->map")?;
        exception(&a[0]).map(Throwable::to_map).ok_or_else(|| {
            Error::ex(
                crate::value::error::CLASS_CAST,
                format!(
                    "Throwable->map expects an exception, got {}",
                    crate::value::printer::describe(&a[0])
                ),
            )
        })
    });
}

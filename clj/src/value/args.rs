//! Checks on a built-in function's arguments: their number, an integer.

use crate::value::error::{Error, Result};
use crate::value::Value;

/// Checks the number of arguments.
pub fn arity(args: &[Value], min: usize, max: usize, name: &str) -> Result<()> {
    if args.len() < min || args.len() > max {
        Err(Error::ex(
            crate::value::error::ARITY,
            format!("Wrong number of args ({}) passed to: {name}", args.len()),
        ))
    } else {
        Ok(())
    }
}

/// An integer argument.
pub fn int_arg(v: &Value, name: &str) -> Result<i64> {
    match v {
        Value::Int(i) => Ok(*i),
        Value::Float(f) => Ok(*f as i64),
        other => Err(Error::msg(format!(
            "{name}: expected an integer, got {}",
            crate::value::printer::describe(other)
        ))),
    }
}

//! Checks on a built-in function's arguments: their number, an integer, a count.

use crate::value::error::{Error, Result};
use crate::value::Value;

/// Checks the number of arguments.
pub fn arity(args: &[Value], min: usize, max: usize, name: &str) -> Result<()> {
    arg_count(args.len(), min, max, name)
}

/// [`arity`] of `n` arguments of any kind (a relation handed their terms).
pub fn arg_count(n: usize, min: usize, max: usize, name: &str) -> Result<()> {
    if n < min || n > max {
        Err(Error::ex(
            crate::value::error::ARITY,
            format!("Wrong number of args ({n}) passed to: {name}"),
        ))
    } else {
        Ok(())
    }
}

/// An integer argument (another number is truncated, as Clojure's `nth` and `repeat` do).
pub fn int_arg(v: &Value, name: &str) -> Result<i64> {
    match v {
        Value::Int(i) => Ok(*i),
        Value::Float(f) => Ok(*f as i64),
        Value::Ratio(n, d) => Ok(n / d),
        Value::BigInt(n) => num_traits::ToPrimitive::to_i64(&**n)
            .ok_or_else(|| Error::msg(format!("{name}: {n} is too large for a 64-bit integer"))),
        other => Err(Error::msg(format!(
            "{name}: expected an integer, got {}",
            crate::value::printer::describe(other)
        ))),
    }
}

/// A count of elements, as `take` and `drop` count down a number while it is positive: an
/// integer, or another number rounded up (`(take 5/2 coll)` takes 3).
///
/// ```
/// use kanren_clj::value::{args::count_arg, Value};
/// assert_eq!(count_arg(&Value::Ratio(5, 2), "take").unwrap(), 3);
/// assert_eq!(count_arg(&Value::Float(2.0), "take").unwrap(), 2);
/// ```
pub fn count_arg(v: &Value, name: &str) -> Result<i64> {
    match v {
        Value::Float(f) => Ok(f.ceil() as i64),
        Value::Ratio(n, d) => Ok(n.div_euclid(*d) + 1),
        other => int_arg(other, name),
    }
}

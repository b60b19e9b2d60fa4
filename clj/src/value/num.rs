//! Numbers: integers (overflow is an error, as Clojure's `+` throws), ratios and doubles.

use crate::value::error::{Error, Result};
use crate::value::Value;
use std::cmp::Ordering;

fn gcd(a: i64, b: i64) -> i64 {
    let (mut a, mut b) = (a.unsigned_abs(), b.unsigned_abs());
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a as i64
}

/// The ratio `n/d` normalised: an integer when `d` divides `n`.
///
/// ```
/// use kanren_clj::value::num::ratio;
/// assert_eq!(ratio(4, 2).to_string(), "2");
/// assert_eq!(ratio(2, -4).to_string(), "-1/2");
/// ```
pub fn ratio(n: i64, d: i64) -> Value {
    let g = gcd(n, d).max(1);
    let (mut n, mut d) = (n / g, d / g);
    if d < 0 {
        (n, d) = (-n, -d);
    }
    if d == 1 {
        Value::Int(n)
    } else {
        Value::Ratio(n, d)
    }
}

enum N {
    I(i64),
    R(i64, i64),
    F(f64),
}

fn num(v: &Value, op: &str) -> Result<N> {
    match v {
        Value::Int(i) => Ok(N::I(*i)),
        Value::Ratio(n, d) => Ok(N::R(*n, *d)),
        Value::Float(f) => Ok(N::F(*f)),
        other => Err(Error::ex(
            match other {
                Value::Nil => crate::value::error::NULL_POINTER,
                _ => crate::value::error::CLASS_CAST,
            },
            format!(
                "{op}: expected a number, got {}",
                crate::value::printer::describe(other)
            ),
        )),
    }
}

fn to_f(n: &N) -> f64 {
    match n {
        N::I(i) => *i as f64,
        N::R(a, b) => *a as f64 / *b as f64,
        N::F(f) => *f,
    }
}

fn as_ratio(n: &N) -> (i64, i64) {
    match n {
        N::I(i) => (*i, 1),
        N::R(a, b) => (*a, *b),
        N::F(_) => (0, 1),
    }
}

/// The name of an arithmetic operator (as errors name it), without allocating one per call.
pub(crate) fn op_name(op: char) -> &'static str {
    match op {
        '+' => "+",
        '-' => "-",
        '*' => "*",
        _ => "/",
    }
}

fn overflow(op: &str) -> Error {
    Error::ex(
        crate::value::error::ARITHMETIC,
        format!("{op}: integer overflow"),
    )
}

/// `a op b` for `+ - * /`.
pub fn arith(op: char, a: &Value, b: &Value) -> Result<Value> {
    // The common case first: two integers that neither overflow nor divide.
    if let (Value::Int(p), Value::Int(q)) = (a, b) {
        let r = match op {
            '+' => p.checked_add(*q),
            '-' => p.checked_sub(*q),
            '*' => p.checked_mul(*q),
            _ => None,
        };
        if let Some(r) = r {
            return Ok(Value::Int(r));
        }
    }
    let name = op_name(op);
    let (x, y) = (num(a, name)?, num(b, name)?);
    if matches!(x, N::F(_)) || matches!(y, N::F(_)) {
        let (p, q) = (to_f(&x), to_f(&y));
        return Ok(Value::Float(match op {
            '+' => p + q,
            '-' => p - q,
            '*' => p * q,
            _ => {
                if q == 0.0 && matches!(y, N::I(_) | N::R(..)) {
                    return Err(Error::ex(crate::value::error::ARITHMETIC, "Divide by zero"));
                }
                p / q
            }
        }));
    }
    if let (N::I(p), N::I(q)) = (&x, &y) {
        let r = match op {
            '+' => p.checked_add(*q),
            '-' => p.checked_sub(*q),
            '*' => p.checked_mul(*q),
            _ => {
                if *q == 0 {
                    return Err(Error::ex(crate::value::error::ARITHMETIC, "Divide by zero"));
                }
                return Ok(ratio(*p, *q));
            }
        };
        return r.map(Value::Int).ok_or_else(|| overflow(name));
    }
    let ((a1, b1), (a2, b2)) = (as_ratio(&x), as_ratio(&y));
    let m = |p: i64, q: i64| p.checked_mul(q).ok_or_else(|| overflow(name));
    let (n, d) = match op {
        '+' => (
            m(a1, b2)?
                .checked_add(m(a2, b1)?)
                .ok_or_else(|| overflow(name))?,
            m(b1, b2)?,
        ),
        '-' => (
            m(a1, b2)?
                .checked_sub(m(a2, b1)?)
                .ok_or_else(|| overflow(name))?,
            m(b1, b2)?,
        ),
        '*' => (m(a1, a2)?, m(b1, b2)?),
        _ => {
            if a2 == 0 {
                return Err(Error::ex(crate::value::error::ARITHMETIC, "Divide by zero"));
            }
            (m(a1, b2)?, m(b1, a2)?)
        }
    };
    Ok(ratio(n, d))
}

/// Numeric comparison of `a` and `b`.
pub fn compare(a: &Value, b: &Value, op: &str) -> Result<Ordering> {
    let (x, y) = (num(a, op)?, num(b, op)?);
    Ok(match (&x, &y) {
        (N::I(p), N::I(q)) => p.cmp(q),
        (N::F(_), _) | (_, N::F(_)) => to_f(&x).partial_cmp(&to_f(&y)).unwrap_or(Ordering::Equal),
        _ => {
            let ((a1, b1), (a2, b2)) = (as_ratio(&x), as_ratio(&y));
            (a1 as i128 * b2 as i128).cmp(&(a2 as i128 * b1 as i128))
        }
    })
}

/// Whether the value is a number.
pub fn is_num(v: &Value) -> bool {
    matches!(v, Value::Int(_) | Value::Float(_) | Value::Ratio(..))
}

/// `quot`, `rem` or `mod` of two numbers.
pub fn int_div(op: &str, a: &Value, b: &Value) -> Result<Value> {
    match (a, b) {
        (Value::Int(_), Value::Int(0)) => {
            Err(Error::ex(crate::value::error::ARITHMETIC, "Divide by zero"))
        }
        (Value::Int(p), Value::Int(q)) => Ok(Value::Int(match op {
            "quot" => p.checked_div(*q).ok_or_else(|| overflow(op))?,
            "rem" => p.checked_rem(*q).ok_or_else(|| overflow(op))?,
            _ => {
                let r = p.checked_rem(*q).ok_or_else(|| overflow(op))?;
                if r != 0 && ((r < 0) != (*q < 0)) {
                    r + q
                } else {
                    r
                }
            }
        })),
        _ => {
            let (p, q) = (to_f(&num(a, op)?), to_f(&num(b, op)?));
            Ok(Value::Float(match op {
                "quot" => (p / q).trunc(),
                "rem" => p % q,
                _ => p - q * (p / q).floor(),
            }))
        }
    }
}

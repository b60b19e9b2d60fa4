//! Numbers: integers (overflow is an error, as Clojure's `+` throws; `+'` and its kin
//! promote to a big integer instead), big integers, ratios and doubles.
//!
//! Integer arithmetic on two `i64`s is the fast path. Any other exact arithmetic (a ratio or
//! a big integer among the operands) is done on big rationals and normalised as Clojure's
//! does: an integral result is a big integer (`(+ 1/2 1/2)` is `1N`), a ratio whose parts
//! fit in `i64` a ratio. DIVERGENCE: a ratio whose parts do not fit is an error.

use crate::value::error::{Error, Result};
use crate::value::Value;
use num_bigint::BigInt;
use num_integer::Integer;
use num_traits::{Signed, ToPrimitive, Zero};
use std::cmp::Ordering;
use std::sync::Arc;

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
    B(Arc<BigInt>),
}

fn num(v: &Value, op: &str) -> Result<N> {
    match v {
        Value::Int(i) => Ok(N::I(*i)),
        Value::Ratio(n, d) => Ok(N::R(*n, *d)),
        Value::Float(f) => Ok(N::F(*f)),
        Value::BigInt(b) => Ok(N::B(b.clone())),
        other => Err(not_a_number(op, other)),
    }
}

/// The error of `op` given `v`, which is not a number: Clojure's `NullPointerException` for
/// `nil`, its `ClassCastException` for anything else.
#[cold]
pub(crate) fn not_a_number(op: &str, v: &Value) -> Error {
    Error::ex(
        match v {
            Value::Nil => crate::value::error::NULL_POINTER,
            _ => crate::value::error::CLASS_CAST,
        },
        format!(
            "{op}: expected a number, got {}",
            crate::value::printer::describe(v)
        ),
    )
}

fn to_f(n: &N) -> f64 {
    match n {
        N::I(i) => *i as f64,
        N::R(a, b) => *a as f64 / *b as f64,
        N::F(f) => *f,
        N::B(b) => b.to_f64().unwrap_or(f64::NAN),
    }
}

/// An exact number as a big rational `(numerator, denominator)`, the denominator positive.
fn big_ratio(n: &N) -> (BigInt, BigInt) {
    match n {
        N::I(i) => (BigInt::from(*i), BigInt::from(1)),
        N::R(a, b) => (BigInt::from(*a), BigInt::from(*b)),
        N::B(b) => ((**b).clone(), BigInt::from(1)),
        N::F(_) => (BigInt::zero(), BigInt::from(1)),
    }
}

/// A big integer value.
pub fn big(n: BigInt) -> Value {
    Value::BigInt(Arc::new(n))
}

/// The big rational `n/d` as a value: a big integer when `d` divides `n`, else a ratio.
fn normalise(n: BigInt, d: BigInt, op: &str) -> Result<Value> {
    if d.is_zero() {
        return Err(Error::msg("divide by zero"));
    }
    let g = n.gcd(&d);
    let (mut n, mut d) = (n / &g, d / &g);
    if d.is_negative() {
        (n, d) = (-n, -d);
    }
    if d == BigInt::from(1) {
        return Ok(big(n));
    }
    match (n.to_i64(), d.to_i64()) {
        (Some(n), Some(d)) => Ok(Value::Ratio(n, d)),
        _ => Err(Error::msg(format!("{op}: ratio too large"))),
    }
}

/// `a op b` on exact numbers, as big rationals.
fn exact(op: char, x: &N, y: &N) -> Result<Value> {
    let ((a1, b1), (a2, b2)) = (big_ratio(x), big_ratio(y));
    let name = op_name(op);
    let (n, d) = match op {
        '+' => (&a1 * &b2 + &a2 * &b1, b1 * b2),
        '-' => (&a1 * &b2 - &a2 * &b1, b1 * b2),
        '*' => (a1 * a2, b1 * b2),
        _ => {
            if a2.is_zero() {
                return Err(Error::msg("divide by zero"));
            }
            (a1 * b2, b1 * a2)
        }
    };
    normalise(n, d, name)
}

/// `a op b` for `+' -' *'`: as [`arith`], except that two integers whose result does not fit
/// in 64 bits give a big integer instead of an overflow error.
///
/// ```
/// use kanren_clj::value::{num::arith_promoting, Value};
/// let v = arith_promoting('+', &Value::Int(i64::MAX), &Value::Int(1)).unwrap();
/// assert_eq!(v.to_string(), "9223372036854775808N");
/// ```
pub fn arith_promoting(op: char, a: &Value, b: &Value) -> Result<Value> {
    if let (Value::Int(p), Value::Int(q)) = (a, b) {
        if op != '/' {
            let r = match op {
                '+' => p.checked_add(*q),
                '-' => p.checked_sub(*q),
                _ => p.checked_mul(*q),
            };
            return Ok(match r {
                Some(r) => Value::Int(r),
                None => exact(op, &N::I(*p), &N::I(*q))?,
            });
        }
    }
    arith(op, a, b)
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
    arith_slow(op, a, b)
}

/// [`arith`] past its common case (kept out of line, so the common case stays small).
#[inline(never)]
fn arith_slow(op: char, a: &Value, b: &Value) -> Result<Value> {
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
    exact(op, &x, &y)
}

/// Numeric comparison of `a` and `b`.
pub fn compare(a: &Value, b: &Value, op: &str) -> Result<Ordering> {
    if let (Value::Int(p), Value::Int(q)) = (a, b) {
        return Ok(p.cmp(q));
    }
    compare_slow(a, b, op)
}

/// [`compare`] past its common case.
#[inline(never)]
fn compare_slow(a: &Value, b: &Value, op: &str) -> Result<Ordering> {
    let (x, y) = (num(a, op)?, num(b, op)?);
    Ok(match (&x, &y) {
        (N::I(p), N::I(q)) => p.cmp(q),
        (N::F(_), _) | (_, N::F(_)) => to_f(&x).partial_cmp(&to_f(&y)).unwrap_or(Ordering::Equal),
        (N::B(_), _) | (_, N::B(_)) => {
            let ((a1, b1), (a2, b2)) = (big_ratio(&x), big_ratio(&y));
            (a1 * b2).cmp(&(a2 * b1))
        }
        _ => {
            let ((a1, b1), (a2, b2)) = (big_ratio(&x), big_ratio(&y));
            (a1 * b2).cmp(&(a2 * b1))
        }
    })
}

/// Whether the value is a number.
pub fn is_num(v: &Value) -> bool {
    matches!(
        v,
        Value::Int(_) | Value::Float(_) | Value::Ratio(..) | Value::BigInt(_)
    )
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
            let (x, y) = (num(a, op)?, num(b, op)?);
            if matches!(x, N::F(_)) || matches!(y, N::F(_)) {
                let (p, q) = (to_f(&x), to_f(&y));
                return Ok(Value::Float(match op {
                    "quot" => (p / q).trunc(),
                    "rem" => p % q,
                    _ => p - q * (p / q).floor(),
                }));
            }
            // Exact: q = (x / y) truncated; rem = x - q*y; mod moves rem to y's sign.
            let ((a1, b1), (a2, b2)) = (big_ratio(&x), big_ratio(&y));
            if a2.is_zero() {
                return Err(Error::msg("divide by zero"));
            }
            let q = (&a1 * &b2) / (&b1 * &a2);
            if op == "quot" {
                return Ok(big(q));
            }
            // rem = a1/b1 - q*a2/b2
            let (n, d) = (&a1 * &b2 - &q * &a2 * &b1, &b1 * &b2);
            let rem = normalise(n.clone(), d.clone(), op)?;
            if op == "rem" || n.is_zero() || n.is_negative() == a2.is_negative() {
                return Ok(rem);
            }
            normalise(n * &b2 + &a2 * &d, d * b2, op)
        }
    }
}

/// `(bigint x)`: an integer or a number truncated to one, as a big integer.
pub fn to_bigint(v: &Value, op: &str) -> Result<Value> {
    Ok(big(match num(v, op)? {
        N::I(i) => BigInt::from(i),
        N::B(b) => (*b).clone(),
        N::R(n, d) => BigInt::from(n / d),
        N::F(f) => {
            if !f.is_finite() {
                return Err(Error::msg(format!("{op}: {f} has no integer value")));
            }
            num_bigint::BigInt::from(f.trunc() as i128)
        }
    }))
}

//! `clojure.core`'s numbers beyond `+ - * /`: the promoting `+'`, `-'`, `*'`, `inc'`,
//! `dec'` (a big integer on overflow), `bigint`, `biginteger`, `numerator`, `denominator`,
//! `even?`, `odd?`, `integer?`, `rational?`, and the bit operations on 64-bit integers.

use crate::library::core::{arity, reg, reg_slice};
use crate::value::error::{Error, Result};
use crate::value::num::{arith_promoting, int_div, to_bigint};
use crate::value::Value;

fn fold_promoting(op: char, ident: i64, args: Vec<Value>) -> Result<Value> {
    let name = crate::value::num::op_name(op);
    if args.is_empty() {
        return Ok(Value::Int(ident));
    }
    if args.len() == 1 {
        return match op {
            '-' => arith_promoting(op, &Value::Int(0), &args[0]),
            _ => arith_promoting(op, &args[0], &Value::Int(ident)),
        };
    }
    let mut it = args.into_iter();
    let mut acc = it.next().ok_or_else(|| Error::msg(name))?;
    for x in it {
        acc = arith_promoting(op, &acc, &x)?;
    }
    Ok(acc)
}

/// A 64-bit integer operand of a bit operation.
fn bits(v: &Value, op: &str) -> Result<i64> {
    match v {
        Value::Int(i) => Ok(*i),
        other => Err(Error::msg(format!(
            "{op}: expected an integer, got {}",
            crate::value::printer::describe(other)
        ))),
    }
}

/// Registers a bit operation folding its (at least two) arguments with `f`.
fn bit_fold(name: &'static str, f: fn(i64, i64) -> i64) {
    reg("clojure.core", name, move |a| {
        arity(&a, 2, usize::MAX, name)?;
        let mut acc = bits(&a[0], name)?;
        for x in &a[1..] {
            acc = f(acc, bits(x, name)?);
        }
        Ok(Value::Int(acc))
    });
}

/// Registers a bit operation on an integer and a bit index (taken modulo 64, as the JVM's
/// shifts do).
fn bit_at(name: &'static str, f: fn(i64, u32) -> Value) {
    reg("clojure.core", name, move |a| {
        arity(&a, 2, 2, name)?;
        let (x, n) = (bits(&a[0], name)?, bits(&a[1], name)?);
        Ok(f(x, (n & 63) as u32))
    });
}

fn parity(a: &[Value], name: &str) -> Result<bool> {
    arity(a, 1, 1, name)?;
    if let Value::Int(i) = a[0] {
        return Ok(i % 2 == 0);
    }
    if !matches!(a[0], Value::BigInt(_)) {
        return Err(Error::msg(format!(
            "{name}: argument must be an integer, got {}",
            crate::value::printer::describe(&a[0])
        )));
    }
    let r = int_div("rem", &a[0], &Value::Int(2))?;
    Ok(crate::value::coll::equal(&r, &Value::Int(0)))
}

/// Registers the functions of this module.
pub fn install() {
    let c = "clojure.core";
    reg(c, "+'", |a| fold_promoting('+', 0, a));
    reg(c, "*'", |a| fold_promoting('*', 1, a));
    reg(c, "-'", |a| {
        arity(&a, 1, usize::MAX, "-'")?;
        fold_promoting('-', 0, a)
    });
    reg(c, "inc'", |a| {
        arity(&a, 1, 1, "inc'")?;
        arith_promoting('+', &a[0], &Value::Int(1))
    });
    reg(c, "dec'", |a| {
        arity(&a, 1, 1, "dec'")?;
        arith_promoting('-', &a[0], &Value::Int(1))
    });
    reg(c, "bigint", |a| {
        arity(&a, 1, 1, "bigint")?;
        to_bigint(&a[0], "bigint")
    });
    // DIVERGENCE: a `BigInteger` is a big integer here (and prints as one, with its `N`).
    reg(c, "biginteger", |a| {
        arity(&a, 1, 1, "biginteger")?;
        to_bigint(&a[0], "biginteger")
    });
    reg(c, "numerator", |a| {
        arity(&a, 1, 1, "numerator")?;
        match &a[0] {
            Value::Ratio(n, _) => Ok(Value::Int(*n)),
            other => Err(Error::msg(format!(
                "numerator: expected a ratio, got {}",
                crate::value::printer::describe(other)
            ))),
        }
    });
    reg(c, "denominator", |a| {
        arity(&a, 1, 1, "denominator")?;
        match &a[0] {
            Value::Ratio(_, d) => Ok(Value::Int(*d)),
            other => Err(Error::msg(format!(
                "denominator: expected a ratio, got {}",
                crate::value::printer::describe(other)
            ))),
        }
    });
    reg_slice(c, "even?", |a| parity(a, "even?").map(Value::Bool));
    reg_slice(c, "odd?", |a| parity(a, "odd?").map(|e| Value::Bool(!e)));
    reg(c, "integer?", |a| {
        arity(&a, 1, 1, "integer?")?;
        Ok(Value::Bool(matches!(
            a[0],
            Value::Int(_) | Value::BigInt(_)
        )))
    });
    reg(c, "rational?", |a| {
        arity(&a, 1, 1, "rational?")?;
        Ok(Value::Bool(matches!(
            a[0],
            Value::Int(_) | Value::BigInt(_) | Value::Ratio(..)
        )))
    });
    bit_fold("bit-and", |x, y| x & y);
    bit_fold("bit-or", |x, y| x | y);
    bit_fold("bit-xor", |x, y| x ^ y);
    bit_fold("bit-and-not", |x, y| x & !y);
    reg(c, "bit-not", |a| {
        arity(&a, 1, 1, "bit-not")?;
        Ok(Value::Int(!bits(&a[0], "bit-not")?))
    });
    bit_at("bit-shift-left", |x, n| Value::Int(x << n));
    bit_at("bit-shift-right", |x, n| Value::Int(x >> n));
    bit_at("unsigned-bit-shift-right", |x, n| {
        Value::Int(((x as u64) >> n) as i64)
    });
    bit_at("bit-test", |x, n| Value::Bool((x >> n) & 1 == 1));
    bit_at("bit-set", |x, n| Value::Int(x | (1 << n)));
    bit_at("bit-clear", |x, n| Value::Int(x & !(1 << n)));
    bit_at("bit-flip", |x, n| Value::Int(x ^ (1 << n)));
}

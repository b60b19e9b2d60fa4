//! `clojure.core`, as built-in functions; this file holds part one: comparison, numbers, exceptions, `apply`,
//! `gensym`, random numbers, and [`reg`], which registers a built-in. Collections and atoms
//! are in `coll`, output in `io`, the sequence functions in `seq` (lazy ones in `lazy`, whole
//! seq ones in `reshape`), predicates and conversions in `pred`, maps in `map`, metadata in
//! `meta`. Clojure's other namespaces are in `library::clojure`.
//!
//! May depend on: `value/`, `eval/`'s interface, the reader; never on `library::logic`.

pub mod coll;
pub mod io;
pub mod lazy;
pub mod map;
pub mod meta;
pub mod pred;
pub mod reshape;
pub mod seq;
pub mod types;

use crate::eval::{apply, next_id};
pub use crate::library::core::io::{emit, str_of, with_out_str};
pub use crate::value::args::{arity, int_arg};
pub use crate::value::coll::{
    assoc1, conj1, contains, count, equal, get, map_insert, seq, seq_to_map,
};
use crate::value::error::{Error, Result};
use crate::value::num::{arith, compare as num_cmp, is_num};
use crate::value::printer::pr_str;
use crate::value::{Native, NativeFn, Value};
use std::cmp::Ordering;
use std::sync::atomic::{AtomicU64, Ordering as AtOrd};
use std::sync::Arc;

/// Clojure's `compare`.
pub fn compare(a: &Value, b: &Value) -> Result<Ordering> {
    Ok(match (a, b) {
        (Value::Nil, Value::Nil) => Ordering::Equal,
        (Value::Nil, _) => Ordering::Less,
        (_, Value::Nil) => Ordering::Greater,
        (x, y) if is_num(x) && is_num(y) => num_cmp(x, y, "compare")?,
        (Value::Str(x), Value::Str(y)) => x.cmp(y),
        (Value::Char(x), Value::Char(y)) => x.cmp(y),
        (Value::Bool(x), Value::Bool(y)) => x.cmp(y),
        (Value::Keyword(x), Value::Keyword(y)) | (Value::Symbol(x), Value::Symbol(y)) => x.cmp(y),
        (Value::Vector(x), Value::Vector(y)) => match x.len().cmp(&y.len()) {
            Ordering::Equal => {
                for (p, q) in x.iter().zip(y.iter()) {
                    let c = compare(p, q)?;
                    if c != Ordering::Equal {
                        return Ok(c);
                    }
                }
                Ordering::Equal
            }
            other => other,
        },
        (x, y) => {
            return Err(Error::msg(format!(
                "can't compare {} {} with {} {}",
                x.type_name(),
                pr_str(x),
                y.type_name(),
                pr_str(y)
            )))
        }
    })
}

/// Registers a built-in function.
pub fn reg(
    ns: &str,
    name: &'static str,
    f: impl Fn(Vec<Value>) -> Result<Value> + Send + Sync + 'static,
) {
    let f: NativeFn = Arc::new(f);
    crate::eval::ns::define(ns, name, Value::Native(Arc::new(Native { name, f })));
}

fn fold_arith(op: char, ident: i64, args: Vec<Value>) -> Result<Value> {
    match args.len() {
        0 => Ok(Value::Int(ident)),
        1 if op == '-' || op == '/' => arith(op, &Value::Int(ident), &args[0]),
        1 => {
            if !is_num(&args[0]) {
                return arith(op, &args[0], &Value::Int(ident));
            }
            Ok(args[0].clone())
        }
        2 => arith(op, &args[0], &args[1]),
        _ => {
            let mut it = args.into_iter();
            let mut acc = it
                .next()
                .ok_or_else(|| Error::msg(crate::value::num::op_name(op)))?;
            for x in it {
                acc = arith(op, &acc, &x)?;
            }
            Ok(acc)
        }
    }
}

fn chain(args: &[Value], name: &str, ok: fn(Ordering) -> bool) -> Result<Value> {
    if args.is_empty() {
        return Err(Error::msg(format!(
            "wrong number of args (0) passed to {name}"
        )));
    }
    for w in args.windows(2) {
        if !ok(num_cmp(&w[0], &w[1], name)?) {
            return Ok(Value::Bool(false));
        }
    }
    if args.len() == 1 {
        num_cmp(&args[0], &args[0], name)?;
    }
    Ok(Value::Bool(true))
}

fn xorshift() -> u64 {
    static STATE: AtomicU64 = AtomicU64::new(0);
    let mut x = STATE.load(AtOrd::Relaxed);
    if x == 0 {
        x = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(88172645463325252, |d| d.as_nanos() as u64)
            | 1;
    }
    x ^= x << 13;
    x ^= x >> 7;
    x ^= x << 17;
    STATE.store(x, AtOrd::Relaxed);
    x
}

/// A random number below `n` (`n > 0`).
pub fn rand_below(n: u64) -> u64 {
    xorshift() % n.max(1)
}

/// Registers the functions of this module.
pub fn install() {
    let c = "clojure.core";
    reg(c, "+", |a| fold_arith('+', 0, a));
    reg(c, "-", |a| {
        arity(&a, 1, usize::MAX, "-")?;
        fold_arith('-', 0, a)
    });
    reg(c, "*", |a| fold_arith('*', 1, a));
    reg(c, "/", |a| {
        arity(&a, 1, usize::MAX, "/")?;
        fold_arith('/', 1, a)
    });
    reg(c, "inc", |a| {
        arity(&a, 1, 1, "inc")?;
        arith('+', &a[0], &Value::Int(1))
    });
    reg(c, "dec", |a| {
        arity(&a, 1, 1, "dec")?;
        arith('-', &a[0], &Value::Int(1))
    });
    reg(c, "quot", |a| {
        arity(&a, 2, 2, "quot")?;
        crate::value::num::int_div("quot", &a[0], &a[1])
    });
    reg(c, "rem", |a| {
        arity(&a, 2, 2, "rem")?;
        crate::value::num::int_div("rem", &a[0], &a[1])
    });
    reg(c, "mod", |a| {
        arity(&a, 2, 2, "mod")?;
        crate::value::num::int_div("mod", &a[0], &a[1])
    });
    reg(c, "max", |a| minmax(a, "max", Ordering::Greater));
    reg(c, "min", |a| minmax(a, "min", Ordering::Less));
    reg(c, "abs", abs);
    crate::eval::ns::define(
        "Math",
        "abs",
        Value::Native(Arc::new(Native {
            name: "Math/abs",
            f: Arc::new(abs),
        })),
    );
    reg(c, "<", |a| chain(&a, "<", |o| o == Ordering::Less));
    reg(c, ">", |a| chain(&a, ">", |o| o == Ordering::Greater));
    reg(c, "<=", |a| chain(&a, "<=", |o| o != Ordering::Greater));
    reg(c, ">=", |a| chain(&a, ">=", |o| o != Ordering::Less));
    reg(c, "==", |a| chain(&a, "==", |o| o == Ordering::Equal));
    reg(c, "=", |a| {
        arity(&a, 1, usize::MAX, "=")?;
        Ok(Value::Bool(a.windows(2).all(|w| equal(&w[0], &w[1]))))
    });
    reg(c, "not=", |a| {
        arity(&a, 1, usize::MAX, "not=")?;
        Ok(Value::Bool(!a.windows(2).all(|w| equal(&w[0], &w[1]))))
    });
    reg(c, "compare", |a| {
        arity(&a, 2, 2, "compare")?;
        Ok(Value::Int(compare(&a[0], &a[1])? as i64))
    });
    reg(c, "not", |a| {
        arity(&a, 1, 1, "not")?;
        Ok(Value::Bool(!a[0].truthy()))
    });
    reg(c, "zero?", |a| {
        num_pred(a, "zero?", |o| o == Ordering::Equal)
    });
    reg(c, "pos?", |a| {
        num_pred(a, "pos?", |o| o == Ordering::Greater)
    });
    reg(c, "neg?", |a| num_pred(a, "neg?", |o| o == Ordering::Less));
    reg(c, "even?", |a| {
        arity(&a, 1, 1, "even?")?;
        Ok(Value::Bool(int_arg(&a[0], "even?")? % 2 == 0))
    });
    reg(c, "odd?", |a| {
        arity(&a, 1, 1, "odd?")?;
        Ok(Value::Bool(int_arg(&a[0], "odd?")? % 2 != 0))
    });
    crate::library::core::io::install();
    reg(c, "apply", |mut a| {
        arity(&a, 1, usize::MAX, "apply")?;
        let f = a.remove(0);
        let last = a.pop().unwrap_or(Value::Nil);
        a.extend(last.to_vec()?);
        apply(&f, a)
    });
    crate::library::core::coll::install();
    reg(c, "gensym", |a| {
        let prefix = match a.first() {
            Some(Value::Str(s)) => s.to_string(),
            Some(Value::Symbol(s)) => s.to_string(),
            _ => "G__".into(),
        };
        Ok(Value::Symbol(format!("{prefix}{}", next_id()).into()))
    });
    reg(c, "rand-int", |a| {
        arity(&a, 1, 1, "rand-int")?;
        let n = int_arg(&a[0], "rand-int")?;
        Ok(Value::Int(if n <= 0 {
            0
        } else {
            rand_below(n as u64) as i64
        }))
    });
    reg(c, "rand", |_| {
        Ok(Value::Float(
            (xorshift() >> 11) as f64 / (1u64 << 53) as f64,
        ))
    });
    reg(c, "ex-info", |a| {
        arity(&a, 1, 3, "ex-info")?;
        Ok(Value::Map(crate::value::items::Items::arc(vec![
            (Value::kw("message"), a[0].clone()),
            (Value::kw("data"), a.get(1).cloned().unwrap_or(Value::Nil)),
        ])))
    });
    reg(c, "ex-message", |a| {
        get(a.first().unwrap_or(&Value::Nil), &Value::kw("message"))
    });
    reg(c, "ex-data", |a| {
        get(a.first().unwrap_or(&Value::Nil), &Value::kw("data"))
    });
    crate::library::core::pred::install();
}

fn abs(a: Vec<Value>) -> Result<Value> {
    arity(&a, 1, 1, "abs")?;
    match &a[0] {
        Value::Int(i) => i
            .checked_abs()
            .map(Value::Int)
            .ok_or_else(|| Error::msg("abs: integer overflow")),
        Value::Float(f) => Ok(Value::Float(f.abs())),
        Value::Ratio(n, d) => Ok(Value::Ratio(n.abs(), *d)),
        other => Err(Error::msg(format!(
            "abs: expected a number, got {}",
            crate::value::printer::describe(other)
        ))),
    }
}

fn minmax(a: Vec<Value>, name: &str, want: Ordering) -> Result<Value> {
    arity(&a, 1, usize::MAX, name)?;
    let mut best = a[0].clone();
    for x in &a[1..] {
        if num_cmp(x, &best, name)? == want {
            best = x.clone();
        }
    }
    num_cmp(&best, &best, name)?;
    Ok(best)
}

fn num_pred(a: Vec<Value>, name: &str, ok: fn(Ordering) -> bool) -> Result<Value> {
    arity(&a, 1, 1, name)?;
    Ok(Value::Bool(ok(num_cmp(&a[0], &Value::Int(0), name)?)))
}

//! Small `clojure.core` functions with no better home: identity and hashing (`identical?`,
//! `hash` and its helpers), map entries (`find`, `key`, `val`, `map-entry?`), number parts
//! and conversions (`numerator`, `denominator`, `float`, `byte`, `short`, `num`, `NaN?`,
//! `infinite?`), the `unchecked-` arithmetic, `parse-long`, `parse-double`, `parse-boolean`, `special-symbol?` and
//! `alias`.
//!
//! `hash` agrees with `=` (equal values hash alike, numbers of one value across kinds
//! excepted as in Clojure) but its numbers are not the JVM's.

use crate::library::core::{arity, reg};
use crate::value::error::{Error, Result};
use crate::value::Value;
use std::hash::{Hash, Hasher};

/// Clojure's `identical?`: the same object. A value behind an `Arc` is itself only where
/// the pointers are equal; keywords, vars and classes are interned, and so are the
/// small integers (`-128` to `127`) that Java caches.
pub fn identical(x: &Value, y: &Value) -> bool {
    use std::sync::Arc;
    match (x, y) {
        (Value::Vector(x), Value::Vector(y)) | (Value::Set(x), Value::Set(y)) => Arc::ptr_eq(x, y),
        (Value::Map(x), Value::Map(y)) | (Value::PartialMap(x), Value::PartialMap(y)) => {
            Arc::ptr_eq(x, y)
        }
        (Value::VecSeq(x, i), Value::VecSeq(y, j)) => Arc::ptr_eq(x, y) && i == j,
        (Value::List(x), Value::List(y)) => triomphe::Arc::ptr_eq(x, y),
        (Value::Lazy(x), Value::Lazy(y)) => triomphe::Arc::ptr_eq(x, y),
        (Value::Str(x), Value::Str(y)) | (Value::Symbol(x), Value::Symbol(y)) => Arc::ptr_eq(x, y),
        (Value::BigInt(x), Value::BigInt(y)) => Arc::ptr_eq(x, y),
        (Value::Cell(x), Value::Cell(y)) => Arc::ptr_eq(x, y),
        (Value::SortedMap(x), Value::SortedMap(y)) | (Value::SortedSet(x), Value::SortedSet(y)) => {
            Arc::ptr_eq(x, y)
        }
        (Value::Fn(x), Value::Fn(y)) | (Value::Macro(x), Value::Macro(y)) => Arc::ptr_eq(x, y),
        (Value::Native(x), Value::Native(y)) => Arc::ptr_eq(x, y),
        (Value::Goal(x), Value::Goal(y)) => x.same(y),
        (Value::Atom(x), Value::Atom(y)) => Arc::ptr_eq(x, y),
        (Value::Object(x), Value::Object(y)) => Arc::ptr_eq(x, y),
        (Value::Exception(x), Value::Exception(y)) => Arc::ptr_eq(x, y),
        (Value::StringBuilder(x), Value::StringBuilder(y)) => Arc::ptr_eq(x, y),
        (Value::Regex(x), Value::Regex(y)) => Arc::ptr_eq(x, y),
        (Value::Tie(x), Value::Tie(y)) => Arc::ptr_eq(x, y),
        (Value::Int(x), Value::Int(y)) => x == y && (-128..=127).contains(x),
        (Value::Nil, Value::Nil) | (Value::EmptyList, Value::EmptyList) => true,
        (Value::Bool(_) | Value::Char(_) | Value::Keyword(_) | Value::Var(_), _)
        | (Value::Class(_) | Value::LVar(_) | Value::Nom(_), _) => crate::value::coll::equal(x, y),
        _ => false,
    }
}

/// A hash that agrees with `=`: sequential collections by their elements, maps and sets
/// whatever their order.
pub fn hash_of(v: &Value) -> Result<i64> {
    let mut h = rustc_hash::FxHasher::default();
    Ok(match v {
        Value::Nil => 0,
        Value::Bool(b) => {
            if *b {
                1231
            } else {
                1237
            }
        }
        Value::Int(i) => *i,
        Value::Float(f) if f.fract() == 0.0 && f.abs() < 9.0e15 => *f as i64,
        Value::Float(f) => f.to_bits() as i64,
        Value::Ratio(n, d) => n.wrapping_mul(31).wrapping_add(*d),
        Value::Str(s) => {
            ("s", &**s).hash(&mut h);
            h.finish() as i64
        }
        Value::Char(c) => *c as i64,
        Value::Keyword(s) => {
            ("k", &**s).hash(&mut h);
            h.finish() as i64
        }
        Value::Symbol(s) => {
            ("y", &**s).hash(&mut h);
            h.finish() as i64
        }
        Value::Map(_) | Value::SortedMap(_) | Value::Set(_) | Value::SortedSet(_) => {
            let set = matches!(v, Value::Set(_) | Value::SortedSet(_));
            let mut acc: i64 = 0;
            for (k, x) in crate::value::coll::map_entries(v) {
                acc = acc.wrapping_add(if set {
                    hash_of(&k)?
                } else {
                    hash_of(&k)? ^ hash_of(&x)?.wrapping_mul(31)
                });
            }
            acc
        }
        Value::Domain(d) => d.hash_code(),
        x if x.is_sequential() => {
            let mut acc: i64 = 1;
            for e in x.to_vec()? {
                acc = acc.wrapping_mul(31).wrapping_add(hash_of(&e)?);
            }
            acc
        }
        other => crate::value::printer::pr_str(other).len() as i64,
    })
}

fn entry(v: &Value, i: usize, name: &str) -> Result<Value> {
    match v {
        Value::Vector(kv) if kv.len() == 2 => Ok(kv[i].clone()),
        other => Err(Error::msg(format!(
            "{name}: expected a map entry, got {}",
            crate::value::printer::describe(other)
        ))),
    }
}

fn str_arg<'a>(v: &'a Value, name: &str) -> Result<&'a str> {
    match v {
        Value::Str(s) => Ok(s),
        other => Err(Error::msg(format!(
            "{name}: expected a string, got {}",
            crate::value::printer::describe(other)
        ))),
    }
}

fn float_of(v: &Value, name: &str) -> Result<f64> {
    Ok(match v {
        Value::Int(i) => *i as f64,
        Value::Float(f) => *f,
        Value::Ratio(n, d) => *n as f64 / *d as f64,
        other => {
            return Err(Error::msg(format!(
                "{name}: expected a number, got {}",
                crate::value::printer::describe(other)
            )))
        }
    })
}

fn int_in(v: &Value, lo: i64, hi: i64, name: &str) -> Result<Value> {
    let i = match v {
        Value::Float(f) => f.trunc() as i64,
        Value::Ratio(n, d) => n / d,
        Value::Char(c) => *c as i64,
        other => crate::value::args::int_arg(other, name)?,
    };
    if i < lo || i > hi {
        return Err(Error::msg(format!("Value out of range for {name}: {i}")));
    }
    Ok(Value::Int(i))
}

/// The special forms `special-symbol?` knows.
const SPECIALS: &[&str] = &[
    "def",
    "loop*",
    "recur",
    "if",
    "case*",
    "let*",
    "letfn*",
    "do",
    "fn*",
    "quote",
    "var",
    "import*",
    ".",
    "set!",
    "deftype*",
    "reify*",
    "try",
    "throw",
    "monitor-enter",
    "monitor-exit",
    "catch",
    "finally",
    "new",
    "&",
];

/// `unchecked-NAME`: arithmetic that wraps around on overflow, on longs (`-int`: on 32-bit
/// ints).
fn unchecked(name: &'static str, n: usize, int: bool, op: fn(i64, i64) -> Option<i64>) {
    reg("clojure.core", name, move |a| {
        arity(&a, n, n, name)?;
        let x = crate::value::args::int_arg(&a[0], name)?;
        let y = match a.get(1) {
            Some(v) => crate::value::args::int_arg(v, name)?,
            None => 0,
        };
        let r = op(x, y).ok_or_else(|| Error::msg("Divide by zero"))?;
        Ok(Value::Int(if int { r as i32 as i64 } else { r }))
    });
}

fn install_unchecked() {
    unchecked("unchecked-add", 2, false, |x, y| Some(x.wrapping_add(y)));
    unchecked("unchecked-subtract", 2, false, |x, y| {
        Some(x.wrapping_sub(y))
    });
    unchecked("unchecked-multiply", 2, false, |x, y| {
        Some(x.wrapping_mul(y))
    });
    unchecked("unchecked-negate", 1, false, |x, _| Some(x.wrapping_neg()));
    unchecked("unchecked-inc", 1, false, |x, _| Some(x.wrapping_add(1)));
    unchecked("unchecked-dec", 1, false, |x, _| Some(x.wrapping_sub(1)));
    unchecked("unchecked-add-int", 2, true, |x, y| {
        Some((x as i32).wrapping_add(y as i32) as i64)
    });
    unchecked("unchecked-subtract-int", 2, true, |x, y| {
        Some((x as i32).wrapping_sub(y as i32) as i64)
    });
    unchecked("unchecked-multiply-int", 2, true, |x, y| {
        Some((x as i32).wrapping_mul(y as i32) as i64)
    });
    unchecked("unchecked-negate-int", 1, true, |x, _| {
        Some((x as i32).wrapping_neg() as i64)
    });
    unchecked("unchecked-inc-int", 1, true, |x, _| {
        Some((x as i32).wrapping_add(1) as i64)
    });
    unchecked("unchecked-dec-int", 1, true, |x, _| {
        Some((x as i32).wrapping_sub(1) as i64)
    });
    unchecked("unchecked-divide-int", 2, true, |x, y| {
        (x as i32).checked_div(y as i32).map(i64::from)
    });
    unchecked("unchecked-remainder-int", 2, true, |x, y| {
        (x as i32).checked_rem(y as i32).map(i64::from)
    });
    unchecked("unchecked-long", 1, false, |x, _| Some(x));
    unchecked("unchecked-int", 1, true, |x, _| Some(x));
    unchecked("unchecked-short", 1, false, |x, _| Some(x as i16 as i64));
    unchecked("unchecked-byte", 1, false, |x, _| Some(x as i8 as i64));
    reg("clojure.core", "unchecked-char", |a| {
        arity(&a, 1, 1, "unchecked-char")?;
        let x = match &a[0] {
            Value::Char(c) => *c as i64,
            other => crate::value::args::int_arg(other, "unchecked-char")?,
        };
        Ok(Value::Char(
            char::from_u32(x as u16 as u32).unwrap_or(char::REPLACEMENT_CHARACTER),
        ))
    });
    reg("clojure.core", "unchecked-double", |a| {
        arity(&a, 1, 1, "unchecked-double")?;
        Ok(Value::Float(float_of(&a[0], "unchecked-double")?))
    });
    reg("clojure.core", "unchecked-float", |a| {
        arity(&a, 1, 1, "unchecked-float")?;
        Ok(Value::Float(
            float_of(&a[0], "unchecked-float")? as f32 as f64
        ))
    });
}

/// Registers the functions of this module.
pub fn install() {
    install_unchecked();
    let c = "clojure.core";
    let chars = |pairs: &[(char, &str)]| {
        Value::Map(crate::value::items::Items::arc(
            pairs
                .iter()
                .map(|(c, s)| (Value::Char(*c), Value::str(s)))
                .collect(),
        ))
    };
    crate::eval::ns::define(
        c,
        "char-escape-string",
        chars(&[
            ('\n', "\\n"),
            ('\t', "\\t"),
            ('\r', "\\r"),
            ('"', "\\\""),
            ('\\', "\\\\"),
            ('\u{c}', "\\f"),
            ('\u{8}', "\\b"),
        ]),
    );
    crate::eval::ns::define(
        c,
        "char-name-string",
        chars(&[
            ('\n', "newline"),
            ('\t', "tab"),
            (' ', "space"),
            ('\u{8}', "backspace"),
            ('\u{c}', "formfeed"),
            ('\r', "return"),
        ]),
    );
    crate::eval::ns::define(
        c,
        "*clojure-version*",
        Value::Map(crate::value::items::Items::arc(vec![
            (Value::kw("major"), Value::Int(1)),
            (Value::kw("minor"), Value::Int(11)),
            (Value::kw("incremental"), Value::Int(1)),
            (Value::kw("qualifier"), Value::Nil),
        ])),
    );
    reg(c, "identical?", |a| {
        arity(&a, 2, 2, "identical?")?;
        Ok(Value::Bool(identical(&a[0], &a[1])))
    });
    reg(c, "hash", |a| {
        arity(&a, 1, 1, "hash")?;
        Ok(Value::Int(hash_of(&a[0])? as i32 as i64))
    });
    reg(c, "hash-ordered-coll", |a| {
        arity(&a, 1, 1, "hash-ordered-coll")?;
        Ok(Value::Int(
            hash_of(&Value::vector(a[0].to_vec()?))? as i32 as i64
        ))
    });
    reg(c, "hash-unordered-coll", |a| {
        arity(&a, 1, 1, "hash-unordered-coll")?;
        let mut acc: i64 = 0;
        for x in a[0].to_vec()? {
            acc = acc.wrapping_add(hash_of(&x)?);
        }
        Ok(Value::Int(acc as i32 as i64))
    });
    reg(c, "mix-collection-hash", |a| {
        arity(&a, 2, 2, "mix-collection-hash")?;
        let h = crate::value::args::int_arg(&a[0], "mix-collection-hash")?;
        let n = crate::value::args::int_arg(&a[1], "mix-collection-hash")?;
        Ok(Value::Int(h.wrapping_mul(31).wrapping_add(n) as i32 as i64))
    });
    reg(c, "hash-combine", |a| {
        arity(&a, 2, 2, "hash-combine")?;
        let x = crate::value::args::int_arg(&a[0], "hash-combine")?;
        let y = hash_of(&a[1])?;
        Ok(Value::Int(
            (x ^ (y
                .wrapping_add(0x9e3779b9)
                .wrapping_add(x << 6)
                .wrapping_add(x >> 2))) as i32 as i64,
        ))
    });
    reg(c, "find", |a| {
        arity(&a, 2, 2, "find")?;
        Ok(if crate::value::coll::contains(&a[0], &a[1])? {
            let k = match &a[0] {
                Value::SortedMap(s) => s.get(&a[1])?.map_or(a[1].clone(), |e| e.0.clone()),
                _ => a[1].clone(),
            };
            Value::vector(vec![k, crate::value::coll::get(&a[0], &a[1])?])
        } else {
            Value::Nil
        })
    });
    reg(c, "key", |a| {
        arity(&a, 1, 1, "key")?;
        entry(&a[0], 0, "key")
    });
    reg(c, "val", |a| {
        arity(&a, 1, 1, "val")?;
        entry(&a[0], 1, "val")
    });
    reg(c, "map-entry?", |a| {
        arity(&a, 1, 1, "map-entry?")?;
        Ok(Value::Bool(
            matches!(&a[0], Value::Vector(kv) if kv.len() == 2),
        ))
    });
    reg(c, "numerator", |a| {
        arity(&a, 1, 1, "numerator")?;
        match a[0] {
            Value::Ratio(n, _) => Ok(Value::Int(n)),
            _ => Err(Error::msg("numerator: expected a ratio")),
        }
    });
    reg(c, "denominator", |a| {
        arity(&a, 1, 1, "denominator")?;
        match a[0] {
            Value::Ratio(_, d) => Ok(Value::Int(d)),
            _ => Err(Error::msg("denominator: expected a ratio")),
        }
    });
    reg(c, "float", |a| {
        arity(&a, 1, 1, "float")?;
        Ok(Value::Float(float_of(&a[0], "float")? as f32 as f64))
    });
    reg(c, "NaN?", |a| {
        arity(&a, 1, 1, "NaN?")?;
        Ok(Value::Bool(float_of(&a[0], "NaN?")?.is_nan()))
    });
    reg(c, "infinite?", |a| {
        arity(&a, 1, 1, "infinite?")?;
        Ok(Value::Bool(float_of(&a[0], "infinite?")?.is_infinite()))
    });
    reg(c, "byte", |a| {
        arity(&a, 1, 1, "byte")?;
        int_in(&a[0], -128, 127, "byte")
    });
    reg(c, "short", |a| {
        arity(&a, 1, 1, "short")?;
        int_in(&a[0], -32768, 32767, "short")
    });
    reg(c, "num", |a| {
        arity(&a, 1, 1, "num")?;
        float_of(&a[0], "num")?;
        Ok(a[0].clone())
    });
    reg(c, "parse-long", |a| {
        arity(&a, 1, 1, "parse-long")?;
        let s = str_arg(&a[0], "parse-long")?;
        let ok = !s.starts_with("+-") && !s.starts_with("--");
        Ok(match s.parse::<i64>() {
            Ok(n) if ok => Value::Int(n),
            _ => Value::Nil,
        })
    });
    reg(c, "parse-double", |a| {
        arity(&a, 1, 1, "parse-double")?;
        let s = str_arg(&a[0], "parse-double")?.trim();
        Ok(match s {
            "NaN" => Value::Float(f64::NAN),
            "Infinity" | "+Infinity" => Value::Float(f64::INFINITY),
            "-Infinity" => Value::Float(f64::NEG_INFINITY),
            _ if s
                .chars()
                .any(|c| c.is_ascii_alphabetic() && c != 'e' && c != 'E') =>
            {
                Value::Nil
            }
            _ => s.parse::<f64>().map_or(Value::Nil, Value::Float),
        })
    });
    reg(c, "parse-boolean", |a| {
        arity(&a, 1, 1, "parse-boolean")?;
        Ok(match str_arg(&a[0], "parse-boolean")? {
            "true" => Value::Bool(true),
            "false" => Value::Bool(false),
            _ => Value::Nil,
        })
    });
    reg(c, "special-symbol?", |a| {
        arity(&a, 1, 1, "special-symbol?")?;
        Ok(Value::Bool(
            matches!(&a[0], Value::Symbol(s) if SPECIALS.contains(&&**s)),
        ))
    });
    reg(c, "alias", |a| {
        arity(&a, 2, 2, "alias")?;
        match (&a[0], &a[1]) {
            (Value::Symbol(al), Value::Symbol(n)) => {
                crate::eval::ns::check_known(n)?;
                crate::eval::ns::add_alias(al, n);
                Ok(Value::Nil)
            }
            _ => Err(Error::msg("alias: expected two symbols")),
        }
    });
}

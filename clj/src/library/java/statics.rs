//! The static methods and fields of `java.lang`'s `Math`, `Integer`, `Long`, `Double`,
//! `Character`, `String` and `Boolean`, as built-in functions and values defined in a
//! namespace named after the class (and its qualified name): `Math/sqrt`, `Integer/parseInt`,
//! `Character/digit`, `Long/MAX_VALUE`, ...

use crate::library::java::cast;
use crate::value::error::{Error, Result, ARITHMETIC, NUMBER_FORMAT};
use crate::value::{Native, Value};
use std::sync::Arc;

/// Defines `class/name` (and `java.lang.class/name`) to be `v`.
pub fn def(class: &str, name: &str, v: Value) {
    crate::eval::ns::define(class, name, v.clone());
    crate::eval::ns::define(&format!("java.lang.{class}"), name, v);
}

/// Defines the static method `class/name` as a built-in function.
pub fn method(
    class: &str,
    name: &str,
    f: impl Fn(&[Value]) -> Result<Value> + Send + Sync + 'static,
) {
    let full: &'static str = Box::leak(format!("{class}/{name}").into_boxed_str());
    let native = Native {
        name: full,
        f: Arc::new(move |a: Vec<Value>| f(&a)),
        slice: None,
        terms: None,
        pure: false,
        shared: false,
    };
    def(class, name, Value::Native(Arc::new(native)));
}

/// The error of a static method called with arguments it has no form for.
pub fn no_match(name: &str, a: &[Value]) -> Error {
    Error::ex(
        crate::value::error::ILLEGAL_ARGUMENT,
        format!(
            "No matching method {name} found taking {} args{}",
            a.len(),
            match a.first() {
                Some(v) => format!(" (the first a {})", crate::library::java::class_name(v)),
                None => String::new(),
            }
        ),
    )
}

/// A number as a double.
pub fn double(v: &Value) -> Result<f64> {
    match v {
        Value::Int(i) => Ok(*i as f64),
        Value::Float(f) => Ok(*f),
        Value::Ratio(n, d) => Ok(*n as f64 / *d as f64),
        other => Err(cast(other, "java.lang.Number")),
    }
}

fn long(v: &Value) -> Result<i64> {
    match v {
        Value::Int(i) => Ok(*i),
        Value::Char(c) => Ok(*c as i64),
        other => Err(cast(other, "java.lang.Number")),
    }
}

fn character(v: &Value) -> Result<char> {
    match v {
        Value::Char(c) => Ok(*c),
        Value::Int(i) => u32::try_from(*i)
            .ok()
            .and_then(char::from_u32)
            .ok_or_else(|| {
                Error::ex(
                    crate::value::error::ILLEGAL_ARGUMENT,
                    format!("not a code point: {i}"),
                )
            }),
        other => Err(cast(other, "java.lang.Character")),
    }
}

/// Java's `Long.parseLong`/`Integer.parseInt`: an optional sign and digits of `radix`, in
/// the range `lo..=hi`.
fn parse_int(a: &[Value], lo: i64, hi: i64, name: &str) -> Result<Value> {
    let (s, radix) = match a {
        [s] => (s, 10),
        [s, r] => (s, long(r)?),
        _ => return Err(no_match(name, a)),
    };
    let s = match s {
        Value::Str(s) => s.to_string(),
        Value::Nil => {
            return Err(Error::ex(NUMBER_FORMAT, "Cannot parse null string: null"));
        }
        other => return Err(cast(other, "java.lang.String")),
    };
    let bad = || {
        Error::ex(
            NUMBER_FORMAT,
            if radix == 10 {
                format!("For input string: \"{s}\"")
            } else {
                format!("For input string: \"{s}\" under radix {radix}")
            },
        )
    };
    if !(2..=36).contains(&radix) {
        return Err(bad());
    }
    let digits = s.strip_prefix(['+', '-']).unwrap_or(&s);
    if digits.is_empty() || !digits.chars().all(|c| c.is_digit(radix as u32)) {
        return Err(bad());
    }
    i128::from_str_radix(&s, radix as u32)
        .ok()
        .filter(|n| (lo as i128..=hi as i128).contains(n))
        .map(|n| Value::Int(n as i64))
        .ok_or_else(bad)
}

/// `n` in `radix` (2 to 36; 10 otherwise), with a `-` for a negative number.
fn radix_string(n: i64, radix: i64) -> String {
    let radix = if (2..=36).contains(&radix) {
        radix as u64
    } else {
        10
    };
    let mut m = n.unsigned_abs();
    let mut out = Vec::new();
    loop {
        out.push(std::char::from_digit((m % radix) as u32, radix as u32).unwrap_or('?'));
        m /= radix;
        if m == 0 {
            break;
        }
    }
    if n < 0 {
        out.push('-');
    }
    out.iter().rev().collect()
}

fn parse_double(a: &[Value]) -> Result<Value> {
    let s = match a {
        [Value::Str(s)] => s.trim().to_string(),
        [Value::Nil] => return Err(Error::ex(crate::value::error::NULL_POINTER, "null")),
        [other] => return Err(cast(other, "java.lang.String")),
        _ => return Err(no_match("parseDouble", a)),
    };
    let t = s.trim_end_matches(['d', 'D', 'f', 'F']);
    let ok = !t.is_empty() && t.chars().all(|c| c.is_ascii_digit() || "+-.eE".contains(c))
        || ["Infinity", "+Infinity", "-Infinity", "NaN"].contains(&t);
    match t.replace("Infinity", "inf").parse::<f64>() {
        Ok(f) if ok => Ok(Value::Float(f)),
        _ => Err(Error::ex(
            NUMBER_FORMAT,
            if s.is_empty() {
                "empty String".to_string()
            } else {
                format!("For input string: \"{s}\"")
            },
        )),
    }
}

fn exact(r: Option<i64>) -> Result<Value> {
    r.map(Value::Int)
        .ok_or_else(|| Error::ex(ARITHMETIC, "long overflow"))
}

/// A double function of one double (`Math/sqrt`).
type Unary = fn(f64) -> f64;
/// A double function of two doubles (`Math/pow`).
type Binary = fn(f64, f64) -> f64;
/// A test of a character (`Character/isDigit`).
type CharPred = fn(char) -> bool;

/// `Math`'s functions, from the `libm` crate (fdlibm's algorithms, as Java's `StrictMath`):
/// the binary then loads no system math library at start.
fn install_math() {
    let m = "Math";
    def(m, "PI", Value::Float(std::f64::consts::PI));
    def(m, "E", Value::Float(std::f64::consts::E));
    let unary: &[(&str, Unary)] = &[
        ("sqrt", f64::sqrt),
        ("cbrt", libm::cbrt),
        ("floor", f64::floor),
        ("ceil", f64::ceil),
        ("rint", |x| {
            let r = x.round();
            if (x - x.trunc()).abs() == 0.5 && r % 2.0 != 0.0 {
                r - x.signum()
            } else {
                r
            }
        }),
        ("log", libm::log),
        ("log10", libm::log10),
        ("log1p", libm::log1p),
        ("exp", libm::exp),
        ("expm1", libm::expm1),
        ("sin", libm::sin),
        ("cos", libm::cos),
        ("tan", libm::tan),
        ("asin", libm::asin),
        ("acos", libm::acos),
        ("atan", libm::atan),
        ("sinh", libm::sinh),
        ("cosh", libm::cosh),
        ("tanh", libm::tanh),
        ("toRadians", f64::to_radians),
        ("toDegrees", f64::to_degrees),
        ("ulp", ulp),
        ("nextUp", |x| next_toward(x, f64::INFINITY)),
        ("nextDown", |x| next_toward(x, f64::NEG_INFINITY)),
        ("signum", |x| {
            if x == 0.0 || x.is_nan() {
                x
            } else {
                x.signum()
            }
        }),
    ];
    for (name, f) in unary {
        let f = *f;
        method(m, name, move |a| match a {
            [x] => Ok(Value::Float(f(double(x)?))),
            _ => Err(no_match(name, a)),
        });
    }
    let binary: &[(&str, Binary)] = &[
        ("pow", libm::pow),
        ("atan2", libm::atan2),
        ("hypot", libm::hypot),
        ("nextAfter", next_toward),
    ];
    for (name, f) in binary {
        let f = *f;
        method(m, name, move |a| match a {
            [x, y] => Ok(Value::Float(f(double(x)?, double(y)?))),
            _ => Err(no_match(name, a)),
        });
    }
    method(m, "abs", |a| match a {
        [Value::Int(i)] => Ok(Value::Int(i.wrapping_abs())),
        [x] => Ok(Value::Float(double(x)?.abs())),
        _ => Err(no_match("abs", a)),
    });
    method(m, "round", |a| match a {
        [Value::Int(i)] => Ok(Value::Int(*i)),
        [x] => {
            let f = double(x)?;
            Ok(Value::Int(if f.is_nan() {
                0
            } else {
                (f + 0.5).floor() as i64
            }))
        }
        _ => Err(no_match("round", a)),
    });
    for (name, max) in [("max", true), ("min", false)] {
        method(m, name, move |a| match a {
            [Value::Int(x), Value::Int(y)] => {
                Ok(Value::Int(if max { *x.max(y) } else { *x.min(y) }))
            }
            [x, y] => {
                let (x, y) = (double(x)?, double(y)?);
                Ok(Value::Float(if x.is_nan() || y.is_nan() {
                    f64::NAN
                } else if max {
                    x.max(y)
                } else {
                    x.min(y)
                }))
            }
            _ => Err(no_match(name, a)),
        });
    }
    method(m, "floorDiv", |a| match a {
        [x, y] => {
            let (x, y) = (long(x)?, long(y)?);
            if y == 0 {
                return Err(Error::ex(ARITHMETIC, "/ by zero"));
            }
            let q = x.wrapping_div(y);
            Ok(Value::Int(
                if x.wrapping_rem(y) != 0 && ((x < 0) != (y < 0)) {
                    q - 1
                } else {
                    q
                },
            ))
        }
        _ => Err(no_match("floorDiv", a)),
    });
    method(m, "floorMod", |a| match a {
        [x, y] => {
            let (x, y) = (long(x)?, long(y)?);
            if y == 0 {
                return Err(Error::ex(ARITHMETIC, "/ by zero"));
            }
            let r = x.wrapping_rem(y);
            Ok(Value::Int(if r != 0 && ((r < 0) != (y < 0)) {
                r + y
            } else {
                r
            }))
        }
        _ => Err(no_match("floorMod", a)),
    });
    method(m, "addExact", |a| match a {
        [x, y] => exact(long(x)?.checked_add(long(y)?)),
        _ => Err(no_match("addExact", a)),
    });
    method(m, "subtractExact", |a| match a {
        [x, y] => exact(long(x)?.checked_sub(long(y)?)),
        _ => Err(no_match("subtractExact", a)),
    });
    method(m, "multiplyExact", |a| match a {
        [x, y] => exact(long(x)?.checked_mul(long(y)?)),
        _ => Err(no_match("multiplyExact", a)),
    });
    for (name, f) in [
        (
            "incrementExact",
            (|x| x.checked_add(1)) as fn(i64) -> Option<i64>,
        ),
        ("decrementExact", |x| x.checked_sub(1)),
        ("negateExact", i64::checked_neg),
        ("absExact", i64::checked_abs),
    ] {
        method(m, name, move |a| match a {
            [x] => exact(f(long(x)?)),
            _ => Err(no_match(name, a)),
        });
    }
    method(m, "random", |a| match a {
        [] => crate::eval::apply(
            &crate::eval::ns::resolve("clojure.core/rand")
                .map(|(_, f)| f)
                .unwrap_or(Value::Nil),
            vec![],
        ),
        _ => Err(no_match("random", a)),
    });
}

/// The double next to `x` in the direction of `to` (Java's `Math.nextAfter`).
fn next_toward(x: f64, to: f64) -> f64 {
    if x.is_nan() || to.is_nan() {
        return f64::NAN;
    }
    if x == to {
        return to;
    }
    if x == 0.0 {
        let tiny = f64::from_bits(1);
        return if to > 0.0 { tiny } else { -tiny };
    }
    let bits = x.to_bits();
    let away = (to > x) == (x > 0.0);
    f64::from_bits(if away { bits + 1 } else { bits - 1 })
}

/// The distance from `|x|` to the next larger double (Java's `Math.ulp`).
fn ulp(x: f64) -> f64 {
    let x = x.abs();
    if x.is_nan() {
        f64::NAN
    } else if x.is_infinite() {
        f64::INFINITY
    } else if x == f64::MAX {
        x - next_toward(x, 0.0)
    } else {
        next_toward(x, f64::INFINITY) - x
    }
}

fn install_integers() {
    for (class, lo, hi) in [
        ("Integer", i32::MIN as i64, i32::MAX as i64),
        ("Long", i64::MIN, i64::MAX),
    ] {
        def(class, "MAX_VALUE", Value::Int(hi));
        def(class, "MIN_VALUE", Value::Int(lo));
        let parse = if class == "Integer" {
            "parseInt"
        } else {
            "parseLong"
        };
        method(class, parse, move |a| parse_int(a, lo, hi, parse));
        method(class, "valueOf", move |a| match a {
            [Value::Int(i)] => Ok(Value::Int(*i)),
            [Value::Char(c)] if class == "Integer" => Ok(Value::Int(*c as i64)),
            _ => parse_int(a, lo, hi, "valueOf"),
        });
        let bits = if class == "Integer" { 32 } else { 64 };
        // The two's-complement bits of `n` read as unsigned, in `radix`.
        let unsigned = move |n: i64, radix: u32| -> String {
            let u = if bits == 32 {
                n as i32 as u32 as u64
            } else {
                n as u64
            };
            match radix {
                2 => format!("{u:b}"),
                8 => format!("{u:o}"),
                _ => format!("{u:x}"),
            }
        };
        method(class, "toString", |a| match a {
            [n] => Ok(Value::str(&radix_string(long(n)?, 10))),
            [n, r] => Ok(Value::str(&radix_string(long(n)?, long(r)?))),
            _ => Err(no_match("toString", a)),
        });
        for (name, radix) in [
            ("toBinaryString", 2),
            ("toOctalString", 8),
            ("toHexString", 16),
        ] {
            method(class, name, move |a| match a {
                [n] => Ok(Value::str(&unsigned(long(n)?, radix))),
                _ => Err(no_match(name, a)),
            });
        }
        method(class, "bitCount", move |a| match a {
            [n] => {
                let n = long(n)?;
                Ok(Value::Int(if bits == 32 {
                    (n as i32).count_ones()
                } else {
                    n.count_ones()
                } as i64))
            }
            _ => Err(no_match("bitCount", a)),
        });
        method(class, "signum", |a| match a {
            [n] => Ok(Value::Int(long(n)?.signum())),
            _ => Err(no_match("signum", a)),
        });
        method(class, "compare", |a| match a {
            [x, y] => Ok(Value::Int(long(x)?.cmp(&long(y)?) as i64)),
            _ => Err(no_match("compare", a)),
        });
        for (name, f) in [
            ("max", i64::max as fn(i64, i64) -> i64),
            ("min", i64::min),
            ("sum", |x: i64, y: i64| x.wrapping_add(y)),
        ] {
            method(class, name, move |a| match a {
                [x, y] => Ok(Value::Int(f(long(x)?, long(y)?))),
                _ => Err(no_match(name, a)),
            });
        }
    }
}

fn install_double() {
    let d = "Double";
    def(d, "POSITIVE_INFINITY", Value::Float(f64::INFINITY));
    def(d, "NEGATIVE_INFINITY", Value::Float(f64::NEG_INFINITY));
    def(d, "NaN", Value::Float(f64::NAN));
    def(d, "MAX_VALUE", Value::Float(f64::MAX));
    def(d, "MIN_VALUE", Value::Float(f64::from_bits(1)));
    method(d, "parseDouble", parse_double);
    method(d, "valueOf", |a| match a {
        [x @ (Value::Int(_) | Value::Float(_) | Value::Ratio(..))] => Ok(Value::Float(double(x)?)),
        _ => parse_double(a),
    });
    method(d, "isNaN", |a| match a {
        [x] => Ok(Value::Bool(double(x)?.is_nan())),
        _ => Err(no_match("isNaN", a)),
    });
    method(d, "isInfinite", |a| match a {
        [x] => Ok(Value::Bool(double(x)?.is_infinite())),
        _ => Err(no_match("isInfinite", a)),
    });
    method(d, "compare", |a| match a {
        [x, y] => Ok(Value::Int(double(x)?.total_cmp(&double(y)?) as i64)),
        _ => Err(no_match("compare", a)),
    });
    method(d, "toString", |a| match a {
        [x] => Ok(Value::str(
            &crate::value::printer::float_str(double(x)?)
                .replace("##Inf", "Infinity")
                .replace("##-Inf", "-Infinity")
                .replace("##NaN", "NaN"),
        )),
        _ => Err(no_match("toString", a)),
    });
}

fn install_character() {
    let c = "Character";
    let preds: &[(&str, CharPred)] = &[
        ("isDigit", |c| {
            c.is_ascii_digit() || !c.is_ascii() && c.is_numeric()
        }),
        ("isLetter", char::is_alphabetic),
        ("isAlphabetic", char::is_alphabetic),
        ("isLetterOrDigit", char::is_alphanumeric),
        ("isUpperCase", char::is_uppercase),
        ("isLowerCase", char::is_lowercase),
        ("isWhitespace", |c| {
            c.is_whitespace() && !['\u{a0}', '\u{2007}', '\u{202f}'].contains(&c)
        }),
        ("isSpaceChar", |c| {
            c == ' ' || c == '\u{a0}' || (c.is_whitespace() && !c.is_control())
        }),
        ("isISOControl", char::is_control),
    ];
    for (name, f) in preds {
        let f = *f;
        method(c, name, move |a| match a {
            [x] => Ok(Value::Bool(f(character(x)?))),
            _ => Err(no_match(name, a)),
        });
    }
    for (name, upper) in [("toUpperCase", true), ("toLowerCase", false)] {
        method(c, name, move |a| match a {
            [x] => {
                let ch = character(x)?;
                let mapped: Vec<char> = if upper {
                    ch.to_uppercase().collect()
                } else {
                    ch.to_lowercase().collect()
                };
                let out = if mapped.len() == 1 { mapped[0] } else { ch };
                Ok(match x {
                    Value::Int(_) => Value::Int(out as i64),
                    _ => Value::Char(out),
                })
            }
            _ => Err(no_match(name, a)),
        });
    }
    method(c, "digit", |a| match a {
        [x, r] => {
            let r = long(r)?;
            let d = (2..=36)
                .contains(&r)
                .then(|| character(x).ok()?.to_digit(r as u32))
                .flatten();
            Ok(Value::Int(d.map_or(-1, i64::from)))
        }
        _ => Err(no_match("digit", a)),
    });
    method(c, "getNumericValue", |a| match a {
        [x] => Ok(Value::Int(character(x)?.to_digit(36).map_or(-1, i64::from))),
        _ => Err(no_match("getNumericValue", a)),
    });
    method(c, "forDigit", |a| match a {
        [d, r] => Ok(match (u32::try_from(long(d)?), u32::try_from(long(r)?)) {
            (Ok(d), Ok(r)) if (2..=36).contains(&r) => {
                std::char::from_digit(d, r).map_or(Value::Char('\0'), Value::Char)
            }
            _ => Value::Char('\0'),
        }),
        _ => Err(no_match("forDigit", a)),
    });
    method(c, "valueOf", |a| match a {
        [x] => Ok(Value::Char(character(x)?)),
        _ => Err(no_match("valueOf", a)),
    });
    method(c, "toString", |a| match a {
        [x] => Ok(Value::str(&character(x)?.to_string())),
        _ => Err(no_match("toString", a)),
    });
    method(c, "isDefined", |a| match a {
        [x] => Ok(Value::Bool(character(x).is_ok())),
        _ => Err(no_match("isDefined", a)),
    });
}

fn install_string_boolean() {
    let s = "String";
    method(s, "valueOf", |a| match a {
        [Value::Nil] => Ok(Value::str("null")),
        [v @ Value::Vector(items)] if items.iter().all(|x| matches!(x, Value::Char(_))) => {
            let _ = v;
            Ok(Value::str(
                &items
                    .iter()
                    .filter_map(|x| match x {
                        Value::Char(c) => Some(*c),
                        _ => None,
                    })
                    .collect::<String>(),
            ))
        }
        [x] => Ok(Value::str(&crate::library::core::str_of(
            std::slice::from_ref(x),
        )?)),
        _ => Err(no_match("valueOf", a)),
    });
    method(s, "join", |a| {
        let (sep, parts) = match a {
            [sep, coll] if !matches!(coll, Value::Str(_)) => (sep, coll.to_vec()?),
            [sep, rest @ ..] => (sep, rest.to_vec()),
            [] => return Err(no_match("join", a)),
        };
        let sep = crate::library::core::str_of(std::slice::from_ref(sep))?;
        let parts = parts
            .iter()
            .map(|p| crate::library::core::str_of(std::slice::from_ref(p)))
            .collect::<Result<Vec<_>>>()?;
        Ok(Value::str(&parts.join(&sep)))
    });
    let b = "Boolean";
    def(b, "TRUE", Value::Bool(true));
    def(b, "FALSE", Value::Bool(false));
    method(b, "parseBoolean", |a| match a {
        [Value::Str(s)] => Ok(Value::Bool(s.eq_ignore_ascii_case("true"))),
        [Value::Nil] => Ok(Value::Bool(false)),
        _ => Err(no_match("parseBoolean", a)),
    });
    method(b, "valueOf", |a| match a {
        [Value::Bool(x)] => Ok(Value::Bool(*x)),
        [Value::Str(s)] => Ok(Value::Bool(s.eq_ignore_ascii_case("true"))),
        [Value::Nil] => Ok(Value::Bool(false)),
        _ => Err(no_match("valueOf", a)),
    });
}

/// Defines the static members of this module's classes.
pub fn install() {
    install_math();
    install_integers();
    install_double();
    install_character();
    install_string_boolean();
}

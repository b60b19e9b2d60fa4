//! Instance methods on kanren's values, as the Java classes behind Clojure's values have
//! them: `String` (`.toUpperCase`, `.charAt`, `.indexOf`, `.substring`, `.split`, ...),
//! numbers (`.intValue`, `.doubleValue`), `Character`, collections (`.get`, `.size`,
//! `.contains`), exceptions (`.getMessage`, `.getCause`), `StringBuilder` (`.append`), and
//! every object's `.equals`, `.hashCode`, `.toString`, `.compareTo`.
//!
//! Strings are indexed by character (Java indexes UTF-16 units: the same for text without
//! characters beyond the Basic Multilingual Plane).

use crate::library::java::{cast, class_name};
use crate::value::error::{Error, Result, ILLEGAL_ARGUMENT, STRING_INDEX};
use crate::value::Value;

/// `(.method target args...)`.
pub fn invoke(target: &Value, method: &str, args: Vec<Value>) -> Result<Value> {
    // A `deftype`'s, `reify`'s or record's fields and methods are its type's.
    if matches!(target, Value::Object(_)) || matches!(target, Value::Map(m) if m.tag.is_some()) {
        return crate::library::core::types::member(&format!(".{method}"), target.clone(), args);
    }
    if let Some(v) = specific(target, method, &args)? {
        return Ok(v);
    }
    if let Some(v) = object(target, method, &args)? {
        return Ok(v);
    }
    if matches!(target, Value::Nil) {
        return Err(Error::ex(
            crate::value::error::NULL_POINTER,
            format!("Cannot invoke {method} on nil"),
        ));
    }
    Err(Error::ex(
        ILLEGAL_ARGUMENT,
        format!(
            "No matching method {method} found taking {} args for class {}",
            args.len(),
            class_name(target)
        ),
    ))
}

/// The methods every object has.
fn object(t: &Value, method: &str, args: &[Value]) -> Result<Option<Value>> {
    Ok(Some(match (method, args) {
        ("equals", [x]) => Value::Bool(crate::library::core::equal(t, x)),
        ("toString", []) => Value::str(&crate::library::core::str_of(std::slice::from_ref(t))?),
        ("hashCode", []) => Value::Int(hash_code(t)? as i64),
        ("compareTo", [x]) => Value::Int(compare_to(t, x)?),
        _ => return Ok(None),
    }))
}

/// Java's `hashCode` of strings, numbers, characters and booleans.
fn hash_code(t: &Value) -> Result<i32> {
    Ok(match t {
        Value::Str(s) => s
            .encode_utf16()
            .fold(0i32, |h, c| h.wrapping_mul(31).wrapping_add(c as i32)),
        Value::Int(i) => (*i ^ ((*i as u64) >> 32) as i64) as i32,
        Value::Float(f) => {
            let b = f.to_bits();
            (b ^ (b >> 32)) as i32
        }
        Value::Char(c) => *c as i32,
        Value::Bool(b) => {
            if *b {
                1231
            } else {
                1237
            }
        }
        other => {
            return Err(Error::ex(
                ILLEGAL_ARGUMENT,
                format!("kanren has no hashCode for class {}", class_name(other)),
            ))
        }
    })
}

/// Java's `compareTo`: a string's is the difference of the first differing characters (or
/// of the lengths).
fn compare_to(t: &Value, x: &Value) -> Result<i64> {
    if let (Value::Str(a), Value::Str(b)) = (t, x) {
        for (p, q) in a.chars().zip(b.chars()) {
            if p != q {
                return Ok(p as i64 - q as i64);
            }
        }
        return Ok(a.chars().count() as i64 - b.chars().count() as i64);
    }
    Ok(match crate::library::core::compare(t, x)? {
        std::cmp::Ordering::Less => -1,
        std::cmp::Ordering::Equal => 0,
        std::cmp::Ordering::Greater => 1,
    })
}

fn int(v: &Value, what: &str) -> Result<i64> {
    match v {
        Value::Int(i) => Ok(*i),
        Value::Char(c) => Ok(*c as i64),
        other => Err(cast(other, what)),
    }
}

fn text(v: &Value) -> Result<String> {
    match v {
        Value::Str(s) => Ok(s.to_string()),
        Value::Char(c) => Ok(c.to_string()),
        // A character by its code (`(.indexOf s (int \b))`).
        Value::Int(i) => u32::try_from(*i)
            .ok()
            .and_then(char::from_u32)
            .map(|c| c.to_string())
            .ok_or_else(|| cast(v, "java.lang.CharSequence")),
        other => Err(cast(other, "java.lang.CharSequence")),
    }
}

/// An error for a string longer than kanren makes (Java's arrays stop at 2^31 - 1 too).
fn too_long(len: usize) -> Result<()> {
    if len > i32::MAX as usize {
        return Err(Error::ex(
            "java.lang.OutOfMemoryError",
            "Requested array size exceeds VM limit",
        ));
    }
    Ok(())
}

fn index_error(i: i64, len: usize) -> Error {
    Error::ex(STRING_INDEX, format!("index {i}, length {len}"))
}

/// The methods of a value's own class, or `None`.
fn specific(t: &Value, m: &str, a: &[Value]) -> Result<Option<Value>> {
    match t {
        Value::Str(s) => string(s, m, a),
        Value::Int(_) | Value::Float(_) | Value::Ratio(..) => number(t, m, a),
        Value::Char(c) => Ok(match (m, a) {
            ("charValue", []) => Some(Value::Char(*c)),
            _ => None,
        }),
        Value::Keyword(k) | Value::Symbol(k) => Ok(match (m, a) {
            ("getName", []) => Some(Value::str(k.rsplit_once('/').map_or(k, |(_, n)| n))),
            ("getNamespace", []) => Some(
                k.rsplit_once('/')
                    .map_or(Value::Nil, |(n, _)| Value::str(n)),
            ),
            _ => None,
        }),
        Value::Exception(e) => Ok(match (m, a) {
            ("getMessage" | "getLocalizedMessage", []) => {
                Some(e.message.as_deref().map_or(Value::Nil, Value::str))
            }
            ("getCause", []) => Some(e.cause.clone().unwrap_or(Value::Nil)),
            ("getData", []) => Some(e.data.clone().unwrap_or(Value::Nil)),
            ("toString", []) => Some(Value::str(&e.to_java_string())),
            _ => None,
        }),
        Value::StringBuilder(b) => builder(t, b, m, a),
        _ if t.is_sequential() || matches!(t, Value::Map(_) | Value::Set(_)) => collection(t, m, a),
        _ => Ok(None),
    }
}

fn string(s: &str, m: &str, a: &[Value]) -> Result<Option<Value>> {
    let chars = || s.chars().collect::<Vec<char>>();
    let len = || s.chars().count();
    // A character index of `s` in 0..=len.
    let at = |v: &Value, what: &str| -> Result<usize> {
        let i = int(v, what)?;
        usize::try_from(i)
            .ok()
            .filter(|i| *i <= len())
            .ok_or_else(|| index_error(i, len()))
    };
    let find = |needle: &Value, from: usize, last: bool| -> Result<Value> {
        let cs = chars();
        let n: Vec<char> = text(needle)?.chars().collect();
        let fits = |i: usize| i + n.len() <= cs.len() && cs[i..i + n.len()] == n[..];
        let found = if last {
            (0..=from.min(cs.len())).rev().find(|i| fits(*i))
        } else {
            (from..=cs.len()).find(|i| fits(*i))
        };
        Ok(Value::Int(found.map_or(-1, |i| i as i64)))
    };
    Ok(Some(match (m, a) {
        ("toUpperCase", []) => Value::str(&s.to_uppercase()),
        ("toLowerCase", []) => Value::str(&s.to_lowercase()),
        ("length", []) => Value::Int(len() as i64),
        ("isEmpty", []) => Value::Bool(s.is_empty()),
        ("isBlank", []) => Value::Bool(s.trim().is_empty()),
        ("trim" | "strip", []) => Value::str(s.trim()),
        ("charAt", [i]) => {
            let i = int(i, "int")?;
            let c = usize::try_from(i).ok().and_then(|i| s.chars().nth(i));
            Value::Char(c.ok_or_else(|| index_error(i, len()))?)
        }
        ("codePointAt", [i]) => {
            let i = int(i, "int")?;
            let c = usize::try_from(i).ok().and_then(|i| s.chars().nth(i));
            Value::Int(c.ok_or_else(|| index_error(i, len()))? as i64)
        }
        ("indexOf", [x]) => find(x, 0, false)?,
        ("indexOf", [x, from]) => find(x, int(from, "int")?.max(0) as usize, false)?,
        ("lastIndexOf", [x]) => find(x, len(), true)?,
        ("lastIndexOf", [x, from]) => {
            let from = int(from, "int")?;
            if from < 0 {
                Value::Int(-1)
            } else {
                find(x, from as usize, true)?
            }
        }
        ("substring", [b]) => {
            let b = at(b, "int")?;
            Value::str(&chars()[b..].iter().collect::<String>())
        }
        ("substring" | "subSequence", [b, e]) => {
            let (b, e) = (at(b, "int")?, at(e, "int")?);
            if b > e {
                return Err(index_error(b as i64 - e as i64, len()));
            }
            Value::str(&chars()[b..e].iter().collect::<String>())
        }
        ("startsWith", [p]) => Value::Bool(s.starts_with(&*text(p)?)),
        ("endsWith", [p]) => Value::Bool(s.ends_with(&*text(p)?)),
        ("contains", [p]) => Value::Bool(s.contains(&*text(p)?)),
        ("equalsIgnoreCase", [x]) => {
            Value::Bool(matches!(x, Value::Str(x) if x.to_lowercase() == s.to_lowercase()))
        }
        ("concat", [x]) => Value::str(&format!("{s}{}", text(x)?)),
        ("replace", [x, y]) => Value::str(&s.replace(&*text(x)?, &text(y)?)),
        ("repeat", [n]) => {
            let n = int(n, "int")?.max(0) as usize;
            too_long(s.len().saturating_mul(n))?;
            Value::str(&s.repeat(n))
        }
        ("toCharArray", []) => Value::vector(s.chars().map(Value::Char).collect()),
        ("chars", []) => Value::list(s.chars().map(|c| Value::Int(c as i64)).collect::<Vec<_>>()),
        ("split", [p]) => Value::vector(split(s, &text(p)?)?),
        ("intern", []) => Value::str(s),
        _ => return Ok(None),
    }))
}

/// `String.split` for a separator that is literal text or `\s+`/`\s`/` +` (kanren's strings
/// have no Java regexes here); trailing empty strings are dropped, as Java does.
fn split(s: &str, sep: &str) -> Result<Vec<Value>> {
    let mut parts: Vec<&str> = match sep {
        "\\s+" | " +" => {
            let mut v: Vec<&str> = s.split(char::is_whitespace).collect();
            let lead = v.first().is_some_and(|x| x.is_empty());
            v.retain(|x| !x.is_empty());
            if lead && !v.is_empty() {
                v.insert(0, "");
            }
            v
        }
        "\\s" => s.split(char::is_whitespace).collect(),
        "" => {
            return Ok(s.chars().map(|c| Value::str(&c.to_string())).collect());
        }
        _ if sep.chars().any(|c| "\\[](){}.*+?^$|".contains(c)) => {
            return Err(Error::ex(
                crate::value::error::UNSUPPORTED,
                format!("kanren's .split takes literal text or \\s+, not the regex {sep:?}"),
            ))
        }
        _ => s.split(sep).collect(),
    };
    while parts.len() > 1 && parts.last().is_some_and(|p| p.is_empty()) {
        parts.pop();
    }
    Ok(parts.into_iter().map(Value::str).collect())
}

fn number(t: &Value, m: &str, a: &[Value]) -> Result<Option<Value>> {
    let f = match t {
        Value::Int(i) => *i as f64,
        Value::Float(f) => *f,
        Value::Ratio(n, d) => *n as f64 / *d as f64,
        _ => return Ok(None),
    };
    let i = match t {
        Value::Int(i) => *i,
        _ => f as i64,
    };
    Ok(Some(match (m, a) {
        ("intValue", []) => Value::Int(i as i32 as i64),
        ("longValue", []) => Value::Int(i),
        ("shortValue", []) => Value::Int(i as i16 as i64),
        ("byteValue", []) => Value::Int(i as i8 as i64),
        ("doubleValue" | "floatValue", []) => Value::Float(f),
        ("isNaN", []) => Value::Bool(f.is_nan()),
        ("isInfinite", []) => Value::Bool(f.is_infinite()),
        _ => return Ok(None),
    }))
}

fn builder(t: &Value, b: &std::sync::Mutex<String>, m: &str, a: &[Value]) -> Result<Option<Value>> {
    let mut s = b.lock().unwrap_or_else(|e| e.into_inner());
    Ok(Some(match (m, a) {
        ("append", [x]) => {
            if let Value::StringBuilder(o) = x {
                if std::ptr::eq(&**o, b) {
                    let copy = s.clone();
                    s.push_str(&copy);
                    return Ok(Some(t.clone()));
                }
            }
            s.push_str(&crate::library::core::str_of(std::slice::from_ref(x))?);
            t.clone()
        }
        ("toString", []) => Value::str(&s),
        ("length", []) => Value::Int(s.chars().count() as i64),
        ("reverse", []) => {
            *s = s.chars().rev().collect();
            t.clone()
        }
        ("charAt", [i]) => {
            let i = int(i, "int")?;
            let n = s.chars().count();
            Value::Char(
                usize::try_from(i)
                    .ok()
                    .and_then(|i| s.chars().nth(i))
                    .ok_or_else(|| index_error(i, n))?,
            )
        }
        ("insert", [i, x]) => {
            let i = int(i, "int")?;
            let n = s.chars().count();
            let at = usize::try_from(i)
                .ok()
                .filter(|i| *i <= n)
                .ok_or_else(|| index_error(i, n))?;
            let byte = s.char_indices().nth(at).map_or(s.len(), |(b, _)| b);
            let x = crate::library::core::str_of(std::slice::from_ref(x))?;
            s.insert_str(byte, &x);
            t.clone()
        }
        ("setLength", [n]) => {
            let n = int(n, "int")?.max(0) as usize;
            too_long(n)?;
            let cur = s.chars().count();
            if n <= cur {
                *s = s.chars().take(n).collect();
            } else {
                s.extend(std::iter::repeat_n('\0', n - cur));
            }
            Value::Nil
        }
        ("deleteCharAt", [i]) => {
            let i = int(i, "int")?;
            let n = s.chars().count();
            let at = usize::try_from(i)
                .ok()
                .filter(|i| *i < n)
                .ok_or_else(|| index_error(i, n))?;
            *s = s
                .chars()
                .enumerate()
                .filter(|(j, _)| *j != at)
                .map(|(_, c)| c)
                .collect();
            t.clone()
        }
        ("isEmpty", []) => Value::Bool(s.is_empty()),
        _ => return Ok(None),
    }))
}

fn collection(t: &Value, m: &str, a: &[Value]) -> Result<Option<Value>> {
    use crate::library::core::{contains, count, get};
    Ok(Some(match (m, a) {
        ("size" | "count", []) => Value::Int(count(t)? as i64),
        ("isEmpty", []) => Value::Bool(count(t)? == 0),
        ("get", [k]) => match t {
            Value::Map(_) => get(t, k)?,
            Value::Set(_) => {
                return Ok(None);
            }
            _ => {
                let i = int(k, "int")?;
                let items = t.to_vec()?;
                usize::try_from(i)
                    .ok()
                    .and_then(|i| items.get(i).cloned())
                    .ok_or_else(|| {
                        Error::ex(
                            crate::value::error::INDEX_OUT_OF_BOUNDS,
                            format!("index {i} out of bounds for length {}", items.len()),
                        )
                    })?
            }
        },
        ("containsKey", [k]) => Value::Bool(contains(t, k)?),
        ("containsValue", [v]) => match t {
            Value::Map(m) => Value::Bool(m.iter().any(|(_, x)| crate::library::core::equal(x, v))),
            _ => return Ok(None),
        },
        ("contains", [x]) => match t {
            Value::Set(_) => Value::Bool(contains(t, x)?),
            Value::Map(_) => return Ok(None),
            _ => Value::Bool(
                t.to_vec()?
                    .iter()
                    .any(|y| crate::library::core::equal(x, y)),
            ),
        },
        ("indexOf", [x]) if !matches!(t, Value::Map(_) | Value::Set(_)) => Value::Int(
            t.to_vec()?
                .iter()
                .position(|y| crate::library::core::equal(x, y))
                .map_or(-1, |i| i as i64),
        ),
        ("lastIndexOf", [x]) if !matches!(t, Value::Map(_) | Value::Set(_)) => Value::Int(
            t.to_vec()?
                .iter()
                .rposition(|y| crate::library::core::equal(x, y))
                .map_or(-1, |i| i as i64),
        ),
        _ => return Ok(None),
    }))
}

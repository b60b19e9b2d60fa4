//! Strings: `subs`, `format` (the `%s %d %f` subset) and the `clojure.string` namespace.

use crate::library::core::{arity, int_arg, reg, str_of};
use crate::value::error::{Error, Result};
use crate::value::Value;

fn s_arg(v: &Value, name: &str) -> Result<String> {
    match v {
        Value::Str(s) => Ok(s.to_string()),
        other => Err(Error::msg(format!(
            "{name}: expected a string, got {}",
            crate::value::printer::describe(other)
        ))),
    }
}

fn format(a: &[Value]) -> Result<String> {
    let fmt = s_arg(&a[0], "format")?;
    let mut out = String::new();
    let mut args = a[1..].iter();
    let mut chars = fmt.chars().peekable();
    while let Some(c) = chars.next() {
        if c != '%' {
            out.push(c);
            continue;
        }
        let mut spec = String::new();
        while let Some(&d) = chars.peek() {
            if d.is_ascii_digit() || d == '.' || d == '-' {
                spec.push(d);
                chars.next();
            } else {
                break;
            }
        }
        let conv = chars
            .next()
            .ok_or_else(|| Error::msg("format: incomplete % directive"))?;
        let mut next = || {
            args.next()
                .cloned()
                .ok_or_else(|| Error::msg("format: too few arguments"))
        };
        let body = match conv {
            '%' => "%".to_string(),
            'n' => "\n".to_string(),
            's' => str_of(&[next()?])?,
            'd' => int_arg(&next()?, "format")?.to_string(),
            'f' => {
                let prec = spec
                    .split_once('.')
                    .and_then(|(_, p)| p.parse().ok())
                    .unwrap_or(6);
                let v = match next()? {
                    Value::Float(f) => f,
                    Value::Int(i) => i as f64,
                    other => {
                        return Err(Error::msg(format!(
                            "format: %f needs a number, got {other}"
                        )))
                    }
                };
                format!("{v:.prec$}")
            }
            other => return Err(Error::msg(format!("format: %{other} is not supported"))),
        };
        let width: usize = spec
            .split('.')
            .next()
            .unwrap_or("")
            .trim_start_matches('-')
            .parse()
            .unwrap_or(0);
        if spec.starts_with('-') {
            out.push_str(&format!("{body:<width$}"));
        } else {
            out.push_str(&format!("{body:>width$}"));
        }
    }
    Ok(out)
}

/// An index of `subs`: any number, truncated as Java's `intValue` truncates (a ratio too).
fn index_arg(v: &Value) -> Result<i64> {
    match v {
        Value::Ratio(n, d) => Ok(n / d),
        v => int_arg(v, "subs"),
    }
}

/// Registers the functions of this module.
pub fn install() {
    let c = "clojure.core";
    reg(c, "subs", |a| {
        arity(&a, 2, 3, "subs")?;
        let s: Vec<char> = s_arg(&a[0], "subs")?.chars().collect();
        let b = index_arg(&a[1])?;
        let e = a.get(2).map_or(Ok(s.len() as i64), index_arg)?;
        if b < 0 || e < b || e as usize > s.len() {
            return Err(Error::msg(format!("subs: index out of range: {b}..{e}")));
        }
        Ok(Value::str(
            &s[b as usize..e as usize].iter().collect::<String>(),
        ))
    });
    reg(c, "format", |a| {
        arity(&a, 1, usize::MAX, "format")?;
        Ok(Value::str(&format(&a)?))
    });
    let s = "clojure.string";
    reg(s, "join", |a| {
        arity(&a, 1, 2, "join")?;
        let (sep, coll) = if a.len() == 2 {
            (str_of(&a[..1])?, &a[1])
        } else {
            (String::new(), &a[0])
        };
        let parts = coll
            .to_vec()?
            .iter()
            .map(|x| str_of(std::slice::from_ref(x)))
            .collect::<Result<Vec<_>>>()?;
        Ok(Value::str(&parts.join(&sep)))
    });
    reg(s, "split-lines", |a| {
        Ok(Value::vector(
            s_arg(&a[0], "split-lines")?
                .lines()
                .map(Value::str)
                .collect(),
        ))
    });
    reg(s, "upper-case", |a| {
        Ok(Value::str(&s_arg(&a[0], "upper-case")?.to_uppercase()))
    });
    reg(s, "lower-case", |a| {
        Ok(Value::str(&s_arg(&a[0], "lower-case")?.to_lowercase()))
    });
    reg(s, "capitalize", |a| {
        let x = s_arg(&a[0], "capitalize")?;
        let mut cs = x.chars();
        Ok(Value::str(&match cs.next() {
            Some(f) => f.to_uppercase().collect::<String>() + &cs.as_str().to_lowercase(),
            None => String::new(),
        }))
    });
    reg(s, "trim", |a| Ok(Value::str(s_arg(&a[0], "trim")?.trim())));
    reg(s, "triml", |a| {
        Ok(Value::str(s_arg(&a[0], "triml")?.trim_start()))
    });
    reg(s, "trimr", |a| {
        Ok(Value::str(s_arg(&a[0], "trimr")?.trim_end()))
    });
    reg(s, "blank?", |a| {
        Ok(Value::Bool(match &a[0] {
            Value::Nil => true,
            v => s_arg(v, "blank?")?.trim().is_empty(),
        }))
    });
    reg(s, "includes?", |a| {
        Ok(Value::Bool(
            s_arg(&a[0], "includes?")?.contains(&str_of(&a[1..2])?),
        ))
    });
    reg(s, "starts-with?", |a| {
        Ok(Value::Bool(
            s_arg(&a[0], "starts-with?")?.starts_with(&s_arg(&a[1], "starts-with?")?),
        ))
    });
    reg(s, "ends-with?", |a| {
        Ok(Value::Bool(
            s_arg(&a[0], "ends-with?")?.ends_with(&s_arg(&a[1], "ends-with?")?),
        ))
    });
    reg(s, "reverse", |a| {
        Ok(Value::str(
            &s_arg(&a[0], "reverse")?.chars().rev().collect::<String>(),
        ))
    });
}

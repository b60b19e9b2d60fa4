//! Strings: `subs`, `format` (Java's common directives) and the `clojure.string` namespace.

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

/// Java's `String.format` for the common directives: `%s %S %d %x %X %o %f %e %E %c %b %n %%`,
/// with a width, a precision and the flags `-`, `0`, `+`, ` ` and `,`.
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
        let mut flags = String::new();
        while let Some(&d) = chars.peek() {
            if "-0+ ,#".contains(d) {
                flags.push(d);
                chars.next();
            } else {
                break;
            }
        }
        let mut width = String::new();
        while let Some(&d) = chars.peek().filter(|d| d.is_ascii_digit()) {
            width.push(d);
            chars.next();
        }
        let mut prec: Option<usize> = None;
        if chars.peek() == Some(&'.') {
            chars.next();
            let mut p = String::new();
            while let Some(&d) = chars.peek().filter(|d| d.is_ascii_digit()) {
                p.push(d);
                chars.next();
            }
            prec = Some(p.parse().unwrap_or(0));
        }
        let conv = chars
            .next()
            .ok_or_else(|| Error::msg("format: incomplete % directive"))?;
        let mut next = || {
            args.next()
                .cloned()
                .ok_or_else(|| Error::msg("format: too few arguments"))
        };
        let float = |v: Value, conv: char| -> Result<f64> {
            match v {
                Value::Float(f) => Ok(f),
                Value::Ratio(n, d) => Ok(n as f64 / d as f64),
                other => Err(Error::msg(format!(
                    "format: %{conv} needs a floating-point number, got {}",
                    crate::value::printer::describe(&other)
                ))),
            }
        };
        let int = |v: Value, conv: char| -> Result<i64> {
            match v {
                Value::Int(i) => Ok(i),
                other => Err(Error::msg(format!(
                    "format: %{conv} needs an integer, got {}",
                    crate::value::printer::describe(&other)
                ))),
            }
        };
        let signed = |neg: bool, digits: String| -> String {
            if neg {
                format!("-{digits}")
            } else if flags.contains('+') {
                format!("+{digits}")
            } else if flags.contains(' ') {
                format!(" {digits}")
            } else {
                digits
            }
        };
        let body = match conv {
            '%' => "%".to_string(),
            'n' => "\n".to_string(),
            's' | 'S' => {
                let v = next()?;
                let mut t = if matches!(v, Value::Nil) {
                    "null".to_string()
                } else {
                    str_of(&[v])?
                };
                if let Some(p) = prec {
                    t = t.chars().take(p).collect();
                }
                if conv == 'S' {
                    t = t.to_uppercase();
                }
                t
            }
            'b' | 'B' => {
                let t = next()?.truthy().to_string();
                if conv == 'B' {
                    t.to_uppercase()
                } else {
                    t
                }
            }
            'c' => match next()? {
                Value::Char(ch) => ch.to_string(),
                Value::Int(i) => char::from_u32(i as u32).map_or(String::new(), String::from),
                other => {
                    return Err(Error::msg(format!(
                        "format: %c needs a character, got {}",
                        crate::value::printer::describe(&other)
                    )))
                }
            },
            'd' => {
                let i = int(next()?, 'd')?;
                let mut digits = i.unsigned_abs().to_string();
                if flags.contains(',') {
                    digits = group(&digits);
                }
                signed(i < 0, digits)
            }
            'x' | 'X' | 'o' => {
                let i = int(next()?, conv)?;
                let t = match conv {
                    'x' => format!("{i:x}"),
                    'X' => format!("{i:X}"),
                    _ => format!("{i:o}"),
                };
                t
            }
            'f' => {
                let v = float(next()?, 'f')?;
                let p = prec.unwrap_or(6);
                let mut digits = format!("{:.p$}", v.abs());
                if flags.contains(',') {
                    let (int_part, frac) = digits.split_once('.').unwrap_or((&digits, ""));
                    let g = group(int_part);
                    digits = if frac.is_empty() {
                        g
                    } else {
                        format!("{g}.{frac}")
                    };
                }
                signed(v.is_sign_negative() && v != 0.0, digits)
            }
            'e' | 'E' => {
                let v = float(next()?, conv)?;
                let p = prec.unwrap_or(6);
                let t = format!("{:.p$e}", v.abs());
                let (m, e) = t.split_once('e').unwrap_or((&t, "0"));
                let e: i32 = e.parse().unwrap_or(0);
                let sign = if e < 0 { '-' } else { '+' };
                let t = format!("{m}e{sign}{:02}", e.abs());
                let t = if conv == 'E' { t.to_uppercase() } else { t };
                signed(v.is_sign_negative() && v != 0.0, t)
            }
            other => return Err(Error::msg(format!("format: %{other} is not supported"))),
        };
        let width: usize = width.parse().unwrap_or(0);
        let len = body.chars().count();
        if len >= width {
            out.push_str(&body);
        } else if flags.contains('-') {
            out.push_str(&body);
            out.push_str(&" ".repeat(width - len));
        } else if flags.contains('0') && "dxXofeE".contains(conv) {
            let (sign, rest) = match body.chars().next() {
                Some(s @ ('-' | '+' | ' ')) => (s.to_string(), &body[1..]),
                _ => (String::new(), &body[..]),
            };
            out.push_str(&sign);
            out.push_str(&"0".repeat(width - len));
            out.push_str(rest);
        } else {
            out.push_str(&" ".repeat(width - len));
            out.push_str(&body);
        }
    }
    Ok(out)
}

/// Digits grouped by threes with commas.
fn group(digits: &str) -> String {
    let mut out = String::new();
    for (i, ch) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(ch);
    }
    out
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

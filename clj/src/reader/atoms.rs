//! The reader's atoms: strings with their escapes, characters, and the tokens that are
//! numbers (integers, doubles, ratios), keywords, symbols, `nil`, `true` and `false`.

use super::Reader;
use crate::value::error::{Error, Pos, Result};
use crate::value::Value;

impl Reader<'_> {
    /// A regex literal's body after `#"`: the characters up to the closing `"`, each
    /// backslash kept with the character after it (Java's regex syntax reads the escapes),
    /// compiled here as Clojure's reader compiles it.
    pub(super) fn read_regex(&mut self, start: Pos) -> Result<Value> {
        let mut s = String::new();
        loop {
            match self.bump() {
                None => return Err(Error::at("EOF while reading regex", start)),
                Some('"') => break,
                Some('\\') => {
                    s.push('\\');
                    match self.bump() {
                        Some(c) => s.push(c),
                        None => return Err(Error::at("EOF while reading regex", start)),
                    }
                }
                Some(c) => s.push(c),
            }
        }
        let re = crate::value::regex::Regex::new(&s).map_err(|e| e.with_pos(Some(start)))?;
        Ok(Value::Regex(std::sync::Arc::new(re)))
    }

    pub(super) fn read_string(&mut self, start: Pos) -> Result<Value> {
        let mut s = String::new();
        loop {
            match self.bump() {
                None => {
                    return Err(Error::at(
                        "EOF while reading a string that starts here",
                        start,
                    ))
                }
                Some('"') => return Ok(Value::str(&s)),
                Some('\\') => {
                    let p = self.pos();
                    match self.bump() {
                        Some('n') => s.push('\n'),
                        Some('t') => s.push('\t'),
                        Some('r') => s.push('\r'),
                        Some('b') => s.push('\u{8}'),
                        Some('f') => s.push('\u{c}'),
                        Some('0') => s.push('\0'),
                        Some('"') => s.push('"'),
                        Some('\\') => s.push('\\'),
                        Some('u') => {
                            let hex: String = (0..4).filter_map(|_| self.bump()).collect();
                            let c = u32::from_str_radix(&hex, 16)
                                .ok()
                                .and_then(char::from_u32)
                                .ok_or_else(|| {
                                    Error::at(format!("invalid unicode escape: \\u{hex}"), p)
                                })?;
                            s.push(c);
                        }
                        Some(c) => {
                            return Err(Error::at(
                                format!("unsupported escape character: \\{c}"),
                                p,
                            ))
                        }
                        None => {
                            return Err(Error::at(
                                "EOF while reading a string that starts here",
                                start,
                            ))
                        }
                    }
                }
                Some(c) => s.push(c),
            }
        }
    }

    pub(super) fn token(&mut self) -> String {
        let mut t = String::new();
        while let Some(c) = self.peek() {
            if c.is_whitespace() || "()[]{}\",;".contains(c) || (c == '\\' && !t.is_empty()) {
                break;
            }
            t.push(c);
            self.bump();
        }
        t
    }

    pub(super) fn read_char(&mut self, start: Pos) -> Result<Value> {
        let first = self
            .bump()
            .ok_or_else(|| Error::at("EOF while reading a character", start))?;
        let mut t = first.to_string();
        if first.is_alphanumeric() {
            t.push_str(&self.token());
        }
        let c = match t.as_str() {
            "newline" => '\n',
            "space" => ' ',
            "tab" => '\t',
            "return" => '\r',
            "backspace" => '\u{8}',
            "formfeed" => '\u{c}',
            _ if t.chars().count() == 1 => first,
            _ if t.starts_with('u') && t.len() == 5 => u32::from_str_radix(&t[1..], 16)
                .ok()
                .and_then(char::from_u32)
                .ok_or_else(|| Error::at(format!("invalid character: \\{t}"), start))?,
            _ => return Err(Error::at(format!("unsupported character: \\{t}"), start)),
        };
        Ok(Value::Char(c))
    }

    pub(super) fn read_atom(&mut self, start: Pos) -> Result<Value> {
        let t = self.token();
        if t.is_empty() {
            let c = self.bump().unwrap_or(' ');
            return Err(Error::at(format!("unexpected character: {c}"), start));
        }
        if let Some(n) = parse_number(&t) {
            return n.map_err(|m| Error::at(m, start));
        }
        match t.as_str() {
            "nil" => return Ok(Value::Nil),
            "true" => return Ok(Value::Bool(true)),
            "false" => return Ok(Value::Bool(false)),
            _ => {}
        }
        if let Some(k) = t.strip_prefix("::") {
            let k = match k.split_once('/') {
                Some((alias, name)) => format!("{}/{name}", crate::eval::ns::expand_alias(alias)),
                None => format!("user/{k}"),
            };
            return Ok(Value::kw(&k));
        }
        if let Some(k) = t.strip_prefix(':') {
            if k.is_empty() {
                return Err(Error::at("invalid token: :", start));
            }
            return Ok(Value::kw(k));
        }
        if let Some(args) = &mut self.fn_args {
            // Each `#(...)` names its parameters afresh (`p1__7#`, `rest__7#`), as Clojure's
            // reader does: two literals read alike are two different forms.
            let id = self.fn_id;
            if t == "%&" {
                args.push(0);
                return Ok(Value::sym(&format!("rest__{id}#")));
            }
            let n = if t == "%" {
                Some(1)
            } else {
                t.strip_prefix('%').and_then(|n| n.parse::<u8>().ok())
            };
            if let Some(n) = n {
                args.push(n);
                return Ok(Value::sym(&format!("p{n}__{id}#")));
            }
        }
        Ok(Value::sym(&t))
    }
}

/// Parses a number token: `Some(Err)` for a malformed number, `None` if it is not one.
fn parse_number(t: &str) -> Option<std::result::Result<Value, String>> {
    let body = t.strip_prefix(['-', '+']).unwrap_or(t);
    if !body.starts_with(|c: char| c.is_ascii_digit()) {
        return None;
    }
    let neg = t.starts_with('-');
    let bad = || Err(format!("invalid number: {t}"));
    let big = body.ends_with('N');
    let body = body.strip_suffix('N').unwrap_or(body);
    if let Some((n, d)) = body.split_once('/') {
        let (Ok(n), Ok(d)) = (n.parse::<i64>(), d.parse::<i64>()) else {
            return Some(bad());
        };
        if d == 0 {
            return Some(Err("divide by zero".into()));
        }
        return Some(Ok(crate::value::num::ratio(if neg { -n } else { n }, d)));
    }
    if let Some(int) = parse_integer(body, neg, big) {
        return Some(int.or_else(|e| if e.is_empty() { bad() } else { Err(e) }));
    }
    let fbody = body.strip_suffix('M').unwrap_or(body);
    match fbody.parse::<f64>() {
        Ok(f)
            if fbody
                .chars()
                .all(|c| c.is_ascii_digit() || ".eE-+".contains(c)) =>
        {
            Some(Ok(Value::Float(if neg { -f } else { f })))
        }
        _ => Some(bad()),
    }
}

/// Parses the digits of an integer token (its sign and `N` suffix taken off), as Clojure's
/// reader does: decimal, `0x` hexadecimal, `0` octal, `RrDIGITS` in radix 2 to 36. The
/// value is a long when it fits in 64 bits and has no `N`, otherwise a big integer. `None`
/// if the token is not shaped like an integer (a float, say); `Some(Err)` for a malformed one.
fn parse_integer(body: &str, neg: bool, big: bool) -> Option<std::result::Result<Value, String>> {
    let (digits, radix) =
        if let Some(h) = body.strip_prefix("0x").or_else(|| body.strip_prefix("0X")) {
            (h, 16)
        } else if let Some((r, d)) = body.split_once(['r', 'R']) {
            if big
                || r.is_empty()
                || r.len() > 2
                || !r.bytes().all(|c| c.is_ascii_digit())
                || r.starts_with('0')
            {
                return Some(Err(String::new()));
            }
            let r: u32 = r.parse().ok()?;
            if !(2..=36).contains(&r) {
                return Some(Err("Radix out of range".into()));
            }
            (d, r)
        } else if !body.bytes().all(|c| c.is_ascii_digit()) {
            return None;
        } else if body.len() > 1 && body.starts_with('0') {
            // A leading zero makes octal digits (`017` is 15); `08` is malformed.
            (&body[1..], 8)
        } else {
            (body, 10)
        };
    let Some(n) = (!digits.is_empty())
        .then(|| num_bigint::BigInt::parse_bytes(digits.as_bytes(), radix))
        .flatten()
        .filter(|_| digits.bytes().all(|c| c.is_ascii_alphanumeric()))
    else {
        return Some(Err(String::new()));
    };
    let n = if neg { -n } else { n };
    Some(Ok(match num_traits::ToPrimitive::to_i64(&n) {
        Some(i) if !big => Value::Int(i),
        _ => crate::value::num::big(n),
    }))
}

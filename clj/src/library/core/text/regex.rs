//! Regexes in `clojure.core` and `clojure.string`: `re-pattern`, `re-find`, `re-matches`,
//! `re-seq` (lazy), `re-matcher`, `re-groups`, and `clojure.string`'s `replace`,
//! `replace-first`, `split` and `re-quote-replacement`, with Java's matching rules: after an
//! empty match the next search starts one character on; a match's groups are the matched
//! text when the pattern has no group, else a vector of the match and each group (`nil` for a
//! group that took no part); a replacement string names groups as `$1` or `${name}`.

use crate::library::core::{arity, int_arg, reg, str_of};
use crate::value::error::{Error, Result};
use crate::value::regex::Regex;
use crate::value::{Native, Value};
use std::sync::{Arc, Mutex};

/// The spans of a match: group 0 (the whole match) and each group, `None` when unmatched.
type Spans = Vec<Option<(usize, usize)>>;

fn regex_arg(v: &Value, name: &str) -> Result<Arc<Regex>> {
    match v {
        Value::Regex(r) => Ok(r.clone()),
        other => Err(Error::msg(format!(
            "{name}: expected a regex, got {}",
            crate::value::printer::describe(other)
        ))),
    }
}

fn text_arg(v: &Value, name: &str) -> Result<Arc<str>> {
    match v {
        Value::Str(s) => Ok(s.clone()),
        other => Err(Error::msg(format!(
            "{name}: expected a string, got {}",
            crate::value::printer::describe(other)
        ))),
    }
}

fn run_error(e: fancy_regex::Error) -> Error {
    Error::msg(format!("regex matching failed: {e}"))
}

/// The first match of `re` in `text` at or after byte `pos`.
fn find_at(re: &fancy_regex::Regex, text: &str, pos: usize) -> Result<Option<Spans>> {
    if pos > text.len() {
        return Ok(None);
    }
    let caps = re.captures_from_pos(text, pos).map_err(run_error)?;
    Ok(caps.map(|c| {
        (0..c.len())
            .map(|i| c.get(i).map(|m| (m.start(), m.end())))
            .collect()
    }))
}

/// Where the search after the match `(start, end)` begins: one character on after an empty
/// match, as Java's `Matcher.find`.
fn next_pos(text: &str, start: usize, end: usize) -> usize {
    if start == end {
        end + text[end..].chars().next().map_or(1, char::len_utf8)
    } else {
        end
    }
}

/// Every match in Java's order, up to `limit` of them.
fn all_matches(re: &Regex, text: &str, limit: usize) -> Result<Vec<Spans>> {
    let mut out = Vec::new();
    let mut pos = 0;
    while out.len() < limit {
        let Some(spans) = find_at(&re.re, text, pos)? else {
            break;
        };
        let (s, e) = spans[0].unwrap_or((pos, pos));
        pos = next_pos(text, s, e);
        out.push(spans);
    }
    Ok(out)
}

/// A match as `re-groups` gives it.
fn groups_value(text: &str, spans: &Spans) -> Value {
    let part =
        |sp: &Option<(usize, usize)>| sp.map_or(Value::Nil, |(s, e)| Value::str(&text[s..e]));
    if spans.len() <= 1 {
        part(&spans[0])
    } else {
        Value::vector(spans.iter().map(part).collect())
    }
}

/// The name of a matcher made by `re-matcher` (a built-in holding the search's state).
const MATCHER: &str = "java.util.regex.Matcher";

/// `(re-matcher re s)`: a matcher; calling it finds the next match (as `re-find` does on it),
/// calling it with `:groups` gives the last match's groups.
fn matcher(re: Arc<Regex>, text: Arc<str>) -> Value {
    let state: Mutex<(usize, Option<Spans>)> = Mutex::new((0, None));
    let f = move |a: Vec<Value>| -> Result<Value> {
        let mut st = state.lock().unwrap_or_else(|e| e.into_inner());
        if a.is_empty() {
            let found = find_at(&re.re, &text, st.0)?;
            return Ok(match found {
                Some(spans) => {
                    let (s, e) = spans[0].unwrap_or((st.0, st.0));
                    st.0 = next_pos(&text, s, e);
                    let v = groups_value(&text, &spans);
                    st.1 = Some(spans);
                    v
                }
                None => {
                    st.0 = text.len() + 1;
                    st.1 = None;
                    Value::Nil
                }
            });
        }
        match &st.1 {
            Some(spans) => Ok(groups_value(&text, spans)),
            None => Err(Error::msg(
                "java.lang.IllegalStateException: No match found",
            )),
        }
    };
    Value::Native(Arc::new(Native {
        name: MATCHER,
        slice: None,
        terms: None,
        pure: false,
        shared: false,
        f: Arc::new(f),
    }))
}

fn is_matcher(v: &Value) -> bool {
    matches!(v, Value::Native(n) if n.name == MATCHER)
}

/// `re-seq` from byte `pos` on: `nil` when nothing matches, else the first match (found
/// now, as Clojure's `re-seq` finds it) consed onto the lazy seq of the rest.
fn match_seq(re: Arc<Regex>, text: Arc<str>, pos: usize) -> Result<Value> {
    Ok(match find_at(&re.re, &text, pos)? {
        None => Value::Nil,
        Some(spans) => {
            let (s, e) = spans[0].unwrap_or((pos, pos));
            let head = groups_value(&text, &spans);
            let next = next_pos(&text, s, e);
            let rest = Value::lazy(move || {
                let v = match_seq(re, text, next)?;
                Ok(if let Value::Nil = v {
                    Value::EmptyList
                } else {
                    v
                })
            });
            Value::cons(head, rest)
        }
    })
}

/// A Java replacement string (`$1`, `${name}`, `\$`) expanded for one match.
fn expand(rep: &str, re: &Regex, text: &str, spans: &Spans, out: &mut String) -> Result<()> {
    let cs: Vec<char> = rep.chars().collect();
    let mut i = 0;
    let group = |n: usize, out: &mut String| {
        if let Some(Some((s, e))) = spans.get(n) {
            out.push_str(&text[*s..*e]);
        }
    };
    while i < cs.len() {
        match cs[i] {
            '\\' => {
                let c = cs.get(i + 1).ok_or_else(|| {
                    Error::msg(
                        "java.lang.IllegalArgumentException: character to be escaped is missing",
                    )
                })?;
                out.push(*c);
                i += 2;
            }
            '$' if cs.get(i + 1) == Some(&'{') => {
                let end = cs[i..].iter().position(|&c| c == '}').map(|p| i + p);
                let end = end.ok_or_else(|| {
                    Error::msg("java.lang.IllegalArgumentException: named capturing group is missing trailing '}'")
                })?;
                let name: String = cs[i + 2..end].iter().collect();
                let n = re
                    .re
                    .capture_names()
                    .position(|x| x == Some(name.as_str()))
                    .ok_or_else(|| {
                        Error::msg(format!(
                            "java.lang.IllegalArgumentException: No group with name {{{name}}}"
                        ))
                    })?;
                group(n, out);
                i = end + 1;
            }
            '$' => {
                let digit = |c: Option<&char>| c.and_then(|c| c.to_digit(10)).map(|d| d as usize);
                let mut n = digit(cs.get(i + 1)).ok_or_else(|| {
                    Error::msg("java.lang.IllegalArgumentException: Illegal group reference")
                })?;
                if n > re.groups() {
                    return Err(Error::msg(format!(
                        "java.lang.IndexOutOfBoundsException: No group {n}"
                    )));
                }
                i += 2;
                // More digits belong to the number while it still names a group.
                while let Some(d) = digit(cs.get(i)) {
                    if n * 10 + d > re.groups() {
                        break;
                    }
                    n = n * 10 + d;
                    i += 1;
                }
                group(n, out);
            }
            c => {
                out.push(c);
                i += 1;
            }
        }
    }
    Ok(())
}

/// `clojure.string/replace` and `replace-first` with a regex: each match (up to `limit`)
/// replaced by the expanded string or by what the function returns for its groups.
fn replace_regex(text: &str, re: &Regex, rep: &Value, limit: usize) -> Result<String> {
    let mut out = String::new();
    let mut last = 0;
    for spans in all_matches(re, text, limit)? {
        let (s, e) = spans[0].unwrap_or((last, last));
        out.push_str(&text[last..s]);
        match rep {
            Value::Str(r) => expand(r, re, text, &spans, &mut out)?,
            f => {
                let v = crate::eval::apply(f, vec![groups_value(text, &spans)])?;
                out.push_str(&str_of(&[v])?);
            }
        }
        last = e;
    }
    out.push_str(&text[last..]);
    Ok(out)
}

/// `replace`/`replace-first` on a string, by a string, a character or a regex.
fn replace(a: Vec<Value>, name: &str, first: bool) -> Result<Value> {
    arity(&a, 3, 3, name)?;
    let text = text_arg(&a[0], name)?;
    let limit = if first { 1 } else { usize::MAX };
    let out = match (&a[1], &a[2]) {
        (Value::Regex(re), rep) => replace_regex(&text, re, rep, limit)?,
        (Value::Str(m), Value::Str(r)) => text.replacen(&**m, r, limit),
        (Value::Char(m), Value::Char(r)) => text.replacen(*m, &r.to_string(), limit),
        (m, r) => {
            return Err(Error::msg(format!(
                "{name}: invalid match/replacement pair: {} and {}",
                crate::value::printer::describe(m),
                crate::value::printer::describe(r)
            )))
        }
    };
    Ok(Value::str(&out))
}

/// Java's `Pattern.split`: no empty first part from an empty match at the start; with a
/// positive limit at most that many parts; with limit 0 no empty parts at the end.
fn split(text: &str, re: &Regex, limit: i64) -> Result<Vec<String>> {
    let mut parts: Vec<String> = Vec::new();
    let mut index = 0;
    let mut pos = 0;
    let limited = limit > 0;
    while let Some(spans) = find_at(&re.re, text, pos)? {
        let (s, e) = spans[0].unwrap_or((pos, pos));
        pos = next_pos(text, s, e);
        if limited && parts.len() as i64 >= limit - 1 {
            break;
        }
        if index == 0 && s == 0 && e == 0 {
            continue;
        }
        parts.push(text[index..s].to_string());
        index = e;
    }
    if index == 0 && parts.is_empty() {
        return Ok(vec![text.to_string()]);
    }
    parts.push(text[index..].to_string());
    if limit == 0 {
        while parts.last().is_some_and(String::is_empty) {
            parts.pop();
        }
    }
    Ok(parts)
}

/// Registers the functions of this module.
pub fn install() {
    let c = "clojure.core";
    reg(c, "re-pattern", |a| {
        arity(&a, 1, 1, "re-pattern")?;
        match &a[0] {
            Value::Regex(_) => Ok(a[0].clone()),
            v => Ok(Value::Regex(Arc::new(Regex::new(&text_arg(
                v,
                "re-pattern",
            )?)?))),
        }
    });
    reg(c, "re-find", |a| {
        arity(&a, 1, 2, "re-find")?;
        if a.len() == 1 {
            if !is_matcher(&a[0]) {
                return Err(Error::msg(format!(
                    "re-find: expected a matcher, got {}",
                    crate::value::printer::describe(&a[0])
                )));
            }
            return crate::eval::apply(&a[0], vec![]);
        }
        let (re, text) = (regex_arg(&a[0], "re-find")?, text_arg(&a[1], "re-find")?);
        Ok(find_at(&re.re, &text, 0)?.map_or(Value::Nil, |sp| groups_value(&text, &sp)))
    });
    reg(c, "re-matches", |a| {
        arity(&a, 2, 2, "re-matches")?;
        let (re, text) = (
            regex_arg(&a[0], "re-matches")?,
            text_arg(&a[1], "re-matches")?,
        );
        Ok(find_at(re.whole(), &text, 0)?.map_or(Value::Nil, |sp| groups_value(&text, &sp)))
    });
    reg(c, "re-seq", |a| {
        arity(&a, 2, 2, "re-seq")?;
        let (re, text) = (regex_arg(&a[0], "re-seq")?, text_arg(&a[1], "re-seq")?);
        match_seq(re, text, 0)
    });
    reg(c, "re-matcher", |a| {
        arity(&a, 2, 2, "re-matcher")?;
        let (re, text) = (
            regex_arg(&a[0], "re-matcher")?,
            text_arg(&a[1], "re-matcher")?,
        );
        Ok(matcher(re, text))
    });
    reg(c, "re-groups", |a| {
        arity(&a, 1, 1, "re-groups")?;
        if !is_matcher(&a[0]) {
            return Err(Error::msg(format!(
                "re-groups: expected a matcher, got {}",
                crate::value::printer::describe(&a[0])
            )));
        }
        crate::eval::apply(&a[0], vec![Value::kw("groups")])
    });
    let s = "clojure.string";
    reg(s, "replace", |a| replace(a, "replace", false));
    reg(s, "replace-first", |a| replace(a, "replace-first", true));
    reg(s, "re-quote-replacement", |a| {
        arity(&a, 1, 1, "re-quote-replacement")?;
        let text = text_arg(&a[0], "re-quote-replacement")?;
        let mut out = String::new();
        for ch in text.chars() {
            if ch == '\\' || ch == '$' {
                out.push('\\');
            }
            out.push(ch);
        }
        Ok(Value::str(&out))
    });
    reg(s, "split", |a| {
        arity(&a, 2, 3, "split")?;
        let text = text_arg(&a[0], "split")?;
        let limit = a.get(2).map_or(Ok(0), |l| int_arg(l, "split"))?;
        let parts = match &a[1] {
            Value::Regex(re) => split(&text, re, limit)?,
            Value::Str(sep) => {
                let re = Regex::new(&format!(r"\Q{sep}\E"))?;
                split(&text, &re, limit)?
            }
            other => {
                return Err(Error::msg(format!(
                    "split: expected a regex, got {}",
                    crate::value::printer::describe(other)
                )))
            }
        };
        Ok(Value::vector(parts.iter().map(|p| Value::str(p)).collect()))
    });
}

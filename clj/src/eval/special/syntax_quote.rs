//! Syntax-quote (`` ` ``): symbols are qualified by the namespace they resolve in, `x#`
//! becomes one fresh symbol per syntax-quote, `~x` is evaluated and `~@x` spliced.

use crate::eval::{eval, Env};
use crate::value::error::{Error, Result};
use crate::value::Value;
use std::sync::atomic::{AtomicU64, Ordering};

static IDS: AtomicU64 = AtomicU64::new(1000);

/// A fresh number for `gensym` and auto-gensyms.
pub fn next_id() -> u64 {
    IDS.fetch_add(1, Ordering::Relaxed)
}

const TRUE_SPECIALS: &[&str] = &[
    "if", "do", "let*", "fn*", "quote", "def", "loop*", "recur", "throw", "try", "var", "&", ".",
    "catch", "finally", "new", "set!",
];

/// Expands a syntax-quoted form: symbols are qualified, `x#` becomes one fresh symbol per
/// syntax-quote, `~x` is evaluated, `~@x` spliced.
pub fn syntax_quote(form: &Value, env: &Env, gensyms: &mut Vec<(String, Value)>) -> Result<Value> {
    match form {
        Value::Symbol(s) => {
            if let Some(base) = s.strip_suffix('#') {
                if let Some((_, g)) = gensyms.iter().find(|(n, _)| n == base) {
                    return Ok(g.clone());
                }
                let g = Value::Symbol(format!("{base}__{}__auto__", next_id()).into());
                gensyms.push((base.to_string(), g.clone()));
                return Ok(g);
            }
            if TRUE_SPECIALS.contains(&&**s) {
                return Ok(form.clone());
            }
            if let Some((alias, name)) = crate::eval::ns::split(s) {
                // A namespace alias is replaced by the namespace's name.
                let here = match crate::eval::env::env_ns(env) {
                    Some(ns) => ns.to_string(),
                    None => crate::eval::ns::current(),
                };
                return Ok(match crate::eval::ns::alias_of(&here, alias) {
                    Some(ns) => Value::Symbol(format!("{ns}/{name}").into()),
                    None => form.clone(),
                });
            }
            // A method name (`.foo`) and a class's full name (`java.util.Date`) stay as
            // they are.
            let dotted = s.find('.').is_some_and(|i| i > 0 && i + 1 < s.len());
            if s.starts_with('.') || dotted {
                return Ok(form.clone());
            }
            // Resolved in the namespace the syntax-quote is written in.
            let here = match crate::eval::env::env_ns(env) {
                Some(ns) => ns.to_string(),
                None => crate::eval::ns::current(),
            };
            if let Some((q, _)) = crate::eval::ns::resolve_in(&here, s) {
                return Ok(Value::Symbol(q.into()));
            }
            // An imported class (`Exception`) is named by its full name, its constructor
            // (`Exception.`) stays unqualified.
            if s.ends_with('.') {
                return Ok(form.clone());
            }
            match crate::eval::ns::imported(s) {
                Some(Value::Class(c)) => Ok(Value::Symbol(c.name.clone())),
                _ => Ok(Value::Symbol(format!("{here}/{s}").into())),
            }
        }
        Value::List(c) => {
            if c.0.is_sym("unquote") {
                return eval(&form.to_vec()?.get(1).cloned().unwrap_or(Value::Nil), env);
            }
            if c.0.is_sym("unquote-splicing") {
                return Err(Error::msg("~@ used outside of a list"));
            }
            Ok(Value::list(sq_items(&form.to_vec()?, env, gensyms)?))
        }
        Value::Vector(items) => Ok(Value::vector(sq_items(items, env, gensyms)?)),
        Value::Set(items) => Ok(Value::Set(crate::value::items::Items::arc(sq_items(
            items, env, gensyms,
        )?))),
        Value::Map(m) => {
            let mut out = Vec::new();
            for (k, v) in m.iter() {
                out.push((
                    syntax_quote(k, env, gensyms)?,
                    syntax_quote(v, env, gensyms)?,
                ));
            }
            Ok(Value::Map(crate::value::items::Items::arc(out)))
        }
        other => Ok(other.clone()),
    }
}

fn sq_items(items: &[Value], env: &Env, gensyms: &mut Vec<(String, Value)>) -> Result<Vec<Value>> {
    let mut out = Vec::new();
    for x in items {
        match x {
            Value::List(c) if c.0.is_sym("unquote-splicing") => {
                let v = eval(&x.to_vec()?.get(1).cloned().unwrap_or(Value::Nil), env)?;
                out.extend(v.to_vec()?);
            }
            _ => out.push(syntax_quote(x, env, gensyms)?),
        }
    }
    Ok(out)
}

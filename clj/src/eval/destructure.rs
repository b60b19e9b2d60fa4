//! Binding forms: destructuring patterns (`let`, `loop`, `fn` parameters, `for`, ...) and the
//! parameter lists of `fn` arities.

use crate::eval::env::{bind, Env};
use crate::eval::{eval, Arity, Closure};
use crate::value::error::{Error, Result};
use crate::value::Value;
use std::sync::Arc;

/// Binds a destructuring pattern to a value: symbols, vectors (`& rest`, `:as`), maps
/// (`:keys`, `:strs`, `:syms`, `:or`, `:as`, `{sym key}`).
pub fn destructure(pat: &Value, v: Value, env: &Env) -> Result<Env> {
    match pat {
        Value::Symbol(s) => Ok(bind(env, s.clone(), v)),
        Value::Vector(ps) => {
            let mut env = env.clone();
            let mut cur = v.clone();
            let mut i = 0;
            while i < ps.len() {
                let p = &ps[i];
                if p.is_sym("&") {
                    let r = ps
                        .get(i + 1)
                        .ok_or_else(|| Error::msg("missing pattern after &"))?;
                    let rest = match cur.force()? {
                        Value::Nil | Value::EmptyList => Value::Nil,
                        Value::Vector(items) if items.is_empty() => Value::Nil,
                        Value::Vector(items) => crate::value::vec_seq(items, 0),
                        other => other,
                    };
                    env = destructure(r, rest, &env)?;
                    i += 2;
                    continue;
                }
                if matches!(p, Value::Keyword(k) if &**k == "as") {
                    let name = ps
                        .get(i + 1)
                        .ok_or_else(|| Error::msg("missing symbol after :as"))?;
                    env = destructure(name, v.clone(), &env)?;
                    i += 2;
                    continue;
                }
                let (h, t) = match cur.uncons()? {
                    Some(x) => x,
                    None => (Value::Nil, Value::Nil),
                };
                env = destructure(p, h, &env)?;
                cur = t;
                i += 1;
            }
            Ok(env)
        }
        Value::Map(m) => {
            let v = match v.force()? {
                x if x.is_seq() => crate::value::coll::seq_to_map(&x)?,
                x => x,
            };
            let mut env = env.clone();
            let defaults = m
                .iter()
                .find(|(k, _)| matches!(k, Value::Keyword(k) if &**k == "or"))
                .map(|(_, d)| d.clone());
            let default_for = |name: &str, env: &Env| -> Result<Value> {
                if let Some(Value::Map(d)) = &defaults {
                    if let Some((_, e)) = d.iter().find(|(k, _)| k.is_sym(name)) {
                        return eval(e, env);
                    }
                }
                Ok(Value::Nil)
            };
            for (k, p) in m.iter() {
                match k {
                    Value::Keyword(kw) if &**kw == "as" => env = destructure(p, v.clone(), &env)?,
                    Value::Keyword(kw) if &**kw == "or" => {}
                    Value::Keyword(kw) if matches!(&**kw, "keys" | "strs" | "syms") => {
                        for name in p.to_vec()? {
                            let s = name
                                .as_symbol()
                                .ok_or_else(|| Error::msg(format!(":{kw} takes symbols")))?;
                            let local = crate::eval::ns::split(s).map_or(s, |(_, n)| n);
                            let key = match &**kw {
                                "keys" => Value::kw(s),
                                "strs" => Value::str(s),
                                _ => Value::sym(s),
                            };
                            let mut got = crate::value::coll::get(&v, &key)?;
                            if matches!(got, Value::Nil) && !crate::value::coll::contains(&v, &key)?
                            {
                                got = default_for(local, &env)?;
                            }
                            env = bind(&env, local, got);
                        }
                    }
                    pat => {
                        let mut got = crate::value::coll::get(&v, p)?;
                        if matches!(got, Value::Nil) && !crate::value::coll::contains(&v, p)? {
                            if let Some(s) = pat.as_symbol() {
                                got = default_for(s, &env)?;
                            }
                        }
                        env = destructure(pat, got, &env)?;
                    }
                }
            }
            Ok(env)
        }
        other => Err(Error::msg(format!("unsupported binding form: {other}"))),
    }
}

/// The names `destructure` binds for `pat`, in the order it binds them (one frame each), or
/// `None` for a pattern it rejects (the interpreter then reports the error). The compiler
/// uses them to place each name in its frame.
pub(crate) fn pattern_names(pat: &Value) -> Option<Vec<Arc<str>>> {
    let mut out = Vec::new();
    names_into(pat, &mut out)?;
    Some(out)
}

fn names_into(pat: &Value, out: &mut Vec<Arc<str>>) -> Option<()> {
    match pat {
        Value::Symbol(s) => out.push(s.clone()),
        Value::Vector(ps) => {
            let mut i = 0;
            while i < ps.len() {
                let p = &ps[i];
                if p.is_sym("&") || matches!(p, Value::Keyword(k) if &**k == "as") {
                    names_into(ps.get(i + 1)?, out)?;
                    i += 2;
                } else {
                    names_into(p, out)?;
                    i += 1;
                }
            }
        }
        Value::Map(m) => {
            for (k, p) in m.iter() {
                match k {
                    Value::Keyword(kw) if &**kw == "as" => names_into(p, out)?,
                    Value::Keyword(kw) if &**kw == "or" => {}
                    Value::Keyword(kw) if matches!(&**kw, "keys" | "strs" | "syms") => {
                        for name in p.to_vec().ok()? {
                            let s = name.as_symbol()?;
                            out.push(crate::eval::ns::split(s).map_or(s, |(_, n)| n).into());
                        }
                    }
                    pat => names_into(pat, out)?,
                }
            }
        }
        _ => return None,
    }
    Some(())
}

/// Parses `([params] body...)` arities or one `[params] body...` into a closure.
pub fn make_closure(name: Option<Arc<str>>, spec: &[Value], env: &Env) -> Result<Closure> {
    let mut arities = Vec::new();
    let parse = |params: &Value, body: &[Value]| -> Result<Arity> {
        let Value::Vector(ps) = params else {
            return Err(Error::msg(format!(
                "parameter declaration should be a vector, got {params}"
            )));
        };
        let mut fixed = Vec::new();
        let mut rest = None;
        let mut i = 0;
        while i < ps.len() {
            if ps[i].is_sym("&") {
                rest = Some(
                    ps.get(i + 1)
                        .cloned()
                        .ok_or_else(|| Error::msg("missing parameter after &"))?,
                );
                break;
            }
            fixed.push(ps[i].clone());
            i += 1;
        }
        // A condition map ({:pre [...]}) before the body is skipped.
        let body = match body {
            [Value::Map(_), rest @ ..] if !rest.is_empty() => rest.to_vec(),
            b => b.to_vec(),
        };
        Ok(Arity {
            params: fixed,
            rest,
            body,
            code: std::sync::OnceLock::new(),
            frame_names: std::sync::OnceLock::new(),
            let_names: std::sync::OnceLock::new(),
            derived: std::sync::OnceLock::new(),
        })
    };
    match spec.first() {
        Some(p @ Value::Vector(_)) => arities.push(parse(p, &spec[1..])?),
        Some(_) => {
            for a in spec {
                let items = a.to_vec()?;
                let (p, body) = items
                    .split_first()
                    .ok_or_else(|| Error::msg("empty fn arity"))?;
                arities.push(parse(p, body)?);
            }
        }
        None => return Err(Error::msg("fn needs a parameter vector")),
    }
    Ok(Closure {
        name,
        arities: arities.into(),
        env: crate::eval::env::in_current_ns(env),
    })
}

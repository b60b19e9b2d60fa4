//! `for` and `doseq`: binding pairs with `:let`, `:when` and `:while`. `for` is lazy over its
//! first binding (so `(take 3 (for [x (range)] ...))` ends); the inner bindings of each step
//! are computed at once.

use crate::eval::special::let_bindings;
use crate::eval::{destructure, eval, eval_body, Env};
use crate::value::error::{Error, Result};
use crate::value::Value;
use std::sync::Arc;

/// Runs the bindings from index `i`, calling `body` for each combination. `Ok(false)` when a
/// `:while` stopped the enclosing binding.
fn gen(b: &[Value], i: usize, env: &Env, body: &mut dyn FnMut(&Env) -> Result<()>) -> Result<bool> {
    if i >= b.len() {
        body(env)?;
        return Ok(true);
    }
    let arg = b
        .get(i + 1)
        .ok_or_else(|| Error::msg("binding vector needs an even number of forms"))?;
    match &b[i] {
        Value::Keyword(k) if &**k == "let" => gen(b, i + 2, &let_bindings(arg, env)?, body),
        Value::Keyword(k) if &**k == "when" => {
            if eval(arg, env)?.truthy() {
                gen(b, i + 2, env, body)
            } else {
                Ok(true)
            }
        }
        Value::Keyword(k) if &**k == "while" => {
            if eval(arg, env)?.truthy() {
                gen(b, i + 2, env, body)
            } else {
                Ok(false)
            }
        }
        Value::Keyword(k) => Err(Error::msg(format!("invalid binding modifier :{k}"))),
        pat => {
            let mut cur = eval(arg, env)?;
            while let Some((x, rest)) = cur.uncons()? {
                crate::eval::check_interrupt()?;
                let e = destructure(pat, x, env)?;
                if !gen(b, i + 2, &e, body)? {
                    break;
                }
                cur = rest;
            }
            Ok(true)
        }
    }
}

/// `(doseq bindings body...)`.
pub fn doseq(b: &[Value], body: &[Value], env: &Env) -> Result<()> {
    gen(b, 0, env, &mut |e| eval_body(body, e).map(|_| ()))?;
    Ok(())
}

/// `(for bindings body)`: a lazy seq.
pub fn for_seq(b: Arc<crate::value::items::Items<Value>>, body: Value, env: Env) -> Result<Value> {
    if b.len() < 2 || matches!(b[0], Value::Keyword(_)) {
        return Err(Error::msg("for needs a binding pair first"));
    }
    let coll = eval(&b[1], &env)?;
    Ok(step(b, body, env, coll))
}

fn step(b: Arc<crate::value::items::Items<Value>>, body: Value, env: Env, coll: Value) -> Value {
    Value::lazy(move || {
        let mut cur = coll;
        loop {
            let Some((x, rest)) = cur.uncons()? else {
                return Ok(Value::EmptyList);
            };
            crate::eval::check_interrupt()?;
            let e = destructure(&b[0], x, &env)?;
            let mut out = Vec::new();
            let go_on = gen(&b, 2, &e, &mut |e| {
                out.push(eval(&body, e)?);
                Ok(())
            })?;
            let tail = if go_on {
                step(b.clone(), body.clone(), env.clone(), rest.clone())
            } else {
                Value::EmptyList
            };
            if !out.is_empty() || !go_on {
                return Ok(Value::list_with_tail(out, tail));
            }
            cur = rest;
        }
    })
}

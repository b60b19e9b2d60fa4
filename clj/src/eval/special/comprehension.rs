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

/// `(for bindings body)`: a lazy seq, lazy in every binding (`(take 3 (for [x [1] y
/// (range)] y))` ends). The modifiers after a binding (`:let`, `:when`, `:while`) belong to
/// it: `:while` ends that binding's walk, not the whole seq.
pub fn for_seq(b: Arc<crate::value::items::Items<Value>>, body: Value, env: Env) -> Result<Value> {
    if b.len() < 2 || matches!(b[0], Value::Keyword(_)) {
        return Err(Error::msg("for needs a binding pair first"));
    }
    if !b.len().is_multiple_of(2) {
        return Err(Error::msg("binding vector needs an even number of forms"));
    }
    let coll = eval(&b[1], &env)?;
    Ok(walk(b, 0, body, env, coll, Value::EmptyList))
}

type Forms = Arc<crate::value::items::Items<Value>>;

/// The results of the binding at `i` over `coll` (and of the bindings after it, for each
/// element), in `env`, followed by the seq `tail` (the rest of the enclosing binding's walk):
/// each result is one cell, however deep the bindings nest.
fn walk(b: Forms, i: usize, body: Value, env: Env, coll: Value, tail: Value) -> Value {
    Value::lazy(move || {
        let mut cur = coll;
        loop {
            let Some((x, rest)) = cur.uncons()? else {
                return Ok(tail);
            };
            crate::eval::check_interrupt()?;
            let mut e = destructure(&b[i], x, &env)?;
            let mut j = i + 2;
            let mut keep = true;
            while let Some(Value::Keyword(k)) = b.get(j) {
                let arg = &b[j + 1];
                match &**k {
                    "let" => e = let_bindings(arg, &e)?,
                    "when" => keep = eval(arg, &e)?.truthy(),
                    "while" => {
                        if !eval(arg, &e)?.truthy() {
                            return Ok(tail);
                        }
                    }
                    k => return Err(Error::msg(format!("invalid binding modifier :{k}"))),
                }
                j += 2;
                if !keep {
                    break;
                }
            }
            if !keep {
                cur = rest;
                continue;
            }
            let after = walk(b.clone(), i, body.clone(), env.clone(), rest, tail);
            if j >= b.len() {
                let v = eval(&body, &e)?;
                return Ok(Value::List(Arc::new(crate::value::Cons::cell(v, after))));
            }
            let coll = eval(&b[j + 1], &e)?;
            return Ok(walk(b.clone(), j, body.clone(), e, coll, after));
        }
    })
}

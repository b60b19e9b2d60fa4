//! `for` and `doseq`: binding pairs with `:let`, `:when` and `:while`. `for` is lazy in every
//! binding (so `(take 3 (for [x (range)] ...))` ends); as in Clojure, its last binding takes a
//! chunk of its collection whole (a vector's or a `range`'s 32 elements).

use crate::eval::special::let_bindings;
use crate::eval::{destructure, eval, eval_body, Env};
use crate::value::coll::{Next, Source, CHUNK};
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
    Ok(walk(
        Arc::new((b, body)),
        0,
        env,
        Source::of(coll),
        Value::EmptyList,
    ))
}

type Forms = Arc<crate::value::items::Items<Value>>;

/// What one element bound by the binding at `i` gives: its environment after the binding's
/// modifiers and the index of the next binding, or that a `:when` skips it, or that a
/// `:while` ends the binding's walk.
pub(crate) enum Bound {
    Keep(Env, usize),
    Skip,
    End,
}

/// A `for`'s bindings and body as an evaluator holds them (the interpreter's forms, the
/// compiler's steps), which [`walk`] runs.
pub(crate) trait ForBindings: Clone + Send + 'static {
    /// `x` bound by the binding at `i` in `env`, through its modifiers.
    fn bound(&self, i: usize, env: &Env, x: Value) -> Result<Bound>;
    /// Whether the binding at `i` is the last.
    fn is_last(&self, i: usize) -> bool;
    /// The collection of the binding at `i`, in `env`.
    fn coll(&self, i: usize, env: &Env) -> Result<Value>;
    /// What the binding at `i` walks in `env`: its collection as a source.
    fn source(&self, i: usize, env: &Env) -> Result<Source> {
        Ok(Source::of(self.coll(i, env)?))
    }
    /// The body's value in `env`.
    fn body(&self, env: &Env) -> Result<Value>;

    /// `x` bound by the binding at `i` in place of the element `env` binds (an environment
    /// [`ForBindings::bound`] gave for that binding, held by nothing else), when that is all
    /// binding it takes; else `x` given back.
    fn rebind(&self, _i: usize, _env: &mut Env, x: Value) -> std::result::Result<(), Value> {
        Err(x)
    }
}

/// The interpreter's `for`: its binding forms and its body.
impl ForBindings for Arc<(Forms, Value)> {
    fn bound(&self, i: usize, env: &Env, x: Value) -> Result<Bound> {
        crate::eval::check_interrupt()?;
        let b = &self.0;
        let mut e = destructure(&b[i], x, env)?;
        let mut j = i + 2;
        while let Some(Value::Keyword(k)) = b.get(j) {
            let arg = &b[j + 1];
            match &**k {
                "let" => e = let_bindings(arg, &e)?,
                "when" => {
                    if !eval(arg, &e)?.truthy() {
                        return Ok(Bound::Skip);
                    }
                }
                "while" => {
                    if !eval(arg, &e)?.truthy() {
                        return Ok(Bound::End);
                    }
                }
                k => return Err(Error::msg(format!("invalid binding modifier :{k}"))),
            }
            j += 2;
        }
        Ok(Bound::Keep(e, j))
    }

    /// Only modifiers follow the last binding.
    fn is_last(&self, i: usize) -> bool {
        let b = &self.0;
        let mut j = i + 2;
        while let Some(Value::Keyword(_)) = b.get(j) {
            j += 2;
        }
        j >= b.len()
    }

    fn coll(&self, i: usize, env: &Env) -> Result<Value> {
        eval(&self.0[i + 1], env)
    }

    fn body(&self, env: &Env) -> Result<Value> {
        eval(&self.1, env)
    }
}

/// The results of the binding at `i` over `src` (and of the bindings after it, for each
/// element), in `env`, followed by the seq `tail` (the rest of the enclosing binding's walk):
/// each result is one cell, however deep the bindings nest. The last binding takes a chunk
/// of its collection whole, as Clojure's `for` does.
pub(crate) fn walk<B: ForBindings>(b: B, i: usize, env: Env, src: Source, tail: Value) -> Value {
    Value::lazy(move || walk_now(b, i, env, src, tail))
}

/// The results of the last binding, at `i`, over the chunk `xs` of its source (`rest` after
/// it), in `env`: one chunk of cells, followed by the rest of the binding's walk and then
/// `tail`.
fn chunk_of<B: ForBindings>(
    b: &B,
    i: usize,
    env: &Env,
    xs: impl Iterator<Item = Value>,
    rest: Source,
    tail: Value,
) -> Result<Value> {
    let mut out = Vec::with_capacity(xs.size_hint().0);
    // The last element's environment, bound again for the next when the body kept nothing
    // of it.
    let mut last_env: Option<Env> = None;
    for x in xs {
        let x = match &mut last_env {
            Some(e) => match b.rebind(i, e, x) {
                Ok(()) => {
                    out.push(b.body(e)?);
                    continue;
                }
                Err(x) => x,
            },
            None => x,
        };
        match b.bound(i, env, x)? {
            Bound::Keep(e, _) => {
                out.push(b.body(&e)?);
                last_env = Some(e);
            }
            Bound::Skip => {}
            Bound::End => return Ok(Value::chunk_with_tail(out, tail)),
        }
    }
    // The rest of this binding's walk, unless its source has run out.
    let after = match rest.exhausted() {
        true => tail,
        false => walk(b.clone(), i, env.clone(), rest, tail),
    };
    Ok(Value::chunk_with_tail(out, after))
}

/// What [`walk`]'s seq is, computed now: the seq of the next binding's walk, which the cell
/// forcing this one would force at once, is computed in place too, no cell made for it.
fn walk_now<B: ForBindings>(
    b: B,
    i: usize,
    env: Env,
    mut src: Source,
    tail: Value,
) -> Result<Value> {
    let last = b.is_last(i);
    loop {
        let (x, rest) = if last {
            // A range's chunk read from its steps; any other source's as it gives it.
            match src {
                Source::Range(steps) => {
                    let (n, rest) = steps.split(CHUNK);
                    if n == 0 {
                        return Ok(tail);
                    }
                    let xs = (0..n).map(|k| Value::Int(steps.nth(k)));
                    return chunk_of(&b, i, &env, xs, Source::Range(rest), tail);
                }
                other => match other.next()? {
                    Next::End => return Ok(tail),
                    Next::Chunk(xs, rest) => {
                        return chunk_of(&b, i, &env, xs.into_iter(), rest, tail)
                    }
                    Next::One(x, rest) => (x, rest),
                },
            }
        } else {
            match src.next_one()? {
                Some(one) => one,
                None => return Ok(tail),
            }
        };
        let (e, j) = match b.bound(i, &env, x)? {
            Bound::Keep(e, j) => (e, j),
            Bound::Skip => {
                src = rest;
                continue;
            }
            Bound::End => return Ok(tail),
        };
        let after = walk(b.clone(), i, env.clone(), rest, tail);
        if last {
            let v = b.body(&e)?;
            return Ok(Value::cons(v, after));
        }
        let src = b.source(j, &e)?;
        return crate::eval::nested(|| walk_now(b, j, e, src, after));
    }
}

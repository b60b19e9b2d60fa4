//! `for`, `doseq` and `dotimes` compiled: each binding's collection, pattern and modifiers
//! (`:let`, `:when`, `:while`) and the body compiled in the scopes they see, run as the
//! interpreter runs them (`eval/special/comprehension.rs`): `for` lazy in every binding, one
//! cell per result however deep the bindings nest, its last binding taking a chunk of its
//! collection whole (as Clojure's), `:while` ending its own binding's walk.

use crate::eval::check_interrupt;
use crate::eval::compile::run::{bind_pairs, bind_pat, source_of};
use crate::eval::compile::{all, bindings, compile, pattern, Code, Compiled, Pat, Scope};
use crate::eval::env::{Env, Frame};
use crate::eval::special::comprehension::{walk, Bound, ForBindings};
use crate::value::coll::Source;
use crate::value::error::Result;
use crate::value::Value;
use std::sync::Arc;

/// The binding vector of a `for` or `doseq`, compiled.
struct Steps {
    steps: Vec<Step>,
}

/// A binding and the modifiers after it.
struct Step {
    coll: Code,
    pat: Pat,
    mods: Vec<Modifier>,
}

enum Modifier {
    Let(Vec<(Pat, Code)>),
    When(Code),
    While(Code),
}

/// The steps of the binding vector `b` with the scopes they open left open (for the body), or
/// `None` for a vector the interpreter must run (and report: a modifier first, an odd count,
/// an unknown modifier, a pattern `destructure` rejects).
fn steps(b: &[Value], scope: &mut Scope) -> Option<Steps> {
    if b.len() < 2 || !b.len().is_multiple_of(2) || matches!(b[0], Value::Keyword(_)) {
        return None;
    }
    let mut steps: Vec<Step> = Vec::new();
    for pair in b.chunks(2) {
        match &pair[0] {
            Value::Keyword(k) => {
                let m = match (&**k, &pair[1]) {
                    ("let", Value::Vector(bs)) => Modifier::Let(bindings(scope, bs)?.0),
                    ("when", c) => Modifier::When(compile(c, scope)),
                    ("while", c) => Modifier::While(compile(c, scope)),
                    _ => return None,
                };
                steps.last_mut()?.mods.push(m);
            }
            p => {
                let coll = compile(&pair[1], scope);
                let (pat, names) = pattern(p)?;
                scope.push_each(names);
                steps.push(Step {
                    coll,
                    pat,
                    mods: Vec::new(),
                });
            }
        }
    }
    Some(Steps { steps })
}

/// `(for [bindings] body)` compiled, or `None` to leave it to the interpreter.
pub(crate) fn for_form(a: &[Value], scope: &mut Scope) -> Option<Box<dyn Compiled>> {
    let [Value::Vector(b), body] = a else {
        return None;
    };
    let mark = scope.frames.len();
    let out = steps(b, scope).map(|steps| {
        let body = compile(body, scope);
        Box::new(For(Arc::new((steps, body)))) as Box<dyn Compiled>
    });
    scope.frames.truncate(mark);
    out
}

/// `(doseq [bindings] body...)` compiled, or `None` to leave it to the interpreter.
pub(crate) fn doseq_form(a: &[Value], scope: &mut Scope) -> Option<Box<dyn Compiled>> {
    let (Value::Vector(b), body) = a.split_first()? else {
        return None;
    };
    let mark = scope.frames.len();
    let out = steps(b, scope).map(|steps| {
        let body = all(scope, body);
        Box::new(Doseq(steps, body)) as Box<dyn Compiled>
    });
    scope.frames.truncate(mark);
    out
}

/// `(dotimes [name n] body...)` compiled, or `None` to leave it to the interpreter.
pub(crate) fn dotimes_form(a: &[Value], scope: &mut Scope) -> Option<Box<dyn Compiled>> {
    let (Value::Vector(b), body) = a.split_first()? else {
        return None;
    };
    let [p, n] = &b[..] else {
        return None;
    };
    let n = compile(n, scope);
    let (pat, names) = pattern(p)?;
    let mark = scope.frames.len();
    scope.push_each(names);
    let body = all(scope, body);
    scope.frames.truncate(mark);
    Some(Box::new(Dotimes(n, pat, body)))
}

struct For(Arc<(Steps, Code)>);

impl Compiled for For {
    fn run(&self, env: &Env) -> Result<Value> {
        let src = self.0.source(0, env)?;
        Ok(walk(self.0.clone(), 0, env.clone(), src, Value::EmptyList))
    }
}

/// `x` bound by `step` in `env`, through the step's modifiers; `next` is the next step's
/// index.
fn bound(step: &Step, env: &Env, x: Value, next: usize) -> Result<Bound> {
    check_interrupt()?;
    let mut e = bind_pat(env, &step.pat, x)?;
    for m in &step.mods {
        match m {
            Modifier::Let(pairs) => e = bind_pairs(&e, pairs)?,
            Modifier::When(c) => {
                if !c.run(&e)?.truthy() {
                    return Ok(Bound::Skip);
                }
            }
            Modifier::While(c) => {
                if !c.run(&e)?.truthy() {
                    return Ok(Bound::End);
                }
            }
        }
    }
    Ok(Bound::Keep(e, next))
}

/// The compiled `for`: its steps and its body, run as the interpreter's.
impl ForBindings for Arc<(Steps, Code)> {
    fn bound(&self, i: usize, env: &Env, x: Value) -> Result<Bound> {
        bound(&self.0.steps[i], env, x, i + 1)
    }

    fn is_last(&self, i: usize) -> bool {
        i + 1 == self.0.steps.len()
    }

    fn coll(&self, i: usize, env: &Env) -> Result<Value> {
        self.0.steps[i].coll.run(env)
    }

    fn source(&self, i: usize, env: &Env) -> Result<Source> {
        source_of(&self.0.steps[i].coll, env)
    }

    fn body(&self, env: &Env) -> Result<Value> {
        self.1.run(env)
    }

    /// A binding of a plain name with no modifiers is one frame: its value replaced in place
    /// when nothing but this walk holds it.
    fn rebind(&self, i: usize, env: &mut Env, x: Value) -> std::result::Result<(), Value> {
        let step = &self.0.steps[i];
        if !step.mods.is_empty() || !matches!(step.pat, Pat::Name(_)) {
            return Err(x);
        }
        if check_interrupt().is_err() {
            return Err(x);
        }
        match env.as_mut().and_then(triomphe::Arc::get_mut) {
            Some(Frame::One(_, slot, _)) => {
                *slot = x;
                Ok(())
            }
            _ => Err(x),
        }
    }
}

struct Doseq(Steps, Vec<Code>);

impl Compiled for Doseq {
    fn run(&self, env: &Env) -> Result<Value> {
        each(&self.0.steps, 0, env, &mut |e| {
            for c in &self.1 {
                c.run(e)?;
            }
            Ok(())
        })?;
        Ok(Value::Nil)
    }
}

/// Runs the bindings from `i` on, `body` for each combination, as the interpreter's `gen`: a
/// `:while` ends its own binding's walk.
fn each(
    steps: &[Step],
    i: usize,
    env: &Env,
    body: &mut dyn FnMut(&Env) -> Result<()>,
) -> Result<()> {
    let Some(step) = steps.get(i) else {
        return body(env);
    };
    let mut cur = step.coll.run(env)?;
    while let Some((x, rest)) = cur.uncons()? {
        cur = rest;
        match bound(step, env, x, i + 1)? {
            Bound::Keep(e, next) => each(steps, next, &e, body)?,
            Bound::Skip => {}
            Bound::End => break,
        }
    }
    Ok(())
}

struct Dotimes(Code, Pat, Vec<Code>);

impl Compiled for Dotimes {
    fn run(&self, env: &Env) -> Result<Value> {
        let n = match self.0.run(env)? {
            Value::Int(n) => n,
            other => {
                return Err(crate::value::error::Error::msg(format!(
                    "dotimes needs an integer, got {other}"
                )))
            }
        };
        for i in 0..n {
            check_interrupt()?;
            let e = bind_pat(env, &self.1, Value::Int(i))?;
            for c in &self.2 {
                c.run(&e)?;
            }
        }
        Ok(Value::Nil)
    }
}

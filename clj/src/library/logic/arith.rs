//! core.logic's non-relational arithmetic goals: `clojure.core.logic.arithmetic` (`=`, `>`,
//! `>=`, `<`, `<=`: compare the current values of two terms) and `pred` and `is` of
//! `clojure.core.logic`, bound to the engine's `project`.
//!
//! core.logic's `is` (`(is u v op & rest)`) and clojure.test's `is` (`(is form msg?)`) share a
//! name, and the REPL refers both: `clojure.core.logic/is` is the same special form as
//! clojure.test's, which hands a call of three arguments or more to [`is`] here; compiled
//! code calls [`is`] itself (`compile_is`).

use crate::eval::compile::{compile, Code, Compiled, Scope};
use crate::eval::Env;
use crate::library::core::{arity, reg, reg_slice};
use crate::library::logic::{fail_with, from_term, to_term};
use crate::value::Value;
use std::cmp::Ordering;

/// Whether an ordering satisfies a comparison.
type Test = fn(Ordering) -> bool;

/// Registers the arithmetic namespace and `pred`.
pub fn install() {
    let a = "clojure.core.logic.arithmetic";
    let tests: [(&str, Test); 5] = [
        ("=", Ordering::is_eq),
        (">", Ordering::is_gt),
        (">=", Ordering::is_ge),
        ("<", Ordering::is_lt),
        ("<=", Ordering::is_le),
    ];
    for (name, holds) in tests {
        // (a/> x y): walks x and y when it runs and compares them as clojure.core/> does.
        reg(a, name, move |args| {
            arity(&args, 2, 2, name)?;
            let (x, y) = (to_term(&args[0])?, to_term(&args[1])?);
            Ok(Value::Goal(kanren::project([x, y], move |[x, y]| {
                let (x, y) = (from_term(x), from_term(y));
                match crate::value::num::compare(&x, &y, name) {
                    Ok(o) if holds(o) => kanren::succeed(),
                    Ok(_) => kanren::fail(),
                    Err(e) => fail_with(e),
                }
            })))
        });
    }
    let l = "clojure.core.logic";
    // (pred v f): (f v) is true for the value of v.
    reg_slice(l, "pred", |args| {
        arity(args, 2, 2, "pred")?;
        let f = args[1].clone();
        Ok(Value::Goal(kanren::project(
            [to_term(&args[0])?],
            move |[v]| match crate::eval::apply1(&f, from_term(v)) {
                Ok(r) if r.truthy() => kanren::succeed(),
                Ok(_) => kanren::fail(),
                Err(e) => fail_with(e),
            },
        )))
    });
}

/// core.logic's `(is u v op & rest)`, the arguments evaluated: `u` is `(op v rest...)` for the
/// value `v` has when the goal runs.
pub fn is(args: Vec<Value>) -> crate::Result<Value> {
    arity(&args, 3, usize::MAX, "is")?;
    let (u, v) = (to_term(&args[0])?, to_term(&args[1])?);
    Ok(Value::Goal(is_goal(
        u,
        v,
        args[2].clone(),
        args[3..].to_vec(),
    )))
}

/// The goal of `(is u v op & rest)` on the terms of `u` and `v`: `u` is `(op v rest...)`
/// for the value `v` has when the goal runs.
pub(crate) fn is_goal(
    u: kanren::Term,
    v: kanren::Term,
    op: Value,
    rest: Vec<Value>,
) -> kanren::Goal {
    kanren::project([v], move |[v]| {
        let value = match rest.as_slice() {
            // One or two arguments: no vector of them made.
            [] => crate::eval::apply1(&op, from_term(v)),
            [r] => crate::eval::apply2(&op, from_term(v), r.clone()),
            _ => {
                let mut call = vec![from_term(v)];
                call.extend(rest.iter().cloned());
                crate::eval::apply(&op, call)
            }
        };
        match value.and_then(|r| to_term(&r)) {
            Ok(r) => kanren::eq(u.clone(), r),
            Err(e) => fail_with(e),
        }
    })
}

/// `(is u v op & rest)` compiled: the code of its arguments, whose values go to [`is`] each
/// time it runs.
pub(crate) struct IsForm(pub(crate) Vec<Code>);

impl Compiled for IsForm {
    fn run(&self, env: &Env) -> crate::Result<Value> {
        let mut args = Vec::with_capacity(self.0.len());
        for c in &self.0 {
            args.push(c.run(env)?);
        }
        is(args)
    }
}

/// Compiles core.logic's `is` (the `t:is` form with three or more arguments, as the
/// interpreter tells it from `clojure.test`'s); `clojure.test`'s forms are left to the
/// interpreter.
pub(crate) fn compile_is(name: &str, a: &[Value], scope: &mut Scope) -> Option<Box<dyn Compiled>> {
    (name == "is" && a.len() >= 3).then(|| {
        Box::new(IsForm(a.iter().map(|f| compile(f, scope)).collect())) as Box<dyn Compiled>
    })
}

//! core.logic's non-relational arithmetic goals: `clojure.core.logic.arithmetic` (`=`, `>`,
//! `>=`, `<`, `<=`: compare the current values of two terms) and `pred` of
//! `clojure.core.logic`, bound to the engine's `project`.
//!
//! Not bound: core.logic's `is` (a macro, `(is u v op)`), whose name clojure.test's `is`
//! takes in a namespace that refers both, as the REPL's does.

use crate::core::{arity, reg};
use crate::logic::{fail_with, from_term, to_term};
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
                match crate::num::compare(&x, &y, name) {
                    Ok(o) if holds(o) => kanren::succeed(),
                    Ok(_) => kanren::fail(),
                    Err(e) => fail_with(e),
                }
            })))
        });
    }
    let l = "clojure.core.logic";
    // (pred v f): (f v) is true for the value of v.
    reg(l, "pred", |args| {
        arity(&args, 2, 2, "pred")?;
        let f = args[1].clone();
        Ok(Value::Goal(kanren::project(
            [to_term(&args[0])?],
            move |[v]| match crate::eval::apply(&f, vec![from_term(v)]) {
                Ok(r) if r.truthy() => kanren::succeed(),
                Ok(_) => kanren::fail(),
                Err(e) => fail_with(e),
            },
        )))
    });
}

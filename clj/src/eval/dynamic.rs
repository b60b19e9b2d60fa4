//! Thread bindings of vars: what `binding`, `push-thread-bindings`/`pop-thread-bindings`,
//! `with-bindings*`, `get-thread-bindings`, `thread-bound?` and `bound-fn*` share.
//!
//! The evaluator runs on one thread, so a thread binding is the var's value for as long as
//! the binding frame lives: pushing a frame makes each of its values the var's value (its
//! global definition) and keeps the value it replaces; popping the frame puts those back.
//! `set!` and `var-set` inside the frame change the var's value, which the pop discards, as a
//! thread binding's change is discarded in Clojure.
//!
//! Representation: a stack of frames, innermost last; a frame is the vars it binds (by
//! qualified name) with the values they had before it. Nothing here runs unless a program
//! binds a var.

use crate::value::error::{Error, Result};
use crate::value::Value;
use std::cell::RefCell;
use std::sync::Arc;

/// One binding frame: each var's qualified name and the value it had before the frame.
type Frame = Vec<(Arc<str>, Value)>;

thread_local! {
    static FRAMES: RefCell<Vec<Frame>> = const { RefCell::new(Vec::new()) };
}

fn set(qualified: &str, v: Value) {
    if let Some((ns, n)) = crate::eval::ns::split(qualified) {
        crate::eval::ns::define(ns, n, v);
    }
}

/// Pushes a frame binding each var (by qualified name) to its value, in order.
pub fn push(bindings: Vec<(Arc<str>, Value)>) {
    let known = bindings
        .into_iter()
        .map(|(q, v)| {
            let old = crate::eval::ns::resolve(&q).map_or(Value::Nil, |(_, v)| v);
            (q, old, v)
        })
        .collect();
    push_known(known);
}

/// Pushes a frame binding each var (qualified name, its value now, its new value), in
/// order: [`push`] when the caller has looked the values up already (`binding`).
pub fn push_known(bindings: Vec<(Arc<str>, Value, Value)>) {
    let mut frame = Vec::with_capacity(bindings.len());
    for (q, old, v) in bindings {
        set(&q, v);
        frame.push((q, old));
    }
    FRAMES.with(|f| f.borrow_mut().push(frame));
}

/// Pops the innermost frame, giving its vars back the values they had before it; an error
/// when no frame is left (Clojure's "Pop without matching push").
pub fn pop() -> Result<()> {
    let Some(frame) = FRAMES.with(|f| f.borrow_mut().pop()) else {
        return Err(Error::ex(
            crate::value::error::ILLEGAL_STATE,
            "Pop without matching push",
        ));
    };
    for (q, old) in frame.into_iter().rev() {
        set(&q, old);
    }
    Ok(())
}

/// Runs `f` inside a frame binding `bindings`, popping it however `f` ends.
pub fn with<T>(bindings: Vec<(Arc<str>, Value)>, f: impl FnOnce() -> Result<T>) -> Result<T> {
    push(bindings);
    let out = f();
    pop()?;
    out
}

/// [`with`] for bindings whose current values the caller has looked up ([`push_known`]).
pub fn with_known<T>(
    bindings: Vec<(Arc<str>, Value, Value)>,
    f: impl FnOnce() -> Result<T>,
) -> Result<T> {
    push_known(bindings);
    let out = f();
    pop()?;
    out
}

/// Whether some frame binds the var `qualified`.
pub fn is_bound(qualified: &str) -> bool {
    FRAMES.with(|f| f.borrow().iter().flatten().any(|(q, _)| &**q == qualified))
}

/// Every var some frame binds, with its current value, each once (innermost frame first).
pub fn bound() -> Vec<(Arc<str>, Value)> {
    let names: Vec<Arc<str>> = FRAMES.with(|f| {
        let mut out: Vec<Arc<str>> = Vec::new();
        for (q, _) in f.borrow().iter().rev().flatten() {
            if !out.contains(q) {
                out.push(q.clone());
            }
        }
        out
    });
    names
        .into_iter()
        .map(|q| {
            let v = crate::eval::ns::resolve(&q).map_or(Value::Nil, |(_, v)| v);
            (q, v)
        })
        .collect()
}

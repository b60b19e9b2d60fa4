//! Local environments: a persistent chain of frames, each one binding, several bindings made
//! together (a call's parameters, a `fresh`'s variables) or a `letfn`'s functions. Looking a
//! name up walks the chain from the newest frame.

use crate::value::Value;
use smallvec::SmallVec;
use std::sync::{Arc, OnceLock};

/// A local environment: a persistent chain of frames.
pub type Env = Option<Arc<Frame>>;

/// The functions of one `letfn`, set once they are all made.
pub type LetFnGroup = OnceLock<Vec<(Arc<str>, Value)>>;

/// Bindings made together (a call's parameters, a `fresh`'s variables), kept in one frame:
/// one allocation for all of them. A later one shadows an earlier one of the same name.
pub type Bindings = SmallVec<[(Arc<str>, Value); 4]>;

/// One frame of a local environment.
pub enum Frame {
    /// One binding.
    One(Arc<str>, Value, Env),
    /// Several bindings, made together.
    Many(Bindings, Env),
    /// The functions of a `letfn`, bound together (each sees all of them).
    Group(Arc<LetFnGroup>, Env),
    /// The namespace the code under it was written in (a function's body resolves global
    /// names in its own namespace, not in the caller's): binds no local.
    Ns(Arc<str>, Env),
}

impl Drop for Frame {
    /// A frame that alone holds a function, or holds a goal (either's environment can hold
    /// another such frame), drops it through [`drop_deep`](crate::value::items::drop_deep):
    /// closures nested in closures, and goals in goals (`fresh` in `fresh`), a million deep
    /// are freed without overflow. Other frames only look at their bindings' kinds.
    fn drop(&mut self) {
        let closure = |v: &Value| match v {
            Value::Fn(c) => Arc::strong_count(c) == 1,
            Value::Goal(_) => true,
            _ => false,
        };
        match self {
            Frame::One(_, v, _) if closure(v) => {
                crate::value::items::drop_deep(std::mem::replace(v, Value::Nil))
            }
            Frame::Many(b, _) if b.iter().any(|(_, v)| closure(v)) => {
                crate::value::items::drop_deep(std::mem::take(b))
            }
            _ => {}
        }
    }
}

/// The namespace `env`'s code was written in: its newest [`Frame::Ns`], if any (code at the
/// top level is in the current namespace).
pub fn env_ns(env: &Env) -> Option<&Arc<str>> {
    let mut cur = env;
    while let Some(f) = cur {
        cur = match f.as_ref() {
            Frame::Ns(ns, _) => return Some(ns),
            Frame::One(_, _, next) | Frame::Many(_, next) | Frame::Group(_, next) => next,
        };
    }
    None
}

/// `env` marked as written in the current namespace, unless it is marked already.
pub fn in_current_ns(env: &Env) -> Env {
    if env_ns(env).is_some() {
        env.clone()
    } else {
        Some(Arc::new(Frame::Ns(
            crate::eval::ns::current().into(),
            env.clone(),
        )))
    }
}

/// `env` with `name` bound to `v`. The name is shared, not copied: pass the symbol's own
/// `Arc<str>` (`&str` makes a new one).
pub fn bind(env: &Env, name: impl Into<Arc<str>>, v: Value) -> Env {
    Some(Arc::new(Frame::One(name.into(), v, env.clone())))
}

/// `env` with the `bindings` (in order: a later one shadows an earlier one).
pub fn bind_all(env: &Env, bindings: Bindings) -> Env {
    match bindings.len() {
        0 => env.clone(),
        _ => Some(Arc::new(Frame::Many(bindings, env.clone()))),
    }
}

/// Whether two local names are the same: the same allocation (a symbol read once and bound
/// by its own `Arc`), or the same bytes. Names are short, so a plain loop beats `memcmp`.
#[inline]
fn same_name(a: &str, b: &str) -> bool {
    a.len() == b.len()
        && (std::ptr::eq(a.as_ptr(), b.as_ptr()) || a.bytes().zip(b.bytes()).all(|(x, y)| x == y))
}

/// The value of a local, if `name` is bound in `env`.
pub fn lookup_local(env: &Env, name: &str) -> Option<Value> {
    let mut cur = env;
    while let Some(f) = cur {
        match f.as_ref() {
            Frame::One(n, v, next) => {
                if same_name(n, name) {
                    return Some(v.clone());
                }
                cur = next;
            }
            Frame::Many(bs, next) => {
                if let Some((_, v)) = bs.iter().rev().find(|(n, _)| same_name(n, name)) {
                    return Some(v.clone());
                }
                cur = next;
            }
            Frame::Group(g, next) => {
                if let Some(fs) = g.get() {
                    if let Some((_, v)) = fs.iter().find(|(n, _)| &**n == name) {
                        return Some(v.clone());
                    }
                }
                cur = next;
            }
            Frame::Ns(_, next) => cur = next,
        }
    }
    None
}

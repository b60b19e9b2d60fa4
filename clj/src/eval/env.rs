//! Local environments: a persistent chain of frames, each one binding, several bindings made
//! together (a call's parameters, a `fresh`'s variables) or a `letfn`'s functions. Looking a
//! name up walks the chain from the newest frame.

pub use crate::value::func::{Bindings, Env, Frame, LetFnGroup, Names, Slots};
use crate::value::{counted, Value};
use std::sync::Arc;

/// The namespace `env`'s code was written in: its newest [`Frame::Ns`], if any (code at the
/// top level is in the current namespace).
pub fn env_ns(env: &Env) -> Option<&Arc<str>> {
    let mut cur = env;
    while let Some(f) = cur {
        cur = match f.as_ref() {
            Frame::Ns(ns, _) => return Some(ns),
            f => f.next(),
        };
    }
    None
}

/// `env` marked as written in the current namespace, unless it is marked already.
pub fn in_current_ns(env: &Env) -> Env {
    if env_ns(env).is_some() {
        env.clone()
    } else {
        Some(counted(|| {
            Frame::Ns(crate::eval::ns::current().into(), env.clone())
        }))
    }
}

/// `env` with `name` bound to `v`. The name is shared, not copied: pass the symbol's own
/// `Arc<str>` (`&str` makes a new one).
pub fn bind(env: &Env, name: impl Into<Arc<str>>, v: Value) -> Env {
    Some(counted(|| Frame::One(name.into(), v, env.clone())))
}

/// `env` with the `bindings` (in order: a later one shadows an earlier one).
pub fn bind_all(env: &Env, mut bindings: Bindings) -> Env {
    match bindings.len() {
        0 => env.clone(),
        // The smaller frame (a function of one argument binds one name).
        1 => {
            let (name, v) = bindings.pop().expect("one binding");
            Some(counted(|| Frame::One(name, v, env.clone())))
        }
        _ => Some(counted(|| Frame::Many(bindings, env.clone()))),
    }
}

/// `env` with `names` bound to `values`, in one frame (none for no names).
pub fn bind_slots(env: &Env, names: &Names, values: Slots) -> Env {
    debug_assert_eq!(names.len(), values.len(), "a value for each name");
    match values.len() {
        0 => env.clone(),
        _ => Some(counted(|| Frame::Slots(names.clone(), values, env.clone()))),
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
            Frame::Slots(ns, vs, next) => {
                if let Some(i) = ns.iter().rposition(|n| same_name(n, name)) {
                    return Some(vs[i].clone());
                }
                cur = next;
            }
            Frame::Call(c, a, vs) => {
                if let Value::Fn(closure) = c {
                    let arity = &closure.arities[a.index()];
                    let names = arity.frame_names.get();
                    // The names a `let` bound into the frame (those it holds values for)
                    // shadow the parameters.
                    if let (Some(lets), Some(ns)) = (arity.let_names.get(), names) {
                        let base = ns.len() - usize::from(a.named());
                        let held = vs.len().saturating_sub(base).min(lets.len());
                        if let Some(k) = lets[..held].iter().rposition(|n| same_name(n, name)) {
                            return Some(vs[base + k].clone());
                        }
                    }
                    if let Some(i) =
                        names.and_then(|ns| ns.iter().rposition(|n| same_name(n, name)))
                    {
                        return Frame::call_slot(c, *a, vs, i);
                    }
                }
                cur = f.next();
            }
            Frame::Group(g, next) => {
                if let Some(i) = g.position(name) {
                    return Some(g.function(i, cur));
                }
                cur = next;
            }
            Frame::Ns(_, next) => cur = next,
        }
    }
    None
}

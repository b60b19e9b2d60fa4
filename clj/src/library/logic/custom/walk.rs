//! core.logic's `walk*` and reification on values that hold a program's instances.
//!
//! `walk*` walks a value and calls `walk-term` on it with a function that walks each part (and
//! walks a tree part through): an instance's own `walk-term` rebuilds it from its walked parts;
//! Clojure's collections walk theirs as core.logic's implementations do (a list calls
//! `walk-term` on each walked element, an `lcons` only walks its head and its tail). `-reify*`
//! walks a value and calls `reify-term` with a substitution, which names each variable it meets
//! by binding it; an instance's own `reify-term` names the variables of its parts.

use super::{has_instance, is_instance, method_of, substitution, REIFY, WALK};
use crate::eval::apply;
use crate::library::core::{arity, native};
use crate::library::logic::subst::subst_value;
use crate::library::logic::to_term;
use crate::value::convert::from_term;
use crate::value::error::Result;
use crate::value::items::Items;
use crate::value::Value;
use kanren::{State, Term, Var};

/// The value of `v` in `s` at the top (core.logic's `walk`).
fn walk(s: &State, v: &Value) -> Value {
    match v {
        Value::LVar(x) => from_term(&s.walk(&Term::Var(*x))),
        other => other.clone(),
    }
}

/// Whether a value is a tree, walked through by `walk*` (core.logic's `tree-term?`).
fn is_tree(v: &Value) -> bool {
    matches!(
        v,
        Value::Vector(_) | Value::Map(_) | Value::Set(_) | Value::PartialMap(_)
    ) || v.is_seq()
}

/// core.logic's `walk*`: `v` with every variable replaced by its value in `s`, each instance
/// rebuilt by its `walk-term` (the engine's `walk*` for a value that holds none).
pub fn walk_star(s: &State, v: &Value) -> Result<Value> {
    let t = to_term(v)?;
    if !has_instance(s, &t) {
        return Ok(from_term(&s.walk_star(&t)));
    }
    let v = walk(s, v);
    kanren::stack::maybe_grow(32 * 1024, 1024 * 1024, || walk_term(v, &part_fn(s.clone())))
}

/// The function `walk*` hands to `walk-term`: the value of a part, walked through if a tree.
fn part_fn(s: State) -> Value {
    native("clojure.core.logic/walk*", move |a| {
        arity(&a, 1, 1, "walk*")?;
        let x = walk(&s, &a[0]);
        if is_tree(&x) {
            walk_star(&s, &x)
        } else {
            Ok(x)
        }
    })
}

/// `walk-term` of `v` with `f`: an instance's method, or the default.
fn walk_term(v: Value, f: &Value) -> Result<Value> {
    if is_instance(&v) {
        if let Some(m) = method_of(WALK, &v) {
            return apply(&m, vec![v, f.clone()]);
        }
    }
    default_walk_term(&v, f)
}

/// The items of a seq and what ends it: `()` for a list, anything else for an `lcons`.
fn seq_parts(v: &Value) -> Result<(Vec<Value>, Value)> {
    let mut heads = Vec::new();
    let mut cur = v.force()?;
    while cur.is_seq() {
        match cur.uncons()? {
            Some((h, t)) => {
                heads.push(h);
                cur = t.force()?;
            }
            None => return Ok((heads, Value::EmptyList)),
        }
    }
    Ok((heads, cur))
}

/// `walk-term` on `nil` and `Object` (kanren's values and an instance without its own), as
/// core.logic's: a vector, a map (a record keeps its type) or a list calls `walk-term` on `f`
/// of each part; an `lcons` is `f` of its head and of its tail; anything else is `f` of it.
pub(super) fn default_walk_term(v: &Value, f: &Value) -> Result<Value> {
    let call = |x: Value| apply(f, vec![x]);
    let part = |x: Value| walk_term(call(x)?, f);
    Ok(match v {
        Value::Vector(items) => Value::vector(
            items
                .iter()
                .cloned()
                .map(part)
                .collect::<Result<Vec<_>>>()?,
        ),
        Value::Map(m) => {
            let pairs = m
                .iter()
                .map(|(k, x)| Ok((part(k.clone())?, part(x.clone())?)))
                .collect::<Result<Vec<_>>>()?;
            Value::Map(match &m.tag {
                Some(class) => Items::tagged(pairs, class.clone()),
                None => Items::arc(pairs),
            })
        }
        Value::PartialMap(m) => Value::PartialMap(Items::arc(
            m.iter()
                .map(|(k, x)| Ok((part(k.clone())?, part(x.clone())?)))
                .collect::<Result<Vec<_>>>()?,
        )),
        _ if v.is_seq() => {
            let (heads, tail) = seq_parts(v)?;
            if let Value::EmptyList = tail {
                Value::list(heads.into_iter().map(part).collect::<Result<Vec<_>>>()?)
            } else {
                let heads = heads.into_iter().map(call).collect::<Result<Vec<_>>>()?;
                Value::list_with_tail(heads, call(tail)?)
            }
        }
        other => call(other.clone())?,
    })
}

// A substitution marked `ReifyVars` has its variables named `_0`, `_1`, ... by `-reify*`
// (core.logic's `:reify-vars` in a substitution's metadata, which `run` sets); without it a
// variable is named by the name it was made with (`nil` for none).
use crate::library::logic::subst::ReifyVars;

/// core.logic's `-reify*`: `s` with each variable of `v` (walked in `s`) bound to its name,
/// through `reify-term`.
pub fn reify_star(s: State, v: &Value) -> Result<State> {
    let v = walk(&s, v);
    kanren::stack::maybe_grow(32 * 1024, 1024 * 1024, || reify_term(s, v))
}

/// `reify-term` of `v`: an instance's method (which must return a substitution), or the
/// default.
fn reify_term(s: State, v: Value) -> Result<State> {
    if is_instance(&v) {
        if let Some(m) = method_of(REIFY, &v) {
            let out = apply(&m, vec![v.clone(), subst_value(s)])?;
            return substitution(out, "reify-term", &v);
        }
    }
    default_reify_term(s, &v)
}

/// `reify-term` on `nil` and `Object`, as core.logic's: a variable is bound to its name, a
/// collection (a record too) reifies each of its parts in order, anything else leaves `s`.
pub(super) fn default_reify_term(s: State, v: &Value) -> Result<State> {
    match v {
        Value::LVar(x) => {
            let name = if s.extension::<ReifyVars>().is_some() {
                Term::sym(&format!("_{}", s.subst().len()))
            } else {
                match crate::value::convert::lvar_name(*x) {
                    Some((_, given)) => Term::Sym(given),
                    None => Term::sym("nil"),
                }
            };
            Ok(s.ext_no_check(*x, name))
        }
        Value::Vector(items) => items.iter().try_fold(s, reify_star),
        Value::Map(m) | Value::PartialMap(m) => m
            .iter()
            .try_fold(s, |s, (k, x)| reify_star(reify_star(s, k)?, x)),
        _ if v.is_seq() => {
            let (heads, tail) = seq_parts(v)?;
            let s = heads.iter().try_fold(s, reify_star)?;
            match tail {
                Value::EmptyList => Ok(s),
                tail => reify_star(s, &tail),
            }
        }
        _ => Ok(s),
    }
}

/// core.logic's `-reify`: `v` walked in `s`, its variables named by `-reify*` in `r` (the
/// empty substitution, naming as `s` does, when `r` is `None`), walked again.
pub fn reify(s: &State, v: &Value, r: Option<State>) -> Result<Value> {
    let v = walk_star(s, v)?;
    let r = r.unwrap_or_else(|| {
        let empty = State::new();
        match s.extension::<ReifyVars>() {
            Some(_) => empty.with_extension(|_: &mut ReifyVars| {}),
            None => empty,
        }
    });
    walk_star(&reify_star(r, &v)?, &v)
}

/// The answer core.logic's `reifyg` makes of `q` in `s`: `q` walked, its variables named
/// `_0`, `_1`, ... in the order `reify-term` meets them, walked again; with the variables so
/// named, in the order of their names.
pub(super) fn reified(s: &State, q: &Value) -> Result<(Vec<Var>, Value)> {
    let v = walk_star(s, q)?;
    let r = reify_star(State::new().with_extension(|_: &mut ReifyVars| {}), &v)?;
    if r.subst().is_empty() {
        return Ok((Vec::new(), v));
    }
    let mut named: Vec<(usize, Var)> = r
        .subst()
        .iter()
        .filter_map(|(x, t)| match t {
            Term::Sym(n) => Some((n.strip_prefix('_')?.parse().ok()?, *x)),
            _ => None,
        })
        .collect();
    named.sort_unstable();
    Ok((
        named.into_iter().map(|(_, x)| x).collect(),
        walk_star(&r, &v)?,
    ))
}

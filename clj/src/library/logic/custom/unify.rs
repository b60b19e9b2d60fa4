//! core.logic's `unify` and occurs check on terms that hold a program's instances.
//!
//! As core.logic's `unify`: both sides are walked; a variable meets the other side as
//! core.logic's `LVar` does ([`bind`]); an instance on the left calls its `unify-terms` with
//! the right side, and on the right meets the left side's own rule (a map unifies with a
//! record key by key, anything else by equality); sequences go element by element (a vector
//! met by a list as the list of its items) and maps key by key. A part that holds no instance
//! is the engine's to unify.

use super::{has_instance, instance, is_instance, method_of, returned_state, OCCURS, UNIFY};
use crate::eval::apply;
use crate::library::logic::subst::subst_value;
use crate::library::logic::to_term;
use crate::value::convert::from_term;
use crate::value::error::Result;
use crate::value::Value;
use kanren::{State, Term, Var};

/// core.logic's `unify`: `s` with `u` and `v` made equal, `None` when they cannot be; an error
/// when a `unify-terms` or `occurs-check-term` method raises one or returns something other
/// than a substitution or `nil`.
pub fn unify(s: &State, u: &Term, v: &Term) -> Result<Option<State>> {
    let (u, v) = (s.walk(u), s.walk(v));
    if !has_instance(s, &u) && !has_instance(s, &v) {
        return Ok(s.unify(&u, &v));
    }
    kanren::stack::maybe_grow(32 * 1024, 1024 * 1024, || walked(s, &u, &v))
}

/// [`unify`] of two walked terms.
fn walked(s: &State, u: &Term, v: &Term) -> Result<Option<State>> {
    match (u, v) {
        (Term::Var(_), Term::Var(_)) => return Ok(s.unify(u, v)),
        (Term::Var(x), _) => return bind(s, *x, v),
        (_, Term::Var(y)) => return bind(s, *y, u),
        _ => {}
    }
    if let Some(i) = instance(u) {
        return unify_terms(s, i, v);
    }
    if let Some(i) = instance(v) {
        return with_instance(s, u, &i);
    }
    structural(s, u, v)
}

/// Sequences element by element, maps key by key; the engine for anything else.
fn structural(s: &State, u: &Term, v: &Term) -> Result<Option<State>> {
    match (u, v) {
        (Term::Pair(_), Term::Pair(_)) => seqs(s, u, v),
        (Term::Vector(a), Term::Vector(b)) => {
            if a.len() != b.len() {
                return Ok(None);
            }
            let mut s = s.clone();
            for (x, y) in a.iter().zip(b.iter()) {
                match unify(&s, x, y)? {
                    Some(next) => s = next,
                    None => return Ok(None),
                }
            }
            Ok(Some(s))
        }
        (Term::Vector(a), Term::Pair(_)) => seqs(s, &Term::list(a.iter().cloned()), v),
        (Term::Pair(_), Term::Vector(b)) => seqs(s, u, &Term::list(b.iter().cloned())),
        (Term::Map(a), Term::Map(b)) => maps(s, a, b),
        _ => Ok(s.unify(u, v)),
    }
}

/// Two lists, head by head, then what their tails are.
fn seqs(s: &State, u: &Term, v: &Term) -> Result<Option<State>> {
    let mut s = s.clone();
    let (mut u, mut v) = (u.clone(), v.clone());
    loop {
        let (Term::Pair(p), Term::Pair(q)) = (&u, &v) else {
            return unify(&s, &u, &v);
        };
        match unify(&s, &p.0, &q.0)? {
            Some(next) => s = next,
            None => return Ok(None),
        }
        let (next_u, next_v) = (s.walk(&p.1), s.walk(&q.1));
        (u, v) = (next_u, next_v);
    }
}

/// Two maps of the same keys, value by value (core.logic's `unify-with-map*`).
fn maps(s: &State, a: &[(Term, Term)], b: &[(Term, Term)]) -> Result<Option<State>> {
    if a.len() != b.len() {
        return Ok(None);
    }
    let mut s = s.clone();
    for (k, x) in a {
        let Some((_, y)) = b.iter().find(|(k2, _)| k2 == k) else {
            return Ok(None);
        };
        match unify(&s, x, y)? {
            Some(next) => s = next,
            None => return Ok(None),
        }
    }
    Ok(Some(s))
}

/// The entries of a record as terms.
fn record_entries(v: &Value) -> Result<Option<Vec<(Term, Term)>>> {
    let Value::Map(m) = v else { return Ok(None) };
    if m.tag.is_none() {
        return Ok(None);
    }
    m.iter()
        .map(|(k, x)| Ok((to_term(k)?, to_term(x)?)))
        .collect::<Result<Vec<_>>>()
        .map(Some)
}

/// The entries of a map term or of a record's term.
fn map_entries(t: &Term) -> Result<Option<Vec<(Term, Term)>>> {
    match t {
        Term::Map(es) => Ok(Some(es.to_vec())),
        _ => match instance(t) {
            Some(i) => record_entries(&i),
            None => Ok(None),
        },
    }
}

/// Whether a walked term is a tree (core.logic's `tree-term?`: a collection, an `lcons`).
fn is_tree(t: &Term) -> bool {
    match t {
        Term::Pair(_) | Term::Vector(_) | Term::Map(_) | Term::PartialMap(_) | Term::Nil => true,
        _ => instance(t).is_some_and(|i| matches!(i, Value::Map(_))),
    }
}

/// The variable `x` meeting the walked term `t`, as core.logic's `LVar` does: a tree is bound
/// with the occurs check when the state has it on (core.logic's `ext`), anything else without.
fn bind(s: &State, x: Var, t: &Term) -> Result<Option<State>> {
    if s.occurs_check() && is_tree(t) && occurs_walked(s, &Term::Var(x), t)? {
        return Ok(None);
    }
    Ok(s.unify(&Term::Var(x), t))
}

/// The instance `u` (on the left) meeting the walked term `v`: its `unify-terms`.
fn unify_terms(s: &State, u: Value, v: &Term) -> Result<Option<State>> {
    match method_of(UNIFY, &u) {
        Some(m) => {
            let out = apply(&m, vec![u.clone(), from_term(v), subst_value(s.clone())])?;
            returned_state(out, "unify-terms", &u)
        }
        None => instance_default(s, &u, v),
    }
}

/// An instance's unification without a method of its own: a record unifies with a map or a
/// record of the same keys (core.logic's `IPersistentMap`), anything else by equality.
fn instance_default(s: &State, u: &Value, v: &Term) -> Result<Option<State>> {
    if let Some(a) = record_entries(u)? {
        return match map_entries(v)? {
            Some(b) => maps(s, &a, &b),
            None => Ok(None),
        };
    }
    Ok(crate::value::coll::equal(u, &from_term(v)).then(|| s.clone()))
}

/// The walked term `u`, not an instance, meeting the instance `i` on the right: `u`'s own rule
/// (a map meets a record key by key; anything else is equal to it or fails).
fn with_instance(s: &State, u: &Term, i: &Value) -> Result<Option<State>> {
    if let (Term::Map(a), Some(b)) = (u, record_entries(i)?) {
        return maps(s, a, &b);
    }
    Ok(crate::value::coll::equal(&from_term(u), i).then(|| s.clone()))
}

/// `unify-terms` on `nil` and `Object` (kanren's values and an instance without its own): as
/// core.logic's, without walking `u` and `v` first.
pub(super) fn default_unify_terms(s: &State, u: &Value, v: &Term) -> Result<Option<State>> {
    if is_instance(u) {
        return instance_default(s, u, v);
    }
    let u = to_term(u)?;
    match (&u, v) {
        (Term::Var(_), _) => unify(s, &u, v),
        (_, Term::Var(_)) => Ok(None),
        _ => match instance(v) {
            Some(i) => with_instance(s, &u, &i),
            None => structural(s, &u, v),
        },
    }
}

/// core.logic's `occurs-check`: whether the variable `x` occurs in `t` walked in `s`, looking
/// into instances with their `occurs-check-term`.
pub fn occurs(s: &State, x: &Term, t: &Term) -> Result<bool> {
    let t = s.walk(t);
    kanren::stack::maybe_grow(32 * 1024, 1024 * 1024, || occurs_walked(s, x, &t))
}

/// `occurs-check-term` of a walked term: an instance's method, or the default.
fn occurs_walked(s: &State, x: &Term, t: &Term) -> Result<bool> {
    match instance(t) {
        Some(i) => match method_of(OCCURS, &i) {
            Some(m) => Ok(apply(&m, vec![i, from_term(x), subst_value(s.clone())])?.truthy()),
            None => instance_occurs(s, x, &i),
        },
        None => term_occurs(s, x, t),
    }
}

/// An instance without its own occurs check: a record is looked into as a map, any other
/// instance holds no variable (core.logic's `Object`).
fn instance_occurs(s: &State, x: &Term, i: &Value) -> Result<bool> {
    for (k, v) in record_entries(i)?.unwrap_or_default() {
        if occurs(s, x, &k)? || occurs(s, x, &v)? {
            return Ok(true);
        }
    }
    Ok(false)
}

/// The occurs check in a walked term that is not an instance: a variable is `x` or not; a
/// collection holds `x` when one of its parts does.
fn term_occurs(s: &State, x: &Term, t: &Term) -> Result<bool> {
    match t {
        Term::Var(_) => Ok(&s.walk(t) == x),
        Term::Pair(_) => {
            let mut cur = t.clone();
            while let Term::Pair(p) = &cur {
                if occurs(s, x, &p.0)? {
                    return Ok(true);
                }
                let next = p.1.clone();
                cur = next;
            }
            occurs(s, x, &cur)
        }
        Term::Vector(xs) => {
            for e in xs.iter() {
                if occurs(s, x, e)? {
                    return Ok(true);
                }
            }
            Ok(false)
        }
        Term::Map(es) | Term::PartialMap(es) => {
            for (k, v) in es.iter() {
                if occurs(s, x, k)? || occurs(s, x, v)? {
                    return Ok(true);
                }
            }
            Ok(false)
        }
        Term::Tie(tie) => occurs(s, x, &tie.body),
        _ => Ok(false),
    }
}

/// `occurs-check-term` on `nil` and `Object`: as [`occurs_walked`] without dispatching on `v`.
pub(super) fn default_occurs_check_term(s: &State, x: &Term, v: &Value) -> Result<bool> {
    if is_instance(v) {
        return instance_occurs(s, x, v);
    }
    term_occurs(s, x, &to_term(v)?)
}

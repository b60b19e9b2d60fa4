//! Unification: extend a substitution so two terms become equal, or fail.
//!
//! Robinson unification over the triangular substitution, driven by an explicit stack of
//! pairs still to equate (no recursion over term depth). As in core.logic, sequences unify
//! element by element whatever their kind (a vector with a list or a partial list: a
//! variable tail is bound to the rest of the other side, as a list, as core.logic binds it
//! to `(next v)`), and maps unify when they have the same keys, value by value. It reports the variables it bound,
//! so the constraint stores re-check only the constraints on those variables (as
//! faster-miniKanren's `unify` returns its prefix of new bindings).
//!
//! Ties of different noms unify up to a swap of their noms: the swaps and the freshness test
//! on terms are `perm.rs`; what they leave on unbound variables comes back as [`Pending`]
//! constraints, which a state posts.

pub(crate) mod perm;

use crate::kernel::subst::Subst;
use crate::kernel::term::{Nom, Term, Var};
use smallvec::SmallVec;
use std::sync::Arc;

/// What unification leaves to constraints, which a [`State`](crate::State) or a
/// [`Run`](crate::Run) posts: a bare substitution cannot hold them.
#[derive(Clone, Debug)]
pub(crate) enum Pending {
    /// The unbound variable `x` met the partial map `m` (given as a plain map), so `x` must
    /// become a map holding at least `m`'s keys (core.logic's `featurec`, which its
    /// partial-map unification posts).
    Feature(Term, Term),
    /// The nom must be fresh in the unbound variable (`nom/hash`): a tie met a tie binding
    /// another nom.
    Fresh(Nom, Var),
    /// `(v, x, (a, b))`: `v` is `x` with the noms `a` and `b` swapped, suspended until
    /// either is bound (core.logic's `suspc`).
    Swap(Var, Var, (Nom, Nom)),
}

/// The variables one unification bound, in binding order.
pub type Bound = SmallVec<[Var; 4]>;

/// Unifies `u` and `v` in `s`: `Some` of the extended substitution (its new bindings are
/// appended to `bound`), or `None` when the terms cannot be made equal. With `occurs_check`,
/// binding a variable to a term that contains it fails (`x = (x . _)`); without it, such a
/// binding is made and later walks of that term do not terminate (core.logic's `run-nc`).
///
/// A partial map ([`Term::partial_map`]) unifies with a map holding at least its keys. Met by
/// an unbound variable, it needs a constraint on that variable, which a bare substitution
/// cannot hold: here it does not unify (a [`State`](crate::State) posts
/// [`featurec`](crate::featurec) instead). So it is with two ties of different noms whose
/// bodies hold unbound variables (a [`State`](crate::State) posts the freshness constraints
/// and suspended swaps of [`nom`](crate::nom)).
///
/// Time: O(size of the parts compared × walk).
///
/// ```
/// use kanren::{list, unify, Subst, Var};
/// let x = Var::fresh();
/// let mut bound = Default::default();
/// let s = unify(&Subst::default(), &list![1, x], &list![1, 2], true, &mut bound).unwrap();
/// assert_eq!(s.walk(&x.into()), 2.into());
/// assert_eq!(bound.as_slice(), &[x]);
/// assert!(unify(&s, &x.into(), &3.into(), true, &mut bound).is_none());
/// ```
pub fn unify(
    s: &Subst,
    u: &Term,
    v: &Term,
    occurs_check: bool,
    bound: &mut Bound,
) -> Option<Subst> {
    let mut pending = Vec::new();
    let s = unify_open(s, u, v, occurs_check, bound, &mut pending)?;
    pending.is_empty().then_some(s)
}

/// Unifies each pair of `pairs` in turn, starting from `s`: the extended substitution and the
/// variables bound, in binding order, or `None` when a pair does not unify (or needs a
/// constraint: see [`unify_all_open`]).
pub(crate) fn unify_all(
    s: &Subst,
    pairs: &[(Term, Term)],
    occurs_check: bool,
) -> Option<(Subst, Bound)> {
    let (s, bound, pending) = unify_all_open(s, pairs, occurs_check)?;
    pending.is_empty().then_some((s, bound))
}

/// [`unify_all`], also giving what the unification leaves to constraints. How a disequality
/// is solved (its prefix is what this binds).
pub(crate) fn unify_all_open(
    s: &Subst,
    pairs: &[(Term, Term)],
    occurs_check: bool,
) -> Option<(Subst, Bound, Vec<Pending>)> {
    let mut bound = Bound::new();
    let mut pending = Vec::new();
    let mut s = s.clone();
    for (u, v) in pairs {
        s = unify_open(&s, u, v, occurs_check, &mut bound, &mut pending)?;
    }
    Some((s, bound, pending))
}

/// [`unify`], leaving in `pending` what needs constraints: each unbound variable that met a
/// partial map, and the freshness and swaps of ties (see [`Pending`]).
pub(crate) fn unify_open(
    s: &Subst,
    u: &Term,
    v: &Term,
    occurs_check: bool,
    bound: &mut Bound,
    pending: &mut Vec<Pending>,
) -> Option<Subst> {
    let mut s = s.clone();
    let mut todo: SmallVec<[(Term, Term); 8]> = SmallVec::new();
    todo.push((u.clone(), v.clone()));
    while let Some((a, b)) = todo.pop() {
        let a = if matches!(a, Term::Var(_)) {
            s.walk(&a)
        } else {
            a
        };
        let b = if matches!(b, Term::Var(_)) {
            s.walk(&b)
        } else {
            b
        };
        if a.has_no_vars() && b.has_no_vars() {
            if a != b {
                return None;
            }
            continue;
        }
        match (&a, &b) {
            (Term::Var(x), Term::Var(y)) if x == y => {}
            // Partial maps (core.logic's `unify-with-pmap*`): each key of the partial map must
            // be in the map, its values unify (nested maps as partial maps); two partial maps
            // agree on the keys they share. Never stored in a variable: that is a feature
            // constraint (core.logic: `non-storable`, except under a key, where it too posts
            // `featurec`).
            (Term::Var(_), Term::PartialMap(p)) | (Term::PartialMap(p), Term::Var(_)) => {
                let x = if a.as_var().is_some() { &a } else { &b };
                pending.push(Pending::Feature(x.clone(), Term::Map(p.clone())));
            }
            (Term::PartialMap(p), Term::Map(m)) | (Term::Map(m), Term::PartialMap(p)) => {
                for (k, uf) in p.iter() {
                    let (_, vf) = m.iter().find(|(key, _)| key == k)?;
                    todo.push((partial(uf), vf.clone()));
                }
            }
            (Term::PartialMap(p), Term::PartialMap(q)) => {
                for (k, uf) in p.iter() {
                    if let Some((_, vf)) = q.iter().find(|(key, _)| key == k) {
                        todo.push((partial(uf), partial(vf)));
                    }
                }
            }
            (Term::Var(x), _) => bind(&mut s, *x, b, occurs_check, bound)?,
            (_, Term::Var(y)) => bind(&mut s, *y, a, occurs_check, bound)?,
            (Term::Pair(p), Term::Pair(q)) => {
                if !Arc::ptr_eq(p, q) {
                    if !ends_alike(&s, &p.1, &q.1) {
                        todo.push((p.1.clone(), q.1.clone()));
                    }
                    todo.push((p.0.clone(), q.0.clone()));
                }
            }
            (Term::Vector(p), Term::Vector(q)) => {
                if p.len() != q.len() {
                    return None;
                }
                if !Arc::ptr_eq(p, q) {
                    todo.extend(p.iter().cloned().zip(q.iter().cloned()).rev());
                }
            }
            (Term::Vector(p), Term::Nil) | (Term::Nil, Term::Vector(p)) => {
                if !p.is_empty() {
                    return None;
                }
            }
            (Term::Vector(p), list @ Term::Pair(_)) | (list @ Term::Pair(_), Term::Vector(p)) => {
                vector_with_list(&s, p, list, &mut todo)?
            }
            // Nominal unification: `[a] t = [b] u` when `b` is fresh in `t` and `t` with `a`
            // and `b` swapped equals `u` (core.logic's `Tie` unify-terms).
            (Term::Tie(p), Term::Tie(q)) => match (&p.nom, &q.nom) {
                (x, y) if x == y => todo.push((p.body.clone(), q.body.clone())),
                (Term::Nom(a), Term::Nom(b)) => {
                    perm::fresh_in(&s, *b, &p.body, pending)?;
                    let t = perm::swap(&s, (*a, *b), &p.body, pending);
                    todo.push((t, q.body.clone()));
                }
                _ => return None,
            },
            (Term::Map(p), Term::Map(q)) => {
                if p.len() != q.len() {
                    return None;
                }
                for (k, v) in p.iter() {
                    todo.push((v.clone(), b.get(k)?.clone()));
                }
            }
            _ => {
                if a != b {
                    return None;
                }
            }
        }
    }
    Some(s)
}

/// Whether two tails of pairs are the two ways a list ends: `()` and the symbol `nil` (a pair
/// whose tail is `nil` is a one-element list, as Clojure's `(cons x nil)` and core.logic's
/// `(lcons x nil)` are). Elsewhere `nil` and `()` are different terms.
fn ends_alike(s: &Subst, a: &Term, b: &Term) -> bool {
    let end = |t: &Term| match t {
        Term::Nil => Some(true),
        Term::Sym(n) if &**n == "nil" => Some(false),
        _ => None,
    };
    if matches!(a, Term::Pair(_)) || matches!(b, Term::Pair(_)) {
        return false;
    }
    matches!((end(s.walk_ref(a)), end(s.walk_ref(b))), (Some(x), Some(y)) if x != y)
}

/// A map value of a partial map is partial too.
fn partial(t: &Term) -> Term {
    match t {
        Term::Map(entries) => Term::PartialMap(entries.clone()),
        _ => t.clone(),
    }
}

/// Equates the vector `items` with the list `list` element by element, walking the list's
/// tails in `s`: the pairs of elements go on `todo`, and so does a variable tail with the rest
/// of the vector (as a list). `None` when the lengths cannot agree.
fn vector_with_list(
    s: &Subst,
    items: &[Term],
    list: &Term,
    todo: &mut SmallVec<[(Term, Term); 8]>,
) -> Option<()> {
    let mut rest = items;
    let mut t = list.clone();
    loop {
        match t {
            Term::Pair(p) => {
                let (first, more) = rest.split_first()?;
                todo.push((first.clone(), p.0.clone()));
                rest = more;
                t = s.walk(&p.1);
            }
            Term::Nil => return rest.is_empty().then_some(()),
            Term::Sym(n) if &*n == "nil" => return rest.is_empty().then_some(()),
            Term::Vector(q) => {
                if q.len() != rest.len() {
                    return None;
                }
                todo.extend(rest.iter().cloned().zip(q.iter().cloned()));
                return Some(());
            }
            Term::Var(_) => {
                todo.push((t, Term::list(rest.iter().cloned())));
                return Some(());
            }
            _ => return None,
        }
    }
}

fn bind(s: &mut Subst, x: Var, t: Term, occurs_check: bool, bound: &mut Bound) -> Option<()> {
    if occurs_check && !t.has_no_vars() && occurs(s, x, &t) {
        return None;
    }
    s.insert(x, t);
    bound.push(x);
    Some(())
}

/// Whether `x` occurs in `t` under `s`. Iterative; parts without variables are skipped in
/// O(1). Time: O(size of the non-ground part of walked `t`).
pub(crate) fn occurs(s: &Subst, x: Var, t: &Term) -> bool {
    let mut stack: SmallVec<[Term; 8]> = SmallVec::new();
    stack.push(t.clone());
    while let Some(t) = stack.pop() {
        if t.has_no_vars() {
            continue;
        }
        match s.walk(&t) {
            Term::Var(y) if y == x => return true,
            Term::Pair(p) => {
                stack.push(p.1.clone());
                stack.push(p.0.clone());
            }
            Term::Vector(items) => stack.extend(items.iter().cloned()),
            Term::Map(entries) | Term::PartialMap(entries) => {
                stack.extend(entries.iter().flat_map(|(k, v)| [k.clone(), v.clone()]))
            }
            Term::Tie(t) => stack.push(t.body.clone()),
            _ => {}
        }
    }
    false
}

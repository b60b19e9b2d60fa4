//! Disequality (core.logic's `!=`): the constraint store, its goal, and its wake-up rule.
//!
//! A disequality `u != v` is kept in solved form, as faster-miniKanren and core.logic keep it:
//! unify `u` and `v` in a scratch copy of the substitution; the bindings that unification adds
//! (its *prefix*) are exactly what would have to hold for `u` and `v` to become equal. The
//! constraint is the negation of that conjunction: "not all of `x1 = t1, ..., xk = tk`".
//!
//! ```text
//! post u != v:   unify fails              -> the constraint can never be violated: drop it
//!                unify adds no binding    -> u and v are already equal: fail
//!                unify adds x1=t1..xk=tk  -> store the prefix, watched by its variables
//! wake on x:     re-unify the prefix of every constraint watching x, with the same three cases
//! ```
//!
//! Representation (invariants):
//! - `constraints`: id -> prefix, a non-empty list of `(var, term)` pairs whose variables were
//!   unbound when the prefix was last computed.
//! - `watch`: var -> ids of the constraints that mention it (on the left or inside a right-hand
//!   term: binding a right-hand variable to a left one can complete a prefix). Ids of dropped
//!   constraints may linger there and are skipped; a bound variable's entry is removed when it
//!   wakes, since a variable is bound at most once.
//!
//! Costs: posting a disequality between atoms (the common case in the queens programs) is a
//! walk and a comparison and touches no store; waking costs O(constraints on the bound
//! variables); an empty store costs one test per unification.

use crate::goal::{Goal, Solve};
use crate::solve::{Cont, Flow, Step};
use crate::state::State;
use crate::stream::Stream;
use crate::subst::Subst;
use crate::term::{Term, Var};
use crate::unify::{unify, Bound};
use imbl::shared_ptr::DefaultSharedPtr;
use imbl::GenericHashMap;
use rustc_hash::FxBuildHasher;
use smallvec::SmallVec;
use std::sync::Arc;

/// One disequality in solved form: "not all of these bindings".
pub(crate) type Prefix = Arc<[(Var, Term)]>;

type Ids = SmallVec<[u32; 2]>;

/// The disequality store of a [`State`]. Persistent: cloning is O(1).
#[derive(Clone, Default)]
pub(crate) struct Store {
    constraints: GenericHashMap<u32, Prefix, FxBuildHasher, DefaultSharedPtr>,
    watch: GenericHashMap<Var, Ids, FxBuildHasher, DefaultSharedPtr>,
    next_id: u32,
}

impl Store {
    /// The live constraints, in no particular order.
    pub(crate) fn prefixes(&self) -> impl Iterator<Item = &Prefix> {
        self.constraints.values()
    }

    fn insert(&mut self, id: u32, prefix: Prefix) {
        for v in prefix_vars(&prefix) {
            let mut ids = self.watch.get(&v).cloned().unwrap_or_default();
            if !ids.contains(&id) {
                ids.push(id);
                self.watch.insert(v, ids);
            }
        }
        self.constraints.insert(id, prefix);
    }
}

/// The variables a prefix mentions, left-hand sides and inside right-hand terms.
fn prefix_vars(prefix: &[(Var, Term)]) -> SmallVec<[Var; 4]> {
    let mut vars: SmallVec<[Var; 4]> = SmallVec::new();
    for (x, t) in prefix {
        vars.push(*x);
        t.push_vars(&mut vars);
    }
    vars.sort_unstable();
    vars.dedup();
    vars
}

/// What unifying a prefix (or `u` with `v`) says about a disequality.
enum Verdict {
    /// The two sides can never become equal: the constraint is satisfied for good.
    Never,
    /// The two sides are already equal: the constraint is violated.
    Equal,
    /// They are equal exactly when these bindings hold.
    Unless(Prefix),
}

/// Unifies each pair of `pairs` in a scratch copy of `s` and reads the verdict off the bindings
/// that were added (their order is the order unification made them).
fn verdict(s: &Subst, occurs_check: bool, pairs: &[(Term, Term)]) -> Verdict {
    let mut bound = Bound::new();
    let mut scratch = s.clone();
    for (u, v) in pairs {
        match unify(&scratch, u, v, occurs_check, &mut bound) {
            Some(next) => scratch = next,
            None => return Verdict::Never,
        }
    }
    if bound.is_empty() {
        return Verdict::Equal;
    }
    let prefix = bound
        .iter()
        .map(|&x| (x, scratch.get(x).expect("just bound").clone()))
        .collect();
    Verdict::Unless(prefix)
}

/// `u` and `v` are never equal: core.logic's `!=`, a constraint kept in the state until it can
/// no longer be violated, re-checked whenever one of its variables is bound.
///
/// ```
/// use kanren::{eq, neq, run_all};
/// let a: Vec<String> = run_all(|q| neq(q, 1)).map(|a| a.to_string()).collect();
/// assert_eq!(a, ["(_0 :- (!= (_0 1)))"]);
/// assert_eq!(run_all(|q| kanren::conj([neq(q, 1), eq(q, 1)])).count(), 0);
/// assert_eq!(run_all(|q| kanren::conj([neq(q, 1), eq(q, 2)])).count(), 1);
/// ```
pub fn neq(u: impl Into<Term>, v: impl Into<Term>) -> Goal {
    let (u, v) = (u.into(), v.into());
    if u.is_atom() && v.is_atom() {
        return crate::goal::decided(u != v);
    }
    Goal::native(Neq(u, v))
}

struct Neq(Term, Term);

impl Solve for Neq {
    fn apply(&self, s: State) -> Stream {
        match post(&s, &self.0, &self.1) {
            Some(None) => Stream::unit(s),
            Some(Some(s)) => Stream::unit(s),
            None => Stream::empty(),
        }
    }

    fn solve(&self, s: &State, k: &mut Cont<'_>) -> Step {
        let flow = match post(s, &self.0, &self.1) {
            Some(stored) => k(stored.as_ref().unwrap_or(s)),
            None => Flow::Continue(()),
        };
        flow.into()
    }
}

/// Adds `u != v` to `s`: `None` when `u` and `v` are already equal; `Some(None)` when the
/// constraint needs no store (it can never be violated), so `s` itself holds; otherwise the
/// state with the constraint stored.
pub(crate) fn post(s: &State, u: &Term, v: &Term) -> Option<Option<State>> {
    let (wu, wv) = (s.subst.walk_ref(u), s.subst.walk_ref(v));
    if wu.is_atom() && wv.is_atom() {
        // Fast path: two atoms are decided now and need no store.
        return (wu != wv).then_some(None);
    }
    let pair = (wu.clone(), wv.clone());
    match verdict(&s.subst, s.occurs_check, &[pair]) {
        Verdict::Never => Some(None),
        Verdict::Equal => None,
        Verdict::Unless(prefix) => {
            let mut s = s.clone();
            let store = std::sync::Arc::make_mut(&mut s.diseq);
            let id = store.next_id;
            store.next_id += 1;
            store.insert(id, prefix);
            Some(Some(s))
        }
    }
}

/// Re-checks the constraints that watch the variables just bound: drops those that can no
/// longer be violated, fails on one that is, and re-solves the rest (called by
/// [`State::unify`]). Time: O(constraints on `bound` × their size).
pub(crate) fn wake(mut s: State, bound: &[Var]) -> Option<State> {
    if s.diseq.constraints.is_empty() {
        return Some(s);
    }
    let mut ids: SmallVec<[u32; 8]> = SmallVec::new();
    for v in bound {
        if s.diseq.watch.contains_key(v) {
            if let Some(watching) = std::sync::Arc::make_mut(&mut s.diseq).watch.remove(v) {
                ids.extend(watching);
            }
        }
    }
    ids.sort_unstable();
    ids.dedup();
    for id in ids {
        let Some(prefix) = s.diseq.constraints.get(&id).cloned() else {
            continue; // dropped earlier
        };
        let pairs: SmallVec<[(Term, Term); 4]> = prefix
            .iter()
            .map(|(x, t)| (Term::Var(*x), t.clone()))
            .collect();
        match verdict(&s.subst, s.occurs_check, &pairs) {
            Verdict::Never => {
                std::sync::Arc::make_mut(&mut s.diseq)
                    .constraints
                    .remove(&id);
            }
            Verdict::Equal => return None,
            Verdict::Unless(next) => std::sync::Arc::make_mut(&mut s.diseq).insert(id, next),
        }
    }
    Some(s)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn v() -> Term {
        Term::Var(Var::fresh())
    }

    /// The state after posting `u != v` to the empty state, or `None` if it fails.
    fn posted(u: &Term, v: &Term) -> Option<State> {
        let s = State::new();
        post(&s, u, v).map(|stored| stored.unwrap_or(s))
    }

    #[test]
    fn ground_disequalities_touch_no_store() {
        let s = posted(&1.into(), &2.into()).unwrap();
        assert_eq!(s.diseq.prefixes().count(), 0);
        assert!(posted(&1.into(), &1.into()).is_none());
    }

    #[test]
    fn dropped_once_it_can_no_longer_be_violated() {
        let x = v();
        let s = posted(&x, &1.into()).unwrap();
        assert_eq!(s.diseq.prefixes().count(), 1);
        let s = s.unify(&x, &2.into()).unwrap();
        assert_eq!(s.diseq.prefixes().count(), 0);
        assert!(s.diseq.watch.is_empty());
    }

    #[test]
    fn a_binding_on_the_right_hand_side_wakes_the_constraint() {
        let (x, y) = (v(), v());
        let s = posted(&x, &y).unwrap();
        // Whichever way the prefix is oriented, aliasing the two fails.
        assert!(s.unify(&y, &x).is_none());
        assert!(s.unify(&x, &y).is_none());
    }
}

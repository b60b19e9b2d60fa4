//! `copy_term`: a copy of a term with fresh variables (core.logic's `copy-term`).
//!
//! core.logic's definition, which this follows step for step:
//!
//! ```clojure
//! (defn copy-term [u v]
//!   (project [u]
//!     (== (walk* (build empty-s u) u) v)))
//! ```
//!
//! `project` walks `u` completely in the current state; `build` maps each variable left in it
//! to a new variable; the copy is unified with `v`. Non-relational: what is copied is `u` as
//! it is bound when the goal runs.

use crate::goal::{eq, Goal};
use crate::project::project;
use crate::subst::Subst;
use crate::term::{Term, Var};
use rustc_hash::FxHashMap;

/// `v` is `u` with every variable still unbound in `u` replaced by a fresh one, the same
/// variable by the same fresh one (core.logic's `copy-term`). Non-relational: `u` is taken
/// as it is bound when the goal runs; later bindings of `u`'s variables do not reach the
/// copy, nor do the constraints on them. Like `project`, it runs inside one suspension.
///
/// ```
/// use kanren::{copy_term, eq, fresh, run_all, Term};
/// // (run* [q] (fresh [x y] (== y 5) (copy-term [x y x] q))) => ([_0 5 _0])
/// let a: Vec<String> = run_all(|q| fresh(move |[x, y]| kanren::conj([
///     eq(y, 5),
///     copy_term(vec![x, y, x], q),
/// ]))).map(|a| a.to_string()).collect();
/// assert_eq!(a, ["[_0 5 _0]"]);
/// // The copy's variables are new: binding them leaves the original fresh.
/// // (run* [q] (fresh [x c] (copy-term [x x] c) (== c [1 1]) (== q x))) => (_0)
/// let a: Vec<String> = run_all(|q| fresh(move |[x, c]| kanren::conj([
///     copy_term(vec![x, x], c),
///     eq(c, vec![1, 1]),
///     eq(q, x),
/// ]))).map(|a| a.to_string()).collect();
/// assert_eq!(a, ["_0"]);
/// ```
pub fn copy_term(u: impl Into<Term>, v: impl Into<Term>) -> Goal {
    let v = v.into();
    project([u.into()], move |[u]| eq(renamed(u), v.clone()))
}

/// `t` with each variable replaced by a fresh one, consistently (core.logic's `build` into
/// an empty substitution, then `walk*`). Time: O(size of `t`).
fn renamed(t: &Term) -> Term {
    let mut fresh: FxHashMap<Var, Var> = FxHashMap::default();
    Subst::default().rebuild(t, &mut |x| {
        Some(Term::Var(*fresh.entry(x).or_insert_with(Var::fresh)))
    })
}

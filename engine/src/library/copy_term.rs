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

use crate::kernel::goal::{eq, Goal};
use crate::kernel::subst::renamed_apart;
use crate::kernel::term::Term;
use crate::library::project::project;

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
    project([u.into()], move |[u]| eq(renamed_apart(u), v.clone()))
}

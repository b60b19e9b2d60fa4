//! Nominal logic (core.logic's `clojure.core.logic.nominal`, alphaKanren's ideas): noms
//! (names), ties that bind them, freshness, and unification up to the renaming of bound noms.
//!
//! Terms with binders (lambda terms, formulas with quantifiers) are written with [`tie`]:
//! `[a] body` binds the nom `a` in `body`. Two ties unify when they are equal up to a renaming
//! of their bound noms (alpha-equivalence): `[a] a` and `[b] b` are one term. [`hash`] states
//! that a nom does not occur free in a term, which is how a relation says "this name is not
//! captured". Noms are made by [`fresh`], as variables are by [`crate::fresh`](fn@crate::fresh).
//!
//! ```
//! use kanren::{eq, nom, run_all, Term};
//! // Two identity functions written with different names are the same term...
//! let same = run_all(|_q| nom::fresh(|[a, b]| eq(nom::tie(a, a), nom::tie(b, b))));
//! assert_eq!(same.count(), 1);
//! // ...but \a.\b.a and \a.\b.b are not.
//! let k = |a, b, body| nom::tie(a, nom::tie(b, body));
//! let differ = run_all(move |_q| nom::fresh(move |[a, b, c, d]| eq(k(a, b, a), k(c, d, d))));
//! assert_eq!(differ.count(), 0);
//! ```
//!
//! How it works: unifying `[a] t` with `[b] u` for different noms posts `b # t` and unifies
//! `u` with `t` where `a` and `b` are swapped. Where `t` holds an unbound variable `x`, the swap
//! makes a new variable `v` with the suspended swap `v = (a b)·x`, resolved when either is
//! bound (see docs/design.md, "Nominal logic").
//!
//! This module holds the goals. The nominal machinery is the kernel's, since unification over
//! terms with noms needs it: swapping and freshness on terms in `kernel/unify/perm.rs`, and
//! the two constraints unification leaves, `a # x` and `v = (a b)·x`, in
//! `kernel/store/hash.rs` and `kernel/store/susp.rs`.

use crate::kernel::goal::{Goal, Solve};
use crate::kernel::solve::{Cont, Nested, Step};
use crate::kernel::state::State;
use crate::kernel::store::Hash;
use crate::kernel::stream::Stream;
use crate::kernel::term::Term;
pub use crate::kernel::term::{Nom, Tie};

/// Introduces `N` fresh noms for the goal `f` builds from them (core.logic's `nom/fresh`).
/// New noms are made, and the body built, each time the goal runs.
///
/// ```
/// use kanren::{conde, eq, nom, run_all};
/// let a: Vec<String> = run_all(|q| nom::fresh(move |[a, b]| eq(q, vec![a, b])))
///     .map(|a| a.to_string())
///     .collect();
/// assert_eq!(a, ["[a_0 a_1]"]);
/// // A nom equals only itself.
/// assert_eq!(run_all(|_q| nom::fresh(|[a, b]| eq(a, b))).count(), 0);
/// assert_eq!(run_all(|_q| nom::fresh(|[a]| eq(a, 1))).count(), 0);
/// ```
pub fn fresh<const N: usize>(f: impl Fn([Nom; N]) -> Goal + Send + Sync + 'static) -> Goal {
    Goal::native(Fresh::<N, _>(Nested(Some(f))))
}

struct Fresh<const N: usize, F>(Nested<Option<F>>);

impl<const N: usize, F: Fn([Nom; N]) -> Goal + Send + Sync> Solve for Fresh<N, F> {
    fn apply(&self, s: State) -> Stream {
        Stream::inc_apply((self.0.func())(std::array::from_fn(|_| Nom::fresh())), s)
    }

    fn solve(&self, _: &State, _: &mut Cont<'_>) -> Step {
        Step::Tail((self.0.func())(std::array::from_fn(|_| Nom::fresh())), None)
    }
}

/// The tie `[a] body`: the nom `a` bound in `body` (core.logic's `nom/tie`); the same as
/// [`Term::tie`].
///
/// ```
/// use kanren::{eq, nom, run_all, Term};
/// // [a] [a x] = [b] [b 1] binds x to 1.
/// let a: Vec<String> = run_all(|q| nom::fresh(move |[a, b]| {
///     let (a, b, q) = (Term::from(a), Term::from(b), Term::from(q));
///     eq(nom::tie(&a, vec![a.clone(), q]), nom::tie(&b, vec![b.clone(), Term::from(1)]))
/// }))
/// .map(|a| a.to_string())
/// .collect();
/// assert_eq!(a, ["1"]);
/// ```
pub fn tie(a: impl Into<Term>, body: impl Into<Term>) -> Term {
    Term::tie(a, body)
}

/// `a # t`: the nom `a` does not occur free in `t` (core.logic's `nom/hash`). It fails when
/// `a` is not a nom (once bound, if it is a variable); it waits on the unbound variables of
/// `t`, and prints as `a_0#_1` among an answer's constraints.
///
/// ```
/// use kanren::{eq, fresh, nom, run_all};
/// let a: Vec<String> = run_all(|q| fresh(move |[x]| nom::fresh(move |[a]| kanren::conj([
///     nom::hash(a, x),
///     eq(q, vec![kanren::Term::from(x), a.into()]),
/// ]))))
/// .map(|a| a.to_string())
/// .collect();
/// assert_eq!(a, ["([_0 a_1] :- a_1#_0)"]);
/// // a is free in (a), bound in [a] a.
/// assert_eq!(run_all(|_q| nom::fresh(|[a]| nom::hash(a, kanren::list![a]))).count(), 0);
/// assert_eq!(run_all(|_q| nom::fresh(|[a]| nom::hash(a, nom::tie(a, a)))).count(), 1);
/// ```
pub fn hash(a: impl Into<Term>, t: impl Into<Term>) -> Goal {
    Goal::constraint(Hash::new(a.into(), t.into()))
}

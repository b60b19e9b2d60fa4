//! Finite-domain constraints (core.logic's `clojure.core.logic.fd`): domains, propagators, labeling.
//!
//! A variable gets a [`Domain`] with [`in_`] or [`dom`]; constraints ([`eq`], [`neq`],
//! [`lt`], [`plus`], [`distinct`], the [`fd_eq!`](crate::fd_eq) expression macro, ...) are
//! propagators that narrow domains whenever a variable they watch is bound or narrowed, to a
//! fixpoint. A domain narrowed to one value binds its variable. Variables still holding a
//! domain when an answer is reified are labeled in core.logic's order (its `force-ans`, done
//! by the kernel's reification, `kernel/reify/force.rs`), so
//! `run_all` yields every solution; [`label`] labels explicitly, with first-fail and
//! middle-out orders.
//!
//! ```
//! use kanren::{fd, fd_eq, fresh, list, run_all, eq};
//! let answers: Vec<String> = run_all(|q| fresh(move |[x, y]| kanren::conj([
//!     fd::in_([x, y], fd::interval(0, 9)),
//!     fd_eq!(x + y == 9, x < y, x != 2),
//!     eq(q, list![x, y]),
//! ]))).map(|a| a.to_string()).collect();
//! assert_eq!(answers, ["(0 9)", "(1 8)", "(3 6)", "(4 5)"]);
//! ```
//!
//! DIVERGENCE: domains may hold negative numbers (core.logic clips them to 0).
//!
//! Every FD constraint wants its variables to end with a domain or a value: a constraint on
//! a variable without a domain narrows nothing (there are no bounds to reason from). When an
//! answer leaves such a variable unbound, core.logic throws `Constrained variable <lvar:x>
//! without domain`; DIVERGENCE: `run` shows the constraints left on the answer's variables
//! instead, as the goals that posted them, and [`undomained`] lists the variables core.logic
//! would throw on (the front end raises its error from it). A term that is not an integer
//! never satisfies an FD constraint: given to the goal, or bound later to a variable the
//! constraint watches, it fails (core.logic throws a ClassCastException from inside its
//! propagator). See docs/design.md, divergences 51 to 53.
//!
//! ```
//! use kanren::{eq, fd, run_all, Term};
//! let shown = |g: fn(kanren::Var) -> kanren::Goal| -> Vec<String> {
//!     run_all(g).map(|a| a.to_string()).collect()
//! };
//! assert_eq!(shown(|q| fd::lt(q, 5)), ["(_0 :- (fd/< _0 5))"]);
//! assert_eq!(shown(|q| kanren::conj([fd::lt(q, 5), eq(q, 3)])), ["3"]);
//! assert!(shown(|q| fd::plus(q, Term::sym("two"), 5)).is_empty());
//! ```
//!
//! In the source, `fd/` is a layer of its own: the domains are the kernel's (the store keeps
//! them, `kernel/store/domain.rs`), and so is the labeling of an answer's variables at
//! reification (`kernel/reify/force.rs`); `fd/` holds the FD goals, their propagators on the
//! kernel's constraint protocol, global constraints (`global/`), labeling on request and its
//! searches (`label.rs`, `search.rs`, the mutable search space of `trail/`) and optimisation.
//! It depends on the kernel and the constraints (`seq_goals`); only the search layer's tests
//! use it. Its propagators never remove a value that belongs to a solution, and narrow only
//! through `Run`, so the fixpoint does not depend on the order they run in.

mod bounded;
mod distribute;
mod expr;
mod global;
mod hall;
mod label;
mod optimize;
pub(crate) mod props;
mod search;
mod trail;

pub use crate::kernel::reify::force::{enforce_constraints, force_ans, reifyg};
pub use crate::kernel::store::domain::Strategy;
pub use crate::kernel::store::domain::{Domain, Values, BITSET_SPAN};
pub use bounded::bounded_listo;
pub use distribute::distribute;
pub use expr::{constrain, Expr, Rel};
pub use global::{
    all_distinct, distinct_offsets, element, global_cardinality, scalar_product, sum, tuples_in,
};
pub use label::{label, label_random, Labeling, ValueOrder, VarOrder};
pub use optimize::{maximize, maximize_improving, minimize, minimize_improving};

use crate::kernel::goal::Goal;
use crate::kernel::store::{Fail, Run, Val};
use crate::kernel::stream::Stream;
use crate::kernel::term::{Term, Var};
use props::Prop;
use std::sync::Arc;

/// `Ok` or failure, for propagator steps.
pub(crate) type Step = Result<(), Fail>;

/// One term or several: what [`in_`], [`distinct`] and [`label`] accept (a `Var`, a `Term`,
/// or an array, slice or `Vec` of things that convert into terms, or a tuple of up to 8 of
/// mixed types, `(x, q, 2)`).
///
/// ```
/// use kanren::{fd::FdTerms, Var};
/// let x = Var::fresh();
/// assert_eq!(x.into_terms().len(), 1);
/// assert_eq!(vec![x, x].into_terms().len(), 2);
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not one term or several",
    label = "expected a `Var`, a `Term`, an array `[x, y]`, a `Vec`, a slice or a tuple `(x, q, 2)`",
    note = "write terms of mixed types (a `Var` and an integer, say) as a tuple: `(x, q, 2)`"
)]
pub trait FdTerms {
    /// The terms, in order.
    fn into_terms(self) -> Vec<Term>;
}

impl FdTerms for Var {
    fn into_terms(self) -> Vec<Term> {
        vec![Term::Var(self)]
    }
}

impl FdTerms for Term {
    fn into_terms(self) -> Vec<Term> {
        vec![self]
    }
}

impl<T: Clone + Into<Term>> FdTerms for &[T] {
    fn into_terms(self) -> Vec<Term> {
        self.iter().cloned().map(Into::into).collect()
    }
}

impl<T: Clone + Into<Term>> FdTerms for &Vec<T> {
    fn into_terms(self) -> Vec<Term> {
        self.as_slice().into_terms()
    }
}

impl<T: Into<Term>> FdTerms for Vec<T> {
    fn into_terms(self) -> Vec<Term> {
        self.into_iter().map(Into::into).collect()
    }
}

impl<T: Into<Term>, const N: usize> FdTerms for [T; N] {
    fn into_terms(self) -> Vec<Term> {
        self.into_iter().map(Into::into).collect()
    }
}

macro_rules! fd_terms_tuple {
    ($($t:ident),+) => {
        /// A tuple mixes types: `(x, q, 2)`.
        impl<$($t: Into<Term>),+> FdTerms for ($($t,)+) {
            fn into_terms(self) -> Vec<Term> {
                crate::kernel::term::Args::into_args(self).into()
            }
        }
    };
}
fd_terms_tuple!(A, B);
fd_terms_tuple!(A, B, C);
fd_terms_tuple!(A, B, C, D);
fd_terms_tuple!(A, B, C, D, E);
fd_terms_tuple!(A, B, C, D, E, F);
fd_terms_tuple!(A, B, C, D, E, F, G);
fd_terms_tuple!(A, B, C, D, E, F, G, H);

/// The integers `lo..=hi` (core.logic's `(fd/interval lo hi)`); `None`, the empty domain,
/// when `lo > hi`: constraining a variable to it fails. A bound is an integer or a term that
/// is one ([`Bound`]).
///
/// ```
/// assert_eq!(kanren::fd::interval(-1, 1).unwrap().size(), 3);
/// ```
pub fn interval(lo: impl Bound, hi: impl Bound) -> Option<Domain> {
    Domain::interval(lo.bound(), hi.bound())
}

/// A bound of an [`interval`]: an integer, or a term that is one, such as a relation's
/// argument (bench.clj's `(fd/interval 1 n)`, with `n` the integer its caller passed).
///
/// A term that is not an integer is a programming mistake (a variable's value is read inside
/// `project`): the conversion panics, naming it.
///
/// ```
/// use kanren::{fd, Term};
/// let n = Term::from(3);
/// assert_eq!(fd::interval(1, &n).unwrap().to_string(), "1..3");
/// assert_eq!(fd::interval_to(n).unwrap().size(), 4);
/// ```
pub trait Bound {
    /// The integer.
    fn bound(self) -> i64;
}

impl Bound for i64 {
    fn bound(self) -> i64 {
        self
    }
}

impl Bound for &Term {
    fn bound(self) -> i64 {
        match self {
            Term::Int(i) => *i,
            other => panic!(
                "kanren: fd::interval: a bound must be an integer, got {other} \
                 (a variable's value is read inside project)"
            ),
        }
    }
}

impl Bound for Term {
    fn bound(self) -> i64 {
        (&self).bound()
    }
}

/// The integers `0..=hi` (core.logic's one-argument `(fd/interval hi)`).
///
/// ```
/// assert_eq!(kanren::fd::interval_to(7).unwrap().to_string(), "0..7");
/// ```
pub fn interval_to(hi: impl Bound) -> Option<Domain> {
    Domain::interval(0, hi.bound())
}

/// The listed integers (core.logic's `(fd/domain 1 3 5)`); `None` when there are none.
///
/// ```
/// assert_eq!(kanren::fd::domain([5, 1, 3]).unwrap().to_string(), "1 3 5");
/// ```
pub fn domain(values: impl IntoIterator<Item = i64>) -> Option<Domain> {
    Domain::from_values(values)
}

/// Runs `f` on the state as a propagation step, then propagates to the fixpoint.
pub(crate) fn post_goal(f: impl Fn(&mut Run) -> Step + Send + Sync + 'static) -> Goal {
    Goal::new(move |s| match s.propagate_owned(&f) {
        Some(s) => Stream::unit(s),
        None => Stream::empty(),
    })
}

/// `x` ranges over `d` (core.logic's `fd/dom`): its domain becomes the intersection of `d`
/// and any domain it had. Fails when that is empty or `x` is bound outside `d`; binds `x`
/// when one value is left.
///
/// ```
/// use kanren::{fd, run_all};
/// let answers: Vec<String> = run_all(|q| kanren::conj([
///     fd::dom(q, fd::interval(-2, 5)),
///     fd::dom(q, fd::domain([-2, 9])),
/// ])).map(|a| a.to_string()).collect();
/// assert_eq!(answers, ["-2"]);
/// assert_eq!(run_all(|q| fd::dom(q, fd::interval(3, 1))).count(), 0);
/// ```
pub fn dom(x: impl Into<Term>, d: impl Into<Option<Domain>>) -> Goal {
    let (x, d) = (x.into(), d.into());
    post_goal(move |run| {
        let v = run.read(&x);
        let new = match (&v, &d) {
            (_, None) => None,
            (Val::Dom(_, old), Some(d)) => old.intersect(d),
            (_, Some(d)) => Some(d.clone()),
        };
        run.narrow(&v, new)
    })
}

/// Every one of `xs` ranges over `d` (core.logic's `(fd/in x y z dom)`): [`dom`] of each,
/// after one suspension, as core.logic's `fd/in` is `(fresh [] (fd/dom x dom) ...)`. The
/// suspension shows in a disjunction: `(conde [(fd/in q (fd/interval 1 2))] [(== q 5)])`
/// gives `(5 1 2)`, with `fd/dom` `(1 5 2)`.
///
/// ```
/// use kanren::{conde, eq, fd, list, run_all, Var};
/// let (x, y) = (Var::fresh(), Var::fresh());
/// let n = run_all(move |q| kanren::conj([
///     fd::in_([x, y], fd::interval_to(2)),
///     kanren::eq(q, list![x, y]),
/// ])).count();
/// assert_eq!(n, 9);
/// let order = |g: fn(kanren::Term) -> kanren::Goal| -> Vec<String> {
///     run_all(move |q| conde([vec![g(q.into())], vec![eq(q, 5)]])).map(|a| a.to_string()).collect()
/// };
/// assert_eq!(order(|q| fd::in_(q, fd::interval(1, 2))), ["5", "1", "2"]);
/// assert_eq!(order(|q| fd::dom(q, fd::interval(1, 2))), ["1", "5", "2"]);
/// ```
pub fn in_(xs: impl FdTerms, d: impl Into<Option<Domain>>) -> Goal {
    crate::kernel::goal::suspended(in_now(xs, d))
}

/// [`in_`] without its suspension: [`dom`] of each of `xs`.
fn in_now(xs: impl FdTerms, d: impl Into<Option<Domain>>) -> Goal {
    let d = d.into();
    crate::kernel::goal::conj(xs.into_terms().into_iter().map(|x| match x {
        // A variable may stand for a sequence by the time the goal runs: `(fd/in q dom)`
        // with `q` bound to a vector ranges its items.
        Term::Var(_) => {
            let d = d.clone();
            let each = move |items: Vec<Term>| {
                crate::kernel::goal::conj(items.into_iter().map(|x| dom(x, d.clone())))
            };
            crate::constraints::seq_goals::on_walked(x, Arc::new(each))
        }
        x => dom(x, d.clone()),
    }))
}

/// `u = v` (core.logic's `fd/==`): both narrowed to the intersection of their domains.
///
/// ```
/// use kanren::{fd, run_all, Var};
/// let x = Var::fresh();
/// let a: Vec<String> = run_all(move |q| kanren::conj([
///     fd::dom(q, fd::interval(0, 5)), fd::dom(x, fd::interval(4, 9)), fd::eq(q, x),
/// ])).map(|a| a.to_string()).collect();
/// assert_eq!(a, ["4", "5"]);
/// ```
pub fn eq(u: impl Into<Term>, v: impl Into<Term>) -> Goal {
    let p = Prop::Eq(u.into(), v.into());
    post_goal(move |run| {
        run.post(p.clone());
        Ok(())
    })
}

/// `u != v` (core.logic's `fd/!=`): once one side is bound, its value leaves the other's
/// domain.
///
/// ```
/// use kanren::{fd, run_all};
/// let a: Vec<String> = run_all(|q| kanren::conj([fd::dom(q, fd::interval(0, 2)), fd::neq(q, 1)]))
///     .map(|a| a.to_string()).collect();
/// assert_eq!(a, ["0", "2"]);
/// ```
pub fn neq(u: impl Into<Term>, v: impl Into<Term>) -> Goal {
    neq_offset(u, v, 0)
}

/// `x != y + k`: the disequality of the N-queens diagonals, stored inline in both watch
/// lists. Costs nothing until one side is bound, then one value removal. Time: O(1) to post.
///
/// ```
/// use kanren::{fd, list, run_all, Var};
/// let (x, y) = (Var::fresh(), Var::fresh());
/// let n = run_all(move |q| kanren::conj([
///     fd::in_([x, y], fd::interval(0, 2)),
///     fd::neq_offset(x, y, 1),
///     kanren::eq(q, list![x, y]),
/// ]))
/// .count();
/// assert_eq!(n, 7);
/// ```
pub fn neq_offset(x: impl Into<Term>, y: impl Into<Term>, k: i64) -> Goal {
    let (x, y) = (x.into(), y.into());
    post_goal(move |run| post_neq(run, &x, &y, k))
}

/// Posts `x != y + k` in a run.
pub(crate) fn post_neq(run: &mut Run, x: &Term, y: &Term, k: i64) -> Step {
    let var = |v: &Val| match v {
        Val::Dom(x, _) | Val::Free(x) => Some(*x),
        _ => None,
    };
    let (vx, vy) = (run.read(x), run.read(y));
    if matches!(vx, Val::Bad) || matches!(vy, Val::Bad) {
        return Err(Fail);
    }
    match (var(&vx), var(&vy), &vx, &vy) {
        (None, None, Val::Int(a), Val::Int(b)) => {
            if Some(*a) == b.checked_add(k) {
                Err(Fail)
            } else {
                Ok(())
            }
        }
        (None, Some(y), Val::Int(a), _) => {
            a.checked_sub(k).map_or(Ok(()), |v| forbid(run, y, &vy, v))
        }
        (Some(x), None, _, Val::Int(b)) => {
            b.checked_add(k).map_or(Ok(()), |v| forbid(run, x, &vx, v))
        }
        (Some(x), Some(y), _, _) if x == y => {
            if k == 0 {
                Err(Fail)
            } else {
                Ok(())
            }
        }
        (Some(x), Some(y), _, _) => {
            run.watch_neq(x, y, -k);
            run.watch_neq(y, x, k);
            Ok(())
        }
        _ => unreachable!("values are ints or variables here"),
    }
}

/// `x != v`, `vx` being `x`'s value: removed from its domain now, or, for a variable with no
/// domain yet, kept as a one-term linear disequality that removes `v` once a domain comes
/// and fails if `x` is bound to `v` (a domain cannot record it before then).
fn forbid(run: &mut Run, x: Var, vx: &Val, v: i64) -> Step {
    if let Val::Free(_) = vx {
        run.post_arc(global::linear(
            vec![(1, Term::Var(x))],
            -(v as i128),
            Rel::Ne,
            None,
        ));
        return Ok(());
    }
    run.forbid(x, v)
}

/// Posts a table propagator in a goal.
pub(crate) fn prop_goal(p: Prop) -> Goal {
    post_goal(move |run| {
        run.post(p.clone());
        Ok(())
    })
}

/// `u <= v` (core.logic's `fd/<=`).
///
/// ```
/// use kanren::{fd, run_all};
/// let a: Vec<String> = run_all(|q| kanren::conj([fd::dom(q, fd::interval(0, 9)), fd::lte(q, 1)]))
///     .map(|a| a.to_string()).collect();
/// assert_eq!(a, ["0", "1"]);
/// ```
pub fn lte(u: impl Into<Term>, v: impl Into<Term>) -> Goal {
    prop_goal(Prop::Lte(u.into(), v.into(), 0))
}

/// `u < v` (core.logic's `fd/<`).
///
/// ```
/// use kanren::{fd, run_all};
/// assert_eq!(run_all(|q| kanren::conj([fd::dom(q, fd::interval(0, 9)), fd::lt(q, 1)])).count(), 1);
/// ```
pub fn lt(u: impl Into<Term>, v: impl Into<Term>) -> Goal {
    prop_goal(Prop::Lte(u.into(), v.into(), 1))
}

/// `u >= v` (core.logic's `fd/>=`).
///
/// ```
/// use kanren::{fd, run_all};
/// assert_eq!(run_all(|q| kanren::conj([fd::dom(q, fd::interval(0, 9)), fd::gte(q, 8)])).count(), 2);
/// ```
pub fn gte(u: impl Into<Term>, v: impl Into<Term>) -> Goal {
    lte(v, u)
}

/// `u > v` (core.logic's `fd/>`).
///
/// ```
/// use kanren::{fd, run_all};
/// assert_eq!(run_all(|q| kanren::conj([fd::dom(q, fd::interval(0, 9)), fd::gt(q, 8)])).count(), 1);
/// ```
pub fn gt(u: impl Into<Term>, v: impl Into<Term>) -> Goal {
    lt(v, u)
}

/// `x + y = z` (core.logic's `fd/+`), with bounds consistency.
///
/// ```
/// use kanren::{fd, run_all};
/// let a: Vec<String> = run_all(|q| kanren::conj([fd::dom(q, fd::interval(0, 9)), fd::plus(q, 3, 5)]))
///     .map(|a| a.to_string()).collect();
/// assert_eq!(a, ["2"]);
/// ```
pub fn plus(x: impl Into<Term>, y: impl Into<Term>, z: impl Into<Term>) -> Goal {
    prop_goal(Prop::Plus(x.into(), y.into(), z.into()))
}

/// `x - y = z` (core.logic's `fd/-`, which is `(fd/+ y z x)`).
///
/// ```
/// use kanren::{fd, run_all};
/// let a: Vec<String> = run_all(|q| kanren::conj([fd::dom(q, fd::interval(-9, 9)), fd::minus(2, 5, q)]))
///     .map(|a| a.to_string()).collect();
/// assert_eq!(a, ["-3"]);
/// ```
pub fn minus(x: impl Into<Term>, y: impl Into<Term>, z: impl Into<Term>) -> Goal {
    plus(y, z, x)
}

/// `x * y = z` (core.logic's `fd/*`).
///
/// ```
/// use kanren::{fd, run_all};
/// let a: Vec<String> = run_all(|q| kanren::conj([fd::dom(q, fd::interval(-9, 9)), fd::times(q, q, 4)]))
///     .map(|a| a.to_string()).collect();
/// assert_eq!(a, ["-2", "2"]);
/// ```
pub fn times(x: impl Into<Term>, y: impl Into<Term>, z: impl Into<Term>) -> Goal {
    prop_goal(Prop::Times(x.into(), y.into(), z.into()))
}

/// `x / y = z` exactly (core.logic's `fd/quot`, which is `(fd/* y z x)`: `x` is a multiple
/// of `y`).
///
/// ```
/// use kanren::{fd, run_all};
/// let a: Vec<String> = run_all(|q| kanren::conj([fd::dom(q, fd::interval(0, 20)), fd::quot(q, 4, 3)]))
///     .map(|a| a.to_string()).collect();
/// assert_eq!(a, ["12"]);
/// ```
pub fn quot(x: impl Into<Term>, y: impl Into<Term>, z: impl Into<Term>) -> Goal {
    times(y, z, x)
}

/// All of `xs` take pairwise different values (core.logic's `fd/distinct`): when one is
/// bound, its value leaves every other domain (forward checking), in O(n) per binding.
///
/// ```
/// use kanren::{fd, list, run_all, Var};
/// let (x, y) = (Var::fresh(), Var::fresh());
/// let n = run_all(move |q| kanren::conj([
///     fd::in_([x, y], fd::interval(1, 3)), fd::distinct([x, y]), kanren::eq(q, list![x, y]),
/// ])).count();
/// assert_eq!(n, 6);
/// ```
pub fn distinct(xs: impl FdTerms) -> Goal {
    let xs = xs.into_terms();
    if let [x] = &xs[..] {
        // One term stands for the sequence it holds: `(fd/distinct q)`, `q` a vector by the
        // time the goal runs (or, while unbound, once it is).
        let each = |items: Vec<Term>| prop_goal(Prop::Distinct(items.into()));
        return crate::constraints::seq_goals::on_items(x.clone(), "fd/distinct", Arc::new(each));
    }
    prop_goal(Prop::Distinct(xs.into()))
}

/// All of `xs` take pairwise different values, with stronger pruning than [`distinct`]:
/// forward checking plus bounds consistency by Hall intervals. Whenever a member's domain
/// narrows, every interval `[a, b]` that holds the domains of exactly `b - a + 1` members (a
/// Hall interval) is removed from the other members' domains, and more than `b - a + 1`
/// domains inside `[a, b]` fail at once (the pigeonhole principle), before any labeling.
/// Same solutions as [`distinct`].
///
/// Cost: O(n²) per narrowing of a member (n members), against O(n) per binding for
/// [`distinct`]. It pays off when domains are tight against the number of variables
/// (permutations, assignment and scheduling problems, sudoku-like puzzles, pigeonhole
/// sub-problems), where it cuts the search tree; in a model whose other constraints already
/// prune well and whose domains stay wide (N-queens) it mostly adds cost: see the
/// `queens_all` bench in `docs/performance.md`.
///
/// ```
/// use kanren::{fd, run_all, Var};
/// let (x, y) = (Var::fresh(), Var::fresh());
/// // x, y in {1, 2} take both values, so q in 1..3 must be 3: found by propagation alone.
/// let a: Vec<String> = run_all(move |q| kanren::conj([
///     fd::in_([x, y], fd::interval(1, 2)), fd::dom(q, fd::interval(1, 3)),
///     fd::distinct_bounds([x, y, q]), fd::label([q], fd::Labeling::LEFTMOST),
/// ])).map(|a| a.to_string()).collect();
/// assert_eq!(a, ["3"]);
/// // Four variables in three values: fails without labeling.
/// let n = run_all(|q| kanren::fresh(move |[a, b, c]| kanren::conj([
///     fd::in_([q, a, b, c], fd::interval(1, 3)), fd::distinct_bounds([q, a, b, c]),
/// ]))).count();
/// assert_eq!(n, 0);
/// ```
pub fn distinct_bounds(xs: impl FdTerms) -> Goal {
    let xs: Arc<[Term]> = xs.into_terms().into();
    post_goal(move |run| {
        run.post(Prop::Distinct(xs.clone()));
        run.post(Prop::Hall(xs.clone()));
        Ok(())
    })
}

/// The unbound variables of `s` that an FD constraint watches and that have no domain, each
/// once, in the order they were created (core.logic's `verify-all-bound`, which throws
/// `Constrained variable <lvar:x> without domain` for the first it meets). Empty in every
/// answer whose FD variables all got a domain or a value. Front ends that follow core.logic
/// call it on each final state (see [`Answers::map_final_states`](crate::Answers::map_final_states))
/// and raise that error; `run`'s answers show the constraints on them instead. Time: O(w),
/// `w` the variables constraints watch.
///
/// ```
/// use kanren::{fd, run_all, Var};
/// use std::sync::{Arc, Mutex};
/// let x = Var::fresh();
/// let seen = Arc::new(Mutex::new(Vec::new()));
/// let log = seen.clone();
/// let answers: Vec<String> = run_all(move |q| kanren::conj([
///     fd::lt(x, 5),                   // x, not in the answer, has no domain
///     fd::dom(q, fd::interval(0, 1)),
/// ]))
/// .map_final_states(move |s, _| {
///     log.lock().unwrap().push(fd::undomained(&s));
///     s
/// })
/// .map(|a| a.to_string())
/// .collect();
/// assert_eq!(answers, ["0", "1"]);
/// assert_eq!(*seen.lock().unwrap(), [vec![x], vec![x]]);
/// ```
#[inline]
pub fn undomained(s: &crate::State) -> Vec<Var> {
    s.cs.undomained(&s.subst)
}

/// The values `t` may still take in `s`: its domain, a singleton when bound to an integer,
/// `None` when it is unconstrained or not an integer (core.logic's `get-dom`). For custom
/// goals and tests.
///
/// ```
/// use kanren::{fd, State, Var};
/// let x = Var::fresh();
/// assert!(fd::domain_of(&State::new(), &x.into()).is_none());
/// let s = State::new().unify(&x.into(), &4.into()).unwrap();
/// assert_eq!(fd::domain_of(&s, &x.into()).unwrap().to_string(), "4");
/// ```
pub fn domain_of(s: &crate::State, t: &Term) -> Option<Domain> {
    match s.walk(t) {
        Term::Int(v) => Some(Domain::singleton(v)),
        Term::Var(x) => s.cs.doms.get(&x).cloned(),
        _ => None,
    }
}

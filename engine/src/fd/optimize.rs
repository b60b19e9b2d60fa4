//! Optimisation by branch and bound over labeling: [`minimize`], [`maximize`], and their
//! streams of improving solutions.
//!
//! ```text
//! search the labeling of xs (and of obj, labeled after them) depth-first;
//! at each solution with obj = v:  best := v, and from then on every choice of the search
//!                                 is also held to obj < best (minimising; > for maximising)
//! ```
//!
//! The bound is posted on each new branch, so propagation prunes with it at once; the
//! states the search keeps are from before the bound and are held to it when a branch
//! leaves them. The last solution found is optimal: after it, no branch can beat it.
//!
//! Each goal is an ordinary lazy stream: [`minimize_improving`] yields each improving
//! solution as soon as it is found, so a caller that stops early (a `run(k, ..)`, a search
//! budget) keeps the best found so far; [`minimize`] yields only the optimum, after the whole
//! search.

use super::label::Labeling;
use super::search::{Bound, Dfs, Sense};
use super::FdTerms;
use crate::kernel::goal::Goal;
use crate::kernel::state::State;
use crate::kernel::stream::{Link, Node, Stream};
use crate::kernel::term::Term;
use std::sync::Arc;

/// The search for `obj` over `xs` (with `obj` labeled last).
fn search(s: State, xs: &Arc<[Term]>, obj: &Term, how: Labeling, sense: Sense) -> Dfs {
    let mut all: Vec<Term> = xs.to_vec();
    all.push(obj.clone());
    let mut dfs = Dfs::new(s, all.into(), how);
    dfs.bound = Some(Bound {
        obj: obj.clone(),
        sense,
        best: None,
    });
    dfs
}

/// The next improving solution of `dfs`, with the bound tightened past it.
fn improve(dfs: &mut Dfs) -> Option<State> {
    let s = dfs.next_solution()?;
    let bound = dfs.bound.as_mut().expect("an optimiser's search");
    match s.walk(&bound.obj) {
        Term::Int(v) => bound.best = Some(v),
        _ => {
            // Not an integer (a free objective): no bound can be taken from it.
            return None;
        }
    }
    Some(s)
}

fn improving(mut dfs: Dfs) -> Stream {
    match improve(&mut dfs) {
        Some(s) => Stream(Node::Choice(
            s,
            Link::new(Node::Lazy(Box::new(move || improving(dfs)))),
        )),
        None => Stream::empty(),
    }
}

fn optimum(mut dfs: Dfs) -> Stream {
    let mut last = None;
    while let Some(s) = improve(&mut dfs) {
        last = Some(s);
    }
    last.map_or_else(Stream::empty, Stream::unit)
}

fn goal(xs: impl FdTerms, obj: Term, how: Labeling, sense: Sense, all: bool) -> Goal {
    let xs: Arc<[Term]> = xs.into_terms().into();
    Goal::new(move |s| {
        let dfs = search(s, &xs, &obj, how, sense);
        if all {
            improving(dfs)
        } else {
            optimum(dfs)
        }
    })
}

/// One answer: a labeling of `xs` (by `how`) with the smallest value of `obj`, found by
/// branch and bound (SWI-Prolog's `labeling([min(Expr)], Vars)` gives it first). `obj` is
/// an FD variable, constrained by the caller (with [`fd_eq!`](crate::fd_eq) or
/// [`scalar_product`](super::scalar_product)); it is labeled after `xs`. No answer when there
/// is no solution, and none when `obj` is still without a value once `xs` and `obj` are
/// labeled (an objective with no domain, not fixed by `xs`). When several labelings share
/// the optimum, the first found is given.
///
/// ```
/// use kanren::{fd, fd_eq, list, run_all, Var};
/// // Smallest x + 2y with x + y >= 4, x, y in 0..5, x <= 2.
/// let (x, y, cost) = (Var::fresh(), Var::fresh(), Var::fresh());
/// let a: Vec<String> = run_all(move |q| kanren::conj([
///     fd::in_([x, y], fd::interval(0, 5)),
///     fd::dom(cost, fd::interval(0, 100)),
///     fd_eq!(x + y >= 4, x <= 2, cost == x + 2 * y),
///     fd::minimize(cost, [x, y], fd::Labeling::LEFTMOST),
///     kanren::eq(q, list![x, y, cost]),
/// ])).map(|a| a.to_string()).collect();
/// assert_eq!(a, ["(2 2 6)"]);
/// ```
pub fn minimize(obj: impl Into<Term>, xs: impl FdTerms, how: Labeling) -> Goal {
    goal(xs, obj.into(), how, Sense::Min, false)
}

/// One answer: a labeling of `xs` with the largest value of `obj` (see [`minimize`]).
///
/// ```
/// use kanren::{fd, fd_eq, run_all, Var};
/// let (x, y) = (Var::fresh(), Var::fresh());
/// let best: Vec<String> = run_all(move |q| kanren::conj([
///     fd::in_([x, y], fd::interval(0, 9)), fd::dom(q, fd::interval(0, 100)),
///     fd_eq!(x + y <= 10, q == x * y),
///     fd::maximize(q, [x, y], fd::Labeling::FF),
/// ])).map(|a| a.to_string()).collect();
/// assert_eq!(best, ["25"]);
/// ```
pub fn maximize(obj: impl Into<Term>, xs: impl FdTerms, how: Labeling) -> Goal {
    goal(xs, obj.into(), how, Sense::Max, false)
}

/// Every improving solution of [`minimize`]'s search, as found: each has a smaller `obj`
/// than the one before, and the last is optimal. Lazy: taking `k` of them does only the
/// search for those `k`.
///
/// ```
/// use kanren::{fd, fd_eq, run_all, Var};
/// let (x, y) = (Var::fresh(), Var::fresh());
/// let costs: Vec<String> = run_all(move |q| kanren::conj([
///     fd::in_([x, y], fd::interval(0, 3)), fd::dom(q, fd::interval(0, 20)),
///     fd_eq!(x + y >= 3, q == 3 * x + y),
///     fd::minimize_improving(q, [x, y], fd::Labeling { vars: fd::VarOrder::Leftmost, values: fd::ValueOrder::Descending }),
/// ])).map(|a| a.to_string()).collect();
/// // Largest values first: (3 3) costs 12, then each solution found is cheaper.
/// assert_eq!(costs, ["12", "11", "10", "9", "8", "7", "6", "5", "3"]);
/// ```
pub fn minimize_improving(obj: impl Into<Term>, xs: impl FdTerms, how: Labeling) -> Goal {
    goal(xs, obj.into(), how, Sense::Min, true)
}

/// Every improving solution of [`maximize`]'s search, as found; the last is optimal.
///
/// ```
/// use kanren::{fd, run_all};
/// let up: Vec<String> = run_all(|q| kanren::conj([
///     fd::dom(q, fd::interval(0, 3)),
///     fd::maximize_improving(q, [q], fd::Labeling::LEFTMOST),
/// ])).map(|a| a.to_string()).collect();
/// assert_eq!(up, ["0", "1", "2", "3"]);
/// ```
pub fn maximize_improving(obj: impl Into<Term>, xs: impl FdTerms, how: Labeling) -> Goal {
    goal(xs, obj.into(), how, Sense::Max, true)
}

//! Labeling on request ([`label`], [`label_random`]): a depth-first search over FD variables
//! with a chosen variable and value order (SWI-Prolog's `labeling/2` options).
//!
//! The labeling that happens by itself at reification, in core.logic's order, is
//! `force.rs`'s; [`label`] instead searches depth-first (as Prolog's `labeling/2`), choosing
//! the variable and the value order by [`Labeling`], and yields its solutions in that order.
//! The search itself is `search.rs`'s, or `trail/`'s when the problem has a mutable form.

use super::search::Dfs;
use super::FdTerms;
use crate::kernel::goal::Goal;
use crate::kernel::state::State;
use crate::kernel::store::domain::Domain;
use crate::kernel::stream::{Link, Node, Stream};
use crate::kernel::term::{Term, Var};
use std::sync::Arc;

/// Which variable [`label`] tries next (SWI-Prolog's `labeling/2` variable selection).
///
/// ```
/// assert_ne!(kanren::fd::VarOrder::Leftmost, kanren::fd::VarOrder::FirstFail);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum VarOrder {
    /// The first variable of the list that still has a domain (`leftmost`).
    Leftmost,
    /// The variable with the smallest domain; ties go to the leftmost (`ff`).
    FirstFail,
    /// The smallest domain, ties to the variable in the most constraints, then the leftmost
    /// (`ffc`).
    FirstFailConstrained,
    /// The variable with the smallest lower bound; ties go to the leftmost (`min`).
    Min,
    /// The variable with the largest upper bound; ties go to the leftmost (`max`).
    Max,
}

/// In which order [`label`] tries the values of a variable.
///
/// ```
/// assert_ne!(kanren::fd::ValueOrder::Ascending, kanren::fd::ValueOrder::MiddleOut);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ValueOrder {
    /// Smallest first (SWI-Prolog's `up`).
    Ascending,
    /// Largest first (SWI-Prolog's `down`).
    Descending,
    /// The value nearest the middle of the domain's bounds first, then outwards
    /// (`m, m+1, m-1, m+2, ...` over the values present).
    MiddleOut,
    /// No value at a time: the domain is split at the middle of its bounds, the lower half
    /// first, and the variable chosen again (SWI-Prolog's `bisect`).
    Bisect,
    /// The values in a random order drawn from this seed (the same seed, the same order).
    /// With [`label_random`], each restart draws new orders.
    Random(u64),
}

/// A labeling strategy: variable order and value order.
///
/// ```
/// use kanren::fd::{Labeling, ValueOrder, VarOrder};
/// assert_eq!(Labeling::FF.vars, VarOrder::FirstFail);
/// assert_eq!(Labeling::LEFTMOST.values, ValueOrder::Ascending);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Labeling {
    /// Which variable next.
    pub vars: VarOrder,
    /// Which value first.
    pub values: ValueOrder,
}

impl Labeling {
    /// Leftmost variable, values ascending: the plain order.
    pub const LEFTMOST: Labeling = Labeling {
        vars: VarOrder::Leftmost,
        values: ValueOrder::Ascending,
    };

    /// First-fail: smallest domain first, values from the middle out. Middle-out because a
    /// value near the middle of a domain leaves the most room to the others in models whose
    /// constraints are differences (queens' diagonals, schedules): measured on 200-queens,
    /// first-fail finds a board in 0.08 s middle-out and in 31 s ascending
    /// (docs/performance.md).
    pub const FF: Labeling = Labeling {
        vars: VarOrder::FirstFail,
        values: ValueOrder::MiddleOut,
    };
}

/// Labels the FD variables among `xs` depth-first with the strategy `how`: each answer of
/// this goal has all of them bound (variables without a domain are left alone). Variables
/// are chosen again after every binding, so first-fail sees the effect of propagation.
///
/// When every constraint on them is `distinct_offsets`, `distinct` or `x != y + k` and the
/// order is leftmost or first-fail with values up, down or middle-out, the search runs on a
/// mutable copy of the problem with an undo trail (`fd/trail`: O(1) per removed value, no
/// copying), with the same answers in the same order; otherwise on the persistent state.
///
/// ```
/// use kanren::{fd, fresh, list, run, Var};
/// let xs: Vec<Var> = (0..3).map(|_| Var::fresh()).collect();
/// let first = run(1, {
///     let xs = xs.clone();
///     move |q| kanren::conj([
///         fd::in_(&xs, fd::interval(0, 4)),
///         fd::distinct(&xs),
///         fd::label(&xs, fd::Labeling::FF),
///         kanren::eq(q, kanren::Term::list(xs.clone())),
///     ])
/// }).next().unwrap();
/// assert_eq!(first.to_string(), "(2 3 1)");
/// ```
pub fn label(xs: impl FdTerms, how: Labeling) -> Goal {
    labeling(xs.into_terms().into(), how)
}

/// [`label`] over terms already collected.
fn labeling(xs: Arc<[Term]>, how: Labeling) -> Goal {
    Goal::new(move |s| {
        if crate::kernel::stream::splitting() && !matches!(how.values, ValueOrder::Random(_)) {
            if let Some(alternatives) = split_root(&s, &xs, how) {
                return alternatives;
            }
        }
        match super::trail::label(&s, &xs, how) {
            Some(answers) => answers,
            None => Dfs::new(s, xs.clone(), how).stream(),
        }
    })
}

/// The labeling of `s` as a disjunction of its first variable's choices, for the parallel
/// search while it cuts a query into parts (a depth-first labeling is one loop, which it
/// could not cut). Each alternative labels the rest when forced, and is cut again if the
/// cutting is still going on; the alternatives' answers, one after the other, are the
/// depth-first search's in its order. `None` when no variable is left to label.
fn split_root(s: &State, xs: &Arc<[Term]>, how: Labeling) -> Option<Stream> {
    if let Some(alternatives) = split_trail(s, xs, how) {
        return Some(alternatives);
    }
    let (x, choices) = Dfs::root(s, xs.clone(), how)?;
    let alternative = |c| {
        let (s, xs) = (s.clone(), xs.clone());
        Stream::suspend(move || match Dfs::apply(&s, x, c) {
            Some(s) => labeling(xs, how).apply(s),
            None => Stream::empty(),
        })
    };
    Some(disjunction(choices.into_iter().map(alternative)))
}

/// [`split_root`] on the mutable space (`fd/trail`): each part keeps the trail's search (the
/// persistent search's states would leave the parts the trail's slower, general sweep).
/// `None` when the labeling has no mutable form.
fn split_trail(s: &State, xs: &Arc<[Term]>, how: Labeling) -> Option<Stream> {
    Some(split_below(super::trail::Below::root(s, xs, how)?))
}

/// The choices of the labeling stopped at `below`, as a disjunction: each alternative goes
/// one choice further in its own copy, and is cut again if the cutting is still going on.
fn split_below(below: super::trail::Below) -> Stream {
    let values = match below.choices() {
        Err(solution) => return Stream::unit(solution),
        Ok(values) => values,
    };
    let below = Arc::new(below);
    let alternative = |v| {
        let below = below.clone();
        Stream::suspend(move || match below.child(v) {
            None => Stream::empty(),
            Some(next) if crate::kernel::stream::splitting() => split_below(next),
            Some(next) => next.stream(),
        })
    };
    disjunction(values.into_iter().map(alternative))
}

/// The alternatives as one right-nested disjunction, in their order.
fn disjunction(alternatives: impl DoubleEndedIterator<Item = Stream>) -> Stream {
    let mut alternatives = alternatives.rev();
    let last = alternatives.next().unwrap_or_else(Stream::empty);
    alternatives.fold(last, |rest, a| Stream::mplus(a, rest))
}

/// Labels `xs` as [`label`] does with the variable order `vars` and a random value order,
/// restarting from scratch with new random orders whenever a search fails more than a limit
/// before its first solution (the limit starts at 64 failed choices and doubles at each
/// restart, so a search eventually runs to its end and no solution is lost). Once a
/// solution is found that search goes on without a limit: every solution comes once. The
/// same seed gives the same answers in the same order.
///
/// Restarts help where a bad early choice traps a depth-first search in a huge subtree
/// with no solution (large Latin squares, quasigroups, scheduling).
///
/// ```
/// use kanren::{fd, run, Term, Var};
/// let xs: Vec<Var> = (0..6).map(|_| Var::fresh()).collect();
/// let board = |seed| run(1, |q| kanren::conj([
///     fd::in_(&xs, fd::interval(0, 5)),
///     fd::distinct(&xs),
///     fd::label_random(&xs, fd::VarOrder::FirstFail, seed),
///     kanren::eq(q, Term::list(xs.clone())),
/// ])).next().unwrap().to_string();
/// assert_eq!(board(7), board(7));
/// ```
pub fn label_random(xs: impl FdTerms, vars: VarOrder, seed: u64) -> Goal {
    let xs: Arc<[Term]> = xs.into_terms().into();
    Goal::new(move |s| restarts(s, xs.clone(), vars, seed, 64))
}

/// One random search with a fail limit, then another with new orders and twice the limit,
/// until one finds a solution or runs to its end.
fn restarts(s: State, xs: Arc<[Term]>, vars: VarOrder, seed: u64, limit: u64) -> Stream {
    let mut seed = seed;
    let mut limit = limit;
    loop {
        let how = Labeling {
            vars,
            values: ValueOrder::Random(seed),
        };
        let mut dfs = Dfs::new(s.clone(), xs.clone(), how);
        dfs.fails_left = Some(limit);
        match dfs.next_solution() {
            Some(first) => {
                dfs.fails_left = None;
                let rest = Node::Lazy(Box::new(move || dfs.stream()));
                return Stream(Node::Choice(first, Link::new(rest)));
            }
            None if dfs.gave_up => {
                seed = seed
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                limit = limit.saturating_mul(2);
            }
            None => return Stream::empty(),
        }
    }
}

/// The next variable to label among `xs` in `s`, with its domain.
pub(crate) fn select(s: &State, xs: &[Term], order: VarOrder) -> Option<(Var, Domain)> {
    // The best so far, with its key (smaller is better).
    let mut best: Option<(Var, Domain, (i128, i128))> = None;
    for t in xs {
        let Term::Var(x) = s.walk(t) else { continue };
        let Some(d) = s.cs.doms.get(&x) else { continue };
        let key = match order {
            VarOrder::Leftmost => return Some((x, d.clone())),
            VarOrder::FirstFail => (d.size() as i128, 0),
            VarOrder::FirstFailConstrained => (d.size() as i128, -constraints_on(s, x)),
            VarOrder::Min => (d.min() as i128, 0),
            VarOrder::Max => (-(d.max() as i128), 0),
        };
        if best.as_ref().is_none_or(|b| key < b.2) {
            best = Some((x, d.clone(), key));
            if order == VarOrder::FirstFail && key.0 == 2 {
                break; // no smaller domain than two values
            }
        }
    }
    best.map(|(x, d, _)| (x, d))
}

/// How many constraints watch `x` (inline disequalities included).
fn constraints_on(s: &State, x: Var) -> i128 {
    s.cs.watch.get(&x).map_or(0, |w| {
        (w.neq.len() + w.on_bind.len() + w.on_change.len()) as i128
    })
}

#[cfg(test)]
mod tests {
    use super::{select, VarOrder};
    use crate::kernel::state::State;
    use crate::kernel::store::domain::Domain;
    use crate::kernel::term::{Term, Var};

    /// x in 3..4, y in 0..9, z in 5..6 with two constraints on z: which is labeled first.
    fn first(order: VarOrder) -> usize {
        let xs = [Var::fresh(), Var::fresh(), Var::fresh()];
        let doms = [(3, 4), (0, 9), (5, 6)];
        let s = State::new()
            .propagate(|run| {
                for (x, (lo, hi)) in xs.iter().zip(doms) {
                    let v = run.read(&Term::Var(*x));
                    run.narrow(&v, Domain::interval(lo, hi))?;
                }
                crate::fd::post_neq(run, &xs[2].into(), &xs[1].into(), 0)?;
                crate::fd::post_neq(run, &xs[2].into(), &xs[1].into(), 1)
            })
            .unwrap();
        let terms: Vec<Term> = xs.iter().map(|&x| x.into()).collect();
        let (chosen, _) = select(&s, &terms, order).unwrap();
        xs.iter().position(|&x| x == chosen).unwrap()
    }

    #[test]
    fn each_variable_order_picks_its_variable() {
        assert_eq!(first(VarOrder::Leftmost), 0);
        assert_eq!(first(VarOrder::FirstFail), 0); // x and z tie at two values
        assert_eq!(first(VarOrder::FirstFailConstrained), 2); // z is in more constraints
        assert_eq!(first(VarOrder::Min), 1); // y's lower bound 0
        assert_eq!(first(VarOrder::Max), 1); // y's upper bound 9
    }
}

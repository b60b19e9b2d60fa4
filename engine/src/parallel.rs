//! Parallel depth-first search: a query's search tree cut into independent parts at its
//! disjunctions, the parts folded on a rayon pool.
//!
//! A stream is data ([`Node`]), and a branch of it, with the binds pending above it, is a
//! stream of its own: `bind(mplus(x, y), g) = mplus(bind(x, g), bind(y, g))`. So the search is
//! split by forcing the query's stream with the depth-first rules until it branches
//! ([`expand`]): at a `conde` or `disj` (an `mplus`), a relation's clauses (its stream is the
//! `conde` of its clauses), a value of core.logic's labeling (`map-sum`'s `mplus`), or an
//! answer of a stream that has more (a `Choice`). Each branch becomes a part, with the binds
//! cloned (goals are `Arc`s, states persistent: cloning is O(1)). The parts are cut again,
//! breadth-first, until there are [`PARTS_PER_WORKER`] per worker; each part is then searched
//! by the sequential continuation-passing search ([`solve_node`]), the fast one, on whichever
//! worker is free (rayon's work stealing hands out the parts one at a time).
//!
//! The parts are kept in the order depth-first search meets them, answers found while cutting
//! in their place, so the parts' answers, concatenated, are the sequential fold's answers in
//! its order ([`Parallel::in_order`]); unordered, they are the same multiset.
//!
//! Goals and states are `Send + Sync` (every goal is an `Arc<dyn Solve + Send + Sync>`), and
//! so are streams: nothing had to change to move them across threads. The continuation of the
//! depth-first search is a closure on a thread's stack, which can not move: that is why the
//! parts are cut from the stream, before the continuation-passing search starts, and not
//! stolen out of a running one (see docs/design.md).

use crate::budget::Budget;
use crate::goal::Goal;
use crate::reify::{reify, Answer};
use crate::run::Answers;
use crate::solve::solve_node;
use crate::state::State;
use crate::stream::{Frame, Link, Node};
use crate::term::Term;
use rayon::prelude::*;
use std::cell::Cell;
use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

/// How many parts the search is cut into per worker: enough that the unequal sizes of a
/// search tree's branches even out over the workers.
///
/// ```
/// assert_eq!(kanren::PARTS_PER_WORKER, 64);
/// ```
pub const PARTS_PER_WORKER: usize = 64;

/// At most this many rounds of cutting (each cuts every part once): a search that does not
/// branch (a deterministic recursion) is then searched as one part rather than cut forever.
const MAX_ROUNDS: usize = 64;

/// A query to be searched depth-first on several threads: [`Answers::parallel`].
///
/// ```
/// use kanren::{disj, eq, fresh, run_all};
/// let pairs = || run_all(|q| fresh(move |[a, b]| kanren::conj([
///     disj((0..10).map(|i| eq(a, i))),
///     disj((0..10).map(|i| eq(b, i))),
///     eq(q, kanren::list![a, b]),
/// ])));
/// assert_eq!(pairs().parallel(2).count(), 100);
/// let sequential: Vec<String> = pairs().depth_first().map(|a| a.to_string()).collect();
/// let parallel: Vec<String> = pairs().parallel(2).in_order().collect()
///     .iter().map(|a| a.to_string()).collect();
/// assert_eq!(parallel, sequential);
/// ```
pub struct Parallel {
    stream: Node,
    query: Term,
    remaining: Option<usize>,
    budget: Option<Budget>,
    workers: usize,
    ordered: bool,
}

/// One part of a split search, in depth-first order: an answer found while cutting, or a
/// branch still to search.
enum Part {
    Answer(State),
    Branch(Node),
}

impl Answers {
    /// This query searched depth-first (as [`Answers::depth_first`]) on a pool of `workers`
    /// threads (0: one per core). The same answers as the sequential depth-first search, as a
    /// multiset, or in its order with [`Parallel::in_order`]. Its budget
    /// ([`Answers::with_budget`]) holds for all the workers together; `run`'s `n` is the
    /// number of answers wanted in all.
    ///
    /// Like depth-first search, it is for finite searches: a branch that searches forever
    /// keeps its worker (a budget stops it).
    ///
    /// ```
    /// use kanren::{disj, eq, run_all};
    /// assert_eq!(run_all(|q| disj((0..100).map(|i| eq(q, i)))).parallel(4).count(), 100);
    /// ```
    pub fn parallel(self, workers: usize) -> Parallel {
        let (stream, query, remaining, budget) = self.into_parts();
        Parallel {
            stream: stream.0,
            query,
            remaining,
            budget,
            workers,
            ordered: false,
        }
    }
}

impl Parallel {
    /// Keep the sequential depth-first order: [`collect`](Parallel::collect) returns the
    /// answers in it and [`for_each`](Parallel::for_each) is called in it (from one thread,
    /// after the search). With `run`'s `n`, the first `n` of that order.
    ///
    /// ```
    /// use kanren::{disj, eq, run};
    /// let first: Vec<String> = run(3, |q| disj((0..50).map(|i| eq(q, i))))
    ///     .parallel(2).in_order().collect().iter().map(|a| a.to_string()).collect();
    /// assert_eq!(first, ["0", "1", "2"]);
    /// ```
    pub fn in_order(mut self) -> Parallel {
        self.ordered = true;
        self
    }

    /// The number of answers.
    ///
    /// ```
    /// use kanren::{disj, eq, run, run_all};
    /// assert_eq!(run_all(|q| disj((0..10).map(|i| eq(q, i)))).parallel(2).count(), 10);
    /// assert_eq!(run(4, |q| disj((0..10).map(|i| eq(q, i)))).parallel(2).count(), 4);
    /// ```
    pub fn count(self) -> usize {
        let n = self.remaining;
        let found = self.run(
            |_| (),
            |counts: Vec<Vec<()>>| counts.iter().map(Vec::len).sum(),
        );
        n.map_or(found, |n| found.min(n))
    }

    /// The answers: in the sequential order with [`in_order`](Parallel::in_order), else in
    /// the order the workers found them.
    ///
    /// ```
    /// use kanren::{disj, eq, run_all};
    /// let mut got: Vec<i64> = run_all(|q| disj((0..5).map(|i| eq(q, i)))).parallel(2).collect()
    ///     .iter().map(|a| i64::try_from(a).unwrap()).collect();
    /// got.sort();
    /// assert_eq!(got, [0, 1, 2, 3, 4]);
    /// ```
    pub fn collect(self) -> Vec<Answer> {
        let n = self.remaining;
        let mut all: Vec<Answer> = self.run(|a| a, |parts| parts.into_iter().flatten().collect());
        if let Some(n) = n {
            all.truncate(n);
        }
        all
    }

    /// Calls `f` with each answer: on the workers as they are found, or in the sequential
    /// order after the search with [`in_order`](Parallel::in_order).
    ///
    /// ```
    /// use kanren::{disj, eq, run_all};
    /// use std::sync::atomic::{AtomicI64, Ordering};
    /// let sum = AtomicI64::new(0);
    /// run_all(|q| disj((1..=10).map(|i| eq(q, i)))).parallel(2).for_each(|a| {
    ///     sum.fetch_add(i64::try_from(&a).unwrap(), Ordering::Relaxed);
    /// });
    /// assert_eq!(sum.into_inner(), 55);
    /// ```
    pub fn for_each(self, f: impl Fn(Answer) + Send + Sync) {
        if self.ordered {
            self.collect().into_iter().for_each(f);
        } else {
            let n = self.remaining;
            let given = AtomicUsize::new(0);
            self.run(
                |a| {
                    if n.is_none_or(|n| given.fetch_add(1, Ordering::Relaxed) < n) {
                        f(a)
                    }
                },
                |_: Vec<Vec<()>>| (),
            );
        }
    }

    /// Cuts the search into parts, searches them on the pool, mapping each answer with
    /// `each`, and combines the parts' results, in order, with `all`.
    fn run<T: Send, R>(
        self,
        each: impl Fn(Answer) -> T + Send + Sync,
        all: impl FnOnce(Vec<Vec<T>>) -> R,
    ) -> R {
        let workers = if self.workers == 0 {
            std::thread::available_parallelism().map_or(1, |n| n.get())
        } else {
            self.workers
        };
        let pool = match search_pool(workers) {
            Ok(pool) => pool,
            Err(e) => panic!("kanren: could not start {workers} search threads: {e}"),
        };
        let Parallel {
            stream,
            query,
            remaining,
            budget,
            ordered,
            ..
        } = self;
        if remaining == Some(0) {
            return all(Vec::new());
        }
        let parts = {
            let _entered = budget.as_ref().map(Budget::enter);
            let _splitting = Splitting::enter();
            split(stream, workers * PARTS_PER_WORKER)
        };
        // Enough answers (`run`'s n, unordered): every part stops.
        let enough = AtomicBool::new(false);
        let found = AtomicUsize::new(0);
        let stopped =
            || enough.load(Ordering::Relaxed) || budget.as_ref().is_some_and(Budget::is_stopped);
        let search = |part: Part| -> Vec<T> {
            let mut out = Vec::new();
            if stopped() {
                return out;
            }
            let _entered = budget.as_ref().map(Budget::enter);
            let take = |s: &State, out: &mut Vec<T>| -> ControlFlow<()> {
                if stopped() {
                    return ControlFlow::Break(());
                }
                out.push(each(reify(s, &query)));
                match remaining {
                    // In order: each part stops at n (the first n come from the first parts).
                    Some(n) if ordered && out.len() >= n => ControlFlow::Break(()),
                    Some(n) if !ordered && found.fetch_add(1, Ordering::Relaxed) + 1 >= n => {
                        enough.store(true, Ordering::Relaxed);
                        ControlFlow::Break(())
                    }
                    _ => ControlFlow::Continue(()),
                }
            };
            match part {
                Part::Answer(s) => {
                    let _ = take(&s, &mut out);
                }
                Part::Branch(node) => {
                    let _ = solve_node(node, &mut |s| take(s, &mut out));
                }
            }
            out
        };
        let results: Vec<Vec<T>> =
            pool.install(|| parts.into_par_iter().with_max_len(1).map(search).collect());
        all(results)
    }
}

/// Stack reserved for each worker (address space: pages are used only as the search goes
/// deep). A worker's default 2 MiB is less than the main thread's 8 MiB, and a search whose
/// continuations nest past it moves on and off heap segments (`stacker`) again and again:
/// with the default stack, the FD 11-queens count took 663 ms at one worker against 379 ms on
/// the main thread; with this one, 274 ms against 288 ms (criterion, loaded machine).
///
/// ```
/// assert_eq!(kanren::WORKER_STACK, 64 * 1024 * 1024);
/// ```
pub const WORKER_STACK: usize = 64 << 20;

/// A pool of `workers` threads with [`WORKER_STACK`] each.
///
/// ```
/// let pool = kanren::search_pool(2).unwrap();
/// assert_eq!(pool.current_num_threads(), 2);
/// ```
pub fn search_pool(workers: usize) -> Result<rayon::ThreadPool, rayon::ThreadPoolBuildError> {
    rayon::ThreadPoolBuilder::new()
        .num_threads(workers)
        .stack_size(WORKER_STACK)
        .build()
}

thread_local! {
    /// Set on the thread that cuts a query into parts, while it does.
    static SPLITTING: Cell<bool> = const { Cell::new(false) };
}

/// Whether this thread is cutting a query into parts: goals whose search is one loop (such
/// as `fd::label`) then show their first choice point as a disjunction, so it can be cut.
pub(crate) fn splitting() -> bool {
    SPLITTING.with(Cell::get)
}

/// [`splitting`] while this guard lives (cleared again if the cutting panics).
struct Splitting;

impl Splitting {
    fn enter() -> Splitting {
        SPLITTING.with(|f| f.set(true));
        Splitting
    }
}

impl Drop for Splitting {
    fn drop(&mut self) {
        SPLITTING.with(|f| f.set(false));
    }
}

/// Cuts `node` into at least `want` parts where it branches (fewer if it has fewer), in
/// depth-first order.
///
/// Each round cuts every branch into all the alternatives of its first disjunction, not into
/// two: a disjunction is a right-nested `mplus` (`conde`'s clauses, a labeling's values), and
/// a binary cut would leave its last alternatives together in one part while the first
/// alternative is cut again, round after round (at 12-queens, a fourth of the work in one
/// part of 216). The alternatives are followed along the `mplus` spine, up to
/// [`MAX_ALTERNATIVES`] per round.
fn split(node: Node, want: usize) -> Vec<Part> {
    let mut parts = vec![Part::Branch(node)];
    for _ in 0..MAX_ROUNDS {
        let branches = parts
            .iter()
            .filter(|p| matches!(p, Part::Branch(_)))
            .count();
        if branches == 0 || branches >= want || crate::budget::stopped_here() {
            break;
        }
        let mut next = Vec::with_capacity(parts.len() * 4);
        for part in parts {
            match part {
                Part::Answer(s) => next.push(Part::Answer(s)),
                Part::Branch(node) => alternatives(node, &mut next),
            }
        }
        parts = next;
    }
    parts
}

/// At most this many alternatives of one disjunction are cut apart in one round of
/// [`split`]; the rest stay one part, cut in the next round.
const MAX_ALTERNATIVES: usize = 64;

/// Pushes the alternatives of `node`'s first disjunction onto `parts`, in order (an answer
/// found on the way, and the rest after it, as two parts).
fn alternatives(node: Node, parts: &mut Vec<Part>) {
    let mut rest = node;
    for _ in 0..MAX_ALTERNATIVES {
        match expand(rest) {
            Expanded::Empty => return,
            Expanded::Answer(s, more) => {
                parts.push(Part::Answer(s));
                parts.push(Part::Branch(more));
                return;
            }
            Expanded::Branch(x, y) => {
                parts.push(Part::Branch(x));
                rest = y;
            }
        }
    }
    parts.push(Part::Branch(rest));
}

/// What forcing a stream depth-first up to its first branch found.
enum Expanded {
    /// No answers.
    Empty,
    /// An answer, then the rest.
    Answer(State, Node),
    /// Two branches: the first's answers come first.
    Branch(Node, Node),
}

/// Forces `node` by the depth-first rules of `stream/mod.rs` until it ends, gives an answer, or
/// branches; binds pending at a branch are put around each side.
fn expand(node: Node) -> Expanded {
    // Runs of pending binds, outermost first; within a run, innermost last.
    let mut binds: Vec<Vec<Goal>> = Vec::new();
    let mut node = node;
    loop {
        node = match node {
            Node::Empty => return Expanded::Empty,
            Node::Unit(s) => match pop_bind(&mut binds) {
                None => return Expanded::Answer(s, Node::Empty),
                Some(g) => g.apply(s).0,
            },
            Node::Choice(s, rest) => match pop_bind(&mut binds) {
                None => return Expanded::Answer(s, rest.into_inner()),
                // bind(Choice(a, r), g) = mplus(g(a), bind(r, g))
                Some(g) => {
                    let rest = Node::Bind(rest, vec![g.clone()]);
                    let first = Node::Apply(g, s);
                    return Expanded::Branch(wrap(first, &binds), wrap(rest, &binds));
                }
            },
            Node::Mplus(x, y) => {
                return Expanded::Branch(wrap(x.into_inner(), &binds), wrap(y.into_inner(), &binds))
            }
            Node::Inc(t) => t.into_inner(),
            Node::Captured(t, frames) => Node::Resume(t, frames),
            Node::Suspended(g, s) | Node::Apply(g, s) | Node::Delayed(_, g, s) => g.apply(s).0,
            Node::Paused(_) => Node::Empty,
            Node::Clause(g, s, i) => g.clause(i, s),
            Node::Lazy(f) => f().0,
            Node::Bind(x, goals) => {
                binds.push(goals);
                x.into_inner()
            }
            Node::Conj(x, goals) => {
                binds.push(goals.iter().rev().cloned().collect());
                x.into_inner()
            }
            Node::All(s, goals) => match goals.split_first() {
                None => Node::Unit(s),
                Some((first, rest)) => {
                    binds.push(rest.iter().rev().cloned().collect());
                    first.apply(s).0
                }
            },
            // The frames outermost first: binds go on; mplus(_, y) around the suspension
            // became Mplus(y, rest), whose first branch is y.
            Node::Resume(t, mut frames) => match frames.pop_front() {
                None => t.into_inner(),
                Some(Frame::Binds(run)) => {
                    binds.push(run);
                    Node::Resume(t, frames)
                }
                Some(Frame::Mplus(y)) => {
                    let rest = Node::Resume(t, frames);
                    return Expanded::Branch(wrap(y.into_inner(), &binds), wrap(rest, &binds));
                }
            },
        };
    }
}

/// The innermost pending bind, if any (empty runs are dropped).
fn pop_bind(binds: &mut Vec<Vec<Goal>>) -> Option<Goal> {
    while let Some(run) = binds.last_mut() {
        if let Some(g) = run.pop() {
            if run.is_empty() {
                binds.pop();
            }
            return Some(g);
        }
        binds.pop();
    }
    None
}

/// `node` under the pending `binds`, as one stream.
fn wrap(node: Node, binds: &[Vec<Goal>]) -> Node {
    binds.iter().rev().fold(node, |inner, run| {
        if run.is_empty() {
            inner
        } else {
            Node::Bind(Link::new(inner), run.clone())
        }
    })
}

/// The streams' parts are sent to the workers.
#[allow(dead_code)]
fn assert_send() {
    fn send<T: Send>() {}
    send::<Node>();
    send::<Part>();
    send::<Answer>();
}

#[cfg(test)]
mod tests {
    use super::{split, Part, Splitting};
    use crate::{conj, eq, fd, run_all, Term, Var};

    /// A query whose only choice points are `fd::label`'s is cut at them: into many branches,
    /// not into its answers one by one and one branch holding the rest of the search.
    #[test]
    fn a_labeling_is_cut_at_its_choice_points() {
        let xs: Vec<Var> = (0..6).map(|_| Var::fresh()).collect();
        let answers = run_all(|q| {
            conj([
                fd::in_(&xs, fd::interval(0, 5)),
                fd::distinct(&xs),
                fd::label(&xs, fd::Labeling::FF),
                eq(q, Term::list(xs.clone())),
            ])
        });
        let (stream, ..) = answers.into_parts();
        let parts = {
            let _splitting = Splitting::enter();
            split(stream.0, 32)
        };
        let branches = parts
            .iter()
            .filter(|p| matches!(p, Part::Branch(_)))
            .count();
        assert!(branches >= 32, "{branches} branches");
    }
}

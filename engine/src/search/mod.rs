//! Search strategies over the kernel's streams, beyond its own two (the interleaved
//! frontier and the depth-first fold): the parallel depth-first search, here. Budgets are not
//! here: every goal application ticks the step meter, so it is the kernel's
//! (`kernel/budget.rs`).
//!
//! Depends on: the kernel (streams as data, the depth-first solver, queries and reification);
//! the tests also use `fd`. Nothing in the crate depends on it. The flag that tells goals a
//! stream is being cut into parts (`kernel::stream::splitting`) is the kernel's, so that
//! `fd::label` reads it without naming this layer.
//!
//! Invariants: the parts of a cut search, concatenated in order, give the sequential
//! depth-first fold's answers in its order; unordered, the same multiset.
//!
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

use crate::kernel::budget::Budget;
use crate::kernel::reify::{reify, Answer};
use crate::kernel::run::Answers;
use crate::kernel::solve::solve_node;
use crate::kernel::state::State;
use crate::kernel::stream::Node;
use crate::kernel::stream::Splitting;
use crate::kernel::term::Term;
use rayon::prelude::*;
use rebuild::Copies;
use split::{split, Part};
use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

mod rebuild;
mod split;

/// A query's builder, shared by the workers.
type Rebuild = Box<dyn Fn() -> Answers + Send + Sync>;

/// How many parts the search is cut into per worker: enough that the unequal sizes of a
/// search tree's branches even out over the workers.
///
/// ```
/// assert_eq!(kanren::PARTS_PER_WORKER, 64);
/// ```
pub const PARTS_PER_WORKER: usize = 64;

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
    /// Builds the query again, once per worker: see [`Answers::parallel_rebuilt`].
    rebuild: Option<Rebuild>,
    remaining: Option<usize>,
    budget: Option<Budget>,
    workers: usize,
    ordered: bool,
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
            rebuild: None,
            remaining,
            budget,
            workers,
            ordered: false,
        }
    }

    /// [`Answers::parallel`] of the query `build` makes, which each worker builds again for
    /// itself and cuts the same way, so that the parts it searches share nothing with the
    /// other workers' (the query's terms and goals, whose reference counts two cores would
    /// otherwise both write). `build` must make the same query each time (fresh variables
    /// aside); a worker whose cut comes out different searches the first build's parts. The
    /// first build's budget and `n` hold for the whole search.
    ///
    /// ```
    /// use kanren::{disj, eq, run_all, Answers};
    /// let build = || run_all(|q| disj((0..100).map(|i| eq(q, i))));
    /// assert_eq!(Answers::parallel_rebuilt(2, build).count(), 100);
    /// ```
    pub fn parallel_rebuilt(
        workers: usize,
        build: impl Fn() -> Answers + Send + Sync + 'static,
    ) -> Parallel {
        let mut p = build().parallel(workers);
        p.rebuild = Some(Box::new(build));
        p
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
        // Counting needs no answer: the states are counted, not reified.
        let found = self.run(
            |_, _| (),
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
        let mut all: Vec<Answer> = self.run(reify, |parts| parts.into_iter().flatten().collect());
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
                |s, query| {
                    if n.is_none_or(|n| given.fetch_add(1, Ordering::Relaxed) < n) {
                        f(reify(s, query))
                    }
                },
                |_: Vec<Vec<()>>| (),
            );
        }
    }

    /// Cuts the search into parts, searches them on the pool, mapping each answer's state
    /// (with the query term to reify it by) with `each`, and combines the parts' results, in
    /// order, with `all`.
    fn run<T: Send, R>(
        self,
        each: impl Fn(&State, &Term) -> T + Send + Sync,
        all: impl FnOnce(Vec<Vec<T>>) -> R,
    ) -> R {
        let workers = if self.workers == 0 {
            std::thread::available_parallelism().map_or(1, |n| n.get())
        } else {
            self.workers
        };
        // Where no thread can start (WebAssembly in a browser), the parts are searched one
        // after another on this thread: the same answers, and in order the same order.
        let pool = match kept_pool(workers) {
            Ok(pool) => Some(pool),
            Err(_) if cfg!(target_family = "wasm") => None,
            Err(e) => panic!("kanren: could not start {workers} search threads: {e}"),
        };
        let Parallel {
            stream,
            query,
            rebuild,
            remaining,
            budget,
            ordered,
            ..
        } = self;
        if remaining == Some(0) {
            return all(Vec::new());
        }
        let want = workers * PARTS_PER_WORKER;
        let parts = cut(stream, budget.as_ref(), want);
        // Enough answers (`run`'s n, unordered): every part stops.
        let enough = AtomicBool::new(false);
        let found = AtomicUsize::new(0);
        let stopped =
            || enough.load(Ordering::Relaxed) || budget.as_ref().is_some_and(Budget::is_stopped);
        let search = |part: Part, query: &Term| -> Vec<T> {
            let mut out = Vec::new();
            if stopped() {
                return out;
            }
            let _entered = budget.as_ref().map(Budget::enter);
            let take = |s: &State, out: &mut Vec<T>| -> ControlFlow<()> {
                if stopped() {
                    return ControlFlow::Break(());
                }
                out.push(each(s, query));
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
        let Some(pool) = pool else {
            return all(parts.into_iter().map(|p| search(p, &query)).collect());
        };
        let results: Vec<Vec<T>> = pool.install(|| match rebuild {
            // One worker shares with nobody: it searches the first cut.
            Some(build) if workers > 1 => {
                let copy = || {
                    let (stream, query, ..) = build().into_parts();
                    (query, cut(stream.0, budget.as_ref(), want))
                };
                let copies = Copies::new(parts, query, workers);
                (0..copies.len())
                    .into_par_iter()
                    .with_max_len(1)
                    .map(|i| {
                        let (part, query) = copies.take(i, copy);
                        search(part, &query)
                    })
                    .collect()
            }
            _ => parts
                .into_par_iter()
                .with_max_len(1)
                .map(|p| search(p, &query))
                .collect(),
        });
        all(results)
    }
}

/// `stream` cut into `want` parts (see [`split`]) on this thread, within `budget`.
fn cut(stream: Node, budget: Option<&Budget>, want: usize) -> Vec<Part> {
    let _entered = budget.map(Budget::enter);
    let _splitting = Splitting::enter();
    split(stream, want)
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

/// The pool of `workers` threads that [`Parallel`] searches on: made by [`search_pool`] the
/// first time, then kept for the process, so a program that runs many parallel queries
/// starts its threads once (and their stacks are paged in once).
fn kept_pool(workers: usize) -> Result<Arc<rayon::ThreadPool>, rayon::ThreadPoolBuildError> {
    static POOLS: Mutex<Vec<(usize, Arc<rayon::ThreadPool>)>> = Mutex::new(Vec::new());
    let mut pools = POOLS.lock().unwrap_or_else(|e| e.into_inner());
    if let Some((_, pool)) = pools.iter().find(|(w, _)| *w == workers) {
        return Ok(pool.clone());
    }
    let pool = Arc::new(search_pool(workers)?);
    pools.push((workers, pool.clone()));
    Ok(pool)
}

/// The streams' parts are sent to the workers.
#[allow(dead_code)]
fn assert_send() {
    fn send<T: Send>() {}
    send::<Node>();
    send::<Part>();
    send::<Answer>();
}

//! Counting on several threads, stoppable, and in parts: what `--jobs`, `--timeout`,
//! `--max-memory`, Ctrl-C and `--part` do to a count.
//!
//! - The fd (core.logic's labeling) and relational models count with the engine's parallel
//!   depth-first search ([`kanren::Answers::parallel`]), which cuts their search at its
//!   disjunctions, under a [`kanren::Budget`] that the stop token cancels.
//! - The list, backtrack and bitboard models, fd with `--labeling leftmost` or `ff`, and
//!   every model's `--part`, count the prefixes
//!   of the first rows ([`super::split`]) on a rayon pool, each prefix as a pinned count (the
//!   bitboard halves the first row by mirror symmetry when nothing is pinned). The token is
//!   read before each prefix; the depth is chosen to give at least 256 prefixes per thread,
//!   so a stop is quick. `--part` needs a model that prunes with pins (fd, list, backtrack,
//!   bitboard: not relational, which filters its boards).
//!
//! A stopped count is the sum of what was finished: a lower bound, said to be incomplete.

use super::{count, fd_query, split, Counted, Fix, Model, ModelError, Query};
use kanren::{Budget, CancelToken};
use rayon::prelude::*;
use std::sync::atomic::{AtomicU64, Ordering};

/// How a count runs: threads, the token that stops it, and which part.
///
/// ```
/// use queens::models::within::Within;
/// let w = Within::new(2);
/// assert_eq!((w.jobs, w.part), (2, None));
/// ```
#[derive(Debug, Clone, Default)]
pub struct Within {
    /// Threads (0: one per core).
    pub jobs: usize,
    /// Set by another thread (Ctrl-C, a timer) to stop the count.
    pub stop: CancelToken,
    /// `Some((i, k))`: only the `i`-th of `k` parts (1-based).
    pub part: Option<(usize, usize)>,
}

impl Within {
    /// `jobs` threads, a fresh token, the whole count.
    ///
    /// ```
    /// assert_eq!(queens::models::within::Within::new(0).jobs, 0);
    /// ```
    pub fn new(jobs: usize) -> Within {
        Within {
            jobs,
            ..Within::default()
        }
    }

    /// The number of threads to use.
    fn threads(&self) -> usize {
        if self.jobs == 0 {
            std::thread::available_parallelism().map_or(1, |n| n.get())
        } else {
            self.jobs
        }
    }
}

/// A count and whether it was stopped before the end (then it is a lower bound).
///
/// ```
/// use queens::models::{within::{count_within, Within}, Model, Query};
/// let c = count_within(Model::Bitboard, 8, &Query::default(), &Within::new(2)).unwrap();
/// assert_eq!((c.counted.solutions, c.stopped), (92, false));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Count {
    /// The boards counted (nodes and failures are not measured on several threads).
    pub counted: Counted,
    /// Whether the stop token ended the count early.
    pub stopped: bool,
}

/// Counts the boards of `q` with `model` on `within.jobs` threads, until `within.stop` is
/// set; only the part `within.part` if given. The model's size limit is not applied (the
/// caller warns and sets a budget instead); every other check of [`super::check`] is.
///
/// ```
/// use queens::models::{within::{count_within, Within}, Model, Query};
/// let q = Query::default();
/// for model in [Model::Fd, Model::Relational, Model::List, Model::Backtrack] {
///     assert_eq!(count_within(model, 6, &q, &Within::new(2)).unwrap().counted.solutions, 4);
/// }
/// let halves: u64 = (1..=2)
///     .map(|i| {
///         let w = Within { part: Some((i, 2)), ..Within::new(1) };
///         count_within(Model::Bitboard, 8, &q, &w).unwrap().counted.solutions
///     })
///     .sum();
/// assert_eq!(halves, 92);
/// ```
pub fn count_within(
    model: Model,
    n: usize,
    q: &Query,
    within: &Within,
) -> Result<Count, ModelError> {
    let q = Query {
        mode: super::Mode::Count,
        ..q.clone()
    };
    super::check_query(model, n, &q)?;
    if let Some((i, k)) = within.part {
        if i == 0 || i > k {
            return Err(ModelError::BadQuery(format!(
                "--part {i}/{k}: the part must be from 1 to {k}"
            )));
        }
        if model == Model::Relational || model == Model::HillClimb {
            return Err(ModelError::Unsupported {
                model,
                what: "count in --part: it needs a model that prunes with pinned queens \
                       (fd, list, backtrack, bitboard)"
                    .to_string(),
            });
        }
        if !q.fixes.is_empty() || q.unique {
            return Err(ModelError::BadQuery(
                "--part cannot be combined with --fix or --unique".to_string(),
            ));
        }
    }
    if q.unique {
        // One board per symmetry class: the sequential stream, with the size limit.
        let counted = super::count(model, n, &q, &mut |_| {})?;
        return Ok(Count {
            counted,
            stopped: false,
        });
    }
    let pool = kanren::search_pool(within.threads())
        .map_err(|e| ModelError::BadQuery(format!("could not start the threads: {e}")))?;
    let found = pool.install(|| match (model, within.part) {
        (_, Some((i, k))) => by_prefixes(model, n, &q, split::part(n, i, k), &within.stop),
        // With --labeling leftmost or ff the first rows' placements split the count (each
        // part posts its pins before labeling, so it starts from a propagated board).
        (Model::Fd, None) if q.labeling.is_none_or(|l| l == crate::fd::Labeling::Core) => {
            let budget = Budget::new().cancel_on(within.stop.clone());
            // Each worker builds its own copy of the query (its terms unshared).
            let query = fd_query(&q);
            let build = move || {
                crate::fd::answers_with(n, &query, |_| kanren::succeed())
                    .with_budget(budget.clone())
            };
            kanren::Answers::parallel_rebuilt(within.threads(), build).count() as u64
        }
        (Model::Relational, None) => {
            let budget = Budget::new().cancel_on(within.stop.clone());
            // Each worker builds its own copy of the query (its terms unshared).
            let build = move || {
                crate::relational::nqueens_answers(n)
                    .depth_first()
                    .with_budget(budget.clone())
            };
            let search = kanren::Answers::parallel_rebuilt(within.threads(), build);
            if q.fixes.is_empty() {
                // Nothing to check on the boards: count them without reifying them.
                return search.count() as u64;
            }
            let kept = AtomicU64::new(0);
            let fixes = q.fixes.clone();
            search.for_each(|a| {
                let board = crate::relational::columns(a.value());
                if fixes.iter().all(|f| f.holds(&board)) {
                    kept.fetch_add(1, Ordering::Relaxed);
                }
            });
            kept.into_inner()
        }
        (_, None) => {
            let want = 256 * within.threads();
            let depth = split::depth_for(n, want, &q.fixes)
                .min(n.saturating_sub(1))
                .max(1);
            let mirror = model == Model::Bitboard;
            let prefixes = split::prefixes(n, depth, &q.fixes, mirror);
            by_prefixes(model, n, &q, prefixes, &within.stop)
        }
    });
    Ok(Count {
        counted: Counted::solutions_only(found),
        stopped: within.stop.is_cancelled(),
    })
}

/// The sum over `prefixes` of their weighted pinned counts, in parallel. Once `stop` is set,
/// a prefix not yet started is skipped and one under way ends early; neither counts.
fn by_prefixes(
    model: Model,
    n: usize,
    q: &Query,
    prefixes: Vec<split::Prefix>,
    stop: &CancelToken,
) -> u64 {
    if n == 0 {
        return 1;
    }
    prefixes
        .into_par_iter()
        .with_max_len(1)
        .map(|p| {
            if stop.is_cancelled() {
                return 0;
            }
            p.weight * pinned_count(model, n, q, &p, stop).unwrap_or(0)
        })
        .sum()
}

/// The boards of `q` that extend the prefix `p`; `None` if `stop` ended the count first.
fn pinned_count(
    model: Model,
    n: usize,
    q: &Query,
    p: &split::Prefix,
    stop: &CancelToken,
) -> Option<u64> {
    let mut fixes: Vec<Fix> = p.fixes();
    fixes.extend(q.fixes.iter().filter(|f| f.row >= p.cols.len()));
    let counted = match model {
        // No pin below the prefix: the plain counter (no pins, no statistics to keep).
        Model::Bitboard if q.fixes.iter().all(|f| f.row < p.cols.len()) => {
            crate::bitboard::count_below_until(n, &p.cols, &|| stop.is_cancelled())?
        }
        Model::Bitboard => count::bitboard_until(n, &fixes, &mut |_| {}, Some(stop))?.solutions,
        Model::Backtrack => count::backtrack_until(n, &fixes, &mut |_| {}, Some(stop))?.solutions,
        Model::List => {
            let start: crate::list_model::Boards = Box::new(std::iter::once(p.cols.clone()));
            crate::list_model::queens_rec(p.cols.len(), n, start)
                .take_while(|_| !stop.is_cancelled())
                .filter(|b| fixes.iter().all(|f| f.holds(b)))
                .count() as u64
        }
        Model::Fd => {
            let pinned = Query { fixes, ..q.clone() };
            let budget = Budget::new().cancel_on(stop.clone());
            let answers = crate::fd::answers_with(n, &fd_query(&pinned), |_| kanren::succeed());
            answers.with_budget(budget).count() as u64
        }
        Model::FdGlobal => {
            let pins: Vec<(usize, usize)> = fixes.iter().map(|f| (f.row, f.col)).collect();
            crate::fd_global::solutions(n, &pins, true)
                .take_while(|_| !stop.is_cancelled())
                .count() as u64
        }
        Model::Relational | Model::HillClimb => {
            unreachable!("only models that prune with pins count by prefixes")
        }
    };
    (!stop.is_cancelled()).then_some(counted)
}

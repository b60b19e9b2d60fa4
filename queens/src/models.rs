//! The one place that maps a model name and a [`Query`] to a stream of solutions or a count.
//!
//! Every program of this crate answers the same questions: the first `k` solutions of the
//! `n`×`n` board, all of them, or how many there are, possibly with queens pinned
//! ([`Fix`]) and only one board per symmetry class (`unique`). [`check`] refuses, before
//! any work, a query a model cannot answer or a board above its limit
//! ([`limits::LIMITS`]); [`solutions`] and [`count()`] then run it.
//!
//! How each part of a query reaches each model:
//! - **Fixes** filter every model's stream (a board is kept when it has every pinned queen),
//!   so a model may also prune with them (the FD model posts them as goals) or ignore them.
//!   The backtrack and bitboard counters prune with them directly. Two fixes that attack
//!   each other are not an error: the query has no solution. A row pinned twice is.
//! - **Unique** keeps the boards equal to their canonical form
//!   ([`crate::symmetry::unique`]), streaming. It cannot be combined with fixes (pinning a
//!   queen breaks the symmetry the classes are made of).
//! - **Labeling** is the FD model's variable order; **seed** is hill climbing's. Each is
//!   refused with any other model rather than silently ignored.
//! - **Hill climbing** is not exact: it answers only "one solution", with no fixes.
//!
//! The FD and relational models plug in as one function each with the signature of
//! [`ModelFn`].
//!
//! ```
//! use queens::models::{self, Model, Mode, Query, Fix};
//! let q = Query { mode: Mode::Count, ..Query::default() };
//! assert_eq!(models::count(Model::Bitboard, 8, &q, &mut |_| {}).unwrap().solutions, 92);
//! let a1 = Query { mode: Mode::All, fixes: vec![Fix { row: 0, col: 0 }], ..Query::default() };
//! assert_eq!(models::solutions(Model::Backtrack, 8, &a1).unwrap().count(), 4);
//! ```

pub mod count;
pub mod limits;
mod query;
pub mod split;
pub mod within;

use std::fmt;

use crate::hill_climb::HillClimb;
use crate::{backtrack, bitboard, fd, list_model, relational, symmetry};

pub use count::{Counted, Progress};
pub use query::{Fix, Labeling, Mode, Model, Query};

/// Why a query was refused; the CLI prints it and exits with code 2.
///
/// ```
/// use queens::models::{check, Model, Query, ModelError};
/// let err = check(Model::Bitboard, 34, &Query::default()).unwrap_err();
/// assert!(matches!(err, ModelError::TooLarge { limit: 33, .. }));
/// assert!(err.to_string().contains("at most 33"));
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ModelError {
    /// The board is larger than the model's limit for this mode (see [`limits::LIMITS`]).
    TooLarge {
        /// The model asked for.
        model: Model,
        /// The board size asked for.
        n: usize,
        /// The largest size allowed for this model and mode.
        limit: usize,
        /// The mode, as its flag.
        mode: &'static str,
        /// Why the limit is where it is.
        why: &'static str,
    },
    /// The model cannot answer this kind of query (e.g. `--count` with hill climbing).
    Unsupported {
        /// The model asked for.
        model: Model,
        /// What it cannot do, as a phrase.
        what: String,
    },
    /// The query does not fit the board (a fix off the board, a row pinned twice, n = 0).
    BadQuery(String),
}

impl fmt::Display for ModelError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ModelError::TooLarge {
                model,
                n,
                limit,
                mode,
                why,
            } => write!(
                f,
                "board size {n} is too large for --model {model} with {mode}: \
                 it allows at most {limit} ({why})"
            ),
            ModelError::Unsupported { model, what } => {
                write!(f, "--model {model} cannot {what}")
            }
            ModelError::BadQuery(message) => f.write_str(message),
        }
    }
}

impl std::error::Error for ModelError {}

/// A model's stream of solutions, for the models that are `Send` (the FD and relational
/// ones must be).
pub type SolutionStream = Box<dyn Iterator<Item = Vec<usize>> + Send>;

/// The signature the FD and relational models plug in with.
pub type ModelFn = fn(usize, &Query) -> Result<SolutionStream, ModelError>;

/// Any model's stream of solutions (the list model's pipeline is not `Send`).
pub type Boards = Box<dyn Iterator<Item = Vec<usize>>>;

/// Refuses, before any work, a query that `model` cannot answer for the `n`×`n` board.
///
/// Checks in this order: n ≥ 1; options that belong to another model (`--labeling`,
/// `--seed`); what hill climbing cannot do; the fixes (on the board, one per row;
/// not with `unique`); the size limit of [`limits::LIMITS`] for the mode.
///
/// ```
/// use queens::models::{check, Fix, Labeling, Mode, Model, Query};
/// assert!(check(Model::Backtrack, 8, &Query::default()).is_ok());
/// let labeled = Query { labeling: Some(Labeling::FirstFail), ..Query::default() };
/// assert!(check(Model::Backtrack, 8, &labeled).is_err());
/// let off = Query { fixes: vec![Fix { row: 8, col: 0 }], ..Query::default() };
/// assert!(check(Model::Backtrack, 8, &off).unwrap_err().to_string().contains("row 8"));
/// let counted = Query { mode: Mode::Count, ..Query::default() };
/// assert!(check(Model::HillClimb, 8, &counted).is_err());
/// ```
pub fn check(model: Model, n: usize, q: &Query) -> Result<(), ModelError> {
    check_query(model, n, q)?;
    limits::check(model, n, q)
}

/// [`check`] without the size limit: what a count within a budget
/// ([`within::count_within`]) checks.
///
/// ```
/// use queens::models::{check_query, Mode, Model, Query};
/// let count = Query { mode: Mode::Count, ..Query::default() };
/// assert!(check_query(Model::Fd, 20, &count).is_ok());
/// assert!(check_query(Model::HillClimb, 8, &count).is_err());
/// ```
pub fn check_query(model: Model, n: usize, q: &Query) -> Result<(), ModelError> {
    if n == 0 {
        return Err(ModelError::BadQuery(
            "board size must be at least 1".to_string(),
        ));
    }
    let unsupported = |what: &str| {
        Err(ModelError::Unsupported {
            model,
            what: what.to_string(),
        })
    };
    if q.labeling.is_some() && model != Model::Fd {
        return unsupported("use --labeling: it is the FD labeling order (--model fd only)");
    }
    if q.seed.is_some() && model != Model::HillClimb {
        return unsupported("use --seed: only --model hill-climb is random");
    }
    if model == Model::HillClimb {
        match q.mode {
            Mode::Count => {
                return unsupported("--count: hill climbing finds one solution, it cannot count")
            }
            Mode::All => {
                return unsupported("list --all solutions: hill climbing finds one solution")
            }
            Mode::First(k) if k > 1 => {
                return unsupported("give --first more than 1: hill climbing finds one solution")
            }
            Mode::First(_) => {}
        }
        if q.unique {
            return unsupported("use --unique: hill climbing finds one solution, not the classes");
        }
        if !q.fixes.is_empty() {
            return unsupported("use --fix: hill climbing cannot pin queens");
        }
    }
    check_fixes(n, q)
}

/// Fixes on the board, one per row, and not together with `unique`.
fn check_fixes(n: usize, q: &Query) -> Result<(), ModelError> {
    if q.unique && !q.fixes.is_empty() {
        return Err(ModelError::BadQuery(
            "--unique cannot be combined with --fix: pinning a queen breaks the symmetry \
             that --unique counts classes of"
                .to_string(),
        ));
    }
    let mut rows = std::collections::BTreeMap::new();
    for fix in &q.fixes {
        for (what, value) in [("row", fix.row), ("column", fix.col)] {
            if value >= n {
                return Err(ModelError::BadQuery(format!(
                    "--fix {fix}: {what} {value} is off the {n}x{n} board ({what}s are 0 to {})",
                    n - 1
                )));
            }
        }
        if let Some(first) = rows.insert(fix.row, *fix) {
            return Err(ModelError::BadQuery(format!(
                "--fix {fix}: row {} is already pinned by --fix {first} (one queen per row)",
                fix.row
            )));
        }
    }
    Ok(())
}

/// The FD model (`queens::fd`), labeling and fixes passed on as goals; depth-first for a
/// count.
fn fd_model(n: usize, q: &Query) -> Result<SolutionStream, ModelError> {
    Ok(Box::new(fd::solutions(n, &fd_query(q))))
}

fn fd_query(q: &Query) -> fd::FdQuery {
    fd::FdQuery {
        labeling: q.labeling.unwrap_or_default(),
        fixes: q.fixes.iter().map(|f| (f.row, f.col)).collect(),
        break_symmetry: false,
        depth_first: q.mode == Mode::Count,
    }
}

/// The three-`distinct` model (`queens::fd_global`), fixes posted as goals; depth-first
/// for a count.
fn fd_global_boards(n: usize, q: &Query) -> impl Iterator<Item = Vec<usize>> + Send {
    let fixes: Vec<(usize, usize)> = q.fixes.iter().map(|f| (f.row, f.col)).collect();
    crate::fd_global::solutions(n, &fixes, q.mode == Mode::Count)
}

/// The relational model (`queens::relational`); fixes are applied by the caller's filter.
/// A count runs the post's search depth-first.
fn relational_model(n: usize, q: &Query) -> Result<SolutionStream, ModelError> {
    if q.mode != Mode::Count {
        return Ok(Box::new(crate::relational::solve_nqueens(n)));
    }
    Ok(Box::new(relational_boards(n)))
}

/// Every board of the relational model, depth-first.
fn relational_boards(n: usize) -> impl Iterator<Item = Vec<usize>> {
    let answers = relational::nqueens_answers(n).depth_first();
    answers.map(|a| relational::columns(a.value()))
}

/// The model's own stream of every solution, before fixes, `unique` and `k` are applied.
fn base_stream(model: Model, n: usize, q: &Query) -> Result<Boards, ModelError> {
    Ok(match model {
        Model::Fd => fd_model(n, q)?,
        Model::FdGlobal => Box::new(fd_global_boards(n, q)),
        Model::Relational => relational_model(n, q)?,
        Model::List => list_model::queens(n),
        Model::Backtrack => Box::new(backtrack::find_all_solutions(n)),
        Model::Bitboard => {
            Box::new(bitboard::solutions(n).map_err(|e| ModelError::BadQuery(e.to_string()))?)
        }
        Model::HillClimb => {
            let options = HillClimb::with_seed(q.seed.unwrap_or(0));
            Box::new(std::iter::once_with(move || options.solve(n)).flatten())
        }
    })
}

/// The solutions `q` asks for, lazily: fixes and `unique` applied, then the first `k` for
/// `Mode::First(k)` (`Mode::All` and `Mode::Count` give them all).
///
/// Runs [`check`] first. Nothing is searched until the stream is pulled. The boards come in
/// each model's own order, core.logic's for the FD and relational models, except with
/// `Mode::Count`, whose order nobody sees: those two models then search depth-first
/// ([`kanren::Answers::depth_first`]), which finds the same boards in about half the time.
///
/// ```
/// use queens::models::{solutions, Mode, Model, Query};
/// let q = Query { mode: Mode::First(2), ..Query::default() };
/// let two: Vec<_> = solutions(Model::List, 6, &q).unwrap().collect();
/// assert_eq!(two, [[1, 3, 5, 0, 2, 4], [2, 5, 1, 4, 0, 3]]);
/// let unique = Query { mode: Mode::All, unique: true, ..Query::default() };
/// assert_eq!(solutions(Model::Bitboard, 8, &unique).unwrap().count(), 12);
/// ```
pub fn solutions(model: Model, n: usize, q: &Query) -> Result<Boards, ModelError> {
    check(model, n, q)?;
    let mut stream = base_stream(model, n, q)?;
    if !q.fixes.is_empty() {
        stream = Box::new(fixed(stream, &q.fixes));
    }
    if q.unique {
        stream = Box::new(symmetry::unique(stream));
    }
    if let Mode::First(k) = q.mode {
        stream = Box::new(stream.take(k));
    }
    Ok(stream)
}

/// The number of solutions `q` asks for (fixes and `unique` applied; the mode is ignored).
///
/// Runs [`check`] first (with [`Mode::Count`]'s limits). The backtrack and bitboard models
/// without `unique` use the counting searches of [`count`](mod@count), which report
/// nodes and failures and call `progress` after each first-row column; every other case
/// counts the stream of [`solutions`] and calls `progress` every 4096 solutions. The FD
/// and relational models count depth-first (see [`solutions`]), folding the engine's
/// answers ([`kanren::Answers`]'s `fold`) rather than pulling them.
///
/// ```
/// use queens::models::{count, Fix, Model, Query};
/// let a1 = Query { fixes: vec![Fix { row: 0, col: 0 }], ..Query::default() };
/// let counted = count(Model::Backtrack, 8, &a1, &mut |_| {}).unwrap();
/// assert_eq!(counted.solutions, 4);
/// assert!(counted.nodes.is_some());
/// ```
pub fn count(
    model: Model,
    n: usize,
    q: &Query,
    progress: &mut dyn FnMut(Progress),
) -> Result<Counted, ModelError> {
    let q = Query {
        mode: Mode::Count,
        ..q.clone()
    };
    check(model, n, &q)?;
    match model {
        Model::Backtrack if !q.unique => Ok(count::backtrack(n, &q.fixes, progress)),
        Model::Bitboard if !q.unique => Ok(count::bitboard(n, &q.fixes, progress)),
        // Folded, not pulled: the engine then searches by continuation-passing.
        Model::Fd if !q.unique => Ok(count_boards(fd::solutions(n, &fd_query(&q)), progress)),
        Model::FdGlobal if !q.unique => Ok(count_boards(fd_global_boards(n, &q), progress)),
        Model::Relational if !q.unique => Ok(count_boards(
            fixed(relational_boards(n), &q.fixes),
            progress,
        )),
        _ => Ok(count_boards(solutions(model, n, &q)?, progress)),
    }
}

/// The boards that keep every fix.
fn fixed(
    boards: impl Iterator<Item = Vec<usize>>,
    fixes: &[Fix],
) -> impl Iterator<Item = Vec<usize>> {
    let fixes = fixes.to_vec();
    boards.filter(move |board| fixes.iter().all(|f| f.holds(board)))
}

/// Counts `boards` with one `fold`, calling `progress` every 4096 boards.
fn count_boards(
    boards: impl Iterator<Item = Vec<usize>>,
    progress: &mut dyn FnMut(Progress),
) -> Counted {
    let found = boards.fold(0u64, |found, _| {
        let found = found + 1;
        if found & 4095 == 0 {
            progress(Progress::Solutions(found));
        }
        found
    });
    Counted::solutions_only(found)
}

#[cfg(test)]
mod tests;

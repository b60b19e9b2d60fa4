//! The largest board each model accepts, per mode, in one table: refused before any work.
//!
//! Two limits per model. **first** bounds the first-solution modes (the default and
//! `--first K`): how far the model's first answer stays within seconds. **exhaustive**
//! bounds `--count` and `--all`, which visit the whole search tree: past it a count runs
//! for hours (the number of solutions grows about 6-fold per size, and so does the time).
//! `--all` is held to the same limit as `--count` because it visits the same search tree;
//! for a few boards of a larger size use `--first K`. (The fd and relational models count
//! depth-first, which about halves the time of a count but does not reach the next size,
//! about six times the work: the limits stay where `--all` puts them.) A first-solution query with `--fix` on any
//! model but fd (which posts fixes as goals) filters the model's stream and may scan the
//! whole tree before its first answer, so it gets the exhaustive limit. `--unique` does
//! not: the first solution in lexicographic order is the smallest of its symmetry class,
//! so it is also the first unique one.
//!
//! Times are release builds on one core of the development machine; each row's `why`
//! says what happens just past the limit.

use super::{Labeling, Mode, Model, ModelError, Query};

/// One row of [`LIMITS`].
///
/// ```
/// use queens::models::{limits, Model};
/// let row = limits::limit(Model::Bitboard, None);
/// assert_eq!((row.first, row.exhaustive), (33, 18));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limit {
    /// The model.
    pub model: Model,
    /// The FD labeling this row is for; `None` for every labeling (and other models).
    pub labeling: Option<Labeling>,
    /// Largest n for the first-solution modes.
    pub first: usize,
    /// Why `first` is where it is.
    pub first_why: &'static str,
    /// Largest n for `--count` and `--all`.
    pub exhaustive: usize,
    /// Why `exhaustive` is where it is.
    pub exhaustive_why: &'static str,
}

/// Every model's limits; the first row that matches the model (and labeling) applies.
///
/// | model | first | count/all | measured (release, this project's 2-core machine) |
/// | --- | ---: | ---: | --- |
/// | fd, `--labeling ff` | 1000 | 14 | first: 1.0 to 1.4 s and 200 MB at n = 1000; count as below |
/// | fd, `--labeling leftmost` | 28 | 14 | first: 1.8 s at 27, 9 s at 28, over a minute at 30; count: 9 s at 13, about a minute at 14 |
/// | fd-global | 100 000 | 14 | first (labeling on the trail, CPU time): 0.1 s at n = 10 000, 0.4 s at 20 000, about 7 s and 210 MB at 100 000 (each queen placed sweeps every open row, 64 rows a word: O(n²), no backtracking); count: 1.1 s at 12, 7 s at 13 |
/// | fd (core.logic's order) | 18 | 14 | first: 4.3 s and 640 MB at 18, 25 s and 3 GB at 20 (the interleaving keeps every suspended branch); count (depth-first): 6 s at 13, 37 s at 14 |
/// | relational | 18 | 11 | first: 1.5 s at 17, 14 s at 18; all: 20 s at 11, minutes at 12; count (depth-first, folded): 2.3 to 3.2 s at 11, six times that at 12 |
/// | list | 28 | 16 | first: 1.4 s at n = 28; count: 1 s at 13, ×6 per size (about 5 min at 16) |
/// | backtrack | 30 | 16 | first: 6 s at n = 30, erratic beyond; count: 42 s at 15, 4.4 min at 16, ~30 min at 17 |
/// | bitboard | 33 | 18 | first: 2 s at 33, over 20 s at 34 and far more for many sizes to 64; count: 43 s at 17, ~5 min at 18 |
/// | hill-climb | 10 000 000 | — | memory: 780 MB peak at n = 10⁷ (about 80 bytes per row); 6 s |
///
/// A first solution of a board past these sizes: `--model hill-climb` (any size to 10⁷) or
/// `--model fd --labeling ff` (to 1000) or `--model fd-global` (to 100 000).
pub const LIMITS: &[Limit] = &[
    Limit {
        model: Model::Fd,
        labeling: Some(Labeling::FirstFail),
        first: 1000,
        first_why: "first-fail labeling propagates over n^2 pair constraints per node (1.4 s and 200 MB at n = 1000)",
        exhaustive: 14,
        exhaustive_why: "counting with the FD model takes about a minute at n = 14 and grows six-fold per size",
    },
    Limit {
        model: Model::Fd,
        labeling: Some(Labeling::Leftmost),
        first: 28,
        first_why: "leftmost labeling backtracks for 9 s at n = 28 and over a minute at 30; try --labeling ff",
        exhaustive: 14,
        exhaustive_why: "counting with the FD model takes about a minute at n = 14 and grows six-fold per size",
    },
    Limit {
        model: Model::Fd,
        labeling: None,
        first: 18,
        first_why: "core.logic's labeling order keeps every suspended branch: 640 MB at n = 18, 3 GB at 20; try --labeling ff",
        exhaustive: 14,
        exhaustive_why: "counting with the FD model takes about a minute at n = 14 and grows six-fold per size",
    },
    Limit {
        model: Model::FdGlobal,
        labeling: None,
        first: 100_000,
        first_why: "each queen placed sweeps every open row, 64 rows a word (O(n^2) per board): 0.1 s at n = 10000, 0.4 s at 20000, about 7 s and 210 MB at 100000",
        exhaustive: 14,
        exhaustive_why: "counting with the FD models takes 7 s at n = 13, about a minute at n = 14, and grows six-fold per size",
    },
    Limit {
        model: Model::Relational,
        labeling: None,
        first: 18,
        first_why: "the relational search takes 14 s at n = 18 and minutes past it",
        exhaustive: 11,
        exhaustive_why: "the relational model lists n = 11 in 20 s and n = 12 in minutes (counting depth-first, 3 s and about 20 s)",
    },
    Limit {
        model: Model::List,
        labeling: None,
        first: 28,
        first_why: "the lexicographically first solution takes over a second at n = 28 and grows fast; use --model hill-climb",
        exhaustive: 16,
        exhaustive_why: "counting takes about 5 minutes at n = 16 and half an hour at 17",
    },
    Limit {
        model: Model::Backtrack,
        labeling: None,
        first: 30,
        first_why: "the lexicographically first solution takes 6 s at n = 30 and up to hours past it; use --model hill-climb",
        exhaustive: 16,
        exhaustive_why: "counting takes about 4 minutes at n = 16, half an hour at 17 and hours past it",
    },
    Limit {
        model: Model::Bitboard,
        labeling: None,
        first: 33,
        first_why: "the lexicographically first solution takes over 20 s at n = 34 and hours for many sizes up to the bitboard's own limit of 64; use --model hill-climb",
        exhaustive: 18,
        exhaustive_why: "counting takes about 5 minutes at n = 18, half an hour at 19 and hours past it",
    },
    Limit {
        model: Model::HillClimb,
        labeling: None,
        first: 10_000_000,
        first_why: "memory: about 80 bytes per row, 780 MB at n = 10000000",
        exhaustive: 0,
        exhaustive_why: "hill climbing cannot count",
    },
];

/// The row of [`LIMITS`] for `model` with `labeling` (`None`: the default labeling).
///
/// ```
/// use queens::models::{limits, Labeling, Model};
/// assert_eq!(limits::limit(Model::Fd, Some(Labeling::FirstFail)).first, 1000);
/// assert_eq!(limits::limit(Model::Fd, None).first, 18);
/// assert_eq!(limits::limit(Model::Fd, Some(Labeling::Leftmost)).first, 28);
/// assert_eq!(limits::limit(Model::HillClimb, None).first, 10_000_000);
/// ```
pub fn limit(model: Model, labeling: Option<Labeling>) -> &'static Limit {
    LIMITS
        .iter()
        .find(|row| row.model == model && (row.labeling.is_none() || row.labeling == labeling))
        .expect("LIMITS has a row for every model")
}

/// Refuses `n` above the limit of `model` for the mode of `q` (the exhaustive limit when
/// fixes filter the stream: see the module doc).
///
/// ```
/// use queens::models::{limits, Mode, Model, Query};
/// let count = Query { mode: Mode::Count, ..Query::default() };
/// assert!(limits::check(Model::Backtrack, 16, &count).is_ok());
/// let err = limits::check(Model::Backtrack, 17, &count).unwrap_err();
/// assert!(err.to_string().contains("at most 16"));
/// let pinned = Query { fixes: vec!["0=0".parse().unwrap()], ..Query::default() };
/// assert!(limits::check(Model::Backtrack, 20, &pinned).is_err());
/// assert!(limits::check(Model::Backtrack, 20, &Query::default()).is_ok());
/// ```
pub fn check(model: Model, n: usize, q: &Query) -> Result<(), ModelError> {
    let row = limit(model, q.labeling);
    let filters = !q.fixes.is_empty() && !matches!(model, Model::Fd | Model::FdGlobal);
    let (max, why, mode) = match q.mode {
        Mode::First(_) if filters => (
            row.exhaustive,
            row.exhaustive_why,
            "--fix (it filters this model's boards, so a first answer may take a whole count)",
        ),
        Mode::First(_) => (row.first, row.first_why, q.mode.flag()),
        Mode::All | Mode::Count => (row.exhaustive, row.exhaustive_why, q.mode.flag()),
    };
    if n <= max {
        return Ok(());
    }
    Err(ModelError::TooLarge {
        model,
        n,
        limit: max,
        mode,
        why,
    })
}

/// The expected time, in seconds on one core, of counting the `n`×`n` board with `model`:
/// the time measured at one size (the table of [`LIMITS`]) times six per size beyond it (the
/// number of solutions, and the search, grow about six-fold per size).
///
/// ```
/// use queens::models::{limits, Model};
/// let at_19 = limits::expected_count_secs(Model::Bitboard, None, 19);
/// assert_eq!(at_19, 6.0 * limits::expected_count_secs(Model::Bitboard, None, 18));
/// ```
pub fn expected_count_secs(model: Model, labeling: Option<Labeling>, n: usize) -> f64 {
    let (at, secs) = match (model, labeling) {
        (Model::Fd, Some(Labeling::FirstFail | Labeling::Leftmost)) => (14, 60.0),
        (Model::Fd, _) => (14, 37.0),
        (Model::Relational, _) => (11, 3.0),
        (Model::List, _) => (16, 300.0),
        (Model::Backtrack, _) => (16, 264.0),
        (Model::Bitboard, _) => (18, 300.0),
        _ => (limit(model, labeling).exhaustive, 60.0),
    };
    secs * 6f64.powi(n as i32 - at as i32)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_model_has_a_row() {
        for model in Model::ALL {
            assert_eq!(limit(model, None).model, model);
        }
        assert_eq!(
            limit(Model::Fd, Some(Labeling::Leftmost)).labeling,
            Some(Labeling::Leftmost),
            "leftmost has its own row"
        );
        assert_eq!(
            limit(Model::Fd, Some(Labeling::Core)).first,
            limit(Model::Fd, None).first
        );
    }

    #[test]
    fn the_limit_itself_is_allowed() {
        for row in LIMITS {
            let first = Query::default();
            assert!(check(
                row.model,
                row.first,
                &Query {
                    labeling: row.labeling,
                    ..first.clone()
                }
            )
            .is_ok());
            assert!(check(
                row.model,
                row.first + 1,
                &Query {
                    labeling: row.labeling,
                    ..first
                }
            )
            .is_err());
        }
    }
}

//! The largest board each model accepts, per mode, in one table: refused before any work.
//!
//! Two limits per model. **first** bounds the first-solution modes (the default and
//! `--first K`): how far the model's first answer stays within seconds. **exhaustive**
//! bounds `--count` and `--all`, which visit the whole search tree: past it a count runs
//! for hours (the number of solutions grows about 6-fold per size, and so does the time).
//! `--all` is held to the same limit as `--count` because it does the same search; for a
//! few boards of a larger size use `--first K`. A first-solution query that filters the
//! model's stream (`--unique`, or `--fix` with any model but fd, which posts fixes as
//! goals) may scan the whole tree before its first answer, so it gets the exhaustive limit.
//!
//! Times are release builds on one core of the development machine; each row's `why`
//! says what happens just past the limit.

use super::{Labeling, Mode, Model, ModelError, Query};

/// One row of [`LIMITS`].
///
/// ```
/// use queens::models::{limits, Model};
/// let row = limits::limit(Model::Bitboard, None);
/// assert_eq!((row.first, row.exhaustive), (64, 19));
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
/// | model | first | count/all | past the limit |
/// | --- | ---: | ---: | --- |
/// | fd, `--labeling ff` | 1000 | 13 | propagation per node grows with n²; counting as fd |
/// | fd | 30 | 13 | core/leftmost first answers backtrack heavily past ~30; counting n = 13 takes a minute |
/// | relational | 20 | 11 | `safeo` re-checks every pair: n = 11 takes seconds, 12 a minute |
/// | list | 28 | 15 | lexicographic first answers: ~1 s at 28, erratic beyond; n = 15 counts in a minute |
/// | backtrack | 30 | 16 | first answer n = 30 in ~1 s (29 and 31 are worse); n = 16 counts in minutes, 18 in hours |
/// | bitboard | 64 | 19 | one bit per column of a `u64`; n = 19 counts in ~20 min, 20 in hours |
/// | hill-climb | 10 000 000 | — | memory: about 40 bytes per row (700 MB at 10⁷ in all) |
///
/// The fd and relational rows are estimates until those models are merged and measured.
pub const LIMITS: &[Limit] = &[
    Limit {
        model: Model::Fd,
        labeling: Some(Labeling::FirstFail),
        first: 1000,
        first_why: "first-fail labeling propagates over n^2 pair constraints per node",
        exhaustive: 13,
        exhaustive_why: "counting with the FD model past n = 13 takes hours",
    },
    Limit {
        model: Model::Fd,
        labeling: None,
        first: 30,
        first_why: "core and leftmost labeling backtrack heavily past n = 30; try --labeling ff",
        exhaustive: 13,
        exhaustive_why: "counting with the FD model past n = 13 takes hours",
    },
    Limit {
        model: Model::Relational,
        labeling: None,
        first: 20,
        first_why: "the relational search past n = 20 takes minutes",
        exhaustive: 11,
        exhaustive_why: "the relational model counts n = 12 in minutes, larger in hours",
    },
    Limit {
        model: Model::List,
        labeling: None,
        first: 28,
        first_why: "the lexicographically first solution takes minutes past n = 28",
        exhaustive: 15,
        exhaustive_why: "the list model counts n = 15 in a minute, n = 17 would take hours",
    },
    Limit {
        model: Model::Backtrack,
        labeling: None,
        first: 30,
        first_why: "the lexicographically first solution takes minutes past n = 30",
        exhaustive: 16,
        exhaustive_why: "counting takes minutes at n = 16 and hours past n = 17",
    },
    Limit {
        model: Model::Bitboard,
        labeling: None,
        first: crate::bitboard::MAX_N,
        first_why: "one bit per column of a u64",
        exhaustive: 19,
        exhaustive_why: "counting takes about 20 minutes at n = 19 and hours past it",
    },
    Limit {
        model: Model::HillClimb,
        labeling: None,
        first: 10_000_000,
        first_why: "memory: the search keeps about 40 bytes per row",
        exhaustive: 0,
        exhaustive_why: "hill climbing cannot count",
    },
];

/// The row of [`LIMITS`] for `model` with `labeling` (`None`: the default labeling).
///
/// ```
/// use queens::models::{limits, Labeling, Model};
/// assert_eq!(limits::limit(Model::Fd, Some(Labeling::FirstFail)).first, 1000);
/// assert_eq!(limits::limit(Model::Fd, None).first, 30);
/// assert_eq!(limits::limit(Model::HillClimb, None).first, 10_000_000);
/// ```
pub fn limit(model: Model, labeling: Option<Labeling>) -> &'static Limit {
    LIMITS
        .iter()
        .find(|row| row.model == model && (row.labeling.is_none() || row.labeling == labeling))
        .expect("LIMITS has a row for every model")
}

/// Refuses `n` above the limit of `model` for the mode of `q` (the exhaustive limit when
/// `q` filters the stream: see the module doc).
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
    let filters = q.unique || (!q.fixes.is_empty() && model != Model::Fd);
    let (max, why) = match q.mode {
        Mode::First(_) if !filters => (row.first, row.first_why),
        _ => (row.exhaustive, row.exhaustive_why),
    };
    if n <= max {
        return Ok(());
    }
    Err(ModelError::TooLarge {
        model,
        n,
        limit: max,
        mode: q.mode.flag(),
        why,
    })
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
            None,
            "leftmost shares the default row"
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

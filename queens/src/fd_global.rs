//! N-queens with three global constraints (`--model fd-global`): one FD variable per row,
//! its value the column, and the columns, the rising diagonals and the falling diagonals
//! each all different, as `fd::distinct_offsets` over the same variables:
//!
//! ```text
//! distinct(c_i)        no two queens in one column
//! distinct(c_i + i)    no two on one rising diagonal
//! distinct(c_i - i)    no two on one falling diagonal
//! ```
//!
//! The same solutions as the first post's model ([`crate::fd`]), whose n(n-1) pairwise
//! diagonal disequalities take O(n²) memory (200 MB at n = 1000); here the three
//! propagators take O(n). Labeling is first-fail with values from the middle out
//! (`fd::Labeling::FF`).
//!
//! ```
//! let first = queens::fd_global::solutions(8, &[], false).next().unwrap();
//! assert!(queens::valid_solution(&first));
//! assert_eq!(queens::fd_global::solutions(6, &[], true).count(), 4);
//! ```

use kanren::{and_star, conj, eq, fd, run_all, Goal, Term, Var};

/// The three constraints on the columns `cols` (one per row), with every column in
/// `0..n`.
///
/// ```
/// use kanren::{conj, eq, run_all, Term, Var};
/// let cols: Vec<Var> = (0..4).map(|_| Var::fresh()).collect();
/// let boards: Vec<String> = run_all(|q| conj([queens::fd_global::model(&cols), eq(q, Term::list(cols.clone()))]))
///     .map(|a| a.to_string()).collect();
/// assert_eq!(boards, ["(1 3 0 2)", "(2 0 3 1)"]);
/// ```
pub fn model(cols: &[Var]) -> Goal {
    let n = cols.len() as i64;
    conj([
        fd::in_(cols, fd::interval_to(n - 1)),
        fd::distinct_offsets(cols, (0..n).map(|_| 0)),
        fd::distinct_offsets(cols, 0..n),
        fd::distinct_offsets(cols, (0..n).map(|i| -i)),
    ])
}

/// The boards of the `n`×`n` board with the queens of `fixes` (`(row, column)`) pinned,
/// in first-fail order, lazily; `depth_first` searches depth-first (for counting). `n = 0`
/// has one solution, the empty board.
///
/// # Panics
///
/// If a pin lies outside the board.
///
/// ```
/// let pinned = queens::fd_global::solutions(8, &[(0, 0)], true).count();
/// assert_eq!(pinned, 4);
/// let board = queens::fd_global::solutions(500, &[], false).next().unwrap();
/// assert!(queens::valid_solution(&board));
/// ```
pub fn solutions(
    n: usize,
    fixes: &[(usize, usize)],
    depth_first: bool,
) -> impl Iterator<Item = Vec<usize>> + Send {
    for &(row, col) in fixes {
        assert!(
            row < n && col < n,
            "fix ({row}, {col}) lies outside the {n}x{n} board"
        );
    }
    let cols: Vec<Var> = (0..n).map(|_| Var::fresh()).collect();
    let pins = and_star(fixes.iter().map(|&(row, col)| eq(cols[row], col)));
    let answers = run_all(move |q| {
        conj([
            model(&cols),
            pins,
            fd::label(&cols, fd::Labeling::FF),
            eq(q, Term::list(cols.clone())),
        ])
    });
    let answers = if depth_first {
        answers.depth_first()
    } else {
        answers
    };
    answers.map(|answer| {
        let cols = answer.value().to_ints().expect("a list of columns");
        cols.into_iter()
            .map(|c| usize::try_from(c).expect("columns are in 0..n"))
            .collect()
    })
}

#[cfg(test)]
mod tests {
    use super::solutions;
    use crate::A000170;
    use std::collections::BTreeSet;

    fn count(n: usize) -> u64 {
        solutions(n, &[], true).count() as u64
    }

    #[test]
    fn counts_match_the_known_sequence() {
        let counts: Vec<u64> = (0..=9).map(count).collect();
        assert_eq!(counts, A000170[..=9]);
    }

    /// n = 10..12 (724, 2680, 14200): about a second in a release build, a minute in debug.
    #[test]
    #[ignore = "slow in a debug build: cargo test --release -p queens -- --ignored fd_global"]
    fn counts_match_the_known_sequence_to_12() {
        let counts: Vec<u64> = (10..=12).map(count).collect();
        assert_eq!(counts, A000170[10..=12]);
    }

    #[test]
    fn the_same_boards_as_the_backtracker() {
        for n in 1..=8 {
            let ours: BTreeSet<Vec<usize>> = solutions(n, &[], false).collect();
            let reference: BTreeSet<Vec<usize>> = crate::find_all_solutions(n).collect();
            assert_eq!(ours, reference, "n = {n}");
        }
    }

    #[test]
    fn first_fail_finds_a_large_board_without_pairwise_constraints() {
        let board = solutions(300, &[], false).next().unwrap();
        assert!(crate::valid_solution(&board));
        let pinned = solutions(50, &[(0, 0), (1, 2)], false).next().unwrap();
        assert!(crate::valid_solution(&pinned));
        assert_eq!((pinned[0], pinned[1]), (0, 2));
    }

    #[test]
    #[should_panic(expected = "fix (8, 0) lies outside the 8x8 board")]
    fn a_pin_off_the_board_is_a_misuse() {
        let _ = solutions(8, &[(8, 0)], false);
    }
}

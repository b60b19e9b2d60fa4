//! Plain backtracking, the reference every other model is checked and timed against.
//!
//! Two programs from the posts:
//! - [`count_solutions`]: the third post's C++ `next_pos`, ported line for line (an in-place
//!   array, each candidate checked against every earlier row). Benchmarks compare against it,
//!   so it keeps that exact algorithm: no bitmasks, no lookup tables.
//! - [`solve_backtrack`] and [`find_all_solutions`]: the first post's Clojure functions, as a
//!   lazy iterator over an explicit stack, yielding solutions in lexicographic order.
//!
//! For `n = 0` the empty board is the one solution (every program here agrees).

use std::iter::FusedIterator;

/// Number of solutions on an `n`×`n` board, by the third post's C++ `next_pos` backtracker.
///
/// Rows are filled top to bottom; row `dep` tries every column `0..n` and keeps it if no
/// earlier row `i` has the same column or the same diagonal
/// (`board[i] + i == board[dep] + dep` or `board[i] - i == board[dep] - dep`, in `i64`).
///
/// Time: O(n!)-ish, about 0.1 s for n = 12 in release mode. Recursion depth: `n`.
///
/// ```
/// use queens::backtrack::count_solutions;
/// assert_eq!(count_solutions(8), 92);
/// assert_eq!(count_solutions(3), 0);
/// assert_eq!(count_solutions(0), 1); // the empty board
/// ```
pub fn count_solutions(n: usize) -> u64 {
    let mut board = vec![0i64; n];
    let mut num = 0u64;
    next_pos(&mut board, 0, &mut num);
    num
}

/// `void next_pos(std::vector<int>& board, int dep)` with the global counter passed in.
fn next_pos(board: &mut [i64], dep: usize, num: &mut u64) {
    let board_size = board.len();
    if dep == board_size {
        *num += 1;
        return;
    }
    let d = dep as i64;
    board[dep] = 0;
    while board[dep] < board_size as i64 {
        let mut is_correct = true;
        for i in 0..dep {
            let k = i as i64;
            if board[i] == board[dep]
                || board[i] + k == board[dep] + d
                || board[i] - k == board[dep] - d
            {
                is_correct = false;
                break;
            }
        }
        if is_correct {
            next_pos(board, dep + 1, num);
        }
        board[dep] += 1;
    }
}

/// The first solution in lexicographic order, or `None` when there is none (n = 2, 3).
///
/// The first post's `solve-backtrack` tries columns in increasing order row by row and stops
/// at the first complete board, which is exactly the first item of [`find_all_solutions`].
///
/// ```
/// use queens::backtrack::solve_backtrack;
/// assert_eq!(solve_backtrack(8), Some(vec![0, 4, 7, 5, 2, 6, 1, 3]));
/// assert_eq!(solve_backtrack(3), None);
/// ```
pub fn solve_backtrack(n: usize) -> Option<Vec<usize>> {
    find_all_solutions(n).next()
}

/// All solutions of the `n`×`n` board, lazily, in lexicographic order.
///
/// The first post's `find-all-solutions` without recursion: see [`Solutions`]. Taking a
/// prefix (`.take(k)`, `.next()`) does only the search needed for those solutions.
///
/// ```
/// use queens::backtrack::find_all_solutions;
/// let all: Vec<Vec<usize>> = find_all_solutions(4).collect();
/// assert_eq!(all, vec![vec![1, 3, 0, 2], vec![2, 0, 3, 1]]);
/// assert_eq!(find_all_solutions(8).count(), 92);
/// ```
pub fn find_all_solutions(n: usize) -> Solutions {
    Solutions {
        n,
        queens: Vec::with_capacity(n),
        next_col: 0,
        used_col: vec![false; n],
        used_sum: vec![false; 2 * n],
        used_diff: vec![false; 2 * n],
        done: false,
    }
}

/// Lazy iterator over the solutions of one board size, from [`find_all_solutions`].
///
/// State (the explicit stack of a depth-first search):
/// - `queens[r]` is the column of the queen placed in row `r`, for `r < queens.len()`;
///   these queens never attack each other.
/// - `next_col` is the first column still to try in row `queens.len()`.
/// - `used_col`, `used_sum` (`row + col`), `used_diff` (`row + n - 1 - col`) flag the lines
///   taken by the placed queens, so each candidate is checked in O(1).
///
/// Each call to `next` resumes the search where the last one stopped. Dropping the
/// iterator stops the search; memory is O(n) throughout.
///
/// ```
/// use queens::backtrack::find_all_solutions;
/// let mut sols = find_all_solutions(6);
/// assert_eq!(sols.next(), Some(vec![1, 3, 5, 0, 2, 4]));
/// assert_eq!(sols.count(), 3); // the rest
/// ```
#[derive(Debug, Clone)]
pub struct Solutions {
    n: usize,
    queens: Vec<usize>,
    next_col: usize,
    used_col: Vec<bool>,
    used_sum: Vec<bool>,
    used_diff: Vec<bool>,
    done: bool,
}

impl Solutions {
    /// Board size this iterator solves.
    ///
    /// ```
    /// assert_eq!(queens::backtrack::find_all_solutions(5).board_size(), 5);
    /// ```
    pub fn board_size(&self) -> usize {
        self.n
    }

    fn lines(&self, row: usize, col: usize) -> (usize, usize, usize) {
        (col, row + col, row + self.n - 1 - col)
    }

    fn is_free(&self, row: usize, col: usize) -> bool {
        let (c, s, d) = self.lines(row, col);
        !(self.used_col[c] || self.used_sum[s] || self.used_diff[d])
    }

    fn mark(&mut self, row: usize, col: usize, taken: bool) {
        let (c, s, d) = self.lines(row, col);
        self.used_col[c] = taken;
        self.used_sum[s] = taken;
        self.used_diff[d] = taken;
    }

    /// Takes back the last queen and resumes its row at the next column; at the root, ends.
    fn backtrack(&mut self) {
        match self.queens.pop() {
            Some(col) => {
                self.mark(self.queens.len(), col, false);
                self.next_col = col + 1;
            }
            None => self.done = true,
        }
    }
}

impl Iterator for Solutions {
    type Item = Vec<usize>;

    fn next(&mut self) -> Option<Vec<usize>> {
        while !self.done {
            let row = self.queens.len();
            if row == self.n {
                let solution = self.queens.clone();
                self.backtrack();
                return Some(solution);
            }
            match (self.next_col..self.n).find(|&col| self.is_free(row, col)) {
                Some(col) => {
                    self.mark(row, col, true);
                    self.queens.push(col);
                    self.next_col = 0;
                }
                None => self.backtrack(),
            }
        }
        None
    }
}

impl FusedIterator for Solutions {}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::valid_solution;

    use crate::A000170;

    #[test]
    fn next_pos_counts_match_the_known_sequence() {
        for (n, &expected) in A000170.iter().enumerate() {
            assert_eq!(count_solutions(n), expected, "n = {n}");
        }
    }

    #[test]
    fn iterator_counts_match_the_known_sequence() {
        for (n, &expected) in A000170.iter().enumerate() {
            assert_eq!(find_all_solutions(n).count() as u64, expected, "n = {n}");
        }
    }

    #[test]
    fn solutions_are_valid_distinct_and_lexicographic() {
        for n in 0..=9 {
            let all: Vec<Vec<usize>> = find_all_solutions(n).collect();
            assert!(all.iter().all(|b| b.len() == n && valid_solution(b)));
            assert!(all.windows(2).all(|w| w[0] < w[1]), "n = {n}");
        }
    }

    #[test]
    fn first_solutions_match_the_posts() {
        assert_eq!(solve_backtrack(8), Some(vec![0, 4, 7, 5, 2, 6, 1, 3]));
        assert_eq!(solve_backtrack(1), Some(vec![0]));
        assert_eq!(solve_backtrack(0), Some(vec![]));
        assert_eq!(solve_backtrack(2), None);
        assert_eq!(solve_backtrack(4), Some(vec![1, 3, 0, 2]));
    }

    #[test]
    fn large_boards_yield_a_first_solution_without_enumerating() {
        // Lazy: n = 20 has ~4e10 solutions but the first comes quickly.
        let first = find_all_solutions(20).next().unwrap();
        assert!(valid_solution(&first));
    }

    #[test]
    fn iterator_is_fused_after_the_end() {
        let mut sols = find_all_solutions(4);
        assert_eq!(sols.by_ref().count(), 2);
        assert_eq!(sols.next(), None);
        assert_eq!(sols.next(), None);
    }

    #[test]
    fn a_cloned_iterator_resumes_independently() {
        let mut a = find_all_solutions(6);
        a.next();
        let b = a.clone();
        assert_eq!(a.collect::<Vec<_>>(), b.collect::<Vec<_>>());
    }

    #[test]
    #[ignore = "timing report; run with --release -- --ignored --nocapture"]
    fn timing_report() {
        for n in [11, 12] {
            let start = std::time::Instant::now();
            let count = count_solutions(n);
            let next_pos = start.elapsed();
            let start = std::time::Instant::now();
            assert_eq!(find_all_solutions(n).count() as u64, count);
            println!(
                "backtrack n={n}: next_pos {next_pos:?}, iterator {:?}",
                start.elapsed()
            );
        }
    }

    #[test]
    #[ignore = "slow in debug mode; run with --release -- --ignored"]
    fn next_pos_counts_n13_and_n14() {
        assert_eq!(count_solutions(13), 73712);
        assert_eq!(count_solutions(14), 365_596);
    }
}

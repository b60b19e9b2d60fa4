//! Counting searches with statistics and pinned queens: the backtracker and the bitboard, instrumented.
//!
//! These are the counting loops of [`crate::backtrack::count_solutions`] (the C++
//! `next_pos`) and [`crate::bitboard::count`] / [`crate::bitboard::count_mirror`] with three
//! additions, kept here so that those modules stay the posts' programs:
//! - **pins**: a row with a [`Fix`] tries only its pinned column;
//! - **statistics**: `nodes` is the number of queens placed (partial boards built, the empty
//!   board not counted) and `failures` the number of partial boards whose next row has no
//!   free square;
//! - **progress**: a call after each column of the first row is finished.
//!
//! The tests check every count against the original functions.

use super::Fix;
use kanren::CancelToken;

/// Whether the token, if any, is set.
fn is_set(stop: &Option<CancelToken>) -> bool {
    stop.as_ref().is_some_and(CancelToken::is_cancelled)
}

/// How far a count has got, for a progress display.
///
/// ```
/// use queens::models::Progress;
/// let p = Progress::Branches { done: 3, total: 8, solutions: 40 };
/// assert_eq!(p.solutions(), 40);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Progress {
    /// Solutions counted so far, by a model that only streams.
    Solutions(u64),
    /// `done` of the `total` first-row branches are finished, with `solutions` so far.
    Branches {
        /// Branches finished.
        done: usize,
        /// Branches in all.
        total: usize,
        /// Solutions counted so far.
        solutions: u64,
    },
}

impl Progress {
    /// Solutions counted so far.
    ///
    /// ```
    /// assert_eq!(queens::models::Progress::Solutions(7).solutions(), 7);
    /// ```
    pub fn solutions(self) -> u64 {
        match self {
            Progress::Solutions(found)
            | Progress::Branches {
                solutions: found, ..
            } => found,
        }
    }
}

/// A count and, where the model measures them, its search statistics.
///
/// ```
/// use queens::models::Counted;
/// let c = Counted::solutions_only(92);
/// assert_eq!((c.solutions, c.nodes, c.failures), (92, None, None));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Counted {
    /// Number of solutions.
    pub solutions: u64,
    /// Queens placed during the search, if measured.
    pub nodes: Option<u64>,
    /// Dead ends (partial boards with no free square in the next row), if measured.
    pub failures: Option<u64>,
}

impl Counted {
    /// A count without statistics.
    ///
    /// ```
    /// assert_eq!(queens::models::Counted::solutions_only(4).solutions, 4);
    /// ```
    pub fn solutions_only(solutions: u64) -> Counted {
        Counted {
            solutions,
            nodes: None,
            failures: None,
        }
    }
}

/// The pinned column of each row, `None` where the row is free. Fixes are in range (checked).
fn pins(n: usize, fixes: &[Fix]) -> Vec<Option<usize>> {
    let mut pinned = vec![None; n];
    for fix in fixes {
        pinned[fix.row] = Some(fix.col);
    }
    pinned
}

/// The C++ `next_pos` of [`crate::backtrack::count_solutions`], with pins and statistics.
struct NextPos {
    board: Vec<i64>,
    pinned: Vec<Option<usize>>,
    num: u64,
    nodes: u64,
    failures: u64,
    /// Read near the root only (rows more than [`STOP_ABOVE`] from the bottom).
    stop: Option<CancelToken>,
    stopped: bool,
}

/// A stop token is read at rows at least this far above the last one: a subtree below such a
/// row is small, and the nodes near the root are few, so reading costs nothing measurable.
const STOP_ABOVE: usize = 5;

impl NextPos {
    /// Whether the queen of row `dep` at column `col` is safe from rows `0..dep`.
    fn is_correct(&self, dep: usize, col: i64) -> bool {
        let d = dep as i64;
        (0..dep).all(|i| {
            let k = i as i64;
            let b = self.board[i];
            b != col && b + k != col + d && b - k != col - d
        })
    }

    /// Places a queen at (`dep`, `col`) if it is safe and counts the boards below it.
    /// Returns whether the queen could be placed.
    fn try_column(&mut self, dep: usize, col: usize) -> bool {
        if !self.is_correct(dep, col as i64) {
            return false;
        }
        self.board[dep] = col as i64;
        self.nodes += 1;
        self.next_pos(dep + 1);
        true
    }

    fn next_pos(&mut self, dep: usize) {
        let n = self.board.len();
        if dep == n {
            self.num += 1;
            return;
        }
        if dep + STOP_ABOVE < n && is_set(&self.stop) {
            self.stopped = true;
            return;
        }
        let placed = match self.pinned[dep] {
            Some(col) => self.try_column(dep, col),
            None => (0..n).fold(false, |any, col| self.try_column(dep, col) | any),
        };
        if !placed {
            self.failures += 1;
        }
    }
}

/// Counts the solutions of the `n`×`n` board with `fixes` by the C++ `next_pos` backtracker.
///
/// Same search and order as [`crate::backtrack::count_solutions`]; a pinned row tries only
/// its column. `progress` is called after each first-row column. Time: as the original,
/// O(n!)-ish. Fixes must be in range, one per row (see [`check`](super::check)).
///
/// ```
/// use queens::models::{count, Fix};
/// let all = count::backtrack(8, &[], &mut |_| {});
/// assert_eq!(all.solutions, 92);
/// let a1 = count::backtrack(8, &[Fix { row: 0, col: 0 }], &mut |_| {});
/// assert_eq!(a1.solutions, 4);
/// assert!(a1.nodes < all.nodes);
/// ```
pub fn backtrack(n: usize, fixes: &[Fix], progress: &mut dyn FnMut(Progress)) -> Counted {
    backtrack_until(n, fixes, progress, None).expect("no stop token, no stop")
}

/// [`backtrack`] that ends early, with `None`, once `stop` is set.
///
/// ```
/// use queens::models::count;
/// let stop = kanren::CancelToken::new();
/// assert_eq!(count::backtrack_until(8, &[], &mut |_| {}, Some(&stop)).unwrap().solutions, 92);
/// stop.cancel();
/// assert_eq!(count::backtrack_until(12, &[], &mut |_| {}, Some(&stop)), None);
/// ```
pub fn backtrack_until(
    n: usize,
    fixes: &[Fix],
    progress: &mut dyn FnMut(Progress),
    stop: Option<&CancelToken>,
) -> Option<Counted> {
    let mut search = NextPos {
        board: vec![0; n],
        pinned: pins(n, fixes),
        num: 0,
        nodes: 0,
        failures: 0,
        stop: stop.cloned(),
        stopped: false,
    };
    if n == 0 {
        search.next_pos(0);
    } else {
        let first: Vec<usize> = match search.pinned[0] {
            Some(col) => vec![col],
            None => (0..n).collect(),
        };
        for (done, &col) in first.iter().enumerate() {
            search.try_column(0, col);
            progress(Progress::Branches {
                done: done + 1,
                total: first.len(),
                solutions: search.num,
            });
        }
    }
    if search.stopped {
        return None;
    }
    Some(Counted {
        solutions: search.num,
        nodes: Some(search.nodes),
        failures: Some(search.failures),
    })
}

/// The bitmask search of [`crate::bitboard::count`], with pins and statistics.
struct Bits {
    n: usize,
    all: u64,
    /// Columns allowed in each row: every column, or the pinned one.
    allowed: Vec<u64>,
    nodes: u64,
    failures: u64,
    /// Read near the root only, as [`NextPos`]'s.
    stop: Option<CancelToken>,
    stopped: bool,
}

impl Bits {
    /// Solutions below a partial board of `row` rows (masks as in [`crate::bitboard`]).
    fn count_from(&mut self, row: usize, cols: u64, ld: u64, rd: u64) -> u64 {
        if row == self.n {
            return 1;
        }
        if row + STOP_ABOVE < self.n && is_set(&self.stop) {
            self.stopped = true;
            return 0;
        }
        let mut free = self.all & !(cols | ld | rd) & self.allowed[row];
        if free == 0 {
            self.failures += 1;
            return 0;
        }
        let mut total = 0;
        while free != 0 {
            let bit = free & free.wrapping_neg();
            free ^= bit;
            total += self.place(row, bit, cols, ld, rd);
        }
        total
    }

    /// Puts the queen `bit` in `row` below the masks and counts the boards below it.
    fn place(&mut self, row: usize, bit: u64, cols: u64, ld: u64, rd: u64) -> u64 {
        self.nodes += 1;
        self.count_from(row + 1, cols | bit, (ld | bit) << 1, (rd | bit) >> 1)
    }
}

/// Counts the solutions of the `n`×`n` board with `fixes` by bitmask backtracking.
///
/// Without fixes it is [`crate::bitboard::count_mirror`]'s halving: each first-row column
/// `c < n / 2` is searched and counted twice (its mirror image `n - 1 - c` is not
/// searched), and the middle column of an odd board is searched in full; `nodes` and
/// `failures` count only what was searched. With fixes every allowed first-row column is
/// searched. `progress` is called after each searched first-row column. `n ≤ 64` and
/// fixes in range, one per row (see [`check`](super::check)).
///
/// ```
/// use queens::models::{count, Fix};
/// assert_eq!(count::bitboard(8, &[], &mut |_| {}).solutions, 92);
/// assert_eq!(count::bitboard(8, &[Fix { row: 0, col: 0 }], &mut |_| {}).solutions, 4);
/// assert_eq!(count::bitboard(1, &[], &mut |_| {}).solutions, 1);
/// ```
pub fn bitboard(n: usize, fixes: &[Fix], progress: &mut dyn FnMut(Progress)) -> Counted {
    bitboard_until(n, fixes, progress, None).expect("no stop token, no stop")
}

/// [`bitboard`] that ends early, with `None`, once `stop` is set.
///
/// ```
/// use queens::models::count;
/// let stop = kanren::CancelToken::new();
/// assert_eq!(count::bitboard_until(8, &[], &mut |_| {}, Some(&stop)).unwrap().solutions, 92);
/// stop.cancel();
/// assert_eq!(count::bitboard_until(12, &[], &mut |_| {}, Some(&stop)), None);
/// ```
pub fn bitboard_until(
    n: usize,
    fixes: &[Fix],
    progress: &mut dyn FnMut(Progress),
    stop: Option<&CancelToken>,
) -> Option<Counted> {
    assert!(n <= crate::bitboard::MAX_N, "checked by models::check");
    let all = if n == 64 { u64::MAX } else { (1u64 << n) - 1 };
    let allowed = pins(n, fixes)
        .into_iter()
        .map(|pin| pin.map_or(all, |col| 1u64 << col))
        .collect();
    let mut search = Bits {
        n,
        all,
        allowed,
        nodes: 0,
        failures: 0,
        stop: stop.cloned(),
        stopped: false,
    };
    // (first-row column, weight): mirror halving when nothing is pinned.
    let branches: Vec<(usize, u64)> = if n == 0 {
        Vec::new()
    } else if fixes.is_empty() && n >= 2 {
        let mut halves: Vec<(usize, u64)> = (0..n / 2).map(|c| (c, 2)).collect();
        if n % 2 == 1 {
            halves.push((n / 2, 1));
        }
        halves
    } else {
        (0..n)
            .filter(|&c| search.allowed[0] >> c & 1 == 1)
            .map(|c| (c, 1))
            .collect()
    };
    let mut solutions = u64::from(n == 0); // the empty board
    for (done, &(col, weight)) in branches.iter().enumerate() {
        solutions += weight * search.place(0, 1u64 << col, 0, 0, 0);
        progress(Progress::Branches {
            done: done + 1,
            total: branches.len(),
            solutions,
        });
    }
    if search.stopped {
        return None;
    }
    Some(Counted {
        solutions,
        nodes: Some(search.nodes),
        failures: Some(search.failures),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::backtrack::{count_solutions, find_all_solutions};

    fn quiet(_: Progress) {}

    #[test]
    fn counts_equal_the_original_counters() {
        for n in 0..=10 {
            let expected = count_solutions(n);
            assert_eq!(backtrack(n, &[], &mut quiet).solutions, expected, "n = {n}");
            assert_eq!(bitboard(n, &[], &mut quiet).solutions, expected, "n = {n}");
        }
    }

    #[test]
    fn pinned_counts_equal_filtered_enumeration() {
        for n in 1..=8 {
            for row in 0..n {
                for col in 0..n {
                    let fixes = [Fix { row, col }];
                    let expected = find_all_solutions(n).filter(|b| b[row] == col).count() as u64;
                    assert_eq!(backtrack(n, &fixes, &mut quiet).solutions, expected);
                    assert_eq!(bitboard(n, &fixes, &mut quiet).solutions, expected);
                }
            }
        }
        let attacking = [Fix { row: 0, col: 0 }, Fix { row: 1, col: 1 }];
        assert_eq!(backtrack(8, &attacking, &mut quiet).solutions, 0);
        assert_eq!(bitboard(8, &attacking, &mut quiet).solutions, 0);
    }

    /// Nodes and failures by their definition: every non-attacking partial board of 1..=n
    /// rows is placed once; a failure is a non-attacking partial board of 0..n rows (the
    /// empty one included) with no non-attacking extension.
    fn brute_force_statistics(n: usize) -> (u64, u64) {
        let mut level: Vec<Vec<usize>> = vec![Vec::new()];
        let (mut nodes, mut failures) = (0, 0);
        for _ in 0..n {
            let mut next = Vec::new();
            for board in &level {
                let before = next.len();
                for col in 0..n {
                    let mut extended = board.clone();
                    extended.push(col);
                    let row = board.len();
                    let safe = board
                        .iter()
                        .enumerate()
                        .all(|(r, &c)| c != col && c.abs_diff(col) != row - r);
                    if safe {
                        next.push(extended);
                    }
                }
                failures += u64::from(next.len() == before);
            }
            nodes += next.len() as u64;
            level = next;
        }
        (nodes, failures)
    }

    #[test]
    fn statistics_match_their_definition() {
        for n in 1..=8 {
            let c = backtrack(n, &[], &mut quiet);
            let expected = brute_force_statistics(n);
            assert_eq!((c.nodes.unwrap(), c.failures.unwrap()), expected, "n = {n}");
        }
        // With a pin both searches build the same tree; without, the bitboard searches the
        // left half of the first row (and the middle column): 4-queens' 16 nodes become 8.
        for fixes in [
            [Fix { row: 7, col: 7 }],
            [Fix { row: 0, col: 3 }],
            [Fix { row: 4, col: 2 }],
        ] {
            let (a, b) = (
                backtrack(8, &fixes, &mut quiet),
                bitboard(8, &fixes, &mut quiet),
            );
            assert_eq!((a.nodes, a.failures), (b.nodes, b.failures), "{fixes:?}");
        }
        assert_eq!(brute_force_statistics(4), (16, 4));
        assert_eq!(bitboard(4, &[], &mut quiet).nodes, Some(8));
    }

    #[test]
    fn progress_reports_each_first_row_branch() {
        let mut seen = Vec::new();
        backtrack(6, &[], &mut |p| seen.push(p));
        assert_eq!(seen.len(), 6);
        assert_eq!(
            seen[5],
            Progress::Branches {
                done: 6,
                total: 6,
                solutions: 4
            }
        );
        seen.clear();
        bitboard(7, &[], &mut |p| seen.push(p));
        assert_eq!(seen.len(), 4); // columns 0, 1, 2 mirrored, and the middle
        assert_eq!(seen[3].solutions(), 40);
    }
}

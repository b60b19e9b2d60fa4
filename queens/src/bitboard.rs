//! Bitmask backtracking: the fast exact counter and solution stream, for boards up to 64×64.
//!
//! Representation: one `u64` per kind of line, bit `c` standing for column `c` of the row
//! being filled. `cols` has the columns taken; `ld` and `rd` have the squares of this row that
//! an earlier queen attacks along a diagonal going right or left. Moving down one row shifts
//! `ld` left and `rd` right by one, so the free squares of a row are `all & !(cols | ld | rd)`
//! and each is taken in O(1) with `x & -x`. This is the classic bitwise N-queens search
//! (M. Richards, "Backtracking algorithms in MCPL using bit patterns and recursion", 1997).

use std::fmt;
use std::iter::FusedIterator;

/// Largest board size the bitboard handles: one bit per column of a `u64`.
pub const MAX_N: usize = 64;

/// The board size asked for is larger than [`MAX_N`].
///
/// ```
/// use queens::bitboard::{count, TooLarge};
/// let err = count(65).unwrap_err();
/// assert_eq!(err, TooLarge { n: 65 });
/// assert_eq!(err.to_string(), "board size 65 is larger than the bitboard limit of 64");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TooLarge {
    /// The board size that was asked for.
    pub n: usize,
}

impl fmt::Display for TooLarge {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "board size {} is larger than the bitboard limit of {MAX_N}",
            self.n
        )
    }
}

impl std::error::Error for TooLarge {}

/// Mask of the `n` columns of a board, or the error for boards too wide for a `u64`.
fn full_mask(n: usize) -> Result<u64, TooLarge> {
    match n {
        MAX_N => Ok(u64::MAX),
        n if n < MAX_N => Ok((1u64 << n) - 1),
        n => Err(TooLarge { n }),
    }
}

/// Solutions below a partial board: `cols`, `ld`, `rd` as in the module doc, for the next row.
///
/// Depth-first over the free squares, lowest column first; recursion depth ≤ n.
fn count_from(all: u64, cols: u64, ld: u64, rd: u64) -> u64 {
    if cols == all {
        return 1;
    }
    let mut free = all & !(cols | ld | rd);
    let mut total = 0;
    while free != 0 {
        let bit = free & free.wrapping_neg();
        free ^= bit;
        total += count_from(all, cols | bit, (ld | bit) << 1, (rd | bit) >> 1);
    }
    total
}

/// Rows more than this far above the last one read the stop flag in [`count_below_until`];
/// the rows below them are searched by the plain counter. Ten rows below a queen are a
/// search of well under a millisecond (10-queens is counted in about 0.3 ms), so a stop is
/// seen within that; most of a board's nodes are in its middle and lower rows, which then
/// pay nothing for it.
const STOP_ABOVE: usize = 10;

/// Solutions of the `n`×`n` board that extend the queens `prefix` puts in its first rows
/// (a column per row, not attacking each other), by the plain counter; `None` once
/// `stopped()` says so, which is read only at the rows more than ten above the last. This is
/// what a parallel count searches for each of its parts.
///
/// ```
/// use queens::bitboard::{count, count_below_until};
/// let all: u64 = (0..8).map(|c| count_below_until(8, &[c], &|| false).unwrap()).sum();
/// assert_eq!(Ok(all), count(8));
/// assert_eq!(count_below_until(8, &[0, 4], &|| false), Some(1)); // a1, then e2
/// assert_eq!(count_below_until(8, &[0, 2], &|| false), Some(0)); // a1, then c2
/// assert_eq!(count_below_until(8, &[0, 1], &|| false), Some(0)); // attacking
/// assert_eq!(count_below_until(12, &[], &|| true), None);
/// ```
pub fn count_below_until(n: usize, prefix: &[usize], stopped: &dyn Fn() -> bool) -> Option<u64> {
    let Ok(all) = full_mask(n) else {
        panic!("board size {n} is larger than the bitboard limit of {MAX_N}");
    };
    let (mut cols, mut ld, mut rd) = (0u64, 0u64, 0u64);
    for &c in prefix {
        let bit = 1u64 << c;
        if (cols | ld | rd) & bit != 0 {
            return Some(0);
        }
        (cols, ld, rd) = (cols | bit, (ld | bit) << 1, (rd | bit) >> 1);
    }
    count_near_root(all, n, prefix.len(), cols, ld, rd, stopped)
}

/// [`count_from`] with the stop flag read at the rows near the root.
fn count_near_root(
    all: u64,
    n: usize,
    row: usize,
    cols: u64,
    ld: u64,
    rd: u64,
    stopped: &dyn Fn() -> bool,
) -> Option<u64> {
    if row + STOP_ABOVE >= n {
        return Some(count_from(all, cols, ld, rd));
    }
    if stopped() {
        return None;
    }
    let mut free = all & !(cols | ld | rd);
    let mut total = 0;
    while free != 0 {
        let bit = free & free.wrapping_neg();
        free ^= bit;
        total += count_near_root(
            all,
            n,
            row + 1,
            cols | bit,
            (ld | bit) << 1,
            (rd | bit) >> 1,
            stopped,
        )?;
    }
    Some(total)
}

/// Number of solutions on an `n`×`n` board, by bitmask backtracking.
///
/// Time: exponential, like every exact counter; about 7 ms for n = 12 and 0.2 s for n = 14 in
/// release mode ([`count_mirror`] takes half that). Boards above [`MAX_N`] are an error.
/// `count(0) == 1`: the empty board.
///
/// ```
/// use queens::bitboard::count;
/// assert_eq!(count(8), Ok(92));
/// assert_eq!(count(3), Ok(0));
/// assert_eq!(count(0), Ok(1));
/// assert!(count(100).is_err());
/// ```
pub fn count(n: usize) -> Result<u64, TooLarge> {
    let all = full_mask(n)?;
    Ok(count_from(all, 0, 0, 0))
}

/// [`count`] halved by the left-right mirror symmetry; always equal to it.
///
/// Mirroring a solution (column `c` to `n - 1 - c`) gives a different solution, so the
/// solutions whose first queen is in the left half are exactly half of those whose first
/// queen is not in the middle column. For odd `n` the solutions with the first queen in the
/// middle column are mirrored onto each other too, and the second queen is never in the
/// middle, so we count those with the second queen in the left half and double again.
///
/// ```
/// use queens::bitboard::{count, count_mirror};
/// assert_eq!(count_mirror(8), Ok(92));
/// assert_eq!(count_mirror(9), count(9));
/// assert_eq!(count_mirror(1), Ok(1));
/// ```
pub fn count_mirror(n: usize) -> Result<u64, TooLarge> {
    let all = full_mask(n)?;
    if n <= 1 {
        return Ok(1); // the empty board and the single queen are their own mirrors
    }
    let mut total = 0;
    for c in 0..n / 2 {
        let bit = 1u64 << c;
        total += 2 * count_from(all, bit, bit << 1, bit >> 1);
    }
    if n % 2 == 1 {
        let mid = n / 2;
        let bit = 1u64 << mid;
        let (cols, ld, rd) = (bit, bit << 1, bit >> 1);
        let mut free = all & !(cols | ld | rd) & ((1u64 << mid) - 1);
        while free != 0 {
            let second = free & free.wrapping_neg();
            free ^= second;
            total += 2 * count_from(all, cols | second, (ld | second) << 1, (rd | second) >> 1);
        }
    }
    Ok(total)
}

/// All solutions of the `n`×`n` board, lazily, in lexicographic order.
///
/// Yields exactly the boards of [`crate::backtrack::find_all_solutions`], in the same order,
/// several times faster. Boards above [`MAX_N`] are an error.
///
/// ```
/// use queens::bitboard::solutions;
/// let all: Vec<Vec<usize>> = solutions(4).unwrap().collect();
/// assert_eq!(all, vec![vec![1, 3, 0, 2], vec![2, 0, 3, 1]]);
/// assert_eq!(solutions(8).unwrap().next(), Some(vec![0, 4, 7, 5, 2, 6, 1, 3]));
/// ```
pub fn solutions(n: usize) -> Result<BitSolutions, TooLarge> {
    let all = full_mask(n)?;
    let mut frames = Vec::with_capacity(n);
    frames.push(Frame {
        cols: 0,
        ld: 0,
        rd: 0,
        free: all,
    });
    Ok(BitSolutions {
        n,
        frames,
        queens: Vec::with_capacity(n),
        empty_board: n == 0,
    })
}

/// One row of the explicit search stack: the lines attacked in this row and its untried squares.
#[derive(Debug, Clone, Copy)]
struct Frame {
    cols: u64,
    ld: u64,
    rd: u64,
    free: u64,
}

/// Lazy iterator over the solutions of one board size, from [`solutions`].
///
/// State: `frames[r]` is row `r`'s frame; `queens[r]` is the column chosen in row `r` for
/// every row above the last frame (`queens.len() == frames.len() - 1`). Memory is O(n);
/// dropping the iterator stops the search.
///
/// ```
/// use queens::bitboard::solutions;
/// assert_eq!(solutions(10).unwrap().count(), 724);
/// ```
#[derive(Debug, Clone)]
pub struct BitSolutions {
    n: usize,
    frames: Vec<Frame>,
    queens: Vec<usize>,
    /// The 0×0 board has one solution, which the stack (no row to fill) cannot produce.
    empty_board: bool,
}

impl Iterator for BitSolutions {
    type Item = Vec<usize>;

    fn next(&mut self) -> Option<Vec<usize>> {
        if self.empty_board {
            self.empty_board = false;
            self.frames.clear();
            return Some(Vec::new());
        }
        while let Some(top) = self.frames.last_mut() {
            if top.free == 0 {
                self.frames.pop();
                self.queens.pop();
                continue;
            }
            let bit = top.free & top.free.wrapping_neg();
            top.free ^= bit;
            let (cols, ld, rd) = (top.cols | bit, (top.ld | bit) << 1, (top.rd | bit) >> 1);
            self.queens.push(bit.trailing_zeros() as usize);
            if self.queens.len() == self.n {
                let solution = self.queens.clone();
                self.queens.pop();
                return Some(solution);
            }
            let all = full_mask(self.n).expect("checked by solutions()");
            self.frames.push(Frame {
                cols,
                ld,
                rd,
                free: all & !(cols | ld | rd),
            });
        }
        None
    }
}

impl FusedIterator for BitSolutions {}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::backtrack::find_all_solutions;
    use crate::board::valid_solution;

    use crate::A000170;

    #[test]
    fn counts_match_the_known_sequence() {
        for (n, &expected) in A000170.iter().enumerate() {
            assert_eq!(count(n), Ok(expected), "count, n = {n}");
            assert_eq!(count_mirror(n), Ok(expected), "count_mirror, n = {n}");
        }
    }

    #[test]
    fn mirror_count_equals_plain_count() {
        for n in 0..=13 {
            assert_eq!(count_mirror(n), count(n), "n = {n}");
        }
    }

    #[test]
    fn iterator_equals_the_reference_backtracker_in_order() {
        for n in 0..=9 {
            let bits: Vec<Vec<usize>> = solutions(n).unwrap().collect();
            let reference: Vec<Vec<usize>> = find_all_solutions(n).collect();
            assert_eq!(bits, reference, "n = {n}");
        }
    }

    #[test]
    fn iterator_counts_match_the_known_sequence() {
        for (n, &expected) in A000170.iter().enumerate() {
            assert_eq!(solutions(n).unwrap().count() as u64, expected, "n = {n}");
        }
    }

    /// A known solution for even `n` with `n % 6 != 2` (the classic explicit construction).
    fn constructed(n: usize) -> Vec<usize> {
        (0..n / 2)
            .map(|i| 2 * i + 1)
            .chain((0..n / 2).map(|i| 2 * i))
            .collect()
    }

    /// The masks for the row after `prefix`, built as the search would build them.
    fn masks_after(prefix: &[usize]) -> (u64, u64, u64) {
        prefix.iter().fold((0, 0, 0), |(cols, ld, rd), &c| {
            let bit = 1u64 << c;
            (cols | bit, (ld | bit) << 1, (rd | bit) >> 1)
        })
    }

    #[test]
    fn widest_boards_work_and_wider_ones_are_refused() {
        let first = solutions(29).unwrap().next().unwrap();
        assert!(valid_solution(&first));
        // Complete the last rows of a known 64-queen solution: exercises the top bit.
        let known = constructed(64);
        assert!(valid_solution(&known));
        let (cols, ld, rd) = masks_after(&known[..54]);
        assert!(count_from(u64::MAX, cols, ld, rd) >= 1);
        assert_eq!(full_mask(64), Ok(u64::MAX));
        assert!(solutions(64).is_ok());
        assert_eq!(count(65), Err(TooLarge { n: 65 }));
        assert_eq!(count_mirror(65), Err(TooLarge { n: 65 }));
        assert!(solutions(65).is_err());
    }

    #[test]
    #[ignore = "timing report; run with --release -- --ignored --nocapture"]
    fn timing_report() {
        for n in [12, 14] {
            let t = std::time::Instant::now();
            let c = count(n).unwrap();
            let plain = t.elapsed();
            let t = std::time::Instant::now();
            assert_eq!(count_mirror(n).unwrap(), c);
            println!(
                "bitboard n={n}: count {plain:?}, count_mirror {:?}",
                t.elapsed()
            );
        }
        let t = std::time::Instant::now();
        assert_eq!(solutions(12).unwrap().count(), 14200);
        println!("bitboard n=12: solutions() iterated in {:?}", t.elapsed());
    }

    #[test]
    fn iterator_is_fused() {
        let mut sols = solutions(0).unwrap();
        assert_eq!(sols.next(), Some(vec![]));
        assert_eq!(sols.next(), None);
        assert_eq!(sols.next(), None);
        let mut sols = solutions(3).unwrap();
        assert_eq!(sols.next(), None);
        assert_eq!(sols.next(), None);
    }

    #[test]
    #[cfg_attr(debug_assertions, ignore = "slow in debug mode; run with --release")]
    fn counts_n13_and_n14() {
        assert_eq!(count(13), Ok(73712));
        assert_eq!(count(14), Ok(365_596));
        assert_eq!(count_mirror(14), Ok(365_596));
        assert_eq!(count_mirror(15), Ok(2_279_184));
    }
}

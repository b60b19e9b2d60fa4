//! The search split by the first rows' placements: prefixes, and parts of them balanced by
//! an estimate of their subtrees, for counting on several threads or several machines.
//!
//! A prefix is a non-attacking placement of the first `depth` rows; every board extends
//! exactly one prefix of a given depth, so the prefixes of one depth cut the boards into
//! disjoint sets, and counts of the prefixes add up to the count. A part is a set of prefixes:
//! [`part`]`(n, i, k)` gives the `i`-th of `k` parts, the same on every machine (the split is
//! a pure function of `n` and `k`), so `k` batch jobs that each count one part sum to the
//! count.
//!
//! Balance: the prefixes are assigned largest first to the part with the smallest total so far
//! (Graham's longest-processing-time rule), by an estimate of each prefix's subtree: the
//! number of its non-attacking extensions two rows further down.

use super::Fix;

/// A placement of the first rows (`cols[row]` is the column), with the number of boards
/// each of its completions stands for (2 for a first-row column mirrored, else 1).
///
/// ```
/// use queens::models::split::prefixes;
/// let p = prefixes(8, 1, &[], false);
/// assert_eq!(p.len(), 8);
/// assert_eq!((p[3].cols.clone(), p[3].weight), (vec![3], 1));
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Prefix {
    /// The column of the queen in each of the first rows.
    pub cols: Vec<usize>,
    /// How many boards each completion counts for.
    pub weight: u64,
}

impl Prefix {
    /// The prefix as pins ([`Fix`]), one per row.
    ///
    /// ```
    /// use queens::models::{split::Prefix, Fix};
    /// let p = Prefix { cols: vec![0, 2], weight: 1 };
    /// assert_eq!(p.fixes(), [Fix { row: 0, col: 0 }, Fix { row: 1, col: 2 }]);
    /// ```
    pub fn fixes(&self) -> Vec<Fix> {
        (self.cols.iter().enumerate())
            .map(|(row, &col)| Fix { row, col })
            .collect()
    }
}

/// Whether a queen at (`row`, `col`) is safe from the queens of `cols` (rows `0..row`).
fn safe(cols: &[usize], row: usize, col: usize) -> bool {
    (cols.iter().enumerate()).all(|(r, &c)| c != col && c.abs_diff(col) != row - r)
}

/// Every prefix of `depth` rows of the `n`×`n` board that keeps `fixes` (pins on those rows),
/// in lexicographic order. With `mirror` (and no fixes), only first-row columns of the left
/// half are taken, each counting twice: the mirror image of a board is a board. Below the
/// middle column of an odd board the second row is halved the same way (its own middle is
/// attacked), when the prefixes reach it; at depth 1 the middle column counts once.
///
/// ```
/// use queens::models::split::prefixes;
/// assert_eq!(prefixes(4, 2, &[], false).len(), 6);
/// let halves = prefixes(5, 1, &[], true);
/// assert_eq!(halves.iter().map(|p| p.weight).sum::<u64>(), 5);
/// ```
pub fn prefixes(n: usize, depth: usize, fixes: &[Fix], mirror: bool) -> Vec<Prefix> {
    let depth = depth.min(n);
    let pinned = |row: usize| fixes.iter().find(|f| f.row == row).map(|f| f.col);
    let mirror = mirror && fixes.is_empty() && n >= 2;
    let mut out = Vec::new();
    let mut cols = Vec::with_capacity(depth);
    fn go(
        n: usize,
        depth: usize,
        cols: &mut Vec<usize>,
        out: &mut Vec<Prefix>,
        pinned: &dyn Fn(usize) -> Option<usize>,
        mirror: bool,
    ) {
        let row = cols.len();
        if row == depth {
            let weight = match cols[..] {
                [c, ..] if mirror && c < n / 2 => 2,
                [c, _, ..] if mirror && c == n / 2 => 2,
                _ => 1,
            };
            out.push(Prefix {
                cols: cols.clone(),
                weight,
            });
            return;
        }
        let last = match cols[..] {
            [] if mirror => n.div_ceil(2),
            [c] if mirror && c == n / 2 => n / 2,
            _ => n,
        };
        for col in 0..last {
            if pinned(row).is_some_and(|p| p != col) || !safe(cols, row, col) {
                continue;
            }
            cols.push(col);
            go(n, depth, cols, out, pinned, mirror);
            cols.pop();
        }
    }
    go(n, depth, &mut cols, &mut out, &pinned, mirror);
    out
}

/// The smallest depth whose prefixes number at least `want` (at most `n`).
///
/// ```
/// use queens::models::split::depth_for;
/// assert_eq!(depth_for(8, 8, &[]), 1);
/// assert_eq!(depth_for(8, 9, &[]), 2);
/// ```
pub fn depth_for(n: usize, want: usize, fixes: &[Fix]) -> usize {
    (1..=n)
        .find(|&d| prefixes(n, d, fixes, false).len() >= want)
        .unwrap_or(n)
}

/// The estimate of a prefix's subtree: its non-attacking extensions two rows down.
fn estimate(n: usize, cols: &[usize]) -> u64 {
    let row = cols.len();
    if row >= n {
        return 1;
    }
    let mut total = 0;
    let mut next = cols.to_vec();
    for a in (0..n).filter(|&a| safe(cols, row, a)) {
        if row + 1 == n {
            total += 1;
            continue;
        }
        next.push(a);
        total += (0..n).filter(|&b| safe(&next, row + 1, b)).count() as u64;
        next.pop();
    }
    total
}

/// The prefixes of part `i` of `k` (1-based) of the `n`×`n` board: the prefixes of the
/// depth that gives at least 8 per part, spread over the `k` parts largest estimate first,
/// each to the part with the smallest total. Every prefix is in exactly one part.
///
/// ```
/// use queens::models::split::{part, prefixes};
/// let parts: Vec<_> = (1..=3).map(|i| part(8, i, 3)).collect();
/// let all: usize = parts.iter().map(Vec::len).sum();
/// assert_eq!(all, prefixes(8, parts[0][0].cols.len(), &[], false).len());
/// ```
pub fn part(n: usize, i: usize, k: usize) -> Vec<Prefix> {
    assert!(1 <= i && i <= k, "part {i} of {k}: checked by the caller");
    let depth = depth_for(n, 8 * k, &[]);
    let mut all: Vec<(u64, Prefix)> = prefixes(n, depth, &[], false)
        .into_iter()
        .map(|p| (estimate(n, &p.cols), p))
        .collect();
    // Largest first; ties in lexicographic order, so every machine splits alike.
    all.sort_by(|(ea, a), (eb, b)| eb.cmp(ea).then_with(|| a.cols.cmp(&b.cols)));
    let mut totals = vec![0u64; k];
    let mut mine = Vec::new();
    for (e, p) in all {
        let lightest = (0..k)
            .min_by_key(|&j| (totals[j], j))
            .expect("at least one part");
        totals[lightest] += e.max(1);
        if lightest == i - 1 {
            mine.push(p);
        }
    }
    mine.sort_by(|a, b| a.cols.cmp(&b.cols));
    mine
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parts_partition_the_prefixes() {
        for n in 4..=10 {
            for k in [1, 2, 3, 5, 8] {
                let depth = depth_for(n, 8 * k, &[]);
                let mut seen: Vec<Vec<usize>> = (1..=k)
                    .flat_map(|i| part(n, i, k))
                    .map(|p| p.cols)
                    .collect();
                seen.sort();
                let all: Vec<Vec<usize>> = prefixes(n, depth, &[], false)
                    .into_iter()
                    .map(|p| p.cols)
                    .collect();
                assert_eq!(seen, all, "n = {n}, k = {k}");
            }
        }
    }

    #[test]
    fn parts_are_balanced_by_estimate() {
        let totals: Vec<u64> = (1..=4)
            .map(|i| part(12, i, 4).iter().map(|p| estimate(12, &p.cols)).sum())
            .collect();
        let (lo, hi) = (totals.iter().min().unwrap(), totals.iter().max().unwrap());
        assert!(hi - lo <= hi / 10, "{totals:?}");
    }

    #[test]
    fn mirrored_prefixes_weigh_the_whole_first_row() {
        for n in 2..=9 {
            let plain: u64 = prefixes(n, 1, &[], false).iter().map(|p| p.weight).sum();
            let mirrored: u64 = prefixes(n, 1, &[], true).iter().map(|p| p.weight).sum();
            assert_eq!(plain, mirrored, "n = {n}");
        }
    }

    /// Mirrored prefixes, weighted, count every board once: at every depth, the middle
    /// column's second row halved on odd boards.
    #[test]
    fn mirrored_prefixes_count_every_board() {
        for n in 2..=9 {
            let count = crate::bitboard::count(n).unwrap();
            for depth in 1..=3.min(n) {
                let by_parts: u64 = prefixes(n, depth, &[], true)
                    .iter()
                    .map(|p| {
                        p.weight
                            * crate::bitboard::count_below_until(n, &p.cols, &|| false).unwrap()
                    })
                    .sum();
                assert_eq!(by_parts, count, "n = {n}, depth {depth}");
            }
        }
        // n = 5, depth 2: the middle column's second row takes columns 0 and 1 only.
        let middle: Vec<Vec<usize>> = prefixes(5, 2, &[], true)
            .into_iter()
            .filter(|p| p.cols[0] == 2)
            .map(|p| p.cols)
            .collect();
        assert_eq!(middle, [vec![2, 0]]);
    }
}

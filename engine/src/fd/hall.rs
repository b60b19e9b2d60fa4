//! Bounds consistency for all-different by Hall intervals: the propagator `fd::distinct_bounds`
//! adds to forward checking.
//!
//! The rule (Puget 1998, "A fast algorithm for the bound consistency of alldiff
//! constraints"; Leconte 1996): a *Hall interval* is an interval `[a, b]` holding the domains
//! (their bounds) of exactly `b - a + 1` members. Those members use up every value of
//! `[a, b]`, so
//!
//! ```text
//! |{i : a <= lo_i, hi_i <= b}| >  b - a + 1   =>  fail (pigeonhole)
//! |{i : a <= lo_i, hi_i <= b}| == b - a + 1   =>  every other member loses [a, b]
//! ```
//!
//! Applied until nothing changes (the propagator is woken by every narrowing of a member,
//! including its own) this reaches bounds consistency. Puget finds the Hall intervals in
//! O(n log n) with a union-find; we use the simple quadratic sweep (as in the naive
//! algorithm López-Ortiz et al. 2003 start from): sort the members by upper bound once, then
//! for each distinct lower bound `a` sweep them in that order counting those with
//! `lo >= a`; at each upper bound `b` compare the count with `b - a + 1`. Time: O(n log n +
//! n²) per run, plus one `remove_range` per non-member per Hall interval found.
//!
//! Width-1 Hall intervals are exactly the bound members: forward checking (posted alongside,
//! see `props::distinct`) removes those values, so they are skipped here. Members without a
//! domain (any integer) are neither counted nor narrowed, which only weakens the pruning.

use super::Step;
use crate::kernel::store::{Fail, Run, Val};
use crate::kernel::term::Term;

/// One run of the Hall-interval rule over the members `xs`.
pub(crate) fn propagate(run: &mut Run, xs: &[Term]) -> Step {
    // (lo, hi) of each member with known bounds, with its index in `xs`.
    let mut members: Vec<(i64, i64, usize)> = Vec::with_capacity(xs.len());
    for (i, t) in xs.iter().enumerate() {
        let v = run.read(t);
        if matches!(v, Val::Bad) {
            return Err(Fail);
        }
        if let Some((lo, hi)) = v.bounds() {
            members.push((lo, hi, i));
        }
    }
    let halls = hall_intervals(&mut members)?;
    for (a, b) in halls {
        for &(lo, hi, i) in &members {
            if a <= lo && hi <= b {
                continue; // in the Hall set of [a, b]
            }
            let v = run.read(&xs[i]);
            let new = match &v {
                Val::Dom(_, d) => d.remove_range(a, b),
                Val::Int(c) if a <= *c && *c <= b => return Err(Fail),
                _ => continue,
            };
            run.narrow(&v, new)?;
        }
    }
    Ok(())
}

/// The Hall intervals of width at least 2 among the bounds `(lo, hi, _)` (sorted by `hi` in
/// place); `Err` when some interval holds more domains than values. Time: O(n²).
fn hall_intervals(members: &mut [(i64, i64, usize)]) -> Result<Vec<(i64, i64)>, Fail> {
    members.sort_unstable_by_key(|m| m.1);
    let mut lows: Vec<i64> = members.iter().map(|m| m.0).collect();
    lows.sort_unstable();
    lows.dedup();
    let mut halls = Vec::new();
    for &a in &lows {
        let mut count: i128 = 0;
        for j in 0..members.len() {
            let (lo, b, _) = members[j];
            if lo >= a {
                count += 1;
            }
            // Count every member with this upper bound before comparing.
            if members.get(j + 1).is_some_and(|m| m.1 == b) || b < a {
                continue;
            }
            let width = b as i128 - a as i128 + 1;
            if count > width {
                return Err(Fail);
            }
            if count == width && width >= 2 {
                halls.push((a, b));
            }
        }
    }
    Ok(halls)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn halls(bounds: &[(i64, i64)]) -> Option<Vec<(i64, i64)>> {
        let mut ms: Vec<_> = bounds
            .iter()
            .enumerate()
            .map(|(i, &(l, h))| (l, h, i))
            .collect();
        hall_intervals(&mut ms).ok()
    }

    #[test]
    fn finds_hall_intervals_and_pigeonholes() {
        assert_eq!(halls(&[(1, 2), (1, 2), (1, 3)]), Some(vec![(1, 2), (1, 3)]));
        assert_eq!(halls(&[(1, 3), (1, 3), (1, 3), (1, 3)]), None);
        assert_eq!(halls(&[(0, 9), (4, 4), (0, 9)]), Some(vec![]));
        assert_eq!(halls(&[(2, 3), (3, 4), (2, 4), (0, 9)]), Some(vec![(2, 4)]));
        assert_eq!(halls(&[(1, 1), (1, 1)]), None);
    }
}

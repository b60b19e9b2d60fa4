//! Finite domains: non-empty sets of `i64`, as a bitset when dense and small, else intervals.
//!
//! Representation (invariants):
//! - `Bits { base, words }`: value `base + i` is in the set iff bit `i` is set; the lowest
//!   and the highest word are non-zero (the set is never empty) and bit 0 is set, so `base`
//!   is the minimum. Used when the span `max - min + 1` is at most [`BITSET_SPAN`]; a span of
//!   up to 64 values is one inline word (no heap).
//! - `Ivs(list)`: sorted, disjoint, non-adjacent closed intervals `(lo, hi)`, `lo <= hi`; up to
//!   two are inline (`smallvec`).
//!
//! Every operation that can empty a domain returns `Option<Domain>`, `None` meaning empty.
//! Costs are stated per operation with `w` = words of a bitset (span / 64) and `k` = number
//! of intervals.
//!
//! DIVERGENCE: core.logic's `interval` and `domain` clip negative numbers to 0; ours keep them.

use smallvec::SmallVec;
use std::fmt;

/// The widest span stored as a bitset (4096 values, 64 words).
pub const BITSET_SPAN: i64 = 4096;

/// A non-empty finite set of integers: the values an FD variable may still take.
///
/// ```
/// use kanren::fd::Domain;
/// let d = Domain::interval(-2, 3).unwrap();
/// assert_eq!(d.size(), 6);
/// assert_eq!((d.min(), d.max()), (-2, 3));
/// let d = d.remove(0).unwrap();
/// assert_eq!(d.iter().collect::<Vec<_>>(), [-2, -1, 1, 2, 3]);
/// assert_eq!(d.to_string(), "-2..-1 1..3");
/// ```
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Domain(Repr);

#[derive(PartialEq, Eq, Hash)]
enum Repr {
    Bits {
        base: i64,
        words: SmallVec<[u64; 1]>,
    },
    Ivs(SmallVec<[(i64, i64); 2]>),
}

/// Copied as the plain words they are (`SmallVec::from_slice`), not element by element
/// through an iterator as `SmallVec`'s own `Clone` does: propagation copies a domain at
/// each narrowing.
impl Clone for Repr {
    fn clone(&self) -> Repr {
        match self {
            Repr::Bits { base, words } => Repr::Bits {
                base: *base,
                words: SmallVec::from_slice(words),
            },
            Repr::Ivs(ivs) => Repr::Ivs(SmallVec::from_slice(ivs)),
        }
    }
}

impl Domain {
    /// The integers `lo..=hi`; `None` when `lo > hi`. Time: O(w).
    ///
    /// ```
    /// use kanren::fd::Domain;
    /// assert_eq!(Domain::interval(1, 3).unwrap().size(), 3);
    /// assert!(Domain::interval(3, 1).is_none());
    /// ```
    pub fn interval(lo: i64, hi: i64) -> Option<Domain> {
        (lo <= hi).then(|| Domain::from_intervals([(lo, hi)]))
    }

    /// The single value `v`. Time: O(1).
    ///
    /// ```
    /// assert!(kanren::fd::Domain::singleton(7).is_singleton());
    /// ```
    pub fn singleton(v: i64) -> Domain {
        Domain::from_intervals([(v, v)])
    }

    /// The set of `values` (any order, duplicates allowed); `None` when there are none.
    /// Time: O(m log m) for m values.
    ///
    /// ```
    /// use kanren::fd::Domain;
    /// let d = Domain::from_values([5, -1, 3, 5]).unwrap();
    /// assert_eq!(d.iter().collect::<Vec<_>>(), [-1, 3, 5]);
    /// assert!(Domain::from_values([]).is_none());
    /// ```
    pub fn from_values(values: impl IntoIterator<Item = i64>) -> Option<Domain> {
        // On the stack for the usual handful of values; values given in order (core.logic's
        // `fd/domain` keeps them so) are not sorted again.
        let mut vs: SmallVec<[i64; 16]> = values.into_iter().collect();
        if !vs.is_sorted() {
            vs.sort_unstable();
        }
        vs.dedup();
        let (&lo, &hi) = (vs.first()?, vs.last()?);
        if (hi as i128) - (lo as i128) < BITSET_SPAN as i128 {
            // The bits straight from the values, not through their runs.
            let span = (hi - lo) as usize + 1;
            let mut words: SmallVec<[u64; 1]> = SmallVec::from_elem(0, span.div_ceil(64));
            for v in vs {
                let i = (v - lo) as usize;
                words[i / 64] |= 1 << (i % 64);
            }
            return Some(Domain(Repr::Bits { base: lo, words }));
        }
        let mut ivs: SmallVec<[(i64, i64); 2]> = SmallVec::new();
        for v in vs {
            match ivs.last_mut() {
                Some(last) if last.1.checked_add(1) == Some(v) => last.1 = v,
                _ => ivs.push((v, v)),
            }
        }
        Some(Domain::from_intervals(ivs))
    }

    /// Builds from sorted, disjoint, non-adjacent, non-empty intervals (at least one).
    fn from_intervals(ivs: impl IntoIterator<Item = (i64, i64)>) -> Domain {
        let ivs: SmallVec<[(i64, i64); 2]> = ivs.into_iter().collect();
        let (lo, hi) = (ivs[0].0, ivs[ivs.len() - 1].1);
        if (hi as i128) - (lo as i128) < BITSET_SPAN as i128 {
            let span = (hi - lo) as usize + 1;
            let mut words: SmallVec<[u64; 1]> = SmallVec::from_elem(0, span.div_ceil(64));
            for (a, b) in ivs {
                for v in a..=b {
                    let i = (v - lo) as usize;
                    words[i / 64] |= 1 << (i % 64);
                }
            }
            Domain(Repr::Bits { base: lo, words })
        } else {
            Domain(Repr::Ivs(ivs))
        }
    }

    /// The union of closed intervals `(lo, hi)` in any order, overlapping or not; `None`
    /// when there are none (or none with `lo <= hi`). Time: O(k log k) plus O(w) to build.
    ///
    /// ```
    /// use kanren::fd::Domain;
    /// let d = Domain::union_of(vec![(7, 9), (1, 3), (2, 4), (6, 5)]).unwrap();
    /// assert_eq!(d.to_string(), "1..4 7..9");
    /// assert!(Domain::union_of(vec![(3, 1)]).is_none());
    /// ```
    pub fn union_of(mut ivs: Vec<(i64, i64)>) -> Option<Domain> {
        ivs.retain(|&(a, b)| a <= b);
        ivs.sort_unstable();
        let mut merged: Vec<(i64, i64)> = Vec::new();
        for (a, b) in ivs {
            match merged.last_mut() {
                Some(last) if a <= last.1.saturating_add(1) => last.1 = last.1.max(b),
                _ => merged.push((a, b)),
            }
        }
        (!merged.is_empty()).then(|| Domain::from_intervals(merged))
    }

    /// Re-normalises a bitset after removals: `None` if empty, else trimmed so the
    /// invariants hold (and turned into intervals never: a bitset only shrinks).
    fn bits(base: i64, mut words: SmallVec<[u64; 1]>) -> Option<Domain> {
        let first = words.iter().position(|&w| w != 0)?;
        let last = words.iter().rposition(|&w| w != 0).expect("non-empty");
        words.truncate(last + 1);
        let shift = words[first].trailing_zeros() as usize + first * 64;
        if shift == 0 {
            return Some(Domain(Repr::Bits { base, words }));
        }
        // Shift everything down by `shift` bits so bit 0 is the minimum.
        let (ws, bs) = (shift / 64, shift % 64);
        let n = words.len() - ws;
        let mut out: SmallVec<[u64; 1]> = SmallVec::from_elem(0, n);
        for i in 0..n {
            let lo = words[i + ws] >> bs;
            let hi = if bs > 0 && i + ws + 1 < words.len() {
                words[i + ws + 1] << (64 - bs)
            } else {
                0
            };
            out[i] = lo | hi;
        }
        while out.last() == Some(&0) {
            out.pop();
        }
        Some(Domain(Repr::Bits {
            base: base + shift as i64,
            words: out,
        }))
    }

    /// The smallest value. Time: O(1).
    ///
    /// ```
    /// assert_eq!(kanren::fd::Domain::interval(-4, 9).unwrap().min(), -4);
    /// ```
    pub fn min(&self) -> i64 {
        match &self.0 {
            Repr::Bits { base, .. } => *base,
            Repr::Ivs(ivs) => ivs[0].0,
        }
    }

    /// The largest value. Time: O(1).
    ///
    /// ```
    /// assert_eq!(kanren::fd::Domain::interval(-4, 9).unwrap().max(), 9);
    /// ```
    pub fn max(&self) -> i64 {
        match &self.0 {
            Repr::Bits { base, words } => {
                let last = words.len() - 1;
                base + (last * 64) as i64 + 63 - words[last].leading_zeros() as i64
            }
            Repr::Ivs(ivs) => ivs[ivs.len() - 1].1,
        }
    }

    /// The number of values (saturating at `u64::MAX`). Time: O(w) or O(k).
    ///
    /// ```
    /// assert_eq!(kanren::fd::Domain::from_values([1, 5, 9]).unwrap().size(), 3);
    /// ```
    pub fn size(&self) -> u64 {
        match &self.0 {
            Repr::Bits { words, .. } => words.iter().map(|w| w.count_ones() as u64).sum(),
            Repr::Ivs(ivs) => ivs.iter().fold(0u64, |n, &(a, b)| {
                n.saturating_add((b as i128 - a as i128 + 1).min(u64::MAX as i128) as u64)
            }),
        }
    }

    /// Whether the domain has exactly one value. Time: O(w) or O(1).
    ///
    /// ```
    /// assert!(!kanren::fd::Domain::interval(0, 1).unwrap().is_singleton());
    /// ```
    pub fn is_singleton(&self) -> bool {
        match &self.0 {
            Repr::Bits { words, .. } => words.len() == 1 && words[0] == 1,
            Repr::Ivs(ivs) => ivs.len() == 1 && ivs[0].0 == ivs[0].1,
        }
    }

    /// Whether `v` is in the domain. Time: O(1) for a bitset, O(log k) for intervals.
    ///
    /// ```
    /// let d = kanren::fd::Domain::from_values([2, 4]).unwrap();
    /// assert!(d.contains(4) && !d.contains(3));
    /// ```
    pub fn contains(&self, v: i64) -> bool {
        match &self.0 {
            Repr::Bits { base, words } => {
                let Some(i) = v.checked_sub(*base).filter(|&i| i >= 0) else {
                    return false;
                };
                let i = i as u64;
                (i / 64) < words.len() as u64 && words[(i / 64) as usize] >> (i % 64) & 1 == 1
            }
            Repr::Ivs(ivs) => {
                let p = ivs.partition_point(|&(_, hi)| hi < v);
                p < ivs.len() && ivs[p].0 <= v
            }
        }
    }

    /// The domain without `v`: `None` if that empties it. Time: O(1) for a bitset when `v`
    /// is neither bound (O(w) then), O(k) for intervals.
    ///
    /// ```
    /// let d = kanren::fd::Domain::interval(0, 2).unwrap();
    /// assert_eq!(d.remove(1).unwrap().to_string(), "0 2");
    /// assert!(kanren::fd::Domain::singleton(3).remove(3).is_none());
    /// ```
    pub fn remove(&self, v: i64) -> Option<Domain> {
        if !self.contains(v) {
            return Some(self.clone());
        }
        match &self.0 {
            Repr::Bits { base, words } => {
                let i = (v - base) as usize;
                let mut words = words.clone();
                words[i / 64] &= !(1 << (i % 64));
                if i != 0 && i / 64 + 1 < words.len() {
                    return Some(Domain(Repr::Bits { base: *base, words }));
                }
                Domain::bits(*base, words)
            }
            Repr::Ivs(ivs) => {
                let mut out: SmallVec<[(i64, i64); 2]> = SmallVec::new();
                for &(a, b) in ivs {
                    if v < a || v > b {
                        out.push((a, b));
                    } else {
                        if a < v {
                            out.push((a, v - 1));
                        }
                        if v < b {
                            out.push((v + 1, b));
                        }
                    }
                }
                (!out.is_empty()).then(|| Domain::from_intervals(out))
            }
        }
    }

    /// The domain without the values `lo..=hi`: `None` if that empties it. Time: O(w) or
    /// O(k) (plus O(span) to build the mask when the domain is a bitset).
    ///
    /// ```
    /// let d = kanren::fd::Domain::interval(0, 9).unwrap();
    /// assert_eq!(d.remove_range(3, 5).unwrap().to_string(), "0..2 6..9");
    /// assert_eq!(d.remove_range(-4, 7).unwrap().to_string(), "8..9");
    /// assert!(d.remove_range(0, 9).is_none());
    /// ```
    pub fn remove_range(&self, lo: i64, hi: i64) -> Option<Domain> {
        let (min, max) = (self.min(), self.max());
        if lo > hi || hi < min || lo > max {
            return Some(self.clone());
        }
        let mut keep: SmallVec<[(i64, i64); 2]> = SmallVec::new();
        if lo > min {
            keep.push((min, lo - 1));
        }
        if hi < max {
            keep.push((hi + 1, max));
        }
        if keep.is_empty() {
            return None;
        }
        self.intersect(&Domain::from_intervals(keep))
    }

    /// The values `>= lo`: `None` if there are none. Time: O(w) or O(k).
    ///
    /// ```
    /// let d = kanren::fd::Domain::interval(0, 9).unwrap();
    /// assert_eq!(d.keep_ge(7).unwrap().to_string(), "7..9");
    /// ```
    pub fn keep_ge(&self, lo: i64) -> Option<Domain> {
        if lo <= self.min() {
            return Some(self.clone());
        }
        self.intersect(&Domain::interval(lo, self.max())?)
    }

    /// The values `<= hi`: `None` if there are none. Time: O(w) or O(k).
    ///
    /// ```
    /// let d = kanren::fd::Domain::interval(0, 9).unwrap();
    /// assert_eq!(d.keep_le(1).unwrap().to_string(), "0..1");
    /// ```
    pub fn keep_le(&self, hi: i64) -> Option<Domain> {
        if hi >= self.max() {
            return Some(self.clone());
        }
        self.intersect(&Domain::interval(self.min(), hi)?)
    }

    /// The values in both domains: `None` if none. Time: O(w) when either is a bitset
    /// (walking the other's values inside the bitset's span), else O(k1 + k2).
    ///
    /// ```
    /// use kanren::fd::Domain;
    /// let a = Domain::interval(0, 10).unwrap();
    /// let b = Domain::from_values([-3, 4, 10, 12]).unwrap();
    /// assert_eq!(a.intersect(&b).unwrap().to_string(), "4 10");
    /// ```
    pub fn intersect(&self, other: &Domain) -> Option<Domain> {
        let (lo, hi) = (self.min().max(other.min()), self.max().min(other.max()));
        if lo > hi {
            return None;
        }
        match (&self.0, &other.0) {
            (Repr::Ivs(a), Repr::Ivs(b)) => {
                let (mut i, mut j) = (0, 0);
                let mut out: SmallVec<[(i64, i64); 2]> = SmallVec::new();
                while i < a.len() && j < b.len() {
                    let (l, h) = (a[i].0.max(b[j].0), a[i].1.min(b[j].1));
                    if l <= h {
                        out.push((l, h));
                    }
                    if a[i].1 < b[j].1 {
                        i += 1;
                    } else {
                        j += 1;
                    }
                }
                (!out.is_empty()).then(|| Domain::from_intervals(out))
            }
            (Repr::Bits { base, words }, _) => Domain::mask(*base, words, other, lo, hi),
            (_, Repr::Bits { base, words }) => Domain::mask(*base, words, self, lo, hi),
        }
    }

    /// The bitset `(base, words)` restricted to `lo..=hi` and to the values of `other`.
    fn mask(base: i64, words: &[u64], other: &Domain, lo: i64, hi: i64) -> Option<Domain> {
        let mut out: SmallVec<[u64; 1]> = SmallVec::from_elem(0, words.len());
        for (a, b) in other.intervals() {
            let (a, b) = (a.max(lo), b.min(hi));
            if a > b {
                continue;
            }
            for v in a..=b {
                let i = (v - base) as usize;
                out[i / 64] |= words[i / 64] & (1 << (i % 64));
            }
        }
        Domain::bits(base, out)
    }

    /// The maximal runs of consecutive values, ascending. Time: O(w) or O(k).
    ///
    /// ```
    /// let d = kanren::fd::Domain::from_values([1, 2, 3, 7]).unwrap();
    /// assert_eq!(d.intervals(), [(1, 3), (7, 7)]);
    /// ```
    pub fn intervals(&self) -> Vec<(i64, i64)> {
        match &self.0 {
            Repr::Ivs(ivs) => ivs.to_vec(),
            Repr::Bits { .. } => {
                let mut out: Vec<(i64, i64)> = Vec::new();
                for v in self.iter() {
                    match out.last_mut() {
                        Some(last) if last.1 + 1 == v => last.1 = v,
                        _ => out.push((v, v)),
                    }
                }
                out
            }
        }
    }

    /// The values, ascending (the order core.logic's `to-vals` labels in).
    ///
    /// ```
    /// let d = kanren::fd::Domain::from_values([3, -1]).unwrap();
    /// assert_eq!(d.iter().collect::<Vec<_>>(), [-1, 3]);
    /// ```
    pub fn iter(&self) -> Values {
        Values {
            dom: self.clone(),
            next: Some(self.min()),
        }
    }

    /// The smallest value `>= v`, if any. Time: O(w) or O(log k).
    ///
    /// ```
    /// let d = kanren::fd::Domain::from_values([1, 5]).unwrap();
    /// assert_eq!(d.next_from(2), Some(5));
    /// assert_eq!(d.next_from(6), None);
    /// ```
    pub fn next_from(&self, v: i64) -> Option<i64> {
        if v > self.max() {
            return None;
        }
        if v <= self.min() {
            return Some(self.min());
        }
        match &self.0 {
            Repr::Ivs(ivs) => {
                let p = ivs.partition_point(|&(_, hi)| hi < v);
                Some(v.max(ivs[p].0))
            }
            Repr::Bits { base, words } => {
                let i = (v - base) as usize;
                let (mut w, b) = (i / 64, i % 64);
                let mut word = words[w] & (u64::MAX << b);
                loop {
                    if word != 0 {
                        return Some(base + (w * 64) as i64 + word.trailing_zeros() as i64);
                    }
                    w += 1;
                    word = *words.get(w)?;
                }
            }
        }
    }
}

/// The values of a [`Domain`], ascending.
///
/// ```
/// assert_eq!(kanren::fd::Domain::interval(1, 3).unwrap().iter().sum::<i64>(), 6);
/// ```
pub struct Values {
    dom: Domain,
    next: Option<i64>,
}

impl Iterator for Values {
    type Item = i64;

    fn next(&mut self) -> Option<i64> {
        let v = self.dom.next_from(self.next?)?;
        self.next = v.checked_add(1);
        Some(v)
    }
}

impl fmt::Display for Domain {
    /// Runs separated by spaces: `lo..hi` for a run, `v` for a single value.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, (a, b)) in self.intervals().into_iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            if a == b {
                write!(f, "{a}")?;
            } else {
                write!(f, "{a}..{b}")?;
            }
        }
        Ok(())
    }
}

impl fmt::Debug for Domain {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Domain({self})")
    }
}

/// A labeling strategy for [`fd::distribute`](crate::fd::distribute): the ones core.logic
/// has.
///
/// ```
/// assert_eq!(kanren::fd::Strategy::FirstFail, kanren::fd::Strategy::FirstFail);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Strategy {
    /// core.logic's `::l/ff`, first-fail: the element with the fewest values left is labeled
    /// next (ties in the order of the sequence), its values ascending.
    FirstFail,
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use std::collections::BTreeSet;

    fn set(d: &Option<Domain>) -> BTreeSet<i64> {
        d.iter().flat_map(|d| d.iter()).collect()
    }

    fn dom_strategy() -> impl proptest::strategy::Strategy<Value = BTreeSet<i64>> {
        prop_oneof![
            proptest::collection::btree_set(-70i64..140, 1..40),
            proptest::collection::btree_set(-10_000i64..10_000, 1..10),
        ]
    }

    proptest! {
        #[test]
        fn operations_agree_with_sets(a in dom_strategy(), b in dom_strategy(), v in -80i64..150) {
            let da = Domain::from_values(a.iter().copied()).unwrap();
            let db = Domain::from_values(b.iter().copied()).unwrap();
            prop_assert_eq!(set(&Some(da.clone())), a.clone());
            prop_assert_eq!(da.min(), *a.first().unwrap());
            prop_assert_eq!(da.max(), *a.last().unwrap());
            prop_assert_eq!(da.size(), a.len() as u64);
            prop_assert_eq!(da.contains(v), a.contains(&v));
            let mut r = a.clone();
            r.remove(&v);
            prop_assert_eq!(set(&da.remove(v)), r);
            prop_assert_eq!(set(&da.intersect(&db)), a.intersection(&b).copied().collect::<BTreeSet<_>>());
            prop_assert_eq!(set(&da.keep_ge(v)), a.iter().copied().filter(|&x| x >= v).collect::<BTreeSet<_>>());
            prop_assert_eq!(set(&da.keep_le(v)), a.iter().copied().filter(|&x| x <= v).collect::<BTreeSet<_>>());
            prop_assert_eq!(da.next_from(v), a.range(v..).next().copied());
        }
    }

    proptest! {
        #[test]
        fn from_values_takes_any_order_and_builds_the_runs_domain(
            vs in proptest::collection::vec(prop_oneof![-70i64..140, -10_000i64..10_000], 1..40)
        ) {
            let set: BTreeSet<i64> = vs.iter().copied().collect();
            let mut runs: Vec<(i64, i64)> = Vec::new();
            for &v in &set {
                match runs.last_mut() {
                    Some(last) if last.1 + 1 == v => last.1 = v,
                    _ => runs.push((v, v)),
                }
            }
            let d = Domain::from_values(vs.iter().copied()).unwrap();
            prop_assert_eq!(&d, &Domain::from_intervals(runs));
            prop_assert_eq!(set_of(&d), set);
        }
    }

    fn set_of(d: &Domain) -> BTreeSet<i64> {
        d.iter().collect()
    }

    #[test]
    fn wide_domains_use_intervals() {
        let d = Domain::interval(i64::MIN, i64::MAX).unwrap();
        assert_eq!(d.size(), u64::MAX);
        assert!(d.contains(0));
        assert_eq!(d.remove(0).unwrap().intervals().len(), 2);
    }
}

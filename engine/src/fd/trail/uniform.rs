//! The sweep of a uniform space: every slot is a member of every all-different (at most
//! three, as the queens' columns and two diagonals), no domain has holes and no
//! disequality is posted. Then one pass over the open slots does what one sweep per
//! all-different does in the general space (64 slots at a time when the offsets are
//! affine in the slot: `affine.rs`).
//!
//! ```text
//! bind x = v      t_k = v + o_k(x) for each all-different k (taken already: conflict)
//!                 each open y loses the distinct values among  w_k = t_k - o_k(y)  that are
//!                 in its domain (lo..=hi, w_k + o_j(y) untaken for j != k: t_k itself is
//!                 not), tested before t_k is marked; then every t_k is marked
//! undo            unmark every t_k, the same pass adding the count back (the same open
//!                 slots, the same marks, so the same count)
//! ```
//!
//! The bounds tested are the initial ones: a value outside a slot's tightened bounds is
//! marked in one of its all-differents for as long as the tightening stands (tightening
//! only skips values that are not in the domain), so the counts are the same as with the
//! tightened bounds, and the rows never change. Counting the distinct values first and
//! marking after gives the counts of marking each all-different in turn (a value `w_k`
//! equal to an earlier `w_j` is the one the mark of `t_j` removed).

use super::affine::Affine;
use super::alldiff::Ones;

/// What the pass reads of one slot: its initial bounds and, for each all-different `k`,
/// where its marks are (`w` is marked in `k` iff `marks[w + base[k]] != 0`), in 32 bits.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Row {
    lo: i32,
    hi: i32,
    base: [i32; MAX],
}

/// The most all-differents a uniform space has.
pub(super) const MAX: usize = 3;

/// The magnitude every bound and mark base stays under, so that `w ± base` fits in 32 bits.
const SMALL: i64 = 1 << 29;

/// What a pass that takes values found.
pub(super) struct Swept {
    /// Some slot has no value left.
    pub(super) failed: bool,
    /// The leftmost open slot with the fewest values (`None`: none is open), when the pass
    /// read every open slot's size (the affine one does).
    pub(super) least: Option<u32>,
}

/// The rows of a uniform space, one per slot, and the marks as bits when its offsets are
/// affine (then the sweep is [`Affine`]'s).
#[derive(Clone)]
pub(super) struct Uniform {
    k: usize,
    rows: Vec<Row>,
    affine: Option<Affine>,
}

impl Uniform {
    /// The rows of slots with these bounds and, per all-different, mark bases (`bases[x][k]`);
    /// `None` unless there are 1 to [`MAX`] all-differents and every number is small.
    pub(super) fn new(
        k: usize,
        slots: impl Iterator<Item = (i64, i64, Vec<i64>)>,
        marks: &[u8],
    ) -> Option<Self> {
        if !(1..=MAX).contains(&k) {
            return None;
        }
        let small = |v: i64| {
            i32::try_from(v)
                .ok()
                .filter(|v| v.unsigned_abs() < SMALL as u32)
        };
        let mut rows = Vec::new();
        for (lo, hi, bases) in slots {
            let mut row = Row {
                lo: small(lo)?,
                hi: small(hi)?,
                base: [0; MAX],
            };
            for (b, &v) in row.base.iter_mut().zip(&bases) {
                *b = small(v)?;
            }
            rows.push(row);
        }
        let bounds: Vec<(i64, i64)> = rows.iter().map(|r| (r.lo as i64, r.hi as i64)).collect();
        let bases = |y: usize| rows[y].base.map(|b| b as i64);
        let affine = Affine::new(k, &bounds, bases, marks);
        Some(Uniform { k, rows, affine })
    }

    /// Marks or unmarks the marks `t` (the byte marks are the caller's).
    pub(super) fn flip(&mut self, t: [usize; MAX], on: bool) {
        if let Some(a) = &mut self.affine {
            for &i in &t[..self.k] {
                a.flip(i, on);
            }
        }
    }

    /// Where binding `x` to `v` marks, one index per all-different.
    pub(super) fn targets(&self, x: u32, v: i64) -> [usize; MAX] {
        let row = &self.rows[x as usize];
        let mut t = [0; MAX];
        for (t, &b) in t.iter_mut().zip(&row.base).take(self.k) {
            *t = (v + b as i64) as usize;
        }
        t
    }

    /// Which sweep this is: `"affine"` or `"rows"`.
    #[cfg(test)]
    pub(super) fn sweep(&self) -> &'static str {
        match self.affine {
            Some(_) => "affine",
            None => "rows",
        }
    }

    /// [`Affine::seek`], when the offsets are affine.
    pub(super) fn seek(&self, x: u32, from: i64, to: i64, up: bool) -> Option<Option<i64>> {
        Some(self.affine.as_ref()?.seek(x, from, to, up))
    }

    /// How many all-differents there are.
    pub(super) fn k(&self) -> usize {
        self.k
    }

    /// Binding to the marks `t` (not yet marked): each open slot loses its values that
    /// the marks remove (queued when left with one); returns whether some slot has none,
    /// and first-fail's next slot when the pass finds it.
    pub(super) fn take(
        &self,
        t: [usize; MAX],
        marks: &[u8],
        open: &[u64],
        sizes: &mut [u32],
        queue: &mut Vec<u32>,
    ) -> (bool, Option<Option<u32>>) {
        if let Some(a) = &self.affine {
            let swept = a.sweep(t, open, sizes, queue, true);
            return (swept.failed, Some(swept.least));
        }
        let failed = match self.k {
            1 => self.forward::<1>(t, marks, open, sizes, queue),
            2 => self.forward::<2>(t, marks, open, sizes, queue),
            _ => self.forward::<3>(t, marks, open, sizes, queue),
        };
        (failed, None)
    }

    /// Undoes [`take`](Uniform::take) of the marks `t` (unmarked already).
    pub(super) fn untake(&self, t: [usize; MAX], marks: &[u8], open: &[u64], sizes: &mut [u32]) {
        if let Some(a) = &self.affine {
            a.sweep(t, open, sizes, &mut Vec::new(), false);
            return;
        }
        match self.k {
            1 => self.backward::<1>(t, marks, open, sizes),
            2 => self.backward::<2>(t, marks, open, sizes),
            _ => self.backward::<3>(t, marks, open, sizes),
        }
    }

    fn forward<const K: usize>(
        &self,
        t: [usize; MAX],
        marks: &[u8],
        open: &[u64],
        sizes: &mut [u32],
        queue: &mut Vec<u32>,
    ) -> bool {
        let t = t.map(|t| t as i32);
        let mut failed = false;
        for y in ones(open, self.rows.len()) {
            let lost = lost::<K>(&self.rows[y], t, marks);
            let size = &mut sizes[y];
            *size -= lost;
            if *size <= 1 && lost != 0 {
                match *size {
                    0 => failed = true,
                    _ => queue.push(y as u32),
                }
            }
        }
        failed
    }

    fn backward<const K: usize>(
        &self,
        t: [usize; MAX],
        marks: &[u8],
        open: &[u64],
        sizes: &mut [u32],
    ) {
        let t = t.map(|t| t as i32);
        for y in ones(open, self.rows.len()) {
            sizes[y] += lost::<K>(&self.rows[y], t, marks);
        }
    }
}

/// The set bits of `open` below `n`.
fn ones(open: &[u64], n: usize) -> Ones<'_> {
    Ones::new(open, 0, n)
}

/// How many distinct values of the slot of `row` the marks `t` remove (marks as before).
#[inline(always)]
fn lost<const K: usize>(row: &Row, t: [i32; MAX], marks: &[u8]) -> u32 {
    let mut w = [0i32; K];
    let mut lost = 0;
    for k in 0..K {
        let wk = t[k] - row.base[k];
        w[k] = wk;
        let inside = (wk >= row.lo) & (wk <= row.hi);
        // Outside, test `lo` instead (its marks are in range) and ignore the answer.
        let at = if inside { wk } else { row.lo };
        let mut taken = 0u8;
        for j in 0..K {
            if j != k {
                taken |= marks[(at + row.base[j]) as usize];
            }
        }
        let mut fresh = inside & (taken == 0);
        for &wj in &w[..k] {
            fresh &= wj != wk;
        }
        lost += fresh as u32;
    }
    lost
}

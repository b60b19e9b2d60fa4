//! The mutable search space: domains as bounds plus a size, all-different constraints as
//! marks of the values they have taken, and a trail that undoes every change.
//!
//! ```text
//! x in the domain    <=>  lo <= x <= hi, x in the initial domain (when it had holes),
//!                         x + o not taken by any all-different x belongs to (o: its offset),
//!                         x not removed by a disequality (a hash set, rarely used)
//! size               =    how many values are in the domain, kept exact
//! bind x = a         =>   for each all-different c of x:  s = a + o; s taken already: fail;
//!                         for each open member y of c: if s - o_y is in y's domain, y's size
//!                         drops by one (0: fail, 1: y is bound next); then s is marked taken
//! undo "s taken in c" =>  unmark s; for each open member y: if s - o_y is in y's domain
//!                         now, y's size grows by one (the same members, the same test, in
//!                         the reverse order: the trail holds one entry per mark, not one
//!                         per removed value)
//! uniform space      =>   bind x = a is one pass over the open slots for every
//!                         all-different (`uniform.rs`), one trail entry, undone by the
//!                         same pass adding back
//! ```

mod new;

use super::alldiff::{flip, AllDiff};
use super::uniform::Uniform;
use crate::kernel::store::domain::Domain;
use rustc_hash::{FxHashMap, FxHashSet};

/// A variable's membership in an all-different: which one, its offset, and its place in
/// the members (set by [`Space::new`]).
#[derive(Clone, Copy, Debug)]
pub(super) struct Ent {
    pub(super) cons: u32,
    pub(super) off: i64,
    pub(super) pos: u32,
}

/// How many memberships a slot's [`Hot`] holds; a slot in more is tested from `ents`.
const INLINE: usize = 3;

/// A slot's bounds (its values lie in `lo..=hi`, not always tight), whether its rare tests
/// apply (`slow`: 1 if the initial domain had holes, plus the values disequalities removed),
/// and for its first memberships where its value's mark is: the mark of value `w` in its
/// `k`-th all-different is `marks[w + base[k]]` (in range for every `w` in `lo..=hi`).
#[derive(Clone, Copy, Debug)]
struct Hot {
    lo: i64,
    hi: i64,
    slow: u32,
    n: u32,
    base: [i64; INLINE],
}

/// One change, to undo.
#[derive(Clone, Copy, Debug)]
enum Undo {
    /// Slot bound; its size before.
    Bind(u32, u32),
    /// Slot bound in a uniform space (its marks and its pass with it); its size before.
    Sweep(u32, u32),
    /// This shifted value was marked taken in this all-different.
    Take(u32, i64),
    /// A disequality removed this value from this slot.
    Remove(u32, i64),
    /// The slot's bounds before they were tightened.
    Bounds(u32, i64, i64),
}

/// The failure of a propagation step.
#[derive(Debug)]
pub(super) struct Conflict;

/// A bound slot's size.
pub(super) const BOUND: u32 = u32::MAX;

/// The mutable space, one array per field (the propagation loop reads a few fields of many
/// slots: kept apart, they stay in cache).
#[derive(Clone)]
pub(super) struct Space {
    /// What the membership test reads, per slot.
    hot: Vec<Hot>,
    /// How many values each domain holds; [`BOUND`] once bound.
    pub(super) sizes: Vec<u32>,
    /// A bit per slot: set while it is open.
    pub(super) open: Vec<u64>,
    /// Each slot's value, once bound.
    pub(super) values: Vec<i64>,
    /// Slot `x`'s memberships are `ents[ent_start[x]..ent_start[x + 1]]`.
    ent_start: Vec<u32>,
    ents: Vec<Ent>,
    /// Slot `x`'s disequalities `(other, k)` (once `x` is bound to `a`, `other != a + k`)
    /// are `neqs[neq_start[x]..neq_start[x + 1]]`.
    neq_start: Vec<u32>,
    neqs: Vec<(u32, i64)>,
    /// The initial domains with holes.
    bases: FxHashMap<u32, Domain>,
    /// The values disequalities removed.
    removed: FxHashSet<(u32, i64)>,
    alldiffs: Vec<AllDiff>,
    /// Every all-different's marks: 1 where a bound member took the shifted value.
    marks: Vec<u8>,
    trail: Vec<Undo>,
    queue: Vec<u32>,
    /// The one-pass sweep, when the space is uniform (see `uniform.rs`).
    uniform: Option<Uniform>,
    /// First-fail's next slot (`Some(None)`: none is open), when the last propagation's
    /// last pass found it.
    least: Option<Option<u32>>,
}

/// One slot as the builder gives it.
pub(super) struct SlotSpec {
    pub(super) domain: Domain,
    pub(super) ents: Vec<Ent>,
    pub(super) neqs: Vec<(u32, i64)>,
}

impl Space {
    /// Which sweep the space runs: `"general"`, or a uniform space's `"rows"` or `"affine"`.
    #[cfg(test)]
    pub(super) fn sweep(&self) -> &'static str {
        self.uniform.as_ref().map_or("general", |u| u.sweep())
    }

    /// First-fail's next slot when the last propagation found it: the leftmost open slot
    /// with the fewest values (`Some(None)`: every slot is bound).
    pub(super) fn least(&self) -> Option<Option<u32>> {
        self.least
    }

    /// Whether slot `x` is bound.
    #[inline]
    pub(super) fn is_bound(&self, x: u32) -> bool {
        self.sizes[x as usize] == BOUND
    }

    /// Whether the shifted value `s` is taken in all-different `c`.
    fn is_taken(&self, c: u32, s: i64) -> bool {
        self.alldiffs[c as usize]
            .index(s)
            .is_some_and(|i| self.marks[i] != 0)
    }

    /// Whether `w` is in the domain of the open slot `x`.
    #[inline(always)]
    pub(super) fn member(&self, x: u32, w: i64) -> bool {
        let h = &self.hot[x as usize];
        if w < h.lo || w > h.hi {
            return false;
        }
        let taken = if h.n as usize <= INLINE {
            (0..h.n as usize).any(|k| self.marks[(w + h.base[k]) as usize] != 0)
        } else {
            let x = x as usize;
            let ents = &self.ents[self.ent_start[x] as usize..self.ent_start[x + 1] as usize];
            ents.iter().any(|e| self.is_taken(e.cons, w + e.off))
        };
        !taken && (h.slow == 0 || self.member_slow(x, w))
    }

    /// The rare tests: the initial domain's holes, the disequalities' removals.
    #[cold]
    fn member_slow(&self, x: u32, w: i64) -> bool {
        self.bases.get(&x).is_none_or(|d| d.contains(w)) && !self.removed.contains(&(x, w))
    }

    /// The trail's length: a choice point.
    pub(super) fn mark(&self) -> usize {
        self.trail.len()
    }

    /// Undoes every change made since `mark`.
    pub(super) fn undo_to(&mut self, mark: usize) {
        if self.trail.len() > mark {
            self.least = None;
        }
        while self.trail.len() > mark {
            match self.trail.pop().expect("longer than mark") {
                Undo::Bind(x, size) => {
                    let xi = x as usize;
                    self.sizes[xi] = size;
                    self.set_open(xi, true);
                }
                Undo::Sweep(x, size) => {
                    let xi = x as usize;
                    let u = self.uniform.as_mut().expect("a uniform space");
                    let t = u.targets(x, self.values[xi]);
                    for &i in &t[..u.k()] {
                        self.marks[i] = 0;
                    }
                    u.flip(t, false);
                    u.untake(t, &self.marks, &self.open, &mut self.sizes);
                    self.sizes[xi] = size;
                    flip(&mut self.open, xi, true);
                }
                Undo::Take(c, s) => {
                    let i = self.alldiffs[c as usize].index(s);
                    if let Some(i) = i {
                        self.marks[i] = 0;
                    }
                    self.untake(c, s);
                }
                Undo::Remove(x, w) => {
                    self.removed.remove(&(x, w));
                    self.hot[x as usize].slow -= 1;
                    self.sizes[x as usize] += 1;
                }
                Undo::Bounds(x, lo, hi) => {
                    let h = &mut self.hot[x as usize];
                    (h.lo, h.hi) = (lo, hi);
                }
            }
        }
    }

    /// Marks slot `xi` open or not, in the space and in each all-different it is a member of.
    fn set_open(&mut self, xi: usize, open: bool) {
        flip(&mut self.open, xi, open);
        for j in self.ent_start[xi] as usize..self.ent_start[xi + 1] as usize {
            let e = self.ents[j];
            flip(
                &mut self.alldiffs[e.cons as usize].open,
                e.pos as usize,
                open,
            );
        }
    }

    /// The smallest value of the open slot `x` in `from..=to` (`up`), or the largest.
    pub(super) fn seek(&self, x: u32, from: i64, to: i64, up: bool) -> Option<i64> {
        if let Some(found) = self.uniform.as_ref().and_then(|u| u.seek(x, from, to, up)) {
            return found;
        }
        match up {
            true => (from..=to).find(|&w| self.member(x, w)),
            false => (from..=to).rev().find(|&w| self.member(x, w)),
        }
    }

    /// Tightens the bounds of the open slot `x` to its smallest and largest values.
    pub(super) fn tighten(&mut self, x: u32) -> (i64, i64) {
        let old = (self.hot[x as usize].lo, self.hot[x as usize].hi);
        let lo = self
            .seek(x, old.0, old.1, true)
            .expect("an open slot has a value");
        let hi = self
            .seek(x, lo, old.1, false)
            .expect("an open slot has a value");
        if (lo, hi) != old {
            self.trail.push(Undo::Bounds(x, old.0, old.1));
            let h = &mut self.hot[x as usize];
            (h.lo, h.hi) = (lo, hi);
        }
        (lo, hi)
    }

    /// Binds `x` to `v` (a value of its domain) and propagates to the fixpoint; on
    /// `Err` the space is inconsistent until undone to a mark taken before.
    pub(super) fn assign(&mut self, x: u32, v: i64) -> Result<(), Conflict> {
        self.queue.clear();
        self.least = None;
        self.bind(x, v)?;
        while let Some(y) = self.queue.pop() {
            if self.is_bound(y) {
                continue;
            }
            let (lo, _) = self.tighten(y);
            self.bind(y, lo)?;
        }
        Ok(())
    }

    /// Binds `x` to `v` and removes what that excludes from the open slots, queueing those
    /// left with one value.
    fn bind(&mut self, x: u32, v: i64) -> Result<(), Conflict> {
        if self.uniform.is_some() {
            return self.bind_uniform(x, v);
        }
        let xi = x as usize;
        self.trail.push(Undo::Bind(x, self.sizes[xi]));
        self.sizes[xi] = BOUND;
        self.values[xi] = v;
        self.set_open(xi, false);
        for j in self.ent_start[xi] as usize..self.ent_start[xi + 1] as usize {
            let e = self.ents[j];
            let s = v + e.off;
            if self.is_taken(e.cons, s) {
                return Err(Conflict);
            }
            let failed = self.take(e.cons, s);
            if let Some(i) = self.alldiffs[e.cons as usize].index(s) {
                self.marks[i] = 1;
            }
            self.trail.push(Undo::Take(e.cons, s));
            if failed {
                return Err(Conflict);
            }
        }
        for j in self.neq_start[xi] as usize..self.neq_start[xi + 1] as usize {
            let (y, k) = self.neqs[j];
            let w = v.checked_add(k).ok_or(Conflict)?;
            if self.is_bound(y) {
                if self.values[y as usize] == w {
                    return Err(Conflict);
                }
                continue;
            }
            if self.member(y, w) {
                self.removed.insert((y, w));
                self.trail.push(Undo::Remove(y, w));
                self.hot[y as usize].slow += 1;
                self.sizes[y as usize] -= 1;
                match self.sizes[y as usize] {
                    0 => return Err(Conflict),
                    1 => self.queue.push(y),
                    _ => {}
                }
            }
        }
        Ok(())
    }

    /// [`bind`](Space::bind) in a uniform space: one pass for every all-different.
    fn bind_uniform(&mut self, x: u32, v: i64) -> Result<(), Conflict> {
        let xi = x as usize;
        let u = self.uniform.as_mut().expect("a uniform space");
        let t = u.targets(x, v);
        if t[..u.k()].iter().any(|&i| self.marks[i] != 0) {
            return Err(Conflict);
        }
        self.trail.push(Undo::Sweep(x, self.sizes[xi]));
        self.sizes[xi] = BOUND;
        self.values[xi] = v;
        flip(&mut self.open, xi, false);
        let (failed, least) = u.take(t, &self.marks, &self.open, &mut self.sizes, &mut self.queue);
        self.least = least;
        for &i in &t[..u.k()] {
            self.marks[i] = 1;
        }
        u.flip(t, true);
        match failed {
            true => Err(Conflict),
            false => Ok(()),
        }
    }

    /// The shifted value `s` is taken in all-different `c`: each open member loses the value
    /// that would shift to it. Returns whether some domain emptied.
    fn take(&mut self, c: u32, s: i64) -> bool {
        let mut failed = false;
        let ad = &self.alldiffs[c as usize];
        for p in ad.open_within(s) {
            let (y, off) = ad.members[p];
            let yi = y as usize;
            let lost = self.loses(yi, s - off);
            let size = &mut self.sizes[yi];
            *size -= lost as u32;
            if lost && *size <= 1 {
                match *size {
                    0 => failed = true,
                    _ => self.queue.push(y),
                }
            }
        }
        failed
    }

    /// Undoes [`take`](Space::take): `s` is no longer taken in `c` (unmarked already), so
    /// each open member whose value `s - o` is back in its domain regains it.
    fn untake(&mut self, c: u32, s: i64) {
        let ad = &self.alldiffs[c as usize];
        for p in ad.open_within(s) {
            let (y, off) = ad.members[p];
            let back = self.loses(y as usize, s - off);
            self.sizes[y as usize] += back as u32;
        }
    }

    /// Whether `w` is in the domain of the open slot `y` (`member`, written for the
    /// propagation loop: no branch on the common path).
    #[inline(always)]
    fn loses(&self, y: usize, w: i64) -> bool {
        let h = &self.hot[y];
        let inside = (w >= h.lo) & (w <= h.hi);
        if h.n as usize > INLINE {
            return inside && self.member(y as u32, w);
        }
        // Outside, test `lo` instead (a value whose marks are in range) and ignore it.
        let at = if inside { w } else { h.lo };
        let mut taken = 0u8;
        for k in 0..INLINE {
            // Unused places test a mark too (`base` 0 + `lo`): harmless, `k < n` masks it.
            let mark = self
                .marks
                .get((at + h.base[k]) as usize)
                .copied()
                .unwrap_or(0);
            taken |= mark & ((k < h.n as usize) as u8);
        }
        inside & (taken == 0) && (h.slow == 0 || self.member_slow(y as u32, w))
    }
}

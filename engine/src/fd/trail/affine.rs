//! The sweep of a uniform space whose offsets are affine in the slot, 64 slots at a time:
//! the queens' layout (offsets `0`, `i`, `-i`, every row in `0..n`).
//!
//! ```text
//! when       every slot has the same bounds lo..=hi, and slot y's mark base in
//!            all-different k is  a_k * y + b_k  with a_k in {-1, 0, 1}
//! bind       w_k(y) = c_k - a_k y  (c_k = t_k - b_k) is the value slot y loses through k;
//!            its mark in all-different j is at  c_k + b_j + (a_j - a_k) y: for 64 slots
//!            that is a window of the marks as bits with a stride of -2..=2; so, per word
//!            of open slots, per k:
//!              lost_k = open & (lo <= w_k <= hi) & !(w_k = w_j for some j < k)
//!                            & !(the windows of the other all-differents)
//!            then the word's 64 sizes drop by their lanes' counts (a table of spread
//!            bits, eight lanes at a time), and the word's least size is kept: the pass
//!            reads every open slot's size, so it knows first-fail's next slot
//! seek       a slot's values from w on are the lanes clear in all its marks' windows
//!            (stride 1): 64 values a word
//! ```
//!
//! It counts what [`super::uniform`]'s pass counts, slot by slot, so the two agree.

use super::space::BOUND;
use super::uniform::{Swept, MAX};

/// The marks as bits, with room around them so that every window read is in range.
#[derive(Clone)]
pub(super) struct Affine {
    n: usize,
    k: usize,
    lo: i64,
    hi: i64,
    a: [i64; MAX],
    b: [i64; MAX],
    /// Mark `i` is bit `guard + i`.
    bits: Vec<u64>,
    guard: i64,
}

/// The most bits the marks with their room may take (128 MB); more: no affine sweep.
const MAX_BITS: i64 = 1 << 30;

/// The slots `y` in `from..=to` (empty when `from > to`).
#[derive(Clone, Copy)]
struct Span(i64, i64);

impl Span {
    const NONE: Span = Span(1, 0);

    /// The lanes of the word of slots `y0..y0 + 64` within the span.
    #[inline(always)]
    fn lanes(self, y0: i64) -> u64 {
        let lo = (self.0 - y0).max(0);
        let hi = (self.1 - y0).min(63);
        if lo > hi {
            return 0;
        }
        (u64::MAX >> (63 - hi)) & (u64::MAX << lo)
    }
}

impl Affine {
    /// The affine layout of `n` slots with these bounds and mark bases (`bases(y)[k]`), over
    /// `marks` (one byte each, 1 where taken); `None` when the bases are not affine with
    /// slopes in -1..=1 or the bits would be too many.
    pub(super) fn new(
        k: usize,
        bounds: &[(i64, i64)],
        bases: impl Fn(usize) -> [i64; MAX],
        marks: &[u8],
    ) -> Option<Affine> {
        let n = bounds.len();
        if n == 0 || bounds.iter().any(|&b| b != bounds[0]) {
            return None;
        }
        let (b0, b1) = (bases(0), bases(1.min(n - 1)));
        let mut a = [0; MAX];
        for j in 0..k {
            a[j] = b1[j] - b0[j];
        }
        if a.iter().any(|s| s.abs() > 1)
            || (0..n).any(|y| (0..k).any(|j| bases(y)[j] != a[j] * y as i64 + b0[j]))
        {
            return None;
        }
        // Every window read is at c_k + b_j + s y (0 <= c_k + b_k < marks.len(), |s| <= 2)
        // for y below the last word's end, and reads up to two words on from there.
        let top = (n as i64 + 63) / 64 * 64;
        let far = (0..k)
            .flat_map(|j| [b0[j].abs(), (a[j] * top + b0[j]).abs()])
            .max()
            .unwrap_or(0);
        let guard = 2 * far + 2 * top + 128;
        let total = 2 * guard + marks.len() as i64 + 256;
        if total > MAX_BITS {
            return None;
        }
        let mut affine = Affine {
            n,
            k,
            lo: bounds[0].0,
            hi: bounds[0].1,
            a,
            b: b0,
            bits: vec![0; (total / 64 + 1) as usize],
            guard,
        };
        for (i, &m) in marks.iter().enumerate() {
            if m != 0 {
                affine.flip(i, true);
            }
        }
        Some(affine)
    }

    /// Marks or unmarks mark `i`.
    pub(super) fn flip(&mut self, i: usize, on: bool) {
        let q = (self.guard + i as i64) as usize;
        let bit = 1u64 << (q % 64);
        match on {
            true => self.bits[q / 64] |= bit,
            false => self.bits[q / 64] &= !bit,
        }
    }

    /// The 64 bits from bit `guard + p` on.
    #[inline(always)]
    fn forward(&self, p: i64) -> u64 {
        let q = (self.guard + p) as usize;
        let (i, r) = (q / 64, q % 64);
        // `<< 1 << (63 - r)`: no shift by 64 when r = 0.
        (self.bits[i] >> r) | (self.bits[i + 1] << 1 << (63 - r))
    }

    /// Lane `l` is bit `guard + p + s * l`.
    #[inline(always)]
    fn window(&self, p: i64, s: i64) -> u64 {
        match s {
            0 => 0u64.wrapping_sub(self.forward(p) & 1),
            1 => self.forward(p),
            -1 => self.forward(p - 63).reverse_bits(),
            2 => evens(self.forward(p)) | evens(self.forward(p + 64)) << 32,
            _ => (evens(self.forward(p - 126)) | evens(self.forward(p - 62)) << 32).reverse_bits(),
        }
    }

    /// The smallest value of slot `x`'s domain in `from..=to` (`up`), or the largest
    /// (`!up`), 64 values at a time: a value is in it iff it is within the bounds and its
    /// mark is clear in every all-different.
    pub(super) fn seek(&self, x: u32, from: i64, to: i64, up: bool) -> Option<i64> {
        let (from, to) = (from.max(self.lo), to.min(self.hi));
        let base: [i64; MAX] = std::array::from_fn(|j| self.a[j] * x as i64 + self.b[j]);
        // The values w..w + 64 that are marked nowhere.
        let free = |w: i64| !(0..self.k).fold(0, |t, j| t | self.forward(w + base[j]));
        if up {
            let mut w = from;
            while w <= to {
                let lanes = free(w) & (u64::MAX >> (63 - (to - w).min(63)));
                if lanes != 0 {
                    return Some(w + lanes.trailing_zeros() as i64);
                }
                w += 64;
            }
        } else {
            let mut w = to;
            while w >= from {
                // Lane l is the value w - 63 + l.
                let lanes = free(w - 63) & (u64::MAX << (63 - (w - from).min(63)));
                if lanes != 0 {
                    return Some(w - lanes.leading_zeros() as i64);
                }
                w -= 64;
            }
        }
        None
    }

    /// Binding to the marks `t` (not yet marked, `t[k]` in all-different `k`): takes
    /// (`down`) or gives back the values each open slot loses from its size; on the way
    /// down, queues the slots left with one value, and finds whether one has none and the
    /// leftmost open slot with the fewest values (every open slot is in some word read).
    pub(super) fn sweep(
        &self,
        t: [usize; MAX],
        open: &[u64],
        sizes: &mut [u32],
        queue: &mut Vec<u32>,
        down: bool,
    ) -> Swept {
        let k = self.k;
        let mut c = [0i64; MAX];
        let mut inside = [Span::NONE; MAX];
        for j in 0..k {
            c[j] = t[j] as i64 - self.b[j];
            // lo <= c - a y <= hi
            inside[j] = match self.a[j] {
                0 if (self.lo..=self.hi).contains(&c[j]) => Span(0, self.n as i64 - 1),
                0 => Span::NONE,
                1 => Span(c[j] - self.hi, c[j] - self.lo),
                _ => Span(self.lo - c[j], self.hi - c[j]),
            };
        }
        // Slot y loses one value for two all-differents j < k when w_j(y) = w_k(y).
        let mut same = [[Span::NONE; MAX]; MAX];
        for kk in 0..k {
            for j in 0..kk {
                let (da, dc) = (self.a[kk] - self.a[j], c[kk] - c[j]);
                same[kk][j] = match (da, dc) {
                    (0, 0) => Span(0, self.n as i64 - 1),
                    (0, _) => Span::NONE,
                    _ if dc % da == 0 => Span(dc / da, dc / da),
                    _ => Span::NONE,
                };
            }
        }
        let mut failed = false;
        // The fewest values of an open slot, and the first word of 64 slots with them.
        let mut least = (BOUND, 0);
        for (m, &word) in open.iter().enumerate() {
            if word == 0 {
                continue;
            }
            let y0 = 64 * m as i64;
            let mut lost = [0u64; MAX];
            for kk in 0..k {
                let mut keep = word & inside[kk].lanes(y0);
                for span in &same[kk][..kk] {
                    keep &= !span.lanes(y0);
                }
                for j in (0..k).filter(|&j| j != kk) {
                    if keep == 0 {
                        break;
                    }
                    let s = self.a[j] - self.a[kk];
                    keep &= !self.window(c[kk] + self.b[j] + s * y0, s);
                }
                lost[kk] = keep;
            }
            let any = any_of(lost);
            let y0 = 64 * m;
            let Ok(chunk) =
                <&mut [u32; 64]>::try_from(sizes.get_mut(y0..y0 + 64).unwrap_or(&mut []))
            else {
                // The last word, short: slot by slot.
                let chunk = &mut sizes[y0..];
                let mut any = any;
                while any != 0 {
                    let l = any.trailing_zeros() as usize;
                    any &= any - 1;
                    let count = (0..MAX).map(|j| (lost[j] >> l) as u32 & 1).sum::<u32>();
                    match down {
                        true => chunk[l] -= count,
                        false => chunk[l] += count,
                    }
                }
                if down {
                    failed |= settle(chunk, any_of(lost), y0, queue, &mut least);
                }
                continue;
            };
            if any != 0 {
                count(chunk, lost, down);
            }
            if down {
                failed |= settle(chunk, any, y0, queue, &mut least);
            }
        }
        let least = match least {
            (BOUND, _) => None,
            (size, y0) => sizes[y0..]
                .iter()
                .position(|&s| s == size)
                .map(|l| (y0 + l) as u32),
        };
        Swept { failed, least }
    }
}

/// The lanes where some all-different removed a value.
fn any_of(lost: [u64; MAX]) -> u64 {
    lost[0] | lost[1] | lost[2]
}

/// `SPREAD[b][i]` is bit `i` of `b`.
static SPREAD: [[u32; 8]; 256] = {
    let mut t = [[0; 8]; 256];
    let mut b = 0;
    while b < 256 {
        let mut i = 0;
        while i < 8 {
            t[b][i] = ((b >> i) & 1) as u32;
            i += 1;
        }
        b += 1;
    }
    t
};

/// Subtracts (`down`) or adds each lane's count of `lost` bits to its size, eight lanes at a
/// time from a table (no branch per lane: the compiler vectorises it).
#[inline(always)]
fn count(chunk: &mut [u32; 64], lost: [u64; MAX], down: bool) {
    for (g, lanes) in chunk.chunks_exact_mut(8).enumerate() {
        let byte = |x: u64| (x >> (8 * g)) as u8 as usize;
        let (a, b, c) = (
            &SPREAD[byte(lost[0])],
            &SPREAD[byte(lost[1])],
            &SPREAD[byte(lost[2])],
        );
        for i in 0..8 {
            let k = a[i] + b[i] + c[i];
            lanes[i] = match down {
                true => lanes[i] - k,
                false => lanes[i] + k,
            };
        }
    }
}

/// After a word's sizes went down: queues the slots of `lost` lanes left with one value,
/// says whether one has none, and keeps the fewest values seen and the first word with
/// them in `least`.
#[inline(always)]
fn settle(
    chunk: &[u32],
    lost: u64,
    y0: usize,
    queue: &mut Vec<u32>,
    least: &mut (u32, usize),
) -> bool {
    let low = chunk.iter().copied().min().unwrap_or(BOUND);
    if low < least.0 {
        *least = (low, y0);
    }
    let mut failed = false;
    if low <= 1 {
        let mut lost = lost;
        while lost != 0 {
            let l = lost.trailing_zeros() as usize;
            lost &= lost - 1;
            match chunk[l] {
                0 => failed = true,
                1 => queue.push((y0 + l) as u32),
                _ => {}
            }
        }
    }
    failed
}

/// Bits 0, 2, .., 62 of `x`, as bits 0..32.
#[inline(always)]
fn evens(x: u64) -> u64 {
    let mut x = x & 0x5555_5555_5555_5555;
    x = (x | x >> 1) & 0x3333_3333_3333_3333;
    x = (x | x >> 2) & 0x0f0f_0f0f_0f0f_0f0f;
    x = (x | x >> 4) & 0x00ff_00ff_00ff_00ff;
    x = (x | x >> 8) & 0x0000_ffff_0000_ffff;
    (x | x >> 16) & 0x0000_0000_ffff_ffff
}

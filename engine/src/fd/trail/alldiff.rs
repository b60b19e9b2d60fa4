//! An all-different with offsets in the mutable space: its members, which are open, and
//! where the marks of the shifted values its bound members took are.
//!
//! ```text
//! members   (slot, offset) sorted by offset, then slot; a bit per member while it is open
//! window    taking s can remove s - o only from members with  s - hi <= o <= s - lo
//! marks     one byte per shifted value in origin..origin + len, at marks[start..]
//! ```

/// An all-different with offsets as the builder gives it: its members (slot, offset) by
/// offset, then slot (a sweep visits only the members whose offset puts the removed value
/// within `lo..=hi`, the bounds of all their initial domains), the range
/// `origin..origin + len` of the shifted values `x + o` its members can take, and those its
/// bound members took.
pub(super) struct AllDiffSpec {
    pub(super) members: Vec<(u32, i64)>,
    pub(super) lo: i64,
    pub(super) hi: i64,
    pub(super) origin: i64,
    pub(super) len: usize,
    pub(super) fixed: Vec<i64>,
}

/// An all-different in the space: its members, which of them are open (a bit per member:
/// a sweep visits the open ones only), and where its marks are (one byte per shifted value,
/// `marks[start..start + len]` for `origin..origin + len`).
#[derive(Clone)]
pub(super) struct AllDiff {
    pub(super) members: Vec<(u32, i64)>,
    pub(super) lo: i64,
    pub(super) hi: i64,
    pub(super) open: Vec<u64>,
    pub(super) origin: i64,
    pub(super) start: usize,
    pub(super) len: usize,
}

/// `n` set bits.
pub(super) fn full_mask(n: usize) -> Vec<u64> {
    let mut mask = vec![u64::MAX; n / 64];
    if !n.is_multiple_of(64) {
        mask.push((1u64 << (n % 64)) - 1);
    }
    mask
}

/// Sets or clears bit `i`.
#[inline]
pub(super) fn flip(mask: &mut [u64], i: usize, on: bool) {
    if on {
        mask[i / 64] |= 1 << (i % 64);
    } else {
        mask[i / 64] &= !(1 << (i % 64));
    }
}

/// The set bits of `words` at `start..end`, in order.
pub(super) struct Ones<'a> {
    words: &'a [u64],
    /// The word being read, its bits below the next one to give cleared.
    i: usize,
    word: u64,
    end: usize,
}

impl<'a> Ones<'a> {
    /// The set bits of `words` at `start..end`.
    pub(super) fn new(words: &'a [u64], start: usize, end: usize) -> Ones<'a> {
        let word = match start < end {
            true => words[start / 64] & (u64::MAX << (start % 64)),
            false => 0,
        };
        Ones {
            words,
            i: start / 64,
            word,
            end,
        }
    }
}

impl Iterator for Ones<'_> {
    type Item = usize;

    fn next(&mut self) -> Option<usize> {
        loop {
            if self.word != 0 {
                let k = self.i * 64 + self.word.trailing_zeros() as usize;
                if k >= self.end {
                    return None;
                }
                self.word &= self.word - 1;
                return Some(k);
            }
            self.i += 1;
            if self.i * 64 >= self.end {
                return None;
            }
            self.word = self.words[self.i];
        }
    }
}

impl AllDiff {
    /// The open members whose offset `o` can put `s - o` in their domain: those with
    /// `s - hi <= o <= s - lo` (the members are sorted by offset).
    pub(super) fn open_within(&self, s: i64) -> Ones<'_> {
        let start = self.members.partition_point(|m| m.1 < s - self.hi);
        let end = self.members.partition_point(|m| m.1 <= s - self.lo);
        Ones::new(&self.open, start, end)
    }

    /// Where the mark of the shifted value `s` is, if `s` is in range.
    #[inline]
    pub(super) fn index(&self, s: i64) -> Option<usize> {
        let i = usize::try_from(s.checked_sub(self.origin)?).ok()?;
        (i < self.len).then_some(self.start + i)
    }
}

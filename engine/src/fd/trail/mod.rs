//! Labeling on a mutable store with a trail: the fast path of [`label`](super::label) when
//! every constraint on the labeled variables has a mutable form.
//!
//! The persistent search (`search.rs`) copies a domain and writes the persistent domain map
//! for every value a binding removes; a first-fail board of n queens removes about n² values,
//! so that costs O(n²) copies and map writes. Here the sub-problem is copied once into a
//! [`Space`](space::Space) (bounds and a size per variable; per all-different, the shifted
//! values its bound members took), the search changes it in place, and a trail of undo
//! entries takes it back to a choice point: a removal is a decrement, and undoing a binding
//! costs what doing it cost.
//!
//! ```text
//! label(xs, how) on s:  how has a mutable form (leftmost / first-fail, up / down / middle-out)
//!                       and build(s, xs) succeeds (every constraint on xs supported, closed)
//!                         -> this search; each solution = s + every slot bound, the
//!                            distinct_offsets that now hold removed from the store
//!                       else -> the persistent search, as before
//! ```
//!
//! When every slot is in every all-different (at most three), no domain has holes and no
//! disequality is posted, the space is *uniform* and a binding sweeps the open slots once for
//! all its all-differents (`uniform.rs`); when, besides, the offsets are affine in the slot
//! with slopes -1..=1 and the domains equal (the queens: `0`, `i`, `-i` over `0..n`), the
//! sweep and the search for a slot's values read the marks as bits, 64 slots or values at
//! a time (`affine.rs`). Every other space sweeps each all-different in turn (`space/`).
//!
//! Both searches visit the same tree: forward checking reaches one fixpoint whatever the
//! order it runs in, the variable order reads exact domain sizes (ties to the leftmost), and
//! the values come in the same order; so the answers are the same, in the same order (tested
//! against the persistent search on random problems, `tests.rs`).

mod affine;
mod alldiff;
mod build;
mod search;
mod space;
#[cfg(test)]
mod tests;
mod uniform;

use super::label::Labeling;
use crate::kernel::state::State;
use crate::kernel::stream::Stream;
use crate::kernel::term::Term;

/// The solutions of labeling `xs` in `s` by `how` on a mutable space, or `None` when the
/// problem or the order has no mutable form (the caller then searches persistently).
pub(crate) fn label(s: &State, xs: &[Term], how: Labeling) -> Option<Stream> {
    if !search::supports(how) {
        return None;
    }
    let p = build::build(s, xs)?;
    Some(search::Search::new(p, s.clone(), how).stream())
}

/// The labeling of `xs` in `s` by `how` on a mutable space, stopped below a path of choices
/// (at first, none), for the parallel search that cuts it one choice point at a time: each
/// alternative copies it and goes one choice further (the copy is a few arrays; copying the
/// problem out of the state again and following the whole path cost a tenth of a small
/// search).
#[derive(Clone)]
pub(crate) struct Below(search::Search);

impl Below {
    /// The labeling at its root, or `None` when the problem or the order has no mutable form.
    pub(crate) fn root(s: &State, xs: &[Term], how: Labeling) -> Option<Below> {
        if !search::supports(how) {
            return None;
        }
        Some(Below(search::Search::new(
            build::build(s, xs)?,
            s.clone(),
            how,
        )))
    }

    /// The values of the next slot in the order the labeling tries them (some may fail once
    /// propagated), or the solution when no slot is open.
    pub(crate) fn choices(&self) -> Result<Vec<i64>, State> {
        self.0.clone().next_choices()
    }

    /// This labeling one choice further, `v` for the next slot; `None` when it fails.
    pub(crate) fn child(&self, v: i64) -> Option<Below> {
        let mut search = self.0.clone();
        search.descend(&[v]).then_some(Below(search))
    }

    /// The solutions below this point, in the labeling's order.
    pub(crate) fn stream(self) -> Stream {
        self.0.stream_below()
    }
}

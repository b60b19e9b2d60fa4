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
use crate::state::State;
use crate::stream::Stream;
use crate::term::Term;

/// The solutions of labeling `xs` in `s` by `how` on a mutable space, or `None` when the
/// problem or the order has no mutable form (the caller then searches persistently).
pub(crate) fn label(s: &State, xs: &[Term], how: Labeling) -> Option<Stream> {
    if !search::supports(how) {
        return None;
    }
    let p = build::build(s, xs)?;
    Some(search::Search::new(p, s.clone(), how).stream())
}

/// Where the labeling of `xs` in `s` by `how` on a mutable space goes below the choices
/// `path` (the values given, in turn, to the slots it chooses): the values of its next slot
/// in the order it tries them, the solution the path reaches, or nothing (a value out of its
/// domain, or a failed propagation). `None` when the problem or the order has no mutable form.
/// The parallel search cuts a labeling this way, one choice point at a time, keeping every part
/// on the mutable space (each part copies the problem and follows its path again).
pub(crate) fn choices_below(
    s: &State,
    xs: &[Term],
    how: Labeling,
    path: &[i64],
) -> Option<Option<Result<Vec<i64>, State>>> {
    if !search::supports(how) {
        return None;
    }
    let mut search = search::Search::new(build::build(s, xs)?, s.clone(), how);
    Some(search.descend(path).then(|| search.next_choices()))
}

/// The solutions of the labeling below `path` (see [`choices_below`]), in its order.
pub(crate) fn label_below(s: &State, xs: &[Term], how: Labeling, path: &[i64]) -> Option<Stream> {
    if !search::supports(how) {
        return None;
    }
    let mut search = search::Search::new(build::build(s, xs)?, s.clone(), how);
    Some(match search.descend(path) {
        true => search.stream_below(),
        false => Stream::empty(),
    })
}

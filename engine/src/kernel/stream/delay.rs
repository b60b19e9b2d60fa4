//! Counted suspensions: `Inc^k(Apply(g, s))` and `Inc^k(Empty)` as one node each.
//!
//! A `defne!` clause is core.logic's nested `(fresh [..] (== pattern arg) ...)`, one `fresh`,
//! so one suspension, per argument with a pattern. Nothing in between branches: the clause
//! is the stream `Inc^k(body(s'))` when all `k` levels match, `Inc^j(Empty)` when level `j`
//! does not. The clause is matched when it is applied, all its levels at once, and the
//! suspensions are kept as a count, opened one at a time by the rules of `mod.rs` as before:
//! what the search sees (each `Inc` and where it swaps) is unchanged, only the goals of the
//! inner levels are no longer built.

use super::{Node, Stream};
use crate::kernel::goal::Goal;
use crate::kernel::state::State;

/// `Delayed(k, g, s)` or `Paused(k)` (`k >= 2`) opened: one suspension fewer. Opening it
/// stands for applying the goal of the clause's next pattern level, which was a goal of its
/// own: one budget step, as that application was; `Empty` when the budget says stop.
pub(super) fn open(node: Node) -> Node {
    if !crate::kernel::budget::tick() {
        return Node::Empty;
    }
    match node {
        Node::Delayed(k, g, s) => delayed(k - 1, g, s),
        Node::Paused(k) => paused(k - 1),
        _ => unreachable!("a counted suspension"),
    }
}

/// The budget steps of the `k - 1` pattern levels inside `k` counted suspensions, passed
/// over at once (depth-first): `false` when the budget says stop.
pub(crate) fn pass_levels(k: u32) -> bool {
    (1..k).all(|_| crate::kernel::budget::tick())
}

/// `Inc^k(Apply(g, s))`.
pub(super) fn delayed(k: u32, g: Goal, s: State) -> Node {
    match k {
        0 => Node::Apply(g, s),
        1 => Node::Suspended(g, s),
        _ => Node::Delayed(k, g, s),
    }
}

/// `Inc^k(Empty)`.
pub(super) fn paused(k: u32) -> Node {
    match k {
        0 => Node::Empty,
        _ => Node::Paused(k),
    }
}

impl Stream {
    /// `g` applied to `s` after `k` suspensions (core.logic's `-inc` nested `k` times around
    /// the application): what a `defne!` clause whose `k` pattern levels matched is.
    ///
    /// ```
    /// use kanren::{eq, run_all, Goal, Stream};
    /// let g = Goal::new(|s| Stream::delayed(3, eq(1, 1), s));
    /// assert_eq!(run_all(|_q| g.clone()).count(), 1);
    /// ```
    pub fn delayed(k: u32, g: Goal, s: State) -> Stream {
        Stream(delayed(k, g, s))
    }

    /// No state, after `k` suspensions: what a `defne!` clause whose `k`-th pattern level
    /// does not match is (core.logic's `fresh` suspends before its `==` fails).
    ///
    /// ```
    /// use kanren::{run_all, Goal, Stream};
    /// let g = Goal::new(|_s| Stream::paused(2));
    /// assert_eq!(run_all(|_q| g.clone()).count(), 0);
    /// ```
    pub fn paused(k: u32) -> Stream {
        Stream(paused(k))
    }
}

//! The pending frames of the forcing loop: a suspension opened where it is met ([`reopen`]),
//! and the spare frame vectors that suspensions capture into.

use super::{Frame, Link, Node};
use crate::goal::Goal;
use std::collections::VecDeque;

/// The index of the outermost `mplus` frame, if any.
#[inline]
pub(super) fn outermost_mplus(frames: &[Frame]) -> Option<usize> {
    frames.iter().position(|f| matches!(f, Frame::Mplus(_)))
}

/// A search whose budget stopped at a suspension: its frontier dropped unforced.
#[cold]
pub(super) fn stop(frames: &mut Vec<Frame>) -> Node {
    frames.clear();
    Node::Empty
}

/// What a suspension delays: in its own box already, or not.
pub(super) enum Held {
    Boxed(Link),
    Bare(Node),
}

/// The suspension `Inc(t)` met under `frames`, whose outermost `mplus` frame is `frames[j]`,
/// opened at once. By the rules it is `Inc(F0'[F1'[...[t]]])`, each `mplus(_, y)` frame
/// swapped into `mplus(y, _)`: opened and forced again, the binds frames before `j` come
/// back as they were, and `frames[j]` becomes `mplus(y, rest)` with `rest` the frames after
/// it around `t`; `y` is forced next. The same rewrites as taking all the frames into a
/// `Captured` and unpacking it from the front, without leaving the loop, and moving only
/// the shorter side: the frames after `j` into `rest` (one frame becomes a plain `Bind` or
/// `Mplus` node, more a `Resume`), or, when they are more than those before `j`, all the
/// frames into the `Resume` and those before `j` back (as the unpacking did).
pub(super) fn reopen(j: usize, t: Held, frames: &mut Vec<Frame>) -> Node {
    if crate::budget::stopped_here() {
        return stop(frames);
    }
    let after = frames.len() - j - 1;
    if after == 0 {
        let t = match t {
            Held::Boxed(t) => t.into_inner(),
            Held::Bare(t) => t,
        };
        return swap_top(t, frames);
    }
    let t = match t {
        Held::Boxed(t) => t,
        Held::Bare(t) => Link::new(t),
    };
    if after == 1 {
        // A captured binds frame is a plain bind; a captured mplus(_, y), mplus(y, _).
        let rest = match frames.pop().expect("a frame after j") {
            Frame::Binds(run) => Node::Bind(t, run),
            Frame::Mplus(y) => Node::Mplus(y, t),
        };
        return swap_top(rest, frames);
    }
    if after <= j {
        let mut fs = spare();
        fs.extend(frames.drain(j + 1..));
        return swap_top(Node::Resume(t, fs.into()), frames);
    }
    let mut all: VecDeque<Frame> = take_frames(frames).into();
    frames.extend(all.drain(..j));
    let Some(Frame::Mplus(mut y)) = all.pop_front() else {
        unreachable!("frames[j] is an mplus frame")
    };
    let next = y.replace(Node::Resume(t, all));
    frames.push(Frame::Mplus(y));
    next
}

/// Puts `rest` in the top frame, an `mplus(_, y)`, which becomes `mplus(rest, _)`; `y`.
#[inline]
fn swap_top(rest: Node, frames: &mut [Frame]) -> Node {
    let Some(Frame::Mplus(y)) = frames.last_mut() else {
        unreachable!("the outermost mplus frame is now the top one")
    };
    y.replace(rest)
}

std::thread_local! {
    /// Emptied frame vectors of finished `Resume`s, kept for the next suspension to capture
    /// into: a suspension then costs no growing of a new vector.
    static SPARE: std::cell::RefCell<Vec<Vec<Frame>>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// The frames, leaving `frames` an empty vector (a spare one when there is one).
pub(super) fn take_frames(frames: &mut Vec<Frame>) -> Vec<Frame> {
    std::mem::replace(frames, spare())
}

/// An empty frame vector: a spare one when there is one.
fn spare() -> Vec<Frame> {
    SPARE
        .with_borrow_mut(|spare| spare.pop())
        .unwrap_or_default()
}

/// Keeps the emptied vector `fs` for [`take_frames`]: at most 64 vectors of at most 256
/// frames (under 400 KB) per thread.
pub(super) fn recycle(fs: Vec<Frame>) {
    debug_assert!(fs.is_empty());
    if fs.capacity() <= 256 {
        SPARE.with_borrow_mut(|spare| {
            if spare.len() < 64 {
                spare.push(fs);
            }
        });
    }
}

/// Takes the innermost goal of the run of binds on top of `frames`.
pub(super) fn pop_bind(frames: &mut Vec<Frame>) -> Goal {
    let Some(Frame::Binds(run)) = frames.last_mut() else {
        unreachable!("top frame is a run of binds")
    };
    let g = run.pop().expect("runs of binds are never empty");
    if run.is_empty() {
        frames.pop();
    }
    g
}

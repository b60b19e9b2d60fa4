//! The pending frames of the forcing loop: the spare frame vectors that suspensions capture
//! into, and the run of binds on top.

use super::Frame;
use crate::kernel::goal::Goal;

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

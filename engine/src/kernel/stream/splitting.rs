//! Whether this thread is cutting a stream into parts for a parallel search: a flag that the
//! cutting sets and that goals whose search is one loop (`fd::label`) read, to show their
//! first choice point as a disjunction that can be cut.

use std::cell::Cell;

thread_local! {
    /// Set on the thread that cuts a query into parts, while it does.
    static SPLITTING: Cell<bool> = const { Cell::new(false) };
}

/// Whether this thread is cutting a query into parts: goals whose search is one loop (such
/// as `fd::label`) then show their first choice point as a disjunction, so it can be cut.
pub(crate) fn splitting() -> bool {
    SPLITTING.with(Cell::get)
}

/// [`splitting`] while this guard lives (cleared again if the cutting panics).
pub(crate) struct Splitting;

impl Splitting {
    pub(crate) fn enter() -> Splitting {
        SPLITTING.with(|f| f.set(true));
        Splitting
    }
}

impl Drop for Splitting {
    fn drop(&mut self) {
        SPLITTING.with(|f| f.set(false));
    }
}

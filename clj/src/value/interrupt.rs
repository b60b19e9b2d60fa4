//! The interrupt (Ctrl-C): a flag that the running evaluation, a long seq walk or a query
//! checks, and the "interrupted" error it then stops with.

use crate::value::error::{Error, Result};
use std::sync::atomic::{AtomicBool, Ordering};

static INTERRUPTED: AtomicBool = AtomicBool::new(false);

/// Asks the running evaluation (and query) to stop with an "interrupted" error (Ctrl-C).
pub fn interrupt() {
    INTERRUPTED.store(true, Ordering::SeqCst);
}

/// Clears a pending interrupt (before the REPL evaluates the next input).
pub fn clear_interrupt() {
    INTERRUPTED.store(false, Ordering::SeqCst);
}

/// An "interrupted" error when Ctrl-C was pressed.
pub fn check_interrupt() -> Result<()> {
    if INTERRUPTED.load(Ordering::Relaxed) {
        Err(Error::msg("interrupted"))
    } else {
        Ok(())
    }
}

//! The interrupt (Ctrl-C) and the time limit: what the running evaluation, a long seq walk or
//! a query checks, and the error it then stops with.
//!
//! One word says whether anything is asked of the checks: bit 0 is the interrupt, and the rest
//! counts the threads running under a time limit ([`with_time_limit`]). While it is zero, a
//! check is one load. A thread under a limit reads the clock once every [`CLOCK_EVERY`] checks.

use crate::value::error::{Error, Result};
use std::cell::Cell;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;
use web_time::Instant;

static FLAGS: AtomicUsize = AtomicUsize::new(0);
const INTERRUPTED: usize = 1;
const LIMITED: usize = 2;

/// How many checks a thread under a time limit makes between two readings of the clock.
pub const CLOCK_EVERY: u32 = 256;

thread_local! {
    /// This thread's time limit: when it ends, what it was, and the checks left before the
    /// clock is read again.
    static LIMIT: Cell<Option<(Instant, Duration, u32)>> = const { Cell::new(None) };
}

/// Asks the running evaluation (and query) to stop with an "interrupted" error (Ctrl-C).
pub fn interrupt() {
    FLAGS.fetch_or(INTERRUPTED, Ordering::SeqCst);
}

/// Clears a pending interrupt (before the REPL evaluates the next input).
pub fn clear_interrupt() {
    FLAGS.fetch_and(!INTERRUPTED, Ordering::SeqCst);
}

/// An "interrupted" error when Ctrl-C was pressed, a "time limit" error when this thread's
/// time limit has passed.
#[inline]
pub fn check_interrupt() -> Result<()> {
    if FLAGS.load(Ordering::Relaxed) == 0 {
        Ok(())
    } else {
        asked()
    }
}

#[cold]
#[inline(never)]
fn asked() -> Result<()> {
    if FLAGS.load(Ordering::Relaxed) & INTERRUPTED != 0 {
        return Err(Error::msg("interrupted"));
    }
    LIMIT.with(|l| match l.get() {
        Some((end, limit, 0)) => {
            l.set(Some((end, limit, CLOCK_EVERY)));
            if Instant::now() >= end {
                Err(Error::msg(format!(
                    "time limit: stopped after {} ms",
                    limit.as_millis()
                )))
            } else {
                Ok(())
            }
        }
        Some((end, limit, n)) => {
            l.set(Some((end, limit, n - 1)));
            Ok(())
        }
        None => Ok(()),
    })
}

/// Runs `f` with a time limit on this thread's evaluation: once `limit` has passed, the
/// evaluation, and a query it runs, stop with the error `time limit: stopped after N ms`.
/// Limits nest: the inner one holds while it runs, the outer one again after it.
///
/// ```
/// use std::time::Duration;
/// kanren_clj::init();
/// let e = kanren_clj::with_time_limit(Duration::from_millis(50), || {
///     kanren_clj::eval_str("(loop [n 0] (recur (inc n)))")
/// });
/// assert!(e.unwrap_err().to_string().ends_with("time limit: stopped after 50 ms"));
/// assert_eq!(kanren_clj::eval_str("(+ 1 2)").unwrap().to_string(), "3");
/// ```
pub fn with_time_limit<T>(limit: Duration, f: impl FnOnce() -> T) -> T {
    struct Restore(Option<(Instant, Duration, u32)>);
    impl Drop for Restore {
        fn drop(&mut self) {
            LIMIT.with(|l| l.set(self.0));
            FLAGS.fetch_sub(LIMITED, Ordering::SeqCst);
        }
    }
    FLAGS.fetch_add(LIMITED, Ordering::SeqCst);
    let _restore = Restore(LIMIT.with(|l| l.replace(Some((Instant::now() + limit, limit, 0)))));
    f()
}

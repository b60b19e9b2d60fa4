//! Ctrl-C: a clean stop of a board stream (finish the board, flush, exit 130), an immediate one otherwise.
//!
//! While boards stream (first `k` or `--all`), the first Ctrl-C only raises a flag; the
//! stream of [`until_interrupted`] then ends before the next board, the output is completed
//! (an HTML page is closed) and flushed, and the program exits with 130. A second Ctrl-C,
//! for a search that takes long to reach its next board, exits at once. During `--count`
//! there is nothing to finish: a count that can stop ([`stop_count_on_interrupt`]: the
//! parallel and budgeted counts) stops at the first Ctrl-C and reports the boards counted so
//! far; the single-threaded count exits at once with 130.

use kanren::CancelToken;
use std::io::Write;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::OnceLock;

static INTERRUPTED: AtomicBool = AtomicBool::new(false);
static STREAMING: AtomicBool = AtomicBool::new(false);
static COUNT_STOP: OnceLock<CancelToken> = OnceLock::new();

/// Makes the first Ctrl-C during a count set `token` (the count then stops and reports)
/// instead of exiting; a second Ctrl-C still exits at once.
///
/// ```
/// queens::cli::interrupt::stop_count_on_interrupt(kanren::CancelToken::new());
/// ```
pub fn stop_count_on_interrupt(token: CancelToken) {
    let _ = COUNT_STOP.set(token);
}

/// Installs the Ctrl-C handler; `streaming` says whether boards are being printed.
///
/// Installing twice, or on a platform without signals, leaves Ctrl-C as it was.
pub fn install(streaming: bool) {
    STREAMING.store(streaming, Ordering::SeqCst);
    let _ = ctrlc::set_handler(|| {
        if STREAMING.load(Ordering::SeqCst) && !INTERRUPTED.swap(true, Ordering::SeqCst) {
            return;
        }
        if let Some(token) = COUNT_STOP.get() {
            if !INTERRUPTED.swap(true, Ordering::SeqCst) {
                token.cancel();
                let _ = writeln!(std::io::stderr());
                return;
            }
        }
        let _ = writeln!(std::io::stderr(), "\ninterrupted");
        std::process::exit(i32::from(super::exit::INTERRUPTED));
    });
}

/// Whether Ctrl-C was pressed while boards were streaming.
///
/// ```
/// assert!(!queens::cli::interrupt::interrupted());
/// ```
pub fn interrupted() -> bool {
    INTERRUPTED.load(Ordering::SeqCst)
}

/// The boards of `boards` until Ctrl-C: the flag is read before each board is searched.
///
/// ```
/// use queens::cli::interrupt::until_interrupted;
/// assert_eq!(until_interrupted(vec![vec![0]]).count(), 1);
/// ```
pub fn until_interrupted<I>(boards: I) -> impl Iterator<Item = Vec<usize>>
where
    I: IntoIterator<Item = Vec<usize>>,
{
    let mut boards = boards.into_iter();
    std::iter::from_fn(move || if interrupted() { None } else { boards.next() })
}

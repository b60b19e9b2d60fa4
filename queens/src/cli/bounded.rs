//! `--timeout` and `--max-memory` for the modes that print boards (first K and `--all`).
//!
//! The search runs on a thread of its own and hands its boards over one at a time (a
//! rendezvous channel, so it never runs more than one board ahead of the printing). The
//! printing thread waits for each board with the stop token in view: when the watcher
//! ([`super::watch`]) cancels it, or Ctrl-C is pressed, the boards end at once, even if the
//! search is deep inside the next one. What was printed stays whole (an HTML page is
//! closed) and the search thread is left behind for the process exit to end.

use std::cell::RefCell;
use std::rc::Rc;
use std::sync::mpsc::{self, RecvTimeoutError};
use std::time::Duration;

use kanren::CancelToken;

use super::interrupt;
use crate::models::{self, Model, Query};

/// The stack of the search thread: as much as the engine's parallel workers get.
const SEARCH_STACK: usize = 64 << 20;

/// How often the printing thread looks at the stop token while it waits for a board.
const POLL: Duration = Duration::from_millis(5);

/// Why the boards of [`boards`] ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum End {
    /// Still running, or not started.
    Open,
    /// The search gave every board asked for.
    Done,
    /// The stop token was cancelled or Ctrl-C pressed before the search was done.
    Stopped,
    /// The model refused the query.
    Failed(String),
}

/// The boards of `model` for the `n`×`n` board and `query`, searched on their own thread,
/// ending early once `stop` is cancelled or Ctrl-C is pressed; `end` says, once the
/// iterator has ended, which of these happened.
///
/// ```
/// use queens::cli::bounded::{boards, End};
/// use queens::models::{Model, Query};
/// let stop = kanren::CancelToken::new();
/// let (listed, end) = boards(Model::Backtrack, 6, &Query::default(), stop.clone());
/// assert_eq!(listed.count(), 1);
/// assert_eq!(*end.borrow(), End::Done);
///
/// stop.cancel();
/// let (listed, end) = boards(Model::Relational, 10, &Query::default(), stop);
/// assert_eq!(listed.count(), 0);
/// assert_eq!(*end.borrow(), End::Stopped);
/// ```
pub fn boards(
    model: Model,
    n: usize,
    query: &Query,
    stop: CancelToken,
) -> (impl Iterator<Item = Vec<usize>>, Rc<RefCell<End>>) {
    let (tx, rx) = mpsc::sync_channel::<Result<Vec<usize>, String>>(0);
    let query = query.clone();
    let started = std::thread::Builder::new()
        .name("queens-search".into())
        .stack_size(SEARCH_STACK)
        .spawn(move || match models::solutions(model, n, &query) {
            Ok(boards) => {
                for board in boards {
                    if tx.send(Ok(board)).is_err() {
                        return;
                    }
                }
            }
            Err(e) => {
                let _ = tx.send(Err(e.to_string()));
            }
        });
    let end = Rc::new(RefCell::new(match started {
        Ok(_) => End::Open,
        Err(e) => End::Failed(format!("cannot start the search thread: {e}")),
    }));
    let seen = end.clone();
    let iter = std::iter::from_fn(move || {
        if *seen.borrow() != End::Open {
            return None;
        }
        let (next, ended) = loop {
            if stop.is_cancelled() || interrupt::interrupted() {
                break (None, End::Stopped);
            }
            match rx.recv_timeout(POLL) {
                Ok(Ok(board)) => break (Some(board), End::Open),
                Ok(Err(e)) => break (None, End::Failed(e)),
                Err(RecvTimeoutError::Disconnected) => break (None, End::Done),
                Err(RecvTimeoutError::Timeout) => {}
            }
        };
        *seen.borrow_mut() = ended;
        next
    });
    (iter, end)
}

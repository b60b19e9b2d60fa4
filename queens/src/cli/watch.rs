//! `--timeout` and `--max-memory`: a watcher thread that cancels a count when its time is up
//! or the process holds too much memory, and says which.
//!
//! The watcher wakes every 10 ms; memory is the resident set size the kernel reports
//! (`VmRSS` in `/proc/self/status`, Linux only).

use kanren::CancelToken;
use std::fmt;
use std::sync::atomic::{AtomicBool, AtomicU8, Ordering};
use std::sync::Arc;
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// Which limit stopped the count.
///
/// ```
/// use queens::cli::watch::Limit;
/// assert_eq!(Limit::Timeout(2.5).to_string(), "stopped after 2.5 s (--timeout)");
/// ```
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Limit {
    /// The time given, in seconds.
    Timeout(f64),
    /// The memory given, in megabytes.
    Memory(u64),
}

impl fmt::Display for Limit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Limit::Timeout(t) => write!(f, "stopped after {t} s (--timeout)"),
            Limit::Memory(mb) => write!(f, "stopped at {mb} MB of memory (--max-memory)"),
        }
    }
}

/// A running watcher ([`start`]).
pub struct Watcher {
    done: Arc<AtomicBool>,
    why: Arc<AtomicU8>,
    timeout: Option<Duration>,
    max_mb: Option<u64>,
    thread: Option<JoinHandle<()>>,
}

/// Starts watching: `stop` is cancelled once `timeout` has passed or the process holds more
/// than `max_mb` megabytes. Without either limit no thread is started.
///
/// ```
/// use queens::cli::watch::{start, Limit};
/// let token = kanren::CancelToken::new();
/// let w = start(token.clone(), Some(std::time::Duration::from_millis(1)), None);
/// std::thread::sleep(std::time::Duration::from_millis(50));
/// assert!(token.is_cancelled());
/// assert_eq!(w.finish(), Some(Limit::Timeout(0.001)));
/// ```
pub fn start(stop: CancelToken, timeout: Option<Duration>, max_mb: Option<u64>) -> Watcher {
    let done = Arc::new(AtomicBool::new(false));
    let why = Arc::new(AtomicU8::new(0));
    let thread = (timeout.is_some() || max_mb.is_some()).then(|| {
        let (done, why) = (done.clone(), why.clone());
        let deadline = timeout.map(|t| Instant::now() + t);
        std::thread::spawn(move || {
            while !done.load(Ordering::Relaxed) {
                let reason = if deadline.is_some_and(|d| Instant::now() >= d) {
                    1
                } else if max_mb.is_some_and(|mb| resident_mb().is_some_and(|r| r > mb)) {
                    2
                } else {
                    0
                };
                if reason != 0 {
                    why.store(reason, Ordering::Relaxed);
                    stop.cancel();
                    return;
                }
                std::thread::sleep(Duration::from_millis(10));
            }
        })
    });
    Watcher {
        done,
        why,
        timeout,
        max_mb,
        thread,
    }
}

impl Watcher {
    /// Stops watching; the limit that stopped the count, if one did.
    ///
    /// ```
    /// let w = queens::cli::watch::start(kanren::CancelToken::new(), None, None);
    /// assert_eq!(w.finish(), None);
    /// ```
    pub fn finish(mut self) -> Option<Limit> {
        self.done.store(true, Ordering::Relaxed);
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
        match self.why.load(Ordering::Relaxed) {
            1 => self.timeout.map(|t| Limit::Timeout(t.as_secs_f64())),
            2 => self.max_mb.map(Limit::Memory),
            _ => None,
        }
    }
}

/// The resident set size of this process in megabytes, where the system says it.
fn resident_mb() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmRSS:"))?;
    let kb: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb / 1024)
}

/// Whether `--max-memory` can work here.
///
/// ```
/// let _ = queens::cli::watch::can_read_memory();
/// ```
pub fn can_read_memory() -> bool {
    resident_mb().is_some()
}

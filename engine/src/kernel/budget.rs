//! Budgets: a search that stops when it has run too many steps, past a deadline, when another
//! thread cancels it, or when its frontier grows too wide, and says which.
//!
//! A [`Budget`] is shared (an `Arc`): the query holds one clone, the caller keeps another and
//! asks it afterwards whether the search was [`stopped`](Budget::stopped), and why ([`Stop`]).
//! A query without a budget runs as before.
//!
//! How it is checked: every goal the search runs (a depth-first call, an interleaved
//! application) takes one unit of a per-thread allowance ([`tick`]); when the allowance is
//! spent, once every [`CHECK_EVERY`] steps, the budget installed on the thread is read (steps
//! used, the clock, the token, the frontier). So the sequential search pays one thread-local
//! decrement per goal, and a check costs nothing measurable. Once a budget has stopped, every
//! goal on every thread under it fails at once and the search unwinds; answers found after the
//! stop are not delivered, so every answer given is a true answer of the query (a committed
//! choice or a negation cut short by the stop can not leak a wrong one).
//!
//! The frontier is the number of stream nodes alive on this thread (the suspended branches of
//! an interleaved search, which is what grows without bound in a wide search). It is counted
//! per thread, from the moment the budget is installed there: approximate when a search's
//! streams move between threads, exact in a sequential search.

use std::cell::{Cell, RefCell};
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicU8, Ordering};
use std::sync::Arc;
use web_time::{Duration, Instant};

/// How many steps a thread takes between two checks of its budget.
///
/// ```
/// assert!(kanren::CHECK_EVERY >= 1);
/// ```
pub const CHECK_EVERY: u32 = 1024;

/// Why a search stopped before it was exhausted.
///
/// ```
/// use kanren::{Budget, Stop};
/// let b = Budget::new();
/// b.cancel();
/// assert_eq!(b.stopped(), Some(Stop::Cancelled));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Stop {
    /// The number of steps ran out.
    Steps,
    /// The deadline passed.
    Deadline,
    /// The cancellation token was set.
    Cancelled,
    /// The frontier (stream nodes alive) grew past its cap.
    Frontier,
}

impl Stop {
    fn code(self) -> u8 {
        match self {
            Stop::Steps => 1,
            Stop::Deadline => 2,
            Stop::Cancelled => 3,
            Stop::Frontier => 4,
        }
    }

    fn from_code(code: u8) -> Option<Stop> {
        Some(match code {
            1 => Stop::Steps,
            2 => Stop::Deadline,
            3 => Stop::Cancelled,
            4 => Stop::Frontier,
            _ => return None,
        })
    }
}

impl std::fmt::Display for Stop {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Stop::Steps => "the step budget ran out",
            Stop::Deadline => "the deadline passed",
            Stop::Cancelled => "cancelled",
            Stop::Frontier => "the frontier grew past its cap",
        })
    }
}

/// A flag another thread sets to stop a search ([`Budget::cancel_token`]). Cheap to clone.
///
/// ```
/// use kanren::CancelToken;
/// let t = CancelToken::new();
/// let t2 = t.clone();
/// std::thread::spawn(move || t2.cancel()).join().unwrap();
/// assert!(t.is_cancelled());
/// ```
#[derive(Clone, Debug, Default)]
pub struct CancelToken(Arc<AtomicBool>);

impl CancelToken {
    /// A token not yet set.
    ///
    /// ```
    /// assert!(!kanren::CancelToken::new().is_cancelled());
    /// ```
    pub fn new() -> CancelToken {
        CancelToken::default()
    }

    /// Sets the token: every search under it stops within [`CHECK_EVERY`] steps per thread.
    ///
    /// ```
    /// let t = kanren::CancelToken::new();
    /// t.cancel();
    /// assert!(t.is_cancelled());
    /// ```
    pub fn cancel(&self) {
        self.0.store(true, Ordering::Relaxed);
    }

    /// Whether the token is set.
    ///
    /// ```
    /// assert!(!kanren::CancelToken::new().is_cancelled());
    /// ```
    pub fn is_cancelled(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }
}

/// The limits a query runs within: steps, a deadline, a cancellation token, a frontier cap.
/// Set with [`Answers::with_budget`](crate::Answers::with_budget); read afterwards with
/// [`stopped`](Budget::stopped). Cheap to clone: clones share the count and the verdict.
///
/// A step is one goal run (a call of a relation, a unification, a clause); steps are
/// counted in chunks of [`CHECK_EVERY`] per thread, so a search stops within that many steps
/// of its limit (on each thread of a parallel search).
///
/// ```
/// use kanren::{conde, eq, run_all, Budget, Goal, Stop, Term};
/// fn fives(x: Term) -> Goal {
///     Goal::lazy(move || conde([vec![eq(&x, 5)], vec![fives(x.clone())]]))
/// }
/// let budget = Budget::new().steps(10_000);
/// let found = run_all(|q| fives(q.into())).with_budget(budget.clone()).count();
/// assert!(found > 0);
/// assert_eq!(budget.stopped(), Some(Stop::Steps));
///
/// let enough = Budget::new().steps(10_000);
/// assert_eq!(run_all(|q| eq(q, 1)).with_budget(enough.clone()).count(), 1);
/// assert_eq!(enough.stopped(), None); // exhausted, not stopped
/// ```
#[derive(Clone, Debug, Default)]
pub struct Budget(Arc<Shared>);

#[derive(Debug, Default)]
struct Shared {
    max_steps: Option<u64>,
    deadline: Option<Instant>,
    token: CancelToken,
    frontier: Option<usize>,
    used: AtomicU64,
    stopped: AtomicU8,
}

impl Budget {
    /// No limit yet: only [`cancel`](Budget::cancel) stops it.
    ///
    /// ```
    /// assert_eq!(kanren::Budget::new().stopped(), None);
    /// ```
    pub fn new() -> Budget {
        Budget::default()
    }

    fn with(self, f: impl FnOnce(&mut Shared)) -> Budget {
        let mut shared = Shared {
            max_steps: self.0.max_steps,
            deadline: self.0.deadline,
            token: self.0.token.clone(),
            frontier: self.0.frontier,
            used: AtomicU64::new(self.0.used.load(Ordering::Relaxed)),
            stopped: AtomicU8::new(self.0.stopped.load(Ordering::Relaxed)),
        };
        f(&mut shared);
        Budget(Arc::new(shared))
    }

    /// At most `n` steps (goals run), counted over all threads.
    ///
    /// ```
    /// let b = kanren::Budget::new().steps(100);
    /// assert_eq!(b.steps_used(), 0);
    /// ```
    pub fn steps(self, n: u64) -> Budget {
        self.with(|s| s.max_steps = Some(n))
    }

    /// Stop at the instant `at`.
    ///
    /// ```
    /// let b = kanren::Budget::new().deadline(std::time::Instant::now());
    /// assert_eq!(b.stopped(), None); // read when the search runs
    /// ```
    pub fn deadline(self, at: Instant) -> Budget {
        self.with(|s| s.deadline = Some(at))
    }

    /// Stop after `d` from now.
    ///
    /// ```
    /// let b = kanren::Budget::new().timeout(std::time::Duration::from_secs(1));
    /// assert_eq!(b.stopped(), None);
    /// ```
    pub fn timeout(self, d: Duration) -> Budget {
        self.deadline(Instant::now() + d)
    }

    /// Stop when `token` is set (by any thread); it replaces the budget's own token.
    ///
    /// ```
    /// let t = kanren::CancelToken::new();
    /// let b = kanren::Budget::new().cancel_on(t.clone());
    /// t.cancel();
    /// assert!(b.cancel_token().is_cancelled());
    /// ```
    pub fn cancel_on(self, token: CancelToken) -> Budget {
        self.with(|s| s.token = token)
    }

    /// Stop when more than `nodes` stream nodes (suspended branches) are alive on a thread.
    ///
    /// ```
    /// let b = kanren::Budget::new().frontier(1_000_000);
    /// assert_eq!(b.stopped(), None);
    /// ```
    pub fn frontier(self, nodes: usize) -> Budget {
        self.with(|s| s.frontier = Some(nodes))
    }

    /// The token that cancels this budget: give it to another thread.
    ///
    /// ```
    /// let b = kanren::Budget::new();
    /// b.cancel_token().cancel();
    /// assert_eq!(b.stopped(), Some(kanren::Stop::Cancelled));
    /// ```
    pub fn cancel_token(&self) -> CancelToken {
        self.0.token.clone()
    }

    /// Sets the cancellation token.
    ///
    /// ```
    /// let b = kanren::Budget::new();
    /// b.cancel();
    /// assert!(b.stopped().is_some());
    /// ```
    pub fn cancel(&self) {
        self.0.token.cancel();
    }

    /// Why the search stopped, or `None` while it runs and when it was exhausted (or ended
    /// because it had enough answers). A set token counts as stopped even before a search
    /// has seen it.
    ///
    /// ```
    /// let b = kanren::Budget::new().steps(0);
    /// assert_eq!(kanren::run_all(|q| kanren::eq(q, 1)).with_budget(b.clone()).count(), 0);
    /// assert_eq!(b.stopped(), Some(kanren::Stop::Steps));
    /// ```
    pub fn stopped(&self) -> Option<Stop> {
        let code = self.0.stopped.load(Ordering::Relaxed);
        match Stop::from_code(code) {
            Some(stop) => Some(stop),
            None if self.0.token.is_cancelled() => Some(Stop::Cancelled),
            None => None,
        }
    }

    /// Steps counted so far (in chunks of [`CHECK_EVERY`]).
    ///
    /// ```
    /// assert_eq!(kanren::Budget::new().steps_used(), 0);
    /// ```
    pub fn steps_used(&self) -> u64 {
        self.0.used.load(Ordering::Relaxed)
    }

    /// Whether the budget has stopped; for the search itself.
    pub(crate) fn is_stopped(&self) -> bool {
        self.0.stopped.load(Ordering::Relaxed) != 0
    }

    /// Records why it stopped (the first reason wins).
    pub(crate) fn stop(&self, why: Stop) {
        let _ =
            self.0
                .stopped
                .compare_exchange(0, why.code(), Ordering::Relaxed, Ordering::Relaxed);
    }

    /// Counts `steps` more and reads every limit; `false` when the search must stop.
    fn check(&self, steps: u64, live: isize) -> bool {
        let s = &self.0;
        if self.is_stopped() {
            return false;
        }
        let used = s.used.fetch_add(steps, Ordering::Relaxed) + steps;
        let why = if s.token.is_cancelled() {
            Some(Stop::Cancelled)
        } else if s.max_steps.is_some_and(|max| used >= max) {
            Some(Stop::Steps)
        } else if s.frontier.is_some_and(|max| live > max as isize) {
            Some(Stop::Frontier)
        } else if s.deadline.is_some_and(|at| Instant::now() >= at) {
            Some(Stop::Deadline)
        } else {
            None
        };
        match why {
            None => true,
            Some(why) => {
                self.stop(why);
                false
            }
        }
    }

    /// Installs the budget on this thread until the guard is dropped, and checks it once (so
    /// that a budget of 0 steps, a past deadline or a set token stop before any work).
    pub(crate) fn enter(&self) -> Entered {
        let previous = CURRENT.with_borrow_mut(|c| c.replace(self.clone()));
        let entered = Entered {
            budget: self.clone(),
            previous,
            fuel: FUEL.get(),
            base: BASE.replace(LIVE.get()),
        };
        FUEL.set(if self.check(0, 0) { CHECK_EVERY } else { 0 });
        entered
    }
}

/// A budget installed on this thread ([`Budget::enter`]); dropping it counts the steps taken
/// since the last check and restores the budget before.
pub(crate) struct Entered {
    budget: Budget,
    previous: Option<Budget>,
    fuel: u32,
    base: isize,
}

impl Drop for Entered {
    fn drop(&mut self) {
        let fuel = FUEL.get();
        if fuel != 0 {
            let taken = u64::from(CHECK_EVERY - fuel);
            self.budget.0.used.fetch_add(taken, Ordering::Relaxed);
        }
        CURRENT.with_borrow_mut(|c| *c = self.previous.take());
        FUEL.set(self.fuel);
        BASE.set(self.base);
    }
}

std::thread_local! {
    /// Steps this thread may take before it next checks its budget.
    static FUEL: Cell<u32> = const { Cell::new(CHECK_EVERY) };
    /// The budget installed on this thread, if any.
    static CURRENT: RefCell<Option<Budget>> = const { RefCell::new(None) };
    /// Stream nodes made minus stream nodes freed on this thread.
    static LIVE: Cell<isize> = const { Cell::new(0) };
    /// `LIVE` when the budget was installed.
    static BASE: Cell<isize> = const { Cell::new(0) };
}

/// One step of the search on this thread: `false` when its budget says stop.
#[inline]
pub(crate) fn tick() -> bool {
    let fuel = FUEL.get();
    if fuel != 0 {
        FUEL.set(fuel - 1);
        return true;
    }
    refuel()
}

/// The allowance is spent: check the budget (if any) and renew it, or stay at 0 (stopped).
#[cold]
#[inline(never)]
fn refuel() -> bool {
    let live = LIVE.get() - BASE.get();
    let go_on = CURRENT.with_borrow(|c| match c {
        None => true,
        Some(b) => b.check(u64::from(CHECK_EVERY), live),
    });
    if go_on {
        FUEL.set(CHECK_EVERY);
    }
    go_on
}

/// Whether the budget installed on this thread (if any) has stopped.
pub(crate) fn stopped_here() -> bool {
    FUEL.get() == 0 && CURRENT.with_borrow(|c| c.as_ref().is_some_and(Budget::is_stopped))
}

/// A stream node was made on this thread.
#[inline]
pub(crate) fn node_made() {
    LIVE.set(LIVE.get().wrapping_add(1));
}

/// A stream node was freed on this thread.
#[inline]
pub(crate) fn node_freed() {
    LIVE.set(LIVE.get().wrapping_sub(1));
}

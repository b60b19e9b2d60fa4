//! Logic variables: fresh ones from a process-wide counter, and the reified `_0`, `_1`, ...

use std::cell::Cell;
use std::fmt;
use std::sync::atomic::{AtomicU64, Ordering};

/// A logic variable: a name that a substitution may bind to a term.
///
/// `Var` is `Copy`: relations pass variables around freely. Fresh variables come from a
/// process-wide counter ([`Var::fresh`]); the reified variables of an answer (`_0`, `_1`, ...)
/// live in a separate range ([`Var::reified`]).
///
/// A variable holds no value itself: its binding lives in the state of the query that made
/// it. Used in another query (captured from one `run_all` closure and named in the next, say),
/// it is an unbound variable of that query, since the new query's substitution has no binding
/// for it.
///
/// ```
/// use kanren::{eq, run_all, Var};
/// let (x, y) = (Var::fresh(), Var::fresh());
/// assert_ne!(x, y);
/// assert_eq!(Var::reified(2).to_string(), "_2");
///
/// let mut captured = None;
/// assert_eq!(run_all(|q| { captured = Some(q); eq(q, 1) }).count(), 1);
/// let q = captured.unwrap();
/// // Unbound in the next query: it reifies as `_0`, and may be bound to 2 there.
/// let a: Vec<String> = run_all(|r| eq(r, q)).map(|a| a.to_string()).collect();
/// assert_eq!(a, ["_0"]);
/// assert_eq!(run_all(|r| kanren::conj([eq(q, 2), eq(r, q)])).next().unwrap().to_string(), "2");
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Var(u64);

const REIFIED: u64 = 1 << 63;
static NEXT_VAR: AtomicU64 = AtomicU64::new(0);

/// How many numbers a thread takes from [`NEXT_VAR`] at once.
const BLOCK: u64 = 4096;

thread_local! {
    /// This thread's next number and the end of its block. A thread hands out numbers from a
    /// block of its own, so the threads of a parallel search, which make variables at every
    /// clause they try, do not all write the one counter (whose cache line would move between
    /// their cores at each `fresh`). One thread alone numbers its variables 0, 1, 2, ... as a
    /// single counter would.
    static BLOCK_LEFT: Cell<(u64, u64)> = const { Cell::new((0, 0)) };
}

impl Var {
    /// A variable distinct from every other variable made so far (core.logic's `lvar`).
    ///
    /// ```
    /// assert_ne!(kanren::Var::fresh(), kanren::Var::fresh());
    /// ```
    pub fn fresh() -> Var {
        BLOCK_LEFT.with(|block| {
            let (mut next, mut end) = block.get();
            if next == end {
                next = NEXT_VAR.fetch_add(BLOCK, Ordering::Relaxed);
                end = next + BLOCK;
            }
            block.set((next + 1, end));
            Var(next)
        })
    }

    /// The `k`-th variable of a reified answer, printed `_k`.
    ///
    /// ```
    /// assert_eq!(kanren::Var::reified(0).reified_index(), Some(0));
    /// ```
    pub fn reified(k: usize) -> Var {
        Var(REIFIED | k as u64)
    }

    /// The variable's number, as its printed form shows it.
    pub(crate) fn id(self) -> u64 {
        self.0
    }

    /// `Some(k)` when this is the reified variable `_k`.
    ///
    /// ```
    /// assert_eq!(kanren::Var::fresh().reified_index(), None);
    /// ```
    pub fn reified_index(self) -> Option<usize> {
        (self.0 & REIFIED != 0).then_some((self.0 & !REIFIED) as usize)
    }
}

impl fmt::Display for Var {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.reified_index() {
            Some(k) => write!(f, "_{k}"),
            None => write!(f, "<lvar:{}>", self.0),
        }
    }
}

impl fmt::Debug for Var {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

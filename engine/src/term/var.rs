//! Logic variables: fresh ones from a process-wide counter, and the reified `_0`, `_1`, ...

use std::fmt;
use std::sync::atomic::{AtomicU64, Ordering};

/// A logic variable: a name that a substitution may bind to a term.
///
/// `Var` is `Copy`: relations pass variables around freely. Fresh variables come from a
/// process-wide counter ([`Var::fresh`]); the reified variables of an answer (`_0`, `_1`, ...)
/// live in a separate range ([`Var::reified`]).
///
/// ```
/// use kanren::Var;
/// let (x, y) = (Var::fresh(), Var::fresh());
/// assert_ne!(x, y);
/// assert_eq!(Var::reified(2).to_string(), "_2");
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Var(u64);

const REIFIED: u64 = 1 << 63;
static NEXT_VAR: AtomicU64 = AtomicU64::new(0);

impl Var {
    /// A variable distinct from every other variable made so far (core.logic's `lvar`).
    ///
    /// ```
    /// assert_ne!(kanren::Var::fresh(), kanren::Var::fresh());
    /// ```
    pub fn fresh() -> Var {
        Var(NEXT_VAR.fetch_add(1, Ordering::Relaxed))
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

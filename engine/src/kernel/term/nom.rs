//! Noms and ties: the two terms of nominal logic (core.logic's `clojure.core.logic.nominal`).
//!
//! A *nom* is a name: an atom that equals only itself, made fresh by [`nom::fresh`](crate::nom::fresh)
//! and never bound. A *tie* `[a] t` binds the nom `a` in the body `t`, as a lambda binds its
//! parameter: two ties are equal up to the renaming of their bound noms (alpha-equivalence),
//! which unification decides (see `crate::kernel::unify`).

use super::{Term, Var};
use std::fmt;

/// A nom (a name of nominal logic): equal to itself only, and never bound to a value.
///
/// Reified answers print noms as `a_0`, `a_1`, ..., numbered with the variables.
///
/// ```
/// use kanren::{Nom, Term};
/// let (a, b) = (Nom::fresh(), Nom::fresh());
/// assert_ne!(a, b);
/// assert_eq!(Term::from(a), Term::from(a));
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Nom(pub(crate) Var);

impl Nom {
    /// A nom distinct from every other.
    ///
    /// ```
    /// assert_ne!(kanren::Nom::fresh(), kanren::Nom::fresh());
    /// ```
    pub fn fresh() -> Nom {
        Nom(Var::fresh())
    }
}

impl fmt::Display for Nom {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "<nom:{}>", self.0.id())
    }
}

impl fmt::Debug for Nom {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

impl From<Nom> for Term {
    fn from(a: Nom) -> Term {
        Term::Nom(a)
    }
}

/// The tie `[nom] body`: `nom` bound in `body` (core.logic's `nom/tie`). Build it with
/// [`Term::tie`].
#[derive(Clone)]
pub struct Tie {
    /// The bound nom: a [`Term::Nom`] (or, in a reified answer, its name `a_0`).
    pub nom: Term,
    /// The term the nom is bound in.
    pub body: Term,
}

impl Term {
    /// The tie `[nom] body` (core.logic's `nom/tie`), printed `[a_0] body` in answers.
    ///
    /// ```
    /// use kanren::{eq, nom, run_all, Term};
    /// let a: Vec<String> = run_all(|q| nom::fresh(move |[a]| eq(q, Term::tie(a, vec![a.into(), Term::from(1)]))))
    ///     .map(|a| a.to_string())
    ///     .collect();
    /// assert_eq!(a, ["[a_0] [a_0 1]"]);
    /// ```
    pub fn tie(nom: impl Into<Term>, body: impl Into<Term>) -> Term {
        Term::Tie(std::sync::Arc::new(Tie {
            nom: nom.into(),
            body: body.into(),
        }))
    }

    /// The nom, if this term is one.
    ///
    /// ```
    /// let a = kanren::Nom::fresh();
    /// assert_eq!(kanren::Term::from(a).as_nom(), Some(a));
    /// ```
    pub fn as_nom(&self) -> Option<Nom> {
        match self {
            Term::Nom(a) => Some(*a),
            _ => None,
        }
    }
}

//! `bounded_listo`: a list whose length an FD variable bounds (core.logic's `fd/bounded-listo`).

use crate::kernel::term::Term;
use crate::{conde, eq, fresh, Goal, Var};

/// The list `l` has at most `n` elements, `n` being an integer or a variable with a domain
/// (core.logic's `fd/bounded-listo`): with `n` bounded, a list of unknown length is
/// enumerated only up to `n` elements, so a search over lists of any length ends.
///
/// ```clojure
/// (defne bounded-listo [l n]
///   ([() _] (<= 0 n))
///   ([[h . t] n]
///      (fresh [m]
///        (in m (interval 0 Integer/MAX_VALUE))
///        (+ m 1 n)
///        (bounded-listo t m))))
/// ```
///
/// ```
/// use kanren::{fd, run_all};
/// // (run* [q] (fd/bounded-listo q 2)) => (() (_0) (_0 _1))
/// let a: Vec<String> = run_all(|q| fd::bounded_listo(q, 2)).map(|a| a.to_string()).collect();
/// assert_eq!(a, ["()", "(_0)", "(_0 _1)"]);
/// ```
pub fn bounded_listo(l: impl Into<Term>, n: impl Into<Term>) -> Goal {
    let (l, n) = (l.into(), n.into());
    conde!(
        [eq(&l, Term::Nil), super::lte(0, &n)],
        [fresh(move |[h, t, m]: [Var; 3]| {
            crate::conj([
                eq(&l, Term::cons(h, t)),
                super::in_(m, super::interval(0, i64::from(i32::MAX))),
                super::plus(m, 1, &n),
                bounded_listo(t, m),
            ])
        })]
    )
}

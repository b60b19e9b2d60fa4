//! The list relations of core.logic: `conso`, `firsto`, `resto`, `emptyo`, `appendo`,
//! `membero`, `member1o`, `rembero`, `permuteo`, `distincto`.
//!
//! Each is written as core.logic writes it (mostly with `defne`), so each runs in every
//! direction and yields its answers in core.logic's order. They build proper or partial lists
//! from pairs ([`Term::cons`], [`list!`](crate::list)), and read any sequence: a vector
//! unifies with a list of the same elements, as in core.logic.

use crate::constraints::diseq::neq;
use crate::defne;
use crate::kernel::goal::{eq, fresh, Goal};
use crate::kernel::term::Term;

/// `l` is the pair `(a . d)`: `a` is its first element and `d` the rest (core.logic's
/// `conso`).
///
/// ```
/// use kanren::{conso, list, run_all};
/// let a: Vec<String> = run_all(|q| conso(1, list![2, 3], q)).map(|a| a.to_string()).collect();
/// assert_eq!(a, ["(1 2 3)"]);
/// let d: Vec<String> = run_all(|q| conso(1, q, list![1, 2])).map(|a| a.to_string()).collect();
/// assert_eq!(d, ["(2)"]);
/// ```
pub fn conso(a: impl Into<Term>, d: impl Into<Term>, l: impl Into<Term>) -> Goal {
    eq(Term::cons(a, d), l)
}

/// `a` is the first element of `l` (core.logic's `firsto`).
///
/// ```
/// use kanren::{firsto, list, run_all};
/// let a: Vec<String> = run_all(|q| firsto(list![7, 8], q)).map(|a| a.to_string()).collect();
/// assert_eq!(a, ["7"]);
/// let l: Vec<String> = run_all(|q| firsto(q, 7)).map(|a| a.to_string()).collect();
/// assert_eq!(l, ["(7 . _0)"]);
/// ```
pub fn firsto(l: impl Into<Term>, a: impl Into<Term>) -> Goal {
    let (l, a) = (l.into(), a.into());
    fresh(move |[d]| conso(&a, d, &l))
}

/// `d` is the rest of `l`, all but its first element (core.logic's `resto`).
///
/// ```
/// use kanren::{list, resto, run_all};
/// let a: Vec<String> = run_all(|q| resto(list![7, 8], q)).map(|a| a.to_string()).collect();
/// assert_eq!(a, ["(8)"]);
/// let l: Vec<String> = run_all(|q| resto(q, list![8])).map(|a| a.to_string()).collect();
/// assert_eq!(l, ["(_0 8)"]);
/// ```
pub fn resto(l: impl Into<Term>, d: impl Into<Term>) -> Goal {
    let (l, d) = (l.into(), d.into());
    fresh(move |[a]| eq(Term::cons(a, &d), &l))
}

/// `a` is the empty list `()` (core.logic's `emptyo`).
///
/// ```
/// use kanren::{emptyo, list, run_all};
/// assert_eq!(run_all(|q| emptyo(q)).next().unwrap().to_string(), "()");
/// assert_eq!(run_all(|_q| emptyo(list![1])).count(), 0);
/// ```
pub fn emptyo(a: impl Into<Term>) -> Goal {
    eq(Term::Nil, a)
}

defne! {
    /// `out` is the list `l` followed by the list `s` (core.logic's `appendo`). In every
    /// direction: with `out` known it enumerates the splits of `out`.
    ///
    /// ```
    /// use kanren::{appendo, list, run, run_all};
    /// let a: Vec<String> = run_all(|q| appendo(list![1, 2], list![3], q)).map(|a| a.to_string()).collect();
    /// assert_eq!(a, ["(1 2 3)"]);
    /// let splits: Vec<String> = run!(*, [x, y] => appendo(x, y, list![1, 2, 3]))
    ///     .map(|a| a.to_string())
    ///     .collect();
    /// assert_eq!(splits, ["[() (1 2 3)]", "[(1) (2 3)]", "[(1 2) (3)]", "[(1 2 3) ()]"]);
    /// ```
    pub fn appendo(l, s, out) {
        ([() _ s])
        ([[a . d] _ [a . r]] appendo(d, s, r))
    }
}

defne! {
    /// `x` is an element of the list `l` (core.logic's `membero`): once per occurrence. With
    /// `l` partly fresh, it extends `l`.
    ///
    /// ```
    /// use kanren::{list, membero, run, run_all};
    /// let a: Vec<String> = run_all(|q| membero(q, list![1, 2, 1])).map(|a| a.to_string()).collect();
    /// assert_eq!(a, ["1", "2", "1"]);
    /// let l: Vec<String> = run(2, |q| membero(5, q)).map(|a| a.to_string()).collect();
    /// assert_eq!(l, ["(5 . _0)", "(_0 5 . _1)"]);
    /// ```
    pub fn membero(x, l) {
        ([_ [x . tail]])
        ([_ [head . tail]] membero(x, tail))
    }
}

defne! {
    /// `x` is an element of `l`, counted once: the first occurrence, with every earlier
    /// element constrained to differ from `x` (core.logic's `member1o`).
    ///
    /// ```
    /// use kanren::{list, member1o, run_all};
    /// let a: Vec<String> = run_all(|q| member1o(q, list![1, 2, 1])).map(|a| a.to_string()).collect();
    /// assert_eq!(a, ["1", "2"]);
    /// let c: Vec<String> = run_all(|q| kanren::fresh!([x], member1o(x, list![q, 3]), kanren::eq(x, 3)))
    ///     .map(|a| a.to_string())
    ///     .collect();
    /// assert_eq!(c, ["3", "(_0 :- (!= (_0 3)))"]);
    /// ```
    pub fn member1o(x, l) {
        ([_ [x . tail]])
        ([_ [head . tail]] neq(&x, head), member1o(x, tail))
    }
}

defne! {
    /// `o` is the list `l` with one occurrence of `x` removed: the first one that can be `x`
    /// (core.logic's `rembero`; elements before it are constrained to differ from `x`).
    ///
    /// ```
    /// use kanren::{list, rembero, run_all};
    /// let a: Vec<String> = run_all(|q| rembero(2, list![1, 2, 3, 2], q)).map(|a| a.to_string()).collect();
    /// assert_eq!(a, ["(1 3 2)"]);
    /// let l: Vec<String> = run_all(|q| rembero(q, list![1, 2], list![1])).map(|a| a.to_string()).collect();
    /// assert_eq!(l, ["2"]);
    /// ```
    pub fn rembero(x, l, o) {
        ([_ [x . xs] xs])
        ([_ [y . ys] [y . zs]] neq(y, &x), rembero(x, ys, zs))
    }
}

defne! {
    /// `yl` is a permutation of the list `xl` (core.logic's `permuteo`). May not terminate
    /// when `xl` is not a proper list.
    ///
    /// ```
    /// use kanren::{list, permuteo, run_all};
    /// let a: Vec<String> = run_all(|q| permuteo(list![1, 2, 3], q)).map(|a| a.to_string()).collect();
    /// assert_eq!(a.len(), 6);
    /// assert!(a.contains(&"(3 1 2)".to_string()));
    /// ```
    pub fn permuteo(xl, yl) {
        ([() ()])
        ([[x . xs] _] crate::fresh!([ys], permuteo(xs, ys), rembero(x, &yl, ys)))
    }
}

defne! {
    /// No two elements of the list `l` are equal, now or later: a disequality between every
    /// pair (core.logic's `distincto`).
    ///
    /// ```
    /// use kanren::{distincto, list, run_all};
    /// assert_eq!(run_all(|_q| distincto(list![1, 2, 3])).count(), 1);
    /// assert_eq!(run_all(|_q| distincto(list![1, 2, 1])).count(), 0);
    /// let a: Vec<String> = run_all(|q| distincto(list![q, 2])).map(|a| a.to_string()).collect();
    /// assert_eq!(a, ["(_0 :- (!= (_0 2)))"]);
    /// ```
    pub fn distincto(l) {
        ([()])
        ([(h)])
        ([[h0 h1 . t]]
            neq(h0, h1),
            distincto(Term::cons(h0, t)),
            distincto(Term::cons(h1, t)))
    }
}

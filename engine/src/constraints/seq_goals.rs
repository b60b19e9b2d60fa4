//! Goals over the sequence a term holds when they run: core.logic's `everyg` walks its
//! collection, so `(everyg g q)` works for a variable `q` bound to a vector by then, and so do
//! `(fd/distinct q)` and `(fd/in q dom)`. [`everyg_term`] and the one-term forms of
//! [`fd::distinct`](crate::fd::distinct) and [`fd::in_`](crate::fd::in_) read the sequence here.

use crate::constraints::fixc::fixc;
use crate::kernel::goal::{fail, Goal};
use crate::kernel::term::Term;
use std::sync::Arc;

/// A goal built from the items of a sequence.
pub(crate) type OnItems = Arc<dyn Fn(Vec<Term>) -> Goal + Send + Sync>;

/// `f(items)` for the items of the sequence `t` holds when the goal runs (walked one level):
/// a vector, a proper list or `()`; an atom is a sequence of itself alone; a partial list
/// fails. While `t` is an unbound variable, the goal waits until it is bound (a `fixc`, shown
/// as `(clojure.core.logic/fixc _0 what)` in an answer that leaves it unbound).
pub(crate) fn on_items(t: Term, what: &'static str, f: OnItems) -> Goal {
    Goal::new(move |s| {
        let w = s.walk(&t);
        let g = match &w {
            Term::Var(_) => {
                let f = f.clone();
                fixc(
                    w.clone(),
                    move |v| on_items(v.clone(), what, f.clone()),
                    Term::sym(what),
                )
            }
            Term::Pair(_) | Term::Vector(_) | Term::Nil => match w.to_vec() {
                Some(items) => f(items),
                None => fail(),
            },
            _ => f(vec![w.clone()]),
        };
        g.apply(s)
    })
}

/// `g` holds for every element of the sequence `coll` holds when the goal runs (core.logic's
/// `everyg`, which walks its collection): `coll` may be a variable bound to a vector or a list
/// by then; while it is unbound, the goal waits. [`everyg`](crate::everyg) takes a Rust
/// collection instead.
///
/// ```
/// use kanren::{conj, eq, everyg_term, fresh, run_all};
/// // (run* [q] (fresh [a b] (everyg #(== % 1) q) (== q [a b]))) => ([1 1])
/// let a: Vec<String> = run_all(|q| fresh!([a, b],
///     everyg_term(|x| eq(x, 1), q),
///     eq(q, vec![a, b]),
/// )).map(|a| a.to_string()).collect();
/// assert_eq!(a, ["[1 1]"]);
/// ```
pub fn everyg_term(
    g: impl Fn(Term) -> Goal + Send + Sync + 'static,
    coll: impl Into<Term>,
) -> Goal {
    let f: OnItems = Arc::new(move |items| crate::kernel::goal::everyg(&g, items));
    on_items(coll.into(), "everyg", f)
}

/// `f(items)` for the items of the sequence `t` holds when the goal runs, as [`on_items`], but
/// without waiting: an unbound variable is a sequence of itself alone (so `(fd/in q dom)`
/// gives `q` itself a domain unless `q` holds a sequence by then).
pub(crate) fn on_walked(t: Term, f: OnItems) -> Goal {
    Goal::new(move |s| {
        let w = s.walk(&t);
        let g = match &w {
            Term::Pair(_) | Term::Vector(_) | Term::Nil => match w.to_vec() {
                Some(items) => f(items),
                None => fail(),
            },
            _ => f(vec![w.clone()]),
        };
        g.apply(s)
    })
}

//! Labeling at reification, in core.logic's stream order: its `reifyg`, `enforce-constraints`,
//! `force-ans` and `map-sum` (core.logic 1.1.1, logic.clj and fd.clj), and `distribute`.
//!
//! When an answer of the query's goal still has FD variables with domains, core.logic's
//! `reifyg` runs, for that answer `a`:
//!
//! ```text
//! reifyg(q)(a)       = bind(bind(force(q)(a), rest), reify)   -- core.logic's `all`, no suspension
//! rest(a)            = once(seq(u1 u2 ..))(a)   u1 u2 ..: the variables still holding a domain
//! reify(a)           = Choice(a, empty)          -- one more bind: a suspension per later answer
//!
//! force(t)(a)        = walk t; a variable with domain d -> map-sum(x, values of d ascending)
//!                      a vector, or a list ending in ()   -> seq(its elements)
//!                      a list ending otherwise (lcons)    -> seq(its elements up to that end)
//!                      a map                              -> seq(its values, in its order)
//!                      anything else                      -> unit(a)
//! seq(t0 ts..)(a)    = bind(force(t0)(a), λb. seq(ts..)(b)),  seq()(a) = unit(a)
//! map-sum(x, v vs..) = mplus(x := v, λ. map-sum(x, vs..)),    map-sum(x, ()) = Empty
//! ```
//!
//! `map-sum` has no suspension of its own: a value rejected at once costs nothing
//! (`mplus(Empty, f) = f()`), an accepted one is `Choice(a, λ. rest)`. The interleaving comes
//! from `bind` alone: `bind(Choice(a, f), g) = mplus(g(a), Inc(bind(f, g)))`, so the values of
//! the first element wait behind a suspension while the later elements try theirs, and
//! `mplus` swaps at that suspension. Hence, with `x` in 1..3 and `y` in 1..2, `[x y]` comes as
//! `[1 1] [2 1] [1 2] [3 1] [2 2] [3 2]`, and the first 8-queens answer is
//! `(1 3 5 7 2 0 6 4)`. The bind of `rest` and of the reification step each add one
//! suspension after every answer, which orders the answers of different branches of the
//! query's goal: they are reproduced as binds here.
//!
//! A list's tail is not walked: core.logic forces an `lcons` only up to its first tail that
//! is not itself an `lcons`, so a variable behind a tail variable is labeled by `rest`, once.
//! `rest` labels every variable that still holds a domain and keeps the first labeling
//! (core.logic's `(onceo (force-ans constrained))`): an answer exists only if they have
//! values, and it does not multiply the answers. core.logic takes them in the order of its
//! constraint store's hash map; kanren takes them in the order they were created.
//!
//! [`fd::distribute`](crate::fd::distribute) marks a term's variable with a strategy; `force` then sorts the elements of
//! the sequence that variable holds before labeling, and the remaining ones again after each
//! element is labeled (core.logic's `sort-by-strategy`).

use crate::kernel::goal::Goal;
use crate::kernel::state::State;
use crate::kernel::store::domain::{Domain, Strategy};
use crate::kernel::stream::{head_normal_form, Link, Node, Stream};
use crate::kernel::term::{Term, Var};
use std::sync::Arc;

/// core.logic's `reifyg` before the answer is printed: label the FD variables left in the
/// query term `q`, then the others once.
pub(crate) fn force_all(q: Term) -> Goal {
    Goal::new(move |s| {
        if s.cs.doms.is_empty() {
            return Stream::unit(s);
        }
        let forced = Stream::bind(force(s, &q), Goal::new(label_rest));
        // core.logic's reification step is one more bind (it returns `(choice v empty-f)`).
        Stream::bind(forced, Goal::new(Stream::unit))
    })
}

/// core.logic's `force-ans`: the values of `t`'s variables that hold finite domains, tried
/// in core.logic's stream order (each variable's values ascending, the elements of a vector
/// or list in order). Variables without a domain are left as they are.
///
/// ```
/// use kanren::{fd, run_all, Term};
/// let a: Vec<String> = run_all(|q| kanren::conj([fd::in_([q], fd::Domain::interval(1, 3)), fd::force_ans(q.into())]))
///     .map(|a| a.to_string()).collect();
/// assert_eq!(a, ["1", "2", "3"]);
/// ```
pub fn force_ans(t: Term) -> Goal {
    Goal::new(move |s| force(s, &t))
}

/// core.logic's `enforce-constraints`: [`force_ans`] of `t`, then the first values of the
/// other variables that still hold a domain (none of them multiplies the answers).
pub fn enforce_constraints(t: Term) -> Goal {
    Goal::new(move |s| Stream::bind(force(s, &t), Goal::new(label_rest)))
}

/// core.logic's `reifyg` before the value is reified: [`enforce_constraints`] and the one
/// step more that core.logic's reification takes, so that answers interleave as in `run`.
pub fn reifyg(t: Term) -> Goal {
    force_all(t)
}

/// core.logic's `force-ans` of `t` in `s`.
fn force(s: State, t: &Term) -> Stream {
    match s.walk(t) {
        Term::Var(x) => match s.cs.doms.get(&x).cloned() {
            Some(d) => map_sum(s, x, d, i64::MIN),
            None => Stream::unit(s),
        },
        Term::Vector(items) => {
            let ff = strategy(&s, t).is_some();
            force_seq(s, items, 0, ff)
        }
        Term::Pair(_) => {
            // The elements along the pairs themselves, without walking a tail.
            let mut items = Vec::new();
            let mut cell = s.walk(t);
            while let Term::Pair(p) = cell {
                items.push(p.0.clone());
                cell = p.1.clone();
            }
            // A list that goes on in a vector is one sequence (core.logic's `lcons` onto a
            // collection is a seq): its items are forced too.
            if let Term::Vector(rest) = &cell {
                items.extend(rest.iter().cloned());
                cell = Term::Nil;
            }
            let proper = matches!(cell, Term::Nil);
            let ff = proper && strategy(&s, t).is_some();
            force_seq(s, items.into(), 0, ff)
        }
        // A map's values, in its order (core.logic's `-force-ans` on `IPersistentMap`).
        Term::Map(entries) => {
            let values: Arc<[Term]> = entries.iter().map(|(_, v)| v.clone()).collect();
            force_seq(s, values, 0, false)
        }
        // A tie's body (core.logic's `-force-ans` on `Tie`).
        Term::Tie(tie) => force(s, &tie.body),
        _ => Stream::unit(s),
    }
}

/// `seq(items[i..])`: `bind(force(items[i]), λa. seq(items[i+1..])(a))`, the bind kept for
/// the last element too (core.logic's loop returns `a` from inside it). With first-fail
/// (`ff`), the elements still to label are first sorted by the size of their domains
/// (stable: ties keep their order), as core.logic sorts `(next ys)` at every step.
fn force_seq(s: State, items: Arc<[Term]>, i: usize, ff: bool) -> Stream {
    if i == items.len() {
        return Stream::unit(s);
    }
    let (items, i) = if ff && items.len() - i > 1 {
        let mut rest = items[i..].to_vec();
        rest.sort_by_cached_key(|t| member_count(&s, t));
        (rest.into(), 0)
    } else {
        (items, i)
    };
    let head = force(s, &items[i]);
    Stream::bind(
        head,
        Goal::new(move |a| force_seq(a, items.clone(), i + 1, ff)),
    )
}

/// core.logic's `map-sum` over the values of `d` from `from` up, binding `x`:
/// `mplus(x := v, λ. map-sum(rest))`. A value that propagation rejects is skipped on the spot
/// (`mplus(Empty, f) = f()`); an accepted one is `mplus(Unit, rest)`, the rest unforced.
fn map_sum(s: State, x: Var, d: Domain, mut from: i64) -> Stream {
    loop {
        let Some(v) = d.next_from(from) else {
            return Stream::empty();
        };
        let next = v.checked_add(1);
        if let Some(s2) = s.unify(&Term::Var(x), &Term::Int(v)) {
            let rest = Node::Lazy(Box::new(move || match next {
                Some(n) => map_sum(s, x, d, n),
                None => Stream::empty(),
            }));
            // `mplus(Unit, rest)`, which is `Choice(s2, rest)` when interleaving; as an
            // `Mplus` the depth-first search drops `s2` before it goes on to the rest.
            return Stream(Node::Mplus(Link::new(Node::Unit(s2)), Link::new(rest)));
        }
        match next {
            Some(n) => from = n,
            None => return Stream::empty(),
        }
    }
}

/// `rest`: the variables still holding a domain, labeled once (core.logic's
/// `(onceo (force-ans constrained))` in `enforce-constraints`).
fn label_rest(a: State) -> Stream {
    if a.cs.doms.is_empty() {
        return Stream::unit(a);
    }
    let mut vars: Vec<Var> = a.cs.doms.keys().copied().collect();
    vars.sort_unstable();
    let vars: Arc<[Term]> = vars.into_iter().map(Term::Var).collect();
    once(force_seq(a, vars, 0, false))
}

/// The first state of `s`, as core.logic's `onceo` gives it: one suspension for each one
/// met before it (its `ifu` on a `Fn` is `(-inc (ifu (b) gs c))`).
fn once(s: Stream) -> Stream {
    match head_normal_form(s).0 {
        Node::Empty => Stream::empty(),
        Node::Unit(a) | Node::Choice(a, _) => Stream::unit(a),
        suspension => Stream(Node::Inc(Link::new(Node::Lazy(Box::new(move || {
            once(Stream(suspension.open()))
        }))))),
    }
}

/// The strategies [`fd::distribute`](crate::fd::distribute) set on this branch, by variable
/// (kept in the state's extension slots, see `State::ext`).
#[derive(Clone, Default)]
pub(crate) struct Strategies(pub(crate) Vec<(Var, Strategy)>);

/// The strategy set on a variable of `t`'s chain of bindings, if any.
fn strategy(s: &State, t: &Term) -> Option<Strategy> {
    let list = s.ext::<Strategies>().map_or(&[][..], |l| &l.0);
    if list.is_empty() {
        return None;
    }
    let Term::Var(mut x) = t else { return None };
    loop {
        if let Some((_, st)) = list.iter().find(|(y, _)| *y == x) {
            return Some(*st);
        }
        match s.subst.get(x) {
            Some(Term::Var(y)) => x = *y,
            _ => return None,
        }
    }
}

/// How many values `t` may still take: the size of its domain, or 1 (core.logic's
/// `-member-count` of `get-dom-fd`).
fn member_count(s: &State, t: &Term) -> u64 {
    match s.walk(t) {
        Term::Var(x) => s.cs.doms.get(&x).map_or(1, |d| d.size()),
        _ => 1,
    }
}

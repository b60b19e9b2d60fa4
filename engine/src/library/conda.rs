//! Committed choice: `conda` (soft cut), `condu` (committed choice) and `onceo`.
//!
//! core.logic's `ifa`/`ifu`, clause by clause: run the clause's head (its first goal) and
//! look at the head normal form of its stream:
//!
//! ```text
//! Empty         -> try the next clause (no clause left: fail)
//! Unit(a)       -> bind the clause's other goals over a
//! Choice(a, r)  -> conda: bind them over all of Choice(a, r);  condu: over a alone
//! Inc(t)        -> suspend, then decide again on t forced one step (Suspended: likewise)
//! ```
//!
//! Once a head has produced an answer, the later clauses are never tried. The goal does not
//! suspend before its first head runs: core.logic's `conda` is `(fn [a] (ifa* ...))`, with no
//! `-inc` around it, so a head that answers at once decides at once.

use crate::kernel::goal::Goal;
use crate::kernel::solve::Nested;
use crate::kernel::state::State;
use crate::kernel::stream::{head_normal_form, Link, Node, Stream};
use std::sync::Arc;

#[derive(Clone, Copy)]
enum Cut {
    /// conda: keep every answer of the head that succeeded.
    Soft,
    /// condu: keep only the head's first answer.
    Once,
}

/// A clause: its head (the question) and the goals that follow it.
type Clause = (Goal, Arc<[Goal]>);
/// A committed choice's clauses, freed without deep recursion.
type Clauses = Arc<Nested<Vec<Clause>>>;

/// The first clause whose head succeeds, with all of that head's answers (core.logic's
/// `conda`, a soft cut). A clause's head is its first goal; an empty clause succeeds.
///
/// ```
/// use kanren::{conda, eq, fail, run_all, succeed, Term};
/// let olive = || Term::sym("olive");
/// // The Reasoned Schemer, frame 10.1: the first head that succeeds commits.
/// let a: Vec<String> = run_all(|x| conda([
///     vec![eq(olive(), x), succeed()],
///     vec![eq(Term::sym("oil"), x), succeed()],
///     vec![fail()],
/// ])).map(|a| a.to_string()).collect();
/// assert_eq!(a, ["olive"]);
/// ```
pub fn conda<C: IntoIterator<Item = Goal>>(clauses: impl IntoIterator<Item = C>) -> Goal {
    committed(clauses, Cut::Soft)
}

/// The first clause whose head succeeds, with only that head's first answer (core.logic's
/// `condu`, committed choice).
///
/// ```
/// use kanren::{condu, conde, eq, run_all, succeed};
/// let a: Vec<String> = run_all(|q| condu([
///     vec![conde([vec![eq(q, 1)], vec![eq(q, 2)]]), succeed()],
///     vec![eq(q, 3)],
/// ])).map(|a| a.to_string()).collect();
/// assert_eq!(a, ["1"]);
/// ```
pub fn condu<C: IntoIterator<Item = Goal>>(clauses: impl IntoIterator<Item = C>) -> Goal {
    committed(clauses, Cut::Once)
}

/// The first answer of `g`, if any (core.logic's `onceo`: `(condu [g])`).
///
/// ```
/// use kanren::{disj, eq, onceo, run_all};
/// let a: Vec<String> = run_all(|q| onceo(disj([eq(q, "tea"), eq(q, "cup")])))
///     .map(|a| a.to_string())
///     .collect();
/// assert_eq!(a, ["\"tea\""]);
/// ```
pub fn onceo(g: Goal) -> Goal {
    condu([[g]])
}

fn committed<C: IntoIterator<Item = Goal>>(clauses: impl IntoIterator<Item = C>, cut: Cut) -> Goal {
    let clauses: Clauses = Arc::new(Nested(
        clauses
            .into_iter()
            .map(|c| {
                let mut goals = c.into_iter();
                let head = goals.next().unwrap_or_else(crate::kernel::goal::succeed);
                (head, goals.collect())
            })
            .collect(),
    ));
    Goal::new(move |s| first_clause(clauses.clone(), 0, s, cut))
}

/// Tries the clauses from `i` on: the first head that does not fail decides.
fn first_clause(clauses: Clauses, mut i: usize, s: State, cut: Cut) -> Stream {
    loop {
        let Some((head, _)) = clauses.get(i) else {
            return Stream::empty();
        };
        // A head can be a committed choice whose head is one, as deep as the program nests them.
        let h = crate::kernel::solve::grow(|| head_normal_form(head.apply(s.clone())));
        if matches!(h.0, Node::Empty) {
            i += 1;
            continue;
        }
        return decide(h, clauses, i, s, cut);
    }
}

/// Dispatches on the head normal form `h` of clause `i`'s head (see the module table).
fn decide(h: Stream, clauses: Clauses, i: usize, s: State, cut: Cut) -> Stream {
    let rest = || clauses[i].1.clone();
    let then = |h: Node| Stream(Node::Conj(Link::new(h), rest()));
    match h.0 {
        Node::Empty => first_clause(clauses, i + 1, s, cut),
        Node::Unit(a) => then(Node::Unit(a)),
        Node::Choice(a, r) => match cut {
            Cut::Soft => then(Node::Choice(a, r)),
            Cut::Once => then(Node::Unit(a)),
        },
        suspension => Stream::suspend(move || {
            let h = crate::kernel::solve::grow(|| head_normal_form(Stream(suspension.open())));
            decide(h, clauses, i, s, cut)
        }),
    }
}

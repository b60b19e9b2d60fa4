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

/// [`conda`] whose clauses are made as the search tries them, as core.logic's `conda` macro
/// makes them: trying clause `i` (of `n`) builds its head `head(i)`, applies it, then builds
/// the goals that follow it, `rest(i)`, before the head's first answer is looked at (even when
/// the head fails); a clause not reached is not built. Each application of the goal builds
/// afresh. For a front end whose goals are built from source at run time.
///
/// ```
/// use kanren::{conda_with, eq, fail, run_all, succeed, Goal};
/// use std::sync::{Arc, Mutex};
/// let built = Arc::new(Mutex::new(Vec::new()));
/// let (h, r) = (built.clone(), built.clone());
/// let g = |q: kanren::Var| {
///     let (h, r) = (h.clone(), r.clone());
///     conda_with(
///         3,
///         move |i| {
///             h.lock().unwrap().push(format!("head {i}"));
///             [fail(), eq(q, 2), eq(q, 3)][i].clone()
///         },
///         move |i| -> Vec<Goal> {
///             r.lock().unwrap().push(format!("rest {i}"));
///             vec![succeed()]
///         },
///     )
/// };
/// let a: Vec<String> = run_all(g).map(|a| a.to_string()).collect();
/// assert_eq!(a, ["2"]);
/// // The third clause is never built: the second one's head answered.
/// assert_eq!(*built.lock().unwrap(), ["head 0", "rest 0", "head 1", "rest 1"]);
/// ```
pub fn conda_with(
    n: usize,
    head: impl Fn(usize) -> Goal + Send + Sync + 'static,
    rest: impl Fn(usize) -> Vec<Goal> + Send + Sync + 'static,
) -> Goal {
    made(n, head, rest, Cut::Soft)
}

/// [`condu`] whose clauses are made as the search tries them, as [`conda_with`] makes them.
///
/// ```
/// use kanren::{condu_with, conde, eq, run_all, succeed};
/// let a: Vec<String> = run_all(|q| {
///     condu_with(
///         1,
///         move |_| conde([vec![eq(q, 1)], vec![eq(q, 2)]]),
///         |_| vec![succeed()],
///     )
/// })
/// .map(|a| a.to_string())
/// .collect();
/// assert_eq!(a, ["1"]);
/// ```
pub fn condu_with(
    n: usize,
    head: impl Fn(usize) -> Goal + Send + Sync + 'static,
    rest: impl Fn(usize) -> Vec<Goal> + Send + Sync + 'static,
) -> Goal {
    made(n, head, rest, Cut::Once)
}

/// Where a committed choice's clauses come from.
#[derive(Clone)]
enum Clauses {
    /// Built with the goal (freed without deep recursion).
    Given(Arc<Nested<Vec<Clause>>>),
    /// Built as the search tries them ([`conda_with`]).
    Made(Arc<Maker>),
}

/// The clauses of [`conda_with`] and [`condu_with`]: how many, and how each is built.
struct Maker {
    n: usize,
    head: Box<dyn Fn(usize) -> Goal + Send + Sync>,
    rest: Box<dyn Fn(usize) -> Vec<Goal> + Send + Sync>,
}

fn committed<C: IntoIterator<Item = Goal>>(clauses: impl IntoIterator<Item = C>, cut: Cut) -> Goal {
    let clauses = Clauses::Given(Arc::new(Nested(
        clauses
            .into_iter()
            .map(|c| {
                let mut goals = c.into_iter();
                let head = goals.next().unwrap_or_else(crate::kernel::goal::succeed);
                (head, goals.collect())
            })
            .collect(),
    )));
    Goal::new(move |s| first_clause(clauses.clone(), 0, s, cut))
}

fn made(
    n: usize,
    head: impl Fn(usize) -> Goal + Send + Sync + 'static,
    rest: impl Fn(usize) -> Vec<Goal> + Send + Sync + 'static,
    cut: Cut,
) -> Goal {
    let clauses = Clauses::Made(Arc::new(Maker {
        n,
        head: Box::new(head),
        rest: Box::new(rest),
    }));
    Goal::new(move |s| first_clause(clauses.clone(), 0, s, cut))
}

impl Clauses {
    /// Clause `i`'s head applied to `s`, in head normal form; `None` past the last clause.
    fn head(&self, i: usize, s: &State) -> Option<Stream> {
        // A head can be a committed choice whose head is one, as deep as the program nests them.
        let apply =
            |head: &Goal| crate::kernel::solve::grow(|| head_normal_form(head.apply(s.clone())));
        match self {
            Clauses::Given(c) => c.get(i).map(|(head, _)| apply(head)),
            Clauses::Made(m) => (i < m.n).then(|| apply(&(m.head)(i))),
        }
    }

    /// The goals that follow clause `i`'s head (built now, for a made clause).
    fn rest(&self, i: usize) -> Arc<[Goal]> {
        match self {
            Clauses::Given(c) => c[i].1.clone(),
            Clauses::Made(m) => (m.rest)(i).into(),
        }
    }
}

/// Tries the clauses from `i` on: the first head that does not fail decides.
fn first_clause(clauses: Clauses, mut i: usize, s: State, cut: Cut) -> Stream {
    loop {
        let Some(h) = clauses.head(i, &s) else {
            return Stream::empty();
        };
        // A made clause builds its other goals once its head is applied, even when the head
        // fails (as core.logic's macros do); a given one's are read only when it decides.
        let made = matches!(clauses, Clauses::Made(_)).then(|| clauses.rest(i));
        if matches!(h.0, Node::Empty) {
            i += 1;
            continue;
        }
        let rest = made.unwrap_or_else(|| clauses.rest(i));
        return decide(h, rest, clauses, i, s, cut);
    }
}

/// Dispatches on the head normal form `h` of clause `i`'s head, `rest` the goals that follow
/// it (see the module table).
fn decide(h: Stream, rest: Arc<[Goal]>, clauses: Clauses, i: usize, s: State, cut: Cut) -> Stream {
    let then = |h: Node, rest: Arc<[Goal]>| Stream(Node::Conj(Link::new(h), rest));
    match h.0 {
        Node::Empty => first_clause(clauses, i + 1, s, cut),
        Node::Unit(a) => then(Node::Unit(a), rest),
        Node::Choice(a, r) => match cut {
            Cut::Soft => then(Node::Choice(a, r), rest),
            Cut::Once => then(Node::Unit(a), rest),
        },
        suspension => Stream::suspend(move || {
            let h = crate::kernel::solve::grow(|| head_normal_form(Stream(suspension.open())));
            decide(h, rest, clauses, i, s, cut)
        }),
    }
}

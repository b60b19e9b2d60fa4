//! Running a query: `run` and `run_all` return lazy iterators of reified answers.
//!
//! As core.logic's `solve`: the query variable is fresh, the goal runs inside one suspension,
//! and each final state is reified. Pulling an answer forces the stream only as far as that
//! answer; nothing already yielded is kept.

use crate::goal::{conj, Goal};
use crate::reify::{reify, Answer};
use crate::state::State;
use crate::stream::{Frame, Stream};
use crate::term::{Term, Var};

/// The lazy iterator of a query's answers.
///
/// ```
/// use kanren::{conde, eq, run_all};
/// let mut answers = run_all(|q| conde([vec![eq(q, 1)], vec![eq(q, 2)]]));
/// assert_eq!(answers.next().unwrap().to_string(), "1");
/// assert_eq!(answers.next().unwrap().to_string(), "2");
/// assert!(answers.next().is_none());
/// ```
pub struct Answers {
    stream: Stream,
    frames: Vec<Frame>,
    query: Term,
    remaining: Option<usize>,
}

impl Iterator for Answers {
    type Item = Answer;

    fn next(&mut self) -> Option<Answer> {
        if self.remaining == Some(0) {
            return None;
        }
        match self.stream.next_state(&mut self.frames) {
            Some(state) => {
                if let Some(n) = &mut self.remaining {
                    *n -= 1;
                    if *n == 0 {
                        self.stream = Stream::empty();
                    }
                }
                Some(reify(&state, &self.query))
            }
            None => {
                self.remaining = Some(0);
                None
            }
        }
    }
}

impl Answers {
    fn new(n: Option<usize>, occurs_check: bool, f: impl FnOnce(Var) -> Goal) -> Answers {
        let q = Var::fresh();
        let goal = conj([f(q), answer_goal(q)]);
        let state = State::new().with_occurs_check(occurs_check);
        Answers {
            stream: Stream::inc_apply(goal, state),
            frames: Vec::new(),
            query: Term::Var(q),
            remaining: n,
        }
    }
}

/// What runs after the query's goal, before reification (core.logic's `reifyg`): labeling
/// the FD variables left in the answer (core.logic's `force-ans`).
fn answer_goal(q: Var) -> Goal {
    crate::fd::force_ans(Term::Var(q))
}

/// At most `n` answers of the goal that `f` builds from the query variable (core.logic's
/// `run`). Lazy: only the work for the answers pulled is done.
///
/// ```
/// use kanren::{conde, eq, run, Goal, Term};
/// fn nat(x: Term) -> Goal {
///     Goal::lazy(move || kanren::fresh({
///         let x = x.clone();
///         move |[y]| conde([vec![eq(&x, 0)], vec![eq(&x, kanren::list![1; y]), nat(y.into())]])
///     }))
/// }
/// let firsts: Vec<String> = run(3, |q| nat(q.into())).map(|a| a.to_string()).collect();
/// assert_eq!(firsts, ["0", "(1 . 0)", "(1 1 . 0)"]);
/// ```
pub fn run(n: usize, f: impl FnOnce(Var) -> Goal) -> Answers {
    Answers::new(Some(n), true, f)
}

/// All answers of the goal that `f` builds from the query variable, one at a time
/// (core.logic's `run*`). An infinite relation gives an infinite iterator: use `take`.
///
/// ```
/// use kanren::{disj, eq, run_all};
/// assert_eq!(run_all(|q| disj([eq(q, 1), eq(q, 2)])).count(), 2);
/// ```
pub fn run_all(f: impl FnOnce(Var) -> Goal) -> Answers {
    Answers::new(None, true, f)
}

/// [`run`] without the occurs check (core.logic's `run-nc`): faster, but a cyclic binding is
/// then possible and reifying it does not terminate.
///
/// ```
/// use kanren::{eq, list, run_nc};
/// assert_eq!(run_nc(1, |q| eq(q, list![1])).count(), 1);
/// ```
pub fn run_nc(n: usize, f: impl FnOnce(Var) -> Goal) -> Answers {
    Answers::new(Some(n), false, f)
}

/// [`run_all`] without the occurs check (core.logic's `run-nc*`).
///
/// ```
/// use kanren::{eq, run_nc_all};
/// assert_eq!(run_nc_all(|q| eq(q, 1)).count(), 1);
/// ```
pub fn run_nc_all(f: impl FnOnce(Var) -> Goal) -> Answers {
    Answers::new(None, false, f)
}

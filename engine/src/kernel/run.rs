//! Running a query: `run` and `run_all` return lazy iterators of reified answers.
//!
//! As core.logic's `solve`: the query variable is fresh, the goal runs inside one suspension,
//! and each final state is reified. Pulling an answer forces the stream only as far as that
//! answer; nothing already yielded is kept.

use crate::kernel::budget::{Budget, Stop};
use crate::kernel::goal::{conj, Goal};
use crate::kernel::reify::{reify, reify_into, reify_into_verified, Answer, Reified};
use crate::kernel::state::State;
use crate::kernel::stream::{Frame, Frontier, Node, Stream};
use crate::kernel::subst::Build;
use crate::kernel::term::{Term, Var};
use std::ops::ControlFlow;

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
    /// What is left of the search: the stream, or, once the interleaved search has
    /// started, the frontier that holds it.
    stream: Stream,
    frontier: Frontier,
    frames: Vec<Frame>,
    query: Term,
    remaining: Option<usize>,
    depth_first: bool,
    budget: Option<Budget>,
    /// What each final state goes through before it is reified ([`Answers::map_final_states`]).
    finish: Option<Finishing>,
}

/// A function a final state goes through before it is reified, given the query term.
pub type Finish = std::sync::Arc<dyn Fn(State, &Term) -> State + Send + Sync>;

/// What [`Answers::finish`] holds: a plain function (no count taken and given back at each
/// query), or a counted closure.
#[derive(Clone)]
enum Finishing {
    Fn(fn(State, &Term) -> State),
    Shared(Finish),
}

impl Finishing {
    #[inline]
    fn apply(&self, s: State, q: &Term) -> State {
        match self {
            Finishing::Fn(f) => f(s, q),
            Finishing::Shared(f) => f(s, q),
        }
    }

    /// `f` after what `before` (if anything) did.
    fn then(before: Option<Finishing>, f: Finishing) -> Finishing {
        match before {
            None => f,
            Some(before) => Finishing::Shared(std::sync::Arc::new(move |s, q: &Term| {
                f.apply(before.apply(s, q), q)
            })),
        }
    }
}

impl Iterator for Answers {
    type Item = Answer;

    fn next(&mut self) -> Option<Answer> {
        let state = self.next_finished_state()?;
        Some(reify(&state, &self.query))
    }

    /// The number of answers, counted as final states: none is reified (each final state is
    /// one answer, so the count is the same), though each goes through the functions
    /// [`Answers::map_final_states`] set.
    ///
    /// ```
    /// use kanren::{disj, eq, run, run_all};
    /// assert_eq!(run_all(|q| disj([eq(q, 1), eq(q, 2), eq(q, 3)])).count(), 3);
    /// assert_eq!(run_all(|q| disj([eq(q, 1), eq(q, 2)])).depth_first().count(), 2);
    /// assert_eq!(run(2, |q| disj([eq(q, 1), eq(q, 2), eq(q, 3)])).depth_first().count(), 2);
    /// ```
    fn count(self) -> usize {
        match self.finish.clone() {
            // What `map_final_states` set still sees each final state (it may record it).
            Some(finish) => self.fold_states(0, |n, s, query| {
                let _ = finish.apply(s.clone(), query);
                n + 1
            }),
            None => self.fold_states(0, |n, _, _| n + 1),
        }
    }

    /// Depth-first ([`Answers::depth_first`]), the rest of the search runs by
    /// continuation-passing: each answer goes to `f` as it is found, and nothing is built
    /// for the search itself (no stream nodes, no suspensions), which makes `count`,
    /// `for_each`, `fold` and `sum` of a depth-first query faster than pulling its answers
    /// with `next` (counting the relational 10-queens: 2.7 times). The answers, and their
    /// order, are the same. The search stops once `run`'s `n` answers are found.
    /// Interleaved, this is the loop over `next`.
    ///
    /// ```
    /// use kanren::{disj, eq, run, run_all};
    /// assert_eq!(run_all(|q| disj([eq(q, 1), eq(q, 2), eq(q, 3)])).depth_first().count(), 3);
    /// let firsts = run(2, |q| disj([eq(q, 1), eq(q, 2), eq(q, 3)]))
    ///     .depth_first()
    ///     .fold(String::new(), |acc, a| acc + &a.to_string());
    /// assert_eq!(firsts, "12");
    /// ```
    fn fold<B, F: FnMut(B, Answer) -> B>(self, init: B, mut f: F) -> B {
        match self.finish.clone() {
            Some(finish) => self.fold_states(init, |acc, s, query| {
                f(acc, reify(&finish.apply(s.clone(), query), query))
            }),
            None => self.fold_states(init, |acc, s, query| f(acc, reify(s, query))),
        }
    }
}

impl Answers {
    /// The next answer, its value built by `b` in the walk that reifies it ([`Build`]) when
    /// the answer has no residual constraints; else the answer, as [`Iterator::next`] gives
    /// it. A program that keeps answers in data of its own makes no [`Term`] of them first.
    ///
    /// ```
    /// use kanren::{eq, fresh, list, run_all, Build, Reified, Term, Var};
    /// /// An answer as nested vectors of strings.
    /// #[derive(Debug, PartialEq)]
    /// enum Data { Atom(String), List(Vec<Data>) }
    /// struct Datas;
    /// impl Build for Datas {
    ///     type Out = Data;
    ///     fn ground(&mut self, t: Term) -> Data {
    ///         match t.to_vec() {
    ///             Some(items) => Data::List(items.into_iter().map(|t| self.ground(t)).collect()),
    ///             None => Data::Atom(t.to_string()),
    ///         }
    ///     }
    ///     fn var(&mut self, x: Var) -> Data { Data::Atom(x.to_string()) }
    ///     fn pair(&mut self, head: Data, tail: Data) -> Data {
    ///         match tail {
    ///             Data::List(mut rest) => { rest.insert(0, head); Data::List(rest) }
    ///             atom => Data::List(vec![head, atom]),
    ///         }
    ///     }
    ///     fn vector(&mut self, items: Vec<Data>) -> Data { Data::List(items) }
    ///     fn map(&mut self, _: Vec<(Data, Data)>, _: bool) -> Data { unreachable!() }
    ///     fn tie(&mut self, _: Data, _: Data) -> Data { unreachable!() }
    /// }
    /// let mut answers = run_all(|q| fresh(move |[x]| eq(q, list![1, x, list![2]])));
    /// let Some(Reified::Built(a)) = answers.next_built(&mut Datas) else { panic!() };
    /// let atom = |s: &str| Data::Atom(s.to_string());
    /// assert_eq!(a, Data::List(vec![atom("1"), atom("_0"), Data::List(vec![atom("2")])]));
    /// assert!(answers.next_built(&mut Datas).is_none());
    ///
    /// // An answer with a residual constraint comes as the answer.
    /// let mut answers = run_all(|q| kanren::neq(q, 1));
    /// let Some(Reified::Constrained(a)) = answers.next_built(&mut Datas) else { panic!() };
    /// assert_eq!(a.to_string(), "(_0 :- (!= (_0 1)))");
    ///
    /// // FD constraints print only while a variable is unbound without a domain: an answer
    /// // whose variables are labeled is built, one left so comes as the answer.
    /// use kanren::fd;
    /// let mut answers = run_all(|q| {
    ///     fresh(move |[x]| kanren::all([fd::in_([q, x], fd::interval(1, 2)), fd::lt(x, q)]))
    /// });
    /// let Some(Reified::Built(a)) = answers.next_built(&mut Datas) else { panic!() };
    /// assert_eq!(a, atom("2"));
    /// let mut answers = run_all(|q| fd::lt(q, 3));
    /// let Some(Reified::Constrained(a)) = answers.next_built(&mut Datas) else { panic!() };
    /// assert_eq!(a.to_string(), "(_0 :- (fd/< _0 3))");
    /// ```
    pub fn next_built<B: Build>(&mut self, b: &mut B) -> Option<Reified<B::Out>> {
        let state = self.next_finished_state()?;
        Some(reify_into(&state, &self.query, b))
    }

    /// [`Answers::next_built`], with the first variable of the answer's final state that an
    /// FD constraint watches left unbound without a domain, if there is one (the first that
    /// [`fd::undomained`](crate::fd::undomained) lists): what core.logic's `verify-all-bound`
    /// throws on, found in the scan of the store that building the answer makes anyway.
    ///
    /// ```
    /// use kanren::{fd, run_all, Build, Reified, Term, Var};
    /// /// An answer as its printed text.
    /// struct Text;
    /// impl Build for Text {
    ///     type Out = String;
    ///     fn ground(&mut self, t: Term) -> String { t.to_string() }
    ///     fn var(&mut self, x: Var) -> String { x.to_string() }
    ///     fn pair(&mut self, h: String, t: String) -> String { format!("({h} . {t})") }
    ///     fn vector(&mut self, items: Vec<String>) -> String { format!("[{}]", items.join(" ")) }
    ///     fn map(&mut self, _: Vec<(String, String)>, _: bool) -> String { unreachable!() }
    ///     fn tie(&mut self, _: String, _: String) -> String { unreachable!() }
    /// }
    /// let mut answers = run_all(|q| fd::in_(q, fd::interval(1, 2)));
    /// let (first, open) = answers.next_built_verified(&mut Text).unwrap();
    /// assert!(matches!(first, Reified::Built(t) if t == "1"));
    /// assert_eq!(open, None);
    ///
    /// // `x` is in an FD constraint, and has no domain.
    /// let x = Var::fresh();
    /// let mut answers =
    ///     run_all(move |q| kanren::conj([fd::dom(q, fd::interval(0, 1)), fd::lt(x, 5)]));
    /// let (_, open) = answers.next_built_verified(&mut Text).unwrap();
    /// assert_eq!(open, Some(x));
    /// ```
    pub fn next_built_verified<B: Build>(
        &mut self,
        b: &mut B,
    ) -> Option<(Reified<B::Out>, Option<Var>)> {
        let state = self.next_finished_state()?;
        Some(reify_into_verified(&state, &self.query, b))
    }

    /// The next final state, through the function [`Answers::map_final_states`] set.
    fn next_finished_state(&mut self) -> Option<State> {
        let state = self.next_final_state()?;
        Some(match &self.finish {
            Some(f) => f.apply(state, &self.query),
            None => state,
        })
    }

    /// Whether the search is known to have no answer left without forcing it any further:
    /// `run`'s `n` answers have been given, or nothing of the search is pending. `false`
    /// where finding out would take a step of the search (or a budget is watching it).
    ///
    /// ```
    /// use kanren::{eq, run, run_all};
    /// let mut one = run(1, |q| eq(q, 1));
    /// assert!(!one.is_done());
    /// assert!(one.next().is_some());
    /// assert!(one.is_done());
    /// let mut all = run_all(|q| eq(q, 1));
    /// assert!(all.next().is_some());
    /// assert!(all.next().is_none());
    /// assert!(all.is_done());
    /// ```
    pub fn is_done(&self) -> bool {
        self.remaining == Some(0)
            || (!self.depth_first
                && self.budget.is_none()
                && self.frontier.is_empty()
                && matches!(self.stream.0, Node::Empty))
    }

    /// The next final state of the search (its answer not yet reified), after `run`'s `n`
    /// and the budget.
    fn next_final_state(&mut self) -> Option<State> {
        if self.remaining == Some(0) {
            return None;
        }
        let entered = self.budget.as_ref().map(Budget::enter);
        let mut next = if self.depth_first {
            self.stream = self.pending();
            self.stream.next_depth_first(&mut self.frames)
        } else {
            if self.frontier.is_empty() {
                self.frontier
                    .load(std::mem::replace(&mut self.stream, Stream::empty()));
            }
            self.frontier.next()
        };
        if self.budget.as_ref().is_some_and(Budget::is_stopped) {
            // Found after the stop (a cut-short `conda` or `nafc` may have decided): dropped.
            next = None;
            self.frames.clear();
            self.frontier.clear();
            self.stream = Stream::empty();
        }
        drop(entered);
        match next {
            Some(state) => {
                if let Some(n) = &mut self.remaining {
                    *n -= 1;
                    if *n == 0 {
                        self.stream = Stream::empty();
                        self.frontier.clear();
                    }
                }
                Some(state)
            }
            None => {
                self.remaining = Some(0);
                None
            }
        }
    }

    /// [`Iterator::fold`] over the final states, each with the query term to reify it by:
    /// see [`Iterator::fold`]'s doc above for the depth-first search.
    fn fold_states<B>(mut self, init: B, mut f: impl FnMut(B, &State, &Term) -> B) -> B {
        if !self.depth_first {
            let mut acc = init;
            while let Some(s) = self.next_final_state() {
                acc = f(acc, &s, &self.query);
            }
            return acc;
        }
        let mut left = self.remaining;
        if left == Some(0) {
            return init;
        }
        let stream = self.pending();
        let query = &self.query;
        let mut acc = Some(init);
        let budget = self.budget.take();
        let _entered = budget.as_ref().map(Budget::enter);
        let _ = crate::kernel::solve::solve_node(stream.0, &mut |s| {
            if budget.as_ref().is_some_and(Budget::is_stopped) {
                return ControlFlow::Break(());
            }
            let a = acc
                .take()
                .expect("the fold's value is put back after each answer");
            acc = Some(f(a, s, query));
            match &mut left {
                Some(n) => {
                    *n -= 1;
                    if *n == 0 {
                        ControlFlow::Break(())
                    } else {
                        ControlFlow::Continue(())
                    }
                }
                None => ControlFlow::Continue(()),
            }
        });
        acc.expect("the fold's value is put back after each answer")
    }
}

impl Answers {
    /// What is left of the search as one stream, taken out (from the frontier, if the
    /// interleaved search has started).
    fn pending(&mut self) -> Stream {
        if self.frontier.is_empty() {
            std::mem::replace(&mut self.stream, Stream::empty())
        } else {
            self.frontier.take_stream()
        }
    }

    fn new(n: Option<usize>, occurs_check: bool, f: impl FnOnce(Var) -> Goal) -> Answers {
        let q = Var::fresh();
        let goal = conj([f(q), answer_goal(q)]);
        let state = State::new().with_occurs_check(occurs_check);
        Answers {
            stream: Stream::inc_apply(goal, state),
            frontier: Frontier::default(),
            frames: Vec::new(),
            query: Term::Var(q),
            remaining: n,
            depth_first: false,
            budget: None,
            finish: None,
        }
    }

    /// The same query within `budget`: when the budget runs out (steps, deadline, a
    /// cancellation, the frontier), the iterator ends, or the fold returns what it has
    /// folded so far; [`Budget::stopped`] (or [`Answers::stopped`]) then says why. Every
    /// answer given before the stop is kept; none is given after it. Without a stop the
    /// search is exhausted (or found `run`'s `n`) exactly as without a budget.
    ///
    /// ```
    /// use kanren::{run_all, Budget, CancelToken, Goal, Stop};
    /// // A goal that searches forever without an answer (core.logic's `nevero`).
    /// fn nevero() -> Goal {
    ///     Goal::lazy(nevero)
    /// }
    /// let budget = Budget::new().timeout(std::time::Duration::from_millis(20));
    /// assert_eq!(run_all(|_q| nevero()).depth_first().with_budget(budget.clone()).count(), 0);
    /// assert_eq!(budget.stopped(), Some(Stop::Deadline));
    ///
    /// let mut answers = run_all(|_q| nevero()).with_budget(Budget::new().steps(5_000));
    /// assert!(answers.next().is_none());
    /// assert_eq!(answers.stopped(), Some(Stop::Steps));
    /// ```
    pub fn with_budget(mut self, budget: Budget) -> Answers {
        self.budget = Some(budget);
        self
    }

    /// Why the search stopped early ([`Answers::with_budget`]), or `None` (no budget, still
    /// running, or exhausted).
    ///
    /// ```
    /// let mut a = kanren::run_all(|q| kanren::eq(q, 1));
    /// assert_eq!(a.by_ref().count(), 1);
    /// assert_eq!(a.stopped(), None);
    /// ```
    pub fn stopped(&self) -> Option<Stop> {
        self.budget.as_ref().and_then(Budget::stopped)
    }

    /// The parts of the query, for the parallel search: its stream, the query term, the
    /// number of answers still wanted, its budget.
    pub(crate) fn into_parts(mut self) -> (Stream, Term, Option<usize>, Option<Budget>) {
        let stream = self.pending();
        (
            stream,
            self.query.clone(),
            self.remaining,
            self.budget.take(),
        )
    }

    /// The same query searched depth-first, as Prolog does, instead of core.logic's
    /// interleaving: for counting, not for order.
    ///
    /// A suspension is forced at once and `mplus` never swaps, so the first branch of every
    /// `conde` is exhausted before the next is tried. For a finite search the answers are the
    /// same multiset in another order, and each goal is applied exactly as often, with less
    /// bookkeeping: nothing is captured at a suspension and nothing is swapped (counting the
    /// relational 10-queens takes half the time). `conda`, `condu` and `onceo` commit to
    /// exactly the answer they commit to when interleaving: they force their own heads with
    /// the interleaved rules.
    ///
    /// Depth-first search is **incomplete**, like Prolog's: a branch with infinitely many
    /// answers starves every branch after it, and a branch that searches forever without an
    /// answer hangs the query where interleaving would have gone on to the next branch. Use
    /// it where the search is finite and the order does not matter. It may be called at any
    /// time, also after some answers were pulled: the stream is the same data in both orders,
    /// only the way it is forced differs.
    ///
    /// ```
    /// use kanren::{conde, eq, run, Goal, Term};
    /// fn fives(x: Term) -> Goal {
    ///     Goal::lazy(move || conde([vec![eq(&x, 5)], vec![fives(x.clone())]]))
    /// }
    /// fn sixes(x: Term) -> Goal {
    ///     Goal::lazy(move || conde([vec![eq(&x, 6)], vec![sixes(x.clone())]]))
    /// }
    /// let both = |q: kanren::Var| conde([vec![fives(q.into())], vec![sixes(q.into())]]);
    /// let show = |a: kanren::Answer| a.to_string();
    /// let interleaved: Vec<String> = run(4, both).map(show).collect();
    /// assert_eq!(interleaved, ["5", "6", "5", "6"]);
    /// // Depth-first never leaves the infinite first branch: the sixes starve.
    /// let depth_first: Vec<String> = run(4, both).depth_first().map(show).collect();
    /// assert_eq!(depth_first, ["5", "5", "5", "5"]);
    /// ```
    pub fn depth_first(mut self) -> Answers {
        self.depth_first = true;
        self
    }

    /// The same query with each final state passed through `f`, with the query term, before
    /// it is reified: for a layer above the engine that keeps terms of its own (the front
    /// end's objects, which unify through their own methods) and makes their answers itself.
    /// It runs after the query's last goal (the labeling of core.logic's `reifyg`) and,
    /// outside the search, changes neither the answers' number nor their order. Called again,
    /// it adds `f` after the functions set before (each final state goes through them in the
    /// order they were set). The parallel
    /// search ([`Answers::parallel`]) reifies its final states without it.
    ///
    /// ```
    /// use kanren::{disj, eq, run_all, Term};
    /// let doubled: Vec<String> = run_all(|q| disj([eq(q, 1), eq(q, 2)]))
    ///     .map_final_states(|s, q| {
    ///         let v = s.walk(q).as_int().unwrap();
    ///         s.ext_no_check(q.as_var().unwrap(), Term::from(2 * v))
    ///     })
    ///     .map(|a| a.to_string())
    ///     .collect();
    /// assert_eq!(doubled, ["2", "4"]);
    /// ```
    pub fn map_final_states(
        mut self,
        f: impl Fn(State, &Term) -> State + Send + Sync + 'static,
    ) -> Answers {
        self.map_final_states_in_place(f);
        self
    }

    /// [`Answers::map_final_states`] on answers held where they are (in a box, say), not
    /// moved.
    ///
    /// ```
    /// use kanren::{eq, run_all, Term};
    /// let mut answers = Box::new(run_all(|q| eq(q, 1)));
    /// answers.map_final_states_in_place(|s, q| s.ext_no_check(q.as_var().unwrap(), Term::from(7)));
    /// assert_eq!(answers.next().unwrap().to_string(), "7");
    /// ```
    pub fn map_final_states_in_place(
        &mut self,
        f: impl Fn(State, &Term) -> State + Send + Sync + 'static,
    ) {
        let f: Finish = std::sync::Arc::new(f);
        self.map_final_states_shared(&f);
    }

    /// [`Answers::map_final_states_in_place`] with a function held elsewhere too: the first
    /// one a query is given takes a count on it, no allocation (a front end gives every
    /// query the same one).
    ///
    /// ```
    /// use kanren::{eq, run_all, State, Term};
    /// use std::sync::Arc;
    /// let seven: Arc<dyn Fn(State, &Term) -> State + Send + Sync> =
    ///     Arc::new(|s: State, q: &Term| s.ext_no_check(q.as_var().unwrap(), Term::from(7)));
    /// let mut answers = run_all(|q| eq(q, 1));
    /// answers.map_final_states_shared(&seven);
    /// assert_eq!(answers.next().unwrap().to_string(), "7");
    /// ```
    pub fn map_final_states_shared(&mut self, f: &Finish) {
        let f = Finishing::Shared(f.clone());
        self.finish = Some(Finishing::then(self.finish.take(), f));
    }

    /// [`Answers::map_final_states_in_place`] with a plain function: nothing allocated and
    /// no count taken (a front end gives every query the same one).
    ///
    /// ```
    /// use kanren::{eq, run_all, State, Term};
    /// fn seven(s: State, q: &Term) -> State {
    ///     s.ext_no_check(q.as_var().unwrap(), Term::from(7))
    /// }
    /// let mut answers = run_all(|q| eq(q, 1));
    /// answers.map_final_states_fn(seven);
    /// assert_eq!(answers.next().unwrap().to_string(), "7");
    /// ```
    pub fn map_final_states_fn(&mut self, f: fn(State, &Term) -> State) {
        self.finish = Some(Finishing::then(self.finish.take(), Finishing::Fn(f)));
    }
}

/// What runs after the query's goal, before reification (core.logic's `reifyg`): labeling
/// the FD variables left in the answer (core.logic's `force-ans`).
fn answer_goal(q: Var) -> Goal {
    crate::kernel::reify::force::force_all(Term::Var(q))
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

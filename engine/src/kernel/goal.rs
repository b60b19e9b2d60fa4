//! Goals: functions from a state to a stream of states, and the ways to combine them.
//!
//! `eq` unifies; `conj`/`all` and `and_star` sequence goals (core.logic's `bind*`); `conde`
//! and `or_star` interleave alternatives (core.logic's `mplus*`); `fresh` introduces
//! variables. `fresh` and `conde` suspend (core.logic's `-inc`), which is what lets the search
//! interleave and lets a recursive relation be infinite without looping.
//!
//! Every goal runs in two ways: [`Solve::apply`] gives its stream, which is how `run` finds
//! answers one at a time in core.logic's order; [`Solve::solve`] searches depth-first and
//! hands each answer to a continuation (see `solve.rs`), which is how a depth-first query is
//! folded. A goal made from a closure only has a stream, and is solved by forcing it; the
//! goals of this crate solve their parts directly.

use crate::kernel::solve::{solve_all, Cont, Flow, Nested, Step};
use crate::kernel::state::State;
use crate::kernel::stream::{push_binds, Frame, Link, Node, Stream};
use crate::kernel::term::{Term, Var};
use smallvec::SmallVec;
use std::fmt;
use std::sync::Arc;

/// What a goal does, in both ways the search can run it.
pub(crate) trait Solve: Send + Sync {
    /// The lazy stream of the states in which the goal holds.
    fn apply(&self, s: State) -> Stream;

    /// [`apply`](Solve::apply) as the forcing loop calls it, with its pending `frames` at
    /// hand: a goal whose stream would start by pushing frames (a conjunction's binds)
    /// pushes them itself and returns the node to force under them, instead of building a
    /// node for the loop to take apart at once. Same stream, by the rules of `stream/mod.rs`.
    fn apply_framed(&self, me: &Goal, s: State, _frames: &mut Vec<Frame>) -> Node {
        self.apply_goal(me, s).0
    }

    /// [`apply`](Solve::apply) as [`Goal::apply`] calls it, with the goal itself at hand
    /// (`me`, the `Arc` this is in): a goal whose stream names the goal again (a
    /// [`clause_relation`](crate::clause_relation)'s clauses) clones it instead of
    /// building a goal per clause.
    fn apply_goal(&self, _me: &Goal, s: State) -> Stream {
        self.apply(s)
    }

    /// How many clauses the goal has (see [`clause`](Solve::clause)).
    fn clause_count(&self) -> u32 {
        0
    }

    /// The stream of clause `i` applied to `s`: only a goal that makes
    /// [`Node::Clause`] nodes of itself has clauses.
    fn clause(&self, _i: u32, _s: State) -> Node {
        unreachable!("only a clause relation has clauses")
    }

    /// Calls `k` with each state in which the goal holds, depth-first (in the order
    /// depth-first forcing of [`apply`](Solve::apply)'s stream gives), until `k` breaks.
    fn solve(&self, s: &State, k: &mut Cont<'_>) -> Step {
        crate::kernel::solve::solve_node(self.apply(s.clone()).0, k).into()
    }
}

/// A goal given as a function from a state to a stream ([`Goal::new`]).
struct FromFn<F>(Nested<Option<F>>);

impl<F: Fn(State) -> Stream + Send + Sync> Solve for FromFn<F> {
    fn apply(&self, s: State) -> Stream {
        (self.0.func())(s)
    }
}

/// A goal: given a state, the lazy stream of states in which it holds.
///
/// Cheap to clone (an `Arc`), `Send + Sync`.
///
/// ```
/// use kanren::{eq, run_all, Goal, Stream};
/// let custom = Goal::new(|s| match s.unify(&1.into(), &1.into()) {
///     Some(s) => Stream::unit(s),
///     None => Stream::empty(),
/// });
/// assert_eq!(run_all(move |q| kanren::conj([custom.clone(), eq(q, 5)])).count(), 1);
/// ```
#[derive(Clone)]
#[must_use = "a goal does nothing until it is run"]
pub struct Goal(Arc<dyn Solve>);

impl Goal {
    /// Whether `self` and `other` are the same goal value (one is a clone of the other), as
    /// core.logic compares its goals, which are functions: by identity.
    ///
    /// ```
    /// let g = kanren::succeed();
    /// assert!(g.same(&g.clone()));
    /// assert!(!g.same(&kanren::fail()));
    /// ```
    pub fn same(&self, other: &Goal) -> bool {
        Arc::ptr_eq(&self.0, &other.0)
    }

    /// A goal from a function of the state.
    ///
    /// ```
    /// use kanren::{run_all, Goal, Stream};
    /// assert_eq!(run_all(|_q| Goal::new(Stream::unit)).count(), 1);
    /// ```
    pub fn new(f: impl Fn(State) -> Stream + Send + Sync + 'static) -> Goal {
        Goal(Arc::new(FromFn(Nested(Some(f)))))
    }

    /// The goal that posts the constraint `c` (see [`Constraint`](crate::Constraint)): it
    /// runs once now, then again whenever its variables change, until it is entailed; the goal
    /// fails when it cannot hold. The examples of [`Constraint`](crate::Constraint) and
    /// [`Run`](crate::Run) post constraints of their own with it.
    pub fn constraint(c: impl crate::kernel::store::Constraint) -> Goal {
        let c: Arc<dyn crate::kernel::store::Constraint> = Arc::new(c);
        Goal::new(move |s| {
            let posted = s.propagate_owned(|run| {
                run.post_arc(c.clone());
                Ok(())
            });
            match posted {
                Some(s) => Stream::unit(s),
                None => Stream::empty(),
            }
        })
    }

    /// A goal of this crate, which solves its parts directly.
    pub(crate) fn native(g: impl Solve + 'static) -> Goal {
        Goal(Arc::new(g))
    }

    /// A goal whose body is built by `f` each time it runs, not before: how a relation that
    /// calls itself avoids building an infinite goal ([`defrel!`](crate::defrel) uses it).
    ///
    /// ```
    /// use kanren::{conde, eq, run, Goal, Term};
    /// fn fives(x: Term) -> Goal {
    ///     Goal::lazy(move || conde([vec![eq(&x, 5)], vec![fives(x.clone())]]))
    /// }
    /// assert_eq!(run(3, |q| fives(q.into())).count(), 3);
    /// ```
    pub fn lazy(f: impl Fn() -> Goal + Send + Sync + 'static) -> Goal {
        Goal::native(Lazy(Nested(Some(f))))
    }

    /// A goal whose conjunction is built by `f` each time it runs: what
    /// `Goal::lazy(move || conj(f()))` does, without the conjunction made as a goal (its goals
    /// go straight to the search). core.logic's `all`, `(fn [a] (bind* a g1 g2 ...))`, builds
    /// its goals so.
    ///
    /// ```
    /// use kanren::{eq, run, Goal, Term};
    /// fn count_up(x: Term, n: i64) -> Goal {
    ///     let y = Term::from(kanren::Var::fresh());
    ///     Goal::lazy_conj(move || {
    ///         if n == 3 {
    ///             vec![eq(&x, n)]
    ///         } else {
    ///             vec![eq(&x, kanren::Term::cons(n, &y)), count_up(y.clone(), n + 1)]
    ///         }
    ///     })
    /// }
    /// let answers: Vec<String> = run(1, |q| count_up(q.into(), 0)).map(|a| a.to_string()).collect();
    /// assert_eq!(answers, ["(0 1 2 . 3)"]);
    /// ```
    pub fn lazy_conj<G>(f: impl Fn() -> G + Send + Sync + 'static) -> Goal
    where
        G: IntoIterator<Item = Goal, IntoIter: DoubleEndedIterator + ExactSizeIterator>,
    {
        Goal::native(LazyConj(Nested(Some(f))))
    }

    /// Runs the goal on a state.
    ///
    /// ```
    /// use kanren::{succeed, State};
    /// let _stream = succeed().apply(State::new());
    /// ```
    pub fn apply(&self, s: State) -> Stream {
        if !crate::kernel::budget::tick() {
            return Stream::empty();
        }
        self.0.apply_goal(self, s)
    }

    /// [`apply`](Goal::apply) inside the forcing loop, which hands over its pending frames
    /// (see [`Solve::apply_framed`]); the same budget step.
    #[inline]
    pub(crate) fn apply_framed(&self, s: State, frames: &mut Vec<Frame>) -> Node {
        if !crate::kernel::budget::tick() {
            return Node::Empty;
        }
        self.0.apply_framed(self, s, frames)
    }

    /// How many clauses this relation has (a [`Node::Alts`] goes through them).
    pub(crate) fn clause_count(&self) -> u32 {
        self.0.clause_count()
    }

    /// Clause `i` of this relation applied to `s` (a [`Node::Clause`]): a budget step, as
    /// applying the goal of its first pattern level was, unless the clause has no patterns
    /// (`Apply` of its body, whose application is the step).
    #[inline]
    pub(crate) fn clause(&self, i: u32, s: State) -> Node {
        let node = self.0.clause(i, s);
        if matches!(node, Node::Apply(..)) || crate::kernel::budget::tick() {
            node
        } else {
            Node::Empty
        }
    }

    /// Depth-first: calls `k` with each state in which the goal holds (see [`Solve::solve`]).
    /// The stack grows onto the heap as needed, so a deep search does not overflow it.
    /// Each goal solved, the first and every tail call, is a step of the budget
    /// ([`crate::kernel::budget::tick`]); a search whose budget has stopped breaks off here.
    pub(crate) fn solve(&self, s: &State, k: &mut Cont<'_>) -> Flow {
        if !crate::kernel::budget::tick() {
            return Flow::Break(());
        }
        let mut step = crate::kernel::solve::grow(|| self.0.solve(s, k));
        let mut owned: Option<State> = None;
        loop {
            match step {
                Step::Done(flow) => return flow,
                Step::Tail(g, next) => {
                    if next.is_some() {
                        owned = next;
                    }
                    let now = owned.as_ref().unwrap_or(s);
                    if !crate::kernel::budget::tick() {
                        return Flow::Break(());
                    }
                    step = crate::kernel::solve::grow(|| g.0.solve(now, k));
                }
            }
        }
    }

    /// Whether this is the shared [`succeed`] goal, which a conjunction can pass over.
    pub(crate) fn is_succeed(&self) -> bool {
        SUCCEED.with(|g| Arc::ptr_eq(&self.0, &g.0))
    }
}

/// [`Goal::lazy`].
struct Lazy<F>(Nested<Option<F>>);

impl<F: Fn() -> Goal + Send + Sync> Solve for Lazy<F> {
    fn apply(&self, s: State) -> Stream {
        Stream(Node::Apply((self.0.func())(), s))
    }

    /// The goal made and applied at once, as the forcing loop would apply its
    /// [`Node::Apply`]: no node built for the loop to take apart. Only so many lazy goals
    /// are applied inside one another ([`LAZY_IN_PLACE`]): a goal that makes itself again
    /// without end (`nevero`) goes back to the loop, which runs it in constant space.
    fn apply_framed(&self, _me: &Goal, s: State, frames: &mut Vec<Frame>) -> Node {
        let g = (self.0.func())();
        let Some(_level) = InPlace::enter() else {
            return Node::Apply(g, s);
        };
        g.apply_framed(s, frames)
    }

    fn solve(&self, _: &State, _: &mut Cont<'_>) -> Step {
        Step::Tail((self.0.func())(), None)
    }
}

/// [`Goal::lazy_conj`].
struct LazyConj<F>(Nested<Option<F>>);

impl<F, G> Solve for LazyConj<F>
where
    F: Fn() -> G + Send + Sync,
    G: IntoIterator<Item = Goal, IntoIter: DoubleEndedIterator + ExactSizeIterator>,
{
    fn apply(&self, s: State) -> Stream {
        Stream(Node::Apply(conj((self.0.func())()), s))
    }

    /// The goals made and applied at once, as [`Conj`] applies them: the first in place (as
    /// [`Lazy`] applies its goal), the others bound after it. Leading `succeed`s are left
    /// out, as [`conj`] leaves them.
    fn apply_framed(&self, _me: &Goal, s: State, frames: &mut Vec<Frame>) -> Node {
        let mut goals = (self.0.func())().into_iter();
        let first = loop {
            match goals.next() {
                None => break succeed(),
                Some(g) if g.is_succeed() => {}
                Some(g) => break g,
            }
        };
        let Some(_level) = InPlace::enter() else {
            return Node::Apply(conj(std::iter::once(first).chain(goals)), s);
        };
        push_binds(frames, goals.rev());
        first.apply_framed(s, frames)
    }

    fn solve(&self, _: &State, _: &mut Cont<'_>) -> Step {
        Step::Tail(conj((self.0.func())()), None)
    }
}

/// How many lazy goals may be applied in place inside one another ([`Lazy`]'s
/// `apply_framed`).
const LAZY_IN_PLACE: u32 = 32;

thread_local! {
    /// How many lazy goals are being applied in place on this thread's stack.
    static IN_PLACE: std::cell::Cell<u32> = const { std::cell::Cell::new(0) };
}

/// One lazy goal applied in place: left when dropped (an unwinding panic included).
struct InPlace;

impl InPlace {
    #[inline]
    fn enter() -> Option<InPlace> {
        IN_PLACE.with(|d| {
            let n = d.get();
            (n < LAZY_IN_PLACE).then(|| {
                d.set(n + 1);
                InPlace
            })
        })
    }
}

impl Drop for InPlace {
    #[inline]
    fn drop(&mut self) {
        IN_PLACE.with(|d| d.set(d.get() - 1));
    }
}

impl fmt::Debug for Goal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Goal")
    }
}

/// The goal that always succeeds once (core.logic's `s#`).
///
/// ```
/// assert_eq!(kanren::run_all(|_q| kanren::succeed()).count(), 1);
/// ```
pub fn succeed() -> Goal {
    SUCCEED.with(Goal::clone)
}

thread_local! {
    /// One goal shared by every `succeed()` (and by every `==`/`!=` decided when it is built)
    /// on this thread: getting it allocates nothing. One per thread, not one per process: the
    /// threads of a parallel search would otherwise all write its one reference count, and
    /// the cache line holding it would move between their cores at every clone and drop
    /// (a third of `!=`'s time in the relational count on two threads).
    static SUCCEED: Goal = Goal::native(Succeed);
    static FAIL: Goal = Goal::native(Fail);
}

struct Succeed;

impl Solve for Succeed {
    fn apply(&self, s: State) -> Stream {
        Stream::unit(s)
    }

    fn solve(&self, s: &State, k: &mut Cont<'_>) -> Step {
        k(s).into()
    }
}

/// The goal that never succeeds (core.logic's `u#`).
///
/// ```
/// assert_eq!(kanren::run_all(|_q| kanren::fail()).count(), 0);
/// ```
pub fn fail() -> Goal {
    FAIL.with(Goal::clone)
}

/// `succeed()` if `holds`, else `fail()`: an `==` or `!=` between two atoms, which no state
/// can change.
pub(crate) fn decided(holds: bool) -> Goal {
    if holds {
        succeed()
    } else {
        fail()
    }
}

struct Fail;

impl Solve for Fail {
    fn apply(&self, _: State) -> Stream {
        Stream::empty()
    }

    fn solve(&self, _: &State, _: &mut Cont<'_>) -> Step {
        Flow::Continue(()).into()
    }
}

/// `u` and `v` are equal: unify them (core.logic's `==`).
///
/// ```
/// use kanren::{eq, list, run_all, Term};
/// let answers: Vec<String> = run_all(|q| eq(list![1, q], list![1, 2])).map(|a| a.to_string()).collect();
/// assert_eq!(answers, ["2"]);
/// ```
pub fn eq(u: impl Into<Term>, v: impl Into<Term>) -> Goal {
    let (u, v) = (u.into(), v.into());
    if u.is_atom() && v.is_atom() {
        return decided(u == v);
    }
    Goal::native(Eq(u, v))
}

struct Eq(Term, Term);

impl Solve for Eq {
    fn apply(&self, s: State) -> Stream {
        match s.unify(&self.0, &self.1) {
            Some(s) => Stream::unit(s),
            None => Stream::empty(),
        }
    }

    fn solve(&self, s: &State, k: &mut Cont<'_>) -> Step {
        match s.unify(&self.0, &self.1) {
            Some(s) => k(&s).into(),
            None => Flow::Continue(()).into(),
        }
    }
}

/// All of `goals`, left to right (core.logic's `all`: `bind*` without a suspension).
///
/// ```
/// use kanren::{conj, eq, run_all, Var};
/// let x = Var::fresh();
/// assert_eq!(run_all(move |q| conj([eq(x, 1), eq(q, x)])).next().unwrap().to_string(), "1");
/// ```
pub fn conj(goals: impl IntoIterator<Item = Goal>) -> Goal {
    // A leading `succeed` is left out: the conjunction starts from one state, and
    // bind(Unit(s), succeed) = Unit(s). Not a later one: bind(Choice(a, r), succeed) =
    // Choice(a, Inc(bind(r, succeed))), a suspension after each answer, which changes the
    // order when the conjunction runs under another bind. The `==` and `!=` decided when
    // they were built are such goals (`safeo`'s `!=`s).
    let mut goals = goals.into_iter();
    let first = loop {
        match goals.next() {
            None => return succeed(),
            Some(g) if g.is_succeed() => {}
            Some(g) => break g,
        }
    };
    let Some(second) = goals.next() else {
        return first;
    };
    let mut conjuncts: SmallVec<[Goal; 4]> = SmallVec::new();
    conjuncts.push(first);
    conjuncts.push(second);
    conjuncts.extend(goals);
    Goal::native(Conj(Nested(conjuncts)))
}

/// A conjunction; up to four goals are kept in the goal itself (one allocation, not two:
/// clause bodies are built for every call).
struct Conj(Nested<SmallVec<[Goal; 4]>>);

impl Solve for Conj {
    fn apply(&self, s: State) -> Stream {
        Stream(Node::All(s, self.0.iter().cloned().collect()))
    }

    /// `bind*(Unit(s), g0, g1, ...)` = `g0(s)` under the binds of the others: no node.
    fn apply_framed(&self, _me: &Goal, s: State, frames: &mut Vec<Frame>) -> Node {
        let (first, rest) = self
            .0
            .split_first()
            .expect("a conjunction has two goals or more");
        push_binds(frames, rest.iter().rev().cloned());
        first.apply_framed(s, frames)
    }

    fn solve(&self, s: &State, k: &mut Cont<'_>) -> Step {
        solve_all(&self.0, s, k).into()
    }
}

/// Alias of [`conj`], with core.logic's name.
///
/// ```
/// assert_eq!(kanren::run_all(|q| kanren::all([kanren::eq(q, 1)])).count(), 1);
/// ```
pub fn all(goals: impl IntoIterator<Item = Goal>) -> Goal {
    conj(goals)
}

/// All of `goals`, from a collection: core.logic's `and*`, `(reduce bind a goals)`, which is
/// [`conj`] (each goal bound over the answers of the ones before it, nested to the left).
///
/// ```
/// use kanren::{and_star, eq, run_all};
/// assert_eq!(run_all(|q| and_star((0..3).map(move |_| eq(q, 1)))).count(), 1);
/// ```
pub fn and_star(goals: impl IntoIterator<Item = Goal>) -> Goal {
    conj(goals)
}

/// `(all g0 (all g1 ... (all gn s#)))`, nested to the right as core.logic's `everyg` builds
/// it, the rest built lazily: a million goals cost no stack. The final `succeed` counts: it
/// puts a suspension after each answer of the last goal (see [`conj`]).
fn all_nested(goals: impl IntoIterator<Item = Goal>) -> Goal {
    let goals: Arc<[Goal]> = goals.into_iter().chain([succeed()]).collect();
    and_from(goals, 0)
}

fn and_from(goals: Arc<[Goal]>, i: usize) -> Goal {
    match goals.len() - i {
        0 => succeed(),
        1 => goals[i].clone(),
        _ => Goal::native(AndFrom(goals, i)),
    }
}

/// The goals from `i` on, nested to the right (`(all gi (all ...))`).
struct AndFrom(Arc<[Goal]>, usize);

impl Solve for AndFrom {
    fn apply(&self, s: State) -> Stream {
        let AndFrom(goals, i) = self;
        let rest = and_from(goals.clone(), i + 1);
        Stream(Node::All(s, Arc::new([goals[*i].clone(), rest])))
    }

    /// As [`Conj`]'s: the rest of the conjunction pushed as a bind, no node.
    fn apply_framed(&self, _me: &Goal, s: State, frames: &mut Vec<Frame>) -> Node {
        let AndFrom(goals, i) = self;
        push_binds(frames, std::iter::once(and_from(goals.clone(), i + 1)));
        goals[*i].apply_framed(s, frames)
    }

    fn solve(&self, s: &State, k: &mut Cont<'_>) -> Step {
        solve_all(&self.0[self.1..], s, k).into()
    }
}

/// `g` holds for every element of `items` (core.logic's `everyg`).
///
/// ```
/// use kanren::{everyg, eq, run_all, Var};
/// let (a, b) = (Var::fresh(), Var::fresh());
/// let answers: Vec<_> = run_all(move |q| kanren::conj([
///     everyg(|v| eq(v, 0), [a, b]),
///     eq(q, kanren::list![a, b]),
/// ])).collect();
/// assert_eq!(answers[0].to_string(), "(0 0)");
/// ```
pub fn everyg<T>(g: impl Fn(T) -> Goal, items: impl IntoIterator<Item = T>) -> Goal {
    all_nested(items.into_iter().map(g))
}

/// Any of `clauses`, each a conjunction, interleaved (core.logic's `conde`). Suspends once
/// before trying the clauses.
///
/// ```
/// use kanren::{conde, eq, run_all};
/// let answers: Vec<String> = run_all(|q| conde([vec![eq(q, 1)], vec![eq(q, 2)]]))
///     .map(|a| a.to_string())
///     .collect();
/// assert_eq!(answers, ["1", "2"]);
/// ```
pub fn conde<C: IntoIterator<Item = Goal>>(clauses: impl IntoIterator<Item = C>) -> Goal {
    let clauses: Vec<Arc<[Goal]>> = clauses
        .into_iter()
        .map(|c| c.into_iter().collect())
        .collect();
    Goal::native(Conde(Nested(clauses)))
}

struct Conde(Nested<Vec<Arc<[Goal]>>>);

impl Solve for Conde {
    fn apply(&self, s: State) -> Stream {
        Stream(Node::Inc(Link::new(mplus_clauses(&self.0, &s))))
    }

    fn solve(&self, s: &State, k: &mut Cont<'_>) -> Step {
        let Some((last, init)) = self.0.split_last() else {
            return Flow::Continue(()).into();
        };
        if init.iter().try_for_each(|c| solve_all(c, s, k)).is_break() {
            return Flow::Break(()).into();
        }
        match &last[..] {
            [g] => Step::Tail(g.clone(), None),
            c => solve_all(c, s, k).into(),
        }
    }
}

/// `mplus*` over the clauses: `mplus(c0, thunk(mplus(c1, thunk(...))))`.
fn mplus_clauses(clauses: &[Arc<[Goal]>], s: &State) -> Node {
    // bind*(a, g) is g(a): a one-goal clause needs no conjunction node.
    mplus_nodes(clauses.iter().map(|c| match &c[..] {
        [g] => Node::Apply(g.clone(), s.clone()),
        _ => Node::All(s.clone(), c.clone()),
    }))
}

/// `mplus(n0, mplus(n1, ...))`, or `Empty` for no nodes.
pub(crate) fn mplus_nodes(nodes: impl DoubleEndedIterator<Item = Node>) -> Node {
    let mut nodes = nodes.rev();
    let last = nodes.next().unwrap_or(Node::Empty);
    nodes.fold(last, |rest, c| Node::Mplus(Link::new(c), Link::new(rest)))
}

/// `conde` over clauses of one goal each, applied to `s`.
fn conde_apply<const N: usize>(clauses: [Goal; N], s: State) -> Stream {
    let mut states = std::iter::repeat_n(s, N);
    let nodes = clauses.map(|g| Node::Apply(g, states.next().expect("a state a clause")));
    Stream(Node::Inc(Link::new(mplus_nodes(nodes.into_iter()))))
}

/// A relation's goal, given both ways: `clauses` builds its clauses (of one goal each) for its
/// stream, `conde` over them (one suspension, then the clauses interleaved); `solve` searches
/// it depth-first, and must hand `k` exactly the answers that depth-first forcing of that
/// stream gives, in that order. Both get the call's arguments `args`, which the goal keeps;
/// the clauses are built afresh each time the stream runs (they hold the arguments), which
/// also lets a relation call itself.
///
/// [`defne!`](crate::defne) expands to it, with a `solve` that matches the clauses' patterns
/// and runs their goals without building the goals of the clauses themselves; that is what
/// makes folding a depth-first query ([`Answers::depth_first`](crate::Answers::depth_first))
/// of such relations fast.
///
/// ```
/// use kanren::{eq, relation, run_all, solve_all, Step, Term, Var};
/// // q is 1 or 2, written out both ways.
/// let one_or_two = |q: Var| {
///     relation(
///         [Term::from(q)],
///         |[q]: &[Term; 1]| [eq(q, 1), eq(q, 2)],
///         |[q]: &[Term; 1], s, k| {
///             if solve_all(&[eq(q, 1)], s, k).is_break() {
///                 return Step::Done(std::ops::ControlFlow::Break(()));
///             }
///             Step::Tail(eq(q, 2), None)
///         },
///     )
/// };
/// let pulled: Vec<String> = run_all(one_or_two).map(|a| a.to_string()).collect();
/// let folded = run_all(one_or_two).depth_first().fold(Vec::new(), |mut v, a| {
///     v.push(a.to_string());
///     v
/// });
/// assert_eq!(pulled, ["1", "2"]);
/// assert_eq!(folded, ["1", "2"]);
/// ```
pub fn relation<const A: usize, const N: usize>(
    args: [Term; A],
    clauses: impl Fn(&[Term; A]) -> [Goal; N] + Send + Sync + 'static,
    solve: impl Fn(&[Term; A], &State, &mut Cont<'_>) -> Step + Send + Sync + 'static,
) -> Goal {
    Goal::native(Relation {
        args,
        clauses,
        solve,
    })
}

struct Relation<const A: usize, C, S> {
    args: [Term; A],
    clauses: C,
    solve: S,
}

impl<const A: usize, const N: usize, C, S> Solve for Relation<A, C, S>
where
    C: Fn(&[Term; A]) -> [Goal; N] + Send + Sync,
    S: Fn(&[Term; A], &State, &mut Cont<'_>) -> Step + Send + Sync,
{
    fn apply(&self, s: State) -> Stream {
        conde_apply((self.clauses)(&self.args), s)
    }

    fn solve(&self, s: &State, k: &mut Cont<'_>) -> Step {
        (self.solve)(&self.args, s, k)
    }
}

/// Any of `goals`, interleaved: `conde` with one goal per clause (core.logic's `or*`).
///
/// ```
/// use kanren::{disj, eq, run_all};
/// assert_eq!(run_all(|q| disj([eq(q, 1), eq(q, 2), eq(q, 3)])).count(), 3);
/// ```
pub fn disj(goals: impl IntoIterator<Item = Goal>) -> Goal {
    conde(goals.into_iter().map(|g| [g]))
}

/// Alias of [`disj`], with core.logic's name.
///
/// ```
/// assert_eq!(kanren::run_all(|q| kanren::or_star([kanren::eq(q, 1)])).count(), 1);
/// ```
pub fn or_star(goals: impl IntoIterator<Item = Goal>) -> Goal {
    disj(goals)
}

/// Introduces `N` fresh variables for the goal `f` builds from them (core.logic's `fresh`).
/// The variables are made, and the body built, each time the goal runs; the body runs after
/// one suspension.
///
/// ```
/// use kanren::{eq, fresh, list, run_all};
/// let answers: Vec<String> = run_all(|q| fresh(move |[a, d]| kanren::conj([
///     eq(q, list![a; d]),
///     eq(a, 1),
/// ]))).map(|x| x.to_string()).collect();
/// assert_eq!(answers, ["(1 . _0)"]);
/// ```
pub fn fresh<const N: usize>(f: impl Fn([Var; N]) -> Goal + Send + Sync + 'static) -> Goal {
    Goal::native(Fresh::<N, _>(Nested(Some(f))))
}

struct Fresh<const N: usize, F>(Nested<Option<F>>);

impl<const N: usize, F: Fn([Var; N]) -> Goal + Send + Sync> Solve for Fresh<N, F> {
    fn apply(&self, s: State) -> Stream {
        Stream::inc_apply((self.0.func())(std::array::from_fn(|_| Var::fresh())), s)
    }

    fn solve(&self, _: &State, _: &mut Cont<'_>) -> Step {
        Step::Tail((self.0.func())(std::array::from_fn(|_| Var::fresh())), None)
    }
}

/// `g` after one suspension (core.logic's `(fresh [] g)`, a goal that starts with `-inc`):
/// what a core.logic goal written as a `fresh` of no variables is, such as `fd/in`. The
/// suspension decides where its answers interleave in a disjunction; a depth-first search
/// runs `g` at once.
pub(crate) fn suspended(g: Goal) -> Goal {
    Goal::native(Suspended(Nested(Some(g))))
}

struct Suspended(Nested<Option<Goal>>);

impl Solve for Suspended {
    fn apply(&self, s: State) -> Stream {
        Stream(Node::Suspended(self.0.func().clone(), s))
    }

    fn solve(&self, _: &State, _: &mut Cont<'_>) -> Step {
        Step::Tail(self.0.func().clone(), None)
    }
}

impl From<&Goal> for Goal {
    /// A clone of the goal (an `Arc`), so that a goal can be passed by reference where goals
    /// are taken, as terms are: `conde!([&g], [anyo(&g)])`.
    ///
    /// ```
    /// use kanren::{eq, run_all, Goal};
    /// let g = eq(1, 1);
    /// assert_eq!(run_all(|_q| Goal::from(&g)).count(), 1);
    /// ```
    fn from(g: &Goal) -> Goal {
        g.clone()
    }
}

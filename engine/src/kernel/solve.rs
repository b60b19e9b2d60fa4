//! Depth-first search by continuation-passing: how a depth-first query is folded.
//!
//! `g.solve(s, k)` calls the continuation `k` with each state in which `g` holds, in the order
//! that depth-first forcing of `g`'s stream gives (Prolog's order), and stops as soon as `k`
//! returns `Break`. A conjunction passes each answer of its first goal on to the rest, a
//! disjunction tries its clauses one after the other:
//!
//! ```text
//! solve(g1 ∧ g2, s, k) = solve(g1, s, |s1| solve(g2, s1, k))
//! solve(g1 ∨ g2, s, k) = solve(g1, s, k); solve(g2, s, k)
//! ```
//!
//! Nothing is built for the search itself: no stream nodes, no suspensions, no captured
//! frames, and a state is cloned only where a goal changes it. That is what makes folding an
//! exhaustive search ([`Answers::fold`](crate::Answers), hence `count`) cheaper than pulling
//! its answers one by one. The price is Prolog's: the Rust stack holds one frame per goal on
//! the current branch that still has answers to pass on. It grows onto the heap as needed
//! ([`grow`]), so a deep branch costs memory in proportion to its depth, never a stack
//! overflow; and a goal's last call, the usual place of a recursion, is a tail call ([`Step`])
//! that takes no stack at all.
//!
//! A goal that only has a stream (a [`Goal::new`](crate::Goal::new) closure, the FD goals,
//! `conda`/`condu`) is solved by walking its stream here ([`solve_node`]), with the rules of
//! depth-first forcing; the goals inside that stream are solved directly again.

use crate::kernel::goal::Goal;
use crate::kernel::state::State;
use crate::kernel::stream::{Frame, Node};
use std::cell::Cell;
use std::ops::ControlFlow;

/// Whether the search goes on (`Continue`) or stops (`Break`: enough answers).
pub(crate) type Flow = ControlFlow<()>;

/// A continuation: what a depth-first search does with each answer of a goal, and whether it
/// then goes on (see [`relation`](crate::relation)).
pub type Cont<'a> = dyn FnMut(&State) -> ControlFlow<()> + 'a;

/// What solving one goal depth-first returns: done (and whether the search goes on), or a
/// goal to solve in its place with the same continuation, in the given state (`None`: the
/// same state). Such tail calls are made in a loop, so a relation whose last goal calls
/// itself (`membero`, `appendo`, a recursive `conde` clause) searches any depth in constant
/// stack.
///
/// ```
/// use kanren::{eq, relation, run_all, Step, Term};
/// // A relation whose depth-first search hands its one goal on as a tail call.
/// let five = |q: kanren::Var| {
///     relation([q.into()], |[q]: &[Term; 1]| [eq(q, 5)], |[q], _, _| Step::Tail(eq(q, 5), None))
/// };
/// assert_eq!(run_all(five).depth_first().count(), 1);
/// ```
pub enum Step {
    /// Solved; `Break` stops the search.
    Done(ControlFlow<()>),
    /// Solve this goal in this state (`None`: the state given) in the caller's place.
    Tail(Goal, Option<State>),
}

impl From<Flow> for Step {
    fn from(flow: Flow) -> Step {
        Step::Done(flow)
    }
}

/// Stack left below which the next call moves to a new segment.
const RED_ZONE: usize = 256 * 1024;
/// The size of each new stack segment.
const SEGMENT: usize = 4 * 1024 * 1024;

thread_local! {
    /// Addresses `(low, high)` of the stack this thread last checked: below `low` lies the
    /// red zone, and `high` is a frame seen on that stack. A frame between the two is on the
    /// same stack (stacks do not overlap) with room left, so [`stack_low`] is two comparisons.
    static ROOM: Cell<(usize, usize)> = const { Cell::new((usize::MAX, 0)) };
}

/// Whether this stack is nearly used up (the next [`grow`] moves to a new segment). Asks
/// `stacker` only on a stack, or at a height, not seen since it last asked.
#[inline]
pub(crate) fn stack_low() -> bool {
    let probe = 0u8;
    let here = std::ptr::addr_of!(probe) as usize;
    let (low, high) = ROOM.get();
    if low < here && here <= high {
        return false;
    }
    stack_low_asked(here)
}

#[cold]
#[inline(never)]
fn stack_low_asked(here: usize) -> bool {
    match crate::kernel::stack::remaining() {
        Some(left) if left >= RED_ZONE => {
            ROOM.set((here - left + RED_ZONE, here));
            false
        }
        Some(_) => true,
        None => false,
    }
}

/// Runs `f`, on a new stack segment if this one is nearly used up.
pub(crate) fn grow<R>(f: impl FnOnce() -> R) -> R {
    crate::kernel::stack::maybe_grow(RED_ZONE, SEGMENT, f)
}

/// Goals held inside a goal (a `conde`'s clauses, a conjunction's goals): freed on a new
/// stack segment when this one is nearly used up, since freeing the last reference to a goal
/// frees the goals inside it, recursively, and a program can nest them a million deep (a
/// `conde` built by folding over a long list).
#[derive(Default)]
pub(crate) struct Nested<T: Default>(pub(crate) T);

impl<T: Default> Drop for Nested<T> {
    #[inline]
    fn drop(&mut self) {
        if stack_low() {
            let inner = std::mem::take(&mut self.0);
            grow(move || drop(inner));
        }
    }
}

impl<F> Nested<Option<F>> {
    /// The function a goal holds (a `fresh`'s body, a closure's): there until it is freed.
    #[inline]
    pub(crate) fn func(&self) -> &F {
        self.0
            .as_ref()
            .expect("a goal's function is held until the goal is freed")
    }
}

impl<T: Default> std::ops::Deref for Nested<T> {
    type Target = T;
    fn deref(&self) -> &T {
        &self.0
    }
}

/// `goals` in sequence, depth-first: each answer of the first is passed on to the rest, and
/// each answer of the last to `k`. For the depth-first half of a [`relation`](crate::relation).
///
/// ```
/// use kanren::{eq, solve_all, State, Var};
/// use std::ops::ControlFlow;
/// let (x, y) = (Var::fresh(), Var::fresh());
/// let mut found = Vec::new();
/// let _ = solve_all(&[eq(x, 1), eq(y, x)], &State::new(), &mut |s| {
///     found.push(s.walk(&y.into()));
///     ControlFlow::Continue(())
/// });
/// assert_eq!(found, [1.into()]);
/// ```
pub fn solve_all(goals: &[Goal], s: &State, k: &mut Cont<'_>) -> Flow {
    // Leading `succeed`s (often an `==` or `!=` decided when it was built) are passed over.
    let mut goals = goals;
    while let [g, rest @ ..] = goals {
        if !g.is_succeed() {
            break;
        }
        goals = rest;
    }
    match goals {
        [] => k(s),
        [g] => g.solve(s, k),
        [g, rest @ ..] => g.solve(s, &mut |s| solve_all(rest, s, k)),
    }
}

/// `goals` in sequence from the last to the first: a run of binds, innermost last.
fn solve_binds(goals: &[Goal], s: &State, k: &mut Cont<'_>) -> Flow {
    match goals {
        [] => k(s),
        [g] => g.solve(s, k),
        [rest @ .., g] => g.solve(s, &mut |s| solve_binds(rest, s, k)),
    }
}

/// Solves what is left of a stream, by the rules of depth-first forcing (see `stream/mod.rs`):
/// the answers it has, then those of what it suspends, each passed through its binds.
pub(crate) fn solve_node(node: Node, k: &mut Cont<'_>) -> Flow {
    // What comes last in a node (the rest of a `Choice`, the second stream of an `Mplus`, what
    // a suspension delays) is solved in this loop, not by a nested call: a stream of many
    // answers (a table's, a fact database's) does not nest one call per answer.
    grow(move || {
        let mut node = node;
        loop {
            node = match node {
                Node::Empty => return Flow::Continue(()),
                Node::Unit(s) => return k(&s),
                Node::Choice(s, rest) => {
                    k(&s)?;
                    rest.into_inner()
                }
                Node::Inc(t) => t.into_inner(),
                Node::Captured(t, frames) => Node::Resume(t, frames),
                Node::Suspended(g, s) | Node::Apply(g, s) => return g.solve(&s, k),
                Node::Delayed(levels, g, s) => {
                    if !crate::kernel::stream::pass_levels(levels) {
                        return Flow::Break(());
                    }
                    return g.solve(&s, k);
                }
                Node::Paused(levels) => {
                    crate::kernel::stream::pass_levels(levels);
                    return Flow::Continue(());
                }
                Node::Clause(g, s, i) => g.clause(i, s),
                Node::Alts(g, s, i) => match crate::kernel::stream::alts(g, s, i) {
                    (clause, None) => clause,
                    (clause, Some(rest)) => {
                        solve_node(clause, k)?;
                        rest
                    }
                },
                Node::Mplus(x, y) => {
                    solve_node(x.into_inner(), k)?;
                    y.into_inner()
                }
                Node::Bind(x, goals) => {
                    return solve_node(x.into_inner(), &mut |s| solve_binds(&goals, s, k))
                }
                Node::Conj(x, goals) => {
                    return solve_node(x.into_inner(), &mut |s| solve_all(&goals, s, k))
                }
                Node::All(s, goals) => return solve_all(&goals, &s, k),
                Node::Lazy(f) => f().0,
                // The frames, outermost first, as `hnf` unpacks them: a run of binds applies to
                // all that is inside it; `mplus(_, y)` around the suspension became
                // `Mplus(y, rest)`.
                Node::Resume(t, mut frames) => match frames.pop_front() {
                    None => t.into_inner(),
                    Some(Frame::Binds(run)) => {
                        return solve_node(Node::Resume(t, frames), &mut |s| {
                            solve_binds(&run, s, k)
                        })
                    }
                    Some(Frame::Mplus(y)) => {
                        solve_node(y.into_inner(), k)?;
                        Node::Resume(t, frames)
                    }
                },
            }
        }
    })
}

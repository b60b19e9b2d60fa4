//! The lazy stream of answers, with core.logic's interleaving, driven by a loop.
//!
//! Why the stream names goals: a stream is lazy, so its pending work is goal applications
//! not yet made (`Apply(Goal, State)`, the binds of `Bind`/`Conj`/`All`, a relation's
//! clauses in `Clause`/`Alts`), and forcing it makes them. It uses exactly the type [`Goal`]
//! and three of its methods: `apply_framed` (apply a goal, its binds pushed onto the loop's
//! frames), `clause_count` and `clause` (a relation's clauses, one at a time). It never sees
//! `Solve` nor what a goal is made of; goals, in turn, build their streams from these nodes.
//!
//! A stream is data, not closures, so that forcing it is a loop over an explicit stack:
//!
//! ```text
//! Stream = Empty | Unit(State) | Choice(State, Stream)   -- head normal forms
//!        | Inc(Stream)                                     -- a suspension (core.logic's -inc)
//!        | Suspended(Goal, State)                          -- Inc(Apply(..)), one allocation less
//!        | Captured(Stream, [Frame])                       -- Inc of a stream under the frames it took
//!        | Mplus(Stream, Stream) | Bind(Stream, Goal)      -- pending mplus / bind
//!        | Conj(Stream, [Goal])                            -- pending bind* over many goals
//!        | All(State, [Goal])                              -- Conj(Unit(State), ..), unboxed
//!        | Apply(Goal, State) | Lazy(FnOnce -> Stream)     -- pending goal applications
//!        | Clause(Goal, State, i)                          -- clause i of a relation, pending
//!        | Delayed(k, Goal, State) | Paused(k)             -- Inc^k(Apply(..)), Inc^k(Empty)
//! ```
//!
//! The rules are core.logic's (`IBind`/`IMPlus` for nil, Substitutions, `Choice` and `Fn`):
//!
//! ```text
//! mplus(Empty, y)        = y                 bind(Empty, g)        = Empty
//! mplus(Unit(a), y)      = Choice(a, y)      bind(Unit(a), g)      = g(a)
//! mplus(Choice(a, r), y) = Choice(a, y ⊕ r)  bind(Choice(a, r), g) = mplus(g(a), Inc(bind(r, g)))
//! mplus(Inc(t), y)       = Inc(y ⊕ t)        bind(Inc(t), g)       = Inc(bind(t, g))
//! ```
//!
//! where `y ⊕ r` is a pending `Mplus(y, r)`: the second argument of `mplus` is always a thunk
//! that is only forced later (`mplus(Empty, y)` forces it at once, as core.logic's
//! `(mplus nil f)` is `(f)`), and both `Choice` and `Inc` swap the two streams, which is what
//! makes the search interleave. `hnf` applies these rules until the head is an answer, a
//! suspension or the end, keeping the pending `mplus`/`bind` frames in a vector: neither a
//! deep recursion in a relation nor a long conjunction grows the Rust stack. That is how
//! `conda` and `condu` look at a stream ([`head_normal_form`]). A query's answers are pulled
//! by core.logic's `take*`, which opens every suspension at once: [`Frontier`] does that by
//! the same rules, with the pending work kept in a tree that stays in place (`frontier.rs`).
//!
//! The frames loop also forces depth-first ([`Answers::depth_first`](crate::Answers::depth_first),
//! for counting), by Prolog's rules: a suspension is simply forced, and nothing swaps.
//!
//! ```text
//! mplus(Choice(a, r), y) = Choice(a, r ⊕ y)  bind(Choice(a, r), g) = mplus(g(a), bind(r, g))
//! Inc(t)                 = t
//! ```
//!
//! (the other rules as above). Both orders force a stream's data the same way, so a stream
//! may be started in one and finished in the other; a finite stream gives the same answers,
//! in another order. The committed-choice goals decide with the interleaved rules
//! ([`head_normal_form`]), whatever order forces the stream around them.
//!
//! A parallel search cuts a stream into parts where it branches (`crate::search`); while it
//! does, the flag of `splitting.rs` is set on its thread, for goals whose search is one loop.

mod delay;
mod frames;
mod frontier;
mod link;
mod splitting;

pub(crate) use delay::pass_levels;

pub(crate) use frontier::Frontier;
pub(crate) use link::Link;
pub(crate) use splitting::{splitting, Splitting};

use crate::kernel::goal::Goal;
use crate::kernel::state::State;
use frames::{pop_bind, recycle, take_frames};
use std::collections::VecDeque;
use std::sync::Arc;

/// A lazy stream of states: what a [`Goal`] returns.
///
/// Most code never touches streams: goals are built from [`eq`](crate::eq),
/// [`conde`](fn@crate::conde), [`fresh`](fn@crate::fresh) and friends. A custom goal returns
/// [`Stream::empty`] to fail, [`Stream::unit`] to succeed once, or combines streams.
///
/// ```
/// use kanren::{run_all, Goal, Stream};
/// // A goal that succeeds twice without binding anything.
/// let twice = Goal::new(|s| Stream::mplus(Stream::unit(s.clone()), Stream::unit(s)));
/// assert_eq!(run_all(|_q| twice.clone()).count(), 2);
/// ```
#[must_use = "a stream does nothing until it is forced"]
pub struct Stream(pub(crate) Node);

pub(crate) enum Node {
    Empty,
    Unit(State),
    Choice(State, Link),
    Inc(Link),
    /// `Inc(Apply(g, s))` in one node: the suspension that `fresh`, `project` and pattern
    /// clauses make, and that depth-first forcing opens without allocating.
    Suspended(Goal, State),
    Mplus(Link, Link),
    /// `bind` of the stream over a run of goals; the last goal is the innermost (applied
    /// first): `Bind(x, [g2, g1])` is `bind(bind(x, g1), g2)`.
    Bind(Link, Vec<Goal>),
    Conj(Link, Arc<[Goal]>),
    /// `Conj(Unit(s), goals)` without the box: a conjunction applied to one state.
    All(State, Arc<[Goal]>),
    Apply(Goal, State),
    /// `t` under the frames `fs` (outermost first): what forcing `t` under those frames
    /// became when `t` suspended. Equal, by the rules above, to rebuilding the frames around
    /// `Inc(t)` one by one, but captured in O(1) (a vector becomes a deque without copying)
    /// and unpacked one frame at a time from the front. Only the interleaved rules build it;
    /// what it means is theirs in either order of forcing.
    Resume(Link, VecDeque<Frame>),
    /// `Inc(Resume(t, fs))` in one node: a suspension met under pending frames, which took
    /// them, when the forcing must return it ([`head_normal_form`]).
    Captured(Link, VecDeque<Frame>),
    Lazy(Box<dyn FnOnce() -> Stream + Send>),
    /// `Inc^k(Apply(g, s))`, `k >= 2`, in one node: a `defne!` clause whose patterns all
    /// matched, one suspension per pattern level (see `delay.rs`).
    Delayed(u32, Goal, State),
    /// `Inc^k(Empty)`, `k >= 1`: a clause whose `k`-th pattern level did not match.
    Paused(u32),
    /// Clause `i` of the relation `g` applied to `s` (see [`crate::kernel::goal::clause_relation`]):
    /// a pending goal application, as `Apply`.
    Clause(Goal, State, u32),
    /// `mplus(Clause(g, s, i), mplus(Clause(g, s, i + 1), ...))` over the clauses of the
    /// relation `g` from `i` on: a relation's call is `Inc(Alts(g, s, 0))`, its clauses made
    /// one at a time as the search gets to them, with no box between them.
    Alts(Goal, State, u32),
}

/// `Alts(g, s, i)` taken apart: clause `i`, and the clauses after it (`None` after the last).
pub(crate) fn alts(g: Goal, s: State, i: u32) -> (Node, Option<Node>) {
    if i + 1 < g.clause_count() {
        let clause = Node::Clause(g.clone(), s.clone(), i);
        (clause, Some(Node::Alts(g, s, i + 1)))
    } else {
        (Node::Clause(g, s, i), None)
    }
}

/// A stream forced to its head ([`Stream::head`]), core.logic's four kinds of stream value.
pub enum Head {
    /// No state: failure (core.logic's `nil`).
    Empty,
    /// Exactly one state (core.logic's substitution as a stream).
    Unit(State),
    /// A state and the rest of the stream (core.logic's `Choice`).
    Choice(State, Stream),
    /// A suspension, holding the stream it delays, not yet forced (core.logic's `-inc`).
    Inc(Stream),
}

impl Stream {
    /// The stream with no states: failure.
    ///
    /// ```
    /// use kanren::{run_all, Goal, Stream};
    /// assert_eq!(run_all(|_q| Goal::new(|_s| Stream::empty())).count(), 0);
    /// ```
    pub fn empty() -> Stream {
        Stream(Node::Empty)
    }

    /// The stream of exactly one state.
    ///
    /// ```
    /// use kanren::{run_all, Goal, Stream};
    /// assert_eq!(run_all(|_q| Goal::new(Stream::unit)).count(), 1);
    /// ```
    pub fn unit(s: State) -> Stream {
        Stream(Node::Unit(s))
    }

    /// The states of `a` and then, interleaved at suspensions, those of `b` (core.logic's
    /// `mplus`; `b` is not looked at until `a` suspends or ends).
    ///
    /// ```
    /// use kanren::{run_all, Goal, Stream};
    /// let g = Goal::new(|s| Stream::mplus(Stream::unit(s.clone()), Stream::empty()));
    /// assert_eq!(run_all(|_q| g.clone()).count(), 1);
    /// ```
    pub fn mplus(a: Stream, b: Stream) -> Stream {
        Stream(Node::Mplus(Link::new(a.0), Link::new(b.0)))
    }

    /// The states of `g` applied to every state of `a` (core.logic's `bind`).
    ///
    /// ```
    /// use kanren::{eq, run_all, Goal, Stream};
    /// let g = Goal::new(|s| Stream::bind(Stream::unit(s), eq(1, 1)));
    /// assert_eq!(run_all(|_q| g.clone()).count(), 1);
    /// ```
    pub fn bind(a: Stream, g: Goal) -> Stream {
        Stream(Node::Bind(Link::new(a.0), vec![g]))
    }

    /// A suspension: the stream is produced by `f` only when the search gets to it.
    ///
    /// ```
    /// use kanren::{run_all, Goal, Stream};
    /// let g = Goal::new(|s| Stream::suspend(move || Stream::unit(s)));
    /// assert_eq!(run_all(|_q| g.clone()).count(), 1);
    /// ```
    pub fn suspend(f: impl FnOnce() -> Stream + Send + 'static) -> Stream {
        Stream(Node::Inc(Link::new(Node::Lazy(Box::new(f)))))
    }

    /// Forces the stream to its head as core.logic's stream values show it, opening no
    /// suspension: no state, one state, a state and the rest, or a suspension (what is under
    /// it, not yet forced). What a goal applied to a state by hand gives back: `==` a state
    /// at once, `fresh` and `conde` a suspension.
    ///
    /// ```
    /// use kanren::{conde, eq, Head, State, Stream, Var};
    /// let x = Var::fresh();
    /// assert!(matches!(eq(x, 1).apply(State::new()).head(), Head::Unit(_)));
    /// assert!(matches!(eq(1, 2).apply(State::new()).head(), Head::Empty));
    /// let g = conde([vec![eq(x, 1)], vec![eq(x, 2)]]);
    /// let Head::Inc(rest) = g.apply(State::new()).head() else { panic!() };
    /// assert!(matches!(rest.head(), Head::Choice(..)));
    /// ```
    pub fn head(self) -> Head {
        match hnf::<false>(self.0, &mut Vec::new()) {
            Node::Empty => Head::Empty,
            Node::Unit(s) => Head::Unit(s),
            Node::Choice(s, rest) => Head::Choice(s, Stream(rest.into_inner())),
            suspension => Head::Inc(Stream(suspension.open())),
        }
    }

    /// `g` applied to `s` later, inside a suspension (how `fresh` and `conde` delay).
    pub(crate) fn inc_apply(g: Goal, s: State) -> Stream {
        Stream(Node::Suspended(g, s))
    }

    /// The next state, depth-first, and the rest of the stream, or `None` at the end (the
    /// interleaved order is [`Frontier`]'s); `frames` is scratch space reused across calls.
    pub(crate) fn next_depth_first(&mut self, frames: &mut Vec<Frame>) -> Option<State> {
        let node = std::mem::replace(&mut self.0, Node::Empty);
        match hnf::<true>(node, frames) {
            Node::Empty => None,
            Node::Unit(a) => Some(a),
            Node::Choice(a, rest) => {
                self.0 = rest.into_inner();
                Some(a)
            }
            _ => unreachable!("a depth-first hnf returns no suspension"),
        }
    }
}

impl Node {
    /// What the suspension `self` (an `Inc`, a `Suspended`, a `Captured`, a `Delayed` or a
    /// `Paused`) delays.
    pub(crate) fn open(self) -> Node {
        match self {
            Node::Inc(t) => t.into_inner(),
            Node::Suspended(g, s) => Node::Apply(g, s),
            Node::Captured(t, fs) => Node::Resume(t, fs),
            node @ (Node::Delayed(..) | Node::Paused(_)) => delay::open(node),
            _ => unreachable!("a head normal form that is not an answer is a suspension"),
        }
    }
}

/// `s` rewritten to a head normal form (`Empty`, `Unit`, `Choice`, or a suspension: `Inc`,
/// `Suspended`, `Captured`, `Delayed` or `Paused`) by the rules above: what `conda` and `condu` look at to decide. Iterative,
/// like all forcing. Always interleaved, so that they commit to the same answer in either
/// order.
pub(crate) fn head_normal_form(s: Stream) -> Stream {
    Stream(hnf::<false>(s.0, &mut Vec::new()))
}

/// A pending operation around the stream being forced.
pub(crate) enum Frame {
    /// `mplus(<being forced>, thunk)`.
    Mplus(Link),
    /// A run of pending binds, innermost last, as in [`Node::Bind`]. Keeping the run in one
    /// frame lets a suspension capture it in O(1): a relation that recurses before its other
    /// goals then costs O(1) per level instead of O(depth).
    Binds(Vec<Goal>),
}

/// Pushes binds of `goals` (innermost last) above the current frames.
pub(crate) fn push_binds(frames: &mut Vec<Frame>, goals: impl ExactSizeIterator<Item = Goal>) {
    if goals.len() == 0 {
        return;
    }
    // Short runs join the run below them; long ones (captured by a suspension) move as they are.
    if goals.len() <= 4 {
        if let Some(Frame::Binds(run)) = frames.last_mut() {
            run.extend(goals);
            return;
        }
    }
    frames.push(Frame::Binds(goals.collect()));
}

/// Rewrites `node` until it is `Empty`, `Unit`, `Choice` or a suspension (`Inc`,
/// `Suspended`, `Captured`, `Delayed`, `Paused`), using the rules above: core.logic's, or
/// with `DEPTH_FIRST` the depth-first ones (which never return a suspension).
///
/// `frames` must be empty on entry; it is empty again on return.
fn hnf<const DEPTH_FIRST: bool>(mut node: Node, frames: &mut Vec<Frame>) -> Node {
    loop {
        node = match node {
            Node::Mplus(x, y) => {
                frames.push(Frame::Mplus(y));
                x.into_inner()
            }
            Node::Bind(x, goals) => {
                if goals.len() <= 4 {
                    push_binds(frames, goals.into_iter());
                } else {
                    frames.push(Frame::Binds(goals));
                }
                x.into_inner()
            }
            Node::Conj(x, goals) => {
                push_binds(frames, goals.iter().rev().cloned());
                x.into_inner()
            }
            // bind(Unit(s), g) = g(s): the first goal runs at once.
            Node::All(s, goals) => match goals.split_first() {
                None => Node::Unit(s),
                Some((first, rest)) => {
                    push_binds(frames, rest.iter().rev().cloned());
                    first.apply_framed(s, frames)
                }
            },
            Node::Apply(g, s) => g.apply_framed(s, frames),
            Node::Clause(g, s, i) => g.clause(i, s),
            Node::Alts(g, s, i) => match alts(g, s, i) {
                (clause, None) => clause,
                (clause, Some(rest)) => {
                    frames.push(Frame::Mplus(Link::new(rest)));
                    clause
                }
            },
            Node::Lazy(f) => f().0,
            // The same in both orders: a Resume is data, built by the interleaved rules.
            Node::Resume(t, mut fs) => loop {
                match fs.pop_front() {
                    None => {
                        // An emptied deque starts at its buffer's front again, so the
                        // vector is made from it without moving anything.
                        fs.clear();
                        recycle(fs.into());
                        break t.into_inner();
                    }
                    // Binds frames go back as they were, all of them in one step.
                    Some(Frame::Binds(run)) => frames.push(Frame::Binds(run)),
                    // The frame mplus(_, y) around a suspension became Mplus(y, rest).
                    // (The rest goes into y's box, which y leaves.)
                    Some(Frame::Mplus(mut y)) => {
                        let y_node = y.replace(Node::Resume(t, fs));
                        frames.push(Frame::Mplus(y));
                        break y_node;
                    }
                }
            },
            // Depth-first: Inc(t) = t, under any frames.
            Node::Inc(t) if DEPTH_FIRST => t.into_inner(),
            Node::Suspended(g, s) if DEPTH_FIRST => g.apply_framed(s, frames),
            Node::Captured(t, fs) if DEPTH_FIRST => Node::Resume(t, fs),
            Node::Delayed(k, g, s) if DEPTH_FIRST => match delay::pass_levels(k) {
                true => g.apply_framed(s, frames),
                false => Node::Empty,
            },
            Node::Paused(k) if DEPTH_FIRST => {
                delay::pass_levels(k);
                Node::Empty
            }
            // Interleaved: Suspended(g, s) is Inc(Apply(g, s)), captured as below.
            Node::Suspended(g, s) if !frames.is_empty() => {
                let t = Link::new(Node::Apply(g, s));
                Node::Captured(t, take_frames(frames).into())
            }
            // A suspension under pending frames: every frame would wrap it in turn
            // (bind(Inc(t), g) = Inc(bind(t, g)), mplus(Inc(t), y) = Inc(mplus(y, t))); take
            // them all at once instead.
            Node::Inc(t) if !frames.is_empty() => Node::Captured(t, take_frames(frames).into()),
            Node::Captured(t, fs) if !frames.is_empty() => {
                let t = Link::new(Node::Resume(t, fs));
                Node::Captured(t, take_frames(frames).into())
            }
            node @ (Node::Delayed(..) | Node::Paused(_)) if !frames.is_empty() => {
                Node::Captured(Link::new(node.open()), take_frames(frames).into())
            }
            head => match frames.last_mut() {
                None => return head,
                Some(Frame::Binds(_)) => match head {
                    // bind(Empty, g) = Empty, for every goal of the run.
                    Node::Empty => {
                        frames.pop();
                        Node::Empty
                    }
                    Node::Unit(a) => {
                        let g = pop_bind(frames);
                        g.apply_framed(a, frames)
                    }
                    Node::Choice(a, r) => {
                        let g = pop_bind(frames);
                        let rest = Node::Bind(r, vec![g.clone()]);
                        let rest = if DEPTH_FIRST {
                            rest
                        } else {
                            Node::Inc(Link::new(rest))
                        };
                        frames.push(Frame::Mplus(Link::new(rest)));
                        g.apply_framed(a, frames)
                    }
                    _ => unreachable!("head normal form, not a suspension"),
                },
                Some(Frame::Mplus(_)) => {
                    let Some(Frame::Mplus(y)) = frames.pop() else {
                        unreachable!("top frame is an mplus")
                    };
                    match head {
                        Node::Empty => y.into_inner(),
                        Node::Unit(a) => Node::Choice(a, y),
                        Node::Choice(a, r) if DEPTH_FIRST => {
                            Node::Choice(a, Link::new(Node::Mplus(r, y)))
                        }
                        Node::Choice(a, r) => Node::Choice(a, Link::new(Node::Mplus(y, r))),
                        _ => unreachable!("head normal form, not a suspension"),
                    }
                }
            },
        }
    }
}

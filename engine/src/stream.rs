//! The lazy stream of answers, with core.logic's interleaving, driven by a loop.
//!
//! A stream is data, not closures, so that forcing it is a loop over an explicit stack:
//!
//! ```text
//! Stream = Empty | Unit(State) | Choice(State, Stream)   -- head normal forms
//!        | Inc(Stream)                                     -- a suspension (core.logic's -inc)
//!        | Mplus(Stream, Stream) | Bind(Stream, Goal)      -- pending mplus / bind
//!        | Conj(Stream, [Goal])                            -- pending bind* over many goals
//!        | Apply(Goal, State) | Lazy(FnOnce -> Stream)     -- pending goal applications
//! ```
//!
//! The rules are core.logic's (`IBind`/`IMPlus` for nil, Substitutions, `Choice` and `Fn`):
//!
//! ```text
//! mplus(Empty, y)        = Inc(y)            bind(Empty, g)        = Empty
//! mplus(Unit(a), y)      = Choice(a, y)      bind(Unit(a), g)      = g(a)
//! mplus(Choice(a, r), y) = Choice(a, y ⊕ r)  bind(Choice(a, r), g) = mplus(g(a), Inc(bind(r, g)))
//! mplus(Inc(t), y)       = Inc(y ⊕ t)        bind(Inc(t), g)       = Inc(bind(t, g))
//! ```
//!
//! where `y ⊕ r` is a pending `Mplus(y, r)`: the second argument of `mplus` is always a thunk
//! that is only forced later, and both `Choice` and `Inc` swap the two streams, which is what
//! makes the search interleave. [`Stream::hnf`] applies these rules until the head is an
//! answer, a suspension or the end, keeping the pending `mplus`/`bind` frames in a vector:
//! neither a deep recursion in a relation nor a long conjunction grows the Rust stack.

use crate::goal::Goal;
use crate::state::State;
use std::sync::Arc;

/// A lazy stream of states: what a [`Goal`] returns.
///
/// Most code never touches streams: goals are built from [`eq`](crate::eq),
/// [`conde`](crate::conde), [`fresh`](crate::fresh) and friends. A custom goal returns
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
    Mplus(Link, Link),
    Bind(Link, Goal),
    Conj(Link, Arc<[Goal]>),
    Apply(Goal, State),
    Lazy(Box<dyn FnOnce() -> Stream + Send>),
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
        Stream(Node::Bind(Link::new(a.0), g))
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

    /// `g` applied to `s` later, inside a suspension (how `fresh` and `conde` delay).
    pub(crate) fn inc_apply(g: Goal, s: State) -> Stream {
        Stream(Node::Inc(Link::new(Node::Apply(g, s))))
    }

    /// The next state and the rest of the stream, or `None` at the end. Forces suspensions
    /// as needed (core.logic's `take*`); `frames` is scratch space reused across calls.
    pub(crate) fn next_state(&mut self, frames: &mut Vec<Frame>) -> Option<State> {
        let mut node = std::mem::replace(&mut self.0, Node::Empty);
        loop {
            match hnf(node, frames) {
                Node::Empty => return None,
                Node::Unit(a) => return Some(a),
                Node::Choice(a, rest) => {
                    self.0 = rest.into_inner();
                    return Some(a);
                }
                Node::Inc(t) => node = t.into_inner(),
                _ => unreachable!("hnf returns a head normal form"),
            }
        }
    }
}

/// `s` rewritten to a head normal form (`Empty`, `Unit`, `Choice` or `Inc`) by the rules
/// above: what `conda` and `condu` look at to decide. Iterative, like all forcing.
pub(crate) fn head_normal_form(s: Stream) -> Stream {
    Stream(hnf(s.0, &mut Vec::new()))
}

/// A pending operation around the stream being forced.
pub(crate) enum Frame {
    /// `mplus(<being forced>, thunk)`.
    Mplus(Link),
    /// `bind(<being forced>, goal)`.
    Bind(Goal),
}

/// Rewrites `node` until it is `Empty`, `Unit`, `Choice` or `Inc`, using the rules above.
fn hnf(mut node: Node, frames: &mut Vec<Frame>) -> Node {
    let base = frames.len();
    loop {
        node = match node {
            Node::Mplus(x, y) => {
                frames.push(Frame::Mplus(y));
                x.into_inner()
            }
            Node::Bind(x, g) => {
                frames.push(Frame::Bind(g));
                x.into_inner()
            }
            Node::Conj(x, goals) => {
                frames.extend(goals.iter().rev().map(|g| Frame::Bind(g.clone())));
                x.into_inner()
            }
            Node::Apply(g, s) => g.apply(s).0,
            Node::Lazy(f) => f().0,
            head => {
                if frames.len() == base {
                    return head;
                }
                match frames.pop().expect("frame") {
                    Frame::Mplus(y) => match head {
                        Node::Empty => Node::Inc(y),
                        Node::Unit(a) => Node::Choice(a, y),
                        Node::Choice(a, r) => Node::Choice(a, Link::new(Node::Mplus(y, r))),
                        Node::Inc(t) => Node::Inc(Link::new(Node::Mplus(y, t))),
                        _ => unreachable!(),
                    },
                    Frame::Bind(g) => match head {
                        Node::Empty => Node::Empty,
                        Node::Unit(a) => g.apply(a).0,
                        Node::Choice(a, r) => {
                            frames.push(Frame::Mplus(Link::new(Node::Inc(Link::new(Node::Bind(
                                r,
                                g.clone(),
                            ))))));
                            g.apply(a).0
                        }
                        Node::Inc(t) => Node::Inc(Link::new(Node::Bind(t, g))),
                        _ => unreachable!(),
                    },
                }
            }
        }
    }
}

/// A boxed child stream. Streams nest as deep as the search is (one level per pending
/// bind), so a link frees its subtree with a loop rather than by recursion.
pub(crate) struct Link(Box<Node>);

impl Link {
    pub(crate) fn new(node: Node) -> Link {
        Link(Box::new(node))
    }

    pub(crate) fn into_inner(mut self) -> Node {
        std::mem::replace(&mut *self.0, Node::Empty)
    }
}

impl Drop for Link {
    fn drop(&mut self) {
        if !has_children(&self.0) {
            return;
        }
        let mut stack = vec![std::mem::replace(&mut *self.0, Node::Empty)];
        while let Some(mut node) = stack.pop() {
            let mut detach = |l: &mut Link| {
                if has_children(&l.0) {
                    stack.push(std::mem::replace(&mut *l.0, Node::Empty));
                }
            };
            match &mut node {
                Node::Choice(_, a) | Node::Inc(a) | Node::Bind(a, _) | Node::Conj(a, _) => {
                    detach(a)
                }
                Node::Mplus(a, b) => {
                    detach(a);
                    detach(b);
                }
                _ => {}
            }
        }
    }
}

fn has_children(node: &Node) -> bool {
    matches!(
        node,
        Node::Choice(..) | Node::Inc(_) | Node::Bind(..) | Node::Conj(..) | Node::Mplus(..)
    )
}

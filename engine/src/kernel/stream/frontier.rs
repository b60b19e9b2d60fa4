//! The interleaved search's pending work as a tree that stays where it is.
//!
//! The rules of `mod.rs` make every suspension swap each `mplus` between it and the top of
//! the stream, and then open at the top: the search goes on in the other branch of the
//! outermost `mplus`. Forcing with a vector of frames, that means moving the frames above
//! the outermost `mplus` into the heap at each suspension and back again later. Here the
//! stream's pending `mplus`es and binds are nodes of a tree in an arena, and the forcing
//! keeps only the path from the root to the leaf it is forcing: a suspension swaps the
//! children of the `mplus` nodes on that path and cuts the path at the outermost one; an
//! answer swaps the `mplus` nodes it passes on its way up to the bind that takes it (or to
//! the top, where it is returned). Nothing moves but indices, and nothing is allocated but
//! arena slots, reused from a free list.
//!
//! ```text
//! Leaf(node)            a stream being forced (any node of mod.rs)
//! Mplus(first, second)  mplus(first, second): first is forced next
//! Bind(goals, child)    bind(child, goals), the last goal innermost
//! Inc(child)            a suspension around a subtree: Inc(bind(r, g)) of bind's rule
//! ```

use super::{alts, delay, Frame, Link, Node, Stream};
use crate::kernel::goal::Goal;
use crate::kernel::state::State;

type Ix = u32;

enum Slot {
    Leaf(Node),
    Mplus(Ix, Ix),
    Bind(Vec<Goal>, Ix),
    Inc(Ix),
    Free,
}

/// The pending work of an interleaved search (core.logic's `take*` over a stream), forced
/// one answer at a time by [`Frontier::next`].
#[derive(Default)]
pub(crate) struct Frontier {
    slots: Vec<Slot>,
    free: Vec<Ix>,
    /// The root's slot, when there is a stream.
    root: Option<Ix>,
    /// The slots from the root down to the one being forced (empty between answers).
    path: Vec<Ix>,
    /// Where a goal applied pushes the binds it starts with (`apply_framed`).
    scratch: Vec<Frame>,
}

/// What forcing a leaf came to.
enum Reached {
    /// Go on from the slot on top of the path.
    Descend,
    /// An answer came up to the top.
    Answer(State),
    /// The stream is exhausted, or the budget stopped it.
    End,
}

impl Frontier {
    /// Whether the frontier holds no stream (the search has not started here, or ended).
    pub(crate) fn is_empty(&self) -> bool {
        self.root.is_none()
    }

    /// Starts forcing `stream`; what was pending before is dropped.
    pub(crate) fn load(&mut self, stream: Stream) {
        self.clear();
        let root = self.alloc(Slot::Leaf(stream.0));
        self.root = Some(root);
    }

    /// Drops everything pending.
    pub(crate) fn clear(&mut self) {
        for slot in &self.slots {
            if !matches!(slot, Slot::Free) {
                crate::kernel::budget::node_freed();
            }
        }
        self.slots.clear();
        self.free.clear();
        self.path.clear();
        self.scratch.clear();
        self.root = None;
    }

    /// The next state of the stream, in core.logic's order, or `None` at its end (or when
    /// the budget stopped the search at a suspension: the frontier is then dropped).
    pub(crate) fn next(&mut self) -> Option<State> {
        let root = self.root?;
        if self.path.is_empty() {
            self.path.push(root);
        }
        loop {
            let ix = *self
                .path
                .last()
                .expect("the path is never empty while forcing");
            match &mut self.slots[ix as usize] {
                Slot::Mplus(first, _) => {
                    let first = *first;
                    self.path.push(first);
                }
                Slot::Bind(_, child) => {
                    let child = *child;
                    self.path.push(child);
                }
                Slot::Inc(child) => {
                    let child = *child;
                    let inner = self.take(child);
                    self.slots[ix as usize] = inner;
                    if crate::kernel::budget::stopped_here() {
                        self.clear();
                        return None;
                    }
                    if let Some(k) = self.swap_above() {
                        self.path.truncate(k + 1);
                    }
                }
                Slot::Leaf(node) => {
                    let node = std::mem::replace(node, Node::Empty);
                    match self.force(node) {
                        Ok(never) => match never {},
                        Err(Reached::Descend) => {}
                        Err(Reached::Answer(a)) => return Some(a),
                        Err(Reached::End) => return None,
                    }
                }
                Slot::Free => unreachable!("the path holds live slots"),
            }
        }
    }

    /// The whole frontier as one stream node again (for forcing it another way).
    pub(crate) fn take_stream(&mut self) -> Stream {
        let Some(root) = self.root else {
            return Stream::empty();
        };
        enum Work {
            Visit(Ix),
            Build(Ix),
        }
        let mut work = vec![Work::Visit(root)];
        let mut built: Vec<Node> = Vec::new();
        while let Some(w) = work.pop() {
            match w {
                Work::Visit(ix) => match &mut self.slots[ix as usize] {
                    Slot::Leaf(node) => built.push(std::mem::replace(node, Node::Empty)),
                    Slot::Mplus(a, b) => {
                        let (a, b) = (*a, *b);
                        work.extend([Work::Build(ix), Work::Visit(b), Work::Visit(a)]);
                    }
                    Slot::Bind(_, c) | Slot::Inc(c) => {
                        let c = *c;
                        work.extend([Work::Build(ix), Work::Visit(c)]);
                    }
                    Slot::Free => unreachable!("the tree holds live slots"),
                },
                Work::Build(ix) => {
                    crate::kernel::budget::node_freed();
                    let inner = built.pop().expect("a child built");
                    let node = match std::mem::replace(&mut self.slots[ix as usize], Slot::Free) {
                        Slot::Mplus(..) => {
                            let first = built.pop().expect("the first child built");
                            Node::Mplus(Link::new(first), Link::new(inner))
                        }
                        Slot::Bind(goals, _) => Node::Bind(Link::new(inner), goals),
                        Slot::Inc(_) => Node::Inc(Link::new(inner)),
                        _ => unreachable!("a slot with children"),
                    };
                    built.push(node);
                }
            }
        }
        self.clear();
        Stream(built.pop().expect("the root built"))
    }

    fn alloc(&mut self, slot: Slot) -> Ix {
        crate::kernel::budget::node_made();
        match self.free.pop() {
            Some(ix) => {
                self.slots[ix as usize] = slot;
                ix
            }
            None => {
                self.slots.push(slot);
                (self.slots.len() - 1) as Ix
            }
        }
    }

    /// The slot's content, the slot freed.
    fn take(&mut self, ix: Ix) -> Slot {
        crate::kernel::budget::node_freed();
        self.free.push(ix);
        std::mem::replace(&mut self.slots[ix as usize], Slot::Free)
    }

    fn release(&mut self, ix: Ix) {
        drop(self.take(ix));
    }

    /// A new slot for the node in hand, which it holds only once the search leaves that
    /// node (an empty leaf meanwhile).
    fn placeholder(&mut self) -> Ix {
        self.alloc(Slot::Leaf(Node::Empty))
    }

    /// Forces `node`, the content of the leaf on top of the path (which holds a
    /// placeholder meanwhile), until the search has to go elsewhere: `Err` says where (not
    /// an error; `?` passes it out of the loop).
    fn force(&mut self, mut node: Node) -> Result<std::convert::Infallible, Reached> {
        loop {
            node = match node {
                Node::Mplus(x, y) => {
                    let second = self.alloc(Slot::Leaf(y.into_inner()));
                    self.grow(|first| Slot::Mplus(first, second));
                    x.into_inner()
                }
                Node::Bind(x, goals) => {
                    self.bind(goals);
                    x.into_inner()
                }
                Node::Conj(x, goals) => {
                    self.bind(goals.iter().rev().cloned().collect());
                    x.into_inner()
                }
                Node::All(s, goals) => match goals.split_first() {
                    None => Node::Unit(s),
                    Some((first, rest)) => {
                        if !rest.is_empty() {
                            self.bind(rest.iter().rev().cloned().collect());
                        }
                        self.apply(first, s)
                    }
                },
                Node::Apply(g, s) => self.apply(&g, s),
                Node::Clause(g, s, i) => g.clause(i, s),
                Node::Alts(g, s, i) => match alts(g, s, i) {
                    (clause, None) => clause,
                    (clause, Some(rest)) => {
                        let second = self.alloc(Slot::Leaf(rest));
                        self.grow(|first| Slot::Mplus(first, second));
                        clause
                    }
                },
                Node::Lazy(f) => f().0,
                Node::Resume(t, fs) => {
                    self.resume(t, fs);
                    return Err(Reached::Descend);
                }
                Node::Inc(t) => self.open(t.into_inner())?,
                Node::Suspended(g, s) => self.open(Node::Apply(g, s))?,
                Node::Captured(t, fs) => self.open(Node::Resume(t, fs))?,
                // `open` asks the budget, after this level's step.
                node @ (Node::Delayed(..) | Node::Paused(_)) => self.open(delay::open(node))?,
                Node::Empty => return Err(self.empty()),
                Node::Unit(a) => self.answer(a, None)?,
                Node::Choice(a, r) => self.answer(a, Some(r))?,
            }
        }
    }

    /// The suspension on top of the path opened to `t`: every `mplus` above it swaps, and
    /// the search goes on at the outermost one, `t` left in the leaf; `Ok(t)` to go on
    /// forcing `t` where it is (no `mplus` above).
    fn open(&mut self, t: Node) -> Result<Node, Reached> {
        if crate::kernel::budget::stopped_here() {
            self.clear();
            return Err(Reached::End);
        }
        match self.swap_above() {
            None => Ok(t),
            Some(k) => {
                let top = *self.path.last().expect("a leaf on the path");
                self.slots[top as usize] = Slot::Leaf(t);
                self.path.truncate(k + 1);
                Err(Reached::Descend)
            }
        }
    }

    /// Swaps every `mplus` above the top of the path: the position of the outermost one.
    fn swap_above(&mut self) -> Option<usize> {
        let top = self.path.len() - 1;
        let mut outermost = None;
        for k in 0..top {
            if let Slot::Mplus(a, b) = &mut self.slots[self.path[k] as usize] {
                std::mem::swap(a, b);
                outermost.get_or_insert(k);
            }
        }
        outermost
    }

    /// The slot on top of the path becomes `make(child)`, its child a new placeholder, which
    /// goes on top of the path.
    fn grow(&mut self, make: impl FnOnce(Ix) -> Slot) {
        let child = self.placeholder();
        let ix = *self.path.last().expect("a leaf on the path");
        self.slots[ix as usize] = make(child);
        self.path.push(child);
    }

    /// Binds of `goals` (innermost last) around the node in hand. A short run joins the
    /// binds just above it.
    fn bind(&mut self, mut goals: Vec<Goal>) {
        if goals.is_empty() {
            return;
        }
        let n = self.path.len();
        if goals.len() <= 4 && n >= 2 {
            if let Slot::Bind(run, _) = &mut self.slots[self.path[n - 2] as usize] {
                run.append(&mut goals);
                return;
            }
        }
        self.grow(|child| Slot::Bind(goals, child));
    }

    /// `g` applied to `s`; binds it starts with go around what it returns.
    fn apply(&mut self, g: &Goal, s: State) -> Node {
        let node = g.apply_framed(s, &mut self.scratch);
        if !self.scratch.is_empty() {
            let mut frames = std::mem::take(&mut self.scratch);
            for frame in frames.drain(..) {
                match frame {
                    Frame::Binds(run) => self.bind(run),
                    Frame::Mplus(y) => {
                        let second = self.alloc(Slot::Leaf(y.into_inner()));
                        self.grow(|first| Slot::Mplus(first, second));
                    }
                }
            }
            self.scratch = frames;
        }
        node
    }

    /// A `Resume(t, fs)` in the leaf on top of the path: its frames, outermost first, as
    /// nodes (each `mplus(_, y)` frame swapped into `mplus(y, _)`), `t` at the bottom.
    fn resume(&mut self, t: Link, fs: std::collections::VecDeque<Frame>) {
        let mut at = *self.path.last().expect("a leaf on the path");
        let mut on_path = true;
        for frame in fs {
            let child = self.placeholder();
            self.slots[at as usize] = match frame {
                Frame::Binds(run) => Slot::Bind(run, child),
                Frame::Mplus(y) => {
                    let first = self.alloc(Slot::Leaf(y.into_inner()));
                    if on_path {
                        self.path.push(first);
                        on_path = false;
                    }
                    Slot::Mplus(first, child)
                }
            };
            if on_path {
                self.path.push(child);
            }
            at = child;
        }
        self.slots[at as usize] = Slot::Leaf(t.into_inner());
    }

    /// The leaf on top of the path has no more states: `bind(Empty, g) = Empty`, and
    /// `mplus(Empty, y) = y`, forced at once.
    fn empty(&mut self) -> Reached {
        loop {
            let ix = self.path.pop().expect("a leaf on the path");
            self.release(ix);
            let Some(&parent) = self.path.last() else {
                self.root = None;
                return Reached::End;
            };
            if let Slot::Mplus(_, second) = self.slots[parent as usize] {
                let y = self.take(second);
                self.slots[parent as usize] = y;
                return Reached::Descend;
            }
        }
    }

    /// The leaf on top of the path has the state `a`, and then the stream `rest` (`None`:
    /// nothing more). Up to the first bind, each `mplus` swaps (`mplus(Choice(a, r), y) =
    /// Choice(a, mplus(y, r))`) or gives way to its other branch (`mplus(Unit(a), y) =
    /// Choice(a, y)`); the bind applies its innermost goal to `a`, or the answer is returned.
    fn answer(&mut self, a: State, rest: Option<Link>) -> Result<Node, Reached> {
        let leaf = self.path.pop().expect("a leaf on the path");
        let mut ended = match rest {
            Some(r) => {
                self.slots[leaf as usize] = Slot::Leaf(r.into_inner());
                false
            }
            None => {
                self.release(leaf);
                true
            }
        };
        loop {
            let Some(&parent) = self.path.last() else {
                if ended {
                    self.root = None;
                }
                return Err(Reached::Answer(a));
            };
            match &mut self.slots[parent as usize] {
                Slot::Mplus(first, second) => {
                    if ended {
                        let second = *second;
                        let y = self.take(second);
                        self.slots[parent as usize] = y;
                        ended = false;
                    } else {
                        std::mem::swap(first, second);
                    }
                    self.path.pop();
                }
                Slot::Bind(goals, child) => {
                    let child = *child;
                    let g = goals.pop().expect("runs of binds are never empty");
                    let last = goals.is_empty();
                    if ended {
                        // bind(Unit(a), g) = g(a), under the rest of the run.
                        if last {
                            self.slots[parent as usize] = Slot::Leaf(Node::Empty);
                        } else {
                            let c = self.placeholder();
                            if let Slot::Bind(_, child) = &mut self.slots[parent as usize] {
                                *child = c;
                            }
                            self.path.push(c);
                        }
                    } else {
                        // bind(Choice(a, r), g) = mplus(g(a), Inc(bind(r, g))).
                        let l = self.placeholder();
                        if last {
                            // The emptied run takes `g` back: the inner bind, moved.
                            let Slot::Bind(mut run, _) =
                                std::mem::replace(&mut self.slots[parent as usize], Slot::Free)
                            else {
                                unreachable!("a bind")
                            };
                            run.push(g.clone());
                            let inner = self.alloc(Slot::Bind(run, child));
                            let inc = self.alloc(Slot::Inc(inner));
                            self.slots[parent as usize] = Slot::Mplus(l, inc);
                        } else {
                            let inner = self.alloc(Slot::Bind(vec![g.clone()], child));
                            let inc = self.alloc(Slot::Inc(inner));
                            let m = self.alloc(Slot::Mplus(l, inc));
                            if let Slot::Bind(_, c) = &mut self.slots[parent as usize] {
                                *c = m;
                            }
                            self.path.push(m);
                        }
                        self.path.push(l);
                    }
                    return Ok(self.apply(&g, a));
                }
                _ => unreachable!("an answer comes up through mplus and bind slots"),
            }
        }
    }
}

impl Drop for Frontier {
    fn drop(&mut self) {
        self.clear();
    }
}

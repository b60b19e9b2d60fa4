//! The depth-first labeling over a mutable space: a level per chosen slot, a choice point
//! per level (the trail's length), the values of its slot in the persistent search's order.
//!
//! ```text
//! level   = slot, trail mark, its bounds, the next candidate (a cursor, no list of values)
//! step    = undo to the top level's mark; its next value in the domain, or pop the level;
//!           assign and propagate; conflict -> next step; else choose a slot again
//!           (none left: a solution, handed out as bindings on the starting state)
//! ```

use super::build::Problem;
use super::space::BOUND;
use crate::fd::label::{Labeling, ValueOrder, VarOrder};
use crate::state::State;
use crate::stream::{Link, Node, Stream};
use crate::term::Term;
use std::sync::Arc;

/// One chosen slot and where its values are.
struct Level {
    x: u32,
    mark: usize,
    lo: i64,
    hi: i64,
    /// `floor((lo + hi) / 2)`, for middle-out.
    mid: i128,
    /// How many candidates were looked at.
    k: u64,
}

/// A resumable labeling search over a mutable space.
pub(super) struct Search {
    p: Problem,
    how: Labeling,
    start: State,
    stack: Vec<Level>,
    started: bool,
}

impl Search {
    /// A search of `p`, whose solutions extend `start`. `how` must be an order this search
    /// has (see [`supports`]).
    pub(super) fn new(p: Problem, start: State, how: Labeling) -> Search {
        Search {
            p,
            how,
            start,
            stack: Vec::new(),
            started: false,
        }
    }

    /// The next slot to label: first-fail (the smallest domain, the leftmost of those) or
    /// leftmost. Slots are in the order of the labeled list.
    fn select(&self) -> Option<u32> {
        let space = &self.p.space;
        match self.how.vars {
            VarOrder::Leftmost => {
                let (b, word) = space.open.iter().enumerate().find(|(_, &w)| w != 0)?;
                Some((b * 64 + word.trailing_zeros() as usize) as u32)
            }
            _ => {
                // A bound slot's size is BOUND, above every open one's: the smallest size is
                // an open slot's unless none is open (two plain scans, which vectorise).
                let least = space.sizes.iter().copied().min().filter(|&s| s != BOUND)?;
                let x = space.sizes.iter().position(|&s| s == least)?;
                Some(x as u32)
            }
        }
    }

    fn push(&mut self, x: u32) {
        let (lo, hi) = self.p.space.tighten(x);
        self.stack.push(Level {
            x,
            mark: self.p.space.mark(),
            lo,
            hi,
            mid: (lo as i128 + hi as i128).div_euclid(2),
            k: 0,
        });
    }

    /// The next value of the top level's slot, in the value order (the space is at the
    /// level's mark, so the domain is the level's).
    fn next_value(&mut self) -> Option<i64> {
        let space = &self.p.space;
        let level = self.stack.last_mut()?;
        loop {
            let k = level.k as i128;
            let v: i128 = match self.how.values {
                ValueOrder::Descending => level.hi as i128 - k,
                ValueOrder::MiddleOut => {
                    let d = (k + 1) / 2;
                    let v = if k % 2 == 1 {
                        level.mid + d
                    } else {
                        level.mid - d
                    };
                    if level.mid + d > level.hi as i128 && level.mid - d < level.lo as i128 {
                        return None;
                    }
                    v
                }
                _ => level.lo as i128 + k,
            };
            level.k += 1;
            if v < level.lo as i128 || v > level.hi as i128 {
                if matches!(self.how.values, ValueOrder::MiddleOut) {
                    continue; // one side ran out: the other goes on
                }
                return None;
            }
            if space.member(level.x, v as i64) {
                return Some(v as i64);
            }
        }
    }

    /// The next solution, or `None` when the search is over.
    pub(super) fn next_solution(&mut self) -> Option<State> {
        if !self.started {
            self.started = true;
            let x = self.select()?;
            self.push(x);
        }
        loop {
            // One step of the query's budget per choice: once it stops, so does the search.
            if !crate::budget::tick() {
                self.stack.clear();
                return None;
            }
            let top = self.stack.last()?;
            let (x, mark) = (top.x, top.mark);
            self.p.space.undo_to(mark);
            let Some(v) = self.next_value() else {
                self.stack.pop();
                continue;
            };
            if self.p.space.assign(x, v).is_err() {
                continue;
            }
            match self.select() {
                Some(y) => self.push(y),
                None => return Some(self.solution()),
            }
        }
    }

    /// The starting state with every slot bound to its value, and the constraints that now
    /// hold for good gone from the store: the state the persistent search reaches.
    fn solution(&self) -> State {
        let mut s = self.start.clone();
        let cs = Arc::make_mut(&mut s.cs);
        for (x, &var) in self.p.vars.iter().enumerate() {
            s.subst.insert(var, Term::Int(self.p.space.values[x]));
            cs.doms.remove(&var);
        }
        for &id in &self.p.entailed {
            cs.entail(id);
        }
        s
    }

    /// The solutions, lazily, as a stream.
    pub(super) fn stream(mut self) -> Stream {
        match self.next_solution() {
            Some(s) => Stream(Node::Choice(
                s,
                Link::new(Node::Lazy(Box::new(move || self.stream()))),
            )),
            None => Stream::empty(),
        }
    }
}

/// Whether this search has the orders of `how` (the others stay on the persistent search).
pub(super) fn supports(how: Labeling) -> bool {
    matches!(how.vars, VarOrder::Leftmost | VarOrder::FirstFail)
        && matches!(
            how.values,
            ValueOrder::Ascending | ValueOrder::Descending | ValueOrder::MiddleOut
        )
}

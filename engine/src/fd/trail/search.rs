//! The depth-first labeling over a mutable space: a level per chosen slot, a choice point
//! per level (the trail's length), the values of its slot in the persistent search's order.
//!
//! ```text
//! level   = slot, trail mark, its bounds, the next candidates up and down (cursors, no
//!           list of values; the space finds the next value from a cursor: `Space::seek`)
//! step    = undo to the top level's mark; its next value in the domain, or pop the level;
//!           assign and propagate; conflict -> next step; else choose a slot again
//!           (none left: a solution, handed out as bindings on the starting state)
//! ```

use super::build::Problem;
use super::space::BOUND;
use crate::fd::label::{Labeling, ValueOrder, VarOrder};
use crate::kernel::state::State;
use crate::kernel::stream::{Link, Node, Stream};
use crate::kernel::term::Term;
use std::sync::Arc;

/// One chosen slot and where its values are.
#[derive(Clone)]
struct Level {
    x: u32,
    mark: usize,
    lo: i64,
    hi: i64,
    /// `floor((lo + hi) / 2)`, for middle-out.
    mid: i128,
    /// The next candidates upwards and downwards (the values between were given).
    up: i64,
    down: i64,
}

/// A resumable labeling search over a mutable space.
#[derive(Clone)]
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
                if let Some(least) = space.least() {
                    return least;
                }
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
        let mid = (lo as i128 + hi as i128).div_euclid(2);
        // Middle-out gives mid first (it is the downward side's), then mid + 1.
        let (up, down) = match self.how.values {
            ValueOrder::MiddleOut => (mid as i64 + 1, mid as i64),
            _ => (lo, hi),
        };
        self.stack.push(Level {
            x,
            mark: self.p.space.mark(),
            lo,
            hi,
            mid,
            up,
            down,
        });
    }

    /// The next value of the top level's slot, in the value order (the space is at the
    /// level's mark, so the domain is the level's). Middle-out gives the values by their
    /// distance from mid, the one above first on a tie: mid, mid + 1, mid - 1, mid + 2, ..
    fn next_value(&mut self) -> Option<i64> {
        let space = &self.p.space;
        let level = self.stack.last_mut()?;
        let up = || (level.up <= level.hi).then(|| space.seek(level.x, level.up, level.hi, true));
        let down =
            || (level.down >= level.lo).then(|| space.seek(level.x, level.lo, level.down, false));
        let (v, upward) = match self.how.values {
            ValueOrder::Descending => (down().flatten()?, false),
            ValueOrder::MiddleOut => match (up().flatten(), down().flatten()) {
                (Some(u), Some(d)) if u as i128 - level.mid <= level.mid - d as i128 => (u, true),
                (_, Some(d)) => (d, false),
                (Some(u), None) => (u, true),
                (None, None) => return None,
            },
            _ => (up().flatten()?, true),
        };
        match upward {
            true => level.up = v + 1,
            false => level.down = v - 1,
        }
        Some(v)
    }

    /// Follows `path` from the root: each value in turn goes to the slot the search would
    /// choose next, and is propagated. The search then explores only below the path (its
    /// levels are not on the stack, so they are never backtracked into). `false` when a
    /// value is not in its slot's domain, propagation fails, or no slot is left to choose.
    pub(super) fn descend(&mut self, path: &[i64]) -> bool {
        for &v in path {
            let Some(x) = self.select() else { return false };
            if !self.p.space.member(x, v) || self.p.space.assign(x, v).is_err() {
                return false;
            }
        }
        true
    }

    /// Where the search goes from here: the values of the slot it would choose, in the order
    /// it tries them (some may fail once propagated), or the solution when no slot is open.
    pub(super) fn next_choices(mut self) -> Result<Vec<i64>, State> {
        let Some(x) = self.select() else {
            return Err(self.solution());
        };
        self.push(x);
        Ok(std::iter::from_fn(|| self.next_value()).collect())
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
            if !crate::kernel::budget::tick() {
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

    /// The solutions, lazily, as a stream; the one solution if no slot is open.
    pub(super) fn stream_below(self) -> Stream {
        match self.select() {
            None => Stream::unit(self.solution()),
            Some(_) => self.stream(),
        }
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

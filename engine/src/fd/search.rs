//! The depth-first search behind [`label`](super::label), [`label_random`](super::label_random)
//! and the optimisers ([`minimize`](super::minimize), ...): one resumable search over a stack of
//! levels, with three options.
//!
//! ```text
//! level      = the state it branches from (kept or recomputed), the variable, the choices
//!              still to try (last is next), the choice being explored below it
//! choice     = x = v  (enumeration)  |  x in lo..hi  (bisection: two halves)
//! fail limit = after that many failed choices the search gives up (random restarts)
//! bound      = the objective's best value so far: every choice tried after a solution is
//!              also held to  obj < best  (minimising) or  obj > best  (maximising)
//! ```
//!
//! Memory: a level keeps its state only every [`RECOMPUTE`] levels (and once it has been
//! backtracked into); the others hold their choice, and their state is recomputed from the
//! nearest level above that kept one by replaying the choices in between (hybrid copying and
//! recomputation, as Gecode's search engines do). A state holds every domain, so keeping
//! one per level costs O(depth × variables): 1.4 GB for a first-fail board of 2000 queens,
//! one sixteenth of that with [`RECOMPUTE`] = 16.

use super::label::{select, Labeling, ValueOrder};
use crate::kernel::state::State;
use crate::kernel::store::domain::Domain;
use crate::kernel::store::Val;
use crate::kernel::stream::{Link, Node, Stream};
use crate::kernel::term::{Term, Var};
use std::sync::Arc;

/// Levels between two kept states.
const RECOMPUTE: usize = 16;

/// A branch of a level.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Choice {
    /// `x = v`.
    Value(i64),
    /// `x` in `lo..=hi`.
    Range(i64, i64),
}

/// One chosen variable and the choices still to try for it (last is next).
struct Level {
    /// The state it branches from, when kept.
    s: Option<State>,
    x: Var,
    choices: Vec<Choice>,
    /// The choice being explored below this level.
    current: Choice,
    /// Whether `s` is kept while the levels below are explored.
    keep: bool,
}

/// Whether the objective is minimised or maximised.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Sense {
    Min,
    Max,
}

/// Branch and bound: the objective term and its best value so far.
pub(crate) struct Bound {
    pub(crate) obj: Term,
    pub(crate) sense: Sense,
    pub(crate) best: Option<i64>,
}

/// A depth-first labeling search, resumable.
pub(crate) struct Dfs {
    xs: Arc<[Term]>,
    how: Labeling,
    stack: Vec<Level>,
    start: Option<State>,
    /// The random generator's state, for `ValueOrder::Random`.
    rng: u64,
    /// Failed choices left before the search gives up (`None`: no limit).
    pub(crate) fails_left: Option<u64>,
    /// Set when the fail limit stopped the search.
    pub(crate) gave_up: bool,
    pub(crate) bound: Option<Bound>,
}

/// SplitMix64: a small, well-mixed generator for reproducible random orders.
fn next_random(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

impl Dfs {
    /// A search of `s` over `xs`.
    pub(crate) fn new(s: State, xs: Arc<[Term]>, how: Labeling) -> Dfs {
        let rng = match how.values {
            ValueOrder::Random(seed) => seed,
            _ => 0,
        };
        let mut dfs = Dfs {
            xs,
            how,
            stack: Vec::new(),
            start: None,
            rng,
            fails_left: None,
            gave_up: false,
            bound: None,
        };
        match select(&s, &dfs.xs, how.vars) {
            None => dfs.start = Some(s),
            Some((x, d)) => dfs.push(s, x, &d),
        }
        dfs
    }

    fn push(&mut self, s: State, x: Var, d: &Domain) {
        let mut values: Vec<i64> = match self.how.values {
            ValueOrder::Bisect => {
                let mid = ((d.min() as i128 + d.max() as i128).div_euclid(2)) as i64;
                let choices = vec![Choice::Range(mid + 1, d.max()), Choice::Range(d.min(), mid)];
                return self.push_choices(s, x, choices);
            }
            _ => d.iter().collect(),
        };
        match self.how.values {
            ValueOrder::Ascending => values.reverse(),
            ValueOrder::Descending | ValueOrder::Bisect => {}
            ValueOrder::MiddleOut => {
                let mid = ((d.min() as i128 + d.max() as i128).div_euclid(2)) as i64;
                // Nearest the middle first; above before below at equal distance.
                values.sort_by_key(|&v| ((v as i128 - mid as i128).abs(), v < mid));
                values.reverse();
            }
            ValueOrder::Random(_) => {
                // Fisher-Yates.
                for i in (1..values.len()).rev() {
                    let j = (next_random(&mut self.rng) % (i as u64 + 1)) as usize;
                    values.swap(i, j);
                }
            }
        }
        let choices = values.into_iter().map(Choice::Value).collect();
        self.push_choices(s, x, choices);
    }

    fn push_choices(&mut self, s: State, x: Var, choices: Vec<Choice>) {
        self.stack.push(Level {
            s: Some(s),
            x,
            choices,
            current: Choice::Value(0),
            keep: self.stack.len().is_multiple_of(RECOMPUTE),
        });
    }

    /// The variable the search of `s` labels first and its choices in the order the search
    /// tries them; `None` when no variable is left to label. The search below a choice is
    /// the search of `Dfs::apply(s, x, choice)`: its answers, choice after choice, are this
    /// search's in its order.
    pub(crate) fn root(s: &State, xs: Arc<[Term]>, how: Labeling) -> Option<(Var, Vec<Choice>)> {
        let mut dfs = Dfs::new(s.clone(), xs, how);
        let level = dfs.stack.pop()?;
        let mut choices = level.choices;
        choices.reverse();
        Some((level.x, choices))
    }

    /// `s` with `x` narrowed by the choice `c`.
    pub(crate) fn apply(s: &State, x: Var, c: Choice) -> Option<State> {
        match c {
            Choice::Value(v) => s.unify(&Term::Var(x), &Term::Int(v)),
            Choice::Range(lo, hi) => s.propagate(|run| {
                let v = run.read(&Term::Var(x));
                let new = match &v {
                    Val::Dom(_, d) => d.keep_ge(lo).and_then(|d| d.keep_le(hi)),
                    _ => Domain::interval(lo, hi),
                };
                run.narrow(&v, new)
            }),
        }
    }

    /// `s` held to the bound, if there is one.
    fn bounded(&self, s: State) -> Option<State> {
        let Some(Bound {
            obj,
            sense,
            best: Some(best),
        }) = &self.bound
        else {
            return Some(s);
        };
        let (lo, hi) = match sense {
            Sense::Min => (None, Some(*best as i128 - 1)),
            Sense::Max => (Some(*best as i128 + 1), None),
        };
        s.propagate(|run| super::props::restrict(run, obj, lo, hi))
    }

    /// The state level `depth` branches from, replayed from the nearest kept one above.
    fn recompute(&self, depth: usize) -> State {
        let from = (0..depth)
            .rev()
            .find(|&k| self.stack[k].s.is_some())
            .expect("the first level keeps its state");
        let mut s = self.stack[from].s.clone().expect("kept");
        for level in &self.stack[from..depth] {
            s = Dfs::apply(&s, level.x, level.current).expect("a choice that held holds again");
        }
        s
    }

    /// The next solution, or `None` when the search is over (or gave up).
    pub(crate) fn next_solution(&mut self) -> Option<State> {
        if let Some(s) = self.start.take() {
            return self.bounded(s);
        }
        loop {
            // One step of the query's budget per choice: once it stops, so does the search.
            if !crate::kernel::budget::tick() {
                self.stack.clear();
                return None;
            }
            let depth = self.stack.len().checked_sub(1)?;
            let Some(c) = self.stack[depth].choices.pop() else {
                self.stack.pop();
                continue;
            };
            let base = match &self.stack[depth].s {
                Some(s) => s.clone(),
                None => {
                    // Backtracked into: keep it while its choices are tried.
                    let s = self.recompute(depth);
                    self.stack[depth].s = Some(s.clone());
                    self.stack[depth].keep = true;
                    s
                }
            };
            let x = self.stack[depth].x;
            self.stack[depth].current = c;
            let Some(s) = Dfs::apply(&base, x, c).and_then(|s| self.bounded(s)) else {
                if let Some(left) = &mut self.fails_left {
                    if *left == 0 {
                        self.gave_up = true;
                        self.stack.clear();
                        return None;
                    }
                    *left -= 1;
                }
                continue;
            };
            if !self.stack[depth].keep {
                self.stack[depth].s = None;
            }
            match select(&s, &self.xs, self.how.vars) {
                None => return Some(s),
                Some((y, d)) => self.push(s, y, &d),
            }
        }
    }

    /// The solutions, lazily, as a stream.
    pub(crate) fn stream(mut self) -> Stream {
        match self.next_solution() {
            Some(s) => Stream(Node::Choice(
                s,
                Link::new(Node::Lazy(Box::new(move || self.stream()))),
            )),
            None => Stream::empty(),
        }
    }
}

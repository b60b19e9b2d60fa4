//! `distinct_offsets`: all of `x_i + o_i` pairwise different, as one propagator (forward
//! checking) whose memory is O(n), where the same constraint as pairwise disequalities costs
//! n² watch entries.
//!
//! ```text
//! x_i bound to a  =>  for every j != i:  x_j != a + o_i - o_j
//!                     (a bound x_j with x_j + o_j == a + o_i fails)
//! ```
//!
//! N-queens is three of them over the same columns: offsets 0 (columns), `i` (one diagonal)
//! and `-i` (the other). The propagator keeps a map from each member variable to its
//! positions, so the binding that woke it is found in O(1); a variable that was aliased to a
//! member after posting is not in the map, and then every member is checked (O(n), the same
//! as at posting). Time: O(n) domain removals per binding.

use crate::fd::FdTerms;
use crate::kernel::goal::Goal;
use crate::kernel::store::{Constraint, Fail, Run, Status, Val};
use crate::kernel::term::{Term, Var};
use rustc_hash::FxHashMap;
use smallvec::SmallVec;
use std::sync::Arc;

/// The propagator of [`distinct_offsets`].
pub(crate) struct DistinctOffsets {
    pub(crate) xs: Arc<[Term]>,
    pub(crate) offsets: Arc<[i64]>,
    /// Each member variable's positions in `xs`.
    index: FxHashMap<Var, SmallVec<[u32; 1]>>,
}

impl DistinctOffsets {
    pub(crate) fn new(xs: Arc<[Term]>, offsets: Arc<[i64]>) -> DistinctOffsets {
        let mut index: FxHashMap<Var, SmallVec<[u32; 1]>> = FxHashMap::default();
        for (i, t) in xs.iter().enumerate() {
            if let Term::Var(x) = t {
                index.entry(*x).or_default().push(i as u32);
            }
        }
        DistinctOffsets { xs, offsets, index }
    }

    /// The shifted value `x_i + o_i` now fixed at position `i`, if `x_i` is bound.
    fn fixed(&self, run: &Run, i: usize) -> Result<Option<i128>, Fail> {
        match run.read(&self.xs[i]) {
            Val::Int(a) => Ok(Some(a as i128 + self.offsets[i] as i128)),
            Val::Bad => Err(Fail),
            _ => Ok(None),
        }
    }

    /// The shifted value `v` is taken by position `i`: it leaves every other member.
    /// Returns how many other members are still unbound.
    fn take(&self, run: &mut Run, i: usize, v: i128) -> Result<usize, Fail> {
        let mut open = 0;
        for (j, t) in self.xs.iter().enumerate() {
            if j == i {
                continue;
            }
            let w = v - self.offsets[j] as i128;
            // Fast path: an unbound member with a domain, read without copying it.
            if let Term::Var(x) = t {
                if let Some(d) = run.cs.doms.get(x) {
                    open += 1;
                    match i64::try_from(w) {
                        Ok(w) if d.contains(w) => run.forbid(*x, w)?,
                        _ => {}
                    }
                    continue;
                }
            }
            match run.read(t) {
                Val::Int(b) if b as i128 == w => return Err(Fail),
                Val::Dom(y, d) => {
                    open += 1;
                    if let Ok(w) = i64::try_from(w) {
                        if d.contains(w) {
                            run.forbid(y, w)?;
                        }
                    }
                }
                Val::Bad => return Err(Fail),
                Val::Free(_) => open += 1,
                Val::Int(_) => {}
            }
        }
        Ok(open)
    }

    /// Every bound member: no two shifted values equal, each removed from the others.
    fn check_all(&self, run: &mut Run) -> Result<Status, Fail> {
        let mut taken: Vec<(i128, usize)> = Vec::new();
        for i in 0..self.xs.len() {
            if let Some(v) = self.fixed(run, i)? {
                taken.push((v, i));
            }
        }
        let mut sorted: Vec<i128> = taken.iter().map(|&(v, _)| v).collect();
        sorted.sort_unstable();
        if sorted.windows(2).any(|w| w[0] == w[1]) {
            return Err(Fail);
        }
        for (v, i) in taken {
            self.take(run, i, v)?;
        }
        Ok(Status::Keep)
    }
}

impl Constraint for DistinctOffsets {
    fn needs_domains(&self) -> bool {
        true
    }

    fn watched(&self) -> Vec<Var> {
        self.index.keys().copied().collect()
    }

    fn propagate(&self, run: &mut Run, trigger: Option<Var>) -> Result<Status, Fail> {
        let Some(positions) = trigger.and_then(|x| self.index.get(&x)) else {
            return self.check_all(run);
        };
        let mut open = usize::MAX;
        for &i in positions {
            if let Some(v) = self.fixed(run, i as usize)? {
                open = open.min(self.take(run, i as usize, v)?);
            }
        }
        if open == 0 {
            // Every member is bound: one full check (other bindings of this run may not
            // have woken it yet), then it holds for good.
            self.check_all(run)?;
            return Ok(Status::Entailed);
        }
        Ok(Status::Keep)
    }

    /// `(distinct-offsets (x0 x1 ..) (o0 o1 ..))`, when every member is in the answer.
    fn reify(&self, name: &dyn Fn(&Term) -> Option<Term>) -> Option<Term> {
        let xs: Option<Vec<Term>> = self.xs.iter().map(name).collect();
        let os = self.offsets.iter().map(|&o| Term::Int(o));
        Some(Term::list([
            Term::sym("distinct-offsets"),
            Term::list(xs?),
            Term::list(os),
        ]))
    }
}

/// All of `xs[i] + offsets[i]` take pairwise different values, as one propagator (SWI-Prolog
/// and Gecode call it `distinct` with offsets). When a member is bound to `a`, every other
/// member `j` loses `a + offsets[i] - offsets[j]` (forward checking). Memory: O(n) for n
/// members, against n² for the same constraint as pairwise disequalities. N-queens is
/// three of them (see the guide's chapter on global constraints).
///
/// A goal that cannot hold fails; `xs` and `offsets` of different lengths is a programming
/// mistake and panics.
///
/// ```
/// use kanren::{fd, list, run_all, Var};
/// // Four queens: columns, and both diagonals.
/// let cols: Vec<Var> = (0..4).map(|_| Var::fresh()).collect();
/// let rows: Vec<i64> = (0..4).collect();
/// let minus: Vec<i64> = rows.iter().map(|r| -r).collect();
/// let boards: Vec<String> = run_all(|q| kanren::conj([
///     fd::in_(&cols, fd::interval(0, 3)),
///     fd::distinct_offsets(&cols, [0; 4]),
///     fd::distinct_offsets(&cols, rows.clone()),
///     fd::distinct_offsets(&cols, minus.clone()),
///     kanren::eq(q, kanren::Term::list(cols.clone())),
/// ])).map(|a| a.to_string()).collect();
/// assert_eq!(boards, ["(1 3 0 2)", "(2 0 3 1)"]);
/// ```
///
/// # Panics
///
/// If `offsets` has not one entry per member of `xs`.
pub fn distinct_offsets(xs: impl FdTerms, offsets: impl IntoIterator<Item = i64>) -> Goal {
    let xs: Arc<[Term]> = xs.into_terms().into();
    let offsets: Arc<[i64]> = offsets.into_iter().collect();
    assert_eq!(
        xs.len(),
        offsets.len(),
        "distinct_offsets: {} terms but {} offsets",
        xs.len(),
        offsets.len()
    );
    let c = Arc::new(DistinctOffsets::new(xs, offsets));
    crate::fd::post_goal(move |run| {
        run.post_arc(c.clone());
        Ok(())
    })
}

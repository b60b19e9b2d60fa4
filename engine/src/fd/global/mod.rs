//! Global constraints: propagators over many variables at once, each one value in the store
//! (SWI-Prolog clpfd's and Gecode's names).
//!
//! ```text
//! distinct_offsets(xs, os)             all x_i + o_i different       forward checking, O(n) memory
//! all_distinct(xs)                     all x_i different             domain consistency (Régin)
//! sum(xs, rel, z)                      Σ x_i  rel z                  bounds consistency
//! scalar_product(cs, xs, rel, z)       Σ c_i·x_i rel z               bounds consistency
//! element(i, list, x)                  x = list[i] (1-based)         domain consistency on i and x
//! global_cardinality(xs, pairs)        each x_i a key, #key = count  count bounds
//! tuples_in(tuples, relation)          each tuple a row of relation  domain consistency
//! ```
//!
//! Each reifies as a residual constraint named after it when its variables are still
//! unlabeled in an answer (which happens only for variables without a domain: variables with
//! one are labeled at reification).

mod cardinality;
mod element;
mod offsets;
mod regin;
mod sum;
mod tuples;

pub use cardinality::global_cardinality;
pub use element::element;
pub use offsets::distinct_offsets;
pub(crate) use offsets::DistinctOffsets;
pub(crate) use sum::linear;
pub use sum::{scalar_product, sum};
pub use tuples::tuples_in;

use crate::fd::FdTerms;
use crate::kernel::goal::Goal;
use crate::kernel::store::{Constraint, Fail, Run, Status};
use crate::kernel::term::{Term, Var};
use std::sync::Arc;

/// The terms of a residual form, or `None` when one is not in the answer.
pub(crate) fn named(ts: &[Term], name: &dyn Fn(&Term) -> Option<Term>) -> Option<Term> {
    let ts: Option<Vec<Term>> = ts.iter().map(name).collect();
    Some(Term::list(ts?))
}

/// Runs the propagation step `f`; when every one of `ts` is then bound to an integer, runs
/// it once more on those values (`f` read the values from before its own narrowings) and
/// the constraint is `Entailed`: it holds for good. Else `Keep`.
pub(crate) fn settled<'a>(
    run: &mut Run,
    ts: impl IntoIterator<Item = &'a Term> + Clone,
    f: impl Fn(&mut Run) -> crate::fd::Step,
) -> Result<Status, Fail> {
    f(run)?;
    let bound = |run: &Run| {
        ts.clone()
            .into_iter()
            .all(|t| matches!(run.read(t), crate::kernel::store::Val::Int(_)))
    };
    if !bound(run) {
        return Ok(Status::Keep);
    }
    f(run)?;
    Ok(Status::Entailed)
}

/// The propagator of [`all_distinct`].
struct AllDistinct(Arc<[Term]>);

impl Constraint for AllDistinct {
    fn needs_domains(&self) -> bool {
        true
    }

    fn watched(&self) -> Vec<Var> {
        self.0.iter().filter_map(Term::as_var).collect()
    }

    fn wakes_on_narrowing(&self) -> bool {
        true
    }

    fn propagate(&self, run: &mut Run, _: Option<Var>) -> Result<Status, Fail> {
        settled(run, self.0.iter(), |run| regin::propagate(run, &self.0))
    }

    fn reify(&self, name: &dyn Fn(&Term) -> Option<Term>) -> Option<Term> {
        Some(Term::list([
            Term::sym("all-distinct"),
            named(&self.0, name)?,
        ]))
    }
}

/// All of `xs` take pairwise different values, with the strongest pruning: domain
/// consistency by Régin's matching algorithm (SWI-Prolog's `all_distinct/1`). After every
/// change of a member's domain, a value stays in a domain only if some assignment of
/// different values to all members uses it. Same solutions as [`distinct`](crate::fd::distinct)
/// (forward checking) and [`distinct_bounds`](crate::fd::distinct_bounds) (Hall intervals);
/// more pruning than both, at O(n·e) per run (`e` the sum of the domain sizes).
///
/// ```
/// use kanren::{fd, run_all, Var};
/// // x, y in {1, 3}, z in {1, 2, 3}: z must be 2, found without labeling. Hall intervals
/// // (bounds) cannot see it: {1, 3} is not an interval.
/// let (x, y) = (Var::fresh(), Var::fresh());
/// let a: Vec<String> = run_all(move |z| kanren::conj([
///     fd::in_([x, y], fd::domain([1, 3])), fd::dom(z, fd::interval(1, 3)),
///     fd::all_distinct([x, y, z]), fd::label([z], fd::Labeling::LEFTMOST),
/// ])).map(|a| a.to_string()).collect();
/// assert_eq!(a, ["2"]);
/// ```
pub fn all_distinct(xs: impl FdTerms) -> Goal {
    let c: Arc<dyn Constraint> = Arc::new(AllDistinct(xs.into_terms().into()));
    crate::fd::post_goal(move |run| {
        run.post_arc(c.clone());
        Ok(())
    })
}

//! `global_cardinality(xs, pairs)`: every `x` takes one of the keys, and each key `k` is
//! taken by exactly `count_k` of them (SWI-Prolog's `global_cardinality/2`, `Key-Count`
//! pairs).
//!
//! ```text
//! x ⊆ keys
//! count_k ⊆ [#{x bound to k}, #{x whose domain has k}]
//! count_k.max == #{x bound to k}     =>  k leaves every unbound x
//! count_k.min == #{x whose domain has k}  =>  every such x is bound to k
//! ```
//!
//! Time: O(n·m) per run for n members and m keys.

use super::named;
use crate::fd::{FdTerms, Step};
use crate::kernel::goal::Goal;
use crate::kernel::store::{Constraint, Fail, Run, Status, Val};
use crate::kernel::term::{Term, Var};
use std::sync::Arc;

struct Cardinality {
    xs: Arc<[Term]>,
    keys: Vec<i64>,
    counts: Vec<Term>,
}

impl Cardinality {
    fn narrow(&self, run: &mut Run) -> Step {
        let keys = crate::fd::domain(self.keys.iter().copied()).ok_or(Fail)?;
        for x in self.xs.iter() {
            let v = run.read(x);
            let new = match &v {
                Val::Dom(_, d) => d.intersect(&keys),
                _ => Some(keys.clone()),
            };
            run.narrow(&v, new)?;
        }
        for (k, count) in self.keys.iter().zip(&self.counts) {
            let (mut fixed, mut possible) = (0i128, 0i128);
            for x in self.xs.iter() {
                match run.read(x) {
                    Val::Int(a) if a == *k => (fixed, possible) = (fixed + 1, possible + 1),
                    Val::Dom(_, d) if d.contains(*k) => possible += 1,
                    Val::Bad => return Err(Fail),
                    _ => {}
                }
            }
            crate::fd::props::restrict(run, count, Some(fixed), Some(possible))?;
            let Some((lo, hi)) = run.read(count).bounds() else {
                continue;
            };
            let (lo, hi) = (lo as i128, hi as i128);
            if hi == fixed && possible > fixed {
                for x in self.xs.iter() {
                    if let Val::Dom(y, _) = run.read(x) {
                        run.forbid(y, *k)?;
                    }
                }
            } else if lo == possible && possible > fixed {
                for x in self.xs.iter() {
                    let v = run.read(x);
                    if matches!(&v, Val::Dom(_, d) if d.contains(*k)) {
                        run.narrow(
                            &v,
                            Some(crate::kernel::store::domain::Domain::singleton(*k)),
                        )?;
                    }
                }
            }
        }
        Ok(())
    }
}

impl Constraint for Cardinality {
    fn needs_domains(&self) -> bool {
        true
    }

    fn watched(&self) -> Vec<Var> {
        self.xs
            .iter()
            .chain(&self.counts)
            .filter_map(Term::as_var)
            .collect()
    }

    fn wakes_on_narrowing(&self) -> bool {
        true
    }

    fn propagate(&self, run: &mut Run, _: Option<Var>) -> Result<Status, Fail> {
        super::settled(run, self.xs.iter().chain(&self.counts), |run| {
            self.narrow(run)
        })
    }

    /// `(global-cardinality (x ..) ((k count) ..))`.
    fn reify(&self, name: &dyn Fn(&Term) -> Option<Term>) -> Option<Term> {
        let pairs: Option<Vec<Term>> = self
            .keys
            .iter()
            .zip(&self.counts)
            .map(|(&k, c)| Some(Term::list([Term::Int(k), name(c)?])))
            .collect();
        Some(Term::list([
            Term::sym("global-cardinality"),
            named(&self.xs, name)?,
            Term::list(pairs?),
        ]))
    }
}

/// Every one of `xs` takes one of the keys of `pairs`, and each key is taken by exactly its
/// count (SWI-Prolog's `global_cardinality/2`); a count is an integer or an FD variable.
/// Propagation narrows each count to between the members bound to its key and those that
/// may take it, and binds or clears the members when a count reaches either end. A key
/// listed twice fails.
///
/// ```
/// use kanren::{fd, list, run_all, Var};
/// // Three members, values 1 and 2, twice as many 1s as 2s.
/// let xs: Vec<Var> = (0..3).map(|_| Var::fresh()).collect();
/// let n = run_all(|q| kanren::conj([
///     fd::global_cardinality(&xs, [(1, 2), (2, 1)]),
///     kanren::eq(q, kanren::Term::list(xs.clone())),
/// ])).count();
/// assert_eq!(n, 3); // 112, 121, 211
/// ```
pub fn global_cardinality<C: Into<Term>>(
    xs: impl FdTerms,
    pairs: impl IntoIterator<Item = (i64, C)>,
) -> Goal {
    let (keys, counts): (Vec<i64>, Vec<Term>) =
        pairs.into_iter().map(|(k, c)| (k, c.into())).unzip();
    let mut sorted = keys.clone();
    sorted.sort_unstable();
    let repeated = sorted.windows(2).any(|w| w[0] == w[1]);
    let c: Arc<dyn Constraint> = Arc::new(Cardinality {
        xs: xs.into_terms().into(),
        keys,
        counts,
    });
    crate::fd::post_goal(move |run| {
        if repeated {
            return Err(Fail);
        }
        run.post_arc(c.clone());
        Ok(())
    })
}

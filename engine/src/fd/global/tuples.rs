//! `tuples_in(tuples, relation)`: each tuple of terms equals some row of a table of
//! integers (SWI-Prolog's `tuples_in/2`), with domain consistency.
//!
//! ```text
//! rows(t)  = the rows r of the relation with r[j] ∈ dom(t[j]) for every j
//! t[j]     ⊆ {r[j] : r ∈ rows(t)}          (no row left: fail)
//! ```
//!
//! Each tuple keeps the rows of its own length. Time: O(rows · arity) per run.

use super::named;
use crate::fd::Step;
use crate::kernel::goal::Goal;
use crate::kernel::store::domain::Domain;
use crate::kernel::store::{Constraint, Fail, Run, Status, Val};
use crate::kernel::term::{Term, Var};
use std::sync::Arc;

struct TupleIn {
    tuple: Arc<[Term]>,
    relation: Arc<[Vec<i64>]>,
}

impl TupleIn {
    fn narrow(&self, run: &mut Run) -> Step {
        let vals: Vec<Val> = self.tuple.iter().map(|t| run.read(t)).collect();
        if vals.iter().any(|v| matches!(v, Val::Bad)) {
            return Err(Fail);
        }
        let holds = |j: usize, a: i64| match &vals[j] {
            Val::Int(b) => *b == a,
            Val::Dom(_, d) => d.contains(a),
            _ => true,
        };
        let mut support: Vec<Vec<i64>> = vec![Vec::new(); self.tuple.len()];
        for row in self.relation.iter() {
            if row.iter().enumerate().all(|(j, &a)| holds(j, a)) {
                for (j, &a) in row.iter().enumerate() {
                    support[j].push(a);
                }
            }
        }
        for (v, s) in vals.iter().zip(support) {
            let new = Domain::from_values(s);
            let new = match v {
                Val::Dom(_, d) => new.and_then(|n| n.intersect(d)),
                _ => new,
            };
            run.narrow(v, new)?;
        }
        Ok(())
    }
}

impl Constraint for TupleIn {
    fn needs_domains(&self) -> bool {
        true
    }

    fn watched(&self) -> Vec<Var> {
        self.tuple.iter().filter_map(Term::as_var).collect()
    }

    fn wakes_on_narrowing(&self) -> bool {
        true
    }

    fn propagate(&self, run: &mut Run, _: Option<Var>) -> Result<Status, Fail> {
        super::settled(run, self.tuple.iter(), |run| self.narrow(run))
    }

    /// `(tuples-in ((x ..)) ((a ..) ..))`, one tuple per residual constraint.
    fn reify(&self, name: &dyn Fn(&Term) -> Option<Term>) -> Option<Term> {
        let rows = self
            .relation
            .iter()
            .map(|r| Term::list(r.iter().map(|&a| Term::Int(a))));
        Some(Term::list([
            Term::sym("tuples-in"),
            Term::list([named(&self.tuple, name)?]),
            Term::list(rows),
        ]))
    }
}

/// Each tuple of `tuples` equals one of the rows of `relation` (SWI-Prolog's
/// `tuples_in/2`): every member of a tuple keeps only the values of the rows still possible
/// for the whole tuple. A tuple whose length differs from a row's never matches that row.
///
/// ```
/// use kanren::{fd, list, run_all, Term, Var};
/// // Legal (day, shift) pairs; day 2 has only shift 1.
/// let (d, s) = (Var::fresh(), Var::fresh());
/// let a: Vec<String> = run_all(move |q| kanren::conj([
///     fd::tuples_in([vec![Term::from(d), Term::from(s)]], [[1, 1], [1, 2], [2, 1]]),
///     kanren::eq(d, 2),
///     kanren::eq(q, list![d, s]),
/// ])).map(|a| a.to_string()).collect();
/// assert_eq!(a, ["(2 1)"]);
/// ```
pub fn tuples_in<R: AsRef<[i64]>>(
    tuples: impl IntoIterator<Item = Vec<Term>>,
    relation: impl IntoIterator<Item = R>,
) -> Goal {
    let tuples: Vec<Arc<[Term]>> = tuples.into_iter().map(Into::into).collect();
    let relation: Vec<Vec<i64>> = relation.into_iter().map(|r| r.as_ref().to_vec()).collect();
    let cs: Vec<Arc<dyn Constraint>> = tuples
        .into_iter()
        .map(|tuple| {
            let rows: Arc<[Vec<i64>]> = relation
                .iter()
                .filter(|r| r.len() == tuple.len())
                .cloned()
                .collect();
            Arc::new(TupleIn {
                tuple,
                relation: rows,
            }) as Arc<dyn Constraint>
        })
        .collect();
    crate::fd::post_goal(move |run| {
        for c in &cs {
            run.post_arc(c.clone());
        }
        Ok(())
    })
}

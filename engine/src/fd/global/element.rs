//! `element(i, list, x)`: `x` is the `i`-th member of `list`, counting from 1 (SWI-Prolog's
//! `element/3`), with domain consistency on `i` and `x`.
//!
//! ```text
//! i ⊆ {k in 1..n : dom(list[k]) ∩ dom(x) ≠ ∅}
//! x ⊆ ∪ {dom(list[k]) : k in dom(i)}          (when every such member has a domain)
//! i bound to k  =>  x and list[k] narrowed to the intersection of their domains
//! ```
//!
//! Time: O(n·w) per run, `w` the cost of intersecting two domains.

use super::named;
use crate::fd::{FdTerms, Step};
use crate::kernel::goal::Goal;
use crate::kernel::store::domain::Domain;
use crate::kernel::store::{Constraint, Fail, Run, Status, Val};
use crate::kernel::term::{Term, Var};
use std::sync::Arc;

struct Element {
    i: Term,
    list: Arc<[Term]>,
    x: Term,
}

/// A value's domain: `Ok(None)` when it has none (any integer).
fn dom_of(v: &Val) -> Result<Option<Domain>, Fail> {
    match v {
        Val::Int(a) => Ok(Some(Domain::singleton(*a))),
        Val::Dom(_, d) => Ok(Some(d.clone())),
        Val::Free(_) => Ok(None),
        Val::Bad => Err(Fail),
    }
}

impl Element {
    fn narrow(&self, run: &mut Run) -> Step {
        let n = self.list.len() as i64;
        let vi = run.read(&self.i);
        run.narrow(
            &vi,
            dom_of(&vi)?.map_or(Domain::interval(1, n), |d| {
                d.keep_ge(1).and_then(|d| d.keep_le(n))
            }),
        )?;
        let vi = run.read(&self.i);
        let Some(di) = dom_of(&vi)? else {
            return Ok(()); // not reached: i has a domain now
        };
        let dx = dom_of(&run.read(&self.x))?;
        let mut keep: Vec<i64> = Vec::new();
        let mut union: Option<Vec<(i64, i64)>> = Some(Vec::new());
        for k in di.iter() {
            let dk = dom_of(&run.read(&self.list[(k - 1) as usize]))?;
            let meet = match (&dk, &dx) {
                (Some(a), Some(b)) => a.intersect(b),
                (Some(a), None) | (None, Some(a)) => Some(a.clone()),
                (None, None) => Domain::interval(i64::MIN, i64::MAX),
            };
            if let Some(m) = meet {
                keep.push(k);
                match (&mut union, dk) {
                    (Some(u), Some(_)) => u.extend(m.intervals()),
                    (u, _) => *u = None,
                }
            }
        }
        run.narrow(&vi, crate::fd::domain(keep.iter().copied()))?;
        if let Some(u) = union {
            let vx = run.read(&self.x);
            let d = Domain::union_of(u).ok_or(Fail)?;
            let new = match dom_of(&vx)? {
                Some(old) => old.intersect(&d),
                None => Some(d),
            };
            run.narrow(&vx, new)?;
        }
        if let [k] = keep[..] {
            // i is bound: x = list[k].
            let y = &self.list[(k - 1) as usize];
            let (vx, vy) = (run.read(&self.x), run.read(y));
            if let (Some(a), Some(b)) = (dom_of(&vx)?, dom_of(&vy)?) {
                let both = a.intersect(&b);
                run.narrow(&vx, both.clone())?;
                let vy = run.read(y);
                run.narrow(&vy, both)?;
            }
        }
        Ok(())
    }
}

impl Constraint for Element {
    fn needs_domains(&self) -> bool {
        true
    }

    fn watched(&self) -> Vec<Var> {
        std::iter::once(&self.i)
            .chain(self.list.iter())
            .chain(std::iter::once(&self.x))
            .filter_map(Term::as_var)
            .collect()
    }

    fn wakes_on_narrowing(&self) -> bool {
        true
    }

    fn propagate(&self, run: &mut Run, _: Option<Var>) -> Result<Status, Fail> {
        let all = [&self.i, &self.x].into_iter().chain(self.list.iter());
        super::settled(run, all, |run| self.narrow(run))
    }

    /// `(element i (list ..) x)`.
    fn reify(&self, name: &dyn Fn(&Term) -> Option<Term>) -> Option<Term> {
        Some(Term::list([
            Term::sym("element"),
            name(&self.i)?,
            named(&self.list, name)?,
            name(&self.x)?,
        ]))
    }
}

/// `x` is the `i`-th member of `list`, counting from 1 (SWI-Prolog's `element/3`): `i` is
/// narrowed to the positions whose member can equal `x`, `x` to the values of those members,
/// and once `i` is bound, `x` and that member to their common values.
///
/// ```
/// use kanren::{fd, list, run_all, Var};
/// let i = Var::fresh();
/// // Where in (3 1 4 1 5) is a value >= 4?
/// let a: Vec<String> = run_all(move |q| kanren::conj([
///     fd::dom(q, fd::interval(4, 9)),
///     fd::element(i, [3, 1, 4, 1, 5], q),
///     fd::label([i], fd::Labeling::LEFTMOST),
/// ])).map(|a| a.to_string()).collect();
/// assert_eq!(a, ["4", "5"]);
/// ```
pub fn element(i: impl Into<Term>, list: impl FdTerms, x: impl Into<Term>) -> Goal {
    let c: Arc<dyn Constraint> = Arc::new(Element {
        i: i.into(),
        list: list.into_terms().into(),
        x: x.into(),
    });
    crate::fd::post_goal(move |run| {
        run.post_arc(c.clone());
        Ok(())
    })
}

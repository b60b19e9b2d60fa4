//! The suspended swap `v = (a b)·x` (core.logic's `suspc`): left by unifying two ties when the
//! body of one is not yet built, it is resolved once either side is.
//!
//! ```text
//! v = (a b)·x:  v or x bound to t    -> the other side = t with a and b swapped
//!               v and x the same var -> a # x and b # x (a swap changes x unless neither occurs)
//!               either has a domain  -> v = x (a domain holds integers, which swaps leave alone)
//!               otherwise            -> wait for either to be bound or given a domain
//! ```
//!
//! Swapping the value of one side may suspend swaps of its own variables. A chain of
//! suspensions that leads back to the term being swapped would swap forever; as core.logic
//! does with its entanglement sets, it fails instead (an occurs check through the chain).

use super::Hash;
use crate::kernel::store::{Constraint, Fail, Run, Status};
use crate::kernel::term::{Nom, Term, Var};
use crate::kernel::unify::perm::swap;
use std::sync::Arc;

/// `v = (a b)·x`: see the module docs.
pub(crate) struct Susp {
    v: Term,
    x: Term,
    swap: (Nom, Nom),
}

impl Susp {
    pub(crate) fn new(v: Var, x: Var, swap: (Nom, Nom)) -> Susp {
        Susp {
            v: v.into(),
            x: x.into(),
            swap,
        }
    }
}

impl Constraint for Susp {
    fn watched(&self) -> Vec<Var> {
        [&self.v, &self.x]
            .into_iter()
            .filter_map(Term::as_var)
            .collect()
    }

    fn wakes_on_narrowing(&self) -> bool {
        true
    }

    fn propagate(&self, run: &mut Run, _: Option<Var>) -> Result<Status, Fail> {
        let (v, x) = (run.walk(&self.v), run.walk(&self.x));
        match (v.as_var(), x.as_var()) {
            (None, _) => settle(run, self.swap, &v, &x),
            (_, None) => settle(run, self.swap, &x, &v),
            (Some(p), Some(q)) if p == q => {
                let (a, b) = self.swap;
                run.post(Hash::new(a.into(), x.clone()));
                run.post(Hash::new(b.into(), x));
                Ok(Status::Entailed)
            }
            (Some(_), Some(_)) if run.domain(&v).is_some() || run.domain(&x).is_some() => {
                run.unify(&v, &x)?;
                Ok(Status::Entailed)
            }
            _ if v == self.v && x == self.x => Ok(Status::Keep),
            _ => Ok(Status::Replace(Arc::new(Susp {
                v,
                x,
                swap: self.swap,
            }))),
        }
    }

    /// `(swap [a_0 a_1] _2 _3)`, as core.logic prints it.
    fn reify(&self, name: &dyn Fn(&Term) -> Option<Term>) -> Option<Term> {
        let (a, b) = self.swap;
        let pair = Term::from(vec![name(&a.into())?, name(&b.into())?]);
        let (v, x) = (name(&self.v)?, name(&self.x)?);
        Some(Term::list([Term::sym("swap"), pair, v, x]))
    }
}

/// `other = (a b)·t`, for `t` bound: swaps `t` and unifies, after the occurs check through
/// the chain of suspensions `other` is in.
fn settle(run: &mut Run, sw: (Nom, Nom), t: &Term, other: &Term) -> Result<Status, Fail> {
    if let Term::Var(o) = other {
        let chain = entangled(run, *o);
        let mut vars = Vec::new();
        run.walk_star(t).push_vars(&mut vars);
        if vars.iter().any(|x| chain.contains(x)) {
            return Err(Fail);
        }
    }
    let mut pending = Vec::new();
    let swapped = swap(run.subst(), sw, t, &mut pending);
    run.post_pending(pending);
    run.unify(&swapped, other)?;
    Ok(Status::Entailed)
}

/// `x` and every variable linked to it by suspended swaps, transitively (core.logic's
/// entanglement set).
fn entangled(run: &Run, x: Var) -> Vec<Var> {
    let mut seen = vec![x];
    let mut i = 0;
    while i < seen.len() {
        for c in run.watchers(seen[i]) {
            let c: &dyn std::any::Any = c.as_ref();
            let Some(s) = c.downcast_ref::<Susp>() else {
                continue;
            };
            for t in [&s.v, &s.x] {
                if let Term::Var(y) = run.walk(t) {
                    if !seen.contains(&y) {
                        seen.push(y);
                    }
                }
            }
        }
        i += 1;
    }
    seen
}

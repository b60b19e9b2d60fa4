//! The feature constraint (core.logic's `featurec`): a term is a map holding at least some
//! keys, with values that unify. It lives beside the store because unification leaves it: an
//! unbound variable that meets a partial map becomes one (see `crate::kernel::unify::Pending`).
//!
//! ```text
//! feature(x, fs):  x unbound, or fs unbound  -> wait (watch both)
//!                  otherwise                 -> x == partial-map(fs), then entailed
//! ```
//!
//! Unifying `x` with the partial map may leave features on variables inside `x` (a nested map
//! value met an unbound variable): those are posted as features of their own, as core.logic's
//! partial-map unification posts `featurec`.

use super::{Constraint, Fail, Run, Status};
use crate::kernel::term::{Term, Var};

/// `x` is a map holding at least the entries of `fs` (a map, or a variable to become one).
pub(crate) struct Feature {
    pub(crate) x: Term,
    pub(crate) fs: Term,
}

impl Constraint for Feature {
    fn watched(&self) -> Vec<Var> {
        [&self.x, &self.fs]
            .into_iter()
            .filter_map(Term::as_var)
            .collect()
    }

    fn propagate(&self, run: &mut Run, _: Option<Var>) -> Result<Status, Fail> {
        let (x, fs) = (run.walk(&self.x), run.walk(&self.fs));
        if x.as_var().is_some() || fs.as_var().is_some() {
            return Ok(match (x == self.x, fs == self.fs) {
                (true, true) => Status::Keep,
                _ => Status::Replace(std::sync::Arc::new(Feature { x, fs })),
            });
        }
        let Some(entries) = fs.entries() else {
            return Err(Fail); // the features are not a map
        };
        run.unify(&Term::PartialMap(entries.into()), &x)?;
        Ok(Status::Entailed)
    }

    /// `(clojure.core.logic/featurec x fs)`, naming the variables of `fs` that are absent
    /// from the answer (as core.logic does).
    fn reify(&self, name: &dyn Fn(&Term) -> Option<Term>) -> Option<Term> {
        let op = Term::sym("clojure.core.logic/featurec");
        Some(Term::list([op, name(&self.x)?, name(&self.fs)?]))
    }

    fn names_absent(&self) -> bool {
        true
    }
}

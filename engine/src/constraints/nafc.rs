//! `nafc` (core.logic's negation as failure): a relation has no answer for its arguments,
//! checked once they are all ground.
//!
//! ```text
//! nafc(rel, args):  some argument has variables left  -> wait (watch them)
//!                   all ground                        -> rel(args) has an answer ? fail : entailed
//! ```
//!
//! The relation runs on the state as the constraint sees it ([`Run::state`]), from which
//! only its first answer is looked for (core.logic forces the same: one answer or none).

use crate::constraints::ground::{is_ground, vars_of, walked};
use crate::kernel::goal::Goal;
use crate::kernel::store::{Constraint, Fail, Run, Status};
use crate::kernel::term::{Term, Var};
use std::sync::Arc;

type Rel = Arc<dyn Fn(&[Term]) -> Goal + Send + Sync>;

struct Nafc {
    name: Term,
    rel: Rel,
    args: Vec<Term>,
}

impl Constraint for Nafc {
    fn watched(&self) -> Vec<Var> {
        vars_of(&self.args)
    }

    fn propagate(&self, run: &mut Run, _: Option<Var>) -> Result<Status, Fail> {
        let (args, changed) = walked(run, &self.args);
        if args.iter().all(is_ground) {
            return match (self.rel)(&args).first(run.state()) {
                Some(_) => Err(Fail),
                None => Ok(Status::Entailed),
            };
        }
        Ok(match changed {
            false => Status::Keep,
            true => Status::Replace(Arc::new(Nafc {
                name: self.name.clone(),
                rel: self.rel.clone(),
                args,
            })),
        })
    }

    /// `(clojure.core.logic/nafc name args...)`.
    fn reify(&self, name: &dyn Fn(&Term) -> Option<Term>) -> Option<Term> {
        let head = [Term::sym("clojure.core.logic/nafc"), self.name.clone()];
        let args = self.args.iter().map(name).collect::<Option<Vec<_>>>()?;
        Some(Term::list(head.into_iter().chain(args)))
    }

    fn names_absent(&self) -> bool {
        true
    }
}

/// Negation as failure (core.logic's `(nafc rel & args)`): `rel(args)` has no answer. The
/// check waits until every argument is ground; until then an answer shows it as
/// `(clojure.core.logic/nafc name args...)`, `name` standing for the relation (core.logic
/// prints the function itself).
///
/// ```
/// use kanren::{conj, eq, membero, nafc, run_all, Term};
/// let b = Term::sym("b");
/// let a: Vec<String> = run_all(|q| conj([
///     membero(q, kanren::list![Term::sym("a"), b.clone(), Term::sym("c")]),
///     nafc(Term::sym("=="), |a| eq(&a[0], &a[1]), [q.into(), b.clone()]),
/// ])).map(|a| a.to_string()).collect();
/// assert_eq!(a, ["a", "c"]);
/// ```
pub fn nafc(
    name: impl Into<Term>,
    rel: impl Fn(&[Term]) -> Goal + Send + Sync + 'static,
    args: impl IntoIterator<Item = Term>,
) -> Goal {
    Goal::constraint(Nafc {
        name: name.into(),
        rel: Arc::new(rel),
        args: args.into_iter().collect(),
    })
}

//! `predc` (core.logic's predicate constraint): a Rust predicate on a term, checked once the
//! term is ground.
//!
//! ```text
//! predc(x, p):  x has variables left  -> wait (watch them)
//!               x ground              -> p(x) ? entailed : fail
//! ```
//!
//! DIVERGENCE: core.logic runs the predicate as soon as `x` is not itself a variable, on a
//! term that may still hold variables (`(predc q vector? ..)` then `(== q [x])` succeeds at
//! once); here the predicate only ever sees ground terms, so it is checked once `x` is ground.

use crate::constraints::ground::{is_ground, vars_of, walked};
use crate::kernel::goal::Goal;
use crate::kernel::store::{Constraint, Fail, Run, Status};
use crate::kernel::term::{Term, Var};
use std::sync::Arc;

type Pred = Arc<dyn Fn(&Term) -> bool + Send + Sync>;
type Form = Arc<dyn Fn(&Term) -> Option<Term> + Send + Sync>;

struct Predc {
    x: Term,
    pred: Pred,
    form: Form,
}

impl Constraint for Predc {
    fn watched(&self) -> Vec<Var> {
        vars_of([&self.x])
    }

    fn propagate(&self, run: &mut Run, _: Option<Var>) -> Result<Status, Fail> {
        let (mut now, changed) = walked(run, std::slice::from_ref(&self.x));
        let x = now.pop().expect("one term");
        if is_ground(&x) {
            return if (self.pred)(&x) {
                Ok(Status::Entailed)
            } else {
                Err(Fail)
            };
        }
        Ok(match changed {
            false => Status::Keep,
            true => Status::Replace(Arc::new(Predc {
                x,
                pred: self.pred.clone(),
                form: self.form.clone(),
            })),
        })
    }

    /// The printed form (`pform`), shown when `x` is part of the answer.
    fn reify(&self, name: &dyn Fn(&Term) -> Option<Term>) -> Option<Term> {
        (self.form)(&name(&self.x)?)
    }
}

/// `x` satisfies `pred` (core.logic's `(predc x pred pform)`): `pred` is called once `x` is
/// ground, and the goal fails if it says `false`. While `x` is not ground, an answer shows
/// the constraint as `pform`, as core.logic shows it (a symbol such as
/// `clojure.core/number?`, with no variable).
///
/// ```
/// use kanren::{conj, eq, predc, run_all, Term};
/// let number = |t: &Term| t.as_int().is_some();
/// fn show(g: impl FnOnce(kanren::Var) -> kanren::Goal) -> Vec<String> {
///     run_all(g).map(|a| a.to_string()).collect()
/// }
/// assert_eq!(show(|q| predc(q, number, Term::sym("clojure.core/number?"))),
///            ["(_0 :- clojure.core/number?)"]);
/// assert_eq!(show(|q| conj([predc(q, number, Term::sym("number?")), eq(q, 1)])), ["1"]);
/// assert!(show(|q| conj([predc(q, number, Term::sym("number?")), eq(q, "foo")])).is_empty());
/// ```
pub fn predc(
    x: impl Into<Term>,
    pred: impl Fn(&Term) -> bool + Send + Sync + 'static,
    pform: impl Into<Term>,
) -> Goal {
    let pform = pform.into();
    predc_with(x, pred, move |_| Some(pform.clone()))
}

/// [`predc`] with a printed form computed from `x` (core.logic's `pform` given as a
/// function): `form` gets `x` in the answer's names and returns the residual, or `None` to
/// show nothing.
///
/// ```
/// use kanren::{list, predc_with, run_all, Term};
/// let number = |t: &Term| t.as_int().is_some();
/// let a: Vec<String> = run_all(|q| predc_with(q, number, |x| Some(list![Term::sym("num"), x])))
///     .map(|a| a.to_string())
///     .collect();
/// assert_eq!(a, ["(_0 :- (num _0))"]);
/// let hidden = run_all(|q| predc_with(q, number, |_| None)).next().unwrap();
/// assert_eq!(hidden.to_string(), "_0");
/// ```
pub fn predc_with(
    x: impl Into<Term>,
    pred: impl Fn(&Term) -> bool + Send + Sync + 'static,
    form: impl Fn(&Term) -> Option<Term> + Send + Sync + 'static,
) -> Goal {
    Goal::constraint(Predc {
        x: x.into(),
        pred: Arc::new(pred),
        form: Arc::new(form),
    })
}

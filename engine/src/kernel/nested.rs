//! Goals run from inside a constraint: the state a constraint sees as a [`State`], and a goal
//! run on it (core.logic's constraints apply goals to the substitution they are given:
//! `nafc` runs its relation, `fixc` and `featurec` compose `==` and further constraints).
//!
//! These live here, above both the store and the goals, so that neither imports the other.

use crate::kernel::goal::Goal;
use crate::kernel::state::State;
use crate::kernel::store::{Fail, Run};

impl Run {
    /// The state as it stands, to run a goal on (see [`Run::solve`], and `nafc`, which asks
    /// whether a goal has an answer). Time: O(1).
    ///
    /// ```
    /// use kanren::{conj, eq, run_all, Constraint, Fail, Goal, Run, Status, Term, Var};
    ///
    /// /// `x` cannot be 3 in the state as the constraint is posted (a check made once).
    /// struct CannotBeThree(Term);
    /// impl Constraint for CannotBeThree {
    ///     fn watched(&self) -> Vec<Var> {
    ///         Vec::new()
    ///     }
    ///     fn propagate(&self, run: &mut Run, _: Option<Var>) -> Result<Status, Fail> {
    ///         match run.state().unify(&self.0, &3.into()) {
    ///             Some(_) => Err(Fail),
    ///             None => Ok(Status::Entailed),
    ///         }
    ///     }
    /// }
    ///
    /// assert_eq!(run_all(|q| conj([eq(q, 4), Goal::constraint(CannotBeThree(q.into()))])).count(), 1);
    /// assert_eq!(run_all(|q| Goal::constraint(CannotBeThree(q.into()))).count(), 0);
    /// ```
    pub fn state(&self) -> State {
        State {
            subst: self.subst.clone(),
            occurs_check: self.occurs_check,
            cs: self.cs.clone(),
            // `distribute`'s strategies only order the labeling of an answer at reification,
            // which a nested goal does not reach; fact databases are not in its scope.
            ext: None,
        }
    }

    /// Runs `g` on the state as it stands and goes on from its first answer; `Err(Fail)` when
    /// it has none. How a constraint posts goals of its own (core.logic's `composeg` inside a
    /// constraint): `g` should be deterministic, built of `eq` and constraints, as the goals a
    /// core.logic constraint composes are; a later answer of `g` is not looked at.
    ///
    /// ```
    /// use kanren::{eq, run_all, Constraint, Fail, Goal, Run, Status, Term, Var};
    ///
    /// /// Once `x` is bound, `y` is bound to it too (by running `eq`).
    /// struct Follow(Term, Term);
    /// impl Constraint for Follow {
    ///     fn watched(&self) -> Vec<Var> {
    ///         self.0.as_var().into_iter().collect()
    ///     }
    ///     fn propagate(&self, run: &mut Run, _: Option<Var>) -> Result<Status, Fail> {
    ///         match run.walk(&self.0) {
    ///             Term::Var(_) => Ok(Status::Keep),
    ///             x => run.solve(&eq(x, &self.1)).map(|()| Status::Entailed),
    ///         }
    ///     }
    /// }
    ///
    /// let a: Vec<String> = run_all(|q| kanren::fresh(move |[x, y]| kanren::conj([
    ///     Goal::constraint(Follow(x.into(), y.into())),
    ///     eq(x, 5),
    ///     eq(q, (x, y)),
    /// ]))).map(|a| a.to_string()).collect();
    /// assert_eq!(a, ["[5 5]"]);
    /// ```
    pub fn solve(&mut self, g: &Goal) -> Result<(), Fail> {
        let s = g.first(self.state()).ok_or(Fail)?;
        self.subst = s.subst;
        self.cs = s.cs;
        Ok(())
    }
}

impl Goal {
    /// The first state in which the goal holds, searched from `s` in core.logic's order.
    pub(crate) fn first(&self, s: State) -> Option<State> {
        let mut frontier = crate::kernel::stream::Frontier::default();
        frontier.load(self.apply(s));
        frontier.next()
    }
}

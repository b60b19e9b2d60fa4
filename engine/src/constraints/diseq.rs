//! Disequality (core.logic's `!=`): its goal, and the constraint it leaves in the store.
//!
//! A disequality `u != v` is kept in solved form, as faster-miniKanren and core.logic keep it:
//! unify `u` and `v` in a scratch copy of the substitution; the bindings that unification adds
//! (its *prefix*) are exactly what would have to hold for `u` and `v` to become equal. The
//! constraint is the negation of that conjunction: "not all of `x1 = t1, ..., xk = tk`".
//!
//! ```text
//! post u != v:   unify fails              -> the constraint can never be violated: drop it
//!                unify adds no binding    -> u and v are already equal: fail
//!                unify adds x1=t1..xk=tk  -> store the prefix, watched by its variables
//! wake on x:     re-unify the prefix, with the same three cases (entailed, fail, new prefix)
//! ```
//!
//! The prefix is a [`Constraint`] of the one store (`crate::kernel::store`), watched by every variable
//! it mentions, on the left or inside a right-hand term (binding a right-hand variable to a
//! left one can complete a prefix); its variables were unbound when it was last computed.
//!
//! Costs: posting a disequality between atoms (the common case in the queens programs) is a
//! walk and a comparison and touches no store; waking costs O(size of the prefix); an empty
//! store costs one test per unification.

use crate::kernel::goal::{Goal, Solve};
use crate::kernel::solve::{Cont, Flow, Step};
use crate::kernel::state::State;
use crate::kernel::store::{Constraint, Fail, Run, Status};
use crate::kernel::stream::Stream;
use crate::kernel::subst::Subst;
use crate::kernel::term::{cmp_terms, Term, Var};
use crate::kernel::unify::{unify_all, unify_all_open};
use rustc_hash::FxHashMap;
use smallvec::SmallVec;
use std::sync::Arc;

/// One disequality in solved form: "not all of these bindings".
pub(crate) type Prefix = Arc<[(Var, Term)]>;

/// A disequality in the constraint store, in solved form: its prefix, watched by every
/// variable the prefix mentions.
struct Diseq(Prefix);

impl Constraint for Diseq {
    fn watched(&self) -> Vec<Var> {
        prefix_vars(&self.0).into_vec()
    }

    /// Re-unifies the prefix: never equal (entailed), equal (fails), or a new prefix.
    fn propagate(&self, run: &mut Run, _: Option<Var>) -> Result<Status, Fail> {
        let pairs: SmallVec<[(Term, Term); 4]> = self
            .0
            .iter()
            .map(|(x, t)| (Term::Var(*x), t.clone()))
            .collect();
        match verdict(&run.subst, run.occurs_check, &pairs) {
            Verdict::Never => Ok(Status::Entailed),
            Verdict::Equal => Err(Fail),
            Verdict::Unless(next) if next[..] == self.0[..] => Ok(Status::Keep),
            Verdict::Unless(next) => Ok(Status::Replace(Arc::new(Diseq(next)))),
            Verdict::Undecided => Ok(Status::Replace(Arc::new(Undecided::new(
                &run.subst, &pairs,
            )))),
        }
    }

    /// `(!= (x t) ...)`, in the canonical form of its most general unifier (see `canonical`).
    fn reify(&self, name: &dyn Fn(&Term) -> Option<Term>) -> Option<Term> {
        let pairs = self
            .0
            .iter()
            .map(|(x, t)| Some((name(&Term::Var(*x))?, name(t)?)))
            .collect::<Option<Vec<_>>>()?;
        let items = std::iter::once(Term::sym("!=")).chain(
            canonical(&pairs)?
                .into_iter()
                .map(|(x, t)| Term::list([Term::Var(x), t])),
        );
        Some(Term::list(items))
    }
}

/// A disequality whose verdict waits on more bindings (see [`Verdict::Undecided`]): the pairs
/// of terms that must not all be equal, watched by every variable in them.
struct Undecided(Arc<[(Term, Term)]>);

impl Undecided {
    fn new(s: &Subst, pairs: &[(Term, Term)]) -> Undecided {
        Undecided(
            pairs
                .iter()
                .map(|(u, v)| (s.walk_star(u), s.walk_star(v)))
                .collect(),
        )
    }
}

impl Constraint for Undecided {
    fn watched(&self) -> Vec<Var> {
        let mut vars = Vec::new();
        for (u, v) in self.0.iter() {
            u.push_vars(&mut vars);
            v.push_vars(&mut vars);
        }
        vars.sort_unstable();
        vars.dedup();
        vars
    }

    fn propagate(&self, run: &mut Run, _: Option<Var>) -> Result<Status, Fail> {
        match verdict(&run.subst, run.occurs_check, &self.0) {
            Verdict::Never => Ok(Status::Entailed),
            Verdict::Equal => Err(Fail),
            Verdict::Unless(prefix) => Ok(Status::Replace(Arc::new(Diseq(prefix)))),
            Verdict::Undecided => Ok(Status::Replace(Arc::new(Undecided::new(
                &run.subst, &self.0,
            )))),
        }
    }

    /// `(!= (u v) ...)`, the pairs as they stand.
    fn reify(&self, name: &dyn Fn(&Term) -> Option<Term>) -> Option<Term> {
        let pairs = self
            .0
            .iter()
            .map(|(u, v)| Some(Term::list([name(u)?, name(v)?])))
            .collect::<Option<Vec<_>>>()?;
        Some(Term::list(std::iter::once(Term::sym("!=")).chain(pairs)))
    }
}

/// The variables a prefix mentions, left-hand sides and inside right-hand terms.
fn prefix_vars(prefix: &[(Var, Term)]) -> SmallVec<[Var; 4]> {
    let mut vars: SmallVec<[Var; 4]> = SmallVec::new();
    for (x, t) in prefix {
        vars.push(*x);
        t.push_vars(&mut vars);
    }
    vars.sort_unstable();
    vars.dedup();
    vars
}

/// What unifying a prefix (or `u` with `v`) says about a disequality.
enum Verdict {
    /// The two sides can never become equal: the constraint is satisfied for good.
    Never,
    /// The two sides are already equal: the constraint is violated.
    Equal,
    /// They are equal exactly when these bindings hold.
    Unless(Prefix),
    /// Whether they can be equal depends on constraints unification would post (two ties
    /// whose bodies are not built yet, a partial map): undecided until more is bound.
    Undecided,
}

/// Unifies each pair of `pairs` in a scratch copy of `s` and reads the verdict off the bindings
/// that were added (their order is the order unification made them).
fn verdict(s: &Subst, occurs_check: bool, pairs: &[(Term, Term)]) -> Verdict {
    let Some((scratch, bound, pending)) = unify_all_open(s, pairs, occurs_check) else {
        return Verdict::Never;
    };
    if !pending.is_empty() {
        return Verdict::Undecided;
    }
    if bound.is_empty() {
        return Verdict::Equal;
    }
    let prefix = bound
        .iter()
        .map(|&x| (x, scratch.get(x).expect("just bound").clone()))
        .collect();
    Verdict::Unless(prefix)
}

/// `u` and `v` are never equal: core.logic's `!=`, a constraint kept in the state until it can
/// no longer be violated, re-checked whenever one of its variables is bound.
///
/// ```
/// use kanren::{eq, neq, run_all};
/// let a: Vec<String> = run_all(|q| neq(q, 1)).map(|a| a.to_string()).collect();
/// assert_eq!(a, ["(_0 :- (!= (_0 1)))"]);
/// assert_eq!(run_all(|q| kanren::conj([neq(q, 1), eq(q, 1)])).count(), 0);
/// assert_eq!(run_all(|q| kanren::conj([neq(q, 1), eq(q, 2)])).count(), 1);
/// ```
pub fn neq(u: impl Into<Term>, v: impl Into<Term>) -> Goal {
    let (u, v) = (u.into(), v.into());
    if u.is_atom() && v.is_atom() {
        return crate::kernel::goal::decided(u != v);
    }
    Goal::native(Neq(u, v))
}

struct Neq(Term, Term);

impl Solve for Neq {
    fn apply(&self, s: State) -> Stream {
        match post(&s, &self.0, &self.1) {
            Some(None) => Stream::unit(s),
            Some(Some(s)) => Stream::unit(s),
            None => Stream::empty(),
        }
    }

    fn solve(&self, s: &State, k: &mut Cont<'_>) -> Step {
        let flow = match post(s, &self.0, &self.1) {
            Some(stored) => k(stored.as_ref().unwrap_or(s)),
            None => Flow::Continue(()),
        };
        flow.into()
    }
}

/// Adds `u != v` to `s`: `None` when `u` and `v` are already equal; `Some(None)` when the
/// constraint needs no store (it can never be violated), so `s` itself holds; otherwise the
/// state with the constraint stored.
pub(crate) fn post(s: &State, u: &Term, v: &Term) -> Option<Option<State>> {
    let (wu, wv) = (s.subst.walk_ref(u), s.subst.walk_ref(v));
    if wu.is_atom() && wv.is_atom() {
        // Fast path: two atoms are decided now and need no store.
        return (wu != wv).then_some(None);
    }
    let pair = (wu.clone(), wv.clone());
    match verdict(&s.subst, s.occurs_check, &[pair]) {
        Verdict::Never => Some(None),
        Verdict::Equal => None,
        Verdict::Unless(prefix) => Some(Some(s.add_constraint(Arc::new(Diseq(prefix))))),
        Verdict::Undecided => {
            let c = Undecided::new(&s.subst, &[(wu.clone(), wv.clone())]);
            Some(Some(s.add_constraint(Arc::new(c))))
        }
    }
}

type Pairs = Vec<(Var, Term)>;

/// The canonical solved form of "not all of `pairs`", or `None` when it cannot be violated:
/// variables equated with each other are written as pairs `(smallest other)` from the one
/// with the smallest name, every other binding fully resolved, and the pairs sorted, so that
/// equivalent disequalities print alike whatever order the goals ran in.
fn canonical(pairs: &[(Term, Term)]) -> Option<Pairs> {
    let (solved, bound) = unify_all(&Subst::default(), pairs, true)?;
    assert!(
        !bound.is_empty(),
        "kanren internal error: a violated disequality survived in the store"
    );
    // Every variable the solved form mentions, and the class representative of each unbound one.
    let mut vars: Vec<Var> = bound.to_vec();
    for &x in &bound {
        solved.get(x).expect("bound").push_vars(&mut vars);
    }
    vars.sort_unstable();
    vars.dedup();
    let mut rep: FxHashMap<Var, Var> = FxHashMap::default();
    for &v in &vars {
        if let Term::Var(root) = solved.walk(&Term::Var(v)) {
            rep.entry(root).or_insert(v); // `vars` is sorted: the first seen is the smallest
        }
    }
    let mut out: Pairs = Vec::new();
    for &v in &vars {
        match solved.walk(&Term::Var(v)) {
            Term::Var(root) => {
                let r = rep[&root];
                if r != v {
                    out.push((r, Term::Var(v)));
                }
            }
            _ => {
                let value =
                    solved.rebuild(&Term::Var(v), &mut |u| rep.get(&u).map(|r| Term::Var(*r)));
                out.push((v, value));
            }
        }
    }
    out.sort_by(|(x, t), (y, u)| x.cmp(y).then_with(|| cmp_terms(t, u)));
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn v() -> Term {
        Term::Var(Var::fresh())
    }

    /// The state after posting `u != v` to the empty state, or `None` if it fails.
    fn posted(u: &Term, v: &Term) -> Option<State> {
        let s = State::new();
        post(&s, u, v).map(|stored| stored.unwrap_or(s))
    }

    #[test]
    fn ground_disequalities_touch_no_store() {
        let s = posted(&1.into(), &2.into()).unwrap();
        assert_eq!(s.cs.live_count(), 0);
        assert!(posted(&1.into(), &1.into()).is_none());
    }

    #[test]
    fn dropped_once_it_can_no_longer_be_violated() {
        let x = v();
        let s = posted(&x, &1.into()).unwrap();
        assert_eq!(s.cs.live_count(), 1);
        let s = s.unify(&x, &2.into()).unwrap();
        assert_eq!(s.cs.live_count(), 0);
    }

    #[test]
    fn a_binding_on_the_right_hand_side_wakes_the_constraint() {
        let (x, y) = (v(), v());
        let s = posted(&x, &y).unwrap();
        // Whichever way the prefix is oriented, aliasing the two fails.
        assert!(s.unify(&y, &x).is_none());
        assert!(s.unify(&x, &y).is_none());
    }
}

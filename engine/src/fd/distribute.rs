//! `distribute`: a labeling strategy recorded on a variable, applied when the answer is
//! labeled at reification (core.logic's `distribute` and `sort-by-strategy`).
//!
//! core.logic stores the strategy as an attribute of the variable's root in the
//! substitution; here it is a short list in the state, `(variable, strategy)`, copied on
//! write (a program sets a strategy once or twice, and reads it once per labeled sequence).
//! The labeling at reification that reads it is the kernel's (`kernel/reify/force.rs`, as
//! core.logic's `reifyg` and `sort-by-strategy` are in its logic.clj).

use crate::kernel::goal::Goal;
use crate::kernel::reify::force::Strategies;
use crate::kernel::state::State;
use crate::kernel::store::domain::Strategy;
use crate::kernel::stream::Stream;
use crate::kernel::term::{Term, Var};

/// `v`'s answer is labeled with `strategy` (core.logic's `(distribute v ::l/ff)`).
///
/// When the answer is reified and the sequence that `v` holds (a vector, or a list ending in
/// `()`) still has FD variables with domains, its elements are labeled in the order the
/// strategy gives, chosen again after each one is labeled, rather than left to right. The set
/// of answers is the same; their order changes. As in core.logic, `v` must already be bound
/// to the sequence: on a variable still unbound, or on a term that is not a variable,
/// `distribute` has no effect. Only the elements of that one sequence are reordered: a
/// nested sequence held by a variable takes its own strategy.
///
/// DIVERGENCE: core.logic's `distribute` ignores its strategy argument and always applies
/// `::l/ff`, its only strategy; here [`Strategy`] has only that one too. core.logic throws
/// when an element is neither a number nor a variable with a domain; here such an element
/// counts as one value.
///
/// ```
/// use kanren::{eq, fd, fresh, run_all, Term};
/// // x has three values, y two: first-fail labels y first.
/// let answers = |ff: bool| -> Vec<String> {
///     run_all(move |q| fresh(move |[x, y]| kanren::conj([
///         fd::in_(x, fd::interval(1, 3)),
///         fd::in_(y, fd::interval(1, 2)),
///         eq(q, vec![x, y]),
///         if ff { fd::distribute(q, fd::Strategy::FirstFail) } else { kanren::succeed() },
///     ])))
///     .map(|a| a.to_string())
///     .collect()
/// };
/// // (run* [q] (fresh [x y] (fd/in x (fd/interval 1 3)) (fd/in y (fd/interval 1 2))
/// //   (== q [x y]) (distribute q ::l/ff)))
/// //   => ([1 1] [1 2] [2 1] [3 1] [2 2] [3 2])
/// assert_eq!(answers(true), ["[1 1]", "[1 2]", "[2 1]", "[3 1]", "[2 2]", "[3 2]"]);
/// // Without it: => ([1 1] [2 1] [1 2] [3 1] [2 2] [3 2])
/// assert_eq!(answers(false), ["[1 1]", "[2 1]", "[1 2]", "[3 1]", "[2 2]", "[3 2]"]);
/// ```
pub fn distribute(v: impl Into<Term>, strategy: Strategy) -> Goal {
    let v = v.into();
    Goal::new(move |mut s| {
        // As in core.logic, the strategy is kept only on a variable already bound: the
        // attribute of one still unbound is lost when it is bound.
        if let Some(root) = root_var(&s, &v).filter(|r| s.subst.get(*r).is_some()) {
            let list = &mut s.ext_mut::<Strategies>().0;
            list.retain(|(x, _)| *x != root);
            list.push((root, strategy));
        }
        Stream::unit(s)
    })
}

/// The last variable of `t`'s chain of variable bindings (core.logic's `root-var`).
fn root_var(s: &State, t: &Term) -> Option<Var> {
    let Term::Var(mut x) = t else { return None };
    while let Some(Term::Var(y)) = s.subst.get(x) {
        x = *y;
    }
    Some(x)
}

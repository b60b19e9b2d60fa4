//! Residual constraints of an answer: what the constraints say about the answer's variables,
//! tidied so that equivalent answers print alike, `(!= (_0 1) (_1 2))`.
//!
//! Each live constraint prints itself ([`Constraint::reify`](crate::Constraint::reify)); a
//! constraint that mentions a variable absent from the answer prints nothing (that variable is
//! existentially quantified, so some value of it satisfies the constraint). Then, here:
//! 1. duplicates are removed;
//! 2. a disequality implied by another one is removed (B is implied by A when B's bindings
//!    entail all of A's: A is then the stronger disequality);
//! 3. what is left is put in the order core.logic prints it: it collects the constraints into
//!    a Clojure hash set, so they come out in that set's order (see `crate::kernel::term::hasheq`).
//!
//! DIVERGENCE: core.logic prints its constraints unsimplified, including constraints on
//! variables that are not part of the answer.

use crate::kernel::subst::Subst;
use crate::kernel::term::{cmp_terms, Term};
use crate::kernel::unify::unify_all;

/// Sorts, deduplicates and prunes the printed residual constraints `cs`.
pub(crate) fn tidy(mut cs: Vec<Term>) -> Vec<Term> {
    cs.sort_by(cmp_terms);
    cs.dedup();
    cs.sort_by_key(crate::kernel::term::hasheq::set_order_key);
    let diseqs: Vec<Option<Vec<(Term, Term)>>> = cs.iter().map(diseq_pairs).collect();
    let implied = |i: usize| {
        let Some(b) = &diseqs[i] else { return false };
        diseqs
            .iter()
            .enumerate()
            .any(|(j, a)| j != i && a.as_ref().is_some_and(|a| entails(b, a)))
    };
    let keep: Vec<bool> = (0..cs.len()).map(|i| !implied(i)).collect();
    cs.into_iter()
        .zip(keep)
        .filter_map(|(c, k)| k.then_some(c))
        .collect()
}

/// The bindings of a printed disequality `(!= (x t) ...)`.
fn diseq_pairs(c: &Term) -> Option<Vec<(Term, Term)>> {
    let items = c.to_vec()?;
    let (head, pairs) = items.split_first()?;
    if *head != Term::sym("!=") {
        return None;
    }
    pairs
        .iter()
        .map(|p| match p.to_vec()?.as_slice() {
            [x @ Term::Var(_), t] => Some((x.clone(), t.clone())),
            _ => None,
        })
        .collect()
}

/// Whether the bindings `b` entail all the bindings `a`.
fn entails(b: &[(Term, Term)], a: &[(Term, Term)]) -> bool {
    match unify_all(&Subst::default(), b, true) {
        Some((sb, _)) => matches!(unify_all(&sb, a, true), Some((_, added)) if added.is_empty()),
        None => false,
    }
}

#[cfg(test)]
mod tests {
    use crate::kernel::term::{cmp_terms, Term, Var};
    use crate::list;

    #[test]
    fn term_order_is_total_and_structural() {
        let r = |k| Term::Var(Var::reified(k));
        let mut ts = vec![
            Term::from(vec![1, 2]),
            list![1, 2],
            Term::from("s"),
            Term::sym("a"),
            Term::Nil,
            Term::from(true),
            Term::from(3),
            Term::from(-1),
            r(1),
            r(0),
            Term::from(vec![1]),
            list![1],
        ];
        ts.sort_by(cmp_terms);
        let printed: Vec<String> = ts.iter().map(|t| t.to_string()).collect();
        assert_eq!(
            printed,
            ["_0", "_1", "-1", "3", "true", "()", "a", "\"s\"", "(1)", "(1 2)", "[1]", "[1 2]"]
        );
    }
}

//! Residual disequalities of an answer: simplified, renamed to the answer's names, canonically
//! ordered, and printed the way core.logic prints them, `(!= (_0 1) (_1 2))`.
//!
//! The rules (also in `docs/design.md`, "Disequality"):
//! 1. A constraint that mentions a variable absent from the answer is dropped: that variable is
//!    existentially quantified and unconstrained by the answer, so some value of it always
//!    makes the disequality hold.
//! 2. Each remaining constraint "not all of x1=t1 .. xk=tk" is rewritten to the canonical form
//!    of its most general unifier: variables equated with each other are written as pairs
//!    `(smallest other)` from the one with the smallest name (`(_0 _1)`, `(_0 _2)`), every other
//!    binding is fully resolved, and the pairs are sorted. Equivalent constraints thus print identically, whatever order the goals
//!    ran in.
//! 3. Duplicates are removed, and so is every constraint implied by another one (B is implied by
//!    A when B's bindings entail all of A's: A is then the stronger disequality).
//! 4. Constraints are sorted by the canonical term order below.
//!
//! DIVERGENCE: core.logic prints its constraints as stored: unsimplified, in store order, and
//! including constraints on variables that are not part of the answer.

use crate::reify::Reifier;
use crate::state::State;
use crate::subst::Subst;
use crate::term::{Term, Var};
use crate::unify::{unify, Bound};
use rustc_hash::FxHashMap;
use std::cmp::Ordering;

type Pairs = Vec<(Var, Term)>;

/// The residual disequalities of the final state `s`, named as `r` named the answer.
pub(crate) fn residual(s: &State, r: &Reifier<'_>) -> Vec<Term> {
    let mut cs: Vec<Pairs> = s
        .diseq
        .prefixes()
        .filter_map(|prefix| {
            let pairs = prefix
                .iter()
                .map(|(x, t)| Some((r.rename(&Term::Var(*x))?, r.rename(t)?)))
                .collect::<Option<Vec<_>>>()?;
            canonical(&pairs)
        })
        .collect();
    cs.sort_by(cmp_pairs);
    cs.dedup();
    let keep: Vec<bool> = (0..cs.len())
        .map(|i| !(0..cs.len()).any(|j| j != i && entails(&cs[i], &cs[j])))
        .collect();
    cs.into_iter()
        .zip(keep)
        .filter(|(_, k)| *k)
        .map(|(c, _)| {
            let items = std::iter::once(Term::sym("!="))
                .chain(c.into_iter().map(|(x, t)| Term::list([Term::Var(x), t])));
            Term::list(items)
        })
        .collect()
}

/// The canonical solved form of "not all of `pairs`", or `None` when it cannot be violated.
fn canonical(pairs: &[(Term, Term)]) -> Option<Pairs> {
    let (solved, bound) = solve(&Subst::default(), pairs)?;
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

/// Unifies all `pairs` in `s`: the extended substitution and the variables bound, or `None`.
fn solve(s: &Subst, pairs: &[(Term, Term)]) -> Option<(Subst, Bound)> {
    let mut bound = Bound::new();
    let mut s = s.clone();
    for (u, v) in pairs {
        s = unify(&s, u, v, true, &mut bound)?;
    }
    Some((s, bound))
}

/// Whether the bindings `b` entail all the bindings `a`.
fn entails(b: &Pairs, a: &Pairs) -> bool {
    let as_terms = |p: &Pairs| -> Vec<(Term, Term)> {
        p.iter().map(|(x, t)| (Term::Var(*x), t.clone())).collect()
    };
    match solve(&Subst::default(), &as_terms(b)) {
        Some((sb, _)) => matches!(solve(&sb, &as_terms(a)), Some((_, added)) if added.is_empty()),
        None => false,
    }
}

fn cmp_pairs(a: &Pairs, b: &Pairs) -> Ordering {
    for ((x, t), (y, u)) in a.iter().zip(b) {
        let o = x.cmp(y).then_with(|| cmp_terms(t, u));
        if o != Ordering::Equal {
            return o;
        }
    }
    a.len().cmp(&b.len())
}

/// The canonical order of terms: variables (by name) < integers < booleans < `()` < symbols <
/// strings < pairs < vectors < maps; pairs compare head, then tail; vectors compare length, then items.
pub(crate) fn cmp_terms(a: &Term, b: &Term) -> Ordering {
    fn rank(t: &Term) -> u8 {
        match t {
            Term::Var(_) => 0,
            Term::Int(_) => 1,
            Term::Bool(_) => 2,
            Term::Nil => 3,
            Term::Sym(_) => 4,
            Term::Str(_) => 5,
            Term::Pair(_) => 6,
            Term::Vector(_) => 7,
            Term::Map(_) => 8,
        }
    }
    let mut stack = vec![(a, b)];
    while let Some((a, b)) = stack.pop() {
        let o = match (a, b) {
            (Term::Var(x), Term::Var(y)) => x.cmp(y),
            (Term::Int(x), Term::Int(y)) => x.cmp(y),
            (Term::Bool(x), Term::Bool(y)) => x.cmp(y),
            (Term::Sym(x), Term::Sym(y)) | (Term::Str(x), Term::Str(y)) => x.cmp(y),
            (Term::Pair(p), Term::Pair(q)) => {
                stack.push((&p.1, &q.1));
                stack.push((&p.0, &q.0));
                Ordering::Equal
            }
            (Term::Vector(p), Term::Vector(q)) => {
                stack.extend(p.iter().zip(q.iter()).rev());
                p.len().cmp(&q.len())
            }
            (Term::Map(p), Term::Map(q)) => {
                let pairs = p.iter().zip(q.iter());
                let flat: Vec<_> = pairs
                    .flat_map(|((k, v), (l, w))| [(k, l), (v, w)])
                    .collect();
                stack.extend(flat.into_iter().rev());
                p.len().cmp(&q.len())
            }
            _ => rank(a).cmp(&rank(b)),
        };
        if o != Ordering::Equal {
            return o;
        }
    }
    Ordering::Equal
}

#[cfg(test)]
mod tests {
    use super::*;
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

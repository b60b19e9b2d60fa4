//! Nominal operations on terms: swapping two noms (a permutation applied to a term) and
//! deciding freshness, as far as the substitution allows. What depends on a variable not yet
//! bound is left to constraints (see [`Pending`]).

use super::Pending;
use crate::kernel::subst::Subst;
use crate::kernel::term::{Nom, Term, Var};

/// Whether the nom `a` is fresh in `t` (occurs in it only bound by a tie), as far as `s`
/// decides: `None` when it is not; otherwise the freshness left to check on unbound variables
/// goes to `pending`. Iterative.
pub(crate) fn fresh_in(s: &Subst, a: Nom, t: &Term, pending: &mut Vec<Pending>) -> Option<()> {
    let mut stack = vec![t.clone()];
    while let Some(t) = stack.pop() {
        if t.has_no_vars() {
            continue; // no variable, so no nom either
        }
        match s.walk(&t) {
            Term::Nom(b) if a == b => return None,
            Term::Var(x) => pending.push(Pending::Fresh(a, x)),
            Term::Tie(tie) if tie.nom != Term::Nom(a) => stack.push(tie.body.clone()),
            Term::Pair(p) => {
                stack.push(p.1.clone());
                stack.push(p.0.clone());
            }
            Term::Vector(items) => stack.extend(items.iter().filter(|t| !t.has_no_vars()).cloned()),
            Term::Map(entries) | Term::PartialMap(entries) => {
                stack.extend(entries.iter().flat_map(|(k, v)| [k.clone(), v.clone()]))
            }
            _ => {}
        }
    }
    Some(())
}

/// `t` with the noms `a` and `b` swapped everywhere (core.logic's `swap-noms`). An unbound
/// variable `x` becomes a new variable `v` with the suspension `v = (a b)·x` left in
/// `pending`, one per variable.
pub(crate) fn swap(s: &Subst, (a, b): (Nom, Nom), t: &Term, pending: &mut Vec<Pending>) -> Term {
    let mut made: Vec<(Var, Var)> = Vec::new();
    go(s, (a, b), t, &mut |x| {
        if let Some(&(_, v)) = made.iter().find(|(y, _)| *y == x) {
            return v;
        }
        let v = Var::fresh();
        made.push((x, v));
        pending.push(Pending::Swap(v, x, (a, b)));
        v
    })
}

fn go(s: &Subst, (a, b): (Nom, Nom), t: &Term, var: &mut dyn FnMut(Var) -> Var) -> Term {
    if t.has_no_vars() {
        return t.clone();
    }
    let sw = (a, b);
    crate::kernel::stack::maybe_grow(64 * 1024, 1024 * 1024, || match s.walk(t) {
        Term::Nom(c) if c == a => Term::Nom(b),
        Term::Nom(c) if c == b => Term::Nom(a),
        Term::Var(x) => Term::Var(var(x)),
        Term::Tie(tie) => Term::tie(go(s, sw, &tie.nom, var), go(s, sw, &tie.body, var)),
        Term::Pair(p) => Term::cons(go(s, sw, &p.0, var), go(s, sw, &p.1, var)),
        Term::Vector(items) => Term::Vector(items.iter().map(|t| go(s, sw, t, var)).collect()),
        Term::Map(entries) => Term::Map(swap_entries(s, sw, &entries, var)),
        Term::PartialMap(entries) => Term::PartialMap(swap_entries(s, sw, &entries, var)),
        other => other,
    })
}

fn swap_entries(
    s: &Subst,
    sw: (Nom, Nom),
    entries: &[(Term, Term)],
    var: &mut dyn FnMut(Var) -> Var,
) -> std::sync::Arc<[(Term, Term)]> {
    entries
        .iter()
        .map(|(k, v)| (go(s, sw, k, var), go(s, sw, v, var)))
        .collect()
}

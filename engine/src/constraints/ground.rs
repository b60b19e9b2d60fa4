//! Waiting for ground terms: the shared step of the constraints that run once their terms
//! have no variables left (`predc`, `nafc`), or once enough of them do (`conjo`).
//!
//! Such a constraint keeps its terms walked as far as the substitution goes, and watches
//! every variable still in them. When a watched variable is bound to a term with variables of
//! its own, the constraint is replaced by one over the newly walked terms, which watches
//! those.

use crate::kernel::store::Run;
use crate::kernel::term::{Term, Var};

/// The terms `ts` walked completely in `run`, and whether they differ from `ts` (then the
/// constraint must be replaced, to watch the variables they now hold).
pub(crate) fn walked(run: &Run, ts: &[Term]) -> (Vec<Term>, bool) {
    let now: Vec<Term> = ts.iter().map(|t| run.walk_star(t)).collect();
    let changed = now.iter().zip(ts).any(|(a, b)| a != b);
    (now, changed)
}

/// The variables of `ts`, each once.
pub(crate) fn vars_of<'a>(ts: impl IntoIterator<Item = &'a Term>) -> Vec<Var> {
    let mut out: Vec<Var> = Vec::new();
    for t in ts {
        t.push_vars(&mut out);
    }
    out.sort_unstable();
    out.dedup();
    out
}

/// Whether `t` has no variable left (noms and ties are values; a partial map is never ground).
pub(crate) fn is_ground(t: &Term) -> bool {
    if t.has_no_vars() {
        return true;
    }
    let mut stack = vec![t];
    while let Some(t) = stack.pop() {
        match t {
            Term::Var(_) | Term::PartialMap(_) => return false,
            Term::Pair(p) => stack.extend([&p.0, &p.1]),
            Term::Vector(items) => stack.extend(items.iter()),
            Term::Map(entries) => stack.extend(entries.iter().flat_map(|(k, v)| [k, v])),
            Term::Tie(tie) => stack.extend([&tie.nom, &tie.body]),
            _ => {}
        }
    }
    true
}

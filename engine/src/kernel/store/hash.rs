//! The freshness constraint `a # t` (core.logic's `nom/hash`): the nom `a` does not occur free
//! in `t`.
//!
//! ```text
//! a # t:  a a nom        -> decide on t's structure; wait on t's unbound variables
//!         a a variable   -> t the same variable: fails; t a sequence or map: a # each part;
//!                           otherwise wait until a is bound
//!         a anything else -> fails (only a nom can be fresh)
//! ```

use crate::kernel::store::{Constraint, Fail, Run, Status};
use crate::kernel::term::{Seq, SeqItem, Term, Var};
use crate::kernel::unify::perm::fresh_in;
use std::sync::Arc;

/// `a # x`: see the module docs.
pub(crate) struct Hash {
    a: Term,
    x: Term,
}

impl Hash {
    pub(crate) fn new(a: Term, x: Term) -> Hash {
        Hash { a, x }
    }
}

impl Constraint for Hash {
    fn watched(&self) -> Vec<Var> {
        [&self.a, &self.x]
            .into_iter()
            .filter_map(Term::as_var)
            .collect()
    }

    fn propagate(&self, run: &mut Run, _: Option<Var>) -> Result<Status, Fail> {
        let (a, x) = (run.walk(&self.a), run.walk(&self.x));
        let waiting = |a: Term, x: Term| match a == self.a && x == self.x {
            true => Status::Keep,
            false => Status::Replace(Arc::new(Hash { a, x })),
        };
        match (&a, &x) {
            (Term::Nom(_), Term::Var(_)) => Ok(waiting(a, x)),
            (Term::Nom(n), _) => {
                let mut pending = Vec::new();
                fresh_in(run.subst(), *n, &x, &mut pending).ok_or(Fail)?;
                run.post_pending(pending);
                Ok(Status::Entailed)
            }
            (Term::Var(v), Term::Var(w)) if v == w => Err(Fail),
            (Term::Var(_), t) if t.is_seq() || t.entries().is_some() => {
                for part in parts(t) {
                    run.post(Hash::new(a.clone(), part));
                }
                Ok(Status::Entailed)
            }
            (Term::Var(_), _) => Ok(waiting(a, x)),
            _ => Err(Fail),
        }
    }

    /// `a_0#_1`, as core.logic prints it; shown only when `x` is named in full.
    fn reify(&self, name: &dyn Fn(&Term) -> Option<Term>) -> Option<Term> {
        let a = name(&self.a)?;
        if !matches!(a, Term::Sym(_) | Term::Var(_)) {
            return None;
        }
        Some(Term::sym(&format!("{a}#{}", name(&self.x)?)))
    }
}

/// The parts of a sequence or a map: its items (and a partial list's tail), or its keys and
/// values.
fn parts(t: &Term) -> Vec<Term> {
    if let Some(entries) = t.entries() {
        return entries
            .iter()
            .flat_map(|(k, v)| [k.clone(), v.clone()])
            .collect();
    }
    let mut out = Vec::new();
    let mut seq = Seq::of(t);
    loop {
        match seq.step() {
            SeqItem::Item(x) => out.push(x.clone()),
            SeqItem::End => return out,
            SeqItem::Tail(x) => {
                out.push(x.clone());
                return out;
            }
        }
    }
}

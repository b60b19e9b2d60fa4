//! `conjo` (core.logic's constraint version of `conj`): `out` is `coll` with `args` added as
//! Clojure's `conj` adds them, run once two of `coll`, `args`, `out` are ground.
//!
//! ```text
//! conj([a b], x y)     = [a b x y]       a vector grows at the end
//! conj((a b), x y)     = (y x a b)       a list at the front
//! conj({k v}, [k2 v2]) = {k v, k2 v2}    a map takes entries ([key value] or a map)
//!
//! conjo(coll, args, out), once exactly two of coll, args, out are ground:
//!   coll is not a variable  -> out == conj(coll, args)
//!   coll is a variable      -> coll == out with args taken off again (core.logic's
//!                              `-joncf`: the last elements of a vector, the first of a
//!                              list, the entries of a map), or fail if they are not there
//! ```
//!
//! The check waits while fewer than two are ground. DIVERGENCE: core.logic's `-runnable?` asks
//! for exactly two, so a `conjo` whose three terms are all ground is never checked
//! (`(conjo [1] 2 [1 3])` succeeds there); here it runs once at least two are, and fails.
//! core.logic also prints the collection of a residual `conjo` unreified (`<lvar:p__3868>`);
//! here it is named like the rest.

use crate::constraints::ground::{is_ground, vars_of, walked};
use crate::kernel::goal::Goal;
use crate::kernel::store::{Constraint, Fail, Run, Status};
use crate::kernel::term::{Term, Var};
use std::sync::Arc;

struct Conjo {
    coll: Term,
    args: Vec<Term>,
    out: Term,
}

impl Conjo {
    fn terms(&self) -> Vec<Term> {
        let mut ts = vec![self.coll.clone(), self.out.clone()];
        ts.extend(self.args.iter().cloned());
        ts
    }
}

impl Constraint for Conjo {
    fn watched(&self) -> Vec<Var> {
        vars_of(&self.terms())
    }

    fn propagate(&self, run: &mut Run, _: Option<Var>) -> Result<Status, Fail> {
        let (now, changed) = walked(run, &self.terms());
        let (coll, out, args) = (&now[0], &now[1], &now[2..]);
        let ground = [is_ground(coll), args.iter().all(is_ground), is_ground(out)];
        if ground.iter().filter(|&&g| g).count() >= 2 {
            if coll.as_var().is_none() {
                run.unify(&conj(coll, args).ok_or(Fail)?, out)?;
            } else {
                run.unify(&unconj(out, args).ok_or(Fail)?, coll)?;
            }
            return Ok(Status::Entailed);
        }
        Ok(match changed {
            false => Status::Keep,
            true => Status::Replace(Arc::new(Conjo {
                coll: coll.clone(),
                args: args.to_vec(),
                out: out.clone(),
            })),
        })
    }

    /// `(clojure.core.logic/conjo coll args... out)`.
    fn reify(&self, name: &dyn Fn(&Term) -> Option<Term>) -> Option<Term> {
        let mut items = vec![Term::sym("clojure.core.logic/conjo"), name(&self.coll)?];
        for t in self.args.iter().chain([&self.out]) {
            items.push(name(t)?);
        }
        Some(Term::list(items))
    }

    fn names_absent(&self) -> bool {
        true
    }
}

/// `coll` with `args` added (Clojure's `conj`); `None` when `coll` is not a collection or an
/// entry added to a map is not a `[key value]` pair or a map.
fn conj(coll: &Term, args: &[Term]) -> Option<Term> {
    match coll {
        Term::Vector(items) => Some(Term::Vector(items.iter().chain(args).cloned().collect())),
        Term::Nil | Term::Pair(_) => Some(args.iter().fold(coll.clone(), |l, x| Term::cons(x, l))),
        Term::Map(entries) => {
            let mut out: Vec<(Term, Term)> = entries.to_vec();
            for arg in args {
                out.extend(map_entries(arg)?);
            }
            Some(Term::map(out))
        }
        _ => None,
    }
}

/// The entries a `conj` onto a map adds: a `[key value]` pair, or every entry of a map.
fn map_entries(arg: &Term) -> Option<Vec<(Term, Term)>> {
    if let Term::Map(entries) = arg {
        return Some(entries.to_vec());
    }
    match arg.to_vec()?.as_slice() {
        [k, v] => Some(vec![(k.clone(), v.clone())]),
        _ => None,
    }
}

/// The collection that `conj` of `args` turns into `out` (core.logic's `-joncf`): `None` when
/// `out` does not end (vector), start (list) or hold (map) with `args`.
fn unconj(out: &Term, args: &[Term]) -> Option<Term> {
    match out {
        Term::Vector(items) => {
            let keep = items.len().checked_sub(args.len())?;
            (items[keep..] == *args).then(|| Term::Vector(items[..keep].into()))
        }
        Term::Nil | Term::Pair(_) => {
            let mut rest = out.clone();
            for x in args.iter().rev() {
                let Term::Pair(p) = &rest else { return None };
                if p.0 != *x {
                    return None;
                }
                rest = p.1.clone();
            }
            Some(rest)
        }
        Term::Map(entries) => {
            let mut left: Vec<(Term, Term)> = entries.to_vec();
            for arg in args {
                for (k, v) in map_entries(arg)? {
                    let i = left
                        .iter()
                        .position(|(key, value)| *key == k && *value == v)?;
                    left.remove(i);
                }
            }
            Some(Term::Map(left.into()))
        }
        _ => None,
    }
}

/// `out` is `coll` with `args` added as Clojure's `conj` adds them (core.logic's
/// `(conjo coll & args out)`): at the end of a vector, at the front of a list, as entries of a
/// map. Runs once two of `coll`, `args` and `out` are ground (or all three), either way round.
///
/// ```
/// use kanren::{conj, conjo, eq, run_all, Term};
/// fn show(g: impl FnOnce(kanren::Var) -> kanren::Goal) -> Vec<String> {
///     run_all(g).map(|a| a.to_string()).collect()
/// }
/// assert_eq!(show(|q| conj([conjo(Term::from(vec![1]), [2.into()], q)])), ["[1 2]"]);
/// // Backwards: which vector gives [1 2] with 2 added?
/// assert_eq!(show(|q| conjo(q, [2.into()], Term::from(vec![1, 2]))), ["[1]"]);
/// let k = |s| Term::sym(s);
/// let m = Term::map([(k(":foo"), k(":bar"))]);
/// assert_eq!(show(|q| conjo(m.clone(), [Term::from((k(":baz"), k(":woz")))], q)),
///            ["{:foo :bar, :baz :woz}"]);
/// ```
pub fn conjo(
    coll: impl Into<Term>,
    args: impl IntoIterator<Item = Term>,
    out: impl Into<Term>,
) -> Goal {
    Goal::constraint(Conjo {
        coll: coll.into(),
        args: args.into_iter().collect(),
        out: out.into(),
    })
}

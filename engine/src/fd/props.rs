//! The propagators: what each FD constraint removes from the domains of its variables.
//!
//! Each is a small value in the store's table; [`Prop::propagate`] narrows domains through a
//! [`Run`] and never removes a value that belongs to a solution of its own constraint:
//!
//! ```text
//! Plus(x, y, z)    x + y = z      bounds consistency: z ⊆ [x.lo+y.lo, x.hi+y.hi], x ⊆ [z.lo-y.hi, z.hi-y.lo], ...
//! Times(x, y, z)   x * y = z      bounds: z within the corner products; x within the corner
//!                                 quotients of z and y when y's bounds exclude 0
//! Lte(x, y, k)     x + k <= y     x ⊆ (.., y.hi-k], y ⊆ [x.lo+k, ..)
//! Eq(x, y)         x = y          both narrowed to the intersection (core.logic's `==c`)
//! Distinct(xs)     pairwise ≠     forward checking: a bound value leaves every other domain
//!                                 (core.logic's `-distinctc`)
//! Hall(xs)         pairwise ≠     bounds consistency by Hall intervals (see `hall.rs`);
//!                                 posted with `Distinct` by `fd::distinct_bounds`
//! ```
//!
//! Binary disequalities `x != y + k` are not in this table: they live inline in the watch
//! lists (see the store). Like core.logic, a variable without a domain gets one from `Plus`
//! and `Times` once the other two are known; a half-unbounded range is never invented. A
//! term bound to something that is not an integer fails every propagator. While one of its
//! variables is unbound in an answer, a propagator prints as the goal that posted it.

use super::Step;
use crate::kernel::store::domain::Domain;
use crate::kernel::store::{Constraint, Fail, Run, Status, Val};
use crate::kernel::term::{Term, Var};
use std::sync::Arc;

/// A posted propagator.
#[derive(Clone, Debug)]
pub(crate) enum Prop {
    Plus(Term, Term, Term),
    Times(Term, Term, Term),
    Lte(Term, Term, i64),
    Eq(Term, Term),
    Distinct(Arc<[Term]>),
    Hall(Arc<[Term]>),
}

impl Constraint for Prop {
    /// Bounds reasoning runs on every domain change; `Distinct` only when a variable is bound.
    fn wakes_on_narrowing(&self) -> bool {
        !matches!(self, Prop::Distinct(_))
    }

    fn watched(&self) -> Vec<Var> {
        let ts: Vec<&Term> = match self {
            Prop::Plus(a, b, c) | Prop::Times(a, b, c) => vec![a, b, c],
            Prop::Lte(a, b, _) | Prop::Eq(a, b) => vec![a, b],
            Prop::Distinct(xs) | Prop::Hall(xs) => xs.iter().collect(),
        };
        ts.into_iter().filter_map(Term::as_var).collect()
    }

    /// Narrows the domains of its variables. `trigger` is the variable whose binding woke it,
    /// if that is why it runs (used by `Distinct` to do O(n) work per binding).
    fn propagate(&self, run: &mut Run, trigger: Option<Var>) -> Result<Status, Fail> {
        self.narrow(run, trigger).map(|()| Status::Keep)
    }

    fn needs_domains(&self) -> bool {
        true
    }

    /// While one of its variables is unbound in the answer (then without a domain: the
    /// variables with one are labeled first), as the FD goal that posted it: `(fd/+ x y z)`,
    /// `(fd/* x y z)`, `(fd/<= x y)`, `(fd/< x y)`, `(fd/<= (+ x k) y)`, `(fd/== x y)`,
    /// `(fd/distinct [x ..])`. `Hall` prints nothing (the `Distinct` posted with it does).
    fn reify(&self, name: &dyn Fn(&Term) -> Option<Term>) -> Option<Term> {
        let named = |ts: &[&Term]| -> Option<Vec<Term>> {
            let ts: Vec<Term> = ts.iter().map(|t| name(t)).collect::<Option<_>>()?;
            ts.iter().any(|t| matches!(t, Term::Var(_))).then_some(ts)
        };
        let form = |op: &str, ts: Vec<Term>| Term::list(std::iter::once(Term::sym(op)).chain(ts));
        Some(match self {
            Prop::Plus(x, y, z) => form("fd/+", named(&[x, y, z])?),
            Prop::Times(x, y, z) => form("fd/*", named(&[x, y, z])?),
            Prop::Eq(x, y) => form("fd/==", named(&[x, y])?),
            Prop::Lte(x, y, k) => {
                let mut ts = named(&[x, y])?;
                match k {
                    0 => form("fd/<=", ts),
                    1 => form("fd/<", ts),
                    k => {
                        ts[0] = Term::list([Term::sym("+"), ts[0].clone(), Term::Int(*k)]);
                        form("fd/<=", ts)
                    }
                }
            }
            Prop::Distinct(xs) => {
                let ts = named(&xs.iter().collect::<Vec<_>>())?;
                form("fd/distinct", vec![Term::Vector(ts.into())])
            }
            Prop::Hall(_) => return None,
        })
    }
}

impl Prop {
    fn narrow(&self, run: &mut Run, trigger: Option<Var>) -> Step {
        match self {
            Prop::Plus(x, y, z) => plus(run, x, y, z),
            Prop::Times(x, y, z) => times(run, x, y, z),
            Prop::Lte(x, y, k) => {
                if let Some((_, yhi)) = bounds(run, y)? {
                    restrict(run, x, None, Some(yhi - *k as i128))?;
                }
                if let Some((xlo, _)) = bounds(run, x)? {
                    restrict(run, y, Some(xlo + *k as i128), None)?;
                }
                Ok(())
            }
            Prop::Eq(x, y) => {
                let (vx, vy) = (run.read(x), run.read(y));
                let (dx, dy) = (as_domain(&vx)?, as_domain(&vy)?);
                let both = match (&dx, &dy) {
                    (Some(a), Some(b)) => a.intersect(b),
                    (Some(d), None) | (None, Some(d)) => Some(d.clone()),
                    (None, None) => return Ok(()),
                };
                run.narrow(&vx, both.clone())?;
                let vy = run.read(y);
                run.narrow(&vy, both)
            }
            Prop::Distinct(xs) => distinct(run, xs, trigger),
            Prop::Hall(xs) => super::hall::propagate(run, xs),
        }
    }
}

/// The bounds of `t`: `Ok(None)` for a variable without a domain, `Err(Fail)` for a term
/// that is not an integer (a non-number never satisfies an FD constraint).
fn bounds(run: &Run, t: &Term) -> Result<Option<(i128, i128)>, Fail> {
    match run.read(t) {
        Val::Bad => Err(Fail),
        v => Ok(v.bounds().map(|(l, h)| (l as i128, h as i128))),
    }
}

/// The domain a value stands for: `Ok(None)` for a variable without one.
fn as_domain(v: &Val) -> Result<Option<Domain>, Fail> {
    match v {
        Val::Int(a) => Ok(Some(Domain::singleton(*a))),
        Val::Dom(_, d) => Ok(Some(d.clone())),
        Val::Free(_) => Ok(None),
        Val::Bad => Err(Fail),
    }
}

/// Narrows `t` to `[lo, hi]` (`None` = unbounded on that side; clamped to `i64`).
pub(crate) fn restrict(run: &mut Run, t: &Term, lo: Option<i128>, hi: Option<i128>) -> Step {
    let v = run.read(t);
    let clamp = |b: i128| b.clamp(i64::MIN as i128, i64::MAX as i128) as i64;
    let (lo64, hi64) = (lo.map(clamp), hi.map(clamp));
    if lo.zip(hi).is_some_and(|(l, h)| l > h) {
        return Err(Fail);
    }
    let new = match &v {
        Val::Bad => return Err(Fail),
        Val::Int(a) => {
            let a = *a as i128;
            let ok = lo.is_none_or(|l| a >= l) && hi.is_none_or(|h| a <= h);
            return if ok { Ok(()) } else { Err(Fail) };
        }
        Val::Free(_) => match (lo64, hi64) {
            (Some(l), Some(h)) => Domain::interval(l, h),
            _ => return Ok(()),
        },
        Val::Dom(_, d) => {
            let d = match lo {
                Some(l) if l > d.max() as i128 => None,
                Some(_) => d.keep_ge(lo64.expect("lo")),
                None => Some(d.clone()),
            };
            match (d, hi) {
                (Some(d), Some(h)) if h < d.min() as i128 => None,
                (Some(d), Some(_)) => d.keep_le(hi64.expect("hi")),
                (d, _) => d,
            }
        }
    };
    run.narrow(&v, new)
}

/// `x + y = z`, bounds consistency (core.logic's `+c`).
fn plus(run: &mut Run, x: &Term, y: &Term, z: &Term) -> Step {
    if let (Some(bx), Some(by)) = (bounds(run, x)?, bounds(run, y)?) {
        restrict(run, z, Some(bx.0 + by.0), Some(bx.1 + by.1))?;
    }
    if let (Some(bz), Some(by)) = (bounds(run, z)?, bounds(run, y)?) {
        restrict(run, x, Some(bz.0 - by.1), Some(bz.1 - by.0))?;
    }
    if let (Some(bz), Some(bx)) = (bounds(run, z)?, bounds(run, x)?) {
        restrict(run, y, Some(bz.0 - bx.1), Some(bz.1 - bx.0))?;
    }
    Ok(())
}

/// `x * y = z`, bounds reasoning (core.logic's `*c`, with signs handled).
fn times(run: &mut Run, x: &Term, y: &Term, z: &Term) -> Step {
    if let (Some(bx), Some(by)) = (bounds(run, x)?, bounds(run, y)?) {
        let ps = [bx.0 * by.0, bx.0 * by.1, bx.1 * by.0, bx.1 * by.1];
        restrict(run, z, ps.iter().min().copied(), ps.iter().max().copied())?;
    }
    for (a, other) in [(x, y), (y, x)] {
        if let (Some(bz), Some(bo)) = (bounds(run, z)?, bounds(run, other)?) {
            if bo.0 > 0 || bo.1 < 0 {
                let qs = [(bz.0, bo.0), (bz.0, bo.1), (bz.1, bo.0), (bz.1, bo.1)];
                let lo = qs.iter().map(|&(n, d)| div_ceil(n, d)).min();
                let hi = qs.iter().map(|&(n, d)| div_floor(n, d)).max();
                restrict(run, a, lo, hi)?;
            }
        }
    }
    Ok(())
}

pub(crate) fn div_floor(n: i128, d: i128) -> i128 {
    let q = n / d;
    if (n % d != 0) && ((n < 0) != (d < 0)) {
        q - 1
    } else {
        q
    }
}

pub(crate) fn div_ceil(n: i128, d: i128) -> i128 {
    let q = n / d;
    if (n % d != 0) && ((n < 0) == (d < 0)) {
        q + 1
    } else {
        q
    }
}

/// Pairwise distinct, by forward checking. Woken by the binding of `trigger` (to `a`): `a`
/// leaves every other domain, and another member already equal to `a` fails. Without a
/// trigger (when posted) every bound value is checked and removed. Time: O(n) per binding.
fn distinct(run: &mut Run, xs: &[Term], trigger: Option<Var>) -> Step {
    let values: Vec<i64> = match trigger {
        Some(x) => match run.read(&Term::Var(x)) {
            Val::Int(a) => vec![a],
            Val::Bad => return Err(Fail),
            _ => return Ok(()),
        },
        None => {
            let mut vs: Vec<i64> = Vec::new();
            for t in xs {
                match run.read(t) {
                    Val::Int(a) => vs.push(a),
                    Val::Bad => return Err(Fail),
                    _ => {}
                }
            }
            let mut sorted = vs.clone();
            sorted.sort_unstable();
            if sorted.windows(2).any(|w| w[0] == w[1]) {
                return Err(Fail);
            }
            vs
        }
    };
    for a in values {
        let mut seen = 0;
        for t in xs {
            match run.read(t) {
                Val::Int(b) if b == a => {
                    seen += 1;
                    if seen > 1 {
                        return Err(Fail);
                    }
                }
                Val::Dom(y, _) => run.forbid(y, a)?,
                Val::Bad => return Err(Fail),
                _ => {}
            }
        }
    }
    Ok(())
}

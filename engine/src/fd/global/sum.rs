//! `sum` and `scalar_product`: a linear relation `Σ c_i·x_i rel z`, with bounds consistency.
//!
//! The relation is kept as `Σ c_i·x_i + k ≤ 0` (or `== 0`, `!= 0`): `z` becomes one more
//! term with coefficient -1, `>` and `>=` negate every coefficient, `<` adds 1 to `k`. With
//! `lo_i`, `hi_i` the bounds of `c_i·x_i` and `L = Σ lo_i + k`, `H = Σ hi_i + k`:
//!
//! ```text
//! ≤ 0:   c_i·x_i ≤ -(L - lo_i)                      for each i
//! == 0:  -(H - hi_i) ≤ c_i·x_i ≤ -(L - lo_i)        for each i
//! != 0:  all but one bound: that one loses the value making the sum 0
//! ```
//!
//! Dividing by `c_i` rounds inwards. The store wakes it on every narrowing and runs it again
//! after its own narrowings, so the rule is applied to a fixpoint. Time: O(n) per run.
//! Terms without a domain have no bounds: while one is left the bounds it would
//! narrow are unknown, and it waits (as core.logic's `+c`).

use super::named;
use crate::fd::props::{div_ceil, div_floor, restrict};
use crate::fd::{FdTerms, Rel, Step};
use crate::kernel::goal::Goal;
use crate::kernel::store::{Constraint, Fail, Run, Status, Val};
use crate::kernel::term::{Term, Var};
use std::sync::Arc;

/// The propagator: `Σ cs[i]·xs[i] + k  (le ? ≤ : op) 0`.
struct Linear {
    cs: Vec<i128>,
    xs: Vec<Term>,
    k: i128,
    op: Op,
    /// How it prints: the arguments as given (`None`: it does not print).
    shown: Option<Shown>,
}

/// `scalar_product`'s arguments as given: coefficients, terms, relation, right-hand side.
pub(crate) type Shown = (Vec<i64>, Arc<[Term]>, Rel, Term);

#[derive(Clone, Copy, PartialEq, Eq)]
enum Op {
    Le,
    Eq,
    Ne,
}

impl Linear {
    fn narrow(&self, run: &mut Run) -> Step {
        // Bounds of each c_i·x_i; None for a term without a domain.
        let mut bounds: Vec<Option<(i128, i128)>> = Vec::with_capacity(self.xs.len());
        for (c, x) in self.cs.iter().zip(&self.xs) {
            let v = run.read(x);
            if matches!(v, Val::Bad) {
                return Err(Fail);
            }
            bounds.push(v.bounds().map(|(l, h)| {
                let (a, b) = (c * l as i128, c * h as i128);
                (a.min(b), a.max(b))
            }));
        }
        let unknown = bounds.iter().filter(|b| b.is_none()).count();
        let lo: i128 = bounds.iter().flatten().map(|b| b.0).sum::<i128>() + self.k;
        let hi: i128 = bounds.iter().flatten().map(|b| b.1).sum::<i128>() + self.k;
        if self.op == Op::Ne {
            return self.not_equal(run, &bounds, lo);
        }
        if unknown == 0 && lo > 0 || self.op == Op::Eq && unknown == 0 && hi < 0 {
            return Err(Fail);
        }
        for (i, b) in bounds.iter().enumerate() {
            // The others' bounds, if all known.
            let (olo, ohi) = match (b, unknown) {
                (Some(b), 0) => (lo - b.0, hi - b.1),
                (None, 1) => (lo, hi),
                _ => continue,
            };
            let upper = -olo; // c_i·x_i ≤ upper
            let lower = (self.op == Op::Eq).then_some(-ohi); // c_i·x_i ≥ lower
            let c = self.cs[i];
            let (l, h) = if c > 0 {
                (lower.map(|l| div_ceil(l, c)), Some(div_floor(upper, c)))
            } else {
                (Some(div_ceil(upper, c)), lower.map(|l| div_floor(l, c)))
            };
            restrict(run, &self.xs[i], l, h)?;
        }
        Ok(())
    }

    /// `!=`: once every term but one is bound, that one loses the value that makes it 0.
    fn not_equal(&self, run: &mut Run, bounds: &[Option<(i128, i128)>], lo: i128) -> Step {
        let open: Vec<usize> = (0..bounds.len())
            .filter(|&i| bounds[i].is_none_or(|b| b.0 != b.1))
            .collect();
        match open[..] {
            [] if lo == 0 => Err(Fail),
            [i] => {
                let Some(b) = bounds[i] else {
                    // Unknown bounds: the rest of the sum is `lo` (all others bound).
                    return self.forbid(run, i, -lo);
                };
                self.forbid(run, i, -(lo - b.0))
            }
            _ => Ok(()),
        }
    }

    /// `c_i·x_i != t`.
    fn forbid(&self, run: &mut Run, i: usize, t: i128) -> Step {
        let c = self.cs[i];
        if t % c != 0 {
            return Ok(());
        }
        let Ok(v) = i64::try_from(t / c) else {
            return Ok(());
        };
        match run.read(&self.xs[i]) {
            Val::Dom(y, _) => run.forbid(y, v),
            _ => Ok(()),
        }
    }
}

impl Constraint for Linear {
    fn needs_domains(&self) -> bool {
        true
    }

    fn watched(&self) -> Vec<Var> {
        self.xs.iter().filter_map(Term::as_var).collect()
    }

    /// Every kind wakes on narrowing: `!=` so that a term that had no domain when the last
    /// other one was bound loses its value once it has one.
    fn wakes_on_narrowing(&self) -> bool {
        true
    }

    fn propagate(&self, run: &mut Run, _: Option<Var>) -> Result<Status, Fail> {
        super::settled(run, &self.xs, |run| self.narrow(run))
    }

    /// `(scalar-product (c ..) (x ..) rel z)`, `rel` one of `== != < <= > >=`; without the
    /// arguments as given, its normal form `Σ c·x + k rel 0` as `fd/eq` writes it,
    /// `(fd/eq (<= (+ (* c x) ..) -k))`, or `(fd/!= x v)` for one term.
    fn reify(&self, name: &dyn Fn(&Term) -> Option<Term>) -> Option<Term> {
        let Some((cs, xs, rel, z)) = self.shown.as_ref() else {
            return self.reify_normal(name);
        };
        let rel = match rel {
            Rel::Eq => "==",
            Rel::Ne => "!=",
            Rel::Lt => "<",
            Rel::Le => "<=",
            Rel::Gt => ">",
            Rel::Ge => ">=",
        };
        Some(Term::list([
            Term::sym("scalar-product"),
            Term::list(cs.iter().map(|&c| Term::Int(c))),
            named(xs, name)?,
            Term::sym(rel),
            name(z)?,
        ]))
    }
}

impl Linear {
    /// See [`Constraint::reify`] above.
    fn reify_normal(&self, name: &dyn Fn(&Term) -> Option<Term>) -> Option<Term> {
        let rhs = Term::Int(i64::try_from(-self.k).ok()?);
        let xs: Vec<Term> = self.xs.iter().map(name).collect::<Option<_>>()?;
        if let ([1], [x], Op::Ne) = (&self.cs[..], &xs[..], self.op) {
            return Some(Term::list([Term::sym("fd/!="), x.clone(), rhs]));
        }
        let mut ts = Vec::with_capacity(xs.len());
        for (&c, x) in self.cs.iter().zip(xs) {
            ts.push(match c {
                1 => x,
                c => Term::list([Term::sym("*"), Term::Int(i64::try_from(c).ok()?), x]),
            });
        }
        let lhs = match ts.len() {
            1 => ts.pop().expect("one term"),
            _ => Term::list(std::iter::once(Term::sym("+")).chain(ts)),
        };
        let op = match self.op {
            Op::Le => "<=",
            Op::Eq => "=",
            Op::Ne => "!=",
        };
        let rel = Term::list([Term::sym(op), lhs, rhs]);
        Some(Term::list([Term::sym("fd/eq"), rel]))
    }
}

/// `Σ coeffs[i]·xs[i] rel z` (SWI-Prolog's `scalar_product/4`): a weighted sum, with
/// bounds consistency (each term's bounds narrowed from the others'; `!=` waits until one
/// term is left). `z` is an integer or an FD variable. A zero coefficient leaves its term
/// out.
///
/// ```
/// use kanren::{fd, fd::Rel, list, run_all, Var};
/// // 3x + 5y == 22 with x, y in 0..9.
/// let (x, y) = (Var::fresh(), Var::fresh());
/// let a: Vec<String> = run_all(move |q| kanren::conj([
///     fd::in_([x, y], fd::interval(0, 9)),
///     fd::scalar_product([3, 5], [x, y], Rel::Eq, 22),
///     kanren::eq(q, list![x, y]),
/// ])).map(|a| a.to_string()).collect();
/// assert_eq!(a, ["(4 2)"]);
/// ```
///
/// # Panics
///
/// If `coeffs` has not one entry per member of `xs`.
pub fn scalar_product(
    coeffs: impl IntoIterator<Item = i64>,
    xs: impl FdTerms,
    rel: Rel,
    z: impl Into<Term>,
) -> Goal {
    let cs: Vec<i64> = coeffs.into_iter().collect();
    let xs: Arc<[Term]> = xs.into_terms().into();
    assert_eq!(
        cs.len(),
        xs.len(),
        "scalar_product: {} coefficients but {} terms",
        cs.len(),
        xs.len()
    );
    let z = z.into();
    let mut terms: Vec<(i128, Term)> = cs
        .iter()
        .zip(xs.iter())
        .filter(|(&c, _)| c != 0)
        .map(|(&c, x)| (c as i128, x.clone()))
        .collect();
    terms.push((-1, z.clone()));
    let c = linear(terms, 0, rel, Some((cs, xs, rel, z)));
    crate::fd::post_goal(move |run| {
        run.post_arc(c.clone());
        Ok(())
    })
}

/// The propagator of `Σ c·x + k  rel  0` over `terms` (pairs `(c, x)`), printed as `shown`
/// says (`None`: it never prints). Shared by [`scalar_product`] and by `fd_eq!`'s linear
/// sums (engine/src/fd/expr.rs).
pub(crate) fn linear(
    terms: Vec<(i128, Term)>,
    k: i128,
    rel: Rel,
    shown: Option<Shown>,
) -> Arc<dyn Constraint> {
    // `>` and `>=` negate both sides; `<` is `<= -1`.
    let (sign, k, op) = match rel {
        Rel::Eq => (1, k, Op::Eq),
        Rel::Ne => (1, k, Op::Ne),
        Rel::Le => (1, k, Op::Le),
        Rel::Lt => (1, k + 1, Op::Le),
        Rel::Ge => (-1, -k, Op::Le),
        Rel::Gt => (-1, 1 - k, Op::Le),
    };
    Arc::new(Linear {
        cs: terms.iter().map(|t| sign * t.0).collect(),
        xs: terms.into_iter().map(|t| t.1).collect(),
        k,
        op,
        shown,
    })
}

/// `Σ xs[i] rel z` (SWI-Prolog's `sum/3`): [`scalar_product`] with every coefficient 1.
///
/// ```
/// use kanren::{fd, fd::Rel, run_all, Var};
/// let (x, y) = (Var::fresh(), Var::fresh());
/// // x + y + q <= 1 over 0..1: q is 1 only when x and y are 0.
/// let n = run_all(move |q| kanren::conj([
///     fd::in_([x, y, q], fd::interval(0, 1)),
///     fd::sum([x, y, q], Rel::Le, 1),
/// ])).count();
/// assert_eq!(n, 2); // q = 0 (x, y labeled once at reification) and q = 1
/// ```
pub fn sum(xs: impl FdTerms, rel: Rel, z: impl Into<Term>) -> Goal {
    let xs = xs.into_terms();
    scalar_product(vec![1; xs.len()], xs, rel, z)
}

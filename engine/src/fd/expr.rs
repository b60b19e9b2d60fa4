//! FD arithmetic expressions and the `fd_eq!` macro (core.logic's `fd/eq`).
//!
//! `fd_eq!(cj != ci + d)` builds an [`Expr`] for each side of the relation and calls
//! [`constrain`], which compiles it to propagators. The shapes with a direct propagator
//! need no intermediate variable:
//!
//! ```text
//! t1 + c1  !=  t2 + c2      one inline disequality  t1 != t2 + (c2 - c1)
//! t1 + c1  ==  t2 + c2      plus(t2, c2 - c1, t1)
//! t1 + c1  <=  t2 + c2      lte with offset         (also <, >=, >)
//! a op b   ==  t            op(a, b, t) directly    (op one of + - * /)
//! ```
//!
//! A linear relation beyond those, `Σ c_i·t_i + k rel 0` with more than two operands or a
//! coefficient other than ±1 (sums, differences and products by constants multiplied out,
//! a repeated variable's coefficients added up), is one linear propagator with bounds
//! consistency (the one of [`scalar_product`](crate::fd::scalar_product)). What is not
//! linear (a product of two variables, a division) gets an intermediate variable `w` and its
//! propagator (`x * y` becomes `w` with `times(x, y, w)`) and enters the sum as `w`.
//!
//! DIVERGENCE: core.logic's `eq*` gives every compound subterm an intermediate variable
//! (`(+ a b c)` is `a + b = w1`, `w1 + c = w2`), so a long equation becomes a chain of binary
//! propagators over intermediates of wide ranges, each narrowed from the bounds of the
//! last: cryptarithfd-2's DONALD + GERALD = ROBERT took 444 ms that way, 1 ms as one linear
//! propagator (same answer; docs/performance.md). The constraint is the same and its
//! propagation at least as strong (the sum's bounds are those of every chain at once), so
//! only the search's length, and with first-fail labeling which variable it picks, can
//! differ. Likewise the direct disequality removes `cj - d` from `ci` when `cj` is bound,
//! where core.logic's intermediate for `(+ ci d)` only narrows its bounds.

use super::props::Prop;
use super::Step;
use crate::kernel::goal::Goal;
use crate::kernel::store::Run;
use crate::kernel::term::{Term, Var};
use std::ops;

/// An FD arithmetic expression over terms: what each side of [`fd_eq!`](crate::fd_eq) is.
///
/// ```
/// use kanren::fd::Expr;
/// let e = Expr::leaf(kanren::Var::fresh()) + Expr::leaf(3) * Expr::leaf(2);
/// assert!(matches!(e, Expr::Add(..)));
/// ```
#[derive(Clone, Debug)]
pub enum Expr {
    /// A variable or an integer.
    Leaf(Term),
    /// `a + b`.
    Add(Box<Expr>, Box<Expr>),
    /// `a - b`.
    Sub(Box<Expr>, Box<Expr>),
    /// `a * b`.
    Mul(Box<Expr>, Box<Expr>),
    /// `a / b`, exact division (core.logic's `quot`).
    Div(Box<Expr>, Box<Expr>),
}

impl Expr {
    /// A variable or integer as an expression.
    ///
    /// ```
    /// assert!(matches!(kanren::fd::Expr::leaf(4), kanren::fd::Expr::Leaf(_)));
    /// ```
    pub fn leaf(t: impl Into<Term>) -> Expr {
        Expr::Leaf(t.into())
    }

    /// `Some((t, c))` when the expression is `t + c` (`t` absent for a constant).
    fn offset(&self) -> Option<(Option<Term>, i64)> {
        match self {
            Expr::Leaf(Term::Int(c)) => Some((None, *c)),
            Expr::Leaf(t) => Some((Some(t.clone()), 0)),
            Expr::Add(a, b) => match (a.offset()?, b.offset()?) {
                ((t, c1), (None, c2)) | ((None, c1), (t, c2)) => Some((t, c1.checked_add(c2)?)),
                _ => None,
            },
            Expr::Sub(a, b) => match (a.offset()?, b.offset()?) {
                ((t, c1), (None, c2)) => Some((t, c1.checked_sub(c2)?)),
                _ => None,
            },
            _ => None,
        }
    }
}

macro_rules! binop {
    ($tr:ident, $f:ident, $v:ident) => {
        impl ops::$tr for Expr {
            type Output = Expr;
            fn $f(self, rhs: Expr) -> Expr {
                Expr::$v(Box::new(self), Box::new(rhs))
            }
        }
    };
}
binop!(Add, add, Add);
binop!(Sub, sub, Sub);
binop!(Mul, mul, Mul);
binop!(Div, div, Div);

impl ops::Neg for Expr {
    type Output = Expr;
    fn neg(self) -> Expr {
        Expr::leaf(0) - self
    }
}

/// The relation between the two sides of an FD expression.
///
/// ```
/// assert_ne!(kanren::fd::Rel::Lt, kanren::fd::Rel::Le);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rel {
    /// `==`
    Eq,
    /// `!=`
    Ne,
    /// `<`
    Lt,
    /// `<=`
    Le,
    /// `>`
    Gt,
    /// `>=`
    Ge,
}

/// The goal `lhs rel rhs` over FD expressions: what [`fd_eq!`](crate::fd_eq) expands to.
///
/// ```
/// use kanren::fd::{self, constrain, Expr, Rel};
/// use kanren::run_all;
/// let a: Vec<String> = run_all(|q| kanren::conj([
///     fd::dom(q, fd::interval(0, 9)),
///     constrain(Rel::Eq, Expr::leaf(q) * Expr::leaf(q), Expr::leaf(49)),
/// ])).map(|a| a.to_string()).collect();
/// assert_eq!(a, ["7"]);
/// ```
pub fn constrain(rel: Rel, lhs: Expr, rhs: Expr) -> Goal {
    // The direct shapes are compiled now, once, so the goal holds a few words, not the trees.
    match direct(rel, &lhs, &rhs) {
        Some(Direct::Neq(x, y, k)) => super::post_goal(move |run| super::post_neq(run, &x, &y, k)),
        Some(Direct::Prop(p)) => super::prop_goal(p),
        None => super::post_goal(move |run| compile(run, rel, &lhs, &rhs)),
    }
}

/// A relation that needs no intermediate variable.
enum Direct {
    Neq(Term, Term, i64),
    Prop(Prop),
}

/// The direct propagator for `lhs rel rhs` when both sides are `term + constant`.
fn direct(rel: Rel, lhs: &Expr, rhs: &Expr) -> Option<Direct> {
    let ((tl, cl), (tr, cr)) = (lhs.offset()?, rhs.offset()?);
    let term = |t: Option<Term>| t.unwrap_or(Term::Int(0));
    let (tl, tr) = (term(tl), term(tr));
    // tl + cl  rel  tr + cr
    Some(match rel {
        Rel::Ne => Direct::Neq(tl, tr, cr.checked_sub(cl)?),
        Rel::Eq => Direct::Prop(Prop::Plus(tr, Term::Int(cr.checked_sub(cl)?), tl)),
        Rel::Le => Direct::Prop(Prop::Lte(tl, tr, cl.checked_sub(cr)?)),
        Rel::Lt => Direct::Prop(Prop::Lte(tl, tr, cl.checked_sub(cr)?.checked_add(1)?)),
        Rel::Ge => Direct::Prop(Prop::Lte(tr, tl, cr.checked_sub(cl)?)),
        Rel::Gt => Direct::Prop(Prop::Lte(tr, tl, cr.checked_sub(cl)?.checked_add(1)?)),
    })
}

/// Posts `lhs rel rhs`: as one linear propagator when that saves intermediates, else through
/// intermediate variables (core.logic's `eq*`).
fn compile(run: &mut Run, rel: Rel, lhs: &Expr, rhs: &Expr) -> Step {
    if let Some(form) = Form::of(lhs, 1).and_then(|f| f.plus(rhs, -1)) {
        if form.saves_intermediates() {
            return form.post(run, rel);
        }
    }
    if rel == Rel::Eq {
        for (op, other) in [(lhs, rhs), (rhs, lhs)] {
            if !matches!(op, Expr::Leaf(_)) {
                let out = flatten(run, other);
                return flatten_into(run, op, out);
            }
        }
    }
    let (l, r) = (flatten(run, lhs), flatten(run, rhs));
    match rel {
        Rel::Eq => post(run, Prop::Eq(l, r)),
        Rel::Ne => super::post_neq(run, &l, &r, 0),
        Rel::Le => post(run, Prop::Lte(l, r, 0)),
        Rel::Lt => post(run, Prop::Lte(l, r, 1)),
        Rel::Ge => post(run, Prop::Lte(r, l, 0)),
        Rel::Gt => post(run, Prop::Lte(r, l, 1)),
    }
}

fn post(run: &mut Run, p: Prop) -> Step {
    run.post(p);
    Ok(())
}

/// The term standing for `e`, posting a propagator per compound subterm (one linear
/// propagator for a linear sum of more than two operands).
fn flatten(run: &mut Run, e: &Expr) -> Term {
    if let Expr::Leaf(t) = e {
        return t.clone();
    }
    let w = Term::Var(Var::fresh());
    let out = Expr::Leaf(w.clone());
    let linear = match e {
        Expr::Add(a, b) | Expr::Sub(a, b) | Expr::Mul(a, b)
            if !(matches!(**a, Expr::Leaf(_)) && matches!(**b, Expr::Leaf(_))) =>
        {
            Form::of(e, 1)
                .and_then(|f| f.plus(&out, -1))
                .filter(Form::saves_intermediates)
        }
        _ => None,
    };
    match linear {
        Some(form) => form.post(run, Rel::Eq),
        None => flatten_into(run, e, w.clone()),
    }
    .expect("posting never fails");
    w
}

/// Posts `e = out` for a compound `e`.
fn flatten_into(run: &mut Run, e: &Expr, out: Term) -> Step {
    let p = match e {
        Expr::Leaf(t) => Prop::Eq(t.clone(), out),
        Expr::Add(a, b) => Prop::Plus(flatten(run, a), flatten(run, b), out),
        Expr::Sub(a, b) => Prop::Plus(out, flatten(run, b), flatten(run, a)),
        Expr::Mul(a, b) => Prop::Times(flatten(run, a), flatten(run, b), out),
        Expr::Div(a, b) => Prop::Times(flatten(run, b), out, flatten(run, a)),
    };
    post(run, p)
}

/// The value of an expression of integers only (`None` for one with a variable, a
/// division, or an overflow).
fn constant(e: &Expr) -> Option<i128> {
    match e {
        Expr::Leaf(Term::Int(n)) => Some(*n as i128),
        Expr::Add(a, b) => constant(a)?.checked_add(constant(b)?),
        Expr::Sub(a, b) => constant(a)?.checked_sub(constant(b)?),
        Expr::Mul(a, b) => constant(a)?.checked_mul(constant(b)?),
        _ => None,
    }
}

/// An operand of a linear form: a term, or a non-linear subexpression (a product of two
/// non-constants, a division) that gets an intermediate variable when posted.
enum Atom<'a> {
    Term(Term),
    Expr(&'a Expr),
}

/// A linear form `Σ c·a + k` read off an expression: sums, differences and products by a
/// constant are multiplied out; operands in order of first occurrence, a repeated term's
/// coefficients added up (cryptarithfd-2's `d` three times is one term `100002·d`).
struct Form<'a> {
    terms: Vec<(i128, Atom<'a>)>,
    k: i128,
}

impl<'a> Form<'a> {
    /// `c·e` as a form; `None` on overflow.
    fn of(e: &'a Expr, c: i128) -> Option<Form<'a>> {
        Form {
            terms: Vec::new(),
            k: 0,
        }
        .plus(e, c)
    }

    /// This form plus `c·e`.
    fn plus(mut self, e: &'a Expr, c: i128) -> Option<Form<'a>> {
        match e {
            Expr::Leaf(Term::Int(n)) => self.k = self.k.checked_add(c.checked_mul(*n as i128)?)?,
            Expr::Leaf(t) => match self
                .terms
                .iter_mut()
                .find(|(_, a)| matches!(a, Atom::Term(u) if u == t))
            {
                Some((d, _)) => *d = d.checked_add(c)?,
                None => self.terms.push((c, Atom::Term(t.clone()))),
            },
            Expr::Add(a, b) => return self.plus(a, c)?.plus(b, c),
            Expr::Sub(a, b) => return self.plus(a, c)?.plus(b, c.checked_neg()?),
            Expr::Mul(a, b) => match (constant(a), constant(b)) {
                (_, Some(k)) => return self.plus(a, c.checked_mul(k)?),
                (Some(k), None) => return self.plus(b, c.checked_mul(k)?),
                (None, None) => self.terms.push((c, Atom::Expr(e))),
            },
            Expr::Div(..) => self.terms.push((c, Atom::Expr(e))),
        }
        Some(self)
    }

    /// Whether one linear propagator replaces intermediates the binary decomposition would
    /// make: more than two operands, or two with a coefficient other than ±1. (Two operands
    /// with coefficients ±1, `x + k rel y`, `x*y == z*w`, keep their direct propagators.)
    fn saves_intermediates(&self) -> bool {
        let live = self.terms.iter().filter(|(c, _)| *c != 0);
        let (n, unit) = live.fold((0, true), |(n, u), (c, _)| (n + 1, u && c.abs() == 1));
        n > 2 || n == 2 && !unit
    }

    /// Posts `form rel 0` as one linear propagator, flattening the non-linear operands.
    fn post(self, run: &mut Run, rel: Rel) -> Step {
        let terms: Vec<(i128, Term)> = self
            .terms
            .into_iter()
            .filter(|(c, _)| *c != 0)
            .map(|(c, a)| match a {
                Atom::Term(t) => (c, t),
                Atom::Expr(e) => (c, flatten(run, e)),
            })
            .collect();
        run.post_arc(super::global::linear(terms, self.k, rel, None));
        Ok(())
    }
}

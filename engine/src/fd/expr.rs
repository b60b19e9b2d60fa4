//! FD arithmetic expressions and the `fd_eq!` macro (core.logic's `fd/eq`).
//!
//! `fd_eq!(cj != ci + d)` builds an [`Expr`] for each side of the relation and calls
//! [`constrain`], which compiles it to propagators. Compilation, like core.logic's `eq*`,
//! gives every compound subterm a fresh intermediate variable (`a + b` becomes `w` with
//! `plus(a, b, w)`), except for the shapes that have a direct propagator:
//!
//! ```text
//! t1 + c1  !=  t2 + c2      one inline disequality  t1 != t2 + (c2 - c1)   (no intermediate)
//! t1 + c1  ==  t2 + c2      plus(t2, c2 - c1, t1)
//! t1 + c1  <=  t2 + c2      lte with offset         (also <, >=, >)
//! a op b   ==  t            op(a, b, t) directly    (op one of + - * /)
//! ```
//!
//! DIVERGENCE: core.logic always introduces an intermediate for `(+ ci d)`; the direct
//! disequality is the same constraint, propagated at least as strongly (it removes `cj - d`
//! from `ci` when `cj` is bound, where core.logic only narrows the intermediate's bounds).

use super::props::Prop;
use super::Step;
use crate::goal::Goal;
use crate::store::Run;
use crate::term::{Term, Var};
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

/// Posts `lhs rel rhs` through intermediate variables (core.logic's `eq*`).
fn compile(run: &mut Run, rel: Rel, lhs: &Expr, rhs: &Expr) -> Step {
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

/// The term standing for `e`, posting a propagator per compound subterm.
fn flatten(run: &mut Run, e: &Expr) -> Term {
    match e {
        Expr::Leaf(t) => t.clone(),
        _ => {
            let w = Term::Var(Var::fresh());
            flatten_into(run, e, w.clone()).expect("posting never fails");
            w
        }
    }
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

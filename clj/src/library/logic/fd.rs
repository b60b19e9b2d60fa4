//! `clojure.core.logic.fd`: domains (`interval`, `domain`), `in`, `distinct`, the arithmetic
//! and comparison constraints, on kanren's finite-domain store. An argument that is neither an
//! integer nor a logic variable is an error that names the constraint (core.logic throws too).
//! `fd/eq`'s expressions are read here too. The domain values' own functions are in
//! `fd_domains.rs`.

use crate::eval::{eval, Env};
use crate::library::core::{arity, reg, reg_slice};
use crate::library::logic::to_term;
use crate::value::error::{Error, Result};
use crate::value::items::FdDom;
use crate::value::Value;
use kanren::{fd, Goal, Term};
use std::sync::Arc;

/// An FD operand: an integer or a logic variable, as a term.
#[inline]
pub fn fd_arg(v: &Value, who: &str) -> Result<Term> {
    match v {
        Value::Int(i) => Ok(Term::Int(*i)),
        Value::LVar(x) => Ok(Term::Var(*x)),
        other => Err(not_fd(other, who)),
    }
}

/// The error of an operand of `fd/who` that is neither an integer nor a variable.
#[cold]
#[inline(never)]
fn not_fd(other: &Value, who: &str) -> Error {
    Error::msg(format!(
        "fd/{who}: expected an integer or a logic variable, got {}",
        crate::value::printer::describe(other)
    ))
}

/// core.logic's `verify-all-bound`, on a query's final state: a variable that an FD
/// constraint watches, left unbound without a domain, is the error core.logic throws,
/// `Constrained variable <lvar:x> without domain` (a `java.lang.Exception`), naming the
/// first such variable (the first created; core.logic names the first in its store's hash
/// order). core.logic checks after labeling the query's term and before labeling the other
/// variables; labeling gives no such variable a domain, so the final state has the same ones,
/// unless labeling the others fails: then there is no answer, and no error.
pub fn verify_all_bound(s: &kanren::State) -> Option<Error> {
    fd::undomained(s).first().map(|&x| without_domain(x))
}

/// The error of [`verify_all_bound`] for the variable `x`.
pub(crate) fn without_domain(x: kanren::Var) -> Error {
    Error::ex(
        crate::value::error::EXCEPTION,
        format!(
            "Constrained variable {} without domain",
            crate::value::printer::pr_str(&Value::LVar(x))
        ),
    )
}

/// The goal that keeps the domain value `given` of the variables `xs` for `get-dom`, when
/// `given` is a set of values or of intervals and the program uses core.logic's extension
/// layer (`get-dom` can see it): core.logic keeps a domain as it was written; the engine's
/// domain is only its set of values. `None` otherwise: other programs pay nothing (keeping it
/// costs a sudoku of bench.clj 9%).
fn keep_given(xs: &[Term], given: &Value) -> Option<Goal> {
    let kept = crate::library::logic::subst::extension_layer_used()
        && matches!(given, Value::Domain(d) if !matches!(**d, FdDom::Interval(..)));
    if !kept {
        return None;
    }
    let (xs, given) = (xs.to_vec(), given.clone());
    Some(Goal::new(move |s| {
        kanren::Stream::unit(crate::library::logic::subst::keep_given_domain(
            s, &xs, &given,
        ))
    }))
}

/// `g`, then `keep` ([`keep_given`]) if there is one.
fn then_keep(g: Goal, keep: Option<Goal>) -> Goal {
    match keep {
        Some(keep) => kanren::conj([g, keep]),
        None => g,
    }
}

fn int(v: &Value, who: &str) -> Result<i64> {
    match v {
        Value::Int(i) => Ok(*i),
        other => Err(Error::msg(format!(
            "fd/{who}: expected an integer, got {}",
            crate::value::printer::describe(other)
        ))),
    }
}

/// The value of an engine domain, in the shape core.logic gives a domain it computed: `nil`
/// when empty, an integer for one value, an interval for one run, else a multi-interval of
/// the runs.
pub fn domain_value(d: Option<fd::Domain>) -> Value {
    let Some(d) = d else {
        return Value::Nil;
    };
    crate::library::logic::fd_domains::multi_value(d.intervals())
}

/// The engine domain a value stands for: a domain value, an integer (one value), or `nil`
/// (empty).
pub fn domain_arg(v: &Value, who: &str) -> Result<Option<fd::Domain>> {
    thread_local! {
        /// The last set or multi-interval read, with its engine domain: a domain value made
        /// once and posted many times (`(def d (fd/domain ...))`, a constant `fd/domain` in
        /// a function's body) is read into the engine's form once. The value is held, so its
        /// address names it.
        static LAST: std::cell::RefCell<Option<(Arc<FdDom>, Option<fd::Domain>)>> =
            const { std::cell::RefCell::new(None) };
    }
    match v {
        Value::Domain(d) => Ok(match &**d {
            FdDom::Interval(lo, hi) => fd::Domain::interval(*lo, *hi),
            dom => {
                let hit = LAST.with(|l| match &*l.borrow() {
                    Some((last, engine)) if Arc::ptr_eq(last, d) => Some(engine.clone()),
                    _ => None,
                });
                if let Some(engine) = hit {
                    return Ok(engine);
                }
                let engine = match dom {
                    // Ascending and distinct: read once into the engine's runs.
                    FdDom::Set(values) => fd::Domain::from_values(values.iter().copied()),
                    FdDom::Multi { pieces, .. } => fd::Domain::union_of(pieces.clone()),
                    FdDom::Interval(..) => unreachable!("an interval is read above"),
                };
                LAST.with(|l| l.replace(Some((d.clone(), engine.clone()))));
                engine
            }
        }),
        Value::Int(i) => Ok(Some(fd::Domain::singleton(*i))),
        Value::Nil => Ok(None),
        other => Err(Error::msg(format!(
            "fd/{who}: expected a domain, got {other}"
        ))),
    }
}

fn goal(g: kanren::Goal) -> Result<Value> {
    Ok(Value::Goal(g))
}

macro_rules! binary {
    ($ns:expr, $name:literal, $f:path) => {
        reg_slice($ns, $name, |a| {
            arity(a, 2, 2, concat!("fd/", $name))?;
            goal($f(fd_arg(&a[0], $name)?, fd_arg(&a[1], $name)?))
        });
    };
}

macro_rules! ternary {
    ($ns:expr, $name:literal, $f:path) => {
        reg_slice($ns, $name, |a| {
            arity(a, 3, 3, concat!("fd/", $name))?;
            goal($f(
                fd_arg(&a[0], $name)?,
                fd_arg(&a[1], $name)?,
                fd_arg(&a[2], $name)?,
            ))
        });
    };
}

/// Registers the functions of `clojure.core.logic.fd`.
pub fn install() {
    let f = "clojure.core.logic.fd";
    reg_slice(f, "interval", |a| {
        arity(a, 1, 2, "fd/interval")?;
        let (lo, hi) = match a.len() {
            1 => (0, int(&a[0], "interval")?),
            _ => (int(&a[0], "interval")?, int(&a[1], "interval")?),
        };
        Ok(crate::library::logic::fd_domains::interval_value(lo, hi))
    });
    // (fd/list-sorted? pred coll): whether `pred` holds of each element and the next.
    reg(f, "list-sorted?", |a| {
        arity(&a, 2, 2, "fd/list-sorted?")?;
        let items = a[1].to_vec()?;
        for w in items.windows(2) {
            if !crate::eval::apply(&a[0], w.to_vec())?.truthy() {
                return Ok(Value::Bool(false));
            }
        }
        Ok(Value::Bool(true))
    });
    reg(f, "domain", |a| {
        let mut vals = Vec::with_capacity(a.len());
        for v in &a {
            vals.push(int(v, "domain")?);
        }
        vals.sort_unstable();
        vals.dedup();
        Ok(crate::library::logic::fd_domains::set_value(vals))
    });
    reg_slice(f, "in", |a| {
        arity(a, 2, usize::MAX, "fd/in")?;
        let (given, a) = (&a[a.len() - 1], &a[..a.len() - 1]);
        let d = domain_arg(given, "in")?;
        let g = match a {
            // One operand (the usual `(fd/in x dom)`): its term handed on as it is.
            [x] => {
                let x = fd_arg(x, "in")?;
                let keep = keep_given(std::slice::from_ref(&x), given);
                then_keep(fd::in_(x, d), keep)
            }
            _ => {
                let mut xs = Vec::with_capacity(a.len());
                for v in a {
                    xs.push(fd_arg(v, "in")?);
                }
                let keep = keep_given(&xs, given);
                then_keep(fd::in_(xs, d), keep)
            }
        };
        // The engine's `fd::in_` starts with the suspension of core.logic's `fd/in`, a
        // `(fresh [] (fd/dom x d) ...)`.
        goal(g)
    });
    reg_slice(f, "dom", |a| {
        arity(a, 2, 2, "fd/dom")?;
        let x = fd_arg(&a[0], "dom")?;
        let keep = keep_given(std::slice::from_ref(&x), &a[1]);
        goal(then_keep(fd::dom(x, domain_arg(&a[1], "dom")?), keep))
    });
    reg(f, "bounded-listo", |a| {
        arity(&a, 2, 2, "fd/bounded-listo")?;
        goal(fd::bounded_listo(to_term(&a[0])?, to_term(&a[1])?))
    });
    reg_slice(f, "distinct", |a| {
        arity(a, 1, 1, "fd/distinct")?;
        if let Value::LVar(v) = &a[0] {
            // (fd/distinct q): the seq q holds by the time the goal runs.
            return goal(fd::distinct(*v));
        }
        // The operands' terms read where the collection holds them, no copy of it made.
        let mut xs = Vec::with_capacity(match &a[0] {
            Value::Vector(v) => v.len(),
            _ => 0,
        });
        a[0].each(|v| {
            xs.push(fd_arg(v, "distinct")?);
            Ok(())
        })?;
        goal(fd::distinct(xs))
    });
    crate::library::logic::fd_domains::install();
    binary!(f, "==", fd::eq);
    binary!(f, "!=", fd::neq);
    binary!(f, "<", fd::lt);
    binary!(f, "<=", fd::lte);
    binary!(f, ">", fd::gt);
    binary!(f, ">=", fd::gte);
    ternary!(f, "+", fd::plus);
    ternary!(f, "-", fd::minus);
    ternary!(f, "*", fd::times);
    ternary!(f, "quot", fd::quot);
}

/// One relation of `(fd/eq (= lhs rhs) ...)`, read once: the relation and its two sides.
/// A leaf `L` is an operand's form, or what a caller made of it (its compiled code, its
/// place in a planned body).
pub(crate) struct EqRel<L> {
    rel: fd::Rel,
    lhs: EqTree<L>,
    rhs: EqTree<L>,
}

/// A side of an `fd/eq` relation: `+`, `-`, `*`, `quot` or `/` over sides, or an operand.
pub(crate) enum EqTree<L> {
    /// The operator (its first character: `quot` is `/`'s division), its operands.
    Op(u8, Vec<EqTree<L>>),
    Leaf(L),
}

/// Reads the relation `form`, `(op lhs rhs)`, making each operand's form a leaf with `leaf`.
pub(crate) fn read_eq<L>(form: &Value, leaf: &mut impl FnMut(&Value) -> L) -> Result<EqRel<L>> {
    let items = form.to_vec()?;
    let [Value::Symbol(op), l, r] = items.as_slice() else {
        return Err(Error::msg(format!(
            "fd/eq: expected (op lhs rhs), got {form}"
        )));
    };
    let rel = match crate::eval::ns::split(op).map_or(&**op, |(_, n)| n) {
        "=" | "==" => fd::Rel::Eq,
        "!=" => fd::Rel::Ne,
        "<" => fd::Rel::Lt,
        "<=" => fd::Rel::Le,
        ">" => fd::Rel::Gt,
        ">=" => fd::Rel::Ge,
        other => return Err(Error::msg(format!("fd/eq: unsupported relation {other}"))),
    };
    Ok(EqRel {
        rel,
        lhs: read_side(l, leaf)?,
        rhs: read_side(r, leaf)?,
    })
}

/// A side of a relation: a call of an arithmetic operator is an operation, any other form an
/// operand.
fn read_side<L>(f: &Value, leaf: &mut impl FnMut(&Value) -> L) -> Result<EqTree<L>> {
    if let Value::List(c) = f {
        if let Value::Symbol(op) = &c.0 {
            let op = crate::eval::ns::split(op).map_or(&**op, |(_, n)| n);
            if matches!(op, "+" | "-" | "*" | "quot" | "/") {
                let args = c.1.to_vec()?;
                if args.is_empty() {
                    return Err(Error::msg(format!("fd/eq: ({op}) needs arguments")));
                }
                let code = if op == "quot" { b'/' } else { op.as_bytes()[0] };
                let sides = args
                    .iter()
                    .map(|x| read_side(x, leaf))
                    .collect::<Result<_>>()?;
                return Ok(EqTree::Op(code, sides));
            }
        }
    }
    Ok(EqTree::Leaf(leaf(f)))
}

impl<L> EqRel<L> {
    /// The relation's constraint, each operand's term given by `term` (left to right).
    pub(crate) fn goal<E>(
        &self,
        term: &mut impl FnMut(&L) -> std::result::Result<Term, E>,
    ) -> std::result::Result<Goal, E> {
        let lhs = self.lhs.expr(term)?;
        let rhs = self.rhs.expr(term)?;
        Ok(fd::constrain(self.rel, lhs, rhs))
    }

    /// The same relation with each operand mapped by `f`, or `None` when `f` gives none.
    pub(crate) fn map<M>(&self, f: &mut impl FnMut(&L) -> Option<M>) -> Option<EqRel<M>> {
        Some(EqRel {
            rel: self.rel,
            lhs: self.lhs.map(f)?,
            rhs: self.rhs.map(f)?,
        })
    }
}

impl<L> EqTree<L> {
    fn expr<E>(
        &self,
        term: &mut impl FnMut(&L) -> std::result::Result<Term, E>,
    ) -> std::result::Result<fd::Expr, E> {
        match self {
            EqTree::Leaf(l) => Ok(fd::Expr::leaf(term(l)?)),
            EqTree::Op(op, sides) => {
                let mut acc = sides[0].expr(term)?;
                for side in &sides[1..] {
                    let e = side.expr(term)?;
                    acc = match op {
                        b'+' => acc + e,
                        b'-' => acc - e,
                        b'*' => acc * e,
                        _ => acc / e,
                    };
                }
                if sides.len() == 1 && *op == b'-' {
                    acc = -acc;
                }
                Ok(acc)
            }
        }
    }

    fn map<M>(&self, f: &mut impl FnMut(&L) -> Option<M>) -> Option<EqTree<M>> {
        Some(match self {
            EqTree::Leaf(l) => EqTree::Leaf(f(l)?),
            EqTree::Op(op, sides) => {
                EqTree::Op(*op, sides.iter().map(|s| s.map(f)).collect::<Option<_>>()?)
            }
        })
    }
}

/// [`fd_arg`] of a term: an integer or a logic variable, else the error that names
/// `fd/{who}`.
#[inline]
pub(crate) fn fd_operand(t: Term, who: &str) -> Result<Term> {
    match t {
        Term::Int(_) | Term::Var(_) => Ok(t),
        other => fd_arg(&crate::value::convert::from_term(&other), who),
    }
}

/// One relation of `(fd/eq (= lhs rhs) ...)`: each side an arithmetic expression of FD
/// operands, evaluated in `env`, posted as the engine's FD constraint.
pub fn fd_eq(form: &Value, env: &Env) -> Result<Goal> {
    read_eq(form, &mut |f: &Value| f.clone())?.goal(&mut |f| fd_arg(&eval(f, env)?, "eq"))
}

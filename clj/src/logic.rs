//! core.logic on kanren: Clojure values to engine terms and back, the lazy seq of a query's
//! answers, and the functions of `clojure.core.logic` (`==`, `!=`, `lvar`, `lcons`, the list
//! relations, `everyg`, `and*`, ...).
//!
//! Conversion (values to terms): integers, booleans and strings map to themselves; `()` is
//! `Term::Nil` and lists, lazy seqs and `lcons` cells are pairs; vectors are vectors; keywords
//! are symbols with their `:`; maps are map terms (unified key by key); `nil`, doubles, ratios
//! and characters are symbols that only the conversion back produces (`nil`, or marked with
//! `\u{1}`); sets, functions and goals are entries of a registry, so they unify only with
//! values equal to themselves. Reified variables (`_0`)
//! come back as the symbols core.logic gives.

use crate::core::{arity, reg};
use crate::error::{Error, Result};
use crate::value::Value;
use kanren::{Goal, Term, Var};
use std::cell::RefCell;
use std::sync::{Arc, Mutex};

thread_local! {
    static PENDING: RefCell<Option<Error>> = const { RefCell::new(None) };
    static OPAQUE: RefCell<Vec<Value>> = const { RefCell::new(Vec::new()) };
}

const MARK: char = '\u{1}';

/// The longest seq that becomes a term: core.logic walks lazy seqs as it unifies, the engine's
/// terms are built whole, so an infinite seq is an error, not a hang.
pub const MAX_SEQ: usize = 1 << 22;

/// Records an error raised while a goal was being built inside a running query: the goal
/// fails, and the query reports the error when its next answer is pulled.
pub fn fail_with(e: Error) -> Goal {
    PENDING.with(|p| {
        let mut p = p.borrow_mut();
        if p.is_none() {
            *p = Some(e);
        }
    });
    kanren::fail()
}

/// Builds a goal inside a running query; an error (or Ctrl-C) makes it fail and is reported
/// by the query.
pub fn guard(f: impl FnOnce() -> Result<Goal>) -> Goal {
    if PENDING.with(|p| p.borrow().is_some()) {
        return kanren::fail();
    }
    match crate::eval::check_interrupt().and_then(|_| f()) {
        Ok(g) => g,
        Err(e) => fail_with(e),
    }
}

fn take_pending() -> Option<Error> {
    PENDING.with(|p| p.borrow_mut().take())
}

fn opaque(v: &Value) -> Term {
    let i = OPAQUE.with(|o| {
        let mut o = o.borrow_mut();
        match o.iter().position(|x| crate::core::equal(x, v)) {
            Some(i) => i,
            None => {
                o.push(v.clone());
                o.len() - 1
            }
        }
    });
    Term::sym(&format!("{MARK}o{i}"))
}

/// The engine term for a value.
///
/// ```
/// use kanren_clj::{logic::{from_term, to_term}, reader::read_all};
/// let v = &read_all("(1 [:a \"s\"] nil 1.5 \\c)").unwrap()[0];
/// let t = to_term(v).unwrap();
/// assert_eq!(from_term(&t).to_string(), "(1 [:a \"s\"] nil 1.5 \\c)");
/// ```
pub fn to_term(v: &Value) -> Result<Term> {
    stacker::maybe_grow(32 * 1024, 1024 * 1024, || to_term_inner(v))
}

fn to_term_inner(v: &Value) -> Result<Term> {
    Ok(match v {
        Value::LVar(x) => Term::Var(*x),
        Value::Int(i) => Term::Int(*i),
        Value::Bool(b) => Term::Bool(*b),
        Value::Str(s) => Term::Str(s.clone()),
        Value::Nil => Term::sym("nil"),
        Value::Keyword(k) => Term::sym(&format!(":{k}")),
        Value::Symbol(s) => Term::Sym(s.clone()),
        Value::Float(f) => Term::sym(&format!("{MARK}f{}", crate::printer::float_str(*f))),
        Value::Ratio(n, d) => Term::sym(&format!("{MARK}r{n}/{d}")),
        Value::Char(c) => Term::sym(&format!("{MARK}c{c}")),
        Value::EmptyList => Term::Nil,
        Value::PartialMap(m) => Term::partial_map(
            m.iter()
                .map(|(k, v)| Ok((to_term(k)?, to_term(v)?)))
                .collect::<Result<Vec<_>>>()?,
        ),
        Value::Map(m) => Term::map(
            m.iter()
                .map(|(k, v)| Ok((to_term(k)?, to_term(v)?)))
                .collect::<Result<Vec<_>>>()?,
        ),
        Value::Vector(items) => Term::Vector(
            items
                .iter()
                .map(to_term)
                .collect::<Result<Vec<_>>>()?
                .into(),
        ),
        Value::List(_) | Value::VecSeq(..) | Value::Lazy(_) => {
            let mut heads = Vec::new();
            let mut cur = v.force()?;
            loop {
                match cur {
                    Value::List(c) => {
                        heads.push(to_term(&c.0)?);
                        cur = c.1.force()?;
                    }
                    Value::VecSeq(..) => {
                        let Some((h, t)) = cur.uncons()? else { break };
                        heads.push(to_term(&h)?);
                        cur = t.force()?;
                    }
                    _ => break,
                }
                if heads.len() % 4096 == 0 {
                    crate::eval::check_interrupt()?;
                    if heads.len() >= MAX_SEQ {
                        return Err(Error::msg(format!(
                            "a sequence of more than {MAX_SEQ} elements can't become a logic term (an infinite seq such as (range)?)"
                        )));
                    }
                }
            }
            let tail = match cur {
                Value::Nil | Value::EmptyList => Term::Nil,
                other => to_term(&other)?,
            };
            Term::list_with_tail(heads, tail)
        }
        other => opaque(other),
    })
}

/// The value for an engine term (reified variables become the symbols `_0`, `_1`, ...).
pub fn from_term(t: &Term) -> Value {
    stacker::maybe_grow(32 * 1024, 1024 * 1024, || from_term_inner(t))
}

fn from_term_inner(t: &Term) -> Value {
    match t {
        Term::Var(x) => match x.reified_index() {
            Some(k) => Value::Symbol(format!("_{k}").into()),
            None => Value::LVar(*x),
        },
        Term::Int(i) => Value::Int(*i),
        Term::Bool(b) => Value::Bool(*b),
        Term::Nil => Value::EmptyList,
        Term::Str(s) => Value::Str(s.clone()),
        Term::Sym(s) => sym_value(s),
        Term::Vector(items) => Value::vector(items.iter().map(from_term).collect()),
        Term::Map(entries) => Value::Map(Arc::new(
            entries
                .iter()
                .map(|(k, v)| (from_term(k), from_term(v)))
                .collect(),
        )),
        Term::PartialMap(entries) => Value::PartialMap(Arc::new(
            entries
                .iter()
                .map(|(k, v)| (from_term(k), from_term(v)))
                .collect(),
        )),
        Term::Pair(_) => {
            let mut heads = Vec::new();
            let mut cur = t;
            while let Term::Pair(p) = cur {
                heads.push(from_term(&p.0));
                cur = &p.1;
            }
            let tail = match cur {
                Term::Nil => Value::EmptyList,
                other => from_term(other),
            };
            Value::list_with_tail(heads, tail)
        }
    }
}

fn sym_value(s: &Arc<str>) -> Value {
    if let Some(k) = s.strip_prefix(':') {
        return Value::kw(k);
    }
    if &**s == "nil" {
        return Value::Nil;
    }
    if let Some(rest) = s.strip_prefix(MARK) {
        let body = &rest[1..];
        match rest.as_bytes().first() {
            Some(b'f') => return body.parse().map(Value::Float).unwrap_or(Value::Nil),
            Some(b'r') => {
                if let Some((n, d)) = body.split_once('/') {
                    if let (Ok(n), Ok(d)) = (n.parse(), d.parse()) {
                        return Value::Ratio(n, d);
                    }
                }
            }
            Some(b'c') => return body.chars().next().map_or(Value::Nil, Value::Char),
            Some(b'o') => {
                if let Ok(i) = body.parse::<usize>() {
                    if let Some(v) = OPAQUE.with(|o| o.borrow().get(i).cloned()) {
                        return v;
                    }
                }
            }
            _ => {}
        }
    }
    Value::Symbol(s.clone())
}

/// A goal argument: a goal value (or an error naming what was given).
pub fn goal_of(v: &Value, who: &str) -> Result<Goal> {
    match v {
        Value::Goal(g) => Ok(g.clone()),
        Value::Fn(_) | Value::Native(_) => Err(Error::msg(format!(
            "{who}: expected a goal, got a function (was a relation called without its arguments?)"
        ))),
        other => Err(Error::msg(format!(
            "{who}: expected a goal, got {} {other}",
            other.type_name()
        ))),
    }
}

/// The lazy seq of a query's answers: each pulled only when the seq is walked that far.
pub fn answers_seq(answers: Arc<Mutex<kanren::Answers>>) -> Value {
    Value::lazy(move || {
        crate::eval::check_interrupt()?;
        let next = answers.lock().unwrap_or_else(|e| e.into_inner()).next();
        if let Some(e) = take_pending() {
            return Err(e);
        }
        crate::eval::check_interrupt()?;
        match next {
            Some(a) => Ok(Value::List(Arc::new(crate::value::Cons(
                from_term(&a.into_term()),
                answers_seq(answers),
            )))),
            None => Ok(Value::EmptyList),
        }
    })
}

fn t(v: &Value) -> Result<Term> {
    to_term(v)
}

fn goal(g: Goal) -> Result<Value> {
    Ok(Value::Goal(g))
}

/// The goal `g` applied to each element of a seq, in sequence.
fn everyg(g: Value, coll: Value) -> Result<Goal> {
    if let Value::LVar(v) = coll {
        // As core.logic's everyg, which walks its collection: the seq the variable holds.
        return Ok(kanren::everyg_term(
            move |x| guard(|| goal_of(&crate::eval::apply(&g, vec![from_term(&x)])?, "everyg")),
            v,
        ));
    }
    let mut goals = Vec::new();
    for x in coll.to_vec()? {
        goals.push(goal_of(&crate::eval::apply(&g, vec![x])?, "everyg")?);
    }
    Ok(kanren::conj(goals))
}

/// Registers the functions of `clojure.core.logic`.
pub fn install() {
    let l = "clojure.core.logic";
    crate::ns::define(l, "succeed", Value::Goal(kanren::succeed()));
    crate::ns::define(l, "s#", Value::Goal(kanren::succeed()));
    crate::ns::define(l, "fail", Value::Goal(kanren::fail()));
    crate::ns::define(l, "u#", Value::Goal(kanren::fail()));
    reg(l, "==", |a| {
        arity(&a, 2, 2, "==")?;
        goal(kanren::eq(t(&a[0])?, t(&a[1])?))
    });
    reg(l, "!=", |a| {
        arity(&a, 2, 2, "!=")?;
        goal(kanren::neq(t(&a[0])?, t(&a[1])?))
    });
    reg(l, "lvar", |a| {
        arity(&a, 0, 2, "lvar")?;
        Ok(Value::LVar(Var::fresh()))
    });
    reg(l, "lvar?", |a| {
        arity(&a, 1, 1, "lvar?")?;
        Ok(Value::Bool(matches!(a[0], Value::LVar(_))))
    });
    reg(l, "lcons", |a| {
        arity(&a, 2, 2, "lcons")?;
        let tail = match &a[1] {
            Value::Nil => Value::EmptyList,
            v => v.clone(),
        };
        Ok(Value::List(Arc::new(crate::value::Cons(
            a[0].clone(),
            tail,
        ))))
    });
    reg(l, "llist", |mut a| {
        arity(&a, 2, usize::MAX, "llist")?;
        let tail = a.pop().unwrap_or(Value::Nil);
        Ok(Value::list_with_tail(a, tail))
    });
    reg(l, "conso", |a| {
        arity(&a, 3, 3, "conso")?;
        // As core.logic's lcons: a nil tail ends the list.
        let d = match &a[1] {
            Value::Nil => Term::Nil,
            d => t(d)?,
        };
        goal(kanren::conso(t(&a[0])?, d, t(&a[2])?))
    });
    reg(l, "firsto", |a| {
        arity(&a, 2, 2, "firsto")?;
        goal(kanren::firsto(t(&a[0])?, t(&a[1])?))
    });
    reg(l, "resto", |a| {
        arity(&a, 2, 2, "resto")?;
        goal(kanren::resto(t(&a[0])?, t(&a[1])?))
    });
    reg(l, "emptyo", |a| {
        arity(&a, 1, 1, "emptyo")?;
        goal(kanren::emptyo(t(&a[0])?))
    });
    reg(l, "nilo", |a| {
        arity(&a, 1, 1, "nilo")?;
        goal(kanren::eq(Term::sym("nil"), t(&a[0])?))
    });
    reg(l, "appendo", |a| {
        arity(&a, 3, 3, "appendo")?;
        goal(kanren::appendo(t(&a[0])?, t(&a[1])?, t(&a[2])?))
    });
    reg(l, "membero", |a| {
        arity(&a, 2, 2, "membero")?;
        goal(kanren::membero(t(&a[0])?, t(&a[1])?))
    });
    reg(l, "member1o", |a| {
        arity(&a, 2, 2, "member1o")?;
        goal(kanren::member1o(t(&a[0])?, t(&a[1])?))
    });
    reg(l, "rembero", |a| {
        arity(&a, 3, 3, "rembero")?;
        goal(kanren::rembero(t(&a[0])?, t(&a[1])?, t(&a[2])?))
    });
    reg(l, "permuteo", |a| {
        arity(&a, 2, 2, "permuteo")?;
        goal(kanren::permuteo(t(&a[0])?, t(&a[1])?))
    });
    reg(l, "distincto", |a| {
        arity(&a, 1, 1, "distincto")?;
        goal(kanren::distincto(t(&a[0])?))
    });
    reg(l, "copy-term", |a| {
        arity(&a, 2, 2, "copy-term")?;
        goal(kanren::copy_term(t(&a[0])?, t(&a[1])?))
    });
    reg(l, "everyg", |a| {
        arity(&a, 2, 2, "everyg")?;
        goal(everyg(a[0].clone(), a[1].clone())?)
    });
    reg(l, "and*", |a| {
        arity(&a, 1, 1, "and*")?;
        let gs = a[0]
            .to_vec()?
            .iter()
            .map(|g| goal_of(g, "and*"))
            .collect::<Result<Vec<_>>>()?;
        goal(kanren::and_star(gs))
    });
    reg(l, "or*", |a| {
        arity(&a, 1, 1, "or*")?;
        let gs = a[0]
            .to_vec()?
            .iter()
            .map(|g| goal_of(g, "or*"))
            .collect::<Result<Vec<_>>>()?;
        goal(kanren::or_star(gs))
    });
    reg(l, "onceo", |a| {
        arity(&a, 1, 1, "onceo")?;
        goal(kanren::onceo(goal_of(&a[0], "onceo")?))
    });
    reg(l, "lvaro", |a| {
        arity(&a, 1, 1, "lvaro")?;
        let x = t(&a[0])?;
        goal(Goal::new(move |s| {
            if matches!(s.walk(&x), Term::Var(_)) {
                kanren::Stream::unit(s)
            } else {
                kanren::Stream::empty()
            }
        }))
    });
    reg(l, "nonlvaro", |a| {
        arity(&a, 1, 1, "nonlvaro")?;
        let x = t(&a[0])?;
        goal(Goal::new(move |s| {
            if matches!(s.walk(&x), Term::Var(_)) {
                kanren::Stream::empty()
            } else {
                kanren::Stream::unit(s)
            }
        }))
    });
    crate::fd::install();
    crate::logic_constraints::install();
    crate::logic_arith::install();
}

//! core.logic on kanren: goals built inside a running query (their errors reported by the
//! query), the lazy seq of a query's answers, and the functions of `clojure.core.logic`
//! (`==`, `!=`, `lvar`, `lcons`, the list relations, `everyg`, `and*`, ...). Values become
//! terms and back in `value::convert`. Its forms (`run`, `fresh`, `conde`, `defne`, ...) are in
//! `forms` and `matche` (compiled in `compile` and `compile_matche`), finite domains in `fd`,
//! fact databases and tabling in `pldb`, nominal logic in `nominal`, the other constraints in
//! `constraints`, non-relational arithmetic in `arith`, a `defne` body planned over terms in
//! `plan`, tree mode (the search recorded
//! as a tree of the goals tried, each labelled with its form) in `tree`.
//!
//! May depend on: `value/`, `eval/`'s interface (its compiler's `Code`/`Scope` for the
//! compiled forms), `library::core`'s helpers, the reader. Invariant: a goal's sub-goals are
//! built when the goal runs, in core.logic's order, whether interpreted or compiled.

pub mod arith;
pub mod ckanren;
pub(crate) mod compile;
pub(crate) mod compile_matche;
pub mod constraints;
pub mod custom;
pub mod fd;
pub mod fd_domains;
pub mod forms;
pub mod matche;
pub mod nominal;
pub mod pattern;
pub(crate) mod plan;
pub mod pldb;
pub mod subst;
pub(crate) mod tree;

use crate::library::core::{arity, reg, reg_slice};
use crate::value::error::{Error, Result};
use crate::value::Value;
use kanren::{Goal, Term, Var};
use std::cell::RefCell;

pub use crate::value::convert::{from_search_term, from_term, to_term, MAX_SEQ};

thread_local! {
    static PENDING: RefCell<Option<Error>> = const { RefCell::new(None) };
}

thread_local! {
    /// Whether `fresh` names its variables after its symbols (while `-run` with
    /// `:reify-vars false` computes an answer: each variable then prints as its name).
    static NAME_FRESH: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// A variable for `fresh`'s symbol `name`: named only while [`with_named_fresh`] runs.
pub(crate) fn fresh_var(name: &str) -> Var {
    if NAME_FRESH.with(std::cell::Cell::get) {
        crate::value::convert::named_lvar(name, true)
    } else {
        Var::fresh()
    }
}

/// Runs `f` with `fresh` naming its variables after its symbols.
pub fn with_named_fresh<T>(f: impl FnOnce() -> T) -> T {
    let before = NAME_FRESH.with(|n| n.replace(true));
    let out = f();
    NAME_FRESH.with(|n| n.set(before));
    out
}

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
    guarded(f).unwrap_or_else(|failed| failed)
}

/// What `f` builds inside a running query, as [`guard`] builds a goal: the goal that fails
/// instead, after an error (or Ctrl-C), which the query reports.
pub(crate) fn guarded<T>(f: impl FnOnce() -> Result<T>) -> std::result::Result<T, Goal> {
    if PENDING.with(|p| p.borrow().is_some()) {
        return Err(kanren::fail());
    }
    crate::eval::check_interrupt()
        .and_then(|_| f())
        .map_err(fail_with)
}

/// Runs `f`, a search (a query's next answer, the unifier's check of a constraint), with its
/// own record of errors: gives what it returns and the first error a goal or a constraint's
/// predicate raised in it. An error raised before (by an enclosing search) is kept for that
/// search; none escapes into a later one.
pub(crate) fn isolated<T>(f: impl FnOnce() -> T) -> (T, Option<Error>) {
    let outer = PENDING.with(|p| p.borrow_mut().take());
    let out = f();
    let inner = PENDING.with(|p| std::mem::replace(&mut *p.borrow_mut(), outer));
    (out, inner)
}

/// A goal argument: a goal value, or anything callable as a function of the substitution, as
/// core.logic's goals are (see [`subst`]); an error names anything else.
pub fn goal_of(v: &Value, who: &str) -> Result<Goal> {
    match v {
        Value::Goal(g) => Ok(g.clone()),
        f if subst::callable(f) => Ok(subst::goal_from_fn(f.clone())),
        other => Err(Error::msg(format!(
            "{who}: expected a goal, got {}",
            crate::value::printer::describe(other)
        ))),
    }
}

/// [`goal_of`] for a value no longer needed: a goal is moved, not shared.
pub(crate) fn into_goal(v: Value, who: &str) -> Result<Goal> {
    match v {
        Value::Goal(g) => Ok(g),
        other => goal_of(&other, who),
    }
}

/// The lazy seq of answers of a query (`run`, `run*`, `run-nc`, interpreted or compiled): `n`
/// of them (all for `None`), with the occurs check unless `nc`, of the goal `f` builds from
/// the query variable. The goal is built when the seq is first walked, as the search starts
/// (core.logic builds it as its search starts): what building it does happens then, and an
/// error in it is the seq's error. `run 0` builds nothing. In tree mode the first query
/// made records its search, its root labelled `shown()` (made only then), and each answer
/// labels its leaf.
pub(crate) fn query_answers(
    n: Option<usize>,
    nc: bool,
    shown: impl FnOnce() -> Value + Send + 'static,
    f: impl Fn(Var) -> Result<Goal> + Send + Sync + 'static,
) -> Value {
    let traced = tree::take_query();
    if n == Some(0) {
        return Value::EmptyList;
    }
    Value::lazy(move || {
        crate::eval::check_interrupt()?;
        let (started, failed) = isolated(|| {
            let mut built = Ok(());
            let t = traced.clone();
            let query = |q: Var| match t {
                // The query's node comes first, and what building its goal records is
                // below it: the goal is built inside it, as its search starts.
                Some(t) => tree::query(&t, &shown(), Goal::lazy(move || guard(|| f(q)))),
                None => f(q).unwrap_or_else(|e| {
                    built = Err(e);
                    kanren::fail()
                }),
            };
            // Boxed at once: the search's state is large, and is not moved again.
            let mut answers = Box::new(match (n, nc) {
                (Some(n), false) => kanren::run(n, query),
                (Some(n), true) => kanren::run_nc(n, query),
                (None, false) => kanren::run_all(query),
                (None, true) => kanren::run_nc_all(query),
            });
            built?;
            let custom = custom::answers(&mut answers);
            if let Some(t) = &traced {
                answers = Box::new(t.watch(*answers));
            }
            Ok((answers, custom))
        });
        match (started, failed) {
            (_, Some(e)) | (Err(e), None) => Err(e),
            (Ok((answers, custom)), None) => next_answer(answers, custom, traced, 0),
        }
    })
}

/// The lazy seq of a query's answers: each pulled only when the seq is walked that far.
pub fn answers_seq(answers: kanren::Answers) -> Value {
    answers_seq_from(Box::new(answers), false, None, 0)
}

/// [`answers_seq`] from answer `index` on, `custom` when [`custom::answers`] made the final
/// states' values; with a search tree (tree mode), each answer's leaf is labelled with its
/// printed value. Each step of the seq owns the search and hands it to the next: one step
/// runs at a time, as the seq is walked.
pub(crate) fn answers_seq_from(
    answers: Box<kanren::Answers>,
    custom: bool,
    tree: Option<kanren::search_tree::Tree>,
    index: u32,
) -> Value {
    Value::lazy(move || next_answer(answers, custom, tree, index))
}

/// The seq of a query's answers from answer `index` on, its first answer pulled now.
fn next_answer(
    mut answers: Box<kanren::Answers>,
    custom: bool,
    tree: Option<kanren::search_tree::Tree>,
    index: u32,
) -> Result<Value> {
    crate::eval::check_interrupt()?;
    let (next, failed) = isolated(|| answer_value(&mut answers, custom));
    if let Some(e) = failed {
        return Err(e);
    }
    crate::eval::check_interrupt()?;
    match next {
        Some(v) => {
            if let Some(t) = &tree {
                t.label_answer(index, crate::value::printer::pr_str(&v));
            }
            // A search known to be over ends the seq here: no lazy cell is made to find that
            // out (the answers and their errors are the same).
            let rest = match tree.is_none() && answers.is_done() {
                true => Value::EmptyList,
                false => answers_seq_from(answers, custom, tree, index + 1),
            };
            Ok(Value::cons(v, rest))
        }
        None => Ok(Value::EmptyList),
    }
}

/// The value of a query's next answer: built in the walk that reifies it, unless it has
/// residual constraints or (`custom`) a program's term types are about (see
/// [`custom::answer_term`]). Its final state is checked as core.logic's `verify-all-bound`
/// checks it ([`fd::verify_all_bound`]), by [`custom::answers`]'s function with `custom`,
/// else in the scan of the store that building the value makes: the check's error is the
/// query's.
fn answer_value(answers: &mut kanren::Answers, custom: bool) -> Option<Value> {
    use crate::value::convert::answer_from_term;
    if custom {
        return answers
            .next()
            .map(|a| answer_from_term(&custom::answer_term(a)));
    }
    let (built, open) = answers.next_built_verified(&mut crate::value::convert::ValueBuilder)?;
    if let Some(x) = open {
        let _ = fail_with(fd::without_domain(x));
    }
    Some(match built {
        kanren::Reified::Built(v) => v,
        kanren::Reified::Constrained(a) => answer_from_term(&custom::answer_term(a)),
    })
}

/// Registers the relation `name` of `n` arguments, whose goal `rel` builds from their terms:
/// called with values, or from a planned body with the terms themselves (no value made of a
/// term to be made a term again). With a program's term types in use, its goal is the one
/// their relation of that name builds from the values.
fn relation(
    ns: &str,
    name: &'static str,
    n: usize,
    rel: impl Fn(&[Term]) -> Goal + Send + Sync + Clone + 'static,
) {
    let on_terms = rel.clone();
    crate::library::core::reg_terms(
        ns,
        name,
        move |a: &[Value]| {
            arity(a, n, n, name)?;
            if custom::active() {
                return custom::relation(name, a.to_vec());
            }
            let terms = a
                .iter()
                .map(t)
                .collect::<Result<smallvec::SmallVec<[Term; 3]>>>()?;
            goal(rel(&terms))
        },
        move |terms: Vec<Term>| {
            crate::value::args::arg_count(terms.len(), n, n, name)?;
            goal(on_terms(&terms))
        },
    );
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
            move |x| guard(|| into_goal(crate::eval::apply1(&g, from_term(&x))?, "everyg")),
            v,
        ));
    }
    let items = coll.to_vec()?;
    let mut goals = Vec::with_capacity(items.len());
    for x in items {
        goals.push(into_goal(crate::eval::apply1(&g, x)?, "everyg")?);
    }
    // core.logic's `(all (g x0) (all (g x1) ... s#))`.
    Ok(kanren::everyg(|g| g, goals))
}

/// A tail as core.logic's `lcons` takes it: `nil` ends the list, and a map or a set goes on
/// as its seq (a map's entries, `[k v]` each), as `(cons a (seq d))` does for a collection.
fn lcons_tail(d: &Value) -> Result<Value> {
    Ok(match d {
        Value::Nil => Value::EmptyList,
        Value::Map(_) | Value::Set(_) => match crate::value::coll::seq(d)? {
            Value::Nil => Value::EmptyList,
            items => items,
        },
        d => d.clone(),
    })
}

/// Registers the functions of `clojure.core.logic`.
pub fn install() {
    let l = "clojure.core.logic";
    crate::eval::ns::define(l, "succeed", Value::Goal(kanren::succeed()));
    crate::eval::ns::define(l, "s#", Value::Goal(kanren::succeed()));
    crate::eval::ns::define(l, "fail", Value::Goal(kanren::fail()));
    crate::eval::ns::define(l, "u#", Value::Goal(kanren::fail()));
    reg_slice(l, "==", |a| {
        arity(a, 2, 2, "==")?;
        goal(custom::eq(t(&a[0])?, t(&a[1])?))
    });
    reg_slice(l, "!=", |a| {
        arity(a, 2, 2, "!=")?;
        goal(kanren::neq(t(&a[0])?, t(&a[1])?))
    });
    reg_slice(l, "lvar", |a| {
        arity(a, 0, 2, "lvar")?;
        Ok(Value::LVar(match a.first() {
            None => Var::fresh(),
            Some(name) => {
                let name = match name {
                    Value::Symbol(s) | Value::Str(s) | Value::Keyword(s) => s.to_string(),
                    other => crate::value::printer::pr_str(other),
                };
                crate::value::convert::named_lvar(&name, a.get(1).is_none_or(Value::truthy))
            }
        }))
    });
    reg(l, "lvar?", |a| {
        arity(&a, 1, 1, "lvar?")?;
        Ok(Value::Bool(matches!(a[0], Value::LVar(_))))
    });
    reg(l, "lcons", |a| {
        arity(&a, 2, 2, "lcons")?;
        Ok(Value::cons(a[0].clone(), lcons_tail(&a[1])?))
    });
    reg(l, "lcons?", |a| {
        arity(&a, 1, 1, "lcons?")?;
        // An lcons is a list whose last tail is not a seq (a logic variable, a number, ...).
        let mut cur = a[0].clone();
        let mut cells = 0;
        while let Value::List(c) = cur {
            cells += 1;
            cur = c.1.clone();
        }
        Ok(Value::Bool(
            cells > 0 && !matches!(cur, Value::EmptyList | Value::Nil) && !cur.is_seq(),
        ))
    });
    reg(l, "pair", |a| {
        arity(&a, 2, 2, "pair")?;
        // core.logic's pair of a binding, printed (lhs . rhs), equal by its parts.
        Ok(Value::cons(a[0].clone(), a[1].clone()))
    });
    reg(l, "llist", |mut a| {
        arity(&a, 2, usize::MAX, "llist")?;
        let tail = lcons_tail(&a.pop().unwrap_or(Value::Nil))?;
        Ok(Value::list_with_tail(a, tail))
    });
    reg(l, "conso", |a| {
        arity(&a, 3, 3, "conso")?;
        if custom::active() {
            return custom::relation("conso", a);
        }
        let d = t(&lcons_tail(&a[1])?)?;
        goal(kanren::conso(t(&a[0])?, d, t(&a[2])?))
    });
    relation(l, "firsto", 2, |ts| {
        kanren::firsto(ts[0].clone(), ts[1].clone())
    });
    relation(l, "resto", 2, |ts| {
        kanren::resto(ts[0].clone(), ts[1].clone())
    });
    relation(l, "emptyo", 1, |ts| kanren::emptyo(ts[0].clone()));
    reg(l, "nilo", |a| {
        arity(&a, 1, 1, "nilo")?;
        goal(kanren::eq(Term::sym("nil"), t(&a[0])?))
    });
    relation(l, "appendo", 3, |ts| {
        kanren::appendo(ts[0].clone(), ts[1].clone(), ts[2].clone())
    });
    relation(l, "membero", 2, |ts| {
        kanren::membero(ts[0].clone(), ts[1].clone())
    });
    relation(l, "member1o", 2, |ts| {
        kanren::member1o(ts[0].clone(), ts[1].clone())
    });
    relation(l, "rembero", 3, |ts| {
        kanren::rembero(ts[0].clone(), ts[1].clone(), ts[2].clone())
    });
    relation(l, "permuteo", 2, |ts| {
        kanren::permuteo(ts[0].clone(), ts[1].clone())
    });
    relation(l, "distincto", 1, |ts| kanren::distincto(ts[0].clone()));
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
    crate::library::logic::fd::install();
    crate::library::logic::constraints::install();
    crate::library::logic::custom::install();
    crate::library::logic::arith::install();
    plan::know_built_ins();
}

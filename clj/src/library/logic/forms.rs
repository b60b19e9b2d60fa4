//! The core.logic macros as special forms that build engine goals: `run`/`run*`/`run-nc`,
//! `fresh`, `conde`/`conda`/`condu`, `all`, `project`, `matche`/`matcha`/`matchu`,
//! `defne`/`defna`/`defnu`, `fne`/`fna`/`fnu` and `fd/eq`.
//!
//! As in core.logic, a goal's sub-goals are evaluated only when the goal runs (`Goal::lazy`,
//! `fresh`), so a relation that calls itself builds its body one step at a time. `matche` is
//! in `matche` (its patterns in `pattern`), `fd/eq`'s expressions in `fd`.

use crate::eval::{bind, bind_all, eval, Env};
use crate::library::logic::{guard, into_goal, to_term, tree};
use crate::value::error::{Error, Result};
use crate::value::Value;
use kanren::{Goal, Term, Var};
use rustc_hash::FxHashMap;
use std::any::Any;
use std::cell::RefCell;
use std::sync::Arc;

/// The special forms of `clojure.core.logic` (and `fd/eq`, registered as `fd/eq`).
pub const FORMS: &[&str] = &[
    "run", "run*", "run-nc", "run-nc*", "fresh", "conde", "conda", "condu", "all", "project",
    "matche", "matcha", "matchu", "defne", "defna", "defnu", "fne", "fna", "fnu", "fnc", "defnc",
];

/// Parsed forms by the address of their argument list, with the form kept alive.
type FormCache = FxHashMap<usize, (Value, Arc<dyn Any + Send + Sync>)>;

thread_local! {
    /// The parsed `matche` and `project` forms (by the address of the form, which the entry
    /// keeps alive): a relation's clauses and patterns are parsed once, not on every call.
    static PARSED: RefCell<FormCache> = RefCell::new(FxHashMap::default());
}

/// The form whose arguments are `tail`, parsed by `parse` once per form.
pub(crate) fn parsed<T: Send + Sync + 'static>(
    tail: &Value,
    parse: impl FnOnce(&[Value]) -> Result<T>,
) -> Result<Arc<T>> {
    let Value::List(cell) = tail else {
        return Ok(Arc::new(parse(&tail.to_vec()?)?));
    };
    let key = std::ptr::from_ref::<crate::value::Cons>(cell) as usize;
    let hit = PARSED.with(|c| c.borrow().get(&key).map(|(_, p)| p.clone()));
    if let Some(p) = hit.and_then(|p| p.downcast::<T>().ok()) {
        return Ok(p);
    }
    let p = Arc::new(parse(&tail.to_vec()?)?);
    PARSED.with(|c| {
        let mut c = c.borrow_mut();
        if c.len() > 1 << 14 {
            c.clear();
        }
        c.insert(key, (tail.clone(), p.clone()));
    });
    Ok(p)
}

/// Which clause combinator: `conde`, `conda` or `condu`.
#[derive(Clone, Copy)]
pub(crate) enum Commit {
    E,
    A,
    U,
}

/// The goal of each form (in tree mode, each recording its node, labelled with its form).
pub(crate) fn goals_of(forms: &[Value], env: &Env, who: &str) -> Result<Vec<Goal>> {
    if tree::on() {
        return forms
            .iter()
            .map(|f| Ok(tree::form_goal(f, into_goal(eval(f, env)?, who)?)))
            .collect();
    }
    forms
        .iter()
        .map(|f| into_goal(eval(f, env)?, who))
        .collect()
}

pub(crate) fn syms_of(v: &Value, who: &str) -> Result<Vec<Arc<str>>> {
    // A vector, or (as core.logic also takes it) a list of symbols.
    let items = match v {
        Value::Vector(_) | Value::List(_) | Value::EmptyList => v.to_vec()?,
        _ => {
            return Err(Error::msg(format!(
                "{who} needs a vector of symbols, got {v}"
            )))
        }
    };
    items
        .iter()
        .map(|s| match s {
            Value::Symbol(s) => Ok(s.clone()),
            other => Err(Error::msg(format!("{who}: expected a symbol, got {other}"))),
        })
        .collect()
}

pub(crate) fn disjunction(kind: Commit, clauses: Vec<Vec<Goal>>) -> Goal {
    match kind {
        Commit::E => kanren::conde(clauses),
        Commit::A => kanren::conda(clauses),
        Commit::U => kanren::condu(clauses),
    }
}

/// `conda` or `condu` (`kind`) of clauses of `sizes[i]` forms each, form `j` of clause `i`
/// built by `form(i, j)` as the search tries the clause, as core.logic's macros build them:
/// its question, then, once the question has been applied, its other forms (whether or not
/// the question succeeds); a clause not reached is not built (bench.clj's `partitiono` has one
/// that cannot be), and each application builds afresh. An empty clause succeeds.
pub(crate) fn committed(
    kind: Commit,
    sizes: Arc<[usize]>,
    form: impl Fn(usize, usize) -> Goal + Send + Sync + 'static,
) -> Goal {
    let (form, n) = (Arc::new(form), sizes.len());
    let (f, at) = (form.clone(), sizes.clone());
    let head = move |i: usize| match at[i] {
        0 => kanren::succeed(),
        _ => f(i, 0),
    };
    let rest = move |i: usize| (1..sizes[i]).map(|j| form(i, j)).collect();
    match kind {
        Commit::A => kanren::conda_with(n, head, rest),
        Commit::U => kanren::condu_with(n, head, rest),
        Commit::E => unreachable!("conde is no committed choice"),
    }
}

/// `conda`/`condu` of `clauses` (forms), built as [`committed`] builds them; in tree mode each
/// form is its own goal, built when the search reaches it, and labelled with the form.
fn committed_choice(kind: Commit, clauses: Arc<Vec<Vec<Value>>>, env: Env, who: String) -> Goal {
    if !tree::on() {
        let sizes = clauses.iter().map(Vec::len).collect();
        return committed(kind, sizes, move |i, j| {
            guard(|| into_goal(eval(&clauses[i][j], &env)?, &who))
        });
    }
    let built: Vec<Vec<Goal>> = (0..clauses.len())
        .map(|i| {
            (0..clauses[i].len())
                .map(|j| {
                    let (c, e, w) = (clauses.clone(), env.clone(), who.clone());
                    let g = Goal::lazy(move || guard(|| into_goal(eval(&c[i][j], &e)?, &w)));
                    tree::form_goal(&clauses[i][j], g)
                })
                .collect()
        })
        .collect();
    disjunction(kind, built)
}

/// Evaluates the core.logic special form `name`, or gives `None` when it is not one.
pub fn special(name: &str, tail: &Value, env: &Env) -> Result<Option<Value>> {
    let kind = match name {
        "conde" | "matche" | "defne" | "fne" => Commit::E,
        "conda" | "matcha" | "defna" | "fna" => Commit::A,
        "condu" | "matchu" | "defnu" | "fnu" => Commit::U,
        _ => Commit::E,
    };
    match name {
        "matche" | "matcha" | "matchu" => {
            return crate::library::logic::matche::matche_form(kind, name, tail, env).map(Some)
        }
        "project" => return project(tail, env).map(Some),
        _ => {}
    }
    let a = tail.to_vec()?;
    let env = env.clone();
    let v = match name {
        "run" | "run*" | "run-nc" | "run-nc*" => {
            let star = name.ends_with('*');
            let (n, rest) = if star {
                (None, &a[..])
            } else {
                let n = eval(
                    a.first().ok_or_else(|| Error::msg("run needs a count"))?,
                    &env,
                )?;
                // `false` or `nil` asks for every answer, as core.logic's `run*` is `run false`.
                let n = match n {
                    Value::Int(n) if n >= 0 => Some(n as usize),
                    Value::Bool(false) | Value::Nil => None,
                    other => {
                        return Err(Error::msg(format!(
                        "{name}: the number of answers must be a non-negative integer (or false for all), got {other}"
                    )))
                    }
                };
                (n, &a[1..])
            };
            let (bindings, body) = rest
                .split_first()
                .ok_or_else(|| Error::msg(format!("{name} needs a binding vector")))?;
            let (bindings, as_name) = split_as(bindings);
            let syms = syms_of(&bindings, name)?;
            if syms.is_empty() {
                return Err(Error::msg(format!(
                    "{name} needs at least one query variable"
                )));
            }
            let body: Arc<Vec<Value>> = Arc::new(body.to_vec());
            let who: &'static str = if star { "run*" } else { "run" };
            let f = move |q: Var| -> Result<Goal> {
                let mut e = env.clone();
                let mut goals = Vec::new();
                if syms.len() == 1 {
                    e = bind(&e, syms[0].clone(), Value::LVar(q));
                    if let Some(v) = &as_name {
                        e = bind(&e, v.clone(), Value::LVar(q));
                    }
                } else {
                    let vars: Vec<Var> = syms.iter().map(|_| Var::fresh()).collect();
                    for (s, v) in syms.iter().zip(&vars) {
                        e = bind(&e, s.clone(), Value::LVar(*v));
                    }
                    // As core.logic's `-run`: `v` is the query variable, bound
                    // to the vector of the others before the body runs (so that
                    // `(distribute v ::l/ff)` finds a bound variable).
                    if let Some(v) = &as_name {
                        e = bind(&e, v.clone(), Value::LVar(q));
                    }
                    goals.push(kanren::eq(
                        q,
                        Term::Vector(vars.into_iter().map(Term::Var).collect()),
                    ));
                }
                goals.extend(goals_of(&body, &e, who)?);
                Ok(kanren::conj(goals))
            };
            crate::library::logic::query_answers(
                n,
                name.contains("-nc"),
                {
                    let head = Value::sym(name);
                    move || Value::list([head].into_iter().chain(a))
                },
                f,
            )
        }
        "fresh" => {
            let (bindings, body) = a
                .split_first()
                .ok_or_else(|| Error::msg("fresh needs a binding vector"))?;
            let syms = syms_of(bindings, name)?;
            let body: Arc<Vec<Value>> = Arc::new(body.to_vec());
            Value::Goal(kanren::fresh(move |[]: [Var; 0]| {
                guard(|| {
                    let e = bind_all(
                        &env,
                        syms.iter()
                            .map(|s| (s.clone(), Value::LVar(crate::library::logic::fresh_var(s))))
                            .collect(),
                    );
                    Ok(kanren::conj(goals_of(&body, &e, "fresh")?))
                })
            }))
        }
        "all" => {
            let body = Arc::new(a);
            Value::Goal(Goal::lazy(move || {
                guard(|| Ok(kanren::conj(goals_of(&body, &env, "all")?)))
            }))
        }
        "conde" | "conda" | "condu" => {
            let clauses = a.iter().map(|c| c.to_vec()).collect::<Result<Vec<_>>>()?;
            let clauses = Arc::new(clauses);
            let who = name.to_string();
            if !matches!(kind, Commit::E) {
                return Ok(Some(Value::Goal(committed_choice(kind, clauses, env, who))));
            }
            if tree::on() {
                // Tree mode: the conde and each clause tried record their nodes.
                let shown = Value::list(
                    [Value::sym(name)]
                        .into_iter()
                        .chain(clauses.iter().map(|c| Value::vector(c.clone()))),
                );
                return Ok(Some(Value::Goal(Goal::lazy(move || {
                    guard(|| {
                        let gs = clauses
                            .iter()
                            .map(|c| Ok((Value::vector(c.clone()), goals_of(c, &env, &who)?)))
                            .collect::<Result<Vec<_>>>()?;
                        Ok(tree::conde(&shown, gs))
                    })
                }))));
            }
            Value::Goal(Goal::lazy(move || {
                guard(|| {
                    let gs = clauses
                        .iter()
                        .map(|c| goals_of(c, &env, &who))
                        .collect::<Result<Vec<_>>>()?;
                    Ok(disjunction(kind, gs))
                })
            }))
        }
        "defne" | "defna" | "defnu" | "fne" | "fna" | "fnu" => {
            let is_def = name.starts_with("def");
            let mut rest = &a[..];
            let mut meta_tabled = false;
            let mut name_form = None;
            let fname = if is_def {
                let (n, r) = rest
                    .split_first()
                    .ok_or_else(|| Error::msg(format!("{name} needs a name")))?;
                rest = r;
                name_form = Some(n);
                // `(defne ^:tabled f ...)`: a tabled relation, as core.logic's `defnm` reads it.
                meta_tabled = crate::value::meta::has_flag(n, "tabled");
                Some(
                    n.as_symbol()
                        .ok_or_else(|| Error::msg(format!("{name} needs a name, got {n}")))?
                        .to_string(),
                )
            } else {
                None
            };
            let attrs_from = rest;
            while let Some(Value::Str(_) | Value::Map(_)) = rest.first() {
                rest = &rest[1..];
            }
            let attrs = &attrs_from[..attrs_from.len() - rest.len()];
            let (params, clauses) = rest
                .split_first()
                .ok_or_else(|| Error::msg(format!("{name} needs a parameter vector")))?;
            let Value::Vector(ps) = params else {
                return Err(Error::msg(format!(
                    "{name} needs a parameter vector, got {params}"
                )));
            };
            let m = match kind {
                Commit::E => "clojure.core.logic/matche",
                Commit::A => "clojure.core.logic/matcha",
                Commit::U => "clojure.core.logic/matchu",
            };
            // `(fne [x y] :tabled clauses...)`: a tabled relation, as core.logic's `fnm`.
            let tabled_kw = matches!(clauses.first(), Some(Value::Keyword(k)) if &**k == "tabled");
            let clauses = &clauses[usize::from(tabled_kw)..];
            let tabled = tabled_kw || meta_tabled;
            let mut body = vec![Value::sym(m), Value::Vector(ps.clone())];
            body.extend(clauses.iter().cloned());
            let f = if tabled {
                let t = [Value::sym("clojure.core.logic/tabled"), params.clone()];
                eval(&Value::list(t.into_iter().chain([Value::list(body)])), &env)?
            } else {
                let spec = [params.clone(), Value::list(body)];
                let c = crate::eval::make_closure(fname.as_deref().map(Into::into), &spec, &env)?;
                Value::Fn(Arc::new(c))
            };
            if let (Some(n), Some(fname)) = (name_form, &fname) {
                let arglists = Value::list([params.clone()]);
                let ns = crate::eval::ns::current();
                let meta = crate::eval::vars::record(&ns, fname, n, attrs, Some(arglists));
                crate::value::meta::set_meta(&f, meta);
            }
            match fname {
                Some(n) => Value::Var(crate::eval::ns::define_here(&n, f).into()),
                None => f,
            }
        }
        // (fnc [args] body...): a constraint, a function of the arguments giving the goal
        // that holds once they are all ground and the body is true of them (core.logic's
        // `fnc`); (defnc name [args] body...) defines one.
        "fnc" | "defnc" => {
            let (name_form, rest) = match name {
                "defnc" => a
                    .split_first()
                    .map(|(n, r)| (Some(n.clone()), r))
                    .ok_or_else(|| Error::msg("defnc needs a name"))?,
                _ => (None, &a[..]),
            };
            let (params, body) = rest
                .split_first()
                .ok_or_else(|| Error::msg(format!("{name} needs a parameter vector")))?;
            let pred = Value::list(
                [Value::sym("fn"), Value::vector(vec![params.clone()])]
                    .into_iter()
                    .chain(body.iter().cloned()),
            );
            let shown = Value::list([
                Value::sym("quote"),
                name_form.clone().unwrap_or(Value::sym("fnc")),
            ]);
            let goal = Value::list([
                Value::sym("clojure.core.logic/-groundc"),
                params.clone(),
                pred,
                shown,
            ]);
            let f = Value::list([Value::sym("fn"), params.clone(), goal]);
            match name_form {
                Some(n) => eval(&Value::list([Value::sym("def"), n, f]), &env)?,
                None => eval(&f, &env)?,
            }
        }
        "fd/eq" => Value::Goal(kanren::conj(
            a.iter()
                .map(|f| crate::library::logic::fd::fd_eq(f, &env))
                .collect::<Result<Vec<_>>>()?,
        )),
        _ => return Ok(None),
    };
    Ok(Some(v))
}

/// `(project [syms] body...)`: the body run with the symbols bound to their walked values.
fn project(tail: &Value, env: &Env) -> Result<Value> {
    let form = parsed(tail, |a| {
        let (bindings, body) = a
            .split_first()
            .ok_or_else(|| Error::msg("project needs a binding vector"))?;
        Ok((syms_of(bindings, "project")?, body.to_vec()))
    })?;
    let terms = form
        .0
        .iter()
        .map(|s| to_term(&eval(&Value::Symbol(s.clone()), env)?))
        .collect::<Result<Vec<_>>>()?;
    let env = env.clone();
    Ok(Value::Goal(Goal::new(move |s| {
        let g = guard(|| {
            let (syms, body) = &*form;
            let e = bind_all(
                &env,
                syms.iter()
                    .zip(&terms)
                    .map(|(sym, t)| (sym.clone(), crate::library::logic::custom::projected(&s, t)))
                    .collect(),
            );
            Ok(kanren::conj(goals_of(body, &e, "project")?))
        });
        kanren::Stream::suspend(move || g.apply(s))
    })))
}

/// A `run`'s binding vector without its `:as v` tail, and `v`: in `(run* [a b :as v] ...)`,
/// `v` names the query vector, as in core.logic.
pub(crate) fn split_as(bindings: &Value) -> (Value, Option<Arc<str>>) {
    match bindings {
        Value::Vector(items)
            if items.len() >= 2
                && matches!(&items[items.len() - 2], Value::Keyword(k) if &**k == "as") =>
        {
            (
                Value::vector(items[..items.len() - 2].to_vec()),
                items[items.len() - 1].as_symbol().map(Arc::<str>::from),
            )
        }
        b => (b.clone(), None),
    }
}

//! The core.logic macros as special forms that build engine goals: `run`/`run*`/`run-nc`,
//! `fresh`, `conde`/`conda`/`condu`, `all`, `project`, `matche`/`matcha`/`matchu`,
//! `defne`/`defna`/`defnu`, `fne`/`fna`/`fnu` and `fd/eq`.
//!
//! As in core.logic, a goal's sub-goals are evaluated only when the goal runs (`Goal::lazy`,
//! `fresh`), so a relation that calls itself builds its body one step at a time. `matche`
//! expands as core.logic's does: per clause, one nested `fresh` per pattern that is not `_`,
//! declaring the pattern's new variables and unifying it with its argument; a pattern symbol
//! bound in the local environment stands for its value.

use crate::error::{Error, Result};
use crate::eval::{bind, eval, lookup_local, Env};
use crate::logic::{goal_of, guard, to_term};
use crate::value::Value;
use kanren::{fd, Goal, Term, Var};
use rustc_hash::FxHashMap;
use std::cell::RefCell;
use std::sync::{Arc, Mutex};

/// The special forms of `clojure.core.logic` (and `fd/eq`, registered as `fd/eq`).
pub const FORMS: &[&str] = &[
    "run", "run*", "run-nc", "run-nc*", "fresh", "conde", "conda", "condu", "all", "project",
    "matche", "matcha", "matchu", "defne", "defna", "defnu", "fne", "fna", "fnu",
];

/// Parsed `matche` clauses by form address, with the form kept alive.
type ClauseCache = FxHashMap<usize, (Value, Arc<Vec<Clause>>)>;

thread_local! {
    /// The parsed clauses of each `matche` form (by the address of the form, which the entry
    /// keeps alive): a relation's clauses are parsed once, not on every call.
    static CLAUSES: RefCell<ClauseCache> = RefCell::new(FxHashMap::default());
}

#[derive(Clone, Copy)]
enum Commit {
    E,
    A,
    U,
}

fn goals_of(forms: &[Value], env: &Env, who: &str) -> Result<Vec<Goal>> {
    forms.iter().map(|f| goal_of(&eval(f, env)?, who)).collect()
}

fn syms_of(v: &Value, who: &str) -> Result<Vec<Arc<str>>> {
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

fn disjunction(kind: Commit, clauses: Vec<Vec<Goal>>) -> Goal {
    match kind {
        Commit::E => kanren::conde(clauses),
        Commit::A => kanren::conda(clauses),
        Commit::U => kanren::condu(clauses),
    }
}

/// Evaluates the core.logic special form `name`, or gives `None` when it is not one.
pub fn special(name: &str, tail: &Value, env: &Env) -> Result<Option<Value>> {
    let kind = match name {
        "conde" | "matche" | "defne" | "fne" => Commit::E,
        "conda" | "matcha" | "defna" | "fna" => Commit::A,
        "condu" | "matchu" | "defnu" | "fnu" => Commit::U,
        _ => Commit::E,
    };
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
                let n = match n {
                    Value::Int(n) if n >= 0 => n as usize,
                    other => {
                        return Err(Error::msg(format!(
                        "{name}: the number of answers must be a non-negative integer, got {other}"
                    )))
                    }
                };
                (Some(n), &a[1..])
            };
            let (bindings, body) = rest
                .split_first()
                .ok_or_else(|| Error::msg(format!("{name} needs a binding vector")))?;
            // `(run* [a b :as v] ...)`: `v` names the query vector, as in core.logic.
            let (bindings, as_name) = match bindings {
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
            };
            let syms = syms_of(&bindings, name)?;
            if syms.is_empty() {
                return Err(Error::msg(format!(
                    "{name} needs at least one query variable"
                )));
            }
            let body: Arc<Vec<Value>> = Arc::new(body.to_vec());
            let who: &'static str = if star { "run*" } else { "run" };
            let f = move |q: Var| {
                Goal::lazy(move || {
                    guard(|| {
                        let mut e = env.clone();
                        let mut goals = Vec::new();
                        if syms.len() == 1 {
                            e = bind(&e, &syms[0], Value::LVar(q));
                            if let Some(v) = &as_name {
                                e = bind(&e, v, Value::LVar(q));
                            }
                        } else {
                            let vars: Vec<Var> = syms.iter().map(|_| Var::fresh()).collect();
                            for (s, v) in syms.iter().zip(&vars) {
                                e = bind(&e, s, Value::LVar(*v));
                            }
                            if let Some(v) = &as_name {
                                let all = vars.iter().map(|x| Value::LVar(*x)).collect();
                                e = bind(&e, v, Value::vector(all));
                            }
                            goals.push(kanren::eq(
                                q,
                                Term::Vector(vars.into_iter().map(Term::Var).collect()),
                            ));
                        }
                        goals.extend(goals_of(&body, &e, who)?);
                        Ok(kanren::conj(goals))
                    })
                })
            };
            let answers = match (n, name.contains("-nc")) {
                (Some(n), false) => kanren::run(n, f),
                (Some(n), true) => kanren::run_nc(n, f),
                (None, false) => kanren::run_all(f),
                (None, true) => kanren::run_nc_all(f),
            };
            crate::logic::answers_seq(Arc::new(Mutex::new(answers)))
        }
        "fresh" => {
            let (bindings, body) = a
                .split_first()
                .ok_or_else(|| Error::msg("fresh needs a binding vector"))?;
            let syms = syms_of(bindings, name)?;
            let body: Arc<Vec<Value>> = Arc::new(body.to_vec());
            Value::Goal(kanren::fresh(move |[]: [Var; 0]| {
                guard(|| {
                    let mut e = env.clone();
                    for s in &syms {
                        e = bind(&e, s, Value::LVar(Var::fresh()));
                    }
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
        "project" => {
            let (bindings, body) = a
                .split_first()
                .ok_or_else(|| Error::msg("project needs a binding vector"))?;
            let syms = syms_of(bindings, name)?;
            let terms = syms
                .iter()
                .map(|s| to_term(&eval(&Value::Symbol(s.clone()), &env)?))
                .collect::<Result<Vec<_>>>()?;
            let body: Arc<Vec<Value>> = Arc::new(body.to_vec());
            Value::Goal(Goal::new(move |s| {
                let g = guard(|| {
                    let mut e = env.clone();
                    for (sym, t) in syms.iter().zip(&terms) {
                        e = bind(&e, sym, crate::logic::from_term(&s.walk_star(t)));
                    }
                    Ok(kanren::conj(goals_of(&body, &e, "project")?))
                });
                kanren::Stream::suspend(move || g.apply(s))
            }))
        }
        "matche" | "matcha" | "matchu" => {
            let (args, clauses) = a
                .split_first()
                .ok_or_else(|| Error::msg(format!("{name} needs a vector of arguments")))?;
            let Value::Vector(arg_forms) = args else {
                return Err(Error::msg(format!(
                    "{name} needs a vector of arguments, got {args}"
                )));
            };
            let mut e = env.clone();
            let mut terms = Vec::new();
            for f in arg_forms.iter() {
                let v = eval(f, &env)?;
                if let Value::Symbol(s) = f {
                    // The argument symbols are locals of the patterns, as in core.logic.
                    e = bind(&e, s, v.clone());
                }
                terms.push(to_term(&v)?);
            }
            let parsed = match tail {
                Value::List(cell) => {
                    let key = Arc::as_ptr(cell) as usize;
                    match CLAUSES.with(|c| c.borrow().get(&key).map(|(_, p)| p.clone())) {
                        Some(p) => p,
                        None => {
                            let p = parse_clauses(clauses, arg_forms.len(), name)?;
                            CLAUSES.with(|c| {
                                let mut c = c.borrow_mut();
                                if c.len() > 1 << 14 {
                                    c.clear();
                                }
                                c.insert(key, (tail.clone(), p.clone()));
                            });
                            p
                        }
                    }
                }
                _ => parse_clauses(clauses, arg_forms.len(), name)?,
            };
            Value::Goal(matche(kind, Arc::new(terms), parsed, e))
        }
        "defne" | "defna" | "defnu" | "fne" | "fna" | "fnu" => {
            let is_def = name.starts_with("def");
            let mut rest = &a[..];
            let fname = if is_def {
                let (n, r) = rest
                    .split_first()
                    .ok_or_else(|| Error::msg(format!("{name} needs a name")))?;
                rest = r;
                Some(
                    n.as_symbol()
                        .ok_or_else(|| Error::msg(format!("{name} needs a name, got {n}")))?
                        .to_string(),
                )
            } else {
                None
            };
            while let Some(Value::Str(_) | Value::Map(_)) = rest.first() {
                rest = &rest[1..];
            }
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
            // `(fne [x y] :tabled clauses...)`: core.logic's `(tabled [x y] (matche ...))`.
            let tabled = matches!(clauses.first(), Some(Value::Keyword(k)) if &**k == "tabled");
            let clauses = &clauses[usize::from(tabled)..];
            let mut body = vec![Value::sym(m), Value::Vector(ps.clone())];
            body.extend(clauses.iter().cloned());
            let f = if tabled {
                let head = Value::sym("clojure.core.logic/tabled");
                eval(
                    &Value::list([head, params.clone(), Value::list(body)]),
                    &env,
                )?
            } else {
                let spec = [params.clone(), Value::list(body)];
                let c = crate::eval::make_closure(fname.as_deref().map(Into::into), &spec, &env)?;
                Value::Fn(Arc::new(c))
            };
            match fname {
                Some(n) => Value::Symbol(format!("#'{}", crate::ns::define_here(&n, f)).into()),
                None => f,
            }
        }
        "fd/eq" => Value::Goal(kanren::conj(
            a.iter()
                .map(|f| fd_eq(f, &env))
                .collect::<Result<Vec<_>>>()?,
        )),
        _ => return Ok(None),
    };
    Ok(Some(v))
}

/// One clause of a `matche`: its patterns and body.
struct Clause {
    pats: Vec<Value>,
    body: Vec<Value>,
}

fn parse_clauses(clauses: &[Value], n: usize, who: &str) -> Result<Arc<Vec<Clause>>> {
    let mut out = Vec::new();
    for c in clauses {
        let items = c.to_vec()?;
        let (pats, body) = items
            .split_first()
            .ok_or_else(|| Error::msg(format!("{who}: empty clause")))?;
        let Value::Vector(pats) = pats else {
            return Err(Error::msg(format!(
                "{who}: expecting a vector of patterns, instead {pats}"
            )));
        };
        if pats.len() != n {
            return Err(Error::msg(format!(
                "{who}: {} patterns for {n} arguments in {}",
                pats.len(),
                Value::Vector(pats.clone())
            )));
        }
        out.push(Clause {
            pats: pats.as_ref().clone(),
            body: body.to_vec(),
        });
    }
    Ok(Arc::new(out))
}

fn matche(kind: Commit, args: Arc<Vec<Term>>, clauses: Arc<Vec<Clause>>, env: Env) -> Goal {
    Goal::lazy(move || {
        guard(|| {
            let mut gs = Vec::new();
            for k in 0..clauses.len() {
                gs.push(vec![clause_goal(
                    args.clone(),
                    clauses.clone(),
                    k,
                    0,
                    env.clone(),
                )?]);
            }
            Ok(disjunction(kind, gs))
        })
    })
}

fn is_blank(p: &Value) -> bool {
    p.is_sym("_")
}

/// The goal of clause `k` from pattern `i` on: a `fresh` for the next pattern that is not
/// `_`, or the body when none is left.
fn clause_goal(
    args: Arc<Vec<Term>>,
    clauses: Arc<Vec<Clause>>,
    k: usize,
    i: usize,
    env: Env,
) -> Result<Goal> {
    let c = &clauses[k];
    let Some(i) = (i..c.pats.len()).find(|&j| !is_blank(&c.pats[j])) else {
        return Ok(kanren::conj(goals_of(&c.body, &env, "matche")?));
    };
    Ok(kanren::fresh(move |[]: [Var; 0]| {
        guard(|| {
            let c = &clauses[k];
            let mut e = env.clone();
            let mut new = Vec::new();
            pattern_vars(&c.pats[i], &e, false, &mut new);
            for s in &new {
                e = bind(&e, s, Value::LVar(Var::fresh()));
            }
            let t = pattern_term(&c.pats[i], &e, false)?;
            let rest = clause_goal(args.clone(), clauses.clone(), k, i + 1, e)?;
            Ok(kanren::conj([kanren::eq(t, args[i].clone()), rest]))
        })
    }))
}

/// The symbols of a pattern that are new variables: not `_`, not `.`, not locals. In a quoted
/// part only the unquoted (`~x`) symbols are variables.
fn pattern_vars(p: &Value, env: &Env, quoted: bool, out: &mut Vec<Arc<str>>) {
    match p {
        Value::Symbol(s)
            if !quoted
                && &**s != "_"
                && &**s != "."
                && lookup_local(env, s).is_none()
                && !out.contains(s) =>
        {
            out.push(s.clone());
        }
        Value::List(c) if c.0.is_sym("quote") => pattern_vars(&c.1, env, true, out),
        Value::List(c) if c.0.is_sym("unquote") && quoted => pattern_vars(&c.1, env, false, out),
        Value::Vector(_) | Value::List(_) => {
            for x in p.to_vec().unwrap_or_default() {
                pattern_vars(&x, env, quoted, out);
            }
        }
        Value::Map(m) => {
            for (k, v) in m.iter() {
                pattern_vars(k, env, quoted, out);
                pattern_vars(v, env, quoted, out);
            }
        }
        _ => {}
    }
}

/// The term of a pattern (core.logic's `p->term`): `_` is a fresh variable, `[a b . t]` a
/// partial list, vectors and maps keep their kind; in a quoted part symbols are themselves,
/// lists are lists and `~x` is the variable (or local) `x`.
fn pattern_term(p: &Value, env: &Env, quoted: bool) -> Result<Term> {
    match p {
        Value::Symbol(s) if quoted => Ok(Term::Sym(s.clone())),
        Value::Symbol(s) if &**s == "_" => Ok(Term::Var(Var::fresh())),
        Value::Symbol(s) => to_term(
            &lookup_local(env, s)
                .ok_or_else(|| Error::msg(format!("unbound pattern symbol {s}")))?,
        ),
        Value::List(c) if c.0.is_sym("quote") => match c.1.uncons()? {
            Some((q, _)) => pattern_term(&q, env, true),
            None => Ok(Term::sym("nil")),
        },
        Value::List(c) if c.0.is_sym("unquote") && quoted => match c.1.uncons()? {
            Some((x, _)) => pattern_term(&x, env, false),
            None => Err(Error::msg("~ needs a form in a pattern")),
        },
        Value::Vector(_) | Value::List(_) => {
            let items = p.to_vec()?;
            if let Some(dot) = items.iter().position(|x| x.is_sym(".")) {
                let heads = items[..dot]
                    .iter()
                    .map(|x| pattern_term(x, env, quoted))
                    .collect::<Result<Vec<_>>>()?;
                let tail = match &items[dot + 1..] {
                    [t] => pattern_term(t, env, quoted)?,
                    _ => {
                        return Err(Error::msg(format!(
                            "a pattern needs exactly one form after `.`: {p}"
                        )))
                    }
                };
                return Ok(Term::list_with_tail(heads, tail));
            }
            let ts = items
                .iter()
                .map(|x| pattern_term(x, env, quoted))
                .collect::<Result<Vec<_>>>()?;
            Ok(match p {
                Value::Vector(_) => Term::Vector(ts.into()),
                _ => Term::list(ts),
            })
        }
        Value::Map(m) => Ok(Term::map(
            m.iter()
                .map(|(k, v)| Ok((pattern_term(k, env, quoted)?, pattern_term(v, env, quoted)?)))
                .collect::<Result<Vec<_>>>()?,
        )),
        Value::Set(_) => Err(Error::msg(format!("set patterns are not supported: {p}"))),
        other => to_term(other),
    }
}

fn fd_expr(f: &Value, env: &Env) -> Result<fd::Expr> {
    if let Value::List(c) = f {
        if let Value::Symbol(op) = &c.0 {
            let op = crate::ns::split(op).map_or(&**op, |(_, n)| n);
            if matches!(op, "+" | "-" | "*" | "quot" | "/") {
                let args = c.1.to_vec()?;
                let mut es = args.iter().map(|x| fd_expr(x, env));
                let first = es
                    .next()
                    .ok_or_else(|| Error::msg(format!("fd/eq: ({op}) needs arguments")))??;
                let mut acc = first;
                let mut any = false;
                for e in es {
                    any = true;
                    let e = e?;
                    acc = match op {
                        "+" => acc + e,
                        "-" => acc - e,
                        "*" => acc * e,
                        _ => acc / e,
                    };
                }
                if !any && op == "-" {
                    acc = -acc;
                }
                return Ok(acc);
            }
        }
    }
    let v = eval(f, env)?;
    Ok(fd::Expr::leaf(crate::fd::fd_arg(&v, "eq")?))
}

fn fd_eq(form: &Value, env: &Env) -> Result<Goal> {
    let items = form.to_vec()?;
    let [Value::Symbol(op), l, r] = items.as_slice() else {
        return Err(Error::msg(format!(
            "fd/eq: expected (op lhs rhs), got {form}"
        )));
    };
    let rel = match crate::ns::split(op).map_or(&**op, |(_, n)| n) {
        "=" | "==" => fd::Rel::Eq,
        "!=" => fd::Rel::Ne,
        "<" => fd::Rel::Lt,
        "<=" => fd::Rel::Le,
        ">" => fd::Rel::Gt,
        ">=" => fd::Rel::Ge,
        other => return Err(Error::msg(format!("fd/eq: unsupported relation {other}"))),
    };
    Ok(fd::constrain(rel, fd_expr(l, env)?, fd_expr(r, env)?))
}

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
use crate::eval::{bind, bind_all, eval, lookup_local, Bindings, Env};
use crate::logic::{goal_of, guard, to_term};
use crate::value::Value;
use kanren::{fd, Goal, PatOp, Term, Var};
use rustc_hash::FxHashMap;
use std::any::Any;
use std::cell::RefCell;
use std::sync::{Arc, Mutex, OnceLock};

/// The special forms of `clojure.core.logic` (and `fd/eq`, registered as `fd/eq`).
pub const FORMS: &[&str] = &[
    "run", "run*", "run-nc", "run-nc*", "fresh", "conde", "conda", "condu", "all", "project",
    "matche", "matcha", "matchu", "defne", "defna", "defnu", "fne", "fna", "fnu",
];

/// Parsed forms by the address of their argument list, with the form kept alive.
type FormCache = FxHashMap<usize, (Value, Arc<dyn Any + Send + Sync>)>;

thread_local! {
    /// The parsed `matche` and `project` forms (by the address of the form, which the entry
    /// keeps alive): a relation's clauses and patterns are parsed once, not on every call.
    static PARSED: RefCell<FormCache> = RefCell::new(FxHashMap::default());
}

/// The form whose arguments are `tail`, parsed by `parse` once per form.
fn parsed<T: Send + Sync + 'static>(
    tail: &Value,
    parse: impl FnOnce(&[Value]) -> Result<T>,
) -> Result<Arc<T>> {
    let Value::List(cell) = tail else {
        return Ok(Arc::new(parse(&tail.to_vec()?)?));
    };
    let key = Arc::as_ptr(cell) as usize;
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
    match name {
        "matche" | "matcha" | "matchu" => return matche_form(kind, name, tail, env).map(Some),
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
                            e = bind(&e, syms[0].clone(), Value::LVar(q));
                            if let Some(v) = &as_name {
                                e = bind(&e, v.clone(), Value::LVar(q));
                            }
                        } else {
                            let vars: Vec<Var> = syms.iter().map(|_| Var::fresh()).collect();
                            for (s, v) in syms.iter().zip(&vars) {
                                e = bind(&e, s.clone(), Value::LVar(*v));
                            }
                            if let Some(v) = &as_name {
                                let all = vars.iter().map(|x| Value::LVar(*x)).collect();
                                e = bind(&e, v.clone(), Value::vector(all));
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
                    let e = bind_all(
                        &env,
                        syms.iter()
                            .map(|s| (s.clone(), Value::LVar(Var::fresh())))
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
            let mut body = vec![Value::sym(m), Value::Vector(ps.clone())];
            body.extend(clauses.iter().cloned());
            let spec = [params.clone(), Value::list(body)];
            let c = crate::eval::make_closure(fname.as_deref().map(Into::into), &spec, &env)?;
            let f = Value::Fn(Arc::new(c));
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
                    .map(|(sym, t)| (sym.clone(), crate::logic::from_term(&s.walk_star(t))))
                    .collect(),
            );
            Ok(kanren::conj(goals_of(body, &e, "project")?))
        });
        kanren::Stream::suspend(move || g.apply(s))
    })))
}

/// A `matche` form, parsed: the argument forms and the clauses.
struct MatchForm {
    args: Vec<Value>,
    clauses: Vec<Clause>,
}

/// One clause of a `matche`: its patterns (as written and as templates) and body.
struct Clause {
    pats: Vec<Value>,
    templates: Vec<Pat>,
    /// How each pattern runs, planned on the clause's first run: which symbols are locals
    /// depends only on where the form is written, so it is the same at every run.
    plans: Vec<OnceLock<Plan>>,
    body: Vec<Value>,
}

/// A pattern compiled once (core.logic's `p->term` done ahead): what is constant is a term
/// already, a symbol is a local (a new variable or a value of the environment) read when the
/// clause runs, `_` is a fresh variable each time.
enum Pat {
    Blank,
    Local(Arc<str>),
    Const(Term),
    Vector(Vec<Pat>),
    List(Vec<Pat>, Box<Pat>),
    Map(Vec<(Pat, Pat)>),
    /// A pattern that can't become a term: the error, raised when the clause runs.
    Bad(Arc<str>),
}

/// The `matche` form `(matche [args] clauses...)` as a goal.
fn matche_form(kind: Commit, name: &str, tail: &Value, env: &Env) -> Result<Value> {
    let form = parsed(tail, |a| parse_match(a, name))?;
    let mut locals = Bindings::new();
    let mut terms = Vec::with_capacity(form.args.len());
    for f in form.args.iter() {
        let v = eval(f, env)?;
        match f {
            // The argument symbols are locals of the patterns, as in core.logic (a local one
            // is already).
            Value::Symbol(s) if lookup_local(env, s).is_none() => {
                locals.push((s.clone(), v.clone()))
            }
            _ => {}
        }
        terms.push(to_term(&v)?);
    }
    let e = bind_all(env, locals);
    Ok(Value::Goal(matche(kind, Arc::new(terms), form, e)))
}

fn parse_match(a: &[Value], who: &str) -> Result<MatchForm> {
    let (args, clauses) = a
        .split_first()
        .ok_or_else(|| Error::msg(format!("{who} needs a vector of arguments")))?;
    let Value::Vector(arg_forms) = args else {
        return Err(Error::msg(format!(
            "{who} needs a vector of arguments, got {args}"
        )));
    };
    let n = arg_forms.len();
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
            templates: pats.iter().map(|p| compile_pat(p, false)).collect(),
            plans: pats.iter().map(|_| OnceLock::new()).collect(),
            body: body.to_vec(),
        });
    }
    Ok(MatchForm {
        args: arg_forms.as_ref().clone(),
        clauses: out,
    })
}

fn matche(kind: Commit, args: Arc<Vec<Term>>, form: Arc<MatchForm>, env: Env) -> Goal {
    Goal::lazy(move || {
        guard(|| {
            let mut gs = Vec::with_capacity(form.clauses.len());
            for k in 0..form.clauses.len() {
                gs.push(vec![clause_goal(
                    args.clone(),
                    form.clone(),
                    k,
                    0,
                    env.clone(),
                )?]);
            }
            Ok(disjunction(kind, gs))
        })
    })
}

/// The goal of clause `k` from pattern `i` on: for the next pattern that is not `_`,
/// core.logic's `(fresh [new vars] (== pattern arg) rest)`, or the body when none is left.
/// The engine's matcher ([`kanren::fresh_match_shared`]) does that `fresh` without making
/// the variables when the argument already has the pattern's shape.
fn clause_goal(
    args: Arc<Vec<Term>>,
    form: Arc<MatchForm>,
    k: usize,
    i: usize,
    env: Env,
) -> Result<Goal> {
    let c = &form.clauses[k];
    let Some(i) = (i..c.pats.len()).find(|&j| !matches!(c.templates[j], Pat::Blank)) else {
        return Ok(kanren::conj(goals_of(&c.body, &env, "matche")?));
    };
    let plan = c.plans[i].get_or_init(|| plan_of(&c.pats[i], &env));
    if let Some(ops) = &plan.ops {
        let values = plan
            .values
            .iter()
            .map(|v| match v {
                Source::Const(t) => Ok(t.clone()),
                Source::Local(s) => to_term(
                    &lookup_local(&env, s)
                        .ok_or_else(|| Error::msg(format!("unbound pattern symbol {s}")))?,
                ),
            })
            .collect::<Result<Vec<_>>>()?;
        let arg = args[i].clone();
        return Ok(kanren::fresh_match_shared(
            ops.clone(),
            plan.news.len(),
            values.into(),
            arg,
            move |slots: Vec<Term>| {
                guard(|| {
                    let news = &form.clauses[k].plans[i].get().expect("planned").news;
                    let e = bind_all(
                        &env,
                        news.iter()
                            .zip(&slots)
                            .map(|(s, t)| (s.clone(), crate::logic::from_search_term(t)))
                            .collect(),
                    );
                    clause_goal(args.clone(), form.clone(), k, i + 1, e)
                })
            },
        ));
    }
    Ok(kanren::fresh(move |[]: [Var; 0]| {
        guard(|| {
            let c = &form.clauses[k];
            let news = &c.plans[i].get().expect("planned").news;
            let e = bind_all(
                &env,
                news.iter()
                    .map(|s| (s.clone(), Value::LVar(Var::fresh())))
                    .collect(),
            );
            let t = pat_term(&c.templates[i], &e)?;
            let rest = clause_goal(args.clone(), form.clone(), k, i + 1, e)?;
            Ok(kanren::conj([kanren::eq(t, args[i].clone()), rest]))
        })
    }))
}

/// How one pattern of a clause runs: its new variables and, when the engine's matcher takes
/// it, the pattern as the matcher's ops with the terms its `Is` ops stand for.
struct Plan {
    news: Vec<Arc<str>>,
    ops: Option<Arc<[PatOp]>>,
    values: Vec<Source>,
}

/// What an `Is` op of a pattern is: a constant, or a local's value when the clause runs.
enum Source {
    Const(Term),
    Local(Arc<str>),
}

/// The plan of pattern `p` in the clause's environment `env` (only which names are locals
/// matters, and that depends only on where the pattern is written).
fn plan_of(p: &Value, env: &Env) -> Plan {
    let mut news = Vec::new();
    pattern_vars(p, env, false, &mut news);
    let mut ops = Vec::new();
    let mut values = Vec::new();
    let mut seen = vec![false; news.len()];
    let ok = pat_ops(p, false, &news, &mut seen, &mut ops, &mut values).is_some();
    Plan {
        ops: ok.then(|| ops.into()),
        news,
        values,
    }
}

/// Appends the matcher's ops for `p` (prefix order); `None` for what it does not take (maps,
/// sets, malformed patterns), which then run as `fresh` and `==`.
fn pat_ops(
    p: &Value,
    quoted: bool,
    news: &[Arc<str>],
    seen: &mut [bool],
    ops: &mut Vec<PatOp>,
    values: &mut Vec<Source>,
) -> Option<()> {
    let mut is = |src: Source, ops: &mut Vec<PatOp>| {
        ops.push(PatOp::Is(values.len()));
        values.push(src);
    };
    match p {
        Value::Symbol(s) if quoted => is(Source::Const(Term::Sym(s.clone())), ops),
        Value::Symbol(s) if &**s == "_" => ops.push(PatOp::Any),
        Value::Symbol(s) => match news.iter().position(|n| n == s) {
            Some(k) if seen[k] => ops.push(PatOp::Same(k)),
            Some(k) => {
                seen[k] = true;
                ops.push(PatOp::Slot(k));
            }
            None => is(Source::Local(s.clone()), ops),
        },
        Value::EmptyList => ops.push(PatOp::Nil),
        Value::List(c) if c.0.is_sym("quote") => match c.1.uncons().ok()? {
            Some((q, _)) => pat_ops(&q, true, news, seen, ops, values)?,
            None => is(Source::Const(Term::sym("nil")), ops),
        },
        Value::List(c) if c.0.is_sym("unquote") && quoted => {
            let (x, _) = c.1.uncons().ok()??;
            pat_ops(&x, false, news, seen, ops, values)?
        }
        Value::Vector(_) | Value::List(_) => {
            let items = p.to_vec().ok()?;
            let dot = items.iter().position(|x| x.is_sym("."));
            if dot.is_none() && matches!(p, Value::Vector(_)) {
                ops.push(PatOp::Vector(items.len()));
                for x in &items {
                    pat_ops(x, quoted, news, seen, ops, values)?;
                }
                return Some(());
            }
            let heads = &items[..dot.unwrap_or(items.len())];
            for x in heads {
                ops.push(PatOp::Cons);
                pat_ops(x, quoted, news, seen, ops, values)?;
            }
            match dot {
                Some(d) => match &items[d + 1..] {
                    [t] if d > 0 => pat_ops(t, quoted, news, seen, ops, values)?,
                    _ => return None,
                },
                None => ops.push(PatOp::Nil),
            }
        }
        Value::Map(_) | Value::Set(_) => return None,
        other => is(Source::Const(to_term(other).ok()?), ops),
    }
    Some(())
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

/// A pattern as a template (core.logic's `p->term`): `_` is a fresh variable, `[a b . t]` a
/// partial list, vectors and maps keep their kind; in a quoted part symbols are themselves,
/// lists are lists and `~x` is the variable (or local) `x`.
fn compile_pat(p: &Value, quoted: bool) -> Pat {
    let bad = |e: Error| Pat::Bad(e.message().into());
    let pat = match p {
        Value::Symbol(s) if quoted => Pat::Const(Term::Sym(s.clone())),
        Value::Symbol(s) if &**s == "_" => Pat::Blank,
        Value::Symbol(s) => Pat::Local(s.clone()),
        Value::List(c) if c.0.is_sym("quote") => match c.1.uncons() {
            Ok(Some((q, _))) => compile_pat(&q, true),
            Ok(None) => Pat::Const(Term::sym("nil")),
            Err(e) => bad(e),
        },
        Value::List(c) if c.0.is_sym("unquote") && quoted => match c.1.uncons() {
            Ok(Some((x, _))) => compile_pat(&x, false),
            Ok(None) => Pat::Bad("~ needs a form in a pattern".into()),
            Err(e) => bad(e),
        },
        Value::Vector(_) | Value::List(_) => {
            let items = match p.to_vec() {
                Ok(items) => items,
                Err(e) => return bad(e),
            };
            if let Some(dot) = items.iter().position(|x| x.is_sym(".")) {
                let heads = items[..dot]
                    .iter()
                    .map(|x| compile_pat(x, quoted))
                    .collect();
                match &items[dot + 1..] {
                    [t] => Pat::List(heads, Box::new(compile_pat(t, quoted))),
                    _ => {
                        Pat::Bad(format!("a pattern needs exactly one form after `.`: {p}").into())
                    }
                }
            } else {
                let ps = items.iter().map(|x| compile_pat(x, quoted)).collect();
                match p {
                    Value::Vector(_) => Pat::Vector(ps),
                    _ => Pat::List(ps, Box::new(Pat::Const(Term::Nil))),
                }
            }
        }
        Value::Map(m) => Pat::Map(
            m.iter()
                .map(|(k, v)| (compile_pat(k, quoted), compile_pat(v, quoted)))
                .collect(),
        ),
        Value::Set(_) => Pat::Bad(format!("set patterns are not supported: {p}").into()),
        other => match to_term(other) {
            Ok(t) => Pat::Const(t),
            Err(e) => bad(e),
        },
    };
    // A compound pattern with no variable in it is one constant term.
    let parts_const = |ps: &[Pat]| ps.iter().all(|p| matches!(p, Pat::Const(_)));
    let konst = |p: &Pat| match p {
        Pat::Const(t) => t.clone(),
        _ => unreachable!("checked constant"),
    };
    match &pat {
        Pat::Vector(ps) if parts_const(ps) => Pat::Const(Term::Vector(
            ps.iter().map(konst).collect::<Vec<_>>().into(),
        )),
        Pat::List(ps, t) if parts_const(ps) && matches!(**t, Pat::Const(_)) => Pat::Const(
            Term::list_with_tail(ps.iter().map(konst).collect::<Vec<Term>>(), konst(t)),
        ),
        _ => pat,
    }
}

/// The term of a compiled pattern in the clause's environment.
fn pat_term(p: &Pat, env: &Env) -> Result<Term> {
    Ok(match p {
        Pat::Blank => Term::Var(Var::fresh()),
        Pat::Local(s) => to_term(
            &lookup_local(env, s)
                .ok_or_else(|| Error::msg(format!("unbound pattern symbol {s}")))?,
        )?,
        Pat::Const(t) => t.clone(),
        Pat::Vector(ps) => Term::Vector(
            ps.iter()
                .map(|x| pat_term(x, env))
                .collect::<Result<Vec<_>>>()?
                .into(),
        ),
        Pat::List(ps, t) => Term::list_with_tail(
            ps.iter()
                .map(|x| pat_term(x, env))
                .collect::<Result<Vec<_>>>()?,
            pat_term(t, env)?,
        ),
        Pat::Map(m) => Term::map(
            m.iter()
                .map(|(k, v)| Ok((pat_term(k, env)?, pat_term(v, env)?)))
                .collect::<Result<Vec<_>>>()?,
        ),
        Pat::Bad(msg) => return Err(Error::msg(msg.to_string())),
    })
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

//! The core.logic forms compiled ([`crate::eval::compile`]): `run`/`run*`/`run-nc`, `fresh`, `all`,
//! `conde`/`conda`/`condu`, `project` and `matche`/`matcha`/`matchu` (so the bodies of
//! `defne`, `defna` and `defnu`). They build the goals the interpreter's forms
//! (`forms`, `matche`) build, in the same order and as lazily: a goal's sub-goals
//! are made when the goal runs, so a relation that calls itself builds its body one step at a
//! time. What differs is that the forms are read once: patterns are planned, the scopes of the
//! pattern variables known, and the bodies compiled when the enclosing function is compiled.
//! `matche` is in `compile_matche`; the compiler runs this file's [`compile`] for the forms
//! named `l:...` (registered by `library::install`).

use crate::eval::compile::{all, compile as compile_form, effects, Code, Scope};
use crate::eval::{bind_all, Bindings, Env};
use crate::eval::{bind_slots, Names};
use crate::library::logic::compile_matche::{Clause, MatcheArgs};
use crate::library::logic::fd::{fd_arg, read_eq, EqRel};
use crate::library::logic::forms::{committed, disjunction, syms_of, Commit};
use crate::library::logic::plan::{self, Ctx, Planner, Plans};
use crate::library::logic::{fresh_var, guard, guarded, into_goal, to_term, tree};
use crate::value::error::{Error, Result};
use crate::value::Value;
use kanren::{Goal, Term, Var};
use smallvec::SmallVec;
use std::sync::{Arc, OnceLock};

/// A compiled core.logic form.
pub(crate) enum Logic {
    /// `fresh`: its names, its body, and the body planned over its variables (when it first
    /// runs as a goal of its own: a `fresh` inside a planned body is planned with it).
    Fresh(Arc<(Names, Body, OnceLock<Plans>)>),
    All(Arc<Body>),
    Conde(Commit, Arc<Vec<Body>>),
    /// `project`: the projected values' code, and as `fresh` its names, body and plan.
    Project(Vec<Code>, Arc<(Names, Body, OnceLock<Plans>)>),
    Matche(Commit, Box<MatcheArgs>, Arc<Vec<Clause>>),
    Run(Arc<Run>),
    /// `fd/eq`: its relations, each operand's code.
    FdEq(Arc<[EqRel<Code>]>),
}

/// A `run` form.
pub(crate) struct Run {
    n: Option<Code>,
    name: &'static str,
    form: &'static str,
    nc: bool,
    syms: Vec<Arc<str>>,
    as_name: Option<Arc<str>>,
    body: Body,
    /// The body planned over the query's variables (`syms`, then `as_name`'s).
    plan: Plans,
    /// The form as written (its label in tree mode).
    shown: Value,
}

/// The goal forms of a body, compiled, and the forms themselves: tree mode labels each goal
/// with its form (printed only then).
pub(crate) struct Body {
    pub(crate) code: Arc<[Code]>,
    forms: Vec<Value>,
    /// Set once building the body's goals had an effect (a compiled `all`'s, [`Reuse`]): its
    /// goals are not kept from then on, so they are not offered to be.
    effectful: std::sync::atomic::AtomicBool,
}

/// `forms` compiled in `scope`, as a body of goals.
pub(crate) fn body(scope: &mut Scope, forms: &[Value]) -> Body {
    Body {
        code: all(scope, forms).into(),
        forms: forms.to_vec(),
        effectful: std::sync::atomic::AtomicBool::new(false),
    }
}

/// The core.logic form `name` with the argument forms `a` compiled, or `None` to leave it to
/// the interpreter (other forms, malformed ones: the interpreter reports their errors).
pub(crate) fn compile(name: &str, a: &[Value], scope: &mut Scope) -> Option<Logic> {
    let kind = match name {
        "conda" | "matcha" => Commit::A,
        "condu" | "matchu" => Commit::U,
        _ => Commit::E,
    };
    Some(match name {
        "fresh" => {
            let (b, body) = a.split_first()?;
            let syms = syms_of(b, name).ok()?;
            let opened = scope.push(syms.clone());
            let body = self::body(scope, body);
            scope.pop(opened);
            Logic::Fresh(Arc::new((syms.into(), body, OnceLock::new())))
        }
        "all" => Logic::All(Arc::new(body(scope, a))),
        "conde" | "conda" | "condu" => {
            let clauses = a
                .iter()
                .map(|c| c.to_vec().ok())
                .collect::<Option<Vec<_>>>()?;
            let clauses = clauses.iter().map(|c| body(scope, c)).collect();
            Logic::Conde(kind, Arc::new(clauses))
        }
        "project" => {
            let (b, body) = a.split_first()?;
            let syms = syms_of(b, name).ok()?;
            let vals = syms
                .iter()
                .map(|s| compile_form(&Value::Symbol(s.clone()), scope))
                .collect();
            let opened = scope.push(syms.clone());
            let body = self::body(scope, body);
            scope.pop(opened);
            Logic::Project(vals, Arc::new((syms.into(), body, OnceLock::new())))
        }
        "matche" | "matcha" | "matchu" => {
            let (args, clauses) = crate::library::logic::compile_matche::matche(a, scope)?;
            Logic::Matche(kind, Box::new(args), Arc::new(clauses))
        }
        "run" | "run*" | "run-nc" | "run-nc*" => Logic::Run(Arc::new(run(name, a, scope)?)),
        // A malformed relation is left to the interpreter, which reports it when it runs.
        "fd/eq" => Logic::FdEq(
            a.iter()
                .map(|f| read_eq(f, &mut |x: &Value| compile_form(x, scope)).ok())
                .collect::<Option<_>>()?,
        ),
        _ => return None,
    })
}

fn run(name: &str, a: &[Value], scope: &mut Scope) -> Option<Run> {
    let star = name.ends_with('*');
    let (n, rest) = if star {
        (None, a)
    } else {
        let (n, rest) = a.split_first()?;
        (Some(compile_form(n, scope)), rest)
    };
    let (bindings, body) = rest.split_first()?;
    let (bindings, as_name) = crate::library::logic::forms::split_as(bindings);
    let syms = syms_of(&bindings, name).ok()?;
    if syms.is_empty() {
        return None;
    }
    let names: Names = syms.iter().chain(&as_name).cloned().collect();
    let opened = scope.push(names.to_vec());
    let body = self::body(scope, body);
    scope.pop(opened);
    let plan = Planner::top(&names).body(&body, if star { "run*" } else { "run" });
    Some(Run {
        n,
        name: if star { "run*" } else { "run" },
        form: match name {
            "run" => "run",
            "run*" => "run*",
            "run-nc" => "run-nc",
            _ => "run-nc*",
        },
        nc: name.contains("-nc"),
        syms,
        as_name,
        body,
        plan,
        shown: Value::list([Value::sym(name)].into_iter().chain(a.iter().cloned())),
    })
}

/// Each form's value as a goal (kept inline: `conj` takes up to four without allocating);
/// in tree mode, each recording its node, labelled with its form.
pub(crate) fn goals(body: &Body, env: &Env, who: &str) -> Result<Goals> {
    if tree::on() {
        return body
            .code
            .iter()
            .zip(&body.forms)
            .map(|(c, f)| Ok(tree::form_goal(f, into_goal(c.run(env)?, who)?)))
            .collect();
    }
    let mut gs = Goals::new();
    for c in body.code.iter() {
        gs.push(into_goal(c.run(env)?, who)?);
    }
    Ok(gs)
}

pub(crate) type Goals = SmallVec<[Goal; 4]>;

/// The goals `f` builds inside a running query, as [`guard`] builds one: after an error (or
/// Ctrl-C), the one goal that fails, and the query reports the error.
fn guard_all(f: impl FnOnce() -> Result<Goals>) -> Goals {
    guarded(f).unwrap_or_else(|failed| smallvec::smallvec![failed])
}

/// The disjunction of one goal per clause.
pub(crate) fn one_per_clause(kind: Commit, gs: Goals) -> Goal {
    let clauses = gs.into_iter().map(|g| [g]);
    match kind {
        Commit::E => kanren::conde(clauses),
        Commit::A => kanren::conda(clauses),
        Commit::U => kanren::condu(clauses),
    }
}

pub(crate) fn fresh_frame(env: &Env, names: &Names) -> Env {
    bind_slots(
        env,
        names,
        names
            .iter()
            .map(|s| Value::LVar(crate::library::logic::fresh_var(s)))
            .collect(),
    )
}

/// The goal a compiled `all`, `conde` or a committed choice's form builds when the search
/// applies it (for `all`, its goals), kept for the next application when building it had no
/// effect ([`effects`](crate::eval::compile::effects)) and the definitions are unchanged:
/// such a body, whose goals come from its environment through pure built-ins (`==`, `!=`,
/// arithmetic, `project`, `fresh`, ...), builds equal goals each time, so a goal applied in
/// every branch of a search (`(defn safeo [a b] (all ...))` after a `membero`) is built once.
/// core.logic builds it at every application; only the count of builds differs.
struct Reuse<T = Goal>(OnceLock<(u64, T)>);

impl<T: Clone> Reuse<T> {
    fn new() -> Reuse<T> {
        Reuse(OnceLock::new())
    }

    /// The goal kept, or `build`'s, kept if it may be.
    fn goal(&self, build: impl FnOnce() -> Result<T>) -> Result<T> {
        self.goal_noting(build, || {})
    }

    /// [`Reuse::goal`], calling `effect` when building had an effect.
    fn goal_noting(&self, build: impl FnOnce() -> Result<T>, effect: impl FnOnce()) -> Result<T> {
        let gen = crate::eval::ns::generation();
        if let Some((g, goal)) = self.0.get() {
            if *g == gen {
                return Ok(goal.clone());
            }
        }
        let before = effects();
        let goal = build()?;
        if effects() != before {
            effect();
        } else if crate::eval::ns::generation() == gen {
            let _ = self.0.set((gen, goal.clone()));
        }
        Ok(goal)
    }
}

impl crate::value::func::Compiled for Logic {
    fn pure(&self) -> bool {
        !matches!(self, Logic::Run(_))
    }

    fn run(&self, env: &Env) -> Result<Value> {
        let env = env.clone();
        Ok(Value::Goal(match self {
            Logic::Fresh(b) => {
                let (b, cx) = (b.clone(), Ctx::at(&env));
                kanren::fresh(move |[]: [Var; 0]| {
                    guard(|| {
                        if tree::on() {
                            return Ok(kanren::conj(goals(
                                &b.1,
                                &fresh_frame(&env, &b.0),
                                "fresh",
                            )?));
                        }
                        let vars: plan::Terms =
                            b.0.iter().map(|name| Term::Var(fresh_var(name))).collect();
                        plan::conj(planned(&b, "fresh"), &cx, &plan::Scope::over(&vars))
                    })
                })
            }
            Logic::All(b) if tree::on() => {
                let b = b.clone();
                Goal::lazy(move || guard(|| Ok(kanren::conj(goals(&b, &env, "all")?))))
            }
            // The goals go to the search as they are, no conjunction made of them; a body
            // whose goals had an effect to build (`init`'s, which calls a function) is not
            // offered to be kept again.
            Logic::All(b) if b.effectful.load(std::sync::atomic::Ordering::Relaxed) => {
                let b = b.clone();
                Goal::lazy_conj(move || guard_all(|| goals(&b, &env, "all")))
            }
            Logic::All(b) => {
                let (b, kept) = (b.clone(), Reuse::<Goals>::new());
                Goal::lazy_conj(move || {
                    let effectful = || {
                        b.effectful
                            .store(true, std::sync::atomic::Ordering::Relaxed)
                    };
                    guard_all(|| kept.goal_noting(|| goals(&b, &env, "all"), effectful))
                })
            }
            Logic::Conde(Commit::E, clauses) if tree::on() => {
                // Tree mode: the conde and each clause tried record their nodes.
                let clauses = clauses.clone();
                let shown = Value::list(
                    [Value::sym("conde")]
                        .into_iter()
                        .chain(clauses.iter().map(|c| Value::vector(c.forms.clone()))),
                );
                Goal::lazy(move || {
                    guard(|| {
                        let gs = clauses
                            .iter()
                            .map(|c| {
                                Ok((
                                    Value::vector(c.forms.clone()),
                                    goals(c, &env, "conde")?.into_vec(),
                                ))
                            })
                            .collect::<Result<Vec<_>>>()?;
                        Ok(tree::conde(&shown, gs))
                    })
                })
            }
            Logic::Conde(Commit::E, clauses) => {
                let (clauses, kept) = (clauses.clone(), Reuse::new());
                Goal::lazy(move || {
                    guard(|| {
                        kept.goal(|| {
                            let gs = clauses
                                .iter()
                                .map(|c| goals(c, &env, "conde"))
                                .collect::<Result<Vec<_>>>()?;
                            Ok(kanren::conde(gs))
                        })
                    })
                })
            }
            Logic::Conde(kind, clauses) => committed_choice(*kind, clauses, env),
            Logic::Project(vals, b) => {
                let terms = vals
                    .iter()
                    .map(|c| to_term(&c.run(&env)?))
                    .collect::<Result<Vec<_>>>()?;
                let b = b.clone();
                if !tree::on() && !crate::library::logic::custom::active() {
                    // The body planned over the projected values, the locals around it
                    // read from `env`.
                    let cx = Ctx::at(&env);
                    return Ok(Value::Goal(kanren::project_shared(
                        terms,
                        move |values: &[Term]| {
                            guard(|| {
                                let plans = planned(&b, "project");
                                plan::conj(plans, &cx, &plan::Scope::over(values))
                            })
                        },
                    )));
                }
                Goal::new(move |s| {
                    let g = guard(|| {
                        let e = bind_slots(
                            &env,
                            &b.0,
                            terms
                                .iter()
                                .map(|t| crate::library::logic::custom::projected(&s, t))
                                .collect(),
                        );
                        Ok(kanren::conj(goals(&b.1, &e, "project")?))
                    });
                    kanren::Stream::suspend(move || g.apply(s))
                })
            }
            Logic::Matche(kind, m, clauses) => {
                crate::library::logic::compile_matche::matche_goal(*kind, m, clauses, env)?
            }
            Logic::Run(r) => return run_query(r, env),
            Logic::FdEq(rels) => kanren::conj(
                rels.iter()
                    .map(|r| r.goal(&mut |c: &Code| fd_arg(&c.run(&env)?, "eq")))
                    .collect::<Result<Vec<_>>>()?,
            ),
        }))
    }
}

/// The plan of a `fresh`'s or a `project`'s body over its own names, made the first time.
fn planned<'a>(b: &'a (Names, Body, OnceLock<Plans>), who: &'static str) -> &'a Plans {
    b.2.get_or_init(|| Planner::top(&b.0).body(&b.1, who))
}

/// `conda`/`condu`: each clause built as the search tries it, as [`committed`] builds it (as
/// the interpreter's `committed_choice`); its pure forms' goals kept for the next application.
fn committed_choice(kind: Commit, clauses: &Arc<Vec<Body>>, env: Env) -> Goal {
    if !tree::on() {
        let sizes = clauses.iter().map(|c| c.code.len()).collect();
        let kept: Arc<[Vec<Reuse>]> = clauses
            .iter()
            .map(|c| c.code.iter().map(|_| Reuse::new()).collect())
            .collect();
        let c = clauses.clone();
        return committed(kind, sizes, move |i, j| {
            guard(|| kept[i][j].goal(|| into_goal(c[i].code[j].run(&env)?, "conde")))
        });
    }
    let built = (0..clauses.len())
        .map(|i| {
            // One goal per form, each built when the search reaches it (as the
            // interpreter's `committed_choice` in tree mode).
            (0..clauses[i].code.len())
                .map(|j| {
                    let (c, e) = (clauses.clone(), env.clone());
                    let g = Goal::lazy(move || guard(|| into_goal(c[i].code[j].run(&e)?, "conde")));
                    tree::form_goal(&clauses[i].forms[j], g)
                })
                .collect()
        })
        .collect();
    disjunction(kind, built)
}

/// A `run` form: its answers as a lazy seq.
fn run_query(r: &Arc<Run>, env: Env) -> Result<Value> {
    let n = match &r.n {
        None => None,
        Some(c) => match c.run(&env)? {
            Value::Int(n) if n >= 0 => Some(n as usize),
            Value::Bool(false) | Value::Nil => None,
            other => {
                return Err(Error::msg(format!(
                    "{}: the number of answers must be a non-negative integer (or false for all), got {other}",
                    r.form
                )))
            }
        },
    };
    let (run, cx) = (r.clone(), Ctx::of(env));
    let f = move |q: Var| -> Result<Goal> {
        // The query's variables (`q` itself for one), then `q` for `:as`.
        let n = run.syms.len();
        if n == 1 && run.as_name.is_none() && !tree::on() {
            // The one term where the body reads it: no vector of terms made and copied.
            return plan::query(&run.plan, &cx, q);
        }
        // On the stack: a goal that keeps them takes them as a slice of its own.
        let slots: plan::Terms = (0..n + usize::from(run.as_name.is_some()))
            .map(|i| Term::Var(if n == 1 || i >= n { q } else { Var::fresh() }))
            .collect();
        if n == 1 && !tree::on() {
            return plan::conj(&run.plan, &cx, &plan::Scope::over(&slots));
        }
        let mut goals_ = Goals::new();
        if n > 1 {
            goals_.push(kanren::eq(q, Term::Vector(slots[..n].into())));
        }
        let mut body = if tree::on() {
            let mut bs = Bindings::new();
            let names = run.syms.iter().chain(&run.as_name);
            bs.extend(
                names
                    .zip(slots.iter())
                    .map(|(s, t)| (s.clone(), crate::library::logic::from_search_term(t))),
            );
            goals(&run.body, &bind_all(&cx.env(), bs), run.name)?
        } else {
            plan::goals(&run.plan, &cx, &plan::Scope::over(&slots))?
        };
        if goals_.is_empty() {
            // One goal is its own conjunction.
            return Ok(match body.len() {
                1 => body.pop().expect("one goal"),
                _ => kanren::conj(body),
            });
        }
        goals_.extend(body);
        Ok(kanren::conj(goals_))
    };
    // The form as written labels the query's node in tree mode only.
    let shown = tree::on().then(|| r.shown.clone());
    Ok(crate::library::logic::query_answers(
        n,
        r.nc,
        move || shown.unwrap_or(Value::Nil),
        f,
    ))
}

#[cfg(test)]
mod tests {
    use super::Reuse;
    use std::cell::Cell;

    #[test]
    fn a_goal_is_kept_unless_building_it_had_an_effect_or_the_definitions_changed() {
        let builds = Cell::new(0);
        let build = || {
            builds.set(builds.get() + 1);
            Ok(kanren::succeed())
        };
        let kept = Reuse::new();
        for _ in 0..3 {
            let _ = kept.goal(build).expect("a goal");
        }
        assert_eq!(builds.get(), 1);

        let noisy = Reuse::new();
        for _ in 0..3 {
            let _ = noisy
                .goal(|| {
                    crate::eval::compile::effect();
                    build()
                })
                .expect("a goal");
        }
        assert_eq!(builds.get(), 4);

        crate::eval::ns::define("user", "x", crate::value::Value::Nil);
        let _ = kept.goal(build).expect("a goal");
        assert_eq!(builds.get(), 5);
    }
}

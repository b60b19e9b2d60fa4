//! `matche`/`matcha`/`matchu` compiled (so the bodies of `defne`, `defna` and `defnu`): the
//! patterns of each clause planned once, with the scope of their new variables known, and the
//! goals built as the interpreter's `matche` builds them (one level per pattern that is
//! not `_`, on the engine's matcher where it takes the pattern).

use crate::eval::compile::{all, Code, Scope};
use crate::eval::{bind_all, lookup_local, Bindings, Env};
use crate::eval::{bind_slots, Names};
use crate::library::logic::compile::{body, fresh_frame, goals, one_per_clause, Body, Goals};
use crate::library::logic::forms::Commit;
use crate::library::logic::pattern::{compile_pat, pat_term, plan_with, Pat, Plan, Source};
use crate::library::logic::{guard, to_term, tree};
use crate::value::error::{Error, Result};
use crate::value::Value;
use kanren::{Goal, State, Stream, Term, Var};
use std::sync::Arc;

/// The arguments of a `matche`: their code, and the argument symbols that are not locals
/// (bound around the clauses to their values, as in core.logic), by argument index.
pub(crate) struct MatcheArgs {
    args: Vec<Code>,
    named: Vec<(Arc<str>, usize)>,
    /// The form as written (its label in tree mode).
    shown: Value,
}

/// One clause of a `matche`: a step per pattern that is not `_`, then the body.
pub(crate) struct Clause {
    steps: Vec<Step>,
    body: Body,
    /// The clause as written (its branch's label in tree mode).
    shown: Value,
}

/// A pattern of a clause, for the argument `arg`.
struct Step {
    arg: usize,
    plan: Plan,
    /// The terms of the plan's `Is` ops when they are all constants: made once.
    constants: Option<Arc<[Term]>>,
    template: Pat,
    /// `(== pattern arg)` as written (its label in tree mode).
    shown: Value,
}

pub(crate) fn matche(a: &[Value], scope: &mut Scope) -> Option<(MatcheArgs, Vec<Clause>)> {
    let (Value::Vector(arg_forms), clauses) = a.split_first()? else {
        return None;
    };
    let args = all(scope, arg_forms);
    let named: Vec<(Arc<str>, usize)> = arg_forms
        .iter()
        .enumerate()
        .filter_map(|(i, f)| match f {
            Value::Symbol(s) if !scope.is_local(s) => Some((s.clone(), i)),
            _ => None,
        })
        .collect();
    let opened = scope.push(named.iter().map(|(s, _)| s.clone()).collect());
    let mut out = Vec::new();
    for c in clauses {
        let items = c.to_vec().ok()?;
        let (Value::Vector(pats), body) = items.split_first()? else {
            scope.pop(opened);
            return None;
        };
        if pats.len() != arg_forms.len() {
            scope.pop(opened);
            return None;
        }
        let mut steps = Vec::new();
        let mut frames = Vec::new();
        for (i, p) in pats.iter().enumerate() {
            let template = compile_pat(p, false);
            if matches!(template, Pat::Blank) {
                continue;
            }
            let plan = plan_with(p, &|s| scope.is_local(s));
            frames.push(scope.push(plan.news.to_vec()));
            let constants = plan
                .values
                .iter()
                .map(|v| match v {
                    Source::Const(t) => Some(t.clone()),
                    Source::Local(_) => None,
                })
                .collect::<Option<Vec<_>>>()
                .map(Arc::from);
            steps.push(Step {
                arg: i,
                plan,
                constants,
                template,
                shown: Value::list([Value::sym("=="), p.clone(), arg_forms[i].clone()]),
            });
        }
        let body = self::body(scope, body);
        for f in frames.into_iter().rev() {
            scope.pop(f);
        }
        out.push(Clause {
            steps,
            body,
            shown: c.clone(),
        });
    }
    scope.pop(opened);
    let shown = Value::list([Value::sym("matche")].into_iter().chain(a.iter().cloned()));
    Some((MatcheArgs { args, named, shown }, out))
}

/// The goal of a compiled `matche` in `env`: its arguments evaluated now, its clauses built
/// when the goal runs. A `matche` (and so a `defne`) is one engine relation whose clauses are
/// data ([`kanren::clause_relation_shared`]): a clause's pattern levels are matched at once
/// when the search reaches it ([`clause_stream`]); `matcha`/`matchu` are a `conda`/`condu`
/// of the clauses' goals.
pub(crate) fn matche_goal(
    kind: Commit,
    m: &MatcheArgs,
    clauses: &Arc<Vec<Clause>>,
    env: Env,
) -> Result<Goal> {
    let mut named = Bindings::new();
    let args = crate::value::convert::terms_of(m.args.len(), |i| {
        let v = m.args[i].run(&env)?;
        for (s, _) in m.named.iter().filter(|(_, j)| *j == i) {
            named.push((s.clone(), v.clone()));
        }
        to_term(&v)
    })?;
    let e = match named.is_empty() {
        true => env,
        false => bind_all(&env, named),
    };
    let clauses = clauses.clone();
    if let (Commit::E, true) = (kind, tree::on()) {
        // Tree mode: each clause tried is a branch, its pattern levels unifications.
        let shown = m.shown.clone();
        return Ok(Goal::lazy(move || {
            guard(|| {
                let gs = (0..clauses.len())
                    .map(|k| {
                        let g = step(&args, &clauses, k, 0, e.clone())?;
                        Ok((clauses[k].shown.clone(), vec![g]))
                    })
                    .collect::<Result<Vec<_>>>()?;
                Ok(tree::conde(&shown, gs))
            })
        }));
    }
    if let Commit::E = kind {
        let n = clauses.len();
        return Ok(kanren::clause_relation_shared(
            args.clone(),
            n,
            move |_, k, s| clause_stream(&args, &clauses, k, s, &e),
        ));
    }
    Ok(Goal::lazy(move || {
        guard(|| {
            let gs = (0..clauses.len())
                .map(|k| step(&args, &clauses, k, 0, e.clone()))
                .collect::<Result<Goals>>()?;
            Ok(one_per_clause(kind, gs))
        })
    }))
}

/// Clause `k`'s stream in `s`: each pattern level one suspension, as core.logic's nested
/// `(fresh [..] (== pattern arg) ...)`, all matched now, and the body built when the search
/// gets past them (`Stream::delayed`), or the suspensions up to the level that does not match
/// (`Stream::paused`). A clause with a pattern the engine's matcher does not take, or any
/// clause once a program's term types are in use, is its goal of nested levels instead.
fn clause_stream(
    args: &Arc<[Term]>,
    clauses: &Arc<Vec<Clause>>,
    k: usize,
    s: State,
    env: &Env,
) -> Stream {
    let c = &clauses[k];
    if crate::library::logic::custom::active() || c.steps.iter().any(|st| st.plan.ops.is_none()) {
        let (args, clauses, env) = (args.clone(), clauses.clone(), env.clone());
        return guard(move || step(&args, &clauses, k, 0, env)).apply(s);
    }
    let mut env = env.clone();
    let mut bound: Option<State> = None;
    for (level, st) in c.steps.iter().enumerate() {
        let ops = st.plan.ops.as_deref().unwrap_or_default();
        let values = match values_of(st, &env) {
            Ok(v) => v,
            Err(e) => return Stream::delayed(level as u32, guard(|| Err(e)), bound.unwrap_or(s)),
        };
        let mut slots = vec![Term::Nil; st.plan.news.len()];
        let at = bound.as_ref().unwrap_or(&s);
        match kanren::match_shared(ops, &values, &args[st.arg], at, &mut slots) {
            None => return Stream::paused(level as u32 + 1),
            Some(Some(b)) => bound = Some(b),
            Some(None) => {}
        }
        env = bind_news(&env, &st.plan.news, &slots);
    }
    let clauses = clauses.clone();
    let body =
        Goal::lazy(move || guard(|| Ok(kanren::conj(goals(&clauses[k].body, &env, "matche")?))));
    Stream::delayed(c.steps.len() as u32, body, bound.unwrap_or(s))
}

/// `env` with a pattern level's new variables bound to the terms its match found for them.
fn bind_news(env: &Env, news: &Names, slots: &[Term]) -> Env {
    bind_slots(
        env,
        news,
        slots
            .iter()
            .map(crate::library::logic::from_search_term)
            .collect(),
    )
}

/// The terms of a step's pattern operands: its constants, or the locals they name in `env`.
fn values_of(st: &Step, env: &Env) -> Result<Arc<[Term]>> {
    if let Some(c) = &st.constants {
        return Ok(c.clone());
    }
    let values = &st.plan.values;
    crate::value::convert::terms_of(values.len(), |i| match &values[i] {
        Source::Const(t) => Ok(t.clone()),
        Source::Local(s) => to_term(
            &lookup_local(env, s)
                .ok_or_else(|| Error::msg(format!("unbound pattern symbol {s}")))?,
        ),
    })
}

/// The goal of clause `k` from step `s` on: core.logic's `(fresh [new vars] (== pattern arg)
/// rest)` (by the engine's matcher when it takes the pattern), or the body after the last.
fn step(
    args: &Arc<[Term]>,
    clauses: &Arc<Vec<Clause>>,
    k: usize,
    s: usize,
    env: Env,
) -> Result<Goal> {
    let c = &clauses[k];
    let Some(st) = c.steps.get(s) else {
        return Ok(kanren::conj(goals(&c.body, &env, "matche")?));
    };
    let (args2, clauses2) = (args.clone(), clauses.clone());
    // Once a program's term types are in use (or in tree mode, where each pattern is a
    // traced unification), every pattern unifies through `==`.
    let by_eq = crate::library::logic::custom::active() || tree::on();
    if let (Some(ops), false) = (&st.plan.ops, by_eq) {
        let values = values_of(st, &env)?;
        return Ok(kanren::fresh_match_shared(
            ops.clone(),
            st.plan.news.len(),
            values,
            args[st.arg].clone(),
            move |slots: Vec<Term>| {
                guard(|| {
                    let e = bind_news(&env, &clauses2[k].steps[s].plan.news, &slots);
                    step(&args2, &clauses2, k, s + 1, e)
                })
            },
        ));
    }
    Ok(kanren::fresh(move |[]: [Var; 0]| {
        guard(|| {
            let st = &clauses2[k].steps[s];
            let e = fresh_frame(&env, &st.plan.news);
            let t = pat_term(&st.template, &e)?;
            let rest = step(&args2, &clauses2, k, s + 1, e)?;
            let mut eq = crate::library::logic::custom::eq(t, args2[st.arg].clone());
            if tree::on() {
                eq = tree::form_goal(&st.shown, eq);
            }
            Ok(kanren::conj([eq, rest]))
        })
    }))
}

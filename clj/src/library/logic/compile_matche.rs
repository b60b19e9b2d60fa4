//! `matche`/`matcha`/`matchu` compiled (so the bodies of `defne`, `defna` and `defnu`): the
//! patterns of each clause planned once, with the scope of their new variables known, and the
//! goals built as the interpreter's `matche` builds them (one level per pattern that is
//! not `_`, on the engine's matcher where it takes the pattern).

use crate::eval::compile::{all, Code, Scope};
use crate::eval::{bind_all, lookup_local, Bindings, Env};
use crate::library::logic::compile::{fresh_frame, goals, one_per_clause, Goals};
use crate::library::logic::forms::Commit;
use crate::library::logic::pattern::{compile_pat, pat_term, plan_with, Pat, Plan, Source};
use crate::library::logic::{guard, to_term};
use crate::value::error::{Error, Result};
use crate::value::Value;
use kanren::{Goal, Term, Var};
use std::sync::Arc;

/// The arguments of a `matche`: their code, and the argument symbols that are not locals
/// (bound around the clauses to their values, as in core.logic), by argument index.
pub(crate) struct MatcheArgs {
    args: Vec<Code>,
    named: Vec<(Arc<str>, usize)>,
}

/// One clause of a `matche`: a step per pattern that is not `_`, then the body.
pub(crate) struct Clause {
    steps: Vec<Step>,
    body: Vec<Code>,
}

/// A pattern of a clause, for the argument `arg`.
struct Step {
    arg: usize,
    plan: Plan,
    /// The terms of the plan's `Is` ops when they are all constants: made once.
    constants: Option<Arc<[Term]>>,
    template: Pat,
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
            frames.push(scope.push(plan.news.clone()));
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
            });
        }
        let body = all(scope, body);
        for f in frames.into_iter().rev() {
            scope.pop(f);
        }
        out.push(Clause { steps, body });
    }
    scope.pop(opened);
    Some((MatcheArgs { args, named }, out))
}

/// The goal of a compiled `matche` in `env`: its arguments evaluated now, its clauses built
/// when the goal runs.
pub(crate) fn matche_goal(
    kind: Commit,
    m: &MatcheArgs,
    clauses: &Arc<Vec<Clause>>,
    env: Env,
) -> Result<Goal> {
    let mut named = Bindings::new();
    let mut terms = Vec::with_capacity(m.args.len());
    for (i, c) in m.args.iter().enumerate() {
        let v = c.run(&env)?;
        terms.push(to_term(&v)?);
        for (s, _) in m.named.iter().filter(|(_, j)| *j == i) {
            named.push((s.clone(), v.clone()));
        }
    }
    let e = bind_all(&env, named);
    let (args, clauses) = (Arc::new(terms), clauses.clone());
    Ok(Goal::lazy(move || {
        guard(|| {
            let gs = (0..clauses.len())
                .map(|k| step(&args, &clauses, k, 0, e.clone()))
                .collect::<Result<Goals>>()?;
            Ok(one_per_clause(kind, gs))
        })
    }))
}

/// The goal of clause `k` from step `s` on: core.logic's `(fresh [new vars] (== pattern arg)
/// rest)` (by the engine's matcher when it takes the pattern), or the body after the last.
fn step(
    args: &Arc<Vec<Term>>,
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
    // Once a program's term types are in use, every pattern unifies through `==`.
    if let (Some(ops), false) = (&st.plan.ops, crate::library::logic::custom::active()) {
        let values = match &st.constants {
            Some(c) => c.clone(),
            None => st
                .plan
                .values
                .iter()
                .map(|v| match v {
                    Source::Const(t) => Ok(t.clone()),
                    Source::Local(s) => to_term(
                        &lookup_local(&env, s)
                            .ok_or_else(|| Error::msg(format!("unbound pattern symbol {s}")))?,
                    ),
                })
                .collect::<Result<Vec<_>>>()?
                .into(),
        };
        return Ok(kanren::fresh_match_shared(
            ops.clone(),
            st.plan.news.len(),
            values,
            args[st.arg].clone(),
            move |slots: Vec<Term>| {
                guard(|| {
                    let news = &clauses2[k].steps[s].plan.news;
                    let e = bind_all(
                        &env,
                        news.iter()
                            .zip(&slots)
                            .map(|(n, t)| (n.clone(), crate::library::logic::from_search_term(t)))
                            .collect(),
                    );
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
            Ok(kanren::conj([
                crate::library::logic::custom::eq(t, args2[st.arg].clone()),
                rest,
            ]))
        })
    }))
}

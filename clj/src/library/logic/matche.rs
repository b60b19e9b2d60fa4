//! `matche`/`matcha`/`matchu` (and so `defne` and `fne`, whose bodies are one `matche`):
//! expanded as core.logic's macro expands, per clause one nested `fresh` per pattern that is
//! not `_`, declaring the pattern's new variables and unifying it with its argument; the
//! engine's matcher ([`kanren::fresh_match_shared`]) does that `fresh` without making the
//! variables when the argument already has the pattern's shape.

use crate::eval::{bind_all, eval, lookup_local, Bindings, Env};
use crate::library::logic::forms::{disjunction, goals_of, parsed, Commit};
use crate::library::logic::pattern::{compile_pat, pat_term, plan_of, Pat, Plan, Source};
use crate::library::logic::{guard, to_term, tree};
use crate::value::error::{Error, Result};
use crate::value::Value;
use kanren::{Goal, Term, Var};
use std::sync::{Arc, OnceLock};

/// A `matche` form, parsed: the argument forms and the clauses.
struct MatchForm {
    args: Vec<Value>,
    clauses: Vec<Clause>,
    /// The form as written (its label in tree mode).
    shown: Value,
}

/// One clause of a `matche`: its patterns (as written and as templates) and body.
struct Clause {
    pats: Vec<Value>,
    templates: Vec<Pat>,
    /// How each pattern runs, planned on the clause's first run: which symbols are locals
    /// depends only on where the form is written, so it is the same at every run.
    plans: Vec<OnceLock<Plan>>,
    body: Vec<Value>,
    /// The clause as written (its branch's label in tree mode).
    shown: Value,
}

/// The `matche` form `(matche [args] clauses...)` as a goal.
pub(crate) fn matche_form(kind: Commit, name: &str, tail: &Value, env: &Env) -> Result<Value> {
    let form = parsed(tail, |a| {
        let mut m = parse_match(a, name)?;
        m.shown = Value::list([Value::sym(name)].into_iter().chain(a.iter().cloned()));
        Ok(m)
    })?;
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
            pats: pats.to_vec(),
            templates: pats.iter().map(|p| compile_pat(p, false)).collect(),
            plans: pats.iter().map(|_| OnceLock::new()).collect(),
            body: body.to_vec(),
            shown: c.clone(),
        });
    }
    Ok(MatchForm {
        args: arg_forms.to_vec(),
        clauses: out,
        shown: Value::Nil,
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
            if let (Commit::E, true) = (kind, tree::on()) {
                // Tree mode: each clause tried is a branch.
                let gs = gs
                    .into_iter()
                    .zip(&form.clauses)
                    .map(|(g, c)| (c.shown.clone(), g))
                    .collect();
                return Ok(tree::conde(&form.shown, gs));
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
    // Once a program's term types are in use (or in tree mode, where each pattern is a
    // traced unification), every pattern unifies through `==`.
    let by_eq = crate::library::logic::custom::active() || tree::on();
    if let (Some(ops), false) = (&plan.ops, by_eq) {
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
                            .map(|(s, t)| (s.clone(), crate::library::logic::from_search_term(t)))
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
            let mut eq = crate::library::logic::custom::eq(t, args[i].clone());
            if tree::on() {
                let shown = [Value::sym("=="), c.pats[i].clone(), form.args[i].clone()];
                eq = tree::form_goal(&Value::list(shown), eq);
            }
            Ok(kanren::conj([eq, rest]))
        })
    }))
}

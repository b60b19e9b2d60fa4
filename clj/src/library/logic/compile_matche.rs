//! `matche`/`matcha`/`matchu` compiled (so the bodies of `defne`, `defna` and `defnu`): the
//! patterns of each clause planned once, with the scope of their new variables known, and the
//! goals built as the interpreter's `matche` builds them (one level per pattern that is
//! not `_`, on the engine's matcher where it takes the pattern). Each clause's body is also
//! planned over terms ([`plan`](crate::library::logic::plan)): a clause the matcher takes
//! builds its body from the terms it matched.

use crate::eval::compile::{all, Code, Op, Scope};
use crate::eval::{bind_all, lookup_local, Bindings, Env};
use crate::eval::{bind_slots, Names};
use crate::library::logic::compile::Logic;
use crate::library::logic::compile::{body, fresh_frame, goals, one_per_clause, Body, Goals};
use crate::library::logic::forms::Commit;
use crate::library::logic::pattern::{compile_pat, pat_term, plan_with, Pat, Plan, Source};
use crate::library::logic::plan::{Base, Ctx, Place, Planner, Plans, SharedCtx};
use crate::library::logic::{guard, to_term, tree};
use crate::value::error::{Error, Result};
use crate::value::Value;
use kanren::{Goal, State, Stream, Term, Var};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

/// The arguments of a `matche`: their code, and the argument symbols that are not locals
/// (bound around the clauses to their values, as in core.logic), by argument index.
pub(crate) struct MatcheArgs {
    args: Vec<Code>,
    named: Vec<(Arc<str>, usize)>,
    /// The length of the frame the arguments are read from, when the `matche` is a
    /// function's whole body and its arguments are the function's parameters in order: the
    /// relation can then be entered with its arguments' terms ([`clauses_of_body`]).
    direct: Option<u32>,
    /// The form as written (its label in tree mode).
    shown: Value,
}

/// One clause of a `matche`: a step per pattern that is not `_`, then the body.
pub(crate) struct Clause {
    steps: Vec<Step>,
    body: Body,
    /// The body planned over the clause's terms.
    plan: Plans,
    /// How many terms the clause's patterns bind, the arguments included.
    slots: u32,
    /// Whether the body is built when the search reaches it, not as the clause matches
    /// (set once building it early came to Clojure code or an error: `plan::built_now`).
    later: AtomicBool,
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
    /// Where each local the plan's `Is` ops read is (`None` for a constant).
    places: Vec<Option<Place>>,
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
    let direct = match (scope.depth(), named.is_empty()) {
        (1, true) => {
            let len = scope.frame_len(0);
            let from = len.checked_sub(args.len())?;
            let params = args
                .iter()
                .enumerate()
                .all(|(j, c)| matches!(c, Code::Local(0, i) if *i as usize == from + j));
            params.then_some(len as u32)
        }
        _ => None,
    };
    let arg_places = args
        .iter()
        .enumerate()
        .filter_map(|(j, c)| match c {
            Code::Local(h, i) => Some(((h + u32::from(!named.is_empty()), *i), j as u32)),
            _ => None,
        })
        .collect::<Vec<_>>();
    let opened = scope.push(named.iter().map(|(s, _)| s.clone()).collect());
    let mut planner = Planner {
        frames: Vec::new(),
        chain: None,
        next: args.len() as u32,
        args: arg_places,
    };
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
        planner.frames.clear();
        planner.chain = None;
        planner.next = args.len() as u32;
        for (i, p) in pats.iter().enumerate() {
            let template = compile_pat(p, false);
            if matches!(template, Pat::Blank) {
                continue;
            }
            let plan = plan_with(p, &|s| scope.is_local(s));
            // A local read in place: a `letfn`'s function has no slot to read, so a pattern
            // that names one leaves the `matche` to the interpreter.
            let places = plan
                .values
                .iter()
                .map(|v| match v {
                    Source::Const(_) => Some(None),
                    Source::Local(s) => {
                        scope.lookup_slot(s).map(|(h, i)| Some(planner.place(h, i)))
                    }
                })
                .collect::<Option<Vec<_>>>();
            let Some(places) = places else {
                for f in frames.into_iter().rev() {
                    scope.pop(f);
                }
                scope.pop(opened);
                return None;
            };
            frames.push(scope.push(plan.news.to_vec()));
            planner.push(&plan.news);
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
                places,
                shown: Value::list([Value::sym("=="), p.clone(), arg_forms[i].clone()]),
            });
        }
        let body = self::body(scope, body);
        for f in frames.into_iter().rev() {
            scope.pop(f);
        }
        let slots = planner.next;
        out.push(Clause {
            steps,
            plan: planner.body(&body, "matche"),
            body,
            slots,
            later: AtomicBool::new(false),
            shown: c.clone(),
        });
    }
    scope.pop(opened);
    let shown = Value::list([Value::sym("matche")].into_iter().chain(a.iter().cloned()));
    Some((
        MatcheArgs {
            args,
            named,
            direct,
            shown,
        },
        out,
    ))
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
    let named = std::cell::RefCell::new(Bindings::new());
    let term = |i: usize| {
        let v = m.args[i].run(&env)?;
        for (s, _) in m.named.iter().filter(|(_, j)| *j == i) {
            named.borrow_mut().push((s.clone(), v.clone()));
        }
        to_term(&v)
    };
    let with_named = |env: &Env, named: Bindings| match named.is_empty() {
        true => env.clone(),
        false => bind_all(env, named),
    };
    if let (Commit::E, false) = (kind, tree::on()) {
        // The terms written where the call's context keeps them.
        let cx = SharedCtx::new(m.args.len(), term, || {
            let e = with_named(&env, named.take());
            (Base::Env(e), Some(clauses.clone()))
        })?;
        return Ok(matche_terms(cx));
    }
    let args = crate::value::convert::terms_of(m.args.len(), term)?;
    let e = with_named(&env, named.take());
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
    Ok(Goal::lazy(move || {
        guard(|| {
            let gs = (0..clauses.len())
                .map(|k| step(&args, &clauses, k, 0, e.clone()))
                .collect::<Result<Goals>>()?;
            Ok(one_per_clause(kind, gs))
        })
    }))
}

/// A `defne` relation's goal for a call `cx`: one engine relation whose clauses are data
/// ([`kanren::clause_relation_shared`]), a clause's pattern levels matched at once when the
/// search reaches it ([`clause_stream`]).
pub(crate) fn matche_terms(cx: SharedCtx) -> Goal {
    let n = clauses_of(&cx).len();
    kanren::clause_relation_shared(cx, n, clause_stream)
}

/// The clauses of an arity's compiled body `code`, if a call with `n` arguments can enter
/// it with their terms: the body is a `matche` (`matche`'s own, not `matcha`'s or
/// `matchu`'s) over the parameters in order, which come after `named` names in its frame.
pub(crate) fn clauses_of_body(code: &Code, n: usize, named: u32) -> Option<Arc<Vec<Clause>>> {
    let Code::Form(f) = code else {
        return None;
    };
    let Op::Ext(x) = &f.op else {
        return None;
    };
    let any: &dyn std::any::Any = x.as_ref();
    let Some(Logic::Matche(Commit::E, m, clauses)) = any.downcast_ref::<Logic>() else {
        return None;
    };
    let direct = m.args.len() == n && m.direct == Some(named + n as u32);
    direct.then(|| clauses.clone())
}

/// Clause `k`'s stream in `s`: each pattern level one suspension, as core.logic's nested
/// `(fresh [..] (== pattern arg) ...)`, all matched now, and the body built from the terms
/// matched when the search gets past them (`Stream::delayed`), or the suspensions up to the
/// level that does not match (`Stream::paused`). A clause with a pattern the engine's matcher
/// does not take, or any clause once a program's term types are in use, is its goal of
/// nested levels instead.
fn clause_stream(cx: &SharedCtx, k: usize, s: State) -> Stream {
    let clauses = clauses_of(cx);
    let c = &clauses[k];
    if crate::library::logic::custom::active()
        || tree::on()
        || c.steps.iter().any(|st| st.plan.ops.is_none())
    {
        let (args, clauses, env) = (cx.shared_args(), clauses.clone(), cx.env());
        return guard(move || step(&args, &clauses, k, 0, env)).apply(s);
    }
    // The clause's terms after its arguments: each level's new variables as it matches.
    let n = cx.args().len();
    let mut slots = crate::value::convert::NewTerms::nil(c.slots as usize - n);
    let buf = slots.slots();
    let mut first = 0;
    let mut bound: Option<State> = None;
    for (level, st) in c.steps.iter().enumerate() {
        let ops = st.plan.ops.as_deref().unwrap_or_default();
        // A level's constants are read where they are kept: no count taken on them.
        let made;
        let values: &[Term] = match &st.constants {
            Some(c) => c,
            None => match values_at(st, cx, &buf[..first]) {
                Ok(v) => {
                    made = v;
                    &made
                }
                Err(e) => {
                    return Stream::delayed(level as u32, guard(|| Err(e)), bound.unwrap_or(s))
                }
            },
        };
        let at = bound.as_ref().unwrap_or(&s);
        let news = st.plan.news.len();
        let into = &mut buf[first..first + news];
        match kanren::match_shared(ops, values, &cx.args()[st.arg], at, into) {
            None => return Stream::paused(level as u32 + 1),
            Some(Some(b)) => bound = Some(b),
            Some(None) => {}
        }
        first += news;
    }
    let made = slots.share();
    let slots = made.as_ref().unwrap_or(&crate::value::convert::NO_TERMS);
    // Built now if that has no effect a program can see (and kept to be built in its turn
    // from then on once it had one); else when the search reaches it.
    let now = match c.later.load(Ordering::Relaxed) {
        false => crate::library::logic::plan::built_now(&c.plan, cx, slots),
        true => None,
    };
    let body = match now {
        Some(g) => g,
        None => {
            c.later.store(true, Ordering::Relaxed);
            let (cx, slots) = (cx.clone(), slots.clone());
            Goal::lazy(move || {
                crate::library::logic::plan::body(&clauses_of(&cx)[k].plan, &cx, &slots)
            })
        }
    };
    Stream::delayed(c.steps.len() as u32, body, bound.unwrap_or(s))
}

/// The clauses of a `matche`'s call.
fn clauses_of(cx: &Ctx) -> &Arc<Vec<Clause>> {
    cx.head
        .clauses
        .as_ref()
        .expect("a matche's call has its clauses")
}

/// The terms of the pattern operands of a step that names locals (a step of constants
/// alone keeps them made): its constants and the terms of the locals (`slots` holds the
/// clause's terms so far).
fn values_at(st: &Step, cx: &Ctx, slots: &[Term]) -> Result<smallvec::SmallVec<[Term; 4]>> {
    let values = &st.plan.values;
    let mut out = smallvec::SmallVec::with_capacity(values.len());
    for (v, place) in values.iter().zip(st.places.iter()) {
        out.push(match (v, place) {
            (Source::Const(t), _) => t.clone(),
            (Source::Local(_), Some(Place::Slot(j) | Place::Arg(j, ..))) => {
                cx.term(slots, *j).clone()
            }
            (Source::Local(_), Some(Place::Outer(h, i))) => to_term(&cx.outer(*h, *i)?)?,
            (Source::Local(s), None) => {
                return Err(Error::msg(format!("unbound pattern symbol {s}")))
            }
        });
    }
    Ok(out)
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

//! A `matche` clause's body planned over terms: the goals of a `defne` body built from the
//! terms its patterns matched, with no frame of values made for them. The plan is read off
//! the body's compiled code ([`Code`]) when the `matche` is compiled:
//!
//! - a call `(f a b)` whose arguments are locals, constants, globals, vectors of those, or
//!   calls of globals (arithmetic in a `project`), is a [`GoalPlan::Call`];
//! - `fresh`, `all`, `conde`, `conda`, `condu` and `project` are planned, their bodies too,
//!   and `log`, `trace-s` and `trace-lvars` over values and terms read as their goal is built;
//! - any other form is run as compiled code, in the frames of values the clause would have
//!   bound, made from its terms when that form is reached ([`GoalPlan::Code`]).
//!
//! A planned call hands its callee terms. A function is entered with them ([`Entry`], found
//! once per arity): a relation written with `defne` (a body that is a `matche` over its
//! parameters) through
//! [`matche_terms`](crate::library::logic::compile_matche::matche_terms), its clauses seeing
//! the caller's terms; a function whose body is one goal form (`(defn digito [x l y]
//! (takeouto x l y))`, an `all`, a `fresh`) through that form planned over its parameters.
//! Either way its frame of values is made only if a form left to compiled code needs it
//! ([`Base::Call`]). `==` and `!=` take the terms as they are; any other callee gets each
//! term's value, as a compiled call would give them. Integer arithmetic of the
//! `clojure.core` built-ins on integer terms is computed without values ([`Arg::int`], [`call_term`]). The goals built, their
//! order and their suspensions are those the compiled code builds, so the search and its
//! answers are the same; only values that are not needed are not made.

use crate::eval::compile::{effect, Code, Global, Op};
use crate::eval::{bind_slots, Closure, Env, Names, Slots};
use crate::library::logic::arith::IsForm;
use crate::library::logic::compile::{Body, Logic};
use crate::library::logic::compile_matche::Clause;
use crate::library::logic::fd::{fd_operand, EqRel};
use crate::library::logic::forms::Commit;
use crate::library::logic::pldb::Trace;
use crate::library::logic::{custom, fresh_var, guard, into_goal, to_term, tree};
use crate::value::convert::{from_search_term, terms_of, NO_TERMS};
use crate::value::error::{Error, Pos, Result};
use crate::value::Value;
use kanren::{Goal, Term, Var};
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, OnceLock};

/// Where a planned form reads a local.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Place {
    /// A term of the clause: the `matche`'s arguments, then the variables its patterns,
    /// `fresh`es and `project`s bind, in the order they are bound.
    Slot(u32),
    /// A local bound around the `matche`: frame `h` (from the innermost) of the environment
    /// the `matche` ran in, slot `i`.
    Outer(u32, u32),
    /// A local bound around the `matche` that is also its argument `j`: as a term, the
    /// argument's term; as a value, the local's.
    Arg(u32, u32, u32),
}

/// A value a planned form computes.
pub(crate) enum Arg {
    Place(Place),
    Global(Global),
    /// A constant, with its term when it has one.
    Const(Value, Option<Term>),
    Vector(Box<[Arg]>),
    /// A call of a global, by value (`(- y1 y)` in a `project`), with the form's position
    /// and what the global was last found to be.
    Call(Global, Box<[Arg]>, Option<Pos>, Seen),
    /// A function literal that reads no local but its own parameters (`#(> % 1)`): its name
    /// and compiled arities, a new function each time its value is read, as compiled code
    /// makes one.
    Fn(Option<Arc<str>>, Arc<[crate::eval::Arity]>),
}

/// A goal form of a planned body.
pub(crate) enum GoalPlan {
    /// A call: the callee, the arguments, the form's position, what a global callee was last
    /// found to be, and the form as compiled code (run when the callee is a name the
    /// compiler did not know would be a macro).
    Call(Arg, Box<[Arg]>, Option<Pos>, Seen, Fallback),
    /// A goal named by a local or a global (`s#`).
    Value(Arg, Fallback),
    /// `fresh`: the names, the first slot of their variables, the body.
    Fresh(Arc<(Names, u32, Plans)>),
    All(Plans),
    Conde(Arc<[Plans]>),
    /// `conda` or `condu`: each clause's forms, built as the search tries the clause.
    Committed(Commit, Arc<[Plans]>),
    /// `project`: what it projects, read when the goal runs, and the body planned over the
    /// projected terms (the slots after those around it).
    Project(Arc<(Box<[Arg]>, Plans)>, Fallback),
    /// `fd/eq`: its relations, each operand read as a term.
    FdEq(Arc<[EqRel<Arg>]>, Fallback),
    /// core.logic's `(is u v op & rest)`: `u` and `v` read as terms, the rest as values;
    /// the form's position.
    Is(Box<[Arg]>, Option<Pos>, Fallback),
    /// `log`, `trace-s` or `trace-lvars`: each printed form's value and each variable's
    /// term read as the goal is built.
    Trace(Arc<Trace<Arg>>, Fallback),
    /// A form run as compiled code.
    Code(Fallback),
}

impl GoalPlan {
    /// Whether the goal keeps the terms of its body for when it runs (`Scope::shared`): a
    /// `fresh`, `all`, `conde`, `conda`, `condu` or `project`.
    fn keeps_terms(&self) -> bool {
        matches!(
            self,
            GoalPlan::Fresh(_)
                | GoalPlan::All(_)
                | GoalPlan::Conde(_)
                | GoalPlan::Committed(..)
                | GoalPlan::Project(..)
        )
    }
}

/// The planned goal forms of a body.
pub(crate) type Plans = Arc<[GoalPlan]>;

/// A body form as compiled code, and the frames the code expects above the environment the
/// `matche` ran in: each frame's names and the slot of its first term.
pub(crate) struct Fallback {
    code: Site,
    frames: Frames,
    who: &'static str,
}

/// Where a planned form's compiled code is: form `i` of a body, or a function's whole body.
enum Site {
    Body(Arc<[Code]>, usize),
    Whole(Arc<Code>),
}

/// The frames opened inside a planned body at a point of it, the innermost first: each
/// frame's names and the slot of its first term (shared by every form planned inside it).
pub(crate) type Frames = Option<Arc<Chain>>;

/// One frame of [`Frames`] and those around it.
pub(crate) struct Chain {
    names: Names,
    first: u32,
    up: Frames,
}

/// What a clause's planned body sees of the call that reached it.
pub(crate) enum Base {
    /// The environment the `matche` ran in.
    Env(Env),
    /// A relation entered from a planned body with the terms of its arguments: its
    /// function, the arity called, the number of the function's own name in the frame (0 or
    /// 1), and the frame of values its body expects, made when a form needs it.
    Call(Arc<Closure>, usize, u32, OnceLock<Env>),
}

mod context;
pub(crate) use context::{Ctx, SharedCtx};

impl Ctx {
    /// The context of a `run`'s or a `fresh`'s planned body, written where `env` is bound.
    pub(crate) fn at(env: &Env) -> SharedCtx {
        Ctx::of(env.clone())
    }

    /// [`Ctx::at`], taking the environment.
    pub(crate) fn of(env: Env) -> SharedCtx {
        let Ok(cx) = SharedCtx::new::<std::convert::Infallible>(
            0,
            |_| unreachable!("no terms"),
            || (Base::Env(env), None),
        );
        cx
    }

    /// The arguments' terms, copied into a slice of their own.
    pub(crate) fn shared_args(&self) -> Arc<[Term]> {
        Arc::from(self.args())
    }

    /// The clause's term in slot `j`: an argument, or one of `slots`, the terms bound after
    /// the arguments.
    #[inline]
    pub(crate) fn term<'a>(&'a self, slots: &'a [Term], j: u32) -> &'a Term {
        let j = j as usize;
        let args = self.args();
        match args.get(j) {
            Some(t) => t,
            None => &slots[j - args.len()],
        }
    }

    /// The environment the `matche` ran in (for a relation entered with terms, its call's
    /// frame, made now if it is not yet).
    pub(crate) fn env(&self) -> Env {
        match &self.head.base {
            Base::Env(e) => e.clone(),
            Base::Call(c, arity, _, env) => env
                .get_or_init(|| {
                    let a = &c.arities[*arity];
                    crate::eval::arity_env(c, a, self.args().iter().map(from_search_term).collect())
                })
                .clone(),
        }
    }

    /// The environment globals are resolved in (its namespace).
    fn ns_env(&self) -> &Env {
        match &self.head.base {
            Base::Env(e) => e,
            Base::Call(c, ..) => &c.env,
        }
    }

    /// The value of the local in slot `i` of frame `h` around the `matche`.
    pub(crate) fn outer(&self, h: u32, i: u32) -> Result<Value> {
        match &self.head.base {
            Base::Env(e) => crate::eval::compile::run::local(e, h, i),
            Base::Call(c, _, named, _) if h == 0 => Ok(match i.checked_sub(*named) {
                None => Value::Fn(c.clone()),
                Some(j) => from_search_term(&self.args()[j as usize]),
            }),
            Base::Call(c, ..) => crate::eval::compile::run::local(&c.env, h - 1, i),
        }
    }

    /// The environment a form left to compiled code runs in: [`Ctx::env`] with `frames`
    /// bound to the values of their terms.
    fn env_with(&self, frames: &Frames, slots: &Scope<'_>) -> Env {
        let mut outward = smallvec::SmallVec::<[&Chain; 8]>::new();
        let mut cur = frames.as_deref();
        while let Some(c) = cur {
            outward.push(c);
            cur = c.up.as_deref();
        }
        let mut env = self.env();
        for Chain { names, first, .. } in outward.into_iter().rev() {
            let first = *first;
            let values: Slots = (0..names.len())
                .map(|i| from_search_term(slots.term(self, first + i as u32)))
                .collect();
            env = bind_slots(&env, names, values);
        }
        env
    }
}

/// The terms a planned form reads past its clause's arguments: those the clause bound (and
/// the `fresh`es around the form, as built), then those the `project`s around it projected,
/// read where they are. A goal that keeps the terms for later ([`Scope::shared`]) takes them
/// as one slice; the forms built at once read them in place, so a `project`'s body copies
/// none of its clause's terms.
#[derive(Clone, Copy)]
pub(crate) struct Scope<'a> {
    bound: &'a Arc<[Term]>,
    projected: &'a [Term],
}

impl<'a> Scope<'a> {
    /// The terms `bound`, and none projected.
    pub(crate) fn of(bound: &'a Arc<[Term]>) -> Scope<'a> {
        Scope {
            bound,
            projected: &[],
        }
    }

    /// The terms `terms`, read in place (a slice the caller keeps).
    pub(crate) fn over(terms: &'a [Term]) -> Scope<'a> {
        Scope {
            bound: &NO_TERMS,
            projected: terms,
        }
    }

    /// The clause's term in slot `j`: an argument of `cx`'s call, or one of these.
    #[inline]
    fn term<'b>(self, cx: &'b Ctx, j: u32) -> &'b Term
    where
        'a: 'b,
    {
        let j = j as usize;
        let args = cx.args();
        match args.get(j) {
            Some(t) => t,
            None => {
                let k = j - args.len();
                match self.bound.get(k) {
                    Some(t) => t,
                    None => &self.projected[k - self.bound.len()],
                }
            }
        }
    }

    /// The terms as one slice of their own: the bound slice itself when nothing is
    /// projected.
    fn shared(self) -> Arc<[Term]> {
        if self.projected.is_empty() {
            return self.bound.clone();
        }
        extended(self.bound, self.projected.len(), |i| {
            Ok(self.projected[i].clone())
        })
        .expect("cloning terms does not fail")
    }
}

/// Terms made for a body (a query's or a `fresh`'s variables, the projected ones), a few
/// kept in place.
pub(crate) type Terms = smallvec::SmallVec<[Term; 4]>;

/// Why a planned form did not give its value: an error, or a callee the plan cannot call
/// (a name that is now a macro, or unbound), for which the form runs as compiled code.
enum Miss {
    Error(Error),
    Code,
}

impl From<Error> for Miss {
    fn from(e: Error) -> Miss {
        Miss::Error(e)
    }
}

type Out<T> = std::result::Result<T, Miss>;

impl Arg {
    /// The term of the value.
    #[inline]
    fn term(&self, cx: &Ctx, slots: &Scope<'_>) -> Out<Term> {
        match self {
            Arg::Place(Place::Slot(j) | Place::Arg(j, ..)) => Ok(slots.term(cx, *j).clone()),
            Arg::Const(_, Some(t)) => Ok(t.clone()),
            Arg::Call(_, args, _, seen) => call_term(self, seen, args, cx, slots),
            _ => self.made_term(cx, slots),
        }
    }

    /// [`Arg::term`] written into `slot`: a term read from a place or a constant is cloned
    /// straight into it (see [`SharedCtx::new_in_place`]).
    #[inline(always)]
    fn term_into(
        &self,
        cx: &Ctx,
        slots: &Scope<'_>,
        slot: &mut std::mem::MaybeUninit<Term>,
    ) -> Out<()> {
        match self {
            Arg::Place(Place::Slot(j) | Place::Arg(j, ..)) => {
                slot.write(slots.term(cx, *j).clone());
            }
            Arg::Const(_, Some(t)) => {
                slot.write(t.clone());
            }
            _ => {
                slot.write(self.term(cx, slots)?);
            }
        }
        Ok(())
    }

    /// [`Arg::term`] of a value made here.
    #[inline(never)]
    fn made_term(&self, cx: &Ctx, slots: &Scope<'_>) -> Out<Term> {
        Ok(match self {
            Arg::Vector(items) => {
                let mut miss = false;
                let t = terms_of(items.len(), |i| match items[i].term(cx, slots) {
                    Ok(t) => Ok(t),
                    Err(Miss::Error(e)) => Err(e),
                    Err(Miss::Code) => {
                        miss = true;
                        Err(Error::msg("a name to run as compiled code"))
                    }
                });
                match (t, miss) {
                    (_, true) => return Err(Miss::Code),
                    (t, false) => Term::Vector(t?),
                }
            }
            Arg::Call(_, args, _, seen) if matches!(seen.known(), Some(Door::Lcons)) => {
                match lcons_term(args, cx, slots) {
                    Some(t) => t,
                    None => to_term(&self.value(cx, slots)?)?,
                }
            }
            Arg::Call(..) => match self.int(cx, slots) {
                Some(i) => Term::Int(i),
                None => match self.num(cx, slots)? {
                    Ok(i) => Term::Int(i),
                    Err(v) => to_term(&v)?,
                },
            },
            other => to_term(&other.value(cx, slots)?)?,
        })
    }

    /// The value, as compiled code would compute it.
    fn value(&self, cx: &Ctx, slots: &Scope<'_>) -> Out<Value> {
        Ok(match self {
            Arg::Place(Place::Slot(j)) => from_search_term(slots.term(cx, *j)),
            Arg::Place(Place::Outer(h, i) | Place::Arg(_, h, i)) => cx.outer(*h, *i)?,
            Arg::Global(_) if put_off() => {
                return Err(Miss::Error(Error::msg("a name put off to the body's turn")))
            }
            Arg::Global(g) => crate::eval::compile::run::global_at(g, cx.ns_env())?,
            Arg::Const(v, _) => v.clone(),
            Arg::Fn(name, arities) => {
                effect();
                Value::Fn(Arc::new(Closure {
                    name: name.clone(),
                    arities: arities.clone(),
                    env: crate::eval::in_current_ns(cx.ns_env()),
                }))
            }
            Arg::Vector(items) => {
                let mut out = Vec::with_capacity(items.len());
                for a in items.iter() {
                    out.push(a.value(cx, slots)?);
                }
                Value::vector(out)
            }
            Arg::Call(..) => value_of(self.num(cx, slots)?),
        })
    }

    /// The integer the value is when it is an integer term or integer arithmetic, by the
    /// [`KNOWN`] built-ins as last found, on integers that does not overflow; `None` to
    /// compute it by [`Arg::num`] (this reads no name and calls nothing, so the two agree).
    #[inline(always)]
    fn int(&self, cx: &Ctx, slots: &Scope<'_>) -> Option<i64> {
        match self {
            Arg::Place(Place::Slot(j)) => match slots.term(cx, *j) {
                Term::Int(i) => Some(*i),
                _ => None,
            },
            Arg::Const(Value::Int(i), _) => Some(*i),
            Arg::Call(_, args, _, seen) => int_call(seen, args, cx, slots),
            _ => None,
        }
    }

    /// The value as a [`Num`]: an integer without a value made for it.
    fn num(&self, cx: &Ctx, slots: &Scope<'_>) -> Out<Num> {
        match self {
            Arg::Place(Place::Slot(j)) => match slots.term(cx, *j) {
                Term::Int(i) => Ok(Ok(*i)),
                t => Ok(Err(from_search_term(t))),
            },
            Arg::Const(Value::Int(i), _) => Ok(Ok(*i)),
            Arg::Call(g, args, pos, seen) => match self.int(cx, slots) {
                Some(i) => Ok(Ok(i)),
                None => match call_num(g, args, seen, cx, slots) {
                    Err(Miss::Error(e)) => Err(Miss::Error(e.with_pos(*pos))),
                    out => out,
                },
            },
            other => Ok(num_of(other.value(cx, slots)?)),
        }
    }
}

/// The values of `args`.
fn values(args: &[Arg], cx: &Ctx, slots: &Scope<'_>) -> Out<Slots> {
    let mut out = Slots::new();
    for a in args {
        out.push(a.value(cx, slots)?);
    }
    Ok(out)
}

/// `f` called with `args`, as a compiled call calls it.
fn call(f: &Value, args: Slots) -> Result<Value> {
    if put_off() {
        return Err(Error::msg("a call put off to the body's turn"));
    }
    match f {
        Value::Native(n) if n.pure => {}
        _ => effect(),
    }
    match f {
        Value::Fn(c) => crate::eval::call_closure_with(c, args),
        Value::Native(n) if n.slice.is_some() => (n.slice.as_ref().expect("in place"))(&args),
        f => crate::eval::apply(f, args.into_vec()),
    }
}

thread_local! {
    /// While a clause's body is built as the clause matches ([`built_now`]): 1, or 2 once
    /// the build has come to a form it puts off; 0 otherwise.
    static NOW: std::cell::Cell<u8> = const { std::cell::Cell::new(0) };
}

/// The goal of a clause's planned body built as the clause matches, before the search reaches
/// it, when building it runs no Clojure code (no function called by values, no form left to
/// compiled code, nothing compiled), reads no global's value and raises no error: building
/// such a body has no effect a program can see (its callees are found when it is built).
/// `None` otherwise: the body is built in its turn, as core.logic builds it, so what its
/// Clojure code does happens in core.logic's order and it reads the values of that moment.
pub(crate) fn built_now(plans: &[GoalPlan], cx: &SharedCtx, slots: &Arc<[Term]>) -> Option<Goal> {
    if NOW.get() != 0 {
        return None;
    }
    NOW.set(1);
    let out = conj(plans, cx, &Scope::of(slots));
    match (out, NOW.replace(0)) {
        (Ok(g), 1) => Some(g),
        _ => None,
    }
}

/// Whether a body is being built before its turn ([`built_now`]): the build is then put off,
/// and the caller must not go on (its error is not reported).
#[inline]
fn put_off() -> bool {
    let now = NOW.get() != 0;
    if now {
        NOW.set(2);
    }
    now
}

/// The goals of a planned body, in a clause whose terms are `slots`; an error makes the
/// search report it, as [`guard`] does.
pub(crate) fn body(plans: &[GoalPlan], cx: &SharedCtx, slots: &Arc<[Term]>) -> Goal {
    guard(|| conj(plans, cx, &Scope::of(slots)))
}

/// The goal of a query's planned body over its one variable `q` (its slot 0). A body that is
/// one `fresh` (`(run* [q] (fresh [a b] ...))`) makes that `fresh`'s variables beside `q` and
/// is its body's goals: the suspension a `fresh` starts with decides only where its answers
/// interleave in a disjunction, and at the top of a query there is none, so leaving it out
/// changes no answer and no order, and the `fresh`'s goal, its closure and its slice of the
/// terms around are not made.
pub(crate) fn query(plans: &[GoalPlan], cx: &SharedCtx, q: Var) -> Result<Goal> {
    if let [GoalPlan::Fresh(f)] = plans {
        if f.1 == 1 {
            let mut vars = Terms::new();
            vars.push(Term::Var(q));
            vars.extend(f.0.iter().map(|name| Term::Var(fresh_var(name))));
            return conj(&f.2, cx, &Scope::over(&vars));
        }
    }
    conj(plans, cx, &Scope::over(&[Term::Var(q)]))
}

/// The conjunction of a planned body's goals, as `kanren::conj` makes it (one goal is its
/// own conjunction: built without a list of goals), the goals built in order as `conj`
/// takes them, into its own list.
#[inline]
pub(crate) fn conj(plans: &[GoalPlan], cx: &SharedCtx, slots: &Scope<'_>) -> Result<Goal> {
    match plans {
        [p] => goal(p, cx, slots),
        _ => {
            let mut failed = None;
            let g = kanren::conj(plans.iter().map_while(|p| match goal(p, cx, slots) {
                Ok(g) => Some(g),
                Err(e) => {
                    failed = Some(e);
                    None
                }
            }));
            match failed {
                Some(e) => Err(e),
                None => Ok(g),
            }
        }
    }
}

/// The goals of a planned body, in order.
pub(crate) fn goals(
    plans: &[GoalPlan],
    cx: &SharedCtx,
    slots: &Scope<'_>,
) -> Result<crate::library::logic::compile::Goals> {
    let mut gs = crate::library::logic::compile::Goals::new();
    for p in plans {
        gs.push(goal(p, cx, slots)?);
    }
    Ok(gs)
}

/// The goal of one planned form.
fn goal(p: &GoalPlan, cx: &SharedCtx, slots: &Scope<'_>) -> Result<Goal> {
    match p {
        GoalPlan::Call(f, args, pos, seen, fallback) => {
            let out = match known_goal(f, args, seen, cx, slots) {
                Some(out) => out.map(Ok),
                None => called(f, args, seen, cx, slots),
            };
            match out {
                Ok(Ok(g)) => Ok(g),
                Ok(Err(v)) => into_goal(v, fallback.who),
                Err(Miss::Error(e)) => Err(e.with_pos(*pos)),
                Err(Miss::Code) => fallback.run(cx, slots),
            }
        }
        GoalPlan::Value(a, fallback) => match a.value(cx, slots) {
            Ok(v) => into_goal(v, fallback.who),
            Err(Miss::Error(e)) => Err(e),
            Err(Miss::Code) => fallback.run(cx, slots),
        },
        GoalPlan::Fresh(f) => {
            let (f, cx, slots) = (f.clone(), cx.clone(), slots.shared());
            Ok(kanren::fresh(move |[]: [Var; 0]| {
                let new = |name: &Arc<str>| Term::Var(fresh_var(name));
                if f.2.iter().any(GoalPlan::keeps_terms) {
                    // One slice of the terms around and the new variables, which each goal
                    // that keeps them shares.
                    let vars = extended(&slots, f.0.len(), |i| Ok(new(&f.0[i])));
                    return body(&f.2, &cx, &vars.expect("no error"));
                }
                // The new variables on the stack after the terms around them, read in place.
                let vars: Terms = f.0.iter().map(new).collect();
                let here = Scope {
                    bound: &slots,
                    projected: &vars,
                };
                guard(|| conj(&f.2, &cx, &here))
            }))
        }
        GoalPlan::All(plans) => {
            let (plans, cx, slots) = (plans.clone(), cx.clone(), slots.shared());
            Ok(Goal::lazy(move || body(&plans, &cx, &slots)))
        }
        GoalPlan::Conde(clauses) => {
            let (clauses, cx, slots) = (clauses.clone(), cx.clone(), slots.shared());
            Ok(Goal::lazy(move || {
                guard(|| {
                    let gs = clauses
                        .iter()
                        .map(|c| goals(c, &cx, &Scope::of(&slots)))
                        .collect::<Result<Vec<_>>>()?;
                    Ok(kanren::conde(gs))
                })
            }))
        }
        // As compiled code builds it: a clause's forms as the search tries the clause.
        GoalPlan::Committed(kind, clauses) => {
            let sizes = clauses.iter().map(|c| c.len()).collect();
            let (clauses, cx, slots) = (clauses.clone(), cx.clone(), slots.shared());
            Ok(crate::library::logic::forms::committed(
                *kind,
                sizes,
                move |i, j| guard(|| goal(&clauses[i][j], &cx, &Scope::of(&slots))),
            ))
        }
        // A program's term types are walked by their own methods: as compiled code.
        GoalPlan::Project(_, fallback) if custom::active() => fallback.run(cx, slots),
        // The projected terms are read and walked when the goal runs, as core.logic reads
        // them: no list of them is made for the goal, and its body reads the clause's terms
        // where they are, the projected ones after them.
        GoalPlan::Project(p, _) => {
            let (p, cx) = (p.clone(), cx.clone());
            let (bound, outer) = (slots.bound.clone(), Box::<[Term]>::from(slots.projected));
            Ok(kanren::project_in(move |s: &kanren::State| {
                guard(|| {
                    let here = Scope {
                        bound: &bound,
                        projected: &outer,
                    };
                    let mut projected = Terms::new();
                    projected.extend(outer.iter().cloned());
                    for a in p.0.iter() {
                        match a.term(&cx, &here) {
                            Ok(t) => projected.push(s.walked(&t)),
                            Err(Miss::Error(e)) => return Err(e),
                            Err(Miss::Code) => {
                                return Err(Error::msg("project: a projected name is a macro"))
                            }
                        }
                    }
                    let body = Scope {
                        bound: &bound,
                        projected: &projected,
                    };
                    conj(&p.1, &cx, &body)
                })
            }))
        }
        GoalPlan::FdEq(_, fallback) if custom::active() => fallback.run(cx, slots),
        GoalPlan::FdEq(rels, fallback) => {
            let mut gs = Vec::with_capacity(rels.len());
            for r in rels.iter() {
                match r
                    .goal(&mut |a: &Arg| fd_operand(a.term(cx, slots)?, "eq").map_err(Miss::from))
                {
                    Ok(g) => gs.push(g),
                    Err(Miss::Error(e)) => return Err(e),
                    // An operand's name is now a macro: the whole form as compiled code.
                    Err(Miss::Code) => return fallback.run(cx, slots),
                }
            }
            Ok(kanren::conj(gs))
        }
        GoalPlan::Is(_, _, fallback) if custom::active() => fallback.run(cx, slots),
        GoalPlan::Is(args, pos, fallback) => {
            let made = || -> Out<Goal> {
                let (u, v) = (args[0].term(cx, slots)?, args[1].term(cx, slots)?);
                let op = args[2].value(cx, slots)?;
                let rest = values(&args[3..], cx, slots)?.into_vec();
                Ok(crate::library::logic::arith::is_goal(u, v, op, rest))
            };
            match made() {
                Ok(g) => Ok(g),
                Err(Miss::Error(e)) => Err(e.with_pos(*pos)),
                Err(Miss::Code) => fallback.run(cx, slots),
            }
        }
        GoalPlan::Trace(_, fallback) if custom::active() => fallback.run(cx, slots),
        GoalPlan::Trace(t, fallback) => {
            match t.goal_by(&|a: &Arg| a.value(cx, slots), &|a: &Arg| a.term(cx, slots)) {
                Ok(g) => Ok(g),
                Err(Miss::Error(e)) => Err(e),
                Err(Miss::Code) => fallback.run(cx, slots),
            }
        }
        GoalPlan::Code(fallback) => fallback.run(cx, slots),
    }
}

/// `slots` and then `k` more terms, term `i` of them `more(i)`, written in place into one
/// slice.
#[inline]
fn extended(
    slots: &[Term],
    k: usize,
    mut more: impl FnMut(usize) -> Result<Term>,
) -> Result<Arc<[Term]>> {
    let n = slots.len();
    terms_of(n + k, |i| match slots.get(i) {
        Some(t) => Ok(t.clone()),
        None => more(i - n),
    })
}

/// The goal of a call of `==`, `!=` or an FD constraint named by a global known to be it (no
/// lookup), built in place; `None` for any other call.
#[inline(always)]
fn known_goal(
    f_arg: &Arg,
    args: &[Arg],
    seen: &Seen,
    cx: &Ctx,
    slots: &Scope<'_>,
) -> Option<Out<Goal>> {
    match (f_arg, seen.known()) {
        (Arg::Global(_), Some(door)) => term_goal(door, args, cx, slots).transpose(),
        _ => None,
    }
}

/// What a planned call gives: `==`, `!=` and relations written with `defne` take the
/// terms and give their goal; any other callee is called with the values and gives its
/// value.
fn called(
    f_arg: &Arg,
    args: &[Arg],
    seen: &Seen,
    cx: &SharedCtx,
    slots: &Scope<'_>,
) -> Out<std::result::Result<Goal, Value>> {
    if let Some(out) = known_goal(f_arg, args, seen, cx, slots) {
        return out.map(Ok);
    }
    let (door, f) = match f_arg {
        Arg::Global(g) => {
            let f = resolve(g, cx)?;
            (seen.see(&f), f)
        }
        f => {
            let v = f.value(cx, slots)?;
            (door_of_value(&v), v)
        }
    };
    if let Some(g) = term_goal(door, args, cx, slots)? {
        return Ok(Ok(g));
    }
    // A function that builds a goal from its arguments is entered with their terms, and a
    // relation of facts is handed them (in tree mode and with a program's term types, its
    // goals are the compiled code's, through a call).
    let f = match f {
        _ if tree::on() || custom::active() => f,
        // The function moves into the call's context, or comes back to be called.
        Value::Fn(c) => match enter(c, args, cx, slots)? {
            Ok(out) => return Ok(out),
            Err(c) => Value::Fn(c),
        },
        Value::Native(ref n) => {
            if let Some(on_terms) = &n.terms {
                effect();
                let terms = args
                    .iter()
                    .map(|a| a.term(cx, slots))
                    .collect::<Out<Vec<Term>>>()?;
                return Ok(Err(on_terms(terms)?));
            }
            f
        }
        f => f,
    };
    Ok(Err(call(&f, values(args, cx, slots)?)?))
}

/// How a function's arity is entered from a planned call with its arguments' terms.
pub(crate) enum Entry {
    /// A relation written with `defne`: the arity's body is a `matche` over its parameters
    /// in order, whose clauses see the terms.
    Clauses(Arc<Vec<Clause>>),
    /// The arity's body is one goal form (a call, `fresh`, `all`, `conde`, `project`),
    /// planned over the parameters: a `defn` that returns a goal.
    Goal(GoalPlan),
}

/// An [`Entry`], the number of its arity, and how many names come before the parameters in
/// the arity's frame (the function's own name: 0 or 1).
pub(crate) struct Entered {
    entry: Entry,
    arity: usize,
    named: u32,
}

/// How `c` called with `n` arguments is entered with their terms, found once per arity;
/// `None` for a function called with their values.
fn entered(c: &Closure, n: usize) -> Option<&Entered> {
    let (k, arity) = c
        .arities
        .iter()
        .enumerate()
        .find(|(_, a)| a.rest.is_none() && a.params.len() == n)?;
    if let Some(d) = arity.derived.get() {
        return d.as_ref()?.downcast_ref();
    }
    // Compiling runs macros: not while a body is built before its turn.
    if put_off() {
        return None;
    }
    let code = crate::eval::compile::code_of(c, arity);
    // `None` while the body is being compiled (a call made as it compiles): asked again.
    arity.code.get()?;
    let named = u32::from(c.name.is_some());
    let entry = code.and_then(|code| {
        let clauses = crate::library::logic::compile_matche::clauses_of_body(code, n, named);
        match clauses {
            Some(clauses) => Some(Entry::Clauses(clauses)),
            None => Planner::entry(code, n, named).map(Entry::Goal),
        }
    });
    let derived = entry.map(|entry| {
        Arc::new(Entered {
            entry,
            arity: k,
            named,
        }) as Arc<dyn std::any::Any + Send + Sync>
    });
    arity
        .derived
        .get_or_init(|| derived)
        .as_ref()?
        .downcast_ref()
}

/// `c` called with `args`, entered with their terms if it is entered so ([`entered`]); else
/// `c` back, to be called with the values.
fn enter(
    c: Arc<Closure>,
    args: &[Arg],
    cx: &Ctx,
    slots: &Scope<'_>,
) -> Out<std::result::Result<std::result::Result<Goal, Value>, Arc<Closure>>> {
    let Some(e) = entered(&c, args.len()) else {
        return Ok(Err(c));
    };
    let (arity, named) = (e.arity, e.named);
    match &e.entry {
        Entry::Clauses(clauses) => {
            effect();
            let clauses = clauses.clone();
            // The call's context takes the function itself: no count taken on it.
            let cx = call_ctx(args, cx, slots, || {
                (Base::Call(c, arity, named, OnceLock::new()), Some(clauses))
            })?;
            let goal = crate::library::logic::compile_matche::matche_terms(cx);
            Ok(Ok(Ok(goal)))
        }
        // Nested on the native stack, as a call of compiled code is, unless evaluation has
        // gone on on a heap stack.
        Entry::Goal(p) if !crate::eval::on_heap() => {
            effect();
            let cx = call_ctx(args, cx, slots, || {
                (Base::Call(c.clone(), arity, named, OnceLock::new()), None)
            })?;
            Ok(Ok(crate::eval::nested(|| Ok(entered_value(p, &cx)))??))
        }
        Entry::Goal(_) => Ok(Err(c)),
    }
}

/// What an entered function's planned body `p` gives, as a compiled call of the function
/// gives it: a goal, or a value its caller takes as one (`cx` holds the arguments' terms).
fn entered_value(p: &GoalPlan, cx: &SharedCtx) -> Out<std::result::Result<Goal, Value>> {
    let slots = Scope::of(&NO_TERMS);
    match p {
        GoalPlan::Call(f, args, pos, seen, fallback) => match called(f, args, seen, cx, &slots) {
            Err(Miss::Error(e)) => Err(Miss::Error(e.with_pos(*pos))),
            Err(Miss::Code) => Ok(Err(fallback.value(cx, &slots)?)),
            out => out,
        },
        GoalPlan::Value(a, fallback) => match a.value(cx, &slots) {
            Err(Miss::Code) => Ok(Err(fallback.value(cx, &slots)?)),
            out => Ok(Err(out?)),
        },
        p => Ok(Ok(goal(p, cx, &slots)?)),
    }
}

/// The goal of a call of `==`, `!=` or an FD constraint (`door`) on the terms of `args`;
/// `None` for any other callee (or another number of arguments: the call reports it).
#[inline(always)]
fn term_goal(door: Door, args: &[Arg], cx: &Ctx, slots: &Scope<'_>) -> Out<Option<Goal>> {
    Ok(match (door, args) {
        (Door::Eq, [a, b]) => Some(custom::eq(a.term(cx, slots)?, b.term(cx, slots)?)),
        (Door::Neq, [a, b]) => Some(kanren::neq(a.term(cx, slots)?, b.term(cx, slots)?)),
        (Door::Fd2(f, who), [a, b]) => {
            let (a, b) = (a.term(cx, slots)?, b.term(cx, slots)?);
            Some(f(fd_operand(a, who)?, fd_operand(b, who)?))
        }
        (Door::Fd3(f, who), [a, b, c]) => {
            let (a, b, c) = (a.term(cx, slots)?, b.term(cx, slots)?, c.term(cx, slots)?);
            Some(f(
                fd_operand(a, who)?,
                fd_operand(b, who)?,
                fd_operand(c, who)?,
            ))
        }
        _ => None,
    })
}

/// The built-ins a planned call gives the terms of its arguments to: core.logic's `==` and
/// `!=` and the FD constraints of two and three operands (their goal, as the built-in
/// builds it from the values), and clojure.core's integer arithmetic (the result's term,
/// where no argument is other than an integer and nothing overflows).
#[derive(Clone, Copy)]
enum Door {
    Eq,
    Neq,
    /// An FD constraint of two operands, and its name for errors.
    Fd2(fn(Term, Term) -> Goal, &'static str),
    /// An FD constraint of three operands, and its name for errors.
    Fd3(fn(Term, Term, Term) -> Goal, &'static str),
    Arith(char),
    Step(i64),
    /// core.logic's `lcons` and `llist`: a list of the operands' terms ending in the last.
    Lcons,
    None,
}

const FD: &str = "clojure.core.logic.fd";

const KNOWN: [(&str, &str, Door); 19] = [
    ("clojure.core.logic", "==", Door::Eq),
    ("clojure.core.logic", "!=", Door::Neq),
    ("clojure.core.logic", "lcons", Door::Lcons),
    ("clojure.core.logic", "llist", Door::Lcons),
    ("clojure.core", "+", Door::Arith('+')),
    ("clojure.core", "-", Door::Arith('-')),
    ("clojure.core", "*", Door::Arith('*')),
    ("clojure.core", "inc", Door::Step(1)),
    ("clojure.core", "dec", Door::Step(-1)),
    (FD, "==", Door::Fd2(kanren::fd::eq, "==")),
    (FD, "!=", Door::Fd2(kanren::fd::neq, "!=")),
    (FD, "<", Door::Fd2(kanren::fd::lt, "<")),
    (FD, "<=", Door::Fd2(kanren::fd::lte, "<=")),
    (FD, ">", Door::Fd2(kanren::fd::gt, ">")),
    (FD, ">=", Door::Fd2(kanren::fd::gte, ">=")),
    (FD, "+", Door::Fd3(kanren::fd::plus, "+")),
    (FD, "-", Door::Fd3(kanren::fd::minus, "-")),
    (FD, "*", Door::Fd3(kanren::fd::times, "*")),
    (FD, "quot", Door::Fd3(kanren::fd::quot, "quot")),
];

/// The addresses of the [`KNOWN`] built-ins, as defined ([`know_built_ins`]).
static AT: [AtomicUsize; KNOWN.len()] = [const { AtomicUsize::new(0) }; KNOWN.len()];

/// Records where the [`KNOWN`] built-ins are (once they are defined): a planned call of one
/// of them, and of no other function of the same name, takes its arguments' terms.
pub(crate) fn know_built_ins() {
    for ((ns, name, _), at) in KNOWN.iter().zip(&AT) {
        if let Some((_, Value::Native(n))) = crate::eval::ns::resolve_in(ns, name) {
            at.store(Arc::as_ptr(&n) as usize, Ordering::Relaxed);
        }
    }
}

fn known_index(n: &Arc<crate::value::Native>) -> Option<usize> {
    let p = Arc::as_ptr(n) as usize;
    AT.iter().position(|at| at.load(Ordering::Relaxed) == p)
}

fn door_of_value(f: &Value) -> Door {
    match f {
        Value::Native(n) => known_index(n).map_or(Door::None, |k| KNOWN[k].2),
        _ => Door::None,
    }
}

/// What the global `g` is here: one of the [`KNOWN`] built-ins as [`Seen`] last found it at
/// this generation (its value not read), or the value it resolves to now, and its kind.
#[inline(always)]
fn door_at(g: &Global, seen: &Seen, cx: &Ctx) -> Out<(Door, Option<Value>)> {
    if let Some(d) = seen.known() {
        return Ok((d, None));
    }
    let f = resolve(g, cx)?;
    Ok((seen.see(&f), Some(f)))
}

/// The value of the global callee `g`, or [`Miss::Code`] for a name the plan cannot call.
fn resolve(g: &Global, cx: &Ctx) -> Out<Value> {
    crate::eval::compile::run::callee(g, cx.ns_env()).ok_or(Miss::Code)
}

/// What a global callee of a planned form was last found to be, with the
/// [generation](crate::eval::ns::generation) of the definitions it was found at (which no
/// two threads' definitions share): one of the [`KNOWN`] built-ins, or another value. A
/// call of a built-in it knows skips resolving the name.
pub(crate) struct Seen(AtomicU64);

/// What [`Seen`] holds for a value that is not one of the [`KNOWN`] built-ins.
const OTHER: u64 = 0xff;

impl Seen {
    fn new() -> Seen {
        Seen(AtomicU64::new(u64::MAX))
    }

    /// The built-in the name is at the current generation, if it is known to be one.
    fn known(&self) -> Option<Door> {
        let v = self.0.load(Ordering::Relaxed);
        if v >> 8 != crate::eval::ns::generation() & (u64::MAX >> 8) || v & 0xff == OTHER {
            return None;
        }
        Some(KNOWN[(v & 0xff) as usize].2)
    }

    /// Notes that the name is `f` at the current generation; gives `f`'s kind.
    fn see(&self, f: &Value) -> Door {
        let gen = crate::eval::ns::generation() & (u64::MAX >> 8);
        // Found to be none of them at this generation: it is none still.
        if self.0.load(Ordering::Relaxed) == gen << 8 | OTHER {
            return Door::None;
        }
        let k = match f {
            Value::Native(n) => known_index(n),
            _ => None,
        };
        self.0
            .store(gen << 8 | k.map_or(OTHER, |k| k as u64), Ordering::Relaxed);
        k.map_or(Door::None, |k| KNOWN[k].2)
    }
}

/// What a call gives: an integer, or another value.
type Num = std::result::Result<i64, Value>;

/// The call of the global `g` on `args`, each argument's value as compiled code computes it:
/// where `g` is integer arithmetic on integers that give one without overflow, computed here
/// (an integer's value and its term are the same number); else what `g` gives for the
/// arguments' values.
#[inline(never)]
fn call_num(g: &Global, args: &[Arg], seen: &Seen, cx: &Ctx, slots: &Scope<'_>) -> Out<Num> {
    let (door, f) = door_at(g, seen, cx)?;
    let values: Slots = match (door, args) {
        (Door::Arith(_) | Door::Step(_), [a, b]) => {
            let pair = [a.num(cx, slots)?, b.num(cx, slots)?];
            if let Some(r) = arith(door, &pair) {
                return Ok(Ok(r));
            }
            pair.into_iter().map(value_of).collect()
        }
        (Door::Arith(_) | Door::Step(_), [a]) => {
            let one = [a.num(cx, slots)?];
            if let Some(r) = arith(door, &one) {
                return Ok(Ok(r));
            }
            one.into_iter().map(value_of).collect()
        }
        _ => values(args, cx, slots)?,
    };
    let f = match f {
        Some(f) => f,
        None => resolve(g, cx)?,
    };
    Ok(num_of(call(&f, values)?))
}

/// [`Arg::term`] of the call `call` of `args`: for integer arithmetic on two operands each an
/// integer term or constant (`(- y1 y)`), the integer computed here in one step; otherwise
/// as [`Arg::made_term`] makes it. The two agree: both compute by the callee [`Seen`] last
/// found, and leave to [`Arg::num`] what does not give an integer.
#[inline(never)]
fn call_term(call: &Arg, seen: &Seen, args: &[Arg], cx: &Ctx, slots: &Scope<'_>) -> Out<Term> {
    // Operands read in place (an integer term or constant), no nested call followed.
    let operand = |a: &Arg| match a {
        Arg::Place(Place::Slot(j)) => match slots.term(cx, *j) {
            Term::Int(i) => Some(*i),
            _ => None,
        },
        Arg::Const(Value::Int(i), _) => Some(*i),
        _ => None,
    };
    if let ([a, b], Some(Door::Arith(op))) = (args, seen.known()) {
        if let (Some(x), Some(y)) = (operand(a), operand(b)) {
            let r = match op {
                '+' => x.checked_add(y),
                '-' => x.checked_sub(y),
                _ => x.checked_mul(y),
            };
            if let Some(r) = r {
                return Ok(Term::Int(r));
            }
        }
    }
    call.made_term(cx, slots)
}

/// The term of `(lcons a d)` or `(llist a b ... d)` on operands read in place (a clause's
/// term or a constant), without the values the built-in would be called with, where that
/// term is plainly the list of the operands' terms ending in the last: each element a
/// variable, a number, a boolean, a string or a symbol, the tail a variable or a list.
/// `None` for anything else, which the built-in makes (a tail of `nil`, a map, a vector...).
#[inline(never)]
fn lcons_term(args: &[Arg], cx: &Ctx, slots: &Scope<'_>) -> Option<Term> {
    fn read<'b>(a: &'b Arg, cx: &'b Ctx, slots: Scope<'b>) -> Option<&'b Term> {
        match a {
            Arg::Place(Place::Slot(j)) => Some(slots.term(cx, *j)),
            Arg::Const(_, Some(t)) => Some(t),
            _ => None,
        }
    }
    let (last, items) = args.split_last()?;
    let tail = read(last, cx, *slots)?;
    let plain_var = |t: &Term| matches!(t, Term::Var(x) if x.reified_index().is_none());
    if !(plain_var(tail) || matches!(tail, Term::Pair(_) | Term::Nil)) {
        return None;
    }
    let mut heads = smallvec::SmallVec::<[&Term; 4]>::new();
    for a in items {
        let t = read(a, cx, *slots)?;
        let plain = plain_var(t)
            || matches!(
                t,
                Term::Int(_) | Term::Bool(_) | Term::Str(_) | Term::Sym(_)
            );
        if !plain {
            return None;
        }
        heads.push(t);
    }
    Some(
        heads
            .into_iter()
            .rev()
            .fold(tail.clone(), |d, a| Term::cons(a.clone(), d)),
    )
}

/// [`Arg::int`] of a call of `args`, whose callee `seen` knows.
#[inline(never)]
fn int_call(seen: &Seen, args: &[Arg], cx: &Ctx, slots: &Scope<'_>) -> Option<i64> {
    let door = seen.known()?;
    let (first, rest) = args.split_first()?;
    let mut acc = first.int(cx, slots)?;
    match (door, rest) {
        (Door::Step(d), []) => acc.checked_add(d),
        (Door::Arith('-'), []) => acc.checked_neg(),
        (Door::Arith(op), [_, ..]) => {
            for q in rest {
                let q = q.int(cx, slots)?;
                acc = match op {
                    '+' => acc.checked_add(q),
                    '-' => acc.checked_sub(q),
                    _ => acc.checked_mul(q),
                }?;
            }
            Some(acc)
        }
        _ => None,
    }
}

/// The integer `door`'s arithmetic gives for `nums`, if all are integers and it does not
/// overflow.
#[inline(always)]
fn arith(door: Door, nums: &[Num]) -> Option<i64> {
    match (door, nums) {
        (Door::Arith(op), [Ok(p), Ok(q)]) => match op {
            '+' => p.checked_add(*q),
            '-' => p.checked_sub(*q),
            _ => p.checked_mul(*q),
        },
        (Door::Arith('-'), [Ok(p)]) => p.checked_neg(),
        (Door::Step(d), [Ok(p)]) => p.checked_add(d),
        _ => None,
    }
}

/// A value as a [`Num`].
fn num_of(v: Value) -> Num {
    match v {
        Value::Int(i) => Ok(i),
        v => Err(v),
    }
}

/// A [`Num`] as a value.
fn value_of(n: Num) -> Value {
    n.map_or_else(|v| v, Value::Int)
}

/// The context of a call with the terms of `args`, written where the context keeps them,
/// and the `base` and clauses `head` gives.
fn call_ctx(
    args: &[Arg],
    cx: &Ctx,
    slots: &Scope<'_>,
    head: impl FnOnce() -> (Base, Option<Arc<Vec<Clause>>>),
) -> Out<SharedCtx> {
    SharedCtx::new_in_place(
        args.len(),
        |i, slot| args[i].term_into(cx, slots, slot),
        head,
    )
}

impl Fallback {
    /// Runs the form as compiled code, in the frames of values made from the terms: its goal.
    fn run(&self, cx: &Ctx, slots: &Scope<'_>) -> Result<Goal> {
        into_goal(self.value(cx, slots)?, self.who)
    }

    /// [`Fallback::run`]'s value, before it is taken as a goal.
    fn value(&self, cx: &Ctx, slots: &Scope<'_>) -> Result<Value> {
        if put_off() {
            return Err(Error::msg("a form put off to the body's turn"));
        }
        let env = cx.env_with(&self.frames, slots);
        match &self.code {
            Site::Body(code, i) => code[*i].run(&env),
            Site::Whole(code) => code.run(&env),
        }
    }
}

/// What the planner knows of the locals where a clause body is written.
pub(crate) struct Planner {
    /// The frames opened inside the `matche` (its patterns', then `fresh`es' and
    /// `project`s'), the innermost last: names and first slot.
    pub(crate) frames: Vec<(Names, u32)>,
    /// The same frames, for the forms left to compiled code.
    pub(crate) chain: Frames,
    /// The number of slots the frames take, the arguments' included.
    pub(crate) next: u32,
    /// For each local around the `matche` that is one of its arguments: where it is (frame
    /// from the innermost around the `matche`, slot) and the argument's number.
    pub(crate) args: Vec<((u32, u32), u32)>,
}

impl Planner {
    /// The planner of a `run`'s or a `fresh`'s body: its variables `names` are its first
    /// slots, and every other local is around it.
    pub(crate) fn top(names: &Names) -> Planner {
        let mut p = Planner {
            frames: Vec::new(),
            chain: None,
            next: 0,
            args: Vec::new(),
        };
        p.push(names);
        p
    }

    /// Where the compiled local `(h, i)` is.
    pub(crate) fn place(&self, h: u32, i: u32) -> Place {
        let opened = self.frames.len() as u32;
        if h < opened {
            let (_, first) = &self.frames[(opened - 1 - h) as usize];
            return Place::Slot(first + i);
        }
        let h = h - opened;
        match self.args.iter().find(|(at, _)| *at == (h, i)) {
            Some((_, j)) => Place::Arg(*j, h, i),
            None => Place::Outer(h, i),
        }
    }

    /// Opens a frame binding `names`, as the compiler's scope does (none for no names);
    /// gives its first slot and whether it was opened.
    pub(crate) fn push(&mut self, names: &Names) -> (u32, bool) {
        let first = self.next;
        if names.is_empty() {
            return (first, false);
        }
        self.frames.push((names.clone(), first));
        self.chain = Some(Arc::new(Chain {
            names: names.clone(),
            first,
            up: self.chain.take(),
        }));
        self.next += names.len() as u32;
        (first, true)
    }

    /// Closes the frame [`Planner::push`] opened at `first`.
    fn pop(&mut self, first: u32, opened: bool) {
        if opened {
            self.frames.pop();
            self.chain = self.chain.take().and_then(|c| c.up.clone());
        }
        self.next = first;
    }

    /// The plan of an arity's body `code` over its `n` parameters, which come after `named`
    /// names in its frame, when the body is one goal form that plans.
    fn entry(code: &Arc<Code>, n: usize, named: u32) -> Option<GoalPlan> {
        let mut planner = Planner {
            frames: Vec::new(),
            chain: None,
            next: n as u32,
            args: (0..n as u32).map(|j| ((0, named + j), j)).collect(),
        };
        let fallback = Fallback {
            code: Site::Whole(code.clone()),
            frames: None,
            who: "fn",
        };
        match planner.goal(code, fallback) {
            GoalPlan::Code(_) => None,
            p => Some(p),
        }
    }

    /// The plan of a body.
    pub(crate) fn body(&mut self, b: &Body, who: &'static str) -> Plans {
        let frames = self.chain.clone();
        (0..b.code.len())
            .map(|i| {
                let fallback = Fallback {
                    code: Site::Body(b.code.clone(), i),
                    frames: frames.clone(),
                    who,
                };
                self.goal(&b.code[i], fallback)
            })
            .collect()
    }

    fn goal(&mut self, c: &Code, fallback: Fallback) -> GoalPlan {
        match c {
            Code::Local(..) | Code::Global(_) => match self.arg(c) {
                Some(a) => GoalPlan::Value(a, fallback),
                None => GoalPlan::Code(fallback),
            },
            Code::Form(f) => match &f.op {
                Op::Call(callee @ (Code::Local(..) | Code::Global(_)), args, _) => {
                    match (self.arg(callee), self.args_of(args)) {
                        (Some(callee), Some(args)) => {
                            GoalPlan::Call(callee, args, f.pos, Seen::new(), fallback)
                        }
                        _ => GoalPlan::Code(fallback),
                    }
                }
                Op::Ext(x) => {
                    let any: &dyn std::any::Any = x.as_ref();
                    if let Some(is) = any.downcast_ref::<IsForm>() {
                        return match self.args_of(&is.0) {
                            Some(args) => GoalPlan::Is(args, f.pos, fallback),
                            None => GoalPlan::Code(fallback),
                        };
                    }
                    if let Some(t) = any.downcast_ref::<Trace<Code>>() {
                        return match t.map(&mut |c| self.arg(c)) {
                            Some(t) => GoalPlan::Trace(Arc::new(t), fallback),
                            None => GoalPlan::Code(fallback),
                        };
                    }
                    match any.downcast_ref::<Logic>() {
                        Some(l) => self.logic(l, fallback),
                        None => GoalPlan::Code(fallback),
                    }
                }
                _ => GoalPlan::Code(fallback),
            },
            _ => GoalPlan::Code(fallback),
        }
    }

    fn logic(&mut self, l: &Logic, fallback: Fallback) -> GoalPlan {
        match l {
            Logic::Fresh(b) => {
                let (first, opened) = self.push(&b.0);
                let plans = self.body(&b.1, "fresh");
                self.pop(first, opened);
                GoalPlan::Fresh(Arc::new((b.0.clone(), first, plans)))
            }
            Logic::All(b) => GoalPlan::All(self.body(b, "all")),
            Logic::Conde(Commit::E, clauses) => {
                GoalPlan::Conde(clauses.iter().map(|c| self.body(c, "conde")).collect())
            }
            Logic::Conde(kind, clauses) => GoalPlan::Committed(
                *kind,
                clauses.iter().map(|c| self.body(c, "conde")).collect(),
            ),
            Logic::Project(vals, b) => {
                let Some(vals) = self.args_of(vals) else {
                    return GoalPlan::Code(fallback);
                };
                let (first, opened) = self.push(&b.0);
                let plans = self.body(&b.1, "project");
                self.pop(first, opened);
                GoalPlan::Project(Arc::new((vals, plans)), fallback)
            }
            Logic::FdEq(rels) => {
                let planned: Option<Arc<[EqRel<Arg>]>> =
                    rels.iter().map(|r| r.map(&mut |c| self.arg(c))).collect();
                match planned {
                    Some(rels) => GoalPlan::FdEq(rels, fallback),
                    None => GoalPlan::Code(fallback),
                }
            }
            _ => GoalPlan::Code(fallback),
        }
    }

    fn args_of(&self, codes: &[Code]) -> Option<Box<[Arg]>> {
        codes.iter().map(|c| self.arg(c)).collect()
    }

    fn arg(&self, c: &Code) -> Option<Arg> {
        Some(match c {
            Code::Local(h, i) => Arg::Place(self.place(*h, *i)),
            Code::Global(g) => Arg::Global(g.clone()),
            Code::Const(v) => Arg::Const(v.clone(), to_term(v).ok()),
            Code::Vector(items) => Arg::Vector(self.args_of(items)?),
            Code::Form(f) => match &f.op {
                Op::Call(Code::Global(g), args, _) => {
                    Arg::Call(g.clone(), self.args_of(args)?, f.pos, Seen::new())
                }
                Op::Fn(name, arities) if arities.iter().all(reads_own_locals) => {
                    Arg::Fn(name.clone(), arities.clone())
                }
                _ => return None,
            },
            Code::Interp(_) => return None,
        })
    }
}

/// Whether the arity's body is compiled and reads no local but the parameters of its own
/// frame: the function needs none of the locals around it, so the plan makes it where it
/// is (conservatively, a body that opens a frame of its own, a library's form or a form
/// left to the interpreter is not looked into).
fn reads_own_locals(a: &crate::eval::Arity) -> bool {
    fn own(c: &Code) -> bool {
        match c {
            Code::Const(_) | Code::Global(_) => true,
            Code::Local(h, _) => *h == 0,
            Code::Vector(items) => items.iter().all(own),
            Code::Interp(_) => false,
            Code::Form(f) => match &f.op {
                Op::Call(callee, args, _) => own(callee) && args.iter().all(own),
                Op::If(c, t, e) => own(c) && own(t) && own(e),
                Op::Do(cs) | Op::And(cs) | Op::Or(cs) | Op::Recur(cs) => cs.iter().all(own),
                Op::Cond(pairs) => pairs.iter().all(|(t, v)| own(t) && own(v)),
                Op::Let(..) | Op::LetIn(..) | Op::Loop(..) | Op::Fn(..) | Op::Ext(_) => false,
            },
        }
    }
    matches!(a.code.get(), Some(Some(code)) if own(code))
}

//! A program's types that extend core.logic's term protocols (`IUnifyTerms`, `IWalkTerm`,
//! `IReifyTerm`, `IOccursCheckTerm` of `clojure.core.logic.protocols`): `==`, `unify`, `walk*`,
//! `ext`'s occurs check and `run`'s answers call their methods, as core.logic's do.
//!
//! - An instance of a `deftype` (or a `reify`) is an opaque term for the engine, equal only to
//!   itself (`value::convert`); so is a `defrecord`'s once its class implements one of these
//!   protocols (`implemented` keeps its records opaque instead of map terms).
//! - Until a program defines such a type, nothing here runs: [`active`] is false and [`eq`] is
//!   the engine's goal. After, `==` unifies here ([`unify`]): it walks both sides, descends
//!   through sequences and maps as core.logic's `unify` does, calls `unify-terms` where an
//!   instance meets the other side, binds a variable as core.logic's `LVar` does (a tree term
//!   with the occurs check, which calls `occurs-check-term`), and hands every part that holds
//!   no instance to the engine's unification, which wakes the constraints.
//! - So that every unification of a program reaches [`unify`] then: compiled calls of `==`
//!   call its function (the evaluator's direct `==` is switched off), `matche` and `defne`
//!   patterns unify through `==` (not the engine's matcher), and clojure.core.logic's list
//!   relations (`membero`, `appendo`, ...) are core.logic's definitions in `relations.clj`
//!   instead of the engine's ([`relation`]).
//! - `walk*` and the reification of answers ([`answers`], core.logic's `reifyg`) call
//!   `walk-term` and `reify-term` (`walk.rs`) on any term that holds an instance.
//! - `protocols.clj` extends the four protocols to `nil` and `Object` with this module's
//!   defaults (`kanren.logic/unify-terms`, ...), so a type's methods can call them on parts.
//!   The defaults never dispatch again on the value they were called with, only on its parts.
//!
//! DIVERGENCE: only a program's types (`deftype`, `defrecord`, `reify`) dispatch to the
//! protocols; a program that extends them to Clojure's own types (vectors, numbers) keeps
//! core.logic's built-in behaviour for those. (`!=` compares instances by equality, as
//! core.logic's does.)

mod unify;
mod walk;

use crate::library::core::types::protocol;
use crate::library::core::{arity, reg};
use crate::library::logic::subst::{state_arg, state_of, subst_value};
use crate::library::logic::{fail_with, to_term};
use crate::value::error::{Error, Result};
use crate::value::Value;
use kanren::{Goal, State, Stream, Term};
use std::sync::atomic::{AtomicBool, Ordering};

pub use unify::{occurs, unify};
pub use walk::{reify, reify_star, walk_star};

/// The term protocols, each by its interface and its method.
const UNIFY: (&str, &str) = ("clojure.core.logic.protocols.IUnifyTerms", "unify-terms");
const WALK: (&str, &str) = ("clojure.core.logic.protocols.IWalkTerm", "walk-term");
const REIFY: (&str, &str) = ("clojure.core.logic.protocols.IReifyTerm", "reify-term");
const OCCURS: (&str, &str) = (
    "clojure.core.logic.protocols.IOccursCheckTerm",
    "occurs-check-term",
);

static ACTIVE: AtomicBool = AtomicBool::new(false);

/// Whether a program has defined a type that implements one of the term protocols: until then
/// unification, walking and reification are the engine's alone.
#[inline]
pub fn active() -> bool {
    ACTIVE.load(Ordering::Relaxed)
}

/// Told by `protocol` that `class` implements a term protocol: from now on the terms are
/// checked for instances, and the class's records stay whole as terms. The defaults of
/// `protocols.clj` (on `nil` and `Object`) are not a program's type.
fn implemented(class: &str) {
    if matches!(class, "nil" | "java.lang.Object") {
        return;
    }
    crate::value::convert::keep_opaque(class);
    activate();
}

/// From now on, `==` and the list relations unify here.
fn activate() {
    ACTIVE.store(true, Ordering::Relaxed);
}

/// Whether `v` is an instance of a type a program defined (an object or a record), the values
/// that dispatch to the term protocols.
fn is_instance(v: &Value) -> bool {
    match v {
        Value::Object(_) => true,
        Value::Map(m) => m.tag.is_some(),
        _ => false,
    }
}

/// The instance an opaque term stands for, if it stands for one.
fn instance(t: &Term) -> Option<Value> {
    crate::value::convert::opaque_value(t).filter(is_instance)
}

/// The method `(protocol, method)` of the instance `v`: its type's, or the default.
fn method_of(p: (&str, &str), v: &Value) -> Option<Value> {
    protocol::find_method(&*protocol::named(p.0)?, p.1, v)
}

/// Whether `t`, walked in `s`, holds an instance anywhere.
fn has_instance(s: &State, t: &Term) -> bool {
    let mut t = s.walk_ref(t);
    loop {
        match t {
            Term::Pair(p) => {
                if has_instance(s, &p.0) {
                    return true;
                }
                t = s.walk_ref(&p.1);
            }
            Term::Vector(xs) => {
                return kanren::stack::maybe_grow(32 * 1024, 1024 * 1024, || {
                    xs.iter().any(|x| has_instance(s, x))
                })
            }
            Term::Map(es) | Term::PartialMap(es) => {
                return kanren::stack::maybe_grow(32 * 1024, 1024 * 1024, || {
                    es.iter()
                        .any(|(k, v)| has_instance(s, k) || has_instance(s, v))
                })
            }
            Term::Tie(tie) => t = s.walk_ref(&tie.body),
            Term::Sym(_) => return instance(t).is_some(),
            _ => return false,
        }
    }
}

/// What a `unify-terms` method returned: `nil` (or `false`) for failure, else a substitution;
/// the error names the method, the instance and the value.
fn returned_state(out: Value, method: &str, on: &Value) -> Result<Option<State>> {
    if !out.truthy() {
        return Ok(None);
    }
    substitution(out, method, on).map(Some)
}

/// What a method that must return a substitution (`reify-term`) returned.
fn substitution(out: Value, method: &str, on: &Value) -> Result<State> {
    state_of(&out).ok_or_else(|| {
        Error::ex(
            crate::value::error::ILLEGAL_ARGUMENT,
            format!(
                "{method} of a {} returned {}: it must return a substitution{}",
                crate::value::class::class_name(on),
                crate::value::printer::describe(&out),
                if method == "unify-terms" {
                    " or nil"
                } else {
                    ""
                }
            ),
        )
    })
}

/// The goal `u == v`: the engine's [`kanren::eq`] until a program defines a type that
/// implements a term protocol ([`active`]), then [`unify`]'s; an error a method raises fails
/// the goal and is reported by the query.
pub fn eq(u: Term, v: Term) -> Goal {
    // Two atoms neither of which is an instance: the engine's goal, decided now.
    let plain_atom = |t: &Term| match t {
        Term::Int(_) | Term::Bool(_) | Term::Nil | Term::Str(_) | Term::Nom(_) => true,
        Term::Sym(_) => instance(t).is_none(),
        _ => false,
    };
    if !active() || (plain_atom(&u) && plain_atom(&v)) {
        return kanren::eq(u, v);
    }
    Goal::new(move |s| match unify(&s, &u, &v) {
        Ok(Some(s)) => Stream::unit(s),
        Ok(None) => Stream::empty(),
        Err(e) => {
            let _ = fail_with(e);
            Stream::empty()
        }
    })
}

/// The head of the term [`answers`] binds the query to when its answer has variables.
const CARRIER: &str = "\u{1}answer";

/// Sets how a query's answers are made, once [`active`]: an answer whose value holds an
/// instance is made as core.logic's `reifyg` makes it (`walk*`, then `-reify*` naming the
/// variables `_0`, `_1`, ... in the order `reify-term` meets them, then `walk*` again). The
/// query variable is bound in the final state to that value, after the variables it names in
/// their order, as `(carrier [vars...] . value)`: the engine's reification names them alike,
/// and prints the constraints left on them; [`answer_term`] takes the value back out. Each
/// final state is checked first as core.logic's `enforce-constraints` checks it
/// ([`verify_all_bound`](crate::library::logic::fd::verify_all_bound)): its error is the
/// query's. Whether it set them: until [`active`], answers are the engine's, and the query
/// checks its final states as it builds their values.
pub fn answers(a: &mut kanren::Answers) -> bool {
    let custom = active();
    if custom {
        // A plain function: no allocation and no count a query.
        a.map_final_states_fn(finish);
    }
    custom
}

/// A query's final state `s` checked, and the value of its term `q` made.
fn finish(s: State, q: &Term) -> State {
    if let Some(e) = crate::library::logic::fd::verify_all_bound(&s) {
        let _ = fail_with(e);
        return s;
    }
    let Term::Var(x) = q else { return s };
    if !has_instance(&s, q) {
        return s;
    }
    let made = walk::reified(&s, &Value::LVar(*x)).and_then(|(vars, v)| Ok((vars, to_term(&v)?)));
    match made {
        Ok((vars, v)) if vars.is_empty() => s.ext_no_check(*x, v),
        Ok((vars, v)) => {
            let vars = Term::Vector(vars.into_iter().map(Term::Var).collect());
            s.ext_no_check(*x, Term::cons(Term::sym(CARRIER), Term::cons(vars, v)))
        }
        Err(e) => {
            let _ = fail_with(e);
            s
        }
    }
}

/// The term of a query's answer, as `Answer::into_term` gives it: the value alone, or
/// `(value :- constraints...)`, without the variables [`answers`] put before it.
pub fn answer_term(a: kanren::Answer) -> Term {
    let value = match a.value() {
        Term::Pair(p) if active() && matches!(&p.0, Term::Sym(c) if &**c == CARRIER) => {
            match &p.1 {
                Term::Pair(rest) => rest.1.clone(),
                other => other.clone(),
            }
        }
        _ => return a.into_term(),
    };
    if a.constraints().is_empty() {
        return value;
    }
    let mut items = vec![value, Term::sym(":-")];
    items.extend(a.constraints().iter().cloned());
    Term::list(items)
}

/// The value `project` gives a symbol whose term is `t`: `t` walked through in `s`
/// (core.logic's `walk*`, through `walk-term` once [`active`]). An error a `walk-term` method
/// raises is reported by the query (the engine's walk gives the value meanwhile).
#[inline]
pub fn projected(s: &State, t: &Term) -> Value {
    if active() {
        match walk_star(s, &crate::value::convert::from_term(t)) {
            Ok(v) => return v,
            Err(e) => {
                let _ = fail_with(e);
            }
        }
    }
    crate::value::convert::from_term(&s.walk_star(t))
}

/// core.logic's list relations in Clojure (`relations.clj`), loaded on first use.
static RELATIONS: crate::library::core::prelude::Source = crate::library::core::prelude::Source {
    key: "kanren.logic.terms",
    text: include_str!("relations.clj"),
};

/// The goal of core.logic's list relation `name` (`membero`, `appendo`, ...) on `args`, built
/// from `==` as core.logic builds it: what clojure.core.logic's relation is once [`active`],
/// so that instances unify inside it through their methods.
pub fn relation(name: &str, args: Vec<Value>) -> Result<Value> {
    let f = crate::library::core::prelude::loaded_value(
        &RELATIONS,
        &format!("kanren.logic.terms/{name}"),
    )?;
    crate::eval::apply(&f, args)
}

/// Installs the watch on the term protocols, `occurs-check` and the protocols' defaults. With
/// `KANREN_CUSTOM_TERMS` set in the environment, [`active`] is true from the start.
pub fn install() {
    // For tests: every query as if the program had defined such a type, so that the
    // unification here is checked against the engine's on any program.
    if std::env::var_os("KANREN_CUSTOM_TERMS").is_some() {
        activate();
    }
    for (on, _) in [UNIFY, WALK, REIFY, OCCURS] {
        protocol::watch(on, implemented);
    }
    reg("clojure.core.logic", "occurs-check", |a| {
        arity(&a, 3, 3, "occurs-check")?;
        let s = state_arg(&a[0], "occurs-check")?;
        Ok(Value::Bool(occurs(&s, &to_term(&a[1])?, &to_term(&a[2])?)?))
    });
    // The defaults of the term protocols on `nil` and `Object` (see protocols.clj).
    let k = "kanren.logic";
    reg(k, "unify-terms", |a| {
        arity(&a, 3, 3, "unify-terms")?;
        let s = state_arg(&a[2], "unify-terms")?;
        let out = unify::default_unify_terms(&s, &a[0], &to_term(&a[1])?)?;
        Ok(out.map_or(Value::Nil, subst_value))
    });
    reg(k, "walk-term", |a| {
        arity(&a, 2, 2, "walk-term")?;
        walk::default_walk_term(&a[0], &a[1])
    });
    reg(k, "reify-term", |a| {
        arity(&a, 2, 2, "reify-term")?;
        let s = state_arg(&a[1], "reify-term")?;
        Ok(subst_value(walk::default_reify_term(s, &a[0])?))
    });
    reg(k, "occurs-check-term", |a| {
        arity(&a, 3, 3, "occurs-check-term")?;
        let s = state_arg(&a[2], "occurs-check-term")?;
        Ok(Value::Bool(unify::default_occurs_check_term(
            &s,
            &to_term(&a[1])?,
            &a[0],
        )?))
    });
}

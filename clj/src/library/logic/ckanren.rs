//! core.logic's constraint layer (cKanren) as values, on the engine's one constraint protocol.
//!
//! A core.logic constraint is a value that implements the protocols of
//! `clojure.core.logic.protocols`: `-step` (the constraint seen in a substitution, itself a
//! function of the substitution that runs it, `-runnable?` and `-entailed?`), `-rator` and
//! `-rands`, `-watched-stores`, `-reifyc`. `ckanren.clj` writes core.logic's store value
//! (`make-cs`, `addc`, `remc`, ...) and the constructors of core.logic's own constraints
//! (`!=c`, `fd/+c`, ...) in Clojure; this file is where such a value meets the engine:
//!
//! - `addcg`/`cgoal` post it as a `Wrapped` engine constraint, which the store wakes when a
//!   variable among its operands is bound (or, when it watches `::fd`, narrowed) and which
//!   steps it and runs it there as core.logic's `run-constraint` does. A constraint that calls
//!   `remcg` on itself leaves the store (entailed).
//! - `(:cs s)` shows a state's store as core.logic's `ConstraintStore`: a posted value as
//!   itself, a constraint of the engine's own (`!=`, the FD propagators, ...) as a view with
//!   its operator, its variables and how it prints.

use crate::library::core::{arity, reg};
use crate::library::logic::subst::{state_arg, state_of, subst_value};
use crate::library::logic::{fail_with, to_term};
use crate::value::convert::from_term;
use crate::value::error::{Error, Result};
use crate::value::Value;
use kanren::{Constraint, Fail, Goal, Head, Run, State, Status, Stream, Term, Var};

/// A constraint value posted on the engine's store.
struct Wrapped {
    /// The core.logic constraint.
    c: Value,
    /// The variables among its operands when it was posted.
    vars: Vec<Var>,
    /// Whether it watches finite domains (`::fd` among its `-watched-stores`).
    fd: bool,
}

/// The constraints that removed themselves (`remcg`) in a state, compared by identity.
#[derive(Clone, Default)]
struct Removed(Vec<Value>);

impl Removed {
    fn has(&self, c: &Value) -> bool {
        self.0
            .iter()
            .any(|x| crate::library::core::misc::identical(x, c))
    }
}

fn is_removed(s: &State, c: &Value) -> bool {
    s.extension::<Removed>().is_some_and(|r| r.has(c))
}

/// Calls `clojure.core.logic/NAME` (defined in ckanren.clj) with `args`.
fn call(name: &str, args: Vec<Value>) -> Result<Value> {
    let f = crate::eval::ns::resolve_in("clojure.core.logic", name)
        .ok_or_else(|| Error::msg(format!("clojure.core.logic/{name} is not defined")))?
        .1;
    crate::eval::apply(&f, args)
}

/// `(:cs s)`: the constraint store of `s` as core.logic's `ConstraintStore` value.
pub fn store_value(s: &State) -> Result<Value> {
    call("constraint-store", vec![subst_value(s.clone())])
}

fn keyword(v: &Value, name: &str) -> bool {
    matches!(v, Value::Keyword(k) if &**k == name)
}

impl Constraint for Wrapped {
    fn watched(&self) -> Vec<Var> {
        self.vars.clone()
    }

    fn wakes_on_narrowing(&self) -> bool {
        self.fd
    }

    fn propagate(&self, run: &mut Run, _: Option<Var>) -> std::result::Result<Status, Fail> {
        let a = subst_value(run.state());
        let next = match call("-run-constraint", vec![self.c.clone(), a]) {
            Ok(v) => v,
            Err(e) => return failed(e),
        };
        if keyword(&next, "keep") {
            return Ok(Status::Keep);
        }
        if keyword(&next, "entailed") {
            return Ok(Status::Entailed);
        }
        let Some(s) = state_of(&next) else {
            if matches!(next, Value::Nil) {
                return Err(Fail);
            }
            let e = Error::msg(format!(
                "the constraint {} returned {} when it ran: a constraint returns nil or a substitution",
                crate::value::printer::describe(&self.c),
                crate::value::printer::describe(&next)
            ));
            return failed(e);
        };
        let done = is_removed(&s, &self.c);
        run.solve(&Goal::new(move |_| Stream::unit(s.clone())))?;
        Ok(if done { Status::Entailed } else { Status::Keep })
    }

    fn reify(&self, name: &dyn Fn(&Term) -> Option<Term>) -> Option<Term> {
        self.reify_answer(&Term::Nil, name)
    }

    fn reify_answer(&self, answer: &Term, name: &dyn Fn(&Term) -> Option<Term>) -> Option<Term> {
        let args = |v, r, a| vec![self.c.clone(), v, r, a];
        reified(&self.vars, answer, name, |v, r, a| {
            call("-reify-constraint", args(v, r, a))
        })
    }

    fn names_absent(&self) -> bool {
        true
    }
}

/// How a constraint prints by a Clojure function: `f` gets core.logic's `v` (the answer's
/// value, reified), `r` (a substitution that names `vars`, the constraint's variables) and
/// `a` (the substitution, with nothing left to walk: the names are of walked terms).
pub fn reified(
    vars: &[Var],
    answer: &Term,
    name: &dyn Fn(&Term) -> Option<Term>,
    f: impl FnOnce(Value, Value, Value) -> Result<Value>,
) -> Option<Term> {
    let mut r = crate::library::logic::subst::naming_subst();
    for x in vars {
        r = r.ext_no_check(*x, name(&Term::Var(*x))?);
    }
    let v = from_term(answer);
    match f(v, subst_value(r), subst_value(State::new())) {
        Ok(Value::Nil) => None,
        Ok(v) => to_term(&v).ok(),
        Err(e) => {
            let _ = fail_with(e);
            None
        }
    }
}

/// An error raised by a constraint's Clojure code: the query reports it.
fn failed(e: Error) -> std::result::Result<Status, Fail> {
    let _ = fail_with(e);
    Err(Fail)
}

fn vars_of(v: &Value) -> Result<Vec<Var>> {
    let mut out = Vec::new();
    for t in v.to_vec()? {
        if let Term::Var(x) = to_term(&t)? {
            if !out.contains(&x) {
                out.push(x);
            }
        }
    }
    Ok(out)
}

/// Registers the natives behind ckanren.clj (namespace `kanren.logic`).
pub fn install() {
    let (l, k) = ("clojure.core.logic", "kanren.logic");
    // (addc a c rands fd?): a with c posted on its store, or nil when c fails at once.
    reg(k, "addc", |a| {
        arity(&a, 4, 4, "addc")?;
        let s = state_arg(&a[0], "addcg")?;
        let c = Wrapped {
            c: a[1].clone(),
            vars: vars_of(&a[2])?,
            fd: a[3].truthy(),
        };
        Ok(match Goal::constraint(c).apply(s).head() {
            Head::Unit(s) => subst_value(s),
            _ => Value::Nil,
        })
    });
    // (remc a c): a where c has removed itself.
    reg(k, "remc", |a| {
        arity(&a, 2, 2, "remc")?;
        let s = state_arg(&a[0], "remcg")?;
        let c = a[1].clone();
        Ok(subst_value(s.with_extension(|r: &mut Removed| {
            if !r.has(&c) {
                r.0.push(c)
            }
        })))
    });
    // (store-entries a): the live constraints of a's store, each [id c] for a posted value,
    // [id nil vars term] for one of the engine's own (term: how it prints, or nil).
    reg(k, "store-entries", |a| {
        arity(&a, 1, 1, "store-entries")?;
        let s = state_arg(&a[0], "store-entries")?;
        let mut out = Vec::new();
        for (id, c) in s.constraints() {
            let id = Value::Int(id.into());
            let any: &dyn std::any::Any = &**c;
            if let Some(w) = any.downcast_ref::<Wrapped>() {
                if !is_removed(&s, &w.c) {
                    out.push(Value::vector(vec![id, w.c.clone()]));
                }
                continue;
            }
            let vars = c.watched().into_iter().map(Value::LVar).collect();
            let term = c
                .reify(&|t| Some(t.clone()))
                .map_or(Value::Nil, |t| from_term(&t));
            out.push(Value::vector(vec![
                id,
                Value::Nil,
                Value::vector(vars),
                term,
            ]));
        }
        Ok(Value::vector(out))
    });
    // core.logic's labeling goals (fd.clj and logic.clj's `force-ans`, `enforce-constraints`),
    // on the engine's labeling at reification.
    reg(l, "force-ans", |a| {
        arity(&a, 1, 1, "force-ans")?;
        Ok(Value::Goal(kanren::fd::force_ans(to_term(&a[0])?)))
    });
    reg(l, "enforce-constraints", |a| {
        arity(&a, 1, 1, "enforce-constraints")?;
        Ok(Value::Goal(kanren::fd::enforce_constraints(to_term(
            &a[0],
        )?)))
    });
    reg(k, "reifyg", |a| {
        arity(&a, 1, 1, "reifyg")?;
        Ok(Value::Goal(kanren::fd::reifyg(to_term(&a[0])?)))
    });
    // (reify-answer a x): x reified in a as `run` prints it, constraints and all.
    reg(k, "reify-answer", |a| {
        arity(&a, 2, 2, "reify-answer")?;
        let s = state_arg(&a[0], "reifyg")?;
        Ok(from_term(&s.reify(&to_term(&a[1])?).into_term()))
    });
    // (tail c): what follows the first element of a seq or lcons cell, an improper tail as
    // it is (core.logic's `lnext`).
    reg(k, "tail", |a| {
        arity(&a, 1, 1, "lnext")?;
        Ok(match &a[0] {
            Value::List(c) => match &c.1 {
                Value::EmptyList => Value::Nil,
                t => t.clone(),
            },
            other => match other.uncons()? {
                Some((_, Value::EmptyList)) | None => Value::Nil,
                Some((_, t)) => t,
            },
        })
    });
    // What core.logic's `-run` needs: an empty substitution with or without the occurs
    // check, fresh variables named after their symbols, and the unbound variables of a term.
    reg(k, "empty-s", |a| {
        arity(&a, 1, 1, "-run")?;
        Ok(subst_value(State::new().with_occurs_check(a[0].truthy())))
    });
    reg(k, "named-fresh", |a| {
        arity(&a, 1, 1, "-run")?;
        let f = a[0].clone();
        crate::library::logic::with_named_fresh(|| crate::eval::apply(&f, Vec::new()))
    });
    reg(k, "vars-in", |a| {
        arity(&a, 2, 2, "-run")?;
        let s = state_arg(&a[0], "-run")?;
        let mut vars = Vec::new();
        crate::library::logic::subst::vars_of(&s.walk_star(&to_term(&a[1])?), &mut vars);
        Ok(Value::vector(vars.into_iter().map(Value::LVar).collect()))
    });
    // (ext-run-cs a x v): x bound to v, the constraints on x run; nil when one fails.
    reg(k, "ext-run-cs", |a| {
        arity(&a, 3, 3, "ext-run-cs")?;
        let s = state_arg(&a[0], "ext-run-cs")?;
        Ok(match s.unify(&to_term(&a[1])?, &to_term(&a[2])?) {
            Some(s) => subst_value(s),
            None => Value::Nil,
        })
    });
}

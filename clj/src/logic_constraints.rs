//! core.logic's constraints beyond `==` and `!=` (`predc`, `featurec`, `partial-map`, `nafc`,
//! `conjo`) and the `clojure.core.logic.unifier` namespace, bound to the engine's.

use crate::core::{arity, reg};
use crate::error::{Error, Result};
use crate::logic::{fail_with, from_term, goal_of, guard, to_term};
use crate::value::Value;
use kanren::{Goal, Term};
use std::sync::Arc;

fn t(v: &Value) -> Result<Term> {
    to_term(v)
}

fn goal(g: Goal) -> Result<Value> {
    Ok(Value::Goal(g))
}

/// Registers the constraints and the unifier namespace.
pub fn install() {
    let l = "clojure.core.logic";
    reg(l, "partial-map", |a| {
        arity(&a, 1, 1, "partial-map")?;
        match &a[0] {
            Value::Map(m) => Ok(Value::PartialMap(m.clone())),
            other => Err(Error::msg(format!(
                "partial-map: expected a map, got {other}"
            ))),
        }
    });
    reg(l, "featurec", |a| {
        arity(&a, 2, 2, "featurec")?;
        goal(kanren::featurec(t(&a[0])?, t(&a[1])?))
    });
    reg(l, "conjo", |a| {
        arity(&a, 3, usize::MAX, "conjo")?;
        let items = a[1..a.len() - 1]
            .iter()
            .map(t)
            .collect::<Result<Vec<_>>>()?;
        goal(kanren::conjo(t(&a[0])?, items, t(&a[a.len() - 1])?))
    });
    reg(l, "predc", |a| {
        arity(&a, 2, 3, "predc")?;
        let pred = a[1].clone();
        let test = move |x: &Term| match crate::eval::apply(&pred, vec![from_term(x)]) {
            Ok(v) => v.truthy(),
            Err(e) => {
                let _ = fail_with(e);
                false
            }
        };
        // The printed form: the one given, or (as core.logic) the predicate itself; a
        // function given as the form is core.logic's reifier, called with internals, so
        // nothing is shown for it.
        let form = match a.get(2).unwrap_or(&a[1]) {
            Value::Fn(_) | Value::Native(_) if a.len() == 3 => None,
            f => Some(t(f)?),
        };
        goal(kanren::predc_with(t(&a[0])?, test, move |_| form.clone()))
    });
    reg(l, "nafc", |a| {
        arity(&a, 1, usize::MAX, "nafc")?;
        let rel = a[0].clone();
        let name = t(&rel)?;
        let args = a[1..].iter().map(t).collect::<Result<Vec<_>>>()?;
        goal(kanren::nafc(
            name,
            move |ts: &[Term]| {
                guard(|| {
                    goal_of(
                        &crate::eval::apply(&rel, ts.iter().map(from_term).collect())?,
                        "nafc",
                    )
                })
            },
            args,
        ))
    });
    let u = "clojure.core.logic.unifier";
    reg(u, "unify", |a| {
        unifier_call(a, "u/unify", kanren::unifier::unify_with)
    });
    reg(u, "unifier", |a| {
        unifier_call(a, "u/unifier", kanren::unifier::unifier_with)
    });
}

/// `(u/unify [t1 t2 ...])` or `(u/unify {:as {?x t}} [t1 t2 ...])`: `?`-symbols are variables;
/// `nil` when the terms do not unify.
fn unifier_call(
    a: Vec<Value>,
    who: &str,
    f: fn(&kanren::unifier::Options, Vec<Term>) -> Option<Term>,
) -> Result<Value> {
    arity(&a, 1, 2, who)?;
    let mut opts = kanren::unifier::Options::new();
    if a.len() == 2 {
        let Value::Map(m) = &a[0] else {
            return Err(Error::msg(format!(
                "{who}: the options must be a map, got {}",
                a[0]
            )));
        };
        for (k, v) in m.iter() {
            match (k, v) {
                (Value::Keyword(k), Value::Map(binds)) if &**k == "as" => {
                    for (s, t) in binds.iter() {
                        let name = s.as_symbol().ok_or_else(|| {
                            Error::msg(format!("{who}: :as binds symbols, got {s}"))
                        })?;
                        opts = opts.bind(name, to_term(t)?);
                    }
                }
                (k, _) => {
                    return Err(Error::msg(format!(
                        "{who}: the option {k} is not supported (only :as)"
                    )))
                }
            }
        }
    }
    let terms = a[a.len() - 1]
        .to_vec()?
        .iter()
        .map(|v| to_term(&prep(v)?))
        .collect::<Result<Vec<_>>>()?;
    Ok(f(&opts, terms).map_or(Value::Nil, |t| from_term(&t)))
}

/// core.logic's unifier `prep`: a quoted list with `.` before its last element, `'(?x . ?y)`
/// (read as three symbols), is the partial list it stands for.
fn prep(v: &Value) -> Result<Value> {
    Ok(match v {
        Value::List(_) => {
            let items = v.to_vec()?.iter().map(prep).collect::<Result<Vec<_>>>()?;
            match items.iter().position(|x| x.is_sym(".")) {
                Some(i) if i + 2 == items.len() && i > 0 => {
                    let tail = items[i + 1].clone();
                    Value::list_with_tail(items[..i].to_vec(), tail)
                }
                _ => Value::list(items),
            }
        }
        Value::Vector(items) => Value::vector(items.iter().map(prep).collect::<Result<Vec<_>>>()?),
        Value::Map(m) => Value::Map(Arc::new(
            m.iter()
                .map(|(k, x)| Ok((prep(k)?, prep(x)?)))
                .collect::<Result<Vec<_>>>()?,
        )),
        other => other.clone(),
    })
}

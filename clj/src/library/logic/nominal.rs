//! core.logic's nominal logic (`clojure.core.logic.nominal`, usually aliased `nom`), bound to
//! the engine's `kanren::nom`: `nom/fresh`, `nom/tie`, `nom/hash`, and the predicates `nom?`
//! and `tie?`.

use crate::eval::{bind_all, Env};
use crate::library::core::{arity, reg};
use crate::library::logic::forms::{goals_of, syms_of};
use crate::library::logic::{guard, to_term};
use crate::value::error::{Error, Result};
use crate::value::Value;
use kanren::Nom;
use std::sync::Arc;

/// The namespace.
pub const NS: &str = "clojure.core.logic.nominal";

/// Its special forms, registered as `n:name`.
pub const FORMS: &[&str] = &["fresh"];

/// `(nom/fresh [a b] goal ...)`: new noms for `a` and `b` each time the goal runs.
pub fn special(name: &str, tail: &Value, env: &Env) -> Result<Value> {
    if name != "fresh" {
        return Err(Error::msg(format!("nom/{name} is not supported")));
    }
    let forms = tail.to_vec()?;
    let (bindings, body) = forms
        .split_first()
        .ok_or_else(|| Error::msg("nom/fresh needs a binding vector"))?;
    let syms = syms_of(bindings, "nom/fresh")?;
    let body: Arc<Vec<Value>> = Arc::new(body.to_vec());
    let env = env.clone();
    Ok(Value::Goal(kanren::nom::fresh(move |[]: [Nom; 0]| {
        guard(|| {
            let noms = syms.iter().map(|s| (s.clone(), Value::Nom(Nom::fresh())));
            let e = bind_all(&env, noms.collect());
            Ok(kanren::conj(goals_of(&body, &e, "nom/fresh")?))
        })
    })))
}

/// Registers the functions of the namespace.
pub fn install() {
    reg(NS, "tie", |a| {
        arity(&a, 2, 2, "nom/tie")?;
        Ok(Value::Tie(Arc::new(crate::value::items::TieCell {
            pair: (a[0].clone(), a[1].clone()),
        })))
    });
    reg(NS, "hash", |a| {
        arity(&a, 2, 2, "nom/hash")?;
        Ok(Value::Goal(kanren::nom::hash(
            to_term(&a[0])?,
            to_term(&a[1])?,
        )))
    });
    reg(NS, "nom?", |a| {
        arity(&a, 1, 1, "nom?")?;
        Ok(Value::Bool(matches!(a[0], Value::Nom(_))))
    });
    reg(NS, "tie?", |a| {
        arity(&a, 1, 1, "tie?")?;
        Ok(Value::Bool(matches!(a[0], Value::Tie(_))))
    });
}

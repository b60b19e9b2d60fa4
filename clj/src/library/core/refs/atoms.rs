//! Atoms: `atom` (with its `:meta` and `:validator` options), `reset!`, `swap!`, validators
//! (`set-validator!`, `get-validator`) and watches (`add-watch`, `remove-watch`).
//!
//! Every change of an atom's value goes through `change`: the validator is called on the
//! new value first (a false answer is Clojure's `IllegalStateException` "Invalid reference
//! state", an error it raises is passed on), then the value is set, then each watch is called
//! with its key, the atom, the old value and the new. `compare-and-set!`, `swap-vals!` and
//! `reset-vals!` (in the prelude) change an atom through `reset!` and `swap!`.
//!
//! `add-watch` and `set-validator!` take atoms only: a var's value is its global definition,
//! with no place for a watch.

use crate::eval::apply;
use crate::library::core::{arity, get, reg};
use crate::value::error::{Error, Result, ILLEGAL_STATE};
use crate::value::items::AtomCell;
use crate::value::Value;
use std::sync::atomic::Ordering;
use std::sync::Arc;

fn atom_of<'a>(v: &'a Value, name: &str) -> Result<&'a Arc<AtomCell>> {
    match v {
        Value::Atom(x) => Ok(x),
        other => Err(Error::msg(format!(
            "{name}: expected an atom, got {}",
            crate::value::printer::describe(other)
        ))),
    }
}

/// Checks `v` against the validator `f` (none: every value is valid).
fn validate(f: Option<&Value>, v: &Value) -> Result<()> {
    match f {
        Some(f) if !apply(f, vec![v.clone()])?.truthy() => {
            Err(Error::ex(ILLEGAL_STATE, "Invalid reference state"))
        }
        _ => Ok(()),
    }
}

/// Makes `new` the value of `atom` (the value `r`), checked by its validator and then told
/// to its watches; gives `new`.
fn change(r: &Value, atom: &AtomCell, new: Value) -> Result<Value> {
    if !atom.hooked.load(Ordering::Relaxed) {
        *atom.lock().unwrap_or_else(|e| e.into_inner()) = new.clone();
        return Ok(new);
    }
    let (validator, watches) = {
        let h = atom.hooks.lock().unwrap_or_else(|e| e.into_inner());
        (h.validator.clone(), h.watches.clone())
    };
    validate(validator.as_ref(), &new)?;
    let old = std::mem::replace(
        &mut *atom.lock().unwrap_or_else(|e| e.into_inner()),
        new.clone(),
    );
    for (k, f) in watches {
        apply(&f, vec![k, r.clone(), old.clone(), new.clone()])?;
    }
    Ok(new)
}

/// Registers the functions of this module.
pub fn install() {
    let c = "clojure.core";
    reg(c, "atom", |a| {
        arity(&a, 1, usize::MAX, "atom")?;
        if a.len() % 2 == 0 {
            return Err(Error::ex(
                crate::value::error::ILLEGAL_ARGUMENT,
                format!("No value supplied for key: {}", a[a.len() - 1]),
            ));
        }
        let opts = Value::Map(crate::value::items::Items::arc(
            a[1..]
                .chunks(2)
                .map(|kv| (kv[0].clone(), kv[1].clone()))
                .collect(),
        ));
        let meta = get(&opts, &Value::kw("meta"))?;
        let validator = get(&opts, &Value::kw("validator"))?;
        let validator = (!matches!(validator, Value::Nil)).then_some(validator);
        validate(validator.as_ref(), &a[0])?;
        let cell = AtomCell::new(a[0].clone());
        cell.hooked.store(validator.is_some(), Ordering::Relaxed);
        cell.hooks
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .validator = validator;
        let atom = Value::Atom(Arc::new(cell));
        if !matches!(meta, Value::Nil) {
            crate::value::meta::set_meta(&atom, meta);
        }
        Ok(atom)
    });
    reg(c, "reset!", |a| {
        arity(&a, 2, 2, "reset!")?;
        change(&a[0], atom_of(&a[0], "reset!")?, a[1].clone())
    });
    reg(c, "swap!", |a| {
        arity(&a, 2, usize::MAX, "swap!")?;
        let x = atom_of(&a[0], "swap!")?;
        let old = x.lock().unwrap_or_else(|e| e.into_inner()).clone();
        let mut args = vec![old];
        args.extend(a[2..].iter().cloned());
        let new = apply(&a[1], args)?;
        change(&a[0], x, new)
    });
    reg(c, "set-validator!", |a| {
        arity(&a, 2, 2, "set-validator!")?;
        let x = atom_of(&a[0], "set-validator!")?;
        let f = (!matches!(a[1], Value::Nil)).then(|| a[1].clone());
        let now = x.lock().unwrap_or_else(|e| e.into_inner()).clone();
        validate(f.as_ref(), &now)?;
        x.hooked.store(true, Ordering::Relaxed);
        x.hooks.lock().unwrap_or_else(|e| e.into_inner()).validator = f;
        Ok(Value::Nil)
    });
    reg(c, "get-validator", |a| {
        arity(&a, 1, 1, "get-validator")?;
        let x = atom_of(&a[0], "get-validator")?;
        let h = x.hooks.lock().unwrap_or_else(|e| e.into_inner());
        Ok(h.validator.clone().unwrap_or(Value::Nil))
    });
    reg(c, "add-watch", |a| {
        arity(&a, 3, 3, "add-watch")?;
        let x = atom_of(&a[0], "add-watch")?;
        x.hooked.store(true, Ordering::Relaxed);
        let mut h = x.hooks.lock().unwrap_or_else(|e| e.into_inner());
        match h
            .watches
            .iter_mut()
            .find(|(k, _)| crate::value::coll::equal(k, &a[1]))
        {
            Some(w) => w.1 = a[2].clone(),
            None => h.watches.push((a[1].clone(), a[2].clone())),
        }
        Ok(a[0].clone())
    });
    reg(c, "remove-watch", |a| {
        arity(&a, 2, 2, "remove-watch")?;
        let x = atom_of(&a[0], "remove-watch")?;
        let mut h = x.hooks.lock().unwrap_or_else(|e| e.into_inner());
        h.watches
            .retain(|(k, _)| !crate::value::coll::equal(k, &a[1]));
        Ok(a[0].clone())
    });
}

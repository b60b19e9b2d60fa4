//! `destructure`: a binding vector with destructuring forms, rewritten into plain bindings of
//! symbols (what `let` means, as a function a macro can call). The evaluator destructures by
//! itself (`eval::destructure`); this gives the same bindings as code.
//!
//! The rewriting, one binding `form value` at a time:
//! - a symbol is bound as it is;
//! - a vector `[a b & r :as v]` binds a fresh `vec__N` to the value; without `&` each
//!   element `i` is `(nth vec__N i nil)`; with `&` the elements are taken one by one from
//!   `seq__N` (`(seq vec__N)`, then `first`/`next`) and the rest is what is left; `:as`
//!   binds the whole value;
//! - a map binds a fresh `map__N` to the value, made a map when it is a seq (keyword
//!   arguments, `seq-to-map-for-destructuring`); `:as` binds it, `:keys`/`:strs`/`:syms`
//!   (and `:ns/keys`, `:ns/syms`) bind each name to `(get map__N key)`, any other entry
//!   `form key` binds `form` to `(get map__N key)`; `:or` gives the default of a name;
//! - the forms bound to in turn are rewritten the same way.

use crate::library::core::{arity, reg};
use crate::value::error::{Error, Result};
use crate::value::items::Items;
use crate::value::Value;

fn gensym(prefix: &str) -> Value {
    Value::Symbol(format!("{prefix}{}", crate::eval::next_id()).into())
}

fn core(name: &str, args: Vec<Value>) -> Value {
    let mut all = vec![Value::Symbol(format!("clojure.core/{name}").into())];
    all.extend(args);
    Value::list(all)
}

fn unsupported(form: &Value) -> Error {
    Error::msg(format!("Unsupported binding form: {form}"))
}

/// Appends the plain bindings of `form` bound to `value` to `out`.
fn bind(out: &mut Vec<Value>, form: &Value, value: Value) -> Result<()> {
    match form {
        Value::Symbol(_) => {
            out.push(form.clone());
            out.push(value);
            Ok(())
        }
        Value::Vector(items) => bind_vector(out, items, value),
        Value::Map(m) => bind_map(out, m, value),
        other => Err(unsupported(other)),
    }
}

fn bind_vector(out: &mut Vec<Value>, items: &[Value], value: Value) -> Result<()> {
    let v = gensym("vec__");
    out.push(v.clone());
    out.push(value);
    let has_rest = items.iter().any(|x| x.is_sym("&"));
    let s = gensym("seq__");
    if has_rest {
        out.push(s.clone());
        out.push(core("seq", vec![v.clone()]));
    }
    let mut i = 0;
    let mut it = items.iter();
    while let Some(x) = it.next() {
        if x.is_sym("&") {
            let rest = it.next().ok_or_else(|| unsupported(x))?;
            bind(out, rest, s.clone())?;
        } else if matches!(x, Value::Keyword(k) if &**k == "as") {
            let name = it.next().ok_or_else(|| unsupported(x))?;
            bind(out, name, v.clone())?;
        } else if has_rest {
            let f = gensym("first__");
            out.push(f.clone());
            out.push(core("first", vec![s.clone()]));
            out.push(s.clone());
            out.push(core("next", vec![s.clone()]));
            bind(out, x, f)?;
        } else {
            let nth = core("nth", vec![v.clone(), Value::Int(i), Value::Nil]);
            bind(out, x, nth)?;
            i += 1;
        }
    }
    Ok(())
}

/// The name a `:keys`/`:strs`/`:syms` entry binds (`a` for `a`, `:a`, `x/a`, `:x/a`).
fn local_name(x: &Value) -> Result<Value> {
    match x {
        Value::Symbol(s) | Value::Keyword(s) => {
            let name = crate::eval::ns::split(s).map_or(&**s, |(_, n)| n);
            Ok(Value::sym(name))
        }
        other => Err(unsupported(other)),
    }
}

fn bind_map(out: &mut Vec<Value>, m: &Items<(Value, Value)>, value: Value) -> Result<()> {
    let g = gensym("map__");
    out.push(g.clone());
    out.push(value);
    out.push(g.clone());
    let seq_test = core("seq?", vec![g.clone()]);
    let as_map = core("seq-to-map-for-destructuring", vec![g.clone()]);
    out.push(Value::list([Value::sym("if"), seq_test, as_map, g.clone()]));
    let entry = |k: &str| {
        m.iter()
            .find(|(key, _)| matches!(key, Value::Keyword(n) if &**n == k))
            .map(|(_, v)| v.clone())
    };
    if let Some(name) = entry("as") {
        bind(out, &name, g.clone())?;
    }
    let defaults = entry("or").unwrap_or(Value::Nil);
    let lookup = |key: Value, local: &Value| -> Result<Value> {
        let mut args = vec![g.clone(), key];
        if let Value::Map(d) = &defaults {
            if let Some((_, x)) = d.iter().find(|(k, _)| crate::value::coll::equal(k, local)) {
                args.push(x.clone());
            }
        }
        Ok(core("get", args))
    };
    for (k, v) in m.iter() {
        match k {
            Value::Keyword(kw) => {
                let (ns, kind) = match crate::eval::ns::split(kw) {
                    Some((ns, kind)) => (Some(ns), kind),
                    None => (None, &**kw),
                };
                if ns.is_none() && matches!(kind, "as" | "or") {
                    continue;
                }
                if !matches!(kind, "keys" | "strs" | "syms") || (ns.is_some() && kind == "strs") {
                    return Err(unsupported(k));
                }
                for x in v.to_vec()? {
                    let local = local_name(&x)?;
                    let own_ns = match &x {
                        Value::Symbol(s) | Value::Keyword(s) => {
                            crate::eval::ns::split(s).map(|(n, _)| n.to_string())
                        }
                        _ => None,
                    };
                    let qualify = |name: &Value| match own_ns.as_deref().or(ns) {
                        Some(n) => format!("{n}/{name}"),
                        None => name.to_string(),
                    };
                    let key = match kind {
                        "keys" => Value::Keyword(qualify(&local).into()),
                        "strs" => Value::str(&local.to_string()),
                        _ => Value::list([Value::sym("quote"), Value::sym(&qualify(&local))]),
                    };
                    let get = lookup(key, &local)?;
                    bind(out, &local, get)?;
                }
            }
            form => {
                let get = lookup(v.clone(), form)?;
                bind(out, form, get)?;
            }
        }
    }
    Ok(())
}

/// Registers `destructure`.
pub fn install() {
    reg("clojure.core", "destructure", |a| {
        arity(&a, 1, 1, "destructure")?;
        let Value::Vector(bs) = &a[0] else {
            return Err(Error::msg(format!(
                "destructure: expected a binding vector, got {}",
                crate::value::printer::describe(&a[0])
            )));
        };
        if bs.iter().step_by(2).all(|b| matches!(b, Value::Symbol(_))) {
            return Ok(a[0].clone());
        }
        let mut out = Vec::new();
        for pair in bs.chunks(2) {
            bind(
                &mut out,
                &pair[0],
                pair.get(1).cloned().unwrap_or(Value::Nil),
            )?;
        }
        Ok(Value::Vector(Items::arc(out)))
    });
}

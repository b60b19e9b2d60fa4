//! Forms as the evaluator walks them. The reader makes every list form a chain of
//! `Value::List` cells ending in `()`, and the evaluator's walkers (argument lists, special
//! forms, the compiler) step through such chains. A form that code builds (a macro's
//! expansion, the argument of `eval`) may be any seq: a cons whose tail is a lazy seq, a seq
//! over a vector, a lazy seq itself. [`proper`] rewrites such a form into plain chains once,
//! where it enters the evaluator, so that the walkers stay as they are.

use crate::value::error::Result;
use crate::value::Value;

/// `form` with every seq in it that the evaluator would walk as a call (the form itself, and
/// recursively the elements of its lists, vectors and maps, but not the insides of a
/// `(quote ...)`) made a chain of `Value::List` cells: the same value when nothing needs
/// changing, otherwise a copy that keeps the metadata of the lists it replaces.
pub fn proper(form: &Value) -> Result<Value> {
    Ok(rewrite(form)?.unwrap_or_else(|| form.clone()))
}

/// The rewritten form, or `None` when `form` is already proper.
fn rewrite(form: &Value) -> Result<Option<Value>> {
    crate::eval::nested(|| match form {
        Value::List(c) => {
            if matches!(&c.0, Value::Symbol(s) if &**s == "quote") {
                return Ok(if is_chain(&c.1) {
                    None
                } else {
                    Some(Value::list(form.to_vec()?))
                });
            }
            let mut items = Vec::new();
            let mut changed = false;
            let mut cur = form;
            while let Value::List(c) = cur {
                match rewrite(&c.0)? {
                    Some(x) => {
                        changed = true;
                        items.push(x);
                    }
                    None => items.push(c.0.clone()),
                }
                cur = &c.1;
            }
            if !matches!(cur, Value::Nil | Value::EmptyList) {
                changed = true;
                for x in cur.to_vec()? {
                    items.push(proper(&x)?);
                }
            }
            if !changed {
                return Ok(None);
            }
            let out = Value::list(items);
            let m = crate::value::meta::meta_of(form);
            if !matches!(m, Value::Nil) {
                crate::value::meta::set_meta(&out, m);
            }
            Ok(Some(out))
        }
        Value::VecSeq(..) | Value::Lazy(_) => {
            let items = form.to_vec()?;
            if items.is_empty() {
                return Ok(None);
            }
            let list = Value::list(items);
            Ok(Some(proper(&list)?))
        }
        Value::Vector(items) => {
            let mut out: Option<Vec<Value>> = None;
            for (i, x) in items.iter().enumerate() {
                if let Some(y) = rewrite(x)? {
                    out.get_or_insert_with(|| items[..i].to_vec()).push(y);
                } else if let Some(o) = out.as_mut() {
                    o.push(x.clone());
                }
            }
            Ok(out.map(|o| {
                let v = Value::vector(o);
                let m = crate::value::meta::meta_of(form);
                if !matches!(m, Value::Nil) {
                    crate::value::meta::set_meta(&v, m);
                }
                v
            }))
        }
        Value::Map(m) => {
            let mut changed = false;
            let mut out = Vec::with_capacity(m.len());
            for (k, v) in m.iter() {
                let k2 = rewrite(k)?;
                let v2 = rewrite(v)?;
                changed |= k2.is_some() || v2.is_some();
                out.push((
                    k2.unwrap_or_else(|| k.clone()),
                    v2.unwrap_or_else(|| v.clone()),
                ));
            }
            Ok(changed.then(|| Value::Map(crate::value::items::Items::arc(out))))
        }
        _ => Ok(None),
    })
}

/// Whether `v` is a chain of `Value::List` cells ending in `()` or `nil`.
fn is_chain(mut v: &Value) -> bool {
    while let Value::List(c) = v {
        v = &c.1;
    }
    matches!(v, Value::Nil | Value::EmptyList)
}

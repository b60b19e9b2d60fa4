//! `clojure.walk`: `walk`, `prewalk`, `postwalk`, their `-replace` forms, `keywordize-keys`,
//! `stringify-keys`, `macroexpand-all` and the `-demo` walks.
//!
//! `walk inner outer form` rebuilds a collection of the same kind from `inner` of each
//! element and gives it to `outer`: a list or seq stays a list, a vector a vector, a set a
//! set, a map a map (`inner` sees each entry as a `[k v]` vector and must give one back);
//! anything else goes to `outer` as it is.

use crate::eval::apply;
use crate::library::core::{arity, emit, reg};
use crate::value::coll::{equal, map_insert};
use crate::value::error::{Error, Result};
use crate::value::items::Items;
use crate::value::printer::pr_str;
use crate::value::Value;

/// One level of the walk: `inner` on each element, the same kind rebuilt, then `outer`.
fn walk(
    inner: &dyn Fn(Value) -> Result<Value>,
    outer: &dyn Fn(Value) -> Result<Value>,
    form: Value,
) -> Result<Value> {
    let rebuilt = match &form {
        Value::EmptyList | Value::List(_) | Value::VecSeq(..) | Value::Lazy(_) => {
            let items = form.to_vec()?;
            Value::list(items.into_iter().map(inner).collect::<Result<Vec<_>>>()?)
        }
        Value::Vector(v) => {
            Value::vector(v.iter().cloned().map(inner).collect::<Result<Vec<_>>>()?)
        }
        Value::Set(s) => {
            let mut out: Vec<Value> = Vec::new();
            for x in s.iter() {
                let y = inner(x.clone())?;
                if !out.iter().any(|z| equal(z, &y)) {
                    out.push(y);
                }
            }
            Value::Set(Items::arc(out))
        }
        Value::Map(m) => {
            let mut out: Vec<(Value, Value)> = Vec::new();
            for (k, v) in m.iter() {
                let entry = inner(Value::vector(vec![k.clone(), v.clone()]))?;
                match &entry {
                    Value::Vector(kv) if kv.len() == 2 => {
                        map_insert(&mut out, kv[0].clone(), kv[1].clone())
                    }
                    Value::Nil => {}
                    other => {
                        return Err(Error::msg(format!(
                            "clojure.walk: a map entry must become a [key value] vector, got {}",
                            crate::value::printer::describe(other)
                        )))
                    }
                }
            }
            Value::Map(Items::arc(out))
        }
        _ => form.clone(),
    };
    outer(rebuilt)
}

/// `(postwalk f form)`: the children first, then `f` on the rebuilt form.
fn postwalk(f: &dyn Fn(Value) -> Result<Value>, form: Value) -> Result<Value> {
    kanren::stack::maybe_grow(64 * 1024, 1024 * 1024, || {
        let inner = |x: Value| postwalk(f, x);
        walk(&inner, f, form)
    })
}

/// `(prewalk f form)`: `f` on the form first, then on the children of what it gave.
fn prewalk(f: &dyn Fn(Value) -> Result<Value>, form: Value) -> Result<Value> {
    kanren::stack::maybe_grow(64 * 1024, 1024 * 1024, || {
        let top = f(form)?;
        let inner = |x: Value| prewalk(f, x);
        walk(&inner, &Ok, top)
    })
}

fn call(f: &Value) -> impl Fn(Value) -> Result<Value> + '_ {
    move |x| apply(f, vec![x])
}

/// A replacement by lookup in `smap`, or the value itself.
fn replacer(smap: &Value) -> impl Fn(Value) -> Result<Value> + '_ {
    move |x| {
        if crate::value::coll::contains(smap, &x)? {
            crate::value::coll::get(smap, &x)
        } else {
            Ok(x)
        }
    }
}

/// A map's keys changed by `f` (any other value as it is).
fn rekey(x: Value, f: fn(&Value) -> Option<Value>) -> Result<Value> {
    let Value::Map(m) = &x else { return Ok(x) };
    let mut out = Vec::new();
    for (k, v) in m.iter() {
        map_insert(&mut out, f(k).unwrap_or_else(|| k.clone()), v.clone());
    }
    Ok(Value::Map(Items::arc(out)))
}

/// Registers the functions of this module.
pub fn install() {
    let w = "clojure.walk";
    reg(w, "walk", |a| {
        arity(&a, 3, 3, "walk")?;
        walk(&call(&a[0]), &call(&a[1]), a[2].clone())
    });
    reg(w, "postwalk", |a| {
        arity(&a, 2, 2, "postwalk")?;
        postwalk(&call(&a[0]), a[1].clone())
    });
    reg(w, "prewalk", |a| {
        arity(&a, 2, 2, "prewalk")?;
        prewalk(&call(&a[0]), a[1].clone())
    });
    reg(w, "postwalk-replace", |a| {
        arity(&a, 2, 2, "postwalk-replace")?;
        postwalk(&replacer(&a[0]), a[1].clone())
    });
    reg(w, "prewalk-replace", |a| {
        arity(&a, 2, 2, "prewalk-replace")?;
        prewalk(&replacer(&a[0]), a[1].clone())
    });
    reg(w, "keywordize-keys", |a| {
        arity(&a, 1, 1, "keywordize-keys")?;
        postwalk(
            &|x| {
                rekey(x, |k| match k {
                    Value::Str(s) => Some(Value::Keyword(s.clone())),
                    _ => None,
                })
            },
            a[0].clone(),
        )
    });
    reg(w, "stringify-keys", |a| {
        arity(&a, 1, 1, "stringify-keys")?;
        postwalk(
            &|x| {
                rekey(x, |k| match k {
                    Value::Keyword(s) => {
                        let name = s.rsplit_once('/').map_or(&**s, |(_, n)| n);
                        Some(Value::str(name))
                    }
                    _ => None,
                })
            },
            a[0].clone(),
        )
    });
    reg(w, "macroexpand-all", |a| {
        arity(&a, 1, 1, "macroexpand-all")?;
        let expand = crate::eval::ns::resolve("clojure.core/macroexpand")
            .map(|(_, v)| v)
            .ok_or_else(|| Error::msg("macroexpand-all: macroexpand is not defined"))?;
        prewalk(
            &|x: Value| {
                if x.is_seq() {
                    apply(&expand, vec![x])
                } else {
                    Ok(x)
                }
            },
            a[0].clone(),
        )
    });
    reg(w, "postwalk-demo", |a| {
        arity(&a, 1, 1, "postwalk-demo")?;
        postwalk(&demo, a[0].clone())
    });
    reg(w, "prewalk-demo", |a| {
        arity(&a, 1, 1, "prewalk-demo")?;
        prewalk(&demo, a[0].clone())
    });
}

fn demo(x: Value) -> Result<Value> {
    emit(&format!("Walked: {}\n", pr_str(&x)));
    Ok(x)
}

//! Transducers: the one-argument (for `distinct` and `dedupe`, no-argument) forms of the
//! sequence functions, `into` with a transducer, and the loading of the prelude
//! (`prelude.clj`, clojure.core's functions written in Clojure: `transduce`, `sequence`,
//! `eduction`, `completing`, `cat`, `halt-when`, ...).
//!
//! The transducers themselves are Clojure functions of the prelude's namespace `kanren.impl`
//! (`kanren.impl/map` is `map`'s transducer). [`install`] wraps each built-in sequence
//! function so that its transducer arity calls the prelude's and every other arity the
//! built-in; a name with no built-in (`take-nth`, `dedupe`, `partition-by`, ...) gets the
//! prelude's `kanren.impl/NAME-seq` for its other arities.

use crate::eval::{apply, ns};
use crate::value::error::{Error, Result};
use crate::value::{Native, Value};
use std::sync::Arc;

/// The prelude's source.
const PRELUDE: &str = include_str!("prelude.clj");

/// The sequence functions with a transducer arity, and that arity's number of arguments.
const XFORMS: &[(&str, usize)] = &[
    ("map", 1),
    ("filter", 1),
    ("remove", 1),
    ("keep", 1),
    ("keep-indexed", 1),
    ("map-indexed", 1),
    ("take", 1),
    ("take-while", 1),
    ("drop", 1),
    ("drop-while", 1),
    ("take-nth", 1),
    ("distinct", 0),
    ("dedupe", 0),
    ("partition-all", 1),
    ("partition-by", 1),
    ("mapcat", 1),
    ("interpose", 1),
    ("random-sample", 1),
    ("replace", 1),
];

fn impl_fn(name: &str) -> Result<Value> {
    ns::resolve_in("kanren.impl", &format!("kanren.impl/{name}"))
        .map(|(_, v)| v)
        .ok_or_else(|| Error::msg(format!("{name} is not defined")))
}

/// `(into)`, `(into to)` and `(into to xform from)` (`(into to from)` is the built-in's).
pub fn into(a: Vec<Value>) -> Result<Value> {
    match a.len() {
        0 => Ok(Value::vector(Vec::new())),
        1 => Ok(a[0].clone()),
        _ => apply(&impl_fn("into-xf")?, a),
    }
}

/// Evaluates the prelude, then wraps the sequence functions (see the module's doc). Called
/// once every built-in of `clojure.core` is defined.
pub fn install() {
    let here = ns::current();
    let mut r = crate::reader::Reader::new(PRELUDE);
    loop {
        match r.read() {
            Ok(Some(form)) => {
                if let Err(e) = crate::eval::eval(&form, &None) {
                    panic!("clojure.core's prelude: {e} in {form}");
                }
            }
            Ok(None) => break,
            Err(e) => panic!("clojure.core's prelude: {e}"),
        }
    }
    if !here.is_empty() {
        ns::enter(&here);
    }
    for &(name, xf_arity) in XFORMS {
        let Ok(xf) = impl_fn(name) else {
            continue;
        };
        let whole = match ns::resolve_in("clojure.core", &format!("clojure.core/{name}")) {
            Some((_, v)) => v,
            None => match impl_fn(&format!("{name}-seq")) {
                Ok(v) => v,
                Err(_) => continue,
            },
        };
        let qualified: &'static str = match &whole {
            Value::Native(n) => n.name,
            _ => Box::leak(format!("clojure.core/{name}").into_boxed_str()),
        };
        ns::define(
            "clojure.core",
            name,
            Value::Native(Arc::new(Native {
                name: qualified,
                f: Arc::new(move |args: Vec<Value>| {
                    if args.len() == xf_arity {
                        apply(&xf, args)
                    } else {
                        match &whole {
                            Value::Native(n) => (n.f)(args),
                            other => apply(other, args),
                        }
                    }
                }),
            })),
        );
    }
}

//! Transducers: the one-argument (for `distinct` and `dedupe`, no-argument) forms of the
//! sequence functions and `into` with a transducer.
//!
//! The transducers themselves are Clojure functions of the prelude's namespace `kanren.impl`
//! (`kanren.impl/map` is `map`'s transducer). [`install`] wraps each built-in sequence
//! function so that its transducer arity calls the prelude's and every other arity the
//! built-in; a name with no built-in (`take-nth`, `dedupe`, `partition-by`, ...) gets the
//! prelude's `kanren.impl/NAME-seq` for its other arities.

use crate::eval::{apply, ns};
use crate::library::core::prelude::{loaded_value, CORE};
use crate::value::error::Result;
use crate::value::{Native, Value};
use std::sync::Arc;

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

/// The prelude's `kanren.impl/NAME` (loading the prelude first).
fn impl_fn(name: &str) -> Result<Value> {
    loaded_value(&CORE, &format!("kanren.impl/{name}"))
}

/// `(into)`, `(into to)` and `(into to xform from)` (`(into to from)` is the built-in's).
pub fn into(a: Vec<Value>) -> Result<Value> {
    match a.len() {
        0 => Ok(Value::vector(Vec::new())),
        1 => Ok(a[0].clone()),
        _ => apply(&impl_fn("into-xf")?, a),
    }
}

/// Wraps the sequence functions (see the module's doc). Called once every built-in of
/// `clojure.core` is defined.
pub fn install() {
    for &(name, xf_arity) in XFORMS {
        let builtin = ns::resolve_in("clojure.core", &format!("clojure.core/{name}"))
            .map(|(_, v)| v)
            .filter(|v| matches!(v, Value::Native(n) if !n.name.starts_with("kanren.impl/")));
        let qualified: &'static str = match &builtin {
            Some(Value::Native(n)) => n.name,
            _ => Box::leak(format!("clojure.core/{name}").into_boxed_str()),
        };
        let seq_name = format!("{name}-seq");
        let xf_name = name;
        ns::define(
            "clojure.core",
            name,
            Value::Native(Arc::new(Native {
                name: qualified,
                slice: None,
                terms: None,
                pure: false,
                shared: false,
                f: Arc::new(move |args: Vec<Value>| {
                    if args.len() == xf_arity {
                        return apply(&impl_fn(xf_name)?, args);
                    }
                    match &builtin {
                        Some(Value::Native(n)) => (n.f)(args),
                        _ => apply(&impl_fn(&seq_name)?, args),
                    }
                }),
            })),
        );
    }
}

//! Clojure's types and classes: the class of a value and class names as values (`class`,
//! `type`, `instance?`, `String`, `clojure.lang.IPersistentMap`, ...), protocols
//! (`protocol`), `deftype`/`defrecord`/`reify` (`deftype`), multimethods and hierarchies
//! (`multi`, `hierarchy`), and struct maps (`structs`). The class table itself is
//! `value::class`.
//!
//! The forms are registered with the evaluator here ([`install`]); `(.field x)`,
//! `(.-field x)` and `(.method x args)` on a type's instance run through [`member`], the
//! handler of the evaluator's `.` hook.

pub mod deftype;
pub mod hierarchy;
pub mod multi;
pub mod protocol;
pub mod structs;

use crate::library::core::{arity, reg};
use crate::value::class::{self, Class};
use crate::value::error::{Error, Result};
use crate::value::Value;
use std::sync::Arc;

pub use crate::library::core::native;

/// The class a value given as a type stands for.
pub fn class_arg(v: &Value, what: &str) -> Result<Arc<Class>> {
    match v {
        Value::Class(c) => Ok(c.clone()),
        other => Err(Error::msg(format!(
            "{what}: expected a class, got {}",
            crate::value::printer::pr_str(other)
        ))),
    }
}

/// The symbols of a vector of symbols (a `deftype`'s fields).
pub fn sym_list(v: &Value, what: &str) -> Result<Vec<Arc<str>>> {
    let Value::Vector(items) = v else {
        return Err(Error::msg(format!(
            "{what} needs a vector of fields, got {v}"
        )));
    };
    items
        .iter()
        .map(|f| match f {
            Value::Symbol(s) => Ok(s.clone()),
            other => Err(Error::msg(format!(
                "{what}: a field is a symbol, got {}",
                crate::value::printer::pr_str(other)
            ))),
        })
        .collect()
}

/// The forms of this module, by name in `clojure.core`, and their handlers.
const FORMS: &[(&str, crate::eval::SpecialFn)] = &[
    ("defprotocol", |_, t, e| protocol::defprotocol(t, e)),
    ("extend-type", |_, t, e| protocol::extend_type(t, e)),
    ("extend-protocol", |_, t, e| protocol::extend_protocol(t, e)),
    ("deftype", |_, t, e| deftype::deftype(t, e, false)),
    ("defrecord", |_, t, e| deftype::deftype(t, e, true)),
    ("reify", |_, t, e| deftype::reify(t, e)),
    ("new", |_, t, e| deftype::new(t, e)),
    ("defmulti", |_, t, e| multi::defmulti(t, e)),
    ("defmethod", |_, t, e| multi::defmethod(t, e)),
    ("defstruct", |_, t, e| structs::defstruct(t, e)),
];

/// Reads field `.-f`/`.f` or calls method `.m` of `target`, an instance of a `deftype`,
/// `defrecord` or `reify` (Java interop's method calls come here for them).
pub fn member(name: &str, target: Value, args: Vec<Value>) -> Result<Value> {
    let (field_only, member) = match name.strip_prefix(".-") {
        Some(f) => (true, f),
        None => (false, &name[1..]),
    };
    let args_len = args.len();
    if args.is_empty() {
        if let Some(v) = deftype::field(&target, member) {
            return Ok(v);
        }
    }
    if !field_only {
        if let Some(out) = class::call_method(&target, member, args) {
            return out;
        }
    }
    let class = class::class_name(&target);
    Err(Error::msg(if field_only {
        format!("No matching field found: {member} for class {class}")
    } else {
        format!("No matching method {member} found taking {args_len} args for class {class}")
    }))
}

/// Short names of the classes Clojure imports into every namespace (`java.lang.*`) and of
/// the interfaces programs name without their package.
const JAVA_LANG: &[&str] = &[
    "Object",
    "String",
    "Number",
    "Long",
    "Integer",
    "Double",
    "Boolean",
    "Character",
    "Comparable",
    "CharSequence",
    "Iterable",
    "Class",
    "Throwable",
    "Exception",
    "RuntimeException",
    "ArithmeticException",
    "IllegalArgumentException",
    "Runnable",
];

/// The class a name written in code stands for, as every namespace imports them: a class of
/// the built-in table by its full name, or a `java.lang` class (and the interfaces of
/// [`JAVA_LANG`]) by its short one.
fn imported_class(name: &str) -> Option<Value> {
    let full = if JAVA_LANG.contains(&name) {
        format!("java.lang.{name}")
    } else {
        name.to_string()
    };
    class::BUILTIN
        .iter()
        .any(|(n, _, _)| *n == full)
        .then(|| class::named(&full).map(Value::Class))
        .flatten()
}

/// Registers the functions and forms of this module, and the class names as values.
pub fn install() {
    let c = "clojure.core";
    for (name, f) in FORMS {
        crate::eval::ns::define(c, name, Value::Special((*name).into()));
        crate::eval::register_special(name, *f);
    }
    let _ = class::CALL.set(crate::eval::apply);
    crate::eval::ns::set_import_resolver(imported_class);
    reg(c, "class", |a| {
        arity(&a, 1, 1, "class")?;
        Ok(class::class_of(&a[0]).map_or(Value::Nil, Value::Class))
    });
    reg(c, "type", |a| {
        arity(&a, 1, 1, "type")?;
        let t = crate::value::coll::get(&crate::value::meta::meta_of(&a[0]), &Value::kw("type"))?;
        Ok(match t {
            Value::Nil => class::class_of(&a[0]).map_or(Value::Nil, Value::Class),
            t => t,
        })
    });
    reg(c, "instance?", |a| {
        arity(&a, 2, 2, "instance?")?;
        let k = class_arg(&a[0], "instance?")?;
        Ok(Value::Bool(class::instance(&k.name, &a[1])))
    });
    reg(c, "record?", |a| {
        arity(&a, 1, 1, "record?")?;
        Ok(Value::Bool(
            matches!(&a[0], Value::Map(m) if m.tag.is_some()),
        ))
    });
    reg(c, "class?", |a| {
        arity(&a, 1, 1, "class?")?;
        Ok(Value::Bool(matches!(&a[0], Value::Class(_))))
    });
    reg(c, "supers", |a| {
        arity(&a, 1, 1, "supers")?;
        let k = class_arg(&a[0], "supers")?;
        let all: Vec<Value> = class::ancestors_of(&k)
            .iter()
            .filter_map(|n| class::named(n).map(Value::Class))
            .collect();
        Ok(if all.is_empty() {
            Value::Nil
        } else {
            Value::Set(crate::value::items::Items::arc(all))
        })
    });
    reg(c, "bases", |a| {
        arity(&a, 1, 1, "bases")?;
        let k = class_arg(&a[0], "bases")?;
        let all: Vec<Value> = k
            .parents
            .iter()
            .filter_map(|n| class::named(n).map(Value::Class))
            .collect();
        Ok(if all.is_empty() {
            Value::Nil
        } else {
            Value::list(all)
        })
    });
    protocol::install();
    deftype::install();
    multi::install();
    hierarchy::install();
    structs::install();
}

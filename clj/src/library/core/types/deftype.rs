//! `deftype`, `defrecord` and `reify`: classes a program defines, with fields and methods
//! defined inline (a protocol's, `Object`'s `toString`/`equals`/`hashCode`,
//! `clojure.lang.IFn`'s `invoke`).
//!
//! A `deftype`'s instance is a `Value::Object` (its class and field values); a
//! `defrecord`'s is a map whose items carry the record class as their tag (`Items::tag`), so
//! every map operation applies to it, and `assoc`/`conj` keep it a record. A method is a
//! closure taking the instance first; in its body the fields are locals, read from the
//! instance on each call.

use crate::eval::{eval, Env};
use crate::library::core::types::protocol::{self, groups, method_specs};
use crate::library::core::types::{class_arg, native, sym_list};
use crate::value::class::{self, Class, Object};
use crate::value::error::{Error, Result};
use crate::value::items::Items;
use crate::value::Value;
use std::collections::HashMap;
use std::sync::{Arc, OnceLock, RwLock};

/// The interfaces every record implements.
const RECORD_INTERFACES: &[&str] = &[
    "clojure.lang.IRecord",
    "clojure.lang.IHashEq",
    "clojure.lang.IObj",
    "clojure.lang.ILookup",
    "clojure.lang.IKeywordLookup",
    "clojure.lang.IPersistentMap",
    "java.util.Map",
    "java.io.Serializable",
];

/// The constructors of the types programs defined, by class name (for `new`).
fn constructors() -> &'static RwLock<HashMap<Arc<str>, Value>> {
    static ALL: OnceLock<RwLock<HashMap<Arc<str>, Value>>> = OnceLock::new();
    ALL.get_or_init(Default::default)
}

/// The value of field `name` of a `deftype`'s or `defrecord`'s instance.
pub fn field(v: &Value, name: &str) -> Option<Value> {
    match v {
        Value::Object(o) => o
            .class
            .fields
            .iter()
            .position(|f| &**f == name)
            .map(|i| o.fields[i].clone()),
        Value::Map(m) if m.tag.is_some() => m
            .iter()
            .find(|(k, _)| matches!(k, Value::Keyword(k) if &**k == name))
            .map(|(_, v)| v.clone()),
        _ => None,
    }
}

/// The function a method body reads a field with: `(f instance name)`.
fn field_reader() -> Value {
    static F: OnceLock<Value> = OnceLock::new();
    F.get_or_init(|| {
        native("clojure.core/-field", |a| match (a.first(), a.get(1)) {
            (Some(v), Some(Value::Symbol(name))) => Ok(field(v, name).unwrap_or(Value::Nil)),
            _ => Ok(Value::Nil),
        })
    })
    .clone()
}

/// One arity of a method with the fields as locals:
/// `([p0 p1] (let [f (field p0 'f) ... this p0 a p1] body))`. As in Clojure, `recur` in a
/// method's body rebinds the parameters after the instance: a body that names `recur` runs
/// in `(let [f ... this p0] (loop [a p1] body))`.
fn with_fields(arity: &Value, fields: &[Arc<str>]) -> Result<Value> {
    let items = arity.to_vec()?;
    let Some(Value::Vector(params)) = items.first() else {
        return Err(Error::msg(format!(
            "a method arity is ([params] body), got {arity}"
        )));
    };
    if params.is_empty() {
        return Err(Error::msg(
            "a method takes the instance as its first parameter",
        ));
    }
    let gens: Vec<Value> = (0..params.len())
        .map(|i| Value::sym(&format!("p{i}__{}__auto__", crate::eval::next_id())))
        .collect();
    let mut binds = Vec::new();
    for f in fields {
        binds.push(Value::Symbol(f.clone()));
        binds.push(Value::list([
            field_reader(),
            gens[0].clone(),
            Value::list([Value::sym("quote"), Value::Symbol(f.clone())]),
        ]));
    }
    binds.push(params[0].clone());
    binds.push(gens[0].clone());
    let mut rest = Vec::new();
    for (p, g) in params.iter().zip(&gens).skip(1) {
        rest.push(p.clone());
        rest.push(g.clone());
    }
    let body = &items[1..];
    let inner = if body.iter().any(names_recur) {
        let mut lp = vec![Value::sym("loop"), Value::vector(rest)];
        lp.extend(body.iter().cloned());
        vec![Value::list(lp)]
    } else {
        binds.extend(rest);
        body.to_vec()
    };
    let mut form = vec![Value::sym("let"), Value::vector(binds)];
    form.extend(inner);
    Ok(Value::list([Value::vector(gens), Value::list(form)]))
}

/// Whether the symbol `recur` occurs anywhere in `form`.
fn names_recur(form: &Value) -> bool {
    match form {
        Value::Symbol(s) => &**s == "recur",
        Value::List(_) | Value::Vector(_) => form
            .to_vec()
            .is_ok_and(|items| items.iter().any(names_recur)),
        Value::Map(m) => m.iter().any(|(k, v)| names_recur(k) || names_recur(v)),
        Value::Set(s) => s.iter().any(names_recur),
        _ => false,
    }
}

/// A protocol's methods: name and the numbers of parameters of its arities.
type ProtocolMethods = Vec<(Arc<str>, Vec<usize>)>;

/// Inline methods: (interface, method, closure).
type InlineMethods = Vec<(Arc<str>, Arc<str>, Value)>;

/// The inline methods of `specs` (`P (m [this] ...) Object (toString [this] ...)`), as
/// (interface name, method, closure), and the interfaces they name.
fn inline_methods(
    specs: &[Value],
    fields: &[Arc<str>],
    env: &Env,
) -> Result<(Vec<Arc<str>>, InlineMethods)> {
    let mut interfaces = Vec::new();
    let mut methods = Vec::new();
    for (iface, ms) in groups(specs) {
        let iv = eval(&iface, env)?;
        let (on, known): (Arc<str>, Option<ProtocolMethods>) = match &iv {
            Value::Class(c) => (c.name.clone(), None),
            m @ Value::Map(_) => {
                let p = protocol::of_value(m)
                    .ok_or_else(|| Error::msg(format!("{iface} is not a protocol or interface")))?;
                (p.on.clone(), Some(p.methods.clone()))
            }
            _ => {
                return Err(Error::msg(format!(
                    "{iface} is not a protocol or interface"
                )))
            }
        };
        for (m, arities) in method_specs(&ms)? {
            if let Some(known) = &known {
                let Some((_, counts)) = known.iter().find(|(n, _)| *n == m) else {
                    return Err(Error::msg(format!(
                        "Can't define method not in interfaces: {m}"
                    )));
                };
                // Each arity must be one of the protocol's (its parameters count `this`).
                for a in &arities {
                    let n = match a.to_vec()?.first() {
                        Some(Value::Vector(params)) => params.len(),
                        _ => continue,
                    };
                    if !counts.is_empty() && !counts.contains(&n) {
                        return Err(Error::msg(format!(
                            "Can't define method not in interfaces: {m} with {n} parameters \
                             ({iface}'s {m} takes {})",
                            counts
                                .iter()
                                .map(|c| c.to_string())
                                .collect::<Vec<_>>()
                                .join(" or ")
                        )));
                    }
                }
            }
            let arities = arities
                .iter()
                .map(|a| with_fields(a, fields))
                .collect::<Result<Vec<_>>>()?;
            let f = protocol::method_closure(&m, &arities, env)?;
            methods.push((on.clone(), m, f));
        }
        if &*on != "java.lang.Object" {
            interfaces.push(on);
        }
    }
    Ok((interfaces, methods))
}

/// The class name of `name` defined in the current namespace: `my_ns.Point`.
fn qualified(name: &str) -> String {
    format!("{}.{name}", crate::eval::ns::current().replace('-', "_"))
}

/// `(deftype Name [fields] specs...)` and `(defrecord Name [fields] specs...)`: defines the
/// class `Name`, its constructors `Name.` and `->Name` (and a record's `map->Name`).
pub fn deftype(tail: &Value, env: &Env, record: bool) -> Result<Value> {
    let what = if record { "defrecord" } else { "deftype" };
    let a = tail.to_vec()?;
    let Some(Value::Symbol(name)) = a.first() else {
        return Err(Error::msg(format!("{what} needs a name symbol")));
    };
    let fields = sym_list(a.get(1).unwrap_or(&Value::Nil), what)?;
    let full = qualified(name);
    let (interfaces, methods) = inline_methods(a.get(2..).unwrap_or(&[]), &fields, env)?;
    let mut parents: Vec<Arc<str>> = vec!["java.lang.Object".into()];
    parents.extend(interfaces);
    let base: &[&str] = if record {
        RECORD_INTERFACES
    } else {
        &["clojure.lang.IType"]
    };
    parents.extend(base.iter().map(|s| Arc::from(*s)));
    let class = Arc::new(Class {
        name: full.clone().into(),
        interface: false,
        parents,
        fields: fields.clone(),
        methods,
        record,
    });
    class::register(class.clone());
    for p in &class.parents {
        protocol::implemented(p, &class.name);
    }
    let n = fields.len();
    let ctor_name: &'static str =
        Box::leak(format!("{}/->{name}", crate::eval::ns::current()).into_boxed_str());
    let k = class.clone();
    let ctor = native(ctor_name, move |args: Vec<Value>| {
        if args.len() != n {
            return Err(Error::msg(format!(
                "Wrong number of args ({}) passed to: {ctor_name}",
                args.len()
            )));
        }
        Ok(instance(&k, args))
    });
    crate::eval::ns::define_here(name, Value::Class(class.clone()));
    crate::eval::ns::define_here(&full, Value::Class(class.clone()));
    crate::eval::ns::define_here(&format!("{name}."), ctor.clone());
    crate::eval::ns::define_here(&format!("->{name}"), ctor.clone());
    constructors()
        .write()
        .unwrap_or_else(|e| e.into_inner())
        .insert(class.name.clone(), ctor);
    if record {
        let k = class.clone();
        let map_name: &'static str =
            Box::leak(format!("{}/map->{name}", crate::eval::ns::current()).into_boxed_str());
        crate::eval::ns::define_here(
            &format!("map->{name}"),
            native(map_name, move |args: Vec<Value>| {
                crate::library::core::arity(&args, 1, 1, map_name)?;
                record_from_map(&k, &args[0])
            }),
        );
    }
    Ok(Value::Class(class))
}

/// An instance of `class` with the field values `args`.
fn instance(class: &Arc<Class>, args: Vec<Value>) -> Value {
    if class.record {
        let pairs = class
            .fields
            .iter()
            .map(|f| Value::Keyword(f.clone()))
            .zip(args)
            .collect();
        Value::Map(Items::tagged(pairs, class.clone()))
    } else {
        Value::Object(Arc::new(Object {
            class: class.clone(),
            fields: args,
            call: None,
            state: None,
        }))
    }
}

/// `(map->Name m)`: the record with `m`'s fields (absent ones `nil`) and its other keys.
fn record_from_map(class: &Arc<Class>, m: &Value) -> Result<Value> {
    let pairs: Vec<(Value, Value)> = match m {
        Value::Map(m) => m.to_vec(),
        Value::Nil => Vec::new(),
        other => {
            return Err(Error::msg(format!(
                "map->{}: expected a map, got {other}",
                class.name
            )))
        }
    };
    let mut out: Vec<(Value, Value)> = class
        .fields
        .iter()
        .map(|f| {
            let k = Value::Keyword(f.clone());
            let v = pairs
                .iter()
                .find(|(k2, _)| crate::value::coll::equal(k2, &k))
                .map_or(Value::Nil, |(_, v)| v.clone());
            (k, v)
        })
        .collect();
    for (k, v) in pairs {
        crate::value::coll::map_insert(&mut out, k, v);
    }
    Ok(Value::Map(Items::tagged(out, class.clone())))
}

/// `(reify P (m [this] ...) Object (toString [this] ...))`: an object of a new anonymous
/// class whose methods close over the locals.
pub fn reify(tail: &Value, env: &Env) -> Result<Value> {
    let specs = tail.to_vec()?;
    let (interfaces, methods) = inline_methods(&specs, &[], env)?;
    let mut parents: Vec<Arc<str>> = vec!["java.lang.Object".into()];
    parents.extend(interfaces);
    parents.push("clojure.lang.IObj".into());
    let class = Arc::new(Class {
        name: format!("{}$reify", crate::eval::ns::current().replace('-', "_")).into(),
        interface: false,
        parents,
        fields: Vec::new(),
        methods,
        record: false,
    });
    for p in &class.parents {
        protocol::implemented(p, &class.name);
    }
    Ok(instance(&class, Vec::new()))
}

/// `(new Name args...)`.
pub fn new(tail: &Value, env: &Env) -> Result<Value> {
    let a = tail.to_vec()?;
    let Some(t) = a.first() else {
        return Err(Error::msg("new needs a class"));
    };
    let k = class_arg(&eval(t, env)?, "new")?;
    let args = a[1..]
        .iter()
        .map(|x| eval(x, env))
        .collect::<Result<Vec<_>>>()?;
    let ctor = constructors()
        .read()
        .unwrap_or_else(|e| e.into_inner())
        .get(&k.name)
        .cloned();
    match ctor {
        Some(ctor) => crate::eval::apply(&ctor, args),
        // A Java class kanren has (`(new Exception "m")`).
        None => crate::library::java::construct(&k.name, args),
    }
}

/// Registers this module's functions.
pub fn install() {}

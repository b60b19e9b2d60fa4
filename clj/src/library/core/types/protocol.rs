//! Protocols: `defprotocol`, `extend`, `extend-type`, `extend-protocol`, `satisfies?`,
//! `extends?`, `extenders`, and the dispatch of a protocol's methods on their first
//! argument's class, which Rust code can query too ([`find_method`], [`call`]).
//!
//! Representation: a [`Protocol`] is registered by the name of its interface (`user.P`);
//! its value in Clojure is a map as Clojure's (`:on`, `:on-interface`, `:sigs`, `:var`,
//! `:method-map`), whose `:on` symbol names it. Its implementations are of two kinds:
//! - inline, in a `deftype`, `defrecord` or `reify` (the methods live in the class, which
//!   lists the interface among its parents);
//! - by extension (`extend`, `extend-type`, `extend-protocol`): the protocol's table, from a
//!   class name (`"nil"` for `nil`) to its methods.
//!
//! Dispatch, as Clojure's `find-protocol-impl`: the value's class's inline methods, then the
//! table's entry for its class, then for its superclasses, its interfaces (most specific
//! first), `java.lang.Object` last.

use crate::eval::{apply, apply_slice, eval, Env};
use crate::library::core::native_slice;
use crate::library::core::types::class_arg;
use crate::value::class::{self, Class};
use crate::value::error::{Error, Result};
use crate::value::Value;
use std::collections::HashMap;
use std::sync::{Arc, RwLock};

/// Methods by name.
pub type Methods = Vec<(Arc<str>, Value)>;

/// A protocol: see the module's doc.
pub struct Protocol {
    /// The var's qualified name, `user/P`.
    pub var: Arc<str>,
    /// The interface's name, `user.P`.
    pub on: Arc<str>,
    /// The methods: name and the numbers of arguments of its arities.
    pub methods: Vec<(Arc<str>, Vec<usize>)>,
    /// The implementations by extension: class name (`"nil"` for `nil`) and its methods.
    impls: RwLock<Vec<(Arc<str>, Methods)>>,
    /// Bumped by every extension, so that a method found for a class can be kept until then.
    generation: std::sync::atomic::AtomicU64,
}

thread_local! {
    /// The protocols by interface name: per thread, as the namespaces that name them are (two
    /// threads loading the same library each define and extend their own).
    static ALL: std::cell::RefCell<HashMap<Arc<str>, Arc<Protocol>>> = Default::default();
}

/// The protocol whose interface is named `on` (`clojure.core.logic.protocols.IWalkTerm`).
pub fn named(on: &str) -> Option<Arc<Protocol>> {
    ALL.with(|all| all.borrow().get(on).cloned())
}

/// The protocol a value stands for: a protocol map (by its `:on`).
pub fn of_value(v: &Value) -> Option<Arc<Protocol>> {
    match crate::value::coll::get(v, &Value::kw("on")).ok()? {
        Value::Symbol(on) => named(&on),
        _ => None,
    }
}

/// What a library is told when a class implements a protocol it watches: the class's name.
pub type Watcher = fn(&str);

/// The watchers, each with the interface of the protocol it watches.
type Watchers = Vec<(Arc<str>, Watcher)>;

fn watchers() -> &'static RwLock<Watchers> {
    static ALL: RwLock<Watchers> = RwLock::new(Vec::new());
    &ALL
}

/// Calls `f` with a class's name each time a class implements the protocol whose interface is
/// `on` (`clojure.core.logic.protocols.IUnifyTerms`): in its definition (`deftype`,
/// `defrecord`, `reify`) or by extension (`"nil"` for `nil`). How a library learns that a
/// program extends one of its protocols.
pub fn watch(on: &str, f: Watcher) {
    let mut all = watchers().write().unwrap_or_else(|e| e.into_inner());
    all.push((on.into(), f));
}

/// Tells the watchers of the protocol `on` that `class` implements it (see [`watch`]).
pub fn implemented(on: &str, class: &str) {
    let told: Vec<Watcher> = {
        let all = watchers().read().unwrap_or_else(|e| e.into_inner());
        all.iter()
            .filter(|(p, _)| &**p == on)
            .map(|(_, f)| *f)
            .collect()
    };
    for f in told {
        f(class);
    }
}

fn protocol_arg(v: &Value, what: &str) -> Result<Arc<Protocol>> {
    of_value(v).ok_or_else(|| Error::msg(format!("{what}: {v} is not a protocol")))
}

impl Protocol {
    /// The methods a class gives by extension to this protocol, if it was extended to it.
    fn extension(&self, class: &str) -> Option<Vec<(Arc<str>, Value)>> {
        let impls = self.impls.read().unwrap_or_else(|e| e.into_inner());
        impls
            .iter()
            .find(|(c, _)| &**c == class)
            .map(|(_, m)| m.clone())
    }

    /// Adds (or replaces) the methods of `class` (`"nil"` for `nil`).
    pub fn extend(&self, class: Arc<str>, methods: Vec<(Arc<str>, Value)>) {
        implemented(&self.on, &class);
        self.generation
            .fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let mut impls = self.impls.write().unwrap_or_else(|e| e.into_inner());
        match impls.iter_mut().find(|(c, _)| *c == class) {
            Some(slot) => {
                for (m, f) in methods {
                    match slot.1.iter_mut().find(|(m2, _)| *m2 == m) {
                        Some(s) => s.1 = f,
                        None => slot.1.push((m, f)),
                    }
                }
            }
            None => impls.push((class, methods)),
        }
    }

    /// Whether `v`'s class implements this protocol (inline or by extension).
    pub fn satisfied_by(&self, v: &Value) -> bool {
        self.implementation(v).is_some()
    }

    /// The implementation of this protocol for `v`: `Ok` with the inline class's methods or
    /// the extension's, as (method name, function) pairs.
    fn implementation(&self, v: &Value) -> Option<Impl> {
        self.implementation_with(v, |ms| ms.to_vec())
    }

    /// [`Protocol::implementation`], with `of` taking what it needs of an extension's methods
    /// while the table is read (so that a call does not copy them all).
    fn implementation_with<T>(
        &self,
        v: &Value,
        of: impl Fn(&[(Arc<str>, Value)]) -> T,
    ) -> Option<Impl<T>> {
        let class = class::class_of(v);
        if let Some(c) = &class {
            if c.parents.contains(&self.on) {
                return Some(Impl::Inline(c.clone()));
            }
        }
        let impls = self.impls.read().unwrap_or_else(|e| e.into_inner());
        let extension = |class: &str| impls.iter().find(|(c, _)| &**c == class);
        let name = class.as_ref().map_or("nil", |c| &*c.name);
        if let Some((_, ms)) = extension(name) {
            return Some(Impl::Extension(of(ms)));
        }
        let c = class.as_ref()?;
        for a in class::ancestors_of(c) {
            if let Some((_, ms)) = extension(&a) {
                return Some(Impl::Extension(of(ms)));
            }
        }
        None
    }
}

/// Where a value's implementation of a protocol is.
enum Impl<T = Vec<(Arc<str>, Value)>> {
    Inline(Arc<Class>),
    Extension(T),
}

/// The function implementing `method` of `protocol` for `v` (it takes `v` first), if `v`'s
/// class implements it.
///
/// ```
/// kanren_clj::init();
/// kanren_clj::eval_str("(defprotocol Shape (area [s])) (extend-type String Shape (area [s] 1))").unwrap();
/// use kanren_clj::library::core::types::protocol::{find_method, named};
/// use kanren_clj::value::Value;
/// let p = named("user.Shape").unwrap();
/// assert!(find_method(&p, "area", &Value::str("x")).is_some());
/// assert!(find_method(&p, "area", &Value::Int(1)).is_none());
/// ```
pub fn find_method(protocol: &Protocol, method: &str, v: &Value) -> Option<Value> {
    let find = |ms: &[(Arc<str>, Value)]| {
        ms.iter()
            .find(|(m, _)| &**m == method)
            .map(|(_, f)| f.clone())
    };
    match protocol.implementation_with(v, find)? {
        Impl::Inline(c) => c
            .methods_of(&protocol.on)
            .find(|(m, _)| *m == method)
            .map(|(_, f)| f.clone()),
        Impl::Extension(f) => f,
    }
}

/// Calls `method` of `protocol` on `args` (dispatching on the first): `Ok(None)` when the
/// first argument's class does not implement it.
pub fn call(protocol: &Protocol, method: &str, args: Vec<Value>) -> Result<Option<Value>> {
    let Some(first) = args.first() else {
        return Ok(None);
    };
    match find_method(protocol, method, first) {
        Some(f) => apply(&f, args).map(Some),
        None => Ok(None),
    }
}

/// The error of a call to `method` on a value whose class does not implement it: Clojure's
/// `IllegalArgumentException`.
fn no_implementation(protocol: &Protocol, method: &str, v: &Value) -> Error {
    match protocol.implementation(v) {
        Some(Impl::Inline(c)) => Error::msg(format!(
            "java.lang.AbstractMethodError: {} does not implement method {method} of {}",
            c.name, protocol.on
        )),
        _ => Error::ex(
            crate::value::error::ILLEGAL_ARGUMENT,
            format!(
                "No implementation of method: :{method} of protocol: #'{} found for class: {}",
                protocol.var,
                class::class_name(v)
            ),
        ),
    }
}

/// The method each protocol method found last, by the class it found it for: a class's own
/// methods never change, and an extension of the protocol bumps its generation. One slot per
/// protocol method, per thread (a program's values and definitions belong to its thread).
type LastMethod = Option<(Arc<Class>, u64, Value)>;

thread_local! {
    static LAST: std::cell::RefCell<Vec<LastMethod>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// The function a protocol's method is bound to: dispatches on its first argument.
fn method_fn(protocol: Arc<Protocol>, method: Arc<str>, arities: Vec<usize>) -> Value {
    static SLOTS: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let slot = SLOTS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let name: &'static str =
        Box::leak(format!("{}/{method}", ns_of(&protocol.var)).into_boxed_str());
    native_slice(name, move |args: &[Value]| {
        if !arities.contains(&args.len()) {
            return Err(Error::msg(format!(
                "Wrong number of args ({}) passed to: {name}",
                args.len()
            )));
        }
        let class = match &args[0] {
            Value::Object(o) => Some(&o.class),
            _ => None,
        };
        let generation = protocol
            .generation
            .load(std::sync::atomic::Ordering::Relaxed);
        if let Some(c) = class {
            let hit = LAST.with(|last| match last.borrow().get(slot) {
                Some(Some((lc, lg, f))) if Arc::ptr_eq(lc, c) && *lg == generation => {
                    Some(f.clone())
                }
                _ => None,
            });
            if let Some(f) = hit {
                return apply_slice(&f, args);
            }
        }
        let f = find_method(&protocol, &method, &args[0])
            .ok_or_else(|| no_implementation(&protocol, &method, &args[0]))?;
        if let Some(c) = class {
            LAST.with(|last| {
                let mut last = last.borrow_mut();
                if last.len() <= slot {
                    last.resize(slot + 1, None);
                }
                last[slot] = Some((c.clone(), generation, f.clone()));
            })
        }
        apply_slice(&f, args)
    })
}

fn ns_of(var: &str) -> &str {
    var.split_once('/').map_or(var, |(ns, _)| ns)
}

/// `(defprotocol P "doc"? options* (m [this] [this a] "doc"?)*)`: defines the protocol `P`
/// (a map, and the interface class `ns.P`) and each method as a function.
pub fn defprotocol(tail: &Value, _env: &Env) -> Result<Value> {
    let a = tail.to_vec()?;
    let Some(Value::Symbol(name)) = a.first() else {
        return Err(Error::msg("defprotocol needs a name symbol"));
    };
    let ns = crate::eval::ns::current();
    let on: Arc<str> = format!("{}.{name}", ns.replace('-', "_")).into();
    let var: Arc<str> = format!("{ns}/{name}").into();
    let mut rest = &a[1..];
    if let Some(Value::Str(_)) = rest.first() {
        rest = &rest[1..];
    }
    while let Some(Value::Keyword(_)) = rest.first() {
        rest = rest.get(2..).unwrap_or(&[]);
    }
    let mut methods = Vec::new();
    let mut sigs = Vec::new();
    for spec in rest {
        let items = spec.to_vec()?;
        let Some(Value::Symbol(m)) = items.first() else {
            return Err(Error::msg(format!(
                "defprotocol {name}: a method is (name [args]+ doc?), got {spec}"
            )));
        };
        let mut counts = Vec::new();
        let mut arglists = Vec::new();
        let mut doc = Value::Nil;
        for x in &items[1..] {
            match x {
                Value::Vector(ps) => {
                    if ps.is_empty() {
                        return Err(Error::msg(format!(
                            "Definition of function {m} in protocol {name} must take at least one arg."
                        )));
                    }
                    counts.push(ps.len());
                    arglists.push(x.clone());
                }
                Value::Str(_) => doc = x.clone(),
                other => {
                    return Err(Error::msg(format!(
                        "defprotocol {name}: bad method signature {other}"
                    )))
                }
            }
        }
        let mut sig = vec![
            (Value::kw("name"), Value::Symbol(m.clone())),
            (Value::kw("arglists"), Value::list(arglists)),
        ];
        if !matches!(doc, Value::Nil) {
            sig.push((Value::kw("doc"), doc));
        }
        sigs.push((Value::kw(m), map(sig)));
        methods.push((m.clone(), counts));
    }
    let impls = named(&on).map(|old| {
        let old = old.impls.read().unwrap_or_else(|e| e.into_inner());
        old.clone()
    });
    let protocol = Arc::new(Protocol {
        var: var.clone(),
        on: on.clone(),
        methods: methods.clone(),
        impls: RwLock::new(impls.unwrap_or_default()),
        generation: Default::default(),
    });
    ALL.with(|all| all.borrow_mut().insert(on.clone(), protocol.clone()));
    let interface = Arc::new(Class::new(&on, true, &[]));
    class::register(interface.clone());
    let method_map = methods
        .iter()
        .map(|(m, _)| (Value::kw(m), Value::kw(m)))
        .collect();
    let value = map(vec![
        (Value::kw("on"), Value::Symbol(on.clone())),
        (Value::kw("on-interface"), Value::Class(interface)),
        (Value::kw("sigs"), map(sigs)),
        (Value::kw("var"), Value::Symbol(var)),
        (Value::kw("method-map"), map(method_map)),
        (Value::kw("method-builders"), map(Vec::new())),
    ]);
    crate::eval::ns::define_here(name, value);
    for (m, counts) in methods {
        crate::eval::ns::define_here(&m, method_fn(protocol.clone(), m.clone(), counts));
    }
    Ok(Value::Symbol(name.clone()))
}

fn map(pairs: Vec<(Value, Value)>) -> Value {
    Value::Map(crate::value::items::Items::arc(pairs))
}

/// The class name a value given as a type to extend stands for: a class, or `nil`.
fn extended_class(v: &Value) -> Result<Arc<str>> {
    match v {
        Value::Nil => Ok("nil".into()),
        other => Ok(class_arg(other, "extend")?.name.clone()),
    }
}

/// `(extend T P {:m f} Q {...})`.
fn extend(args: Vec<Value>) -> Result<Value> {
    let (t, pairs) = args
        .split_first()
        .ok_or_else(|| Error::msg("Wrong number of args (0) passed to: clojure.core/extend"))?;
    let class = extended_class(t)?;
    if pairs.len() % 2 != 0 {
        return Err(Error::msg(
            "extend: protocols and method maps come in pairs",
        ));
    }
    for pair in pairs.chunks(2) {
        let p = protocol_arg(&pair[0], "extend")?;
        let mut methods = Vec::new();
        let fns = match &pair[1] {
            Value::Map(m) => m.to_vec(),
            Value::Nil => Vec::new(),
            other => {
                return Err(Error::msg(format!(
                    "extend: expected a map of methods, got {other}"
                )))
            }
        };
        for (k, f) in fns {
            let Value::Keyword(m) = k else {
                return Err(Error::msg(format!(
                    "extend: a method is named by a keyword, got {k}"
                )));
            };
            if !p.methods.iter().any(|(pm, _)| *pm == m) {
                return Err(Error::msg(format!(
                    "No method of interface: {} found for function: {m} of protocol: {}",
                    p.on,
                    p.var.split_once('/').map_or(&*p.var, |(_, n)| n)
                )));
            }
            methods.push((m, f));
        }
        p.extend(class.clone(), methods);
    }
    Ok(Value::Nil)
}

/// The method specs of one protocol in `extend-type`/`extend-protocol`/`deftype`: each
/// `(m [args] body)` or `(m ([args] body)+)`, as (name, arities) with the arities of one
/// name gathered.
pub fn method_specs(specs: &[Value]) -> Result<Vec<(Arc<str>, Vec<Value>)>> {
    let mut out: Vec<(Arc<str>, Vec<Value>)> = Vec::new();
    for spec in specs {
        let items = spec.to_vec()?;
        let Some(Value::Symbol(m)) = items.first() else {
            return Err(Error::msg(format!(
                "a method is (name [args] body), got {spec}"
            )));
        };
        let arities: Vec<Value> = match items.get(1) {
            Some(Value::Vector(_)) => vec![Value::list(items[1..].to_vec())],
            _ => items[1..].to_vec(),
        };
        match out.iter_mut().find(|(n, _)| n == m) {
            Some(slot) => slot.1.extend(arities),
            None => out.push((m.clone(), arities)),
        }
    }
    Ok(out)
}

/// Evaluates `(fn arities...)` in `env`: a method's closure. It is not named after the
/// method, so in its body the method's name is the protocol's function (or a core one),
/// as in Clojure.
pub fn method_closure(_name: &str, arities: &[Value], env: &Env) -> Result<Value> {
    let mut form = vec![Value::sym("fn")];
    form.extend(arities.iter().cloned());
    eval(&Value::list(form), env)
}

/// Splits `P (m ...) (n ...) Q (m ...)` into (protocol or type form, its method specs).
pub fn groups(items: &[Value]) -> Vec<(Value, Vec<Value>)> {
    let mut out: Vec<(Value, Vec<Value>)> = Vec::new();
    for x in items {
        match x {
            Value::List(_) | Value::EmptyList if !out.is_empty() => {
                if let Some(last) = out.last_mut() {
                    last.1.push(x.clone());
                }
            }
            other => out.push((other.clone(), Vec::new())),
        }
    }
    out
}

/// Extends protocol `p` to `class` with the method specs, evaluated in `env`.
fn extend_with_specs(p: &Value, class: Arc<str>, specs: &[Value], env: &Env) -> Result<()> {
    let protocol = protocol_arg(p, "extend")?;
    let mut methods = Vec::new();
    for (m, arities) in method_specs(specs)? {
        if !protocol.methods.iter().any(|(pm, _)| *pm == m) {
            return Err(Error::msg(format!(
                "No method of interface: {} found for function: {m} of protocol: {}",
                protocol.on,
                protocol
                    .var
                    .split_once('/')
                    .map_or(&*protocol.var, |(_, n)| n)
            )));
        }
        methods.push((m.clone(), method_closure(&m, &arities, env)?));
    }
    protocol.extend(class, methods);
    Ok(())
}

/// `(extend-type T P (m [this] ...) Q (...))`.
pub fn extend_type(tail: &Value, env: &Env) -> Result<Value> {
    let a = tail.to_vec()?;
    let Some(t) = a.first() else {
        return Err(Error::msg("extend-type needs a type"));
    };
    let class = extended_class(&eval(t, env)?)?;
    for (p, specs) in groups(&a[1..]) {
        extend_with_specs(&eval(&p, env)?, class.clone(), &specs, env)?;
    }
    Ok(Value::Nil)
}

/// `(extend-protocol P T (m [this] ...) U (...))`.
pub fn extend_protocol(tail: &Value, env: &Env) -> Result<Value> {
    let a = tail.to_vec()?;
    let Some(p) = a.first() else {
        return Err(Error::msg("extend-protocol needs a protocol"));
    };
    let p = eval(p, env)?;
    for (t, specs) in groups(&a[1..]) {
        let class = extended_class(&eval(&t, env)?)?;
        extend_with_specs(&p, class, &specs, env)?;
    }
    Ok(Value::Nil)
}

/// Registers the protocol functions.
pub fn install() {
    let c = "clojure.core";
    crate::library::core::reg(c, "extend", extend);
    crate::library::core::reg(c, "satisfies?", |a| {
        crate::library::core::arity(&a, 2, 2, "satisfies?")?;
        Ok(Value::Bool(
            protocol_arg(&a[0], "satisfies?")?.satisfied_by(&a[1]),
        ))
    });
    crate::library::core::reg(c, "extends?", |a| {
        crate::library::core::arity(&a, 2, 2, "extends?")?;
        let p = protocol_arg(&a[0], "extends?")?;
        let class = extended_class(&a[1])?;
        let inline = class::named(&class).is_some_and(|c| class::is_subclass(&c.name, &p.on));
        Ok(Value::Bool(inline || p.extension(&class).is_some()))
    });
    crate::library::core::reg(c, "find-protocol-impl", |a| {
        crate::library::core::arity(&a, 2, 2, "find-protocol-impl")?;
        let p = protocol_arg(&a[0], "find-protocol-impl")?;
        Ok(match p.implementation(&a[1]) {
            // A value whose class implements the protocol in its definition stands for its
            // implementation, as in Clojure.
            Some(Impl::Inline(_)) => a[1].clone(),
            Some(Impl::Extension(ms)) => {
                map(ms.into_iter().map(|(m, f)| (Value::kw(&m), f)).collect())
            }
            None => Value::Nil,
        })
    });
    crate::library::core::reg(c, "find-protocol-method", |a| {
        crate::library::core::arity(&a, 3, 3, "find-protocol-method")?;
        let p = protocol_arg(&a[0], "find-protocol-method")?;
        let method = match &a[1] {
            Value::Keyword(k) => k.clone(),
            other => {
                return Err(Error::msg(format!(
                    "find-protocol-method: expected a method's keyword, got {}",
                    crate::value::printer::describe(other)
                )))
            }
        };
        Ok(find_method(&p, &method, &a[2]).unwrap_or(Value::Nil))
    });
    crate::library::core::reg(c, "extenders", |a| {
        crate::library::core::arity(&a, 1, 1, "extenders")?;
        let p = protocol_arg(&a[0], "extenders")?;
        let impls = p.impls.read().unwrap_or_else(|e| e.into_inner());
        let classes = impls
            .iter()
            .map(|(c, _)| class::named(c).map_or(Value::Nil, Value::Class))
            .collect::<Vec<_>>();
        Ok(if classes.is_empty() {
            Value::Nil
        } else {
            Value::list(classes)
        })
    });
}

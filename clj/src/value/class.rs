//! Classes: the class of every value and its superclasses and interfaces as the JVM's
//! Clojure has them (`(class 1)` is `java.lang.Long`, a `java.lang.Number`, a
//! `java.lang.Comparable`), and the classes programs define (`deftype`, `defrecord`,
//! `reify`). One table serves `class`, `instance?`, protocol dispatch, multimethod dispatch on
//! classes and `isa?` on classes.
//!
//! Representation:
//! - A [`Class`] has a name (`java.lang.Long`, `user.Point`), whether it is an interface, its
//!   direct parents (superclass first, then interfaces), a `deftype`'s or `defrecord`'s field
//!   names, and the methods defined inline in it (a protocol's or `Object`'s / `IFn`'s), each
//!   a function value taking the instance first.
//! - The built-in classes are [`BUILTIN`]'s rows; [`register`] adds a class at run time (a
//!   type a program defines, an exception class a library adds). [`named`] finds either.
//! - [`class_of`] gives a value's class; [`ancestors`] a class's superclasses and interfaces,
//!   most specific first (superclass chain, then interfaces breadth first), which is the
//!   order protocol dispatch tries them in.
//! - An [`Object`] is an instance of a `deftype`, a `reify` or a library object (a
//!   multimethod): its class, its field values and, for a library object, the state and code
//!   behind it.
//!
//! The hook for other value kinds: a new kind of value (an exception, a regex) gets its class
//! by a row in [`BUILTIN`] (or [`register`]) and an arm in [`class_of`].

use crate::value::error::Result;
use crate::value::{NativeFn, Value};
use std::any::Any;
use std::collections::HashMap;
use std::sync::{Arc, OnceLock, RwLock};

/// A class: see the module's doc.
pub struct Class {
    /// The full name, `java.lang.Long` or `user.Point`.
    pub name: Arc<str>,
    /// Whether it is an interface (printed `interface x` by `str`) or a protocol.
    pub interface: bool,
    /// The direct superclass then the directly implemented interfaces and protocols, by name.
    pub parents: Vec<Arc<str>>,
    /// A `deftype`'s or `defrecord`'s field names, in order.
    pub fields: Vec<Arc<str>>,
    /// The methods defined inline: (protocol or interface name, method name, function taking
    /// the instance first). Set once when the type is defined.
    pub methods: Vec<(Arc<str>, Arc<str>, Value)>,
    /// A record type: its instances are maps.
    pub record: bool,
}

impl Class {
    /// A class with no fields and no methods.
    pub fn new(name: &str, interface: bool, parents: &[&str]) -> Class {
        Class {
            name: name.into(),
            interface,
            parents: parents.iter().map(|p| Arc::from(*p)).collect(),
            fields: Vec::new(),
            methods: Vec::new(),
            record: false,
        }
    }

    /// The inline method `method` (of any protocol or interface), as a function taking the
    /// instance first.
    pub fn method(&self, method: &str) -> Option<&Value> {
        self.methods
            .iter()
            .find(|(_, m, _)| &**m == method)
            .map(|(_, _, f)| f)
    }

    /// The inline methods of `protocol`.
    pub fn methods_of<'a>(
        &'a self,
        protocol: &'a str,
    ) -> impl Iterator<Item = (&'a str, &'a Value)> {
        self.methods
            .iter()
            .filter(move |(p, _, _)| &**p == protocol)
            .map(|(_, m, f)| (&**m, f))
    }
}

/// An instance of a `deftype` or a `reify`, or a library object: see the module's doc.
pub struct Object {
    /// Its class.
    pub class: Arc<Class>,
    /// Its field values, in the class's field order.
    pub fields: Vec<Value>,
    /// A library object's code when it is called as a function (a multimethod's dispatch).
    pub call: Option<NativeFn>,
    /// A library object's state (a multimethod's method table, a substitution's state).
    pub state: Option<Payload>,
}

/// A library object's state.
#[derive(Clone)]
pub enum Payload {
    /// Shared data of any type (a multimethod's method table, a stream held by a value).
    Shared(Arc<dyn Any + Send + Sync>),
    /// A logic engine state held in place: a substitution value (`clojure.core.logic`'s
    /// `Substitutions`) is one allocation, and goals written as functions of the substitution
    /// make one at each call.
    State(kanren::State),
}

impl Drop for Object {
    fn drop(&mut self) {
        crate::value::items::drop_deep(std::mem::take(&mut self.fields));
    }
}

/// How `value/` calls a function value (a method defined in Clojure) when it prints or
/// compares objects: set by the library to the evaluator's `apply`.
pub static CALL: OnceLock<CallFn> = OnceLock::new();

/// The signature of [`CALL`]: a function value and its arguments.
pub type CallFn = fn(&Value, Vec<Value>) -> Result<Value>;

/// Calls the inline method `method` of `v`'s class with `v` and `args`, if it has one.
pub fn call_method(v: &Value, method: &str, mut args: Vec<Value>) -> Option<Result<Value>> {
    let class = match v {
        Value::Object(o) => o.class.clone(),
        Value::Map(m) => m.tag.clone()?,
        _ => return None,
    };
    let f = class.method(method)?;
    let call = CALL.get()?;
    args.insert(0, v.clone());
    Some(call(f, args))
}

/// The classes defined at run time, by name.
fn registered() -> &'static RwLock<HashMap<Arc<str>, Arc<Class>>> {
    static CLASSES: OnceLock<RwLock<HashMap<Arc<str>, Arc<Class>>>> = OnceLock::new();
    CLASSES.get_or_init(|| {
        let mut all = HashMap::new();
        for (name, interface, parents) in BUILTIN {
            all.insert(
                Arc::from(*name),
                Arc::new(Class::new(name, *interface, parents)),
            );
        }
        RwLock::new(all)
    })
}

/// Adds (or replaces) a class: a type a program defines, a class a library adds.
pub fn register(class: Arc<Class>) {
    let mut all = registered().write().unwrap_or_else(|e| e.into_inner());
    all.insert(class.name.clone(), class);
}

/// The class named `name` (full name: `java.lang.String`, `user.Point`).
pub fn named(name: &str) -> Option<Arc<Class>> {
    let all = registered().read().unwrap_or_else(|e| e.into_inner());
    all.get(name).cloned()
}

/// The built-in class named `name`; a name not in the table is made a class extending
/// `java.lang.Object`.
fn builtin(name: &str) -> Arc<Class> {
    named(name).unwrap_or_else(|| {
        // An exception class of `value::error`'s table keeps its superclass there.
        let parent = crate::value::error::CLASSES
            .iter()
            .find(|(n, _)| *n == name)
            .and_then(|(_, p)| *p)
            .unwrap_or("java.lang.Object");
        if parent != "java.lang.Object" {
            builtin(parent);
        }
        let c = Arc::new(Class::new(name, false, &[parent]));
        register(c.clone());
        c
    })
}

/// The class of a value (`None` for `nil`, which has none).
///
/// ```
/// use kanren_clj::value::{class::class_of, Value};
/// assert_eq!(&*class_of(&Value::Int(1)).unwrap().name, "java.lang.Long");
/// ```
pub fn class_of(v: &Value) -> Option<Arc<Class>> {
    let name = match v {
        Value::Nil => return None,
        Value::Object(o) => return Some(o.class.clone()),
        Value::Map(m) if m.tag.is_some() => return m.tag.clone(),
        // A queue's tag names its class (the class's parents are its row of the table).
        Value::Vector(v) if v.tag.is_some() => return v.tag.as_ref().map(|t| builtin(&t.name)),
        Value::Class(_) => "java.lang.Class",
        Value::Bool(_) => "java.lang.Boolean",
        Value::Int(_) => "java.lang.Long",
        Value::Float(_) => "java.lang.Double",
        Value::Ratio(..) => "clojure.lang.Ratio",
        Value::Str(_) => "java.lang.String",
        Value::Char(_) => "java.lang.Character",
        Value::Keyword(_) => "clojure.lang.Keyword",
        Value::Symbol(_) => "clojure.lang.Symbol",
        Value::EmptyList => "clojure.lang.PersistentList$EmptyList",
        Value::List(_) => "clojure.lang.PersistentList",
        Value::VecSeq(..) => "clojure.lang.PersistentVector$ChunkedSeq",
        Value::Lazy(_) => "clojure.lang.LazySeq",
        Value::Vector(_) => "clojure.lang.PersistentVector",
        Value::Map(m) if m.len() <= 8 => "clojure.lang.PersistentArrayMap",
        Value::Map(_) => "clojure.lang.PersistentHashMap",
        Value::Set(_) => "clojure.lang.PersistentHashSet",
        Value::Fn(_) | Value::Native(_) | Value::Macro(_) | Value::Special(_) | Value::Goal(_) => {
            "clojure.lang.AFunction"
        }
        Value::Atom(_) => "clojure.lang.Atom",
        Value::LVar(_) => "clojure.core.logic.LVar",
        Value::Domain(d) => d.class_name(),
        Value::PartialMap(_) => "clojure.core.logic.PMap",
        Value::Nom(_) => "clojure.core.logic.nominal.Nom",
        Value::Tie(_) => "clojure.core.logic.nominal.Tie",
        Value::Db(_) => "clojure.core.logic.pldb.Database",
        Value::BigInt(_) => "clojure.lang.BigInt",
        Value::SortedMap(_) => "clojure.lang.PersistentTreeMap",
        Value::SortedSet(_) => "clojure.lang.PersistentTreeSet",
        Value::Cell(c) => match c.kind {
            crate::value::cell::CellKind::Reduced => "clojure.lang.Reduced",
            crate::value::cell::CellKind::Volatile => "clojure.lang.Volatile",
            crate::value::cell::CellKind::Delay => "clojure.lang.Delay",
            crate::value::cell::CellKind::Var => "clojure.lang.Var",
            _ => "clojure.lang.IDeref",
        },
        Value::Regex(_) => crate::value::regex::CLASS,
        Value::Var(_) => "clojure.lang.Var",
        Value::Exception(t) => return Some(builtin(&t.class)),
        Value::StringBuilder(_) => "java.lang.StringBuilder",
    };
    Some(builtin(name))
}

/// The name of a value's class (`nil` for `nil`).
pub fn class_name(v: &Value) -> Arc<str> {
    class_of(v).map_or_else(|| Arc::from("nil"), |c| c.name.clone())
}

/// The superclasses and interfaces of the class named `name`, most specific first: the
/// superclass chain up to (not including) `java.lang.Object`, then the interfaces breadth
/// first, then `java.lang.Object` (for a class).
///
/// ```
/// use kanren_clj::value::class::ancestors;
/// let a = ancestors("java.lang.Long");
/// assert_eq!(&*a[0], "java.lang.Number");
/// assert_eq!(&**a.last().unwrap(), "java.lang.Object");
/// ```
pub fn ancestors(name: &str) -> Vec<Arc<str>> {
    named(name).map_or_else(Vec::new, |c| ancestors_of(&c))
}

/// The superclasses and interfaces of `class`, most specific first (as [`ancestors`]).
pub fn ancestors_of(class: &Arc<Class>) -> Vec<Arc<str>> {
    let mut chain: Vec<Arc<str>> = Vec::new();
    let mut interfaces: Vec<Arc<str>> = Vec::new();
    let mut cur = Some(class.clone());
    // The superclass chain.
    let mut classes = Vec::new();
    while let Some(c) = cur {
        classes.push(c.clone());
        cur = match c.parents.first() {
            Some(p) if !c.interface => named(p).filter(|pc| !pc.interface),
            _ => None,
        };
        if let Some(pc) = &cur {
            chain.push(pc.name.clone());
        }
    }
    let object = chain.iter().any(|c| &**c == "java.lang.Object");
    chain.retain(|c| &**c != "java.lang.Object");
    // The interfaces, breadth first from each class of the chain.
    let mut queue: std::collections::VecDeque<Arc<str>> = std::collections::VecDeque::new();
    for c in &classes {
        for p in &c.parents {
            if named(p).is_some_and(|pc| pc.interface) {
                queue.push_back(p.clone());
            }
        }
    }
    while let Some(i) = queue.pop_front() {
        if interfaces.contains(&i) {
            continue;
        }
        if let Some(ic) = named(&i) {
            queue.extend(ic.parents.iter().cloned());
        }
        interfaces.push(i);
    }
    chain.extend(interfaces);
    if object {
        chain.push("java.lang.Object".into());
    }
    chain
}

/// Whether the class named `child` is `parent` or extends or implements it.
pub fn is_subclass(child: &str, parent: &str) -> bool {
    child == parent || ancestors(child).iter().any(|a| &**a == parent)
}

/// Whether `v` is an instance of the class named `class`.
pub fn instance(class: &str, v: &Value) -> bool {
    class_of(v).is_some_and(|c| &*c.name == class || ancestors_of(&c).iter().any(|a| &**a == class))
}

/// The built-in classes: name, whether an interface, direct parents (superclass first). The
/// JVM's, as Clojure 1.11 on Java 17 reports them.
pub const BUILTIN: &[(&str, bool, &[&str])] = &[
    (
        "java.lang.Long",
        false,
        &[
            "java.lang.Number",
            "java.lang.Comparable",
            "java.lang.constant.Constable",
            "java.lang.constant.ConstantDesc",
        ],
    ),
    (
        "java.lang.Number",
        false,
        &["java.lang.Object", "java.io.Serializable"],
    ),
    ("java.lang.Object", false, &[]),
    ("java.io.Serializable", true, &[]),
    ("java.lang.Comparable", true, &[]),
    ("java.lang.constant.Constable", true, &[]),
    ("java.lang.constant.ConstantDesc", true, &[]),
    (
        "java.lang.Double",
        false,
        &[
            "java.lang.Number",
            "java.lang.Comparable",
            "java.lang.constant.Constable",
            "java.lang.constant.ConstantDesc",
        ],
    ),
    (
        "clojure.lang.Ratio",
        false,
        &["java.lang.Number", "java.lang.Comparable"],
    ),
    (
        "java.lang.String",
        false,
        &[
            "java.lang.Object",
            "java.io.Serializable",
            "java.lang.Comparable",
            "java.lang.CharSequence",
            "java.lang.constant.Constable",
            "java.lang.constant.ConstantDesc",
        ],
    ),
    ("java.lang.CharSequence", true, &[]),
    (
        "java.lang.Character",
        false,
        &[
            "java.lang.Object",
            "java.io.Serializable",
            "java.lang.Comparable",
            "java.lang.constant.Constable",
        ],
    ),
    (
        "clojure.lang.Keyword",
        false,
        &[
            "java.lang.Object",
            "clojure.lang.IFn",
            "java.lang.Comparable",
            "clojure.lang.Named",
            "java.io.Serializable",
            "clojure.lang.IHashEq",
        ],
    ),
    (
        "clojure.lang.IFn",
        true,
        &["java.util.concurrent.Callable", "java.lang.Runnable"],
    ),
    ("java.util.concurrent.Callable", true, &[]),
    ("java.lang.Runnable", true, &[]),
    ("clojure.lang.Named", true, &[]),
    ("clojure.lang.IHashEq", true, &[]),
    (
        "clojure.lang.Symbol",
        false,
        &[
            "clojure.lang.AFn",
            "clojure.lang.IObj",
            "java.lang.Comparable",
            "clojure.lang.Named",
            "java.io.Serializable",
            "clojure.lang.IHashEq",
        ],
    ),
    (
        "clojure.lang.AFn",
        false,
        &["java.lang.Object", "clojure.lang.IFn"],
    ),
    ("clojure.lang.IObj", true, &["clojure.lang.IMeta"]),
    ("clojure.lang.IMeta", true, &[]),
    (
        "java.lang.Boolean",
        false,
        &[
            "java.lang.Object",
            "java.io.Serializable",
            "java.lang.Comparable",
            "java.lang.constant.Constable",
        ],
    ),
    (
        "clojure.lang.PersistentList$EmptyList",
        false,
        &[
            "clojure.lang.Obj",
            "clojure.lang.IPersistentList",
            "java.util.List",
            "clojure.lang.ISeq",
            "clojure.lang.Counted",
            "clojure.lang.IHashEq",
        ],
    ),
    (
        "clojure.lang.Obj",
        false,
        &[
            "java.lang.Object",
            "clojure.lang.IObj",
            "java.io.Serializable",
        ],
    ),
    (
        "clojure.lang.IPersistentList",
        true,
        &["clojure.lang.Sequential", "clojure.lang.IPersistentStack"],
    ),
    ("clojure.lang.Sequential", true, &[]),
    (
        "clojure.lang.IPersistentStack",
        true,
        &["clojure.lang.IPersistentCollection"],
    ),
    (
        "clojure.lang.IPersistentCollection",
        true,
        &["clojure.lang.Seqable"],
    ),
    ("clojure.lang.Seqable", true, &[]),
    ("java.util.List", true, &["java.util.Collection"]),
    ("java.util.Collection", true, &["java.lang.Iterable"]),
    ("java.lang.Iterable", true, &[]),
    (
        "clojure.lang.ISeq",
        true,
        &["clojure.lang.IPersistentCollection"],
    ),
    ("clojure.lang.Counted", true, &[]),
    (
        "clojure.lang.PersistentList",
        false,
        &[
            "clojure.lang.ASeq",
            "clojure.lang.IPersistentList",
            "clojure.lang.IReduce",
            "java.util.List",
            "clojure.lang.Counted",
        ],
    ),
    (
        "clojure.lang.ASeq",
        false,
        &[
            "clojure.lang.Obj",
            "clojure.lang.ISeq",
            "clojure.lang.Sequential",
            "java.util.List",
            "java.io.Serializable",
            "clojure.lang.IHashEq",
        ],
    ),
    ("clojure.lang.IReduce", true, &["clojure.lang.IReduceInit"]),
    (
        "clojure.lang.PersistentQueue",
        false,
        &[
            "clojure.lang.Obj",
            "clojure.lang.IPersistentList",
            "java.util.Collection",
            "clojure.lang.Counted",
            "clojure.lang.IHashEq",
        ],
    ),
    ("clojure.lang.IReduceInit", true, &[]),
    (
        "clojure.lang.PersistentVector",
        false,
        &[
            "clojure.lang.APersistentVector",
            "clojure.lang.IObj",
            "clojure.lang.IEditableCollection",
            "clojure.lang.IReduce",
            "clojure.lang.IKVReduce",
        ],
    ),
    (
        "clojure.lang.APersistentVector",
        false,
        &[
            "clojure.lang.AFn",
            "clojure.lang.IPersistentVector",
            "java.lang.Iterable",
            "java.util.List",
            "java.util.RandomAccess",
            "java.lang.Comparable",
            "java.io.Serializable",
            "clojure.lang.IHashEq",
        ],
    ),
    (
        "clojure.lang.IPersistentVector",
        true,
        &[
            "clojure.lang.Associative",
            "clojure.lang.Sequential",
            "clojure.lang.IPersistentStack",
            "clojure.lang.Reversible",
            "clojure.lang.Indexed",
        ],
    ),
    (
        "clojure.lang.Associative",
        true,
        &["clojure.lang.IPersistentCollection", "clojure.lang.ILookup"],
    ),
    ("clojure.lang.ILookup", true, &[]),
    ("clojure.lang.Reversible", true, &[]),
    ("clojure.lang.Indexed", true, &["clojure.lang.Counted"]),
    ("java.util.RandomAccess", true, &[]),
    ("clojure.lang.IEditableCollection", true, &[]),
    ("clojure.lang.IKVReduce", true, &[]),
    (
        "clojure.lang.PersistentArrayMap",
        false,
        &[
            "clojure.lang.APersistentMap",
            "clojure.lang.IObj",
            "clojure.lang.IEditableCollection",
            "clojure.lang.IMapIterable",
            "clojure.lang.IKVReduce",
        ],
    ),
    (
        "clojure.lang.APersistentMap",
        false,
        &[
            "clojure.lang.AFn",
            "clojure.lang.IPersistentMap",
            "java.util.Map",
            "java.lang.Iterable",
            "java.io.Serializable",
            "clojure.lang.MapEquivalence",
            "clojure.lang.IHashEq",
        ],
    ),
    (
        "clojure.lang.IPersistentMap",
        true,
        &[
            "java.lang.Iterable",
            "clojure.lang.Associative",
            "clojure.lang.Counted",
        ],
    ),
    ("java.util.Map", true, &[]),
    ("clojure.lang.MapEquivalence", true, &[]),
    ("clojure.lang.IMapIterable", true, &[]),
    (
        "clojure.lang.PersistentHashMap",
        false,
        &[
            "clojure.lang.APersistentMap",
            "clojure.lang.IEditableCollection",
            "clojure.lang.IObj",
            "clojure.lang.IMapIterable",
            "clojure.lang.IKVReduce",
        ],
    ),
    (
        "clojure.lang.PersistentHashSet",
        false,
        &[
            "clojure.lang.APersistentSet",
            "clojure.lang.IObj",
            "clojure.lang.IEditableCollection",
        ],
    ),
    (
        "clojure.lang.APersistentSet",
        false,
        &[
            "clojure.lang.AFn",
            "clojure.lang.IPersistentSet",
            "java.util.Collection",
            "java.util.Set",
            "java.io.Serializable",
            "clojure.lang.IHashEq",
        ],
    ),
    (
        "clojure.lang.IPersistentSet",
        true,
        &["clojure.lang.IPersistentCollection", "clojure.lang.Counted"],
    ),
    ("java.util.Set", true, &["java.util.Collection"]),
    (
        "clojure.lang.LongRange",
        false,
        &[
            "clojure.lang.ASeq",
            "clojure.lang.Counted",
            "clojure.lang.IChunkedSeq",
            "clojure.lang.IReduce",
        ],
    ),
    (
        "clojure.lang.IChunkedSeq",
        true,
        &["clojure.lang.ISeq", "clojure.lang.Sequential"],
    ),
    (
        "clojure.lang.LazySeq",
        false,
        &[
            "clojure.lang.Obj",
            "clojure.lang.ISeq",
            "clojure.lang.Sequential",
            "java.util.List",
            "clojure.lang.IPending",
            "clojure.lang.IHashEq",
        ],
    ),
    ("clojure.lang.IPending", true, &[]),
    (
        "clojure.lang.PersistentVector$ChunkedSeq",
        false,
        &[
            "clojure.lang.ASeq",
            "clojure.lang.IChunkedSeq",
            "clojure.lang.Counted",
        ],
    ),
    (
        "clojure.lang.PersistentArrayMap$Seq",
        false,
        &["clojure.lang.ASeq", "clojure.lang.Counted"],
    ),
    ("clojure.lang.MapEntry", false, &["clojure.lang.AMapEntry"]),
    (
        "clojure.lang.AMapEntry",
        false,
        &["clojure.lang.APersistentVector", "clojure.lang.IMapEntry"],
    ),
    ("clojure.lang.IMapEntry", true, &["java.util.Map$Entry"]),
    ("java.util.Map$Entry", true, &[]),
    ("clojure.core$inc", false, &["clojure.lang.AFunction"]),
    (
        "clojure.lang.AFunction",
        false,
        &[
            "clojure.lang.AFn",
            "clojure.lang.IObj",
            "java.util.Comparator",
            "clojure.lang.Fn",
            "java.io.Serializable",
        ],
    ),
    ("java.util.Comparator", true, &[]),
    ("clojure.lang.Fn", true, &[]),
    // The reader's data (`library::core::reading`): maps of these classes.
    (
        "clojure.lang.TaggedLiteral",
        false,
        &["java.lang.Object", "clojure.lang.ILookup"],
    ),
    (
        "clojure.lang.ReaderConditional",
        false,
        &["java.lang.Object", "clojure.lang.ILookup"],
    ),
    (
        "clojure.lang.Atom",
        false,
        &["clojure.lang.ARef", "clojure.lang.IAtom2"],
    ),
    (
        "clojure.lang.ARef",
        false,
        &["clojure.lang.AReference", "clojure.lang.IRef"],
    ),
    (
        "clojure.lang.AReference",
        false,
        &["java.lang.Object", "clojure.lang.IReference"],
    ),
    ("clojure.lang.IReference", true, &["clojure.lang.IMeta"]),
    ("clojure.lang.IRef", true, &["clojure.lang.IDeref"]),
    ("clojure.lang.IDeref", true, &[]),
    ("clojure.lang.IAtom2", true, &["clojure.lang.IAtom"]),
    ("clojure.lang.IAtom", true, &[]),
    (
        "clojure.lang.StringSeq",
        false,
        &["clojure.lang.ASeq", "clojure.lang.IndexedSeq"],
    ),
    (
        "clojure.lang.IndexedSeq",
        true,
        &[
            "clojure.lang.ISeq",
            "clojure.lang.Sequential",
            "clojure.lang.Counted",
        ],
    ),
    (
        "clojure.lang.Iterate",
        false,
        &[
            "clojure.lang.ASeq",
            "clojure.lang.IReduce",
            "clojure.lang.IPending",
        ],
    ),
    (
        "clojure.lang.PersistentTreeMap",
        false,
        &[
            "clojure.lang.APersistentMap",
            "clojure.lang.IObj",
            "clojure.lang.Reversible",
            "clojure.lang.Sorted",
            "clojure.lang.IKVReduce",
        ],
    ),
    ("clojure.lang.Sorted", true, &[]),
    (
        "clojure.lang.PersistentTreeSet",
        false,
        &[
            "clojure.lang.APersistentSet",
            "clojure.lang.IObj",
            "clojure.lang.Reversible",
            "clojure.lang.Sorted",
        ],
    ),
    (
        "clojure.lang.BigInt",
        false,
        &["java.lang.Number", "clojure.lang.IHashEq"],
    ),
    (
        "java.math.BigDecimal",
        false,
        &["java.lang.Number", "java.lang.Comparable"],
    ),
    (
        "java.math.BigInteger",
        false,
        &["java.lang.Number", "java.lang.Comparable"],
    ),
    (
        "java.lang.Integer",
        false,
        &[
            "java.lang.Number",
            "java.lang.Comparable",
            "java.lang.constant.Constable",
            "java.lang.constant.ConstantDesc",
        ],
    ),
    (
        "clojure.lang.ExceptionInfo",
        false,
        &["java.lang.RuntimeException", "clojure.lang.IExceptionInfo"],
    ),
    (
        "java.lang.RuntimeException",
        false,
        &["java.lang.Exception"],
    ),
    ("java.lang.Exception", false, &["java.lang.Throwable"]),
    (
        "java.lang.Throwable",
        false,
        &["java.lang.Object", "java.io.Serializable"],
    ),
    ("clojure.lang.IExceptionInfo", true, &[]),
    (
        "java.lang.ArithmeticException",
        false,
        &["java.lang.RuntimeException"],
    ),
    (
        "java.lang.IllegalArgumentException",
        false,
        &["java.lang.RuntimeException"],
    ),
    ("clojure.lang.MultiFn", false, &["clojure.lang.AFn"]),
    (
        "clojure.lang.Var",
        false,
        &[
            "clojure.lang.ARef",
            "clojure.lang.IFn",
            "clojure.lang.IRef",
            "clojure.lang.Settable",
            "java.io.Serializable",
        ],
    ),
    ("clojure.lang.Settable", true, &[]),
    (
        "clojure.lang.Namespace",
        false,
        &["clojure.lang.AReference", "java.io.Serializable"],
    ),
    (
        "java.util.regex.Pattern",
        false,
        &["java.lang.Object", "java.io.Serializable"],
    ),
    ("clojure.lang.IRecord", true, &[]),
    ("clojure.lang.IType", true, &[]),
    (
        "java.lang.Class",
        false,
        &["java.lang.Object", "java.io.Serializable"],
    ),
    ("clojure.lang.IRecord", true, &[]),
    ("clojure.lang.IType", true, &[]),
    ("clojure.lang.IKeywordLookup", true, &[]),
    (
        "clojure.lang.Cons",
        false,
        &["clojure.lang.ASeq", "java.io.Serializable"],
    ),
    (
        "clojure.lang.LongRange",
        false,
        &[
            "clojure.lang.ASeq",
            "clojure.lang.Counted",
            "clojure.lang.IChunkedSeq",
            "clojure.lang.IReduce",
        ],
    ),
    (
        "clojure.core.logic.LVar",
        false,
        &["java.lang.Object", "clojure.lang.IObj"],
    ),
    (
        "clojure.core.logic.fd.FiniteDomain",
        false,
        &["java.lang.Object", "clojure.lang.ILookup"],
    ),
    (
        "clojure.core.logic.fd.IntervalFD",
        false,
        &["java.lang.Object"],
    ),
    (
        "clojure.core.logic.fd.MultiIntervalFD",
        false,
        &["java.lang.Object", "clojure.lang.ILookup"],
    ),
    (
        "clojure.core.logic.PMap",
        false,
        &["clojure.lang.APersistentMap"],
    ),
    (
        "clojure.core.logic.nominal.Nom",
        false,
        &["java.lang.Object"],
    ),
    (
        "clojure.core.logic.nominal.Tie",
        false,
        &["java.lang.Object"],
    ),
    (
        "clojure.core.logic.pldb.Database",
        false,
        &["java.lang.Object"],
    ),
    // core.logic's substitutions and stream values (library::logic::subst adds their methods).
    (
        "clojure.core.logic.Substitutions",
        false,
        &["java.lang.Object", "clojure.lang.ILookup"],
    ),
    ("clojure.core.logic.Choice", false, &["java.lang.Object"]),
];

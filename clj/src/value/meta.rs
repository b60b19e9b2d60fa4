//! Metadata: `^meta` in source, and what `meta`, `with-meta` and `vary-meta` read and make. A value's metadata is kept
//! in a side table by the address of its allocation (symbols, lists, lazy seqs, vectors, maps,
//! sets and functions have one); the entry holds the value, so the address is not reused while the entry
//! lives. Metadata never takes part in equality, as in Clojure.
//!
//! A definition's metadata (`meta` of `#'f`) is recorded by `eval::vars`.
//!
//! What reads it: `defne`/`defna`/`defnu` table a relation whose name is `^:tabled`, and
//! `db-rel` indexes the arguments marked `^:index`.

use crate::value::coll::map_insert;
use crate::value::error::{Error, Pos, Result};
use crate::value::func::Closure;
use crate::value::{Cons, Value};
use rustc_hash::FxHashMap;
use std::cell::{Cell, RefCell};
use std::sync::Arc;

thread_local! {
    /// By allocation address (hashed as the integer it is: addresses are no input an
    /// adversary chooses): the value (kept alive) and its metadata map.
    static META: RefCell<FxHashMap<usize, (Value, Value)>> = RefCell::new(FxHashMap::default());
    /// Whether the reader has put metadata on a collection literal (until then evaluating one
    /// need not look for it).
    static LITERAL_META: Cell<bool> = const { Cell::new(false) };
    static LVAR_META: RefCell<FxHashMap<kanren::Var, Value>> =
        RefCell::new(FxHashMap::default());
}

/// `evaluated`, the value of the collection literal `literal`, with the literal's metadata
/// (`^:k [x]` evaluates to a vector with `{:k true}`, as in Clojure).
#[inline]
pub fn keep_literal_meta(literal: &Value, evaluated: Value) -> Value {
    if LITERAL_META.with(Cell::get) {
        let m = meta_of(literal);
        if !matches!(m, Value::Nil) {
            set_meta(&evaluated, m);
        }
    }
    evaluated
}

/// Records the metadata `^m` of a form the reader has just read.
pub fn set_reader_meta(form: &Value, m: Value) {
    if matches!(form, Value::Vector(_) | Value::Map(_) | Value::Set(_)) {
        LITERAL_META.with(|l| l.set(true));
    }
    set_meta(form, m);
}

/// The address that names `v`'s allocation, for the values that can carry metadata.
fn key(v: &Value) -> Option<usize> {
    Some(match v {
        Value::Symbol(s) => Arc::as_ptr(s) as *const u8 as usize,
        Value::List(c) => std::ptr::from_ref::<Cons>(c) as usize,
        Value::Vector(x) | Value::Set(x) => Arc::as_ptr(x) as usize,
        Value::Map(m) => Arc::as_ptr(m) as usize,
        Value::Fn(c) | Value::Macro(c) => Arc::as_ptr(c) as usize,
        Value::Native(n) => Arc::as_ptr(n) as *const u8 as usize,
        Value::Atom(a) => Arc::as_ptr(a) as usize,
        Value::Object(o) => Arc::as_ptr(o) as usize,
        Value::Lazy(c) => triomphe::Arc::as_ptr(c) as *const u8 as usize,
        _ => return None,
    })
}

/// The metadata map of `v`, `nil` when it has none.
///
/// ```
/// use kanren_clj::{value::meta::meta_of, reader::read_all};
/// let forms = read_all("^:tabled f g").unwrap();
/// assert_eq!(meta_of(&forms[0]).to_string(), "{:tabled true}");
/// assert_eq!(meta_of(&forms[1]).to_string(), "nil");
/// ```
pub fn meta_of(v: &Value) -> Value {
    if let Value::LVar(x) = v {
        return LVAR_META.with(|m| m.borrow().get(x).cloned().unwrap_or(Value::Nil));
    }
    key(v)
        .and_then(|k| META.with(|m| m.borrow().get(&k).map(|(_, meta)| meta.clone())))
        .unwrap_or(Value::Nil)
}

/// Whether `v` has metadata ([`meta_of`] is not `nil`), without reading it.
pub fn has_meta(v: &Value) -> bool {
    if let Value::LVar(x) = v {
        return LVAR_META.with(|m| m.borrow().contains_key(x));
    }
    key(v).is_some_and(|k| META.with(|m| m.borrow().contains_key(&k)))
}

/// Whether `v`'s metadata has `k` with a true value (`^:tabled f` has `:tabled`).
pub fn has_flag(v: &Value, k: &str) -> bool {
    match meta_of(v) {
        Value::Map(m) => m
            .iter()
            .any(|(key, val)| matches!(key, Value::Keyword(n) if &**n == k) && val.truthy()),
        _ => false,
    }
}

/// Records `meta` as the metadata of `v` itself (the reader does this for the value it has
/// just made; `with-meta` makes a copy first). A value that cannot carry metadata is left as
/// it is.
pub fn set_meta(v: &Value, meta: Value) {
    if let Some(k) = key(v) {
        META.with(|m| m.borrow_mut().insert(k, (v.clone(), meta)));
    }
}

/// The metadata map that `^form` stands for: a keyword `:k` is `{:k true}`, a symbol or a
/// string `{:tag form}`, a map itself; merged over what `target` has already (`^:a ^:b x`).
pub fn reader_meta(form: Value, target: &Value) -> Result<Value> {
    let mut out = match meta_of(target) {
        Value::Map(m) => m.to_vec(),
        _ => Vec::new(),
    };
    match form {
        Value::Keyword(_) => map_insert(&mut out, form, Value::Bool(true)),
        Value::Symbol(_) | Value::Str(_) => map_insert(&mut out, Value::kw("tag"), form),
        Value::Map(m) => {
            for (k, v) in m.iter() {
                map_insert(&mut out, k.clone(), v.clone());
            }
        }
        other => {
            return Err(Error::msg(format!(
                "metadata must be a symbol, keyword, string or map, got {other}"
            )))
        }
    }
    Ok(Value::Map(crate::value::items::Items::arc(out)))
}

/// A copy of `v` (a new allocation, equal to it) whose metadata is `meta` (`with-meta`).
///
/// ```
/// use kanren_clj::{eval::eval, reader::read_all};
/// kanren_clj::init();
/// let form = &read_all("(meta (with-meta [1 2] {:k 1}))").unwrap()[0];
/// assert_eq!(eval(form, &None).unwrap().to_string(), "{:k 1}");
/// ```
pub fn with_meta(v: &Value, meta: Value) -> Result<Value> {
    if !matches!(meta, Value::Nil | Value::Map(_)) {
        return Err(Error::msg(format!(
            "with-meta needs a map of metadata, got {meta}"
        )));
    }
    let copy = match v {
        Value::Symbol(s) => Value::Symbol(Arc::from(&**s)),
        Value::List(c) => Value::List(triomphe::Arc::new(Cons(
            c.0.clone(),
            c.1.clone(),
            c.2,
            c.3,
            Pos::default(),
        ))),
        Value::Vector(x) => Value::Vector(Arc::new(x.as_ref().clone())),
        Value::Set(x) => Value::Set(Arc::new(x.as_ref().clone())),
        Value::Map(m) => Value::Map(Arc::new(m.as_ref().clone())),
        Value::Fn(c) => Value::Fn(Arc::new(Closure::clone(c))),
        // A lazy seq, or a vector's seq: a new realised lazy seq of what it holds (Clojure's
        // `LazySeq` realises its first step to take metadata too).
        Value::Lazy(_) | Value::VecSeq(..) => Value::realized_seq(v.forced()?.clone()),
        // An instance of a `deftype` or `reify`: a copy with the same fields.
        Value::Object(o) => Value::Object(Arc::new(crate::value::class::Object {
            class: o.class.clone(),
            fields: o.fields.clone(),
            call: o.call.clone(),
            state: o.state.clone(),
        })),
        // A logic variable is a number: its metadata is kept by variable, shared by every
        // copy of it (core.logic's variables are objects, each with its own).
        Value::LVar(x) => {
            LVAR_META.with(|m| m.borrow_mut().insert(*x, meta));
            return Ok(v.clone());
        }
        // A goal gets its metadata as a function of the substitution that runs it: a new
        // function, so the goal itself stays without.
        Value::Goal(_) => {
            let goal = v.clone();
            Value::Native(Arc::new(crate::value::Native {
                name: "clojure.core.logic/goal",
                slice: None,
                terms: None,
                pure: false,
                shared: false,
                f: Arc::new(move |args| match crate::value::class::CALL.get() {
                    Some(call) => call(&goal, args),
                    None => Err(Error::msg(
                        "goals can't be called before the library is installed",
                    )),
                }),
            }))
        }
        other => {
            return Err(Error::msg(format!(
                "{} {other} can't carry metadata",
                other.type_name()
            )))
        }
    };
    set_meta(&copy, meta);
    Ok(copy)
}

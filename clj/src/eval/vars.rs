//! Definitions' metadata: what `def`, `defn` and `defmacro` record of a definition made in
//! Clojure (`:doc`, `:arglists`, `:name`, `:ns`, `:line`, `:column`, `:file` and the entries of
//! an attribute map) and the text it was read from, for `meta` of a var and for
//! `clojure.repl`'s `doc` and `source`.
//!
//! Recorded once per definition, never on a call: whoever evaluates top-level forms (the
//! loader, the REPL) names the form it is evaluating with [`set_form`], and a definition takes
//! its position and text from that form. A definition made while no form is named (by Rust
//! code) has no position and no source.
//!
//! Representation: by qualified name (`user/f`), the metadata map and the source of the
//! top-level form that made the definition (the whole text, shared by every form read from
//! it, with the form's span in characters).

use crate::value::coll::map_insert;
use crate::value::error::Pos;
use crate::value::items::Items;
use crate::value::Value;
use std::cell::RefCell;
use std::collections::HashMap;
use std::ops::Range;
use std::sync::Arc;

/// The top-level form being evaluated: the text it was read from, its span in characters,
/// its position and the file (`None` for the REPL and `-e`).
#[derive(Clone)]
pub struct Form {
    /// The whole text the form was read from.
    pub text: Arc<str>,
    /// The form's characters in `text`.
    pub span: Range<usize>,
    /// Where the form starts.
    pub pos: Pos,
    /// The file, `None` for text typed at the REPL or given with `-e`.
    pub file: Option<Arc<str>>,
}

impl Form {
    /// The form's own text.
    pub fn source(&self) -> String {
        self.text
            .chars()
            .skip(self.span.start)
            .take(self.span.len())
            .collect()
    }
}

/// A definition's metadata map and the form that made it.
type Var = (Value, Option<Arc<Form>>);

thread_local! {
    static FORM: RefCell<Option<Arc<Form>>> = const { RefCell::new(None) };
    static VARS: RefCell<HashMap<String, Var>> = RefCell::new(HashMap::new());
}

/// Names the top-level form being evaluated (`None` when none is).
pub fn set_form(form: Option<Form>) {
    FORM.with(|f| *f.borrow_mut() = form.map(Arc::new));
}

/// The top-level form being evaluated, if one is named.
pub fn current_form() -> Option<Arc<Form>> {
    FORM.with(|f| f.borrow().clone())
}

/// The `:arglists` of a `defn`'s or `defmacro`'s tail after its name, docstring and attribute
/// map: `([x])` for one arity, each arity's parameter vector for several.
pub fn arglists(spec: &[Value]) -> Value {
    match spec.first() {
        Some(v @ Value::Vector(_)) => Value::list([v.clone()]),
        _ => Value::list(
            spec.iter()
                .filter_map(|a| match a {
                    Value::List(c) if matches!(c.0, Value::Vector(_)) => Some(c.0.clone()),
                    _ => None,
                })
                .collect::<Vec<_>>(),
        ),
    }
}

/// Records the definition of `ns/name` and gives its metadata map: the name symbol's metadata
/// (`^:private f`), `:arglists` when given, `:doc` from a docstring and the entries of an
/// attribute map among `doc_and_attrs` (the forms between the name and the value or
/// parameters), and where the current top-level form is.
///
/// ```
/// use kanren_clj::{eval::eval, reader::read_all};
/// kanren_clj::init();
/// for f in read_all("(defn ^:private f \"Adds one.\" [x] (inc x)) (def g \"G.\" 2)").unwrap() {
///     eval(&f, &None).unwrap();
/// }
/// let form = &read_all("(meta #'f)").unwrap()[0];
/// assert_eq!(
///     eval(form, &None).unwrap().to_string(),
///     "{:private true, :arglists ([x]), :doc \"Adds one.\", :name f, :ns user}"
/// );
/// let g = kanren_clj::eval::vars::meta("user/g");
/// assert_eq!(g.to_string(), "{:doc \"G.\", :name g, :ns user}");
/// ```
pub fn record(
    ns: &str,
    name: &str,
    name_form: &Value,
    doc_and_attrs: &[Value],
    arglists: Option<Value>,
) -> Value {
    let mut out = match crate::value::meta::meta_of(name_form) {
        Value::Map(m) => m.to_vec(),
        _ => Vec::new(),
    };
    if let Some(a) = arglists {
        map_insert(&mut out, Value::kw("arglists"), a);
    }
    for f in doc_and_attrs {
        match f {
            Value::Str(_) => map_insert(&mut out, Value::kw("doc"), f.clone()),
            Value::Map(m) => {
                for (k, x) in m.iter() {
                    map_insert(&mut out, k.clone(), x.clone());
                }
            }
            _ => {}
        }
    }
    let form = current_form();
    if let Some(f) = &form {
        map_insert(&mut out, Value::kw("line"), Value::Int(f.pos.line.into()));
        map_insert(&mut out, Value::kw("column"), Value::Int(f.pos.col.into()));
        // Text typed at the REPL or given with `-e` has no file, as Clojure says.
        let file = f.file.as_deref().filter(|f| *f != "-e");
        let file = file.unwrap_or("NO_SOURCE_PATH");
        map_insert(&mut out, Value::kw("file"), Value::str(file));
    }
    map_insert(&mut out, Value::kw("name"), Value::sym(name));
    map_insert(&mut out, Value::kw("ns"), Value::sym(ns));
    let meta = Value::Map(Items::arc(out));
    VARS.with(|v| {
        v.borrow_mut()
            .insert(format!("{ns}/{name}"), (meta.clone(), form))
    });
    meta
}

/// The metadata of the definition `qualified` (`user/f`) made in Clojure, `nil` for a
/// built-in or unknown name.
pub fn meta(qualified: &str) -> Value {
    VARS.with(|v| v.borrow().get(qualified).map(|(m, _)| m.clone()))
        .unwrap_or(Value::Nil)
}

/// The source text of the top-level form that made the definition `qualified`, if it was made
/// by a form read from text.
pub fn source(qualified: &str) -> Option<String> {
    VARS.with(|v| v.borrow().get(qualified).and_then(|(_, f)| f.clone()))
        .map(|f| f.source())
}

/// Replaces the metadata of the var `qualified` (`user/f`), as `reset-meta!` does; the source
/// form recorded with it stays.
pub fn set_meta(qualified: &str, meta: Value) {
    VARS.with(|v| {
        let mut v = v.borrow_mut();
        let form = v.get(qualified).and_then(|(_, f)| f.clone());
        v.insert(qualified.to_string(), (meta, form));
    });
}

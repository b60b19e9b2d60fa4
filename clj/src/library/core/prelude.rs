//! Library code written in Clojure (clojure.core's `prelude.clj`, `clojure.set`), loaded on
//! first use: kanren starts in about a millisecond, and evaluating these definitions at every
//! start would cost several.
//!
//! [`install`] finds the names a source defines by scanning its text (each top-level
//! `(in-ns 'NS)`, `(defn NAME`, `(defn- NAME` and `(defmacro NAME` at the start of a line)
//! and binds each to a stub (but for the prelude's own `kanren.impl`, which the library
//! reaches through [`loaded_value`]): a function that loads the source, then calls the definition
//! that replaced it; a macro stub is a special form that loads the source, then evaluates
//! its form again. Loading is once per thread, as namespaces are per thread.

use crate::eval::{apply, eval, ns, Env};
use crate::value::error::{Error, Result};
use crate::value::{Native, Value};
use std::cell::RefCell;
use std::sync::Arc;

/// A source of library code in Clojure.
pub struct Source {
    /// Its name, for errors and to load it once.
    pub key: &'static str,
    /// The Clojure text.
    pub text: &'static str,
}

thread_local! {
    static LOADED: RefCell<Vec<&'static str>> = const { RefCell::new(Vec::new()) };
}

/// clojure.core's part in Clojure.
pub static CORE: Source = Source {
    key: "clojure.core",
    text: include_str!("prelude.clj"),
};

/// Evaluates `src` (once per thread), keeping the current namespace.
pub fn ensure(src: &'static Source) {
    let first = LOADED.with(|l| {
        let mut l = l.borrow_mut();
        if l.contains(&src.key) {
            false
        } else {
            l.push(src.key);
            true
        }
    });
    if !first {
        return;
    }
    let here = ns::current();
    let mut r = crate::reader::Reader::new(src.text);
    loop {
        match r.read() {
            Ok(Some(form)) => {
                if let Err(e) = eval(&form, &None) {
                    panic!("{}'s Clojure source: {e} in {form}", src.key);
                }
            }
            Ok(None) => break,
            Err(e) => panic!("{}'s Clojure source: {e}", src.key),
        }
    }
    if !here.is_empty() {
        ns::enter(&here);
    }
}

/// The value `ns/name` has once `src` is loaded.
pub fn loaded_value(src: &'static Source, qualified: &str) -> Result<Value> {
    ensure(src);
    ns::resolve_in("clojure.core", qualified)
        .map(|(_, v)| v)
        .ok_or_else(|| Error::msg(format!("{qualified} is not defined")))
}

/// The names `text` defines: (namespace, name, whether a macro).
fn definitions(text: &str) -> Vec<(String, String, bool)> {
    let mut here = String::new();
    let mut out = Vec::new();
    // Only the lines that open a top-level form: each follows a newline and starts with `(`.
    for (i, _) in text.match_indices("\n(") {
        let line = &text[i + 1..];
        let line = &line[..line.find('\n').unwrap_or(line.len())];
        if let Some(rest) = line.strip_prefix("(in-ns '") {
            here = rest.trim_end_matches(')').trim().to_string();
            continue;
        }
        let (rest, mac) = if let Some(r) = line.strip_prefix("(defn- ") {
            (r, false)
        } else if let Some(r) = line.strip_prefix("(defn ") {
            (r, false)
        } else if let Some(r) = line.strip_prefix("(defmacro ") {
            (r, true)
        } else {
            continue;
        };
        let name = rest
            .split(|c: char| c.is_whitespace() || c == ')')
            .next()
            .unwrap_or("");
        if !name.is_empty() {
            out.push((here.clone(), name.to_string(), mac));
        }
    }
    out
}

/// Binds each name `src` defines to its stub (see the module's doc).
pub fn install(src: &'static Source) {
    for (space, name, mac) in definitions(src.text) {
        // The prelude's own namespace is reached through `loaded_value`, which loads it.
        if space == "kanren.impl" {
            continue;
        }
        let qualified: &'static str = Box::leak(format!("{space}/{name}").into_boxed_str());
        let stub = if mac {
            Value::Special(format!("prelude:{qualified}").into())
        } else {
            Value::Native(Arc::new(Native {
                name: qualified,
                f: Arc::new(move |args: Vec<Value>| apply(&loaded_value(src, qualified)?, args)),
            }))
        };
        ns::define(&space, &name, stub);
    }
}

/// A macro stub of clojure.core's prelude (`prelude:ns/name`): loads it, then evaluates the
/// form with the macro that replaced the stub.
pub fn macro_stub(qualified: &str, tail: &Value, env: &Env) -> Result<Value> {
    ensure(&CORE);
    let form = Value::List(Arc::new(crate::value::Cons(
        Value::Symbol(qualified.into()),
        tail.clone(),
    )));
    eval(&form, env)
}

//! Library code written in Clojure (clojure.core's `prelude.clj`, `clojure.set`), loaded on
//! first use: kanren starts in about a millisecond, and evaluating these definitions at every
//! start would cost several.
//!
//! Each source is registered with [`ns::define_later`] under the namespace it defines
//! (`clojure.core` for the prelude), so the first name of that namespace looked up and not
//! found loads it ([`ensure`]); the library reaches the prelude's own namespace `kanren.impl`
//! through [`loaded_value`]. Loading is once per thread, as namespaces are per thread.

use crate::eval::{eval, ns};
use crate::value::error::{Error, Result};
use crate::value::Value;
use std::cell::RefCell;

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
    let mut r = crate::reader::Reader::library(src.text);
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

//! `clojure.repl`: `doc`, `source` and `dir` (forms: they take the name unevaluated),
//! `apropos`, `find-doc`, `dir-fn`, `source-fn` and `pst`; and the REPL's `*1`, `*2`, `*3`
//! and `*e` ([`record_value`], [`record_error`]).
//!
//! A name's doc comes from the definition's metadata when it was made in Clojure
//! (`eval::vars`), from the built-in docstrings (`docs`) otherwise. There is no Java stack:
//! `pst` prints the error's message, where it was raised and the top-level form it was
//! raised in.

use crate::eval::{ns, vars, Env};
use crate::library::clojure::docs;
use crate::library::core::{arity, emit, reg};
use crate::value::error::{Error, Kind as ErrKind, Result};
use crate::value::items::Items;
use crate::value::Value;
use std::cell::RefCell;
use std::sync::Arc;

/// The namespace's name.
pub const NS: &str = "clojure.repl";

/// The forms of `clojure.repl` (their argument is a name, not evaluated).
pub const FORMS: &[&str] = &["doc", "source", "dir"];

/// The names the REPL refers from `clojure.repl` into `user`, as Clojure's REPL does.
pub const REPL_NAMES: &[&str] = &["apropos", "dir", "doc", "find-doc", "pst", "source"];

thread_local! {
    /// The last error at the REPL and the top-level form it was raised in.
    static LAST: RefCell<Option<(Error, Option<Arc<vars::Form>>)>> = const { RefCell::new(None) };
}

/// Defines `clojure.repl`'s functions and forms and the REPL's `*1`, `*2`, `*3`, `*e`.
pub fn install() {
    for f in FORMS {
        ns::define(NS, f, Value::Special(format!("r:{f}").into()));
    }
    crate::eval::register_special("r", special);
    for v in ["*1", "*2", "*3", "*e"] {
        ns::define("clojure.core", v, Value::Nil);
    }
    reg(NS, "apropos", |a| {
        arity(&a, 1, 1, "apropos")?;
        apropos(&a[0])
    });
    reg(NS, "find-doc", |a| {
        arity(&a, 1, 1, "find-doc")?;
        find_doc(&a[0])
    });
    reg(NS, "dir-fn", |a| {
        arity(&a, 1, 1, "dir-fn")?;
        let names = public_names(&ns_name(&a[0])?)?;
        Ok(Value::list(
            names
                .into_iter()
                .map(|n| Value::sym(&n))
                .collect::<Vec<_>>(),
        ))
    });
    reg(NS, "source-fn", |a| {
        arity(&a, 1, 1, "source-fn")?;
        let s = a[0]
            .as_symbol()
            .ok_or_else(|| Error::msg("source-fn expects a symbol"))?;
        Ok(source_of(s).map(|s| Value::str(&s)).unwrap_or(Value::Nil))
    });
    reg(NS, "pst", |a| {
        arity(&a, 0, 2, "pst")?;
        pst(a.first());
        Ok(Value::Nil)
    });
}

/// Runs `doc`, `source` or `dir` on its unevaluated argument.
fn special(name: &str, tail: &Value, _env: &Env) -> Result<Value> {
    let a = tail.to_vec()?;
    let Some(Value::Symbol(s)) = a.first() else {
        return Err(Error::msg(format!("{name} expects a name (a symbol)")));
    };
    match name {
        "doc" => {
            if let Some(text) = doc_text(s) {
                emit(&text);
            }
        }
        "source" => emit(&format!(
            "{}\n",
            source_of(s).unwrap_or_else(|| "Source not found".into())
        )),
        _ => {
            for n in public_names(s)? {
                emit(&format!("{n}\n"));
            }
        }
    }
    Ok(Value::Nil)
}

/// What `(doc sym)` prints, `None` for a name that is nothing (printing nothing, as Clojure).
///
/// ```
/// kanren_clj::init();
/// let text = kanren_clj::library::clojure::repl::doc_text("membero").unwrap();
/// assert!(text.starts_with("-------------------------\nclojure.core.logic/membero\n([x l])\n"));
/// assert_eq!(kanren_clj::library::clojure::repl::doc_text("no-such-name"), None);
/// ```
pub fn doc_text(sym: &str) -> Option<String> {
    if docs::is_bare_special(sym) {
        return docs::entry("clojure.core", sym).map(|e| docs::render("clojure.core", sym, e));
    }
    let Some((q, v)) = ns::resolve(sym) else {
        return docs::entry(sym, sym).map(|e| docs::render(sym, sym, e));
    };
    let (qns, name) = ns::split(&q)?;
    match vars::meta(&q) {
        Value::Nil => {}
        Value::Map(m) => {
            let get = |k: &str| {
                m.iter()
                    .find(|(key, _)| matches!(key, Value::Keyword(n) if &**n == k))
                    .map(|(_, v)| v.clone())
            };
            let arglists = get("arglists").map(|a| crate::value::printer::pr_str(&a));
            let doc = match get("doc") {
                Some(Value::Str(d)) => Some(d),
                _ => None,
            };
            let is_macro = matches!(v, Value::Macro(_));
            return Some(docs::render_user(&q, arglists, is_macro, doc.as_deref()));
        }
        _ => {}
    }
    match docs::entry(qns, name) {
        Some(e) => Some(docs::render(qns, name, e)),
        None => {
            let m = if matches!(v, Value::Macro(_) | Value::Special(_)) {
                "Macro\n"
            } else {
                ""
            };
            Some(format!("-------------------------\n{q}\n{m}"))
        }
    }
}

/// The text of the definition `sym` names, when it was made in Clojure from source text.
fn source_of(sym: &str) -> Option<String> {
    let (q, _) = ns::resolve(sym)?;
    vars::source(&q)
}

/// The name of a namespace given as a symbol (or a string).
fn ns_name(v: &Value) -> Result<String> {
    match v {
        Value::Symbol(s) | Value::Str(s) => Ok(s.to_string()),
        other => Err(Error::msg(format!(
            "expected a namespace name, got {other}"
        ))),
    }
}

/// Whether `ns/name` was defined private (`defn-`, `^:private`).
fn private(ns: &str, name: &str) -> bool {
    match vars::meta(&format!("{ns}/{name}")) {
        Value::Map(m) => m
            .iter()
            .any(|(k, v)| matches!(k, Value::Keyword(n) if &**n == "private") && v.truthy()),
        _ => false,
    }
}

/// The public names of namespace `ns`, sorted; an error for an unknown namespace.
fn public_names(ns_sym: &str) -> Result<Vec<String>> {
    let target = ns::expand_alias(ns_sym);
    if !ns::namespaces().contains(&target) {
        return Err(Error::msg(format!("No namespace: {ns_sym} found")));
    }
    Ok(ns::names(&target)
        .into_iter()
        .filter(|n| !private(&target, n) && !is_repl_var(&target, n))
        .collect())
}

fn is_repl_var(ns: &str, name: &str) -> bool {
    ns == "clojure.core" && matches!(name, "*1" | "*2" | "*3" | "*e")
}

/// Every public name of every namespace, qualified and sorted.
fn all_public() -> Vec<(String, String)> {
    let mut out = Vec::new();
    for n in ns::namespaces() {
        for name in ns::names(&n) {
            if !private(&n, &name) {
                out.push((n.clone(), name));
            }
        }
    }
    out.sort();
    out
}

/// Whether a text matches what `apropos`/`find-doc` look for.
type Matcher = Box<dyn Fn(&str) -> Result<bool>>;

/// A matcher for `apropos`/`find-doc`: a string (a substring for `apropos`, a pattern for
/// `find-doc` when clojure.core has regexes), or a regex value through `re-find`.
fn matcher(pat: &Value, as_regex: bool) -> Result<Matcher> {
    let re_find = ns::resolve("clojure.core/re-find").map(|(_, f)| f);
    let pattern = match (pat, as_regex) {
        (Value::Str(s), false) => {
            let s = s.clone();
            return Ok(Box::new(move |t: &str| Ok(t.contains(&*s))));
        }
        (Value::Str(s), true) => match ns::resolve("clojure.core/re-pattern") {
            Some((_, re_pattern)) => crate::eval::apply(&re_pattern, vec![pat.clone()])?,
            None => {
                let s = s.clone();
                return Ok(Box::new(move |t: &str| Ok(t.contains(&*s))));
            }
        },
        _ => pat.clone(),
    };
    let Some(re_find) = re_find else {
        return Err(Error::msg(format!(
            "expected a string or a regex, got {}",
            crate::value::printer::describe(pat)
        )));
    };
    Ok(Box::new(move |t: &str| {
        Ok(crate::eval::apply(&re_find, vec![pattern.clone(), Value::str(t)])?.truthy())
    }))
}

/// `(apropos str-or-regex)`: the qualified names whose name matches, sorted.
fn apropos(pat: &Value) -> Result<Value> {
    let m = matcher(pat, false)?;
    let mut out = Vec::new();
    for (n, name) in all_public() {
        if m(&name)? {
            out.push(Value::sym(&format!("{n}/{name}")));
        }
    }
    Ok(Value::list(out))
}

/// `(find-doc str-or-regex)`: prints the doc of every name whose name or docstring matches.
fn find_doc(pat: &Value) -> Result<Value> {
    let m = matcher(pat, true)?;
    for (n, name) in all_public() {
        let q = format!("{n}/{name}");
        let text = match vars::meta(&q) {
            Value::Map(meta) => meta
                .iter()
                .find(|(k, _)| matches!(k, Value::Keyword(d) if &**d == "doc"))
                .map(|(_, d)| text_of(d))
                .unwrap_or_default(),
            _ => docs::entry(&n, &name)
                .map(|e| e.lines.join("\n"))
                .unwrap_or_default(),
        };
        if m(&q)? || (!text.is_empty() && m(&text)?) {
            if let Some(t) = doc_text(&q) {
                emit(&t);
            }
        }
    }
    Ok(Value::Nil)
}

/// Makes `v` the REPL's `*1`, moving the last values to `*2` and `*3`.
pub fn record_value(v: &Value) {
    let get = |n: &str| ns::resolve(&format!("clojure.core/{n}")).map(|(_, v)| v);
    let (one, two) = (get("*1"), get("*2"));
    ns::define("clojure.core", "*3", two.unwrap_or(Value::Nil));
    ns::define("clojure.core", "*2", one.unwrap_or(Value::Nil));
    ns::define("clojure.core", "*1", v.clone());
}

/// Makes `e` the REPL's last error: `*e` (the thrown value, or a map of the message) and what
/// `(pst)` prints.
pub fn record_error(e: &Error) {
    ns::define("clojure.core", "*e", error_value(e));
    LAST.with(|l| *l.borrow_mut() = Some((e.clone(), vars::current_form())));
}

/// The value an error stands for: what was thrown, or a map of its message (as `catch`
/// binds).
fn error_value(e: &Error) -> Value {
    match &e.kind {
        ErrKind::Thrown(v) => v.clone(),
        _ => Value::Map(Items::arc(vec![(
            Value::kw("message"),
            Value::str(&e.message()),
        )])),
    }
}

/// `(pst)` and `(pst *e)`: the last error's message, where it was raised and the top-level
/// form it was raised in; `(pst e)` of another error value: its message.
fn pst(e: Option<&Value>) {
    let last = ns::resolve("clojure.core/*e").map(|(_, v)| v);
    if let Some(v) = e {
        let is_last = last.is_some_and(|l| crate::value::coll::equal(&l, v));
        if !matches!(v, Value::Nil) && !is_last {
            emit(&format!("{}\n", value_message(v)));
            return;
        }
    }
    let Some((e, form)) = LAST.with(|l| l.borrow().clone()) else {
        return;
    };
    let mut out = format!("{}\n", e.message());
    let file = e
        .file
        .as_deref()
        .or(form.as_ref().and_then(|f| f.file.as_deref()))
        .unwrap_or("NO_SOURCE_FILE")
        .to_string();
    if let Some(p) = e.pos {
        out.push_str(&format!("\tat {file}:{p}\n"));
    }
    if let Some(f) = form {
        let text = f.source();
        let first = text.lines().next().unwrap_or("");
        let more = if text.lines().nth(1).is_some() {
            " ..."
        } else {
            ""
        };
        out.push_str(&format!("\tin {first}{more} ({file}:{})\n", f.pos));
    }
    emit(&out);
}

/// The message of an error value: `:message` of a map, else the value printed.
fn value_message(v: &Value) -> String {
    if let Value::Map(m) = v {
        if let Some((_, msg)) = m
            .iter()
            .find(|(k, _)| matches!(k, Value::Keyword(n) if &**n == "message"))
        {
            return text_of(msg);
        }
    }
    crate::value::printer::pr_str(v)
}

/// A string's text, any other value printed.
fn text_of(v: &Value) -> String {
    match v {
        Value::Str(s) => s.to_string(),
        other => crate::value::printer::pr_str(other),
    }
}

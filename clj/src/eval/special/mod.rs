//! Special forms and the built-in macros of `clojure.core` (`let`, `fn`, `defn`, `loop`,
//! `for`, `doseq`, `try`, `ns`, ...), evaluated directly on their unevaluated forms, and the
//! dispatch to the forms the libraries registered ([`register`]: core.logic's `l:fresh`,
//! clojure.test's `t:is`, ...). The conditionals are in `cond`, the threading macros in
//! `thread`, `for`/`doseq` in `comprehension`, `ns`/`require` in `ns_form`, syntax-quote in
//! `syntax_quote`.
//!
//! Part of `eval/`: depends on `value/` and the rest of `eval/`, never on a library. A new
//! special form of `clojure.core` is added to [`FORMS`] and to [`special`]'s match (or to the
//! file of its kind).

pub mod comprehension;
pub mod cond;
pub mod ns_form;
pub mod syntax_quote;
pub mod thread;

use crate::eval::registry::Registry;
use crate::eval::{destructure, eval, eval_body, make_closure, recur_values, Closure, Env, Frame};
use crate::value::error::{Error, Kind, Result};
use crate::value::Value;
use std::sync::Arc;

/// The special forms and built-in macros of `clojure.core`, bound in it by `init`.
pub const FORMS: &[&str] = &[
    "quote",
    "syntax-quote",
    "if",
    "do",
    "def",
    "defonce",
    "declare",
    "let",
    "let*",
    "loop",
    "loop*",
    "recur",
    "fn",
    "fn*",
    "defn",
    "defn-",
    "defmacro",
    "letfn",
    "when",
    "when-not",
    "if-not",
    "cond",
    "condp",
    "case",
    "and",
    "or",
    "when-let",
    "if-let",
    "when-some",
    "if-some",
    "for",
    "doseq",
    "dotimes",
    "while",
    "comment",
    "ns",
    "require",
    "use",
    "refer",
    "in-ns",
    "->",
    "->>",
    "as->",
    "some->",
    "some->>",
    "cond->",
    "cond->>",
    "doto",
    "var",
    "throw",
    "try",
    "lazy-seq",
    "lazy-cat",
    "time",
    "assert",
    "with-out-str",
    "unquote",
    "unquote-splicing",
    "refer-clojure",
    "binding",
    "set!",
    "when-first",
    "dosync",
    "locking",
    "set!",
];

/// How a library runs its special forms: the form's name (without the library's prefix), its
/// unevaluated argument forms, the environment.
pub type SpecialFn = fn(&str, &Value, &Env) -> Result<Value>;

/// The libraries' special forms, by prefix (`l` for the forms named `l:...`) or by whole name.
static LIBRARY_FORMS: Registry<SpecialFn> = Registry::new();

/// Registers `f` to run the special forms named `key:name`, or the one named `key` (a form
/// the evaluator does not know itself). Registering a key again replaces its handler.
pub fn register(key: &'static str, f: SpecialFn) {
    LIBRARY_FORMS.register(key, f);
}

/// A form whose head symbol `sym` names nothing: Java interop (`(.toUpperCase s)`,
/// `(Math/sqrt 2)`, `(StringBuilder.)`, `(. s length)`) when a library registered its
/// handler under `interop`, else the error for a symbol that resolves to nothing.
pub(crate) fn interop_call(sym: &str, tail: &Value, env: &Env) -> Result<Value> {
    match registered("interop") {
        Some(f) => f(sym, tail, env),
        None => Err(crate::eval::unknown(sym)),
    }
}

/// A symbol that names nothing, as a value: a Java static field (`Integer/MAX_VALUE`) when
/// a library registered its handler under `interop-value`, else the error for a symbol that
/// resolves to nothing.
pub(crate) fn interop_value(sym: &str, env: &Env) -> Result<Value> {
    match registered("interop-value") {
        Some(f) => f(sym, &Value::Nil, env),
        None => Err(crate::eval::unknown(sym)),
    }
}

/// The handler registered for `key`.
pub(crate) fn registered(key: &str) -> Option<SpecialFn> {
    LIBRARY_FORMS.get(key)
}

fn args_of(tail: &Value) -> Result<Vec<Value>> {
    tail.to_vec()
}

pub(crate) fn need(args: &[Value], n: usize, form: &str) -> Result<()> {
    if args.len() < n {
        Err(Error::msg(format!("too few arguments to {form}")))
    } else {
        Ok(())
    }
}

/// `(def name doc? init)` once `init` is evaluated (its name checked by
/// [`crate::eval::ns::check_def`]): the var of the current namespace set to `init`, with its
/// definition recorded for `meta` and `source`.
pub(crate) fn define(n: &str, a: &[Value], init: Value) -> Value {
    let doc = a.get(1..a.len().saturating_sub(1)).unwrap_or(&[]);
    crate::eval::vars::record(&crate::eval::ns::current(), n, &a[0], doc, None);
    let q = crate::eval::ns::define_here(n, init);
    Value::Var(q.into())
}

/// A `defn`'s, `defn-`'s or `defmacro`'s name and its arities' forms (after the doc string
/// and attribute map).
pub(crate) fn defn_parts<'a>(a: &'a [Value], form: &str) -> Result<(Arc<str>, &'a [Value])> {
    need(a, 2, form)?;
    let n = sym_name(&a[0], form)?;
    let mut rest = &a[1..];
    while let Some(Value::Str(_) | Value::Map(_)) = rest.first() {
        if rest.len() == 1 {
            break;
        }
        rest = &rest[1..];
    }
    Ok((n, rest))
}

/// `(defn name doc? attrs? arities...)` (`form`: `defn`, `defn-` or `defmacro`; `a` its
/// argument forms, `rest` the arities' forms) once its function `c` is made and its
/// attributes evaluated: the var of the current namespace set to the function (a macro for
/// `defmacro`), with the metadata Clojure gives it.
pub(crate) fn define_fn(
    form: &str,
    a: &[Value],
    rest: &[Value],
    c: Closure,
    mut attrs: Vec<Value>,
) -> Value {
    let Some(n) = c.name.clone() else {
        unreachable!("a defn's function is named");
    };
    let c = Arc::new(c);
    let v = if form == "defmacro" {
        Value::Macro(c)
    } else {
        Value::Fn(c)
    };
    // What Clojure's `defn-` and `defmacro` add to the var's metadata.
    let flag = match form {
        "defn-" => Some("private"),
        "defmacro" => Some("macro"),
        _ => None,
    };
    if let Some(flag) = flag {
        let entry = vec![(Value::kw(flag), Value::Bool(true))];
        attrs.push(Value::Map(crate::value::items::Items::arc(entry)));
    }
    let arglists = crate::eval::vars::arglists(rest);
    let ns = crate::eval::ns::current();
    let meta = crate::eval::vars::record(&ns, &n, &a[0], &attrs, Some(arglists));
    crate::value::meta::set_meta(&v, meta);
    let q = crate::eval::ns::define_here(&n, v);
    Value::Var(q.into())
}

fn sym_name(v: &Value, what: &str) -> Result<Arc<str>> {
    match v {
        Value::Symbol(s) => Ok(s.clone()),
        other => Err(Error::msg(format!("{what} expects a symbol, got {other}"))),
    }
}

/// Evaluates the special form `name` with the (unevaluated) argument forms `tail`.
pub fn special(name: &str, tail: &Value, env: &Env) -> Result<Value> {
    // A library's forms are named `prefix:name` (core.logic's `l:fresh`) and run by the
    // handler it registered for the prefix.
    if let Some((prefix, n)) = name.split_once(':') {
        if let Some(f) = registered(prefix) {
            return f(n, tail, env);
        }
    }
    let a = args_of(tail)?;
    if matches!(name, "let" | "let*" | "loop" | "loop*") {
        if let Some(v) = crate::eval::compile::top_level(name, &a, env) {
            return v;
        }
    }
    match name {
        "quote" => Ok(a.first().cloned().unwrap_or(Value::Nil)),
        "syntax-quote" => {
            need(&a, 1, name)?;
            let mut gensyms = Vec::new();
            crate::eval::special::syntax_quote::syntax_quote(&a[0], env, &mut gensyms)
        }
        "unquote" | "unquote-splicing" => {
            Err(Error::msg(format!("{name} used outside of a syntax-quote")))
        }
        "if" | "if-not" | "when" | "when-not" | "cond" | "condp" | "case" | "and" | "or"
        | "when-let" | "if-let" | "when-some" | "if-some" | "when-first" => {
            crate::eval::special::cond::special(name, a, env)
        }
        "do" | "dosync" => eval_body(&a, env),
        "locking" => eval_body(a.get(1..).unwrap_or(&[]), env),
        "def" | "defonce" => {
            need(&a, 1, name)?;
            let n = sym_name(&a[0], name)?;
            if name == "defonce"
                && crate::eval::ns::resolve(&format!("{}/{n}", crate::eval::ns::current()))
                    .is_some()
            {
                return Ok(Value::Nil);
            }
            crate::eval::ns::check_def(&n)?;
            let init = match a.len() {
                1 => Value::Nil,
                2 => eval(&a[1], env)?,
                _ => eval(&a[2], env)?,
            };
            Ok(define(&n, &a, init))
        }
        "declare" => {
            for s in &a {
                let n = sym_name(s, name)?;
                if crate::eval::ns::resolve(&format!("{}/{n}", crate::eval::ns::current()))
                    .is_none()
                {
                    crate::eval::ns::define_here(&n, Value::Nil);
                }
            }
            Ok(Value::Nil)
        }
        "let" | "let*" => {
            need(&a, 1, name)?;
            let env = let_bindings(&a[0], env)?;
            eval_body(&a[1..], &env)
        }
        "binding" => {
            need(&a, 1, name)?;
            binding(&a, env)
        }
        // `(set! var value)`: the var's value is replaced (there are no thread bindings to set
        // apart from its root: `binding` replaces the root for its body). The compiler flags a
        // file sets at its top (`*warn-on-reflection*`, `*unchecked-math*`, ...) are accepted
        // and kept as the var's value; kanren has nothing to do for them.
        "set!" => {
            need(&a, 2, name)?;
            let s = a[0]
                .as_symbol()
                .ok_or_else(|| Error::msg(format!("set! needs a var's symbol, got {}", a[0])))?;
            let here = match crate::eval::env_ns(env) {
                Some(ns) => ns.to_string(),
                None => crate::eval::ns::current(),
            };
            let q = match crate::eval::ns::resolve_in(&here, s) {
                Some((q, _)) => q,
                None if s.starts_with('*') && s.ends_with('*') => format!("clojure.core/{s}"),
                None => {
                    return Err(Error::ex(
                        crate::value::error::ILLEGAL_STATE,
                        format!("Can't change/establish root binding of: {s} with set"),
                    ))
                }
            };
            let v = eval(&a[1], env)?;
            if let Some((ns, n)) = crate::eval::ns::split(&q) {
                crate::eval::ns::define(ns, n, v.clone());
            }
            Ok(v)
        }
        "loop" | "loop*" => {
            need(&a, 1, name)?;
            let Value::Vector(bs) = &a[0] else {
                return Err(Error::msg("loop needs a binding vector"));
            };
            if bs.len() % 2 != 0 {
                return Err(Error::msg(
                    "loop needs an even number of forms in its binding vector",
                ));
            }
            let pats: Vec<Value> = bs.iter().step_by(2).cloned().collect();
            let mut vals = Vec::new();
            let mut e = env.clone();
            for pair in bs.chunks(2) {
                let v = eval(&pair[1], &e)?;
                e = destructure(&pair[0], v.clone(), &e)?;
                vals.push(v);
            }
            loop {
                let mut e = env.clone();
                for (p, v) in pats.iter().zip(vals.drain(..)) {
                    e = destructure(p, v, &e)?;
                }
                match eval_body(&a[1..], &e).map_err(recur_values) {
                    Err(Ok(new)) => {
                        crate::eval::check_recur(pats.len(), &new)?;
                        vals = new;
                        crate::eval::check_interrupt()?;
                    }
                    Err(Err(e)) => return Err(e),
                    Ok(v) => return Ok(v),
                }
            }
        }
        "recur" => {
            let vals = a.iter().map(|f| eval(f, env)).collect::<Result<Vec<_>>>()?;
            Err(Error::new(Kind::Recur(vals), None, None))
        }
        "fn" | "fn*" => {
            let (n, spec) = match a.first() {
                Some(Value::Symbol(s)) => (Some(s.clone()), &a[1..]),
                _ => (None, &a[..]),
            };
            Ok(Value::Fn(Arc::new(make_closure(n, spec, env)?)))
        }
        "defn" | "defn-" | "defmacro" => {
            let (n, rest) = defn_parts(&a, name)?;
            crate::eval::ns::check_def(&n)?;
            let c = make_closure(Some(n.clone()), rest, env)?;
            // The attribute map is evaluated, as Clojure evaluates a var's metadata
            // (`{:test (fn [] ...)}` holds a function).
            let attrs = a[1..a.len() - rest.len()]
                .iter()
                .map(|f| match f {
                    Value::Map(_) => eval(f, env),
                    _ => Ok(f.clone()),
                })
                .collect::<Result<Vec<_>>>()?;
            Ok(define_fn(name, &a, rest, c, attrs))
        }
        "letfn" => {
            need(&a, 1, name)?;
            let specs = a[0].to_vec()?;
            let mut fns = Vec::new();
            for s in specs {
                let items = s.to_vec()?;
                let (n, spec) = items
                    .split_first()
                    .ok_or_else(|| Error::msg("empty letfn binding"))?;
                let n = sym_name(n, name)?;
                fns.push((n.clone(), make_closure(Some(n), spec, &None)?.arities));
            }
            let group = Arc::new(crate::eval::env::LetFnGroup::new(fns));
            let genv: Env = Some(crate::value::counted(|| Frame::Group(group, env.clone())));
            eval_body(&a[1..], &genv)
        }
        "for" => {
            need(&a, 2, name)?;
            let Value::Vector(b) = &a[0] else {
                return Err(Error::msg("for needs a binding vector"));
            };
            crate::eval::special::comprehension::for_seq(b.clone(), a[1].clone(), env.clone())
        }
        "doseq" => {
            need(&a, 1, name)?;
            let Value::Vector(b) = &a[0] else {
                return Err(Error::msg("doseq needs a binding vector"));
            };
            crate::eval::special::comprehension::doseq(b, &a[1..], env)?;
            Ok(Value::Nil)
        }
        "dotimes" => {
            need(&a, 1, name)?;
            let Value::Vector(b) = &a[0] else {
                return Err(Error::msg("dotimes needs a binding vector"));
            };
            let n = match eval(b.get(1).unwrap_or(&Value::Nil), env)? {
                Value::Int(n) => n,
                other => return Err(Error::msg(format!("dotimes needs an integer, got {other}"))),
            };
            for i in 0..n {
                crate::eval::check_interrupt()?;
                eval_body(&a[1..], &destructure(&b[0], Value::Int(i), env)?)?;
            }
            Ok(Value::Nil)
        }
        "while" => {
            need(&a, 1, name)?;
            while eval(&a[0], env)?.truthy() {
                crate::eval::check_interrupt()?;
                eval_body(&a[1..], env)?;
            }
            Ok(Value::Nil)
        }
        "comment" | "refer-clojure" => Ok(Value::Nil),
        "ns" | "require" | "use" | "refer" | "in-ns" => {
            crate::eval::special::ns_form::special(name, &a, env)
        }
        "->" | "->>" | "some->" | "some->>" | "cond->" | "cond->>" | "as->" | "doto" => {
            crate::eval::special::thread::special(name, a, env)
        }
        "var" => {
            need(&a, 1, name)?;
            let Some(s) = a[0].as_symbol() else {
                return Err(Error::msg(format!("var needs a symbol, got {}", a[0])));
            };
            let here = match crate::eval::env_ns(env) {
                Some(ns) => ns.to_string(),
                None => crate::eval::ns::current(),
            };
            match crate::eval::ns::resolve_in(&here, s) {
                Some((q, _)) => Ok(Value::Var(q.into())),
                None => Err(Error::msg(format!(
                    "unable to resolve var: {s} in this context"
                ))),
            }
        }
        "throw" => {
            need(&a, 1, name)?;
            let v = eval(&a[0], env)?;
            if !matches!(v, Value::Exception(_)) {
                return Err(Error::ex(
                    crate::value::error::CLASS_CAST,
                    format!("{} cannot be cast to java.lang.Throwable", v.type_name()),
                ));
            }
            Err(Error::new(Kind::Thrown(v), None, None))
        }
        "try" => try_form(&a, env),
        "lazy-seq" => {
            let body = a.clone();
            let env = env.clone();
            Ok(Value::lazy(move || {
                let v = eval_body(&body, &env)?;
                // A lazy seq the body returns is forced by the caller's loop
                // (`Value::force`), not here: a chain of them does not nest.
                match v {
                    Value::Lazy(_) => Ok(v),
                    v => crate::value::coll::seq(&v),
                }
            }))
        }
        "lazy-cat" => {
            // `(concat (lazy-seq a) (lazy-seq b) ...)`: no argument is evaluated before its
            // elements are needed.
            let parts = a
                .iter()
                .map(|f| Value::list([Value::sym("clojure.core/lazy-seq"), f.clone()]));
            let form = Value::list(
                std::iter::once(Value::sym("clojure.core/concat"))
                    .chain(parts)
                    .collect::<Vec<_>>(),
            );
            eval(&form, env)
        }
        "time" => {
            need(&a, 1, name)?;
            let t = web_time::Instant::now();
            let v = eval(&a[0], env)?;
            crate::value::printer::emit(&format!(
                "\"Elapsed time: {:.6} msecs\"\n",
                t.elapsed().as_secs_f64() * 1e3
            ));
            Ok(v)
        }
        "assert" => {
            need(&a, 1, name)?;
            if eval(&a[0], env)?.truthy() {
                Ok(Value::Nil)
            } else {
                let msg = match a.get(1) {
                    Some(m) => format!(
                        "Assert failed: {}\n{}",
                        crate::value::printer::try_pr_str(&eval(m, env)?, false)?,
                        a[0]
                    ),
                    None => format!("Assert failed: {}", a[0]),
                };
                Err(Error::ex(crate::value::error::ASSERTION, msg))
            }
        }
        "with-out-str" => crate::value::printer::with_out_str(|| eval_body(&a, env)),
        _ => match registered(name) {
            Some(f) => f(name, tail, env),
            None => Err(Error::msg(format!("{name} is not supported"))),
        },
    }
}

/// `let` bindings: each pattern bound in order, each init seeing the ones before.
pub fn let_bindings(b: &Value, env: &Env) -> Result<Env> {
    let Value::Vector(bs) = b else {
        return Err(Error::msg("let needs a binding vector"));
    };
    if bs.len() % 2 != 0 {
        return Err(Error::msg(
            "let needs an even number of forms in its binding vector",
        ));
    }
    let mut e = env.clone();
    for pair in bs.chunks(2) {
        let v = eval(&pair[1], &e)?;
        e = destructure(&pair[0], v, &e)?;
    }
    Ok(e)
}

/// `(try body... (catch Class e handler...)... (finally cleanup...))`: the first `catch`
/// whose class is the error's class or one of its superclasses runs with `e` bound to the
/// exception value; an error no clause catches goes on after `finally` runs. `recur` and the
/// interrupt pass through every clause.
fn try_form(a: &[Value], env: &Env) -> Result<Value> {
    let is = |f: &Value, n: &str| matches!(f, Value::List(c) if c.0.is_sym(n));
    let body: Vec<Value> = a
        .iter()
        .filter(|f| !is(f, "catch") && !is(f, "finally"))
        .cloned()
        .collect();
    let result = match eval_body(&body, env) {
        Err(e) if !matches!(e.kind, Kind::Recur(_)) && e.message() != "interrupted" => {
            catch(a, e, env)
        }
        other => other,
    };
    if let Some(f) = a.iter().find(|f| is(f, "finally")) {
        eval_body(&f.to_vec()?[1..], env)?;
    }
    result
}

/// `(binding [var val ...] body...)`: each var (a global, by its symbol) holds its new value
/// while the body runs and its old one again after, however the body ends.
fn binding(a: &[Value], env: &Env) -> Result<Value> {
    let Value::Vector(bs) = &a[0] else {
        return Err(Error::msg("binding needs a vector of bindings"));
    };
    if !bs.len().is_multiple_of(2) {
        return Err(Error::msg(
            "binding needs an even number of forms in its binding vector",
        ));
    }
    let here = match crate::eval::env_ns(env) {
        Some(ns) => ns.to_string(),
        None => crate::eval::ns::current(),
    };
    let mut news = Vec::new();
    for pair in bs.chunks(2) {
        let s = pair[0]
            .as_symbol()
            .ok_or_else(|| Error::msg(format!("binding needs a symbol, got {}", pair[0])))?;
        let (q, old) = crate::eval::ns::resolve_in(&here, s)
            .ok_or_else(|| Error::msg(format!("unable to resolve var: {s} in this context")))?;
        news.push((Arc::from(q), old, eval(&pair[1], env)?));
    }
    crate::eval::dynamic::with_known(news, || eval_body(&a[1..], env))
}

/// The value of the first `catch` clause of `a` that catches `e`, or `e` again.
fn catch(a: &[Value], e: Error, env: &Env) -> Result<Value> {
    for c in a {
        let Value::List(cell) = c else { continue };
        if !cell.0.is_sym("catch") {
            continue;
        }
        let items = c.to_vec()?;
        let class = match items.get(1) {
            Some(Value::Symbol(s)) => crate::value::error::class_named(s).ok_or_else(|| {
                Error::ex(
                    crate::value::error::COMPILER,
                    format!("Unable to resolve classname: {s}"),
                )
            })?,
            _ => return Err(Error::msg("catch needs a class name and a symbol")),
        };
        if crate::value::error::is_subclass(e.class(), class) {
            let name = items.get(2).cloned().unwrap_or(Value::sym("_"));
            let env = destructure(&name, e.to_value(), env)?;
            return eval_body(items.get(3..).unwrap_or(&[]), &env);
        }
    }
    Err(e)
}

//! Java interop that Clojure programs commonly use, on kanren's values: method calls
//! (`(.toUpperCase s)`, `(. s length)`, `(.. sb (append "a") toString)`, `memfn`), the static
//! methods and fields of `java.lang`'s classes (`Math/sqrt`, `Integer/parseInt`,
//! `Character/isDigit`, `Long/MAX_VALUE`, ...) and constructors (`(StringBuilder.)`,
//! `(Exception. "m")`, `(new String "s")`).
//!
//! Static members are built-in functions and values defined in a namespace named after their
//! class (`Math`, and `java.lang.Math` for the qualified name), so `Math/sqrt` resolves as any
//! qualified symbol does; they are defined when a program first names one. Method calls, constructors and the `.`, `..`, `new` and `memfn`
//! forms reach [`call`] through the evaluator's interop door (a head symbol that names
//! nothing); a static field or class that kanren lacks is an error naming it, never
//! "Unable to resolve symbol". Instance methods are in `methods`, static members in `statics`,
//! the host's clock and environment (`System/...`, `Thread/sleep`) in `system`.
//!
//! May depend on: `value/`, `eval/`'s interface, `library::core`.

pub mod methods;
pub mod statics;
pub mod system;

use crate::eval::{eval, Env};
use crate::value::error::{Error, Result, Throwable, CLASS_CAST, ILLEGAL_ARGUMENT};
use crate::value::Value;
use std::sync::{Arc, Mutex};

/// The classes whose static members kanren has, by simple name (each is also defined under
/// `java.lang.NAME`).
pub const CLASSES: &[&str] = &[
    "Math",
    "Integer",
    "Long",
    "Double",
    "Character",
    "String",
    "Boolean",
    "System",
    "Thread",
];

/// Registers the interop forms with the evaluator. The static members are defined on the
/// first use of one (a `Class/member` symbol that resolves to nothing yet), so a program
/// that uses none does not pay for defining them when it starts.
pub fn install() {
    crate::eval::register_special("interop", call);
    // `memfn` and `..` are clojure.core macros: names of their own, run by `call`.
    for name in ["memfn", ".."] {
        crate::eval::ns::define("clojure.core", name, Value::Special(name.into()));
        crate::eval::register_special(name, call);
    }
    crate::eval::register_special("interop-value", |sym, _, _| match static_member(sym) {
        Some(v) => Ok(v),
        None => Err(missing(sym)),
    });
}

/// Defines the static members of [`CLASSES`] in this thread's namespaces, once.
fn ensure_statics() {
    thread_local! {
        static DONE: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
    }
    if !DONE.with(|d| d.replace(true)) {
        statics::install();
        system::install();
    }
}

/// The static member `sym` (`Math/sqrt`, `Long/MAX_VALUE`) of a class kanren has, defining
/// the static members first if they are not yet.
fn static_member(sym: &str) -> Option<Value> {
    let (class, _) = crate::eval::ns::split(sym)?;
    if class == crate::library::core::queue::CLASS {
        crate::library::core::queue::install();
        return crate::eval::ns::resolve(sym).map(|(_, v)| v);
    }
    if !has_class(class) {
        return None;
    }
    ensure_statics();
    crate::eval::ns::resolve(sym).map(|(_, v)| v)
}

/// The qualified name of a class written in code (`Math` is `java.lang.Math`).
fn qualified(class: &str) -> String {
    if class.contains('.') {
        class.to_string()
    } else {
        format!("java.lang.{class}")
    }
}

/// Whether a symbol's namespace part looks like a Java class (`Foo`, `java.util.HashMap`).
fn looks_like_class(name: &str) -> bool {
    name.trim_end_matches('.')
        .rsplit('.')
        .next()
        .and_then(|s| s.chars().next())
        .is_some_and(char::is_uppercase)
}

/// Whether kanren has the class `name` (simple or qualified) for static members.
fn has_class(name: &str) -> bool {
    let simple = name.strip_prefix("java.lang.").unwrap_or(name);
    CLASSES.contains(&simple) || name == crate::library::core::queue::CLASS
}

/// The error for `sym`, a symbol that names nothing: a Java member or class kanren lacks, or
/// an unresolved symbol.
fn missing(sym: &str) -> Error {
    if let Some((class, member)) = crate::eval::ns::split(sym) {
        if looks_like_class(class) {
            return if has_class(class) {
                Error::ex(
                    ILLEGAL_ARGUMENT,
                    format!(
                        "No matching method or field {member} found for class {}",
                        qualified(class)
                    ),
                )
            } else {
                no_class(class)
            };
        }
    } else if sym.contains('.') && looks_like_class(sym) && !sym.ends_with('.') {
        return no_class(sym);
    }
    crate::eval::unknown(sym)
}

fn no_class(class: &str) -> Error {
    Error::ex(
        crate::value::error::COMPILER,
        format!("kanren has no Java class {}", qualified(class)),
    )
}

/// A form whose head symbol `sym` names nothing, with argument forms `tail`: a method call,
/// a constructor, `.`, `..`, `new` or `memfn`; any other is the error for `sym`.
pub fn call(sym: &str, tail: &Value, env: &Env) -> Result<Value> {
    let forms = tail.to_vec()?;
    let eval_all = |fs: &[Value]| fs.iter().map(|f| eval(f, env)).collect::<Result<Vec<_>>>();
    match sym {
        "." => {
            let (target, rest) = forms
                .split_first()
                .ok_or_else(|| Error::msg("the . form needs a target and a member"))?;
            let (member, args) = member_of(rest)?;
            if let Value::Symbol(c) = target {
                if crate::eval::lookup_local(env, c).is_none() && looks_like_class(c) {
                    return static_call(c, &member, eval_all(&args)?);
                }
            }
            let t = eval(target, env)?;
            methods::invoke(&t, &member, eval_all(&args)?)
        }
        ".." => {
            let (target, rest) = forms
                .split_first()
                .ok_or_else(|| Error::msg(".. needs a target and members"))?;
            let mut v = eval(target, env)?;
            for m in rest {
                let (member, args) = member_of(std::slice::from_ref(m))?;
                v = methods::invoke(&v, &member, eval_all(&args)?)?;
            }
            Ok(v)
        }
        "new" => {
            let (class, args) = forms
                .split_first()
                .ok_or_else(|| Error::msg("new needs a class"))?;
            let class = class
                .as_symbol()
                .ok_or_else(|| Error::msg(format!("new needs a class name, got {class}")))?;
            construct(class, eval_all(args)?)
        }
        "memfn" => {
            let name = forms
                .first()
                .and_then(Value::as_symbol)
                .ok_or_else(|| Error::msg("memfn needs a method name"))?
                .to_string();
            let n = forms.len() - 1;
            Ok(Value::Native(Arc::new(crate::value::Native {
                name: "memfn",
                slice: None,
                terms: None,
                pure: false,
                shared: false,
                f: Arc::new(move |mut a: Vec<Value>| {
                    if a.len() != n + 1 {
                        return Err(Error::ex(
                            crate::value::error::ARITY,
                            format!("Wrong number of args ({}) passed to: memfn", a.len()),
                        ));
                    }
                    let target = a.remove(0);
                    methods::invoke(&target, &name, a)
                }),
            })))
        }
        _ if sym.len() > 1 && sym.starts_with('.') && !sym.starts_with("..") => {
            let (target, args) = forms.split_first().ok_or_else(|| {
                Error::ex(
                    ILLEGAL_ARGUMENT,
                    format!("Malformed member expression, expecting ({sym} target ...)"),
                )
            })?;
            let t = eval(target, env)?;
            methods::invoke(&t, &sym[1..], eval_all(args)?)
        }
        _ if sym.len() > 1 && sym.ends_with('.') && looks_like_class(sym) => {
            construct(&sym[..sym.len() - 1], eval_all(&forms)?)
        }
        _ => match static_member(sym) {
            Some(f) => crate::eval::apply(&f, eval_all(&forms)?),
            None => Err(missing(sym)),
        },
    }
}

/// The member of a `.` form: `method args...` or `(method args...)`.
fn member_of(rest: &[Value]) -> Result<(String, Vec<Value>)> {
    match rest.first() {
        Some(Value::Symbol(m)) => Ok((m.trim_start_matches('-').to_string(), rest[1..].to_vec())),
        Some(l @ Value::List(_)) => {
            let items = l.to_vec()?;
            match items.split_first() {
                Some((Value::Symbol(m), args)) => Ok((m.to_string(), args.to_vec())),
                _ => Err(Error::msg(format!("bad member expression: {l}"))),
            }
        }
        _ => Err(Error::msg("the . form needs a member name")),
    }
}

/// `(. Class member args)`: a static method or field.
fn static_call(class: &str, member: &str, args: Vec<Value>) -> Result<Value> {
    let q = format!("{}/{member}", qualified(class));
    match static_member(&q) {
        Some(f @ (Value::Native(_) | Value::Fn(_))) => crate::eval::apply(&f, args),
        Some(v) if args.is_empty() => Ok(v),
        _ => Err(missing(&format!("{class}/{member}"))),
    }
}

/// `(Class. args)` / `(new Class args)`.
pub fn construct(class: &str, args: Vec<Value>) -> Result<Value> {
    let simple = class.strip_prefix("java.lang.").unwrap_or(class);
    match (simple, args.as_slice()) {
        ("String", []) => Ok(Value::str("")),
        ("String", [Value::Str(s)]) => Ok(Value::Str(s.clone())),
        ("String", [cs]) => {
            let mut s = String::new();
            for c in cs.to_vec()? {
                match c {
                    Value::Char(c) => s.push(c),
                    other => return Err(cast(&other, "java.lang.Character")),
                }
            }
            Ok(Value::str(&s))
        }
        ("StringBuilder" | "StringBuffer", [])
        | ("StringBuilder" | "StringBuffer", [Value::Int(_)]) => {
            Ok(Value::StringBuilder(Arc::new(Mutex::new(String::new()))))
        }
        // Readers of text, for `read` and `line-seq`: one value (`files`' reader) that the
        // wrapping readers give back as it is.
        ("java.io.StringReader" | "StringReader", [Value::Str(s)]) => {
            Ok(crate::library::core::files::reader(s.to_string()))
        }
        (
            "java.io.PushbackReader"
            | "PushbackReader"
            | "java.io.BufferedReader"
            | "BufferedReader"
            | "clojure.lang.LineNumberingPushbackReader",
            [r @ Value::Native(n)],
        ) if n.name == crate::library::core::files::READER => Ok(r.clone()),
        ("StringBuilder" | "StringBuffer", [x]) => Ok(Value::StringBuilder(Arc::new(Mutex::new(
            crate::library::core::str_of(std::slice::from_ref(x))?,
        )))),
        _ => {
            let Some(c) = crate::value::error::class_named(class) else {
                return Err(no_class(class));
            };
            let (message, cause) = match args.as_slice() {
                [] => (None, None),
                [Value::Nil] => (None, None),
                [Value::Str(m)] => (Some(m.to_string()), None),
                [e @ Value::Exception(t)] => (Some(t.to_java_string()), Some(e.clone())),
                [m, e @ (Value::Exception(_) | Value::Nil)] => (
                    match m {
                        Value::Nil => None,
                        m => Some(crate::library::core::str_of(std::slice::from_ref(m))?),
                    },
                    Some(e.clone()).filter(|e| !matches!(e, Value::Nil)),
                ),
                _ => {
                    return Err(Error::ex(
                        ILLEGAL_ARGUMENT,
                        format!("No matching ctor found for class {c}"),
                    ))
                }
            };
            Ok(Value::Exception(Arc::new(Throwable {
                class: c.into(),
                message,
                data: None,
                cause,
            })))
        }
    }
}

/// The error of a value that is not of the class a method needs.
pub fn cast(v: &Value, to: &str) -> Error {
    Error::ex(
        if matches!(v, Value::Nil) {
            crate::value::error::NULL_POINTER
        } else {
            CLASS_CAST
        },
        format!("class {} cannot be cast to class {to}", class_name(v)),
    )
}

/// The Java class of a value as Clojure names it (for error messages): `value::class`'s.
pub fn class_name(v: &Value) -> String {
    crate::value::class::class_name(v).to_string()
}

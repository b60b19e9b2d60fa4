//! Special forms and the built-in macros of `clojure.core` (`let`, `fn`, `defn`, `loop`,
//! `cond`, `for`, `doseq`, `->`, `ns`, ...), evaluated directly on their unevaluated forms.
//! The core.logic forms (`run`, `fresh`, `conde`, `defne`, ...) are in `logic_forms`.

use crate::error::{Error, Kind, Result};
use crate::eval::{apply, bind, destructure, eval, eval_body, make_closure, Env, Frame};
use crate::value::Value;
use std::sync::{Arc, OnceLock};

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
    "time",
    "assert",
    "with-out-str",
    "unquote",
    "unquote-splicing",
    "refer-clojure",
    "binding",
    "when-first",
    "dosync",
    "locking",
    "defrecord",
];

fn args_of(tail: &Value) -> Result<Vec<Value>> {
    tail.to_vec()
}

fn need(args: &[Value], n: usize, form: &str) -> Result<()> {
    if args.len() < n {
        Err(Error::msg(format!("too few arguments to {form}")))
    } else {
        Ok(())
    }
}

fn sym_name(v: &Value, what: &str) -> Result<Arc<str>> {
    match v {
        Value::Symbol(s) => Ok(s.clone()),
        other => Err(Error::msg(format!("{what} expects a symbol, got {other}"))),
    }
}

/// Evaluates the special form `name` with the (unevaluated) argument forms `tail`.
pub fn special(name: &str, tail: &Value, env: &Env) -> Result<Value> {
    // The forms of core.logic and clojure.test are registered as `l:name` and `t:name`.
    if let Some(n) = name.strip_prefix("l:") {
        return crate::logic_forms::special(n, tail, env)?
            .ok_or_else(|| Error::msg(format!("{n} is not supported")));
    }
    if let Some(n) = name.strip_prefix("p:") {
        return crate::logic_pldb::pldb_special(n, tail, env);
    }
    if let Some(n) = name.strip_prefix("n:") {
        return crate::logic_nominal::special(n, tail, env);
    }
    if let Some(n) = name.strip_prefix("x:") {
        return crate::logic_pldb::logic_special(n, tail, env);
    }
    if let Some(n) = name.strip_prefix("t:") {
        return crate::test::special(n, tail, env)?
            .ok_or_else(|| Error::msg(format!("{n} is not supported")));
    }
    let a = args_of(tail)?;
    match name {
        "quote" => Ok(a.first().cloned().unwrap_or(Value::Nil)),
        "syntax-quote" => {
            need(&a, 1, name)?;
            let mut gensyms = Vec::new();
            crate::syntax_quote::syntax_quote(&a[0], env, &mut gensyms)
        }
        "unquote" | "unquote-splicing" => {
            Err(Error::msg(format!("{name} used outside of a syntax-quote")))
        }
        "if" => {
            need(&a, 2, name)?;
            if eval(&a[0], env)?.truthy() {
                eval(&a[1], env)
            } else {
                a.get(2).map_or(Ok(Value::Nil), |e| eval(e, env))
            }
        }
        "if-not" => {
            need(&a, 2, name)?;
            if !eval(&a[0], env)?.truthy() {
                eval(&a[1], env)
            } else {
                a.get(2).map_or(Ok(Value::Nil), |e| eval(e, env))
            }
        }
        "do" | "dosync" => eval_body(&a, env),
        "locking" => eval_body(a.get(1..).unwrap_or(&[]), env),
        "when" | "when-not" => {
            need(&a, 1, name)?;
            if eval(&a[0], env)?.truthy() == (name == "when") {
                eval_body(&a[1..], env)
            } else {
                Ok(Value::Nil)
            }
        }
        "def" | "defonce" => {
            need(&a, 1, name)?;
            let n = sym_name(&a[0], name)?;
            if name == "defonce"
                && crate::ns::resolve(&format!("{}/{n}", crate::ns::current())).is_some()
            {
                return Ok(Value::Nil);
            }
            let init = match a.len() {
                1 => Value::Nil,
                2 => eval(&a[1], env)?,
                _ => eval(&a[2], env)?,
            };
            let q = crate::ns::define_here(&n, init);
            Ok(Value::Symbol(format!("#'{q}").into()))
        }
        "declare" => {
            for s in &a {
                let n = sym_name(s, name)?;
                if crate::ns::resolve(&format!("{}/{n}", crate::ns::current())).is_none() {
                    crate::ns::define_here(&n, Value::Nil);
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
            eval_body(&a[1..], env)
        }
        "loop" | "loop*" => {
            need(&a, 1, name)?;
            let Value::Vector(bs) = &a[0] else {
                return Err(Error::msg("loop needs a binding vector"));
            };
            let pats: Vec<Value> = bs.iter().step_by(2).cloned().collect();
            let mut vals = Vec::new();
            let mut e = env.clone();
            for pair in bs.chunks(2) {
                let v = eval(pair.get(1).unwrap_or(&Value::Nil), &e)?;
                e = destructure(&pair[0], v.clone(), &e)?;
                vals.push(v);
            }
            loop {
                let mut e = env.clone();
                for (p, v) in pats.iter().zip(vals.drain(..)) {
                    e = destructure(p, v, &e)?;
                }
                match eval_body(&a[1..], &e) {
                    Err(Error {
                        kind: Kind::Recur(new),
                        ..
                    }) => {
                        if new.len() != pats.len() {
                            return Err(Error::msg(format!(
                                "mismatched arg count to recur, expected: {} args, got: {}",
                                pats.len(),
                                new.len()
                            )));
                        }
                        vals = new;
                        crate::eval::check_interrupt()?;
                    }
                    other => return other,
                }
            }
        }
        "recur" => {
            let vals = a.iter().map(|f| eval(f, env)).collect::<Result<Vec<_>>>()?;
            Err(Error {
                kind: Kind::Recur(vals),
                pos: None,
                file: None,
            })
        }
        "fn" | "fn*" => {
            let (n, spec) = match a.first() {
                Some(Value::Symbol(s)) => (Some(s.clone()), &a[1..]),
                _ => (None, &a[..]),
            };
            Ok(Value::Fn(Arc::new(make_closure(n, spec, env)?)))
        }
        "defn" | "defn-" | "defmacro" => {
            need(&a, 2, name)?;
            let n = sym_name(&a[0], name)?;
            let mut rest = &a[1..];
            while let Some(Value::Str(_) | Value::Map(_)) = rest.first() {
                if rest.len() == 1 {
                    break;
                }
                rest = &rest[1..];
            }
            let c = Arc::new(make_closure(Some(n.clone()), rest, env)?);
            let v = if name == "defmacro" {
                Value::Macro(c)
            } else {
                Value::Fn(c)
            };
            let q = crate::ns::define_here(&n, v);
            Ok(Value::Symbol(format!("#'{q}").into()))
        }
        "letfn" => {
            need(&a, 1, name)?;
            let specs = a[0].to_vec()?;
            let group = Arc::new(OnceLock::new());
            let genv: Env = Some(Arc::new(Frame::Group(group.clone(), env.clone())));
            let mut fns = Vec::new();
            for s in specs {
                let items = s.to_vec()?;
                let (n, spec) = items
                    .split_first()
                    .ok_or_else(|| Error::msg("empty letfn binding"))?;
                let n = sym_name(n, name)?;
                let c = make_closure(Some(n.clone()), spec, &genv)?;
                fns.push((n, Value::Fn(Arc::new(c))));
            }
            let _ = group.set(fns);
            eval_body(&a[1..], &genv)
        }
        "cond" => {
            for pair in a.chunks(2) {
                let test = match &pair[0] {
                    Value::Keyword(k) if &**k == "else" => true,
                    t => eval(t, env)?.truthy(),
                };
                if test {
                    return pair.get(1).map_or(Ok(Value::Nil), |e| eval(e, env));
                }
            }
            Ok(Value::Nil)
        }
        "condp" => {
            need(&a, 2, name)?;
            let (pred, x) = (eval(&a[0], env)?, eval(&a[1], env)?);
            let mut i = 2;
            while i < a.len() {
                if i + 1 == a.len() {
                    return eval(&a[i], env);
                }
                let t = eval(&a[i], env)?;
                if apply(&pred, vec![t, x.clone()])?.truthy() {
                    return eval(&a[i + 1], env);
                }
                i += 2;
            }
            Err(Error::msg(format!("no matching clause: {x}")))
        }
        "case" => {
            need(&a, 1, name)?;
            let x = eval(&a[0], env)?;
            let mut i = 1;
            while i < a.len() {
                if i + 1 == a.len() {
                    return eval(&a[i], env);
                }
                let hit = match &a[i] {
                    Value::List(_) | Value::EmptyList => {
                        a[i].to_vec()?.iter().any(|c| crate::core::equal(c, &x))
                    }
                    c => crate::core::equal(c, &x),
                };
                if hit {
                    return eval(&a[i + 1], env);
                }
                i += 2;
            }
            Err(Error::msg(format!("no matching clause: {x}")))
        }
        "and" => {
            let mut last = Value::Bool(true);
            for f in &a {
                last = eval(f, env)?;
                if !last.truthy() {
                    return Ok(last);
                }
            }
            Ok(last)
        }
        "or" => {
            let mut last = Value::Nil;
            for f in &a {
                last = eval(f, env)?;
                if last.truthy() {
                    return Ok(last);
                }
            }
            Ok(last)
        }
        "when-let" | "if-let" | "when-some" | "if-some" | "when-first" => {
            need(&a, 2, name)?;
            let Value::Vector(b) = &a[0] else {
                return Err(Error::msg(format!("{name} needs a binding vector")));
            };
            if b.len() != 2 {
                return Err(Error::msg(format!("{name} needs exactly one binding")));
            }
            let mut v = eval(&b[1], env)?;
            if name == "when-first" {
                v = v.uncons()?.map_or(Value::Nil, |(h, _)| h);
            }
            let ok = if name.contains("some") {
                !matches!(v, Value::Nil)
            } else {
                v.truthy()
            };
            match (ok, name) {
                (true, "if-let" | "if-some") => eval(&a[1], &destructure(&b[0], v, env)?),
                (true, _) => eval_body(&a[1..], &destructure(&b[0], v, env)?),
                (false, "if-let" | "if-some") => a.get(2).map_or(Ok(Value::Nil), |e| eval(e, env)),
                (false, _) => Ok(Value::Nil),
            }
        }
        "for" => {
            need(&a, 2, name)?;
            let Value::Vector(b) = &a[0] else {
                return Err(Error::msg("for needs a binding vector"));
            };
            crate::comprehension::for_seq(b.clone(), a[1].clone(), env.clone())
        }
        "doseq" => {
            need(&a, 1, name)?;
            let Value::Vector(b) = &a[0] else {
                return Err(Error::msg("doseq needs a binding vector"));
            };
            crate::comprehension::doseq(b, &a[1..], env)?;
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
        "comment" | "refer-clojure" | "defrecord" => Ok(Value::Nil),
        "ns" | "require" | "use" | "in-ns" => crate::nsform::special(name, &a, env),
        "->" | "->>" => {
            need(&a, 1, name)?;
            let mut x = a[0].clone();
            for step in &a[1..] {
                x = thread(step, x, name == "->>")?;
            }
            eval(&x, env)
        }
        "some->" | "some->>" | "cond->" | "cond->>" => {
            need(&a, 1, name)?;
            let last = name.ends_with(">>");
            let mut v = eval(&a[0], env)?;
            if name.starts_with("some") {
                for step in &a[1..] {
                    if matches!(v, Value::Nil) {
                        return Ok(v);
                    }
                    let e = bind(env, " x", v);
                    v = eval(&thread(step, Value::sym(" x"), last)?, &e)?;
                }
            } else {
                for pair in a[1..].chunks(2) {
                    if pair.len() == 2 && eval(&pair[0], env)?.truthy() {
                        let e = bind(env, " x", v.clone());
                        v = eval(&thread(&pair[1], Value::sym(" x"), last)?, &e)?;
                    }
                }
            }
            Ok(v)
        }
        "as->" => {
            need(&a, 2, name)?;
            let mut e = env.clone();
            let mut v = eval(&a[0], env)?;
            for f in &a[2..] {
                e = destructure(&a[1], v, &e)?;
                v = eval(f, &e)?;
            }
            Ok(v)
        }
        "doto" => {
            need(&a, 1, name)?;
            let v = eval(&a[0], env)?;
            let e = bind(env, " x", v.clone());
            for step in &a[1..] {
                eval(&thread(step, Value::sym(" x"), false)?, &e)?;
            }
            Ok(v)
        }
        "var" => {
            need(&a, 1, name)?;
            eval(&a[0], env)
        }
        "throw" => {
            need(&a, 1, name)?;
            let v = eval(&a[0], env)?;
            Err(Error {
                kind: Kind::Thrown(v),
                pos: None,
                file: None,
            })
        }
        "try" => try_form(&a, env),
        "lazy-seq" => {
            let body = a.clone();
            let env = env.clone();
            Ok(Value::lazy(move || {
                let v = eval_body(&body, &env)?;
                crate::core::seq(&v)
            }))
        }
        "time" => {
            need(&a, 1, name)?;
            let t = std::time::Instant::now();
            let v = eval(&a[0], env)?;
            crate::core::emit(&format!(
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
                Err(Error::msg(format!("Assert failed: {}", a[0])))
            }
        }
        "with-out-str" => crate::core::with_out_str(|| eval_body(&a, env)),
        _ => Err(Error::msg(format!("{name} is not supported"))),
    }
}

/// Threads `x` into `step` as its first (or last) argument.
fn thread(step: &Value, x: Value, last: bool) -> Result<Value> {
    Ok(match step {
        Value::List(_) => {
            let mut items = step.to_vec()?;
            if last {
                items.push(x);
            } else {
                items.insert(1, x);
            }
            Value::list(items)
        }
        f => Value::list([f.clone(), x]),
    })
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

fn try_form(a: &[Value], env: &Env) -> Result<Value> {
    let is = |f: &Value, n: &str| matches!(f, Value::List(c) if c.0.is_sym(n));
    let body: Vec<Value> = a
        .iter()
        .filter(|f| !is(f, "catch") && !is(f, "finally"))
        .cloned()
        .collect();
    let result = eval_body(&body, env);
    let result = match result {
        Err(e) if !matches!(e.kind, Kind::Recur(_)) && e.message() != "interrupted" => {
            match a.iter().find(|f| is(f, "catch")) {
                Some(c) => {
                    let items = c.to_vec()?;
                    let name = items.get(2).cloned().unwrap_or(Value::sym("_"));
                    let ex = match &e.kind {
                        Kind::Thrown(v) => v.clone(),
                        _ => Value::Map(Arc::new(vec![(
                            Value::kw("message"),
                            Value::str(&e.message()),
                        )])),
                    };
                    eval_body(items.get(3..).unwrap_or(&[]), &destructure(&name, ex, env)?)
                }
                None => Err(e),
            }
        }
        other => other,
    };
    if let Some(f) = a.iter().find(|f| is(f, "finally")) {
        eval_body(&f.to_vec()?[1..], env)?;
    }
    result
}

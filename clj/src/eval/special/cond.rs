//! The conditionals of `clojure.core`: `if`, `if-not`, `when`, `when-not`, `cond`, `condp`,
//! `case`, `and`, `or` and the binding ones (`if-let`, `when-let`, `if-some`, `when-some`,
//! `when-first`), evaluated on their unevaluated forms.

use crate::eval::special::need;
use crate::eval::{apply, destructure, eval, eval_body, Env};
use crate::value::error::{Error, Result};
use crate::value::Value;

/// What `case` raises when no clause has the value `x` and there is no default.
pub(crate) fn no_matching_clause(x: &Value) -> Error {
    Error::msg(format!("no matching clause: {x}"))
}

/// The value a binding conditional (`if-let`, `when-let`, `if-some`, `when-some`,
/// `when-first`) binds, from its test's value `v`: `v` itself, or its first element when
/// `first`; `None` when the form takes its other branch (`v` false or `nil`, or only `nil`
/// when `some`).
pub(crate) fn bound_value(v: Value, first: bool, some: bool) -> Result<Option<Value>> {
    let v = match first {
        true => v.uncons()?.map_or(Value::Nil, |(h, _)| h),
        false => v,
    };
    let taken = match some {
        true => !matches!(v, Value::Nil),
        false => v.truthy(),
    };
    Ok(taken.then_some(v))
}

/// Evaluates the conditional `name` with the (unevaluated) argument forms `a`.
pub fn special(name: &str, a: Vec<Value>, env: &Env) -> Result<Value> {
    match name {
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
        "when" | "when-not" => {
            need(&a, 1, name)?;
            if eval(&a[0], env)?.truthy() == (name == "when") {
                eval_body(&a[1..], env)
            } else {
                Ok(Value::Nil)
            }
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
            Err(no_matching_clause(&x))
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
                    Value::List(_) | Value::EmptyList => a[i]
                        .to_vec()?
                        .iter()
                        .any(|c| crate::value::coll::equal(c, &x)),
                    c => crate::value::coll::equal(c, &x),
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
            let v = eval(&b[1], env)?;
            let bound = bound_value(v, name == "when-first", name.contains("some"))?;
            match (bound, name) {
                (Some(v), "if-let" | "if-some") => eval(&a[1], &destructure(&b[0], v, env)?),
                (Some(v), _) => eval_body(&a[1..], &destructure(&b[0], v, env)?),
                (None, "if-let" | "if-some") => a.get(2).map_or(Ok(Value::Nil), |e| eval(e, env)),
                (None, _) => Ok(Value::Nil),
            }
        }
        _ => Err(Error::msg(format!("{name} is not supported"))),
    }
}

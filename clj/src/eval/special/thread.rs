//! The threading macros of `clojure.core`: `->`, `->>`, `some->`, `some->>`, `cond->`,
//! `cond->>`, `as->` and `doto`, evaluated on their unevaluated forms.

use crate::eval::special::need;
use crate::eval::{bind, destructure, eval, Env};
use crate::value::error::{Error, Result};
use crate::value::Value;

/// The name the threading macros bind each step's value to: no code can write it (a symbol
/// with a space), so it shadows nothing of the program's.
pub(crate) const THREADED: &str = " x";

/// Evaluates the threading macro `name` with the (unevaluated) argument forms `a`.
pub fn special(name: &str, a: Vec<Value>, env: &Env) -> Result<Value> {
    match name {
        "->" | "->>" => {
            need(&a, 1, name)?;
            eval(&threaded(&a[0], &a[1..], name == "->>")?, env)
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
                    let e = bind(env, THREADED, v);
                    v = eval(&thread(step, Value::sym(THREADED), last)?, &e)?;
                }
            } else {
                for pair in a[1..].chunks(2) {
                    if pair.len() == 2 && eval(&pair[0], env)?.truthy() {
                        let e = bind(env, THREADED, v.clone());
                        v = eval(&thread(&pair[1], Value::sym(THREADED), last)?, &e)?;
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
            let e = bind(env, THREADED, v.clone());
            for step in &a[1..] {
                eval(&thread(step, Value::sym(THREADED), false)?, &e)?;
            }
            Ok(v)
        }
        _ => Err(Error::msg(format!("{name} is not supported"))),
    }
}

/// The form `(-> x steps...)` (`last`: `->>`) stands for: `x` threaded through the steps.
pub(crate) fn threaded(x: &Value, steps: &[Value], last: bool) -> Result<Value> {
    let mut x = x.clone();
    for step in steps {
        x = thread(step, x, last)?;
    }
    Ok(x)
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

//! `clojure.test`: `deftest`, `is` (with `=` reporting expected and actual, and `thrown?`),
//! `testing`, and the runner behind `kanren test FILE` that counts assertions.

use crate::eval::{eval, eval_body, Env};
use crate::value::error::{Error, Result};
use crate::value::Value;
use std::cell::RefCell;

/// The special forms of `clojure.test`.
pub const FORMS: &[&str] = &["deftest", "is", "testing", "run-tests"];

#[derive(Default)]
struct Tally {
    tests: Vec<(String, Value)>,
    passed: usize,
    failed: usize,
    context: Vec<String>,
    current: String,
}

thread_local! {
    static TALLY: RefCell<Tally> = RefCell::new(Tally::default());
}

fn report_fail(msg: String, pos: Option<crate::value::error::Pos>) {
    TALLY.with(|t| {
        let mut t = t.borrow_mut();
        t.failed += 1;
        let at = pos.map(|p| format!(" at {p}")).unwrap_or_default();
        let ctx = if t.context.is_empty() {
            String::new()
        } else {
            format!("\n  {}", t.context.join(" "))
        };
        crate::library::core::emit(&format!("FAIL in ({}){at}{ctx}\n{msg}\n", t.current));
    });
}

/// Evaluates a `clojure.test` form, or gives `None` when `name` is not one.
pub fn special(name: &str, tail: &Value, env: &Env) -> Result<Option<Value>> {
    let a = match name {
        "deftest" | "is" | "testing" | "run-tests" => tail.to_vec()?,
        _ => return Ok(None),
    };
    let pos = crate::value::pos::pos_of(tail);
    Ok(Some(match name {
        "deftest" => {
            let n = a
                .first()
                .and_then(Value::as_symbol)
                .ok_or_else(|| Error::msg("deftest needs a name"))?
                .to_string();
            let f = crate::eval::make_closure(
                Some(n.as_str().into()),
                &[
                    Value::vector(vec![]),
                    Value::list(
                        std::iter::once(Value::sym("do"))
                            .chain(a[1..].iter().cloned())
                            .collect::<Vec<_>>(),
                    ),
                ],
                env,
            )?;
            let f = Value::Fn(std::sync::Arc::new(f));
            TALLY.with(|t| t.borrow_mut().tests.push((n.clone(), f.clone())));
            Value::Var(crate::eval::ns::define_here(&n, f).into())
        }
        "testing" => {
            let label =
                crate::library::core::str_of(&[eval(a.first().unwrap_or(&Value::Nil), env)?])?;
            TALLY.with(|t| t.borrow_mut().context.push(label));
            let r = eval_body(a.get(1..).unwrap_or(&[]), env);
            TALLY.with(|t| t.borrow_mut().context.pop());
            r?
        }
        "is" => {
            let form = a.first().cloned().unwrap_or(Value::Nil);
            let msg = match a.get(1) {
                Some(m) => format!("  {}\n", crate::library::core::str_of(&[eval(m, env)?])?),
                None => String::new(),
            };
            assert_form(&form, env, &msg, pos)?
        }
        _ => Value::Nil,
    }))
}

fn assert_form(
    form: &Value,
    env: &Env,
    msg: &str,
    pos: Option<crate::value::error::Pos>,
) -> Result<Value> {
    let pos = crate::value::pos::pos_of(form).or(pos);
    let items = if let Value::List(_) = form {
        form.to_vec()?
    } else {
        Vec::new()
    };
    if items
        .first()
        .is_some_and(|h| h.is_sym("thrown?") || h.is_sym("thrown-with-msg?"))
    {
        let body = items
            .get(if items[0].is_sym("thrown?") { 2.. } else { 3.. })
            .unwrap_or(&[]);
        return Ok(match eval_body(body, env) {
            Err(e) if e.message() == "interrupted" => return Err(e),
            Err(_) => {
                TALLY.with(|t| t.borrow_mut().passed += 1);
                Value::Bool(true)
            }
            Ok(v) => {
                report_fail(
                    format!("{msg}expected: {form}\n  actual: no exception, returned {v}"),
                    pos,
                );
                Value::Bool(false)
            }
        });
    }
    let result = if items.first().is_some_and(|h| h.is_sym("=")) && items.len() >= 3 {
        let vals = items[1..]
            .iter()
            .map(|x| eval(x, env))
            .collect::<Result<Vec<_>>>();
        vals.map(|vals| {
            let ok = vals
                .windows(2)
                .all(|w| crate::library::core::equal(&w[0], &w[1]));
            (
                ok,
                format!(
                    "(not (= {}))",
                    vals.iter()
                        .map(crate::value::printer::pr_str)
                        .collect::<Vec<_>>()
                        .join(" ")
                ),
            )
        })
    } else {
        eval(form, env).map(|v| (v.truthy(), crate::value::printer::pr_str(&v)))
    };
    match result {
        Ok((true, _)) => {
            TALLY.with(|t| t.borrow_mut().passed += 1);
            Ok(Value::Bool(true))
        }
        Ok((false, actual)) => {
            report_fail(format!("{msg}expected: {form}\n  actual: {actual}"), pos);
            Ok(Value::Bool(false))
        }
        Err(e) if e.message() == "interrupted" => Err(e),
        Err(e) => {
            report_fail(
                format!("{msg}expected: {form}\n  error: {e}"),
                e.pos.or(pos),
            );
            Ok(Value::Bool(false))
        }
    }
}

/// Runs every `deftest` defined so far, in order; gives (passed, failed) assertion counts.
/// A test that throws outside an `is` counts as one failure.
pub fn run_tests() -> Result<(usize, usize)> {
    let tests = TALLY.with(|t| std::mem::take(&mut t.borrow_mut().tests));
    for (name, f) in tests {
        TALLY.with(|t| t.borrow_mut().current = name.clone());
        if let Err(e) = crate::eval::apply(&f, vec![]) {
            if e.message() == "interrupted" {
                return Err(e);
            }
            report_fail(format!("  error: {e}"), e.pos);
        }
    }
    Ok(TALLY.with(|t| {
        let t = t.borrow();
        (t.passed, t.failed)
    }))
}

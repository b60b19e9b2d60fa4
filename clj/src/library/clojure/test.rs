//! `clojure.test`: `deftest` (a test is a function of no arguments, callable by name), `is`
//! (with `=` and function calls reported with their arguments' values, `thrown?`,
//! `thrown-with-msg?` and a message), `are`, nested `testing` contexts, `use-fixtures`
//! (`:once`, `:each`), `run-tests` returning the summary map, `test-var`, `test-vars`,
//! `successful?`, `with-test-out`; and the runner behind `kanren test FILE` that counts
//! assertions.
//!
//! Reports are Clojure's: `FAIL in (name) (file:line:col)` for an assertion that does not
//! hold, `ERROR in (name) ...` for one that throws (or a test that throws outside any `is`),
//! written through the program's output, so `with-out-str` captures them.

use crate::eval::{eval, eval_body, Env};
use crate::value::error::{Error, Pos, Result};
use crate::value::printer::pr_str;
use crate::value::{Native, Value};
use std::cell::RefCell;
use std::collections::HashMap;
use std::sync::Arc;

/// The special forms of `clojure.test`.
pub const FORMS: &[&str] = &[
    "deftest",
    "is",
    "testing",
    "are",
    "use-fixtures",
    "with-test-out",
];

/// The counts of a run.
#[derive(Default, Clone, Copy)]
struct Counts {
    test: usize,
    pass: usize,
    fail: usize,
    error: usize,
}

/// A test: its namespace, name and the function that runs its body.
#[derive(Clone)]
struct Test {
    ns: String,
    name: String,
    body: Value,
    var: Value,
}

#[derive(Default)]
struct Tally {
    tests: Vec<Test>,
    counts: Counts,
    context: Vec<String>,
    current: Vec<String>,
    /// `:once` and `:each` fixtures by namespace.
    fixtures: HashMap<String, (Vec<Value>, Vec<Value>)>,
}

thread_local! {
    static TALLY: RefCell<Tally> = RefCell::new(Tally::default());
}

/// Writes a `FAIL`/`ERROR` report: the test, the position, the `testing` contexts, the
/// message, expected and actual.
fn report(kind: &str, pos: Option<Pos>, msg: &str, expected: &str, actual: &str) {
    let (name, ctx) = TALLY.with(|t| {
        let mut t = t.borrow_mut();
        if kind == "FAIL" {
            t.counts.fail += 1;
        } else {
            t.counts.error += 1;
        }
        (
            t.current.last().cloned().unwrap_or_default(),
            t.context.join(" "),
        )
    });
    let mut out = format!("\n{kind} in ({name})");
    if let Some(p) = pos {
        out.push_str(&format!(" ({p})"));
    }
    out.push('\n');
    for line in [ctx.as_str(), msg] {
        if !line.is_empty() {
            out.push_str(line);
            out.push('\n');
        }
    }
    out.push_str(&format!("expected: {expected}\n  actual: {actual}\n"));
    crate::library::core::emit(&out);
}

fn pass() {
    TALLY.with(|t| t.borrow_mut().counts.pass += 1);
}

fn is_interrupt(e: &Error) -> bool {
    e.message() == "interrupted"
}

/// Evaluates a `clojure.test` form, or gives `None` when `name` is not one.
pub fn special(name: &str, tail: &Value, env: &Env) -> Result<Option<Value>> {
    if !FORMS.contains(&name) {
        return Ok(None);
    }
    let a = tail.to_vec()?;
    let pos = crate::value::pos::pos_of(tail);
    Ok(Some(match name {
        "deftest" => deftest(&a, env)?,
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
                Some(m) => crate::library::core::str_of(&[eval(m, env)?])?,
                None => String::new(),
            };
            assert_form(&form, env, &msg, pos)?
        }
        "are" => {
            let (params, rest) = a
                .split_first()
                .ok_or_else(|| Error::msg("are needs a binding vector and a template"))?;
            let params = params.to_vec()?;
            let (template, vals) = rest
                .split_first()
                .ok_or_else(|| Error::msg("are needs a template"))?;
            if params.is_empty() || vals.len() % params.len() != 0 {
                return Err(Error::ex(
                    crate::value::error::ILLEGAL_ARGUMENT,
                    "The number of args doesn't match are's argv.",
                ));
            }
            for row in vals.chunks(params.len()) {
                let form = substitute(template, &params, row)?;
                assert_form(&form, env, "", crate::value::pos::pos_of(template).or(pos))?;
            }
            Value::Nil
        }
        "use-fixtures" => {
            let kind = eval(a.first().unwrap_or(&Value::Nil), env)?;
            let fs = a[1.min(a.len())..]
                .iter()
                .map(|f| eval(f, env))
                .collect::<Result<Vec<_>>>()?;
            let ns = crate::eval::ns::current();
            TALLY.with(|t| {
                let mut t = t.borrow_mut();
                let entry = t.fixtures.entry(ns).or_default();
                match kind {
                    Value::Keyword(k) if &*k == "once" => entry.0 = fs,
                    Value::Keyword(k) if &*k == "each" => entry.1 = fs,
                    other => {
                        return Err(Error::msg(format!(
                            "use-fixtures takes :once or :each, got {other}"
                        )))
                    }
                }
                Ok(())
            })?;
            Value::Nil
        }
        // Reports go to the program's output already.
        _ => eval_body(&a, env)?,
    }))
}

/// `(deftest name body...)`: `name` is defined as a function of no arguments that runs the
/// test (reporting an error it throws), also its var's `:test`, and the test is registered
/// for `run-tests`.
fn deftest(a: &[Value], env: &Env) -> Result<Value> {
    let n = a
        .first()
        .and_then(Value::as_symbol)
        .ok_or_else(|| Error::msg("deftest needs a name"))?
        .to_string();
    let body = crate::eval::make_closure(
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
    let body = Value::Fn(Arc::new(body));
    let (b, name) = (body.clone(), n.clone());
    let var = Value::Native(Arc::new(Native {
        name: "clojure.test/deftest",
        slice: None,
        terms: None,
        pure: false,
        shared: false,
        f: Arc::new(move |_| {
            run_one(&name, &b)?;
            Ok(Value::Nil)
        }),
    }));
    let ns = crate::eval::ns::current();
    // The var's `:test` is the test, as Clojure's `deftest` records it (for `test`).
    let attrs = Value::Map(crate::value::items::Items::arc(vec![(
        Value::kw("test"),
        var.clone(),
    )]));
    crate::eval::vars::record(&ns, &n, &a[0], &[attrs], None);
    TALLY.with(|t| {
        let mut t = t.borrow_mut();
        t.tests.retain(|x| !(x.ns == ns && x.name == n));
        t.tests.push(Test {
            ns,
            name: n.clone(),
            body,
            var: var.clone(),
        });
    });
    Ok(Value::Var(crate::eval::ns::define_here(&n, var).into()))
}

/// `template` with each of `params` replaced by its value of `row` (`are`).
fn substitute(template: &Value, params: &[Value], row: &[Value]) -> Result<Value> {
    if let Some(i) = params
        .iter()
        .position(|p| crate::library::core::equal(p, template) && matches!(p, Value::Symbol(_)))
    {
        return Ok(row[i].clone());
    }
    let each = |items: &[Value]| {
        items
            .iter()
            .map(|x| substitute(x, params, row))
            .collect::<Result<Vec<_>>>()
    };
    Ok(match template {
        Value::List(_) => {
            crate::value::meta::keep_literal_meta(template, Value::list(each(&template.to_vec()?)?))
        }
        Value::Vector(items) => Value::vector(each(items)?),
        Value::Map(m) => {
            let mut out = Vec::new();
            for (k, v) in m.iter() {
                out.push((substitute(k, params, row)?, substitute(v, params, row)?));
            }
            Value::Map(crate::value::items::Items::arc(out))
        }
        Value::Set(s) => Value::Set(crate::value::items::Items::arc(each(s)?)),
        other => other.clone(),
    })
}

/// Whether an error is of the class a `thrown?` names.
fn class_of(form: &Value) -> Result<&'static str> {
    let name = form.as_symbol().unwrap_or("");
    crate::value::error::class_named(name).ok_or_else(|| {
        Error::ex(
            crate::value::error::COMPILER,
            format!("Unable to resolve classname: {form}"),
        )
    })
}

/// `(re-find re s)` when the regex functions are there, else whether the pattern's text
/// occurs in `s`.
fn message_matches(re: &Value, s: &str) -> Result<bool> {
    if let Some((_, f)) = crate::eval::ns::resolve("clojure.core/re-find") {
        return Ok(crate::eval::apply(&f, vec![re.clone(), Value::str(s)])?.truthy());
    }
    Ok(s.contains(&*crate::library::core::str_of(std::slice::from_ref(re))?))
}

fn assert_form(form: &Value, env: &Env, msg: &str, pos: Option<Pos>) -> Result<Value> {
    let pos = crate::value::pos::pos_of(form).or(pos);
    let items = if let Value::List(_) = form {
        form.to_vec()?
    } else {
        Vec::new()
    };
    let head = items.first().and_then(Value::as_symbol).unwrap_or("");
    if head == "thrown?" || head == "thrown-with-msg?" {
        return thrown(form, &items, env, msg, pos);
    }
    // A call of a function: its arguments' values are reported (`(not (= 1 2))`).
    let call = match items.first() {
        Some(Value::Symbol(s)) if crate::eval::lookup_local(env, s).is_none() => {
            match crate::eval::ns::resolve(s) {
                Some((_, f @ (Value::Fn(_) | Value::Native(_)))) => Some((s.clone(), f)),
                _ => None,
            }
        }
        _ => None,
    };
    let result = match call {
        Some((name, f)) => items[1..]
            .iter()
            .map(|x| eval(x, env))
            .collect::<Result<Vec<_>>>()
            .and_then(|vals| {
                let v = crate::eval::apply(&f, vals.clone())?;
                let shown = std::iter::once(name.to_string())
                    .chain(vals.iter().map(pr_str))
                    .collect::<Vec<_>>()
                    .join(" ");
                Ok((v, format!("(not ({shown}))")))
            }),
        None => eval(form, env).map(|v| {
            let shown = pr_str(&v);
            (v, shown)
        }),
    };
    match result {
        Ok((v, actual)) => {
            if v.truthy() {
                pass();
            } else {
                report("FAIL", pos, msg, &pr_str(form), &actual);
            }
            Ok(v)
        }
        Err(e) if is_interrupt(&e) => Err(e),
        Err(e) => report_error(&e, form, msg, pos),
    }
}

/// Reports `e`, raised while checking `form`, as an ERROR (the assertion's value is `nil`).
fn report_error(e: &Error, form: &Value, msg: &str, pos: Option<Pos>) -> Result<Value> {
    report("ERROR", e.pos.or(pos), msg, &pr_str(form), &error_actual(e));
    Ok(Value::Nil)
}

/// How a report shows an error: `java.lang.ArithmeticException: Divide by zero`.
fn error_actual(e: &Error) -> String {
    match e.to_value() {
        Value::Exception(t) => t.to_java_string(),
        other => pr_str(&other),
    }
}

/// `(thrown? Class body...)`, `(thrown-with-msg? Class re body...)`: passes, giving the
/// exception, when the body throws one of the class (and a message `re` finds); an exception
/// of another class is an error.
fn thrown(form: &Value, items: &[Value], env: &Env, msg: &str, pos: Option<Pos>) -> Result<Value> {
    let with_msg = items[0].is_sym("thrown-with-msg?");
    let class = class_of(items.get(1).unwrap_or(&Value::Nil))?;
    let re = if with_msg {
        Some(eval(items.get(2).unwrap_or(&Value::Nil), env)?)
    } else {
        None
    };
    let body = items.get(if with_msg { 3.. } else { 2.. }).unwrap_or(&[]);
    match eval_body(body, env) {
        Err(e) if is_interrupt(&e) || matches!(e.kind, crate::value::error::Kind::Recur(_)) => {
            Err(e)
        }
        Err(e) if crate::value::error::is_subclass(e.class(), class) => {
            let ex = e.to_value();
            match &re {
                Some(re) if !message_matches(re, &e.message())? => {
                    report("FAIL", pos, msg, &pr_str(form), &pr_str(&ex));
                }
                _ => pass(),
            }
            Ok(ex)
        }
        Err(e) => report_error(&e, form, msg, pos),
        Ok(_) => {
            report("FAIL", pos, msg, &pr_str(form), "nil");
            Ok(Value::Nil)
        }
    }
}

/// Runs one test's body with `name` as the current test; an error it throws outside any `is`
/// is reported as an `ERROR`.
fn run_one(name: &str, body: &Value) -> Result<()> {
    TALLY.with(|t| {
        let mut t = t.borrow_mut();
        t.current.push(name.to_string());
        t.counts.test += 1;
    });
    let r = crate::eval::apply(body, vec![]);
    let out = match r {
        Err(e) if is_interrupt(&e) => Err(e),
        Err(e) => {
            report(
                "ERROR",
                e.pos,
                "Uncaught exception, not in assertion.",
                "",
                &error_actual(&e),
            );
            Ok(())
        }
        Ok(_) => Ok(()),
    };
    TALLY.with(|t| t.borrow_mut().current.pop());
    out
}

/// `f` wrapped in the fixtures `fs` (the first outermost): each fixture is called with a
/// function of no arguments that runs the rest.
fn with_fixtures(fs: &[Value], f: Arc<dyn Fn() -> Result<Value> + Send + Sync>) -> Result<Value> {
    match fs.split_first() {
        None => f(),
        Some((fixture, rest)) => {
            let rest = rest.to_vec();
            let inner = Value::Native(Arc::new(Native {
                name: "clojure.test/fixture",
                slice: None,
                terms: None,
                pure: false,
                shared: false,
                f: Arc::new(move |_| with_fixtures(&rest, f.clone())),
            }));
            crate::eval::apply(fixture, vec![inner])
        }
    }
}

/// Runs `tests` (all of namespace `ns`) with the namespace's fixtures.
fn run_ns_tests(ns: &str, tests: Vec<Test>) -> Result<()> {
    let (once, each) = TALLY.with(|t| t.borrow().fixtures.get(ns).cloned().unwrap_or_default());
    let all = Arc::new(move || {
        for test in &tests {
            let (name, body) = (test.name.clone(), test.body.clone());
            with_fixtures(
                &each,
                Arc::new(move || run_one(&name, &body).map(|()| Value::Nil)),
            )?;
        }
        Ok(Value::Nil)
    });
    with_fixtures(&once, all).map(|_| ())
}

fn counts() -> Counts {
    TALLY.with(|t| t.borrow().counts)
}

fn tests_of(ns: &str) -> Vec<Test> {
    TALLY.with(|t| {
        t.borrow()
            .tests
            .iter()
            .filter(|x| x.ns == ns)
            .cloned()
            .collect()
    })
}

/// The summary map of the counts between `before` and now.
fn summary(before: Counts) -> Value {
    let now = counts();
    let kv = |k: &str, n: usize| (Value::kw(k), Value::Int(n as i64));
    Value::Map(crate::value::items::Items::arc(vec![
        kv("test", now.test - before.test),
        kv("pass", now.pass - before.pass),
        kv("fail", now.fail - before.fail),
        kv("error", now.error - before.error),
        (Value::kw("type"), Value::kw("summary")),
    ]))
}

/// Registers `run-tests`, `test-var`, `test-vars`, `successful?`.
pub fn install() {
    let t = "clojure.test";
    // `(function? x)`: a function, or a symbol naming one.
    crate::library::core::reg(t, "function?", |a| {
        crate::library::core::arity(&a, 1, 1, "function?")?;
        let v = match &a[0] {
            Value::Symbol(s) => crate::eval::ns::resolve(s).map_or(Value::Nil, |(_, v)| v),
            v => v.clone(),
        };
        Ok(Value::Bool(matches!(
            v,
            Value::Fn(_) | Value::Native(_) | Value::Var(_)
        )))
    });
    crate::library::core::reg(t, "run-tests", |a| {
        let nss = if a.is_empty() {
            vec![crate::eval::ns::current()]
        } else {
            a.iter()
                .map(|n| crate::library::core::str_of(std::slice::from_ref(n)))
                .collect::<Result<_>>()?
        };
        // The run counts on its own, as Clojure's binds fresh report counters.
        let outer = TALLY.with(|t| std::mem::take(&mut t.borrow_mut().counts));
        let before = Counts::default();
        let mut run = Ok(());
        for ns in nss {
            crate::library::core::emit(&format!("\nTesting {ns}\n"));
            run = run_ns_tests(&ns, tests_of(&ns));
            if run.is_err() {
                break;
            }
        }
        let s = summary(before);
        let now = TALLY.with(|t| std::mem::replace(&mut t.borrow_mut().counts, outer));
        run?;
        crate::library::core::emit(&format!(
            "\nRan {} tests containing {} assertions.\n{} failures, {} errors.\n",
            now.test - before.test,
            (now.pass + now.fail + now.error) - (before.pass + before.fail + before.error),
            now.fail - before.fail,
            now.error - before.error
        ));
        Ok(s)
    });
    crate::library::core::reg(t, "test-var", |a| {
        crate::library::core::arity(&a, 1, 1, "test-var")?;
        crate::eval::apply(&a[0], vec![])?;
        Ok(Value::Nil)
    });
    crate::library::core::reg(t, "test-vars", |a| {
        crate::library::core::arity(&a, 1, 1, "test-vars")?;
        let vars = a[0].to_vec()?;
        let all = TALLY.with(|t| t.borrow().tests.clone());
        for v in vars {
            let found = all.iter().find(|x| match (&x.var, &v) {
                (Value::Native(p), Value::Native(q)) => Arc::ptr_eq(p, q),
                _ => false,
            });
            match found {
                Some(test) => run_ns_tests(&test.ns, vec![test.clone()])?,
                None => {
                    crate::eval::apply(&v, vec![])?;
                }
            }
        }
        Ok(Value::Nil)
    });
    crate::library::core::reg(t, "successful?", |a| {
        crate::library::core::arity(&a, 1, 1, "successful?")?;
        let zero = |k: &str| {
            crate::library::core::get(&a[0], &Value::kw(k))
                .map(|v| matches!(v, Value::Int(0) | Value::Nil))
        };
        Ok(Value::Bool(zero("fail")? && zero("error")?))
    });
}

/// Runs every `deftest` defined so far, namespace by namespace in the order of their first
/// test, each with its fixtures; gives the (passed, failed) assertion counts, an error
/// counting as a failure. Reports go to the program's output.
pub fn run_tests() -> Result<(usize, usize)> {
    let tests = TALLY.with(|t| t.borrow().tests.clone());
    let mut nss: Vec<String> = Vec::new();
    for t in &tests {
        if !nss.contains(&t.ns) {
            nss.push(t.ns.clone());
        }
    }
    for ns in nss {
        run_ns_tests(&ns, tests.iter().filter(|t| t.ns == ns).cloned().collect())?;
    }
    let c = counts();
    Ok((c.pass, c.fail + c.error))
}

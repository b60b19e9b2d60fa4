//! core.logic's fact databases (`clojure.core.logic.pldb`), `tabled`, and the tracing goals
//! (`log`, `trace-s`, `trace-lvars`), bound to the engine's `kanren::pldb`, `kanren::Tabled`
//! and `kanren::trace`.
//!
//! A relation made by `db-rel` is a function value that builds the engine's call; the
//! databases in scope are those of the `with-db`/`with-dbs` forms being evaluated, taken when
//! the call is built, and `with-db` realises the seq its body gives before it leaves, so the
//! answers of a `run*` inside it are found with its databases (core.logic takes them when
//! `run` starts).

use crate::eval::{bind, eval, Env};
use crate::library::core::{arity, reg};
use crate::library::logic::{guard, into_goal, to_term};
use crate::value::error::{Error, Result};
use crate::value::{Native, NativeFn, Value};
use kanren::pldb::{self, Db, Rel};
use kanren::{Goal, Tabled, Term, Var};
use rustc_hash::FxHashMap;
use std::cell::RefCell;
use std::sync::Arc;

/// The forms of `clojure.core.logic.pldb`, registered as `p:name`.
pub const PLDB_FORMS: &[&str] = &["db-rel", "with-db", "with-dbs"];

/// The forms added to `clojure.core.logic`, registered as `x:name`.
pub const LOGIC_FORMS: &[&str] = &["tabled", "log", "trace-s", "trace-lvars"];

thread_local! {
    /// The databases in scope, innermost last.
    static DBS: RefCell<Arc<[Db]>> = RefCell::new(Arc::new([]));
    /// The relation behind each `db-rel` function value (by the address of its `Native`).
    static RELS: RefCell<FxHashMap<usize, Rel>> = RefCell::new(FxHashMap::default());
}

/// The relation a `db-rel` value stands for.
fn rel_of(v: &Value, who: &str) -> Result<Rel> {
    if let Value::Native(n) = v {
        let key = Arc::as_ptr(n) as usize;
        if let Some(rel) = RELS.with(|r| r.borrow().get(&key).cloned()) {
            return Ok(rel);
        }
    }
    Err(Error::msg(format!(
        "{who}: expected a relation made by db-rel, got {v}"
    )))
}

fn db_of(v: &Value, who: &str) -> Result<Db> {
    match v {
        Value::Db(db) => Ok(Db::clone(db)),
        other => Err(Error::msg(format!(
            "{who}: expected a database, got {other}"
        ))),
    }
}

/// `[rel arg ...]`: the relation and the fact's terms.
fn fact_of(v: &Value, who: &str) -> Result<(Rel, Vec<Term>)> {
    let items = match v {
        Value::Vector(items) => items.clone(),
        other => {
            return Err(Error::msg(format!(
                "{who}: a fact is [rel args...], got {other}"
            )))
        }
    };
    let (rel, args) = items
        .split_first()
        .ok_or_else(|| Error::msg(format!("{who}: a fact is [rel args...], got []")))?;
    let rel = rel_of(rel, who)?;
    let args = args.iter().map(to_term).collect::<Result<Vec<_>>>()?;
    if args.len() != rel.arity() {
        return Err(Error::msg(format!(
            "{who}: {} takes {} arguments, this fact has {}",
            rel.name(),
            rel.arity(),
            args.len()
        )));
    }
    Ok((rel, args))
}

/// Registers the natives of `clojure.core.logic.pldb`.
pub fn install() {
    let p = "clojure.core.logic.pldb";
    crate::eval::ns::define(p, "empty-db", Value::Db(Arc::new(Db::new())));
    reg(p, "db", |a| {
        let mut db = Db::new();
        for f in &a {
            let (rel, args) = fact_of(f, "db")?;
            db = db.fact(&rel, args);
        }
        Ok(Value::Db(Arc::new(db)))
    });
    reg(p, "db-fact", |a| {
        arity(&a, 2, usize::MAX, "db-fact")?;
        let (db, rel) = (db_of(&a[0], "db-fact")?, rel_of(&a[1], "db-fact")?);
        let args = a[2..].iter().map(to_term).collect::<Result<Vec<_>>>()?;
        check_arity(&rel, args.len(), "db-fact")?;
        Ok(Value::Db(Arc::new(db.fact(&rel, args))))
    });
    reg(p, "db-retraction", |a| {
        arity(&a, 2, usize::MAX, "db-retraction")?;
        let (db, rel) = (
            db_of(&a[0], "db-retraction")?,
            rel_of(&a[1], "db-retraction")?,
        );
        let args = a[2..].iter().map(to_term).collect::<Result<Vec<_>>>()?;
        check_arity(&rel, args.len(), "db-retraction")?;
        Ok(Value::Db(Arc::new(db.retraction(&rel, args))))
    });
    reg(p, "db-facts", |a| {
        arity(&a, 1, usize::MAX, "db-facts")?;
        let mut db = db_of(&a[0], "db-facts")?;
        for f in &a[1..] {
            let (rel, args) = fact_of(f, "db-facts")?;
            db = db.fact(&rel, args);
        }
        Ok(Value::Db(Arc::new(db)))
    });
    reg(p, "db-retractions", |a| {
        arity(&a, 1, usize::MAX, "db-retractions")?;
        let mut db = db_of(&a[0], "db-retractions")?;
        for f in &a[1..] {
            let (rel, args) = fact_of(f, "db-retractions")?;
            db = db.retraction(&rel, args);
        }
        Ok(Value::Db(Arc::new(db)))
    });
    // (pldb/load-facts db "facts.edn"): every form of the file is a fact `[rel arg ...]` (or
    // `(rel arg ...)`), its relation named by a symbol bound to a `db-rel`, its arguments data
    // as written (symbols stay symbols). A bad fact is an error naming its line and column.
    reg(p, "load-facts", |a| {
        arity(&a, 2, 2, "load-facts")?;
        let db = db_of(&a[0], "load-facts")?;
        let path = match &a[1] {
            Value::Str(s) => s.to_string(),
            other => {
                return Err(Error::msg(format!(
                    "load-facts: expected a file name, got {other}"
                )))
            }
        };
        let src = std::fs::read_to_string(&path)
            .map_err(|e| Error::msg(format!("load-facts: cannot read {path}: {e}")))?;
        load_facts(db, &src).map_err(|mut e| {
            e.file = Some(path.as_str().into());
            e
        })
    });
}

/// `db` with the facts written in `src` (see `load-facts`).
pub fn load_facts(mut db: Db, src: &str) -> Result<Value> {
    let mut r = crate::reader::Reader::new(src);
    while let Some((pos, form)) = r.read_with_pos()? {
        let items = match &form {
            Value::Vector(_) | Value::List(_) => form.to_vec()?,
            other => {
                return Err(Error::at(
                    format!("a fact is [rel args...], got {other}"),
                    pos,
                ))
            }
        };
        let Some((Value::Symbol(name), args)) = items.split_first() else {
            return Err(Error::at(
                format!("a fact starts with its relation's name, got {form}"),
                pos,
            ));
        };
        let rel = crate::eval::ns::resolve_value(name, &None)
            .ok_or_else(|| Error::at(format!("unknown relation {name}"), pos))?;
        let mut fact = vec![rel];
        fact.extend(args.iter().cloned());
        let (rel, terms) =
            fact_of(&Value::vector(fact), "load-facts").map_err(|e| e.with_pos(Some(pos)))?;
        db = db.fact(&rel, terms);
    }
    Ok(Value::Db(Arc::new(db)))
}

fn check_arity(rel: &Rel, n: usize, who: &str) -> Result<()> {
    if n == rel.arity() {
        return Ok(());
    }
    Err(Error::msg(format!(
        "{who}: {} takes {} arguments, got {n}",
        rel.name(),
        rel.arity()
    )))
}

/// A function value whose code is `f`, named `name` (kept for the process: relations are few).
fn native(
    name: String,
    f: impl Fn(Vec<Value>) -> Result<Value> + Send + Sync + 'static,
    terms: Option<crate::value::TermsFn>,
) -> Arc<Native> {
    let f: NativeFn = Arc::new(f);
    Arc::new(Native {
        name: Box::leak(name.into_boxed_str()),
        slice: None,
        terms,
        pure: false,
        shared: false,
        f,
    })
}

/// Evaluates the pldb form `name` (`db-rel`, `with-db`, `with-dbs`).
pub fn pldb_special(name: &str, tail: &Value, env: &Env) -> Result<Value> {
    let a = tail.to_vec()?;
    match name {
        "db-rel" => {
            let (sym, params) = a
                .split_first()
                .ok_or_else(|| Error::msg("db-rel needs a name and its arguments"))?;
            let sym = sym
                .as_symbol()
                .ok_or_else(|| Error::msg(format!("db-rel: expected a name, got {sym}")))?
                .to_string();
            // An argument written `^:index p` is indexed, as in core.logic.
            let indexed: Vec<bool> = params
                .iter()
                .map(|p| crate::value::meta::has_flag(p, "index"))
                .collect();
            let rel = indexed_rel(&sym, &indexed);
            let call_rel = rel.clone();
            // The goal of a call on the arguments' terms, over the databases in scope.
            let goal = move |terms: Vec<Term>| {
                if terms.len() != call_rel.arity() {
                    return Err(Error::msg(format!(
                        "wrong number of args ({}) passed to {}: it takes {}",
                        terms.len(),
                        call_rel.name(),
                        call_rel.arity()
                    )));
                }
                let dbs = DBS.with(|d| d.borrow().clone());
                Ok(Value::Goal(call_rel.call_in_shared(dbs, terms)))
            };
            let on_terms = Arc::new(goal.clone());
            let f = native(
                sym.clone(),
                move |args: Vec<Value>| goal(args.iter().map(to_term).collect::<Result<_>>()?),
                Some(on_terms),
            );
            RELS.with(|r| r.borrow_mut().insert(Arc::as_ptr(&f) as usize, rel));
            let full = crate::eval::ns::define_here(&sym, Value::Native(f));
            Ok(Value::Var(full.into()))
        }
        "with-db" | "with-dbs" => {
            let (first, body) = a
                .split_first()
                .ok_or_else(|| Error::msg(format!("{name} needs a database")))?;
            let v = eval(first, env)?;
            let added: Vec<Db> = if name == "with-db" {
                vec![db_of(&v, name)?]
            } else {
                v.to_vec()?
                    .iter()
                    .map(|d| db_of(d, name))
                    .collect::<Result<_>>()?
            };
            let outer = DBS.with(|d| {
                let mut d = d.borrow_mut();
                let inner: Arc<[Db]> = d.iter().cloned().chain(added).collect();
                std::mem::replace(&mut *d, inner)
            });
            let result = (|| {
                let mut last = Value::Nil;
                for f in body {
                    last = eval(f, env)?;
                }
                // The answers of a query are found while the databases are in scope; an error
                // found on the way is the form's.
                if last.is_seq() {
                    last.to_vec()?;
                }
                Ok(last)
            })();
            DBS.with(|d| *d.borrow_mut() = outer);
            result
        }
        _ => Err(Error::msg(format!("{name} is not supported"))),
    }
}

fn indexed_rel(name: &str, indexed: &[bool]) -> Rel {
    // kanren's constructor takes the indexes as an array; build by arity.
    match indexed.len() {
        0 => pldb::indexed_rel(name, [false; 0]),
        1 => pldb::indexed_rel(name, [indexed[0]]),
        2 => pldb::indexed_rel(name, [indexed[0], indexed[1]]),
        3 => pldb::indexed_rel(name, [indexed[0], indexed[1], indexed[2]]),
        4 => pldb::indexed_rel(name, [indexed[0], indexed[1], indexed[2], indexed[3]]),
        n => pldb::rel(name, n),
    }
}

/// Evaluates `tabled` and the tracing forms.
pub fn logic_special(name: &str, tail: &Value, env: &Env) -> Result<Value> {
    let a = tail.to_vec()?;
    match name {
        // (tabled [x y] goals...): a function whose calls share one table. The arguments are
        // packed into one vector term, the engine relation's single argument.
        "tabled" => {
            let (params, body) = a
                .split_first()
                .ok_or_else(|| Error::msg("tabled needs a vector of arguments"))?;
            let params: Vec<Arc<str>> = params
                .to_vec()?
                .iter()
                .map(|p| {
                    p.as_symbol()
                        .map(Arc::<str>::from)
                        .ok_or_else(|| Error::msg(format!("tabled: expected a symbol, got {p}")))
                })
                .collect::<Result<_>>()?;
            let (body, env) = (Arc::new(body.to_vec()), env.clone());
            let n = params.len();
            let table = Tabled::new(move |_, [args]: [Term; 1]| {
                let (params, body, env) = (params.clone(), body.clone(), env.clone());
                let vars: Vec<Var> = (0..n).map(|_| Var::fresh()).collect();
                let unpack = kanren::eq(args, Term::from(vars.clone()));
                let rest = guard(move || {
                    let mut e = env.clone();
                    for (p, v) in params.iter().zip(&vars) {
                        e = bind(&e, p.clone(), Value::LVar(*v));
                    }
                    let goals = body
                        .iter()
                        .map(|f| into_goal(eval(f, &e)?, "tabled"))
                        .collect::<Result<Vec<Goal>>>()?;
                    Ok(kanren::conj(goals))
                });
                kanren::conj([unpack, rest])
            });
            let goal = move |terms: Vec<Term>| {
                if terms.len() != n {
                    return Err(Error::msg(format!(
                        "wrong number of args ({}) passed to a tabled relation of {n}",
                        terms.len()
                    )));
                }
                Ok(Value::Goal(table.call([Term::from(terms)])))
            };
            let on_terms = Arc::new(goal.clone());
            let f = native(
                "tabled".into(),
                move |args: Vec<Value>| goal(args.iter().map(to_term).collect::<Result<_>>()?),
                Some(on_terms),
            );
            Ok(Value::Native(f))
        }
        "log" | "trace-s" | "trace-lvars" => match compile_trace(name, &a, &mut |f| f.clone()) {
            Some(t) => t.goal(&|f: &Value| eval(f, env)),
            None => Err(Error::msg("trace-lvars needs a title")),
        },
        _ => Err(Error::msg(format!("{name} is not supported"))),
    }
}

/// A tracing goal's form, read once: `log`'s parts, or `trace-lvars`'s title and each
/// variable's form with its printed name. `F` is what evaluates a part: the form itself
/// (interpreted) or its compiled code.
pub(crate) enum Trace<F> {
    Log(Vec<Part<F>>),
    TraceS,
    Lvars(Part<F>, Vec<(String, F)>),
}

/// A part of a trace line: a literal string, as written, or a form printed as `println` would.
pub(crate) enum Part<F> {
    Text(String),
    Form(F),
}

/// The tracing form `name` with the arguments `a`, each made into an `F` by `part`; `None`
/// for a `trace-lvars` without a title.
pub(crate) fn compile_trace<F>(
    name: &str,
    a: &[Value],
    part: &mut dyn FnMut(&Value) -> F,
) -> Option<Trace<F>> {
    Some(match name {
        "log" => Trace::Log(a.iter().map(|f| text_or_form(f, part)).collect()),
        "trace-s" => Trace::TraceS,
        _ => {
            let (title, vars) = a.split_first()?;
            let title = text_or_form(title, part);
            let vars = vars.iter().map(|v| (v.to_string(), part(v))).collect();
            Trace::Lvars(title, vars)
        }
    })
}

/// A literal string as its text, any other form made into an `F` by `part`.
fn text_or_form<F>(f: &Value, part: &mut dyn FnMut(&Value) -> F) -> Part<F> {
    match f {
        Value::Str(s) => Part::Text(s.to_string()),
        f => Part::Form(part(f)),
    }
}

impl<F> Trace<F> {
    /// The goal, each part evaluated by `run`.
    pub(crate) fn goal(&self, run: &dyn Fn(&F) -> Result<Value>) -> Result<Value> {
        let goal = self.goal_by(run, &|f: &F| to_term(&run(f)?))?;
        Ok(Value::Goal(goal))
    }

    /// The goal, each printed part's value given by `value` and each variable's term by
    /// `term`.
    pub(crate) fn goal_by<E: From<Error>>(
        &self,
        value: &dyn Fn(&F) -> std::result::Result<Value, E>,
        term: &dyn Fn(&F) -> std::result::Result<kanren::Term, E>,
    ) -> std::result::Result<kanren::Goal, E> {
        let text = |p: &Part<F>| -> std::result::Result<String, E> {
            Ok(match p {
                Part::Text(t) => t.clone(),
                Part::Form(f) => display(&value(f)?),
            })
        };
        Ok(match self {
            Trace::Log(parts) => {
                let line = parts
                    .iter()
                    .map(text)
                    .collect::<std::result::Result<Vec<_>, E>>()?;
                kanren::trace::log_to(&out(), line.join(" "))
            }
            Trace::TraceS => kanren::trace::trace_s_to(&out()),
            Trace::Lvars(title, vars) => {
                let title = text(title)?;
                let named = vars
                    .iter()
                    .map(|(n, f)| Ok((n.as_str(), term(f)?)))
                    .collect::<std::result::Result<Vec<_>, E>>()?;
                kanren::trace::trace_lvars_to(&out(), title, named)
            }
        })
    }

    /// The same form with each part made into a `G` by `f`; `None` if `f` gives none for one.
    pub(crate) fn map<G>(&self, f: &mut dyn FnMut(&F) -> Option<G>) -> Option<Trace<G>> {
        let mut part = |p: &Part<F>| -> Option<Part<G>> {
            Some(match p {
                Part::Text(t) => Part::Text(t.clone()),
                Part::Form(x) => Part::Form(f(x)?),
            })
        };
        Some(match self {
            Trace::Log(parts) => Trace::Log(parts.iter().map(&mut part).collect::<Option<_>>()?),
            Trace::TraceS => Trace::TraceS,
            Trace::Lvars(title, vars) => {
                let title = part(title)?;
                let vars = vars
                    .iter()
                    .map(|(n, x)| Some((n.clone(), f(x)?)))
                    .collect::<Option<_>>()?;
                Trace::Lvars(title, vars)
            }
        })
    }
}

/// `log`, `trace-s` and `trace-lvars` compiled (`tabled` is left to the interpreter): the
/// names and literal titles printed once, the other parts compiled.
pub(crate) fn compile(
    name: &str,
    a: &[Value],
    scope: &mut crate::eval::compile::Scope,
) -> Option<Box<dyn crate::eval::compile::Compiled>> {
    if !matches!(name, "log" | "trace-s" | "trace-lvars") {
        return None;
    }
    let t = compile_trace(name, a, &mut |f| crate::eval::compile::compile(f, scope))?;
    Some(Box::new(t))
}

impl crate::eval::compile::Compiled for Trace<crate::eval::compile::Code> {
    fn run(&self, env: &Env) -> Result<Value> {
        self.goal(&|c: &crate::eval::compile::Code| c.run(env))
    }
}

/// How `println` shows a value (strings without quotes).
fn display(v: &Value) -> String {
    match v {
        Value::Str(s) => s.to_string(),
        other => other.to_string(),
    }
}

/// Where `log`, `trace-s` and `trace-lvars` write: the program's output (so `with-out-str`
/// captures their lines).
fn out() -> kanren::trace::Sink {
    std::sync::Arc::new(crate::value::printer::emit_line)
}

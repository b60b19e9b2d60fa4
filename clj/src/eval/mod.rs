//! The evaluator: forms to values. Symbols resolve through the local environment, then the
//! namespaces; a list is a special form, a macro call (expanded, then evaluated) or a call.
//!
//! The layer owns local environments (`env`), namespaces ([`ns`]), the special forms and
//! built-in macros of `clojure.core` (`special`: `let`, `fn`, `if`, `cond`, `->`, `for`,
//! `ns`, syntax-quote, ...), destructuring, and the compiler of function bodies to [`Code`](compile::Code)
//! trees ([`compile`]). May depend on: `value/` only; it never names the reader or a library.
//!
//! The seam with the library (`library/` depends on this interface, never the reverse):
//! - calling back: [`apply`] calls any function value (a closure, a built-in, a keyword...),
//!   [`eval`]/[`eval_body`] evaluate forms in an environment ([`Env`], made with [`bind`],
//!   [`bind_all`], [`destructure`]; closures with [`make_closure`]);
//! - registering: a library defines its forms' names in a namespace ([`ns::define`]) as
//!   `Value::Special("prefix:name")` and registers the code that runs them with
//!   [`register_special`] (and, to have them compiled, `compile::register`); its built-in
//!   functions are `Value::Native`s defined in a namespace.
//!
//! Deep recursion does not overflow the native stack: each nested evaluation makes room with
//! `stacker`, and a recursion deeper than [`MAX_DEPTH`] is an error, as a `StackOverflowError`
//! is in Clojure.

pub mod compile;
mod destructure;
pub mod dynamic;
mod env;
pub mod form;
pub mod ns;
mod registry;
mod special;
pub mod vars;

use crate::value::error::{Error, Kind, Result};
use crate::value::pos::pos_of;
use crate::value::Value;
use std::cell::Cell;
use std::sync::Arc;

pub use crate::eval::destructure::{destructure, make_closure};
pub use crate::eval::env::{
    bind, bind_all, bind_slots, env_ns, in_current_ns, lookup_local, Bindings, Env, Frame,
    LetFnGroup, Names, Slots,
};
pub use crate::eval::special::register as register_special;
pub use crate::eval::special::syntax_quote::next_id;
pub use crate::eval::special::SpecialFn;
pub use crate::value::func::{Arity, Closure};
pub use crate::value::interrupt::{check_interrupt, clear_interrupt, interrupt, with_time_limit};

/// Defines the special forms and built-in macros the evaluator runs itself in `clojure.core`.
pub fn install() {
    for f in special::FORMS {
        ns::define("clojure.core", f, Value::Special((*f).into()));
    }
}

/// How deeply evaluations may nest.
pub const MAX_DEPTH: usize = 50_000;

thread_local! {
    static DEPTH: Cell<usize> = const { Cell::new(0) };
    static HEAP_AT: Cell<usize> = const { Cell::new(HEAP_DEPTH) };
}

/// How deeply evaluation nests on the native stack before compiled code goes on on a heap
/// stack (`compile/machine.rs`): never where the native stack grows onto the heap by itself
/// (`kanren::stack`); on WebAssembly, where a page's stack holds some seven hundred nested
/// calls, after a few hundred levels.
pub const HEAP_DEPTH: usize = if cfg!(target_family = "wasm") {
    300
} else {
    usize::MAX
};

/// The depth past which this thread's compiled code runs on a heap stack ([`HEAP_DEPTH`]
/// unless set): the same values and errors either way, so a test can set it to 0 to run
/// everything compiled there.
///
/// ```
/// kanren_clj::init();
/// kanren_clj::eval::set_heap_depth(0);
/// let v = kanren_clj::eval_str("(defn down [n] (if (zero? n) 0 (inc (down (dec n))))) (down 10000)");
/// kanren_clj::eval::set_heap_depth(kanren_clj::eval::HEAP_DEPTH);
/// assert_eq!(v.unwrap().to_string(), "10000");
/// ```
pub fn set_heap_depth(n: usize) {
    HEAP_SET.store(true, std::sync::atomic::Ordering::Relaxed);
    HEAP_AT.with(|h| h.set(n));
}

/// Whether a thread has set a heap depth: until one has, a native build (whose depth is
/// never reached) skips reading it.
static HEAP_SET: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

/// Whether evaluation has nested past [`set_heap_depth`]'s depth.
#[inline]
pub(crate) fn on_heap() -> bool {
    (cfg!(target_family = "wasm") || HEAP_SET.load(std::sync::atomic::Ordering::Relaxed))
        && DEPTH.with(Cell::get) >= HEAP_AT.with(Cell::get)
}

/// One level of nesting entered ([`nested`] on the native stack, the heap stack's machine on
/// its own): an error beyond [`MAX_DEPTH`], the level not entered.
#[inline]
pub(crate) fn enter_level() -> Result<()> {
    let depth = DEPTH.with(|d| d.get()) + 1;
    if depth > MAX_DEPTH {
        return Err(too_deep());
    }
    DEPTH.with(|d| d.set(depth));
    Ok(())
}

#[cold]
fn too_deep() -> Error {
    Error::ex(
        crate::value::error::STACK_OVERFLOW,
        format!("stack overflow: evaluation nested more than {MAX_DEPTH} deep"),
    )
}

/// A level entered by [`enter_level`] left.
#[inline]
pub(crate) fn leave_level() {
    DEPTH.with(|d| d.set(d.get() - 1));
}

/// Evaluates a form in a local environment.
///
/// ```
/// use kanren_clj::{eval::eval, reader::read_all};
/// kanren_clj::init();
/// let form = &read_all("(let [[a & r] [1 2 3]] (apply + a r))").unwrap()[0];
/// assert_eq!(eval(form, &None).unwrap().to_string(), "6");
/// ```
pub fn eval(form: &Value, env: &Env) -> Result<Value> {
    match form {
        Value::Symbol(s) => eval_symbol(s, env),
        Value::List(c) => {
            nested(|| eval_list(&c.0, &c.1, env)).map_err(|e| e.with_pos(pos_of(form)))
        }
        Value::Vector(items) => Ok(crate::value::meta::keep_literal_meta(
            form,
            Value::vector(items.iter().map(|x| eval(x, env)).collect::<Result<_>>()?),
        )),
        Value::Map(m) => {
            let mut out: Vec<(Value, Value)> = Vec::with_capacity(m.len());
            for (k, v) in m.iter() {
                let (k, v) = (eval(k, env)?, eval(v, env)?);
                crate::value::coll::try_map_insert(&mut out, k, v)?;
            }
            Ok(crate::value::meta::keep_literal_meta(
                form,
                Value::Map(crate::value::items::Items::arc(out)),
            ))
        }
        Value::Set(s) => {
            let mut out: Vec<Value> = Vec::with_capacity(s.len());
            for x in s.iter() {
                let x = eval(x, env)?;
                crate::value::coll::set_insert(&mut out, x)?;
            }
            Ok(crate::value::meta::keep_literal_meta(
                form,
                Value::Set(crate::value::items::Items::arc(out)),
            ))
        }
        // A seq built by code (a lazy seq, a seq over a vector) is a call like a list.
        Value::Lazy(_) | Value::VecSeq(..) => match form::proper(form)? {
            list @ Value::List(_) => eval(&list, env),
            _ => Ok(form.clone()),
        },
        other => Ok(other.clone()),
    }
}

/// Runs `f`, one nested evaluation: counted against [`MAX_DEPTH`] (an error beyond it), with
/// room made on the heap when the native stack runs low. The stack is measured at every
/// [`GROW_EVERY`]th level only: the levels between two measures take a few kilobytes of the
/// 64 KiB that each measure leaves.
#[inline]
pub(crate) fn nested<T>(f: impl FnOnce() -> Result<T>) -> Result<T> {
    enter_level()?;
    let out = if DEPTH.with(Cell::get).is_multiple_of(GROW_EVERY) {
        kanren::stack::maybe_grow(64 * 1024, 4 * 1024 * 1024, f)
    } else {
        f()
    };
    leave_level();
    out
}

/// How many levels of nesting [`nested`] enters between two measures of the native stack.
const GROW_EVERY: usize = 4;

fn eval_symbol(s: &Arc<str>, env: &Env) -> Result<Value> {
    if let Some(v) = lookup_local(env, s) {
        return Ok(v);
    }
    global(s, env)
}

/// The value of a global, as a symbol that names no local reads: an error for a macro; a name
/// that resolves to nothing is a Java static field or an error.
pub(crate) fn global(s: &Arc<str>, env: &Env) -> Result<Value> {
    match crate::eval::ns::resolve_value(s, env) {
        Some(Value::Special(n)) => Err(Error::msg(format!(
            "can't take the value of a macro: {}",
            crate::value::printer::special_name(&n)
        ))),
        Some(v) => Ok(v),
        None => crate::eval::special::interop_value(s, env),
    }
}

/// The error for a symbol that resolves to nothing.
pub fn unknown(s: &str) -> Error {
    if let Some((ns, _)) = crate::eval::ns::split(s) {
        if crate::eval::ns::BUILTIN.contains(&ns)
            || ["l", "fd", "str", "Math", "clojure.core"].contains(&ns)
        {
            return Error::ex(
                crate::value::error::COMPILER,
                format!("{s} is not supported"),
            );
        }
    }
    Error::ex(
        crate::value::error::COMPILER,
        format!("Unable to resolve symbol: {s} in this context"),
    )
}

fn eval_list(head: &Value, tail: &Value, env: &Env) -> Result<Value> {
    check_interrupt()?;
    if let Value::Symbol(s) = head {
        if lookup_local(env, s).is_none() {
            match crate::eval::ns::resolve_value(s, env) {
                Some(Value::Special(name)) => {
                    return crate::eval::special::special(&name, tail, env)
                }
                Some(Value::Macro(m)) => {
                    let args = tail.to_vec()?;
                    let expansion = call_closure(&m, args)?;
                    return eval(&form::proper(&expansion)?, env);
                }
                Some(f) => {
                    let args = eval_args(tail, env)?;
                    return apply(&f, args);
                }
                None => return crate::eval::special::interop_call(s, tail, env),
            }
        }
    }
    let f = eval(head, env)?;
    let args = eval_args(tail, env)?;
    apply(&f, args)
}

fn eval_args(tail: &Value, env: &Env) -> Result<Vec<Value>> {
    let mut args = Vec::new();
    let mut cur = tail;
    while let Value::List(c) = cur {
        args.push(eval(&c.0, env)?);
        cur = &c.1;
    }
    Ok(args)
}

/// How a goal is called as a function (on a substitution, as core.logic's goals are): set by
/// the library that knows substitution values.
pub type GoalCall = fn(&kanren::Goal, Vec<Value>) -> Result<Value>;

static GOAL_CALL: std::sync::OnceLock<GoalCall> = std::sync::OnceLock::new();

/// Sets how a goal called as a function runs.
pub fn set_goal_call(f: GoalCall) {
    let _ = GOAL_CALL.set(f);
}

/// [`apply`] of arguments in place: a built-in that reads them so ([`Native::slice`]) gets
/// them without a copy.
///
/// [`Native::slice`]: crate::value::Native::slice
pub fn apply_slice(f: &Value, args: &[Value]) -> Result<Value> {
    match f {
        Value::Native(n) => match &n.slice {
            Some(code) => code(args),
            None => (n.f)(args.to_vec()),
        },
        _ => apply(f, args.to_vec()),
    }
}

/// [`apply`] of one argument, without an argument vector where the function takes it in
/// place (a Clojure function, a built-in that reads its arguments as a slice): what `map`,
/// `filter` and their kind call per element.
pub fn apply1(f: &Value, x: Value) -> Result<Value> {
    match f {
        Value::Fn(c) => match leaf_call_on(c, std::slice::from_ref(&x)) {
            Some(out) => out,
            None => call_closure_with(c, smallvec::smallvec![x]),
        },
        Value::Native(n) => match &n.slice {
            Some(code) => code(std::slice::from_ref(&x)),
            None => (n.f)(vec![x]),
        },
        _ => apply(f, vec![x]),
    }
}

/// The call of `c` on `args` when its fixed arity of that many parameters is compiled to a
/// body that runs without a frame ([`leaf_call`](crate::eval::compile::run::leaf_call)), the
/// arguments read where they are: what [`call_closure_with`] does for such a body, without an
/// argument vector and the arity chosen again. `None` for any other function (not yet
/// compiled, another body).
#[inline]
fn leaf_call_on(c: &Closure, args: &[Value]) -> Option<Result<Value>> {
    let code = crate::eval::compile::run::frameless_body(c, args.len())?;
    crate::eval::compile::run::leaf_call(code, args, usize::from(c.name.is_some()))
}

/// [`apply`] of two arguments: a built-in that reads its arguments in place reads them from
/// the stack, a closure gets them without a vector.
pub fn apply2(f: &Value, x: Value, y: Value) -> Result<Value> {
    match f {
        Value::Fn(c) => {
            let args = [x, y];
            match leaf_call_on(c, &args) {
                Some(out) => out,
                None => call_closure_with(c, smallvec::SmallVec::from_iter(args)),
            }
        }
        Value::Native(n) => match &n.slice {
            Some(code) => code(&[x, y]),
            None => (n.f)(vec![x, y]),
        },
        _ => apply(f, vec![x, y]),
    }
}

/// Calls a function value with arguments.
pub fn apply(f: &Value, args: Vec<Value>) -> Result<Value> {
    match f {
        Value::Fn(c) => call_closure(c, args),
        // A built-in that reads its arguments in place is called on them so, not through
        // the vector-taking wrapper that calls the same code.
        Value::Native(n) => match &n.slice {
            Some(code) => code(&args),
            None => (n.f)(args),
        },
        Value::Keyword(_)
        | Value::Symbol(_)
        | Value::Map(_)
        | Value::Set(_)
        | Value::SortedMap(_)
        | Value::SortedSet(_) => {
            let (coll, key) = match f {
                Value::Keyword(_) | Value::Symbol(_) => {
                    (args.first().cloned().unwrap_or(Value::Nil), f.clone())
                }
                _ => (f.clone(), args.first().cloned().unwrap_or(Value::Nil)),
            };
            if args.is_empty() || args.len() > 2 || matches!(f, Value::Set(_)) && args.len() > 1 {
                return Err(Error::ex(
                    crate::value::error::ARITY,
                    format!("Wrong number of args ({}) passed to: {f}", args.len()),
                ));
            }
            let got = crate::value::coll::get(&coll, &key)?;
            Ok(if matches!(got, Value::Nil) {
                args.get(1).cloned().unwrap_or(Value::Nil)
            } else {
                got
            })
        }
        Value::Vector(items) => match args.as_slice() {
            [Value::Int(i)] => usize::try_from(*i)
                .ok()
                .and_then(|i| items.get(i).cloned())
                .ok_or_else(|| {
                    Error::ex(
                        crate::value::error::INDEX_OUT_OF_BOUNDS,
                        format!("index {i} out of bounds for a vector of {}", items.len()),
                    )
                }),
            [_] => Err(Error::ex(
                crate::value::error::ILLEGAL_ARGUMENT,
                "Key must be integer",
            )),
            _ => Err(Error::ex(
                crate::value::error::ARITY,
                format!(
                    "Wrong number of args ({}) passed to: {}",
                    args.len(),
                    crate::value::printer::describe(f)
                ),
            )),
        },
        Value::Var(name) => apply(&var_get(name)?, args),
        Value::Goal(g) => match GOAL_CALL.get() {
            Some(call) => call(g, args),
            None => Err(Error::msg("a goal cannot be called here")),
        },
        // A multimethod's dispatch, or a type's `IFn` `invoke` method.
        Value::Object(o) => match (&o.call, o.class.method("invoke")) {
            (Some(call), _) => call(args),
            (None, Some(invoke)) => {
                let mut all = Vec::with_capacity(args.len() + 1);
                all.push(f.clone());
                all.extend(args);
                apply(invoke, all)
            }
            (None, None) => Err(Error::msg(format!(
                "{} cannot be cast to class clojure.lang.IFn",
                o.class.name
            ))),
        },
        Value::Special(n) => Err(Error::msg(format!(
            "can't take the value of a macro: {}",
            crate::value::printer::special_name(n)
        ))),
        other => Err(Error::ex(
            crate::value::error::CLASS_CAST,
            format!(
                "{} {} is not a function",
                other.type_name(),
                crate::value::printer::pr_str(other)
            ),
        )),
    }
}

/// The current value of the var named `name` (qualified).
pub fn var_get(name: &str) -> Result<Value> {
    crate::eval::ns::resolve(name)
        .map(|(_, v)| v)
        .ok_or_else(|| Error::msg(format!("var #'{name} is unbound")))
}

/// Arguments gathered for a call: up to four kept in place, without a heap allocation (the
/// values of the frame the call binds).
pub type Args = Slots;

/// Calls a Clojure function: picks the arity, binds the parameters, runs the body, loops on
/// `recur`.
pub fn call_closure(c: &Arc<Closure>, args: Vec<Value>) -> Result<Value> {
    call_closure_with(c, Args::from_vec(args))
}

/// [`call_closure`] of arguments gathered in an [`Args`] (what compiled calls make).
pub fn call_closure_with(c: &Arc<Closure>, mut args: Args) -> Result<Value> {
    let arity = select_arity(c, args.len())?;
    // The common case: a compiled body (compiled on the first call), run in one frame that
    // binds the name and the parameters.
    if let Some(code) = crate::eval::compile::code_of(c, arity) {
        // A function of no parameters and no name binds nothing: its body runs in the
        // environment it closed over, borrowed (no count taken and given back).
        let bare = arity.params.is_empty() && arity.rest.is_none() && c.name.is_none();
        if arity.rest.is_none() && crate::eval::compile::run::leaf_body(code) {
            let named = usize::from(c.name.is_some());
            if let Some(out) = crate::eval::compile::run::leaf_call(code, &args, named) {
                return out;
            }
        }
        if bare {
            loop {
                let new = match code.run_tail(&c.env) {
                    Ok(crate::eval::compile::run::Tail::Value(v)) => return Ok(v),
                    Ok(crate::eval::compile::run::Tail::Recur(new)) => new,
                    Err(e) => recur_values(e)?,
                };
                recur_args(arity, new)?;
            }
        }
        let mut env = arity_env(c, arity, args);
        loop {
            let new = match code.run_tail(&mut env) {
                Ok(crate::eval::compile::run::Tail::Value(v)) => return Ok(v),
                Ok(crate::eval::compile::run::Tail::Recur(new)) => new,
                Err(e) => recur_values(e)?,
            };
            // The parameters bound again in place when nothing but this call holds its frame
            // (no function made in the body kept it), as a compiled call's `recur` binds them.
            let args = match arity.rest {
                Some(_) => recur_args(arity, new)?,
                None => {
                    check_recur(arity.params.len(), &new)?;
                    check_interrupt()?;
                    match rebind_call(&mut env, new) {
                        Ok(()) => continue,
                        Err(new) => Args::from_vec(new),
                    }
                }
            };
            env = arity_env(c, arity, args);
        }
    }
    let plain = arity.is_plain();
    let mut base = c.env.clone();
    if !plain {
        if let Some(name) = &c.name {
            base = bind(&base, name.clone(), Value::Fn(c.clone()));
        }
    }
    loop {
        let out = if plain {
            eval_body(&arity.body, &arity_env(c, arity, args))
        } else {
            let rest = rest_of(arity, &mut args);
            let mut e = base.clone();
            for (p, a) in arity.params.iter().zip(args.drain(..)) {
                e = destructure(p, a, &e)?;
            }
            if let Some(r) = &arity.rest {
                e = destructure(r, rest, &e)?;
            }
            eval_body(&arity.body, &e)
        };
        match out.map_err(recur_values) {
            Err(Ok(new)) => args = recur_args(arity, new)?,
            Err(Err(e)) => return Err(e),
            Ok(v) => return Ok(v),
        }
    }
}

/// The arity of `c` that takes `n` arguments: a fixed one, else a variadic one.
#[inline]
pub(crate) fn select_arity(c: &Closure, n: usize) -> Result<&Arity> {
    c.arities
        .iter()
        .find(|a| a.rest.is_none() && a.params.len() == n)
        .or_else(|| {
            c.arities
                .iter()
                .find(|a| a.rest.is_some() && n >= a.params.len())
        })
        .ok_or_else(|| {
            Error::ex(
                crate::value::error::ARITY,
                format!(
                    "Wrong number of args ({n}) passed to: {}",
                    c.name.as_deref().unwrap_or("fn")
                ),
            )
        })
}

/// The arguments past the fixed parameters, taken out of `args`, as the rest parameter's
/// value (`nil` for none).
#[inline]
fn rest_of(arity: &Arity, args: &mut Args) -> Value {
    if arity.rest.is_none() {
        return Value::Nil;
    }
    let rest: Vec<Value> = args.drain(arity.params.len()..).collect();
    if rest.is_empty() {
        Value::Nil
    } else {
        Value::list(rest)
    }
}

/// The environment an arity's body runs in (compiled, or interpreted when its parameters are
/// plain symbols): one frame binding the function's name, the parameters and the rest
/// parameter. When a parameter destructures, every parameter is bound under
/// [`hidden_param`] and the compiled body destructures them in order.
#[inline]
pub(crate) fn arity_env(c: &Arc<Closure>, arity: &Arity, mut args: Args) -> Env {
    let rest = rest_of(arity, &mut args);
    if let Some(a) = call_frame_arity(c, arity) {
        if arity.rest.is_some() {
            args.push(rest);
        }
        // A frame that binds no name is none (as `bind_slots` makes none).
        if args.is_empty() && c.name.is_none() {
            return c.env.clone();
        }
        return Some(crate::value::counted(|| {
            Frame::Call(
                Value::Fn(c.clone()),
                crate::value::func::CallArity::of(c, a),
                args,
            )
        }));
    }
    let names = frame_names(c, arity);
    let mut values = Args::new();
    if c.name.is_some() {
        values.push(Value::Fn(c.clone()));
    }
    if values.is_empty() && arity.rest.is_none() {
        values = args;
    } else {
        values.extend(args.drain(..));
    }
    if arity.rest.is_some() {
        values.push(rest);
    }
    crate::eval::bind_slots(&c.env, &names, values)
}

/// The index of `arity` in `c` when a [`Frame::Call`] can bind it: its frame's names are the
/// arity's own (see [`frame_names`]).
#[inline]
fn call_frame_arity(c: &Closure, arity: &Arity) -> Option<u32> {
    let a = c.arities.iter().position(|a| std::ptr::eq(a, arity))?;
    let names = arity.frame_names.get_or_init(|| make_frame_names(c, arity));
    names_fit(c, arity, names).then_some(a as u32)
}

/// Whether `names`, made for `arity`, are the names of its frame when `c` calls it (the same
/// name first, if any, then one per parameter).
pub(crate) fn names_fit(c: &Closure, arity: &Arity, names: &crate::eval::Names) -> bool {
    let params = arity.params.len() + arity.rest.iter().len();
    match (&c.name, names.first()) {
        (None, _) => names.len() == params,
        (Some(n), Some(first)) => Arc::ptr_eq(n, first) && names.len() == 1 + params,
        (Some(_), None) => false,
    }
}

/// The names of the frame [`arity_env`] binds for `arity` of `c`: its name, if it has one,
/// and the parameters (each destructured one under [`hidden_param`]).
fn make_frame_names(c: &Closure, arity: &Arity) -> crate::eval::Names {
    let plain = arity.is_plain();
    let name = |p: &Value| match p {
        Value::Symbol(s) if plain => s.clone(),
        _ => hidden_param(),
    };
    c.name
        .iter()
        .cloned()
        .chain(arity.params.iter().chain(&arity.rest).map(name))
        .collect()
}

/// The names of the frame [`arity_env`] binds for `arity` of `c`, made once per arity (an
/// arity made for a closure of another name, which no code makes today, gets its own).
fn frame_names(c: &Closure, arity: &Arity) -> crate::eval::Names {
    let make = || make_frame_names(c, arity);
    let names = arity.frame_names.get_or_init(make);
    let same = names_fit(c, arity, names);
    if same {
        names.clone()
    } else {
        make()
    }
}

/// The name a destructured parameter's value is bound under before its pattern binds it: no
/// symbol the reader makes has a space, so no code can name it.
pub(crate) fn hidden_param() -> Arc<str> {
    static NAME: std::sync::LazyLock<Arc<str>> = std::sync::LazyLock::new(|| " arg".into());
    NAME.clone()
}

/// A `recur`'s values, or any other error as it is.
pub(crate) fn recur_values(e: Error) -> std::result::Result<Vec<Value>, Error> {
    match e.kind {
        Kind::Recur(_) => match e.into_kind() {
            Kind::Recur(new) => Ok(new),
            _ => unreachable!("the kind was just matched"),
        },
        _ => Err(e),
    }
}

/// A `recur`'s values checked against the `want` bindings it rebinds (a function's
/// parameters, a `loop`'s bindings).
pub(crate) fn check_recur(want: usize, new: &[Value]) -> Result<()> {
    if new.len() != want {
        return Err(Error::msg(format!(
            "mismatched arg count to recur, expected: {want} args, got: {}",
            new.len()
        )));
    }
    Ok(())
}

/// The call frame `env` is, its arity and slots, to write in place when nothing else holds
/// the frame (no function made in the body kept it); `None` otherwise.
#[inline]
pub(crate) fn unique_call_frame(
    env: &mut Env,
) -> Option<(crate::value::func::CallArity, &mut Slots)> {
    match env.as_mut().and_then(triomphe::Arc::get_mut) {
        Some(Frame::Call(_, a, slots)) => Some((*a, slots)),
        _ => None,
    }
}

/// A `recur`'s values `new` bound as the parameters of the call frame `env` in place, the
/// slots a `let` bound into it after them (`Op::LetIn`) dropped; `new` given back when
/// something else holds the frame ([`unique_call_frame`]).
#[inline]
pub(crate) fn rebind_call(env: &mut Env, new: Vec<Value>) -> std::result::Result<(), Vec<Value>> {
    let Some((_, slots)) = unique_call_frame(env) else {
        return Err(new);
    };
    slots.truncate(new.len());
    for (slot, v) in slots.iter_mut().zip(new) {
        *slot = v;
    }
    Ok(())
}

/// The arguments of a `recur` to the top of `arity`'s body, checked against its parameters.
pub(crate) fn recur_args(arity: &Arity, new: Vec<Value>) -> Result<Args> {
    check_recur(arity.params.len() + usize::from(arity.rest.is_some()), &new)?;
    let mut args = Args::from_vec(new);
    if arity.rest.is_some() {
        let r = args.pop().unwrap_or(Value::Nil);
        args.extend(r.to_vec()?);
    }
    check_interrupt()?;
    Ok(args)
}

/// Evaluates forms in order, giving the last value (`nil` for none).
pub fn eval_body(body: &[Value], env: &Env) -> Result<Value> {
    let mut last = Value::Nil;
    for f in body {
        last = eval(f, env)?;
    }
    Ok(last)
}

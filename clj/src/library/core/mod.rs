//! `clojure.core`, as built-in functions. This file holds comparison, arithmetic, `apply`,
//! `gensym`, random numbers, and [`reg`], which registers a built-in. The rest, by kind:
//! collections (`coll`), maps (`map`), sorted collections (`sorted`), queues (`queue`),
//! predicates and conversions (`pred`), big integers and bit operations (`numbers`), metadata
//! (`meta`), namespaces (`ns`), exceptions as values (`errors`), `destructure` and the
//! expansions `macroexpand` shows (`destructure`, `expand`), the reference types: atoms, vars
//! and boxes such as `reduced`, `delay` and `future` (`refs/`), protocols, types and
//! multimethods (`types/`), the sequence functions (`seqs/`), printing, regexes, reading,
//! `eval` and files (`text/`), what is left (`misc`), and the part written in Clojure
//! (`prelude`). Clojure's other namespaces are in `library::clojure`.
//!
//! May depend on: `value/`, `eval/`'s interface, the reader; never on `library::logic`.

pub mod coll;
pub mod destructure;
pub mod errors;
pub mod expand;
pub mod map;
pub mod meta;
pub mod misc;
pub mod ns;
pub mod numbers;
pub mod pred;
pub mod prelude;
pub mod queue;
pub mod refs;
pub mod seqs;
pub mod sorted;
pub mod text;
// The sequence functions and text (printing, regexes, reading, files) live in subfolders;
// their modules keep their paths here.
pub use refs::{atoms, cells, vars};
pub use seqs::{lazy, lazy_more, reshape, seq, xform};
pub use text::{files, io, read_eval, reading, regex};
pub mod types;

use crate::eval::{apply, next_id};
pub use crate::library::core::io::{emit, str_of, with_out_str};
pub use crate::value::args::{arity, int_arg};
pub use crate::value::coll::{
    assoc1, conj1, contains, count, equal, get, map_insert, seq, seq_to_map,
};
use crate::value::error::{Error, Result};
use crate::value::num::{arith, compare as num_cmp, is_num};
use crate::value::{Native, NativeFn, Value};
use std::cmp::Ordering;
use std::sync::atomic::{AtomicU64, Ordering as AtOrd};
use std::sync::Arc;

/// Clojure's `compare`, as an order.
pub fn compare(a: &Value, b: &Value) -> Result<Ordering> {
    crate::value::sorted::compare(a, b)
}

/// Whether all of `args` are `=`, failing when forcing a lazy seq among them fails.
fn all_equal(args: &[Value]) -> Result<bool> {
    for w in args.windows(2) {
        if !crate::value::coll::try_equal(&w[0], &w[1])? {
            return Ok(false);
        }
    }
    Ok(true)
}

/// A built-in function value named `name`, made of a closure.
pub fn native(
    name: &'static str,
    f: impl Fn(Vec<Value>) -> Result<Value> + Send + Sync + 'static,
) -> Value {
    Value::Native(Arc::new(Native {
        name,
        f: Arc::new(f),
        slice: None,
        terms: None,
        pure: false,
        shared: false,
    }))
}

/// Registers a built-in function.
pub fn reg<F: Fn(Vec<Value>) -> Result<Value> + Send + Sync + 'static>(
    ns: &str,
    name: &'static str,
    f: F,
) {
    let pure = is_pure(ns, name);
    let mut f = Some(f);
    let v = shared(std::any::TypeId::of::<F>(), ns, name, &mut || Native {
        name,
        f: Arc::new(f.take().expect("made once")),
        slice: None,
        terms: None,
        pure,
        shared: true,
    });
    crate::eval::ns::define(ns, name, v);
}

/// The built-ins [`reg`] and [`reg_slice`] made, by the type of their code, name and
/// namespace: made once for the process and shared by every thread's namespaces. The table
/// keeps each for as long as the process runs ([`Native::shared`]).
static SHARED: std::sync::LazyLock<std::sync::Mutex<SharedTable>> =
    std::sync::LazyLock::new(|| {
        std::sync::Mutex::new(SharedTable::with_capacity_and_hasher(
            1024,
            Default::default(),
        ))
    });

/// The shared built-ins by the type of their code, their name and their namespace's hash (a
/// few dozen namespaces, whose names do not collide in 64 bits).
type SharedTable = rustc_hash::FxHashMap<(std::any::TypeId, &'static str, u64), Arc<Native>>;

/// The shared built-in `ns/name` whose code has the type `code`, made by `make` the first
/// time. A closure's type is its own, so two registrations of one name with different code (a
/// library's later definition) are two built-ins, as they were. Not generic, so each
/// registration's code stays small.
#[inline(never)]
fn shared(
    code: std::any::TypeId,
    ns: &str,
    name: &'static str,
    make: &mut dyn FnMut() -> Native,
) -> Value {
    use std::hash::BuildHasher;
    let key = (code, name, rustc_hash::FxBuildHasher.hash_one(ns));
    let mut table = SHARED.lock().unwrap_or_else(|e| e.into_inner());
    Value::Native(table.entry(key).or_insert_with(|| Arc::new(make())).clone())
}

/// The built-ins whose calls are pure ([`Native::pure`]), by namespace: arithmetic and
/// comparison, and the constructors of core.logic's goals and FD constraints (a goal is a
/// value; what it does happens when a search runs it).
const PURE: &[(&str, &[&str])] = &[
    (
        "clojure.core",
        &[
            "+", "-", "*", "/", "inc", "dec", "quot", "rem", "mod", "max", "min", "<", ">", "<=",
            ">=", "=", "==", "not=", "not", "zero?", "pos?", "neg?", "even?", "odd?", "vector",
            "list",
        ],
    ),
    (
        "clojure.core.logic",
        &[
            "==", "!=", "conso", "firsto", "resto", "emptyo", "nilo", "appendo", "membero",
            "llist", "lcons",
        ],
    ),
    (
        "clojure.core.logic.fd",
        &[
            "in", "dom", "domain", "interval", "distinct", "==", "!=", "<", "<=", ">", ">=", "+",
            "-", "*", "quot",
        ],
    ),
];

/// Whether `ns/name` is listed in [`PURE`].
fn is_pure(ns: &str, name: &str) -> bool {
    PURE.iter()
        .any(|(n, names)| *n == ns && names.contains(&name))
}

/// Registers a built-in function whose code reads its arguments in place (see
/// [`Native::slice`]): for the functions called most from compiled bodies.
pub fn reg_slice<F: Fn(&[Value]) -> Result<Value> + Send + Sync + 'static>(
    ns: &str,
    name: &'static str,
    f: F,
) {
    reg_in_place(ns, name, f, None::<fn(Vec<kanren::Term>) -> Result<Value>>);
}

/// Registers a built-in function that reads its arguments in place ([`reg_slice`]) and that
/// a planned call hands its arguments' terms ([`Native::terms`]): a relation, whose goal is
/// built from terms either way.
pub fn reg_terms<F, T>(ns: &str, name: &'static str, f: F, terms: T)
where
    F: Fn(&[Value]) -> Result<Value> + Send + Sync + 'static,
    T: Fn(Vec<kanren::Term>) -> Result<Value> + Send + Sync + 'static,
{
    reg_in_place(ns, name, f, Some(terms));
}

/// [`reg_slice`] and [`reg_terms`]: the built-in made once for the process ([`shared`]).
fn reg_in_place<F, T>(ns: &str, name: &'static str, f: F, terms: Option<T>)
where
    F: Fn(&[Value]) -> Result<Value> + Send + Sync + 'static,
    T: Fn(Vec<kanren::Term>) -> Result<Value> + Send + Sync + 'static,
{
    let pure = is_pure(ns, name);
    let mut f = Some((f, terms));
    let v = shared(std::any::TypeId::of::<F>(), ns, name, &mut || {
        let (f, terms) = f.take().expect("made once");
        Native {
            shared: true,
            terms: terms.map(|t| Arc::new(t) as crate::value::TermsFn),
            ..slice_native(name, f, pure)
        }
    });
    crate::eval::ns::define(ns, name, v);
}

/// A built-in function value whose code reads its arguments in place (see [`Native::slice`]).
pub fn native_slice(
    name: &'static str,
    f: impl Fn(&[Value]) -> Result<Value> + Send + Sync + 'static,
) -> Value {
    Value::Native(Arc::new(slice_native(name, f, false)))
}

/// The built-in of [`native_slice`], marked pure or not ([`Native::pure`]), not shared.
fn slice_native(
    name: &'static str,
    f: impl Fn(&[Value]) -> Result<Value> + Send + Sync + 'static,
    pure: bool,
) -> Native {
    let slice: crate::value::SliceFn = Arc::new(f);
    let code = slice.clone();
    let f: NativeFn = Arc::new(move |a: Vec<Value>| code(&a));
    Native {
        name,
        f,
        slice: Some(slice),
        terms: None,
        pure,
        shared: false,
    }
}

/// `inc` or `dec` (`name`): `x` `op` 1, an error naming `name` when `x` is not a number.
fn step(op: char, name: &str, x: &Value) -> Result<Value> {
    if !is_num(x) {
        return Err(crate::value::num::not_a_number(name, x));
    }
    arith(op, x, &Value::Int(1))
}

fn fold_arith(op: char, ident: i64, args: &[Value]) -> Result<Value> {
    match args.len() {
        0 => Ok(Value::Int(ident)),
        1 if op == '-' || op == '/' => arith(op, &Value::Int(ident), &args[0]),
        1 => {
            if !is_num(&args[0]) {
                return arith(op, &args[0], &Value::Int(ident));
            }
            Ok(args[0].clone())
        }
        2 => arith(op, &args[0], &args[1]),
        _ => {
            let mut acc = args[0].clone();
            for x in &args[1..] {
                acc = arith(op, &acc, x)?;
            }
            Ok(acc)
        }
    }
}

fn chain(args: &[Value], name: &str, ok: fn(Ordering) -> bool) -> Result<Value> {
    if args.is_empty() {
        return Err(Error::msg(format!(
            "wrong number of args (0) passed to {name}"
        )));
    }
    for w in args.windows(2) {
        if !ok(num_cmp(&w[0], &w[1], name)?) {
            return Ok(Value::Bool(false));
        }
    }
    if args.len() == 1 {
        num_cmp(&args[0], &args[0], name)?;
    }
    Ok(Value::Bool(true))
}

fn xorshift() -> u64 {
    static STATE: AtomicU64 = AtomicU64::new(0);
    let mut x = STATE.load(AtOrd::Relaxed);
    if x == 0 {
        x = web_time::SystemTime::now()
            .duration_since(web_time::UNIX_EPOCH)
            .map_or(88172645463325252, |d| d.as_nanos() as u64)
            | 1;
    }
    x ^= x << 13;
    x ^= x >> 7;
    x ^= x << 17;
    STATE.store(x, AtOrd::Relaxed);
    x
}

/// A random number below `n` (`n > 0`).
pub fn rand_below(n: u64) -> u64 {
    xorshift() % n.max(1)
}

/// Registers the functions of this module.
pub fn install() {
    let c = "clojure.core";
    reg_slice(c, "+", |a| fold_arith('+', 0, a));
    reg_slice(c, "-", |a| {
        arity(a, 1, usize::MAX, "-")?;
        fold_arith('-', 0, a)
    });
    reg_slice(c, "*", |a| fold_arith('*', 1, a));
    reg_slice(c, "/", |a| {
        arity(a, 1, usize::MAX, "/")?;
        fold_arith('/', 1, a)
    });
    reg_slice(c, "inc", |a| {
        arity(a, 1, 1, "inc")?;
        step('+', "inc", &a[0])
    });
    reg_slice(c, "dec", |a| {
        arity(a, 1, 1, "dec")?;
        step('-', "dec", &a[0])
    });
    reg_slice(c, "quot", |a| {
        arity(a, 2, 2, "quot")?;
        crate::value::num::int_div("quot", &a[0], &a[1])
    });
    reg_slice(c, "rem", |a| {
        arity(a, 2, 2, "rem")?;
        crate::value::num::int_div("rem", &a[0], &a[1])
    });
    reg_slice(c, "mod", |a| {
        arity(a, 2, 2, "mod")?;
        crate::value::num::int_div("mod", &a[0], &a[1])
    });
    reg_slice(c, "max", |a| minmax(a, "max", Ordering::Greater));
    reg_slice(c, "min", |a| minmax(a, "min", Ordering::Less));
    reg(c, "abs", abs);
    crate::eval::ns::define(
        "Math",
        "abs",
        Value::Native(Arc::new(Native {
            name: "Math/abs",
            slice: None,
            terms: None,
            pure: false,
            shared: false,
            f: Arc::new(abs),
        })),
    );
    reg_slice(c, "<", |a| chain(a, "<", |o| o == Ordering::Less));
    reg_slice(c, ">", |a| chain(a, ">", |o| o == Ordering::Greater));
    reg_slice(c, "<=", |a| chain(a, "<=", |o| o != Ordering::Greater));
    reg_slice(c, ">=", |a| chain(a, ">=", |o| o != Ordering::Less));
    reg_slice(c, "==", |a| chain(a, "==", |o| o == Ordering::Equal));
    reg_slice(c, "=", |a| {
        arity(a, 1, usize::MAX, "=")?;
        all_equal(a).map(Value::Bool)
    });
    reg_slice(c, "not=", |a| {
        arity(a, 1, usize::MAX, "not=")?;
        all_equal(a).map(|e| Value::Bool(!e))
    });
    reg_slice(c, "not", |a| {
        arity(a, 1, 1, "not")?;
        Ok(Value::Bool(!a[0].truthy()))
    });
    if let Some((_, Value::Native(n))) = crate::eval::ns::resolve_in(c, "not") {
        crate::eval::compile::run::NOT.register(&n);
    }
    reg_slice(c, "zero?", |a| {
        num_pred(a, "zero?", |o| o == Ordering::Equal)
    });
    reg_slice(c, "pos?", |a| {
        num_pred(a, "pos?", |o| o == Ordering::Greater)
    });
    reg_slice(c, "neg?", |a| num_pred(a, "neg?", |o| o == Ordering::Less));
    crate::library::core::io::install();
    reg(c, "apply", |mut a| {
        arity(&a, 1, usize::MAX, "apply")?;
        let f = a.remove(0);
        let last = a.pop().unwrap_or(Value::Nil);
        a.extend(last.to_vec()?);
        apply(&f, a)
    });
    crate::library::core::coll::install();
    reg(c, "gensym", |a| {
        let prefix = match a.first() {
            Some(Value::Str(s)) => s.to_string(),
            Some(Value::Symbol(s)) => s.to_string(),
            _ => "G__".into(),
        };
        Ok(Value::Symbol(format!("{prefix}{}", next_id()).into()))
    });
    reg(c, "rand-int", |a| {
        arity(&a, 1, 1, "rand-int")?;
        let n = int_arg(&a[0], "rand-int")?;
        Ok(Value::Int(if n <= 0 {
            0
        } else {
            rand_below(n as u64) as i64
        }))
    });
    reg(c, "rand", |_| {
        Ok(Value::Float(
            (xorshift() >> 11) as f64 / (1u64 << 53) as f64,
        ))
    });
    crate::library::core::errors::install();
    crate::library::core::pred::install();
    crate::library::core::ns::install();
    crate::library::core::sorted::install();
}

fn abs(a: Vec<Value>) -> Result<Value> {
    arity(&a, 1, 1, "abs")?;
    match &a[0] {
        Value::Int(i) => i
            .checked_abs()
            .map(Value::Int)
            .ok_or_else(|| Error::msg("abs: integer overflow")),
        Value::Float(f) => Ok(Value::Float(f.abs())),
        Value::Ratio(n, d) => Ok(Value::Ratio(n.abs(), *d)),
        Value::BigInt(n) => Ok(crate::value::num::big(num_traits::Signed::abs(&**n))),
        other => Err(Error::msg(format!(
            "abs: expected a number, got {}",
            crate::value::printer::describe(other)
        ))),
    }
}

fn minmax(a: &[Value], name: &str, want: Ordering) -> Result<Value> {
    arity(a, 1, usize::MAX, name)?;
    let mut best = a[0].clone();
    for x in &a[1..] {
        if num_cmp(x, &best, name)? == want {
            best = x.clone();
        }
    }
    num_cmp(&best, &best, name)?;
    Ok(best)
}

fn num_pred(a: &[Value], name: &str, ok: fn(Ordering) -> bool) -> Result<Value> {
    arity(a, 1, 1, name)?;
    Ok(Value::Bool(ok(num_cmp(&a[0], &Value::Int(0), name)?)))
}

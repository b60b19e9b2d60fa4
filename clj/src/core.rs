//! `clojure.core` functions, part one: equality, comparison, numbers, collections and output.
//! The sequence functions (lazy `map`, `filter`, `range`, ...) are in `core_seq`, strings in
//! `core_str`.

use crate::error::{Error, Result};
use crate::eval::apply;
use crate::num::{arith, compare as num_cmp, is_num};
use crate::printer::{pr_str, try_pr_str};
use crate::value::{Native, NativeFn, Value};
use std::cell::RefCell;
use std::cmp::Ordering;
use std::sync::atomic::{AtomicU64, Ordering as AtOrd};
use std::sync::{Arc, Mutex};

static IDS: AtomicU64 = AtomicU64::new(1000);

/// A fresh number for `gensym` and auto-gensyms.
pub fn next_id() -> u64 {
    IDS.fetch_add(1, AtOrd::Relaxed)
}

thread_local! {
    static CAPTURE: RefCell<Option<String>> = const { RefCell::new(None) };
}

/// Writes program output: to stdout, or to the buffer of an enclosing `with-out-str`.
pub fn emit(s: &str) {
    let captured = CAPTURE.with(|c| {
        if let Some(buf) = c.borrow_mut().as_mut() {
            buf.push_str(s);
            true
        } else {
            false
        }
    });
    if !captured {
        use std::io::Write;
        let mut out = std::io::stdout().lock();
        let _ = out.write_all(s.as_bytes());
        let _ = out.flush();
    }
}

/// Runs `f` with output captured, returning the output as a string value.
pub fn with_out_str(f: impl FnOnce() -> Result<Value>) -> Result<Value> {
    let saved = CAPTURE.with(|c| c.borrow_mut().replace(String::new()));
    let r = f();
    let out = CAPTURE
        .with(|c| std::mem::replace(&mut *c.borrow_mut(), saved))
        .unwrap_or_default();
    r.map(|_| Value::str(&out))
}

/// Clojure's `=`: numbers of one kind by value, sequential collections element by element,
/// maps and sets by content.
pub fn equal(a: &Value, b: &Value) -> bool {
    stacker::maybe_grow(32 * 1024, 1024 * 1024, || equal_inner(a, b))
}

fn equal_inner(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Nil, Value::Nil) => true,
        (Value::Bool(x), Value::Bool(y)) => x == y,
        (Value::Int(x), Value::Int(y)) => x == y,
        (Value::Float(x), Value::Float(y)) => x == y,
        (Value::Ratio(a1, b1), Value::Ratio(a2, b2)) => a1 == a2 && b1 == b2,
        (Value::Str(x), Value::Str(y)) => x == y,
        (Value::Char(x), Value::Char(y)) => x == y,
        (Value::Keyword(x), Value::Keyword(y)) | (Value::Symbol(x), Value::Symbol(y)) => x == y,
        (Value::LVar(x), Value::LVar(y)) => x == y,
        (Value::Nom(x), Value::Nom(y)) => x == y,
        (Value::Tie(x), Value::Tie(y)) => equal(&x.0, &y.0) && equal(&x.1, &y.1),
        (Value::Map(x), Value::Map(y)) => {
            x.len() == y.len()
                && x.iter()
                    .all(|(k, v)| y.iter().any(|(k2, v2)| equal(k, k2) && equal(v, v2)))
        }
        (Value::Set(x), Value::Set(y)) => {
            x.len() == y.len() && x.iter().all(|v| y.iter().any(|w| equal(v, w)))
        }
        (Value::Vector(x), Value::Vector(y)) => {
            x.len() == y.len() && x.iter().zip(y.iter()).all(|(p, q)| equal(p, q))
        }
        (x, y) if x.is_sequential() && y.is_sequential() => {
            let (mut p, mut q) = (x.clone(), y.clone());
            loop {
                let (Ok(fp), Ok(fq)) = (p.force(), q.force()) else {
                    return false;
                };
                // An lcons cell may end in a non-seq tail: compare the tails as values.
                if !fp.is_sequential() || !fq.is_sequential() {
                    return equal(&fp, &fq);
                }
                match (fp.uncons(), fq.uncons()) {
                    (Ok(None), Ok(None)) => return true,
                    (Ok(Some((h1, t1))), Ok(Some((h2, t2)))) => {
                        if !equal(&h1, &h2) {
                            return false;
                        }
                        (p, q) = (t1, t2);
                    }
                    _ => return false,
                }
            }
        }
        (Value::Fn(x), Value::Fn(y)) => Arc::ptr_eq(x, y),
        (Value::Native(x), Value::Native(y)) => Arc::ptr_eq(x, y),
        (Value::Atom(x), Value::Atom(y)) => Arc::ptr_eq(x, y),
        _ => false,
    }
}

/// Clojure's `compare`.
pub fn compare(a: &Value, b: &Value) -> Result<Ordering> {
    Ok(match (a, b) {
        (Value::Nil, Value::Nil) => Ordering::Equal,
        (Value::Nil, _) => Ordering::Less,
        (_, Value::Nil) => Ordering::Greater,
        (x, y) if is_num(x) && is_num(y) => num_cmp(x, y, "compare")?,
        (Value::Str(x), Value::Str(y)) => x.cmp(y),
        (Value::Char(x), Value::Char(y)) => x.cmp(y),
        (Value::Bool(x), Value::Bool(y)) => x.cmp(y),
        (Value::Keyword(x), Value::Keyword(y)) | (Value::Symbol(x), Value::Symbol(y)) => x.cmp(y),
        (Value::Vector(x), Value::Vector(y)) => match x.len().cmp(&y.len()) {
            Ordering::Equal => {
                for (p, q) in x.iter().zip(y.iter()) {
                    let c = compare(p, q)?;
                    if c != Ordering::Equal {
                        return Ok(c);
                    }
                }
                Ordering::Equal
            }
            other => other,
        },
        (x, y) => {
            return Err(Error::msg(format!(
                "can't compare {} {} with {} {}",
                x.type_name(),
                pr_str(x),
                y.type_name(),
                pr_str(y)
            )))
        }
    })
}

/// Inserts or replaces `k` in an insertion-ordered map.
pub fn map_insert(m: &mut Vec<(Value, Value)>, k: Value, v: Value) {
    match m.iter_mut().find(|(k2, _)| equal(k2, &k)) {
        Some(slot) => slot.1 = v,
        None => m.push((k, v)),
    }
}

/// A seq of key/value pairs (keyword arguments) as a map.
pub fn seq_to_map(s: &Value) -> Result<Value> {
    let items = s.to_vec()?;
    if items.len() == 1 {
        if let Value::Map(_) = items[0] {
            return Ok(items[0].clone());
        }
    }
    let mut m = Vec::new();
    for pair in items.chunks(2) {
        map_insert(
            &mut m,
            pair[0].clone(),
            pair.get(1).cloned().unwrap_or(Value::Nil),
        );
    }
    Ok(Value::Map(Arc::new(m)))
}

/// `(get coll key)`.
pub fn get(coll: &Value, key: &Value) -> Result<Value> {
    Ok(match coll {
        Value::Map(m) => m
            .iter()
            .find(|(k, _)| equal(k, key))
            .map_or(Value::Nil, |(_, v)| v.clone()),
        Value::Set(s) => s
            .iter()
            .find(|x| equal(x, key))
            .cloned()
            .unwrap_or(Value::Nil),
        Value::Vector(v) => match key {
            Value::Int(i) => usize::try_from(*i)
                .ok()
                .and_then(|i| v.get(i).cloned())
                .unwrap_or(Value::Nil),
            _ => Value::Nil,
        },
        _ => Value::Nil,
    })
}

/// `(contains? coll key)`.
pub fn contains(coll: &Value, key: &Value) -> Result<bool> {
    Ok(match coll {
        Value::Map(m) => m.iter().any(|(k, _)| equal(k, key)),
        Value::Set(s) => s.iter().any(|x| equal(x, key)),
        Value::Vector(v) => matches!(key, Value::Int(i) if *i >= 0 && (*i as usize) < v.len()),
        Value::Nil => false,
        other => {
            return Err(Error::msg(format!(
                "contains? not supported on {}",
                other.type_name()
            )))
        }
    })
}

/// `(seq x)`: `nil` for an empty collection, else a seq.
pub fn seq(v: &Value) -> Result<Value> {
    let v = v.force()?;
    Ok(match &v {
        Value::Nil | Value::EmptyList => Value::Nil,
        Value::List(_) | Value::VecSeq(..) => v,
        Value::Vector(items) if items.is_empty() => Value::Nil,
        Value::Vector(items) => Value::VecSeq(items.clone(), 0),
        _ => match v.uncons()? {
            None => Value::Nil,
            Some((h, t)) => Value::List(Arc::new(crate::value::Cons(h, t))),
        },
    })
}

/// Checks the number of arguments.
pub fn arity(args: &[Value], min: usize, max: usize, name: &str) -> Result<()> {
    if args.len() < min || args.len() > max {
        Err(Error::msg(format!(
            "wrong number of args ({}) passed to {name}",
            args.len()
        )))
    } else {
        Ok(())
    }
}

/// An integer argument.
pub fn int_arg(v: &Value, name: &str) -> Result<i64> {
    match v {
        Value::Int(i) => Ok(*i),
        Value::Float(f) => Ok(*f as i64),
        other => Err(Error::msg(format!(
            "{name}: expected an integer, got {} {}",
            other.type_name(),
            pr_str(other)
        ))),
    }
}

/// Registers a built-in function.
pub fn reg(
    ns: &str,
    name: &'static str,
    f: impl Fn(Vec<Value>) -> Result<Value> + Send + Sync + 'static,
) {
    let f: NativeFn = Arc::new(f);
    crate::ns::define(ns, name, Value::Native(Arc::new(Native { name, f })));
}

fn fold_arith(op: char, ident: i64, args: Vec<Value>) -> Result<Value> {
    let name = op.to_string();
    match args.len() {
        0 => Ok(Value::Int(ident)),
        1 if op == '-' || op == '/' => arith(op, &Value::Int(ident), &args[0]),
        1 => {
            if !is_num(&args[0]) {
                return arith(op, &args[0], &Value::Int(ident));
            }
            Ok(args[0].clone())
        }
        _ => {
            let mut it = args.into_iter();
            let mut acc = it.next().ok_or_else(|| Error::msg(name.clone()))?;
            for x in it {
                acc = arith(op, &acc, &x)?;
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

/// `(str ...)`: the values printed unreadably and joined; `nil` is the empty string.
pub fn str_of(args: &[Value]) -> Result<String> {
    let mut s = String::new();
    for a in args {
        if !matches!(a, Value::Nil) {
            s.push_str(&try_pr_str(a, false)?);
        }
    }
    Ok(s)
}

fn print_args(args: &[Value], readably: bool) -> Result<String> {
    let parts = args
        .iter()
        .map(|a| try_pr_str(a, readably))
        .collect::<Result<Vec<_>>>()?;
    Ok(parts.join(" "))
}

/// `(conj coll x)`.
pub fn conj1(coll: Value, x: Value) -> Result<Value> {
    Ok(match coll.force()? {
        Value::Nil | Value::EmptyList => Value::list([x]),
        Value::Vector(mut v) => {
            Arc::make_mut(&mut v).push(x);
            Value::Vector(v)
        }
        Value::Set(mut s) => {
            if !s.iter().any(|y| equal(y, &x)) {
                Arc::make_mut(&mut s).push(x);
            }
            Value::Set(s)
        }
        Value::Map(mut m) => {
            let (k, v) = match &x {
                Value::Vector(kv) if kv.len() == 2 => (kv[0].clone(), kv[1].clone()),
                Value::Map(other) => {
                    for (k, v) in other.iter() {
                        map_insert(Arc::make_mut(&mut m), k.clone(), v.clone());
                    }
                    return Ok(Value::Map(m));
                }
                other => {
                    return Err(Error::msg(format!(
                        "conj on a map needs a [key value] vector, got {other}"
                    )))
                }
            };
            map_insert(Arc::make_mut(&mut m), k, v);
            Value::Map(m)
        }
        s if s.is_seq() => Value::List(Arc::new(crate::value::Cons(x, s))),
        other => return Err(Error::msg(format!("can't conj onto {}", other.type_name()))),
    })
}

/// `(assoc coll k v)`.
pub fn assoc1(coll: Value, k: Value, v: Value) -> Result<Value> {
    Ok(match coll {
        Value::Nil => Value::Map(Arc::new(vec![(k, v)])),
        Value::Map(mut m) => {
            map_insert(Arc::make_mut(&mut m), k, v);
            Value::Map(m)
        }
        Value::Vector(mut items) => {
            let i = int_arg(&k, "assoc")?;
            let n = items.len();
            match usize::try_from(i) {
                Ok(i) if i < n => Arc::make_mut(&mut items)[i] = v,
                Ok(i) if i == n => Arc::make_mut(&mut items).push(v),
                _ => {
                    return Err(Error::msg(format!(
                        "index {i} out of bounds for a vector of {n}"
                    )))
                }
            }
            Value::Vector(items)
        }
        other => {
            return Err(Error::msg(format!(
                "assoc not supported on {}",
                other.type_name()
            )))
        }
    })
}

/// `(count coll)`.
pub fn count(v: &Value) -> Result<usize> {
    Ok(match v {
        Value::Nil | Value::EmptyList => 0,
        Value::Vector(x) | Value::Set(x) => x.len(),
        Value::VecSeq(x, i) => x.len() - i,
        Value::Map(m) => m.len(),
        Value::Str(s) => s.chars().count(),
        other => other.to_vec()?.len(),
    })
}

fn xorshift() -> u64 {
    static STATE: AtomicU64 = AtomicU64::new(0);
    let mut x = STATE.load(AtOrd::Relaxed);
    if x == 0 {
        x = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
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
    reg(c, "+", |a| fold_arith('+', 0, a));
    reg(c, "-", |a| {
        arity(&a, 1, usize::MAX, "-")?;
        fold_arith('-', 0, a)
    });
    reg(c, "*", |a| fold_arith('*', 1, a));
    reg(c, "/", |a| {
        arity(&a, 1, usize::MAX, "/")?;
        fold_arith('/', 1, a)
    });
    reg(c, "inc", |a| {
        arity(&a, 1, 1, "inc")?;
        arith('+', &a[0], &Value::Int(1))
    });
    reg(c, "dec", |a| {
        arity(&a, 1, 1, "dec")?;
        arith('-', &a[0], &Value::Int(1))
    });
    reg(c, "quot", |a| {
        arity(&a, 2, 2, "quot")?;
        crate::num::int_div("quot", &a[0], &a[1])
    });
    reg(c, "rem", |a| {
        arity(&a, 2, 2, "rem")?;
        crate::num::int_div("rem", &a[0], &a[1])
    });
    reg(c, "mod", |a| {
        arity(&a, 2, 2, "mod")?;
        crate::num::int_div("mod", &a[0], &a[1])
    });
    reg(c, "max", |a| minmax(a, "max", Ordering::Greater));
    reg(c, "min", |a| minmax(a, "min", Ordering::Less));
    reg(c, "abs", abs);
    crate::ns::define(
        "Math",
        "abs",
        Value::Native(Arc::new(Native {
            name: "Math/abs",
            f: Arc::new(abs),
        })),
    );
    reg(c, "<", |a| chain(&a, "<", |o| o == Ordering::Less));
    reg(c, ">", |a| chain(&a, ">", |o| o == Ordering::Greater));
    reg(c, "<=", |a| chain(&a, "<=", |o| o != Ordering::Greater));
    reg(c, ">=", |a| chain(&a, ">=", |o| o != Ordering::Less));
    reg(c, "==", |a| chain(&a, "==", |o| o == Ordering::Equal));
    reg(c, "=", |a| {
        arity(&a, 1, usize::MAX, "=")?;
        Ok(Value::Bool(a.windows(2).all(|w| equal(&w[0], &w[1]))))
    });
    reg(c, "not=", |a| {
        arity(&a, 1, usize::MAX, "not=")?;
        Ok(Value::Bool(!a.windows(2).all(|w| equal(&w[0], &w[1]))))
    });
    reg(c, "compare", |a| {
        arity(&a, 2, 2, "compare")?;
        Ok(Value::Int(compare(&a[0], &a[1])? as i64))
    });
    reg(c, "not", |a| {
        arity(&a, 1, 1, "not")?;
        Ok(Value::Bool(!a[0].truthy()))
    });
    reg(c, "zero?", |a| {
        num_pred(a, "zero?", |o| o == Ordering::Equal)
    });
    reg(c, "pos?", |a| {
        num_pred(a, "pos?", |o| o == Ordering::Greater)
    });
    reg(c, "neg?", |a| num_pred(a, "neg?", |o| o == Ordering::Less));
    reg(c, "even?", |a| {
        arity(&a, 1, 1, "even?")?;
        Ok(Value::Bool(int_arg(&a[0], "even?")? % 2 == 0))
    });
    reg(c, "odd?", |a| {
        arity(&a, 1, 1, "odd?")?;
        Ok(Value::Bool(int_arg(&a[0], "odd?")? % 2 != 0))
    });
    reg(c, "str", |a| Ok(Value::str(&str_of(&a)?)));
    reg(c, "pr-str", |a| Ok(Value::str(&print_args(&a, true)?)));
    reg(c, "prn-str", |a| {
        Ok(Value::str(&(print_args(&a, true)? + "\n")))
    });
    reg(c, "print-str", |a| Ok(Value::str(&print_args(&a, false)?)));
    reg(c, "println", |a| {
        emit(&(print_args(&a, false)? + "\n"));
        Ok(Value::Nil)
    });
    reg(c, "print", |a| {
        emit(&print_args(&a, false)?);
        Ok(Value::Nil)
    });
    reg(c, "prn", |a| {
        emit(&(print_args(&a, true)? + "\n"));
        Ok(Value::Nil)
    });
    reg(c, "pr", |a| {
        emit(&print_args(&a, true)?);
        Ok(Value::Nil)
    });
    // `clojure.pprint/pprint`, without the line breaking: the value as `prn` writes it.
    reg("clojure.pprint", "pprint", |a| {
        arity(&a, 1, 2, "pprint")?;
        emit(&(print_args(&a[..1], true)? + "\n"));
        Ok(Value::Nil)
    });
    reg(c, "newline", |_| {
        emit("\n");
        Ok(Value::Nil)
    });
    reg(c, "flush", |_| Ok(Value::Nil));
    reg(c, "apply", |mut a| {
        arity(&a, 1, usize::MAX, "apply")?;
        let f = a.remove(0);
        let last = a.pop().unwrap_or(Value::Nil);
        a.extend(last.to_vec()?);
        apply(&f, a)
    });
    reg(c, "count", |a| {
        arity(&a, 1, 1, "count")?;
        Ok(Value::Int(count(&a[0])? as i64))
    });
    reg(c, "conj", |a| {
        arity(&a, 1, usize::MAX, "conj")?;
        let mut it = a.into_iter();
        let mut coll = it.next().unwrap_or(Value::Nil);
        for x in it {
            coll = conj1(coll, x)?;
        }
        Ok(coll)
    });
    reg(c, "assoc", |a| {
        arity(&a, 3, usize::MAX, "assoc")?;
        let mut coll = a[0].clone();
        for kv in a[1..].chunks(2) {
            coll = assoc1(
                coll,
                kv[0].clone(),
                kv.get(1).cloned().unwrap_or(Value::Nil),
            )?;
        }
        Ok(coll)
    });
    reg(c, "dissoc", |a| {
        arity(&a, 1, usize::MAX, "dissoc")?;
        match &a[0] {
            Value::Map(m) => Ok(Value::Map(Arc::new(
                m.iter()
                    .filter(|(k, _)| !a[1..].iter().any(|d| equal(k, d)))
                    .cloned()
                    .collect(),
            ))),
            other => Ok(other.clone()),
        }
    });
    reg(c, "disj", |a| {
        arity(&a, 1, usize::MAX, "disj")?;
        match &a[0] {
            Value::Set(s) => Ok(Value::Set(Arc::new(
                s.iter()
                    .filter(|x| !a[1..].iter().any(|d| equal(x, d)))
                    .cloned()
                    .collect(),
            ))),
            other => Ok(other.clone()),
        }
    });
    reg(c, "get", |a| {
        arity(&a, 2, 3, "get")?;
        let v = get(&a[0], &a[1])?;
        Ok(
            if matches!(v, Value::Nil) && !contains(&a[0], &a[1]).unwrap_or(false) {
                a.get(2).cloned().unwrap_or(Value::Nil)
            } else {
                v
            },
        )
    });
    reg(c, "contains?", |a| {
        arity(&a, 2, 2, "contains?")?;
        Ok(Value::Bool(contains(&a[0], &a[1])?))
    });
    reg(c, "keys", |a| {
        arity(&a, 1, 1, "keys")?;
        Ok(match &a[0] {
            Value::Map(m) if !m.is_empty() => {
                Value::list(m.iter().map(|(k, _)| k.clone()).collect::<Vec<_>>())
            }
            _ => Value::Nil,
        })
    });
    reg(c, "vals", |a| {
        arity(&a, 1, 1, "vals")?;
        Ok(match &a[0] {
            Value::Map(m) if !m.is_empty() => {
                Value::list(m.iter().map(|(_, v)| v.clone()).collect::<Vec<_>>())
            }
            _ => Value::Nil,
        })
    });
    reg(c, "atom", |a| {
        arity(&a, 1, usize::MAX, "atom")?;
        Ok(Value::Atom(Arc::new(Mutex::new(a[0].clone()))))
    });
    reg(c, "deref", |a| {
        arity(&a, 1, 1, "deref")?;
        match &a[0] {
            Value::Atom(x) => Ok(x.lock().unwrap_or_else(|e| e.into_inner()).clone()),
            other => Err(Error::msg(format!("can't deref {}", other.type_name()))),
        }
    });
    reg(c, "reset!", |a| {
        arity(&a, 2, 2, "reset!")?;
        match &a[0] {
            Value::Atom(x) => {
                *x.lock().unwrap_or_else(|e| e.into_inner()) = a[1].clone();
                Ok(a[1].clone())
            }
            other => Err(Error::msg(format!(
                "reset! needs an atom, got {}",
                other.type_name()
            ))),
        }
    });
    reg(c, "swap!", |a| {
        arity(&a, 2, usize::MAX, "swap!")?;
        match &a[0] {
            Value::Atom(x) => {
                let old = x.lock().unwrap_or_else(|e| e.into_inner()).clone();
                let mut args = vec![old];
                args.extend(a[2..].iter().cloned());
                let new = apply(&a[1], args)?;
                *x.lock().unwrap_or_else(|e| e.into_inner()) = new.clone();
                Ok(new)
            }
            other => Err(Error::msg(format!(
                "swap! needs an atom, got {}",
                other.type_name()
            ))),
        }
    });
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
    reg(c, "ex-info", |a| {
        arity(&a, 1, 3, "ex-info")?;
        Ok(Value::Map(Arc::new(vec![
            (Value::kw("message"), a[0].clone()),
            (Value::kw("data"), a.get(1).cloned().unwrap_or(Value::Nil)),
        ])))
    });
    reg(c, "ex-message", |a| {
        get(a.first().unwrap_or(&Value::Nil), &Value::kw("message"))
    });
    reg(c, "ex-data", |a| {
        get(a.first().unwrap_or(&Value::Nil), &Value::kw("data"))
    });
    crate::core_pred::install();
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
        other => Err(Error::msg(format!(
            "abs: expected a number, got {} {}",
            other.type_name(),
            pr_str(other)
        ))),
    }
}

fn minmax(a: Vec<Value>, name: &str, want: Ordering) -> Result<Value> {
    arity(&a, 1, usize::MAX, name)?;
    let mut best = a[0].clone();
    for x in &a[1..] {
        if num_cmp(x, &best, name)? == want {
            best = x.clone();
        }
    }
    num_cmp(&best, &best, name)?;
    Ok(best)
}

fn num_pred(a: Vec<Value>, name: &str, ok: fn(Ordering) -> bool) -> Result<Value> {
    arity(&a, 1, 1, name)?;
    Ok(Value::Bool(ok(num_cmp(&a[0], &Value::Int(0), name)?)))
}

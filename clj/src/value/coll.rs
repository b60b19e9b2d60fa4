//! Clojure's equality and the collection operations on values that every layer uses: `=`,
//! `get`, `contains?`, `seq`, `conj`, `assoc`, `count`, insertion-ordered map updates, and the
//! chunked reading of a seq that `map`, `filter`, `keep` and `for` share (`Source`).

use crate::value::args::int_arg;
use crate::value::error::{Error, Result};
use crate::value::items::Items;
use crate::value::Value;
use std::sync::Arc;

/// Clojure's `=`: numbers of one kind by value, sequential collections element by element,
/// maps and sets by content.
/// An error forcing a lazy seq counts as "not equal" here: [`try_equal`] (Clojure's `=`
/// itself) reports it.
pub fn equal(a: &Value, b: &Value) -> bool {
    try_equal(a, b).unwrap_or(false)
}

/// Clojure's `=` ([`equal`]), failing when forcing a lazy seq it compares fails.
///
/// ```
/// use kanren_clj::value::{coll::try_equal, Value};
/// use kanren_clj::value::error::Error;
/// let bad = Value::lazy(|| Err(Error::msg("boom")));
/// assert!(try_equal(&Value::vector(vec![]), &bad).is_err());
/// ```
pub fn try_equal(a: &Value, b: &Value) -> Result<bool> {
    kanren::stack::maybe_grow(32 * 1024, 1024 * 1024, || equal_inner(a, b))
}

fn equal_inner(a: &Value, b: &Value) -> Result<bool> {
    Ok(match (a, b) {
        (Value::Nil, Value::Nil) => true,
        (Value::Bool(x), Value::Bool(y)) => x == y,
        (Value::Int(x), Value::Int(y)) => x == y,
        (Value::Float(x), Value::Float(y)) => x == y,
        (Value::Ratio(a1, b1), Value::Ratio(a2, b2)) => a1 == a2 && b1 == b2,
        // Integers are one category whatever their size: `(= 1 1N)`.
        (Value::BigInt(x), Value::BigInt(y)) => x == y,
        (Value::BigInt(x), Value::Int(i)) | (Value::Int(i), Value::BigInt(x)) => {
            **x == num_bigint::BigInt::from(*i)
        }
        (Value::Str(x), Value::Str(y)) => x == y,
        (Value::Char(x), Value::Char(y)) => x == y,
        (Value::Keyword(x), Value::Keyword(y))
        | (Value::Symbol(x), Value::Symbol(y))
        | (Value::Var(x), Value::Var(y)) => x == y,
        (Value::LVar(x), Value::LVar(y)) => x == y,
        (Value::Nom(x), Value::Nom(y)) => x == y,
        (Value::Domain(x), Value::Domain(y)) => x == y,
        (Value::Tie(x), Value::Tie(y)) => try_equal(&x.0, &y.0)? && try_equal(&x.1, &y.1)?,
        (Value::Map(x), Value::Map(y)) => {
            if !same_record_type(&x.tag, &y.tag) || x.len() != y.len() {
                return Ok(false);
            }
            for (k, v) in x.iter() {
                let mut found = false;
                for (k2, v2) in y.iter() {
                    if try_equal(k, k2)? {
                        found = try_equal(v, v2)?;
                        break;
                    }
                }
                if !found {
                    return Ok(false);
                }
            }
            true
        }
        (Value::Set(x), Value::Set(y)) => {
            if x.len() != y.len() {
                return Ok(false);
            }
            for v in x.iter() {
                let mut found = false;
                for w in y.iter() {
                    if try_equal(v, w)? {
                        found = true;
                        break;
                    }
                }
                if !found {
                    return Ok(false);
                }
            }
            true
        }
        (Value::SortedMap(_) | Value::Map(_), Value::SortedMap(_) | Value::Map(_)) => {
            let record = |v: &Value| matches!(v, Value::Map(m) if m.tag.is_some());
            let (x, y) = (map_entries(a), map_entries(b));
            !record(a)
                && !record(b)
                && x.len() == y.len()
                && x.iter()
                    .all(|(k, v)| y.iter().any(|(k2, v2)| equal(k, k2) && equal(v, v2)))
        }
        (Value::SortedSet(_) | Value::Set(_), Value::SortedSet(_) | Value::Set(_)) => {
            let (x, y) = (map_entries(a), map_entries(b));
            x.len() == y.len() && x.iter().all(|v| y.iter().any(|w| equal(&v.0, &w.0)))
        }
        (Value::Vector(x), Value::Vector(y)) => {
            if x.len() != y.len() {
                return Ok(false);
            }
            for (p, q) in x.iter().zip(y.iter()) {
                if !try_equal(p, q)? {
                    return Ok(false);
                }
            }
            true
        }
        (x, y) if x.is_sequential() && y.is_sequential() => {
            let (mut p, mut q) = (x.clone(), y.clone());
            // core.logic's `lcons` cells (here: chains that end in a non-seq tail) are equal
            // when they differ only where either holds a logic variable; `wild` records such a
            // difference, which stands only if both chains turn out to be lcons cells.
            let mut wild = false;
            let lvar = |v: &Value| matches!(v, Value::LVar(_));
            loop {
                // A lazy seq realised as `nil` is an empty seq here.
                let end = |v: Value| match v {
                    Value::Nil => Value::EmptyList,
                    v => v,
                };
                let (fp, fq) = (end(p.force()?), end(q.force()?));
                // An lcons cell may end in a non-seq tail: compare the tails as values.
                if !fp.is_sequential() || !fq.is_sequential() {
                    if !fp.is_sequential() && !fq.is_sequential() {
                        return Ok(lvar(&fp) || lvar(&fq) || try_equal(&fp, &fq)?);
                    }
                    return Ok(!wild && try_equal(&fp, &fq)?);
                }
                match (fp.uncons()?, fq.uncons()?) {
                    (None, None) => return Ok(!wild),
                    (Some((h1, t1)), Some((h2, t2))) => {
                        if !try_equal(&h1, &h2)? {
                            if !lvar(&h1) && !lvar(&h2) {
                                return Ok(false);
                            }
                            wild = true;
                        }
                        (p, q) = (t1, t2);
                    }
                    _ => return Ok(false),
                }
            }
        }
        (Value::Fn(x), Value::Fn(y)) => Arc::ptr_eq(x, y),
        (Value::Native(x), Value::Native(y)) => Arc::ptr_eq(x, y),
        (Value::Goal(x), Value::Goal(y)) => x.same(y),
        (Value::Atom(x), Value::Atom(y)) => Arc::ptr_eq(x, y),
        (Value::Regex(x), Value::Regex(y)) => Arc::ptr_eq(x, y),
        (Value::Exception(x), Value::Exception(y)) => Arc::ptr_eq(x, y),
        (Value::StringBuilder(x), Value::StringBuilder(y)) => Arc::ptr_eq(x, y),
        (Value::Class(x), Value::Class(y)) => x.name == y.name,
        (Value::Object(x), _) => {
            match crate::value::class::call_method(a, "equals", vec![b.clone()]) {
                Some(r) => r?.truthy(),
                None => matches!(b, Value::Object(y) if Arc::ptr_eq(x, y)),
            }
        }
        // A lazy seq against a value that is not sequential: as in Clojure, the seq is
        // realised (its first step, which may fail) before the answer, unless the other side,
        // asked first, is `nil` or a map or set (which answer `false` at once).
        (Value::Lazy(_), _) => {
            a.force()?;
            false
        }
        (
            Value::Nil | Value::Map(_) | Value::Set(_) | Value::SortedMap(_) | Value::SortedSet(_),
            _,
        ) => false,
        (_, Value::Lazy(_)) => {
            b.force()?;
            false
        }
        _ => false,
    })
}

/// Realises what Clojure realises to hash `key`: every lazy seq in it, whole. A hash set
/// hashes the key of every insertion and of every lookup in it when it is not empty, so a
/// lazy seq whose realisation fails fails there. Other values are done at once, and so is a
/// set inside the key: its elements were realised when they were added.
///
/// ```
/// use kanren_clj::value::{coll::realise_key, Value};
/// use kanren_clj::value::error::Error;
/// assert!(realise_key(&Value::Int(1)).is_ok());
/// let bad = Value::lazy(|| Err(Error::msg("boom")));
/// assert!(realise_key(&Value::vector(vec![bad])).is_err());
/// ```
pub fn realise_key(key: &Value) -> Result<()> {
    match key {
        Value::Lazy(_) | Value::List(_) | Value::VecSeq(..) => {
            kanren::stack::maybe_grow(32 * 1024, 1024 * 1024, || {
                let mut cur = key.forced()?;
                let mut n: usize = 0;
                loop {
                    match cur {
                        Value::List(c) => {
                            realise_key(&c.0)?;
                            cur = c.1.forced()?;
                            n += 1;
                            // An endless seq never ends here, as in Clojure: Ctrl-C ends it.
                            if n.is_multiple_of(4096) {
                                crate::value::interrupt::check_interrupt()?;
                            }
                        }
                        Value::VecSeq(items, i) => {
                            return items[*i..].iter().try_for_each(realise_key);
                        }
                        other => return realise_key(other),
                    }
                }
            })
        }
        Value::Vector(items) => kanren::stack::maybe_grow(32 * 1024, 1024 * 1024, || {
            items.iter().try_for_each(realise_key)
        }),
        Value::Map(m) => kanren::stack::maybe_grow(32 * 1024, 1024 * 1024, || {
            m.iter()
                .try_for_each(|(k, v)| realise_key(k).and_then(|_| realise_key(v)))
        }),
        _ => Ok(()),
    }
}

/// The index of `key` among a map's entries, compared as Clojure's array map compares a
/// key: `(= key k)` for each `k` in order, so that realising a lazy seq key can fail.
/// Time: O(n).
pub fn entry_index(entries: &[(Value, Value)], key: &Value) -> Result<Option<usize>> {
    for (i, (k, _)) in entries.iter().enumerate() {
        if key_equal(key, k)? {
            return Ok(Some(i));
        }
    }
    Ok(None)
}

/// `(= key k)` ([`try_equal`]), decided at once for two scalars of one kind (the common
/// keys: integers, keywords, strings, symbols, characters).
#[inline]
fn key_equal(key: &Value, k: &Value) -> Result<bool> {
    match (key, k) {
        (Value::Int(x), Value::Int(y)) => Ok(x == y),
        (Value::Keyword(x), Value::Keyword(y))
        | (Value::Str(x), Value::Str(y))
        | (Value::Symbol(x), Value::Symbol(y)) => Ok(x == y),
        (Value::Char(x), Value::Char(y)) => Ok(x == y),
        _ => try_equal(key, k),
    }
}

/// The index of `x` among a set's elements, hashing `x` first as a hash set does when it is
/// not empty ([`realise_key`]). Time: O(n).
pub fn elem_index(items: &[Value], x: &Value) -> Result<Option<usize>> {
    if items.is_empty() {
        return Ok(None);
    }
    realise_key(x)?;
    position(items, x)
}

/// Adds `x` to a set's elements unless it is there, giving whether it was added. `x` is
/// hashed first, as a hash set hashes what it adds ([`realise_key`]). Time: O(n).
pub fn set_insert(items: &mut Vec<Value>, x: Value) -> Result<bool> {
    realise_key(&x)?;
    if position(items, &x)?.is_some() {
        return Ok(false);
    }
    items.push(x);
    Ok(true)
}

/// The index of the first of `items` equal to `x`.
fn position(items: &[Value], x: &Value) -> Result<Option<usize>> {
    for (i, y) in items.iter().enumerate() {
        if key_equal(x, y)? {
            return Ok(Some(i));
        }
    }
    Ok(None)
}

/// Whether two maps' record types (`None` for a plain map) are the same.
fn same_record_type(
    x: &Option<Arc<crate::value::class::Class>>,
    y: &Option<Arc<crate::value::class::Class>>,
) -> bool {
    match (x, y) {
        (None, None) => true,
        (Some(x), Some(y)) => x.name == y.name,
        _ => false,
    }
}

/// The entries of a map (or a set's elements, each paired with itself), in order; none for
/// any other value.
pub fn map_entries(v: &Value) -> Vec<(Value, Value)> {
    match v {
        Value::Map(m) => m.to_vec(),
        Value::Set(s) => s.iter().map(|x| (x.clone(), x.clone())).collect(),
        Value::SortedMap(s) | Value::SortedSet(s) => s.entries.to_vec(),
        _ => Vec::new(),
    }
}

/// Inserts or replaces `k` in an insertion-ordered map.
pub fn map_insert(m: &mut Vec<(Value, Value)>, k: Value, v: Value) {
    match m.iter_mut().find(|(k2, _)| equal(k2, &k)) {
        Some(slot) => slot.1 = v,
        None => m.push((k, v)),
    }
}

/// [`map_insert`] of a key a program gave: comparing it may realise a lazy seq, which may
/// fail ([`entry_index`]).
pub fn try_map_insert(m: &mut Vec<(Value, Value)>, k: Value, v: Value) -> Result<()> {
    match entry_index(m, &k)? {
        Some(i) => m[i].1 = v,
        None => m.push((k, v)),
    }
    Ok(())
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
        try_map_insert(
            &mut m,
            pair[0].clone(),
            pair.get(1).cloned().unwrap_or(Value::Nil),
        )?;
    }
    Ok(Value::Map(crate::value::items::Items::arc(m)))
}

/// `(get coll key)`.
pub fn get(coll: &Value, key: &Value) -> Result<Value> {
    Ok(lookup(coll, key)?.unwrap_or(Value::Nil))
}

/// `coll`'s value at `key`, or `None` when it has none: what `(get coll key not-found)` gives
/// `not-found` for (`get-in` tells the two apart). A type's `valAt` is called without a
/// not-found, so its `nil` is taken as none.
pub fn lookup(coll: &Value, key: &Value) -> Result<Option<Value>> {
    Ok(match coll {
        Value::Map(m) => entry_index(m, key)?.map(|i| m[i].1.clone()),
        Value::Set(s) => elem_index(s, key)?.map(|i| s[i].clone()),
        Value::SortedMap(m) => m.get(key)?.map(|(_, v)| v.clone()),
        Value::SortedSet(m) => m.get(key)?.map(|(k, _)| k.clone()),
        Value::Vector(v) => match key {
            Value::Int(i) => usize::try_from(*i).ok().and_then(|i| v.get(i)).cloned(),
            _ => None,
        },
        // A string's character at an index, as `nth` reads it.
        Value::Str(s) => match key {
            Value::Int(i) => usize::try_from(*i)
                .ok()
                .and_then(|i| s.chars().nth(i))
                .map(Value::Char),
            _ => None,
        },
        Value::Domain(d) => d.lookup(key),
        // A type's `ILookup`: its `valAt` method.
        Value::Object(_) => {
            match crate::value::class::call_method(coll, "valAt", vec![key.clone()]) {
                Some(found) => match found? {
                    Value::Nil => None,
                    v => Some(v),
                },
                None => None,
            }
        }
        _ => None,
    })
}

/// `(contains? coll key)`.
pub fn contains(coll: &Value, key: &Value) -> Result<bool> {
    Ok(match (coll, key) {
        (Value::Map(m), _) => entry_index(m, key)?.is_some(),
        (Value::Set(s), _) => elem_index(s, key)?.is_some(),
        (Value::SortedMap(m) | Value::SortedSet(m), _) => m.get(key)?.is_some(),
        (Value::Vector(v), _) => matches!(key, Value::Int(i) if *i >= 0 && (*i as usize) < v.len()),
        // A string by an index only: any other key is an error, as in Clojure.
        (Value::Str(s), Value::Int(i)) => usize::try_from(*i).is_ok_and(|i| i < s.chars().count()),
        (Value::Nil, _) => false,
        (other, _) => {
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
            Some((h, t)) => Value::cons(h, t),
        },
    })
}

/// `(empty? v)`: whether `v` has no element (a lazy seq forced as far as its first), with
/// the error [`seq`] gives for a value that is not seqable.
///
/// ```
/// use kanren_clj::value::{coll::is_empty, Value};
/// assert!(is_empty(&Value::Nil).unwrap());
/// assert!(!is_empty(&Value::list([Value::Int(1)])).unwrap());
/// assert!(is_empty(&Value::Int(5)).is_err());
/// ```
pub fn is_empty(v: &Value) -> Result<bool> {
    Ok(match v.forced()? {
        Value::Nil | Value::EmptyList => true,
        Value::List(_) | Value::VecSeq(..) => false,
        Value::Vector(items) => items.is_empty(),
        v => v.uncons()?.is_none(),
    })
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
            realise_key(&x)?;
            if position(&s, &x)?.is_none() {
                Arc::make_mut(&mut s).push(x);
            }
            Value::Set(s)
        }
        Value::SortedSet(mut s) => {
            Arc::make_mut(&mut s).insert(x.clone(), x, true)?;
            Value::SortedSet(s)
        }
        Value::SortedMap(mut s) => {
            for (k, v) in map_entries_of_conj(&x)? {
                Arc::make_mut(&mut s).insert(k, v, false)?;
            }
            Value::SortedMap(s)
        }
        Value::Map(mut m) => {
            let (k, v) = match &x {
                Value::Vector(kv) if kv.len() == 2 => (kv[0].clone(), kv[1].clone()),
                Value::Map(other) => {
                    for (k, v) in other.iter() {
                        try_map_insert(&mut *Arc::make_mut(&mut m), k.clone(), v.clone())?;
                    }
                    return Ok(Value::Map(m));
                }
                other => {
                    return Err(Error::msg(format!(
                        "conj on a map needs a [key value] vector, got {other}"
                    )))
                }
            };
            try_map_insert(&mut *Arc::make_mut(&mut m), k, v)?;
            Value::Map(m)
        }
        s if s.is_seq() => Value::cons(x, s),
        other => return Err(Error::msg(format!("can't conj onto {}", other.type_name()))),
    })
}

/// What `conj` onto a map adds: a `[k v]` vector's entry, or every entry of a map.
fn map_entries_of_conj(x: &Value) -> Result<Vec<(Value, Value)>> {
    match x {
        Value::Vector(kv) if kv.len() == 2 => Ok(vec![(kv[0].clone(), kv[1].clone())]),
        Value::Map(_) | Value::SortedMap(_) => Ok(map_entries(x)),
        Value::Nil => Ok(Vec::new()),
        other => Err(Error::msg(format!(
            "conj on a map needs a [key value] vector, got {other}"
        ))),
    }
}

/// `(assoc coll k v)`.
pub fn assoc1(coll: Value, k: Value, v: Value) -> Result<Value> {
    Ok(match coll {
        Value::Nil => Value::Map(crate::value::items::Items::arc(vec![(k, v)])),
        Value::Map(mut m) => {
            try_map_insert(&mut *Arc::make_mut(&mut m), k, v)?;
            Value::Map(m)
        }
        Value::SortedMap(mut s) => {
            Arc::make_mut(&mut s).insert(k, v, false)?;
            Value::SortedMap(s)
        }
        Value::Vector(mut items) => {
            let i = int_arg(&k, "assoc")?;
            let n = items.len();
            match usize::try_from(i) {
                Ok(i) if i < n => Arc::make_mut(&mut items)[i] = v,
                Ok(i) if i == n => Arc::make_mut(&mut items).push(v),
                _ => {
                    return Err(Error::ex(
                        crate::value::error::INDEX_OUT_OF_BOUNDS,
                        format!("index {i} out of bounds for a vector of {n}"),
                    ))
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
        // An integer range not realised and held by nothing else, counted as its steps
        // (Clojure counts a range without walking it).
        Value::Lazy(cell) => {
            match crate::value::LazySeq::int_steps_held(cell).and_then(|s| s.len()) {
                Some(n) => n,
                None => v.walk()?,
            }
        }
        Value::Map(m) => m.len(),
        Value::SortedMap(m) | Value::SortedSet(m) => m.entries.len(),
        Value::Str(s) => s.chars().count(),
        // A type that implements `count` (clojure.lang.Counted).
        Value::Object(_) => match crate::value::class::call_method(v, "count", Vec::new()) {
            Some(n) => crate::value::args::count_arg(&n?, "count")? as usize,
            None => v.walk()?,
        },
        other => other.walk()?,
    })
}

// Chunked reading: a chunk is a run of realised cells marked as one
// ([`Cons`](crate::value::Cons)), or a vector's 32 elements from a multiple of 32.

/// Clojure's chunk size: a vector's seq and an integer `range` are read this many elements
/// at a time by the functions that chunk.
pub(crate) const CHUNK: usize = 32;

/// What a function that chunks (`map` of one collection, `filter`, `remove`, `keep`, `for`'s
/// last binding) reads: a seq, or a vector from a position. As in Clojure, it takes a chunk
/// whole where the seq has one (a vector's 32 elements from a multiple of 32, a chunk of
/// cells: see [`Cons`](crate::value::Cons)) and one element at a time elsewhere; what it
/// makes of a chunk is a chunk too.
pub(crate) enum Source {
    /// A seq (or any seqable value but a vector).
    Seq(Value),
    /// A vector (not a queue) from this position.
    Vec(Arc<Items<Value>>, usize),
    /// A finite integer range not realised: its integers made as they are read, in chunks
    /// of [`CHUNK`] as the range's seq would give them.
    Range(Steps),
}

/// The integers from `next` by `step` (not 0) up to `end`, not included: what an integer
/// range's seq gives (`(range 0 9 3)`), none of them past `i64::MAX` or `i64::MIN`.
#[derive(Clone, Copy)]
pub struct Steps {
    pub(crate) next: i64,
    pub(crate) end: i64,
    pub(crate) step: i64,
}

impl Steps {
    /// The steps of `(range start end step)`, when no integer of it and no step past its last
    /// one leaves `i64` (and `step` is not 0, which repeats `start` without end).
    pub fn new(start: i64, end: i64, step: i64) -> Option<Steps> {
        // An integer read is short of `end`, so it and a step past it stay in `i64` when
        // `end` and a step past it do.
        (step != 0 && end.checked_add(step).is_some()).then_some(Steps {
            next: start,
            end,
            step,
        })
    }

    /// How many integers are left to read, if that fits a `usize`.
    pub(crate) fn len(&self) -> Option<usize> {
        if self.done() {
            return Some(0);
        }
        // The distance to `end` and the step, both as magnitudes: no overflow either way.
        let n = self
            .end
            .abs_diff(self.next)
            .div_ceil(self.step.unsigned_abs());
        usize::try_from(n).ok()
    }

    /// How many of the next `n` integers there are (`n` or fewer), and the steps after them.
    pub(crate) fn split(self, n: usize) -> (usize, Steps) {
        let k = self.len().map_or(n, |left| left.min(n));
        let after = Steps {
            // Past the last integer read by at most one step: within `i64`, as `new` checks.
            next: self.next + self.step * k as i64,
            ..self
        };
        (k, after)
    }

    /// The `k`-th integer from the next (`k` below what [`Steps::len`] says is left).
    pub(crate) fn nth(&self, k: usize) -> i64 {
        self.next + self.step * k as i64
    }

    /// Whether every integer has been read.
    pub(crate) fn done(&self) -> bool {
        if self.step > 0 {
            self.next >= self.end
        } else {
            self.next <= self.end
        }
    }

    /// The next integer, and the steps after it.
    fn take(mut self) -> Option<(i64, Steps)> {
        if self.done() {
            return None;
        }
        let x = self.next;
        self.next += self.step;
        Some((x, self))
    }
}

/// What a [`Source`] gives next.
pub(crate) enum Next {
    /// A chunk's elements, and the source after them.
    Chunk(Vec<Value>, Source),
    /// One element, and the source after it.
    One(Value, Source),
    /// Nothing more.
    End,
}

impl Source {
    /// The source of a collection: a vector is read by position.
    pub(crate) fn of(coll: Value) -> Source {
        match coll {
            Value::Vector(items) if items.tag.is_none() => Source::Vec(items, 0),
            // An integer range nothing else holds, not yet realised: its integers are made
            // where they are read, no cell made for each.
            Value::Lazy(cell) => match crate::value::LazySeq::int_steps_held(&cell) {
                Some(steps) => Source::Range(steps),
                None => Source::Seq(Value::Lazy(cell)),
            },
            v => Source::Seq(v),
        }
    }

    /// What follows a chunk read from this source: `end` when the source is known to have
    /// nothing more (a vector read to its end, a seq already realised empty: nothing is run
    /// to find out), else `more` of it, the lazy rest.
    pub(crate) fn then(self, end: Value, more: impl FnOnce(Source) -> Value) -> Value {
        match self.exhausted() {
            true => end,
            false => more(self),
        }
    }

    /// Whether the source is known to have nothing more: a vector read to its end, or a seq
    /// already realised empty. Runs nothing.
    pub(crate) fn exhausted(&self) -> bool {
        match self {
            Source::Vec(items, i) => *i >= items.len(),
            Source::Seq(s) => s.realized_empty(),
            Source::Range(steps) => steps.done(),
        }
    }

    /// The next element alone, the source moved past it in place (a vector's position, a
    /// range's next integer); `None` at its end.
    pub(crate) fn advance(&mut self) -> Result<Option<Value>> {
        Ok(match self {
            Source::Vec(items, i) => {
                let x = items.get(*i).cloned();
                *i += usize::from(x.is_some());
                x
            }
            Source::Range(steps) => steps.take().map(|(x, rest)| {
                *steps = rest;
                Value::Int(x)
            }),
            Source::Seq(s) => match std::mem::replace(s, Value::Nil).uncons_owned()? {
                Some((x, rest)) => {
                    *s = rest;
                    Some(x)
                }
                None => None,
            },
        })
    }

    /// The next element alone, whether or not it starts a chunk.
    pub(crate) fn next_one(self) -> Result<Option<(Value, Source)>> {
        match self {
            Source::Vec(items, i) => {
                let x = items.get(i).cloned();
                Ok(x.map(|x| (x, Source::Vec(items, i + 1))))
            }
            Source::Seq(s) => Ok(s.uncons_owned()?.map(|(h, t)| (h, Source::Seq(t)))),
            Source::Range(steps) => Ok(steps
                .take()
                .map(|(x, rest)| (Value::Int(x), Source::Range(rest)))),
        }
    }

    /// The next chunk or element.
    pub(crate) fn next(self) -> Result<Next> {
        match self {
            Source::Vec(items, i) => {
                if i >= items.len() {
                    return Ok(Next::End);
                }
                let end = ((i / CHUNK + 1) * CHUNK).min(items.len());
                let chunk = items[i..end].to_vec();
                Ok(Next::Chunk(chunk, Source::Vec(items, end)))
            }
            Source::Range(mut steps) => {
                let mut chunk = Vec::with_capacity(CHUNK);
                while chunk.len() < CHUNK {
                    match steps.take() {
                        Some((x, rest)) => {
                            chunk.push(Value::Int(x));
                            steps = rest;
                        }
                        None => break,
                    }
                }
                Ok(match chunk.is_empty() {
                    true => Next::End,
                    false => Next::Chunk(chunk, Source::Range(steps)),
                })
            }
            Source::Seq(s) => {
                // Forced once; the chunk and the first element are read from what it gave.
                let s = s.forced()?;
                if let Some((chunk, rest)) = s.chunk()? {
                    return Ok(Next::Chunk(chunk, Source::Seq(rest)));
                }
                Ok(match s.uncons()? {
                    Some((h, t)) => Next::One(h, Source::Seq(t)),
                    None => Next::End,
                })
            }
        }
    }
}

//! Sorted maps and sets (`sorted-map`, `sorted-map-by`, `sorted-set`, `sorted-set-by`), and
//! Clojure's `compare`, their default order.
//!
//! Representation: the entries in a `Vec` kept in ascending order of their keys by the
//! collection's comparator, no two keys comparing equal (a set's entries are `(x, x)`).
//! Lookup is a binary search, O(log n) comparisons; `assoc`/`conj`/`dissoc`/`disj` copy the
//! entries when they are shared, O(n). The comparator is a Rust function (the library makes
//! one from a Clojure function, which this layer cannot call) and, for printing and `=` of
//! comparators, the Clojure function it came from.

use crate::value::error::{Error, Result};
use crate::value::items::Items;
use crate::value::num::{compare as num_cmp, is_num};
use crate::value::printer::pr_str;
use crate::value::Value;
use std::cmp::Ordering;
use std::sync::Arc;

/// A comparator as this layer calls it.
pub type CmpFn = Arc<dyn Fn(&Value, &Value) -> Result<Ordering> + Send + Sync>;

/// A sorted map's or set's comparator and entries (see the module's doc).
#[derive(Clone)]
pub struct Sorted {
    /// The Clojure function given to `sorted-map-by`/`sorted-set-by`, `None` for `compare`.
    pub by: Option<Value>,
    /// The order of the keys.
    pub cmp: CmpFn,
    /// The entries, ascending by key.
    pub entries: Items<(Value, Value)>,
}

impl Sorted {
    /// An empty collection ordered by `compare` (`by` is `None`) or by `cmp`.
    pub fn empty(by: Option<Value>, cmp: CmpFn) -> Sorted {
        Sorted {
            by,
            cmp,
            entries: Items::new(Vec::new()),
        }
    }

    /// An empty collection with this one's order.
    pub fn emptied(&self) -> Sorted {
        Sorted::empty(self.by.clone(), self.cmp.clone())
    }

    /// The index of `k`, or where it would go. Time: O(log n) comparisons.
    pub fn search(&self, k: &Value) -> Result<std::result::Result<usize, usize>> {
        let (mut lo, mut hi) = (0, self.entries.len());
        while lo < hi {
            let mid = (lo + hi) / 2;
            match (self.cmp)(&self.entries[mid].0, k)? {
                Ordering::Less => lo = mid + 1,
                Ordering::Greater => hi = mid,
                Ordering::Equal => return Ok(Ok(mid)),
            }
        }
        Ok(Err(lo))
    }

    /// The entry whose key compares equal to `k`.
    pub fn get(&self, k: &Value) -> Result<Option<&(Value, Value)>> {
        Ok(self.search(k)?.ok().map(|i| &self.entries[i]))
    }

    /// Puts `k` with `v`: a key already present keeps its own key and takes `v` (a set keeps
    /// its element).
    pub fn insert(&mut self, k: Value, v: Value, set: bool) -> Result<()> {
        match self.search(&k)? {
            Ok(i) if !set => self.entries[i].1 = v,
            Ok(_) => {}
            Err(i) => self.entries.insert(i, (k, v)),
        }
        Ok(())
    }

    /// Removes the key `k`, if present.
    pub fn remove(&mut self, k: &Value) -> Result<()> {
        if let Ok(i) = self.search(k)? {
            self.entries.remove(i);
        }
        Ok(())
    }

    /// The entries as seq items: `[k v]` vectors for a map, the elements for a set.
    pub fn items(&self, set: bool) -> Vec<Value> {
        self.entries
            .iter()
            .map(|(k, v)| {
                if set {
                    k.clone()
                } else {
                    Value::vector(vec![k.clone(), v.clone()])
                }
            })
            .collect()
    }
}

/// A sorted map or set of `entries` (already in order) with the order of `like`.
pub fn rebuild(like: &Sorted, entries: Vec<(Value, Value)>) -> Sorted {
    Sorted {
        by: like.by.clone(),
        cmp: like.cmp.clone(),
        entries: Items::new(entries),
    }
}

/// The comparator `compare`, as a [`CmpFn`].
pub fn natural() -> CmpFn {
    Arc::new(compare)
}

/// Clojure's `compare` as an order (see [`compare_int`]).
pub fn compare(a: &Value, b: &Value) -> Result<Ordering> {
    Ok(compare_int(a, b)?.cmp(&0))
}

/// Clojure's `compare`, with Java's answer: `nil` before everything; numbers by value across
/// kinds (-1, 0 or 1); strings by UTF-16 code units and characters by code (the difference of
/// the first unequal units, else of the lengths, as `String.compareTo`); booleans `false`
/// first; keywords and symbols by namespace (an unqualified name first), then by name;
/// vectors by length, then element by element. Values of different kinds do not compare.
pub fn compare_int(a: &Value, b: &Value) -> Result<i64> {
    Ok(match (a, b) {
        (Value::Nil, Value::Nil) => 0,
        (Value::Nil, _) => -1,
        (_, Value::Nil) => 1,
        (x, y) if is_num(x) && is_num(y) => num_cmp(x, y, "compare")? as i64,
        (Value::Str(x), Value::Str(y)) => java_str_cmp(x, y),
        (Value::Char(x), Value::Char(y)) => *x as i64 - *y as i64,
        (Value::Bool(x), Value::Bool(y)) => x.cmp(y) as i64,
        (Value::Keyword(x), Value::Keyword(y)) | (Value::Symbol(x), Value::Symbol(y)) => {
            named_cmp(x, y)
        }
        (Value::Vector(x), Value::Vector(y)) => match x.len().cmp(&y.len()) {
            Ordering::Equal => {
                for (p, q) in x.iter().zip(y.iter()) {
                    let c = compare_int(p, q)?;
                    if c != 0 {
                        return Ok(c);
                    }
                }
                0
            }
            other => other as i64,
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

/// Java's `String.compareTo`: the difference of the first unequal UTF-16 units, else of the
/// lengths.
fn java_str_cmp(x: &str, y: &str) -> i64 {
    let (mut p, mut q) = (x.encode_utf16(), y.encode_utf16());
    loop {
        match (p.next(), q.next()) {
            (Some(a), Some(b)) if a != b => return a as i64 - b as i64,
            (Some(_), Some(_)) => {}
            (None, None) => return 0,
            (Some(_), None) => return 1 + p.count() as i64,
            (None, Some(_)) => return -1 - q.count() as i64,
        }
    }
}

/// Keywords and symbols: by namespace (none first), then by name.
fn named_cmp(x: &str, y: &str) -> i64 {
    let split = |s: &str| -> (Option<String>, String) {
        match s.find('/') {
            Some(i) if i > 0 && i + 1 < s.len() => {
                (Some(s[..i].to_string()), s[i + 1..].to_string())
            }
            _ => (None, s.to_string()),
        }
    };
    if x == y {
        return 0;
    }
    let (xn, xm) = split(x);
    let (yn, ym) = split(y);
    match (xn, yn) {
        (None, Some(_)) => -1,
        (Some(_), None) => 1,
        (Some(p), Some(q)) => match java_str_cmp(&p, &q) {
            0 => java_str_cmp(&xm, &ym),
            c => c,
        },
        (None, None) => java_str_cmp(&xm, &ym),
    }
}

//! The items of a vector or set, and the pairs of a map: a `Vec` that drops its items with
//! the native stack grown on the heap when it runs low, so a value nested a million deep
//! (`(reduce (fn [a _] [a]) [] (range 1000000))`) is freed without overflowing the stack.
//! Also the cells some values hold: an atom's, a tie's, a finite domain's ([`FdDom`]).

use std::ops::{Deref, DerefMut};
use std::sync::Arc;

/// A collection's items (see the module's doc).
///
/// ```
/// use kanren_clj::value::items::Items;
/// let items = Items::arc(vec![1, 2, 3]);
/// assert_eq!(items.len(), 3);
/// assert_eq!(items.to_vec(), [1, 2, 3]);
/// ```
#[derive(Clone)]
pub struct Items<T> {
    items: Vec<T>,
    /// A map's record type (`defrecord`): the map is an instance of it; a vector's
    /// `clojure.lang.PersistentQueue`: the vector is a queue, oldest item first. `None` for a
    /// plain map, vector or set. Updates in place (`assoc`, `conj`) keep it.
    pub tag: Option<Arc<crate::value::class::Class>>,
}

impl<T> Items<T> {
    /// The items behind an `Arc`, as the values hold them.
    pub fn arc(items: Vec<T>) -> Arc<Items<T>> {
        Arc::new(Items { items, tag: None })
    }

    /// The items of an instance of the record type `tag`.
    pub fn tagged(items: Vec<T>, tag: Arc<crate::value::class::Class>) -> Arc<Items<T>> {
        Arc::new(Items {
            items,
            tag: Some(tag),
        })
    }

    /// The items, not shared.
    pub fn new(items: Vec<T>) -> Items<T> {
        Items { items, tag: None }
    }
}

impl<T> Deref for Items<T> {
    type Target = Vec<T>;
    fn deref(&self) -> &Vec<T> {
        &self.items
    }
}

impl<T> DerefMut for Items<T> {
    fn deref_mut(&mut self) -> &mut Vec<T> {
        &mut self.items
    }
}

impl<T> Drop for Items<T> {
    fn drop(&mut self) {
        if !self.items.is_empty() {
            drop_deep(std::mem::take(&mut self.items));
        }
    }
}

/// What an atom holds: a value behind a lock, dropped with `drop_deep` (an atom can hold
/// an atom, as deep as a program nests them), and its validator and watches ([`AtomHooks`]).
///
/// ```
/// use kanren_clj::value::items::AtomCell;
/// use kanren_clj::value::Value;
/// let cell = AtomCell::new(Value::Int(1));
/// assert!(matches!(*cell.lock().unwrap(), Value::Int(1)));
/// assert!(cell.hooks.lock().unwrap().watches.is_empty());
/// ```
pub struct AtomCell {
    value: std::sync::Mutex<crate::value::Value>,
    /// The validator and the watches (`set-validator!`, `add-watch`).
    pub hooks: std::sync::Mutex<AtomHooks>,
    /// Whether `hooks` has ever held a validator or a watch (while it is false, a change of
    /// the value need not look at them).
    pub hooked: std::sync::atomic::AtomicBool,
}

/// An atom's validator (`set-validator!`) and watches (`add-watch`: key and function, in
/// the order they were added; a key added again keeps its place).
#[derive(Default)]
pub struct AtomHooks {
    /// The function every new value must satisfy, if any.
    pub validator: Option<crate::value::Value>,
    /// The watches: key and function of four arguments (key, atom, old value, new value).
    pub watches: Vec<(crate::value::Value, crate::value::Value)>,
}

impl AtomCell {
    /// A cell holding `v`, with no validator and no watches.
    pub fn new(v: crate::value::Value) -> AtomCell {
        AtomCell {
            value: std::sync::Mutex::new(v),
            hooks: std::sync::Mutex::new(AtomHooks::default()),
            hooked: std::sync::atomic::AtomicBool::new(false),
        }
    }
}

impl Deref for AtomCell {
    type Target = std::sync::Mutex<crate::value::Value>;
    fn deref(&self) -> &Self::Target {
        &self.value
    }
}

impl Drop for AtomCell {
    fn drop(&mut self) {
        let v = self.value.get_mut().unwrap_or_else(|e| e.into_inner());
        drop_deep(std::mem::replace(v, crate::value::Value::Nil));
    }
}

/// A tie's nom and body (nominal logic), dropped with `drop_deep`: a body can hold a tie,
/// as deep as a program nests them.
///
/// ```
/// use kanren_clj::value::items::TieCell;
/// use kanren_clj::value::Value;
/// let tie = TieCell { pair: (Value::Int(1), Value::Nil) };
/// assert!(matches!(tie.0, Value::Int(1)));
/// ```
pub struct TieCell {
    /// The nom and the body.
    pub pair: (crate::value::Value, crate::value::Value),
}

impl Deref for TieCell {
    type Target = (crate::value::Value, crate::value::Value);
    fn deref(&self) -> &Self::Target {
        &self.pair
    }
}

impl Drop for TieCell {
    fn drop(&mut self) {
        let nil = || crate::value::Value::Nil;
        drop_deep(std::mem::replace(&mut self.pair, (nil(), nil())));
    }
}

/// Drops `x`, which may hold values nested as deep as a program built them, with the native
/// stack grown on the heap when it runs low. Every drop that can recurse into a nested value
/// (items, a list's head, a lazy seq's thunk, a closure an environment holds) goes through it.
pub(crate) fn drop_deep<T>(x: T) {
    kanren::stack::maybe_grow(32 * 1024, 1024 * 1024, move || drop(x));
}

/// A finite-domain value of `clojure.core.logic.fd`, in the shape core.logic gives it (a
/// one-value domain is an integer and an empty one `nil`, so neither is here):
/// - `Interval(lo, hi)`: core.logic's `IntervalFD`, `lo < hi`, printed `<interval:lo..hi>`.
/// - `Set(values)`: its `FiniteDomain` (`fd/domain`), at least two values, ascending and
///   distinct, printed `<domain:1 3 5>`.
/// - `Multi { min, max, pieces }`: its `MultiIntervalFD`, the pieces as given (in core.logic
///   they need not be sorted, disjoint or apart), each `(lo, hi)` an integer when
///   `lo == hi`; `min` and `max` as core.logic keeps them. Printed
///   `<intervals:<interval:1..3> 5>`.
///
/// Two are `=` when of one kind and: the same bounds, the same values, or (multi-intervals)
/// the same `min`, `max` and pieces once adjacent ones are joined.
///
/// ```
/// use kanren_clj::value::items::FdDom;
/// let m = FdDom::Multi { min: 1, max: 9, pieces: vec![(1, 3), (5, 5), (6, 9)] };
/// assert_eq!(m.to_string(), "<intervals:<interval:1..3> 5 <interval:6..9>>");
/// assert_eq!(m, FdDom::Multi { min: 1, max: 9, pieces: vec![(1, 3), (5, 9)] });
/// assert_ne!(FdDom::Interval(1, 3), FdDom::Set(vec![1, 2, 3]));
/// ```
#[derive(Clone, Debug)]
pub enum FdDom {
    /// `IntervalFD`: the integers `lo..=hi`, `lo < hi`.
    Interval(i64, i64),
    /// `FiniteDomain`: these values, ascending, at least two.
    Set(Vec<i64>),
    /// `MultiIntervalFD`: its bounds and its pieces `(lo, hi)`, in the order given.
    Multi {
        /// The lower bound core.logic keeps.
        min: i64,
        /// The upper bound core.logic keeps.
        max: i64,
        /// The pieces, each `lo <= hi`.
        pieces: Vec<(i64, i64)>,
    },
}

impl FdDom {
    /// The pieces, each `(lo, hi)`: core.logic's `-intervals` (a set's values one by one).
    pub fn pieces(&self) -> Vec<(i64, i64)> {
        match self {
            FdDom::Interval(lo, hi) => vec![(*lo, *hi)],
            FdDom::Set(vs) => vs.iter().map(|&v| (v, v)).collect(),
            FdDom::Multi { pieces, .. } => pieces.clone(),
        }
    }

    /// The lower and upper bound (core.logic's `-lb`, `-ub`).
    pub fn bounds(&self) -> (i64, i64) {
        match self {
            FdDom::Interval(lo, hi) => (*lo, *hi),
            FdDom::Set(vs) => (vs[0], vs[vs.len() - 1]),
            FdDom::Multi { min, max, .. } => (*min, *max),
        }
    }

    /// The JVM class core.logic gives this kind.
    pub fn class_name(&self) -> &'static str {
        match self {
            FdDom::Interval(..) => "clojure.core.logic.fd.IntervalFD",
            FdDom::Set(_) => "clojure.core.logic.fd.FiniteDomain",
            FdDom::Multi { .. } => "clojure.core.logic.fd.MultiIntervalFD",
        }
    }

    /// A hash that agrees with `=`.
    pub fn hash_code(&self) -> i64 {
        let (lo, hi) = self.bounds();
        let kind = match self {
            FdDom::Interval(..) => 1,
            FdDom::Set(_) => 2,
            FdDom::Multi { .. } => 3,
        };
        (kind * 31 + lo).wrapping_mul(31).wrapping_add(hi)
    }

    /// What a keyword looks up: a set's `:s` (a sorted set), `:min`, `:max`; a
    /// multi-interval's `:is` (its pieces), `:min`, `:max`; nothing of an interval.
    pub fn lookup(&self, key: &crate::value::Value) -> Option<crate::value::Value> {
        use crate::value::Value;
        let crate::value::Value::Keyword(k) = key else {
            return None;
        };
        let (lo, hi) = self.bounds();
        match (self, &**k) {
            (FdDom::Interval(..), _) => None,
            (_, "min") => Some(Value::Int(lo)),
            (_, "max") => Some(Value::Int(hi)),
            (FdDom::Set(vs), "s") => {
                let entries = vs.iter().map(|&v| (Value::Int(v), Value::Int(v))).collect();
                let empty =
                    crate::value::sorted::Sorted::empty(None, crate::value::sorted::natural());
                let set = crate::value::sorted::rebuild(&empty, entries);
                Some(Value::SortedSet(Arc::new(set)))
            }
            (FdDom::Multi { pieces, .. }, "is") => Some(Value::Vector(Items::arc(
                pieces.iter().map(|&p| piece_value(p)).collect(),
            ))),
            _ => None,
        }
    }
}

/// A piece `(lo, hi)` as a value: an integer when `lo == hi`, else an interval.
pub fn piece_value((lo, hi): (i64, i64)) -> crate::value::Value {
    if lo == hi {
        crate::value::Value::Int(lo)
    } else {
        crate::value::Value::Domain(Arc::new(FdDom::Interval(lo, hi)))
    }
}

/// Pieces with each one that starts at most one past the previous one joined to it (the
/// previous one's bounds widened), as core.logic's `normalize-intervals` joins them.
pub fn join_adjacent(pieces: &[(i64, i64)]) -> Vec<(i64, i64)> {
    let mut out: Vec<(i64, i64)> = Vec::new();
    for &(lo, hi) in pieces {
        match out.last_mut() {
            Some(last) if lo.saturating_sub(1) <= last.1 => last.1 = last.1.max(hi),
            _ => out.push((lo, hi)),
        }
    }
    out
}

impl PartialEq for FdDom {
    fn eq(&self, other: &FdDom) -> bool {
        match (self, other) {
            (FdDom::Interval(a, b), FdDom::Interval(c, d)) => (a, b) == (c, d),
            (FdDom::Set(a), FdDom::Set(b)) => a == b,
            (FdDom::Multi { pieces: p, .. }, FdDom::Multi { pieces: q, .. }) => {
                self.bounds() == other.bounds() && join_adjacent(p) == join_adjacent(q)
            }
            _ => false,
        }
    }
}

impl std::fmt::Display for FdDom {
    /// core.logic's printed form.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let piece = |f: &mut std::fmt::Formatter<'_>, (lo, hi): (i64, i64)| {
            if lo == hi {
                write!(f, "{lo}")
            } else {
                write!(f, "<interval:{lo}..{hi}>")
            }
        };
        match self {
            FdDom::Interval(lo, hi) => piece(f, (*lo, *hi)),
            FdDom::Set(vs) => {
                f.write_str("<domain:")?;
                for (i, v) in vs.iter().enumerate() {
                    write!(f, "{}{v}", if i > 0 { " " } else { "" })?;
                }
                f.write_str(">")
            }
            FdDom::Multi { pieces, .. } => {
                f.write_str("<intervals:")?;
                for (i, &p) in pieces.iter().enumerate() {
                    if i > 0 {
                        f.write_str(" ")?;
                    }
                    piece(f, p)?;
                }
                f.write_str(">")
            }
        }
    }
}

//! The items of a vector or set, and the pairs of a map: a `Vec` that drops its items with
//! the native stack grown on the heap when it runs low, so a value nested a million deep
//! (`(reduce (fn [a _] [a]) [] (range 1000000))`) is freed without overflowing the stack.

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

/// What an atom holds: a value behind a lock, dropped with [`drop_deep`] (an atom can hold
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

/// A tie's nom and body (nominal logic), dropped with [`drop_deep`]: a body can hold a tie,
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
    stacker::maybe_grow(32 * 1024, 1024 * 1024, move || drop(x));
}

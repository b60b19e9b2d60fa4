//! The items of a vector or set, and the pairs of a map: a `Vec` that drops its items with
//! the native stack grown on the heap when it runs low, so a value nested a million deep
//! (`(reduce (fn [a _] [a]) [] (range 1000000))`) is freed without overflowing the stack.

use std::ops::{Deref, DerefMut};
use std::sync::Arc;

/// A collection's items (see the module's doc).
///
/// ```
/// use kanren_clj::items::Items;
/// let items = Items::arc(vec![1, 2, 3]);
/// assert_eq!(items.len(), 3);
/// assert_eq!(items.to_vec(), [1, 2, 3]);
/// ```
#[derive(Clone)]
pub struct Items<T>(Vec<T>);

impl<T> Items<T> {
    /// The items behind an `Arc`, as the values hold them.
    pub fn arc(items: Vec<T>) -> Arc<Items<T>> {
        Arc::new(Items(items))
    }
}

impl<T> Deref for Items<T> {
    type Target = Vec<T>;
    fn deref(&self) -> &Vec<T> {
        &self.0
    }
}

impl<T> DerefMut for Items<T> {
    fn deref_mut(&mut self) -> &mut Vec<T> {
        &mut self.0
    }
}

impl<T> Drop for Items<T> {
    fn drop(&mut self) {
        if !self.0.is_empty() {
            drop_deep(std::mem::take(&mut self.0));
        }
    }
}

/// Drops `x`, which may hold values nested as deep as a program built them, with the native
/// stack grown on the heap when it runs low. Every drop that can recurse into a nested value
/// (items, a list's head, a lazy seq's thunk, a closure an environment holds) goes through it.
pub(crate) fn drop_deep<T>(x: T) {
    stacker::maybe_grow(32 * 1024, 1024 * 1024, move || drop(x));
}

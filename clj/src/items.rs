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
/// assert_eq!(Items::into_vec(items), [1, 2, 3]);
/// ```
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Items<T>(Vec<T>);

impl<T> Items<T> {
    /// The items behind an `Arc`, as the values hold them.
    pub fn arc(items: Vec<T>) -> Arc<Items<T>> {
        Arc::new(Items(items))
    }

    /// The items as a vector: moved out when this is their only owner, else cloned.
    pub fn into_vec(items: Arc<Items<T>>) -> Vec<T>
    where
        T: Clone,
    {
        match Arc::try_unwrap(items) {
            Ok(mut own) => std::mem::take(&mut own.0),
            Err(shared) => shared.0.clone(),
        }
    }
}

impl<T> From<Vec<T>> for Items<T> {
    fn from(items: Vec<T>) -> Items<T> {
        Items(items)
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
            let items = std::mem::take(&mut self.0);
            stacker::maybe_grow(32 * 1024, 1024 * 1024, move || drop(items));
        }
    }
}

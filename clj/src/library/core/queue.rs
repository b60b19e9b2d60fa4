//! `clojure.lang.PersistentQueue`: a queue is a vector whose items carry the queue class as
//! their tag (`Items::tag`, as a record's map carries its record class). `conj` adds at the
//! end and keeps the tag, so every vector operation that appends applies; `peek` and `pop`
//! (in `map.rs`) read and drop the oldest item, `empty` keeps the queue, `vector?` is false
//! and `list?` true, and it prints as the JVM prints the object.
//!
//! Time: `conj` and `peek` O(1), `pop` O(n) (it copies the items after the first).

use crate::value::items::Items;
use crate::value::Value;
use std::sync::Arc;

/// The class's name.
pub const CLASS: &str = "clojure.lang.PersistentQueue";

/// An empty queue (`clojure.lang.PersistentQueue/EMPTY`).
pub fn empty() -> Value {
    match crate::value::class::named(CLASS) {
        Some(class) => Value::Vector(Items::tagged(Vec::new(), class)),
        None => Value::vector(Vec::new()),
    }
}

/// Whether `v` is a queue.
pub fn is_queue(v: &Value) -> bool {
    matches!(v, Value::Vector(items) if items.tag.is_some())
}

/// `(pop q)`: the queue without its oldest item (the empty queue stays empty).
pub fn pop(items: &Arc<Items<Value>>) -> Value {
    let mut rest = Items::clone(items);
    if !rest.is_empty() {
        rest.remove(0);
    }
    Value::Vector(Arc::new(rest))
}

/// Defines `clojure.lang.PersistentQueue/EMPTY`.
pub fn install() {
    crate::eval::ns::define(CLASS, "EMPTY", empty());
}

//! `clojure.lang.PersistentQueue`: a queue is a vector whose items carry the queue class as
//! their tag (`Items::tag`, as a record's map carries its record class). `conj` adds at the
//! end and keeps the tag, so every vector operation that appends applies; `peek` and `pop`
//! (in `map.rs`) read and drop the oldest item, `empty` keeps the queue, `vector?` is false
//! and `list?` true, and it prints as the JVM prints the object.
//!
//! Time: `conj` and `peek` O(1), `pop` O(n) (it copies the items after the first).

use crate::value::class::Class;
use crate::value::items::Items;
use crate::value::Value;
use std::sync::{Arc, OnceLock};

/// The class's name.
pub const CLASS: &str = "clojure.lang.PersistentQueue";

/// An empty queue (`clojure.lang.PersistentQueue/EMPTY`). Its tag only names the class
/// (`value::class::class_of` finds the class itself by that name), so making one does not
/// build the table of classes.
pub fn empty() -> Value {
    static TAG: OnceLock<Arc<Class>> = OnceLock::new();
    let tag = TAG.get_or_init(|| Arc::new(Class::new(CLASS, false, &[])));
    Value::Vector(Items::tagged(Vec::new(), tag.clone()))
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

/// Defines `clojure.lang.PersistentQueue/EMPTY` (on the first use of a static member of
/// the class: see `library::java`).
pub fn install() {
    crate::eval::ns::define(CLASS, "EMPTY", empty());
}

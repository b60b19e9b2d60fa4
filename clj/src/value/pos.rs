//! Source positions of forms: where each list form the reader read was, kept in a side table
//! by the address of its first cell, for the errors that name the form.

use crate::value::error::Pos;
use crate::value::{Cons, Value};
use std::cell::RefCell;
use std::collections::HashMap;
use std::sync::{Arc, Weak};

thread_local! {
    /// Where each list form read was, by the address of its first cell. The entry holds a weak
    /// reference to the cell, which keeps its allocation (not its contents): the address is not
    /// reused by a list built later while the entry lives, so no built list is given the
    /// position of a read one that is gone.
    static POSITIONS: RefCell<Positions> = RefCell::new(Positions::default());
}

#[derive(Default)]
struct Positions {
    by_cell: HashMap<usize, (Weak<Cons>, Pos)>,
    /// The size at which entries of freed forms are dropped.
    prune_at: usize,
}

/// The source position of a list form read by the reader, if it was read (not built).
///
/// ```
/// use kanren_clj::reader::{pos_of, read_all};
/// let forms = read_all("1\n  (f x)").unwrap();
/// assert_eq!(pos_of(&forms[1]).map(|p| (p.line, p.col)), Some((2, 3)));
/// use kanren_clj::value::Value;
/// assert_eq!(pos_of(&Value::list(vec![forms[0].clone()])), None);
/// // A form that is gone lends its position to no list built after it.
/// drop(forms);
/// for _ in 0..1000 {
///     assert_eq!(pos_of(&Value::list(vec![Value::Nil, Value::Nil])), None);
/// }
/// ```
pub fn pos_of(form: &Value) -> Option<Pos> {
    match form {
        Value::List(c) => {
            let key = Arc::as_ptr(c) as usize;
            POSITIONS.with(|p| p.borrow().by_cell.get(&key).map(|(_, pos)| *pos))
        }
        _ => None,
    }
}

/// Records that the list form `form` was read at `pos` (the reader calls this).
pub fn record(form: &Value, pos: Pos) {
    if let Value::List(c) = form {
        let key = Arc::as_ptr(c) as usize;
        POSITIONS.with(|p| {
            let mut p = p.borrow_mut();
            if p.by_cell.len() >= p.prune_at {
                p.by_cell.retain(|_, (cell, _)| cell.strong_count() > 0);
                p.prune_at = (2 * p.by_cell.len()).max(1024);
            }
            p.by_cell.insert(key, (Arc::downgrade(c), pos));
        });
    }
}

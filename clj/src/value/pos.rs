//! Source positions of forms: where each list form the reader read was, kept in its first
//! cell ([`Cons`](crate::value::Cons)'s last field), for the errors that name the form.

use crate::value::error::Pos;
use crate::value::Value;

/// The source position of a list form read by the reader, if it was read (not built).
///
/// ```
/// use kanren_clj::reader::{pos_of, read_all};
/// let forms = read_all("1\n  (f x)").unwrap();
/// assert_eq!(pos_of(&forms[1]).map(|p| (p.line, p.col)), Some((2, 3)));
/// use kanren_clj::value::Value;
/// // A list built from read forms was not read.
/// assert_eq!(pos_of(&Value::list(vec![forms[1].clone()])), None);
/// ```
pub fn pos_of(form: &Value) -> Option<Pos> {
    match form {
        Value::List(c) if c.4.line > 0 => Some(c.4),
        _ => None,
    }
}

/// Records that the list form `form`, just read and held by nothing else, was read at `pos`
/// (the reader calls this).
pub fn record(form: &mut Value, pos: Pos) {
    if let Value::List(c) = form {
        if let Some(cell) = triomphe::Arc::get_mut(c) {
            cell.4 = pos;
        }
    }
}

//! Boxes that hold one value: `reduced`, `volatile!`, `delay`, `promise`, `future` (which
//! runs its body at once: the evaluator has no threads) and the vars of `with-local-vars`.
//!
//! Representation: a kind and, behind a lock, the value with whether it is there yet. A
//! pending delay holds the function that computes it (run by the library, which can call
//! functions); an undelivered promise holds `nil`.

use crate::value::Value;
use std::sync::Mutex;

/// What a [`Cell`] is.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum CellKind {
    /// `(reduced x)`: ends a reduction early.
    Reduced,
    /// `(volatile! x)`: a mutable box.
    Volatile,
    /// `(delay ...)`: computed once, when first dereferenced.
    Delay,
    /// `(promise)`: delivered once.
    Promise,
    /// `(future ...)`: computed when made.
    Future,
    /// A var outside any namespace (`with-local-vars`): its value, set with `var-set`.
    Var,
}

/// A box of one value (see the module's doc).
pub struct Cell {
    /// Its kind.
    pub kind: CellKind,
    /// The value, and whether it is there (a pending delay holds its function).
    pub state: Mutex<(Value, bool)>,
}

impl Cell {
    /// A cell of `kind` holding `v`, there (`ready`) or not.
    pub fn new(kind: CellKind, v: Value, ready: bool) -> Cell {
        Cell {
            kind,
            state: Mutex::new((v, ready)),
        }
    }

    /// The value and whether it is there.
    pub fn get(&self) -> (Value, bool) {
        self.state.lock().unwrap_or_else(|e| e.into_inner()).clone()
    }

    /// Puts `v` in, there.
    pub fn set(&self, v: Value) {
        *self.state.lock().unwrap_or_else(|e| e.into_inner()) = (v, true);
    }
}

impl Drop for Cell {
    fn drop(&mut self) {
        let s = self.state.get_mut().unwrap_or_else(|e| e.into_inner());
        crate::value::items::drop_deep(std::mem::replace(&mut s.0, Value::Nil));
    }
}

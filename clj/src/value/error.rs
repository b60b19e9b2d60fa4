//! Errors: a message and the source position (line and column) of the form that failed.

use std::fmt;

/// A position in the source: line and column, both from 1.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Pos {
    /// Line, from 1.
    pub line: u32,
    /// Column, from 1.
    pub col: u32,
}

impl fmt::Display for Pos {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.line, self.col)
    }
}

/// What went wrong.
#[derive(Clone, Debug)]
pub enum Kind {
    /// An error with a message.
    Msg(String),
    /// `(recur ...)`: not an error, unwinds to the enclosing `loop` or `fn`.
    Recur(Vec<crate::value::Value>),
    /// A value thrown with `throw` (`ex-info`).
    Thrown(crate::value::Value),
}

/// An error of reading or evaluating, with the position of the innermost form that knows it.
///
/// ```
/// let e = kanren_clj::eval_str("(+ 1 :a)").unwrap_err();
/// assert!(e.to_string().contains("1:1"));
/// ```
#[derive(Clone, Debug)]
pub struct Error {
    /// What went wrong.
    pub kind: Kind,
    /// Where, if known.
    pub pos: Option<Pos>,
    /// The source file, if known.
    pub file: Option<std::sync::Arc<str>>,
}

/// The result of reading or evaluating.
pub type Result<T> = std::result::Result<T, Error>;

impl Error {
    /// An error with a message and no position yet.
    pub fn msg(m: impl Into<String>) -> Error {
        Error {
            kind: Kind::Msg(m.into()),
            pos: None,
            file: None,
        }
    }

    /// An error with a message at a position.
    pub fn at(m: impl Into<String>, pos: Pos) -> Error {
        Error {
            kind: Kind::Msg(m.into()),
            pos: Some(pos),
            file: None,
        }
    }

    /// Sets the position unless one is already known.
    pub fn with_pos(mut self, pos: Option<Pos>) -> Error {
        if self.pos.is_none() {
            self.pos = pos;
        }
        self
    }

    /// The message, without the position.
    pub fn message(&self) -> String {
        match &self.kind {
            Kind::Msg(m) => m.clone(),
            Kind::Recur(_) => "recur used outside of a loop or fn tail position".into(),
            Kind::Thrown(v) => format!("thrown: {}", crate::value::printer::pr_str(v)),
        }
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (&self.file, self.pos) {
            (Some(file), Some(p)) => write!(f, "{file}:{p}: {}", self.message()),
            (None, Some(p)) => write!(f, "{p}: {}", self.message()),
            (Some(file), None) => write!(f, "{file}: {}", self.message()),
            (None, None) => f.write_str(&self.message()),
        }
    }
}

impl std::error::Error for Error {}

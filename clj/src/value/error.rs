//! Errors: a message, its Java exception class, and the source position (line and column) of
//! the form that failed; exceptions as values ([`Throwable`]) and the class hierarchy that
//! `catch` clauses match against ([`is_subclass`]).

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
    /// An error with a message, of class `java.lang.RuntimeException`.
    Msg(String),
    /// An error of a Java exception class (its qualified name, one of [`CLASSES`]) with a
    /// message: `ArithmeticException` "Divide by zero", `ArityException`, ... (boxed: an error
    /// is no larger than a plain message's, so results stay small on the paths that succeed).
    Ex(Box<(&'static str, String)>),
    /// `(recur ...)`: not an error, unwinds to the enclosing `loop` or `fn`.
    Recur(Vec<crate::value::Value>),
    /// A value thrown with `throw`: an exception value (`ex-info`, `(Exception. "m")`).
    Thrown(crate::value::Value),
}

/// An error of reading or evaluating, with the position of the innermost form that knows it.
/// One pointer to its [`ErrorData`] (whose fields it derefs to): every evaluation returns a
/// `Result<Value>`, and a result is then no larger than a value.
///
/// ```
/// let e = kanren_clj::eval_str("(+ 1 :a)").unwrap_err();
/// assert!(e.to_string().contains("1:1"));
/// assert!(e.pos.is_some());
/// ```
#[derive(Clone, Debug)]
pub struct Error(Box<ErrorData>);

/// What an [`Error`] holds.
#[derive(Clone, Debug)]
pub struct ErrorData {
    /// What went wrong.
    pub kind: Kind,
    /// Where, if known.
    pub pos: Option<Pos>,
    /// The source file, if known.
    pub file: Option<std::sync::Arc<str>>,
}

impl std::ops::Deref for Error {
    type Target = ErrorData;
    fn deref(&self) -> &ErrorData {
        &self.0
    }
}

impl std::ops::DerefMut for Error {
    fn deref_mut(&mut self) -> &mut ErrorData {
        &mut self.0
    }
}

/// The result of reading or evaluating.
pub type Result<T> = std::result::Result<T, Error>;

impl Error {
    /// An error of `kind` at `pos` in `file`.
    pub fn new(kind: Kind, pos: Option<Pos>, file: Option<std::sync::Arc<str>>) -> Error {
        Error(Box::new(ErrorData { kind, pos, file }))
    }

    /// What went wrong, taken out of the error.
    pub fn into_kind(self) -> Kind {
        self.0.kind
    }

    /// An error with a message and no position yet.
    pub fn msg(m: impl Into<String>) -> Error {
        Error::new(Kind::Msg(m.into()), None, None)
    }

    /// An error of the Java exception class `class` (a qualified name of [`CLASSES`]).
    ///
    /// ```
    /// use kanren_clj::value::error::{Error, ARITHMETIC};
    /// let e = Error::ex(ARITHMETIC, "Divide by zero");
    /// assert_eq!(e.class(), "java.lang.ArithmeticException");
    /// assert_eq!(e.message(), "Divide by zero");
    /// ```
    pub fn ex(class: &'static str, m: impl Into<String>) -> Error {
        Error::new(Kind::Ex(Box::new((class, m.into()))), None, None)
    }

    /// The qualified name of the error's Java class (`java.lang.RuntimeException` for a plain
    /// message).
    pub fn class(&self) -> &str {
        match &self.kind {
            Kind::Msg(_) | Kind::Recur(_) => RUNTIME,
            Kind::Ex(e) => e.0,
            Kind::Thrown(crate::value::Value::Exception(t)) => &t.class,
            Kind::Thrown(_) => RUNTIME,
        }
    }

    /// The error as the exception value a `catch` clause binds: the thrown value itself, or
    /// a new exception of the error's class and message.
    pub fn to_value(&self) -> crate::value::Value {
        match &self.kind {
            Kind::Thrown(v) => v.clone(),
            _ => crate::value::Value::Exception(std::sync::Arc::new(Throwable::new(
                self.class(),
                Some(self.message()),
            ))),
        }
    }

    /// The error as Clojure's REPL reports an uncaught one: `Execution error
    /// (ArithmeticException) at 3:5: Divide by zero` (a symbol that resolves to nothing is a
    /// `Syntax error compiling`); an error of no Java class (a read error) is its position and
    /// message.
    ///
    /// ```
    /// use kanren_clj::value::error::{Error, ARITHMETIC, Pos};
    /// let e = Error::ex(ARITHMETIC, "Divide by zero").with_pos(Some(Pos { line: 3, col: 5 }));
    /// assert_eq!(e.report(), "Execution error (ArithmeticException) at 3:5: Divide by zero");
    /// ```
    pub fn report(&self) -> String {
        let at = match (&self.file, self.pos) {
            (Some(file), Some(p)) => format!(" at {file}:{p}"),
            (None, Some(p)) => format!(" at {p}"),
            (Some(file), None) => format!(" at {file}"),
            (None, None) => String::new(),
        };
        let class = self.class();
        let simple = class.rsplit(['.', '$']).next().unwrap_or(class);
        match self.kind {
            Kind::Msg(_) | Kind::Recur(_) => self.to_string(),
            Kind::Ex(ref e) if e.0 == COMPILER => {
                format!("Syntax error compiling{at}: {}", self.message())
            }
            _ => format!("Execution error ({simple}){at}: {}", self.message()),
        }
    }

    /// An error with a message at a position.
    pub fn at(m: impl Into<String>, pos: Pos) -> Error {
        Error::new(Kind::Msg(m.into()), Some(pos), None)
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
            Kind::Ex(e) => e.1.clone(),
            Kind::Recur(_) => "recur used outside of a loop or fn tail position".into(),
            Kind::Thrown(crate::value::Value::Exception(t)) => {
                t.message.as_deref().unwrap_or("").to_string()
            }
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

/// `java.lang.Throwable`, the root of the exception classes.
pub const THROWABLE: &str = "java.lang.Throwable";
/// `java.lang.Exception`.
pub const EXCEPTION: &str = "java.lang.Exception";
/// `java.lang.RuntimeException`: the class of an error with no more specific one.
pub const RUNTIME: &str = "java.lang.RuntimeException";
/// `clojure.lang.ExceptionInfo`: `ex-info`'s class.
pub const EX_INFO: &str = "clojure.lang.ExceptionInfo";
/// `java.lang.IllegalArgumentException`.
pub const ILLEGAL_ARGUMENT: &str = "java.lang.IllegalArgumentException";
/// `java.lang.IllegalStateException`.
pub const ILLEGAL_STATE: &str = "java.lang.IllegalStateException";
/// `clojure.lang.ArityException`: a function called with a wrong number of arguments.
pub const ARITY: &str = "clojure.lang.ArityException";
/// `java.lang.ArithmeticException`: "Divide by zero", "integer overflow".
pub const ARITHMETIC: &str = "java.lang.ArithmeticException";
/// `java.lang.ClassCastException`: a value of the wrong type (not a function, not a number).
pub const CLASS_CAST: &str = "java.lang.ClassCastException";
/// `java.lang.NullPointerException`.
pub const NULL_POINTER: &str = "java.lang.NullPointerException";
/// `java.lang.IndexOutOfBoundsException`.
pub const INDEX_OUT_OF_BOUNDS: &str = "java.lang.IndexOutOfBoundsException";
/// `java.lang.StringIndexOutOfBoundsException`.
pub const STRING_INDEX: &str = "java.lang.StringIndexOutOfBoundsException";
/// `java.lang.NumberFormatException`.
pub const NUMBER_FORMAT: &str = "java.lang.NumberFormatException";
/// `java.lang.UnsupportedOperationException`.
pub const UNSUPPORTED: &str = "java.lang.UnsupportedOperationException";
/// `java.lang.Error`.
pub const ERROR: &str = "java.lang.Error";
/// `java.lang.AssertionError`: a failed `assert`.
pub const ASSERTION: &str = "java.lang.AssertionError";
/// `java.lang.StackOverflowError`: recursion too deep.
pub const STACK_OVERFLOW: &str = "java.lang.StackOverflowError";
/// `clojure.lang.Compiler$CompilerException`: a form that does not compile (a symbol that
/// resolves to nothing).
pub const COMPILER: &str = "clojure.lang.Compiler$CompilerException";

/// The exception classes kanren knows, each with its superclass (`None` for `Throwable`).
pub const CLASSES: &[(&str, Option<&str>)] = &[
    (THROWABLE, None),
    (EXCEPTION, Some(THROWABLE)),
    (RUNTIME, Some(EXCEPTION)),
    (EX_INFO, Some(RUNTIME)),
    (ILLEGAL_ARGUMENT, Some(RUNTIME)),
    (ARITY, Some(ILLEGAL_ARGUMENT)),
    (NUMBER_FORMAT, Some(ILLEGAL_ARGUMENT)),
    (ILLEGAL_STATE, Some(RUNTIME)),
    (ARITHMETIC, Some(RUNTIME)),
    (CLASS_CAST, Some(RUNTIME)),
    (NULL_POINTER, Some(RUNTIME)),
    (INDEX_OUT_OF_BOUNDS, Some(RUNTIME)),
    (STRING_INDEX, Some(INDEX_OUT_OF_BOUNDS)),
    (
        "java.lang.ArrayIndexOutOfBoundsException",
        Some(INDEX_OUT_OF_BOUNDS),
    ),
    (UNSUPPORTED, Some(RUNTIME)),
    ("java.util.NoSuchElementException", Some(RUNTIME)),
    ("java.util.ConcurrentModificationException", Some(RUNTIME)),
    (COMPILER, Some(RUNTIME)),
    ("java.lang.InterruptedException", Some(EXCEPTION)),
    ("java.io.IOException", Some(EXCEPTION)),
    ("java.io.FileNotFoundException", Some("java.io.IOException")),
    ("java.util.concurrent.TimeoutException", Some(EXCEPTION)),
    (ERROR, Some(THROWABLE)),
    (ASSERTION, Some(ERROR)),
    ("java.lang.VirtualMachineError", Some(ERROR)),
    (STACK_OVERFLOW, Some("java.lang.VirtualMachineError")),
    (
        "java.lang.OutOfMemoryError",
        Some("java.lang.VirtualMachineError"),
    ),
];

/// The exception class a class name written in code names: a qualified name of [`CLASSES`],
/// or its simple name (`ArithmeticException`, as `java.lang` is imported in Clojure; also
/// `ExceptionInfo`). `Object` names the root of every class.
///
/// ```
/// use kanren_clj::value::error::class_named;
/// assert_eq!(class_named("Exception"), Some("java.lang.Exception"));
/// assert_eq!(class_named("clojure.lang.ExceptionInfo"), Some("clojure.lang.ExceptionInfo"));
/// assert_eq!(class_named("Foo"), None);
/// ```
pub fn class_named(name: &str) -> Option<&'static str> {
    if name == "Object" || name == "java.lang.Object" {
        return Some("java.lang.Object");
    }
    CLASSES.iter().map(|(c, _)| *c).find(|c| {
        *c == name
            || c.rsplit(['.', '$']).next() == Some(name)
                && (c.starts_with("java.lang.") || c.starts_with("clojure.lang."))
    })
}

/// Whether class `c` is `ancestor` or one of its subclasses (everything is an `Object`).
///
/// ```
/// use kanren_clj::value::error::{is_subclass, ARITY, RUNTIME, ERROR};
/// assert!(is_subclass(ARITY, RUNTIME));
/// assert!(!is_subclass(ARITY, ERROR));
/// ```
pub fn is_subclass(c: &str, ancestor: &str) -> bool {
    if ancestor == "java.lang.Object" {
        return true;
    }
    let mut cur = Some(c);
    while let Some(k) = cur {
        if k == ancestor {
            return true;
        }
        cur = CLASSES.iter().find(|(n, _)| *n == k).and_then(|(_, p)| *p);
    }
    false
}

/// An exception as a value: what `ex-info`, `(Exception. "m")` and a `catch` give. Its
/// message and cause are fixed when it is made, as a Java exception's are.
#[derive(Clone, Debug)]
pub struct Throwable {
    /// The qualified name of its class (`clojure.lang.ExceptionInfo`).
    pub class: std::sync::Arc<str>,
    /// The message (`nil` when made with none).
    pub message: Option<String>,
    /// `ex-info`'s map (`None` for other classes).
    pub data: Option<crate::value::Value>,
    /// The cause: another exception value, if any.
    pub cause: Option<crate::value::Value>,
}

impl Throwable {
    /// An exception of `class` with a message and no data or cause.
    pub fn new(class: &str, message: Option<String>) -> Throwable {
        Throwable {
            class: class.into(),
            message,
            data: None,
            cause: None,
        }
    }
}

impl Throwable {
    /// The exception and its causes, outermost first.
    pub fn chain(self: &std::sync::Arc<Throwable>) -> Vec<std::sync::Arc<Throwable>> {
        let mut out = vec![self.clone()];
        while let Some(crate::value::Value::Exception(c)) = &out[out.len() - 1].cause {
            if out.len() > 1000 {
                break;
            }
            out.push(c.clone());
        }
        out
    }

    /// `Throwable->map`: `{:via [{:type C :message m :data d} ...] :trace [] :cause m :data
    /// d}`, with `:via` from the outermost exception to the root cause, `:cause` and `:data`
    /// the root cause's. `:trace` is empty and `:at` absent: kanren keeps no Java stack.
    pub fn to_map(self: &std::sync::Arc<Throwable>) -> crate::value::Value {
        use crate::value::Value;
        let msg = |t: &Throwable| t.message.as_deref().map_or(Value::Nil, Value::str);
        let chain = self.chain();
        let via = chain
            .iter()
            .map(|t| {
                let mut m = vec![
                    (Value::kw("type"), Value::sym(&t.class)),
                    (Value::kw("message"), msg(t)),
                ];
                if let Some(d) = &t.data {
                    m.push((Value::kw("data"), d.clone()));
                }
                Value::Map(crate::value::items::Items::arc(m))
            })
            .collect();
        let root = &chain[chain.len() - 1];
        let mut m = vec![
            (Value::kw("via"), Value::vector(via)),
            (Value::kw("trace"), Value::vector(Vec::new())),
            (Value::kw("cause"), msg(root)),
        ];
        if let Some(d) = &root.data {
            m.push((Value::kw("data"), d.clone()));
        }
        Value::Map(crate::value::items::Items::arc(m))
    }

    /// Java's `toString`: `java.lang.Exception: m` (`clojure.lang.ExceptionInfo: m {:a 1}`).
    pub fn to_java_string(&self) -> String {
        let mut s = self.class.to_string();
        if let Some(m) = &self.message {
            s.push_str(": ");
            s.push_str(m);
        }
        if let Some(d) = &self.data {
            s.push(' ');
            s.push_str(&crate::value::printer::pr_str(d));
        }
        s
    }
}

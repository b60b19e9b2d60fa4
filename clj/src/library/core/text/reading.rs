//! The reader as functions: `read` and `read+string` (from the standard input, or from a
//! reader object), `load-reader`, `read-line`, and the reader's data as values:
//! `tagged-literal`/`tagged-literal?`, `reader-conditional`/`reader-conditional?`,
//! `default-data-readers`.
//!
//! Sources: the standard input (`(read)`, `(read-line)`: kanren has no `*in*` var), whose
//! text read but not yet used is kept in one buffer that both take from, so a `read`
//! followed by a `read-line` sees the rest of the line, as in Clojure; or a reader object
//! (`files`' reader: `(java.io.StringReader. s)`, `(java.io.PushbackReader. r)`,
//! `(clojure.java.io/reader file)`), whose text after the form read is put back in it.
//!
//! A tagged literal and a reader conditional are maps of the record-like classes
//! `clojure.lang.TaggedLiteral` (`:tag`, `:form`) and `clojure.lang.ReaderConditional`
//! (`:form`, `:splicing?`), printed as Clojure prints them (`#foo 1`, `#?(:clj 1)`).
//!
//! DIVERGENCE: kanren has no `java.util.Date` or `java.util.UUID`, and its reader reads
//! `#inst "..."` and `#uuid "..."` as their strings; `default-data-readers` maps `inst` and
//! `uuid` to functions that give the string as it is.

use crate::library::core::{arity, get, reg};
use crate::reader::Reader;
use crate::value::class::Class;
use crate::value::error::{Error, Result};
use crate::value::items::Items;
use crate::value::Value;
use std::cell::RefCell;
use std::sync::Arc;

/// The class of a tagged literal.
pub const TAGGED_LITERAL: &str = "clojure.lang.TaggedLiteral";
/// The class of a reader conditional.
pub const READER_CONDITIONAL: &str = "clojure.lang.ReaderConditional";

thread_local! {
    /// Text read from the standard input that no `read` or `read-line` has used yet.
    static STDIN: RefCell<String> = const { RefCell::new(String::new()) };
}

/// Appends the next line of the standard input to the buffer; `false` at its end.
fn more_stdin() -> bool {
    let mut line = String::new();
    match std::io::stdin().read_line(&mut line) {
        Ok(0) | Err(_) => false,
        Ok(_) => {
            STDIN.with(|s| s.borrow_mut().push_str(&line));
            true
        }
    }
}

/// The next line of the standard input without its line end, `nil` at its end.
pub fn read_line() -> Value {
    loop {
        let line = STDIN.with(|s| {
            let mut s = s.borrow_mut();
            let i = s.find('\n')?;
            let line: String = s.drain(..=i).collect();
            Some(line.trim_end_matches(['\n', '\r']).to_string())
        });
        if let Some(l) = line {
            return Value::str(&l);
        }
        if !more_stdin() {
            let rest = STDIN.with(|s| std::mem::take(&mut *s.borrow_mut()));
            return if rest.is_empty() {
                Value::Nil
            } else {
                Value::str(&rest)
            };
        }
    }
}

/// What `read` does at the end of its input: give `eof` (`Some`) or fail.
type Eof = Option<Value>;

/// One form of `text` with its text, and the text after it; `None` when `text` holds no
/// form.
fn read_first(text: &str) -> Result<Option<(Value, String, String)>> {
    let mut r = Reader::new(text);
    let Some((span, _, form)) = r.read_spanned()? else {
        return Ok(None);
    };
    let chars: Vec<char> = text.chars().collect();
    let read: String = chars[span.clone()].iter().collect();
    let rest: String = chars[span.end..].iter().collect();
    Ok(Some((form, read, rest)))
}

fn at_eof(eof: Eof) -> Result<(Value, String)> {
    eof.map(|v| (v, String::new()))
        .ok_or_else(|| Error::msg("EOF while reading"))
}

/// One form from the standard input, reading lines until one is complete.
fn read_stdin(eof: Eof) -> Result<(Value, String)> {
    loop {
        let text = STDIN.with(|s| s.borrow().clone());
        match read_first(&text) {
            Ok(Some((form, read, rest))) => {
                STDIN.with(|s| *s.borrow_mut() = rest);
                return Ok((form, read));
            }
            Ok(None) if !more_stdin() => {
                STDIN.with(|s| s.borrow_mut().clear());
                return at_eof(eof);
            }
            Err(e) if e.message().starts_with("EOF") && more_stdin() => {}
            Err(e) => {
                STDIN.with(|s| s.borrow_mut().clear());
                return Err(e);
            }
            Ok(None) => {}
        }
    }
}

/// Whether `v` is a reader object.
fn is_reader(v: &Value) -> bool {
    matches!(v, Value::Native(n) if n.name == crate::library::core::files::READER)
}

/// One form from the reader object `r`, the text after it put back.
fn read_reader(r: &Value, eof: Eof) -> Result<(Value, String)> {
    let text = match crate::eval::apply(r, vec![Value::kw("rest")])? {
        Value::Str(s) => s,
        _ => Arc::from(""),
    };
    match read_first(&text)? {
        Some((form, read, rest)) => {
            crate::eval::apply(r, vec![Value::kw("unread"), Value::str(&rest)])?;
            Ok((form, read))
        }
        None => at_eof(eof),
    }
}

/// `read`'s and `read+string`'s arguments: `()`, `(stream)`, `(opts stream)`,
/// `(stream eof-error? eof-value)`, `(stream eof-error? eof-value recursive?)`.
fn read_args(a: &[Value], name: &str) -> Result<(Option<Value>, Eof)> {
    arity(a, 0, 4, name)?;
    Ok(match a {
        [] => (None, None),
        [s] => (Some(s.clone()), None),
        [opts, s] => {
            let eof = match get(opts, &Value::kw("eof"))? {
                Value::Keyword(k) if &*k == "eofthrow" => None,
                _ if !crate::value::coll::contains(opts, &Value::kw("eof"))? => None,
                v => Some(v),
            };
            (Some(s.clone()), eof)
        }
        [s, err, v, ..] => (Some(s.clone()), (!err.truthy()).then(|| v.clone())),
    })
}

/// `read` and `read+string`: the form and its text.
fn read(a: &[Value], name: &str) -> Result<(Value, String)> {
    match read_args(a, name)? {
        (None, eof) => read_stdin(eof),
        (Some(r), eof) if is_reader(&r) => read_reader(&r, eof),
        (Some(other), _) => Err(Error::ex(
            crate::value::error::CLASS_CAST,
            format!(
                "class {} cannot be cast to class java.io.PushbackReader",
                crate::value::class::class_name(&other)
            ),
        )),
    }
}

/// The class named `name` (a row of `value::class`'s table).
fn class(name: &str) -> Result<Arc<Class>> {
    crate::value::class::named(name).ok_or_else(|| Error::msg(format!("no class {name}")))
}

/// Whether `v` is a map of the class `name`.
fn is_of(v: &Value, name: &str) -> bool {
    matches!(v, Value::Map(m) if m.tag.as_ref().is_some_and(|t| &*t.name == name))
}

/// Registers the functions of this module.
pub fn install() {
    let c = "clojure.core";
    reg(c, "read", |a| Ok(read(&a, "read")?.0));
    reg(c, "read+string", |a| {
        let (form, text) = read(&a, "read+string")?;
        Ok(Value::Vector(Items::arc(vec![
            form,
            Value::str(text.trim()),
        ])))
    });
    reg(c, "read-line", |a| {
        arity(&a, 0, 0, "read-line")?;
        Ok(read_line())
    });
    reg(c, "load-reader", |a| {
        arity(&a, 1, 1, "load-reader")?;
        if !is_reader(&a[0]) {
            return Err(Error::msg(format!(
                "load-reader: expected a reader, got {}",
                crate::value::printer::describe(&a[0])
            )));
        }
        match crate::eval::apply(&a[0], vec![Value::kw("rest")])? {
            Value::Str(s) => crate::library::core::read_eval::load_string(&s),
            _ => Ok(Value::Nil),
        }
    });
    reg(c, "tagged-literal", |a| {
        arity(&a, 2, 2, "tagged-literal")?;
        let entries = vec![
            (Value::kw("tag"), a[0].clone()),
            (Value::kw("form"), a[1].clone()),
        ];
        Ok(Value::Map(Items::tagged(entries, class(TAGGED_LITERAL)?)))
    });
    reg(c, "tagged-literal?", |a| {
        arity(&a, 1, 1, "tagged-literal?")?;
        Ok(Value::Bool(is_of(&a[0], TAGGED_LITERAL)))
    });
    reg(c, "reader-conditional", |a| {
        arity(&a, 2, 2, "reader-conditional")?;
        let entries = vec![
            (Value::kw("form"), a[0].clone()),
            (Value::kw("splicing?"), Value::Bool(a[1].truthy())),
        ];
        Ok(Value::Map(Items::tagged(
            entries,
            class(READER_CONDITIONAL)?,
        )))
    });
    reg(c, "reader-conditional?", |a| {
        arity(&a, 1, 1, "reader-conditional?")?;
        Ok(Value::Bool(is_of(&a[0], READER_CONDITIONAL)))
    });
    let as_read = |name: &'static str| {
        crate::library::core::native(name, |a| {
            arity(&a, 1, 1, "data reader")?;
            Ok(a[0].clone())
        })
    };
    crate::eval::ns::define(
        c,
        "default-data-readers",
        Value::Map(Items::arc(vec![
            (
                Value::sym("inst"),
                as_read("clojure.instant/read-instant-date"),
            ),
            (
                Value::sym("uuid"),
                as_read("clojure.uuid/default-uuid-reader"),
            ),
        ])),
    );
}

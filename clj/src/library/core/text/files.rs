//! Files: `slurp`, `spit` (`:append true`), `line-seq`, `with-open`, and as much of
//! `clojure.java.io` as they need: `file` (a path, kept as its string) and `reader` (a reader
//! of a file's lines).
//!
//! Representation: a reader is a built-in named `java.io.BufferedReader` holding the text
//! not yet read; calling it with no argument takes the next line (`nil` at the end), with
//! `:rest` the rest of the text, with `:unread` and a string puts that text back in front
//! (what `read` does with the text after the form it read). A file is its path string.

use crate::library::core::{arity, reg, str_of};
use crate::value::error::{Error, Result};
use crate::value::{Native, Value};
use std::sync::{Arc, Mutex};

/// The name of a reader value.
pub const READER: &str = "java.io.BufferedReader";

fn path_arg(v: &Value, name: &str) -> Result<String> {
    match v {
        Value::Str(s) => Ok(s.to_string()),
        other => Err(Error::msg(format!(
            "{name}: expected a file name, got {}",
            crate::value::printer::describe(other)
        ))),
    }
}

/// The text of the file at `path`; a missing or unreadable file is Java's
/// `FileNotFoundException`.
fn read_file(path: &str) -> Result<String> {
    std::fs::read_to_string(path).map_err(|e| io_error(path, &e))
}

/// An I/O error as Java names it: `java.io.FileNotFoundException: path (reason)`.
fn io_error(path: &str, e: &std::io::Error) -> Error {
    let reason = match e.kind() {
        std::io::ErrorKind::NotFound => "No such file or directory".to_string(),
        std::io::ErrorKind::PermissionDenied => "Permission denied".to_string(),
        _ if std::path::Path::new(path).is_dir() => "Is a directory".to_string(),
        _ => e.to_string(),
    };
    Error::msg(format!("java.io.FileNotFoundException: {path} ({reason})"))
}

/// A reader over `text`.
pub fn reader(text: String) -> Value {
    let rest = Mutex::new(text);
    let f = move |a: Vec<Value>| -> Result<Value> {
        let mut rest = rest.lock().unwrap_or_else(|e| e.into_inner());
        if let [Value::Keyword(k), Value::Str(s)] = a.as_slice() {
            if &**k == "unread" {
                rest.insert_str(0, s);
                return Ok(Value::Nil);
            }
        }
        if !a.is_empty() {
            return Ok(Value::str(&std::mem::take(&mut *rest)));
        }
        if rest.is_empty() {
            return Ok(Value::Nil);
        }
        let (line, skip) = match rest.find('\n') {
            Some(i) => (
                rest[..i]
                    .strip_suffix('\r')
                    .unwrap_or(&rest[..i])
                    .to_string(),
                i + 1,
            ),
            None => (rest.clone(), rest.len()),
        };
        rest.drain(..skip);
        Ok(Value::str(&line))
    };
    Value::Native(Arc::new(Native {
        name: READER,
        slice: None,
        terms: None,
        pure: false,
        shared: false,
        f: Arc::new(f),
    }))
}

fn is_reader(v: &Value) -> bool {
    matches!(v, Value::Native(n) if n.name == READER)
}

/// The lazy seq of a reader's lines (`nil` when it has none left).
fn lines(r: Value) -> Result<Value> {
    let line = crate::eval::apply(&r, vec![])?;
    if let Value::Nil = line {
        return Ok(Value::Nil);
    }
    let rest = Value::lazy(move || {
        let v = lines(r)?;
        Ok(if let Value::Nil = v {
            Value::EmptyList
        } else {
            v
        })
    });
    Ok(Value::cons(line, rest))
}

/// `(with-open [name init ...] body...)`: the bindings as `let` binds them, then the body.
/// Closing a reader here releases nothing: its text was read when it was opened.
fn with_open(_: &str, tail: &Value, env: &crate::eval::Env) -> Result<Value> {
    let mut parts = tail.to_vec()?;
    if !matches!(parts.first(), Some(Value::Vector(_))) {
        return Err(Error::msg("with-open requires a vector for its binding"));
    }
    parts.insert(0, Value::sym("let*"));
    crate::eval::eval(&Value::list(parts), env)
}

/// Registers the functions of this module.
pub fn install() {
    let c = "clojure.core";
    reg(c, "slurp", |a| {
        arity(&a, 1, usize::MAX, "slurp")?;
        if is_reader(&a[0]) {
            return crate::eval::apply(&a[0], vec![Value::kw("rest")]);
        }
        Ok(Value::str(&read_file(&path_arg(&a[0], "slurp")?)?))
    });
    reg(c, "spit", |a| {
        arity(&a, 2, usize::MAX, "spit")?;
        let path = path_arg(&a[0], "spit")?;
        let text = str_of(&a[1..2])?;
        let opts = Value::Map(crate::value::items::Items::arc(
            a[2..]
                .chunks(2)
                .map(|kv| (kv[0].clone(), kv.get(1).cloned().unwrap_or(Value::Nil)))
                .collect(),
        ));
        let append = crate::library::core::get(&opts, &Value::kw("append"))?.truthy();
        let mut f = std::fs::OpenOptions::new();
        f.write(true).create(true);
        if append {
            f.append(true);
        } else {
            f.truncate(true);
        }
        use std::io::Write;
        f.open(&path)
            .and_then(|mut file| file.write_all(text.as_bytes()))
            .map_err(|e| io_error(&path, &e))?;
        Ok(Value::Nil)
    });
    reg(c, "line-seq", |a| {
        arity(&a, 1, 1, "line-seq")?;
        if !is_reader(&a[0]) {
            return Err(Error::msg(format!(
                "line-seq: expected a reader, got {}",
                crate::value::printer::describe(&a[0])
            )));
        }
        lines(a[0].clone())
    });
    let io = "clojure.java.io";
    reg(io, "file", |a| {
        arity(&a, 1, usize::MAX, "file")?;
        let mut p = std::path::PathBuf::new();
        for x in &a {
            p.push(str_of(std::slice::from_ref(x))?);
        }
        Ok(Value::str(&p.to_string_lossy()))
    });
    reg(io, "reader", |a| {
        arity(&a, 1, usize::MAX, "reader")?;
        if is_reader(&a[0]) {
            return Ok(a[0].clone());
        }
        Ok(reader(read_file(&path_arg(&a[0], "reader")?)?))
    });
    crate::eval::ns::define(
        "clojure.core",
        "with-open",
        Value::Special("with-open".into()),
    );
    crate::eval::register_special("with-open", with_open);
}

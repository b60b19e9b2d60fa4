//! Code as data at run time: `read-string` (one form; `{:eof value}` for empty text),
//! `clojure.edn/read-string`, `load-string` (every form, the last value) and `eval` (a form,
//! in the current namespace).

use crate::library::core::{arity, get, reg};
use crate::reader::Reader;
use crate::value::error::{Error, Result};
use crate::value::Value;

fn text_arg(v: &Value, name: &str) -> Result<String> {
    match v {
        Value::Str(s) => Ok(s.to_string()),
        other => Err(Error::msg(format!(
            "{name}: expected a string, got {}",
            crate::value::printer::describe(other)
        ))),
    }
}

/// The first form of `text`; at the end of the text, the `:eof` option's value when the
/// options give one, else Clojure's "EOF while reading" error.
fn read_one(text: &str, opts: Option<&Value>) -> Result<Value> {
    match Reader::new(text).read()? {
        Some(form) => Ok(form),
        None => match opts {
            Some(o) if crate::value::coll::contains(o, &Value::kw("eof"))? => {
                get(o, &Value::kw("eof"))
            }
            _ => Err(Error::msg("EOF while reading")),
        },
    }
}

/// Reads and evaluates every form of `text`, giving the last value.
pub fn load_string(text: &str) -> Result<Value> {
    let mut r = Reader::new(text);
    let mut last = Value::Nil;
    while let Some(form) = r.read()? {
        let pos = crate::reader::pos_of(&form);
        last = crate::eval::eval(&form, &None).map_err(|e| e.with_pos(pos))?;
    }
    Ok(last)
}

/// Loads the file at `path` as `load-file` does: its forms evaluated in order, the current
/// namespace the same afterwards; the value of the last form.
pub fn load_file(path: &str) -> Result<Value> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| Error::msg(format!("Could not load {path}: {e}")))?;
    let here = crate::eval::ns::current();
    let out = crate::eval::ns::loading(Some(path), || load_string(&text));
    crate::eval::ns::enter(&here);
    out
}

/// Registers the functions of this module.
pub fn install() {
    let c = "clojure.core";
    reg(c, "read-string", |a| {
        arity(&a, 1, 2, "read-string")?;
        let (opts, text) = match a.len() {
            2 => (Some(&a[0]), &a[1]),
            _ => (None, &a[0]),
        };
        read_one(&text_arg(text, "read-string")?, opts)
    });
    reg("clojure.edn", "read-string", |a| {
        arity(&a, 1, 2, "read-string")?;
        let (opts, text) = match a.len() {
            2 => (Some(&a[0]), &a[1]),
            _ => (None, &a[0]),
        };
        if let Value::Nil = text {
            return Ok(Value::Nil);
        }
        let text = text_arg(text, "clojure.edn/read-string")?;
        match opts {
            Some(o) if crate::value::coll::contains(o, &Value::kw("eof"))? => {
                read_one(&text, Some(o))
            }
            // EDN's reader gives nil for empty text.
            _ => Ok(Reader::new(&text).read()?.unwrap_or(Value::Nil)),
        }
    });
    reg(c, "load-string", |a| {
        arity(&a, 1, 1, "load-string")?;
        load_string(&text_arg(&a[0], "load-string")?)
    });
    reg(c, "load-file", |a| {
        arity(&a, 1, 1, "load-file")?;
        load_file(&text_arg(&a[0], "load-file")?)
    });
    // `(load "a/b")` loads `a/b.clj` from the root of the path, `(load "b")` the file `b.clj`
    // beside the current namespace's.
    reg(c, "load", |a| {
        let mut last = Value::Nil;
        for p in &a {
            let p = text_arg(p, "load")?;
            let rel = match p.strip_prefix('/') {
                Some(root) => root.to_string(),
                None => {
                    let here = crate::eval::ns::current()
                        .replace('-', "_")
                        .replace('.', "/");
                    match here.rsplit_once('/') {
                        Some((dir, _)) => format!("{dir}/{p}"),
                        None => p.to_string(),
                    }
                }
            };
            let Some(file) = crate::eval::ns::find_file(&rel.replace('/', ".")) else {
                return Err(Error::msg(format!(
                    "Could not locate {rel}.clj on KANREN_PATH or the root of the file loading it"
                )));
            };
            last = load_file(&file.to_string_lossy())?;
        }
        Ok(last)
    });
    reg(c, "eval", |a| {
        arity(&a, 1, 1, "eval")?;
        crate::eval::eval(&crate::eval::form::proper(&a[0])?, &None)
    });
}

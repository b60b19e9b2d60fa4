//! The printer: values as Clojure's `pr` prints them (`print`/`str` with `readably = false`),
//! and the program output they are written to (stdout, or the buffer of a `with-out-str`).

use crate::value::error::Result;
use crate::value::Value;
use std::cell::{Cell, RefCell};
use std::fmt::Write;

thread_local! {
    /// Set while [`describe`] prints: lazy seqs not yet realized are not forced.
    static BRIEF: Cell<bool> = const { Cell::new(false) };
}

thread_local! {
    /// `*print-length*` and `*print-level*`: how many items of a collection, and how many
    /// levels of nested collections, are printed (all, when `None`).
    static LIMITS: Cell<(Option<usize>, Option<usize>)> = const { Cell::new((None, None)) };
}

/// Sets `*print-length*` or `*print-level*` (by the var's name) to `v`: a non-negative
/// integer, or anything else for no limit.
///
/// ```
/// use kanren_clj::value::{printer, Value};
/// printer::set_limit("*print-length*", &Value::Int(2));
/// let v = Value::vector(vec![Value::Int(1), Value::Int(2), Value::Int(3)]);
/// assert_eq!(printer::pr_str(&v), "[1 2 ...]");
/// printer::set_limit("*print-length*", &Value::Nil);
/// ```
pub fn set_limit(name: &str, v: &Value) {
    let n = match v {
        Value::Int(i) => Some((*i).max(0) as usize),
        _ => None,
    };
    LIMITS.with(|l| {
        let (len, level) = l.get();
        l.set(match name {
            "*print-length*" => (n, level),
            "*print-level*" => (len, n),
            _ => (len, level),
        })
    });
}

/// At most this many characters of a value in an error message.
const BRIEF_CHARS: usize = 120;

/// A value as an error message names it: its type, then the value as `pr` prints it, except
/// that a lazy seq not yet realized is shown as `...` instead of being forced (naming a value
/// must not run it: the seq of a query that calls itself would search again to say what it
/// is), and a long value is cut at 120 characters.
///
/// ```
/// use kanren_clj::reader::read_all;
/// use kanren_clj::value::printer::describe;
/// assert_eq!(describe(&read_all("[1 2]").unwrap()[0]), "vector [1 2]");
/// assert_eq!(describe(&kanren_clj::value::Value::lazy(|| unreachable!())), "seq (...)");
/// ```
pub fn describe(v: &Value) -> String {
    let was = BRIEF.with(|b| b.replace(true));
    let printed = pr_str(v);
    BRIEF.with(|b| b.set(was));
    let printed = match printed.char_indices().nth(BRIEF_CHARS) {
        Some((i, _)) => format!("{}...", &printed[..i]),
        None => printed,
    };
    match v {
        // nil, true and false name their own type.
        Value::Nil | Value::Bool(_) => printed,
        _ => format!("{} {printed}", v.type_name()),
    }
}

/// `v` forced for printing; `None` for a lazy seq not yet realized while [`describe`] prints.
fn forced(v: &Value) -> Result<Option<Value>> {
    match BRIEF.with(Cell::get) {
        true => Ok(v.realized()),
        false => v.force().map(Some),
    }
}

/// The value as `pr` prints it; a lazy seq whose forcing fails prints the error inline.
///
/// ```
/// use kanren_clj::reader::read_all;
/// let v = &read_all("{:a [1 \"s\" \\c nil], :b #{x}}").unwrap()[0];
/// assert_eq!(kanren_clj::value::printer::pr_str(v), "{:a [1 \"s\" \\c nil], :b #{x}}");
/// ```
pub fn pr_str(v: &Value) -> String {
    try_pr_str(v, true).unwrap_or_else(|e| format!("#error {{:message {:?}}}", e.message()))
}

/// The value printed, readably (`pr`) or not (`print`, `str`), failing if forcing a lazy seq
/// fails.
pub fn try_pr_str(v: &Value, readably: bool) -> Result<String> {
    let mut out = String::new();
    write_value(&mut out, v, readably, 0)?;
    Ok(out)
}

/// The name of a special form as a user wrote it (without the `l:`/`t:` of its namespace).
pub fn special_name(n: &str) -> &str {
    n.strip_prefix("l:")
        .or_else(|| n.strip_prefix("t:"))
        .unwrap_or(n)
}

/// The string of a float as Clojure prints it (`1.0`, `1.0E10`, `##Inf`).
pub fn float_str(f: f64) -> String {
    if f.is_nan() {
        return "##NaN".into();
    }
    if f.is_infinite() {
        return if f > 0.0 {
            "##Inf".into()
        } else {
            "##-Inf".into()
        };
    }
    let a = f.abs();
    if a != 0.0 && !(1e-3..1e7).contains(&a) {
        let s = format!("{f:E}");
        let (m, e) = s.split_once('E').unwrap_or((&s, "0"));
        if !m.contains('.') {
            // One digit is the shortest: Java prints the nearest two-digit decimal, which
            // differs from padding with 0 only for the smallest subnormals (4.9E-324).
            return format!("{f:.1E}");
        }
        return format!("{m}E{e}");
    }
    let s = format!("{f}");
    if s.contains('.') {
        s
    } else {
        format!("{s}.0")
    }
}

fn write_value(out: &mut String, v: &Value, r: bool, depth: usize) -> Result<()> {
    kanren::stack::maybe_grow(32 * 1024, 1024 * 1024, || write_inner(out, v, r, depth))
}

fn write_inner(out: &mut String, v: &Value, r: bool, depth: usize) -> Result<()> {
    match v {
        Value::Nil => out.push_str("nil"),
        Value::Bool(b) => {
            let _ = write!(out, "{b}");
        }
        Value::Int(i) => {
            let _ = write!(out, "{i}");
        }
        Value::Float(f) => out.push_str(&float_str(*f)),
        Value::Ratio(n, d) => {
            let _ = write!(out, "{n}/{d}");
        }
        Value::BigInt(n) => {
            let _ = write!(out, "{n}N");
        }
        Value::Str(s) => {
            if r {
                out.push('"');
                for c in s.chars() {
                    match c {
                        '"' => out.push_str("\\\""),
                        '\\' => out.push_str("\\\\"),
                        '\n' => out.push_str("\\n"),
                        '\t' => out.push_str("\\t"),
                        '\r' => out.push_str("\\r"),
                        c => out.push(c),
                    }
                }
                out.push('"');
            } else {
                out.push_str(s);
            }
        }
        Value::Char(c) => {
            if r {
                match c {
                    '\n' => out.push_str("\\newline"),
                    ' ' => out.push_str("\\space"),
                    '\t' => out.push_str("\\tab"),
                    '\r' => out.push_str("\\return"),
                    c => {
                        out.push('\\');
                        out.push(*c);
                    }
                }
            } else {
                out.push(*c);
            }
        }
        Value::Keyword(k) => {
            out.push(':');
            out.push_str(k);
        }
        Value::Symbol(s) => out.push_str(s),
        Value::EmptyList => out.push_str("()"),
        Value::List(_)
        | Value::VecSeq(..)
        | Value::Lazy(_)
        | Value::Vector(_)
        | Value::Map(_)
        | Value::PartialMap(_)
        | Value::Set(_)
            if LIMITS.with(Cell::get).1.is_some_and(|l| depth >= l) =>
        {
            out.push('#')
        }
        Value::List(_) | Value::VecSeq(..) | Value::Lazy(_) => {
            let max = LIMITS.with(Cell::get).0.unwrap_or(usize::MAX);
            let mut count = 0;
            out.push('(');
            let mut next = forced(v)?;
            if next.is_none() {
                out.push_str("...");
            }
            let mut first = true;
            while let Some(cur) = next.take() {
                match cur {
                    Value::Nil | Value::EmptyList => break,
                    Value::List(_) | Value::VecSeq(..) => {
                        let Some((h, t)) = cur.uncons()? else { break };
                        if !first {
                            out.push(' ');
                        }
                        if count == max {
                            out.push_str("...");
                            break;
                        }
                        count += 1;
                        first = false;
                        write_value(out, &h, r, depth + 1)?;
                        next = forced(&t)?;
                        if next.is_none() {
                            out.push_str(" ...");
                        }
                    }
                    other => {
                        out.push_str(" . ");
                        write_value(out, &other, r, depth + 1)?;
                        break;
                    }
                }
            }
            out.push(')');
        }
        // A queue (a vector tagged with its class) prints as the JVM prints an object.
        Value::Vector(items) if items.tag.is_some() => {
            let name = items.tag.as_ref().map_or("", |t| &*t.name);
            let _ = write!(out, "#object[{name} 0x0 ");
            write_value(out, &Value::str(&object_str(v)?), r, depth + 1)?;
            out.push(']');
        }
        Value::Vector(items) => {
            out.push('[');
            write_items(out, items, r, depth)?;
            out.push(']');
        }
        Value::Map(m) | Value::PartialMap(m) => {
            if let Value::PartialMap(_) = v {
                out.push_str("#clojure.core.logic.PMap");
            }
            if let Some(record) = &m.tag {
                if reader_data(out, &record.name, m, r, depth)? {
                    return Ok(());
                }
                out.push('#');
                out.push_str(&record.name);
            }
            out.push('{');
            let max = LIMITS.with(Cell::get).0.unwrap_or(usize::MAX);
            for (i, (k, x)) in m.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                if i == max {
                    out.push_str("...");
                    break;
                }
                write_value(out, k, r, depth + 1)?;
                out.push(' ');
                write_value(out, x, r, depth + 1)?;
            }
            out.push('}');
        }
        Value::SortedMap(m) => {
            out.push('{');
            for (i, (k, x)) in m.entries.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                write_value(out, k, r, depth + 1)?;
                out.push(' ');
                write_value(out, x, r, depth + 1)?;
            }
            out.push('}');
        }
        Value::SortedSet(m) => {
            out.push_str("#{");
            for (i, (x, _)) in m.entries.iter().enumerate() {
                if i > 0 {
                    out.push(' ');
                }
                write_value(out, x, r, depth + 1)?;
            }
            out.push('}');
        }
        Value::Cell(c) if c.kind == crate::value::cell::CellKind::Var => {
            out.push_str("#<Var: --unnamed-->");
        }
        Value::Cell(c) => {
            let (x, ready) = c.get();
            let _ = write!(
                out,
                "#object[{} {{:status {}, :val ",
                v.type_name(),
                if ready { ":ready" } else { ":pending" }
            );
            if ready {
                write_value(out, &x, r, depth + 1)?;
            } else {
                out.push_str("nil");
            }
            out.push_str("}]");
        }
        Value::Set(items) => {
            out.push_str("#{");
            write_items(out, items, r, depth)?;
            out.push('}');
        }
        Value::Fn(c) => {
            let _ = write!(out, "#function[{}]", c.name.as_deref().unwrap_or("fn"));
        }
        Value::Macro(c) => {
            let _ = write!(out, "#macro[{}]", c.name.as_deref().unwrap_or("macro"));
        }
        Value::Native(n) => {
            let _ = write!(out, "#function[{}]", n.name);
        }
        Value::Db(_) => out.push_str("#<pldb database>"),
        Value::Regex(re) => write_regex(out, &re.source),
        // `#error {:cause m :data d :via [...] :trace []}`, Clojure's print of an exception
        // (on one line).
        Value::Exception(t) => {
            out.push_str("#error {");
            let m = t.to_map();
            if let Value::Map(m) = &m {
                let get = |k: &str| {
                    m.iter()
                        .find(|(x, _)| matches!(x, Value::Keyword(n) if &**n == k))
                        .map(|(_, v)| v.clone())
                };
                let mut first = true;
                for k in ["cause", "data", "via", "trace"] {
                    if let Some(x) = get(k) {
                        if !first {
                            out.push_str(", ");
                        }
                        first = false;
                        let _ = write!(out, ":{k} ");
                        write_value(out, &x, true, depth + 1)?;
                    }
                }
            }
            out.push('}');
        }
        Value::StringBuilder(b) => {
            let s = b.lock().unwrap_or_else(|e| e.into_inner()).clone();
            if r {
                let _ = write!(out, "#object[java.lang.StringBuilder {s:?}]");
            } else {
                out.push_str(&s);
            }
        }
        Value::Special(n) => {
            let _ = write!(out, "#macro[{}]", special_name(n));
        }
        Value::Atom(a) => {
            let inner = a.lock().unwrap_or_else(|e| e.into_inner()).clone();
            out.push_str("#atom[");
            write_value(out, &inner, r, depth + 1)?;
            out.push(']');
        }
        Value::Nom(a) => {
            let _ = write!(out, "{a}");
        }
        // core.logic's print-method for `Tie`: `[a_0] body`.
        Value::Tie(t) => {
            out.push('[');
            write_value(out, &t.0, r, depth + 1)?;
            out.push_str("] ");
            write_value(out, &t.1, r, depth + 1)?;
        }
        Value::LVar(x) => match crate::value::convert::lvar_name(*x) {
            Some((printed, _)) => {
                let _ = write!(out, "<lvar:{printed}>");
            }
            None => {
                let _ = write!(out, "{x}");
            }
        },
        Value::Goal(_) => out.push_str("#function[clojure.core.logic/goal]"),
        Value::Var(name) => {
            out.push_str("#'");
            out.push_str(name);
        }
        Value::Class(c) => out.push_str(&c.name),
        Value::Object(o) => {
            let _ = write!(out, "#object[{} 0x0 ", o.class.name);
            write_value(out, &Value::str(&object_str(v)?), r, depth + 1)?;
            out.push(']');
        }
        Value::Domain(d) => {
            let _ = write!(out, "{d}");
        }
    }
    Ok(())
}

/// Writes the reader's data as Clojure prints it, a tagged literal `#tag form` and a reader
/// conditional `#?(...)` or `#?@(...)` (maps of those classes, made by
/// `library::core::reading`); `false` for a map of another class.
fn reader_data(
    out: &mut String,
    class: &str,
    m: &crate::value::items::Items<(Value, Value)>,
    r: bool,
    depth: usize,
) -> Result<bool> {
    let field = |k: &str| {
        m.iter()
            .find(|(key, _)| matches!(key, Value::Keyword(n) if &**n == k))
            .map_or(Value::Nil, |(_, v)| v.clone())
    };
    match class {
        "clojure.lang.TaggedLiteral" => {
            out.push('#');
            write_value(out, &field("tag"), r, depth + 1)?;
            out.push(' ');
        }
        "clojure.lang.ReaderConditional" => {
            out.push_str(if field("splicing?").truthy() {
                "#?@"
            } else {
                "#?"
            });
        }
        _ => return Ok(false),
    }
    write_value(out, &field("form"), r, depth + 1)?;
    Ok(true)
}

/// The items of a vector or set, separated by spaces, at most `*print-length*` of them.
fn write_items(out: &mut String, items: &[Value], r: bool, depth: usize) -> Result<()> {
    let max = LIMITS.with(Cell::get).0.unwrap_or(usize::MAX);
    for (i, x) in items.iter().enumerate() {
        if i > 0 {
            out.push(' ');
        }
        if i == max {
            out.push_str("...");
            break;
        }
        write_value(out, x, r, depth + 1)?;
    }
    Ok(())
}

/// What `str` gives for an object (a `deftype`'s, a `reify`'s): its `toString` method's
/// string, else `name@0`.
///
/// DIVERGENCE: where the JVM writes an identity hash (`user.Point@1b2c3d4`, and
/// `#object[user.Point 0x1b2c3d4 ...]` when printed) we write `0`, so output is stable.
pub fn object_str(v: &Value) -> Result<String> {
    if let Some(s) = crate::value::class::call_method(v, "toString", Vec::new()) {
        return Ok(match s? {
            Value::Str(s) => s.to_string(),
            other => pr_str(&other),
        });
    }
    Ok(match v {
        Value::Object(o) => format!("{}@0", o.class.name),
        Value::Map(m) if m.tag.is_some() => {
            format!("{}@0", m.tag.as_ref().map_or("", |t| &*t.name))
        }
        Value::Vector(v) if v.tag.is_some() => {
            format!("{}@0", v.tag.as_ref().map_or("", |t| &*t.name))
        }
        other => pr_str(other),
    })
}

thread_local! {
    /// The output buffer of the innermost `with-out-str` (or [`with_out_capped`]), if any.
    static CAPTURE: RefCell<Option<Capture>> = const { RefCell::new(None) };
}

/// Captured output: the text kept, at most `cap` bytes, and how many bytes past it were
/// written and not kept.
struct Capture {
    text: String,
    cap: usize,
    dropped: usize,
}

impl Capture {
    fn new(cap: usize) -> Capture {
        Capture {
            text: String::new(),
            cap,
            dropped: 0,
        }
    }

    /// Keeps what of `s` fits under the cap (cut at a character's boundary), counts the rest.
    fn push(&mut self, s: &str) {
        let mut room = self.cap.saturating_sub(self.text.len()).min(s.len());
        while !s.is_char_boundary(room) {
            room -= 1;
        }
        self.text.push_str(&s[..room]);
        self.dropped += s.len() - room;
    }
}

/// Writes program output: to stdout, or to the buffer of an enclosing `with-out-str`.
pub fn emit(s: &str) {
    emit_parts(&[s]);
}

/// Writes `line` and a newline as program output (as [`emit`]), in one write.
pub fn emit_line(line: &str) {
    emit_parts(&[line, "\n"]);
}

/// Writes `parts` one after another as program output, flushing stdout once.
fn emit_parts(parts: &[&str]) {
    let captured = CAPTURE.with(|c| {
        if let Some(buf) = c.borrow_mut().as_mut() {
            parts.iter().for_each(|p| buf.push(p));
            true
        } else {
            false
        }
    });
    if !captured {
        use std::io::Write;
        let mut out = std::io::stdout().lock();
        for p in parts {
            let _ = out.write_all(p.as_bytes());
        }
        let _ = out.flush();
    }
}

/// Runs `f` with output captured, returning the output as a string value.
pub fn with_out_str(f: impl FnOnce() -> Result<Value>) -> Result<Value> {
    let (out, _, r) = with_out_capped(usize::MAX, f);
    r.map(|_| Value::str(&out))
}

/// Runs `f` with its output captured: the first `cap` bytes of it (cut at a character's
/// boundary), how many bytes more it wrote (counted, not kept: a program printing without
/// end does not grow the buffer), and `f`'s result. A `with-out-str` inside `f` captures all
/// of its own output, as its value.
///
/// ```
/// use kanren_clj::value::printer::{emit, with_out_capped};
/// let (text, dropped, n) = with_out_capped(2, || {
///     emit("héllo");
///     7
/// });
/// // "é" is two bytes: the cut falls before it.
/// assert_eq!((text.as_str(), dropped, n), ("h", 5, 7));
/// ```
pub fn with_out_capped<T>(cap: usize, f: impl FnOnce() -> T) -> (String, usize, T) {
    let saved = CAPTURE.with(|c| c.borrow_mut().replace(Capture::new(cap)));
    let r = f();
    let out = CAPTURE
        .with(|c| std::mem::replace(&mut *c.borrow_mut(), saved))
        .unwrap_or_else(|| Capture::new(cap));
    (out.text, out.dropped, r)
}

/// A regex as Clojure prints it, readably or not: `#"source"`, the source as written except
/// that a bare `"` is escaped (inside `\Q...\E` by leaving the quoting around it).
fn write_regex(out: &mut String, source: &str) {
    out.push_str("#\"");
    let mut quoting = false;
    let mut cs = source.chars();
    while let Some(c) = cs.next() {
        match c {
            '\\' => {
                out.push('\\');
                let next = cs.next();
                if let Some(n) = next {
                    out.push(n);
                }
                quoting = if quoting {
                    next != Some('E')
                } else {
                    next == Some('Q')
                };
            }
            '"' if quoting => out.push_str("\\E\\\"\\Q"),
            '"' => out.push_str("\\\""),
            c => out.push(c),
        }
    }
    out.push('"');
}

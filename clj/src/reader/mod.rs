//! The reader, text to forms: Clojure source text to forms (values), with the line and column
//! of every list kept in its first cell ([`pos_of`], in `value::pos`) and in every error.
//!
//! May depend on: `value/`, and `eval/`'s namespaces only to expand `::alias/name` in the
//! current namespace (as Clojure's reader does). Invariants: reading runs no code and
//! defines nothing; a form read is a plain value (lists, vectors, maps, sets, symbols,
//! ...), its metadata (`^meta`) recorded in `value::meta`.
//!
//! Reader macros: `'x` is `(quote x)`, `` `x `` is `(syntax-quote x)` (expanded by the
//! evaluator), `~x`/`~@x` are `(unquote x)`/`(unquote-splicing x)`, `@x` is `(deref x)`,
//! `#(...)` is an `fn` of `%`, `%1`.., `%&`; `#_` discards the next form; `#"..."` is a regex; `^meta` is kept as the next form's
//! metadata ([`crate::value::meta`]).

mod atoms;

use crate::value::error::{Error, Pos, Result};
pub use crate::value::pos::pos_of;
use crate::value::pos::record;
use crate::value::Value;

/// Reads every form of `src`.
///
/// ```
/// let forms = kanren_clj::reader::read_all("(+ 1 2) [a :b] \"s\"").unwrap();
/// assert_eq!(forms.len(), 3);
/// assert_eq!(forms[1].to_string(), "[a :b]");
/// let e = kanren_clj::reader::read_all("\n  (1 2").unwrap_err();
/// assert_eq!(e.to_string(), "2:3: EOF while reading a list that starts here");
/// ```
pub fn read_all(src: &str) -> Result<Vec<Value>> {
    let mut r = Reader::new(src);
    let mut out = Vec::new();
    while let Some(f) = r.read()? {
        out.push(f);
    }
    Ok(out)
}

/// Whether `src` is complete: no list, vector, map or string is left open (the REPL reads on
/// until it is).
///
/// ```
/// assert!(!kanren_clj::reader::is_complete("(run* [q]"));
/// assert!(kanren_clj::reader::is_complete("(run* [q] (== q 1))"));
/// ```
pub fn is_complete(src: &str) -> bool {
    match read_all(src) {
        Ok(_) => true,
        Err(e) => !e.message().starts_with("EOF"),
    }
}

/// A reader over one source text.
pub struct Reader<'a> {
    chars: Vec<char>,
    i: usize,
    line: u32,
    col: u32,
    fn_args: Option<Vec<u8>>,
    /// The number of the `#(...)` being read, in its parameters' names.
    fn_id: u64,
    /// Where the last top-level form started: index, line, column.
    top: (usize, u32, u32),
    /// Whether the forms read record their positions (not for a library's own source).
    positions: bool,
    _src: std::marker::PhantomData<&'a str>,
}

const MAX_DEPTH: usize = 10_000;

/// The `#(...)` literals read so far (numbering their parameters).
static FN_LITERALS: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(1);

impl<'a> Reader<'a> {
    /// A reader at the start of `src`.
    pub fn new(src: &'a str) -> Reader<'a> {
        Reader {
            chars: src.chars().collect(),
            i: 0,
            line: 1,
            col: 1,
            fn_args: None,
            fn_id: 0,
            top: (0, 1, 1),
            positions: true,
            _src: std::marker::PhantomData,
        }
    }

    /// A reader of a library's own source (clojure.core's part in Clojure, clojure.set, ...):
    /// its forms record no positions, so an error raised inside the library is reported at
    /// the position of the program's form that called it.
    pub fn library(src: &'a str) -> Reader<'a> {
        Reader {
            positions: false,
            ..Reader::new(src)
        }
    }

    fn pos(&self) -> Pos {
        Pos {
            line: self.line,
            col: self.col,
        }
    }

    fn peek(&self) -> Option<char> {
        self.chars.get(self.i).copied()
    }

    fn bump(&mut self) -> Option<char> {
        let c = self.peek()?;
        self.i += 1;
        if c == '\n' {
            self.line += 1;
            self.col = 1;
        } else {
            self.col += 1;
        }
        Some(c)
    }

    fn skip_ws(&mut self) {
        while let Some(c) = self.peek() {
            if c.is_whitespace() || c == ',' {
                self.bump();
            } else if c == ';' {
                while let Some(c) = self.bump() {
                    if c == '\n' {
                        break;
                    }
                }
            } else {
                break;
            }
        }
    }

    /// The next form, or `None` at the end of the input.
    pub fn read(&mut self) -> Result<Option<Value>> {
        self.skip_ws();
        self.top = (self.i, self.line, self.col);
        self.fn_args = None;
        self.read_form(0)
    }

    /// After a read error, moves to the next top-level form: the next line that starts with
    /// `(` after the start of the form that failed (or the end of the input), so the forms
    /// after a malformed one are read.
    ///
    /// ```
    /// let mut r = kanren_clj::reader::Reader::new("(a [1 2)\n(b)");
    /// assert!(r.read().is_err());
    /// r.recover();
    /// assert_eq!(r.read().unwrap().unwrap().to_string(), "(b)");
    /// ```
    pub fn recover(&mut self) {
        (self.i, self.line, self.col) = self.top;
        self.fn_args = None;
        self.bump();
        while let Some(c) = self.peek() {
            if c == '(' && self.col == 1 {
                break;
            }
            self.bump();
        }
    }

    /// The next form and where it starts, or `None` at the end of the input.
    ///
    /// ```
    /// let mut r = kanren_clj::reader::Reader::new("1\n  [a b]");
    /// r.read().unwrap();
    /// let (pos, form) = r.read_with_pos().unwrap().unwrap();
    /// assert_eq!((pos.line, pos.col, form.to_string()), (2, 3, "[a b]".to_string()));
    /// ```
    pub fn read_with_pos(&mut self) -> Result<Option<(Pos, Value)>> {
        self.skip_ws();
        self.top = (self.i, self.line, self.col);
        self.fn_args = None;
        let pos = self.pos();
        Ok(self.read_form(0)?.map(|f| (pos, f)))
    }

    /// The next form with where it starts and the span of its text (offsets in characters
    /// of the source, from the form's first character to just after its last), or `None` at
    /// the end of the input: what `clojure.repl/source` shows of a definition.
    ///
    /// ```
    /// let mut r = kanren_clj::reader::Reader::new("1 ;c\n (f\n x)");
    /// r.read().unwrap();
    /// let (span, pos, _) = r.read_spanned().unwrap().unwrap();
    /// assert_eq!((span, pos.line, pos.col), (6..12, 2, 2));
    /// ```
    pub fn read_spanned(&mut self) -> Result<Option<(std::ops::Range<usize>, Pos, Value)>> {
        self.skip_ws();
        self.top = (self.i, self.line, self.col);
        self.fn_args = None;
        let (start, pos) = (self.i, self.pos());
        Ok(self.read_form(0)?.map(|f| (start..self.i, pos, f)))
    }

    /// One form, nested `depth` deep; the native stack grows on the heap when it runs low.
    fn read_form(&mut self, depth: usize) -> Result<Option<Value>> {
        kanren::stack::maybe_grow(64 * 1024, 1024 * 1024, || self.read_form_here(depth))
    }

    fn read_form_here(&mut self, depth: usize) -> Result<Option<Value>> {
        loop {
            self.skip_ws();
            let start = self.pos();
            let Some(c) = self.peek() else {
                return Ok(None);
            };
            if depth > MAX_DEPTH {
                return Err(Error::at("forms nested too deeply", start));
            }
            let mut form = match c {
                '(' => {
                    self.bump();
                    let items = self.read_seq(')', start, "list", depth)?;
                    Value::list(items)
                }
                '[' => {
                    self.bump();
                    Value::vector(self.read_seq(']', start, "vector", depth)?)
                }
                '{' => {
                    self.bump();
                    let items = self.read_seq('}', start, "map", depth)?;
                    if items.len() % 2 != 0 {
                        return Err(Error::at(
                            "map literal must contain an even number of forms",
                            start,
                        ));
                    }
                    let mut pairs: Vec<(Value, Value)> = Vec::new();
                    let mut it = items.into_iter();
                    while let (Some(k), Some(v)) = (it.next(), it.next()) {
                        if pairs
                            .iter()
                            .any(|(k2, _)| crate::value::coll::equal(k2, &k))
                        {
                            return Err(Error::at(format!("duplicate key: {k}"), start));
                        }
                        pairs.push((k, v));
                    }
                    Value::Map(crate::value::items::Items::arc(pairs))
                }
                ')' | ']' | '}' => {
                    return Err(Error::at(format!("unmatched delimiter: {c}"), start));
                }
                '"' => {
                    self.bump();
                    self.read_string(start)?
                }
                '\\' => {
                    self.bump();
                    self.read_char(start)?
                }
                '\'' => self.wrap("quote", start, depth)?,
                '`' => self.wrap("syntax-quote", start, depth)?,
                '@' => self.wrap("clojure.core/deref", start, depth)?,
                '~' => {
                    self.bump();
                    if self.peek() == Some('@') {
                        self.bump();
                        let f = self.required(start, depth)?;
                        Value::list([Value::sym("unquote-splicing"), f])
                    } else {
                        let f = self.required(start, depth)?;
                        Value::list([Value::sym("unquote"), f])
                    }
                }
                '^' => {
                    self.bump();
                    let m = self.required(start, depth)?;
                    let target = self.required(start, depth)?;
                    let m = crate::value::meta::reader_meta(m, &target)
                        .map_err(|e| e.with_pos(Some(start)))?;
                    crate::value::meta::set_reader_meta(&target, m);
                    target
                }
                '#' => {
                    self.bump();
                    match self.peek() {
                        Some('_') => {
                            self.bump();
                            self.required(start, depth)?;
                            // Discarded just before the end of the enclosing form: no form.
                            self.skip_ws();
                            if depth > 0 && matches!(self.peek(), Some(')' | ']' | '}')) {
                                return Ok(None);
                            }
                            continue;
                        }
                        Some('{') => {
                            self.bump();
                            let items = self.read_seq('}', start, "set", depth)?;
                            let mut set: Vec<Value> = Vec::new();
                            for x in items {
                                if set.iter().any(|y| crate::value::coll::equal(y, &x)) {
                                    return Err(Error::at(format!("duplicate key: {x}"), start));
                                }
                                set.push(x);
                            }
                            Value::Set(crate::value::items::Items::arc(set))
                        }
                        Some('(') => self.read_fn_literal(start, depth)?,
                        Some('\'') => {
                            self.bump();
                            let f = self.required(start, depth)?;
                            Value::list([Value::sym("var"), f])
                        }
                        Some('"') => {
                            self.bump();
                            self.read_regex(start)?
                        }
                        Some(c) if c.is_alphabetic() => {
                            // A tagged literal (`#inst "..."`, a record `#ns.Rec{...}`): the
                            // tag is dropped and the form read as it is.
                            self.token();
                            self.required(start, depth)?
                        }
                        _ => return Err(Error::at("unsupported reader macro after #", start)),
                    }
                }
                _ => self.read_atom(start)?,
            };
            if self.positions {
                record(&mut form, start);
            }
            return Ok(Some(form));
        }
    }

    fn required(&mut self, start: Pos, depth: usize) -> Result<Value> {
        self.read_form(depth + 1)?
            .ok_or_else(|| Error::at("EOF while reading a form after a reader macro", start))
    }

    fn wrap(&mut self, name: &str, start: Pos, depth: usize) -> Result<Value> {
        self.bump();
        let f = self.required(start, depth)?;
        Ok(Value::list([Value::sym(name), f]))
    }

    fn read_seq(
        &mut self,
        close: char,
        start: Pos,
        what: &str,
        depth: usize,
    ) -> Result<Vec<Value>> {
        let mut items = Vec::new();
        loop {
            self.skip_ws();
            match self.peek() {
                None => {
                    return Err(Error::at(
                        format!("EOF while reading a {what} that starts here"),
                        start,
                    ))
                }
                Some(c) if c == close => {
                    self.bump();
                    return Ok(items);
                }
                Some(')' | ']' | '}') => {
                    let p = self.pos();
                    return Err(Error::at(
                        format!(
                            "unmatched delimiter: {} (the {what} at {start} is open)",
                            self.peek().unwrap_or(' ')
                        ),
                        p,
                    ));
                }
                _ => {
                    if let Some(f) = self.read_form(depth + 1)? {
                        items.push(f);
                    }
                }
            }
        }
    }

    fn read_fn_literal(&mut self, start: Pos, depth: usize) -> Result<Value> {
        if self.fn_args.is_some() {
            return Err(Error::at("nested #()s are not allowed", start));
        }
        self.bump();
        self.fn_args = Some(Vec::new());
        self.fn_id = FN_LITERALS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let body = self.read_seq(')', start, "fn literal", depth);
        let args = self.fn_args.take().unwrap_or_default();
        let mut body = Value::list(body?);
        if self.positions {
            record(&mut body, start);
        }
        let max = args.iter().filter(|&&a| a > 0).max().copied().unwrap_or(0);
        let id = self.fn_id;
        let mut params: Vec<Value> = (1..=max)
            .map(|i| Value::sym(&format!("p{i}__{id}#")))
            .collect();
        if args.contains(&0) {
            params.push(Value::sym("&"));
            params.push(Value::sym(&format!("rest__{id}#")));
        }
        Ok(Value::list([
            Value::sym("fn*"),
            Value::vector(params),
            body,
        ]))
    }
}

//! kanren-clj: core.logic without a JVM. A reader for Clojure source, an evaluator for the part
//! of Clojure that core.logic programs use, core.logic's names bound to the kanren engine, and
//! a printer that prints as Clojure's REPL does.
//!
//! ```
//! kanren_clj::init();
//! let v = kanren_clj::eval_str("(run* [q] (conde [(== q 1)] [(== q 2)]))").unwrap();
//! assert_eq!(v.to_string(), "(1 2)");
//! ```
#![deny(missing_docs)]

#[cfg(not(target_family = "wasm"))]
pub mod alloc;
pub mod eval;
pub mod library;
pub mod reader;
pub mod value;

pub use eval::compile;
pub use value::convert;
pub use value::error::{Error, Result};
pub use value::interrupt::with_time_limit;
pub use value::Value;

use std::sync::Arc;

/// Sets up the namespaces of this thread (idempotent): `clojure.core`, core.logic and its
/// `fd`, `clojure.string`, `clojure.test`; the current namespace is `user`, with core.logic
/// referred and the aliases `l` and `fd`, as the REPL starts.
pub fn init() {
    thread_local! {
        static DONE: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
    }
    if DONE.with(|d| d.replace(true)) {
        return;
    }
    eval::install();
    library::install();
    for n in eval::ns::BUILTIN {
        eval::ns::create(n);
    }
    eval::ns::set_loader(|src, file| load(src, Some(file)).map(|_| ()));
    eval::ns::switch_to("user", true);
}

/// Ends this thread's session without freeing it, for a process about to exit: the
/// operating system takes the memory back at once, where freeing every definition would cost a
/// tenth of a cold start. The thread must not evaluate again.
pub fn forget_session() {
    eval::ns::forget();
}

/// Reads and evaluates every form of `src`, giving the last value (`nil` for none).
///
/// ```
/// kanren_clj::init();
/// assert_eq!(kanren_clj::eval_str("(defn sq [x] (* x x)) (sq 7)").unwrap().to_string(), "49");
/// ```
pub fn eval_str(src: &str) -> Result<Value> {
    init();
    load(src, None)
}

/// Reads and evaluates `src` (the text of `file`, for error messages), form by form, giving
/// the last value, fully realised (a lazy seq's errors surface here, as at Clojure's REPL).
pub fn load(src: &str, file: Option<&str>) -> Result<Value> {
    eval::ns::loading(file, || load_last(src, file).map(|(last, _)| last))
}

/// [`load`], and the last value printed as the REPL prints it: an error raised while
/// printing it (a lazy seq that fails when realized) names the last form's position.
///
/// ```
/// kanren_clj::init();
/// let e = kanren_clj::load_print("(take 2 (map inc [1 nil]))", Some("-e")).unwrap_err();
/// assert_eq!(e.to_string(), "-e:1:1: inc: expected a number, got nil");
/// ```
pub fn load_print(src: &str, file: Option<&str>) -> Result<String> {
    let (last, pos) = load_last(src, file)?;
    print_value(&last).map_err(|e| tag_file(e.with_pos(pos), file))
}

thread_local! {
    /// The errors reported aside while [`collecting_errors`] runs.
    static ASIDE: std::cell::RefCell<Option<Vec<Error>>> = const { std::cell::RefCell::new(None) };
}

/// An error that loading reports beside the one it returns (a form that does not read, when
/// a later one fails too): on stderr, or collected by [`collecting_errors`].
fn report_aside(e: Error) {
    let kept = ASIDE.with(|a| match a.borrow_mut().as_mut() {
        Some(list) => {
            list.push(e.clone());
            true
        }
        None => false,
    });
    if !kept {
        eprintln!("error: {e}");
    }
}

/// Runs `f`, collecting the errors [`load`] would print to stderr beside the one it returns
/// (for a caller without a stderr, such as a page): `f`'s result and those errors, in order.
///
/// ```
/// kanren_clj::init();
/// let (r, aside) = kanren_clj::collecting_errors(|| kanren_clj::load("(+ 1\n(str x)", Some("f")));
/// assert_eq!(aside.len(), 1);
/// assert_eq!(aside[0].to_string(), "f:1:1: EOF while reading a list that starts here");
/// assert!(r.unwrap_err().to_string().starts_with("f:2:1:"));
/// ```
pub fn collecting_errors<T>(f: impl FnOnce() -> T) -> (T, Vec<Error>) {
    let outer = ASIDE.with(|a| a.borrow_mut().replace(Vec::new()));
    let out = f();
    let mine = ASIDE.with(|a| std::mem::replace(&mut *a.borrow_mut(), outer));
    (out, mine.unwrap_or_default())
}

/// The last value of `src`'s forms and the position of the form that gave it.
fn load_last(src: &str, file: Option<&str>) -> Result<(Value, Option<value::error::Pos>)> {
    let tag = |e: Error| tag_file(e, file);
    let mut r = TopForms::new(src, file);
    let mut last = (Value::Nil, None);
    // A form that does not read is reported (the first such error is the result; the
    // others go to stderr) and the forms after it are still read and run.
    let mut read_error: Option<Error> = None;
    let note = |e: Error, first: &mut Option<Error>| match first {
        None => *first = Some(e),
        Some(_) => report_aside(e),
    };
    loop {
        match r.next() {
            Ok(None) => break,
            Ok(Some(form)) => match eval_top(&form) {
                Ok(v) => last = (v, reader::pos_of(&form)),
                Err(e) => {
                    if let Some(first) = read_error {
                        report_aside(first);
                    }
                    return Err(tag(e));
                }
            },
            Err(e) => {
                note(tag(e), &mut read_error);
                r.recover();
            }
        }
    }
    match read_error {
        Some(e) => Err(e),
        None => Ok(last),
    }
}

/// The top-level forms of a text, read one by one, each named as the form being evaluated
/// while it is the last one read (`eval::vars::set_form`): a definition it makes records its
/// position and text (for `meta` of its var and `clojure.repl/source`). Dropping it names
/// again the form that was being evaluated before it (a text loaded by a form).
///
/// ```
/// kanren_clj::init();
/// let mut forms = kanren_clj::TopForms::new("(def a 1)\n(defn f [] a)", None);
/// while let Some(f) = forms.next().unwrap() {
///     kanren_clj::eval_top(&f).unwrap();
/// }
/// assert_eq!(kanren_clj::eval::vars::source("user/f").unwrap(), "(defn f [] a)");
/// ```
pub struct TopForms<'a> {
    reader: reader::Reader<'a>,
    text: Arc<str>,
    file: Option<Arc<str>>,
    outer: Option<Arc<eval::vars::Form>>,
}

impl<'a> TopForms<'a> {
    /// The forms of `src`, read from `file` (`None` for the REPL and `-e`).
    pub fn new(src: &'a str, file: Option<&str>) -> TopForms<'a> {
        TopForms {
            reader: reader::Reader::new(src),
            text: src.into(),
            file: file.map(Arc::from),
            outer: eval::vars::current_form(),
        }
    }

    /// The next form (`None` at the end), named as the form being evaluated.
    #[allow(clippy::should_implement_trait)]
    pub fn next(&mut self) -> Result<Option<Value>> {
        let Some((span, pos, form)) = self.reader.read_spanned()? else {
            return Ok(None);
        };
        eval::vars::set_form(Some(eval::vars::Form {
            text: self.text.clone(),
            span,
            pos,
            file: self.file.clone(),
        }));
        Ok(Some(form))
    }

    /// After a form that does not read: skips to the next top-level form.
    pub fn recover(&mut self) {
        self.reader.recover();
    }
}

impl Drop for TopForms<'_> {
    fn drop(&mut self) {
        eval::vars::set_form(self.outer.take().map(|f| (*f).clone()));
    }
}

/// `e` naming `file`, unless it already names its own (a nested load, a facts file).
fn tag_file(mut e: Error, file: Option<&str>) -> Error {
    if e.file.is_none() {
        e.file = file.map(Arc::from);
    }
    e
}

/// Reads and evaluates `src` form by form, going on after a form that fails: each error is
/// printed to stderr and counted. How `kanren test` loads a file, so that one unsupported
/// top-level form does not hide the tests after it; after a form that does not read, reading
/// goes on at the next top-level form ([`reader::Reader::recover`]).
pub fn load_continuing(src: &str, file: Option<&str>) -> usize {
    eval::ns::loading(file, || load_continuing_here(src, file))
}

fn load_continuing_here(src: &str, file: Option<&str>) -> usize {
    let tag = |e: Error| tag_file(e, file);
    let mut r = TopForms::new(src, file);
    let mut errors = 0;
    loop {
        match r.next() {
            Ok(None) => return errors,
            Ok(Some(form)) => {
                if let Err(e) = eval_top(&form) {
                    eprintln!("error: {}", tag(e).report());
                    errors += 1;
                }
            }
            Err(e) => {
                eprintln!("error: {}", tag(e).report());
                errors += 1;
                r.recover();
            }
        }
    }
}

/// The search tree of `src`'s last form, as JSON (the shape is
/// [`kanren::search_tree::Tree::to_json`]'s): `src`'s top-level forms are evaluated in the
/// current session, the last one (a `run` or `run*` query) in tree mode, and its answers
/// realized until the search ends or the tree holds `max_nodes` nodes (then `"truncated":
/// true`). Each goal's label is its source form (cut to 60 characters), each answer's its
/// printed value.
///
/// ```
/// let json = kanren_clj::search_tree("(run* [q] (conde [(== q 1)] [(== q 2) (== q 3)]))", 100).unwrap();
/// assert!(json.starts_with(r#"{"max_nodes":100,"truncated":false,"answers":["1"],"nodes":[{"id":0,"parent":null,"kind":"query""#));
/// assert!(json.contains(r#""kind":"unify","label":"(== q 3)","step":7,"failed":true"#));
/// ```
pub fn search_tree(src: &str, max_nodes: usize) -> Result<String> {
    search_tree_within(src, max_nodes, kanren::Budget::new())
}

/// [`search_tree`] with the query run within `budget` (a deadline, a cancellation token, a
/// step limit: see [`kanren::search_tree::Tree::with_budget`]), which also stops a search
/// that loops inside the engine's own relations, where no node is recorded. When it stops
/// the query, the tree holds what was recorded until then (`"truncated"` is set only by the
/// node limit); `budget.stopped()` says why.
///
/// ```
/// use kanren::{Budget, Stop};
/// // The engine's `appendo` looks for a list one longer than itself, for ever.
/// let budget = Budget::new().steps(50_000);
/// let json = kanren_clj::search_tree_within(
///     "(run* [q] (fresh [a] (appendo a [1] a)))",
///     1000,
///     budget.clone(),
/// ).unwrap();
/// assert_eq!(budget.stopped(), Some(Stop::Steps));
/// assert!(json.starts_with(r#"{"max_nodes":1000,"truncated":false,"answers":[],"#));
/// ```
pub fn search_tree_within(src: &str, max_nodes: usize, budget: kanren::Budget) -> Result<String> {
    use library::logic::tree;
    init();
    let mut count = 0usize;
    let mut counting = reader::Reader::new(src);
    while counting.read_spanned()?.is_some() {
        count += 1;
    }
    if count == 0 {
        return Err(Error::msg("search-tree: no query to run"));
    }
    let t = kanren::search_tree::Tree::with_budget(max_nodes, budget);
    let mut forms = TopForms::new(src, None);
    let mut i = 0;
    while let Some(form) = forms.next()? {
        i += 1;
        if i < count {
            eval_top(&form)?;
            continue;
        }
        tree::with_tree(&t, || {
            let v = eval_top(&form)?;
            if !tree::query_made() {
                return Err(Error::msg(
                    "search-tree: the last form must be a run or run* query",
                ));
            }
            print_value(&v).map_err(|e| e.with_pos(reader::pos_of(&form)))
        })?;
    }
    Ok(t.to_json())
}

/// Evaluates one top-level form.
pub fn eval_top(form: &Value) -> Result<Value> {
    let pos = reader::pos_of(form);
    let v = eval::eval(form, &None).map_err(|e| e.with_pos(pos))?;
    Ok(v)
}

/// The value printed as the REPL prints it (forcing lazy seqs; their errors are returned).
pub fn print_value(v: &Value) -> Result<String> {
    value::printer::try_pr_str(v, true)
}

/// Refers `clojure.repl`'s `doc`, `source`, `dir`, `apropos`, `find-doc` and `pst` into the
/// current namespace, as Clojure's REPL does in `user` (the REPL and `-e` do this; a file does
/// not see them unless it requires them).
pub fn refer_repl() {
    let names = library::clojure::repl::REPL_NAMES;
    eval::ns::add_refer(
        library::clojure::repl::NS,
        Some(names.iter().map(|n| n.to_string()).collect()),
    );
}

/// [`eval_print_top`], and the value with its printed text.
pub fn eval_value_top(form: &Value) -> Result<(Value, String)> {
    let v = eval_top(form)?;
    let s = print_value(&v).map_err(|e| e.with_pos(reader::pos_of(form)))?;
    Ok((v, s))
}

/// Evaluates one top-level form and prints its value as the REPL does: an error raised while
/// printing (a lazy seq that fails when realized) names the form's position, as one raised
/// while evaluating it does.
///
/// ```
/// let form = &kanren_clj::reader::read_all("(map inc [nil])").unwrap()[0];
/// kanren_clj::init();
/// let e = kanren_clj::eval_print_top(form).unwrap_err();
/// assert_eq!(e.to_string(), "1:1: inc: expected a number, got nil");
/// ```
pub fn eval_print_top(form: &Value) -> Result<String> {
    eval_value_top(form).map(|(_, s)| s)
}

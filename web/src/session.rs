//! A playground session, in plain Rust (the page's wrapper in `lib.rs` only passes its replies
//! on): source evaluated form by form as `kanren -e` evaluates it, and a last value that is a
//! seq (a query's answers) kept unrealized, to be walked an answer at a time.

use crate::json::Json;
use crate::picture;
use kanren_clj::value::error::Error;
use kanren_clj::Value;
use std::time::Duration;

/// What one call gives back: the text the program printed, then either a value, answers, or
/// an error.
#[derive(Debug, Default)]
pub struct Reply {
    /// What `print`, `println` and the like wrote.
    pub output: String,
    /// The printed last value of an evaluation that is not a seq.
    pub value: Option<String>,
    /// The answers walked in this call: each printed, with a picture when it has one.
    pub answers: Vec<Answer>,
    /// Whether a seq is waiting to be walked further.
    pub more: bool,
    /// The errors of the call, in order: the last one stopped it; those before were reported
    /// on the way (a form that does not read, when the evaluation goes on after it).
    pub errors: Vec<Failure>,
    /// A search tree, as JSON ([`Session::tree`]).
    pub tree: Option<String>,
}

/// One answer (an element of the seq being walked).
#[derive(Debug)]
pub struct Answer {
    /// As the REPL prints it.
    pub text: String,
    /// An HTML picture of it: an N-queens board, an FD domain's values.
    pub html: Option<String>,
}

/// An error as the page shows it.
#[derive(Debug)]
pub struct Failure {
    /// As the `kanren` binary reports it (`Execution error (...) at editor:3:5: ...`).
    pub report: String,
    /// Where in the source, when known (from 1).
    pub line: Option<u32>,
    /// The column, from 1.
    pub column: Option<u32>,
}

impl Failure {
    fn of(e: &Error) -> Failure {
        // An error raised while the answers are walked names no file: it is the editor's.
        let mut e = e.clone();
        if e.file.is_none() {
            e.file = Some(FILE.into());
        }
        Failure {
            report: e.report(),
            line: e.pos.map(|p| p.line),
            column: e.pos.map(|p| p.col),
        }
    }
}

/// The session: the namespaces of this thread (the page has one), and the seq being walked.
#[derive(Default)]
pub struct Session {
    pending: Option<Value>,
}

/// The name errors give the evaluated source.
pub const FILE: &str = "editor";

/// The most output one reply carries, in bytes: a program printing in a loop until its time
/// limit writes far more than a page can show without freezing; the rest is counted, not sent.
pub const OUTPUT_CAP: usize = 1 << 20;

/// The most answers one reply carries: All on a query with a million answers shows them a
/// batch at a time.
pub const ANSWERS_CAP: usize = 10_000;

impl Session {
    /// A session in the namespace `user`, with core.logic referred (as the REPL starts).
    pub fn new() -> Session {
        kanren_clj::init();
        Session::default()
    }

    /// Evaluates every form of `src`, within `limit` of time. A last value that is a seq is
    /// kept to be walked by [`next`](Session::next) (`more`); another value is printed.
    ///
    /// ```
    /// let mut s = kanren_web::Session::new();
    /// let r = s.eval("(println \"hi\") (+ 1 2)", None);
    /// assert_eq!((r.output.as_str(), r.value.as_deref()), ("hi\n", Some("3")));
    /// let r = s.eval("(run* [q] (conde [(== q 1)] [(== q 2)]))", None);
    /// assert!(r.more && r.answers.is_empty());
    /// ```
    pub fn eval(&mut self, src: &str, limit: Option<Duration>) -> Reply {
        self.pending = None;
        let (output, (result, aside)) = captured(limit, || {
            kanren_clj::collecting_errors(|| kanren_clj::load(src, Some(FILE)))
        });
        let mut reply = Reply {
            output,
            errors: aside.iter().map(Failure::of).collect(),
            ..Reply::default()
        };
        match result {
            Ok(v) if v.is_seq() => {
                self.pending = Some(v);
                reply.more = true;
            }
            Ok(v) => {
                let (output, printed) = captured(limit, || kanren_clj::print_value(&v));
                reply.output.push_str(&output);
                match printed {
                    Ok(text) => reply.value = Some(text),
                    Err(e) => reply.errors.push(Failure::of(&e)),
                }
            }
            Err(e) => reply.errors.push(Failure::of(&e)),
        }
        reply
    }

    /// Walks the pending seq `n` answers further (all of them for `None`, at most
    /// [`ANSWERS_CAP`] a reply), within `limit` of time: each answer is computed only when this
    /// asks for it. What the program prints is cut at [`OUTPUT_CAP`] bytes a reply.
    ///
    /// ```
    /// let mut s = kanren_web::Session::new();
    /// s.eval("(run* [q] (membero q [1 2 3]))", None);
    /// let r = s.next(Some(2), None);
    /// assert_eq!(r.answers.iter().map(|a| a.text.as_str()).collect::<Vec<_>>(), ["1", "2"]);
    /// assert!(r.more);
    /// let r = s.next(None, None);
    /// assert_eq!(r.answers.len(), 1);
    /// assert!(!r.more);
    /// // An endless seq comes a batch at a time; endless output is cut.
    /// s.eval("(map (fn [i] (println i) i) (range))", None);
    /// let r = s.next(None, None);
    /// assert_eq!(r.answers.len(), kanren_web::ANSWERS_CAP);
    /// assert!(r.more);
    /// let r = s.eval("(dotimes [i 300000] (println i))", None);
    /// assert!(r.output.len() < kanren_web::OUTPUT_CAP + 100);
    /// assert!(r.output.ends_with("more bytes of output not shown\n"));
    /// ```
    pub fn next(&mut self, n: Option<usize>, limit: Option<Duration>) -> Reply {
        let mut reply = Reply::default();
        let Some(mut seq) = self.pending.take() else {
            return reply;
        };
        let (output, stopped) = captured(limit, || -> Result<(), Error> {
            while reply.answers.len() < n.unwrap_or(ANSWERS_CAP).min(ANSWERS_CAP) {
                match seq.uncons()? {
                    None => return Ok(()),
                    Some((first, rest)) => {
                        reply.answers.push(Answer {
                            text: kanren_clj::print_value(&first)?,
                            html: picture::of(&first),
                        });
                        seq = rest;
                    }
                }
            }
            reply.more = true;
            Ok(())
        });
        reply.output = output;
        match stopped {
            Ok(()) if reply.more => self.pending = Some(seq),
            Ok(()) => {}
            Err(e) => {
                reply.more = false;
                reply.errors.push(Failure::of(&e));
            }
        }
        reply
    }

    /// The search tree of `src`'s last form, a `run` or `run*` query (the forms before it are
    /// evaluated first), as the engine's JSON (`kanren::search_tree::Tree::to_json`) in the
    /// reply's `tree`: at most `max_nodes` nodes, within `limit` of time.
    ///
    /// ```
    /// let mut s = kanren_web::Session::new();
    /// let r = s.tree("(run* [q] (conde [(== q 1)] [(== q 2)]))", 50, None);
    /// let tree = r.tree.unwrap();
    /// assert!(tree.contains(r#""answers":["1","2"]"#));
    /// assert_eq!(tree.matches(r#""kind":"branch""#).count(), 2);
    /// ```
    pub fn tree(&mut self, src: &str, max_nodes: usize, limit: Option<Duration>) -> Reply {
        self.pending = None;
        let budget = match limit {
            Some(l) => kanren::Budget::new().timeout(l),
            None => kanren::Budget::new(),
        };
        let (output, result) = captured(limit, || {
            kanren_clj::search_tree_within(src, max_nodes, budget)
        });
        let mut reply = Reply {
            output,
            ..Reply::default()
        };
        match result {
            Ok(json) => reply.tree = Some(json),
            Err(e) => reply.errors.push(Failure::of(&e)),
        }
        reply
    }
}

/// Runs `f` with what it prints captured (the first [`OUTPUT_CAP`] bytes kept, the rest
/// counted as it is written), and within `limit` of time when one is given.
fn captured<T>(limit: Option<Duration>, f: impl FnOnce() -> T) -> (String, T) {
    let (mut text, left, out) =
        kanren_clj::value::printer::with_out_capped(OUTPUT_CAP, || match limit {
            Some(l) => kanren_clj::with_time_limit(l, f),
            None => f(),
        });
    if left > 0 {
        text.push_str(&format!("\n… {left} more bytes of output not shown\n"));
    }
    (text, out)
}

impl Reply {
    /// The reply as the page reads it: `{"output": ..., "value": ..., "answers": [{"text",
    /// "html"}], "more": bool, "tree": {...}, "errors": [{"report", "line", "column"}]}`, absent
    /// fields left out.
    pub fn to_json(&self) -> String {
        let mut j = Json::object();
        j.field("output", &self.output);
        if let Some(v) = &self.value {
            j.field("value", v);
        }
        j.raw_field(
            "answers",
            &Json::array(self.answers.iter().map(|a| {
                let mut o = Json::object();
                o.field("text", &a.text);
                if let Some(h) = &a.html {
                    o.field("html", h);
                }
                o.finish()
            })),
        );
        j.raw_field("more", if self.more { "true" } else { "false" });
        if let Some(t) = &self.tree {
            j.raw_field("tree", t);
        }
        if !self.errors.is_empty() {
            let errors = self.errors.iter().map(|e| {
                let mut o = Json::object();
                o.field("report", &e.report);
                if let (Some(l), Some(c)) = (e.line, e.column) {
                    o.raw_field("line", &l.to_string());
                    o.raw_field("column", &c.to_string());
                }
                o.finish()
            });
            j.raw_field("errors", &Json::array(errors));
        }
        j.finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn output_past_the_cap_is_counted_not_kept() {
        let mut s = Session::new();
        // 2 000 000 bytes printed: the first OUTPUT_CAP kept, the rest counted exactly.
        let r = s.eval("(dotimes [i 200000] (print \"0123456789\")) :done", None);
        let kept = &r.output[..OUTPUT_CAP];
        assert!(kept.bytes().all(|b| b.is_ascii_digit()));
        let note = format!(
            "\n… {} more bytes of output not shown\n",
            2_000_000 - OUTPUT_CAP
        );
        assert_eq!(&r.output[OUTPUT_CAP..], note);
        assert_eq!(r.value.as_deref(), Some(":done"));
    }

    #[test]
    fn a_with_out_str_inside_the_program_keeps_all_of_its_own_output() {
        let mut s = Session::new();
        let r = s.eval(
            "(count (with-out-str (dotimes [i 200000] (print \"0123456789\"))))",
            None,
        );
        assert_eq!(
            (r.output.as_str(), r.value.as_deref()),
            ("", Some("2000000"))
        );
    }

    #[test]
    fn a_cut_falls_on_a_character_boundary() {
        let mut s = Session::new();
        // One byte, then two-byte characters: the cap falls inside one.
        let r = s.eval(
            &format!(
                "(print \"a\") (dotimes [i {}] (print \"é\"))",
                OUTPUT_CAP / 2
            ),
            None,
        );
        let (kept, note) = r.output.split_at(OUTPUT_CAP - 1);
        assert!(kept.starts_with('a') && kept[1..].chars().all(|c| c == 'é'));
        assert_eq!(note, "\n… 2 more bytes of output not shown\n");
    }
}

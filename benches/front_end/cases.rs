//! What the benchmark runs: every program of core.logic's bench.clj (its Rust ports in
//! engine/benches/bench_clj/programs/, its Clojure in programs.clj), then the posts' programs
//! (their Clojure in clj/examples/ and engine/benches/bench_clj/posts.clj, their Rust ports in
//! the queens crate), each with its answers in a form both sides can be checked against.

use kanren::Answer;
use kanren_clj::Value;

use crate::programs;

/// One program: its name (the name in programs.clj or posts.clj), the namespace whose
/// `programs` vector holds its Clojure query, and its Rust port, if there is one.
pub struct Case {
    /// The program's name in `programs`.
    pub name: &'static str,
    /// The namespace of the `programs` vector that names it.
    pub ns: &'static str,
    /// The Rust port, if there is one.
    pub rust: Option<Port>,
}

/// A post's Rust port.
pub type PostFn = fn() -> Ported;

/// A Rust port: a bench.clj program of programs/, or a post's program of the queens crate.
#[derive(Clone, Copy)]
pub enum Port {
    /// A program of [`programs::PROGRAMS`].
    Bench(fn() -> Vec<Answer>),
    /// A post's program.
    Post(PostFn),
}

impl Port {
    /// Runs the program, giving every answer.
    pub fn run(self) -> Ported {
        match self {
            Port::Bench(f) => Ported::Answers(f()),
            Port::Post(f) => f(),
        }
    }
}

/// The namespace of programs.clj.
const BENCH_NS: &str = "clojure.core.logic.bench.programs";
/// The namespace of posts.clj.
const POSTS_NS: &str = "clojure.core.logic.bench.posts";

/// A Rust port's answers: the engine's reified answers, or boards read from them (the queens
/// crate's models give `board[row] = column`).
pub enum Ported {
    /// Reified answers, printed as core.logic prints them.
    Answers(Vec<Answer>),
    /// Boards, each printed as the list of its columns.
    Boards(Vec<Vec<usize>>),
}

impl Ported {
    /// How many answers.
    pub fn len(&self) -> usize {
        match self {
            Ported::Answers(a) => a.len(),
            Ported::Boards(b) => b.len(),
        }
    }

    /// The answers as core.logic prints the seq `run` returns: `(a b c)`.
    pub fn show(&self) -> String {
        match self {
            Ported::Answers(a) => programs::show(a),
            Ported::Boards(boards) => {
                let shown: Vec<String> = boards
                    .iter()
                    .map(|b| {
                        let cols: Vec<String> = b.iter().map(|c| c.to_string()).collect();
                        format!("({})", cols.join(" "))
                    })
                    .collect();
                format!("({})", shown.join(" "))
            }
        }
    }
}

/// Every case, bench.clj's programs first, in bench.clj's order.
pub fn all() -> Vec<Case> {
    let mut cases: Vec<Case> = programs::PROGRAMS
        .iter()
        .map(|&(name, run)| Case {
            name,
            ns: BENCH_NS,
            rust: Some(Port::Bench(run)),
        })
        .collect();
    let posts: [(&'static str, Option<PostFn>); 5] = [
        // The first post: core.logic FD, `(take 1 (queens-logic 8))` and all 92.
        (
            "queens-logic-1",
            Some(|| Ported::Boards(queens::fd::queens_logic(8).take(1).collect())),
        ),
        (
            "queens-logic-all",
            Some(|| Ported::Boards(queens::fd::queens_logic(8).collect())),
        ),
        // The second post: `(solve-nqueens n)` of safeo/nqueenso, all answers.
        ("nqueenso-6", Some(|| nqueenso(6))),
        ("nqueenso-8", Some(|| nqueenso(8))),
        // The second post's `queens-run` macro: the queens crate has no generate-and-test
        // over n^n placements, so there is no port of the same search.
        ("queens-run-7", None),
    ];
    cases.extend(posts.into_iter().map(|(name, rust)| Case {
        name,
        ns: POSTS_NS,
        rust: rust.map(Port::Post),
    }));
    cases
}

/// `(solve-nqueens n)`: the boards `([x0 0] [x1 1] ...)` as reified answers.
fn nqueenso(n: usize) -> Ported {
    Ported::Answers(queens::relational::nqueens_answers(n).collect())
}

/// The front end's side of a case: the program's query, the function of no arguments that
/// `programs` names (`None` when it has no such name). Called and its seq of answers realised
/// by counting it, as the port is called and its answers collected: no wrapper on either side.
pub fn front_end_query(case: &Case) -> Option<Value> {
    let src = format!(
        "(in-ns '{ns})
         (some (fn [[n q]] (when (= n \"{name}\") q)) {ns}/programs)",
        ns = case.ns,
        name = case.name
    );
    match kanren_clj::eval_str(&src) {
        Ok(Value::Nil) => None,
        Ok(f) => Some(f),
        Err(e) => panic!("{}: {e}", case.name),
    }
}

//! The programs of core.logic's benchmark file, `bench.clj` (core.logic 1.1.1, commit 326101f,
//! `src/main/clojure/clojure/core/logic/bench.clj`), written for kanren as the guide teaches,
//! each under the Clojure it stands for, including those bench.clj keeps in `comment` blocks.
//!
//! Shared by the criterion target (`engine/benches/bench_clj/main.rs`), the test that checks
//! every answer against core.logic's (`tests/bench_clj.rs`) and the benchmark of the front end
//! against these ports (`benches/front_end/`, root package). [`PROGRAMS`] names one query per
//! program, as bench.clj's comments run it; `programs.clj` beside this folder has the same
//! names for core.logic and for the `kanren` binary.

#![allow(dead_code)]

pub mod cliques;
pub mod fd;
pub mod lists;
pub mod queens;
pub mod sudoku;

use kanren::Answer;

/// A program: its name, and the query that runs it, returning all its answers.
pub type Program = (&'static str, fn() -> Vec<Answer>);

/// Every program, in bench.clj's order. `send-money` (seconds in a release build, minutes in a
/// debug one) and `nqueensfd` (83 s in core.logic) are listed in [`SLOW`] too.
pub const PROGRAMS: &[Program] = &[
    ("true", lists::trivial),
    ("appendo-700", lists::appendo_700),
    ("nrev-backward", lists::nrev_backward),
    ("nrev-30", lists::nrev_30),
    ("zebra", lists::zebra),
    ("zebra-nc", lists::zebra_nc),
    ("cliques-all", cliques::cliques_all),
    ("cliques-20", cliques::cliques_20),
    ("nqueens-1", queens::nqueens_1),
    ("nqueens-all", queens::nqueens_all),
    ("nqueensfd", queens::nqueensfd),
    ("nqueensfd-2", queens::nqueensfd_2),
    ("send-money", lists::send_money),
    ("cryptarithfd-1", fd::cryptarithfd_1),
    ("cryptarithfd-2", fd::cryptarithfd_2),
    ("hanoi-3", lists::hanoi_3),
    ("qsort-0", lists::qsort_0),
    ("qsort-1", lists::qsort_1),
    ("qsort-21", lists::qsort_21),
    ("dinesmanfd", fd::dinesmanfd),
    ("simplefd", fd::simplefd),
    ("simple-fd-eq", fd::simple_fd_eq),
    ("times-34", fd::times_34),
    ("matches-40", fd::matches_40),
    ("small-sudokufd", sudoku::small_sudokufd),
    ("sudoku-easy0", sudoku::easy0),
    ("sudoku-easy1", sudoku::easy1),
    ("sudoku-hard0", sudoku::hard0),
    ("sudoku-hard1", sudoku::hard1),
    ("sudoku-hard2", sudoku::hard2),
    ("sudoku-ciao", sudoku::ciao),
    ("sudoku-jacop", sudoku::jacop),
    ("safefd", fd::safefd),
    ("magic-3", fd::magic_3),
    ("magic-4", fd::magic_4),
];

/// The programs too slow for a debug-build test (their tests are `#[ignore]`d) and for
/// criterion's repeated runs (benched with few samples).
pub const SLOW: &[&str] = &["send-money", "nqueensfd"];

/// The programs that compare.sh times once after one warm-up run (the others: five times
/// after three), in every system: the ones marked slow in programs.clj.
pub const TIMED_ONCE: &[&str] = &[
    "appendo-700",
    "nqueens-all",
    "nqueensfd",
    "send-money",
    "cryptarithfd-2",
    "sudoku-hard2",
];

/// The answers printed as core.logic prints the seq a `run` returns: `(a b c)`.
pub fn show(answers: &[Answer]) -> String {
    let items: Vec<String> = answers.iter().map(|a| a.to_string()).collect();
    format!("({})", items.join(" "))
}

//! core.logic's benchmark programs (bench.clj) give core.logic 1.1.1's answers, in its order
//! where the result is ordered (`run 1`'s first answer, `run*`'s sequence). The programs are
//! shared with the criterion target, engine/benches/bench_clj/; the expected answers,
//! engine/benches/bench_clj/expected.txt, were printed by core.logic.

#[path = "../engine/benches/bench_clj/programs/mod.rs"]
mod programs;

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

/// core.logic's printed answers, by program name.
fn expected() -> HashMap<String, String> {
    let text = include_str!("../engine/benches/bench_clj/expected.txt");
    let mut lines = text.lines().filter(|l| !l.starts_with(";;"));
    let mut map = HashMap::new();
    while let (Some(name), Some(answers)) = (lines.next(), lines.next()) {
        let name = name.strip_prefix("== ").expect("a `== name` line");
        map.insert(name.to_string(), answers.to_string());
    }
    map
}

fn program(name: &str) -> programs::Program {
    *programs::PROGRAMS
        .iter()
        .find(|(n, _)| *n == name)
        .unwrap_or_else(|| panic!("no program {name}"))
}

#[test]
fn cliques_all() {
    check("cliques-all");
}

#[test]
fn cliques_20() {
    check("cliques-20");
}

/// The program's answers, printed, are core.logic's.
fn check(name: &str) {
    let (_, run) = program(name);
    let want = expected()
        .remove(name)
        .unwrap_or_else(|| panic!("no expected answers for {name}"));
    assert_eq!(programs::show(&run()), want, "{name}");
}

macro_rules! same_as_core_logic {
    ($($test:ident $name:literal;)*) => {$(
        #[test]
        fn $test() {
            check($name);
        }
    )*};
}

same_as_core_logic! {
    trivial "true";
    nrev_backward "nrev-backward";
    nrev_30 "nrev-30";
    zebra "zebra";
    zebra_nc "zebra-nc";
    nqueens_1 "nqueens-1";
    nqueens_all "nqueens-all";
    nqueensfd_2 "nqueensfd-2";
    cryptarithfd_1 "cryptarithfd-1";
    cryptarithfd_2 "cryptarithfd-2";
    qsort_0 "qsort-0";
    qsort_1 "qsort-1";
    qsort_21 "qsort-21";
    dinesmanfd "dinesmanfd";
    simplefd "simplefd";
    simple_fd_eq "simple-fd-eq";
    times_34 "times-34";
    matches_40 "matches-40";
    small_sudokufd "small-sudokufd";
    sudoku_easy0 "sudoku-easy0";
    sudoku_easy1 "sudoku-easy1";
    sudoku_hard0 "sudoku-hard0";
    sudoku_hard1 "sudoku-hard1";
    sudoku_hard2 "sudoku-hard2";
    sudoku_ciao "sudoku-ciao";
    sudoku_jacop "sudoku-jacop";
    safefd "safefd";
    magic_3 "magic-3";
    magic_4 "magic-4";
}

#[test]
#[ignore = "slow in a debug build: cargo test --release --test bench_clj -- --ignored"]
fn send_money() {
    check("send-money");
}

/// The 92 boards of the FD queens in core.logic's order, but for one pair: kanren gives
/// core.logic's 8th board 7th and its 7th 8th. DIVERGENCE: kanren propagates to a fixpoint
/// and core.logic does not (a constraint is not re-run for the narrowings it makes itself,
/// and one already queued is not queued again for a later binding), so some branches fail
/// sooner in kanren, which changes where the interleaving streams swap: docs/design.md
/// (section 3, "Labeling at reification") has the trace.
#[test]
#[ignore = "slow in a debug build: cargo test --release --test bench_clj -- --ignored"]
fn nqueensfd() {
    let (_, run) = program("nqueensfd");
    let got: Vec<String> = run().iter().map(|a| a.to_string()).collect();
    let want = expected().remove("nqueensfd").unwrap();
    let mut want: Vec<String> = want[1..want.len() - 1]
        .split("] [")
        .map(|a| format!("[{}]", a.trim_matches(['[', ']'])))
        .collect();
    assert_eq!(want.len(), 92);
    assert_eq!(want[6], "[2 5 7 4 1 8 6 3]");
    assert_eq!(want[7], "[1 7 5 8 2 4 6 3]");
    want.swap(6, 7);
    assert_eq!(got, want);
}

/// `run 700` of `(appendo x y q)`: answer k is the partial list `(_0 ... _k-1 . _k)`, as
/// core.logic gives them (expected.txt keeps the first four).
#[test]
fn appendo_700() {
    let answers = programs::lists::appendo_700();
    let show = |k: usize| match k {
        0 => "_0".to_string(),
        _ => format!(
            "({} . _{k})",
            (0..k)
                .map(|j| format!("_{j}"))
                .collect::<Vec<_>>()
                .join(" ")
        ),
    };
    let want = format!("({})", (0..700).map(show).collect::<Vec<_>>().join(" "));
    assert_eq!(programs::show(&answers), want);
    let first4 = expected().remove("appendo-700").unwrap();
    assert!(want.starts_with(first4.trim_end_matches("...)")));
}

/// Hanoi's answer is `(_0)`, and it traces core.logic's seven moves.
#[test]
fn hanoi_3() {
    let lines = Arc::new(Mutex::new(Vec::new()));
    let sink = lines.clone();
    programs::lists::set_hanoi_sink(Some(Arc::new(move |l: &str| {
        sink.lock().unwrap().push(l.to_string())
    })));
    check("hanoi-3");
    programs::lists::set_hanoi_sink(None);
    let moves: Vec<String> = lines
        .lock()
        .unwrap()
        .chunks(4)
        .map(|m| format!("{} {}", m[1].trim(), m[3].trim()))
        .collect();
    let want = [
        ":left :right",
        ":left :center",
        ":right :center",
        ":left :right",
        ":center :left",
        ":center :right",
        ":left :right",
    ];
    let want: Vec<String> = want
        .iter()
        .map(|m| {
            let (from, to) = m.split_once(' ').unwrap();
            format!("x = {from} y = {to}")
        })
        .collect();
    assert_eq!(moves, want);
    assert_eq!(lines.lock().unwrap()[0], "Move top disk from ");
    assert_eq!(lines.lock().unwrap()[2], " to ");
}

/// Every program has a test above and an expected answer.
#[test]
fn every_program_is_checked() {
    let expected = expected();
    for (name, _) in programs::PROGRAMS {
        assert!(expected.contains_key(*name), "{name}");
    }
    assert_eq!(expected.len(), programs::PROGRAMS.len());
}

//! The FD N-queens of the first post (`queens-logic`), written with kanren: counts, the first
//! answer in core.logic's order, the a1 variant, agreement with a plain backtracker, labeling
//! strategies, and snapshots of the answers.
use kanren::{conj, eq, fd, run, run_all, Answers, Goal, Term, Var};

/// ```clojure
/// (defn queens-logic [n]
///   (let [colvars (map (fn [i] (l/lvar (str "col-" i))) (range n))]
///     (l/run* [q]
///       (everyg (fn [lv] (fd/in lv (fd/interval (dec n)))) colvars)
///       (fd/distinct colvars)
///       (and* (for [i (range n) j (range (inc i) n)
///                   :let [d (- j i) ci (nth colvars i) cj (nth colvars j)]]
///               (fresh [] (fd/eq (!= cj (+ ci d))) (fd/eq (!= ci (+ cj d))))))
///       (l/== q colvars))))
/// ```
fn queens_logic(n: usize, extra: impl Fn(&[Var]) -> Goal) -> Answers {
    let colvars: Vec<Var> = (0..n).map(|_| Var::fresh()).collect();
    let extra = extra(&colvars);
    let model = queens::fd::model(&colvars);
    run_all(move |q| {
        conj([
            model.clone(),
            extra.clone(),
            eq(q, Term::list(colvars.clone())),
        ])
    })
}

fn plain(n: usize) -> Answers {
    queens_logic(n, |_| kanren::succeed())
}

/// All boards by plain backtracking (the first post's `find-all-solutions`), in
/// lexicographic order.
fn backtrack(n: usize) -> Vec<Vec<i64>> {
    queens::find_all_solutions(n)
        .map(|b| b.into_iter().map(|c| c as i64).collect())
        .collect()
}

#[test]
fn first_answer_is_core_logics() {
    let first = plain(8).next().unwrap();
    assert_eq!(first.to_string(), "(1 3 5 7 2 0 6 4)");
}

#[test]
fn run_one_gives_the_same_first_answer() {
    let cols: Vec<Var> = (0..8).map(|_| Var::fresh()).collect();
    let model = queens::fd::model(&cols);
    let answers: Vec<String> = run(1, move |q| {
        conj([model.clone(), eq(q, Term::list(cols.clone()))])
    })
    .map(|a| a.to_string())
    .collect();
    assert_eq!(answers, ["(1 3 5 7 2 0 6 4)"]);
}

#[test]
fn counts() {
    let counts: Vec<usize> = (1..=10).map(|n| plain(n).count()).collect();
    assert_eq!(counts, [1, 0, 0, 2, 10, 4, 40, 92, 352, 724]);
}

#[test]
fn answer_sets_agree_with_backtracking() {
    for n in 4..=8 {
        let mut fd: Vec<Vec<i64>> = plain(n).map(|a| a.value().to_ints().unwrap()).collect();
        fd.sort();
        assert_eq!(fd, backtrack(n), "n = {n}");
    }
}

#[test]
fn a_queen_on_a1_leaves_4_of_92() {
    let a1 = queens_logic(8, |cols| eq(cols[0], 0));
    let boards: Vec<String> = a1.map(|a| a.to_string()).collect();
    assert_eq!(boards.len(), 4);
    assert!(boards.iter().all(|b| b.starts_with("(0 ")));
}

#[test]
fn explicit_leftmost_labeling_is_depth_first_and_lexicographic() {
    let first = queens_logic(8, |cols| fd::label(cols, fd::Labeling::LEFTMOST))
        .next()
        .unwrap();
    assert_eq!(first.to_string(), "(0 4 7 5 2 6 1 3)");
    let all: Vec<Vec<i64>> = queens_logic(6, |cols| fd::label(cols, fd::Labeling::LEFTMOST))
        .map(|a| a.value().to_ints().unwrap())
        .collect();
    assert_eq!(all, backtrack(6));
}

#[test]
fn first_fail_finds_a_board_for_n_100() {
    let board = queens_logic(100, |cols| fd::label(cols, fd::Labeling::FF))
        .next()
        .unwrap()
        .value()
        .to_ints()
        .unwrap();
    for i in 0..100 {
        for j in i + 1..100 {
            assert_ne!(board[i], board[j]);
            assert_ne!((board[i] - board[j]).abs(), (j - i) as i64);
        }
    }
}

#[test]
fn snapshot_all_answers_n6() {
    let text: Vec<String> = plain(6).map(|a| a.to_string()).collect();
    insta::assert_snapshot!("queens_logic_6", text.join("\n"));
}

#[test]
fn snapshot_first_answers_n8() {
    let text: Vec<String> = plain(8).take(10).map(|a| a.to_string()).collect();
    insta::assert_snapshot!("queens_logic_8_first_10", text.join("\n"));
}

#[test]
fn snapshot_a1_answers() {
    let text: Vec<String> = queens_logic(8, |cols| eq(cols[0], 0))
        .map(|a| a.to_string())
        .collect();
    insta::assert_snapshot!("queens_logic_8_a1", text.join("\n"));
}

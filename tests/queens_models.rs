//! Every exact N-queens model, cross-checked: all solutions for n = 1..8 in each model's own
//! order (insta snapshots), the same solution sets across models, and counts against the
//! known sequence as far as each model counts in seconds.

use queens::fd::{self, FdQuery, Labeling};
use queens::{backtrack, bitboard, list_model, relational};
use std::collections::BTreeSet;

/// 1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200 (OEIS A000170 from n = 1).
const COUNTS: [usize; 12] = [1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200];

type Model = (&'static str, fn(usize) -> Vec<Vec<usize>>);

fn fd_with(n: usize, labeling: Labeling) -> Vec<Vec<usize>> {
    fd::solutions(
        n,
        &FdQuery {
            labeling,
            ..FdQuery::default()
        },
    )
    .collect()
}

fn models() -> Vec<Model> {
    vec![
        ("fd core", |n| fd_with(n, Labeling::Core)),
        ("fd leftmost", |n| fd_with(n, Labeling::Leftmost)),
        ("fd ff", |n| fd_with(n, Labeling::FirstFail)),
        ("relational", |n| relational::solve_nqueens(n).collect()),
        ("list", |n| list_model::queens(n).collect()),
        ("backtrack", |n| backtrack::find_all_solutions(n).collect()),
        ("bitboard", |n| bitboard::solutions(n).unwrap().collect()),
    ]
}

fn listing(solutions: &[Vec<usize>]) -> String {
    solutions
        .iter()
        .map(|b| queens::render_list(b))
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn all_solutions_of_each_model_for_n_1_to_8() {
    for (name, solve) in models() {
        let text: Vec<String> = (1..=8)
            .map(|n| format!("n = {n}\n{}", listing(&solve(n))))
            .collect();
        insta::assert_snapshot!(
            format!("solutions_{}", name.replace(' ', "_")),
            text.join("\n\n")
        );
    }
}

#[test]
fn every_model_has_the_same_solution_set() {
    for n in 1..=8 {
        let sets: Vec<(&str, BTreeSet<Vec<usize>>)> = models()
            .into_iter()
            .map(|(name, solve)| {
                let all = solve(n);
                let set: BTreeSet<Vec<usize>> = all.iter().cloned().collect();
                assert_eq!(
                    set.len(),
                    all.len(),
                    "{name} repeats a solution for n = {n}"
                );
                (name, set)
            })
            .collect();
        for (name, set) in &sets[1..] {
            assert_eq!(
                set, &sets[0].1,
                "{name} and {} differ for n = {n}",
                sets[0].0
            );
        }
        assert_eq!(sets[0].1.len(), COUNTS[n - 1]);
        assert!(sets[0].1.iter().all(|b| queens::valid_solution(b)));
    }
}

#[test]
fn counts_follow_the_known_sequence() {
    for n in 1..=12 {
        assert_eq!(
            backtrack::count_solutions(n) as usize,
            COUNTS[n - 1],
            "backtrack n = {n}"
        );
        assert_eq!(
            bitboard::count(n).unwrap() as usize,
            COUNTS[n - 1],
            "bitboard n = {n}"
        );
        assert_eq!(
            bitboard::count_mirror(n).unwrap() as usize,
            COUNTS[n - 1],
            "mirror n = {n}"
        );
    }
    for n in 1..=10 {
        assert_eq!(list_model::queens(n).count(), COUNTS[n - 1], "list n = {n}");
        let q = FdQuery {
            labeling: Labeling::Leftmost,
            ..FdQuery::default()
        };
        assert_eq!(fd::count(n, &q) as usize, COUNTS[n - 1], "fd n = {n}");
    }
    for n in 1..=7 {
        assert_eq!(
            relational::solve_nqueens(n).count(),
            COUNTS[n - 1],
            "relational n = {n}"
        );
    }
}

//! Tests of the FD model: counts, orders, pins, agreement with the backtracker, symmetry breaking.

use super::*;
use crate::backtrack::find_all_solutions;
use crate::board::valid_solution;
use crate::symmetry::{canonical, Symmetry};
use std::collections::BTreeSet;

use crate::A000170;

fn with(labeling: Labeling) -> FdQuery {
    FdQuery {
        labeling,
        ..FdQuery::default()
    }
}

fn broken(labeling: Labeling) -> FdQuery {
    FdQuery {
        labeling,
        break_symmetry: true,
        ..FdQuery::default()
    }
}

#[test]
fn counts_match_the_known_sequence_in_core_order() {
    let counts: Vec<u64> = (1..=10).map(|n| count(n, &with(Labeling::Core))).collect();
    assert_eq!(counts, A000170[1..=10]);
}

#[test]
fn counts_match_the_known_sequence_with_leftmost_labeling() {
    let counts: Vec<u64> = (1..=10)
        .map(|n| count(n, &with(Labeling::Leftmost)))
        .collect();
    assert_eq!(counts, A000170[1..=10]);
}

#[test]
fn the_empty_board_is_one_solution() {
    assert_eq!(queens_logic(0).collect::<Vec<_>>(), [Vec::<usize>::new()]);
    assert_eq!(count(0, &broken(Labeling::Leftmost)), 1);
}

#[test]
fn first_answer_is_the_posts() {
    assert_eq!(queens_logic(8).next(), Some(vec![1, 3, 5, 7, 2, 0, 6, 4]));
}

#[test]
fn leftmost_labeling_gives_the_backtrackers_order() {
    for n in 1..=8 {
        let fd: Vec<Vec<usize>> = solutions(n, &with(Labeling::Leftmost)).collect();
        let reference: Vec<Vec<usize>> = find_all_solutions(n).collect();
        assert_eq!(fd, reference, "n = {n}");
    }
}

#[test]
fn every_labeling_gives_the_backtrackers_solution_set() {
    for labeling in [Labeling::Core, Labeling::Leftmost, Labeling::FirstFail] {
        for n in 1..=8 {
            let fd: BTreeSet<Vec<usize>> = solutions(n, &with(labeling)).collect();
            let reference: BTreeSet<Vec<usize>> = find_all_solutions(n).collect();
            assert_eq!(fd, reference, "n = {n}, {labeling:?}");
        }
    }
}

#[test]
fn first_fail_finds_valid_boards_of_large_sizes() {
    for n in [8, 50, 100] {
        let board = solutions(n, &with(Labeling::FirstFail)).next().unwrap();
        assert_eq!(board.len(), n);
        assert!(valid_solution(&board), "n = {n}: {board:?}");
    }
}

#[test]
fn a_queen_on_a1_leaves_4_of_92() {
    let a1 = FdQuery {
        fixes: vec![(0, 0)],
        ..FdQuery::default()
    };
    let boards: Vec<Vec<usize>> = solutions(8, &a1).collect();
    assert_eq!(boards.len(), 4);
    let expected: BTreeSet<Vec<usize>> = find_all_solutions(8).filter(|b| b[0] == 0).collect();
    assert_eq!(boards.into_iter().collect::<BTreeSet<_>>(), expected);
}

#[test]
fn pins_are_goals_that_combine() {
    let q = FdQuery {
        labeling: Labeling::Leftmost,
        fixes: vec![(0, 0), (7, 3)],
        ..FdQuery::default()
    };
    let expected: Vec<Vec<usize>> = find_all_solutions(8)
        .filter(|b| b[0] == 0 && b[7] == 3)
        .collect();
    assert_eq!(solutions(8, &q).collect::<Vec<_>>(), expected);
    let clash = FdQuery {
        fixes: vec![(0, 0), (1, 1)],
        ..FdQuery::default()
    };
    assert_eq!(count(8, &clash), 0);
}

#[test]
#[should_panic(expected = "fix (8, 0) lies outside the 8x8 board")]
fn a_pin_off_the_board_is_a_misuse() {
    let q = FdQuery {
        fixes: vec![(8, 0)],
        ..FdQuery::default()
    };
    let _ = solutions(8, &q);
}

/// The images of `boards` under all eight symmetries.
fn orbit_closure(boards: &BTreeSet<Vec<usize>>) -> BTreeSet<Vec<usize>> {
    boards
        .iter()
        .flat_map(|b| Symmetry::ALL.iter().map(move |s| s.apply(b)))
        .collect()
}

#[test]
fn symmetry_breaking_keeps_every_class_and_only_solutions() {
    for labeling in [Labeling::Core, Labeling::Leftmost] {
        for n in 1..=10 {
            let full: BTreeSet<Vec<usize>> = solutions(n, &with(labeling)).collect();
            let kept: BTreeSet<Vec<usize>> = solutions(n, &broken(labeling)).collect();
            assert!(kept.is_subset(&full), "n = {n}");
            assert_eq!(orbit_closure(&kept), full, "n = {n}, {labeling:?}");
            let classes: BTreeSet<Vec<usize>> = full.iter().map(|b| canonical(b)).collect();
            let kept_classes: BTreeSet<Vec<usize>> = kept.iter().map(|b| canonical(b)).collect();
            assert_eq!(kept_classes, classes, "n = {n}");
        }
    }
}

/// The solutions of the `n`×`n` board, leftmost order, with the edge constraints.
fn edges_broken(n: usize) -> Vec<Vec<usize>> {
    solutions_with(n, &with(Labeling::Leftmost), break_symmetry_edges).collect()
}

#[test]
fn edge_symmetry_breaking_keeps_every_class_and_only_solutions() {
    for n in 1..=10 {
        let full: BTreeSet<Vec<usize>> = find_all_solutions(n).collect();
        let kept: BTreeSet<Vec<usize>> = edges_broken(n).into_iter().collect();
        assert!(kept.is_subset(&full), "n = {n}");
        assert_eq!(orbit_closure(&kept), full, "n = {n}");
    }
}

/// Distance of position `p` from the nearer end of `0..=m`.
fn dist(p: usize, m: usize) -> usize {
    p.min(m - p)
}

#[test]
fn symmetry_breaking_keeps_exactly_the_boards_it_describes() {
    // Checked against plain filters over the backtracker's solutions: the top queen in the
    // left half and nearest a corner among the top and bottom rows (`break_symmetry`), and
    // also among the left and right columns (`break_symmetry_edges`).
    for n in 1..=10 {
        let m = n - 1;
        let rows = |b: &[usize]| b[0] <= m - b[0] && b[0] <= dist(b[m], m);
        let edges = |b: &[usize]| {
            let left = b.iter().position(|&c| c == 0).unwrap();
            let right = b.iter().position(|&c| c == m).unwrap();
            rows(b) && b[0] <= dist(left, m) && b[0] <= dist(right, m)
        };
        let expected: Vec<Vec<usize>> = find_all_solutions(n).filter(|b| rows(b)).collect();
        let kept: Vec<Vec<usize>> = solutions(n, &broken(Labeling::Leftmost)).collect();
        assert_eq!(kept, expected, "n = {n}");
        let expected: Vec<Vec<usize>> = find_all_solutions(n).filter(|b| edges(b)).collect();
        assert_eq!(edges_broken(n), expected, "n = {n}");
    }
}

#[test]
fn symmetry_breaking_remaining_counts() {
    // Full counts 1, 0, 0, 2, 10, 4, 40, 92, 352, 724; classes 1, 0, 0, 1, 2, 1, 6, 12, 46, 92.
    let kept: Vec<u64> = (1..=10)
        .map(|n| count(n, &broken(Labeling::Core)))
        .collect();
    assert_eq!(kept, [1, 0, 0, 1, 3, 2, 13, 27, 98, 212]);
    let kept: Vec<usize> = (1..=10).map(|n| edges_broken(n).len()).collect();
    assert_eq!(kept, [1, 0, 0, 1, 3, 1, 10, 18, 73, 141]);
}

#[test]
fn pins_and_goals_of_your_own_are_more_goals() {
    let q = FdQuery {
        fixes: vec![(0, 0)],
        ..FdQuery::default()
    };
    let own: BTreeSet<Vec<usize>> =
        solutions_with(8, &FdQuery::default(), |cols| kanren::fd::eq(cols[0], 0)).collect();
    assert_eq!(own, solutions(8, &q).collect::<BTreeSet<_>>());
}

#[test]
fn take_one_is_lazy() {
    // core.logic's order at reification keeps the suspended siblings of every dead branch,
    // so its first answer grows costly with n (n = 16: 1 s, n = 20: 20 s and 3 GB in
    // release). At n = 12 it takes milliseconds, where all 14 200 answers take seconds.
    let board = queens_logic(12).next().unwrap();
    assert!(valid_solution(&board));
    let board = solutions(30, &with(Labeling::FirstFail)).next().unwrap();
    assert!(valid_solution(&board));
}

#[test]
fn solutions_can_be_sent_to_another_thread() {
    let it = queens_logic(6);
    let handle = std::thread::spawn(move || it.count());
    assert_eq!(handle.join().unwrap(), 4);
}

//! Tests of the dispatch: every model against the others, fixes, unique, and refusals.

use super::*;

use crate::A000170;

/// The exact models built into this binary (fd and relational join when wired).
fn exact_models() -> Vec<Model> {
    Model::ALL
        .into_iter()
        .filter(|&m| m.is_exact() && solutions(m, 4, &Query::default()).is_ok())
        .collect()
}

fn all() -> Query {
    Query {
        mode: Mode::All,
        ..Query::default()
    }
}

#[test]
fn exact_models_agree_on_every_solution() {
    let models = exact_models();
    assert!(models.len() >= 3);
    for (n, &expected) in A000170.iter().enumerate().take(9).skip(1) {
        let mut reference: Vec<Vec<usize>> = backtrack::find_all_solutions(n).collect();
        reference.sort();
        for &model in &models {
            let mut got: Vec<Vec<usize>> = solutions(model, n, &all()).unwrap().collect();
            got.sort();
            assert_eq!(got, reference, "{model}, n = {n}");
            let counted = count(model, n, &Query::default(), &mut |_| {}).unwrap();
            assert_eq!(counted.solutions, expected, "{model}, n = {n}");
        }
    }
}

#[test]
fn the_first_posts_claims_for_every_exact_model() {
    let a1 = Query {
        fixes: vec![Fix { row: 0, col: 0 }],
        ..Query::default()
    };
    let unique = Query {
        unique: true,
        ..Query::default()
    };
    for model in exact_models() {
        let count = |q: &Query| count(model, 8, q, &mut |_| {}).unwrap().solutions;
        assert_eq!(count(&Query::default()), 92, "{model}");
        assert_eq!(count(&a1), 4, "{model}");
        assert_eq!(count(&unique), 12, "{model}");
    }
}

#[test]
fn fixes_keep_exactly_the_boards_with_those_queens() {
    let q = Query {
        mode: Mode::All,
        fixes: vec![Fix { row: 0, col: 1 }, Fix { row: 3, col: 2 }],
        ..Query::default()
    };
    let got: Vec<Vec<usize>> = solutions(Model::List, 4, &q).unwrap().collect();
    assert_eq!(got, [[1, 3, 0, 2]]);
    let attacking = Query {
        fixes: vec![Fix { row: 0, col: 0 }, Fix { row: 1, col: 1 }],
        ..q
    };
    assert_eq!(
        solutions(Model::Bitboard, 8, &attacking).unwrap().count(),
        0
    );
    let counted = count(Model::Bitboard, 8, &attacking, &mut |_| {}).unwrap();
    assert_eq!(counted.solutions, 0);
}

#[test]
fn first_k_takes_a_prefix_in_the_models_order() {
    let q = Query {
        mode: Mode::First(3),
        ..Query::default()
    };
    let got: Vec<Vec<usize>> = solutions(Model::Backtrack, 8, &q).unwrap().collect();
    let expected: Vec<Vec<usize>> = backtrack::find_all_solutions(8).take(3).collect();
    assert_eq!(got, expected);
    let few = Query {
        mode: Mode::First(10),
        ..Query::default()
    };
    assert_eq!(solutions(Model::Bitboard, 4, &few).unwrap().count(), 2);
}

#[test]
fn hill_climbing_gives_one_valid_board_per_seed() {
    let q = Query {
        seed: Some(7),
        ..Query::default()
    };
    let boards: Vec<Vec<usize>> = solutions(Model::HillClimb, 200, &q).unwrap().collect();
    assert_eq!(boards.len(), 1);
    assert!(crate::valid_solution(&boards[0]));
    assert_eq!(solutions(Model::HillClimb, 3, &q).unwrap().count(), 0);
}

#[test]
fn refusals_name_their_reason() {
    let message = |model, n, q: Query| check(model, n, &q).unwrap_err().to_string();
    let fixed = |fixes: &[(usize, usize)]| Query {
        fixes: fixes.iter().map(|&(row, col)| Fix { row, col }).collect(),
        ..Query::default()
    };
    assert_eq!(
        message(Model::Backtrack, 0, Query::default()),
        "board size must be at least 1"
    );
    assert!(
        message(Model::Backtrack, 4, fixed(&[(0, 4)])).contains("column 4 is off the 4x4 board")
    );
    assert!(
        message(Model::Backtrack, 4, fixed(&[(1, 0), (1, 2)])).contains("row 1 is already pinned")
    );
    let hill = |mode| {
        message(
            Model::HillClimb,
            8,
            Query {
                mode,
                ..Query::default()
            },
        )
    };
    assert!(hill(Mode::Count).starts_with("--model hill-climb cannot --count"));
    assert!(hill(Mode::All).contains("one solution"));
    assert!(hill(Mode::First(2)).contains("--first"));
    let seeded = Query {
        seed: Some(1),
        ..Query::default()
    };
    assert!(message(Model::List, 8, seeded).contains("--seed"));
    let too_big = message(Model::Bitboard, 65, Query::default());
    assert!(too_big.contains("at most 33"), "{too_big}");
    let too_big = message(
        Model::Bitboard,
        19,
        Query {
            mode: Mode::Count,
            ..Query::default()
        },
    );
    assert!(too_big.contains("at most 18"), "{too_big}");
}

#[test]
fn counts_of_the_engine_models_see_the_same_boards_depth_first() {
    let counted = Query {
        mode: Mode::Count,
        ..Query::default()
    };
    for model in [Model::Fd, Model::Relational] {
        let mut orders_differ = false;
        for n in 1..=7 {
            let in_order: Vec<Vec<usize>> = solutions(model, n, &all()).unwrap().collect();
            let depth_first: Vec<Vec<usize>> = solutions(model, n, &counted).unwrap().collect();
            orders_differ |= in_order != depth_first;
            let (mut a, mut b) = (in_order, depth_first);
            a.sort();
            b.sort();
            assert_eq!(a, b, "{model}, n = {n}");
        }
        // The orders themselves differ: --all keeps core.logic's.
        assert!(orders_differ, "{model}");
    }
}

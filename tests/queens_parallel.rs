//! The queens counts on several threads and in parts: every model's parallel count against
//! the known sequence, and the parts of a split count adding up to the whole with no board in
//! two parts.

use queens::backtrack::find_all_solutions;
use queens::models::within::{count_within, Within};
use queens::models::{split, Fix, Model, Query};

const COUNTS: [u64; 12] = [1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200];

/// The models whose counts run on several threads.
const COUNTING_MODELS: [Model; 5] = [
    Model::Fd,
    Model::Relational,
    Model::List,
    Model::Backtrack,
    Model::Bitboard,
];

fn count(model: Model, n: usize, within: &Within) -> u64 {
    let c = count_within(model, n, &Query::default(), within).unwrap();
    assert!(!c.stopped);
    c.counted.solutions
}

#[test]
fn parallel_counts_follow_the_known_sequence() {
    let models = [
        (Model::Fd, 8),
        (Model::Relational, 7),
        (Model::List, 9),
        (Model::Backtrack, 9),
        (Model::Bitboard, 12),
    ];
    for (model, max) in models {
        for n in 1..=max {
            for jobs in [1, 2, 8] {
                assert_eq!(
                    count(model, n, &Within::new(jobs)),
                    COUNTS[n - 1],
                    "{model} n = {n} jobs = {jobs}"
                );
            }
        }
    }
}

#[test]
fn parallel_counts_keep_the_fixes() {
    let q = Query {
        fixes: vec![Fix { row: 0, col: 0 }],
        ..Query::default()
    };
    for model in COUNTING_MODELS {
        let c = count_within(model, 8, &q, &Within::new(2)).unwrap();
        assert_eq!(c.counted.solutions, 4, "{model}");
    }
}

#[test]
fn the_parts_add_up_to_the_count() {
    for n in 8..=12 {
        for k in [1, 2, 3, 5, 8] {
            let sum: u64 = (1..=k)
                .map(|i| {
                    count(
                        Model::Bitboard,
                        n,
                        &Within {
                            part: Some((i, k)),
                            ..Within::new(2)
                        },
                    )
                })
                .sum();
            assert_eq!(sum, COUNTS[n - 1], "n = {n}, k = {k}");
        }
    }
    // Every model that counts by parts agrees on one split.
    for model in [Model::Fd, Model::List, Model::Backtrack] {
        let sum: u64 = (1..=3)
            .map(|i| {
                count(
                    model,
                    8,
                    &Within {
                        part: Some((i, 3)),
                        ..Within::new(1)
                    },
                )
            })
            .sum();
        assert_eq!(sum, 92, "{model}");
    }
}

#[test]
fn no_board_is_in_two_parts() {
    for n in 8..=10 {
        for k in [2, 3, 7] {
            let parts: Vec<Vec<split::Prefix>> = (1..=k).map(|i| split::part(n, i, k)).collect();
            for board in find_all_solutions(n) {
                let holders = parts
                    .iter()
                    .filter(|part| part.iter().any(|p| board.starts_with(&p.cols)))
                    .count();
                assert_eq!(holders, 1, "n = {n}, k = {k}: {board:?}");
            }
        }
    }
}

#[test]
fn a_set_token_stops_every_model_at_once() {
    for model in COUNTING_MODELS {
        let within = Within::new(2);
        within.stop.cancel();
        let started = std::time::Instant::now();
        let c = count_within(model, 16, &Query::default(), &within).unwrap();
        assert!(c.stopped, "{model}");
        assert!(
            started.elapsed() < std::time::Duration::from_secs(5),
            "{model}"
        );
    }
}

//! All N-queens models side by side in one criterion run: counting every solution, symmetry
//! breaking in the FD model, and one solution of large boards (the FD models with first-fail).
//!
//! Ratios are the figures to read (docs/performance.md): the machine is shared, so
//! each model is compared with the array backtracker (`backtrack::count_solutions`, the third
//! post's C++ `next_pos`) measured in the same run.
//!
//! ```sh
//! cargo bench -p queens --bench models
//! ```
use criterion::{criterion_group, criterion_main, Criterion};
use queens::fd::{self, FdQuery, Labeling};
use queens::models::{self, Mode, Model, Query};
use queens::{backtrack, bitboard, list_model, HillClimb};
use std::hint::black_box;
use std::time::Duration;

fn fd_query(labeling: Labeling, break_symmetry: bool) -> FdQuery {
    FdQuery {
        labeling,
        break_symmetry,
        ..FdQuery::default()
    }
}

/// Counting all solutions, every exact model, one group per board size.
fn count_all(c: &mut Criterion) {
    for n in [8, 10, 12] {
        let mut g = c.benchmark_group(format!("count n={n}"));
        g.bench_function("backtrack", |b| {
            b.iter(|| backtrack::count_solutions(black_box(n)))
        });
        g.bench_function("bitboard", |b| {
            b.iter(|| bitboard::count(black_box(n)).unwrap())
        });
        g.bench_function("bitboard mirror", |b| {
            b.iter(|| bitboard::count_mirror(black_box(n)).unwrap())
        });
        g.bench_function("list model", |b| {
            b.iter(|| list_model::queens(black_box(n)).count())
        });
        if n <= 10 {
            // The second post's program: about 4.5 s an iteration at n = 10 (interleaved) and
            // 0.9 s (depth-first, folded), 6 times that at n = 12, so not there.
            g.bench_function("relational", |b| {
                b.iter(|| queens::relational::solve_nqueens(black_box(n)).count())
            });
            // The same search depth-first and folded, as `queens --count` runs it.
            let counted = Query {
                mode: Mode::Count,
                ..Query::default()
            };
            g.bench_function("relational depth-first", |b| {
                b.iter(|| {
                    models::count(Model::Relational, black_box(n), &counted, &mut |_| {})
                        .unwrap()
                        .solutions
                })
            });
        }
        for (name, labeling, break_symmetry) in [
            ("fd core", Labeling::Core, false),
            ("fd leftmost", Labeling::Leftmost, false),
            ("fd leftmost + break_symmetry", Labeling::Leftmost, true),
        ] {
            let q = fd_query(labeling, break_symmetry);
            g.bench_function(name, |b| b.iter(|| fd::count(black_box(n), &q)));
        }
        // Three distinct_offsets, first-fail, depth-first (as `queens --count` runs it).
        g.bench_function("fd-global", |b| {
            b.iter(|| queens::fd_global::solutions(black_box(n), &[], true).count())
        });
        g.finish();
    }
}

/// The bitboard counter on boards the other models cannot count in a bench.
fn count_large(c: &mut Criterion) {
    for n in [14, 15] {
        let mut g = c.benchmark_group(format!("count n={n}"));
        g.bench_function("bitboard", |b| {
            b.iter(|| bitboard::count(black_box(n)).unwrap())
        });
        g.bench_function("bitboard mirror", |b| {
            b.iter(|| bitboard::count_mirror(black_box(n)).unwrap())
        });
        g.finish();
    }
}

/// Symmetry breaking as extra FD constraints: all solutions counted with and without.
fn symmetry(c: &mut Criterion) {
    for n in [8, 10, 11] {
        let mut g = c.benchmark_group(format!("symmetry n={n}"));
        g.bench_function("backtrack", |b| {
            b.iter(|| backtrack::count_solutions(black_box(n)))
        });
        for labeling in [Labeling::Core, Labeling::Leftmost] {
            for break_symmetry in [false, true] {
                let q = fd_query(labeling, break_symmetry);
                let name = format!("fd {labeling:?} break_symmetry={break_symmetry}");
                g.bench_function(name, |b| b.iter(|| fd::count(black_box(n), &q)));
            }
        }
        let q = fd_query(Labeling::Leftmost, false);
        g.bench_function("fd Leftmost break_symmetry_edges", |b| {
            b.iter(|| fd::solutions_with(black_box(n), &q, fd::break_symmetry_edges).count())
        });
        g.finish();
    }
}

/// One solution of a large board: FD with first-fail, and hill climbing.
fn first_solution(c: &mut Criterion) {
    let mut g = c.benchmark_group("first solution");
    let ff = fd_query(Labeling::FirstFail, false);
    for n in [100, 1000] {
        g.bench_function(format!("fd first-fail n={n}"), |b| {
            b.iter(|| fd::solutions(black_box(n), &ff).next().unwrap())
        });
        g.bench_function(format!("fd-global n={n}"), |b| {
            b.iter(|| {
                queens::fd_global::solutions(black_box(n), &[], false)
                    .next()
                    .unwrap()
            })
        });
    }
    g.bench_function("hill climb n=1000000", |b| {
        b.iter(|| HillClimb::with_seed(1).solve(black_box(1_000_000)).unwrap())
    });
    g.finish();
}

criterion_group! {
    name = models;
    config = Criterion::default()
        .sample_size(10)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(3));
    targets = count_all, count_large, symmetry, first_solution
}
criterion_main!(models);

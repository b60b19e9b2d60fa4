//! Parallel counting: the speed-up at 1 and 2 workers, the cost of splitting at 1 worker, and
//! how soon a cancelled parallel search returns; one criterion run, the backtracker measured
//! alongside as the reference (docs/performance.md).
//!
//! Per size: `sequential` is the single-threaded count as the CLI runs it with `--jobs 1`
//! (the engine's depth-first fold; the bitboard's mirror-halved count), `1 worker` and
//! `2 workers` the parallel count. Speed-up = sequential / 2 workers; split overhead =
//! 1 worker / sequential - 1.
//!
//! ```sh
//! cargo bench -p queens --bench parallel
//! ```
use criterion::{criterion_group, criterion_main, Criterion};

// The allocator of the `queens` binary, so that the speed-ups measured here are the
// program's: with the system allocator the workers contend on its locks (the relational
// count's many short-lived stream nodes and goals).
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

use kanren::{conde, run_all, Answers, Budget, Goal};
use queens::fd::{answers_with, FdQuery};
use queens::models::within::{count_within, Within};
use queens::models::{Model, Query};
use queens::{backtrack, bitboard, relational};
use std::hint::black_box;
use std::time::{Duration, Instant};

fn fd_answers(n: usize) -> kanren::Answers {
    let q = FdQuery {
        depth_first: true,
        ..FdQuery::default()
    };
    answers_with(n, &q, |_| kanren::succeed())
}

/// The three-`distinct_offsets` model labeled first-fail by `fd::label` (one search loop,
/// which the parallel search cuts at its choice points).
fn fd_label_answers(n: usize) -> kanren::Answers {
    let cols: Vec<kanren::Var> = (0..n).map(|_| kanren::Var::fresh()).collect();
    run_all(move |q| {
        kanren::conj([
            queens::fd_global::model(&cols),
            kanren::fd::label(&cols, kanren::fd::Labeling::FF),
            kanren::eq(q, kanren::Term::list(cols.clone())),
        ])
    })
    .depth_first()
}

fn prefixes(model: Model, n: usize, jobs: usize) -> u64 {
    count_within(model, n, &Query::default(), &Within::new(jobs))
        .unwrap()
        .counted
        .solutions
}

fn speedup(c: &mut Criterion) {
    for n in [11, 12] {
        let mut g = c.benchmark_group(format!("parallel fd count n={n}"));
        g.sample_size(10);
        g.bench_function("backtrack", |b| {
            b.iter(|| backtrack::count_solutions(black_box(n)))
        });
        g.bench_function("sequential", |b| {
            b.iter(|| fd_answers(black_box(n)).count())
        });
        for w in [1, 2] {
            g.bench_function(format!("{w} workers"), |b| {
                b.iter(|| {
                    let n = black_box(n);
                    Answers::parallel_rebuilt(w, move || fd_answers(n)).count()
                })
            });
        }
        g.finish();
    }
    for n in [11, 12] {
        let mut g = c.benchmark_group(format!("parallel fd::label count n={n}"));
        g.sample_size(10);
        g.bench_function("backtrack", |b| {
            b.iter(|| backtrack::count_solutions(black_box(n)))
        });
        g.bench_function("sequential", |b| {
            b.iter(|| fd_label_answers(black_box(n)).count())
        });
        for w in [1, 2] {
            g.bench_function(format!("{w} workers"), |b| {
                b.iter(|| {
                    let n = black_box(n);
                    Answers::parallel_rebuilt(w, move || fd_label_answers(n)).count()
                })
            });
        }
        g.finish();
    }
    for n in [10, 11] {
        let mut g = c.benchmark_group(format!("parallel relational count n={n}"));
        g.sample_size(10);
        g.bench_function("backtrack", |b| {
            b.iter(|| backtrack::count_solutions(black_box(n)))
        });
        g.bench_function("sequential", |b| {
            b.iter(|| {
                relational::nqueens_answers(black_box(n))
                    .depth_first()
                    .count()
            })
        });
        for w in [1, 2] {
            g.bench_function(format!("{w} workers"), |b| {
                b.iter(|| {
                    let n = black_box(n);
                    Answers::parallel_rebuilt(w, move || relational::nqueens_answers(n)).count()
                })
            });
        }
        g.finish();
    }
    // The backtracker takes minutes at these sizes: the groups above are its reference.
    for n in [15, 16] {
        let mut g = c.benchmark_group(format!("parallel bitboard count n={n}"));
        g.sample_size(10);
        g.bench_function("sequential", |b| {
            b.iter(|| bitboard::count_mirror(black_box(n)).unwrap())
        });
        for w in [1, 2] {
            g.bench_function(format!("{w} workers"), |b| {
                b.iter(|| prefixes(Model::Bitboard, black_box(n), w))
            });
        }
        g.finish();
    }
}

/// Searches forever without an answer, branching as it goes.
fn widening() -> Goal {
    Goal::lazy(|| conde([vec![widening()], vec![widening()]]))
}

/// The time from setting the token to the parallel search's return (2 workers).
fn cancel_latency(c: &mut Criterion) {
    let mut g = c.benchmark_group("cancel");
    g.sample_size(20);
    g.bench_function("parallel search returns after cancel", |b| {
        b.iter_custom(|iters| {
            let mut total = Duration::ZERO;
            for _ in 0..iters {
                let budget = Budget::new();
                let token = budget.cancel_token();
                let setter = std::thread::spawn(move || {
                    std::thread::sleep(Duration::from_millis(20));
                    token.cancel();
                    Instant::now()
                });
                let n = run_all(|_| widening())
                    .with_budget(budget)
                    .parallel(2)
                    .count();
                let returned = Instant::now();
                let cancelled = setter.join().unwrap();
                assert_eq!(n, 0);
                total += returned.saturating_duration_since(cancelled);
            }
            total
        })
    });
    g.finish();
}

criterion_group!(benches, speedup, cancel_latency);
criterion_main!(benches);

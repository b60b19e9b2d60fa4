//! core.logic's own benchmark programs (bench.clj, core.logic 1.1.1), one criterion benchmark
//! each: `cargo bench -p kanren --bench bench_clj [-- NAME]`. The programs are in `programs/`,
//! shared with the test that checks their answers against core.logic's (tests/bench_clj.rs);
//! compare.sh beside this file times the same programs in core.logic and in the `kanren`
//! binary and prints one table.

mod programs;

use criterion::{criterion_group, criterion_main, Criterion};
use std::hint::black_box;
use std::time::Duration;

fn bench_clj(c: &mut Criterion) {
    let mut g = c.benchmark_group("bench_clj");
    g.warm_up_time(Duration::from_millis(500));
    g.measurement_time(Duration::from_secs(2));
    g.sample_size(10);
    programs::lists::set_hanoi_sink(Some(std::sync::Arc::new(|_: &str| {})));
    for (name, run) in programs::PROGRAMS {
        if programs::SLOW.contains(name) {
            continue;
        }
        g.bench_function(*name, |b| b.iter(|| black_box(run().len())));
    }
    g.finish();
    let mut g = c.benchmark_group("bench_clj_slow");
    g.warm_up_time(Duration::from_millis(1));
    g.sample_size(10);
    g.measurement_time(Duration::from_secs(1));
    for (name, run) in programs::PROGRAMS {
        if programs::SLOW.contains(name) {
            g.bench_function(*name, |b| b.iter(|| black_box(run().len())));
        }
    }
    g.finish();
}

criterion_group!(benches, bench_clj);
criterion_main!(benches);

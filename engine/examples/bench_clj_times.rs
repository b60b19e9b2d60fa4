//! Times core.logic's bench.clj programs as written for kanren (engine/benches/bench_clj/) in
//! one process, the way timing.clj times them in core.logic: `name ms` for each timed run,
//! after a warm-up (one run and one timed run for the slow programs, else three and five).
//! Run by engine/benches/bench_clj/compare.sh; `cargo run --release -p kanren --example
//! bench_clj_times [NAME...]` runs only the programs named.

#[path = "../benches/bench_clj/programs/mod.rs"]
mod programs;

use std::time::Instant;

fn main() {
    let only: Vec<String> = std::env::args().skip(1).collect();
    programs::lists::set_hanoi_sink(Some(std::sync::Arc::new(|_: &str| {})));
    for (name, run) in programs::PROGRAMS {
        if !only.is_empty() && !only.iter().any(|o| o == name) {
            continue;
        }
        let (warm, timed) = if programs::TIMED_ONCE.contains(name) {
            (1, 1)
        } else {
            (3, 5)
        };
        for _ in 0..warm {
            std::hint::black_box(run());
        }
        for _ in 0..timed {
            let t = Instant::now();
            std::hint::black_box(run());
            println!("{name} {:.4}", t.elapsed().as_secs_f64() * 1e3);
        }
    }
}

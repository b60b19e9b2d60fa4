//! The time of each gallery example through the playground's session, natively: the
//! reference the page's times are compared with (benches/web/page.mjs).
//!
//! `cargo run --release -p kanren-web --example gallery_times [GALLERY_DIR [ROUNDS]]` prints a
//! line `id<TAB>milliseconds` per example: the least of ROUNDS (default 5) runs of `eval` then
//! every answer, in one session, after one run to warm up.

use std::time::{Duration, Instant};

fn main() {
    let mut args = std::env::args().skip(1);
    let dir = args.next().unwrap_or_else(|| "web/gallery".into());
    let rounds: usize = args.next().and_then(|r| r.parse().ok()).unwrap_or(5);
    for group in ["lessons", "guide", "posts"] {
        let mut files: Vec<_> = std::fs::read_dir(format!("{dir}/{group}"))
            .unwrap_or_else(|e| panic!("{dir}/{group}: {e}"))
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|x| x == "clj"))
            .collect();
        files.sort();
        for path in files {
            let src = std::fs::read_to_string(&path).expect("a readable example");
            let id = format!("{group}/{}", path.file_stem().unwrap().to_string_lossy());
            // A thread of its own: a fresh session, and a stack like the page's worker's.
            let best = std::thread::Builder::new()
                .stack_size(64 << 20)
                .spawn(move || {
                    let mut s = kanren_web::Session::new();
                    let mut best = Duration::MAX;
                    for _ in 0..=rounds {
                        let t0 = Instant::now();
                        if s.eval(&src, None).more {
                            s.next(None, None);
                        }
                        best = best.min(t0.elapsed());
                    }
                    best
                })
                .expect("a thread")
                .join()
                .expect("no panic");
            println!("{id}\t{:.3}", best.as_secs_f64() * 1000.0);
        }
    }
}

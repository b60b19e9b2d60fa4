//! The front end against the Rust ports, in one process and alternating (issue 27): every
//! program of core.logic's bench.clj and the posts' core.logic programs, run through
//! kanren-clj's evaluator and as the Rust port, and printed as one markdown table.
//!
//! ```sh
//! cargo bench -p kanren-tests --bench front_end -- [--rounds N] [--slow-rounds N] [--core-logic DIR] [NAME...]
//! ```
//!
//! - One front-end session loads bench.clj unchanged (from the core.logic checkout `DIR`, or
//!   `$CORE_LOGIC`, default /work/core.logic), programs.clj, the posts' programs
//!   (clj/examples/eight_queens.clj, nqueens_cl.clj, nqueens_macro.clj) and posts.clj, once.
//!   Each program's Clojure query is the one of programs.clj or posts.clj, the query that
//!   `compare.sh` (and `compare.sh --posts`) times in core.logic.
//! - Warm-up: one run of each side; a program whose run took over a second on either side is
//!   slow, and that run was its warm-up; the others run twice more on each side.
//! - Rounds (`--rounds`, default 5; `--slow-rounds` for the slow ones, default 2) alternate the
//!   two sides, the first side switching every round. In a round a side runs a batch of
//!   repetitions sized at the warm-up to about 20 ms (one for the programs that take longer);
//!   its time is the batch's per run. The figures are the least over the rounds, their ratio,
//!   and the median over the rounds of each round's ratio (its two batches run back to back,
//!   so a change of the machine's speed between rounds cancels: about half the spread of the
//!   ratio of the least times from pass to pass on the programs of a millisecond or less).
//! - Checked: at the warm-up, the two sides print the same answers (core.logic's printed
//!   form); at every run, the same number of answers.
//! - Both sides allocate with the `kanren` binary's allocator ([`kanren_clj::alloc::MiMalloc`]),
//!   so the front end is measured as the binary runs it.
//!
//! - `--calls N --side front|rust NAME` runs program `NAME` `N` times on one side and prints
//!   the number of answers, nothing timed: under callgrind, the difference between `N` and
//!   `--calls 0` is `N` runs' instructions (docs/performance.md, "Where the front end's time
//!   goes").
//!
//! Not run by `cargo test` (a bench target, `test = false`): a pass takes minutes.

#[path = "../../engine/benches/bench_clj/programs/mod.rs"]
mod programs;

mod cases;

use std::hint::black_box;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use cases::{Case, Ported};
use kanren_clj::Value;

#[global_allocator]
static GLOBAL: kanren_clj::alloc::MiMalloc = kanren_clj::alloc::MiMalloc;

/// A run longer than this at the warm-up makes a program slow.
const SLOW: Duration = Duration::from_secs(1);
/// The length a batch of repetitions is sized to.
const BATCH: Duration = Duration::from_millis(20);

/// The command line.
struct Options {
    rounds: usize,
    slow_rounds: usize,
    core_logic: String,
    only: Vec<String>,
    /// `--calls N`: run the one program named `N` times, untimed.
    calls: Option<usize>,
    /// `--side`: the side `--calls` runs, the front end (`true`) or the Rust port.
    front: bool,
}

fn options() -> Options {
    let mut o = Options {
        rounds: 5,
        slow_rounds: 2,
        core_logic: std::env::var("CORE_LOGIC").unwrap_or_else(|_| "/work/core.logic".into()),
        only: Vec::new(),
        calls: None,
        front: true,
    };
    let mut args = std::env::args().skip(1);
    let count = |v: Option<String>, flag: &str| -> usize {
        v.and_then(|v| v.parse().ok())
            .filter(|&n| n > 0)
            .unwrap_or_else(|| usage_error(&format!("{flag} takes a number of at least 1")))
    };
    while let Some(a) = args.next() {
        match a.as_str() {
            // `cargo bench` passes `--bench` to a target without the test harness.
            "--bench" => {}
            "--help" | "-h" => {
                println!("{USAGE}");
                std::process::exit(0)
            }
            "--rounds" => o.rounds = count(args.next(), "--rounds"),
            "--slow-rounds" => o.slow_rounds = count(args.next(), "--slow-rounds"),
            "--core-logic" => {
                o.core_logic = args
                    .next()
                    .unwrap_or_else(|| usage_error("--core-logic takes a folder"))
            }
            "--calls" => {
                o.calls = Some(
                    args.next()
                        .and_then(|v| v.parse().ok())
                        .unwrap_or_else(|| usage_error("--calls takes a number")),
                )
            }
            "--side" => {
                o.front = match args.next().as_deref() {
                    Some("front") => true,
                    Some("rust") => false,
                    _ => usage_error("--side takes front or rust"),
                }
            }
            _ if a.starts_with("--") => usage_error(&format!("unknown option {a}")),
            _ => o.only.push(a),
        }
    }
    o
}

/// The command lines the benchmark runs.
const USAGE: &str = "usage: front_end [--rounds N] [--slow-rounds N] [--core-logic DIR] [NAME...]
       front_end --calls N --side front|rust NAME";

/// Ends the process on a command line it cannot run: the reason and the usage, status 2.
fn usage_error(why: &str) -> ! {
    eprintln!("front_end: {why}\n{USAGE}");
    std::process::exit(2)
}

/// Loads bench.clj, programs.clj, the posts' programs and posts.clj into this thread's session.
fn load_session(core_logic: &str) {
    kanren_clj::init();
    let bench = format!("{core_logic}/src/main/clojure/clojure/core/logic/bench.clj");
    let text = std::fs::read_to_string(&bench)
        .unwrap_or_else(|e| usage_error(&format!("{bench}: {e} (set CORE_LOGIC or --core-logic)")));
    let files: [(&str, &str); 6] = [
        (&bench, &text),
        (
            "programs.clj",
            include_str!("../../engine/benches/bench_clj/programs.clj"),
        ),
        (
            "eight_queens.clj",
            include_str!("../../clj/examples/eight_queens.clj"),
        ),
        (
            "nqueens_cl.clj",
            include_str!("../../clj/examples/nqueens_cl.clj"),
        ),
        (
            "nqueens_macro.clj",
            include_str!("../../clj/examples/nqueens_macro.clj"),
        ),
        (
            "posts.clj",
            include_str!("../../engine/benches/bench_clj/posts.clj"),
        ),
    ];
    for (file, src) in files {
        if let Err(e) = kanren_clj::load(src, Some(file)) {
            panic!("{file} does not load: {e}");
        }
    }
}

/// One run of the front end's side: the query is called and its seq of answers realised by
/// counting it (a goal that prints does so as the seq is walked, counted by [`quiet`]
/// around it); gives the count and the seq.
fn front_end_run(query: &Value) -> (usize, Value) {
    let answers = kanren_clj::eval::apply(query, Vec::new());
    let answers = answers.unwrap_or_else(|e| panic!("the query fails: {e}"));
    let n = kanren_clj::value::coll::count(&answers);
    (
        n.unwrap_or_else(|e| panic!("the query fails: {e}")),
        answers,
    )
}

/// `f` run with what the programs print counted, not kept (as the Rust port's sink keeps
/// only its last line, so neither side's output grows with a batch): one capture for a batch
/// of runs (not one a run, which the port's side does not pay).
fn quiet<T>(f: impl FnOnce() -> T) -> T {
    kanren_clj::value::printer::with_out_capped(0, f).2
}

/// The time per run of `reps` runs of `f`, each checked to give `want` answers.
fn batch(reps: usize, want: usize, mut f: impl FnMut() -> usize) -> Duration {
    let t = Instant::now();
    for _ in 0..reps {
        let got = black_box(f());
        assert_eq!(got, want, "a run gave another number of answers");
    }
    t.elapsed() / reps as u32
}

/// The repetitions that make a batch of runs of `one` last about [`BATCH`].
fn reps_for(one: Duration) -> usize {
    (BATCH.as_secs_f64() / one.as_secs_f64().max(1e-9)).ceil() as usize
}

/// One row of the table.
struct Row {
    name: &'static str,
    answers: usize,
    rounds: usize,
    rust: Option<Duration>,
    front: Duration,
    /// The median over the rounds of the round's front-end time over its Rust time (the two
    /// batches run back to back, so a change of the machine's speed between rounds cancels).
    round_ratio: Option<f64>,
}

fn measure(case: &Case, query: &Value, o: &Options) -> Row {
    // The warm-up, and the check of the answers.
    let t = Instant::now();
    let (answers, front_answers) = quiet(|| front_end_run(query));
    let front_one = t.elapsed();
    let front_shown = front_answers.to_string();
    drop(front_answers);
    let mut rust_one = Duration::ZERO;
    if let Some(port) = case.rust {
        let t = Instant::now();
        let ported = port.run();
        rust_one = t.elapsed();
        assert_eq!(
            ported.len(),
            answers,
            "{}: the answer counts differ",
            case.name
        );
        assert_eq!(
            ported.show(),
            front_shown,
            "{}: the answers differ",
            case.name
        );
    }
    let slow = front_one.max(rust_one) > SLOW;
    let front = || front_end_run(query).0;
    let rust = || case.rust.map_or(0, |p| Ported::len(&p.run()));
    let (rounds, front_reps, rust_reps) = if slow {
        (o.slow_rounds, 1, 1)
    } else {
        let (mut f, mut r) = (Duration::MAX, Duration::MAX);
        for _ in 0..2 {
            f = f.min(quiet(|| batch(1, answers, front)));
            if case.rust.is_some() {
                r = r.min(batch(1, answers, rust));
            }
        }
        (o.rounds, reps_for(f), reps_for(r))
    };
    let (mut best_front, mut best_rust) = (Duration::MAX, Duration::MAX);
    let mut ratios = Vec::with_capacity(rounds);
    for round in 0..rounds {
        let front_first = round % 2 == 0;
        let (mut f, mut r) = (Duration::ZERO, Duration::ZERO);
        for side in [front_first, !front_first] {
            if side {
                f = quiet(|| batch(front_reps, answers, front));
                best_front = best_front.min(f);
            } else if case.rust.is_some() {
                r = batch(rust_reps, answers, rust);
                best_rust = best_rust.min(r);
            }
        }
        if case.rust.is_some() {
            ratios.push(f.as_secs_f64() / r.as_secs_f64());
        }
    }
    ratios.sort_by(f64::total_cmp);
    Row {
        name: case.name,
        answers,
        rounds,
        rust: case.rust.map(|_| best_rust),
        front: best_front,
        round_ratio: ratios.get(ratios.len() / 2).copied(),
    }
}

/// Milliseconds as compare.sh prints them: four decimals below 1, two below 100, else none.
fn ms(d: Duration) -> String {
    let ms = d.as_secs_f64() * 1e3;
    if ms < 1.0 {
        format!("{ms:.4}")
    } else if ms < 100.0 {
        format!("{ms:.2}")
    } else {
        format!("{ms:.0}")
    }
}

fn main() {
    let o = options();
    // bench.clj's `moveo` traces each move; its Rust port's lines go to a buffer too.
    let trace = Arc::new(Mutex::new(String::new()));
    let sink = trace.clone();
    programs::lists::set_hanoi_sink(Some(Arc::new(move |line: &str| {
        let mut buf = sink.lock().unwrap();
        buf.clear();
        buf.push_str(line);
    })));
    load_session(&o.core_logic);
    let cases: Vec<Case> = cases::all()
        .into_iter()
        .filter(|c| o.only.is_empty() || o.only.iter().any(|n| n == c.name))
        .collect();
    if cases.is_empty() {
        usage_error(&format!("no program named {:?}", o.only));
    }
    if let Some(n) = o.calls {
        let [case] = cases.as_slice() else {
            usage_error("--calls runs one program; name it");
        };
        let query = cases::front_end_query(case)
            .unwrap_or_else(|| panic!("no front-end query named {}", case.name));
        let port = case.rust.filter(|_| !o.front);
        if !o.front && port.is_none() {
            usage_error(&format!("{} has no Rust port", case.name));
        }
        let mut answers = 0;
        quiet(|| {
            for _ in 0..n {
                answers += match port {
                    Some(p) => p.run().len(),
                    None => front_end_run(&query).0,
                };
            }
        });
        println!("{answers}");
        return;
    }
    let mut rows = Vec::new();
    for case in &cases {
        let query = cases::front_end_query(case)
            .unwrap_or_else(|| panic!("no front-end query named {}", case.name));
        eprint!("{} ...", case.name);
        let row = measure(case, &query, &o);
        eprintln!(" {} rounds", row.rounds);
        rows.push(row);
    }
    println!(
        "| program | answers | rounds | Rust ms | front end ms | front end / Rust | median of the rounds' |"
    );
    println!("| --- | ---: | ---: | ---: | ---: | ---: | ---: |");
    for r in &rows {
        let (rust, ratio) = match r.rust {
            Some(t) => (
                ms(t),
                format!("{:.2}", r.front.as_secs_f64() / t.as_secs_f64()),
            ),
            None => ("-".into(), "-".into()),
        };
        let median = r.round_ratio.map_or("-".into(), |m| format!("{m:.2}"));
        println!(
            "| {} | {} | {} | {} | {} | {} | {} |",
            r.name,
            r.answers,
            r.rounds,
            rust,
            ms(r.front),
            ratio,
            median
        );
    }
}

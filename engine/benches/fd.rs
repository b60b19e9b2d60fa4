//! FD store benchmarks: N-queens (the first post's `queens-logic`) against the third post's
//! C++ `next_pos` array backtracker measured in the same run, first solutions with
//! first-fail, and the cost of one labeling step (time and allocations).
use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use kanren::{and_star, conj, eq, everyg, fd, fd_eq, run, Goal, State, Stream, Term, Var};
use std::alloc::{GlobalAlloc, Layout, System};
use std::hint::black_box;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// Counts allocations, to report allocations per labeling step.
struct Counting;
static ALLOCS: AtomicUsize = AtomicUsize::new(0);
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, l: Layout) -> *mut u8 {
        ALLOCS.fetch_add(1, Ordering::Relaxed);
        unsafe { System.alloc(l) }
    }
    unsafe fn dealloc(&self, p: *mut u8, l: Layout) {
        unsafe { System.dealloc(p, l) }
    }
}
#[global_allocator]
static GLOBAL: Counting = Counting;

/// The third post's C++ `next_pos`, ported: rows filled in order, every column tried, checked
/// against all earlier rows.
fn next_pos(board: &mut [i32], dep: usize, num: &mut u64) {
    let n = board.len();
    if dep == n {
        *num += 1;
        return;
    }
    for col in 0..n as i32 {
        board[dep] = col;
        let ok = (0..dep).all(|i| {
            board[i] != col
                && board[i] + i as i32 != col + dep as i32
                && board[i] - i as i32 != col - dep as i32
        });
        if ok {
            next_pos(board, dep + 1, num);
        }
    }
}

fn backtrack_count(n: usize) -> u64 {
    let mut num = 0;
    next_pos(&mut vec![0; n], 0, &mut num);
    num
}

/// `queens-logic`: one variable per row, `fd::in_` 0..n-1, `distinct`, both diagonals per pair.
fn model(colvars: &[Var]) -> Goal {
    model_with(colvars, false)
}

/// `queens-logic`, with `fd::distinct_bounds` (Hall intervals) in place of `fd::distinct` when
/// `bounds`.
fn model_with(colvars: &[Var], bounds: bool) -> Goal {
    let n = colvars.len();
    let cols = colvars.to_vec();
    conj([
        everyg(
            |lv| fd::in_(lv, fd::interval_to(n as i64 - 1)),
            cols.clone(),
        ),
        if bounds {
            fd::distinct_bounds(&cols)
        } else {
            fd::distinct(&cols)
        },
        and_star(
            (0..n)
                .flat_map(|i| (i + 1..n).map(move |j| (i, j)))
                .map(move |(i, j)| {
                    let (d, ci, cj) = (j - i, cols[i], cols[j]);
                    conj([fd_eq!(cj != ci + d), fd_eq!(ci != cj + d)])
                }),
        ),
    ])
}

fn fd_count(n: usize, labeling: Option<fd::Labeling>) -> usize {
    fd_count_with(n, labeling, false)
}

fn fd_count_with(n: usize, labeling: Option<fd::Labeling>, bounds: bool) -> usize {
    let cols: Vec<Var> = (0..n).map(|_| Var::fresh()).collect();
    kanren::run_all(move |q| {
        let mut goals = vec![model_with(&cols, bounds)];
        if let Some(how) = labeling {
            goals.push(fd::label(&cols, how));
        }
        goals.push(eq(q, Term::list(cols.clone())));
        conj(goals)
    })
    .count()
}

fn fd_first(n: usize, how: fd::Labeling) -> Term {
    let cols: Vec<Var> = (0..n).map(|_| Var::fresh()).collect();
    let a = run(1, move |q| {
        conj([
            model(&cols),
            fd::label(&cols, how),
            eq(q, Term::list(cols.clone())),
        ])
    })
    .next()
    .expect("a solution");
    a.value().clone()
}

fn all_solutions(c: &mut Criterion) {
    assert_eq!(fd_count_with(8, None, true), 92);
    let mut g = c.benchmark_group("queens_all");
    g.sample_size(10);
    for n in [8usize, 10, 11] {
        g.bench_with_input(BenchmarkId::new("backtrack", n), &n, |b, &n| {
            b.iter(|| black_box(backtrack_count(n)))
        });
        g.bench_with_input(BenchmarkId::new("fd_force_ans", n), &n, |b, &n| {
            b.iter(|| black_box(fd_count(n, None)))
        });
        g.bench_with_input(BenchmarkId::new("fd_label_leftmost", n), &n, |b, &n| {
            b.iter(|| black_box(fd_count(n, Some(fd::Labeling::LEFTMOST))))
        });
        g.bench_with_input(BenchmarkId::new("fd_bounds_force_ans", n), &n, |b, &n| {
            b.iter(|| black_box(fd_count_with(n, None, true)))
        });
        g.bench_with_input(
            BenchmarkId::new("fd_bounds_label_leftmost", n),
            &n,
            |b, &n| b.iter(|| black_box(fd_count_with(n, Some(fd::Labeling::LEFTMOST), true))),
        );
    }
    g.finish();
}

fn first_ff(c: &mut Criterion) {
    let mut g = c.benchmark_group("queens_first_ff");
    g.sample_size(10);
    for n in [100usize, 1000] {
        g.bench_with_input(BenchmarkId::new("fd_ff", n), &n, |b, &n| {
            b.iter(|| black_box(fd_first(n, fd::Labeling::FF)))
        });
    }
    g.finish();
}

/// The posted (unlabeled) state of the n-queens model, and its variables.
fn posted(n: usize) -> (State, Vec<Var>) {
    let cols: Vec<Var> = (0..n).map(|_| Var::fresh()).collect();
    let slot: Arc<Mutex<Option<State>>> = Arc::default();
    let keep = slot.clone();
    let capture = Goal::new(move |s| {
        *keep.lock().unwrap() = Some(s.clone());
        Stream::unit(s)
    });
    let model = model(&cols);
    assert_eq!(
        run(1, move |_q| conj([model.clone(), capture.clone()])).count(),
        1
    );
    let s = slot.lock().unwrap().take().expect("posted state");
    (s, cols)
}

/// One labeling step: bind a variable of a freshly posted model and propagate to fixpoint.
fn labeling_step(c: &mut Criterion) {
    let mut g = c.benchmark_group("labeling_step");
    for n in [8usize, 100, 1000] {
        let (s, cols) = posted(n);
        let (x, v): (Term, Term) = (cols[n / 2].into(), ((n / 2) as i64).into());
        let before = ALLOCS.load(Ordering::Relaxed);
        let reps = 100;
        for _ in 0..reps {
            black_box(s.unify(&x, &v).expect("consistent"));
        }
        let per = (ALLOCS.load(Ordering::Relaxed) - before) as f64 / reps as f64;
        eprintln!("labeling_step n={n}: {per:.1} allocations per step");
        g.bench_function(BenchmarkId::new("bind_and_propagate", n), |b| {
            b.iter(|| black_box(s.unify(&x, &v)))
        });
    }
    g.finish();
}

fn config() -> Criterion {
    Criterion::default()
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(3))
}

criterion_group! { name = benches; config = config(); targets = all_solutions, first_ff, labeling_step }
criterion_main!(benches);

//! The kanren side of the comparison with SWI-Prolog's clpfd (engine/benches/clpfd/): one
//! problem per run, the same models as the Prolog programs beside the script.
//!
//! `clpfd_bench PROBLEM [N]` prints the answer (a count, a value, or a checked board's size)
//! and the milliseconds the search took (posting included, process start excluded):
//!
//! ```text
//! send                  SEND+MORE=MONEY, all solutions       all_distinct + one linear equation
//! sudoku easy|hard      all solutions                        all_distinct on rows, columns, boxes
//! magic                 magic square of order 4, the first   all_distinct + sums of 34, first-fail
//! queens N              every board, all_distinct columns    + pairwise diagonal !=, leftmost
//! queens-ff N           the first board, first-fail          three distincts with offsets
//! knapsack              the optimum of a 0/1 knapsack        branch and bound, leftmost
//! ```
use kanren::fd::{self, Labeling, Rel};
use kanren::{conj, eq, fd_eq, run, run_all, Goal, Term, Var};
use std::time::Instant;

fn vars(n: usize) -> Vec<Var> {
    (0..n).map(|_| Var::fresh()).collect()
}

fn send() -> String {
    let xs = vars(8);
    let [s, e, n, d, m, o, r, y] = std::array::from_fn(|i| xs[i]);
    let c = [
        1000, 100, 10, 1, 1000, 100, 10, 1, -10000, -1000, -100, -10, -1,
    ];
    let ts = [s, e, n, d, m, o, r, e, m, o, n, e, y];
    let count = run_all(|q| {
        conj([
            fd::in_(&xs, fd::interval(0, 9)),
            fd::all_distinct(&xs),
            fd_eq!(s >= 1, m >= 1),
            fd::scalar_product(c, ts, Rel::Eq, 0),
            fd::label(&xs, Labeling::LEFTMOST),
            eq(q, Term::list(xs.clone())),
        ])
    })
    .map(|a| a.to_string())
    .collect::<Vec<_>>();
    count.join(" ")
}

const EASY: &str =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
const HARD: &str =
    "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";

fn sudoku(grid: &str) -> String {
    let xs = vars(81);
    let mut gs: Vec<Goal> = vec![fd::in_(&xs, fd::interval(1, 9))];
    for (i, ch) in grid.chars().enumerate() {
        if let Some(v) = ch.to_digit(10) {
            gs.push(eq(xs[i], v as i64));
        }
    }
    for k in 0..9 {
        gs.push(fd::all_distinct(
            (0..9).map(|j| xs[k * 9 + j]).collect::<Vec<_>>(),
        ));
        gs.push(fd::all_distinct(
            (0..9).map(|j| xs[j * 9 + k]).collect::<Vec<_>>(),
        ));
        let (r, c) = (k / 3 * 3, k % 3 * 3);
        gs.push(fd::all_distinct(
            (0..9)
                .map(|j| xs[(r + j / 3) * 9 + c + j % 3])
                .collect::<Vec<_>>(),
        ));
    }
    gs.push(fd::label(&xs, Labeling::LEFTMOST));
    let count = run_all(|q| conj([conj(gs), eq(q, Term::list(xs.clone()))])).count();
    count.to_string()
}

fn magic() -> String {
    let xs = vars(16);
    let line = |ix: Vec<usize>| {
        fd::sum(
            ix.into_iter().map(|i| xs[i]).collect::<Vec<_>>(),
            Rel::Eq,
            34,
        )
    };
    let mut gs = vec![fd::in_(&xs, fd::interval(1, 16)), fd::all_distinct(&xs)];
    for k in 0..4 {
        gs.push(line((0..4).map(|j| k * 4 + j).collect()));
        gs.push(line((0..4).map(|j| j * 4 + k).collect()));
    }
    gs.push(line((0..4).map(|j| j * 5).collect()));
    gs.push(line((0..4).map(|j| j * 3 + 3).collect()));
    gs.push(fd::label(
        &xs,
        Labeling {
            vars: fd::VarOrder::FirstFail,
            values: fd::ValueOrder::Ascending,
        },
    ));
    let first = run(1, |q| conj([conj(gs), eq(q, Term::list(xs.clone()))])).next();
    first.map_or("none".to_string(), |a| a.to_string())
}

fn queens(n: usize) -> String {
    let cols = vars(n);
    let mut gs = vec![
        fd::in_(&cols, fd::interval(1, n as i64)),
        fd::all_distinct(&cols),
    ];
    for i in 0..n {
        for j in i + 1..n {
            let d = (j - i) as i64;
            gs.push(fd::neq_offset(cols[j], cols[i], d));
            gs.push(fd::neq_offset(cols[i], cols[j], d));
        }
    }
    gs.push(fd::label(&cols, Labeling::LEFTMOST));
    let count = run_all(|q| conj([conj(gs), eq(q, Term::list(cols.clone()))]))
        .depth_first()
        .count();
    count.to_string()
}

fn queens_ff(n: usize) -> String {
    let cols = vars(n);
    let k = n as i64;
    let board = run(1, |q| {
        conj([
            fd::in_(&cols, fd::interval(1, k)),
            fd::distinct_offsets(&cols, vec![0; n]),
            fd::distinct_offsets(&cols, 0..k),
            fd::distinct_offsets(&cols, (0..k).map(|i| -i)),
            fd::label(
                &cols,
                Labeling {
                    vars: fd::VarOrder::FirstFail,
                    values: fd::ValueOrder::Ascending,
                },
            ),
            eq(q, Term::list(cols.clone())),
        ])
    })
    .next()
    .expect("a board");
    let b: Vec<usize> = board
        .value()
        .to_ints()
        .unwrap()
        .iter()
        .map(|&c| c as usize - 1)
        .collect();
    assert!(valid(&b));
    format!("board of {n}")
}

fn valid(b: &[usize]) -> bool {
    let n = b.len() as i64;
    let mut seen = [
        vec![false; b.len()],
        vec![false; 2 * b.len()],
        vec![false; 2 * b.len()],
    ];
    b.iter().enumerate().all(|(i, &c)| {
        let (i, c) = (i as i64, c as i64);
        let keys = [c as usize, (c + i) as usize, (c - i + n) as usize];
        keys.iter()
            .zip(seen.iter_mut())
            .all(|(&k, s)| !std::mem::replace(&mut s[k], true))
    })
}

/// Weights and values of 16 items, capacity 50.
const WEIGHTS: [i64; 16] = [12, 7, 11, 8, 9, 6, 14, 5, 10, 13, 4, 15, 3, 9, 8, 7];
const VALUES: [i64; 16] = [24, 13, 23, 15, 16, 11, 28, 8, 19, 25, 6, 27, 4, 17, 14, 12];

fn knapsack() -> String {
    let xs = vars(WEIGHTS.len());
    let best = run_all(|q| {
        conj([
            fd::in_(&xs, fd::interval(0, 1)),
            fd::dom(q, fd::interval(0, 1000)),
            fd::scalar_product(WEIGHTS, &xs, Rel::Le, 50),
            fd::scalar_product(VALUES, &xs, Rel::Eq, q),
            fd::maximize(q, &xs, Labeling::LEFTMOST),
        ])
    })
    .map(|a| a.to_string())
    .collect::<Vec<_>>();
    best.join(" ")
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let problem = args.get(1).map(String::as_str).unwrap_or("send");
    let n: usize = args.get(2).and_then(|a| a.parse().ok()).unwrap_or(8);
    let t = Instant::now();
    let answer = match problem {
        "send" => send(),
        "sudoku" if args.get(2).map(String::as_str) == Some("hard") => sudoku(HARD),
        "sudoku" => sudoku(EASY),
        "magic" => magic(),
        "queens" => queens(n),
        "queens-ff" => queens_ff(n),
        "knapsack" => knapsack(),
        other => {
            eprintln!("unknown problem {other}: send, sudoku easy|hard, magic, queens N, queens-ff N, knapsack");
            std::process::exit(2);
        }
    };
    println!("{answer} {:.1} ms", t.elapsed().as_secs_f64() * 1000.0);
}

//! Counts the answers of a generator relation, to measure that `run_all` streams them:
//! peak memory must not grow with the number of answers pulled.
//!
//! `cargo run --release -p kanren --example count_answers -- 6` enumerates all 10^6 lists of
//! six digits; `/usr/bin/time -v` on it gives the peak resident memory.

use kanren::{conj, disj, eq, run_all, Goal, Term, Var};

fn digito(x: Var) -> Goal {
    disj((0..10).map(move |d| eq(x, d)))
}

fn main() {
    let digits: usize = std::env::args()
        .nth(1)
        .map(|a| {
            a.parse()
                .expect("usage: count_answers DIGITS (a number from 1 to 8)")
        })
        .unwrap_or(6);
    assert!(
        (1..=8).contains(&digits),
        "usage: count_answers DIGITS (a number from 1 to 8)"
    );
    let count = run_all(move |q| {
        Goal::lazy(move || {
            let vars: Vec<Var> = (0..digits).map(|_| Var::fresh()).collect();
            let mut goals: Vec<Goal> = vars.iter().map(|&v| digito(v)).collect();
            goals.push(eq(q, Term::list(vars.iter().copied())));
            conj(goals)
        })
    })
    .count();
    println!("{count}");
}

//! Small interleaved searches of the engine, for callgrind and `/usr/bin/time`:
//! `generators nat N` (the first `N` answers of `nato`, Peano numbers as lists of ones),
//! `generators appendo N` (every split of an `N`-element list), `generators picks N K` (the
//! first `N` answers of a conjunction of `K` two-way `conde`s). Prints the number of answers.
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

use kanren::{appendo, conde, conj, eq, fresh, list, run, run_all, Goal, Term, Var};

/// `x` is a natural number, `()`-free: `0`, `(1 . 0)`, `(1 1 . 0)`, ...
fn nato(x: Term) -> Goal {
    Goal::lazy(move || {
        let x = x.clone();
        conde([
            vec![eq(&x, 0)],
            vec![fresh(move |[y]: [Var; 1]| {
                conj([eq(&x, list![1; y]), nato(y.into())])
            })],
        ])
    })
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let arg = |i: usize| -> usize {
        args.get(i).and_then(|a| a.parse().ok()).unwrap_or_else(|| {
            eprintln!("generators: nat N | appendo N | picks N K");
            std::process::exit(2)
        })
    };
    let answers = match args.first().map(String::as_str) {
        Some("nat") => run(arg(1), |q| nato(q.into())).count(),
        Some("appendo") => {
            let l = Term::list(0..arg(1) as i64);
            run_all(move |q| {
                let l = l.clone();
                fresh(move |[x, y]: [Var; 2]| conj([appendo(x, y, l.clone()), eq(q, (x, y))]))
            })
            .count()
        }
        Some("picks") => {
            let k = arg(2);
            run(arg(1), move |q| {
                let xs: Vec<Var> = (0..k).map(|_| Var::fresh()).collect();
                let picks = xs.iter().map(|&x| conde([vec![eq(x, 1)], vec![eq(x, 2)]]));
                conj(picks.chain(std::iter::once(eq(q, xs.clone()))))
            })
            .count()
        }
        _ => {
            eprintln!("generators: nat N | appendo N | picks N K");
            std::process::exit(2)
        }
    };
    println!("{answers}");
}

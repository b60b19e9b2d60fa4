//! The FD N-queens model as a whole process: `fd_queens N [ff|ff-ascending|leftmost|first|count|post]`.
//! Prints the first board found with `fd::label` (default first-fail) and checks it, or with
//! `first` the first answer and with `count` the number of solutions, labeled in core.logic's
//! order at reification, or with
//! `post` only the time to post the model.
use kanren::{and_star, conj, eq, everyg, fd, fd_eq, run, run_all, Term, Var};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let n: usize = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(8);
    let mode = args.get(2).map(String::as_str).unwrap_or("ff");
    let cols: Vec<Var> = (0..n).map(|_| Var::fresh()).collect();
    let model =
        {
            let cols = cols.clone();
            conj([
                everyg(
                    |lv| fd::in_(lv, fd::interval_to(n as i64 - 1)),
                    cols.clone(),
                ),
                fd::distinct(&cols),
                and_star((0..n).flat_map(|i| (i + 1..n).map(move |j| (i, j))).map(
                    move |(i, j)| {
                        let (d, ci, cj) = (j - i, cols[i], cols[j]);
                        conj([fd_eq!(cj != ci + d), fd_eq!(ci != cj + d)])
                    },
                )),
            ])
        };
    if mode == "post" {
        let t = std::time::Instant::now();
        assert_eq!(run(1, move |_q| model.clone()).count(), 1);
        println!("posted the model in {:?}", t.elapsed());
        return;
    }
    if mode == "first" {
        let first = run(1, move |q| {
            conj([model.clone(), eq(q, Term::list(cols.clone()))])
        })
        .next();
        println!(
            "{}",
            first.map_or("no solution".to_string(), |a| a.to_string())
        );
        return;
    }
    if mode == "count" {
        let count =
            run_all(move |q| conj([model.clone(), eq(q, Term::list(cols.clone()))])).count();
        println!("{count}");
        return;
    }
    let how = match mode {
        "leftmost" => fd::Labeling::LEFTMOST,
        "ff-ascending" => fd::Labeling {
            vars: fd::VarOrder::FirstFail,
            values: fd::ValueOrder::Ascending,
        },
        _ => fd::Labeling::FF,
    };
    let label = fd::label(&cols, how);
    let Some(a) = run(1, move |q| {
        conj([
            model.clone(),
            label.clone(),
            eq(q, Term::list(cols.clone())),
        ])
    })
    .next() else {
        println!("no solution");
        return;
    };
    let board = a.value().to_ints().expect("a board of integers");
    let ok = (0..n).all(|i| {
        (i + 1..n)
            .all(|j| board[i] != board[j] && (board[i] - board[j]).unsigned_abs() as usize != j - i)
    });
    assert!(ok, "invalid board");
    if n <= 20 {
        println!("{a}");
    } else {
        println!("valid board for n = {n}; first columns {:?}", &board[..10]);
    }
}

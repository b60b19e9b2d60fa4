//! The FD N-queens of the first post (`queens-logic`), written with kanren.
use kanren::{and_star, conj, eq, everyg, fd, fd_eq, run_all, Answers, Goal, Term, Var};

/// `queens-logic`: one variable per row, its value the column.
fn queens_logic(n: usize, extra: impl Fn(&[Var]) -> Goal) -> Answers {
    let colvars: Vec<Var> = (0..n).map(|_| Var::fresh()).collect();
    let extra = extra(&colvars);
    run_all(move |q| {
        conj([
            everyg(
                |lv| fd::in_(lv, fd::interval_to(n as i64 - 1)),
                colvars.clone(),
            ),
            fd::distinct(&colvars),
            and_star(
                (0..n)
                    .flat_map(|i| (i + 1..n).map(move |j| (i, j)))
                    .map(|(i, j)| {
                        let (d, ci, cj) = (j - i, colvars[i], colvars[j]);
                        conj([fd_eq!(cj != ci + d), fd_eq!(ci != cj + d)])
                    }),
            ),
            extra,
            eq(q, Term::list(colvars.clone())),
        ])
    })
}

#[test]
fn first_answer_is_core_logics() {
    let first = queens_logic(8, |_| kanren::succeed()).next().unwrap();
    assert_eq!(first.to_string(), "(1 3 5 7 2 0 6 4)");
}

#[test]
fn counts() {
    let counts: Vec<usize> = (1..=10)
        .map(|n| queens_logic(n, |_| kanren::succeed()).count())
        .collect();
    assert_eq!(counts, [1, 0, 0, 2, 10, 4, 40, 92, 352, 724]);
}

//! `project`: goals built from walked values, and integer arithmetic inside it.

use kanren::{conj, eq, fresh, list, neq, project, run_all, Term};

mod common;
use common::show;

#[test]
fn project_sees_walked_values() {
    insta::assert_snapshot!(
        "sum",
        show(run_all(|q| fresh!(
            [x, y],
            eq(x, 3),
            eq(y, 4),
            project!([x, y] => eq(q, x + y)),
        )))
    );
    // Compound values are walked completely (walk*).
    insta::assert_snapshot!(
        "walk_star",
        show(run_all(|q| fresh!(
            [x, l],
            eq(l, list![1, x]),
            eq(x, 2),
            project!([l] => eq(q, Term::from(l.to_ints().map_or(0, |v| v.iter().sum::<i64>())))),
        )))
    );
}

#[test]
fn a_fresh_variable_comes_through_as_a_variable() {
    insta::assert_snapshot!(
        "fresh_stays_var",
        show(run_all(|q| fresh!(
            [x],
            project!([x] => eq(q, Term::from(x.as_var().is_some()))),
        )))
    );
}

#[test]
fn the_seed_style_diagonal_check_reads_as_in_the_post() {
    // (project [x1 x2 y1 y2] (!= (- x2 x1) (- y2 y1)) (!= (- x1 y2) (- x2 y1)))
    let safe = |x1: i64, y1: i64, x2: i64, y2: i64| {
        run_all(move |_q| {
            fresh!(
                [a1, b1, a2, b2],
                eq(a1, x1),
                eq(b1, y1),
                eq(a2, x2),
                eq(b2, y2),
                project!([a1, a2, b1, b2] => neq(a2 - a1, b2 - b1), neq(a1 - b2, a2 - b1)),
            )
        })
        .count()
    };
    assert_eq!(safe(0, 0, 2, 1), 1);
    assert_eq!(safe(0, 0, 1, 1), 0); // same diagonal
    assert_eq!(safe(0, 1, 1, 0), 0); // same anti-diagonal
}

#[test]
#[should_panic(expected = "kanren: integer arithmetic on the non-integer term")]
fn arithmetic_on_a_fresh_variable_is_a_loud_mistake() {
    let _ = run_all(|q| fresh!([x], project!([x] => eq(q, x - 1)))).count();
}

#[test]
fn project_is_the_function_under_the_macro() {
    let a = run_all(|q| {
        conj([
            eq(q, 5),
            project([q.into()], move |[v]: &[Term; 1]| eq(v * 2, 10)),
        ])
    });
    insta::assert_snapshot!("function_form", show(a));
}

/// core.logic's `pred` and `is`: `(pred v f)` holds when `(f v)` is true, `(is u v op)` binds
/// `u` to `(op v)`; both read the value `v` has when they run.
#[test]
fn pred_and_is() {
    use kanren::{is, pred};
    let show = |a: kanren::Answers| a.map(|a| a.to_string()).collect::<Vec<_>>();
    // (run* [q] (membero q [1 2 3 4]) (pred q even?)) => (2 4)
    let evens = show(run_all(|q| {
        kanren::conj([
            kanren::membero(q, kanren::list![1, 2, 3, 4]),
            pred(q, |v| v.as_int().is_some_and(|i| i % 2 == 0)),
        ])
    }));
    assert_eq!(evens, ["2", "4"]);
    // A fresh variable comes through as a variable: (run* [q] (pred q lvar?)) => (_0)
    assert_eq!(show(run_all(|q| pred(q, |v| v.as_var().is_some()))), ["_0"]);
    // (run* [q] (fresh [n] (== n 5) (is q n inc))) => (6); (is 7 n inc) fails.
    let six = show(run_all(|q| fresh!([n], eq(n, 5), is(q, n, |n| n + 1))));
    assert_eq!(six, ["6"]);
    assert!(show(run_all(|_q| fresh!([n], eq(n, 5), is(7, n, |n| n + 1)))).is_empty());
}

/// `project!` names what it projects when that is not a plain variable: `v = expr`, mixed with
/// plain names and `[a, b] = v`.
#[test]
fn project_names_expressions() {
    use kanren::Var;
    let vs: Vec<Var> = (0..3).map(|_| Var::fresh()).collect();
    let a: Vec<String> = run_all(move |q| {
        fresh!(
            [p],
            eq(vs[0], 2),
            eq(vs[1], 3),
            eq(vs[2], list![4, 5]),
            eq(p, 10),
            project!([x = vs[0], y = Term::from(vs[1]), [c, d] = pair = vs[2], p] =>
                eq(q, x * y + c * d + p))
        )
    })
    .map(|a| a.to_string())
    .collect();
    assert_eq!(a, ["36"]);
}

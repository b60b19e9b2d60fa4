//! Interleaving, fairness and laziness of the search, as core.logic behaves.

use kanren::{conde, defrel, eq, fail, fresh, list, run, run_all, succeed};

defrel! {
    /// `x` is 5, infinitely many times.
    fn fives(x) { conde!([eq(&x, 5)], [fives(&x)]) }
}

defrel! {
    /// `x` is 6, infinitely many times.
    fn sixes(x) { conde!([eq(&x, 6)], [sixes(&x)]) }
}

defrel! {
    /// Never succeeds, never ends: recurses forever without an answer.
    fn nevero(x) { conde!([nevero(&x)]) }
}

defrel! {
    /// `x` is a list of 1s, of any length.
    fn oneso(x) {
        conde!([eq(&x, list![])], [fresh!([d], eq(&x, list![1; d]), oneso(d))])
    }
}

mod common;
use common::strings;

#[test]
fn disjunction_of_two_infinite_relations_interleaves() {
    let got = strings(run(10, |q| conde!([fives(q)], [sixes(q)])));
    assert_eq!(got.len(), 10);
    assert!(
        got.iter().any(|a| a == "5") && got.iter().any(|a| a == "6"),
        "{got:?}"
    );
    // core.logic's order for this program.
    assert_eq!(got, ["5", "6", "5", "6", "5", "6", "5", "6", "5", "6"]);
}

#[test]
fn a_branch_that_never_answers_does_not_starve_the_other() {
    let got = strings(run(1, |q| conde!([nevero(q)], [eq(q, 1)])));
    assert_eq!(got, ["1"]);
    let got = strings(run(3, |q| conde!([nevero(q)], [fives(q)])));
    assert_eq!(got, ["5", "5", "5"]);
}

#[test]
fn run_one_of_an_infinite_relation_returns() {
    assert_eq!(strings(run(1, fives)), ["5"]);
    assert_eq!(run_all(sixes).take(1000).count(), 1000);
}

#[test]
fn answers_of_a_generator_come_in_order() {
    let got = strings(run(4, oneso));
    assert_eq!(got, ["()", "(1)", "(1 1)", "(1 1 1)"]);
}

#[test]
fn failure_is_no_answers() {
    assert_eq!(run_all(|q| kanren::conj([eq(q, 1), eq(q, 2)])).count(), 0);
    assert_eq!(run_all(|_| fail()).count(), 0);
    assert_eq!(run_all(|_| kanren::disj([fail(), succeed()])).count(), 1);
    assert_eq!(run(0, fives).count(), 0);
}

#[test]
fn disj_with_fail_has_the_answers_of_the_goal() {
    let alone = strings(run(6, |q| conde!([fives(q)], [sixes(q)])));
    let with_fail = strings(run(6, |q| {
        kanren::disj([conde!([fives(q)], [sixes(q)]), fail()])
    }));
    assert_eq!(alone, with_fail);
}

#[test]
fn conde_order_follows_core_logic() {
    // (run* [q] (conde [(== q 1)] [(== q 2)] [(== q 3)])) => (1 2 3)
    let got = strings(run_all(|q| conde!([eq(q, 1)], [eq(q, 2)], [eq(q, 3)])));
    assert_eq!(got, ["1", "2", "3"]);
    // A nested conde suspends, so the outer mplus swaps past it and 3 comes first:
    // (run* [q] (conde [(conde [(== q 1)] [(== q 2)])] [(== q 3)])) => (3 1 2), by
    // mplus(inc t, f) = inc(mplus(f(), t)).
    let got = strings(run_all(|q| {
        conde!([conde!([eq(q, 1)], [eq(q, 2)])], [eq(q, 3)])
    }));
    assert_eq!(got, ["3", "1", "2"]);
}

#[test]
fn several_query_variables_come_back_as_a_vector() {
    let got = strings(kanren::run!(*, [x, y] => conde!([eq(x, 1)], [eq(x, 2)]), eq(y, x)));
    assert_eq!(got, ["[1 1]", "[2 2]"]);
}

/// The goals of `shape` for `q`: a leading `succeed`, a disjunction that interleaves with
/// what follows, an infinite relation, a goal that fails, or none at all.
fn goals_of(shape: u8, q: kanren::Term) -> Vec<kanren::Goal> {
    let x = kanren::Term::from(kanren::Var::fresh());
    match shape {
        0 => vec![],
        1 => vec![succeed(), eq(&q, 1)],
        2 => vec![
            conde!([eq(&x, 1)], [eq(&x, 2)], [fives(&x)]),
            conde!([eq(&q, list![&x, "a"])], [eq(&q, list![&x, "b"])]),
        ],
        3 => vec![
            oneso(q.clone()),
            succeed(),
            conde!([eq(&x, 0)], [eq(&x, 1)]),
        ],
        _ => vec![eq(&q, 1), fail(), eq(&q, 2)],
    }
}

#[test]
fn a_lazy_conjunction_answers_as_the_conjunction_built_lazily() {
    for shape in 0..5u8 {
        let lazily = run(12, move |q| {
            kanren::Goal::lazy(move || kanren::conj(goals_of(shape, q.into())))
        });
        let direct = run(12, move |q| {
            kanren::Goal::lazy_conj(move || goals_of(shape, q.into()))
        });
        assert_eq!(strings(direct), strings(lazily), "goals of shape {shape}");
    }
    // Under a disjunction, where suspensions decide the interleaving.
    let branch = |lazy: bool| {
        move |q: kanren::Var| {
            let g = move || goals_of(2, q.into());
            let body = match lazy {
                true => kanren::Goal::lazy_conj(g),
                false => kanren::Goal::lazy(move || kanren::conj(g())),
            };
            conde!([body], [fives(q)])
        }
    };
    assert_eq!(
        strings(run(15, branch(true))),
        strings(run(15, branch(false)))
    );
}

//! `copy_term` (core.logic's `copy-term`), checked against core.logic 1.1.1 (326101f): each
//! expected value was printed by core.logic running the program in the comment above it.

use kanren::{conde, conj, copy_term, eq, fresh, run_all, Term};

mod common;
use common::strings;

#[test]
fn bound_parts_are_kept_and_fresh_variables_renamed_consistently() {
    // (run* [q] (fresh [x y] (== y 5) (copy-term [x y x] q))) => ([_0 5 _0])
    let got = strings(run_all(|q| {
        fresh(move |[x, y]| conj([eq(y, 5), copy_term(vec![x, y, x], q)]))
    }));
    assert_eq!(got, ["[_0 5 _0]"]);
    // (run* [q] (fresh [x y] (copy-term [x y x 1] q))) => ([_0 _1 _0 1])
    let got = strings(run_all(|q| {
        fresh(move |[x, y]| copy_term(vec![Term::from(x), y.into(), x.into(), 1.into()], q))
    }));
    assert_eq!(got, ["[_0 _1 _0 1]"]);
}

#[test]
fn the_copy_is_independent_of_the_original() {
    // (run* [q] (fresh [x c] (copy-term [x x] c) (== c [1 1]) (== q x))) => (_0)
    let got = strings(run_all(|q| {
        fresh(move |[x, c]| conj([copy_term(vec![x, x], c), eq(c, vec![1, 1]), eq(q, x)]))
    }));
    assert_eq!(got, ["_0"]);
    // (run* [q] (fresh [x c] (copy-term [x x] c) (== c [1 q]))) => (1)
    let got = strings(run_all(|q| {
        fresh(move |[x, c]| {
            conj([
                copy_term(vec![x, x], c),
                eq(c, vec![Term::from(1), q.into()]),
            ])
        })
    }));
    assert_eq!(got, ["1"]);
    // (run* [q] (fresh [x y c] (copy-term (lcons x y) c) (== q [x y c])))
    //   => ([_0 _1 (_2 . _3)])
    let got = strings(run_all(|q| {
        fresh(move |[x, y, c]| {
            conj([
                copy_term(Term::cons(x, y), c),
                eq(q, vec![Term::from(x), y.into(), c.into()]),
            ])
        })
    }));
    assert_eq!(got, ["[_0 _1 (_2 . _3)]"]);
}

#[test]
fn non_relational_later_bindings_do_not_reach_the_copy() {
    // (run* [q] (fresh [x c] (copy-term x c) (== x 3) (== q [x c]))) => ([3 _0])
    let got = strings(run_all(|q| {
        fresh(move |[x, c]| conj([copy_term(x, c), eq(x, 3), eq(q, vec![x, c])]))
    }));
    assert_eq!(got, ["[3 _0]"]);
}

#[test]
fn it_runs_inside_one_suspension_as_project_does() {
    // (run* [q] (conde [(copy-term 1 q)] [(== q 2)])) => (2 1)
    let got = strings(run_all(|q| conde!([copy_term(1, q)], [eq(q, 2)])));
    assert_eq!(got, ["2", "1"]);
}

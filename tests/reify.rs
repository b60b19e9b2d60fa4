//! Reified answers in core.logic's printed form (insta snapshots): fresh variables by first
//! occurrence, partial lists dotted, vectors in brackets.

use kanren::{conde, conj, eq, fresh, list, run, run_all, Term};

mod common;
use common::show;

#[test]
fn fresh_variables_are_named_by_first_occurrence() {
    insta::assert_snapshot!(show(run_all(|q| fresh(move |[x, y, z]| eq(q, list![y, x, y, z, x])))), @"(_0 _1 _0 _2 _1)");
    insta::assert_snapshot!(show(run_all(|q| fresh(move |[x]| eq(q, x)))), @"_0");
    insta::assert_snapshot!(show(run_all(|_q| kanren::succeed())), @"_0");
}

#[test]
fn partial_lists_print_dotted() {
    insta::assert_snapshot!(show(run_all(|q| fresh(move |[d]| eq(q, list![1, 2; d])))), @"(1 2 . _0)");
    insta::assert_snapshot!(show(run_all(|q| fresh(move |[a, d]| eq(q, Term::cons(a, d))))), @"(_0 . _1)");
    insta::assert_snapshot!(show(run_all(|q| eq(q, Term::cons(1, 2)))), @"(1 . 2)");
    insta::assert_snapshot!(show(run_all(|q| eq(q, list![]))), @"()");
}

#[test]
fn vectors_print_in_brackets() {
    insta::assert_snapshot!(show(run_all(|q| fresh(move |[x]| eq(q, vec![Term::from(1), x.into(), list![x, 2]])))), @"[1 _0 (_0 2)]");
    insta::assert_snapshot!(show(run_all(|q| eq(q, Term::from(Vec::<i64>::new())))), @"[]");
    insta::assert_snapshot!(show(run_all(|q| fresh(move |[x, y]| eq(q, vec![(x, 1), (y, 2)])))), @"[[_0 1] [_1 2]]");
}

#[test]
fn atoms_print_as_clojure_does() {
    let atoms = run_all(|q| {
        conde!(
            [eq(q, 42)],
            [eq(q, -7)],
            [eq(q, true)],
            [eq(q, "a string")],
            [eq(q, Term::sym("sym"))],
            [eq(q, Term::sym(":keyword"))],
        )
    });
    insta::assert_snapshot!(show(atoms), @r#"
    42
    -7
    true
    "a string"
    sym
    :keyword
    "#);
}

#[test]
fn answers_of_a_relation_in_core_logic_order() {
    kanren::defrel! {
        /// `out` is `l` followed by `s`.
        fn appendo(l, s, out) {
            conde!(
                [eq(&l, list![]), eq(&s, &out)],
                [fresh!([a, d, res], eq(&l, list![a; d]), eq(&out, list![a; res]), appendo(d, &s, res))],
            )
        }
    }
    // (run 4 [q] (fresh [x y z] (appendo x y z) (== q [x y z])))
    let answers = run(4, |q| {
        fresh(move |[x, y, z]| conj([appendo(x, y, z), eq(q, vec![x, y, z])]))
    });
    insta::assert_snapshot!(show(answers), @r"
    [() _0 _0]
    [(_0) _1 (_0 . _1)]
    [(_0 _1) _2 (_0 _1 . _2)]
    [(_0 _1 _2) _3 (_0 _1 _2 . _3)]
    ");
}

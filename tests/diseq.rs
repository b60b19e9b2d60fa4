//! Disequality (`neq`, core.logic's `!=`): residual constraints, simplification, and the four
//! cases where core.logic 1.x is wrong.

use kanren::{conj, eq, fresh, list, neq, run_all, Goal, Term, Var};
use proptest::prelude::*;

mod common;
use common::show;

#[test]
fn residual_constraints_print_as_core_logic() {
    insta::assert_snapshot!("neq_q_1", show(run_all(|q| neq(q, 1))));
    insta::assert_snapshot!(
        "two_alternatives",
        show(run_all(|q| fresh(move |[x, y]| conj([
            eq(q, list![x, y]),
            neq(list![x, y], list![1, 2]),
        ]))))
    );
    insta::assert_snapshot!(
        "two_constraints_canonical_order",
        show(run_all(|q| conj([neq(q, 2), neq(q, 1)])))
    );
}

#[test]
fn constraints_are_simplified() {
    // A duplicate and a subsumed constraint disappear: (!= (_0 1)) implies (!= (_0 1) (_1 2)).
    insta::assert_snapshot!(
        "duplicates_and_subsumed_removed",
        show(run_all(|q| fresh(move |[x, y]| conj([
            eq(q, list![x, y]),
            neq(list![x, y], list![1, 2]),
            neq(x, 1),
            neq(1, x),
        ]))))
    );
    // A variable-variable alternative is written smaller name first, however it was posted.
    insta::assert_snapshot!(
        "var_var_orientation",
        show(run_all(|q| fresh(move |[x, y]| conj([
            eq(q, list![x, y]),
            neq(y, x)
        ]))))
    );
}

#[test]
fn constraints_on_absent_variables_are_dropped() {
    insta::assert_snapshot!(
        "absent_dropped",
        show(run_all(|q| fresh(move |[x]| conj([
            neq(x, 1),
            neq(q, list![x]),
            eq(q, 5)
        ]))))
    );
    // A constraint mentioning both an answer variable and an absent one is dropped too: the
    // absent variable can always be chosen to differ.
    insta::assert_snapshot!(
        "mixed_dropped",
        show(run_all(|q| fresh(move |[x]| neq(q, list![x]))))
    );
}

#[test]
fn constraints_fail_and_vanish_as_bindings_arrive() {
    assert_eq!(run_all(|q| conj([neq(q, 1), eq(q, 1)])).count(), 0);
    assert_eq!(run_all(|q| conj([eq(q, 1), neq(q, 1)])).count(), 0);
    insta::assert_snapshot!(
        "satisfied_vanishes",
        show(run_all(|q| conj([neq(q, 1), eq(q, 2)])))
    );
    // Partial progress: (!= (x y) (1 2)) with x = 1 leaves (!= (y 2)).
    insta::assert_snapshot!(
        "partial_progress",
        show(run_all(|q| fresh(move |[x]| conj([
            neq(list![x, q], list![1, 2]),
            eq(x, 1)
        ]))))
    );
}

/// core.logic 1.x loses an alternative of `(!= [q q] [p r])`: the repeated `q` makes its prefix
/// `q=p, q=r`, and binding `q` then checks only part of it.
#[test]
fn repeated_variable_keeps_both_alternatives() {
    let goals =
        |q: Var, p: Var, r: Var| vec![neq(vec![q, q], vec![p, r]), eq(q, 1), eq(r, 1), eq(p, 2)];
    // Every order of the four goals: q=1, r=1, p=2 makes [1 1] != [2 1], so it succeeds.
    for perm in permutations(4) {
        let order = perm.clone();
        let n = run_all(move |a| {
            fresh(move |[q, p, r]| {
                let gs = goals(q, p, r);
                conj(
                    order
                        .iter()
                        .map(|&i| gs[i].clone())
                        .chain([eq(a, vec![q, p, r])]),
                )
            })
        })
        .count();
        assert_eq!(n, 1, "order {perm:?}");
    }
    // And with p = 1 too it is violated, in every order.
    for perm in permutations(4) {
        let order = perm.clone();
        let n = run_all(move |_a| {
            fresh(move |[q, p, r]| {
                let gs = [neq(vec![q, q], vec![p, r]), eq(q, 1), eq(r, 1), eq(p, 1)];
                conj(order.iter().map(|&i| gs[i].clone()))
            })
        })
        .count();
        assert_eq!(n, 0, "order {perm:?}");
    }
    insta::assert_snapshot!(
        "repeated_var_residual",
        show(run_all(|a| fresh(move |[q, p, r]| conj([
            neq(vec![q, q], vec![p, r]),
            eq(a, vec![q, p, r]),
        ]))))
    );
}

/// core.logic 1.x drops the constraint between a partial list and a longer proper list.
#[test]
fn partial_list_against_longer_proper_list() {
    let n = run_all(|_q| {
        fresh(|[a, d]| {
            conj([
                neq(Term::cons(a, d), list![5, 6]),
                eq(a, 5),
                eq(d, list![6]),
            ])
        })
    })
    .count();
    assert_eq!(n, 0);
    insta::assert_snapshot!(
        "partial_vs_proper_residual",
        show(run_all(|q| fresh(move |[a, d]| conj([
            eq(q, Term::cons(a, d)),
            neq(Term::cons(a, d), list![5, 6]),
            eq(a, 5),
        ]))))
    );
}

/// core.logic 1.x loses answers after a `!=` between a partial list and a variable that
/// `appendo` later builds: `(run 3 [q] (fresh [a b] (!= (lcons q b) a) (appendo a b q)))`
/// gives `(_0)` there (and `(run 6 ...)` with a `fail` after it ends with `()` where the
/// search is endless). Every split holds: `a` = `(x)` would need `(x . b)` = `x`, which the
/// occurs check refuses, so the constraint stays true and leaves nothing to print.
#[test]
fn partial_list_against_a_list_being_built() {
    let answers = kanren::run(3, |q| {
        fresh(move |[a, b]| conj([neq(Term::cons(q, b), a), kanren::appendo(a, b, q)]))
    });
    assert_eq!(show(answers), "_0\n(_0 . _1)\n(_0 _1 . _2)");
}

/// `(run 1 [q] (fresh [a c d] (!= a (lcons q c)) (== a (lcons 0 d))))`: core.logic gives up
/// with `()` when the `!=` between partial lists comes first; `q` = 1 satisfies it.
#[test]
fn a_partial_list_unequal_to_one_built_later() {
    let answers = kanren::run(1, |q| {
        fresh(move |[a, c, d]| conj([neq(a, Term::cons(q, c)), eq(a, Term::cons(0, d))]))
    });
    assert_eq!(answers.count(), 1);
    let sound = run_all(|_q| {
        fresh(move |[a, c, d]| conj([neq(a, Term::cons(1, c)), eq(a, Term::cons(0, d)), eq(c, d)]))
    });
    assert_eq!(sound.count(), 1);
}

/// core.logic 1.x throws on `!=` between two partial lists.
#[test]
fn two_partial_lists() {
    let both = |x: Var, y: Var| neq(list![1; x], list![1; y]);
    assert_eq!(
        run_all(|_q| fresh(move |[x, y]| conj([both(x, y), eq(x, y)]))).count(),
        0
    );
    assert_eq!(
        run_all(|_q| fresh(move |[x, y]| conj([both(x, y), eq(x, list![2]), eq(y, list![3])])))
            .count(),
        1
    );
    assert_eq!(
        run_all(|_q| fresh(move |[x, y]| conj([both(x, y), eq(x, list![2]), eq(y, list![2])])))
            .count(),
        0
    );
    insta::assert_snapshot!(
        "two_partial_lists_residual",
        show(run_all(|q| fresh(move |[x, y]| conj([
            eq(q, vec![x, y]),
            neq(list![1, 2; x], list![1; y]),
        ]))))
    );
}

fn permutations(n: usize) -> Vec<Vec<usize>> {
    if n == 0 {
        return vec![vec![]];
    }
    let mut out = Vec::new();
    for p in permutations(n - 1) {
        for i in 0..=p.len() {
            let mut q = p.clone();
            q.insert(i, n - 1);
            out.push(q);
        }
    }
    out
}

/// A small term over three fixed variables and a few atoms.
fn term_strategy() -> impl Strategy<Value = Shape> {
    let leaf = prop_oneof![
        (0usize..3).prop_map(Shape::Var),
        (0i64..3).prop_map(Shape::Int),
        Just(Shape::Nil),
    ];
    leaf.prop_recursive(3, 12, 2, |inner| {
        prop_oneof![
            (inner.clone(), inner.clone()).prop_map(|(a, b)| Shape::Pair(Box::new(a), Box::new(b))),
            inner.clone().prop_map(|a| Shape::Vec1(Box::new(a))),
            // Sequences of both kinds and maps, so the laws hold across them too.
            (inner.clone(), inner.clone()).prop_map(|(a, b)| Shape::Vec2(Box::new(a), Box::new(b))),
            (any::<bool>(), inner).prop_map(|(k, a)| Shape::Map1(k, Box::new(a))),
        ]
    })
}

#[derive(Clone, Debug)]
enum Shape {
    Var(usize),
    Int(i64),
    Nil,
    Pair(Box<Shape>, Box<Shape>),
    Vec1(Box<Shape>),
    Vec2(Box<Shape>, Box<Shape>),
    /// `{:a v}` or `{:b v}`.
    Map1(bool, Box<Shape>),
}

fn build(s: &Shape, vars: &[Var; 3]) -> Term {
    match s {
        Shape::Var(i) => vars[*i].into(),
        Shape::Int(i) => (*i).into(),
        Shape::Pair(a, b) => Term::cons(build(a, vars), build(b, vars)),
        Shape::Nil => Term::Nil,
        Shape::Vec1(a) => vec![build(a, vars)].into(),
        Shape::Vec2(a, b) => vec![build(a, vars), build(b, vars)].into(),
        Shape::Map1(k, a) => Term::map([(Term::sym(if *k { ":a" } else { ":b" }), build(a, vars))]),
    }
}

fn answers_in_order(n: Shape, m: Shape, e1: Shape, e2: Shape, neq_first: bool) -> Vec<String> {
    run_all(move |q| {
        fresh(move |vars: [Var; 3]| {
            let d: Goal = neq(build(&n, &vars), build(&m, &vars));
            let e: Goal = eq(build(&e1, &vars), build(&e2, &vars));
            let out = eq(q, vars.to_vec());
            if neq_first {
                conj([d, e, out])
            } else {
                conj([e, d, out])
            }
        })
    })
    .map(|a| a.to_string())
    .collect()
}

proptest! {
    /// `neq` then `eq` gives the same answers, printed identically, as `eq` then `neq`.
    #[test]
    fn neq_then_eq_is_eq_then_neq(
        n in term_strategy(), m in term_strategy(), e1 in term_strategy(), e2 in term_strategy()
    ) {
        let a = answers_in_order(n.clone(), m.clone(), e1.clone(), e2.clone(), true);
        let b = answers_in_order(n, m, e1, e2, false);
        prop_assert_eq!(a, b);
    }
}

#[test]
fn disequality_across_sequence_kinds_and_maps() {
    // core.logic 1.1.1 (oracle):
    // (run* [q] (fresh [x] (!= q [5 6]) (== q (lcons 5 x))))
    //   => (((5 . _0) :- (!= ((5 . _0) [5 6]))))   (kanren prints the simplified (!= (_0 (6))))
    // ... (== x '(6)) => ()        ... (== x [7]) => ((5 7))
    let got = show(run_all(|q| {
        fresh(move |[x]| conj([neq(q, vec![5, 6]), eq(q, Term::cons(5, x))]))
    }));
    assert_eq!(got, "((5 . _0) :- (!= (_0 (6))))");
    let six = run_all(|q| {
        fresh(move |[x]| conj([neq(q, vec![5, 6]), eq(q, Term::cons(5, x)), eq(x, list![6])]))
    });
    assert_eq!(six.count(), 0);
    let six_vec = run_all(|q| {
        fresh(move |[x]| conj([neq(q, vec![5, 6]), eq(q, Term::cons(5, x)), eq(x, vec![6])]))
    });
    assert_eq!(six_vec.count(), 0);
    let seven = show(run_all(|q| {
        fresh(move |[x]| conj([neq(q, vec![5, 6]), eq(q, Term::cons(5, x)), eq(x, vec![7])]))
    }));
    assert_eq!(seven, "(5 7)");
    // (run* [q] (!= q {:a 1})) => ((_0 :- (!= (_0 {:a 1}))))
    let a = Term::sym(":a");
    let m1 = Term::map([(a.clone(), 1)]);
    assert_eq!(
        show(run_all(move |q| neq(q, m1.clone()))),
        "(_0 :- (!= (_0 {:a 1})))"
    );
    // (run* [q] (fresh [x] (== q {:a x}) (!= x 1))) => (({:a _0} :- (!= (_0 1))))
    let got = show(run_all(move |q| {
        let a = a.clone();
        fresh(move |[x]| conj([eq(q, Term::map([(a.clone(), x)])), neq(x, 1)]))
    }));
    assert_eq!(got, "({:a _0} :- (!= (_0 1)))");
}

//! `defne`/`matche` and their `a`/`u` forms: every pattern form, and answer order as core.logic.

use kanren::{conde, defna, defne, defnu, eq, fresh, list, matche, run, run_all, Term};

mod common;
use common::show;

defne! {
    /// Every pattern form in one relation: `_`, literals, a vector, a dotted list, a proper
    /// list, `()`, an escaped expression, and a variable repeated across arguments.
    fn shapeo(a, b) {
        ([_ ()])
        ([1 "one"])
        ([-1 true])
        ([[x y] (y x)])
        ([[h . t] t])
        ([{Term::sym(":k")} [[p q] [[r s] . u]]])
        ([z z])
    }
}

#[test]
fn every_pattern_form() {
    insta::assert_snapshot!(
        "shapes",
        show(run_all(|q| fresh!([a, b], shapeo(a, b), eq(q, vec![a, b]))))
    );
    insta::assert_snapshot!("shape_of_1", show(run_all(|q| shapeo(1, q))));
    insta::assert_snapshot!("shape_of_vector", show(run_all(|q| shapeo(vec![7, 8], q))));
}

defne! {
    /// Is the queen `q` safe from all queens in the list `others`? The second post's `safeo`,
    /// with the projected arithmetic.
    fn safeo(q, others) {
        ([_ ()])
        ([[x1 y1] [[x2 y2] . t]]
            kanren::neq(x1, x2),
            kanren::neq(y1, y2),
            kanren::project!([x1, x2, y1, y2] =>
                kanren::neq(x2 - x1, y2 - y1),
                kanren::neq(x1 - y2, x2 - y1)),
            safeo(vec![x1, y1], t))
    }
}

#[test]
fn nested_vector_and_dotted_list_destructuring() {
    let others = || list![vec![0, 0], vec![3, 1]];
    assert_eq!(run_all(|_q| safeo(vec![2, 2], others())).count(), 0); // 0,0 diagonal
    assert_eq!(run_all(|_q| safeo(vec![2, 3], others())).count(), 1);
    assert_eq!(run_all(|_q| safeo(vec![5, 2], others())).count(), 1);
    assert_eq!(run_all(|_q| safeo(vec![4, 2], others())).count(), 0); // 3,1 diagonal
}

#[test]
fn clauses_interleave_like_conde() {
    // The same relation written with matche and with conde/fresh/eq gives the same order.
    fn nato(n: Term) -> kanren::Goal {
        kanren::Goal::lazy(move || {
            let n = n.clone();
            matche!([n], ([0]) ([(1 . m)] nato(m.into())))
        })
    }
    fn nat_conde(n: Term) -> kanren::Goal {
        kanren::Goal::lazy(move || {
            let (n, n2) = (n.clone(), n.clone());
            conde([
                vec![fresh(move |[]| eq(0, &n2))],
                vec![{
                    let n = n.clone();
                    fresh(move |[m]| kanren::conj([eq(list![1; m], &n), nat_conde(m.into())]))
                }],
            ])
        })
    }
    let a = show(run(5, |q| {
        fresh!(
            [x, y],
            kanren::disj([nato(x.into()), nato(y.into())]),
            eq(q, vec![x, y])
        )
    }));
    let b = show(run(5, |q| {
        fresh!(
            [x, y],
            kanren::disj([nat_conde(x.into()), nat_conde(y.into())]),
            eq(q, vec![x, y])
        )
    }));
    assert_eq!(a, b);
    insta::assert_snapshot!("nat_interleaving", a);
}

#[test]
fn matche_on_expressions_and_locals() {
    let l = list![1, 2, 3];
    insta::assert_snapshot!(
        "matche_expr",
        show(run_all(move |q| matche!([l, list![4]],
            ([[a . _] [b]] eq(q, vec![a, b]))
            ([(_ _ c) _] eq(q, c))
        )))
    );
}

defna! {
    /// The first clause that succeeds: `:one` for 1, `:many` otherwise.
    fn counto(n, out) {
        ([1 {Term::sym(":one")}])
        ([_ {Term::sym(":many")}])
    }
}

defnu! {
    /// The first element of `l` that can be `x`, and only that one.
    fn firstmembero(x, l) {
        ([_ [x . _]])
        ([_ [_ . t]] firstmembero(x, t))
    }
}

#[test]
fn the_a_and_u_forms_cut() {
    insta::assert_snapshot!("defna_one", show(run_all(|q| counto(1, q))));
    insta::assert_snapshot!("defna_many", show(run_all(|q| counto(3, q))));
    insta::assert_snapshot!(
        "defnu_first",
        show(run_all(|q| firstmembero(q, list![5, 6, 7])))
    );
    insta::assert_snapshot!(
        "matchu_first",
        show(run_all(|q| kanren::matchu!([q], ([1])([2]))))
    );
    insta::assert_snapshot!(
        "matcha_first",
        show(run_all(
            |q| kanren::matcha!([q], ([(x . _)] eq(x, 1)) ([2]))
        ))
    );
}

defne! {
    /// `out` is `[x y]` for the map `{:a x :b y}` (exactly those keys).
    fn fieldso(m, out) {
        ([{:a x :b y} [x y]])
    }
}

#[test]
fn map_patterns() {
    // core.logic 1.1.1 (oracle), (defne fieldso [m out] ([{:a x :b y} [x y]])):
    // (run* [q] (fieldso {:a 1 :b 2} q)) => ([1 2]); the key order does not matter;
    // (run* [q] (fieldso q [1 2])) => ({:a 1, :b 2}); a map with another key, or a missing
    // one, does not match.
    let (a, b, c) = (Term::sym(":a"), Term::sym(":b"), Term::sym(":c"));
    let ab = Term::map([(a.clone(), 1), (b.clone(), 2)]);
    let ba = Term::map([(b.clone(), 2), (a.clone(), 1)]);
    assert_eq!(show(run_all(move |q| fieldso(ab.clone(), q))), "[1 2]");
    assert_eq!(show(run_all(move |q| fieldso(ba.clone(), q))), "[1 2]");
    assert_eq!(show(run_all(|q| fieldso(q, vec![1, 2]))), "{:a 1, :b 2}");
    let abc = Term::map([(a.clone(), 1), (b, 2), (c, 3)]);
    assert_eq!(run_all(move |q| fieldso(abc.clone(), q)).count(), 0);
    let only_a = Term::map([(a, 1)]);
    assert_eq!(run_all(move |q| fieldso(only_a.clone(), q)).count(), 0);
    // (run* [q] (matche [q] ([{:k [h . t]}] (== h 1) (== t [2])))) => ({:k (1 2)})
    let got = show(run_all(
        |q| matche!([q], ([{:k [h . t]}] eq(h, 1), eq(t, vec![2]))),
    ));
    assert_eq!(got, "{:k (1 2)}");
}

// The stream of a `defne!` clause matches its patterns without making variables where the
// argument already has the pattern's shape (`kanren::fresh_match`). That must mean
// core.logic's expansion, `(fresh [vars] (== pattern arg) ...)` per argument, answer for
// answer and in the same order, whatever is built and whatever is fresh.

defne! {
    /// `out` pairs up `l`'s `[a b]`s swapped; a list of another shape is paired with itself.
    fn swappedo(l, out) {
        ([() ()])
        ([[[a b] . t] [[b a] . u]] swappedo(t, u))
        ([[x . y] z] eq(z, vec![x, y]))
    }
}

/// `swappedo` as core.logic expands it: one `fresh` and `==` per argument whose pattern is
/// not `_`.
fn swappedo_by_hand(l: Term, out: Term) -> kanren::Goal {
    kanren::Goal::lazy(move || {
        let (l, out) = (l.clone(), out.clone());
        let (l2, out2, l3, out3) = (l.clone(), out.clone(), l.clone(), out.clone());
        conde([
            vec![fresh(move |[]: [kanren::Var; 0]| {
                let out = out.clone();
                kanren::conj([
                    eq(list![], l.clone()),
                    fresh(move |[]| eq(list![], out.clone())),
                ])
            })],
            vec![fresh(move |[a, b, t]| {
                let out = out2.clone();
                kanren::conj([
                    eq(list![vec![a, b]; t], l2.clone()),
                    fresh(move |[u]| {
                        kanren::conj([
                            eq(list![vec![b, a]; u], out.clone()),
                            swappedo_by_hand(t.into(), u.into()),
                        ])
                    }),
                ])
            })],
            vec![fresh(move |[x, y]| {
                let out = out3.clone();
                kanren::conj([
                    eq(list![x; y], l3.clone()),
                    fresh(move |[z]| kanren::conj([eq(z, out.clone()), eq(z, vec![x, y])])),
                ])
            })],
        ])
    })
}

/// A small term over three variables: integers, variables, lists, pairs and vectors.
fn small_term() -> impl Strategy<Value = Small> {
    let leaf = prop_oneof![
        (0i64..3).prop_map(Small::Int),
        (0..3usize).prop_map(Small::Var)
    ];
    leaf.prop_recursive(3, 12, 3, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..3).prop_map(Small::List),
            (inner.clone(), inner.clone()).prop_map(|(h, t)| Small::Cons(Box::new([h, t]))),
            prop::collection::vec(inner, 1..4).prop_map(Small::Vector),
        ]
    })
}

#[derive(Clone, Debug)]
enum Small {
    Int(i64),
    Var(usize),
    List(Vec<Small>),
    Cons(Box<[Small; 2]>),
    Vector(Vec<Small>),
}

fn small(t: &Small, vars: [kanren::Var; 3]) -> Term {
    match t {
        Small::Int(k) => Term::from(*k),
        Small::Var(x) => Term::from(vars[*x]),
        Small::List(items) => Term::list(items.iter().map(|i| small(i, vars))),
        Small::Cons(p) => list![small(&p[0], vars); small(&p[1], vars)],
        Small::Vector(items) => {
            Term::from(items.iter().map(|i| small(i, vars)).collect::<Vec<_>>())
        }
    }
}

use proptest::prelude::*;

proptest! {
    /// On a proper list (so that the search is finite) of any items and any `out`, partly
    /// built and partly fresh: the same answers in the same order, interleaved.
    #[test]
    fn compiled_patterns_match_as_fresh_and_eq(
        spine in prop::collection::vec(small_term(), 0..4),
        out in small_term(),
    ) {
        let query = |by_hand: bool| {
            let (spine, out) = (Small::List(spine.clone()), out.clone());
            run_all(move |q| {
                let (spine, out) = (spine.clone(), out.clone());
                fresh(move |vars: [kanren::Var; 3]| {
                    let (l, o) = (small(&spine, vars), small(&out, vars));
                    let goal = if by_hand { swappedo_by_hand(l, o) } else { swappedo(l, o) };
                    kanren::conj([goal, eq(q, vars.to_vec())])
                })
            })
        };
        prop_assert_eq!(common::strings(query(false)), common::strings(query(true)));
    }
}

#[test]
fn compiled_patterns_on_known_cases() {
    let swapped = |q| swappedo(list![vec![1, 2], vec![3, 4]], q);
    // The third clause takes any pair, at the top and after each swapped pair.
    assert_eq!(
        common::strings(run_all(swapped)),
        ["[[1 2] ([3 4])]", "([2 1] [3 4] ())", "([2 1] [4 3])"]
    );
    let neither = |q| swappedo(list![5], q);
    assert_eq!(common::strings(run_all(neither)), ["[5 ()]"]);
    // `a` is not built yet when the clauses match: the generic matcher makes it `[a b]`.
    let partial = |q| fresh!([a], swappedo(list![a], q), eq(a, vec![1, 2]));
    assert_eq!(common::strings(run_all(partial)), ["[[1 2] ()]", "([2 1])"]);
    let by_hand =
        |q: kanren::Var| fresh!([a], swappedo_by_hand(list![a], q.into()), eq(a, vec![1, 2]));
    assert_eq!(common::strings(run_all(by_hand)), ["[[1 2] ()]", "([2 1])"]);
}

// A relation whose patterns need the general matcher (a literal, an argument, a variable met
// again) and skip an argument (`_`): its clauses fail at the first or the second level, and
// each failure suspends as often as core.logic's nested `fresh`s do.

defne! {
    /// `out` is `l` with each leading `1` replaced by `tag`, copied while items repeat in
    /// `out`; `()` ends both.
    fn tago(l, tag, out) {
        ([[1 . t] _ [tag . u]] tago(t, tag, u))
        ([[x . t] _ [x . u]] tago(t, tag, u))
        ([() _ ()])
    }
}

/// `tago` as core.logic expands it.
fn tago_by_hand(l: Term, tag: Term, out: Term) -> kanren::Goal {
    kanren::Goal::lazy(move || {
        let (l1, tag1, out1) = (l.clone(), tag.clone(), out.clone());
        let (l2, tag2, out2) = (l.clone(), tag.clone(), out.clone());
        let (l3, out3) = (l.clone(), out.clone());
        conde([
            vec![fresh(move |[t]| {
                let (tag, out) = (tag1.clone(), out1.clone());
                kanren::conj([
                    eq(list![1; t], l1.clone()),
                    fresh(move |[u]| {
                        kanren::conj([
                            eq(list![tag.clone(); u], out.clone()),
                            tago_by_hand(t.into(), tag.clone(), u.into()),
                        ])
                    }),
                ])
            })],
            vec![fresh(move |[x, t]| {
                let (tag, out) = (tag2.clone(), out2.clone());
                kanren::conj([
                    eq(list![x; t], l2.clone()),
                    fresh(move |[u]| {
                        kanren::conj([
                            eq(list![x; u], out.clone()),
                            tago_by_hand(t.into(), tag.clone(), u.into()),
                        ])
                    }),
                ])
            })],
            vec![fresh(move |[]: [kanren::Var; 0]| {
                let out = out3.clone();
                kanren::conj([
                    eq(list![], l3.clone()),
                    fresh(move |[]: [kanren::Var; 0]| eq(list![], out.clone())),
                ])
            })],
        ])
    })
}

proptest! {
    /// On a proper list of any items, any tag and any `out`, partly built and partly fresh:
    /// the same answers in the same order, interleaved with those of another branch.
    #[test]
    fn general_patterns_suspend_as_fresh_and_eq(
        spine in prop::collection::vec(small_term(), 0..4),
        tag in small_term(),
        out in small_term(),
    ) {
        let query = |by_hand: bool| {
            let (spine, tag, out) = (Small::List(spine.clone()), tag.clone(), out.clone());
            run_all(move |q| {
                let (spine, tag, out) = (spine.clone(), tag.clone(), out.clone());
                fresh(move |vars: [kanren::Var; 3]| {
                    let (l, t, o) = (small(&spine, vars), small(&tag, vars), small(&out, vars));
                    let goal = if by_hand { tago_by_hand(l, t, o) } else { tago(l, t, o) };
                    // A branch of answers beside it, which each suspension of the
                    // relation's (failed clauses' too) moves relative to its answers.
                    let ticks = kanren::membero(q, Term::list((10..20).map(Term::from)));
                    conde([vec![goal, eq(q, vars.to_vec())], vec![ticks]])
                })
            })
        };
        prop_assert_eq!(common::strings(query(false)), common::strings(query(true)));
    }
}

/// A clause that fails at its second level suspends twice: the answers after it come one
/// suspension later relative to another branch's.
#[test]
fn a_clause_failing_at_its_second_level_suspends_twice() {
    let query = |by_hand: bool| {
        run(12, move |q| {
            fresh(move |[v]| {
                let (l, tag, out) = (list![1, 1], Term::from(2), list![1; v]);
                let goal = if by_hand {
                    tago_by_hand(l, tag, out)
                } else {
                    tago(l, tag, out)
                };
                let ticks = kanren::membero(q, Term::list((10..20).map(Term::from)));
                conde([vec![goal, eq(q, v)], vec![ticks]])
            })
        })
    };
    let answers = common::strings(query(false));
    assert_eq!(answers, common::strings(query(true)));
    assert!(answers.len() > 10, "{answers:?}");
}

defne! {
    /// `out` pairs `x` with what `l` starts with, or with `:none`: a nested `matche!` whose
    /// clauses both use the outer argument `x`, and a goal building two `fresh!` closures
    /// that both use it.
    fn taggedo(x, l, out) {
        ([_ _ _] matche!([l],
            ([()] eq(out, vec![Term::from(&x), kanren::term!(:none)]))
            ([[h . _]] eq(out, vec![Term::from(&x), h.clone()]))))
        ([_ [_ . _] _] conde!(
            [fresh!([a], eq(a, &x), eq(out, vec![a]))],
            [fresh!([b], eq(b, &x), fresh!([c], eq(c, &x), eq(out, vec![b, c])))]))
    }
}

#[test]
fn closures_built_in_one_goal_each_get_the_clause_names() {
    let a: Vec<String> = run_all(|q| taggedo(1, list![7], q))
        .map(|a| a.to_string())
        .collect();
    assert_eq!(a, ["[1 7]", "[1]", "[1 1]"]);
    let a: Vec<String> = run_all(|q| taggedo(1, list![], q))
        .map(|a| a.to_string())
        .collect();
    assert_eq!(a, ["[1 :none]"]);
}

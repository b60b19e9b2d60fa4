//! Nominal logic (`kanren::nom`, core.logic's `clojure.core.logic.nominal`): the cases of
//! core.logic's nominal/tests.clj in kanren's words, with the answers core.logic 1.1.1 gives
//! (checked with its oracle), and the programs nominal logic is for: alpha-equivalence,
//! capture-avoiding substitution (run both ways) and type inference for the lambda calculus.

use kanren::{conde, conj, eq, fd, fresh, list, neq, nom, predc, run, run_all, Goal, Term};

fn all(f: impl Fn(kanren::Var) -> Goal) -> Vec<String> {
    run_all(f).map(|a| a.to_string()).collect()
}

fn s(name: &str) -> Term {
    Term::sym(name)
}

fn v<const N: usize>(items: [Term; N]) -> Term {
    Term::from(items.to_vec())
}

#[test]
fn noms_equal_only_themselves() {
    assert_eq!(all(|_| nom::fresh(|[a]| eq(a, a))), ["_0"]);
    assert_eq!(all(|q| nom::fresh(move |[a]| eq(q, a))), ["a_0"]);
    assert_eq!(all(|q| nom::fresh(move |[a]| eq(a, q))), ["a_0"]);
    assert_eq!(
        all(|q| nom::fresh(move |[a, b]| eq(q, v([a.into(), b.into()])))),
        ["[a_0 a_1]"]
    );
    // Different noms in different branches print alike: names are per answer.
    assert_eq!(
        all(|q| nom::fresh(move |[a, b]| conde!([eq(q, a)], [eq(q, b)]))),
        ["a_0", "a_0"]
    );
    assert!(all(|_| nom::fresh(|[a, b]| eq(a, b))).is_empty());
    assert!(all(|_| nom::fresh(|[a]| eq(a, 1))).is_empty());
    assert!(all(|_| nom::fresh(|[a]| eq(s("nil"), a))).is_empty());
    assert!(all(|q| nom::fresh(move |[a]| conj([eq(q, 1), eq(q, a)]))).is_empty());
    assert!(all(|q| nom::fresh(move |[a, b]| conj([eq(a, q), eq(b, q)]))).is_empty());
    // A nom is not a number.
    let number = |t: &Term| t.as_int().is_some();
    assert!(all(|_| nom::fresh(move |[a]| predc(a, number, "number?"))).is_empty());
    assert!(
        all(|q| nom::fresh(move |[a]| conj([predc(q, number, "number?"), eq(q, a)]))).is_empty()
    );
}

#[test]
fn freshness() {
    assert_eq!(
        all(|q| nom::fresh(move |[a, b]| conj([nom::hash(a, q), nom::hash(b, q)]))),
        ["_0"]
    );
    // Residual freshness constraints, in core.logic's (hash set) order.
    assert_eq!(
        all(|q| fresh(move |[x]| nom::fresh(move |[a, b]| conj([
            nom::hash(a, x),
            nom::hash(b, x),
            eq(v([x.into(), a.into(), b.into()]), q),
        ])))),
        ["([_0 a_1 a_2] :- a_2#_0 a_1#_0)"]
    );
    // Freshness in a list is freshness in each of its items.
    assert_eq!(
        all(|q| fresh(move |[x, y, z]| nom::fresh(move |[a]| conj([
            nom::hash(a, z),
            eq(z, list![x, y]),
            eq(v([z.into(), a.into()]), q),
        ])))),
        ["([(_0 _1) a_2] :- a_2#_0 a_2#_1)"]
    );
    assert_eq!(
        all(|q| nom::fresh(move |[a]| conj([nom::hash(a, q), eq(q, list![1])]))),
        ["(1)"]
    );
    assert_eq!(
        all(|q| nom::fresh(move |[a, b]| conj([eq(q, b), nom::hash(a, q)]))),
        ["a_0"]
    );
    // A nom is not fresh in itself, nor in a term it occurs in free.
    assert!(all(|_| nom::fresh(|[a]| nom::hash(a, a))).is_empty());
    assert!(all(|q| nom::fresh(move |[a]| conj([nom::hash(a, q), eq(q, a)]))).is_empty());
    assert!(all(|q| nom::fresh(move |[a]| conj([eq(q, list![a]), nom::hash(a, q)]))).is_empty());
    // Only a nom can be fresh: `y` bound to a symbol fails, as do `y # y` and `y # [.. y ..]`.
    assert!(all(|q| fresh(move |[y]| conj([nom::hash(y, q), eq(y, s("foo"))]))).is_empty());
    assert!(all(|_| fresh(|[y]| nom::hash(y, y))).is_empty());
    assert!(all(|q| fresh(move |[y, w, z]| conj([
        nom::hash(y, z),
        eq(z, v([w.into()])),
        eq(y, w),
        eq(q, 1),
    ])))
    .is_empty());
    assert_eq!(
        all(|q| fresh(move |[x, y, w, z]| conj([
            nom::hash(y, z),
            eq(z, v([w.into()])),
            eq(y, x),
            eq(q, v([x.into(), y.into(), w.into(), z.into()])),
        ]))),
        ["([_0 _0 _1 [_1]] :- _0#_1)"]
    );
    // The same constraint posted twice prints once.
    assert_eq!(
        all(|q| fresh(move |[x]| nom::fresh(move |[a]| conj([
            nom::hash(a, x),
            nom::hash(a, x),
            eq(q, v([x.into(), a.into()])),
        ])))),
        ["([_0 a_1] :- a_1#_0)"]
    );
}

#[test]
fn freshness_and_ties() {
    assert_eq!(
        all(|_| nom::fresh(|[a]| nom::hash(a, nom::tie(a, a)))),
        ["_0"]
    );
    assert_eq!(
        all(|_| nom::fresh(|[a, b]| nom::hash(a, list![b, nom::tie(a, a)]))),
        ["_0"]
    );
    assert_eq!(
        all(|q| nom::fresh(move |[a, b]| conj([eq(q, list![b, nom::tie(a, a)]), nom::hash(a, q)]))),
        ["(a_0 [a_1] a_1)"]
    );
    assert!(all(|_| nom::fresh(|[a, b]| nom::hash(a, nom::tie(b, a)))).is_empty());
    assert!(all(|_| nom::fresh(|[a]| nom::hash(a, list![a, nom::tie(a, a)]))).is_empty());
}

#[test]
fn ties_unify_up_to_renaming() {
    assert_eq!(
        all(|_| nom::fresh(|[a, b]| eq(nom::tie(a, a), nom::tie(b, b)))),
        ["_0"]
    );
    assert_eq!(
        all(|q| nom::fresh(move |[a]| eq(q, nom::tie(a, a)))),
        ["[a_0] a_0"]
    );
    assert_eq!(
        all(|q| nom::fresh(move |[a, b]| eq(
            q,
            nom::tie(a, v([s("foo"), a.into(), 3.into(), b.into()]))
        ))),
        ["[a_0] [foo a_0 3 a_1]"]
    );
    assert_eq!(
        all(|q| nom::fresh(move |[a, b]| eq(nom::tie(a, q), nom::tie(b, b)))),
        ["a_0"]
    );
    // [a][b][y b] = [b][a][a x]: x and y are the same.
    assert_eq!(
        all(|q| nom::fresh(move |[a, b]| fresh(move |[x, y]| conj([
            eq(
                nom::tie(a, nom::tie(b, v([y.into(), b.into()]))),
                nom::tie(b, nom::tie(a, v([a.into(), x.into()])))
            ),
            eq(q, v([x.into(), y.into()])),
        ])))),
        ["[a_0 a_1]"]
    );
    // A suspended swap, printed as core.logic prints it.
    assert_eq!(
        all(|q| nom::fresh(move |[a, b]| fresh(move |[x, y]| conj([
            eq(
                nom::tie(a, nom::tie(b, v([b.into(), y.into()]))),
                nom::tie(b, nom::tie(a, v([a.into(), x.into()])))
            ),
            eq(q, v([a.into(), b.into(), x.into(), y.into()])),
        ])))),
        ["([a_0 a_1 _2 _3] :- (swap [a_0 a_1] _2 _3))"]
    );
    assert_eq!(
        all(|q| nom::fresh(move |[a, b]| fresh(move |[x, y]| conj([
            eq(nom::tie(a, nom::tie(a, x)), nom::tie(a, nom::tie(b, y))),
            eq(q, v([a.into(), b.into(), x.into(), y.into()])),
        ])))),
        ["([a_0 a_1 _2 _3] :- (swap [a_0 a_1] _3 _2) a_1#_2)"]
    );
    // The suspension resolves when a side is bound.
    for y in [Term::Nil, s("foo"), s("nil")] {
        let expect = format!(
            "({} {})",
            "a_0 a_1",
            [y.to_string(), y.to_string()].join(" ")
        );
        let got = all(move |q| {
            let y0 = y.clone();
            nom::fresh(move |[a, b]| {
                let y0 = y0.clone();
                fresh(move |[x, y]| {
                    conj([
                        eq(
                            nom::tie(a, nom::tie(b, v([b.into(), y.into()]))),
                            nom::tie(b, nom::tie(a, v([a.into(), x.into()]))),
                        ),
                        eq(y, y0.clone()),
                        eq(q, list![a, b, x, y]),
                    ])
                })
            })
        });
        assert_eq!(got, [expect]);
    }
    // Alpha-equivalence is decided even when both sides are ground (core.logic answers `(_0)`).
    assert!(all(|_| nom::fresh(|[a, b]| neq(nom::tie(a, a), nom::tie(b, b)))).is_empty());
    assert_eq!(
        all(|_| nom::fresh(|[a, b]| neq(nom::tie(a, a), nom::tie(a, b)))),
        ["_0"]
    );
    assert!(all(|_| nom::fresh(|[a]| neq(nom::tie(a, a), nom::tie(a, a)))).is_empty());
    // Maps are swapped too.
    let k = s(":k");
    assert_eq!(
        all(move |q| {
            let k = k.clone();
            fresh(move |[body]| {
                let k = k.clone();
                nom::fresh(move |[a, b]| {
                    conj([
                        eq(nom::tie(a, Term::map([(k.clone(), a)])), nom::tie(b, body)),
                        eq(Term::map([(k.clone(), Term::from(q))]), body),
                    ])
                })
            })
        }),
        ["a_0"]
    );
}

#[test]
fn disequality_of_ties_waits_for_their_bodies() {
    let ties = |x0: Term, y0: Term| {
        all(move |_| {
            let (x0, y0) = (x0.clone(), y0.clone());
            nom::fresh(move |[a, b]| {
                let (x0, y0) = (x0.clone(), y0.clone());
                fresh(move |[x, y]| {
                    let pick = |t: &Term| match t.as_int() {
                        Some(0) => Term::from(a),
                        Some(1) => Term::from(b),
                        _ => t.clone(),
                    };
                    conj([
                        neq(nom::tie(a, x), nom::tie(b, y)),
                        eq(x, pick(&x0)),
                        eq(y, pick(&y0)),
                    ])
                })
            })
        })
        .len()
    };
    // [a] a and [b] b are one term: the disequality fails (core.logic lets it pass).
    assert_eq!(ties(0.into(), 1.into()), 0);
    // [a] a and [b] a differ; so do [a] 5 and [b] 6.
    assert_eq!(ties(0.into(), 0.into()), 1);
    assert_eq!(ties(5.into(), 6.into()), 1);
    assert_eq!(ties(5.into(), 5.into()), 0);
}

#[test]
fn cyclic_suspensions_fail_rather_than_loop() {
    // y = (a b)·x with x = [y]: no finite term.
    assert!(all(|q| nom::fresh(move |[a, b]| fresh(move |[x, y]| conj([
        eq(nom::tie(a, x), nom::tie(b, y)),
        eq(x, v([y.into()])),
        eq(q, x),
    ]))))
    .is_empty());
}

#[test]
fn fd_values_cross_ties() {
    assert_eq!(
        all(|q| fresh(move |[x]| nom::fresh(move |[a]| conj([
            fd::in_(x, fd::interval(1, 3)),
            eq(q, nom::tie(a, x))
        ])))),
        ["[a_0] 1", "[a_0] 2", "[a_0] 3"]
    );
    assert_eq!(
        all(|q| nom::fresh(move |[a, b, c]| fresh(move |[x]| conj([
            eq(nom::tie(b, nom::tie(a, x)), nom::tie(c, q)),
            fd::in_(x, fd::interval(1, 3)),
        ])))),
        ["[a_0] 1", "[a_0] 2", "[a_0] 3"]
    );
    assert_eq!(
        all(|q| nom::fresh(move |[a, b]| fresh(move |[x, y]| conj([
            eq(
                nom::tie(a, nom::tie(b, v([b.into(), y.into()]))),
                nom::tie(b, nom::tie(a, v([a.into(), x.into()])))
            ),
            fd::in_(x, fd::interval(1, 3)),
            eq(q, v([x.into(), y.into()])),
        ])))),
        ["[1 1]", "[2 2]", "[3 3]"]
    );
}

/// `out` is `e` with `new` put for the free occurrences of the nom `a`, renaming bound noms
/// so that nothing free in `new` is captured.
fn substo(e: Term, new: Term, a: Term, out: Term) -> Goal {
    Goal::lazy(move || {
        let (e, new, a, out) = (e.clone(), new.clone(), a.clone(), out.clone());
        let is_var = conj([eq(var(a.clone()), &e), eq(&new, &out)]);
        let (e1, a1, out1) = (e.clone(), a.clone(), out.clone());
        let other_var =
            fresh(move |[y]| conj([eq(var(y), &e1), eq(var(y), &out1), nom::hash(&a1, y)]));
        let (e2, new2, a2, out2) = (e.clone(), new.clone(), a.clone(), out.clone());
        let app = fresh(move |[rator, ratorres, rand, randres]| {
            conj([
                eq(v([s("app"), rator.into(), rand.into()]), &e2),
                eq(v([s("app"), ratorres.into(), randres.into()]), &out2),
                substo(rator.into(), new2.clone(), a2.clone(), ratorres.into()),
                substo(rand.into(), new2.clone(), a2.clone(), randres.into()),
            ])
        });
        let lam = fresh(move |[body, bodyres]| {
            let (e, new, a, out) = (e.clone(), new.clone(), a.clone(), out.clone());
            nom::fresh(move |[c]| {
                conj([
                    eq(v([s("lam"), nom::tie(c, body)]), &e),
                    eq(v([s("lam"), nom::tie(c, bodyres)]), &out),
                    nom::hash(c, &a),
                    nom::hash(c, &new),
                    substo(body.into(), new.clone(), a.clone(), bodyres.into()),
                ])
            })
        });
        kanren::disj([is_var, other_var, app, lam])
    })
}

fn var(a: impl Into<Term>) -> Term {
    v([s("var"), a.into()])
}

#[test]
fn capture_avoiding_substitution() {
    // (\a. a b)[b/a] = \c. c b: the bound a is renamed, not captured.
    assert_eq!(
        all(|q| nom::fresh(move |[a, b]| substo(
            v([s("lam"), nom::tie(a, v([s("app"), var(a), var(b)]))]),
            var(b),
            a.into(),
            q.into()
        ))),
        ["[lam [a_0] [app [var a_0] [var a_1]]]"]
    );
    // (\a. b)[a/b] = \c. a.
    assert_eq!(
        all(|q| nom::fresh(move |[a, b]| substo(
            v([s("lam"), nom::tie(a, var(b))]),
            var(a),
            b.into(),
            q.into()
        ))),
        ["[lam [a_0] [var a_1]]"]
    );
    // Backwards: which terms become the identity \a. a when a is put for b? Only the identity
    // itself: \c. b would become \c. a with a free, which is another term.
    let back = run(2, |q| {
        nom::fresh(move |[a, b]| {
            substo(
                q.into(),
                var(a),
                b.into(),
                v([s("lam"), nom::tie(a, var(a))]),
            )
        })
    })
    .map(|a| a.to_string())
    .collect::<Vec<_>>();
    assert_eq!(back, ["[lam [a_0] [var a_0]]"], "{back:?}");
    // Which terms become \z. x when x is put for y? \z. y, and \z. x itself, and no other
    // (core.logic gives the same two, in this order).
    let back: Vec<String> = run_all(|q| {
        fresh(move |[t]| {
            nom::fresh(move |[x, y, z]| {
                let want = v([s("lam"), nom::tie(z, var(x))]);
                conj([
                    substo(t.into(), var(x), y.into(), want),
                    eq(q, v([t.into(), x.into(), y.into()])),
                ])
            })
        })
    })
    .map(|a| a.to_string())
    .collect();
    assert_eq!(
        back,
        [
            "[[lam [a_0] [var a_1]] a_2 a_1]",
            "[[lam [a_0] [var a_1]] a_1 a_2]"
        ]
    );
}

/// `[x tx]` is in the environment `g`, not shadowed by an earlier binding of `x`.
fn lookupo(x: Term, tx: Term, g: Term) -> Goal {
    Goal::lazy(move || {
        let (x, tx, g) = (x.clone(), tx.clone(), g.clone());
        fresh(move |[a, d]| {
            let (x1, tx1) = (x.clone(), tx.clone());
            let shadowed = fresh(move |[xc, txc]| {
                conj([
                    eq(v([xc.into(), txc.into()]), a),
                    nom::hash(&x1, xc),
                    lookupo(x1.clone(), tx1.clone(), d.into()),
                ])
            });
            conj([
                eq(list![a; d], &g),
                kanren::disj([eq(v([x.clone(), tx.clone()]), a), shadowed]),
            ])
        })
    })
}

/// The simply typed lambda calculus: `e` has type `te` in the environment `g`.
fn typo(g: Term, e: Term, te: Term) -> Goal {
    Goal::lazy(move || {
        let (g, e, te) = (g.clone(), e.clone(), te.clone());
        let (g1, e1, te1) = (g.clone(), e.clone(), te.clone());
        let variable =
            fresh(move |[x]| conj([eq(var(x), &e1), lookupo(x.into(), te1.clone(), g1.clone())]));
        let (g2, e2, te2) = (g.clone(), e.clone(), te.clone());
        let app = fresh(move |[rator, trator, rand, trand]| {
            conj([
                eq(v([s("app"), rator.into(), rand.into()]), &e2),
                eq(v([s("->"), trand.into(), te2.clone()]), trator),
                typo(g2.clone(), rator.into(), trator.into()),
                typo(g2.clone(), rand.into(), trand.into()),
            ])
        });
        let lam = fresh(move |[ec, tec, trand, gc]| {
            let (g, e, te) = (g.clone(), e.clone(), te.clone());
            nom::fresh(move |[b]| {
                conj([
                    eq(v([s("lam"), nom::tie(b, ec)]), &e),
                    eq(v([s("->"), trand.into(), tec.into()]), &te),
                    nom::hash(b, &g),
                    eq(Term::cons(v([b.into(), trand.into()]), g.clone()), gc),
                    typo(gc.into(), ec.into(), tec.into()),
                ])
            })
        });
        kanren::disj([variable, app, lam])
    })
}

#[test]
fn type_inference_both_ways() {
    // \c.\d.c : a -> b -> a
    assert_eq!(
        all(|q| nom::fresh(move |[c, d]| typo(
            Term::Nil,
            v([s("lam"), nom::tie(c, v([s("lam"), nom::tie(d, var(c))]))]),
            q.into()
        ))),
        ["[-> _0 [-> _1 _0]]"]
    );
    // \c. c c has no simple type.
    assert!(all(|q| nom::fresh(move |[c]| typo(
        Term::Nil,
        v([s("lam"), nom::tie(c, v([s("app"), var(c), var(c)]))]),
        q.into()
    )))
    .is_empty());
    // Backwards: the first two programs of type int -> int.
    let progs: Vec<String> = run(2, |q| {
        typo(Term::Nil, q.into(), list![s("->"), s("int"), s("int")])
    })
    .map(|a| a.to_string())
    .collect();
    assert_eq!(
        progs,
        [
            "[lam [a_0] [var a_0]]",
            "[lam [a_0] [app [lam [a_1] [var a_1]] [var a_0]]]"
        ]
    );
}

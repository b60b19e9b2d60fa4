//! Deep terms and deep searches run in a loop, not on the Rust stack. The test harness runs
//! each test on a thread with a 2 MiB stack, so a recursion over 100 000 levels would fail.
//! The deep searches run in both orders of forcing: core.logic's interleaving and depth-first,
//! and depth-first also folded (continuation-passing, on a stack that grows onto the heap).

use kanren::{conde, conj, defrel, eq, fresh, list, run, run_all, run_nc, Answers, Term, Var};

const N: usize = 100_000;

/// The two orders of forcing, as what they do to a query's answers.
const ORDERS: [fn(Answers) -> Answers; 2] = [|interleaved| interleaved, Answers::depth_first];

defrel! {
    /// `out` is `l` followed by `s`.
    fn appendo(l, s, out) {
        conde!(
            [eq(&l, list![]), eq(&s, &out)],
            [fresh!([a, d, res], eq(&l, list![a; d]), eq(&out, list![a; res]), appendo(d, &s, res))],
        )
    }
}

defrel! {
    /// `n` is a Peano numeral `(s (s ... z))` of depth `k`, counting `k` down to 0 first (the
    /// recursive call comes before the unification, so binds nest as deep as the recursion).
    fn deepo(k, n) {
        let depth = k.as_int().expect("ground depth");
        if depth == 0 {
            eq(&n, Term::sym("z"))
        } else {
            fresh!([m], deepo(depth - 1, m), eq(&n, list![Term::sym("s"); m]))
        }
    }
}

#[test]
fn unify_and_reify_a_list_of_100_000_elements() {
    let vars: Vec<Var> = (0..N).map(|_| Var::fresh()).collect();
    let pattern = Term::list(vars.iter().copied());
    let answer = run(1, move |q| {
        conj([
            eq(pattern.clone(), Term::list(0..N)),
            eq(q, pattern.clone()),
        ])
    })
    .next()
    .expect("one answer");
    assert_eq!(answer.value().to_ints().expect("ints").len(), N);
    assert_eq!(answer.value().to_ints().unwrap()[N - 1], (N - 1) as i64);

    // Reify a list of 100 000 fresh variables: named _0 .. _99999 in order.
    let answer = run(1, |q| eq(q, Term::list((0..N).map(|_| Var::fresh()))))
        .next()
        .unwrap();
    let items = answer.value().to_vec().unwrap();
    assert_eq!(items[N - 1], Var::reified(N - 1).into());
}

#[test]
fn appendo_over_100_000_elements() {
    for order in ORDERS {
        let left = Term::list(0..N);
        let answer = order(run(1, move |q| appendo(left.clone(), list![-1], q)))
            .next()
            .unwrap();
        let ints = answer.value().to_ints().unwrap();
        assert_eq!(ints.len(), N + 1);
        assert_eq!(ints[N], -1);
    }
}

#[test]
fn a_relation_recursing_100_000_levels_deep() {
    // Without the occurs check: with it, each of the 100 000 bindings would walk the numeral
    // built so far (quadratic, as in every triangular-substitution miniKanren); this test is
    // about the depth of the search, not about the occurs check.
    for order in ORDERS {
        let answer = order(run_nc(1, |q| deepo(N, q))).next().unwrap();
        let mut depth = 0;
        let mut t = answer.value().clone();
        while let Term::Pair(p) = t.clone() {
            depth += 1;
            t = p.1.clone();
        }
        assert_eq!(depth, N);
        assert_eq!(t, Term::sym("z"));
    }
}

#[test]
fn folding_a_relation_recursing_100_000_levels_deep() {
    // The recursive call comes first, so each level waits on the stack for the answers of
    // the levels below it: 100 000 levels of continuations.
    let last = run_nc(1, |q| deepo(N, q)).depth_first().last().unwrap();
    let ints = last.value().to_string();
    assert_eq!(ints.matches("s").count(), N);
    // Each answer of `appendo` is its last call, a tail call: 100 000 of them in a row.
    let left = Term::list(0..N);
    let splits = run_all(move |q| fresh!([x], appendo(&left, list![-1], q), eq(x, 1)));
    assert_eq!(splits.depth_first().count(), 1);
    // The same with `defne!`'s appendo, whose depth-first search is its own matching code.
    let left = Term::list(0..N);
    let whole = kanren::run_nc_all(move |q| kanren::appendo(&left, list![-1], q)).depth_first();
    let answer = whole.last().unwrap();
    assert_eq!(answer.value().to_ints().unwrap().len(), N + 1);
}

#[test]
fn a_conjunction_of_100_000_goals() {
    let vars: Vec<Var> = (0..N).map(|_| Var::fresh()).collect();
    let chain: Vec<_> = vars.windows(2).map(|w| eq(w[0], w[1])).collect();
    let (first, last) = (vars[0], vars[N - 1]);
    for order in ORDERS {
        let chain = chain.clone();
        let answers: Vec<_> = order(run_all(move |q| {
            conj(chain.into_iter().chain([eq(last, 7), eq(q, first)]))
        }))
        .collect();
        assert_eq!(answers.len(), 1);
        assert_eq!(answers[0].to_string(), "7");
    }
}

#[test]
fn a_million_answers_stream_without_growing() {
    // Six digits: 10^6 answers, pulled one at a time.
    fn digito(x: Var) -> kanren::Goal {
        kanren::disj((0..10).map(move |d| eq(x, d)))
    }
    for order in ORDERS {
        let count = order(run_all(|q| {
            fresh(move |digits: [Var; 6]| {
                conj(
                    digits
                        .map(digito)
                        .into_iter()
                        .chain([eq(q, Term::list(digits))]),
                )
            })
        }))
        .count();
        assert_eq!(count, 1_000_000);
    }
}

#[test]
fn a_million_answers_of_an_infinite_relation_depth_first() {
    // Each answer is one level deeper in the recursion: a million levels in all, with
    // nothing kept of the levels already answered.
    defrel! {
        /// `x` is `k` or a larger integer.
        fn upo(x, k) {
            let k = k.as_int().expect("ground counter");
            conde!([eq(&x, k)], [upo(&x, k + 1)])
        }
    }
    let last = run_nc(1_000_000, |q| upo(q, 1))
        .depth_first()
        .last()
        .unwrap();
    assert_eq!(last.to_string(), "1000000");
}

/// `depth` goals, each a `conde` (or another goal that holds goals) around the one before,
/// as a program builds them by folding over a long list.
fn nested(depth: usize, wrap: fn(kanren::Goal) -> kanren::Goal) -> kanren::Goal {
    (0..depth).fold(kanren::succeed(), |g, _| wrap(g))
}

#[test]
fn goals_nested_100_000_deep_run_and_are_freed() {
    use kanren::{conda, condu, fail, succeed};
    let wraps: [fn(kanren::Goal) -> kanren::Goal; 9] = [
        |g| conde([vec![g], vec![fail()]]),
        |g| conde([vec![fail()], vec![succeed(), g]]),
        |g| conj([g, succeed()]),
        |g| conda([vec![fail()], vec![succeed(), g]]),
        |g| condu([vec![succeed(), g]]),
        |g| fresh(move |[_x]| g.clone()),
        |g| kanren::project([Term::from(1)], move |_| g.clone()),
        |g| kanren::Goal::lazy(move || g.clone()),
        |g| {
            kanren::Goal::new(move |s| {
                let g = g.clone();
                kanren::Stream::suspend(move || g.apply(s))
            })
        },
    ];
    for wrap in wraps {
        let g = nested(N, wrap);
        for order in ORDERS {
            let g = g.clone();
            assert_eq!(order(run_all(move |_q| g.clone())).count(), 1);
        }
        drop(g);
    }
    // A committed choice whose head is one: each level's head is forced under the next.
    let heads = |g| conda([vec![g], vec![fail()]]);
    drop(nested(N, heads));
    let g = nested(1_000, heads);
    assert_eq!(run_all(move |_q| g.clone()).count(), 1);
}

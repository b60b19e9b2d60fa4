//! The finite-domain store: domains (negative numbers included), each propagator against
//! brute force on small random problems, SEND+MORE=MONEY through `fd_eq!`, failures, and
//! `distinct_bounds` (Hall intervals) against brute force and `distinct`.
mod common;

use common::capture;
use kanren::{conj, eq, fd, fd_eq, fresh, list, run_all, Goal, State, Term, Var};
use proptest::prelude::*;
use std::collections::BTreeSet;

fn answers(goal: impl FnOnce(Var) -> Goal) -> Vec<String> {
    run_all(goal).map(|a| a.to_string()).collect()
}

#[test]
fn negative_domains_are_kept() {
    // DIVERGENCE from core.logic, which clips (fd/interval -3 -1) to 0.
    assert_eq!(
        answers(|q| fd::dom(q, fd::interval(-3, -1))),
        ["-3", "-2", "-1"]
    );
    assert_eq!(
        answers(|q| fd::dom(q, fd::domain([-7, 2, -1]))),
        ["-7", "-1", "2"]
    );
    let sums = answers(|q| {
        fresh(move |[x, y]| {
            conj([
                fd::in_([x, y], fd::interval(-2, 2)),
                fd_eq!(x + y == -3),
                eq(q, list![x, y]),
            ])
        })
    });
    assert_eq!(sums, ["(-2 -1)", "(-1 -2)"]);
}

#[test]
fn empty_domains_fail() {
    assert!(answers(|q| fd::dom(q, fd::interval(5, 4))).is_empty());
    assert!(answers(|q| fd::dom(q, fd::domain([]))).is_empty());
    let disjoint = |q| {
        conj([
            fd::dom(q, fd::interval(0, 3)),
            fd::dom(q, fd::interval(4, 9)),
        ])
    };
    assert!(answers(disjoint).is_empty());
}

#[test]
fn binding_a_domain_variable_checks_type_and_membership() {
    let d = || fd::interval(0, 5);
    assert!(answers(|q| conj([fd::dom(q, d()), eq(q, "five")])).is_empty());
    assert!(answers(|q| conj([fd::dom(q, d()), eq(q, list![1])])).is_empty());
    assert!(answers(|q| conj([fd::dom(q, d()), eq(q, 6)])).is_empty());
    assert!(answers(|q| conj([eq(q, Term::sym("a")), fd::dom(q, d())])).is_empty());
    assert_eq!(answers(|q| conj([fd::dom(q, d()), eq(q, 5)])), ["5"]);
    assert_eq!(answers(|q| conj([eq(q, 3), fd::dom(q, d())])), ["3"]);
}

#[test]
fn a_singleton_domain_binds_the_variable() {
    let x = Var::fresh();
    let s = run_state(conj([
        fd::dom(x, fd::interval(0, 3)),
        fd::neq(x, 0),
        fd::gt(x, 2),
    ]));
    assert_eq!(s.walk(&x.into()), Term::from(3));
}

#[test]
fn unifying_two_domain_variables_intersects_their_domains() {
    let (x, y) = (Var::fresh(), Var::fresh());
    let s = run_state(conj([
        fd::dom(x, fd::interval(0, 5)),
        fd::dom(y, fd::interval(3, 9)),
        eq(x, y),
    ]));
    assert_eq!(fd::domain_of(&s, &x.into()).unwrap().to_string(), "3..5");
    let a = answers(move |q| {
        conj([
            fd::dom(x, fd::interval(0, 5)),
            fd::dom(y, fd::domain([5, 7])),
            eq(x, y),
            eq(q, x),
        ])
    });
    assert_eq!(a, ["5"]);
}

#[test]
fn send_more_money() {
    let a = run_all(|q| {
        fresh(move |[s, e, n, d, m, o, r, y]| {
            let all = [s, e, n, d, m, o, r, y];
            conj([
                fd::in_(all, fd::interval(0, 9)),
                fd::distinct(all),
                fd_eq!(s != 0, m != 0),
                fd_eq!(
                    1000 * s + 100 * e + 10 * n + d + 1000 * m + 100 * o + 10 * r + e
                        == 10000 * m + 1000 * o + 100 * n + 10 * e + y
                ),
                eq(q, Term::list(all)),
            ])
        })
    })
    .map(|a| a.to_string())
    .collect::<Vec<_>>();
    assert_eq!(a, ["(9 5 6 7 1 0 8 2)"]);
}

#[test]
fn labeling_orders() {
    let xs: Vec<Var> = (0..3).map(|_| Var::fresh()).collect();
    let label = |how: fd::Labeling| {
        let xs = xs.clone();
        answers(move |q| {
            conj([
                fd::in_(&xs, fd::domain([1, 2, 3])),
                fd::dom(xs[2], fd::domain([1, 2])),
                fd::distinct(&xs),
                fd::label(&xs, how),
                eq(q, Term::list(xs.clone())),
            ])
        })
    };
    let leftmost = label(fd::Labeling::LEFTMOST);
    assert_eq!(leftmost, ["(1 3 2)", "(2 3 1)", "(3 1 2)", "(3 2 1)"]);
    let ff = label(fd::Labeling {
        vars: fd::VarOrder::FirstFail,
        values: fd::ValueOrder::Descending,
    });
    assert_eq!(ff, ["(3 1 2)", "(1 3 2)", "(3 2 1)", "(2 3 1)"]);
    let middle = label(fd::Labeling {
        vars: fd::VarOrder::Leftmost,
        values: fd::ValueOrder::MiddleOut,
    });
    assert_eq!(middle, ["(2 3 1)", "(3 1 2)", "(3 2 1)", "(1 3 2)"]);
}

/// The single state a deterministic goal leaves before labeling.
fn run_state(g: Goal) -> State {
    capture(g).expect("the goal succeeds")
}

#[derive(Clone, Copy, Debug)]
enum C {
    Eq,
    Neq,
    NeqOffset(i64),
    Lt,
    Lte,
    Gt,
    Gte,
    Plus,
    Minus,
    Times,
    Quot,
    Distinct,
    DistinctBounds,
    Expr(i64),
    /// `a·x + b·y + x + c·z + k  REL  0`, REL the index into `== != < <= > >=`: a linear
    /// sum, with `x` repeated, posted as one linear propagator.
    Linear([i64; 3], i64, usize),
    /// `x·y + a·z - (x + y + z)·b == k`: non-linear parts inside a linear sum.
    Mixed(i64, i64, i64),
}

impl C {
    fn goal(self, [x, y, z]: [Var; 3]) -> Goal {
        match self {
            C::Eq => fd::eq(x, y),
            C::Neq => fd::neq(x, y),
            C::NeqOffset(k) => fd::neq_offset(x, y, k),
            C::Lt => fd::lt(x, y),
            C::Lte => fd::lte(x, y),
            C::Gt => fd::gt(x, y),
            C::Gte => fd::gte(x, y),
            C::Plus => fd::plus(x, y, z),
            C::Minus => fd::minus(x, y, z),
            C::Times => fd::times(x, y, z),
            C::Quot => fd::quot(x, y, z),
            C::Distinct => fd::distinct([x, y, z]),
            C::DistinctBounds => fd::distinct_bounds([x, y, z]),
            C::Expr(k) => fd_eq!(x * y - z == k),
            C::Linear([a, b, c], k, rel) => match rel {
                0 => fd_eq!(a * x + b * y + x + c * z + k == 0),
                1 => fd_eq!(a * x + b * y + x + c * z + k != 0),
                2 => fd_eq!(a * x + b * y + x + c * z + k < 0),
                3 => fd_eq!(a * x + b * y + x + c * z + k <= 0),
                4 => fd_eq!(a * x + b * y + x + c * z + k > 0),
                _ => fd_eq!(a * x + b * y + x + c * z + k >= 0),
            },
            C::Mixed(a, b, k) => fd_eq!(x * y + a * z - (x + y + z) * b == k),
        }
    }

    fn holds(self, [x, y, z]: [i64; 3]) -> bool {
        match self {
            C::Eq => x == y,
            C::Neq => x != y,
            C::NeqOffset(k) => x != y + k,
            C::Lt => x < y,
            C::Lte => x <= y,
            C::Gt => x > y,
            C::Gte => x >= y,
            C::Plus => x + y == z,
            C::Minus => x - y == z,
            C::Times => x * y == z,
            C::Quot => y * z == x,
            C::Distinct | C::DistinctBounds => x != y && y != z && x != z,
            C::Expr(k) => x * y - z == k,
            C::Linear([a, b, c], k, rel) => {
                let s = a * x + b * y + x + c * z + k;
                [s == 0, s != 0, s < 0, s <= 0, s > 0, s >= 0][rel]
            }
            C::Mixed(a, b, k) => x * y + a * z - (x + y + z) * b == k,
        }
    }
}

fn constraint() -> impl Strategy<Value = C> {
    prop_oneof![
        Just(C::Eq),
        Just(C::Neq),
        (-3i64..=3).prop_map(C::NeqOffset),
        Just(C::Lt),
        Just(C::Lte),
        Just(C::Gt),
        Just(C::Gte),
        Just(C::Plus),
        Just(C::Minus),
        Just(C::Times),
        Just(C::Quot),
        Just(C::Distinct),
        Just(C::DistinctBounds),
        (-4i64..=4).prop_map(C::Expr),
        linear_constraint(),
    ]
}

fn small_domain() -> impl Strategy<Value = BTreeSet<i64>> {
    proptest::collection::btree_set(-4i64..=4, 1..6)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    /// Propagation never removes a value of a solution, and labeling finds exactly the
    /// solutions brute force finds, each once.
    #[test]
    fn propagators_agree_with_brute_force(
        doms in proptest::array::uniform3(small_domain()),
        cs in proptest::collection::vec(constraint(), 1..3),
        perm in 0usize..6,
    ) {
        agrees_with_brute_force(doms, cs, perm)?;
    }

    /// The same for `fd_eq!`'s linear sums alone (one linear propagator each).
    #[test]
    fn linear_sums_agree_with_brute_force(
        doms in proptest::array::uniform3(small_domain()),
        cs in proptest::collection::vec(linear_constraint(), 1..3),
        perm in 0usize..6,
    ) {
        agrees_with_brute_force(doms, cs, perm)?;
    }
}

fn linear_constraint() -> impl Strategy<Value = C> {
    prop_oneof![
        (proptest::array::uniform3(-3i64..=3), -6i64..=6, 0usize..6)
            .prop_map(|(cs, k, rel)| C::Linear(cs, k, rel)),
        (-2i64..=2, -2i64..=2, -6i64..=6).prop_map(|(a, b, k)| C::Mixed(a, b, k)),
    ]
}

/// The check of the two tests above, on one problem: `cs` over the variables, permuted by
/// `perm`, with domains `doms`.
fn agrees_with_brute_force(
    doms: [BTreeSet<i64>; 3],
    cs: Vec<C>,
    perm: usize,
) -> Result<(), TestCaseError> {
    let vars: [Var; 3] = std::array::from_fn(|_| Var::fresh());
    // Constraints act on a permutation of the variables, so each argument position
    // meets each domain.
    let order = [
        [0, 1, 2],
        [0, 2, 1],
        [1, 0, 2],
        [1, 2, 0],
        [2, 0, 1],
        [2, 1, 0],
    ][perm];
    let args = [vars[order[0]], vars[order[1]], vars[order[2]]];
    let mut brute: BTreeSet<[i64; 3]> = BTreeSet::new();
    for &a in &doms[0] {
        for &b in &doms[1] {
            for &c in &doms[2] {
                let v = [a, b, c];
                let w = [v[order[0]], v[order[1]], v[order[2]]];
                if cs.iter().all(|c| c.holds(w)) {
                    brute.insert(v);
                }
            }
        }
    }
    let posting = || {
        let mut gs: Vec<Goal> = (0..3)
            .map(|i| fd::dom(vars[i], fd::domain(doms[i].iter().copied())))
            .collect();
        gs.extend(cs.iter().map(|c| c.goal(args)));
        conj(gs)
    };
    match capture(posting()) {
        None => prop_assert!(
            brute.is_empty(),
            "posting failed but {:?} are solutions",
            brute
        ),
        Some(s) => {
            for sol in &brute {
                for i in 0..3 {
                    let d = fd::domain_of(&s, &vars[i].into()).expect("a domain");
                    prop_assert!(
                        d.contains(sol[i]),
                        "value {} of solution {:?} pruned from {}",
                        sol[i],
                        sol,
                        d
                    );
                }
            }
        }
    }
    let post = posting();
    let found: Vec<[i64; 3]> = run_all(move |q| conj([post.clone(), eq(q, Term::list(vars))]))
        .map(|a| {
            let v = a.value().to_ints().expect("labeled");
            [v[0], v[1], v[2]]
        })
        .collect();
    let set: BTreeSet<[i64; 3]> = found.iter().copied().collect();
    prop_assert_eq!(set.len(), found.len(), "duplicate answers");
    prop_assert_eq!(set, brute);
    Ok(())
}

#[test]
fn snapshot_fd_answers() {
    let mut text = Vec::new();
    let pairs = run_all(|q| {
        fresh(move |[a, b]| {
            conj([
                fd::in_([a, b], fd::interval(-1, 1)),
                fd::lt(a, b),
                eq(q, list![a, b]),
            ])
        })
    });
    text.extend(pairs.map(|a| a.to_string()));
    let free = run_all(|q| {
        fresh(move |[a]| {
            conj([
                fd::dom(a, fd::interval(0, 2)),
                eq(q, list![a, "unlabeled", Var::fresh()]),
            ])
        })
    });
    text.extend(free.map(|a| a.to_string()));
    let vector = run_all(|q| {
        fresh(move |[a, b]| {
            conj([
                fd::in_([a, b], fd::domain([2, 4])),
                fd_eq!(a < b),
                eq(q, Term::from(vec![a, b])),
            ])
        })
    });
    text.extend(vector.map(|a| a.to_string()));
    insta::assert_snapshot!("fd_answers", text.join("\n"));
}

#[test]
fn disequality_sees_what_propagation_binds() {
    use kanren::{conj, neq, run_all};
    // Propagation narrows x to {3} and binds it; the disequality x != 3 must then fail.
    let got = run_all(|x| conj([neq(x, 3), fd::dom(x, fd::domain([3, 4])), fd::neq(x, 4)])).count();
    assert_eq!(got, 0);
    let got: Vec<String> =
        run_all(|x| conj([neq(x, 4), fd::dom(x, fd::domain([3, 4])), fd::neq(x, 5)]))
            .map(|a| a.to_string())
            .collect();
    assert_eq!(got, ["3"]);
}

/// The solutions of `distinct` (or `distinct_bounds`) over fresh variables in `doms`, and
/// the domains right after posting (`None` when posting fails).
type Posted = Option<Vec<fd::Domain>>;
fn all_different(doms: &[BTreeSet<i64>], bounds: bool) -> (Posted, BTreeSet<Vec<i64>>) {
    let vars: Vec<Var> = doms.iter().map(|_| Var::fresh()).collect();
    let mut gs: Vec<Goal> = vars
        .iter()
        .zip(doms)
        .map(|(&x, d)| fd::dom(x, fd::domain(d.iter().copied())))
        .collect();
    gs.push(if bounds {
        fd::distinct_bounds(&vars)
    } else {
        fd::distinct(&vars)
    });
    let posted = conj(gs);
    let after = capture(posted.clone()).map(|s| {
        vars.iter()
            .map(|&x| fd::domain_of(&s, &x.into()).expect("a domain"))
            .collect()
    });
    let sols = run_all(move |q| conj([posted.clone(), eq(q, Term::list(vars.clone()))]))
        .map(|a| a.value().to_ints().expect("labeled"))
        .collect();
    (after, sols)
}

/// Every assignment of `doms` with pairwise different values.
fn brute_all_different(doms: &[BTreeSet<i64>]) -> BTreeSet<Vec<i64>> {
    let mut out: BTreeSet<Vec<i64>> = [vec![]].into();
    for d in doms {
        out = out
            .into_iter()
            .flat_map(|p| {
                d.iter()
                    .filter(|v| !p.contains(v))
                    .map(|&v| {
                        let mut q = p.clone();
                        q.push(v);
                        q
                    })
                    .collect::<Vec<_>>()
            })
            .collect();
    }
    out
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    /// `distinct_bounds` over 2..6 variables with tight domains (where Hall intervals occur):
    /// posting never removes a value of a solution, and the solutions are brute force's and
    /// `distinct`'s.
    #[test]
    fn distinct_bounds_agrees_with_brute_force_and_distinct(
        doms in proptest::collection::vec(proptest::collection::btree_set(0i64..=5, 1..5), 2..6),
    ) {
        let brute = brute_all_different(&doms);
        let (after, sols) = all_different(&doms, true);
        match after {
            None => prop_assert!(brute.is_empty(), "posting failed but {:?} are solutions", brute),
            Some(ds) => {
                for sol in &brute {
                    for (d, &v) in ds.iter().zip(sol) {
                        prop_assert!(d.contains(v), "value {} of solution {:?} pruned from {}", v, sol, d);
                    }
                }
            }
        }
        prop_assert_eq!(&sols, &brute);
        prop_assert_eq!(sols, all_different(&doms, false).1);
    }
}

#[test]
fn distinct_bounds_prunes_a_hall_interval_before_labeling() {
    let doms: Vec<BTreeSet<i64>> = vec![[1, 2].into(), [1, 2].into(), [1, 2, 3].into()];
    let (after, sols) = all_different(&doms, true);
    let after: Vec<String> = after
        .expect("consistent")
        .iter()
        .map(|d| d.to_string())
        .collect();
    assert_eq!(after, ["1..2", "1..2", "3"]);
    assert_eq!(sols, [vec![1, 2, 3], vec![2, 1, 3]].into());
    // Forward checking alone leaves z alone until x or y is bound.
    let (plain, _) = all_different(&doms, false);
    assert_eq!(plain.expect("consistent")[2].to_string(), "1..3");
}

#[test]
fn distinct_bounds_fails_a_pigeonhole_without_labeling() {
    let doms: Vec<BTreeSet<i64>> = vec![(1..=3).collect(); 4];
    assert!(all_different(&doms, true).0.is_none());
    // Forward checking only finds it by search.
    assert!(all_different(&doms, false).0.is_some());
    // A Hall interval inside wider domains: three variables in 4..5 and 4..6 and 5..6 fill
    // 4..6, so a fourth there fails too, and an outsider loses 4..6.
    let doms: Vec<BTreeSet<i64>> = vec![
        [4, 5].into(),
        [4, 6].into(),
        [5, 6].into(),
        (0..=9).collect(),
    ];
    let (after, _) = all_different(&doms, true);
    assert_eq!(after.expect("consistent")[3].to_string(), "0..3 7..9");
}

/// `queens-logic` with `distinct_bounds` in place of `distinct`.
fn queens_bounds_count(n: usize) -> usize {
    let cols: Vec<Var> = (0..n).map(|_| Var::fresh()).collect();
    run_all(move |q| {
        let mut gs = vec![
            fd::in_(&cols, fd::interval_to(n as i64 - 1)),
            fd::distinct_bounds(&cols),
        ];
        for i in 0..n {
            for j in i + 1..n {
                let (d, ci, cj) = (j as i64 - i as i64, cols[i], cols[j]);
                gs.push(fd::neq_offset(cj, ci, d));
                gs.push(fd::neq_offset(ci, cj, d));
            }
        }
        gs.push(eq(q, Term::list(cols.clone())));
        conj(gs)
    })
    .count()
}

#[test]
fn queens_with_distinct_bounds_counts() {
    let counts: Vec<usize> = (1..=8).map(queens_bounds_count).collect();
    assert_eq!(counts, [1, 0, 0, 2, 10, 4, 40, 92]);
}

/// `fd_eq!` takes an equation of any length (bench.clj's cryptarithfd-2, DONALD + GERALD =
/// ROBERT, passed the recursion limit of the `macro_rules!` version), with parentheses,
/// unary minus and every relation.
#[test]
fn fd_eq_long_equations_and_every_relation() {
    let donald = |digits: [i64; 10]| {
        run_all(move |q| {
            fresh(move |[d, o, n, a, l, g, e, r, b, t]| {
                let vs = [d, o, n, a, l, g, e, r, b, t];
                conj([
                    fd::in_(vs, fd::interval(0, 9)),
                    fd_eq!(
                        100000 * d
                            + 10000 * o
                            + 1000 * n
                            + 100 * a
                            + 10 * l
                            + d
                            + 100000 * g
                            + 10000 * e
                            + 1000 * r
                            + 100 * a
                            + 10 * l
                            + d
                            == 100000 * r + 10000 * o + 1000 * b + 100 * e + 10 * r + t
                    ),
                    eq(Term::list(vs), Term::list(digits)),
                    eq(q, Term::list(vs)),
                ])
            })
        })
        .count()
    };
    assert_eq!(donald([5, 2, 6, 4, 8, 1, 9, 7, 3, 0]), 1);
    assert_eq!(donald([5, 2, 6, 4, 8, 1, 9, 7, 3, 1]), 0);
    let xs: Vec<String> = run_all(|q| {
        conj([
            fd::in_(q, fd::interval(-5, 5)),
            fd_eq!(
                -(q - 1) * 2 <= 4,
                q * q < 10,
                q != 0,
                q >= -1,
                (q + 1) / 1 > -1,
                q - 2 == q - 2
            ),
        ])
    })
    .map(|a| a.to_string())
    .collect();
    assert_eq!(xs, ["-1", "1", "2", "3"]);
}

/// A disequality with an integer posted before its variable has a domain is kept until one
/// comes (core.logic's `!=c` waits too): it was dropped, and so was `fd_eq!(x * y != 2)`,
/// whose intermediate for `x * y` has no domain when the disequality is posted.
#[test]
fn neq_before_the_domain() {
    assert_eq!(
        answers(|q| conj([fd::neq(q, 1), fd::dom(q, fd::interval(0, 2))])),
        ["0", "2"]
    );
    assert_eq!(
        answers(|q| conj([fd::neq(3, q), fd::lte(q, 3), fd::dom(q, fd::interval(2, 5))])),
        ["2"]
    );
    let products = answers(|q| {
        fresh(move |[x, y]| {
            conj([
                fd_eq!(x * y != 2),
                fd::in_([x, y], fd::interval(1, 2)),
                eq(q, list![x, y]),
            ])
        })
    });
    assert_eq!(products, ["(1 1)", "(2 2)"]);
}

/// `fd::interval` takes integers or terms that are integers (a relation's argument).
#[test]
fn interval_of_terms() {
    let n = Term::from(4);
    let a: Vec<String> = run_all(move |q| fd::in_(q, fd::interval(&n, Term::from(5))))
        .map(|a| a.to_string())
        .collect();
    assert_eq!(a, ["4", "5"]);
    assert_eq!(fd::interval_to(Term::from(2)).unwrap().size(), 3);
}

#[test]
#[should_panic(expected = "fd::interval: a bound must be an integer, got <lvar:")]
fn interval_of_a_variable_is_a_mistake() {
    let _ = fd::interval(0, Term::from(Var::fresh()));
}

/// An FD constraint on a variable that ends without a domain is shown in the answer, as the
/// goal that posted it (core.logic throws `Constrained variable ... without domain`, see
/// docs/design.md's divergences); once the variable has a domain or a value, nothing shows.
#[test]
fn constraints_on_variables_without_a_domain_are_shown() {
    assert_eq!(answers(|q| fd::lt(q, 5)), ["(_0 :- (fd/< _0 5))"]);
    assert_eq!(answers(|q| fd::gt(q, 7)), ["(_0 :- (fd/< 7 _0))"]);
    assert_eq!(answers(|q| fd::lte(q, q)), ["(_0 :- (fd/<= _0 _0))"]);
    assert_eq!(answers(|q| fd::eq(q, q)), ["(_0 :- (fd/== _0 _0))"]);
    assert_eq!(answers(|q| fd::neq(q, 3)), ["(_0 :- (fd/!= _0 3))"]);
    assert_eq!(
        answers(|q| fd::distinct((q, 1))),
        ["(_0 :- (fd/distinct [_0 1]))"]
    );
    assert_eq!(answers(|q| fd::plus(q, q, 6)), ["(_0 :- (fd/+ _0 _0 6))"]);
    assert_eq!(answers(|q| fd::times(q, q, 4)), ["(_0 :- (fd/* _0 _0 4))"]);
    let pairs = |g: fn(Var, Var) -> Goal| {
        answers(move |q| fresh(move |[x, y]| conj([g(x, y), eq(q, list![x, y])])))
    };
    assert_eq!(pairs(fd::neq), ["((_0 _1) :- (fd/!= _0 _1))"]);
    assert_eq!(pairs(|x, y| fd::neq(y, x)), ["((_0 _1) :- (fd/!= _0 _1))"]);
    assert_eq!(
        pairs(|x, y| fd::neq_offset(y, x, 2)),
        ["((_0 _1) :- (fd/!= _0 (+ _1 -2)))"]
    );
    assert_eq!(
        pairs(|x, y| fd_eq!(x + 2 * y <= 10)),
        ["((_0 _1) :- (fd/eq (<= (+ _0 (* 2 _1)) 10)))"]
    );
    // Once one side is bound, the other's disequality is kept until it gets a domain.
    assert_eq!(
        answers(|q| fresh(move |[x]| conj([fd::neq(q, x), eq(x, 4)]))),
        ["(_0 :- (fd/!= _0 4))"]
    );
    // A variable bound later, or given a domain before or after: no residue.
    assert_eq!(answers(|q| conj([fd::lt(q, 5), eq(q, 3)])), ["3"]);
    assert_eq!(
        answers(|q| conj([fd::lt(q, 3), fd::dom(q, fd::interval(0, 9))])),
        ["0", "1", "2"]
    );
    assert_eq!(
        answers(|q| conj([fd::dom(q, fd::interval(0, 9)), fd::lt(q, 2)])),
        ["0", "1"]
    );
    assert_eq!(answers(|q| fd::plus(q, 1, 5)), ["4"]);
    // A constraint that mentions a variable absent from the answer is not shown.
    assert_eq!(
        answers(|q| fresh(move |[x]| conj([fd::lt(x, 5), eq(q, 1)]))),
        ["1"]
    );
    assert_eq!(answers(|_q| fd::lt(3, 5)), ["_0"]);
}

/// `fd::undomained` names the variables core.logic's `verify-all-bound` would throw on.
#[test]
fn undomained_variables_of_a_state() {
    let (x, y) = (Var::fresh(), Var::fresh());
    let check = |g: Goal| {
        let mut stream = g.apply(State::new());
        loop {
            match stream.head() {
                kanren::Head::Unit(s) | kanren::Head::Choice(s, _) => return fd::undomained(&s),
                kanren::Head::Inc(rest) => stream = rest,
                kanren::Head::Empty => panic!("no state"),
            }
        }
    };
    assert_eq!(check(fd::lt(x, 5)), [x]);
    assert_eq!(check(fd::neq(x, y)), [x, y]);
    assert_eq!(check(conj([fd::lt(x, y), eq(y, 9)])), [x]);
    assert_eq!(
        check(conj([fd::lt(x, 5), fd::dom(x, fd::interval(0, 9))])),
        []
    );
    assert_eq!(check(conj([fd::lt(x, 5), eq(x, 1)])), []);
    assert_eq!(check(conj([fd::lt(x, 5), eq(x, y)])), [y]);
    assert_eq!(check(kanren::neq(x, 5)), []);
}

/// A term that is not an integer never satisfies an FD constraint: given at once, or bound
/// to a constrained variable later.
#[test]
fn non_numbers_fail() {
    let two = || Term::sym("two");
    assert!(answers(|q| fd::plus(q, two(), 5)).is_empty());
    assert!(answers(|q| fd::times(q, two(), 6)).is_empty());
    assert!(answers(|q| fd::lt(q, two())).is_empty());
    assert!(answers(|q| fd::lt(two(), q)).is_empty());
    assert!(answers(|q| fd::eq(q, two())).is_empty());
    assert!(answers(|q| fd::neq(q, two())).is_empty());
    assert!(answers(|q| fd::distinct((q, two()))).is_empty());
    assert!(answers(|_q| fd::dom(two(), fd::interval(0, 3))).is_empty());
    assert!(answers(|q| conj([fd::plus(q, 1, 5), eq(q, two())])).is_empty());
    for g in [
        (|q: Var| fd::lt(q, 5)) as fn(Var) -> Goal,
        |q| fd::plus(q, 1, q),
        |q| fd::times(q, 2, 6),
        |q| fd::neq(q, 3),
        |q| fd::distinct((q, 1)),
        |q| fresh(move |[x]| fd::neq(q, x)),
    ] {
        assert!(answers(move |q| conj([g(q), eq(q, two())])).is_empty());
        assert!(answers(move |q| conj([eq(q, two()), g(q)])).is_empty());
    }
}

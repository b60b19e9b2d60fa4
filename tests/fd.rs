//! The finite-domain store: domains (negative numbers included), each propagator against
//! brute force on small random problems, SEND+MORE=MONEY through `fd_eq!`, and failures.
use kanren::{conj, eq, fd, fd_eq, fresh, list, run, run_all, Goal, State, Stream, Term, Var};
use proptest::prelude::*;
use std::collections::BTreeSet;
use std::sync::{Arc, Mutex};

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

fn capture(g: Goal) -> Option<State> {
    let slot: Arc<Mutex<Option<State>>> = Arc::default();
    let keep = slot.clone();
    let grab = Goal::new(move |s| {
        *keep.lock().unwrap() = Some(s.clone());
        Stream::unit(s)
    });
    run(1, move |_q| conj([g.clone(), grab.clone()])).count();
    let s = slot.lock().unwrap().take();
    s
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
    Expr(i64),
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
            C::Expr(k) => fd_eq!(x * y - z == k),
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
            C::Distinct => x != y && y != z && x != z,
            C::Expr(k) => x * y - z == k,
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
        (-4i64..=4).prop_map(C::Expr),
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
        let vars: [Var; 3] = std::array::from_fn(|_| Var::fresh());
        // Constraints act on a permutation of the variables, so each argument position
        // meets each domain.
        let order = [[0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]][perm];
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
            None => prop_assert!(brute.is_empty(), "posting failed but {:?} are solutions", brute),
            Some(s) => {
                for sol in &brute {
                    for i in 0..3 {
                        let d = fd::domain_of(&s, &vars[i].into()).expect("a domain");
                        prop_assert!(d.contains(sol[i]), "value {} of solution {:?} pruned from {}", sol[i], sol, d);
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
    }
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

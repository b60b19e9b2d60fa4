//! Labeling options (variable and value orders, bisection, random restarts) and branch and
//! bound (`minimize`, `maximize`, their improving streams) against brute force.
use kanren::fd::{self, Labeling, Rel, ValueOrder, VarOrder};
use kanren::{conj, eq, fd_eq, run, run_all, Goal, Term, Var};
use proptest::prelude::*;
use std::collections::BTreeSet;

fn every_labeling() -> Vec<Labeling> {
    let vars = [
        VarOrder::Leftmost,
        VarOrder::FirstFail,
        VarOrder::FirstFailConstrained,
        VarOrder::Min,
        VarOrder::Max,
    ];
    let values = [
        ValueOrder::Ascending,
        ValueOrder::Descending,
        ValueOrder::MiddleOut,
        ValueOrder::Bisect,
        ValueOrder::Random(3),
    ];
    vars.iter()
        .flat_map(|&v| values.iter().map(move |&w| Labeling { vars: v, values: w }))
        .collect()
}

/// The solutions of `model` over `n` fresh variables, labeled by `label`.
fn solutions(
    n: usize,
    model: impl Fn(&[Var]) -> Goal,
    label: impl Fn(&[Var]) -> Goal,
) -> Vec<Vec<i64>> {
    let xs: Vec<Var> = (0..n).map(|_| Var::fresh()).collect();
    let g = conj([model(&xs), label(&xs), Goal::new(kanren::Stream::unit)]);
    run_all(move |q| conj([g.clone(), eq(q, Term::list(xs.clone()))]))
        .map(|a| a.value().to_ints().expect("labeled"))
        .collect()
}

/// 20 variables in 0..1 with exactly two 1s: 190 solutions, found at depth 20, past the
/// levels whose state the search recomputes.
fn two_of_twenty(xs: &[Var]) -> Goal {
    conj([fd::in_(xs, fd::interval(0, 1)), fd::sum(xs, Rel::Eq, 2)])
}

#[test]
fn every_order_finds_every_solution_once_deep_in_the_tree() {
    let mut want: BTreeSet<Vec<i64>> = BTreeSet::new();
    for i in 0..20 {
        for j in i + 1..20 {
            let mut v = vec![0; 20];
            (v[i], v[j]) = (1, 1);
            want.insert(v);
        }
    }
    for how in every_labeling() {
        let got = solutions(20, two_of_twenty, |xs| fd::label(xs, how));
        let set: BTreeSet<Vec<i64>> = got.iter().cloned().collect();
        assert_eq!(set.len(), got.len(), "{how:?}: duplicates");
        assert_eq!(set, want, "{how:?}");
    }
    let got = solutions(20, two_of_twenty, |xs| {
        fd::label_random(xs, VarOrder::FirstFail, 11)
    });
    assert_eq!(got.iter().cloned().collect::<BTreeSet<_>>(), want);
    assert_eq!(got.len(), want.len());
}

#[test]
fn value_orders() {
    let pairs = |values| {
        solutions(
            2,
            |xs| fd::in_(xs, fd::interval(1, 3)),
            move |xs| {
                fd::label(
                    xs,
                    Labeling {
                        vars: VarOrder::Leftmost,
                        values,
                    },
                )
            },
        )
    };
    let up = pairs(ValueOrder::Ascending);
    assert_eq!(up[..4], [vec![1, 1], vec![1, 2], vec![1, 3], vec![2, 1]]);
    let mut down = pairs(ValueOrder::Descending);
    down.reverse();
    assert_eq!(down, up);
    // Bisection: lower half first, so ascending as well.
    assert_eq!(pairs(ValueOrder::Bisect), up);
    assert_eq!(pairs(ValueOrder::Random(1)), pairs(ValueOrder::Random(1)));
    assert_eq!(pairs(ValueOrder::Random(1)).len(), 9);
}

#[test]
fn random_restarts_find_a_latin_square() {
    // A 5x5 Latin square, rows and columns all different.
    let n = 5;
    let xs: Vec<Var> = (0..n * n).map(|_| Var::fresh()).collect();
    let rows: Vec<Goal> = (0..n)
        .map(|r| fd::all_distinct(&xs[r * n..(r + 1) * n]))
        .collect();
    let cols: Vec<Goal> = (0..n)
        .map(|c| fd::all_distinct((0..n).map(|r| xs[r * n + c]).collect::<Vec<_>>()))
        .collect();
    let board = run(1, |q| {
        conj([
            fd::in_(&xs, fd::interval(1, n as i64)),
            conj(rows),
            conj(cols),
            fd::label_random(&xs, VarOrder::FirstFail, 42),
            eq(q, Term::list(xs.clone())),
        ])
    })
    .next()
    .expect("a Latin square")
    .value()
    .to_ints()
    .unwrap();
    for r in 0..n {
        let row: BTreeSet<i64> = board[r * n..(r + 1) * n].iter().copied().collect();
        let col: BTreeSet<i64> = (0..n).map(|i| board[i * n + r]).collect();
        assert_eq!((row.len(), col.len()), (n, n));
    }
}

/// A 0/1 knapsack: the best value of items within the capacity, by brute force.
fn knapsack_brute(weights: &[i64], values: &[i64], cap: i64) -> i64 {
    (0u32..1 << weights.len())
        .filter_map(|m| {
            let take = |v: &[i64]| {
                (0..v.len())
                    .filter(|i| m >> i & 1 == 1)
                    .map(|i| v[i])
                    .sum::<i64>()
            };
            (take(weights) <= cap).then(|| take(values))
        })
        .max()
        .unwrap_or(0)
}

fn knapsack(weights: &[i64], values: &[i64], cap: i64, improving: bool) -> Vec<i64> {
    let n = weights.len();
    let (ws, vs) = (weights.to_vec(), values.to_vec());
    let xs: Vec<Var> = (0..n).map(|_| Var::fresh()).collect();
    run_all(move |q| {
        conj([
            fd::in_(&xs, fd::interval(0, 1)),
            fd::dom(q, fd::interval(0, 1000)),
            fd::scalar_product(ws.clone(), &xs, Rel::Le, cap),
            fd::scalar_product(vs.clone(), &xs, Rel::Eq, q),
            if improving {
                fd::maximize_improving(q, xs.clone(), Labeling::LEFTMOST)
            } else {
                fd::maximize(q, xs.clone(), Labeling::LEFTMOST)
            },
        ])
    })
    .map(|a| {
        a.to_string()
            .parse()
            .unwrap_or_else(|_| panic!("not an integer: {a}"))
    })
    .collect()
}

#[test]
fn knapsack_optimum() {
    // The classic instance: weights 12 2 1 1 4, values 4 2 1 2 10, capacity 15: 15.
    let (w, v) = ([12, 2, 1, 1, 4], [4, 2, 1, 2, 10]);
    assert_eq!(knapsack_brute(&w, &v, 15), 15);
    assert_eq!(knapsack(&w, &v, 15, false), [15]);
    let steps = knapsack(&w, &v, 15, true);
    assert_eq!(steps.last(), Some(&15));
    assert!(steps.windows(2).all(|p| p[0] < p[1]), "{steps:?}");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(60))]

    #[test]
    fn knapsack_agrees_with_brute_force(
        items in proptest::collection::vec((1i64..9, 0i64..9), 1..7),
        cap in 0i64..20,
    ) {
        let (w, v): (Vec<i64>, Vec<i64>) = items.into_iter().unzip();
        prop_assert_eq!(knapsack(&w, &v, cap, false), [knapsack_brute(&w, &v, cap)]);
    }
}

#[test]
fn scheduling_minimises_the_makespan() {
    // Four jobs on two machines (a job's machine is given); jobs on one machine do not
    // overlap; job 2 starts after job 0 ends, job 3 after job 1. Durations 3 2 2 4.
    let dur = [3, 2, 2, 4];
    let machine = [0, 1, 0, 1];
    let brute = {
        let mut best = i64::MAX;
        let h = 12;
        for s0 in 0..h {
            for s1 in 0..h {
                for s2 in 0..h {
                    for s3 in 0..h {
                        let s = [s0, s1, s2, s3];
                        let apart =
                            |i: usize, j: usize| s[i] + dur[i] <= s[j] || s[j] + dur[j] <= s[i];
                        let ok = (0..4)
                            .all(|i| (i + 1..4).all(|j| machine[i] != machine[j] || apart(i, j)))
                            && s0 + dur[0] <= s2
                            && s1 + dur[1] <= s3;
                        if ok {
                            best = best.min((0..4).map(|i| s[i] + dur[i]).max().unwrap());
                        }
                    }
                }
            }
        }
        best
    };
    let s: Vec<Var> = (0..4).map(|_| Var::fresh()).collect();
    let got: Vec<String> = run_all(|q| {
        let ends: Vec<Goal> = (0..4).map(|i| fd_eq!(s[i] + dur[i] <= q)).collect();
        // Same machine: 0 and 2 (ordered by the precedence), 1 and 3 likewise.
        conj([
            fd::in_(&s, fd::interval(0, 11)),
            fd::dom(q, fd::interval(0, 20)),
            fd_eq!(s[0] + 3 <= s[2], s[1] + 2 <= s[3]),
            conj(ends),
            fd::minimize(q, &s, Labeling::LEFTMOST),
        ])
    })
    .map(|a| a.to_string())
    .collect();
    assert_eq!(brute, 6);
    assert_eq!(got, ["6"]);
}

#[test]
fn maximum_independent_set_of_the_petersen_graph() {
    // Outer 5-cycle 0..4, inner pentagram 5..9, spokes i -- i+5: its independence number is 4.
    let mut edges: Vec<(usize, usize)> = Vec::new();
    for i in 0..5 {
        edges.push((i, (i + 1) % 5));
        edges.push((5 + i, 5 + (i + 2) % 5));
        edges.push((i, i + 5));
    }
    let brute = (0u32..1 << 10)
        .filter(|m| {
            edges
                .iter()
                .all(|&(a, b)| m >> a & 1 == 0 || m >> b & 1 == 0)
        })
        .map(u32::count_ones)
        .max()
        .unwrap();
    let xs: Vec<Var> = (0..10).map(|_| Var::fresh()).collect();
    let got: Vec<String> = run_all(|q| {
        let independent: Vec<Goal> = edges
            .iter()
            .map(|&(a, b)| fd_eq!(xs[a] + xs[b] <= 1))
            .collect();
        conj([
            fd::in_(&xs, fd::interval(0, 1)),
            fd::dom(q, fd::interval(0, 10)),
            conj(independent),
            fd::sum(&xs, Rel::Eq, q),
            fd::maximize(q, &xs, Labeling::FF),
        ])
    })
    .map(|a| a.to_string())
    .collect();
    assert_eq!(brute, 4);
    assert_eq!(got, ["4"]);
}

#[test]
fn an_unsatisfiable_problem_has_no_optimum() {
    let got = run_all(|q| {
        kanren::fresh(move |[x]| {
            conj([
                fd::dom(x, fd::interval(0, 3)),
                fd::dom(q, fd::interval(0, 3)),
                fd_eq!(x + q == 9),
                fd::minimize(q, [x], Labeling::LEFTMOST),
            ])
        })
    })
    .count();
    assert_eq!(got, 0);
}

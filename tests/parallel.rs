//! The parallel depth-first search finds the sequential depth-first search's answers: the same
//! multiset for random relations with nested disjunctions at 1, 2 and 8 workers, and the same
//! order when asked; budgets stop it, and a cancelled one returns promptly.

use kanren::{
    conde, conj, disj, eq, fresh, list, membero, neq, run, run_all, Answers, Budget, Goal, Stop,
    Term, Var,
};
use proptest::prelude::*;
use std::time::{Duration, Instant};

/// A random goal over the variables `vars`.
#[derive(Clone, Debug)]
enum Tree {
    Eq(usize, i64),
    Neq(usize, i64),
    Member(usize, Vec<i64>),
    Conj(Vec<Tree>),
    Disj(Vec<Tree>),
    Conde(Vec<Vec<Tree>>),
    Fresh(Box<Tree>),
}

fn tree() -> impl Strategy<Value = Tree> {
    let leaf = prop_oneof![
        (0..3usize, 0..3i64).prop_map(|(v, x)| Tree::Eq(v, x)),
        (0..3usize, 0..3i64).prop_map(|(v, x)| Tree::Neq(v, x)),
        (0..3usize, prop::collection::vec(0..3i64, 0..4)).prop_map(|(v, xs)| Tree::Member(v, xs)),
    ];
    leaf.prop_recursive(4, 40, 4, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 1..4).prop_map(Tree::Conj),
            prop::collection::vec(inner.clone(), 0..4).prop_map(Tree::Disj),
            prop::collection::vec(prop::collection::vec(inner.clone(), 1..3), 0..4)
                .prop_map(Tree::Conde),
            inner.prop_map(|t| Tree::Fresh(Box::new(t))),
        ]
    })
}

fn goal(t: &Tree, vars: &[Var]) -> Goal {
    match t {
        Tree::Eq(v, x) => eq(vars[*v], *x),
        Tree::Neq(v, x) => neq(vars[*v], *x),
        Tree::Member(v, xs) => membero(vars[*v], Term::list(xs.iter().copied())),
        Tree::Conj(ts) => conj(ts.iter().map(|t| goal(t, vars))),
        Tree::Disj(ts) => disj(ts.iter().map(|t| goal(t, vars))),
        Tree::Conde(cs) => conde(
            cs.iter()
                .map(|c| c.iter().map(|t| goal(t, vars)).collect::<Vec<_>>()),
        ),
        Tree::Fresh(t) => {
            let (t, vars) = ((**t).clone(), vars.to_vec());
            // A fresh variable shadows the first one.
            fresh(move |[x]| {
                let mut inner = vars.clone();
                inner[0] = x;
                conj([goal(&t, &inner), neq(x, 99)])
            })
        }
    }
}

fn query(t: &Tree) -> Answers {
    let t = t.clone();
    run_all(move |q| {
        let vars: Vec<Var> = (0..3).map(|_| Var::fresh()).collect();
        conj([goal(&t, &vars), eq(q, Term::list(vars.iter().copied()))])
    })
}

fn strings(answers: impl IntoIterator<Item = kanren::Answer>) -> Vec<String> {
    answers.into_iter().map(|a| a.to_string()).collect()
}

fn sorted(mut v: Vec<String>) -> Vec<String> {
    v.sort();
    v
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn parallel_finds_the_sequential_multiset(t in tree()) {
        let sequential = strings(query(&t).depth_first());
        for workers in [1, 2, 8] {
            let parallel = strings(query(&t).parallel(workers).collect());
            prop_assert_eq!(sorted(parallel), sorted(sequential.clone()), "{} workers", workers);
            prop_assert_eq!(query(&t).parallel(workers).count(), sequential.len());
        }
        let ordered = strings(query(&t).parallel(2).in_order().collect());
        prop_assert_eq!(ordered, sequential.clone());
        // Each worker building and cutting its own copy of the query.
        for workers in [2, 8] {
            let build = { let t = t.clone(); move || query(&t) };
            let rebuilt = strings(Answers::parallel_rebuilt(workers, build.clone()).collect());
            prop_assert_eq!(sorted(rebuilt), sorted(sequential.clone()), "{} workers", workers);
            let ordered = strings(Answers::parallel_rebuilt(workers, build).in_order().collect());
            prop_assert_eq!(ordered, sequential.clone(), "{} workers, in order", workers);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Answers pulled in core.logic's order first (the interleaved frontier), the rest in
    /// parallel: the frontier gives its pending work back as one stream to cut.
    #[test]
    fn parallel_after_pulling_finds_the_rest(t in tree(), pulled in 0usize..4) {
        let all = sorted(strings(query(&t)));
        let mut answers = query(&t);
        let mut got = strings(answers.by_ref().take(pulled).collect::<Vec<_>>());
        got.extend(strings(answers.parallel(2).collect()));
        prop_assert_eq!(sorted(got), all);
    }
}

/// A builder that makes a different query after the first: the workers' copies are cut into
/// other parts, so each worker searches the first build's parts, not its own copy's.
#[test]
fn a_rebuilt_query_that_differs_falls_back_to_the_first() {
    use std::sync::atomic::{AtomicUsize, Ordering};
    let builds = std::sync::Arc::new(AtomicUsize::new(0));
    let seen = builds.clone();
    let build = move || {
        let upto = if seen.fetch_add(1, Ordering::Relaxed) == 0 {
            500
        } else {
            3
        };
        run_all(move |q| disj((0..upto).map(|i| eq(q, i))))
    };
    let got = strings(Answers::parallel_rebuilt(2, build).in_order().collect());
    let want: Vec<String> = (0..500).map(|i| i.to_string()).collect();
    assert_eq!(got, want);
    assert!(
        builds.load(Ordering::Relaxed) >= 2,
        "the workers built their own copies"
    );
}

/// Relational queens, the post's `nqueenso`, small enough for a debug build.
fn queens(n: usize) -> Answers {
    queens::relational::nqueens_answers(n)
}

#[test]
fn relational_queens_counts_in_parallel() {
    for (n, count) in [(1, 1), (4, 2), (5, 10), (6, 4)] {
        for workers in [1, 2, 8] {
            assert_eq!(queens(n).parallel(workers).count(), count, "n = {n}");
        }
    }
    let sequential = strings(queens(6).depth_first());
    assert_eq!(
        strings(queens(6).parallel(3).in_order().collect()),
        sequential
    );
    for (n, count) in [(5, 10), (6, 4), (7, 40)] {
        assert_eq!(
            Answers::parallel_rebuilt(2, move || queens(n)).count(),
            count,
            "n = {n}"
        );
    }
    assert_eq!(
        strings(
            Answers::parallel_rebuilt(2, || queens(6))
                .in_order()
                .collect()
        ),
        sequential
    );
}

#[test]
fn fd_queens_counts_in_parallel_at_labeling_choice_points() {
    use queens::fd::{answers_with, FdQuery, Labeling};
    for labeling in [Labeling::Core, Labeling::Leftmost, Labeling::FirstFail] {
        let q = FdQuery {
            labeling,
            depth_first: true,
            ..FdQuery::default()
        };
        let fd = |n| answers_with(n, &q, |_| kanren::succeed());
        for (n, count) in [(4, 2), (5, 10), (6, 4), (7, 40)] {
            for workers in [1, 2, 8] {
                assert_eq!(
                    fd(n).parallel(workers).count(),
                    count,
                    "n = {n}, {labeling:?}"
                );
            }
        }
        let sequential = strings(fd(6).depth_first());
        assert_eq!(strings(fd(6).parallel(2).in_order().collect()), sequential);
    }
}

#[test]
fn run_n_in_parallel_gives_n() {
    let digits = || run(5, |q| disj((0..100).map(|i| eq(q, i))));
    assert_eq!(digits().parallel(2).count(), 5);
    assert_eq!(digits().parallel(2).collect().len(), 5);
    assert_eq!(
        strings(digits().parallel(2).in_order().collect()),
        ["0", "1", "2", "3", "4"]
    );
}

/// Searches forever without an answer, branching as it goes.
fn widening() -> Goal {
    Goal::lazy(|| conde([vec![widening()], vec![widening()]]))
}

#[test]
fn budgets_stop_a_parallel_search() {
    let budget = Budget::new().steps(100_000);
    assert_eq!(
        run_all(|_| widening())
            .with_budget(budget.clone())
            .parallel(2)
            .count(),
        0
    );
    assert_eq!(budget.stopped(), Some(Stop::Steps));

    let budget = Budget::new().timeout(Duration::from_millis(50));
    assert_eq!(
        run_all(|_| widening())
            .with_budget(budget.clone())
            .parallel(2)
            .count(),
        0
    );
    assert_eq!(budget.stopped(), Some(Stop::Deadline));
}

#[test]
fn a_cancelled_parallel_search_returns_promptly() {
    let budget = Budget::new();
    let token = budget.cancel_token();
    let cancelled_at = std::sync::Arc::new(std::sync::Mutex::new(None));
    let setter = {
        let cancelled_at = cancelled_at.clone();
        std::thread::spawn(move || {
            std::thread::sleep(Duration::from_millis(50));
            *cancelled_at.lock().unwrap() = Some(Instant::now());
            token.cancel();
        })
    };
    let n = run_all(|_| widening())
        .with_budget(budget.clone())
        .parallel(2)
        .count();
    let returned = Instant::now();
    setter.join().unwrap();
    assert_eq!((n, budget.stopped()), (0, Some(Stop::Cancelled)));
    let lag = returned - cancelled_at.lock().unwrap().unwrap();
    // Generous for a loaded debug build; the benchmark measures the real lag.
    assert!(lag < Duration::from_secs(2), "{lag:?}");
}

#[test]
fn answers_found_before_a_parallel_stop_are_true() {
    let budget = Budget::new().steps(20_000);
    let found = run_all(|q| {
        fresh(move |[a, b]| {
            conj([
                membero(a, list![1, 2, 3, 4, 5, 6, 7, 8]),
                membero(b, list![1, 2, 3, 4, 5, 6, 7, 8]),
                eq(q, list![a, b]),
                disj([widening(), kanren::succeed()]),
            ])
        })
    })
    .with_budget(budget.clone())
    .parallel(2)
    .collect();
    assert_eq!(budget.stopped(), Some(Stop::Steps));
    for a in &found {
        let pair = a.value().to_ints().unwrap();
        assert!(pair.iter().all(|x| (1..=8).contains(x)), "{a}");
    }
}

/// `fd::label` in every variable and value order (random excepted) gives the sequential
/// search's answers in parallel, in its order when asked: the cutting turns its choice points
/// into disjunctions, which must keep the order of the depth-first search.
#[test]
fn fd_label_in_every_order_is_cut_without_changing_its_answers() {
    use kanren::fd::{self, Labeling, ValueOrder, VarOrder};
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
    ];
    // n-queens as three distinct-with-offsets (the trail's search for leftmost and
    // first-fail), and with the first column left of the last (the persistent search).
    let query = |n: usize, how: Labeling, mirrored: bool| {
        run_all(move |q| {
            let cols: Vec<Var> = (0..n).map(|_| Var::fresh()).collect();
            let half = match mirrored {
                true => fd::lt(cols[0], cols[n - 1]),
                false => kanren::succeed(),
            };
            conj([
                queens::fd_global::model(&cols),
                half,
                fd::label(&cols, how),
                eq(q, Term::list(cols.clone())),
            ])
        })
    };
    for vars in vars {
        for values in values {
            let how = Labeling { vars, values };
            for (n, mirrored) in [(6, false), (7, false), (8, true)] {
                let sequential = strings(query(n, how, mirrored).depth_first());
                assert!(!sequential.is_empty(), "{how:?} n = {n}");
                for workers in [1, 2, 8] {
                    let parallel = query(n, how, mirrored).parallel(workers);
                    assert_eq!(
                        strings(parallel.in_order().collect()),
                        sequential,
                        "{how:?} n = {n} mirrored {mirrored} workers {workers}"
                    );
                }
            }
        }
    }
}

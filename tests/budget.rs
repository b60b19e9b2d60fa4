//! Budgets: an infinite search returns under each kind of budget, says why, and keeps the
//! answers found before the stop; an exhausted search says it was not stopped.

use kanren::{conde, eq, fresh, list, run, run_all, Budget, Goal, Stop, Term};
use std::time::{Duration, Instant};

/// Infinitely many answers: 5, 5, 5, ...
fn fives(x: Term) -> Goal {
    Goal::lazy(move || conde([vec![eq(&x, 5)], vec![fives(x.clone())]]))
}

/// Searches forever without an answer (core.logic's `nevero`).
fn nevero() -> Goal {
    Goal::lazy(nevero)
}

/// No answer, and a frontier that doubles at every suspension when interleaved.
fn widening() -> Goal {
    Goal::lazy(|| conde([vec![widening()], vec![widening()]]))
}

/// Natural numbers as unary lists: infinitely many distinct answers.
fn nat(x: Term) -> Goal {
    Goal::lazy(move || {
        let x = x.clone();
        fresh(move |[y]| conde([vec![eq(&x, 0)], vec![eq(&x, list![1; y]), nat(y.into())]]))
    })
}

fn each_order(
    budget: impl Fn() -> Budget,
    goal: fn(kanren::Var) -> Goal,
) -> Vec<(usize, Option<Stop>)> {
    let mut seen = Vec::new();
    // Interleaved iterator.
    let b = budget();
    let mut it = run_all(goal).with_budget(b.clone());
    let n = it.by_ref().count();
    assert!(it.next().is_none(), "a stopped iterator stays ended");
    assert_eq!(it.stopped(), b.stopped());
    seen.push((n, b.stopped()));
    // Depth-first fold.
    let b = budget();
    seen.push((
        run_all(goal).depth_first().with_budget(b.clone()).count(),
        b.stopped(),
    ));
    // Depth-first iterator.
    let b = budget();
    let n = run_all(goal)
        .depth_first()
        .with_budget(b.clone())
        .by_ref()
        .take(usize::MAX)
        .count();
    seen.push((n, b.stopped()));
    seen
}

#[test]
fn steps_stop_an_infinite_relation_in_every_order() {
    for (_, why) in each_order(|| Budget::new().steps(20_000), |q| fives(q.into())) {
        assert_eq!(why, Some(Stop::Steps));
    }
    for (n, why) in each_order(|| Budget::new().steps(20_000), |_| nevero()) {
        assert_eq!((n, why), (0, Some(Stop::Steps)));
    }
}

#[test]
fn a_deadline_stops_an_infinite_relation_in_every_order() {
    let started = Instant::now();
    for (n, why) in each_order(
        || Budget::new().timeout(Duration::from_millis(30)),
        |_| nevero(),
    ) {
        assert_eq!((n, why), (0, Some(Stop::Deadline)));
    }
    for (_, why) in each_order(
        || Budget::new().timeout(Duration::from_millis(30)),
        |q| nat(q.into()),
    ) {
        assert_eq!(why, Some(Stop::Deadline));
    }
    assert!(started.elapsed() < Duration::from_secs(30));
}

#[test]
fn a_token_set_by_another_thread_stops_the_search() {
    for depth_first in [false, true] {
        let budget = Budget::new();
        let token = budget.cancel_token();
        let setter = std::thread::spawn(move || {
            std::thread::sleep(Duration::from_millis(30));
            token.cancel();
        });
        let mut answers = run_all(|_| nevero()).with_budget(budget.clone());
        if depth_first {
            answers = answers.depth_first();
        }
        assert_eq!(answers.count(), 0);
        setter.join().unwrap();
        assert_eq!(budget.stopped(), Some(Stop::Cancelled));
    }
}

#[test]
fn a_frontier_cap_stops_a_search_that_grows_without_bound() {
    let budget = Budget::new().frontier(10_000);
    assert_eq!(
        run_all(|_| widening()).with_budget(budget.clone()).count(),
        0
    );
    assert_eq!(budget.stopped(), Some(Stop::Frontier));
}

#[test]
fn answers_before_the_stop_are_kept_and_true() {
    let budget = Budget::new().steps(5_000);
    let found: Vec<String> = run_all(|q| nat(q.into()))
        .with_budget(budget.clone())
        .map(|a| a.to_string())
        .collect();
    assert_eq!(budget.stopped(), Some(Stop::Steps));
    assert!(found.len() > 3, "{found:?}");
    // The answers so far are the first ones, in order.
    let expected: Vec<String> = run(found.len(), |q| nat(q.into()))
        .map(|a| a.to_string())
        .collect();
    assert_eq!(found, expected);
}

#[test]
fn an_exhausted_search_is_not_stopped() {
    let budget = Budget::new()
        .steps(1_000_000)
        .timeout(Duration::from_secs(60));
    let n = run_all(|q| kanren::membero(q, list![1, 2, 3]))
        .with_budget(budget.clone())
        .count();
    assert_eq!((n, budget.stopped()), (3, None));
    let budget = Budget::new().steps(1_000_000);
    let n = run(2, |q| fives(q.into()))
        .depth_first()
        .with_budget(budget.clone())
        .count();
    assert_eq!(
        (n, budget.stopped()),
        (2, None),
        "enough answers is not a stop"
    );
}

#[test]
fn a_budget_spent_before_the_search_gives_nothing() {
    let budget = Budget::new();
    budget.cancel();
    assert_eq!(run_all(|q| eq(q, 1)).with_budget(budget.clone()).count(), 0);
    assert_eq!(budget.stopped(), Some(Stop::Cancelled));
    let past = Budget::new().deadline(Instant::now());
    assert_eq!(
        run_all(|q| eq(q, 1))
            .depth_first()
            .with_budget(past.clone())
            .count(),
        0
    );
    assert_eq!(past.stopped(), Some(Stop::Deadline));
}

#[test]
fn a_query_without_budget_is_unchanged_after_a_stopped_one() {
    let budget = Budget::new().steps(1);
    let _ = run_all(|_| nevero()).with_budget(budget).count();
    assert_eq!(run_all(|q| kanren::membero(q, list![1, 2, 3])).count(), 3);
    assert_eq!(
        run_all(|q| kanren::membero(q, list![1, 2, 3]))
            .depth_first()
            .count(),
        3
    );
}

/// Twelve variables over eleven values, pairwise different: no solution, and a labeling
/// that only checks forward takes millions of choices to find that out.
fn pigeonholes(how: kanren::fd::Labeling) -> impl Fn(kanren::Var) -> Goal {
    use kanren::fd;
    move |q| {
        let xs: Vec<kanren::Var> = (0..12).map(|_| kanren::Var::fresh()).collect();
        let mut goals = vec![fd::in_(&xs[..], fd::interval(0, 10))];
        for i in 0..xs.len() {
            for j in i + 1..xs.len() {
                goals.push(fd::neq(xs[i], xs[j]));
            }
        }
        goals.push(fd::label(&xs[..], how));
        goals.push(eq(q, Term::list(xs.clone())));
        kanren::conj(goals)
    }
}

#[test]
fn steps_stop_a_labeling_search_on_either_store() {
    use kanren::fd::{Labeling, ValueOrder, VarOrder};
    // Leftmost goes to the trail's mutable space; `min` to the persistent search.
    let min = Labeling {
        vars: VarOrder::Min,
        values: ValueOrder::Ascending,
    };
    for how in [Labeling::LEFTMOST, min] {
        let budget = Budget::new().steps(20_000);
        let started = Instant::now();
        let n = run_all(pigeonholes(how))
            .with_budget(budget.clone())
            .count();
        assert_eq!((n, budget.stopped()), (0, Some(Stop::Steps)), "{how:?}");
        assert!(started.elapsed() < Duration::from_secs(20), "{how:?}");
        let budget = Budget::new().steps(20_000);
        let n = run_all(pigeonholes(how))
            .depth_first()
            .with_budget(budget.clone())
            .count();
        assert_eq!((n, budget.stopped()), (0, Some(Stop::Steps)), "{how:?}");
    }
}

//! Goals given one term standing for a sequence, read when they run, as core.logic's
//! `everyg`, `fd/distinct` and `fd/in` read theirs: `(fd/distinct q)` with `q` bound to a
//! vector of variables, `(everyg g q)`.

use kanren::{conj, eq, everyg_term, fd, fresh, list, run_all, Answers, Term};

fn show(a: Answers) -> Vec<String> {
    a.map(|a| a.to_string()).collect()
}

/// `(run* [q] (fresh [a b] (== q [a b]) (fd/in a b (fd/interval 1 2)) (fd/distinct q)))`
/// => `([1 2] [2 1])`, whether `q` is bound before or after `fd/distinct`.
#[test]
fn distinct_of_a_variable_bound_to_a_vector() {
    let before = show(run_all(|q| {
        fresh!(
            [a, b],
            eq(q, vec![a, b]),
            fd::in_([a, b], fd::interval(1, 2)),
            fd::distinct(q)
        )
    }));
    assert_eq!(before, ["[1 2]", "[2 1]"]);
    let after = show(run_all(|q| {
        fresh!(
            [a, b],
            fd::distinct(q),
            fd::in_([a, b], fd::interval(1, 2)),
            eq(q, vec![a, b])
        )
    }));
    assert_eq!(after, ["[1 2]", "[2 1]"]);
    // A list works as a vector does, and a repeated value fails.
    assert_eq!(
        show(run_all(|q| conj([fd::distinct(q), eq(q, list![1, 2, 3])]))),
        ["(1 2 3)"]
    );
    assert!(show(run_all(|q| conj([fd::distinct(q), eq(q, list![1, 2, 1])]))).is_empty());
}

/// A variable left unbound keeps the constraint waiting, shown in the answer.
#[test]
fn distinct_of_an_unbound_variable_waits() {
    assert_eq!(
        show(run_all(fd::distinct)),
        ["(_0 :- (clojure.core.logic/fixc _0 fd/distinct))"]
    );
}

/// `(fd/in q dom)` with `q` a vector by then ranges its items; an unbound `q` gets the domain.
#[test]
fn in_of_a_variable_bound_to_a_vector() {
    let a = show(run_all(|q| {
        fresh!(
            [a, b],
            eq(q, vec![a, b]),
            fd::in_(q, fd::interval(1, 2)),
            fd::lt(a, b)
        )
    }));
    assert_eq!(a, ["[1 2]"]);
    assert_eq!(
        show(run_all(|q| fd::in_(q, fd::interval(3, 4)))),
        ["3", "4"]
    );
    // An item outside the domain fails.
    assert!(show(run_all(|q| conj([
        eq(q, vec![1, 7]),
        fd::in_(q, fd::interval(1, 5))
    ])))
    .is_empty());
}

/// `(everyg g q)` walks `q` when it runs, and waits while `q` is unbound.
#[test]
fn everyg_term_reads_the_sequence_when_it_runs() {
    let a = show(run_all(|q| {
        fresh!([a, b], eq(q, list![a, b]), everyg_term(|x| eq(x, 0), q))
    }));
    assert_eq!(a, ["(0 0)"]);
    let later = show(run_all(|q| {
        fresh!([a, b], everyg_term(|x| eq(x, 0), q), eq(q, vec![a, b]))
    }));
    assert_eq!(later, ["[0 0]"]);
    assert_eq!(
        show(run_all(|q| conj([
            everyg_term(|x| eq(x, 0), q),
            eq(q, Term::Nil)
        ]))),
        ["()"]
    );
    assert!(show(run_all(|q| conj([
        everyg_term(|x| eq(x, 0), q),
        eq(q, vec![0, 1])
    ])))
    .is_empty());
}

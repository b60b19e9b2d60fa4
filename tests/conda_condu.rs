//! `conda`, `condu` and `onceo` against The Reasoned Schemer's frames (chapter 10, "Thin Ice").

use kanren::{
    conda, conde, condu, conj, eq, fail, fresh, onceo, run, run_all, succeed, Goal, Term,
};

mod common;
use common::show;

fn sym(s: &str) -> Term {
    Term::sym(s)
}

/// Succeeds infinitely often.
fn alwayso() -> Goal {
    Goal::lazy(|| conde([vec![succeed()], vec![alwayso()]]))
}

fn teacupo(t: Term) -> Goal {
    conde([vec![eq(sym("tea"), &t)], vec![eq(sym("cup"), &t)]])
}

fn not_pastao(x: Term) -> Goal {
    conda([vec![eq(sym("pasta"), x), fail()], vec![succeed()]])
}

#[test]
fn conda_commits_to_the_first_succeeding_question() {
    // (conda [(== 'olive x) s#] [(== 'oil x) s#] [u#]) => (olive)
    insta::assert_snapshot!(
        "olive",
        show(run_all(|x| conda([
            vec![eq(sym("olive"), x), succeed()],
            vec![eq(sym("oil"), x), succeed()],
            vec![fail()],
        ])))
    );
    // (conda [(== 'virgin x) u#] [(== 'olive x) s#] [(== 'oil x) s#] [u#]) => ()
    assert_eq!(
        run_all(|x| conda([
            vec![eq(sym("virgin"), x), fail()],
            vec![eq(sym("olive"), x), succeed()],
            vec![eq(sym("oil"), x), succeed()],
            vec![fail()],
        ]))
        .count(),
        0
    );
}

#[test]
fn conda_question_order_matters() {
    // x = split, y = pea; (conda [(== 'split x) (== x y)] [s#]) => ()
    let split_pea = |first: Goal, second: Goal| conda([vec![first, second], vec![succeed()]]);
    assert_eq!(
        run_all(|q| fresh(move |[x, y]| conj([
            eq(sym("split"), x),
            eq(sym("pea"), y),
            split_pea(eq(sym("split"), x), eq(x, y)),
            eq(true, q),
        ])))
        .count(),
        0
    );
    // (conda [(== x y) (== 'split x)] [s#]) => (true)
    insta::assert_snapshot!(
        "split_pea",
        show(run_all(|q| fresh(move |[x, y]| conj([
            eq(sym("split"), x),
            eq(sym("pea"), y),
            split_pea(eq(x, y), eq(sym("split"), x)),
            eq(true, q),
        ]))))
    );
}

#[test]
fn not_pastao_frames() {
    // (conda [(not-pastao x) u#] [(== 'spaghetti x) s#]) => (spaghetti)
    insta::assert_snapshot!(
        "spaghetti",
        show(run_all(|x| conda([
            vec![not_pastao(x.into()), fail()],
            vec![eq(sym("spaghetti"), x), succeed()],
        ])))
    );
    // (== 'spaghetti x) first: not-pastao succeeds, then u# => ()
    assert_eq!(
        run_all(|x| conj([
            eq(sym("spaghetti"), x),
            conda([
                vec![not_pastao(x.into()), fail()],
                vec![eq(sym("spaghetti"), x), succeed()]
            ]),
        ]))
        .count(),
        0
    );
}

#[test]
fn condu_keeps_one_answer_of_the_question() {
    // (run* [q] (condu [alwayso s#] [s#]) (== true q)) => (true)
    insta::assert_snapshot!(
        "condu_alwayso",
        show(run_all(|q| conj([
            condu([vec![alwayso(), succeed()], vec![succeed()]]),
            eq(true, q)
        ])))
    );
    // (run* [q] (condu [alwayso s#] [s#]) u# (== true q)) => ()  -- finite thanks to condu
    assert_eq!(
        run_all(|q| conj([
            condu([vec![alwayso(), succeed()], vec![succeed()]]),
            fail(),
            eq(true, q),
        ]))
        .count(),
        0
    );
    // With conda the same question keeps all of alwayso's answers: run 3 finds three.
    assert_eq!(
        run(3, |q| conj([
            conda([vec![alwayso(), succeed()], vec![succeed()]]),
            eq(true, q)
        ]))
        .count(),
        3
    );
    // (condu [s# alwayso] [s#]): the answers after the question are not cut: run 3 finds three.
    assert_eq!(
        run(3, |q| conj([
            condu([vec![succeed(), alwayso()], vec![succeed()]]),
            eq(true, q)
        ]))
        .count(),
        3
    );
}

#[test]
fn onceo_frames() {
    // (run* [x] (onceo (teacupo x))) => (tea)
    insta::assert_snapshot!("onceo_teacup", show(run_all(|x| onceo(teacupo(x.into())))));
    // (run* [r] (conde [(teacupo r) s#] [(== false r) s#])) — for comparison, without a cut.
    insta::assert_snapshot!(
        "teacup_conde",
        show(run_all(|r| conde([
            vec![teacupo(r.into()), succeed()],
            vec![eq(false, r), succeed()],
        ])))
    );
    // (run 1 [q] (onceo alwayso) u#) terminates with no answer.
    assert_eq!(run_all(|_q| conj([onceo(alwayso()), fail()])).count(), 0);
}

#[test]
fn conda_with_a_suspended_question_decides_after_resuming() {
    // The question suspends (fresh) before answering; conda must still commit to it.
    insta::assert_snapshot!(
        "suspended_question",
        show(run_all(|q| conda([
            vec![fresh(move |[x]| conj([
                eq(x, 1),
                conde([vec![eq(q, x)], vec![eq(q, 2)]])
            ]))],
            vec![eq(q, 3)],
        ])))
    );
    assert_eq!(run_all(|_q| conda::<Vec<Goal>>([])).count(), 0);
    assert_eq!(run_all(|_q| conda([Vec::<Goal>::new()])).count(), 1);
}

//! The search tree (`library/search_tree.rs`): its shape for `conde`, a failing unification
//! marked, recursive relations whose interleaving shows in the visiting order, and the node
//! limit stopping an infinite search.

use crate::search_tree::{Kind, Node, Tree};
use crate::{eq, fresh, list, run, run_all, Goal, Term};

/// The labels from the root down to node `id`.
fn path(nodes: &[Node], id: u32) -> Vec<String> {
    let mut out = Vec::new();
    let mut at = Some(id);
    while let Some(i) = at {
        let n = &nodes[i as usize];
        out.push(n.label.clone());
        at = n.parent;
    }
    out.reverse();
    out
}

/// The answer leaves, in the order given.
fn answers(nodes: &[Node]) -> Vec<&Node> {
    let mut leaves: Vec<&Node> = nodes
        .iter()
        .filter(|n| matches!(n.kind, Kind::Answer(_)))
        .collect();
    leaves.sort_by_key(|n| n.kind.index());
    leaves
}

/// The branch of the outermost `conde` that node `id` is under.
fn top_branch(nodes: &[Node], id: u32) -> Option<u32> {
    let mut at = Some(id);
    let mut found = None;
    while let Some(i) = at {
        if let Kind::Branch(b) = nodes[i as usize].kind {
            found = Some(b);
        }
        at = nodes[i as usize].parent;
    }
    found
}

/// `appendo(l, s, out)`: `out` is `l` followed by `s`, each goal traced.
fn appendo(t: &Tree, l: Term, s: Term, out: Term) -> Goal {
    let t2 = t.clone();
    let label = format!("(appendo {l} {s} {out})");
    t.wrap(
        Kind::Call,
        label,
        Goal::lazy(move || {
            let (t, l, s, out) = (t2.clone(), l.clone(), s.clone(), out.clone());
            let t3 = t.clone();
            let (l1, s1, out1) = (l.clone(), s.clone(), out.clone());
            t.conde(
                "(conde ...)",
                [
                    (
                        "[(== l ()) (== s out)]",
                        vec![
                            t.wrap(Kind::Unify, "(== l ())", eq(l.clone(), Term::Nil)),
                            t.wrap(Kind::Unify, "(== s out)", eq(s.clone(), out.clone())),
                        ],
                    ),
                    (
                        "[(fresh [a d res] ...)]",
                        vec![t.wrap(
                            Kind::Fresh,
                            "(fresh [a d res] ...)",
                            fresh(move |[a, d, res]| {
                                let t = t3.clone();
                                crate::conj([
                                    t.wrap(
                                        Kind::Unify,
                                        "(conso a d l)",
                                        eq(Term::cons(a, d), l1.clone()),
                                    ),
                                    t.wrap(
                                        Kind::Unify,
                                        "(conso a res out)",
                                        eq(Term::cons(a, res), out1.clone()),
                                    ),
                                    appendo(&t, d.into(), s1.clone(), res.into()),
                                ])
                            }),
                        )],
                    ),
                ],
            )
        }),
    )
}

#[test]
fn conde_has_a_node_per_branch_and_an_answer_under_each() {
    let tree = Tree::new(100);
    let t = tree.clone();
    let got: Vec<String> = tree
        .watch(run_all(move |q| {
            t.wrap(
                Kind::Query,
                "(run* [q] ...)",
                t.conde(
                    "(conde [(== q 1)] [(== q 2)])",
                    [
                        (
                            "[(== q 1)]",
                            vec![t.wrap(Kind::Unify, "(== q 1)", eq(q, 1))],
                        ),
                        (
                            "[(== q 2)]",
                            vec![t.wrap(Kind::Unify, "(== q 2)", eq(q, 2))],
                        ),
                    ],
                ),
            )
        }))
        .map(|a| a.to_string())
        .collect();
    assert_eq!(got, ["1", "2"]);
    let nodes = tree.nodes();
    let shape: Vec<(u32, Option<u32>, Kind, &str, bool)> = nodes
        .iter()
        .map(|n| (n.id, n.parent, n.kind, n.label.as_str(), n.failed))
        .collect();
    assert_eq!(
        shape,
        [
            (0, None, Kind::Query, "(run* [q] ...)", false),
            (
                1,
                Some(0),
                Kind::Conde,
                "(conde [(== q 1)] [(== q 2)])",
                false
            ),
            (2, Some(1), Kind::Branch(0), "[(== q 1)]", false),
            (3, Some(2), Kind::Unify, "(== q 1)", false),
            (4, Some(3), Kind::Answer(0), "1", false),
            (5, Some(1), Kind::Branch(1), "[(== q 2)]", false),
            (6, Some(5), Kind::Unify, "(== q 2)", false),
            (7, Some(6), Kind::Answer(1), "2", false),
        ]
    );
    // Steps: the conde suspends, tries branch 0 down to its answer, then branch 1.
    let steps: Vec<u32> = nodes.iter().map(|n| n.step).collect();
    assert_eq!(steps, [0, 1, 2, 3, 4, 5, 6, 7]);
    assert!(!tree.truncated());
    assert!(tree.to_json().contains(
        r#"{"id":5,"parent":1,"kind":"branch","index":1,"label":"[(== q 2)]","step":5,"failed":false}"#
    ));
}

#[test]
fn a_failing_unification_is_marked_and_ends_its_branch() {
    let tree = Tree::new(100);
    let t = tree.clone();
    let n = tree
        .watch(run_all(move |q| {
            t.conde(
                "(conde ...)",
                [
                    (
                        "[(== q 1)]",
                        vec![t.wrap(Kind::Unify, "(== q 1)", eq(q, 1))],
                    ),
                    (
                        "[(== q 2) (== q 3)]",
                        vec![
                            t.wrap(Kind::Unify, "(== q 2)", eq(q, 2)),
                            t.wrap(Kind::Unify, "(== q 3)", eq(q, 3)),
                        ],
                    ),
                ],
            )
        }))
        .count();
    assert_eq!(n, 1);
    let nodes = tree.nodes();
    let failed: Vec<Vec<String>> = nodes
        .iter()
        .filter(|n| n.failed)
        .map(|n| path(&nodes, n.id))
        .collect();
    assert_eq!(
        failed,
        [["(conde ...)", "[(== q 2) (== q 3)]", "(== q 2)", "(== q 3)"]]
    );
    // Nothing hangs under the failed node.
    let bad = nodes.iter().find(|n| n.failed).unwrap().id;
    assert!(nodes.iter().all(|n| n.parent != Some(bad)));
}

#[test]
fn appendo_answers_hang_under_the_calls_that_made_them() {
    let tree = Tree::new(1000);
    let t = tree.clone();
    let got: Vec<String> = tree
        .watch(run_all(move |q| {
            let t = t.clone();
            fresh(move |[x, y]| {
                crate::conj([
                    appendo(&t, x.into(), y.into(), list![1, 2]),
                    eq(q, list![x, y]),
                ])
            })
        }))
        .map(|a| a.to_string())
        .collect();
    assert_eq!(got, ["(() (1 2))", "((1) (2))", "((1 2) ())"]);
    let nodes = tree.nodes();
    let leaves = answers(&nodes);
    assert_eq!(leaves.len(), 3);
    // Answer i went through i recursive calls, and ended in the first branch of the last.
    for (i, leaf) in leaves.iter().enumerate() {
        assert_eq!(leaf.label, got[i]);
        let p = path(&nodes, leaf.id);
        let calls = p.iter().filter(|l| l.starts_with("(appendo")).count();
        assert_eq!(calls, i + 1, "{p:?}");
        assert_eq!(p[p.len() - 4], "[(== l ()) (== s out)]", "{p:?}");
        assert_eq!(p[p.len() - 1], got[i]);
    }
    // The search goes on past the last answer: the third call's recursive branch fails,
    // as `out` is empty there.
    let failed: Vec<Vec<String>> = nodes
        .iter()
        .filter(|n| n.failed)
        .map(|n| path(&nodes, n.id))
        .collect();
    assert_eq!(failed.len(), 1, "{failed:?}");
    assert_eq!(failed[0].last().unwrap(), "(conso a res out)");
    let calls = failed[0]
        .iter()
        .filter(|l| l.starts_with("(appendo"))
        .count();
    assert_eq!(calls, 3);
    // Steps are a permutation of 0..n, answers given in the order of their steps.
    let mut steps: Vec<u32> = nodes.iter().map(|n| n.step).collect();
    steps.sort_unstable();
    assert_eq!(steps, (0..nodes.len() as u32).collect::<Vec<_>>());
    assert!(leaves.windows(2).all(|w| w[0].step < w[1].step));
}

/// `(nums x k)`: `x` is `k`, or `nums` of `x` and `k` again, as a traced call: infinitely
/// many answers, one per call.
fn nums(t: &Tree, x: Term, k: i64) -> Goal {
    let t2 = t.clone();
    t.wrap(
        Kind::Call,
        format!("(nums q {k})"),
        Goal::lazy(move || {
            let t = t2.clone();
            t.conde(
                "(conde ...)",
                [
                    (
                        "[(== q k)]",
                        vec![t.wrap(Kind::Unify, "(== q k)", eq(&x, k))],
                    ),
                    ("[(nums q k)]", vec![nums(&t, x.clone(), k)]),
                ],
            )
        }),
    )
}

#[test]
fn interleaving_shows_in_the_visiting_order() {
    let tree = Tree::new(1000);
    let t = tree.clone();
    let got: Vec<String> = tree
        .watch(run(6, move |q| {
            t.conde(
                "(conde [(nums q 5)] [(nums q 6)])",
                [
                    ("[(nums q 5)]", vec![nums(&t, q.into(), 5)]),
                    ("[(nums q 6)]", vec![nums(&t, q.into(), 6)]),
                ],
            )
        }))
        .map(|a| a.to_string())
        .collect();
    assert_eq!(got, ["5", "6", "5", "6", "5", "6"]);
    let nodes = tree.nodes();
    let leaves = answers(&nodes);
    // Each answer comes from the branch its value says, in the order given.
    let from: Vec<Option<u32>> = leaves.iter().map(|l| top_branch(&nodes, l.id)).collect();
    assert_eq!(from, [Some(0), Some(1), Some(0), Some(1), Some(0), Some(1)]);
    assert!(leaves.windows(2).all(|w| w[0].step < w[1].step));
    // Visited in step order, the search goes back and forth between the two branches ...
    let mut by_step: Vec<&Node> = nodes.iter().collect();
    by_step.sort_by_key(|n| n.step);
    let sides: Vec<u32> = by_step
        .iter()
        .filter_map(|n| top_branch(&nodes, n.id))
        .collect();
    let switches = sides.windows(2).filter(|w| w[0] != w[1]).count();
    assert!(switches >= 5, "{sides:?}");
    // ... so the depth-first ids (all of branch 0 before branch 1) are not the visiting order.
    assert!(nodes.windows(2).any(|w| w[0].step > w[1].step));
}

#[test]
fn the_node_limit_stops_an_infinite_search() {
    fn nevero(t: Tree) -> Goal {
        let t2 = t.clone();
        t.wrap(
            Kind::Call,
            "(nevero)",
            Goal::lazy(move || nevero(t2.clone())),
        )
    }
    let tree = Tree::new(500);
    let t = tree.clone();
    let mut answers = tree.watch(run_all(move |_q| nevero(t.clone())));
    assert!(answers.next().is_none());
    assert!(tree.truncated());
    assert_eq!(tree.nodes().len(), 500);
    assert!(answers.next().is_none());
    // Each call is the child of the one before.
    let nodes = tree.nodes();
    assert!(nodes.iter().skip(1).all(|n| n.parent == Some(n.id - 1)));
}

#[test]
fn a_truncated_search_gives_a_prefix_of_the_answers() {
    let full: Vec<String> = run(8, |q| {
        let t = Tree::new(usize::MAX);
        crate::conde([vec![nums(&t, q.into(), 5)], vec![nums(&t, q.into(), 6)]])
    })
    .map(|a| a.to_string())
    .collect();
    for max in [1, 5, 12, 30] {
        let tree = Tree::new(max);
        let t = tree.clone();
        let got: Vec<String> = tree
            .watch(run(8, move |q| {
                crate::conde([vec![nums(&t, q.into(), 5)], vec![nums(&t, q.into(), 6)]])
            }))
            .map(|a| a.to_string())
            .collect();
        assert!(tree.truncated(), "{max}");
        assert_eq!(got[..], full[..got.len()], "{max}");
        assert!(tree.nodes().len() <= max + 1);
    }
}

#[test]
fn json_escapes_labels() {
    let tree = Tree::new(10);
    tree.answer(&crate::State::new(), "\"a\\b\"\n\u{1}");
    assert_eq!(
        tree.to_json(),
        r#"{"max_nodes":10,"truncated":false,"answers":["\"a\\b\"\n\u0001"],"nodes":[{"id":0,"parent":null,"kind":"answer","index":0,"label":"\"a\\b\"\n\u0001","step":0,"failed":false}]}"#
    );
}

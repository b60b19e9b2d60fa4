//! Tree mode (`kanren_clj::search_tree`): the search of a query's last form as a tree of the
//! goals tried, each labelled with its source form, its answers with core.logic's printing.
//! Each tree is made on a thread of its own, so it starts from fresh namespaces.

use serde_json::Value as Json;

/// The stack of each run's thread (the reader and the printer in a debug build).
const STACK: usize = 64 << 20;

/// `f` on a fresh thread with the compiler on or off.
fn on_thread<T: Send + 'static>(compiled: bool, f: impl FnOnce() -> T + Send + 'static) -> T {
    std::thread::Builder::new()
        .stack_size(STACK)
        .spawn(move || {
            kanren_clj::init();
            kanren_clj::compile::set_enabled(compiled);
            f()
        })
        .expect("a thread")
        .join()
        .expect("no panic")
}

/// The tree of `src` (compiled), parsed.
fn tree(src: &str, max_nodes: usize) -> Json {
    tree_with(src, max_nodes, true)
}

fn tree_with(src: &str, max_nodes: usize, compiled: bool) -> Json {
    let src = src.to_string();
    let json = on_thread(compiled, move || {
        kanren_clj::search_tree(&src, max_nodes).unwrap_or_else(|e| panic!("{src}: {e}"))
    });
    serde_json::from_str(&json).unwrap_or_else(|e| panic!("not JSON ({e}): {json}"))
}

/// The printed value of `src` run normally.
fn printed(src: &str) -> String {
    let src = src.to_string();
    on_thread(true, move || {
        let v = kanren_clj::eval_str(&src).expect("runs");
        kanren_clj::print_value(&v).expect("prints")
    })
}

fn nodes(t: &Json) -> &Vec<Json> {
    t["nodes"].as_array().expect("nodes")
}

/// Each node as `(parent, kind, label, step, failed)`.
fn rows(t: &Json) -> Vec<(Option<u64>, String, String, u64, bool)> {
    nodes(t)
        .iter()
        .map(|n| {
            let kind = match n.get("index") {
                Some(i) => format!("{} {i}", n["kind"].as_str().unwrap()),
                None => n["kind"].as_str().unwrap().to_string(),
            };
            (
                n["parent"].as_u64(),
                kind,
                n["label"].as_str().unwrap().to_string(),
                n["step"].as_u64().unwrap(),
                n["failed"].as_bool().unwrap(),
            )
        })
        .collect()
}

/// The labels from the root down to node `id`.
fn path(t: &Json, id: u64) -> Vec<String> {
    let ns = nodes(t);
    let mut out = Vec::new();
    let mut at = Some(id);
    while let Some(i) = at {
        let n = &ns[i as usize];
        assert_eq!(n["id"].as_u64(), Some(i), "nodes in the order of their ids");
        out.push(n["label"].as_str().unwrap().to_string());
        at = n["parent"].as_u64();
    }
    out.reverse();
    out
}

/// The answer leaves' ids, in the order the answers were given.
fn answer_ids(t: &Json) -> Vec<u64> {
    let mut leaves: Vec<(u64, u64)> = nodes(t)
        .iter()
        .filter(|n| n["kind"] == "answer")
        .map(|n| (n["index"].as_u64().unwrap(), n["id"].as_u64().unwrap()))
        .collect();
    leaves.sort_unstable();
    leaves.into_iter().map(|(_, id)| id).collect()
}

fn answers(t: &Json) -> Vec<String> {
    t["answers"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| a.as_str().unwrap().to_string())
        .collect()
}

/// `answers` as the printed seq of a query gives them.
fn as_seq(answers: &[String]) -> String {
    format!("({})", answers.join(" "))
}

const APPENDO_DEFN: &str = "
(defn appendo' [l s out]
  (conde
    [(== l ()) (== s out)]
    [(fresh [a d res]
       (conso a d l)
       (conso a res out)
       (appendo' d s res))]))";

const APPENDO_DEFNE: &str = "
(defne appendo2 [l s out]
  ([() _ s])
  ([[a . d] _ [a . res]] (appendo2 d s res)))";

#[test]
fn a_conde_has_a_node_per_branch_and_an_answer_under_each() {
    let t = tree("(run* [q] (conde [(== q 1)] [(== q 2)]))", 100);
    let row = |p: Option<u64>, k: &str, l: &str, step: u64| {
        (p, k.to_string(), l.to_string(), step, false)
    };
    assert_eq!(
        rows(&t),
        [
            row(None, "query", "(run* [q] (conde [(== q 1)] [(== q 2)]))", 0),
            row(Some(0), "conde", "(conde [(== q 1)] [(== q 2)])", 1),
            row(Some(1), "branch 0", "[(== q 1)]", 2),
            row(Some(2), "unify", "(== q 1)", 3),
            row(Some(3), "answer 0", "1", 4),
            row(Some(1), "branch 1", "[(== q 2)]", 5),
            row(Some(5), "unify", "(== q 2)", 6),
            row(Some(6), "answer 1", "2", 7),
        ]
    );
    assert_eq!(t["truncated"], false);
    assert_eq!(t["max_nodes"], 100);
    assert_eq!(answers(&t), ["1", "2"]);
}

#[test]
fn a_failing_unification_is_marked_failed() {
    let t = tree("(run* [q] (conde [(== q 1)] [(== q 2) (== q 3)]))", 100);
    assert_eq!(answers(&t), ["1"]);
    let failed: Vec<Vec<String>> = nodes(&t)
        .iter()
        .filter(|n| n["failed"] == true)
        .map(|n| path(&t, n["id"].as_u64().unwrap()))
        .collect();
    assert_eq!(
        failed,
        [[
            "(run* [q] (conde [(== q 1)] [(== q 2) (== q 3)]))",
            "(conde [(== q 1)] [(== q 2) (== q 3)])",
            "[(== q 2) (== q 3)]",
            "(== q 2)",
            "(== q 3)",
        ]]
    );
    // A query whose conjunction fails at once: no answer, the second unification failed.
    let t = tree("(run* [q] (== q 1) (== q 2))", 100);
    let r = rows(&t);
    assert!(answers(&t).is_empty());
    assert_eq!(r.len(), 3);
    assert_eq!((r[2].2.as_str(), r[2].4, r[1].4), ("(== q 2)", true, false));
}

/// The checks common to both `appendo`s: the answers those of the query run normally, each
/// under one more call than the one before, in the first clause of the last call.
fn check_appendo(t: &Json, call: &str, first_clause: &str, query: &str) {
    let want = printed(query);
    assert_eq!(as_seq(&answers(t)), want);
    assert_eq!(answers(t).len(), 3);
    for (i, id) in answer_ids(t).into_iter().enumerate() {
        let p = path(t, id);
        let calls = p.iter().filter(|l| l.starts_with(call)).count();
        assert_eq!(calls, i + 1, "{p:?}");
        assert!(p.iter().any(|l| l == first_clause), "{p:?}");
        let goals = &p[..p.len() - 1];
        let last_branch = goals
            .iter()
            .rposition(|l| l.starts_with('[') || l.starts_with("(["));
        assert_eq!(p[last_branch.unwrap()], first_clause, "{p:?}");
        assert_eq!(p.last().unwrap(), &answers(t)[i]);
    }
    // The steps are a permutation of 0..n, and the answers were given in step order.
    let mut steps: Vec<u64> = nodes(t)
        .iter()
        .map(|n| n["step"].as_u64().unwrap())
        .collect();
    steps.sort_unstable();
    assert_eq!(steps, (0..steps.len() as u64).collect::<Vec<_>>());
    let answer_steps: Vec<u64> = answer_ids(t)
        .iter()
        .map(|&id| nodes(t)[id as usize]["step"].as_u64().unwrap())
        .collect();
    assert!(
        answer_steps.windows(2).all(|w| w[0] < w[1]),
        "{answer_steps:?}"
    );
}

#[test]
fn appendo_with_defn_and_conde() {
    let query = "(run* [q] (fresh [x y] (appendo' x y [1 2]) (== q [x y])))";
    let src = format!("{APPENDO_DEFN}\n{query}");
    let t = tree(&src, 1000);
    check_appendo(
        &t,
        "(appendo' ",
        "[(== l ()) (== s out)]",
        &format!("{APPENDO_DEFN}\n{query}"),
    );
    assert_eq!(answers(&t), ["[() [1 2]]", "[(1) (2)]", "[(1 2) ()]"]);
    // The search ends in the third call's second clause: `out` is empty there.
    let failed: Vec<Vec<String>> = nodes(&t)
        .iter()
        .filter(|n| n["failed"] == true)
        .map(|n| path(&t, n["id"].as_u64().unwrap()))
        .collect();
    assert_eq!(failed.len(), 1);
    assert_eq!(failed[0].last().unwrap(), "(conso a res out)");
    assert_eq!(
        failed[0]
            .iter()
            .filter(|l| l.starts_with("(appendo'"))
            .count(),
        3
    );
    // The conde's label is cut to 60 characters.
    let conde = nodes(&t).iter().find(|n| n["kind"] == "conde").unwrap();
    let label = conde["label"].as_str().unwrap();
    assert_eq!(label.chars().count(), 60);
    assert!(
        label.starts_with("(conde [(== l ()) (== s out)] [(fresh [a d res]")
            && label.ends_with("...")
    );
    // Interpreted, the tree is the same.
    assert_eq!(tree_with(&src, 1000, false), t);
}

#[test]
fn appendo_with_defne_clauses_as_branches() {
    let query = "(run* [q] (fresh [x y] (appendo2 x y [1 2]) (== q [x y])))";
    let src = format!("{APPENDO_DEFNE}\n{query}");
    let t = tree(&src, 1000);
    check_appendo(&t, "(appendo2 ", "([() _ s])", &src);
    // Each clause tried is a branch of the matche, its patterns unifications with the
    // arguments; the second clause's is tried (step) before the first clause's pattern.
    let r = rows(&t);
    let at = |i: usize| (r[i].1.as_str(), r[i].2.as_str(), r[i].3);
    assert_eq!(at(3).0, "conde");
    assert!(at(3).1.starts_with("(matche [l s out] ([() _ s])"));
    assert_eq!(at(4), ("branch 0", "([() _ s])", 4));
    assert_eq!(at(5), ("unify", "(== () l)", 6));
    assert_eq!(
        at(9),
        ("branch 1", "([[a . d] _ [a . res]] (appendo2 d s res))", 5)
    );
    assert_eq!(at(10), ("unify", "(== [a . d] l)", 7));
    // The last call's second clause fails on its pattern for `out`.
    let failed: Vec<&str> = r.iter().filter(|x| x.4).map(|x| x.2.as_str()).collect();
    assert_eq!(failed, ["(== [a . res] out)"]);
    assert_eq!(tree_with(&src, 1000, false), t);
}

#[test]
fn the_node_limit_stops_an_infinite_query_promptly() {
    let started = std::time::Instant::now();
    let t = tree(
        "(defn nevero [] (fresh [] (nevero)))\n(run* [q] (nevero))",
        200,
    );
    assert!(started.elapsed() < std::time::Duration::from_secs(20));
    assert_eq!(t["truncated"], true);
    assert_eq!(nodes(&t).len(), 200);
    assert!(answers(&t).is_empty());
    // An infinite query with answers gives the first of them, as `run` does.
    let nums = "(defn nums [x n] (conde [(== x n)] [(nums x (inc n))]))";
    let t = tree(&format!("{nums}\n(run* [q] (nums q 0))"), 100);
    assert_eq!(t["truncated"], true);
    let got = answers(&t);
    assert!(!got.is_empty());
    let first = printed(&format!("{nums}\n(run {} [q] (nums q 0))", got.len()));
    assert_eq!(as_seq(&got), first);
    // Within the limit, the same query is not truncated.
    let t = tree(&format!("{nums}\n(run 3 [q] (nums q 0))"), 100);
    assert_eq!(
        (t["truncated"].as_bool(), answers(&t)),
        (Some(false), vec!["0".into(), "1".into(), "2".into()])
    );
}

#[test]
fn answers_are_printed_as_core_logic_prints_them() {
    let src = r#"(run* [q] (fresh [a b] (conde [(== q [a b 'x "s" {:k 1}])] [(== q (lcons a b))] [(!= q 1)])))"#;
    let t = tree(src, 100);
    assert_eq!(as_seq(&answers(&t)), printed(src));
    assert_eq!(
        answers(&t),
        [
            r#"[_0 _1 x "s" {:k 1}]"#,
            "(_0 . _1)",
            "(_0 :- (!= (_0 1)))"
        ]
    );
    // The leaves carry the same text as the list of answers.
    let leaves: Vec<String> = answer_ids(&t)
        .iter()
        .map(|&id| {
            nodes(&t)[id as usize]["label"]
                .as_str()
                .unwrap()
                .to_string()
        })
        .collect();
    assert_eq!(leaves, answers(&t));
}

#[test]
fn the_forms_before_the_query_run_normally() {
    // `def`s and an earlier query run as usual; only the last form is traced.
    let src = "(def xs (run* [q] (membero q [1 2 3])))\n(run* [q] (membero q xs))";
    let t = tree(src, 100);
    assert_eq!(answers(&t), ["1", "2", "3"]);
    assert_eq!(rows(&t)[0].2, "(run* [q] (membero q xs))");
    // The last form must be a query.
    let err = on_thread(true, || kanren_clj::search_tree("(+ 1 2)", 10).unwrap_err());
    assert!(
        err.to_string().contains("must be a run or run* query"),
        "{err}"
    );
    // Afterwards, tree mode is off: queries run as before.
    let after = on_thread(true, || {
        kanren_clj::search_tree("(run* [q] (== q 1))", 10).unwrap();
        let v = kanren_clj::eval_str("(run* [q] (conde [(== q 1)] [(== q 2)]))").unwrap();
        kanren_clj::print_value(&v).unwrap()
    });
    assert_eq!(after, "(1 2)");
}

#[test]
fn tree_mode_gives_the_answers_of_the_query_run_normally() {
    let nqueens = include_str!("../examples/nqueens_cl.clj");
    let programs = [
        format!("{nqueens}\n(solve-nqueens 5)"),
        format!("{APPENDO_DEFNE}\n(run 5 [q] (fresh [x y z] (appendo2 x y z) (== q [x y z])))"),
        format!("{APPENDO_DEFN}\n(run 5 [q] (fresh [x y z] (appendo' x y z) (== q [x y z])))"),
        "(defn fives [x] (conde [(== x 5)] [(fives x)]))
         (defn sixes [x] (conde [(== x 6)] [(sixes x)]))
         (run 6 [q] (conde [(fives q)] [(sixes q)]))"
            .to_string(),
        "(run* [q] (fresh [a b] (membero a [1 2 3]) (project [a] (== b (* a 10))) (conda [(== a 2) (== q :two)] [(== q [a b])])))"
            .to_string(),
        "(run* [q] (matche [q] ([[1 x]] (== x 2)) ([(a . b)] (== a 9) (== b ()))))".to_string(),
    ];
    for src in programs {
        let t = tree(&src, 100_000);
        assert_eq!(t["truncated"], false, "{src}");
        assert_eq!(as_seq(&answers(&t)), printed(&src), "{src}");
    }
}

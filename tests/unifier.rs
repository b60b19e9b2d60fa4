//! The unifier (`kanren::unifier`, core.logic's `clojure.core.logic.unifier`): core.logic's
//! own cases (its tests.clj, `test-unifier-*` and `test-binding-map-*`), in kanren's words,
//! with the answers core.logic 1.1.1 gives.

use kanren::unifier::{self, Options};
use kanren::{list, Term};

fn s(name: &str) -> Term {
    Term::sym(name)
}

fn k(name: &str) -> Term {
    Term::sym(name)
}

fn map(entries: Vec<(Term, Term)>) -> Term {
    Term::map(entries)
}

fn show(t: Option<Term>) -> String {
    t.map_or("nil".into(), |t| t.to_string())
}

#[test]
fn unify_gives_the_common_value() {
    // (u/unify ['(?x ?y) '(1 2)]) => (1 2)
    assert_eq!(
        show(unifier::unify([list![s("?x"), s("?y")], list![1, 2]])),
        "(1 2)"
    );
    // (u/unify ['(?x ?y 3) '(1 2 ?z)]) => (1 2 3)
    assert_eq!(
        show(unifier::unify([
            list![s("?x"), s("?y"), 3],
            list![1, 2, s("?z")]
        ])),
        "(1 2 3)"
    );
    // (u/unify ['[(?x . ?y) 3] [[1 2] 3]]) => [(1 2) 3]
    let lhs = Term::from(vec![Term::cons(s("?x"), s("?y")), 3.into()]);
    let rhs = Term::from(vec![Term::from(vec![1, 2]), 3.into()]);
    assert_eq!(show(unifier::unify([lhs, rhs])), "[(1 2) 3]");
    // (u/unify ['(?x . ?y) '(1 . ?z)]) => (1 . ?z)
    assert_eq!(
        show(unifier::unify([
            Term::cons(s("?x"), s("?y")),
            Term::cons(1, s("?z"))
        ])),
        "(1 . ?z)"
    );
    // (u/unify ['(?x 2 . ?y) '(1 2 3 4 5)]) => (1 2 3 4 5); with 9 for 2 => nil
    let pat = Term::list_with_tail([s("?x"), 2.into()], s("?y"));
    assert_eq!(
        show(unifier::unify([pat.clone(), list![1, 2, 3, 4, 5]])),
        "(1 2 3 4 5)"
    );
    assert_eq!(show(unifier::unify([pat, list![1, 9, 3, 4, 5]])), "nil");
    // (u/unify ['{:a {:b ?b}} {:a {:b 1}}]) => {:a {:b 1}}
    let nested = |v: Term| map(vec![(k(":a"), map(vec![(k(":b"), v)]))]);
    assert_eq!(
        show(unifier::unify([nested(s("?b")), nested(1.into())])),
        "{:a {:b 1}}"
    );
    // (u/unify ['[?a [?b ?c] :d] [:a [:b :c] :d]]) => [:a [:b :c] :d]
    let v = |a: Term, b: Term, c: Term| Term::from(vec![a, Term::from(vec![b, c]), k(":d")]);
    assert_eq!(
        show(unifier::unify([
            v(s("?a"), s("?b"), s("?c")),
            v(k(":a"), k(":b"), k(":c"))
        ])),
        "[:a [:b :c] :d]"
    );
    // (u/unify '[?x 1]) => 1
    assert_eq!(show(unifier::unify([s("?x"), 1.into()])), "1");
    // (u/unify ['(?a ?b) [1 2]]) => (1 2): the first term's form
    assert_eq!(
        show(unifier::unify([
            list![s("?a"), s("?b")],
            Term::from(vec![1, 2])
        ])),
        "(1 2)"
    );
    // (u/unify '[[?x ?y] [?y ?z]]) => [?z ?z]
    let xy = Term::from(vec![s("?x"), s("?y")]);
    let yz = Term::from(vec![s("?y"), s("?z")]);
    assert_eq!(show(unifier::unify([xy, yz])), "[?z ?z]");
    // (u/unify ['{:a ?x} '{:a ?y} '{:a 5}]) => {:a 5}
    let a = |v: Term| map(vec![(k(":a"), v)]);
    assert_eq!(
        show(unifier::unify([a(s("?x")), a(s("?y")), a(5.into())])),
        "{:a 5}"
    );
    // (u/unify [1 2]) => nil; (u/unify ['(?x ?x) '(1 2)]) => nil; the occurs check holds
    assert_eq!(show(unifier::unify([Term::from(1), 2.into()])), "nil");
    assert_eq!(
        show(unifier::unify([list![s("?x"), s("?x")], list![1, 2]])),
        "nil"
    );
    assert_eq!(show(unifier::unify([s("?x"), list![1, s("?x")]])), "nil");
}

#[test]
fn unifier_gives_the_bindings() {
    // The maps are printed in core.logic's order (checked against core.logic 1.1.1).
    // (u/unifier ['(?x ?y) '(1 2)]) => {?x 1 ?y 2}
    assert_eq!(
        show(unifier::unifier([list![s("?x"), s("?y")], list![1, 2]])),
        "{?x 1, ?y 2}"
    );
    // (u/unifier ['[(?x . ?y) 3] [[1 2] 3]]) => {?y (2), ?x 1}
    let lhs = Term::from(vec![Term::cons(s("?x"), s("?y")), 3.into()]);
    let rhs = Term::from(vec![Term::from(vec![1, 2]), 3.into()]);
    assert_eq!(show(unifier::unifier([lhs, rhs])), "{?y (2), ?x 1}");
    // (u/unifier ['(?x . ?y) '(1 . ?z)]) => {?y ?z, ?x 1}
    let m = unifier::unifier([Term::cons(s("?x"), s("?y")), Term::cons(1, s("?z"))]);
    assert_eq!(show(m), "{?y ?z, ?x 1}");
    // (u/unifier ['(?x 2 . ?y) '(1 2 3 4 5)]) => {?y (3 4 5), ?x 1}
    let pat = Term::list_with_tail([s("?x"), 2.into()], s("?y"));
    assert_eq!(
        show(unifier::unifier([pat, list![1, 2, 3, 4, 5]])),
        "{?y (3 4 5), ?x 1}"
    );
    // (u/unifier '[((?x ?y)) ((1 2))]) => {?x 1 ?y 2}
    let m = unifier::unifier([list![list![s("?x"), s("?y")]], list![list![1, 2]]]);
    assert_eq!(show(m), "{?x 1, ?y 2}");
    // (u/unifier '[?x ?x]) => {}; (u/unifier [1 1]) => {}
    assert_eq!(show(unifier::unifier([s("?x"), s("?x")])), "{}");
    assert_eq!(show(unifier::unifier([Term::from(1), 1.into()])), "{}");
    // Three terms: every symbol gets its value (core.logic 1.1.1 returns nil here).
    let a = |v: Term| map(vec![(k(":a"), v)]);
    let m = unifier::unifier([a(s("?x")), a(s("?y")), a(5.into())]);
    assert_eq!(show(m), "{?y 5, ?x 5}");
}

fn even(v: &[Term]) -> bool {
    v.iter().all(|t| t.as_int().is_some_and(|i| i % 2 == 0))
}

fn div3(v: &[Term]) -> bool {
    v.iter().all(|t| t.as_int().is_some_and(|i| i % 3 == 0))
}

#[test]
fn constraints_on_the_values() {
    let ab = |a: Term, b: Term| map(vec![(k(":a"), a), (k(":b"), b)]);
    // (u/unify {:when {'?a evenc}} ['{:a ?a} {:a 2}]) => {:a 2}; with 1 => nil
    let one = Options::new().when(["?a"], even);
    let a = |v: Term| map(vec![(k(":a"), v)]);
    assert_eq!(
        show(unifier::unify_with(&one, [a(s("?a")), a(2.into())])),
        "{:a 2}"
    );
    assert_eq!(
        show(unifier::unify_with(&one, [a(s("?a")), a(1.into())])),
        "nil"
    );
    // {'#{?a ?b} [evenc div3c]}: each predicate on each symbol
    let set = Options::new()
        .when(["?a"], even)
        .when(["?b"], even)
        .when(["?a"], div3)
        .when(["?b"], div3);
    assert_eq!(
        show(unifier::unify_with(
            &set,
            [ab(s("?a"), s("?b")), ab(6.into(), 12.into())]
        )),
        "{:a 6, :b 12}"
    );
    assert_eq!(
        show(unifier::unify_with(
            &set,
            [ab(s("?a"), s("?b")), ab(2.into(), 6.into())]
        )),
        "nil"
    );
    // {'[?a ?b] complexc} with complexc: (< a b)
    let lt = Options::new().when(["?a", "?b"], |v| v[0].as_int() < v[1].as_int());
    assert_eq!(
        show(unifier::unify_with(
            &lt,
            [ab(s("?a"), s("?b")), ab(2.into(), 3.into())]
        )),
        "{:a 2, :b 3}"
    );
    assert_eq!(
        show(unifier::unifier_with(
            &lt,
            [ab(s("?a"), s("?b")), ab(3.into(), 2.into())]
        )),
        "nil"
    );
    // (u/unifier {:when {'?x evenc '?y div3c}} ['(?x ?y) '(2 6)]) => {?x 2 ?y 6}
    let xy = Options::new().when(["?x"], even).when(["?y"], div3);
    assert_eq!(
        show(unifier::unifier_with(
            &xy,
            [list![s("?x"), s("?y")], list![2, 6]]
        )),
        "{?x 2, ?y 6}"
    );
}

#[test]
fn as_binds_symbols_beforehand() {
    // (u/unify {:as '{?x (?y ?y)}} '[[?y ?x] [1 (1 1)]]) => [1 (1 1)]
    let opts = Options::new().bind("?x", list![s("?y"), s("?y")]);
    let got = unifier::unify_with(
        &opts,
        [
            Term::from(vec![s("?y"), s("?x")]),
            Term::from(vec![Term::from(1), list![1, 1]]),
        ],
    );
    assert_eq!(show(got), "[1 (1 1)]");
    // ... with (1 2) for (1 1): nil
    let got = unifier::unify_with(
        &opts,
        [
            Term::from(vec![s("?y"), s("?x")]),
            Term::from(vec![Term::from(1), list![1, 2]]),
        ],
    );
    assert_eq!(show(got), "nil");
    // (u/unifier {:as {'?x '(?y ?z)}} '[(?x) ((1 2))]) => {?z 2, ?y 1, ?x (1 2)}
    let opts = Options::new().bind("?x", list![s("?y"), s("?z")]);
    let got = unifier::unifier_with(&opts, [list![s("?x")], list![list![1, 2]]]);
    assert_eq!(show(got), "{?z 2, ?y 1, ?x (1 2)}");
}

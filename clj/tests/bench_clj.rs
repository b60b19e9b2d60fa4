//! What the front end gained to run core.logic's bench.clj unchanged: the arithmetic
//! namespace, `pred`, `distribute`, `fd/bounded-listo`, and `fd/distinct`/`everyg` of a logic
//! variable. Expected values are core.logic 1.1.1's.

mod common;
use common::kanren;

fn eval(expr: &str) -> String {
    let (code, out, err) = kanren(&["-e", expr]);
    assert_eq!(code, 0, "{expr}: {err}");
    out
}

#[test]
fn arithmetic_namespace_compares_current_values() {
    let prelude = "(require '[clojure.core.logic.arithmetic :as a]) ";
    let q = |goal: &str| eval(&format!("{prelude}(run* [q] (membero q [1 2 3]) {goal})"));
    assert_eq!(q("(a/> q 1)"), "(2 3)\n");
    assert_eq!(q("(a/>= q 2)"), "(2 3)\n");
    assert_eq!(q("(a/< q 2)"), "(1)\n");
    assert_eq!(q("(a/<= q 2)"), "(1 2)\n");
    assert_eq!(q("(a/= q 3)"), "(3)\n");
}

#[test]
fn pred_tests_the_value() {
    assert_eq!(
        eval("(run* [q] (membero q [1 2 3 4]) (pred q even?))"),
        "(2 4)\n"
    );
}

#[test]
fn distribute_labels_first_fail() {
    let e = "(run* [q] (fresh [x y] (fd/in x (fd/interval 1 3)) (fd/in y (fd/interval 1 2)) \
             (== q [x y]) (distribute q ::l/ff)))";
    assert_eq!(eval(e), "([1 1] [1 2] [2 1] [3 1] [2 2] [3 2])\n");
    let (code, _, err) = kanren(&["-e", "(run* [q] (distribute q :foo))"]);
    assert_eq!(code, 1);
    assert!(
        err.contains("distribute: the strategy must be ::l/ff"),
        "{err}"
    );
}

#[test]
fn bounded_listo_bounds_the_length() {
    assert_eq!(
        eval("(run* [q] (fd/bounded-listo q 2))"),
        "(() (_0) (_0 _1))\n"
    );
}

#[test]
fn distinct_and_everyg_of_a_variable_holding_a_vector() {
    let e = "(run* [q] (fresh [a b] (== q [a b]) (fd/in a b (fd/interval 1 3)) (fd/distinct q) (fd/< a b)))";
    assert_eq!(eval(e), "([1 2] [2 3] [1 3])\n");
    let e = "(run* [q] (fresh [a b] (== q [a b]) (everyg #(membero % [1 2]) q) (!= a b)))";
    assert_eq!(eval(e), "([1 2] [2 1])\n");
}

/// core.logic's `(is u v op)` and clojure.test's `(is form)` share the name: three arguments
/// or more are core.logic's.
#[test]
fn is_of_core_logic_and_of_clojure_test() {
    assert_eq!(
        eval("(run* [q] (fresh [n] (== n 5) (is q n inc)))"),
        "(6)\n"
    );
    assert_eq!(
        eval("(run* [q] (fresh [n] (== n 5) (is q n + 10)))"),
        "(15)\n"
    );
    assert_eq!(eval("(is (= 1 1))"), "true\n");
}

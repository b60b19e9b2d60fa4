//! Read errors: each names its line and column, and the forms after a form that does not
//! read are still read and run (`kanren FILE`, `kanren test`). Also the size of a value.

mod common;
use common::kanren;

/// A file in the temporary folder holding `src`, its path.
fn file(name: &str, src: &str) -> String {
    let path = std::env::temp_dir().join(format!("kanren-reading-{}-{name}", std::process::id()));
    std::fs::write(&path, src).expect("a temporary file");
    path.to_string_lossy().into_owned()
}

#[test]
fn duplicate_literal_keys_are_read_errors_with_positions() {
    let (code, _, err) = kanren(&["-e", "\n  #{1 1}"]);
    assert_eq!(
        (code, err.as_str()),
        (1, "error: -e:2:3: duplicate key: 1\n")
    );
    let (code, _, err) = kanren(&["-e", "[{:a 1 :a 2}]"]);
    assert_eq!(
        (code, err.as_str()),
        (1, "error: -e:1:2: duplicate key: :a\n")
    );
    // Two `#()` literals read alike are two forms: a set may hold both.
    assert_eq!(
        kanren(&["-e", "(count #{#(-> %) #(-> %)})"]),
        (0, "2\n".into(), String::new())
    );
}

#[test]
fn a_file_runs_on_after_a_form_that_does_not_read() {
    let path = file(
        "run.clj",
        "(println 1)\n(def x [1 2)\n(println 2)\n(def y #{3 3})\n(println 3)\n",
    );
    let (code, out, err) = kanren(&[&path]);
    assert_eq!(code, 1);
    assert_eq!(out, "1\n2\n3\n");
    assert!(
        err.contains(":2:12: unmatched delimiter: ) (the vector at 2:8 is open)"),
        "{err}"
    );
    assert!(err.contains(":4:8: duplicate key: 3"), "{err}");
}

#[test]
fn kanren_test_keeps_the_tests_after_a_form_that_does_not_read() {
    let path = file(
        "tests.clj",
        "(ns t (:require [clojure.test :refer :all]))\n\
         (deftest a (is (= 1 1)))\n\
         (deftest b (is (= [1 2] [1 2)))\n\
         (deftest c (is (= 3 3)))\n\
         (deftest d (is (= \"x\n",
    );
    let (code, out, err) = kanren(&["test", &path]);
    assert_eq!(code, 1);
    assert!(out.ends_with("2 passed, 2 failed\n"), "{out}");
    assert!(err.contains(":3:29: unmatched delimiter: )"), "{err}");
    assert!(err.contains(":5:19: EOF while reading a string"), "{err}");
}

/// Compound values (big integers, vars, fact databases, ...) are behind an `Arc`: adding one
/// does not grow every value. Values are moved and cloned on every call and binding, so a
/// word more is paid everywhere (a fact database held inline made every value six words and
/// the N-queens of bench.clj 10% slower). The largest variants are a ratio's two integers, a
/// seq's vector and index, and a goal.
#[test]
fn a_value_is_at_most_three_words() {
    assert!(std::mem::size_of::<kanren_clj::Value>() <= 24);
}

/// An error is one pointer, so what every evaluation returns is no larger than a value.
#[test]
fn a_result_is_no_larger_than_a_value() {
    use kanren_clj::value::error::Result;
    assert_eq!(
        std::mem::size_of::<Result<kanren_clj::Value>>(),
        std::mem::size_of::<kanren_clj::Value>()
    );
}

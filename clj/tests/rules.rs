//! Errors as a Clojure programmer reads them, `require` of namespaces from files, Clojure's
//! rule on defining a referred name, and clojure.test's reports: the binary's side of them.

mod common;
use common::{kanren, kanren_with};

fn temp_dir(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("kanren-rules-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    dir
}

#[test]
fn uncaught_errors_name_their_class_position_and_message() {
    for (src, want) in [
        ("\n  (/ 1 0)", "error: Execution error (ArithmeticException) at -e:2:3: Divide by zero\n"),
        ("(throw (ex-info \"boom\" {:a 1}))", "error: Execution error (ExceptionInfo) at -e:1:1: boom\n"),
        ("(nth [1] 3)", "error: Execution error (IndexOutOfBoundsException) at -e:1:1: index 3 out of bounds\n"),
        ("(assert (= 1 2))", "error: Execution error (AssertionError) at -e:1:1: Assert failed: (= 1 2)\n"),
        ("(x 1)", "error: Syntax error compiling at -e:1:1: Unable to resolve symbol: x in this context\n"),
        ("(.toFoo \"s\")", "error: Execution error (IllegalArgumentException) at -e:1:1: No matching method toFoo found taking 0 args for class java.lang.String\n"),
        ("(java.util.HashMap.)", "error: Syntax error compiling at -e:1:1: kanren has no Java class java.util.HashMap\n"),
        ("(Integer/fooBar 1)", "error: Execution error (IllegalArgumentException) at -e:1:1: No matching method or field fooBar found for class java.lang.Integer\n"),
    ] {
        let (code, _, err) = kanren(&["-e", src]);
        assert_eq!((code, err.as_str()), (1, want), "{src}");
    }
}

#[test]
fn exceptions_print_as_clojure_prints_them() {
    let (code, out, err) = kanren(&["-e", "(ex-info \"boom\" {:a 1})"]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(
        out,
        "#error {:cause \"boom\", :data {:a 1}, :via [{:type clojure.lang.ExceptionInfo, :message \"boom\", :data {:a 1}}], :trace []}\n"
    );
}

#[test]
fn bad_interop_is_an_error_never_a_panic() {
    for src in [
        "(.)",
        "(. \"s\")",
        "(..)",
        "(new)",
        "(memfn)",
        "(.charAt \"s\" -1)",
        "(.substring \"abc\" 2 1)",
        "(Integer/parseInt \"1\" 99)",
        "(Math/sqrt :a)",
        "(Math/floorDiv 1 0)",
        "(.split \"a.b\" \"[.]\")",
        "(String. 1 2 3)",
        "(Exception. 1 2 3)",
        "(set! x 1)",
        "(try (/ 1 0) (catch Foo e 1))",
    ] {
        let (code, _, err) = kanren(&["-e", src]);
        assert_eq!(code, 1, "{src}: {err}");
        assert!(
            err.starts_with("error: ") && err.contains("-e:1:"),
            "{src}: {err}"
        );
    }
}

#[test]
fn require_finds_a_namespace_on_kanren_path_or_path() {
    let dir = temp_dir("path");
    std::fs::create_dir_all(dir.join("my/lib")).unwrap();
    std::fs::write(
        dir.join("my/lib/util_fns.clj"),
        "(ns my.lib.util-fns)\n(defn twice [x] (* 2 x))\n",
    )
    .unwrap();
    let src = "(ns user2 (:require [my.lib.util-fns :as u])) (u/twice 21)";
    let d = dir.to_string_lossy().to_string();
    let (code, out, err) = kanren_with(
        &["-e", src],
        &[("KANREN_PATH", &format!("/nonexistent:{d}"))],
    );
    assert_eq!((code, out.as_str()), (0, "42\n"), "{err}");
    let (code, out, err) = kanren(&["--path", &d, "-e", src]);
    assert_eq!((code, out.as_str()), (0, "42\n"), "{err}");
    let (code, _, err) = kanren(&["-e", src]);
    assert_eq!(code, 1);
    assert!(
        err.contains("Could not locate my/lib/util_fns.clj"),
        "{err}"
    );
}

#[test]
fn require_finds_a_namespace_beside_the_requiring_file() {
    let dir = temp_dir("root");
    std::fs::create_dir_all(dir.join("app")).unwrap();
    std::fs::write(
        dir.join("app/helpers.clj"),
        "(ns app.helpers)\n(def answer 42)\n",
    )
    .unwrap();
    std::fs::write(
        dir.join("app/main.clj"),
        "(ns app.main (:require [app.helpers :refer [answer]]))\n(println answer)\n",
    )
    .unwrap();
    let (code, out, err) = kanren(&[&dir.join("app/main.clj").to_string_lossy()]);
    assert_eq!((code, out.as_str()), (0, "42\n"), "{err}");
}

#[test]
fn defining_a_referred_name_is_clojures_error() {
    let src = "(ns a) (defn f [] :a) (ns b (:require [a :refer [f]])) (try (defn f [] :b) (catch IllegalStateException e (println (ex-message e)))) (f)";
    let (code, out, err) = kanren(&["-e", src]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(out, "f already refers to: #'a/f in namespace: b\n:a\n");
    // clojure.core's names are replaced, as Clojure does (with a warning there).
    let (code, out, err) = kanren(&["-e", "(ns c) (defn inc [x] (+ x 10)) (inc 1)"]);
    assert_eq!((code, out.as_str()), (0, "11\n"), "{err}");
}

#[test]
fn with_out_str_captures_core_logic_traces() {
    let (code, out, err) = kanren(&[
        "-e",
        "(let [s (with-out-str (doall (run* [q] (== q 1) (trace-lvars \"t\" q) (log \"here\"))))] [(boolean (seq s)) s])",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("[true \""), "{out}");
    assert!(out.contains("t") && out.contains("here"), "{out}");
}

#[test]
fn clojure_test_reports_failures_and_errors_as_clojure_does() {
    let dir = temp_dir("reports");
    let file = dir.join("t.clj");
    std::fs::write(
        &file,
        "(ns t (:require [clojure.test :refer :all]))\n\
         (deftest a (testing \"ctx\" (testing \"inner\" (is (= 1 2) \"msg\"))))\n\
         (deftest b (is (= 1 (/ 1 0))))\n\
         (deftest c (is (= 1 1)) (/ 1 0))\n\
         (deftest d (is (thrown? ArithmeticException (+ 1 2))))\n",
    )
    .unwrap();
    let (code, out, _) = kanren(&["test", &file.to_string_lossy()]);
    assert_eq!(code, 1);
    assert!(
        out.contains(
            "FAIL in (a) (2:48)\nctx inner\nmsg\nexpected: (= 1 2)\n  actual: (not (= 1 2))\n"
        ),
        "{out}"
    );
    assert!(
        out.contains("ERROR in (b) (3:21)\nexpected: (= 1 (/ 1 0))\n  actual: java.lang.ArithmeticException: Divide by zero\n"),
        "{out}"
    );
    assert!(out.contains("ERROR in (c)"), "{out}");
    assert!(
        out.contains("Uncaught exception, not in assertion."),
        "{out}"
    );
    assert!(out.contains("FAIL in (d)"), "{out}");
    assert!(out.ends_with("1 passed, 4 failed\n"), "{out}");
    // run-tests prints Clojure's summary and gives the counts.
    let (code, out, err) = kanren(&[
        "-e",
        "(ns t2 (:require [clojure.test :refer :all])) (deftest x (is (= 1 1)) (is (= 1 2))) (run-tests)",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("\nTesting t2\n"), "{out}");
    assert!(
        out.contains("Ran 1 tests containing 2 assertions.\n1 failures, 0 errors.\n"),
        "{out}"
    );
    assert!(
        out.ends_with("{:test 1, :pass 1, :fail 1, :error 0, :type :summary}\n"),
        "{out}"
    );
}

/// clojure.core's part written in Clojure and `clojure.set` are loaded when first used: every
/// way of using them sees the same names as if they had been loaded at start.
#[test]
fn namespaces_loaded_on_first_use_look_loaded_from_the_start() {
    for (src, want) in [
        ("(resolve 'transduce)", "#'clojure.core/transduce"),
        ("(some #{'transduce} (keys (ns-publics 'clojure.core)))", "transduce"),
        ("(transduce (map inc) + [1 2])", "5"),
        (
            "(let [n (count (ns-publics 'clojure.set))] (clojure.set/union) (= n (count (ns-publics 'clojure.set)) 12))",
            "true",
        ),
        ("(ns t (:require [clojure.set :refer [union]])) (union #{1} #{2})", "#{1 2}"),
        ("(ns t (:require [clojure.set :as s])) (s/difference #{1 2} #{2})", "#{1}"),
        ("(ns t (:use clojure.set)) (subset? #{1} #{1 2})", "true"),
        ("(defn union [] :mine) [(union) (clojure.set/union #{1} #{2})]", "[:mine #{1 2}]"),
        ("(in-ns 'clojure.set) (clojure.core/fn? intersection)", "true"),
        ("(meta (resolve 'clojure.set/no-such-name))", "nil"),
    ] {
        let (code, out, err) = kanren(&["-e", src]);
        assert_eq!((code, out.trim_end(), err.as_str()), (0, want, ""), "{src}");
    }
}

/// A goal written as a function that returns something other than a stream, and a goal called
/// on something other than a substitution: each an error with its position, exit 1.
#[test]
fn goal_functions_returning_no_stream_are_errors() {
    for (src, want) in [
        (
            "(run* [q] (fn [a] 5))",
            "error: -e:1:1: the goal function #function[fn] returned integer 5: a goal returns nil, a substitution or a stream\n",
        ),
        (
            "\n(run* [q] ((== q 1) 5))",
            "error: -e:2:11: a goal: expected a substitution, got integer 5\n",
        ),
    ] {
        let (code, _, err) = kanren(&["-e", src]);
        assert_eq!((code, err.as_str()), (1, want), "{src}");
    }
}

/// A type's term-protocol method that returns neither a substitution nor `nil`: an error that
/// names the method, the type and the value, with the query's position, exit 1.
#[test]
fn term_methods_returning_no_substitution_are_errors() {
    let prelude = "(ns t (:refer-clojure :exclude [==]) \
                   (:use [clojure.core.logic.protocols] [clojure.core.logic]))";
    for (src, want) in [
        (
            "(deftype Bad [x] IUnifyTerms (unify-terms [u v s] 5))\n(run* [q] (== (Bad. 1) (Bad. 2)))",
            "error: Execution error (IllegalArgumentException) at -e:3:1: unify-terms of a t.Bad returned integer 5: it must return a substitution or nil\n",
        ),
        (
            "(deftype Bad [x] IReifyTerm (reify-term [v s] :s))\n(run* [q] (== q (Bad. 1)))",
            "error: Execution error (IllegalArgumentException) at -e:3:1: reify-term of a t.Bad returned keyword :s: it must return a substitution\n",
        ),
        (
            "(deftype Bad [x] IUnifyTerms (unify-terms [u v s] (throw (Exception. \"no\"))))\n(run* [q] (== (Bad. 1) 1))",
            "error: Execution error (Exception) at -e:2:51: no\n",
        ),
    ] {
        let (code, _, err) = kanren(&["-e", &format!("{prelude}\n{src}")]);
        assert_eq!((code, err.as_str()), (1, want), "{src}");
    }
}

/// core.logic's constraint layer given bad input: a protocol method missing on a constraint, a
/// method written with the wrong number of parameters, a constraint whose code returns a
/// number. Each is an error at the program's form, exit 1.
#[test]
fn constraint_values_given_bad_input_are_errors() {
    let prelude = "(ns t (:refer-clojure :exclude [==]) \
                   (:use [clojure.core.logic.protocols] [clojure.core.logic]))";
    let op = "IConstraintOp (-rator [_] 'c) (-rands [_] [x]) \
              IConstraintWatchedStores (-watched-stores [_] #{:clojure.core.logic/subst})";
    for (src, want) in [
        (
            format!("(defn c [x] (reify {op}))\n(run* [q] (cgoal (c q)))"),
            "error: Execution error (IllegalArgumentException) at -e:3:1: No implementation of method: :-step of protocol: #'clojure.core.logic.protocols/IConstraintStep found for class: t$reify\n",
        ),
        (
            format!(
                "(defn c [x] (reify {op} IConstraintStep (-step [this s] \
                 (reify clojure.lang.IFn (invoke [_ s] 42) IRunnable (-runnable? [_] true)))))\n\
                 (run* [q] (cgoal (c q)))"
            ),
            "error: -e:3:1: the constraint object #object[t$reify 0x0 \"t$reify@0\"] returned integer 42 when it ran: a constraint returns nil or a substitution\n",
        ),
        (
            "(deftype T [x] IUnifyTerms (unify-terms [u v] nil))".to_string(),
            "error: -e:2:1: Can't define method not in interfaces: unify-terms with 2 parameters (IUnifyTerms's unify-terms takes 3)\n",
        ),
    ] {
        let (code, _, err) = kanren(&["-e", &format!("{prelude}\n{src}")]);
        assert_eq!((code, err.as_str()), (1, want), "{src}");
    }
}

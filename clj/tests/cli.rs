//! The binary's contract: exit codes, errors with positions, the REPL reading until forms
//! balance, and Ctrl-C (SIGINT) stopping a running query while the session goes on.

use std::io::Write;
use std::process::Command;

mod common;
use common::{kanren, repl, repl_session};

#[test]
fn eval_prints_the_value() {
    assert_eq!(
        kanren(&["-e", "(run* [q] (== q 1))"]),
        (0, "(1)\n".into(), String::new())
    );
    // `keyword` as Clojure's: nil for what names no keyword (checked with core.logic's Clojure).
    let kws = "[(keyword nil) (keyword :a) (keyword 'b) (keyword \"c\") (keyword \"n\" \"d\") (keyword nil \"e\") (keyword 1)]";
    assert_eq!(
        kanren(&["-e", kws]),
        (0, "[nil :a :b :c :n/d :e nil]\n".into(), String::new())
    );
}

#[test]
fn errors_name_the_position_and_exit_1() {
    let (code, _, err) = kanren(&["-e", "\n  (foo 1)"]);
    assert_eq!(code, 1);
    assert_eq!(
        err,
        "error: Syntax error compiling at -e:2:3: Unable to resolve symbol: foo in this context\n"
    );
    let (code, _, err) = kanren(&["-e", "(run* [q] (fd/+ 1 \"a\" q))"]);
    assert_eq!(code, 1);
    assert!(
        err.contains("1:11: fd/+: expected an integer or a logic variable, got string \"a\""),
        "{err}"
    );
    // `fd/in` of one operand and of several read their operands the same way.
    for form in [
        "(run* [q] (fd/in \"a\" (fd/interval 1 2)))",
        "(run* [q] (fd/in q \"a\" (fd/interval 1 2)))",
    ] {
        let (code, _, err) = kanren(&["-e", form]);
        assert_eq!(code, 1);
        assert!(
            err.contains("1:11: fd/in: expected an integer or a logic variable, got string \"a\""),
            "{err}"
        );
    }
    // core.logic's `verify-all-bound`: raised when the answer is pulled, at the form that
    // pulls it.
    let (code, _, err) = kanren(&["-e", "(run* [q]\n  (fd/< q 5))"]);
    assert_eq!(
        (code, err.as_str()),
        (
            1,
            "error: Execution error (Exception) at -e:1:1: Constrained variable <lvar:0> without domain\n"
        )
    );
    let (code, _, err) = kanren(&[
        "-e",
        "(first\n  (run 1 [q] (fresh [x] (fd/!= x q) (== q 1))))",
    ]);
    assert_eq!(
        (code, err.as_str()),
        (
            1,
            "error: Execution error (Exception) at -e:1:1: Constrained variable <lvar:1> without domain\n"
        )
    );
    let (code, _, err) = kanren(&["-e", "(+ 1"]);
    assert_eq!(
        (code, err.as_str()),
        (
            1,
            "error: -e:1:1: EOF while reading a list that starts here\n"
        )
    );
    let (code, _, err) = kanren(&["-e", "((fn [x] x))"]);
    assert_eq!(code, 1);
    assert!(
        err.contains(
            "Execution error (ArityException) at -e:1:1: Wrong number of args (0) passed to: fn"
        ),
        "{err}"
    );
}

#[test]
fn deep_recursion_is_an_error_not_a_crash() {
    let (code, _, err) = kanren(&[
        "-e",
        "(defn f [n] (if (= n 0) 0 (inc (f (dec n))))) (f 1000000)",
    ]);
    assert_eq!(code, 1);
    assert!(
        err.contains("stack overflow: evaluation nested more than 50000 deep"),
        "{err}"
    );
    assert_eq!(
        kanren(&[
            "-e",
            "(defn f [n] (if (= n 0) 0 (inc (f (dec n))))) (f 5000)"
        ])
        .1,
        "5000\n"
    );
}

/// Naming a wrong argument in an error forces no lazy seq: the seq of a query whose goal is
/// itself such a seq (core.logic: a ClassCastException) and an endless `(range)` are errors,
/// not searches or prints without end.
#[test]
fn errors_name_a_lazy_seq_without_forcing_it() {
    let (code, _, err) = kanren(&["-e", "(defn f [] (run 1 [q] (fresh [a] (f)))) (prn (f))"]);
    assert_eq!(code, 1);
    assert!(
        err.contains("fresh: expected a goal, got seq (...)"),
        "{err}"
    );
    let (code, _, err) = kanren(&["-e", "(+ 1 (range))"]);
    assert_eq!(code, 1);
    assert!(err.contains("+: expected a number, got seq (...)"), "{err}");
    let (code, _, err) = kanren(&["-e", "(let [s (map inc [1 2])] (doall s) (+ 1 s))"]);
    assert_eq!(code, 1);
    assert!(err.contains("+: expected a number, got seq (2 3)"), "{err}");
}

/// Values nested deeper than the native stack could recurse are read, built and freed: a
/// form nested 9000 deep, and vectors, lists, maps, sets, lazy seqs, closures, atoms,
/// nominal ties and goals nested 100 000 deep (before, freeing them overflowed the stack and
/// aborted the process).
#[test]
fn deeply_nested_values_are_read_and_freed() {
    let deep = format!("(count (quote {}{}))", "[".repeat(9000), "]".repeat(9000));
    assert_eq!(kanren(&["-e", &deep]), (0, "1\n".into(), String::new()));
    for wrap in ["[a]", "(list a)", "{:a a}", "#{a}", "(lazy-seq (list a))"] {
        let program = format!("(count (reduce (fn [a _] {wrap}) [] (range 100000)))");
        assert_eq!(
            kanren(&["-e", &program]),
            (0, "1\n".into(), String::new()),
            "{wrap}"
        );
    }
    for wrap in [
        "(fn [] a)",
        "(let [b a c 1] (fn [] [b c]))",
        "((fn [x y] (fn [] [x y])) a a)",
        "(atom a)",
        "(nom/tie 'x a)",
        "(fresh [y] a)",
        "(conde [a] [a])",
    ] {
        let program = format!(
            "(require '[clojure.core.logic.nominal :as nom]) \
             (def x (reduce (fn [a _] {wrap}) nil (range 100000))) (def x 1) x"
        );
        assert_eq!(
            kanren(&["-e", &program]),
            (0, "1\n".into(), String::new()),
            "{wrap}"
        );
    }
}

/// An error raised while the value is printed (a lazy seq realized for printing fails) names
/// the position of the form that gave the value, as one raised while evaluating it does;
/// `nil` is named once.
#[test]
fn errors_while_printing_name_the_form() {
    let (code, out, err) = kanren(&["-e", "(+ 1 2)\n(take 3 (iterate inc 9223372036854775806))"]);
    assert_eq!(
        (code, out.as_str(), err.as_str()),
        (
            1,
            "",
            "error: Execution error (ArithmeticException) at -e:2:1: +: integer overflow\n"
        )
    );
    let (code, _, err) = kanren(&["-e", "(+ 1 nil)"]);
    assert_eq!(
        (code, err.as_str()),
        (
            1,
            "error: Execution error (NullPointerException) at -e:1:1: +: expected a number, got nil\n"
        )
    );
    let (_, stdout, stderr) = repl_session(b"(take 2 (map inc [1 nil]))\n(+ 2 3)\n");
    assert!(
        stderr.contains(
            "error: Execution error (NullPointerException) at 1:1: inc: expected a number, got nil"
        ),
        "{stderr}"
    );
    assert!(stdout.contains("5\n"));
}

#[test]
fn unknown_namespaces_list_the_supported_ones() {
    let (code, _, err) = kanren(&["-e", "(ns foo (:require [clojure.data.json :as json]))"]);
    assert_eq!(code, 1);
    assert!(err.contains("Could not locate clojure/data/json.clj on KANREN_PATH or the root of the file requiring it; built-in namespaces: clojure.core, clojure.core.logic"), "{err}");
}

#[test]
fn bad_usage_exits_2() {
    assert_eq!(kanren(&["--no-such-flag"]).0, 2);
    assert_eq!(kanren(&["no-such-file.clj"]).0, 2);
    assert_eq!(kanren(&["-e", "1", "examples/eight_queens.clj"]).0, 2);
}

#[test]
fn test_runner_counts_assertions() {
    let dir = std::env::temp_dir().join(format!("kanren-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("t.clj");
    std::fs::write(
        &file,
        "(deftest a (is (= 1 1)) (testing \"two\" (is (= (run* [q] (== q 2)) '(2)))))\n(deftest b (is (= 1 2)))\n",
    )
    .unwrap();
    let (code, out, _) = kanren(&["test", file.to_str().unwrap()]);
    assert_eq!(code, 1);
    assert!(out.ends_with("2 passed, 1 failed\n"), "{out}");
    assert!(out.contains("FAIL in (b) (2:16)"), "{out}");
}

#[test]
fn repl_reads_until_forms_balance_and_survives_errors() {
    let (code, stdout, stderr) =
        repl_session(b"(run* [q]\n  (== q 1))\n(+ 1 :a)\n(def x 5)\n(* x 2)\n");
    assert!(stdout.contains("(1)\n#'user/x\n10\n"), "{stdout}");
    assert!(stderr.contains("+: expected a number, got keyword :a"));
    assert_eq!(code, 0);
}

#[test]
fn ctrl_c_stops_a_running_query_and_keeps_the_session() {
    let mut child = repl();
    let mut stdin = child.stdin.take().unwrap();
    stdin
        .write_all(b"(defn nato [n] (conde [(== n :z)] [(fresh [m] (== n [:s m]) (nato m))]))\n(count (run* [q] (nato q)))\n")
        .unwrap();
    stdin.flush().unwrap();
    std::thread::sleep(std::time::Duration::from_millis(1500));
    let killed = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(killed.success());
    std::thread::sleep(std::time::Duration::from_millis(300));
    stdin.write_all(b"(+ 1 2)\n").unwrap();
    drop(stdin);
    let out = child.wait_with_output().unwrap();
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("interrupted"),
        "{out:?}"
    );
    assert!(
        String::from_utf8_lossy(&out.stdout).contains("\n3\n"),
        "{out:?}"
    );
}

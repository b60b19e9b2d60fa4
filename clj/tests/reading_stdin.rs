//! `read` and `read-line` on the standard input (one buffer: a `read` leaves the rest of its
//! line to `read-line`, as Clojure's `*in*` does), and the errors of the reader, binding and
//! watch functions that a clojure.test file cannot show (they need a fresh process).

use std::io::Write;
use std::process::{Command, Stdio};

/// Runs `kanren -e expr` with `input` on its standard input: (exit code, stdout, stderr).
fn eval_with_input(expr: &str, input: &str) -> (i32, String, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_kanren"))
        .args(["-e", expr])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("kanren starts");
    child
        .stdin
        .take()
        .expect("stdin is piped")
        .write_all(input.as_bytes())
        .expect("kanren reads its input");
    let out = child.wait_with_output().expect("kanren ends");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn read_takes_forms_from_the_standard_input() {
    let (code, out, err) =
        eval_with_input("(prn (read) (read) (read))", "(+ 1\n 2) [a\nb] ; note\n :k");
    assert_eq!(
        (code, out.as_str(), err.as_str()),
        (0, "(+ 1 2) [a b] :k\nnil\n", "")
    );
}

#[test]
fn read_at_the_end_of_the_standard_input() {
    let (code, _, err) = eval_with_input("(read)", "");
    assert_eq!(code, 1);
    assert!(err.contains("EOF while reading"), "{err}");
    let (code, _, err) = eval_with_input("(read)", " ; a comment\n ");
    assert_eq!(code, 1);
    assert!(err.contains("EOF while reading"), "{err}");
    let (code, _, err) = eval_with_input("(read)", "(1 2");
    assert_eq!(code, 1);
    assert!(err.contains("EOF while reading a list"), "{err}");
}

#[test]
fn read_and_read_line_share_the_standard_input() {
    let (code, out, err) = eval_with_input(
        "(prn [(read) (read-line) (read-line) (read) (read-line) (read-line)])",
        "1 rest of line\nnext line\n[2]\n",
    );
    assert_eq!(
        (code, out.as_str(), err.as_str()),
        (
            0,
            "[1 \" rest of line\" \"next line\" [2] \"\" nil]\nnil\n",
            ""
        )
    );
    let (_, out, _) = eval_with_input("(prn (read-line) (read) (read-line))", "a\n:b");
    assert_eq!(out, "\"a\" :b nil\nnil\n");
}

#[test]
fn read_of_a_value_that_is_no_reader() {
    let (code, _, err) = eval_with_input("(read \"(1 2)\")", "");
    assert_eq!(code, 1);
    assert!(
        err.contains("ClassCastException")
            && err.contains("cannot be cast to class java.io.PushbackReader"),
        "{err}"
    );
}

#[test]
fn pop_without_push_is_an_error() {
    let (code, _, err) = eval_with_input("(pop-thread-bindings)", "");
    assert_eq!(code, 1);
    assert!(
        err.contains("IllegalStateException") && err.contains("Pop without matching push"),
        "{err}"
    );
    let (code, _, err) = eval_with_input("(push-thread-bindings {:a 1})", "");
    assert_eq!(code, 1);
    assert!(err.contains("expected a var"), "{err}");
}

#[test]
fn watches_and_validators_take_atoms() {
    let (code, _, err) = eval_with_input("(def v 1) (add-watch #'v :k (fn [& _]))", "");
    assert_eq!(code, 1);
    assert!(err.contains("add-watch: expected an atom, got"), "{err}");
    let (code, _, err) = eval_with_input("(set-validator! (volatile! 1) pos?)", "");
    assert_eq!(code, 1);
    assert!(err.contains("set-validator!: expected an atom"), "{err}");
    let (code, _, err) = eval_with_input("(atom 1 :meta)", "");
    assert_eq!(code, 1);
    assert!(err.contains("No value supplied for key: :meta"), "{err}");
}

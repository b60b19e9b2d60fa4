//! The REPL as a Clojure programmer uses it: `doc`, `source`, `dir`, `apropos`, `find-doc`,
//! `pst`, `*1`/`*2`/`*3`/`*e`, through the binary's REPL (stdin) and `-e`; and every public
//! name of the built-in namespaces has a docstring.

mod common;
use common::{kanren, repl_session};

/// The REPL's standard output for `input`, the greeting's two lines left out.
fn session(input: &str) -> (String, String) {
    let (code, out, err) = repl_session(input.as_bytes());
    assert_eq!(code, 0, "{out}\n{err}");
    let out: String = out.split_inclusive('\n').skip(2).collect();
    (out, err)
}

fn eval(expr: &str) -> String {
    let (code, out, err) = kanren(&["-e", expr]);
    assert_eq!(code, 0, "{expr}: {out}\n{err}");
    out
}

#[test]
fn doc_prints_a_relation_of_core_logic() {
    let out = eval("(doc membero)");
    assert!(
        out.starts_with("-------------------------\nclojure.core.logic/membero\n([x l])\n  "),
        "{out}"
    );
    assert!(out.ends_with("\nnil\n"), "{out}");
}

#[test]
fn doc_of_equals_names_both_meanings() {
    // The default namespace refers core.logic: its == is the goal, and doc says how to reach
    // clojure.core's.
    let out = eval("(doc ==)");
    assert!(out.contains("clojure.core.logic/==\n([u v])"), "{out}");
    assert!(out.contains("clojure.core/=="), "{out}");
    let out = eval("(doc clojure.core/==)");
    assert!(
        out.starts_with("-------------------------\nclojure.core/==\n([x] [x y] [x y & more])\n")
    );
}

#[test]
fn doc_of_special_forms_macros_and_unknown_names() {
    let out = eval("(doc if)");
    assert!(
        out.starts_with("-------------------------\nif\n  (if test then else?)\nSpecial Form\n  ")
    );
    let out = eval("(doc run*)");
    assert!(out.starts_with(
        "-------------------------\nclojure.core.logic/run*\n([bindings & goals])\nMacro\n  "
    ));
    assert_eq!(eval("(doc no-such-name)"), "nil\n");
    let out = eval("(doc fd/interval)");
    assert!(
        out.starts_with("-------------------------\nclojure.core.logic.fd/interval\n"),
        "{out}"
    );
    let out = eval("(doc clojure.core.logic)");
    assert!(
        out.starts_with("-------------------------\nclojure.core.logic\n  "),
        "{out}"
    );
}

#[test]
fn doc_and_source_of_definitions_typed_at_the_repl() {
    let (out, err) = session(
        "(defn add1\n  \"Adds one.\"\n  [x]\n  (inc x))\n(doc add1)\n(source add1)\n(source map)\n",
    );
    assert_eq!(err, "");
    assert_eq!(
        out,
        "#'user/add1\n-------------------------\nuser/add1\n([x])\n  Adds one.\nnil\n\
         (defn add1\n  \"Adds one.\"\n  [x]\n  (inc x))\nnil\nSource not found\nnil\n"
    );
}

#[test]
fn source_of_a_definition_in_a_file() {
    let dir = std::env::temp_dir().join(format!("kanren-repl-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("defs.clj");
    std::fs::write(&file, "(def x 1)\n\n(defne caro [l a]\n  ([[a . _] a]))\n").unwrap();
    let f = file.to_string_lossy();
    let (code, out, err) = kanren(&["--load", &f, "-e", "(source caro)"]);
    assert_eq!((code, err.as_str()), (0, ""));
    assert_eq!(out, "(defne caro [l a]\n  ([[a . _] a]))\nnil\n");
    let (_, out, _) = kanren(&[
        "--load",
        &f,
        "-e",
        "((juxt :line :column :file) (meta #'caro))",
    ]);
    assert_eq!(out, format!("[3 1 \"{f}\"]\n"));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn dir_apropos_and_find_doc() {
    assert_eq!(
        eval("(dir clojure.core.logic.unifier)"),
        "prep\nunifier\nunify\nnil\n"
    );
    assert_eq!(
        eval("(apropos \"appendo\")"),
        "(clojure.core.logic/appendo)\n"
    );
    let out = eval("(find-doc \"permutation\")");
    assert!(out.contains("clojure.core.logic/permuteo"), "{out}");
    let (code, _, err) = kanren(&["-e", "(dir no.such.ns)"]);
    assert_eq!(
        (code, err.as_str()),
        (1, "error: -e:1:1: No namespace: no.such.ns found\n")
    );
}

#[test]
fn the_last_values_and_the_last_error() {
    let (out, err) = session("(+ 1 2)\n(* 10 *1)\n[*1 *2 *3]\n");
    assert_eq!((out.as_str(), err.as_str()), ("3\n30\n[30 3 nil]\n", ""));
    let (out, err) = session("(first [1])\n(/ 1 0)\n*1\n(:message *e)\n(pst)\n");
    assert!(
        err.contains("Divide by zero") || err.contains("divide"),
        "{err}"
    );
    let mut lines = out.lines();
    assert_eq!(lines.next(), Some("1"));
    assert_eq!(lines.next(), Some("1"), "{out}");
    let message = lines.next().unwrap();
    assert!(message.starts_with('"'), "{out}");
    let pst: Vec<&str> = lines.collect();
    assert_eq!(pst[0], message.trim_matches('"'), "{out}");
    assert_eq!(pst[1], "\tat NO_SOURCE_FILE:1:1", "{out}");
    assert_eq!(pst[2], "\tin (/ 1 0) (NO_SOURCE_FILE:1:1)", "{out}");
}

#[test]
fn pst_of_a_caught_error_and_with_no_error_yet() {
    assert_eq!(eval("(pst)"), "nil\n");
    let out = eval("(pst (try (throw (ex-info \"boom\" {:k 1})) (catch Exception e e)))");
    assert!(out.contains("boom"), "{out}");
}

/// Every public name of the built-in namespaces has a docstring in `library/doc/`.
#[test]
fn every_public_name_has_a_docstring() {
    use kanren_clj::eval::ns;
    use kanren_clj::library::clojure::docs;
    kanren_clj::init();
    let mut missing = Vec::new();
    for n in [
        "clojure.core",
        "clojure.core.logic",
        "clojure.core.logic.fd",
        "clojure.core.logic.protocols",
        "clojure.core.logic.pldb",
        "clojure.core.logic.nominal",
        "clojure.core.logic.unifier",
        "clojure.core.logic.arithmetic",
        "clojure.string",
        "clojure.test",
        "clojure.set",
        "clojure.walk",
        "clojure.pprint",
        "clojure.repl",
    ] {
        for (name, value) in ns::publics(n).unwrap_or_default() {
            let public = kanren_clj::library::core::ns::is_var(&name, &value)
                && !kanren_clj::library::core::ns::is_private(n, &name);
            if public && docs::entry(n, &name).is_none() {
                missing.push(format!("{n}/{name}"));
            }
        }
    }
    assert!(
        missing.is_empty(),
        "no docstring for: {}",
        missing.join(" ")
    );
}

//! Errors of protocols, types, records and multimethods: each is Clojure's message with the
//! form's line and column, never a panic. (Their working cases are in
//! `tests/clojure/{protocols,records,multimethods,structs,classes}.clj`.)

mod common;
use common::kanren;

/// Runs `src` with `-e` and gives its exit code and standard error.
fn error_of(src: &str) -> (i32, String) {
    let (code, _, err) = kanren(&["-e", src]);
    (code, err)
}

/// The error of `src` is reported on one line, ending in `-e:LINE:COL: message` (after
/// Clojure's phrase and exception class, when it has one).
fn assert_error(src: &str, want: &str) {
    let (code, err) = error_of(src);
    assert_eq!(code, 1, "{src}: {err}");
    assert!(err.starts_with("error: "), "{src}: {err}");
    assert!(err.ends_with(&format!("-e:{want}\n")), "{src}: {err}");
    assert_eq!(err.lines().count(), 1, "{src}: {err}");
}

#[test]
fn a_protocol_method_without_an_implementation() {
    assert_error(
        "(defprotocol P (m [x]))\n(m 1)",
        "2:1: No implementation of method: :m of protocol: #'user/P found for class: java.lang.Long",
    );
    assert_error(
        "(defprotocol P (m [x]))\n(m nil)",
        "2:1: No implementation of method: :m of protocol: #'user/P found for class: nil",
    );
    assert_error(
        "(defprotocol P (m [x]) (n [x]))\n(deftype T [] P (m [_] 1))\n  (n (T.))",
        "3:3: java.lang.AbstractMethodError: user.T does not implement method n of user.P",
    );
}

#[test]
fn extending_an_unknown_class() {
    assert_error(
        "(defprotocol P (m [x]))\n (extend-type Foo P (m [x] 1))",
        "2:2: Unable to resolve symbol: Foo in this context",
    );
}

#[test]
fn wrong_arities() {
    assert_error(
        "(defprotocol P (m [x]))\n(extend-type String P (m [x] 1))\n (m \"a\" 2)",
        "3:2: Wrong number of args (2) passed to: user/m",
    );
    assert_error(
        "(defrecord R [a]) (->R)",
        "1:19: Wrong number of args (0) passed to: user/->R",
    );
}

#[test]
fn multimethods_without_a_method() {
    assert_error(
        "(defmulti area :shape)\n (area {:shape :circle})",
        "2:2: No method in multimethod 'area' for dispatch value: :circle",
    );
    assert_error(
        "(derive ::c ::a) (derive ::c ::b) (defmulti f identity)\
         (defmethod f ::a [_] 1) (defmethod f ::b [_] 2)\n(f ::c)",
        "2:1: Multiple methods in multimethod 'f' match dispatch value: :user/c -> :user/b and :user/a, and neither is preferred",
    );
}

#[test]
fn bad_definitions() {
    assert_error(
        "(defrecord R [a 1])",
        "1:1: defrecord: a field is a symbol, got 1",
    );
    assert_error(
        "(deftype T [a]) (.-b (T. 1))",
        "1:17: No matching field found: b for class user.T",
    );
    assert_error("(instance? 1 2)", "1:1: instance?: expected a class, got 1");
}

/// Each thread's program defines and extends its own protocols: two threads defining the same
/// protocol at once do not extend each other's (embedders and test harnesses run programs on
/// several threads).
#[test]
fn protocols_of_threads_running_at_once_are_their_own() {
    let threads: Vec<_> = (0..4)
        .map(|i| {
            std::thread::spawn(move || {
                kanren_clj::init();
                for round in 0..200 {
                    let src = format!(
                        "(defprotocol Shape (area [s])) \
                         (extend-type String Shape (area [s] {i})) \
                         (area \"x\")"
                    );
                    let v = kanren_clj::eval_str(&src)
                        .unwrap_or_else(|e| panic!("thread {i}, round {round}: {e}"));
                    assert_eq!(kanren_clj::print_value(&v).unwrap(), i.to_string());
                }
            })
        })
        .collect();
    for t in threads {
        t.join().expect("each thread's program runs");
    }
}

//! Errors of the text and code-as-data functions: regexes, `read-string`/`eval`, files. Each
//! is Clojure's error by name, with the line and column of the form that failed; none panics.

fn err(src: &str) -> String {
    kanren_clj::init();
    kanren_clj::eval_str(src).unwrap_err().to_string()
}

#[test]
fn a_bad_regex_literal_is_a_pattern_syntax_error_where_it_is_written() {
    let e = err("\n  [1 #\"(a\"]");
    assert!(
        e.starts_with("2:6: java.util.regex.PatternSyntaxException:"),
        "{e}"
    );
    assert!(e.contains("\"(a\""), "{e}");
    let e = err("(re-pattern \"[a-\")");
    assert!(
        e.starts_with("1:1: java.util.regex.PatternSyntaxException:"),
        "{e}"
    );
}

#[test]
fn an_unclosed_regex_literal_is_eof_while_reading() {
    assert_eq!(err("(re-find #\"abc"), "1:10: EOF while reading regex");
    assert_eq!(err("#\"ab\\"), "1:1: EOF while reading regex");
}

#[test]
fn regex_functions_name_what_they_were_given() {
    assert_eq!(
        err("(re-find #\"a\" 5)"),
        "1:1: re-find: expected a string, got integer 5"
    );
    assert_eq!(
        err("(re-seq \"a\" \"a\")"),
        "1:1: re-seq: expected a regex, got string \"a\""
    );
    assert_eq!(
        err("(clojure.string/replace \"ab\" #\"(a)\" \"$2\")"),
        "1:1: java.lang.IndexOutOfBoundsException: No group 2"
    );
    assert_eq!(
        err("(re-groups (re-matcher #\"a\" \"b\"))"),
        "1:1: java.lang.IllegalStateException: No match found"
    );
}

#[test]
fn reading_unbalanced_text_is_eof_while_reading() {
    assert_eq!(err("(read-string \"\")"), "1:1: EOF while reading");
    let e = err("(read-string \"(1 2\")");
    assert!(e.contains("EOF while reading a list"), "{e}");
    let e = err("(load-string \"[1\")");
    assert!(e.contains("EOF while reading a vector"), "{e}");
}

#[test]
fn eval_of_a_failing_form_gives_that_forms_error() {
    let e = err("(eval '(undefined-thing 1))");
    assert!(
        e.contains("Unable to resolve symbol: undefined-thing"),
        "{e}"
    );
    let e = err("(eval (read-string \"(+ 1 :a)\"))");
    assert!(e.contains("+: expected a number"), "{e}");
}

#[test]
fn a_missing_file_is_file_not_found() {
    assert_eq!(
        err("(slurp \"/nonexistent-kanren-dir/f.txt\")"),
        "1:1: java.io.FileNotFoundException: /nonexistent-kanren-dir/f.txt (No such file or directory)"
    );
    assert_eq!(
        err("(line-seq (clojure.java.io/reader \"/nonexistent-kanren-dir/f.txt\"))"),
        "1:11: java.io.FileNotFoundException: /nonexistent-kanren-dir/f.txt (No such file or directory)"
    );
    assert_eq!(
        err("(line-seq \"x\")"),
        "1:1: line-seq: expected a reader, got string \"x\""
    );
}

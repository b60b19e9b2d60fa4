//! Fuzzing the reader and evaluator: random token soup and random well-formed forms never
//! panic; they evaluate or give an error with a message. The inputs in `fuzz-corpus.clj`
//! (one per line) are kept regressions and run every time.

use proptest::prelude::*;

/// Reads and evaluates `src`; any outcome but a panic is fine.
fn survive(src: &str) {
    kanren_clj::init();
    kanren_clj::eval::clear_interrupt();
    if let Ok(v) = kanren_clj::eval_str(src) {
        let _ = kanren_clj::print_value(&v);
    } else if let Err(e) = kanren_clj::eval_str(src) {
        assert!(!e.message().is_empty());
    }
}

const TOKENS: &[&str] = &[
    "(",
    ")",
    "[",
    "]",
    "{",
    "}",
    "#{",
    "'",
    "`",
    "~",
    "~@",
    "@",
    "#(",
    "%",
    "%1",
    "%&",
    "#_",
    "^",
    "\"s\\n\"",
    "\"",
    "\\a",
    "\\newline",
    "1",
    "-2",
    "1.5",
    "1/2",
    "0x1F",
    ":k",
    "::l/x",
    "nil",
    "true",
    "x",
    "y#",
    "q",
    "+",
    "-",
    "*",
    "/",
    "first",
    "rest",
    "cons",
    "list",
    "vec",
    "map",
    "str",
    "count",
    "nth",
    "get",
    "assoc",
    "conj",
    "into",
    "let",
    "fn",
    "if",
    "do",
    "quote",
    "==",
    "!=",
    "run*",
    "run",
    "fresh",
    "conde",
    "conda",
    "matche",
    "project",
    "lcons",
    "membero",
    "appendo",
    "fd/in",
    "fd/interval",
    "fd/+",
    "fd/eq",
    "l/==",
    "everyg",
    "for",
    ":let",
    "&",
    ":keys",
    ".",
    "_",
    "def",
    "defne",
    "apply",
    "reduce",
    "some",
    "sort-by",
    "shuffle",
    ";c\n",
];

fn soup() -> impl Strategy<Value = String> {
    prop::collection::vec(prop::sample::select(TOKENS), 0..60).prop_map(|t| t.join(" "))
}

fn form() -> impl Strategy<Value = String> {
    let leaf = prop::sample::select(&TOKENS[20..]).prop_map(str::to_string);
    leaf.prop_recursive(4, 40, 5, |inner| {
        prop::collection::vec(inner, 0..5).prop_flat_map(|items| {
            let body = items.join(" ");
            prop::sample::select(vec![
                format!("({body})"),
                format!("[{body}]"),
                format!("(run* [q] {body})"),
                format!("(let [x {body}] x)"),
                format!("(fresh [a b] {body})"),
            ])
        })
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    #[test]
    fn token_soup_never_panics(src in soup()) {
        survive(&src);
    }

    #[test]
    fn random_forms_never_panic(src in form()) {
        survive(&src);
    }

    #[test]
    fn arbitrary_text_never_panics(src in "\\PC{0,80}") {
        survive(&src);
    }
}

#[test]
fn regression_corpus() {
    for line in include_str!("fuzz-corpus.clj").lines() {
        if !line.starts_with(";;") && !line.trim().is_empty() {
            survive(line);
        }
    }
}

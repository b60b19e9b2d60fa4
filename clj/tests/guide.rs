//! The guide chapters with core.logic examples (docs/guide/09-clj-front-end.md,
//! 13-nominal-logic.md, 16-extending-core-logic.md): every ```clojure block runs through the
//! evaluator; `;=> v` after a form is what it prints, `;!! msg` an error whose message contains
//! `msg`. The blocks of a chapter share one session. Of the other chapters, whose Clojure is
//! commented rather than checked, the programs written to run whole (the zebra puzzle) are
//! checked the same way.

#[test]
fn guide_chapter_examples_print_what_they_say() {
    check(include_str!("../../docs/guide/09-clj-front-end.md"), 15);
}

#[test]
fn extending_core_logic_chapter_examples_print_what_they_say() {
    check(
        include_str!("../../docs/guide/16-extending-core-logic.md"),
        10,
    );
}

#[test]
fn nominal_logic_chapter_examples_print_what_they_say() {
    check(include_str!("../../docs/guide/13-nominal-logic.md"), 5);
}

#[test]
fn zebra_puzzle_in_the_lists_chapter_prints_what_it_says() {
    let chapter = include_str!("../../docs/guide/06-lists.md");
    let section = &chapter[chapter.find("## Worked example: the zebra puzzle").unwrap()..];
    let block = &section[section.find("```clojure").unwrap()..];
    let end = block[3..].find("```").unwrap() + 6;
    check(&block[..end], 1);
}

fn check(text: &str, at_least: usize) {
    kanren_clj::init();
    let mut checked = 0;
    let mut in_block = false;
    let mut src = String::new();
    for line in text.lines() {
        if line.starts_with("```clojure") {
            in_block = true;
            continue;
        }
        if in_block && line.starts_with("```") {
            in_block = false;
            assert!(
                src.trim().is_empty(),
                "a block ends with forms that print nothing checked: {src}"
            );
            src.clear();
            continue;
        }
        if !in_block {
            continue;
        }
        if let Some(expected) = line.strip_prefix(";=> ") {
            let v = kanren_clj::eval_str(&src).unwrap_or_else(|e| panic!("{src}\n=> error {e}"));
            let printed =
                kanren_clj::print_value(&v).unwrap_or_else(|e| panic!("{src}\n=> error {e}"));
            assert_eq!(printed, expected, "{src}");
            src.clear();
            checked += 1;
        } else if let Some(msg) = line.strip_prefix(";!! ") {
            let r = kanren_clj::eval_str(&src).and_then(|v| kanren_clj::print_value(&v));
            match r {
                Ok(v) => panic!("{src}\n=> {v}, expected an error with {msg}"),
                Err(e) => assert!(e.to_string().contains(msg), "{src}\n=> {e}"),
            }
            src.clear();
            checked += 1;
        } else {
            src.push_str(line);
            src.push('\n');
        }
    }
    assert!(checked >= at_least, "only {checked} examples found");
}

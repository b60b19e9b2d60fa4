//! `clj/CLOJURE.md` is true: every name it lists as left out of clojure.core is undefined in
//! kanren, and every other public name of Clojure 1.11's clojure.core
//! (`tests/clojure/core-names-1.11.txt`, printed by Clojure 1.11.1) is defined.

use std::collections::BTreeSet;

/// The names in backquotes on the bullet lines of CLOJURE.md's "Left out" section (to the
/// end of the file).
fn listed() -> BTreeSet<String> {
    let doc = std::fs::read_to_string("CLOJURE.md").expect("clj/CLOJURE.md");
    let from = doc.find("## Left out").expect("a \"Left out\" section");
    let mut names = BTreeSet::new();
    let mut in_bullet = false;
    for line in doc[from..].lines() {
        if line.starts_with("- ") {
            in_bullet = true;
        } else if !line.starts_with("  ") {
            in_bullet = false;
        }
        if in_bullet {
            for (i, part) in line.split('`').enumerate() {
                if i % 2 == 1 {
                    names.insert(part.to_string());
                }
            }
        }
    }
    names
}

fn defined() -> BTreeSet<String> {
    kanren_clj::init();
    let v = kanren_clj::eval_str("(vec (map str (keys (ns-publics 'clojure.core))))")
        .expect("ns-publics");
    v.to_vec()
        .expect("a vector")
        .iter()
        .map(|s| match s {
            kanren_clj::Value::Str(s) => s.to_string(),
            other => panic!("not a string: {other}"),
        })
        .collect()
}

#[test]
fn clojure_md_lists_exactly_the_names_left_out() {
    let jvm: BTreeSet<String> = std::fs::read_to_string("tests/clojure/core-names-1.11.txt")
        .expect("the JVM's names")
        .lines()
        .map(str::to_string)
        .collect();
    let listed = listed();
    let defined = defined();
    let not_jvm: Vec<_> = listed.difference(&jvm).collect();
    assert!(
        not_jvm.is_empty(),
        "CLOJURE.md lists names Clojure 1.11 does not have: {not_jvm:?}"
    );
    let listed_but_defined: Vec<_> = listed.intersection(&defined).collect();
    assert!(
        listed_but_defined.is_empty(),
        "CLOJURE.md lists as left out names kanren defines: {listed_but_defined:?}"
    );
    let unlisted_missing: Vec<_> = jvm
        .iter()
        .filter(|n| !defined.contains(*n) && !listed.contains(*n))
        .collect();
    assert!(
        unlisted_missing.is_empty(),
        "names of clojure.core neither defined nor listed in CLOJURE.md: {unlisted_missing:?}"
    );
}

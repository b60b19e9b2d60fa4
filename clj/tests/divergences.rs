//! The divergences from core.logic 1.1.1 that docs/design.md (section 12) lists, in core.logic
//! source: `tests/conformance/divergences.clj` through `kanren test` (`programs.rs`'s
//! `conformance_interpreted` runs it with the compiler off too).

mod common;
use common::kanren;

#[test]
fn conformance_divergences() {
    let file = "tests/conformance/divergences.clj";
    let (code, out, err) = kanren(&["test", file]);
    let last = out.lines().last().unwrap_or("");
    assert!(last.ends_with(" passed, 0 failed"), "{file}:\n{out}\n{err}");
    assert_eq!(code, 0, "{file}:\n{out}\n{err}");
}

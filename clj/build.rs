//! Links the `kanren` binary as a position-dependent executable on Linux: a position-independent
//! one has about 12 000 relocations that the dynamic loader applies at every start, writing
//! to some 60 pages (a fifth of the page faults of `kanren -e '(run* [q] (== q 1))'`). The
//! library and the tests are built as usual.
fn main() {
    if std::env::var("CARGO_CFG_TARGET_OS").as_deref() == Ok("linux") {
        println!("cargo:rustc-link-arg-bins=-no-pie");
    }
}

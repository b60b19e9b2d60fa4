//! The crates' READMEs, their Rust examples compiled and run as doc-tests (the root README is
//! the `kanren` crate's and is tested there). This library holds nothing else.

/// `macros/README.md`.
#[doc = include_str!("../../macros/README.md")]
#[cfg(doctest)]
pub struct MacrosReadme;

/// `queens/README.md`.
#[doc = include_str!("../../queens/README.md")]
#[cfg(doctest)]
pub struct QueensReadme;

/// `clj/README.md`.
#[doc = include_str!("../../clj/README.md")]
#[cfg(doctest)]
pub struct CljReadme;

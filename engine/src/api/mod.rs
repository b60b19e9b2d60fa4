//! The Rust API: the syntax and conversions a Rust program uses around the goals.
//!
//! `macros.rs` (`fresh!`, `conde!`, `conda!`, `condu!`, `run!`; the macros that read their
//! body, `defne!`, `matche!`, `defrel!`, `tabled!`, `term!`, ... are the `kanren-macros`
//! crate's), `extract.rs` (answers and terms
//! as Rust values, by `TryFrom`), `serde.rs` (`Serialize` for terms and answers, with the
//! cargo feature `serde`).
//!
//! Depends on: the kernel (terms, answers, goals, `run`) and the library (`conda!` and
//! `condu!` expand to its goals). Nothing in the crate depends on it: the macros are
//! exported at the crate root and expand to `$crate::` paths of the root's re-exports.
//!
//! Invariants: nothing here changes what a search finds; a conversion that does not fit says
//! what it found instead (`ExtractError`).

pub(crate) mod extract;
mod macros;
#[cfg(feature = "serde")]
mod serde;

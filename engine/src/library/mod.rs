//! The library: relations and operators built on the kernel and the constraints, most of them
//! core.logic's.
//!
//! `lists.rs` (the list relations: `conso`, `appendo`, `membero`, ...), `conda.rs` (committed
//! choice: `conda`, `condu`, `onceo`), `project.rs` (`project` and `is`: stepping outside the
//! relational world), `copy_term.rs`, `matching.rs` and `clause.rs` (the goals behind
//! `defne`/`matche` clauses, and clauses as data), `tabling.rs` (tabled relations), `pldb/`
//! (fact databases as relations, with the databases themselves in `pldb/db.rs`; public as
//! `kanren::pldb`), `unifier.rs` (core.logic's unifier; `kanren::unifier`), `trace.rs`
//! (tracing goals; `kanren::trace`) and `search_tree.rs` (the search recorded as a tree of
//! the goals tried; `kanren::search_tree`).
//!
//! Depends on: the kernel and the constraints (`lists` uses `!=`). Nothing below depends on
//! it; the Rust API (`api/`) builds on it.
//!
//! Invariants: a goal here gives core.logic's answers in core.logic's order (where it
//! diverges, its doc says `DIVERGENCE`), and runs both ways the kernel runs goals: its stream
//! forced (interleaved or depth-first) and solved depth-first, with the same answers in the
//! same depth-first order; a goal that only has a stream is solved by walking that stream.

pub(crate) mod clause;
pub(crate) mod conda;
pub(crate) mod copy_term;
pub(crate) mod lists;
pub(crate) mod matching;
pub mod pldb;
pub(crate) mod project;
pub mod search_tree;
pub(crate) mod tabling;
pub mod trace;
pub mod unifier;

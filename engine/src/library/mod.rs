//! The library: relations and operators built on the kernel and the constraints.

pub(crate) mod clause;
pub(crate) mod conda;
pub(crate) mod copy_term;
pub(crate) mod lists;
pub(crate) mod matching;
pub mod pldb;
pub(crate) mod project;
pub(crate) mod tabling;
pub mod trace;
pub mod unifier;

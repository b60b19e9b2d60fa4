//! The kernel: miniKanren's shape, core.logic's semantics.

pub(crate) mod budget;
pub(crate) mod goal;
pub(crate) mod nested;
pub(crate) mod reify;
pub(crate) mod run;
pub(crate) mod solve;
pub(crate) mod state;
pub(crate) mod store;
pub(crate) mod stream;
pub(crate) mod subst;
pub(crate) mod term;
pub(crate) mod unify;

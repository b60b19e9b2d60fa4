//! The Clojure namespaces: `clojure.core` and the others of Clojure (`core`), and core.logic's
//! bound to the kanren engine (`logic`).

pub mod core;
pub mod logic;

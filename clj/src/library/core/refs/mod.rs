//! clojure.core's reference types: `atoms` (`atom`, `swap!`, `reset!`, watches and
//! validators), `cells` (volatiles, delays, promises, futures: boxes of one value) and `vars`
//! (vars as values, `binding` and the thread-binding functions, local vars).

pub mod atoms;
pub mod cells;
pub mod vars;

//! The constraints: one file per constraint (or family of constraints) on the kernel's one
//! constraint protocol (`kernel::store::Constraint`), each with the goal that posts it.
//!
//! `diseq.rs` (`!=`, core.logic's disequality), `predc.rs` (a Rust predicate on a ground
//! term), `nafc.rs` (negation as failure), `featurec.rs` (a map with at least some keys),
//! `fixc.rs` (`fixc` and `treec`, a goal built from a term once it is bound), `conjo.rs` (the
//! constraint form of `conj`), `ground.rs` (the shared step of the constraints that wait for
//! ground terms), `seq_goals.rs` (goals over the sequence a term holds, waiting on `fixc`
//! while it is unbound), and `nom.rs` (the goals of nominal logic: `nom::fresh`, `nom::tie`,
//! `nom::hash`; public as `kanren::nom`).
//!
//! Depends on: the kernel only. The finite-domain constraints (`fd/`) and the library sit
//! above it.
//!
//! Invariants: a constraint never removes a value that belongs to one of its solutions; it
//! reads and extends the state only through `Run` (the store's propagation run), and leaves
//! the store once it is entailed. Each prints itself among an answer's residual constraints
//! as core.logic prints it (or not at all).

pub(crate) mod conjo;
pub(crate) mod diseq;
pub(crate) mod featurec;
pub(crate) mod fixc;
pub(crate) mod ground;
pub(crate) mod nafc;
pub mod nom;
pub(crate) mod predc;
pub(crate) mod seq_goals;

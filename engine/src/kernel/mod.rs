//! The kernel: miniKanren's shape with core.logic's semantics. Terms, the substitution,
//! unification, the constraint store's protocol and the state, lazy streams, goals, running a
//! query and reifying its answers.
//!
//! Read it in this order: `term/` (terms and logic variables, with Clojure's equality,
//! printing and hash), `subst.rs` (the substitution), `unify/` (unification, with nominal
//! swaps and freshness), `store/` (the one constraint protocol, the store with its finite
//! domains, the propagation run, and the constraints unification itself leaves), `state.rs`
//! (substitution and store, threaded through goals), `stream/` (the lazy stream and the rules
//! that force it, interleaved and depth-first), `goal.rs` (goals: `eq`, `conj`, `conde`,
//! `fresh`, `relation`), `solve.rs` (depth-first solving by continuation-passing), `nested.rs`
//! (goals run from inside a constraint), `run.rs` (a query's answers, lazily), `reify/` (an
//! answer as core.logic prints it: the labeling of `reifyg`, the residual constraints), and
//! `budget.rs` (the step meter every goal application ticks, and the limits it checks).
//!
//! Depends on: nothing else in the crate. Every other layer depends on it.
//!
//! Invariants:
//! - Everything a search branches over is persistent: cloning a term, a goal, a state is O(1),
//!   and no branch sees another's changes.
//! - Bindings are added only by unification (`State::unify`, `Run::unify`), which wakes
//!   exactly the constraints watching the variables it bound.
//! - The store knows constraints only through the `Constraint` protocol. Its own data are
//!   the finite domains of unbound variables and the inline FD disequalities; the only
//!   constraints it names are the ones unification leaves (a partial map's features, and
//!   nominal freshness and suspended swaps), since unification posts them.
//! - The state names no layer above: what they keep in it (fd's labeling strategies, pldb's
//!   databases in scope) lives in slots found by type (`State::ext`).
//! - Forcing a stream and solving a goal run in loops over explicit stacks, or grow the Rust
//!   stack onto the heap: no search is limited by the thread's stack.
//! - Every goal application is one step of the budget (`budget::tick`).
//!
//! Inside the kernel the files form a chain, term, subst, unify, store, state, with one knot
//! above it that is the honest shape of miniKanren: `goal`, `stream` and `solve` depend on
//! each other. A goal's value is a stream (`Solve::apply`); a stream's pending nodes are goal
//! applications (`Node::Apply(Goal, State)` and its kin), which the forcing loop applies; a
//! goal's depth-first search hands on a goal as a tail call (`Step::Tail`). The stream knows a
//! goal only as the type `Goal` and three of its methods (`apply_framed`, `clause_count`,
//! `clause`), never `Solve` nor what a goal is made of. `nested` sits above the store and the
//! goals (so that neither names the other); `run` and `reify` above all of them.

pub(crate) mod budget;
pub(crate) mod goal;
pub(crate) mod nested;
pub(crate) mod reify;
pub(crate) mod run;
pub(crate) mod solve;
pub mod stack;
pub(crate) mod state;
pub(crate) mod store;
pub(crate) mod stream;
pub(crate) mod subst;
pub(crate) mod term;
pub(crate) mod unify;

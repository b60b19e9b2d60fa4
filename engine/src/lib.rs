//! kanren: an embedded miniKanren-style logic engine, after Clojure's core.logic.
//!
//! Logic variables ([`Var`]) range over [`Term`]s; goals ([`Goal`]) are built from
//! [`eq`] (core.logic's `==`), [`fresh`](fn@fresh), [`conde`](fn@conde) and relations of your own, and
//! [`run`](fn@run)/[`run_all`] stream the answers lazily, reified as core.logic prints them
//! (or built straight into data of your own: [`Answers::next_built`]).
//!
//! ```
//! use kanren::{conde, defrel, eq, fresh, list, run, run_all, Term};
//!
//! defrel! {
//!     /// `out` is `l` followed by `s`.
//!     fn appendo(l, s, out) {
//!         conde!(
//!             [eq(&l, list![]), eq(&s, &out)],
//!             [fresh!([a, d, res], eq(&l, list![a; d]), eq(&out, list![a; res]), appendo(d, &s, res))],
//!         )
//!     }
//! }
//!
//! let splits: Vec<String> = run!(*, [x, y] => appendo(x, y, list![1, 2]))
//!     .map(|a| a.to_string())
//!     .collect();
//! assert_eq!(splits, ["[() (1 2)]", "[(1) (2)]", "[(1 2) ()]"]);
//! ```
//!
//! Data is written as core.logic writes it with [`term!`]: `term!([englishman _ _ _ red])` is
//! a vector of two symbols around three fresh variables; `:k` is a keyword, `(a . d)` a list
//! with a tail, `{expr}` splices a Rust value or variable. [`defne!`] and [`matche!`] patterns
//! read the same syntax (there a bare name is a variable, `'name` a symbol). Goals take
//! `Var`s, `Term`s and literals alike; a relation call whose arguments mix types takes them
//! as a tuple, `rel.call((q, term!(a), 1))` (see [`Args`]).
//!
//! Answers convert to Rust values with `TryFrom` (`i64::try_from(&answer)`,
//! `Vec::<i64>::try_from(answer.value())`, tuples, maps; [`ExtractError`] says what was found
//! instead); with the cargo feature `serde`, terms and answers implement `Serialize`.
//!
//! The guide ([`guide`]) teaches the library chapter by chapter, side by side with core.logic.
#![deny(missing_docs)]

// The pattern macros expand to `::kanren::...` paths, also inside this crate.
extern crate self as kanren;

// The source in layers, each depending only on the ones before it: `kernel` (terms,
// unification, the store, streams, goals, run, reify), `constraints` (one file per constraint
// on the kernel's protocol), `fd` (finite domains), `library` (relations and operators built
// on them), then `api` (macros and conversions) and `search` (the parallel search), and the
// `tests` that need several layers. Each folder's `mod.rs` says what it owns and may use.
mod api;
mod constraints;
pub mod fd;
mod kernel;
mod library;
mod search;

#[cfg(test)]
mod tests;

pub use api::extract::{ExtractError, Sym};
pub use constraints::conjo::conjo;
pub use constraints::diseq::neq;
pub use constraints::featurec::featurec;
pub use constraints::fixc::{
    fixc, fixc_when, fixc_with, fixc_with_answer, is_tree, treec, treec_with, treec_with_answer,
};
pub use constraints::nafc::nafc;
pub use constraints::nom;
pub use constraints::predc::{predc, predc_with};
pub use constraints::seq_goals::everyg_term;
pub use kanren_macros::{
    db, defna, defne, defnu, defrel, fd_eq, matcha, matche, matchu, tabled, term,
};
pub use kernel::budget::{Budget, CancelToken, Stop, CHECK_EVERY};
pub use kernel::goal::{
    all, and_star, conde, conj, disj, eq, everyg, fail, fresh, or_star, relation, succeed, Goal,
};
pub use kernel::reify::{Answer, Reified};
pub use kernel::run::{run, run_all, run_nc, run_nc_all, Answers, Finish};
pub use kernel::solve::{solve_all, Cont, Step};
pub use kernel::stack;
pub use kernel::state::State;
pub use kernel::store::{Constraint, Fail, Run, Status};
pub use kernel::stream::{Head, Stream};
pub use kernel::subst::{Build, Subst};
pub use kernel::term::{Args, Cons, Nom, Term, Var};
pub use kernel::unify::{unify, Bound};
pub use library::clause::{clause_relation, clause_relation_shared, match_clause};
pub use library::conda::{conda, conda_with, condu, condu_with, onceo};
pub use library::copy_term::copy_term;
pub use library::lists::{
    appendo, conso, distincto, emptyo, firsto, member1o, membero, permuteo, rembero, resto,
};
pub use library::matching::{fresh_match, fresh_match_shared, match_args, match_shared, PatOp};
pub use library::project::{is, pred, project, project_all, project_in, project_shared};
pub use library::tabling::Tabled;
pub use library::{pldb, search_tree, trace, unifier};
pub use search::{search_pool, Parallel, PARTS_PER_WORKER, WORKER_STACK};

/// The README's example, compiled and run as a doc-test.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctest;

/// The guide: core.logic's ideas in kanren, chapter by chapter. Every example is compiled and
/// run by `cargo test`.
pub mod guide {
    #[doc = include_str!("../guide/01-logic-variables.md")]
    pub mod ch01_logic_variables {}
    #[doc = include_str!("../guide/02-disequality.md")]
    pub mod ch02_disequality {}
    #[doc = include_str!("../guide/03-pattern-matching.md")]
    pub mod ch03_pattern_matching {}
    #[doc = include_str!("../guide/04-conda-condu-onceo.md")]
    pub mod ch04_conda_condu_onceo {}
    #[doc = include_str!("../guide/05-project.md")]
    pub mod ch05_project {}
    #[doc = include_str!("../guide/06-lists.md")]
    pub mod ch06_lists {}
    #[doc = include_str!("../guide/07-finite-domains.md")]
    pub mod ch07_finite_domains {}
    #[doc = include_str!("../guide/10-constraints.md")]
    pub mod ch10_constraints {}
    #[doc = include_str!("../guide/11-facts-and-the-unifier.md")]
    pub mod ch11_facts_and_the_unifier {}
    #[doc = include_str!("../guide/12-tabling.md")]
    pub mod ch12_tabling {}
    #[doc = include_str!("../guide/13-nominal-logic.md")]
    pub mod ch13_nominal_logic {}
    #[doc = include_str!("../guide/14-global-constraints.md")]
    pub mod ch14_global_constraints {}
    #[doc = include_str!("../guide/15-budgets-and-parallel-search.md")]
    pub mod ch15_budgets_and_parallel_search {}
    #[doc = include_str!("../guide/16-extending-core-logic.md")]
    pub mod ch16_extending_core_logic {}
    #[doc = include_str!("../guide/17-the-playground.md")]
    pub mod ch17_the_playground {}
}

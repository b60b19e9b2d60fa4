//! N-queens: the three posts' programs as kanren relations, a reference backtracker, and tools.
#![deny(missing_docs)]

pub mod backtrack;
pub mod bitboard;
pub mod board;
pub mod hill_climb;
pub mod list_model;
pub mod symmetry;

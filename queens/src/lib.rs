//! N-queens: the three posts' programs as kanren relations, a reference backtracker, and tools.
//!
//! Every board is a `Vec<usize>` or `&[usize]` with `board[row] == column`, both 0-based.
//! The modules here need no logic engine: [`board`] checks and prints boards, [`backtrack`]
//! and [`bitboard`] enumerate and count solutions, [`list_model`] is the third post's Haskell
//! program, [`hill_climb`] finds one solution of a huge board, and [`symmetry`] counts
//! solutions up to rotation and reflection. The size `n = 0` has one solution, the empty
//! board, in every exact model.
//!
//! ```
//! assert_eq!(queens::count_solutions(8), 92);
//! assert_eq!(queens::solve_backtrack(8), Some(vec![0, 4, 7, 5, 2, 6, 1, 3]));
//! assert_eq!(queens::symmetry::count_unique(8), Ok(12));
//! let big = queens::HillClimb::with_seed(1).solve(100_000).unwrap();
//! assert!(queens::valid_solution(&big));
//! ```
#![deny(missing_docs)]

pub mod backtrack;
pub mod bitboard;
pub mod board;
#[cfg(not(target_family = "wasm"))]
pub mod cli;
pub mod fd;
pub mod fd_global;
pub mod hill_climb;
pub mod list_model;
pub mod models;
pub mod relational;
pub mod symmetry;

/// The number of solutions of the n-queens problem for n = 0..=12 (OEIS A000170; n = 0: the
/// empty board), which every exact model's tests check against.
#[cfg(test)]
pub(crate) const A000170: [u64; 13] = [1, 1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200];

/// The guide's chapter "Eight queens, three ways": the three posts' programs beside their
/// kanren versions, what each costs, and the first post's open questions answered.
#[doc = include_str!("../guide/08-eight-queens.md")]
pub mod guide {}

pub use backtrack::{count_solutions, find_all_solutions, solve_backtrack, Solutions};
pub use bitboard::TooLarge;
pub use board::{
    quality, render_html, render_json, render_list, render_text, valid_solution, write_html,
};
pub use hill_climb::{solve_hill_climbing, HillClimb};
pub use symmetry::Symmetry;

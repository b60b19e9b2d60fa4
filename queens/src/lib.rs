//! N-queens: the three posts' programs as kanren relations, a reference backtracker, and tools.
pub mod relational;

//! Tests of the kernel that build their goals with the layers above it: the stream's rules
//! checked on random goal trees that hold `!=` (a constraint) and `onceo` (committed choice);
//! the search tree's shape and visiting order (`library/search_tree.rs`) on queries that
//! interleave.
//! Here, above every layer, they add no dependency from the kernel upwards.

mod search_tree;
mod stream;

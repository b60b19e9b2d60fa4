//! Tests of the kernel that build their goals with the layers above it: the stream's rules
//! checked on random goal trees that hold `!=` (a constraint) and `onceo` (committed choice).
//! Here, above every layer, they add no dependency from the kernel upwards.

mod stream;

//! The Rust API: the macros, answers as Rust values, and answers as serde values.

pub(crate) mod extract;
mod macros;
#[cfg(feature = "serde")]
mod serde;

//! The binary's commands.

pub mod repl;

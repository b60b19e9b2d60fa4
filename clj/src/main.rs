//! The `kanren` binary: a REPL, a script runner, `-e EXPR` and a clojure.test runner (in `cli/`).

use std::process::ExitCode;

mod cli;

// The evaluator and the engine allocate many small, short-lived objects (values, frames,
// goals, stream nodes): mimalloc serves them faster than the system allocator.
#[cfg(not(target_family = "wasm"))]
#[global_allocator]
static GLOBAL: kanren_clj::alloc::MiMalloc = kanren_clj::alloc::MiMalloc;

fn main() -> ExitCode {
    cli::main()
}

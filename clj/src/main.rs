//! The `kanren` binary: a REPL, a script runner, `-e EXPR` and a clojure.test runner (in `cli/`).

use std::process::ExitCode;

mod cli;

fn main() -> ExitCode {
    cli::main()
}

//! The `queens` program: see [`queens::cli`] for its options, output and exit codes.

fn main() -> std::process::ExitCode {
    queens::cli::main()
}

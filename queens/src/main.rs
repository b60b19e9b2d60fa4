//! The `queens` program: see [`queens::cli`] for its options, output and exit codes.

// The logic engine allocates many small, short-lived objects (stream nodes, goals); mimalloc
// serves them faster than the system allocator (measured in docs/performance.md).
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> std::process::ExitCode {
    queens::cli::main()
}

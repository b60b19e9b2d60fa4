//! The `kanren` binary's commands, a module of the binary (not of the library): the REPL
//! (`repl`), a script runner, `-e EXPR` and the clojure.test runner `kanren test FILE`.
//!
//! May depend on: the library crate's public interface (`kanren_clj::...`) only; nothing
//! depends on it.

use clap::{Parser, Subcommand};
use std::process::ExitCode;

mod repl;

#[derive(Parser)]
#[command(
    name = "kanren",
    version,
    about = "core.logic without a JVM: run Clojure/core.logic source on the kanren engine"
)]
struct Cli {
    /// Evaluate EXPR and print its value.
    #[arg(short = 'e', long = "eval", value_name = "EXPR")]
    expr: Option<String>,
    /// Load FILE before evaluating -e EXPR.
    #[arg(long, value_name = "FILE", requires = "expr")]
    load: Option<String>,
    /// A directory where `require` finds namespaces' files (`a/b_c.clj` for `a.b-c`);
    /// repeatable, searched before the directories of `KANREN_PATH`.
    #[arg(long = "path", value_name = "DIR", global = true)]
    path: Vec<String>,
    #[command(subcommand)]
    cmd: Option<Cmd>,
    /// A .clj file to run.
    file: Option<String>,
}

#[derive(Subcommand)]
enum Cmd {
    /// Run FILE's clojure.test tests (deftest/is/testing) and print `N passed, N failed`.
    Test {
        /// The .clj file.
        file: String,
    },
}

fn read(path: &str) -> Result<String, ExitCode> {
    std::fs::read_to_string(path).map_err(|e| {
        eprintln!("kanren: can't read {path}: {e}");
        ExitCode::from(2)
    })
}

fn run(cli: Cli) -> Result<(), ExitCode> {
    for dir in &cli.path {
        kanren_clj::eval::ns::add_path(dir);
    }
    let fail = |e: kanren_clj::Error| {
        eprintln!("error: {}", e.report());
        ExitCode::from(1)
    };
    match (cli.cmd, cli.expr, cli.file) {
        (Some(Cmd::Test { file }), None, None) => {
            let src = read(&file)?;
            kanren_clj::init();
            kanren_clj::eval::ns::add_refer("clojure.test", None);
            let load_errors = kanren_clj::load_continuing(&src, Some(&file));
            let (passed, failed) = kanren_clj::library::clojure::test::run_tests().map_err(fail)?;
            let failed = failed + load_errors;
            println!("{passed} passed, {failed} failed");
            if failed > 0 {
                return Err(ExitCode::from(1));
            }
            Ok(())
        }
        (None, Some(expr), None) => {
            kanren_clj::init();
            kanren_clj::refer_repl();
            if let Some(f) = cli.load {
                let src = read(&f)?;
                kanren_clj::load(&src, Some(&f)).map_err(fail)?;
            }
            println!(
                "{}",
                kanren_clj::load_print(&expr, Some("-e")).map_err(fail)?
            );
            Ok(())
        }
        (None, None, Some(file)) => {
            let src = read(&file)?;
            kanren_clj::init();
            kanren_clj::load(&src, Some(&file)).map_err(fail)?;
            Ok(())
        }
        (None, None, None) => repl::run().map_err(|e| {
            eprintln!("kanren: {e}");
            ExitCode::from(1)
        }),
        _ => {
            eprintln!("kanren: give one of FILE, -e EXPR, or test FILE (see --help)");
            Err(ExitCode::from(2))
        }
    }
}

/// Parses the command line and runs it. The exit code is 0 on success (and for `--help`), 1
/// for an error or a failed test, 2 for a usage error or an unreadable file.
pub fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(c) => c,
        Err(e) => {
            let _ = e.print();
            return ExitCode::from(if e.use_stderr() { 2 } else { 0 });
        }
    };
    // Every function body interpreted, none compiled: to compare the two (docs/performance.md).
    if std::env::var_os("KANREN_INTERPRET").is_some() {
        kanren_clj::compile::set_enabled(false);
    }
    let code = match run(cli) {
        Ok(()) => ExitCode::SUCCESS,
        Err(code) => code,
    };
    kanren_clj::forget_session();
    code
}

//! Running the `kanren` binary from the integration tests.

use std::process::{Child, Command, Stdio};

/// Runs `kanren` with `args` in the crate's folder; gives (exit code, stdout, stderr).
pub fn kanren(args: &[&str]) -> (i32, String, String) {
    kanren_with(args, &[])
}

/// Runs `kanren` with `args` and the environment variables `vars` in the crate's folder;
/// gives (exit code, stdout, stderr).
pub fn kanren_with(args: &[&str], vars: &[(&str, &str)]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_kanren"))
        .args(args)
        .envs(vars.iter().copied())
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("kanren runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// The REPL (`kanren` without arguments) as a child process with piped standard streams, its
/// history file in the temporary folder.
#[allow(dead_code)] // used by cli.rs only
pub fn repl() -> Child {
    Command::new(env!("CARGO_BIN_EXE_kanren"))
        .env("HOME", std::env::temp_dir())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("kanren starts")
}

/// The REPL fed `input` and closed: gives (exit code, stdout, stderr), as [`kanren`] does.
#[allow(dead_code)] // used by cli.rs only
pub fn repl_session(input: &[u8]) -> (i32, String, String) {
    use std::io::Write;
    let mut child = repl();
    child
        .stdin
        .take()
        .expect("the REPL's stdin is piped")
        .write_all(input)
        .expect("the REPL reads its input");
    let out = child.wait_with_output().expect("the REPL ends");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

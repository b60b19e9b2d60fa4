//! The REPL: rustyline with history; input is read until its forms balance; each value is
//! printed as Clojure's REPL prints it and kept as `*1` (an error as `*e`, for `pst`), with
//! `clojure.repl`'s `doc`, `source`, `dir`, ... referred; Ctrl-C during evaluation stops it (a running query
//! included) and keeps the session, Ctrl-C at the prompt clears the input, Ctrl-D exits.

use rustyline::error::ReadlineError;
use rustyline::DefaultEditor;

/// Runs the REPL until Ctrl-D.
pub fn run() -> Result<(), String> {
    kanren_clj::init();
    kanren_clj::refer_repl();
    ctrlc::set_handler(kanren_clj::eval::interrupt).map_err(|e| e.to_string())?;
    let mut rl = DefaultEditor::new().map_err(|e| e.to_string())?;
    let history =
        std::env::var_os("HOME").map(|h| std::path::Path::new(&h).join(".kanren_history"));
    if let Some(h) = &history {
        let _ = rl.load_history(h);
    }
    println!(
        "kanren {} — core.logic on the kanren engine. Ctrl-C stops a query, Ctrl-D exits.",
        env!("CARGO_PKG_VERSION")
    );
    let mut buf = String::new();
    loop {
        let prompt = if buf.is_empty() {
            format!("{}=> ", kanren_clj::eval::ns::current())
        } else {
            "  #_=> ".to_string()
        };
        match rl.readline(&prompt) {
            Ok(line) => {
                buf.push_str(&line);
                buf.push('\n');
                if !kanren_clj::reader::is_complete(&buf) {
                    continue;
                }
                let src = std::mem::take(&mut buf);
                if src.trim().is_empty() {
                    continue;
                }
                let _ = rl.add_history_entry(src.trim_end());
                kanren_clj::eval::clear_interrupt();
                eval_print(&src);
            }
            Err(ReadlineError::Interrupted) => {
                buf.clear();
            }
            Err(ReadlineError::Eof) => break,
            Err(e) => return Err(e.to_string()),
        }
    }
    if let Some(h) = &history {
        let _ = rl.save_history(h);
    }
    Ok(())
}

/// Evaluates and prints each form of one input; each value becomes `*1`, an error `*e`.
fn eval_print(src: &str) {
    use kanren_clj::library::clojure::repl::{record_error, record_value};
    let mut r = kanren_clj::TopForms::new(src, None);
    loop {
        match r.next() {
            Ok(None) => break,
            Ok(Some(form)) => match kanren_clj::eval_value_top(&form) {
                Ok((v, s)) => {
                    println!("{s}");
                    record_value(&v);
                }
                Err(e) => {
                    eprintln!("error: {e}");
                    record_error(&e);
                    break;
                }
            },
            Err(e) => {
                eprintln!("error: {e}");
                record_error(&e);
                break;
            }
        }
    }
}

//! Clojure's namespaces other than `clojure.core`: `clojure.string` (`string`),
//! `clojure.test` (`test`) and `clojure.repl` (`repl`, with the built-in docstrings it prints
//! in `docs`). Each file installs one namespace's functions and forms.
//!
//! May depend on: `library::core`'s helpers, `value/`, `eval/`'s interface; never on
//! `library::logic`.

pub mod docs;
pub mod repl;
pub mod string;
pub mod test;

//! Clojure's namespaces other than `clojure.core`: `clojure.set` (`set`), `clojure.string`
//! (`string`), `clojure.test` (`test`), `clojure.repl` (`repl`, with the built-in docstrings
//! it prints in `docs`), `clojure.walk` (`walk`) and `clojure.pprint` (`pprint`). Each file
//! installs one namespace's functions and forms.
//!
//! May depend on: `library::core`'s helpers, `value/`, `eval/`'s interface; never on
//! `library::logic`.

pub mod docs;
pub mod pprint;
pub mod repl;
pub mod set;
pub mod string;
pub mod test;
pub mod walk;

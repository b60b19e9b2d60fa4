//! Clojure's namespaces other than `clojure.core`: `clojure.set` (`set`), `clojure.string`
//! (`string`) and `clojure.test` (`test`). Each file installs one namespace's functions and forms.
//!
//! May depend on: `library::core`'s helpers, `value/`, `eval/`'s interface; never on
//! `library::logic`.

pub mod set;
pub mod string;
pub mod test;

//! clojure.core's text: `io` (printing, `str`, `with-out-str`), `regex` (`re-find` and its
//! family over `value::regex`), `read_eval` (`read-string`, `load-string`, `eval`) and
//! `files` (`slurp`, `spit`, `line-seq`, `with-open`).

pub mod files;
pub mod io;
pub mod read_eval;
pub mod regex;

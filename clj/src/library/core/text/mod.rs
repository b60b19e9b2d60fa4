//! clojure.core's text: `io` (printing, `str`, `with-out-str`), `regex` (`re-find` and its
//! family over `value::regex`), `read_eval` (`read-string`, `load-string`, `eval`) and
//! `files` (`slurp`, `spit`, `line-seq`, `with-open`), `reading` (`read`, `read-line`,
//! tagged literals).

pub mod files;
pub mod io;
pub mod read_eval;
pub mod reading;
pub mod regex;

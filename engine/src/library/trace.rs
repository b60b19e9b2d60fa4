//! Tracing goals (core.logic's `log`, `trace-s`, `trace-lvars`): goals that always succeed,
//! leaving the state as it is, and print something about it on the way. Each prints to
//! standard output as core.logic's do, or, in its `_to` form, to a [`Sink`] of your choice
//! (a test collects the lines and checks them).
//!
//! ```
//! use kanren::{conj, eq, run_all, trace};
//! use std::sync::{Arc, Mutex};
//! let lines = Arc::new(Mutex::new(Vec::<String>::new()));
//! let sink: trace::Sink = { let l = lines.clone(); Arc::new(move |s: &str| l.lock().unwrap().push(s.into())) };
//! let n = run_all(|q| conj([
//!     trace::log_to(&sink, "before"),
//!     eq(q, 5),
//!     trace::trace_lvars_to(&sink, "after", [("q", q.into())]),
//! ])).count();
//! assert_eq!(n, 1);
//! assert_eq!(*lines.lock().unwrap(), ["before", "after", "    q = 5"]);
//! ```

use crate::kernel::goal::Goal;
use crate::kernel::reify::reify;
use crate::kernel::stream::Stream;
use crate::kernel::term::{Term, Var};
use std::sync::Arc;

/// Where a tracing goal writes its lines (one call per line, without the newline).
pub type Sink = Arc<dyn Fn(&str) + Send + Sync>;

fn stdout() -> Sink {
    Arc::new(|line: &str| println!("{line}"))
}

/// Prints `msg` and succeeds (core.logic's `(log "msg")`).
///
/// ```
/// assert_eq!(kanren::run_all(|_q| kanren::trace::log("tracing")).count(), 1);
/// ```
pub fn log(msg: impl Into<String>) -> Goal {
    log_to(&stdout(), msg)
}

/// [`log`] to `sink`.
///
/// ```
/// use kanren::{run_all, trace};
/// use std::sync::{Arc, Mutex};
/// let lines = Arc::new(Mutex::new(Vec::<String>::new()));
/// let sink: trace::Sink = { let l = lines.clone(); Arc::new(move |s: &str| l.lock().unwrap().push(s.into())) };
/// assert_eq!(run_all(|_q| trace::log_to(&sink, "hello")).count(), 1);
/// assert_eq!(*lines.lock().unwrap(), ["hello"]);
/// ```
pub fn log_to(sink: &Sink, msg: impl Into<String>) -> Goal {
    let (sink, msg) = (sink.clone(), msg.into());
    Goal::new(move |s| {
        sink(&msg);
        Stream::unit(s)
    })
}

/// Prints the substitution, one binding a line (`<lvar:3> = 5`), and succeeds (core.logic's
/// `(trace-s)`).
///
/// ```
/// assert_eq!(kanren::run_all(|q| kanren::conj([kanren::eq(q, 1), kanren::trace::trace_s()])).count(), 1);
/// ```
pub fn trace_s() -> Goal {
    trace_s_to(&stdout())
}

/// [`trace_s`] to `sink`: the bindings in the order of their variables' creation.
///
/// ```
/// use kanren::{conj, eq, run_all, trace, Var};
/// use std::sync::{Arc, Mutex};
/// let lines = Arc::new(Mutex::new(Vec::<String>::new()));
/// let sink: trace::Sink = { let l = lines.clone(); Arc::new(move |s: &str| l.lock().unwrap().push(s.into())) };
/// let x = Var::fresh();
/// run_all(move |_q| conj([eq(x, 7), trace::trace_s_to(&sink)])).count();
/// assert_eq!(*lines.lock().unwrap(), [format!("{x} = 7")]);
/// ```
pub fn trace_s_to(sink: &Sink) -> Goal {
    let sink = sink.clone();
    Goal::new(move |s| {
        let mut bindings: Vec<(Var, Term)> =
            s.subst().iter().map(|(v, t)| (*v, t.clone())).collect();
        bindings.sort_by_key(|(v, _)| *v);
        for (v, t) in bindings {
            sink(&format!("{v} = {t}"));
        }
        Stream::unit(s)
    })
}

/// Prints `title`, then each named term's current value, reified (unbound variables `_0`,
/// ...), as `"%5s = %s"` (core.logic's `(trace-lvars title x y)`), and succeeds.
///
/// ```
/// use kanren::{eq, run_all, trace};
/// assert_eq!(run_all(|q| kanren::conj([eq(q, 2), trace::trace_lvars("q is", [("q", q.into())])])).count(), 1);
/// ```
pub fn trace_lvars<S: Into<String>>(
    title: impl Into<String>,
    vars: impl IntoIterator<Item = (S, Term)>,
) -> Goal {
    trace_lvars_to(&stdout(), title, vars)
}

/// [`trace_lvars`] to `sink`.
///
/// ```
/// use kanren::{run_all, trace};
/// use std::sync::{Arc, Mutex};
/// let lines = Arc::new(Mutex::new(Vec::<String>::new()));
/// let sink: trace::Sink = { let l = lines.clone(); Arc::new(move |s: &str| l.lock().unwrap().push(s.into())) };
/// let n = run_all(|q| trace::trace_lvars_to(&sink, "unbound", [("q", q.into())])).count();
/// assert_eq!(n, 1);
/// assert_eq!(*lines.lock().unwrap(), ["unbound", "    q = _0"]);
/// ```
pub fn trace_lvars_to<S: Into<String>>(
    sink: &Sink,
    title: impl Into<String>,
    vars: impl IntoIterator<Item = (S, Term)>,
) -> Goal {
    let (sink, title) = (sink.clone(), title.into());
    let vars: Vec<(String, Term)> = vars.into_iter().map(|(n, t)| (n.into(), t)).collect();
    Goal::new(move |s| {
        sink(&title);
        for (name, t) in &vars {
            sink(&format!("{name:>5} = {}", reify(&s, t).value()));
        }
        Stream::unit(s)
    })
}

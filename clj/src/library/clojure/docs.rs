//! The docstrings of the built-in namespaces, and `doc`'s printing. The docstrings are data:
//! one text file per namespace in `library/doc/`, compiled into the binary and parsed on the
//! first lookup (starting the binary parses nothing).
//!
//! The files' format: a line `@fn NAME ARGLISTS`, `@macro NAME ARGLISTS` or
//! `@special NAME (USAGE)` opens an entry and the lines after it, up to the next `@` line, are
//! its docstring (blank lines at either end dropped); `@ns NAME` opens the namespace's own
//! docstring; lines starting with `#` are comments.

use std::collections::HashMap;
use std::sync::OnceLock;

/// The texts, by namespace.
const FILES: &[(&str, &str)] = &[
    ("clojure.core", include_str!("../doc/clojure.core.txt")),
    (
        "clojure.core.logic",
        include_str!("../doc/clojure.core.logic.txt"),
    ),
    (
        "clojure.core.logic.fd",
        include_str!("../doc/clojure.core.logic.fd.txt"),
    ),
    (
        "clojure.core.logic.protocols",
        include_str!("../doc/clojure.core.logic.protocols.txt"),
    ),
    (
        "clojure.core.logic.pldb",
        include_str!("../doc/clojure.core.logic.pldb.txt"),
    ),
    (
        "clojure.core.logic.nominal",
        include_str!("../doc/clojure.core.logic.nominal.txt"),
    ),
    (
        "clojure.core.logic.unifier",
        include_str!("../doc/clojure.core.logic.unifier.txt"),
    ),
    (
        "clojure.core.logic.arithmetic",
        include_str!("../doc/clojure.core.logic.arithmetic.txt"),
    ),
    ("clojure.string", include_str!("../doc/clojure.string.txt")),
    ("clojure.test", include_str!("../doc/clojure.test.txt")),
    ("clojure.set", include_str!("../doc/clojure.set.txt")),
    ("clojure.walk", include_str!("../doc/clojure.walk.txt")),
    ("clojure.pprint", include_str!("../doc/clojure.pprint.txt")),
    ("clojure.repl", include_str!("../doc/clojure.repl.txt")),
];

/// What a documented name is.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Kind {
    /// A function.
    Fn,
    /// A macro.
    Macro,
    /// A special form (its usage stands where a function's arglists do).
    Special,
    /// A namespace.
    Ns,
}

/// One docstring: what the name is, its arglists (or a special form's usage) as printed, and
/// the text, a line each.
#[derive(Debug)]
pub struct Entry {
    /// Function, macro, special form or namespace.
    pub kind: Kind,
    /// `([x] [x y])`, or `(if test then else?)` for a special form; empty for a namespace.
    pub arglists: &'static str,
    /// The docstring's lines.
    pub lines: Vec<&'static str>,
}

type Table = HashMap<&'static str, HashMap<&'static str, Entry>>;

fn table() -> &'static Table {
    static T: OnceLock<Table> = OnceLock::new();
    T.get_or_init(|| {
        let mut t = Table::new();
        for (ns, text) in FILES {
            parse(ns, text, &mut t);
        }
        t
    })
}

fn parse(ns: &'static str, text: &'static str, t: &mut Table) {
    let mut cur: Option<(&'static str, Entry)> = None;
    let finish = |cur: Option<(&'static str, Entry)>, t: &mut Table| {
        if let Some((name, mut e)) = cur {
            while e.lines.last().is_some_and(|l| l.trim().is_empty()) {
                e.lines.pop();
            }
            t.entry(ns).or_default().insert(name, e);
        }
    };
    for line in text.lines() {
        if line.starts_with('#') {
            continue;
        }
        if let Some(head) = line.strip_prefix('@') {
            finish(cur.take(), t);
            let (kind, rest) = head.split_once(' ').unwrap_or((head, ""));
            let (name, arglists) = rest.split_once(' ').unwrap_or((rest, ""));
            let kind = match kind {
                "macro" => Kind::Macro,
                "special" => Kind::Special,
                "ns" => Kind::Ns,
                _ => Kind::Fn,
            };
            let name = if kind == Kind::Ns { ns } else { name };
            let entry = Entry {
                kind,
                arglists: arglists.trim(),
                lines: Vec::new(),
            };
            cur = Some((name, entry));
        } else if let Some((_, e)) = &mut cur {
            if !(e.lines.is_empty() && line.trim().is_empty()) {
                e.lines.push(line);
            }
        }
    }
    finish(cur, t);
}

/// The docstring of the built-in `ns/name` (`ns/ns` for the namespace's own), if written.
pub fn entry(ns: &str, name: &str) -> Option<&'static Entry> {
    table().get(ns)?.get(name)
}

/// Every documented built-in name, as `(ns, name)`, sorted (namespaces' own docs left out).
pub fn documented() -> Vec<(&'static str, &'static str)> {
    let mut out: Vec<_> = table()
        .iter()
        .flat_map(|(ns, m)| {
            m.iter()
                .filter(|(_, e)| e.kind != Kind::Ns)
                .map(|(name, _)| (*ns, *name))
        })
        .collect();
    out.sort();
    out
}

/// The special forms Clojure documents under their bare name (no namespace).
const BARE: &[&str] = &[
    "def",
    "if",
    "do",
    "quote",
    "var",
    "recur",
    "throw",
    "try",
    "catch",
    "finally",
    "new",
    "set!",
    ".",
    "monitor-enter",
    "monitor-exit",
];

/// Whether `name` is one of the special forms documented by their bare name.
pub fn is_bare_special(name: &str) -> bool {
    BARE.contains(&name)
}

/// `doc`'s text for the built-in `ns/name` described by `e`, as Clojure prints it.
pub fn render(ns: &str, name: &str, e: &Entry) -> String {
    let mut out = String::from("-------------------------\n");
    match e.kind {
        Kind::Ns => out.push_str(ns),
        Kind::Special if is_bare_special(name) => out.push_str(name),
        _ => {
            out.push_str(ns);
            out.push('/');
            out.push_str(name);
        }
    }
    out.push('\n');
    match e.kind {
        Kind::Special => {
            out.push_str("  ");
            out.push_str(e.arglists);
            out.push_str("\nSpecial Form\n");
        }
        Kind::Ns => {}
        _ if !e.arglists.is_empty() => {
            out.push_str(e.arglists);
            out.push('\n');
        }
        _ => {}
    }
    if e.kind == Kind::Macro {
        out.push_str("Macro\n");
    }
    for l in &e.lines {
        if !l.is_empty() {
            out.push_str("  ");
            out.push_str(l);
        }
        out.push('\n');
    }
    out
}

/// `doc`'s text for a definition made in Clojure: its qualified name, `:arglists`, `Macro`
/// for a macro, and its docstring as written (its first line indented as Clojure indents it).
pub fn render_user(
    qualified: &str,
    arglists: Option<String>,
    macro_: bool,
    doc: Option<&str>,
) -> String {
    let mut out = format!("-------------------------\n{qualified}\n");
    if let Some(a) = arglists {
        out.push_str(&a);
        out.push('\n');
    }
    if macro_ {
        out.push_str("Macro\n");
    }
    if let Some(d) = doc {
        out.push_str("  ");
        out.push_str(d);
        out.push('\n');
    }
    out
}

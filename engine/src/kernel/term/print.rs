//! Printing terms as core.logic prints them: `(1 2 . _0)`, `[1 2]`, `{:a 1, :b 2}`.

use super::Term;
use std::fmt;

impl fmt::Display for Term {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Term::Var(v) => write!(f, "{v}"),
            Term::Int(i) => write!(f, "{i}"),
            Term::Bool(b) => write!(f, "{b}"),
            Term::Nil => write!(f, "()"),
            Term::Sym(s) => write!(f, "{s}"),
            Term::Str(s) => write!(f, "{s:?}"),
            Term::Nom(a) => write!(f, "{a}"),
            // core.logic's print-method for `Tie`.
            Term::Tie(t) => write!(f, "[{}] {}", t.nom, t.body),
            Term::Vector(items) => {
                write!(f, "[")?;
                for (i, t) in items.iter().enumerate() {
                    if i > 0 {
                        write!(f, " ")?;
                    }
                    write!(f, "{t}")?;
                }
                write!(f, "]")
            }
            Term::Map(entries) | Term::PartialMap(entries) => {
                if matches!(self, Term::PartialMap(_)) {
                    write!(f, "#clojure.core.logic.PMap")?;
                }
                write!(f, "{{")?;
                for (i, (k, v)) in entries.iter().enumerate() {
                    if i > 0 {
                        write!(f, ", ")?;
                    }
                    write!(f, "{k} {v}")?;
                }
                write!(f, "}}")
            }
            Term::Pair(p) => {
                write!(f, "({}", p.0)?;
                let mut tail = &p.1;
                loop {
                    match tail {
                        Term::Nil => return write!(f, ")"),
                        Term::Pair(q) => {
                            write!(f, " {}", q.0)?;
                            tail = &q.1;
                        }
                        // A list that goes on in a vector is one sequence, as Clojure prints
                        // `(lcons 1 [2])`: `(1 2)`.
                        Term::Vector(items) => {
                            for t in items.iter() {
                                write!(f, " {t}")?;
                            }
                            return write!(f, ")");
                        }
                        other => return write!(f, " . {other})"),
                    }
                }
            }
        }
    }
}

impl fmt::Debug for Term {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

//! `Serialize` for terms and answers (cargo feature `serde`): an application reads an answer
//! as data (JSON, say) instead of parsing its printed form.
//!
//! | term | serialized as |
//! | --- | --- |
//! | integer, boolean | integer, boolean |
//! | string | string |
//! | symbol, keyword | string of its name (`"a"`, `":k"`) |
//! | variable (an answer's `_0`, `_1`, ...) | string of its name (`"_0"`) |
//! | proper list, `()`, vector, a list going on into a vector | sequence |
//! | partial or improper list `(1 2 . _0)` | map `{"items": [1, 2], "tail": "_0"}` |
//! | map `{:a 1, :b x}` | map, in insertion order, its keys serialized as terms (JSON takes atoms as keys) |
//! | partial map (`partial_map`, seen in residual constraints) | map `{"partial": {k: v, ...}}` |
//! | nom (an answer's `a_0`, `a_1`, ...: a symbol by then) | string of its name |
//! | tie `[a_0] body` | map `{"tie": "a_0", "body": body}` |
//!
//! An [`Answer`] is the map `{"value": value, "constraints": [c1, c2, ...]}`, each residual
//! constraint the term it prints as: `(!= (_0 1))` is `["!=", ["_0", 1]]`. Nesting follows
//! the term; a long list is serialized by a loop, not by recursion.
//!
//! ```
//! use kanren::{eq, fresh, list, neq, run_all, Term};
//! let a = run_all(|q| fresh!([x], neq(x, 1), eq(q, list![Term::sym(":k"), "s", vec![1, 2], x])))
//!     .next()
//!     .unwrap();
//! assert_eq!(a.to_string(), "((:k \"s\" [1 2] _0) :- (!= (_0 1)))");
//! assert_eq!(
//!     serde_json::to_string(&a).unwrap(),
//!     r#"{"value":[":k","s",[1,2],"_0"],"constraints":[["!=",["_0",1]]]}"#
//! );
//! assert_eq!(serde_json::to_string(a.value()).unwrap(), r#"[":k","s",[1,2],"_0"]"#);
//! ```

use crate::kernel::reify::Answer;
use crate::kernel::term::{Seq, SeqItem, Term};
use ::serde::ser::{Serialize, SerializeMap, SerializeStruct, Serializer};

impl Serialize for Term {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            Term::Int(i) => s.serialize_i64(*i),
            Term::Bool(b) => s.serialize_bool(*b),
            Term::Str(x) | Term::Sym(x) => s.serialize_str(x),
            Term::Var(v) => s.collect_str(v),
            Term::Nom(a) => s.collect_str(a),
            Term::Tie(t) => {
                let mut m = s.serialize_map(Some(2))?;
                m.serialize_entry("tie", &t.nom)?;
                m.serialize_entry("body", &t.body)?;
                m.end()
            }
            Term::Nil => s.collect_seq(std::iter::empty::<&Term>()),
            Term::Vector(items) => s.collect_seq(items.iter()),
            Term::Map(entries) => s.collect_map(entries.iter().map(|(k, v)| (k, v))),
            // A partial map (core.logic's `PMap`), which answers show only inside residual
            // constraints: `{"partial": {k: v, ...}}`.
            Term::PartialMap(entries) => {
                struct Entries<'a>(&'a [(Term, Term)]);
                impl Serialize for Entries<'_> {
                    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                        s.collect_map(self.0.iter().map(|(k, v)| (k, v)))
                    }
                }
                let mut m = s.serialize_map(Some(1))?;
                m.serialize_entry("partial", &Entries(entries))?;
                m.end()
            }
            Term::Pair(_) => {
                let mut items = Vec::new();
                let mut seq = Seq::of(self);
                let tail = loop {
                    match seq.step() {
                        SeqItem::Item(t) => items.push(t),
                        SeqItem::End => return s.collect_seq(items),
                        SeqItem::Tail(t) => break t,
                    }
                };
                let mut m = s.serialize_map(Some(2))?;
                m.serialize_entry("items", &items)?;
                m.serialize_entry("tail", tail)?;
                m.end()
            }
        }
    }
}

impl Serialize for Answer {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut a = s.serialize_struct("Answer", 2)?;
        a.serialize_field("value", self.value())?;
        a.serialize_field("constraints", self.constraints())?;
        a.end()
    }
}

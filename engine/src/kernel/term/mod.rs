//! Terms: the values logic variables range over, and the variables themselves.
//!
//! Representation (invariants):
//! - `Term::Nil` is the empty list `()`; a proper list is a chain of `Pair`s ending in `Nil`; a
//!   partial list ends in a `Var` (or any non-list term: an improper pair).
//! - `()`, pairs and vectors are all *sequences*: as in Clojure, two sequences are equal (and
//!   unify) element by element whatever their kind, so `[1 2]`, `(1 2)` and `(1 . [2])` are
//!   one value. Each keeps its own printed form.
//! - A map holds its entries in insertion order (as Clojure's small maps print), each key
//!   once; two maps are equal when they have the same keys with equal values.
//! - A partial map (core.logic's `PMap`) is a map that unifies with any map holding at least
//!   its keys. It is never ground ([`Term::has_no_vars`] is `false`): it unifies with terms it
//!   is not equal to, so no shortcut may compare it by equality.
//! - Compound terms share their parts behind `Arc`, so cloning a term is O(1) and terms are
//!   `Send + Sync`. Nothing is interned: a term is freed when its last clone is dropped.
//! - Equality, hashing, printing and dropping walk list tails in a loop, so a list of 100 000
//!   elements does not recurse 100 000 deep.
//!
//! Clojure's hash of a term (`hasheq.rs`) is here too: answers and facts come out in the order
//! of Clojure's hash sets.

mod compare;
mod convert;
pub(crate) mod hasheq;
mod nom;
mod print;
mod seq;
mod var;

pub(crate) use compare::cmp_terms;
pub use convert::Args;
pub use nom::{Nom, Tie};
pub(crate) use seq::{Seq, SeqItem};
pub use var::Var;

use std::sync::Arc;

/// A term: an atom, a variable, a pair (lists are built from pairs) or a vector.
///
/// Build terms with `From` conversions (`5.into()`, `"s".into()`, `vec![1, 2].into()` for a
/// vector, `(a, b).into()` for a two-element vector), [`list!`](crate::list) and
/// [`Term::sym`].
///
/// ```
/// use kanren::{list, Term};
/// let t: Term = list![1, 2, 3];
/// assert_eq!(t.to_string(), "(1 2 3)");
/// assert_eq!(Term::from(vec![1, 2]).to_string(), "[1 2]");
/// ```
#[derive(Clone)]
// A word-sized tag keeps every payload, `Bool` included, in the second and third words, so a
// move copies three whole words: with a byte tag and `Bool` beside it, moves were copied in
// odd-sized pieces that the next load could not be forwarded from (relational queens count:
// -5% time).
#[repr(u64)]
pub enum Term {
    /// A logic variable.
    Var(Var),
    /// An integer.
    Int(i64),
    /// A boolean.
    Bool(bool),
    /// The empty list `()` (Scheme's nil).
    Nil,
    /// A symbol or keyword (keywords keep their leading `:`), printed bare.
    Sym(Arc<str>),
    /// A string, printed quoted.
    Str(Arc<str>),
    /// A pair `(head . tail)`; lists are chains of pairs.
    Pair(Arc<Cons>),
    /// A vector `[a b c]`; a sequence like a list, it unifies element by element with any
    /// sequence of the same length.
    Vector(Arc<[Term]>),
    /// A map `{k v, ...}` (Clojure's), its entries in insertion order, each key once: build it
    /// with [`Term::map`]. Unifies with a map of the same keys, value by value.
    Map(Arc<[(Term, Term)]>),
    /// A partial map (core.logic's `partial-map`): unifies with any map that holds at least
    /// its keys, value by value (a value that is itself a map is partial too). Build it with
    /// [`Term::partial_map`]. Printed as core.logic prints it, `#clojure.core.logic.PMap{...}`.
    PartialMap(Arc<[(Term, Term)]>),
    /// A nom of nominal logic (see [`Nom`]): equal to itself only, never bound.
    Nom(Nom),
    /// A tie `[a] t` of nominal logic (see [`Term::tie`]): unifies with ties equal to it up
    /// to the renaming of their bound noms.
    Tie(Arc<Tie>),
}

impl Term {
    /// A symbol (or a keyword, when the name starts with `:`).
    ///
    /// ```
    /// assert_eq!(kanren::Term::sym(":k").to_string(), ":k");
    /// ```
    pub fn sym(name: &str) -> Term {
        Term::Sym(name.into())
    }

    /// The pair `(head . tail)`: core.logic's `lcons`.
    ///
    /// ```
    /// use kanren::{Term, Var};
    /// assert_eq!(Term::cons(1, Term::Nil).to_string(), "(1)");
    /// assert_eq!(Term::cons(1, 2).to_string(), "(1 . 2)");
    /// ```
    pub fn cons(head: impl Into<Term>, tail: impl Into<Term>) -> Term {
        let (head, tail) = (head.into(), tail.into());
        let ground = head.has_no_vars() && tail.has_no_vars();
        Term::Pair(Arc::new(Cons(head, tail, ground)))
    }

    /// The proper list of `items`.
    ///
    /// ```
    /// assert_eq!(kanren::Term::list(0..3).to_string(), "(0 1 2)");
    /// ```
    pub fn list<T: Into<Term>>(items: impl IntoIterator<Item = T>) -> Term {
        Term::list_with_tail(items, Term::Nil)
    }

    /// The list of `items` ending in `tail` (a partial list when `tail` is a variable).
    ///
    /// ```
    /// use kanren::{Term, Var};
    /// let t = Term::list_with_tail([1, 2], Var::reified(0));
    /// assert_eq!(t.to_string(), "(1 2 . _0)");
    /// ```
    pub fn list_with_tail<T: Into<Term>>(
        items: impl IntoIterator<Item = T>,
        tail: impl Into<Term>,
    ) -> Term {
        let items: Vec<Term> = items.into_iter().map(Into::into).collect();
        items
            .into_iter()
            .rev()
            .fold(tail.into(), |acc, h| Term::cons(h, acc))
    }

    /// The map of `entries` (core.logic's map terms, `{:a 1 :b x}`): a key given twice keeps
    /// its first place and its last value, as Clojure's `assoc` does.
    ///
    /// ```
    /// use kanren::Term;
    /// let m = Term::map([(Term::sym(":a"), 1), (Term::sym(":b"), 2)]);
    /// assert_eq!(m.to_string(), "{:a 1, :b 2}");
    /// assert_eq!(m, Term::map([(Term::sym(":b"), 2), (Term::sym(":a"), 1)]));
    /// ```
    pub fn map<K: Into<Term>, V: Into<Term>>(entries: impl IntoIterator<Item = (K, V)>) -> Term {
        let mut out: Vec<(Term, Term)> = Vec::new();
        for (k, v) in entries {
            let (k, v) = (k.into(), v.into());
            match out.iter_mut().find(|(key, _)| *key == k) {
                Some(entry) => entry.1 = v,
                None => out.push((k, v)),
            }
        }
        Term::Map(out.into())
    }

    /// The partial map of `entries` (core.logic's `partial-map`): it unifies with any map that
    /// holds at least these keys with values that unify. Unified with an unbound variable, it
    /// constrains that variable as [`featurec`](crate::featurec) does.
    ///
    /// ```
    /// use kanren::{eq, run_all, Term};
    /// let k = |s| Term::sym(s);
    /// let a: Vec<String> = run_all(|q| {
    ///     eq(Term::map([(k(":a"), 1), (k(":b"), 2)]), Term::partial_map([(k(":a"), q)]))
    /// })
    /// .map(|a| a.to_string())
    /// .collect();
    /// assert_eq!(a, ["1"]);
    /// ```
    pub fn partial_map<K: Into<Term>, V: Into<Term>>(
        entries: impl IntoIterator<Item = (K, V)>,
    ) -> Term {
        match Term::map(entries) {
            Term::Map(entries) => Term::PartialMap(entries),
            _ => unreachable!("Term::map builds a map"),
        }
    }

    /// The entries of a map or partial map, in order; `None` for any other term.
    ///
    /// ```
    /// use kanren::Term;
    /// assert_eq!(Term::map([(1, 2)]).entries().map(<[_]>::len), Some(1));
    /// assert!(Term::from(1).entries().is_none());
    /// ```
    pub fn entries(&self) -> Option<&[(Term, Term)]> {
        match self {
            Term::Map(entries) | Term::PartialMap(entries) => Some(entries),
            _ => None,
        }
    }

    /// The value of `key` in a map term; `None` for a missing key or a term that is not a
    /// map. Time: O(entries).
    ///
    /// ```
    /// use kanren::Term;
    /// let m = Term::map([(Term::sym(":a"), 1)]);
    /// assert_eq!(m.get(&Term::sym(":a")), Some(&Term::from(1)));
    /// assert_eq!(m.get(&Term::sym(":b")), None);
    /// ```
    pub fn get(&self, key: &Term) -> Option<&Term> {
        match self {
            Term::Map(entries) | Term::PartialMap(entries) => {
                entries.iter().find(|(k, _)| k == key).map(|(_, v)| v)
            }
            _ => None,
        }
    }

    /// Whether the term is a sequence: `()`, a pair or a vector (see the module docs).
    ///
    /// ```
    /// use kanren::{list, Term};
    /// assert!(list![1].is_seq() && Term::Nil.is_seq() && Term::from(vec![1]).is_seq());
    /// assert!(!Term::from(1).is_seq());
    /// ```
    pub fn is_seq(&self) -> bool {
        matches!(self, Term::Nil | Term::Pair(_) | Term::Vector(_))
    }

    /// The variable, if this term is one.
    ///
    /// ```
    /// let x = kanren::Var::fresh();
    /// assert_eq!(kanren::Term::from(x).as_var(), Some(x));
    /// ```
    pub fn as_var(&self) -> Option<Var> {
        match self {
            Term::Var(v) => Some(*v),
            _ => None,
        }
    }

    /// The integer, if this term is one.
    ///
    /// ```
    /// assert_eq!(kanren::Term::from(7).as_int(), Some(7));
    /// ```
    pub fn as_int(&self) -> Option<i64> {
        match self {
            Term::Int(i) => Some(*i),
            _ => None,
        }
    }

    /// The symbol's name, if this term is a symbol (not a keyword: see
    /// [`as_keyword`](Term::as_keyword)).
    ///
    /// ```
    /// use kanren::Term;
    /// assert_eq!(Term::sym("zebra").as_sym(), Some("zebra"));
    /// assert_eq!(Term::sym(":zebra").as_sym(), None);
    /// assert_eq!(Term::from("zebra").as_sym(), None);
    /// ```
    pub fn as_sym(&self) -> Option<&str> {
        match self {
            Term::Sym(s) if !s.starts_with(':') => Some(s),
            _ => None,
        }
    }

    /// The keyword's name without its `:`, if this term is a keyword.
    ///
    /// ```
    /// use kanren::Term;
    /// assert_eq!(Term::sym(":lam").as_keyword(), Some("lam"));
    /// assert_eq!(Term::sym("lam").as_keyword(), None);
    /// ```
    pub fn as_keyword(&self) -> Option<&str> {
        match self {
            Term::Sym(s) => s.strip_prefix(':'),
            _ => None,
        }
    }

    /// The text, if this term is a string (not a symbol or keyword).
    ///
    /// ```
    /// use kanren::Term;
    /// assert_eq!(Term::from("red").as_str(), Some("red"));
    /// assert_eq!(Term::sym("red").as_str(), None);
    /// ```
    pub fn as_str(&self) -> Option<&str> {
        match self {
            Term::Str(s) => Some(s),
            _ => None,
        }
    }

    /// The boolean, if this term is one.
    ///
    /// ```
    /// assert_eq!(kanren::Term::from(true).as_bool(), Some(true));
    /// assert_eq!(kanren::Term::from(1).as_bool(), None);
    /// ```
    pub fn as_bool(&self) -> Option<bool> {
        match self {
            Term::Bool(b) => Some(*b),
            _ => None,
        }
    }

    /// The elements of a sequence that ends properly: a proper list, a vector, or a list that
    /// goes on into a vector (`(1 . [2 3])`); `None` for anything else (a partial list
    /// included).
    ///
    /// ```
    /// use kanren::{list, Term};
    /// assert_eq!(list![1, 2].to_vec(), Some(vec![Term::from(1), Term::from(2)]));
    /// assert_eq!(Term::cons(1, vec![2]).to_vec(), Some(vec![Term::from(1), Term::from(2)]));
    /// assert_eq!(list![1; kanren::Var::fresh()].to_vec(), None);
    /// ```
    pub fn to_vec(&self) -> Option<Vec<Term>> {
        Some(self.seq_items()?.into_iter().cloned().collect())
    }

    /// The elements of a sequence that ends properly, borrowed (see [`Term::to_vec`]).
    pub(crate) fn seq_items(&self) -> Option<Vec<&Term>> {
        let mut out = Vec::new();
        let mut seq = Seq::of(self);
        loop {
            match seq.step() {
                SeqItem::Item(t) => out.push(t),
                SeqItem::End => return Some(out),
                SeqItem::Tail(_) => return None,
            }
        }
    }

    /// The integers of a proper list or vector of integers.
    ///
    /// ```
    /// assert_eq!(kanren::list![3, 1].to_ints(), Some(vec![3, 1]));
    /// ```
    pub fn to_ints(&self) -> Option<Vec<i64>> {
        self.to_vec()?.iter().map(Term::as_int).collect()
    }

    /// Whether the term contains no variables at all (bound or not: this looks at the term,
    /// not at a substitution). Time: O(1) for pairs (recorded when the pair was built),
    /// O(length) for vectors.
    ///
    /// ```
    /// use kanren::{list, Var};
    /// assert!(list![1, 2].has_no_vars());
    /// assert!(!list![1, Var::fresh()].has_no_vars());
    /// ```
    pub fn has_no_vars(&self) -> bool {
        match self {
            Term::Var(_) => false,
            Term::Pair(p) => p.2,
            Term::Vector(items) => items.iter().all(Term::has_no_vars),
            Term::Map(entries) => entries
                .iter()
                .all(|(k, v)| k.has_no_vars() && v.has_no_vars()),
            // Never ground: see the module docs. Noms and ties are not either: reification
            // names noms, and ties unify up to renaming, not by equality.
            Term::PartialMap(_) | Term::Nom(_) | Term::Tie(_) => false,
            _ => true,
        }
    }

    /// Whether the term is an atom: neither a variable nor built of parts. Two atoms are
    /// equal or not whatever the substitution.
    pub(crate) fn is_atom(&self) -> bool {
        !matches!(
            self,
            Term::Var(_)
                | Term::Pair(_)
                | Term::Vector(_)
                | Term::Map(_)
                | Term::PartialMap(_)
                | Term::Tie(_)
        )
    }

    /// Adds every variable occurring in the term to `out`, left to right, repeats included.
    /// Iterative: a long list does not recurse.
    pub(crate) fn push_vars(&self, out: &mut impl Extend<Var>) {
        let mut stack: smallvec::SmallVec<[&Term; 8]> = smallvec::smallvec![self];
        while let Some(t) = stack.pop() {
            match t {
                Term::Var(v) => out.extend([*v]),
                Term::Pair(p) => {
                    stack.push(&p.1);
                    stack.push(&p.0);
                }
                Term::Vector(items) => stack.extend(items.iter().rev()),
                Term::Map(entries) | Term::PartialMap(entries) => {
                    stack.extend(entries.iter().rev().flat_map(|(k, v)| [v, k]));
                }
                Term::Tie(t) => stack.push(&t.body),
                _ => {}
            }
        }
    }
}

/// Builds a proper list, or a partial list with `; tail`.
///
/// ```
/// use kanren::{list, Var};
/// assert_eq!(list![1, "a", true].to_string(), "(1 \"a\" true)");
/// assert_eq!(list![1, 2; Var::reified(0)].to_string(), "(1 2 . _0)");
/// assert_eq!(list![].to_string(), "()");
/// ```
#[macro_export]
macro_rules! list {
    () => { $crate::Term::Nil };
    ($($x:expr),+ ; $tail:expr) => {
        $crate::Term::list_with_tail([$($crate::Term::from($x)),+], $tail)
    };
    ($($x:expr),+ $(,)?) => {
        $crate::Term::list([$($crate::Term::from($x)),+])
    };
}

/// The cell of a pair: `Cons(head, tail, _)`, made by [`Term::cons`]. It records whether
/// the pair contains no variables at all, so that the occurs check, `walk_star` and
/// reification skip ground parts in O(1) instead of walking them.
///
/// ```
/// use kanren::{list, Term};
/// if let Term::Pair(p) = list![1, 2] {
///     assert_eq!(p.0, 1.into());
///     assert_eq!(p.1, list![2]);
/// }
/// ```
pub struct Cons(pub Term, pub Term, bool);

impl Drop for Cons {
    // Unrolls the uniquely owned part of the tail so dropping a long list does not recurse.
    fn drop(&mut self) {
        let mut tail = std::mem::replace(&mut self.1, Term::Nil);
        while let Term::Pair(arc) = tail {
            match Arc::try_unwrap(arc) {
                Ok(mut cell) => tail = std::mem::replace(&mut cell.1, Term::Nil),
                Err(_) => return,
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_lists_compare_print_and_drop_without_recursion() {
        let a = Term::list(0..200_000);
        let b = Term::list(0..200_000);
        assert_eq!(a, b);
        assert_ne!(a, Term::list(0..199_999));
        assert!(a.to_string().ends_with("199999)"));
        drop(a);
    }

    #[test]
    fn improper_pairs_print_dotted() {
        assert_eq!(Term::cons(1, Term::cons(2, 3)).to_string(), "(1 2 . 3)");
    }

    #[test]
    fn terms_are_send_and_sync() {
        fn check<T: Send + Sync>() {}
        check::<Term>();
    }
}

//! Reading a sequence term element by element, across its kinds (`()`, pairs, vectors).

use super::Term;

/// One step along a sequence: see [`Seq`].
pub(crate) enum SeqItem<'a> {
    /// The next element.
    Item(&'a Term),
    /// The sequence ended properly (`()` or the end of a vector).
    End,
    /// The sequence ends in this term, which is not a sequence (a variable: a partial list;
    /// anything else: an improper pair).
    Tail(&'a Term),
}

/// A cursor over the elements of a sequence term, across its kinds: a list whose tail is a
/// vector (`(1 . [2 3])`) goes on into the vector. Reads the term as it is (no substitution).
pub(crate) enum Seq<'a> {
    List(&'a Term),
    Vector(&'a [Term]),
}

impl<'a> Seq<'a> {
    pub(crate) fn of(t: &'a Term) -> Seq<'a> {
        match t {
            Term::Vector(items) => Seq::Vector(items),
            _ => Seq::List(t),
        }
    }

    pub(crate) fn step(&mut self) -> SeqItem<'a> {
        match *self {
            Seq::Vector([]) => SeqItem::End,
            Seq::Vector([first, rest @ ..]) => {
                *self = Seq::Vector(rest);
                SeqItem::Item(first)
            }
            Seq::List(t) => match t {
                Term::Nil => SeqItem::End,
                Term::Pair(p) => {
                    *self = Seq::of(&p.1);
                    SeqItem::Item(&p.0)
                }
                other => SeqItem::Tail(other),
            },
        }
    }
}

//! The substitution: a persistent map from variables to the terms they are bound to.
//!
//! Representation: a triangular substitution (a bound variable maps to a term that may itself
//! contain bound variables) in two parts, so that every branch of the search keeps its own
//! version while sharing structure with its siblings:
//! - the latest bindings, up to [`RECENT`] of them, in a shared list, newest first: a branch
//!   of the search copies one pointer, and a binding adds one link;
//! - the others in an `imbl` hash map, which takes the list's bindings all at once when it is
//!   full: the map's nodes a branch shares with its siblings are copied once for the batch
//!   instead of once for each binding (each copy takes a reference count per entry).
//!
//! A 64-bit mask of the list's variables spares looking through the list for most variables.
//! Invariant: no variable is bound twice, and (with the occurs check on) no binding makes a
//! cycle; a binding made by hand may replace one (`State::ext_no_check`), the newer found first.

use crate::kernel::term::{Nom, Term, Var};
use imbl::shared_ptr::DefaultSharedPtr;
use imbl::GenericHashMap;
use rustc_hash::FxBuildHasher;
use std::sync::Arc;

type Map = GenericHashMap<Var, Term, FxBuildHasher, DefaultSharedPtr>;

/// How many bindings the list holds before they move into the map.
const RECENT: u32 = 16;

/// One of the latest bindings, and the ones before it.
struct Link {
    var: Var,
    term: Term,
    /// The number of links from this one to the end of the list.
    len: u32,
    next: Option<Arc<Link>>,
}

/// A persistent substitution.
///
/// ```
/// use kanren::{Subst, Term, Var};
/// let x = Var::fresh();
/// let s = Subst::default().extend(x, Term::from(1));
/// assert_eq!(s.walk(&Term::from(x)), Term::from(1));
/// ```
#[derive(Clone, Default)]
pub struct Subst {
    map: Map,
    recent: Option<Arc<Link>>,
    /// Bit `id mod 64` set for each variable in `recent`.
    mask: u64,
}

/// `v`'s bit in a [`Subst`]'s mask (variables made one after the other fall on different
/// bits).
#[inline(always)]
fn bit(v: Var) -> u64 {
    1 << (v.id() & 63)
}

impl Subst {
    /// Binds `v` (which must be unbound) to `t`. Time: O(log n).
    ///
    /// ```
    /// let x = kanren::Var::fresh();
    /// assert_eq!(kanren::Subst::default().extend(x, 1.into()).len(), 1);
    /// ```
    pub fn extend(&self, v: Var, t: Term) -> Subst {
        let mut out = self.clone();
        out.insert(v, t);
        out
    }

    /// Binds `v` to `t` in place. Time: O(1), and O(log n) for each binding when the list of
    /// latest bindings moves into the map.
    pub(crate) fn insert(&mut self, v: Var, t: Term) {
        let len = self.recent.as_ref().map_or(0, |l| l.len);
        if len < RECENT {
            self.mask |= bit(v);
            self.recent = Some(Arc::new(Link {
                var: v,
                term: t,
                len: len + 1,
                next: self.recent.take(),
            }));
            return;
        }
        // The list into the map, oldest first (a newer binding of a variable replaces an
        // older one); links no other version shares give their terms up without a copy.
        let mut batch: smallvec::SmallVec<[(Var, Term); RECENT as usize]> =
            smallvec::SmallVec::new();
        let mut link = self.recent.take();
        while let Some(l) = link {
            link = match Arc::try_unwrap(l) {
                Ok(l) => {
                    batch.push((l.var, l.term));
                    l.next
                }
                Err(l) => {
                    batch.push((l.var, l.term.clone()));
                    l.next.clone()
                }
            };
        }
        for (v, t) in batch.into_iter().rev() {
            self.map.insert(v, t);
        }
        self.map.insert(v, t);
        self.mask = 0;
    }

    /// The latest bindings, newest first.
    fn links(&self) -> impl Iterator<Item = &Link> {
        std::iter::successors(self.recent.as_deref(), |l| l.next.as_deref())
    }

    /// The latest bindings, each variable's newest only (a binding by hand may replace one).
    fn latest(&self) -> impl Iterator<Item = &Link> {
        self.links()
            .enumerate()
            .filter(|(i, l)| !self.links().take(*i).any(|m| m.var == l.var))
            .map(|(_, l)| l)
    }

    /// The term `v` is bound to, if any (one step, no walking). Time: O(log n).
    ///
    /// ```
    /// assert!(kanren::Subst::default().get(kanren::Var::fresh()).is_none());
    /// ```
    #[inline]
    pub fn get(&self, v: Var) -> Option<&Term> {
        if self.mask & bit(v) != 0 {
            let mut link = self.recent.as_deref();
            while let Some(l) = link {
                if l.var == v {
                    return Some(&l.term);
                }
                link = l.next.as_deref();
            }
        }
        self.map.get(&v)
    }

    /// The number of bindings. Time: O(log n).
    ///
    /// ```
    /// assert_eq!(kanren::Subst::default().len(), 0);
    /// ```
    pub fn len(&self) -> usize {
        self.map.len()
            + self
                .latest()
                .filter(|l| !self.map.contains_key(&l.var))
                .count()
    }

    /// The bindings, in no particular order. Time: O(n) for all of them.
    ///
    /// ```
    /// let x = kanren::Var::fresh();
    /// let s = kanren::Subst::default().extend(x, 1.into());
    /// assert_eq!(s.iter().count(), 1);
    /// ```
    pub fn iter(&self) -> impl Iterator<Item = (&Var, &Term)> {
        let listed = |v: &Var| self.mask & bit(*v) != 0 && self.links().any(|l| l.var == *v);
        self.latest()
            .map(|l| (&l.var, &l.term))
            .chain(self.map.iter().filter(move |(v, _)| !listed(v)))
    }

    /// Whether there are no bindings.
    ///
    /// ```
    /// assert!(kanren::Subst::default().is_empty());
    /// ```
    pub fn is_empty(&self) -> bool {
        self.recent.is_none() && self.map.is_empty()
    }

    /// Follows variable bindings until `t` is a non-variable or an unbound variable.
    /// Time: O(chain length × log n).
    ///
    /// ```
    /// use kanren::{Subst, Term, Var};
    /// let (x, y) = (Var::fresh(), Var::fresh());
    /// let s = Subst::default().extend(x, y.into()).extend(y, 5.into());
    /// assert_eq!(s.walk(&x.into()), Term::from(5));
    /// ```
    #[inline]
    pub fn walk(&self, t: &Term) -> Term {
        self.walk_ref(t).clone()
    }

    /// [`walk`](Subst::walk) without cloning the result.
    ///
    /// ```
    /// use kanren::{Subst, Term, Var};
    /// let x = Var::fresh();
    /// let s = Subst::default().extend(x, 5.into());
    /// let t = Term::from(x);
    /// assert_eq!(s.walk_ref(&t), &Term::from(5));
    /// ```
    #[inline]
    pub fn walk_ref<'a>(&'a self, mut t: &'a Term) -> &'a Term {
        while let Term::Var(v) = t {
            match self.get(*v) {
                Some(next) => t = next,
                None => break,
            }
        }
        t
    }

    /// Walks `t` and all of its parts: the term with every bound variable replaced by its
    /// value. Iterative: lists of any length are fine. Parts without variables are shared, not
    /// copied. Time: O(size of the non-ground part of the result × walk).
    ///
    /// ```
    /// use kanren::{list, Subst, Var};
    /// let (x, y) = (Var::fresh(), Var::fresh());
    /// let s = Subst::default().extend(x, list![1, y]).extend(y, 2.into());
    /// assert_eq!(s.walk_star(&x.into()), list![1, 2]);
    /// ```
    pub fn walk_star(&self, t: &Term) -> Term {
        self.rebuild(t, &mut |_| None)
    }

    /// Walks `t` completely, replacing each unbound variable `v` by `f(v)` when that is
    /// `Some`. The one traversal behind `walk_star` and reification.
    pub(crate) fn rebuild(&self, t: &Term, f: &mut dyn FnMut(Var) -> Option<Term>) -> Term {
        self.rebuild_with(t, f, &mut |_| None)
    }

    /// [`Subst::rebuild`], also replacing each nom `a` by `nom(a)` when that is `Some`.
    pub(crate) fn rebuild_with(
        &self,
        t: &Term,
        f: &mut dyn FnMut(Var) -> Option<Term>,
        nom: &mut dyn FnMut(Nom) -> Option<Term>,
    ) -> Term {
        self.build(t, &mut Rebuilt { var: f, nom })
    }

    /// Walks `t` completely, as [`Subst::walk_star`] does, handing its parts to `b` to
    /// build: each part without variables as it is, each unbound variable and nom, and each
    /// list pair, vector, map and tie once its parts are built. Iterative, as `walk_star`.
    pub fn build<B: Build>(&self, t: &Term, b: &mut B) -> B::Out {
        // A term that is, or walks to, a ground term or an unbound variable needs no work
        // list (the projected value of a bound variable, in most programs).
        match self.walk_ref(t) {
            w if w.has_no_vars() => return b.ground(w.clone()),
            Term::Var(v) => return b.var(*v),
            _ => {}
        }
        // Work items: a term to resolve, or an instruction to assemble finished parts.
        enum Job {
            Visit(Term),
            List(usize),
            Vector(usize),
            Map(usize, bool),
            Tie,
        }
        let mut jobs = vec![Job::Visit(t.clone())];
        let mut done: Vec<B::Out> = Vec::new();
        // Lists are resolved head by head; their spines are reassembled from the back.
        while let Some(job) = jobs.pop() {
            match job {
                Job::Visit(t) if t.has_no_vars() => done.push(b.ground(t)),
                Job::Visit(t) => match self.walk(&t) {
                    Term::Var(v) => done.push(b.var(v)),
                    Term::Nom(a) => done.push(b.nom(a)),
                    Term::Tie(t) => {
                        jobs.push(Job::Tie);
                        jobs.push(Job::Visit(t.body.clone()));
                        jobs.push(Job::Visit(t.nom.clone()));
                    }
                    Term::Pair(p) => {
                        // The spine at once, while its tail walks to a pair with variables:
                        // its heads resolved in order, then the tail, then the list made.
                        let at = jobs.len();
                        jobs.push(Job::List(0));
                        let mut p = p;
                        let tail = loop {
                            jobs.push(Job::Visit(p.0.clone()));
                            match self.walk(&p.1) {
                                t if t.has_no_vars() => break t,
                                Term::Pair(next) => p = next,
                                tail => break tail,
                            }
                        };
                        let n = jobs.len() - at - 1;
                        jobs.push(Job::Visit(tail));
                        jobs[at + 1..].reverse();
                        jobs[at] = Job::List(n);
                    }
                    Term::Vector(items) => {
                        jobs.push(Job::Vector(items.len()));
                        jobs.extend(items.iter().rev().map(|t| Job::Visit(t.clone())));
                    }
                    Term::Map(entries) => {
                        jobs.push(Job::Map(entries.len(), false));
                        for (k, v) in entries.iter().rev() {
                            jobs.push(Job::Visit(v.clone()));
                            jobs.push(Job::Visit(k.clone()));
                        }
                    }
                    Term::PartialMap(entries) => {
                        jobs.push(Job::Map(entries.len(), true));
                        for (k, v) in entries.iter().rev() {
                            jobs.push(Job::Visit(v.clone()));
                            jobs.push(Job::Visit(k.clone()));
                        }
                    }
                    atom => done.push(b.ground(atom)),
                },
                Job::List(n) => {
                    let tail = done.pop().expect("list tail");
                    let heads = done.split_off(done.len() - n);
                    done.push(b.list(heads, tail));
                }
                Job::Tie => {
                    let body = done.pop().expect("tie body");
                    let nom = done.pop().expect("tie nom");
                    done.push(b.tie(nom, body));
                }
                Job::Vector(n) => {
                    let items = done.split_off(done.len() - n);
                    done.push(b.vector(items));
                }
                Job::Map(n, partial) => {
                    let mut items = done.split_off(done.len() - 2 * n).into_iter();
                    let entries: Vec<(B::Out, B::Out)> =
                        std::iter::from_fn(|| Some((items.next()?, items.next()?))).collect();
                    done.push(b.map(entries, partial));
                }
            }
        }
        done.pop().expect("one result")
    }
}

/// What a walked term is built into ([`Subst::build`]): a program that keeps terms, or
/// answers, in data of its own (an interpreter's values, a document) builds them in the one
/// walk, without a [`Term`] made first. [`Answers::next_built`](crate::Answers::next_built)
/// builds answers so.
///
/// ```
/// use kanren::{list, Build, Subst, Term, Var};
/// /// Counts a term's unbound variables and list pairs.
/// struct Count;
/// impl Build for Count {
///     type Out = (usize, usize);
///     fn ground(&mut self, t: Term) -> (usize, usize) {
///         (0, t.to_vec().map_or(0, |items| items.len()))
///     }
///     fn var(&mut self, _: Var) -> (usize, usize) { (1, 0) }
///     fn pair(&mut self, h: (usize, usize), t: (usize, usize)) -> (usize, usize) {
///         (h.0 + t.0, h.1 + t.1 + 1)
///     }
///     fn vector(&mut self, items: Vec<(usize, usize)>) -> (usize, usize) {
///         items.iter().fold((0, 0), |a, i| (a.0 + i.0, a.1 + i.1))
///     }
///     fn map(&mut self, entries: Vec<((usize, usize), (usize, usize))>, _: bool) -> (usize, usize) {
///         entries.iter().fold((0, 0), |a, (k, v)| (a.0 + k.0 + v.0, a.1 + k.1 + v.1))
///     }
///     fn tie(&mut self, nom: (usize, usize), body: (usize, usize)) -> (usize, usize) {
///         (nom.0 + body.0, nom.1 + body.1)
///     }
/// }
/// let (x, y) = (Var::fresh(), Var::fresh());
/// let s = Subst::default().extend(x, list![1, y, 3]);
/// // `(1 y 3)`: one unbound variable; three pairs, the last (`(3)`) ground.
/// assert_eq!(s.build(&Term::Var(x), &mut Count), (1, 3));
/// ```
pub trait Build {
    /// What a term is built into.
    type Out;
    /// A part without variables (an atom, or a list, vector or map of atoms), as it is.
    fn ground(&mut self, t: Term) -> Self::Out;
    /// An unbound variable; in an answer, its reified name (see [`Var::reified_index`]).
    fn var(&mut self, x: Var) -> Self::Out;
    /// A nom. An answer names its noms, each a symbol `a_k` handed to [`Build::ground`].
    fn nom(&mut self, a: Nom) -> Self::Out {
        self.ground(Term::Nom(a))
    }
    /// The list pair of `head` and `tail`.
    fn pair(&mut self, head: Self::Out, tail: Self::Out) -> Self::Out;
    /// The list of `heads` then `tail`: a list's pairs, built together once its parts are
    /// (`tail` is what follows the last pair whose parts have variables: `()` ends a proper
    /// list, and a part without variables comes whole, through [`Build::ground`]). By
    /// default, [`Build::pair`] of each head, the last first.
    fn list(&mut self, heads: Vec<Self::Out>, tail: Self::Out) -> Self::Out {
        heads
            .into_iter()
            .rev()
            .fold(tail, |tail, head| self.pair(head, tail))
    }
    /// A vector of `items`.
    fn vector(&mut self, items: Vec<Self::Out>) -> Self::Out;
    /// A map of `entries`, in the term's order; `partial` for a partial map (`featurec`'s).
    fn map(&mut self, entries: Vec<(Self::Out, Self::Out)>, partial: bool) -> Self::Out;
    /// A tie of `nom` in `body` (nominal logic).
    fn tie(&mut self, nom: Self::Out, body: Self::Out) -> Self::Out;
}

/// [`Subst::rebuild_with`]'s builder: terms, each unbound variable `v` as `var(v)` and each
/// nom `a` as `nom(a)` when those are `Some`.
pub(crate) struct Rebuilt<V, N> {
    pub(crate) var: V,
    pub(crate) nom: N,
}

impl<V: FnMut(Var) -> Option<Term>, N: FnMut(Nom) -> Option<Term>> Build for Rebuilt<V, N> {
    type Out = Term;

    #[inline]
    fn ground(&mut self, t: Term) -> Term {
        t
    }

    #[inline]
    fn var(&mut self, x: Var) -> Term {
        (self.var)(x).unwrap_or(Term::Var(x))
    }

    #[inline]
    fn nom(&mut self, a: Nom) -> Term {
        (self.nom)(a).unwrap_or(Term::Nom(a))
    }

    #[inline]
    fn pair(&mut self, head: Term, tail: Term) -> Term {
        Term::cons(head, tail)
    }

    #[inline]
    fn vector(&mut self, items: Vec<Term>) -> Term {
        Term::Vector(items.into())
    }

    fn map(&mut self, entries: Vec<(Term, Term)>, partial: bool) -> Term {
        match partial {
            true => Term::PartialMap(entries.into()),
            false => Term::Map(entries.into()),
        }
    }

    fn tie(&mut self, nom: Term, body: Term) -> Term {
        Term::tie(nom, body)
    }
}

/// `t` with each variable replaced by a fresh one, the same variable by the same fresh one
/// (core.logic's `build` into an empty substitution, then `walk*`): a copy renamed apart, as
/// `copy_term` makes and as a table's answers are read. Time: O(size of `t`).
pub(crate) fn renamed_apart(t: &Term) -> Term {
    let mut fresh: rustc_hash::FxHashMap<Var, Var> = rustc_hash::FxHashMap::default();
    Subst::default().rebuild(t, &mut |x| {
        Some(Term::Var(*fresh.entry(x).or_insert_with(Var::fresh)))
    })
}

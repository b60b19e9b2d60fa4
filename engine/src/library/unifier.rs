//! The unifier (core.logic's `clojure.core.logic.unifier`): unify plain terms in which symbols
//! spelled `?name` stand for logic variables, without writing a goal or a query.
//!
//! [`unify`] gives the value all the terms become (`(u/unify ['(?x ?y) '(1 2)])` is `(1 2)`),
//! [`unifier`] the bindings of the `?` symbols as a map term (`{?x 1, ?y 2}`); both give `None`
//! when the terms do not unify (core.logic's `nil`). A `?` symbol still unbound at the end
//! stands for itself, as core.logic prints it (`(1 . ?z)`). [`Options`] adds core.logic's
//! `:as` (symbols bound to terms beforehand) and `:when` (predicates the values must satisfy).
//!
//! ```
//! use kanren::{list, unifier, Term};
//! let (x, y, z) = (Term::sym("?x"), Term::sym("?y"), Term::sym("?z"));
//! let u = unifier::unify([list![x.clone(), y.clone(), 3], list![1, 2, z.clone()]]).unwrap();
//! assert_eq!(u.to_string(), "(1 2 3)");
//! let m = unifier::unifier([list![x, y, 3], list![1, 2, z]]).unwrap();
//! assert_eq!(m.to_string(), "{?z 3, ?x 1, ?y 2}");
//! ```
//!
//! The binding map lists the symbols in core.logic's order, which follows how it gathers them
//! (see `listing_order`): `{?z 3, ?x 1, ?y 2}` above, and past 8 bindings the order of a
//! Clojure hash map (`crate::kernel::term::hasheq`).
//!
//! DIVERGENCE: `unifier` of three or more terms
//! unifies them all (core.logic 1.1.1 returns `nil`: it unifies the first binding map with the
//! next term).

use crate::kernel::state::State;
use crate::kernel::term::{Term, Var};
use std::sync::Arc;

/// A predicate on the values of some `?` symbols: see [`Options::when`].
type Pred = Arc<dyn Fn(&[Term]) -> bool + Send + Sync>;

/// core.logic's options map of `u/unify` and `u/unifier`.
///
/// ```
/// use kanren::{list, unifier::{self, Options}, Term};
/// let even = Options::new().when(["?a"], |v| v[0].as_int().is_some_and(|a| a % 2 == 0));
/// let (a, k) = (Term::sym("?a"), Term::sym(":a"));
/// let m = |v: Term| Term::map([(k.clone(), v)]);
/// assert!(unifier::unify_with(&even, [m(a.clone()), m(2.into())]).is_some());
/// assert!(unifier::unify_with(&even, [m(a), m(1.into())]).is_none());
/// ```
#[derive(Clone, Default)]
pub struct Options {
    bindings: Vec<(Arc<str>, Term)>,
    preds: Vec<(Vec<Arc<str>>, Pred)>,
}

impl Options {
    /// No options.
    ///
    /// ```
    /// assert!(kanren::unifier::unify_with(&kanren::unifier::Options::new(), [kanren::Term::from(1), 1.into()]).is_some());
    /// ```
    pub fn new() -> Options {
        Options::default()
    }

    /// `:as`: the symbol `sym` (`"?x"`) stands for `term` (which may use `?` symbols too)
    /// before the terms are unified.
    ///
    /// ```
    /// use kanren::{list, unifier::{self, Options}, Term};
    /// let (x, y) = (Term::sym("?x"), Term::sym("?y"));
    /// // (u/unify {:as '{?x (?y ?y)}} '[[?y ?x] [1 (1 1)]]) => [1 (1 1)]
    /// let opts = Options::new().bind("?x", list![y.clone(), y.clone()]);
    /// let u = unifier::unify_with(&opts, [Term::from(vec![y, x]), vec![Term::from(1), list![1, 1]].into()]);
    /// assert_eq!(u.unwrap().to_string(), "[1 (1 1)]");
    /// ```
    pub fn bind(mut self, sym: &str, term: impl Into<Term>) -> Options {
        self.bindings.push((sym.into(), term.into()));
        self
    }

    /// `:when`: once the terms are unified, `pred` must hold of the values of `syms`, taken
    /// together (core.logic's vector of symbols, `{'[?a ?b] complexc}`). A symbol left unbound
    /// is not checked (the predicate is about values). For one predicate on each of several
    /// symbols (core.logic's set `#{?a ?b}`), call `when` once per symbol.
    ///
    /// ```
    /// use kanren::{list, unifier::{self, Options}, Term};
    /// let lt = Options::new().when(["?x", "?y"], |v| v[0].as_int() < v[1].as_int());
    /// let xy = list![Term::sym("?x"), Term::sym("?y")];
    /// assert!(unifier::unifier_with(&lt, [xy.clone(), list![2, 6]]).is_some());
    /// assert!(unifier::unifier_with(&lt, [xy, list![6, 2]]).is_none());
    /// ```
    pub fn when<const N: usize>(
        self,
        syms: [&str; N],
        pred: impl Fn(&[Term]) -> bool + Send + Sync + 'static,
    ) -> Options {
        self.when_all(&syms, pred)
    }

    /// [`when`](Options::when) for symbols known only at run time (an interpreter's options
    /// map).
    ///
    /// ```
    /// use kanren::{list, unifier::{self, Options}, Term};
    /// let names = vec!["?x", "?y"];
    /// let lt = Options::new().when_all(&names, |v| v[0].as_int() < v[1].as_int());
    /// let xy = list![Term::sym("?x"), Term::sym("?y")];
    /// assert!(unifier::unifier_with(&lt, [xy.clone(), list![2, 6]]).is_some());
    /// assert!(unifier::unifier_with(&lt, [xy, list![6, 2]]).is_none());
    /// ```
    pub fn when_all(
        mut self,
        syms: &[&str],
        pred: impl Fn(&[Term]) -> bool + Send + Sync + 'static,
    ) -> Options {
        self.preds
            .push((syms.iter().map(|&s| Arc::from(s)).collect(), Arc::new(pred)));
        self
    }
}

/// The `?` symbols met so far and their variables, in order of first occurrence.
#[derive(Default)]
struct Names(Vec<(Arc<str>, Var)>);

impl Names {
    fn var(&mut self, name: &Arc<str>) -> Var {
        if let Some((_, v)) = self.0.iter().find(|(n, _)| n == name) {
            return *v;
        }
        let v = Var::fresh();
        self.0.push((name.clone(), v));
        v
    }

    /// `t` with its `?` symbols replaced by their variables (core.logic's `prep`).
    fn prep(&mut self, t: &Term) -> Term {
        match t {
            Term::Sym(name) if name.starts_with('?') => Term::Var(self.var(name)),
            Term::Pair(p) => {
                // Along the spine in a loop: a long list does not recurse.
                let mut heads = vec![self.prep(&p.0)];
                let mut tail = &p.1;
                while let Term::Pair(q) = tail {
                    heads.push(self.prep(&q.0));
                    tail = &q.1;
                }
                let tail = self.prep(tail);
                Term::list_with_tail(heads, tail)
            }
            Term::Vector(items) => Term::Vector(items.iter().map(|x| self.prep(x)).collect()),
            Term::Map(entries) => Term::Map(
                entries
                    .iter()
                    .map(|(k, v)| (self.prep(k), self.prep(v)))
                    .collect(),
            ),
            atom => atom.clone(),
        }
    }

    /// `t` walked completely in `s`, each unbound variable written as its `?` symbol.
    fn show(&self, s: &State, t: &Term) -> Term {
        s.subst().rebuild(t, &mut |v| {
            let (name, _) = self.0.iter().find(|(_, w)| *w == v)?;
            Some(Term::Sym(name.clone()))
        })
    }
}

/// Unifies all of `terms` under `opts`: the state and the names, or `None`.
fn solve(opts: &Options, terms: impl IntoIterator<Item = Term>) -> Option<(State, Names, Term)> {
    let mut names = Names::default();
    let mut s = State::new();
    for (sym, term) in &opts.bindings {
        let x = Term::Var(names.var(sym));
        let t = names.prep(term);
        s = s.unify(&x, &t)?;
    }
    let mut terms = terms.into_iter().map(|t| names.prep(&t));
    let first = terms.next()?;
    for t in terms {
        s = s.unify(&first, &t)?;
    }
    for (syms, pred) in &opts.preds {
        let values: Vec<Term> = syms
            .iter()
            .map(|sym| s.walk_star(&Term::Var(names.var(sym))))
            .collect();
        if values.iter().all(Term::has_no_vars) && !pred(&values) {
            return None;
        }
    }
    Some((s, names, first))
}

/// The value all of `terms` take when unified (core.logic's `u/unify`), `?` symbols left
/// unbound written as themselves; `None` when they do not unify. The occurs check is on.
///
/// ```
/// use kanren::{list, unifier, Term};
/// // (u/unify ['(?x . ?y) '(1 . ?z)]) => (1 . ?z)
/// let u = unifier::unify([
///     Term::cons(Term::sym("?x"), Term::sym("?y")),
///     Term::cons(1, Term::sym("?z")),
/// ]);
/// assert_eq!(u.unwrap().to_string(), "(1 . ?z)");
/// assert!(unifier::unify([list![Term::sym("?x"), 2], list![1, 9]]).is_none());
/// ```
pub fn unify(terms: impl IntoIterator<Item = Term>) -> Option<Term> {
    unify_with(&Options::new(), terms)
}

/// [`unify`] with [`Options`] (core.logic's `(u/unify opts ts)`).
///
/// ```
/// use kanren::{unifier::{self, Options}, Term};
/// let opts = Options::new().when(["?a"], |v| v[0].as_int().is_some_and(|a| a % 2 == 0));
/// assert_eq!(unifier::unify_with(&opts, [Term::sym("?a"), 4.into()]), Some(4.into()));
/// ```
pub fn unify_with(opts: &Options, terms: impl IntoIterator<Item = Term>) -> Option<Term> {
    let (s, names, first) = solve(opts, terms)?;
    Some(names.show(&s, &first))
}

/// The bindings that unify all of `terms` (core.logic's `u/unifier`): a map term from each
/// `?` symbol that got a value to that value (`{?x 1, ?y 2}`), a symbol bound only to another
/// one written as that one (`{?x ?z}`); `None` when they do not unify.
///
/// ```
/// use kanren::{list, unifier, Term};
/// let (x, y, z) = (Term::sym("?x"), Term::sym("?y"), Term::sym("?z"));
/// // (u/unifier '[[?x ?y] [?y ?z]]) => {?y ?z, ?x ?z}
/// let m = unifier::unifier([Term::from(vec![x.clone(), y.clone()]), vec![y, z].into()]);
/// assert_eq!(m.unwrap().to_string(), "{?y ?z, ?x ?z}");
/// assert_eq!(unifier::unifier([x.clone(), x]).unwrap().to_string(), "{}");
/// ```
pub fn unifier(terms: impl IntoIterator<Item = Term>) -> Option<Term> {
    unifier_with(&Options::new(), terms)
}

/// [`unifier`] with [`Options`] (core.logic's `(u/unifier opts ts)`).
///
/// ```
/// use kanren::{list, unifier::{self, Options}, Term};
/// // (u/unifier {:as {'?x '(?y ?z)}} '[(?x) ((1 2))]) => {?z 2, ?y 1, ?x (1 2)}
/// let opts = Options::new().bind("?x", list![Term::sym("?y"), Term::sym("?z")]);
/// let m = unifier::unifier_with(&opts, [list![Term::sym("?x")], list![list![1, 2]]]);
/// assert_eq!(m.unwrap().to_string(), "{?z 2, ?y 1, ?x (1 2)}");
/// ```
pub fn unifier_with(opts: &Options, terms: impl IntoIterator<Item = Term>) -> Option<Term> {
    let terms: Vec<Term> = terms.into_iter().collect();
    let order = listing_order(opts, &terms);
    let (s, names, _) = solve(opts, terms)?;
    let mut bound: Vec<(Term, Term)> = names
        .0
        .iter()
        .filter_map(|(name, v)| {
            let x = Term::Var(*v);
            (s.walk(&x) != x).then(|| (Term::Sym(name.clone()), names.show(&s, &x)))
        })
        .collect();
    let place = |name: &Term| order.iter().position(|n| *n == *name).unwrap_or(usize::MAX);
    match bound.len() {
        // An array map keeps the order its entries came in; a larger map is a hash map.
        0..=8 => bound.sort_by_key(|(name, _)| place(name)),
        _ => bound.sort_by_key(|(name, _)| crate::kernel::term::hasheq::set_order_key(name)),
    }
    Some(Term::map(bound))
}

/// Adds the `?` symbols of `t` to `seen` in the order core.logic's `prep` meets them: left to
/// right, except in a dotted list (`(?a ?b . ?c)`), which it builds from the tail, so there
/// the tail comes first, then the items from the last.
fn prep_order(t: &Term, seen: &mut Vec<Term>) {
    crate::kernel::stack::maybe_grow(32 * 1024, 1024 * 1024, || match t {
        Term::Sym(n) if n.starts_with('?') && !seen.contains(t) => seen.push(t.clone()),
        Term::Pair(_) => {
            let mut heads = Vec::new();
            let mut tail = t;
            while let Term::Pair(p) = tail {
                heads.push(&p.0);
                tail = &p.1;
            }
            if tail.is_seq() {
                heads.iter().for_each(|h| prep_order(h, seen));
                prep_order(tail, seen);
            } else {
                prep_order(tail, seen);
                heads.iter().rev().for_each(|h| prep_order(h, seen));
            }
        }
        Term::Vector(items) => items.iter().for_each(|x| prep_order(x, seen)),
        Term::Map(entries) => entries.iter().for_each(|(k, v)| {
            prep_order(k, seen);
            prep_order(v, seen);
        }),
        _ => {}
    })
}

/// The order core.logic's `unifier` lists the `?` symbols in. Each term's symbols are the keys
/// of the map `prep` builds (first occurrence first, or hash order past 8 of them: a hash
/// map), and the terms' key lists (then the `:as` values') are joined by `(reduce into)`,
/// which puts each next list, reversed, in front.
fn listing_order(opts: &Options, terms: &[Term]) -> Vec<Term> {
    let keys = |t: &Term| {
        let mut seen: Vec<Term> = Vec::new();
        prep_order(t, &mut seen);
        if seen.len() > 8 {
            seen.sort_by_key(crate::kernel::term::hasheq::set_order_key);
        }
        seen
    };
    let values = opts.bindings.iter().map(|(_, t)| t);
    let mut lists = terms.iter().chain(values).map(keys);
    let mut order = lists.next().unwrap_or_default();
    for list in lists {
        for name in list {
            order.insert(0, name);
        }
    }
    order
}

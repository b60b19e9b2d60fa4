//! Fact databases as relations (core.logic's `clojure.core.logic.pldb`): relations whose
//! facts live in a persistent database, queried by unification.
//!
//! | core.logic | kanren |
//! | --- | --- |
//! | `(db-rel man p)` | `let man = pldb::rel("man", 1);` |
//! | `(db-rel rel2 ^:index e a)` | `let rel2 = pldb::indexed_rel("rel2", [true, false]);` |
//! | `(db [man 'Bob] [man 'John])` | `Db::new().fact(&man, [bob]).fact(&man, [john])` |
//! | `(db-fact db man 'Ann)`, `(db-retraction db man 'Bob)` | `db.fact(&man, [ann])`, `db.retraction(&man, [bob])` |
//! | `(with-db db (run* [q] (man q)))` | `run_all(\|q\| pldb::with_db(&db, man.call([q])))` |
//! | `(with-dbs [db1 db2] ...)` | `pldb::with_dbs([db1, db2], goal)` |
//!
//! A call `rel.call(args)` unifies its arguments with each fact of `rel` in the databases in
//! scope, in order (the databases in the order they came into scope, each one's facts in the
//! order of core.logic's hash sets): its answers come one per matching fact, without suspending
//! between them (core.logic's `to-stream`). When an indexed argument is ground at the call,
//! only the facts with that value there are tried: O(log n + answers) instead of a scan.
//!
//! ```
//! use kanren::{conj, eq, fresh, run_all, pldb::{self, Db}, Term};
//! let (man, woman, likes) = (pldb::rel("man", 1), pldb::rel("woman", 1), pldb::rel("likes", 2));
//! let s = Term::sym;
//! let db = Db::new()
//!     .fact(&man, [s("Bob")]).fact(&man, [s("John")])
//!     .fact(&woman, [s("Mary")]).fact(&woman, [s("Lucy")])
//!     .fact(&likes, [s("Bob"), s("Mary")]).fact(&likes, [s("John"), s("Lucy")]);
//! let fun = pldb::rel("fun", 1);
//! let db = db.fact(&fun, [s("Lucy")]);
//! let liked: Vec<String> = run_all(|q| pldb::with_db(&db, fresh(move |[x, y]| conj([
//!     likes.call([x, y]), fun.call([y]), eq(q, vec![x, y]),
//! ])))).map(|a| a.to_string()).collect();
//! assert_eq!(liked, ["[John Lucy]"]);
//! ```
//!
//! core.logic keeps a relation's facts in a Clojure hash set, so its answers come in the
//! order of the facts' Clojure hashes; kanren computes those hashes (`crate::kernel::term::hasheq`) and
//! gives the answers in the same order.

mod db;

use crate::kernel::goal::Goal;
use crate::kernel::state::State;
use crate::kernel::stream::{Link, Node, Stream};
use crate::kernel::term::{Args, Term};
use db::Candidates;
pub use db::{Db, Rel};
use std::sync::Arc;

/// Declares fact relations (core.logic's `db-rel`): `db_rel!(edge(x, y))` defines the
/// relation `edge(x, y)`, a function returning the goal that unifies its arguments with a
/// fact of `edge` in the databases in scope, and `edge::rel()`, the [`Rel`] that
/// [`Db::fact`] and [`db!`](crate::db) take. Several relations may be declared at once, with
/// a visibility (`pub man(p)`) and indexed arguments (`likes(#[index] a, b)`, core.logic's
/// `^:index`). The names of the arguments only document them.
///
/// A relation's facts are keyed by its name and arity, as core.logic keys them, so two
/// declarations of `edge` with two arguments read the same facts.
///
/// ```
/// use kanren::{db, db_rel, fresh, pldb, run_all, term};
/// db_rel!(man(p), likes(#[index] a, b));
/// let facts = db![[man 'Bob] [man 'John] [likes 'Bob 'Mary] [likes 'John 'Lucy]];
/// let a: Vec<String> = run_all(|q| pldb::with_db(&facts, fresh!([x], man(x), likes(x, q))))
///     .map(|a| a.to_string())
///     .collect();
/// assert_eq!(a, ["Lucy", "Mary"]);
/// // The relation as a value, for the methods of `Db`.
/// let facts = facts.retraction(likes::rel(), [term!(Bob), term!(Mary)]);
/// assert_eq!(facts.len(likes::rel()), 1);
/// ```
#[macro_export]
macro_rules! db_rel {
    ($($vis:vis $name:ident($($(#[$index:ident])? $arg:ident),* $(,)?)),+ $(,)?) => {$(
        $vis fn $name($($arg: impl ::std::convert::Into<$crate::Term>),*) -> $crate::Goal {
            $name::rel().call([$(::std::convert::Into::<$crate::Term>::into($arg)),*])
        }
        #[allow(dead_code)]
        $vis mod $name {
            /// The relation as a value: its facts' key and its indexed arguments.
            pub fn rel() -> &'static $crate::pldb::Rel {
                static REL: ::std::sync::LazyLock<$crate::pldb::Rel> =
                    ::std::sync::LazyLock::new(|| {
                        $crate::pldb::indexed_rel(
                            ::std::stringify!($name),
                            [$($crate::db_rel!(@index $($index)? $arg)),*],
                        )
                    });
                &REL
            }
        }
    )+};
    (@index $arg:ident) => { false };
    (@index index $arg:ident) => { true };
}

/// A relation of `arity` arguments, none indexed (core.logic's `(db-rel name args...)`).
///
/// ```
/// let man = kanren::pldb::rel("man", 1);
/// assert_eq!(man.arity(), 1);
/// ```
pub fn rel(name: &str, arity: usize) -> Rel {
    Rel {
        key: format!("{name}_{arity}").into(),
        indexed: vec![false; arity].into(),
    }
}

/// A relation whose arguments marked `true` are indexed (core.logic's `^:index`): a call with
/// such an argument ground looks its facts up instead of scanning them all.
///
/// ```
/// use kanren::{run_all, pldb::{self, Db}, Term};
/// let rel1 = pldb::indexed_rel("rel1", [true, false]);
/// let db = Db::new().fact(&rel1, [1, 2]).fact(&rel1, [3, 4]);
/// let a: Vec<String> = run_all(|q| pldb::with_db(&db, rel1.call([Term::from(3), q.into()])))
///     .map(|a| a.to_string()).collect();
/// assert_eq!(a, ["4"]);
/// ```
pub fn indexed_rel<const N: usize>(name: &str, indexed: [bool; N]) -> Rel {
    Rel {
        key: format!("{name}_{N}").into(),
        indexed: indexed.into(),
    }
}

impl Rel {
    /// The goal `rel(args...)`: the arguments unify with a fact of the relation in the
    /// databases in scope (see the module docs). `args` is an array, or a tuple when they mix
    /// types (`(q, term!(bob))`; see [`Args`](crate::Args)). Panics when the number of
    /// arguments is not the relation's arity.
    ///
    /// ```
    /// use kanren::{run_all, pldb::{self, Db}, Term};
    /// let man = pldb::rel("man", 1);
    /// let db = Db::new().fact(&man, [Term::sym("Bob")]).fact(&man, [Term::sym("John")]);
    /// let men: Vec<String> = run_all(|q| pldb::with_db(&db, man.call([q])))
    ///     .map(|a| a.to_string()).collect();
    /// assert_eq!(men, ["John", "Bob"]); // core.logic's order (see the module docs)
    /// // Outside `with_db`, no database is in scope: no answers.
    /// assert_eq!(run_all(|q| man.call([q])).count(), 0);
    /// ```
    pub fn call(&self, args: impl Args) -> Goal {
        self.goal(args, None)
    }

    /// The goal `rel(args...)` over the databases `dbs`, whatever databases the state has in
    /// scope: for a caller that keeps its own scope (a front end's dynamic `with-db`).
    ///
    /// ```
    /// use kanren::{run_all, pldb::{self, Db}};
    /// let fun = pldb::rel("fun", 1);
    /// let db = Db::new().fact(&fun, [1]);
    /// assert_eq!(run_all(|q| fun.call_in(&[db.clone()], [q])).count(), 1);
    /// ```
    pub fn call_in(&self, dbs: &[Db], args: impl Args) -> Goal {
        self.goal(args, Some(dbs.into()))
    }

    /// [`Rel::call_in`] over databases already shared: a caller that calls many relations
    /// in one scope shares the one list, without a copy of it a call.
    ///
    /// ```
    /// use kanren::{run_all, pldb::{self, Db}};
    /// use std::sync::Arc;
    /// let fun = pldb::rel("fun", 1);
    /// let dbs: Arc<[Db]> = Arc::new([Db::new().fact(&fun, [1]).fact(&fun, [2])]);
    /// assert_eq!(run_all(|q| fun.call_in_shared(dbs.clone(), [q])).count(), 2);
    /// ```
    pub fn call_in_shared(&self, dbs: Arc<[Db]>, args: impl Args) -> Goal {
        self.goal(args, Some(dbs))
    }

    fn goal(&self, args: impl Args, dbs: Option<Arc<[Db]>>) -> Goal {
        let args: Arc<[Term]> = args.into_args().into_iter().collect();
        assert!(
            args.len() == self.arity(),
            "the relation {} takes {} arguments, this call has {}",
            self.key,
            self.arity(),
            args.len()
        );
        let rel = self.clone();
        Goal::new(move |s| {
            let dbs: Arc<[Db]> = match &dbs {
                Some(dbs) => dbs.clone(),
                None => s.ext::<InScope>().map_or(&[][..], |d| &d.0).into(),
            };
            if dbs.is_empty() {
                return Stream::empty();
            }
            // The first indexed argument that is ground here picks the candidates.
            let key =
                rel.indexed
                    .iter()
                    .zip(args.iter())
                    .enumerate()
                    .find_map(|(i, (&indexed, a))| {
                        let v = s.walk_star(a);
                        (indexed && v.has_no_vars()).then_some((i, v))
                    });
            let candidates: Vec<Candidates> = dbs
                .iter()
                .map(|db| db.candidates(&rel, key.as_ref().map(|(i, v)| (*i, v))))
                .collect();
            matches(s, args.clone(), candidates.into(), 0, 0)
        })
    }
}

/// The states where `args` equals a candidate fact, from database `d` and id `from` on, one
/// `Choice` per match (core.logic's `to-stream`), the rest lazily.
fn matches(
    s: State,
    args: Arc<[Term]>,
    dbs: Arc<[Candidates]>,
    mut d: usize,
    mut from: u64,
) -> Stream {
    let whole = Term::Vector(args.clone());
    while d < dbs.len() {
        let Some((id, fact)) = dbs[d].next_from(from) else {
            (d, from) = (d + 1, 0);
            continue;
        };
        if let Some(next) = s.unify(&whole, &Term::Vector(fact)) {
            let rest = Node::Lazy(Box::new(move || matches(s, args, dbs, d, id + 1)));
            return Stream(Node::Choice(next, Link::new(rest)));
        }
        from = id + 1;
    }
    Stream::empty()
}

/// `g` with `db` in scope, after the databases already in scope (core.logic's `with-db`).
///
/// ```
/// use kanren::{run_all, pldb::{self, Db}};
/// let fun = pldb::rel("fun", 1);
/// let (a, b) = (Db::new().fact(&fun, [1]), Db::new().fact(&fun, [2]));
/// let n = run_all(|q| pldb::with_db(&a, pldb::with_db(&b, fun.call([q])))).count();
/// assert_eq!(n, 2);
/// ```
pub fn with_db(db: &Db, g: Goal) -> Goal {
    with_dbs([db.clone()], g)
}

/// The fact databases in scope of a state, in the order they came into scope (kept in the
/// state's extension slots, see `State::ext`).
#[derive(Clone, Default)]
struct InScope(Vec<Db>);

/// `g` with all of `dbs` in scope, in order, after those already in scope (core.logic's
/// `with-dbs`). A database already in scope (the same one, unchanged) is not added again: a
/// recursive relation that puts its facts in scope at each level reads them once.
///
/// ```
/// use kanren::{run_all, pldb::{self, Db}, Term};
/// let port = pldb::rel("open-port", 2);
/// let n1 = Db::new().fact(&port, [1, 22]).fact(&port, [2, 143]);
/// let n2 = Db::new().fact(&port, [7, 143]);
/// let ips: Vec<String> = run_all(|q| pldb::with_dbs([n1.clone(), n2.clone()], port.call([q.into(), Term::from(143)])))
///     .map(|a| a.to_string()).collect();
/// assert_eq!(ips, ["2", "7"]);
/// ```
pub fn with_dbs(dbs: impl IntoIterator<Item = Db>, g: Goal) -> Goal {
    let added: Vec<Db> = dbs.into_iter().collect();
    Goal::new(move |mut s| {
        for db in &added {
            let known = s
                .ext::<InScope>()
                .is_some_and(|d| d.0.iter().any(|d| d.same(db)));
            if !known {
                s.ext_mut::<InScope>().0.push(db.clone());
            }
        }
        g.apply(s)
    })
}

impl Db {
    /// This database with each of `facts` added (core.logic's `db-facts`).
    ///
    /// ```
    /// use kanren::pldb::{self, Db};
    /// let man = pldb::rel("man", 1);
    /// let db = Db::new().facts(&man, [["Bob"], ["John"]]);
    /// assert_eq!(db.len(&man), 2);
    /// ```
    pub fn facts<F: Args>(&self, rel: &Rel, facts: impl IntoIterator<Item = F>) -> Db {
        facts
            .into_iter()
            .fold(self.clone(), |db, f| db.fact(rel, f))
    }

    /// This database with each of `facts` retracted (core.logic's `db-retractions`).
    ///
    /// ```
    /// use kanren::pldb::{self, Db};
    /// let man = pldb::rel("man", 1);
    /// let db = Db::new().facts(&man, [["Bob"], ["John"]]).retractions(&man, [["Bob"]]);
    /// assert_eq!(db.len(&man), 1);
    /// ```
    pub fn retractions<F: Args>(&self, rel: &Rel, facts: impl IntoIterator<Item = F>) -> Db {
        facts
            .into_iter()
            .fold(self.clone(), |db, f| db.retraction(rel, f))
    }
}

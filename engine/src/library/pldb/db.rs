//! Fact databases (the data of core.logic's `pldb`): for each relation, its facts in the
//! order core.logic's hash sets give them, and an index per indexed argument. Persistent: adding or retracting
//! a fact makes a new database and leaves the old one as it was, sharing what did not change.
//!
//! Representation (invariants), per relation:
//! - `facts: id -> fact` (an ordered map), and `ids: fact -> id`, so a fact is stored once and
//!   retracted by value in O(log n). An id is the fact's place in a Clojure hash set (the
//!   set-order key of its Clojure hash, `crate::kernel::term::hasheq`) in its high 32 bits and a count of
//!   the facts added in its low 32, so facts come back in the order core.logic's sets give
//!   them (a hash shared by two facts: in the order they were added, as Clojure's collision
//!   nodes keep them);
//! - `index[i]`, for an indexed argument `i`: `value -> ids of the facts with that value
//!   there`, kept in step with `facts`.
//!
//! Costs: adding or retracting a fact O(log n) per index; a lookup whose indexed argument is
//! ground O(log n + answers); otherwise all the relation's facts are candidates.

use crate::kernel::term::{Args, Term};
use imbl::{HashMap, OrdMap, OrdSet};
use std::sync::Arc;

/// A relation of a fact database: its name, arity, and which arguments are indexed (core.logic's
/// `db-rel`, with `^:index` on the indexed arguments). Build it with
/// [`pldb::rel`](crate::pldb::rel) or [`pldb::indexed_rel`](crate::pldb::indexed_rel).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Rel {
    pub(crate) key: Arc<str>,
    pub(crate) indexed: Arc<[bool]>,
}

impl Rel {
    /// The relation's name, with its arity as core.logic keys it (`man_1`).
    ///
    /// ```
    /// assert_eq!(kanren::pldb::rel("man", 1).name(), "man_1");
    /// ```
    pub fn name(&self) -> &str {
        &self.key
    }

    /// The number of arguments.
    ///
    /// ```
    /// assert_eq!(kanren::pldb::rel("likes", 2).arity(), 2);
    /// ```
    pub fn arity(&self) -> usize {
        self.indexed.len()
    }
}

type Fact = Arc<[Term]>;

#[derive(Clone, Default)]
struct Facts {
    next: u64,
    facts: OrdMap<u64, Fact>,
    ids: HashMap<Fact, u64>,
    /// One per argument: `Some` for an indexed one.
    index: Vec<Option<HashMap<Term, OrdSet<u64>>>>,
}

/// A fact database (core.logic's `pldb` database): facts of relations, with their indexes.
///
/// ```
/// use kanren::pldb::{self, Db};
/// let man = pldb::rel("man", 1);
/// let db = Db::new().fact(&man, ["Bob"]).fact(&man, ["John"]);
/// let smaller = db.retraction(&man, ["Bob"]);
/// assert_eq!(db.len(&man), 2);
/// assert_eq!(smaller.len(&man), 1);
/// ```
#[derive(Clone, Default)]
pub struct Db {
    rels: HashMap<Arc<str>, Facts>,
    /// Which version of a database this is: every change makes a new one (copies share it,
    /// and so do empty databases, 0), so that the same database is not put in scope twice.
    version: u64,
}

/// A new database version (see `Db::version`).
fn next_version() -> u64 {
    static NEXT: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(1);
    NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed)
}

impl Db {
    /// The empty database (core.logic's `empty-db`).
    ///
    /// ```
    /// assert_eq!(kanren::pldb::Db::new().len(&kanren::pldb::rel("man", 1)), 0);
    /// ```
    pub fn new() -> Db {
        Db::default()
    }

    /// This database with the fact `rel(args...)` added (core.logic's `db-fact`); adding a
    /// fact already there changes nothing. Panics when the number of arguments is not the
    /// relation's arity: that is a mistake in the program, not a failing goal.
    ///
    /// ```
    /// use kanren::pldb::{self, Db};
    /// let likes = pldb::rel("likes", 2);
    /// let db = Db::new().fact(&likes, ["Bob", "Mary"]).fact(&likes, ["Bob", "Mary"]);
    /// assert_eq!(db.len(&likes), 1);
    /// ```
    pub fn fact(&self, rel: &Rel, args: impl Args) -> Db {
        let fact: Fact = args.into_args().into_iter().collect();
        check_arity(rel, &fact);
        let mut db = self.clone();
        let facts = db.rels.entry(rel.key.clone()).or_insert_with(|| Facts {
            index: rel.indexed.iter().map(|&i| i.then(HashMap::new)).collect(),
            ..Facts::default()
        });
        if facts.ids.contains_key(&fact) {
            return db;
        }
        let id =
            crate::kernel::term::hasheq::items_order_key(&fact) << 32 | (facts.next & 0xffff_ffff);
        facts.next += 1;
        for (index, value) in facts.index.iter_mut().zip(fact.iter()) {
            if let Some(index) = index {
                index.entry(value.clone()).or_default().insert(id);
            }
        }
        facts.ids.insert(fact.clone(), id);
        facts.facts.insert(id, fact);
        db.version = next_version();
        db
    }

    /// This database without the fact `rel(args...)` (core.logic's `db-retraction`); retracting
    /// a fact that is not there changes nothing.
    ///
    /// ```
    /// use kanren::pldb::{self, Db};
    /// let man = pldb::rel("man", 1);
    /// let db = Db::new().fact(&man, ["Bob"]);
    /// assert_eq!(db.retraction(&man, ["Bob"]).len(&man), 0);
    /// assert_eq!(db.retraction(&man, ["Ann"]).len(&man), 1);
    /// ```
    pub fn retraction(&self, rel: &Rel, args: impl Args) -> Db {
        let fact: Fact = args.into_args().into_iter().collect();
        check_arity(rel, &fact);
        let mut db = self.clone();
        let Some(facts) = db.rels.get_mut(&rel.key) else {
            return db;
        };
        let Some(id) = facts.ids.remove(&fact) else {
            return db;
        };
        facts.facts.remove(&id);
        for (index, value) in facts.index.iter_mut().zip(fact.iter()) {
            if let Some(index) = index {
                if let Some(ids) = index.get_mut(value) {
                    ids.remove(&id);
                    if ids.is_empty() {
                        index.remove(value);
                    }
                }
            }
        }
        db.version = next_version();
        db
    }

    /// Whether `other` is this database, unchanged (a copy of the same version).
    pub(crate) fn same(&self, other: &Db) -> bool {
        self.version == other.version
    }

    /// How many facts of `rel` the database holds.
    ///
    /// ```
    /// assert_eq!(kanren::pldb::Db::new().len(&kanren::pldb::rel("fun", 1)), 0);
    /// ```
    pub fn len(&self, rel: &Rel) -> usize {
        self.rels.get(&rel.key).map_or(0, |f| f.facts.len())
    }

    /// Whether the database holds no fact of `rel`.
    ///
    /// ```
    /// assert!(kanren::pldb::Db::new().is_empty(&kanren::pldb::rel("fun", 1)));
    /// ```
    pub fn is_empty(&self, rel: &Rel) -> bool {
        self.len(rel) == 0
    }

    /// The facts of `rel` that may match a call whose argument `i` is the ground term `value`
    /// (through the index when there is one), or all of them (`key` = `None`), in
    /// core.logic's order (see the module docs). O(1): the candidates are read lazily, one at a time.
    pub(crate) fn candidates(&self, rel: &Rel, key: Option<(usize, &Term)>) -> Candidates {
        let Some(facts) = self.rels.get(&rel.key) else {
            return Candidates::None;
        };
        match key.and_then(|(i, v)| Some((facts.index.get(i)?.as_ref()?, v))) {
            Some((index, value)) => match index.get(value) {
                Some(ids) => Candidates::Ids(ids.clone(), facts.facts.clone()),
                None => Candidates::None,
            },
            None => Candidates::All(facts.facts.clone()),
        }
    }
}

/// The facts a call may match, read in order from a cursor (the id after the last one read).
#[derive(Clone)]
pub(crate) enum Candidates {
    None,
    All(OrdMap<u64, Fact>),
    Ids(OrdSet<u64>, OrdMap<u64, Fact>),
}

impl Candidates {
    /// The first candidate whose id is at least `from`, with its id. Time: O(log n).
    pub(crate) fn next_from(&self, from: u64) -> Option<(u64, Fact)> {
        match self {
            Candidates::None => None,
            Candidates::All(facts) => facts.range(from..).next().map(|(id, f)| (*id, f.clone())),
            Candidates::Ids(ids, facts) => {
                let id = *ids.range(from..).next()?;
                Some((id, facts[&id].clone()))
            }
        }
    }
}

fn check_arity(rel: &Rel, fact: &[Term]) {
    assert!(
        fact.len() == rel.arity(),
        "the relation {} takes {} arguments, this fact has {}",
        rel.key,
        rel.arity(),
        fact.len()
    );
}

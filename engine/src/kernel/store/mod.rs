//! The constraint store: one protocol for every kind of constraint, one store per state, one
//! wake-up loop (core.logic's constraint store, faster-miniKanren's attributed variables).
//!
//! A constraint ([`Constraint`]) names the variables it watches, says whether a narrowing of
//! their domains wakes it or only their binding, re-checks itself when woken ([`Run`] is the
//! state it reads and narrows), answers whether it is now entailed (then it leaves the store) or
//! has a simpler form, and says how it prints in an answer. Disequality (`!=`), every FD
//! propagator, and the constraints built on them are kinds of it; the store knows none of them.
//!
//! The constraints unification itself leaves live here, beside the store, since unification
//! posts them ([`Run::post_pending`]): a partial map met by an unbound variable (`feature.rs`),
//! and, from two ties of different noms, the freshness `a # x` (`hash.rs`, core.logic's
//! `nom/hash`) and the suspended swap `v = (a b)·x` (`susp.rs`, core.logic's `suspc`). Their
//! goals are the constraints layer's (`featurec`, `nom::hash`). Finite domains are the store's
//! own data (`domain.rs`): the store keeps each unbound variable's domain.
//!
//! Representation (all persistent, so forking a branch of the search is O(1)):
//! - `doms: Var -> Domain`: the finite domains of *unbound* variables. A domain never becomes a
//!   singleton in the map: narrowing to one value binds the variable instead (core.logic's
//!   `resolve-storable-dom`).
//! - `table`: every constraint posted on this branch, by id; an entailed one becomes `None`.
//! - `watch: Var -> Watches`: which constraints a variable wakes, split by event (binding only,
//!   or any change of its domain), plus the FD disequalities `x != y + k` stored inline (see
//!   [`Watches`]). Ids of constraints that left the table may linger and are skipped.
//!
//! ```text
//! unify binds x  ->  x's domain checked (or moved onto the variable x now aliases)
//!                ->  x's watchers queued; those watching x move to that variable
//! loop: an event (x bound / x's domain narrowed) queues x's watchers;
//!       a queued constraint runs: Keep | Entailed (dropped) | Replace(simpler form) | fail;
//!       narrowing and binding inside the run make new events; until nothing is queued.
//! ```

pub(crate) mod domain;
mod feature;
mod hash;
mod run;
mod susp;

use crate::kernel::store::domain::Domain;
use crate::kernel::subst::Subst;
use crate::kernel::term::{Term, Var};
use imbl::shared_ptr::DefaultSharedPtr;
use imbl::GenericHashMap;
use rustc_hash::FxBuildHasher;
use std::sync::Arc;

pub(crate) use feature::Feature;
pub(crate) use hash::Hash;
pub(crate) use run::Val;
pub use run::{Fail, Run};
pub(crate) use susp::Susp;

pub(crate) type Map<V> = GenericHashMap<Var, V, FxBuildHasher, DefaultSharedPtr>;

/// A constraint on logic variables: the one protocol every kind implements (disequality, the
/// FD propagators, and any constraint of your own).
///
/// The store calls [`propagate`](Constraint::propagate) once when the constraint is posted and
/// again whenever a variable it watches is bound (or, if it
/// [`wakes_on_narrowing`](Constraint::wakes_on_narrowing), whenever such a variable's domain
/// shrinks), until it is entailed. A constraint must never remove a value that belongs to one
/// of its solutions.
///
/// ```
/// use kanren::{run_all, Constraint, Fail, Goal, Run, Status, Term, Var};
/// use std::sync::Arc;
///
/// /// `x` is not the integer 3; checked once `x` is bound.
/// struct NotThree(Term);
///
/// impl Constraint for NotThree {
///     fn watched(&self) -> Vec<Var> {
///         self.0.as_var().into_iter().collect()
///     }
///     fn propagate(&self, run: &mut Run, _trigger: Option<Var>) -> Result<Status, Fail> {
///         match run.walk(&self.0) {
///             Term::Var(_) => Ok(Status::Keep),
///             t if t == Term::from(3) => Err(Fail),
///             _ => Ok(Status::Entailed),
///         }
///     }
///     fn reify(&self, name: &dyn Fn(&Term) -> Option<Term>) -> Option<Term> {
///         Some(Term::list([Term::sym("not-three"), name(&self.0)?]))
///     }
/// }
///
/// let answers: Vec<String> = run_all(|q| {
///     kanren::conde([vec![Goal::constraint(NotThree(q.into()))],
///                    vec![Goal::constraint(NotThree(q.into())), kanren::eq(q, 3)],
///                    vec![Goal::constraint(NotThree(q.into())), kanren::eq(q, 4)]])
/// }).map(|a| a.to_string()).collect();
/// assert_eq!(answers, ["(_0 :- (not-three _0))", "4"]);
/// ```
pub trait Constraint: std::any::Any + Send + Sync {
    /// The variables whose binding (or narrowing) wakes this constraint.
    fn watched(&self) -> Vec<Var>;

    /// Whether any change of a watched variable's domain wakes it (bounds reasoning), not only
    /// its binding. Default: only binding.
    fn wakes_on_narrowing(&self) -> bool {
        false
    }

    /// Re-checks the constraint in `run`, narrowing domains or binding variables through it.
    /// `trigger` is the variable whose binding woke it, if that is why it runs. `Err(Fail)`
    /// when it cannot hold.
    fn propagate(&self, run: &mut Run, trigger: Option<Var>) -> Result<Status, Fail>;

    /// How it prints among an answer's residual constraints (core.logic's `-reify`): `name`
    /// gives a term in the answer's names (`_0`, ...), or `None` when the term mentions a
    /// variable absent from the answer. `None` (the default): it is not shown.
    fn reify(&self, name: &dyn Fn(&Term) -> Option<Term>) -> Option<Term> {
        let _ = name;
        None
    }

    /// How it prints in an answer whose value, reified, is `answer` (core.logic's `-reifyc`
    /// gets that value too). Default: [`reify`](Constraint::reify).
    fn reify_answer(&self, answer: &Term, name: &dyn Fn(&Term) -> Option<Term>) -> Option<Term> {
        let _ = answer;
        self.reify(name)
    }

    /// Whether, when it prints, the variables it mentions that are absent from the answer get
    /// names of their own (`_1`, `_2`, ... after the answer's), as core.logic names them: then
    /// `name` never gives `None`. Default (`false`): `name` gives `None` for them, and a
    /// constraint on such a variable is usually not shown (a disequality on it holds for some
    /// value of it). A constraint whose meaning survives the absent variable (`featurec`:
    /// `x` is a map with a key `:a`, whatever its value) names it.
    fn names_absent(&self) -> bool {
        false
    }

    /// Whether the variables it watches must end with a value or a finite domain before an
    /// answer (core.logic's `IEnforceableConstraint`): true for the FD constraints, which
    /// narrow nothing on a variable without a domain. [`fd::undomained`](crate::fd::undomained)
    /// lists the variables of a state that break this. Default: `false`.
    fn needs_domains(&self) -> bool {
        false
    }
}

/// What a constraint is after it ran: see [`Constraint::propagate`].
pub enum Status {
    /// Still to be checked when its variables change.
    Keep,
    /// It holds whatever happens next: it leaves the store.
    Entailed,
    /// It is now equivalent to this constraint (for example a disequality with fewer
    /// bindings left), which takes its place and its watches.
    Replace(Arc<dyn Constraint>),
}

/// A variable's watchers, split by the event that wakes each, so that a narrowing (the
/// frequent event) looks only at the constraints that care about it.
///
/// The FD disequality `x != y + k` (the N-queens diagonals: hundreds per board) is the one
/// constraint kept *inline*, as `(y, k)` in `x`'s list and `(x, -k)` in `y`'s: when `x` is
/// bound to `a`, `a + k` leaves `y`'s domain, with no table lookup and no call through a
/// vtable (see docs/design.md for what that is worth).
#[derive(Clone, Default)]
pub(crate) struct Watches {
    /// Inline disequalities `(other, k)`: when bound to `a`, `other != a + k`.
    pub(crate) neq: Vec<(Var, i64)>,
    /// Constraints woken only when the variable is bound.
    pub(crate) on_bind: Vec<u32>,
    /// Constraints woken by any change of the domain (and by binding).
    pub(crate) on_change: Vec<u32>,
}

impl Watches {
    fn add_id(&mut self, id: u32, on_change: bool) {
        let list = if on_change {
            &mut self.on_change
        } else {
            &mut self.on_bind
        };
        if !list.contains(&id) {
            list.push(id);
        }
    }

    fn append(&mut self, other: &Watches) {
        self.neq.extend_from_slice(&other.neq);
        for &id in &other.on_bind {
            self.add_id(id, false);
        }
        for &id in &other.on_change {
            self.add_id(id, true);
        }
    }
}

/// The constraint store of a state. Persistent: cloning is O(1).
#[derive(Clone, Default)]
pub(crate) struct Store {
    pub(crate) doms: Map<Domain>,
    pub(crate) watch: Map<Arc<Watches>>,
    table: imbl::Vector<Option<Arc<dyn Constraint>>>,
    /// How many entries of `table` are live.
    live: usize,
    /// Whether an inline disequality was ever watched on this branch.
    inline: bool,
}

impl Store {
    /// Whether there is nothing to wake: no domain, no live constraint, no inline one.
    #[inline]
    pub(crate) fn is_empty(&self) -> bool {
        self.live == 0 && !self.inline && self.doms.is_empty()
    }

    /// The live constraints, in the order they were posted.
    pub(crate) fn constraints(&self) -> impl Iterator<Item = &Arc<dyn Constraint>> {
        self.table.iter().flatten()
    }

    /// The live constraints with their ids, in the order they were posted.
    pub(crate) fn numbered(&self) -> impl Iterator<Item = (u32, &Arc<dyn Constraint>)> {
        (0u32..)
            .zip(self.table.iter())
            .filter_map(|(id, c)| Some((id, c.as_ref()?)))
    }

    /// The unbound variables without a domain that an FD constraint watches (one that
    /// [`needs_domains`](Constraint::needs_domains), or an inline disequality), each once,
    /// in the order they were created. Time: O(w) walks and lookups, `w` the watched
    /// variables.
    #[inline]
    pub(crate) fn undomained(&self, subst: &Subst) -> Vec<Var> {
        // A store with no constraint answers where it is asked: an empty vector made in the
        // caller, not written by a call and copied back.
        if self.live == 0 && !self.inline {
            return Vec::new();
        }
        self.undomained_watched(subst)
    }

    /// [`Store::undomained`] of a store with constraints.
    #[inline(never)]
    fn undomained_watched(&self, subst: &Subst) -> Vec<Var> {
        let mut out: Vec<Var> = Vec::new();
        for (x, w) in self.watch.iter() {
            let y = match subst.walk_ref(&Term::Var(*x)) {
                Term::Var(y) => *y,
                _ => continue,
            };
            if self.doms.contains_key(&y) {
                continue;
            }
            let fd = !w.neq.is_empty()
                || w.on_bind.iter().chain(&w.on_change).any(|&id| {
                    self.table
                        .get(id as usize)
                        .and_then(Option::as_ref)
                        .is_some_and(|c| c.needs_domains())
                });
            if fd {
                out.push(y);
            }
        }
        out.sort_unstable();
        out.dedup();
        out
    }

    /// The inline disequalities on unbound variables, as `(x, other, k)`: `other != x + k`,
    /// `x` unbound (each pair of unbound variables comes twice, once from each side).
    /// Empty unless an inline disequality was ever watched. Time: O(w).
    pub(crate) fn inline_neqs(&self, subst: &Subst) -> Vec<(Var, Var, i64)> {
        if !self.inline {
            return Vec::new();
        }
        let mut out = Vec::new();
        for (x, w) in self.watch.iter() {
            if w.neq.is_empty() {
                continue;
            }
            if let Term::Var(y) = *subst.walk_ref(&Term::Var(*x)) {
                out.extend(w.neq.iter().map(|&(other, k)| (y, other, k)));
            }
        }
        out
    }

    /// How many constraints are live (for tests).
    #[cfg(test)]
    pub(crate) fn live_count(&self) -> usize {
        self.live
    }

    /// Stores `c` under a new id and watches its variables (already walked to unbound ones by
    /// the caller, or walked by `root`). Time: O(log n) per watched variable.
    pub(crate) fn add(&mut self, c: Arc<dyn Constraint>, root: impl Fn(Var) -> Var) -> u32 {
        let id = self.table.len() as u32;
        let on_change = c.wakes_on_narrowing();
        for x in c.watched() {
            self.watch_id(root(x), id, on_change);
        }
        self.table.push_back(Some(c));
        self.live += 1;
        id
    }

    fn watch_id(&mut self, x: Var, id: u32, on_change: bool) {
        match self.watch.get_mut(&x) {
            Some(list) => Arc::make_mut(list).add_id(id, on_change),
            None => {
                let mut list = Watches::default();
                list.add_id(id, on_change);
                self.watch.insert(x, Arc::new(list));
            }
        }
    }

    /// Adds the inline disequality `x != other + k` to `x`'s watch list.
    pub(crate) fn watch_neq(&mut self, x: Var, other: Var, k: i64) {
        self.inline = true;
        match self.watch.get_mut(&x) {
            Some(list) => Arc::make_mut(list).neq.push((other, k)),
            None => {
                let list = Watches {
                    neq: vec![(other, k)],
                    ..Watches::default()
                };
                self.watch.insert(x, Arc::new(list));
            }
        }
    }

    /// Moves `x`'s watchers onto `y` (`x` was just bound to the variable `y`).
    fn move_watches(&mut self, x: Var, y: Var) {
        let Some(list) = self.watch.get(&x).cloned() else {
            return;
        };
        match self.watch.get_mut(&y) {
            Some(target) => Arc::make_mut(target).append(&list),
            None => {
                self.watch.insert(y, list);
            }
        }
    }

    pub(crate) fn get(&self, id: u32) -> Option<Arc<dyn Constraint>> {
        self.table.get(id as usize).cloned().flatten()
    }

    /// Removes constraint `id` from the store: it holds for good (a search that checked it
    /// outside the store, `fd/trail`, says so).
    pub(crate) fn entail(&mut self, id: u32) {
        self.update(id, Status::Entailed, |x| x);
    }

    /// Records what became of constraint `id` after it ran.
    fn update(&mut self, id: u32, status: Status, root: impl Fn(Var) -> Var) {
        match status {
            Status::Keep => {}
            Status::Entailed => {
                if self.table.get(id as usize).is_some_and(Option::is_some) {
                    self.table.set(id as usize, None);
                    self.live -= 1;
                }
            }
            Status::Replace(c) => {
                let on_change = c.wakes_on_narrowing();
                for x in c.watched() {
                    self.watch_id(root(x), id, on_change);
                }
                self.table.set(id as usize, Some(c));
            }
        }
    }
}

/// The variable `x` stands for in `subst`: itself, or the unbound variable it is bound to (a
/// bound `x` is returned as it is: its watchers are never woken again).
pub(crate) fn root_of(subst: &crate::kernel::subst::Subst, x: Var) -> Var {
    match subst.walk_ref(&Term::Var(x)) {
        Term::Var(y) => *y,
        _ => x,
    }
}

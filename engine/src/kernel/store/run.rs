//! A propagation run: a state being extended (substitution and store), the events not yet
//! handled, and the constraints queued to run, until a fixpoint or a failure.
//!
//! Propagation is AC-3 style: an event says a variable was bound or its domain narrowed;
//! events wake the variable's watchers; woken constraints narrow domains or bind variables,
//! which makes new events; this runs until the queue is empty (a fixpoint) or a constraint
//! fails. Every narrowing is monotone, so the fixpoint reached does not depend on the order
//! of the queue.

use super::Feature;
use super::{root_of, Constraint, Status, Store};
use crate::kernel::store::domain::Domain;
use crate::kernel::subst::Subst;
use crate::kernel::term::{Term, Var};
use crate::kernel::unify::{unify_open, Bound, Pending};
use smallvec::SmallVec;
use std::sync::Arc;

/// A constraint found that it cannot hold.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Fail;

/// What a term currently is, for a propagator.
#[derive(Clone, Debug)]
pub(crate) enum Val {
    /// Bound to an integer.
    Int(i64),
    /// An unbound variable with a domain.
    Dom(Var, Domain),
    /// An unbound variable without a domain (any integer).
    Free(Var),
    /// Bound to something that is not an integer: every FD constraint on it fails.
    Bad,
}

impl Val {
    /// The bounds, when known.
    pub(crate) fn bounds(&self) -> Option<(i64, i64)> {
        match self {
            Val::Int(v) => Some((*v, *v)),
            Val::Dom(_, d) => Some((d.min(), d.max())),
            _ => None,
        }
    }
}

/// The state a constraint reads and extends while it runs: see [`Constraint::propagate`].
///
/// ```
/// use kanren::{conj, eq, fresh, run_all, Constraint, Fail, Goal, Run, Status, Term, Var};
///
/// /// `y` is `x + 1`, bound once `x` is an integer (a one-way propagator).
/// struct Succ(Var, Var);
///
/// impl Constraint for Succ {
///     fn watched(&self) -> Vec<Var> {
///         vec![self.0]
///     }
///     fn propagate(&self, run: &mut Run, _trigger: Option<Var>) -> Result<Status, Fail> {
///         match run.walk(&self.0.into()).as_int() {
///             Some(x) => run.unify(&self.1.into(), &Term::from(x + 1)).map(|()| Status::Entailed),
///             None => Ok(Status::Keep),
///         }
///     }
/// }
///
/// let answers: Vec<String> = run_all(|q| fresh(move |[x]| conj([Goal::constraint(Succ(x, q)), eq(x, 4)])))
///     .map(|a| a.to_string())
///     .collect();
/// assert_eq!(answers, ["5"]);
/// ```
pub struct Run {
    pub(crate) subst: Subst,
    pub(crate) occurs_check: bool,
    pub(crate) cs: Arc<Store>,
    /// `(x, bound)`: `x` was bound (`true`) or its domain narrowed.
    events: SmallVec<[(Var, bool); 16]>,
    /// Constraints to run, with the variable whose binding woke them.
    queue: Vec<(u32, Option<Var>)>,
}

impl Run {
    pub(crate) fn new(subst: Subst, occurs_check: bool, cs: Arc<Store>) -> Run {
        Run {
            subst,
            occurs_check,
            cs,
            events: SmallVec::new(),
            queue: Vec::new(),
        }
    }

    /// The value of `t` at the top level (see [`Subst::walk`]). The examples of [`Run`] and
    /// [`Constraint`] read their variables with it.
    pub fn walk(&self, t: &Term) -> Term {
        self.subst.walk(t)
    }

    /// The value of `t` with all its parts walked (see [`Subst::walk_star`]): what
    /// [`walk`](Run::walk) gives, with the variables inside it replaced by their values too.
    pub fn walk_star(&self, t: &Term) -> Term {
        self.subst.walk_star(t)
    }

    /// The substitution as it stands (a constraint usually reads it through
    /// [`walk`](Run::walk): see the example of [`Run`]).
    pub fn subst(&self) -> &Subst {
        &self.subst
    }

    /// The finite domain of `t`: its domain if it is an unbound variable that has one, a
    /// singleton if it is an integer, `None` otherwise. A constraint reads it in its
    /// [`propagate`](Constraint::propagate), as the example of [`Run`] reads `walk`.
    pub fn domain(&self, t: &Term) -> Option<Domain> {
        match self.read(t) {
            Val::Int(v) => Some(Domain::singleton(v)),
            Val::Dom(_, d) => Some(d),
            _ => None,
        }
    }

    /// Unifies `u` and `v`, waking the constraints on what it binds; `Err(Fail)` when they do
    /// not unify or a domain excludes the binding. The example of [`Run`] binds its output
    /// with it.
    pub fn unify(&mut self, u: &Term, v: &Term) -> Result<(), Fail> {
        let mut bound = Bound::new();
        let mut pending = Vec::new();
        self.subst = unify_open(
            &self.subst,
            u,
            v,
            self.occurs_check,
            &mut bound,
            &mut pending,
        )
        .ok_or(Fail)?;
        for x in bound {
            self.bound(x)?;
        }
        self.post_pending(pending);
        Ok(())
    }

    /// Posts the constraints unification left (see [`Pending`]).
    pub(crate) fn post_pending(&mut self, pending: Vec<Pending>) {
        for p in pending {
            match p {
                Pending::Feature(x, fs) => self.post(Feature { x, fs }),
                Pending::Fresh(a, x) => self.post(super::Hash::new(a.into(), x.into())),
                Pending::Swap(v, x, swap) => self.post(super::Susp::new(v, x, swap)),
            }
        }
    }

    /// The constraints that watch the unbound variable `x`.
    pub(crate) fn watchers(&self, x: Var) -> Vec<Arc<dyn Constraint>> {
        let Some(w) = self.cs.watch.get(&x) else {
            return Vec::new();
        };
        let ids = w.on_bind.iter().chain(&w.on_change);
        ids.filter_map(|&id| self.cs.get(id)).collect()
    }

    /// Posts `c`: stores it, watches its variables and queues it to run once. A goal posts a
    /// constraint with [`Goal::constraint`](crate::Goal::constraint), whose example shows one.
    pub fn post(&mut self, c: impl Constraint) {
        self.post_arc(Arc::new(c));
    }

    pub(crate) fn post_arc(&mut self, c: Arc<dyn Constraint>) {
        let subst = &self.subst;
        let id = Arc::make_mut(&mut self.cs).add(c, |x| root_of(subst, x));
        self.queue.push((id, None));
    }

    /// The current value of `t`. Time: one walk plus one domain lookup.
    pub(crate) fn read(&self, t: &Term) -> Val {
        match t {
            Term::Int(v) => Val::Int(*v),
            Term::Var(x) => {
                if let Some(d) = self.cs.doms.get(x) {
                    return Val::Dom(*x, d.clone());
                }
                match self.subst.walk_ref(t) {
                    Term::Int(v) => Val::Int(*v),
                    Term::Var(y) => match self.cs.doms.get(y) {
                        Some(d) => Val::Dom(*y, d.clone()),
                        None => Val::Free(*y),
                    },
                    _ => Val::Bad,
                }
            }
            _ => Val::Bad,
        }
    }

    /// Narrows what `t` may be to `new` (`None` = nothing): binds it when one value is left.
    pub(crate) fn narrow(&mut self, t: &Val, new: Option<Domain>) -> Result<(), Fail> {
        let new = new.ok_or(Fail)?;
        match t {
            Val::Int(v) => {
                if new.contains(*v) {
                    Ok(())
                } else {
                    Err(Fail)
                }
            }
            Val::Bad => Err(Fail),
            Val::Dom(x, old) => {
                if new.size() == old.size() {
                    return Ok(());
                }
                self.set(*x, new);
                Ok(())
            }
            Val::Free(x) => {
                self.set(*x, new);
                Ok(())
            }
        }
    }

    /// `x` (unbound) now has domain `d`: store it, or bind `x` if `d` is a singleton.
    fn set(&mut self, x: Var, d: Domain) {
        if d.is_singleton() {
            Arc::make_mut(&mut self.cs).doms.remove(&x);
            self.subst.insert(x, Term::Int(d.min()));
            self.events.push((x, true));
        } else {
            Arc::make_mut(&mut self.cs).doms.insert(x, d);
            self.events.push((x, false));
        }
    }

    /// `x` must not be `v`. The hot path of disequalities.
    pub(crate) fn forbid(&mut self, x: Var, v: i64) -> Result<(), Fail> {
        if let Some(d) = self.cs.doms.get(&x) {
            if !d.contains(v) {
                return Ok(());
            }
            let nd = d.remove(v).ok_or(Fail)?;
            self.set(x, nd);
            return Ok(());
        }
        match self.read(&Term::Var(x)) {
            Val::Int(b) if b == v => Err(Fail),
            Val::Dom(y, d) => self.narrow(&Val::Dom(y, d.clone()), d.remove(v)),
            Val::Bad => Err(Fail),
            _ => Ok(()),
        }
    }

    /// Watches the FD disequality `x != other + k` inline in `x`'s list.
    pub(crate) fn watch_neq(&mut self, x: Var, other: Var, k: i64) {
        let x = root_of(&self.subst, x);
        Arc::make_mut(&mut self.cs).watch_neq(x, other, k);
    }

    /// Handles the binding of `x`, just made by unification: its domain must admit the value
    /// (or moves onto the variable `x` now aliases), its watchers wake, and if it aliases
    /// another variable they move there.
    pub(crate) fn bound(&mut self, x: Var) -> Result<(), Fail> {
        let dom = match self.cs.doms.contains_key(&x) {
            true => Arc::make_mut(&mut self.cs).doms.remove(&x),
            false => None,
        };
        let watched = self.cs.watch.contains_key(&x);
        if dom.is_none() && !watched {
            return Ok(());
        }
        match *self.subst.walk_ref(&Term::Var(x)) {
            Term::Int(v) => {
                if dom.is_some_and(|d| !d.contains(v)) {
                    return Err(Fail);
                }
            }
            Term::Var(y) => {
                if let Some(d) = dom {
                    let target = self.read(&Term::Var(y));
                    let new = match &target {
                        Val::Dom(_, dy) => dy.intersect(&d),
                        _ => Some(d),
                    };
                    self.narrow(&target, new)?;
                }
                if watched {
                    Arc::make_mut(&mut self.cs).move_watches(x, y);
                    // Narrowing watchers of `x` now watch `y`; wake them for the new domain.
                    self.events.push((y, false));
                }
            }
            _ => {
                if dom.is_some() {
                    return Err(Fail);
                }
            }
        }
        if watched {
            self.events.push((x, true));
        }
        Ok(())
    }

    /// Processes events and queued constraints until nothing changes: the fixpoint.
    pub(crate) fn fixpoint(mut self) -> Option<Run> {
        loop {
            if let Some((x, bound)) = self.events.pop() {
                let Some(list) = self.cs.watch.get(&x) else {
                    continue;
                };
                if !bound {
                    let ids = &list.on_change;
                    self.queue.extend(ids.iter().map(|&id| (id, None)));
                    continue;
                }
                let list = list.clone();
                if !list.neq.is_empty() {
                    match *self.subst.walk_ref(&Term::Var(x)) {
                        Term::Int(a) => {
                            for &(other, k) in &list.neq {
                                if let Some(v) = a.checked_add(k) {
                                    self.forbid(other, v).ok()?;
                                }
                            }
                        }
                        // Aliased: the inline entries moved to the other variable.
                        Term::Var(_) => {}
                        _ => return None,
                    }
                }
                let ids = list.on_bind.iter().chain(&list.on_change);
                self.queue.extend(ids.map(|&id| (id, Some(x))));
            } else if let Some((id, trigger)) = self.queue.pop() {
                let Some(c) = self.cs.get(id) else {
                    continue; // entailed earlier
                };
                let status = c.propagate(&mut self, trigger).ok()?;
                if !matches!(status, Status::Keep) {
                    let subst = &self.subst;
                    Arc::make_mut(&mut self.cs).update(id, status, |x| root_of(subst, x));
                }
            } else {
                return Some(self);
            }
        }
    }
}

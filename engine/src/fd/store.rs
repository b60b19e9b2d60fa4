//! The FD store inside a `State`: domains, watch lists, the propagator table, and the queue
//! that runs propagators to a fixpoint.
//!
//! Representation (all persistent, so a branch of the search costs O(1) to fork):
//! - `doms: Var -> Domain` holds exactly the *unbound* variables that have a domain. A domain
//!   never becomes a singleton in the map: narrowing to one value binds the variable in the
//!   substitution instead (core.logic's `resolve-storable-dom`).
//! - `props`: every propagator posted on this branch, by id (an `imbl::Vector`, shared).
//! - `watch: Var -> Arc<Vec<Watch>>`, built when propagators are posted. A binary
//!   disequality `x != y + k` is stored *inline* in both lists ([`Watch::Neq`], 24 bytes), so
//!   the hot path of a model like N-queens (a variable bound, then one value removed from each
//!   neighbour) touches no table. Other propagators are watched by id, either on every domain
//!   change (bounds reasoning) or only on binding (value reasoning, as `distinct`).
//!
//! Propagation (AC-3 style, "propagator queue"): an event says a variable was bound or its
//! domain narrowed; events wake the watchers; woken propagators narrow domains, which makes
//! new events; this runs until the queue is empty (a fixpoint) or a domain is emptied
//! (failure). All narrowing operators here are monotone, so the fixpoint reached does not
//! depend on the order of the queue.

use super::domain::Domain;
use super::props::Prop;
use crate::state::State;
use crate::term::{Term, Var};
use imbl::shared_ptr::DefaultSharedPtr;
use imbl::GenericHashMap;
use rustc_hash::FxBuildHasher;
use smallvec::SmallVec;
use std::sync::Arc;

type Map<V> = GenericHashMap<Var, V, FxBuildHasher, DefaultSharedPtr>;

/// One entry of a variable's watch list, as posted.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Watch {
    /// When this variable is bound to `a`, `other` must differ from `a + k`.
    Neq { other: Var, k: i64 },
    /// Propagator `id`, run on every domain change (`any`) or only when bound.
    Prop { id: u32, any: bool },
}

/// A variable's watch list, split by the event that wakes each entry, so that a narrowing
/// (the frequent event) looks only at the propagators that care about it.
#[derive(Clone, Default, Debug)]
pub(crate) struct Watches {
    /// Inline disequalities `(other, k)`: when bound to `a`, `other != a + k`.
    neq: Vec<(Var, i64)>,
    /// Propagators woken only when the variable is bound.
    on_bind: Vec<u32>,
    /// Propagators woken by any change of the domain (and by binding).
    on_change: Vec<u32>,
}

impl Watches {
    fn push(&mut self, w: Watch) {
        match w {
            Watch::Neq { other, k } => self.neq.push((other, k)),
            Watch::Prop { id, any: false } => self.on_bind.push(id),
            Watch::Prop { id, any: true } => self.on_change.push(id),
        }
    }

    fn entries(&self) -> impl Iterator<Item = Watch> + '_ {
        let neq = self.neq.iter().map(|&(other, k)| Watch::Neq { other, k });
        let bind = self
            .on_bind
            .iter()
            .map(|&id| Watch::Prop { id, any: false });
        let change = self
            .on_change
            .iter()
            .map(|&id| Watch::Prop { id, any: true });
        neq.chain(bind).chain(change)
    }
}

/// The finite-domain part of a [`State`].
#[derive(Clone, Default)]
pub(crate) struct Store {
    pub(crate) doms: Map<Domain>,
    watch: Map<Arc<Watches>>,
    pub(crate) props: imbl::Vector<Prop>,
}

impl Store {
    /// Whether no variable has a domain and nothing is watched (then labeling is a no-op).
    pub(crate) fn is_empty(&self) -> bool {
        self.doms.is_empty() && self.watch.is_empty()
    }
}

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

/// A propagation run over a state being built: the state, and the pending events.
pub(crate) struct Run {
    pub(crate) s: State,
    events: SmallVec<[(Var, bool); 16]>,
    queue: Vec<(u32, Option<Var>)>,
    /// Variables this run bound itself (their domain became a singleton): the other
    /// constraint stores must see those bindings too.
    propagated: SmallVec<[Var; 8]>,
}

/// A propagator found the constraints unsatisfiable.
#[derive(Debug)]
pub(crate) struct Fail;

/// `Ok` or failure, for propagator steps.
pub(crate) type Step = Result<(), Fail>;

impl Run {
    pub(crate) fn new(s: State) -> Run {
        Run {
            s,
            events: SmallVec::new(),
            queue: Vec::new(),
            propagated: SmallVec::new(),
        }
    }

    /// The current value of `t`. Time: one walk plus one domain lookup.
    pub(crate) fn read(&self, t: &Term) -> Val {
        match t {
            Term::Int(v) => Val::Int(*v),
            Term::Var(x) => {
                if let Some(d) = self.s.fd.doms.get(x) {
                    return Val::Dom(*x, d.clone());
                }
                match self.s.subst.walk(t) {
                    Term::Int(v) => Val::Int(v),
                    Term::Var(y) => match self.s.fd.doms.get(&y) {
                        Some(d) => Val::Dom(y, d.clone()),
                        None => Val::Free(y),
                    },
                    _ => Val::Bad,
                }
            }
            _ => Val::Bad,
        }
    }

    /// Narrows what `t` may be to `new` (`None` = nothing): binds it when one value is left.
    pub(crate) fn narrow(&mut self, t: &Val, new: Option<Domain>) -> Step {
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
            Arc::make_mut(&mut self.s.fd).doms.remove(&x);
            self.s.subst.insert(x, Term::Int(d.min()));
            self.events.push((x, true));
            self.propagated.push(x);
        } else {
            Arc::make_mut(&mut self.s.fd).doms.insert(x, d);
            self.events.push((x, false));
        }
    }

    /// `t` must not be `v`. The hot path of disequalities.
    pub(crate) fn forbid(&mut self, x: Var, v: i64) -> Step {
        if let Some(d) = self.s.fd.doms.get(&x) {
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

    /// Adds a watch-list entry for `x`. Time: O(log n), amortised O(1) push when unshared.
    pub(crate) fn watch(&mut self, x: Var, w: Watch) {
        let x = match self.s.subst.walk(&Term::Var(x)) {
            Term::Var(y) => y,
            _ => x,
        };
        match Arc::make_mut(&mut self.s.fd).watch.get_mut(&x) {
            Some(list) => Arc::make_mut(list).push(w),
            None => {
                let mut list = Watches::default();
                list.push(w);
                Arc::make_mut(&mut self.s.fd)
                    .watch
                    .insert(x, Arc::new(list));
            }
        }
    }

    /// Posts propagator `p`, watching its variables, and queues it once.
    pub(crate) fn post(&mut self, p: Prop) {
        let id = self.s.fd.props.len() as u32;
        let any = p.on_any_change();
        for t in p.vars() {
            self.watch(t, Watch::Prop { id, any });
        }
        Arc::make_mut(&mut self.s.fd).props.push_back(p);
        self.queue.push((id, None));
    }

    /// Notes that `x` was just bound by unification.
    pub(crate) fn bound(&mut self, x: Var) {
        self.events.push((x, true));
    }

    /// Processes events and queued propagators until nothing changes: the fixpoint.
    pub(crate) fn fixpoint(mut self) -> Option<State> {
        loop {
            if let Some((x, bound)) = self.events.pop() {
                let Some(list) = self.s.fd.watch.get(&x) else {
                    continue;
                };
                if !bound {
                    let ids = &list.on_change;
                    self.queue.extend(ids.iter().map(|&id| (id, None)));
                    continue;
                }
                let list = list.clone();
                let Term::Int(a) = self.s.subst.walk(&Term::Var(x)) else {
                    return None;
                };
                for &(other, k) in &list.neq {
                    if let Some(v) = a.checked_add(k) {
                        self.forbid(other, v).ok()?;
                    }
                }
                let ids = list.on_bind.iter().chain(&list.on_change);
                self.queue.extend(ids.map(|&id| (id, Some(x))));
            } else if let Some((id, trigger)) = self.queue.pop() {
                let p = self.s.fd.props[id as usize].clone();
                p.propagate(&mut self, trigger).ok()?;
            } else if self.propagated.is_empty() {
                return Some(self.s);
            } else {
                // The disequality store re-checks what propagation bound; it binds nothing.
                return crate::diseq::wake(self.s, &self.propagated);
            }
        }
    }
}

/// Re-checks the FD constraints on variables that unification just bound (called from
/// `State::wake`). A variable bound to an integer must be in its domain and wakes its
/// watchers; bound to another variable, its domain is intersected onto that variable and its
/// watchers move there; bound to anything else while constrained, it fails.
pub(crate) fn wake(s: State, bound: &[Var]) -> Option<State> {
    if s.fd.is_empty() {
        return Some(s);
    }
    let mut run = Run::new(s);
    for &x in bound {
        let dom = match run.s.fd.doms.contains_key(&x) {
            true => Arc::make_mut(&mut run.s.fd).doms.remove(&x),
            false => None,
        };
        let watched = run.s.fd.watch.contains_key(&x);
        if dom.is_none() && !watched {
            continue;
        }
        match run.s.subst.walk(&Term::Var(x)) {
            Term::Int(v) => {
                if dom.is_some_and(|d| !d.contains(v)) {
                    return None;
                }
                run.bound(x);
            }
            Term::Var(y) => {
                if let Some(d) = dom {
                    let target = run.read(&Term::Var(y));
                    let new = match &target {
                        Val::Dom(_, dy) => dy.intersect(&d),
                        _ => Some(d),
                    };
                    run.narrow(&target, new).ok()?;
                }
                if let Some(list) = run.s.fd.watch.get(&x).cloned() {
                    for w in list.entries() {
                        run.watch(y, w);
                    }
                    // Bound-only watchers of `x` fire when `y` is bound; wake the rest now.
                    run.events.push((y, false));
                }
            }
            _ => return None,
        }
    }
    run.fixpoint()
}

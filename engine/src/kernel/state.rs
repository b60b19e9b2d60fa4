//! The search state: the substitution plus the constraint store, threaded through goals.
//!
//! A `State` is persistent: cloning it is O(1) and every branch of the search owns its own
//! version. [`State::unify`] is the one way bindings are added: it extends the substitution
//! and then wakes the constraint store for exactly the variables that were bound.

use crate::kernel::store::{self, Constraint, Fail, Run, Store};
use crate::kernel::subst::Subst;
use crate::kernel::term::Term;
use crate::kernel::unify::{unify_open, Bound};
use std::any::Any;
use std::sync::Arc;

/// A search state: substitution and constraint stores.
///
/// Custom goals (see [`Goal::new`](crate::Goal::new)) read it with [`walk`](State::walk) and
/// extend it with [`unify`](State::unify).
///
/// ```
/// use kanren::{State, Var};
/// let x = Var::fresh();
/// let s = State::new().unify(&x.into(), &7.into()).unwrap();
/// assert_eq!(s.walk(&x.into()), 7.into());
/// assert!(s.unify(&x.into(), &8.into()).is_none());
/// ```
#[derive(Clone)]
pub struct State {
    pub(crate) subst: Subst,
    pub(crate) occurs_check: bool,
    /// The constraint store (domains and constraints), shared until a branch changes it.
    pub(crate) cs: Arc<Store>,
    /// What the program set on the search besides bindings and constraints: one null pointer
    /// until something is set (a state is copied often; each word of it costs).
    pub(crate) ext: Option<Arc<Ext>>,
}

/// The rarely used parts of a state, which the layers above keep in it: one value of each
/// type, found by its type (the labeling strategies [`fd::distribute`](crate::fd::distribute)
/// sets, the fact databases in scope of [`pldb::with_db`](crate::pldb::with_db)). The state
/// names none of them: it copies them with itself, and a branch that changes one copies it.
#[derive(Clone, Default)]
pub(crate) struct Ext(Vec<Arc<dyn Any + Send + Sync>>);

impl Default for State {
    fn default() -> State {
        State::new()
    }
}

impl State {
    /// The empty state, with the occurs check on.
    ///
    /// ```
    /// assert!(kanren::State::new().subst().is_empty());
    /// ```
    pub fn new() -> State {
        State {
            subst: Subst::default(),
            occurs_check: true,
            cs: Default::default(),
            ext: None,
        }
    }

    /// The same state with the occurs check switched on or off for later unifications.
    ///
    /// ```
    /// use kanren::{list, State, Var};
    /// let x = Var::fresh();
    /// assert!(State::new().unify(&x.into(), &list![x]).is_none());
    /// assert!(State::new().with_occurs_check(false).unify(&x.into(), &list![x]).is_some());
    /// ```
    pub fn with_occurs_check(mut self, on: bool) -> State {
        self.occurs_check = on;
        self
    }

    /// Whether unifications in this state run the occurs check (core.logic's `:oc`): code
    /// that binds variables itself, outside [`unify`](State::unify), checks it to do the same.
    ///
    /// ```
    /// use kanren::State;
    /// assert!(State::new().occurs_check());
    /// assert!(!State::new().with_occurs_check(false).occurs_check());
    /// ```
    pub fn occurs_check(&self) -> bool {
        self.occurs_check
    }

    /// The substitution.
    ///
    /// ```
    /// assert_eq!(kanren::State::new().subst().len(), 0);
    /// ```
    pub fn subst(&self) -> &Subst {
        &self.subst
    }

    /// The value of `t` at the top level: see [`Subst::walk`].
    ///
    /// ```
    /// let x = kanren::Var::fresh();
    /// assert_eq!(kanren::State::new().walk(&x.into()), x.into());
    /// ```
    #[inline]
    pub fn walk(&self, t: &Term) -> Term {
        self.subst.walk(t)
    }

    /// [`walk`](State::walk) without cloning: the value of `t` where it is stored (in `t` or
    /// in the substitution).
    ///
    /// ```
    /// let x = kanren::Var::fresh();
    /// let s = kanren::State::new().unify(&x.into(), &5.into()).unwrap();
    /// let t = x.into();
    /// assert_eq!(s.walk_ref(&t), &5.into());
    /// ```
    #[inline]
    pub fn walk_ref<'a>(&'a self, t: &'a Term) -> &'a Term {
        self.subst.walk_ref(t)
    }

    /// The value of `t` with all its parts walked: see [`Subst::walk_star`].
    ///
    /// ```
    /// use kanren::{list, State, Var};
    /// let x = Var::fresh();
    /// let s = State::new().unify(&x.into(), &1.into()).unwrap();
    /// assert_eq!(s.walk_star(&list![x, x]), list![1, 1]);
    /// ```
    pub fn walk_star(&self, t: &Term) -> Term {
        self.subst.walk_star(t)
    }

    /// [`walk_star`](State::walk_star) as [`project`](crate::project()) walks its variables:
    /// an atom (what most projected values are) cloned where it is stored, nothing rebuilt.
    ///
    /// ```
    /// use kanren::{list, State, Var};
    /// let (x, y) = (Var::fresh(), Var::fresh());
    /// let s = State::new().unify(&x.into(), &list![1, y]).unwrap();
    /// let s = s.unify(&y.into(), &2.into()).unwrap();
    /// assert_eq!(s.walked(&y.into()), 2.into());
    /// assert_eq!(s.walked(&x.into()), list![1, 2]);
    /// ```
    pub fn walked(&self, t: &Term) -> Term {
        match self.walk_ref(t) {
            t @ (Term::Pair(_)
            | Term::Vector(_)
            | Term::Map(_)
            | Term::PartialMap(_)
            | Term::Tie(_)) => self.walk_star(t),
            t => t.clone(),
        }
    }

    /// The state with `v` bound to `t` as it stands: no unification, no occurs check, no
    /// constraint woken (core.logic's `ext-no-check`, for code that builds substitutions by
    /// hand; a binding of a bound variable replaces it).
    ///
    /// ```
    /// let x = kanren::Var::fresh();
    /// let s = kanren::State::new().ext_no_check(x, 1.into()).ext_no_check(x, 2.into());
    /// assert_eq!(s.walk(&x.into()), 2.into());
    /// ```
    pub fn ext_no_check(&self, v: crate::kernel::term::Var, t: Term) -> State {
        let mut out = self.clone();
        out.subst.insert(v, t);
        out
    }

    /// `t` as an answer in this state: walked through, its fresh variables named `_0`, `_1`,
    /// ... in the order met, with the constraints left on them (what `run` gives for its query
    /// term; core.logic's `reify`).
    ///
    /// ```
    /// use kanren::{list, State, Var};
    /// let (x, y) = (Var::fresh(), Var::fresh());
    /// let s = State::new().unify(&x.into(), &1.into()).unwrap();
    /// assert_eq!(s.reify(&list![x, y, y]).to_string(), "(1 _0 _0)");
    /// ```
    pub fn reify(&self, t: &Term) -> crate::Answer {
        crate::kernel::reify::reify(self, t)
    }

    /// Unifies `u` and `v` and re-checks the constraints on the variables this bound:
    /// `None` when the terms do not unify or a constraint is violated.
    ///
    /// ```
    /// use kanren::{list, State, Var};
    /// let (a, d) = (Var::fresh(), Var::fresh());
    /// let s = State::new().unify(&kanren::Term::cons(a, d), &list![1, 2]).unwrap();
    /// assert_eq!(s.walk_star(&d.into()), list![2]);
    /// ```
    pub fn unify(&self, u: &Term, v: &Term) -> Option<State> {
        let mut bound = Bound::new();
        let mut pending = Vec::new();
        let subst = unify_open(
            &self.subst,
            u,
            v,
            self.occurs_check,
            &mut bound,
            &mut pending,
        )?;
        if pending.is_empty() && (bound.is_empty() || self.cs.is_empty()) {
            return Some(State {
                subst,
                occurs_check: self.occurs_check,
                cs: self.cs.clone(),
                ext: self.ext.clone(),
            });
        }
        // Wake the constraints on what was bound, post the feature constraints of variables
        // that met a partial map, and propagate.
        let mut run = Run::new(subst, self.occurs_check, self.cs.clone());
        for &x in &bound {
            run.bound(x).ok()?;
        }
        run.post_pending(pending);
        Some(self.with_run(run.fixpoint()?))
    }

    /// Runs `f` on this state as one propagation step (posting constraints, narrowing
    /// domains), then propagates to the fixpoint: the new state, or `None` on failure.
    pub(crate) fn propagate(&self, f: impl FnOnce(&mut Run) -> Result<(), Fail>) -> Option<State> {
        self.clone().propagate_owned(f)
    }

    /// [`State::propagate`], consuming the state: when nothing else shares its store, the run
    /// extends the store in place instead of copying what it changes (a watch list grows by
    /// one entry, not by a copy of itself: posting the n² disequalities of the pairwise queens
    /// model stays O(n²), not O(n³)).
    pub(crate) fn propagate_owned(
        self,
        f: impl FnOnce(&mut Run) -> Result<(), Fail>,
    ) -> Option<State> {
        let State {
            subst,
            occurs_check,
            cs,
            ext,
        } = self;
        let mut run = Run::new(subst, occurs_check, cs);
        f(&mut run).ok()?;
        let run = run.fixpoint()?;
        Some(State {
            subst: run.subst,
            occurs_check: run.occurs_check,
            cs: run.cs,
            ext,
        })
    }

    /// Stores the constraint `c` without running it: the caller has just checked it.
    pub(crate) fn add_constraint(&self, c: Arc<dyn Constraint>) -> State {
        let mut next = self.clone();
        let subst = &next.subst;
        Arc::make_mut(&mut next.cs).add(c, |x| store::root_of(subst, x));
        next
    }

    /// The constraints live in this state's store, each with its id: ids count the
    /// constraints posted on this branch from 0, in order, and an entailed constraint's id is
    /// not reused (core.logic's constraint store keeps them the same way, as `:cm`). The front
    /// end shows them as core.logic's constraint store value.
    ///
    /// ```
    /// use kanren::{neq, Goal, Head, State, Term, Var};
    /// let (x, y) = (Var::fresh(), Var::fresh());
    /// let Head::Unit(s) = neq(x, 1).apply(State::new()).head() else { panic!() };
    /// let Head::Unit(s) = neq(y, 2).apply(s).head() else { panic!() };
    /// let ids: Vec<(u32, Vec<Var>)> = s.constraints().map(|(id, c)| (id, c.watched())).collect();
    /// assert_eq!(ids, [(0, vec![x]), (1, vec![y])]);
    /// ```
    pub fn constraints(&self) -> impl Iterator<Item = (u32, &Arc<dyn Constraint>)> {
        self.cs.numbered()
    }

    /// The value of type `T` that code above the engine keeps in this state, if it set one
    /// with [`with_extension`](State::with_extension).
    ///
    /// ```
    /// #[derive(Clone, Default)]
    /// struct Visits(u32);
    /// let s = kanren::State::new().with_extension(|v: &mut Visits| v.0 += 1);
    /// assert_eq!(s.extension::<Visits>().map(|v| v.0), Some(1));
    /// assert!(kanren::State::new().extension::<Visits>().is_none());
    /// ```
    pub fn extension<T: Any + Send + Sync>(&self) -> Option<&T> {
        self.ext()
    }

    /// The state with its value of type `T` (made with `T::default()` when it has none)
    /// changed by `f`: what a layer above the engine keeps beside the bindings and the
    /// constraints (one value per type, copied with the state, changed per branch). The
    /// front end keeps core.logic's variable attributes this way.
    pub fn with_extension<T: Any + Send + Sync + Clone + Default>(
        mut self,
        f: impl FnOnce(&mut T),
    ) -> State {
        f(self.ext_mut());
        self
    }

    /// The value of type `T` a layer above keeps in this state (see [`Ext`]), if it set one.
    pub(crate) fn ext<T: Any + Send + Sync>(&self) -> Option<&T> {
        let ext = self.ext.as_deref()?;
        ext.0.iter().find_map(|x| (**x).downcast_ref::<T>())
    }

    /// The value of type `T` kept in this state, to change: made with `T::default()` when it
    /// is not there yet, copied first when another state shares it.
    pub(crate) fn ext_mut<T: Any + Send + Sync + Clone + Default>(&mut self) -> &mut T {
        let ext = Arc::make_mut(self.ext.get_or_insert_with(Default::default));
        let i = match ext.0.iter().position(|x| (**x).is::<T>()) {
            Some(i) => i,
            None => {
                ext.0.push(Arc::new(T::default()));
                ext.0.len() - 1
            }
        };
        let slot = &mut ext.0[i];
        if Arc::get_mut(slot).is_none() {
            let copy = (**slot).downcast_ref::<T>().expect("the slot of T").clone();
            *slot = Arc::new(copy);
        }
        Arc::get_mut(slot)
            .and_then(|x| x.downcast_mut::<T>())
            .expect("the slot of T, not shared")
    }

    /// A state with no bindings and no constraints that keeps this one's settings: the occurs
    /// check and what the program set on the search (the fact databases in scope, labeling
    /// strategies). Where a tabled relation evaluates a call pattern.
    pub(crate) fn emptied(&self) -> State {
        State {
            subst: Subst::default(),
            occurs_check: self.occurs_check,
            cs: Default::default(),
            ext: self.ext.clone(),
        }
    }

    /// This state's other parts with the substitution and store a run made.
    fn with_run(&self, run: Run) -> State {
        State {
            subst: run.subst,
            occurs_check: run.occurs_check,
            cs: run.cs,
            ext: self.ext.clone(),
        }
    }
}

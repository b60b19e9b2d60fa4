//! Reification: turning a final state into an answer, printed the way core.logic prints it.
//!
//! The query term is walked completely; each variable still unbound is renamed `_0`, `_1`,
//! ... in order of first occurrence (left to right, heads before tails). Residual constraints
//! that mention only variables of the answer follow after `:-`.
//!
//! Before that, the query's last goal labels the variables still holding a finite domain
//! (`force.rs`, core.logic's `reifyg`); the residual constraints are tidied and ordered as
//! core.logic prints them in `residual.rs`.

pub(crate) mod force;
pub(crate) mod residual;

use crate::kernel::state::State;
use crate::kernel::subst::{Build, Rebuilt};
use crate::kernel::term::{Nom, Term, Var};
use rustc_hash::FxHashMap;
use std::fmt;

/// One answer of a query: the reified value and any residual constraints on its variables.
///
/// ```
/// use kanren::{eq, fresh, list, run_all};
/// let a = run_all(|q| fresh(move |[x]| eq(q, list![1, x]))).next().unwrap();
/// assert_eq!(a.to_string(), "(1 _0)");
/// assert_eq!(a.value().to_vec().unwrap()[0], 1.into());
/// assert!(a.constraints().is_empty());
/// ```
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Answer {
    value: Term,
    constraints: Vec<Term>,
}

impl Answer {
    /// The reified value: its unbound variables are the reified variables `_0`, `_1`, ...
    /// (see [`Var::reified`]).
    ///
    /// ```
    /// let a = kanren::run_all(|q| kanren::eq(q, 3)).next().unwrap();
    /// assert_eq!(a.value().as_int(), Some(3));
    /// ```
    pub fn value(&self) -> &Term {
        &self.value
    }

    /// The residual constraints, each a term such as `(!= (_0 1))`, simplified and in
    /// core.logic's order (that of a Clojure hash set).
    ///
    /// ```
    /// assert!(kanren::run_all(|q| kanren::eq(q, 3)).next().unwrap().constraints().is_empty());
    /// ```
    pub fn constraints(&self) -> &[Term] {
        &self.constraints
    }

    /// The answer as core.logic returns it: the value alone, or `(value :- c1 c2 ...)`.
    ///
    /// ```
    /// let a = kanren::run_all(|q| kanren::eq(q, 3)).next().unwrap();
    /// assert_eq!(a.into_term(), kanren::Term::from(3));
    /// ```
    pub fn into_term(self) -> Term {
        if self.constraints.is_empty() {
            return self.value;
        }
        let mut items = vec![self.value, Term::sym(":-")];
        items.extend(self.constraints);
        Term::list(items)
    }

    pub(crate) fn new(value: Term, constraints: Vec<Term>) -> Answer {
        Answer { value, constraints }
    }
}

impl fmt::Display for Answer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.constraints.is_empty() {
            return write!(f, "{}", self.value);
        }
        write!(f, "({} :-", self.value)?;
        for c in &self.constraints {
            write!(f, " {c}")?;
        }
        write!(f, ")")
    }
}

/// Names the unbound variables of reified terms, in order of first occurrence.
pub(crate) struct Reifier<'s> {
    state: &'s State,
    names: FxHashMap<Var, Var>,
}

impl<'s> Reifier<'s> {
    pub(crate) fn new(state: &'s State) -> Reifier<'s> {
        Reifier {
            state,
            names: FxHashMap::default(),
        }
    }

    /// `t` walked completely, naming each new unbound variable with the next `_k` and each
    /// new nom with the next `a_k` (one count for both, as core.logic counts them).
    pub(crate) fn name(&mut self, t: &Term) -> Term {
        let b = &mut Rebuilt {
            var: |_| None,
            nom: |_| None,
        };
        self.name_into(t, b)
    }

    /// [`Reifier::name`], the walked term built by `b`.
    fn name_into<B: Build>(&mut self, t: &Term, b: &mut B) -> B::Out {
        self.state.subst.build(
            t,
            &mut Named {
                names: &mut self.names,
                b,
            },
        )
    }

    /// `t` walked completely with the names given so far; `None` if it mentions an unbound
    /// variable or a nom that has no name (absent from the answer).
    pub(crate) fn rename(&self, t: &Term) -> Option<Term> {
        let missing = std::cell::Cell::new(false);
        let look = |key: Var| {
            let found = self.names.get(&key).copied();
            missing.set(missing.get() || found.is_none());
            found
        };
        let out = self
            .state
            .subst
            .rebuild_with(t, &mut |v| look(v).map(Term::Var), &mut |a| {
                look(a.0).map(nom_name)
            });
        (!missing.get()).then_some(out)
    }
}

/// A builder of reified terms: each unbound variable and nom handed to `b` by its name, the
/// next `_k` (or `a_k`) the first time it is met.
struct Named<'a, B> {
    names: &'a mut FxHashMap<Var, Var>,
    b: &'a mut B,
}

impl<B> Named<'_, B> {
    fn next(&mut self, key: Var) -> Var {
        let k = self.names.len();
        *self.names.entry(key).or_insert_with(|| Var::reified(k))
    }
}

impl<B: Build> Build for Named<'_, B> {
    type Out = B::Out;

    #[inline]
    fn ground(&mut self, t: Term) -> B::Out {
        self.b.ground(t)
    }

    #[inline]
    fn var(&mut self, x: Var) -> B::Out {
        let x = self.next(x);
        self.b.var(x)
    }

    fn nom(&mut self, a: Nom) -> B::Out {
        let name = nom_name(self.next(a.0));
        self.b.ground(name)
    }

    #[inline]
    fn pair(&mut self, head: B::Out, tail: B::Out) -> B::Out {
        self.b.pair(head, tail)
    }

    fn list(&mut self, heads: Vec<B::Out>, tail: B::Out) -> B::Out {
        self.b.list(heads, tail)
    }

    fn vector(&mut self, items: Vec<B::Out>) -> B::Out {
        self.b.vector(items)
    }

    fn map(&mut self, entries: Vec<(B::Out, B::Out)>, partial: bool) -> B::Out {
        self.b.map(entries, partial)
    }

    fn tie(&mut self, nom: B::Out, body: B::Out) -> B::Out {
        self.b.tie(nom, body)
    }
}

/// The printed name of the nom numbered as the reified variable `k`: `a_k`.
fn nom_name(k: Var) -> Term {
    Term::sym(&format!("a_{}", k.reified_index().expect("a reified name")))
}

/// The answer for query term `q` in the final state `s`.
pub(crate) fn reify(s: &State, q: &Term) -> Answer {
    let mut r = Reifier::new(s);
    let value = r.name(q);
    let constraints = residual_constraints(s, r, &value);
    Answer::new(value, constraints)
}

/// What [`Answers::next_built`](crate::Answers::next_built) gives: the answer's value built,
/// when it has no residual constraints; else the answer.
#[derive(Debug)]
pub enum Reified<T> {
    /// The value of an answer without residual constraints, built.
    Built(T),
    /// An answer with residual constraints, as [`Answers::next`](crate::Answers) gives it.
    Constrained(Answer),
}

/// [`reify`], the value built by `b` when no constraint of the state can print: none is
/// live, or each is an FD constraint and no variable is left unbound without a domain (the
/// usual final state of an FD program, its variables labeled).
pub(crate) fn reify_into<B: Build>(s: &State, q: &Term, b: &mut B) -> Reified<B::Out> {
    if !s.cs.is_empty() && !prints_nothing(s) {
        return Reified::Constrained(reify(s, q));
    }
    Reified::Built(Reifier::new(s).name_into(q, b))
}

/// [`reify_into`], with the first variable an FD constraint watches left unbound without a
/// domain ([`fd::undomained`](crate::fd::undomained)): the store scanned once for both.
pub(crate) fn reify_into_verified<B: Build>(
    s: &State,
    q: &Term,
    b: &mut B,
) -> (Reified<B::Out>, Option<Var>) {
    if s.cs.is_empty() {
        return (Reified::Built(Reifier::new(s).name_into(q, b)), None);
    }
    let open = s.cs.undomained(&s.subst).first().copied();
    match (open, only_fd_constraints(s)) {
        (None, true) => (Reified::Built(Reifier::new(s).name_into(q, b)), None),
        _ => (Reified::Constrained(reify(s, q)), open),
    }
}

/// Whether [`residual_constraints`] of `s` is empty whatever the answer's value: each live
/// constraint is one that prints only while a variable is unbound without a domain, and there
/// is none such (nor, then, an inline disequality to print).
fn prints_nothing(s: &State) -> bool {
    only_fd_constraints(s) && s.cs.undomained(&s.subst).is_empty()
}

/// Whether each live constraint of `s` is one that prints only while a variable is unbound
/// without a domain (an FD constraint naming no absent variable).
fn only_fd_constraints(s: &State) -> bool {
    s.cs.constraints()
        .all(|c| c.needs_domains() && !c.names_absent())
}

/// The residual constraints on the answer's variables: each live constraint printed in the
/// answer's names, then tidied (see `residual`). The constraints that name absent variables
/// ([`Constraint::names_absent`](crate::Constraint::names_absent)) print last, so that the
/// names they add do not make the others visible.
fn residual_constraints(s: &State, r: Reifier<'_>, value: &Term) -> Vec<Term> {
    if s.cs.is_empty() {
        return Vec::new();
    }
    // An FD constraint prints only while one of its variables is unbound without a domain
    // (the others are labeled): in the usual answer there is none, and none is asked.
    let open = !s.cs.undomained(&s.subst).is_empty();
    let inline = if open {
        s.cs.inline_neqs(&s.subst)
    } else {
        Vec::new()
    };
    let r = std::cell::RefCell::new(r);
    let name = |t: &Term| r.borrow().rename(t);
    let name_all = |t: &Term| Some(r.borrow_mut().name(t));
    let mut printed: Vec<Term> =
        s.cs.constraints()
            .filter(|c| !c.names_absent() && (open || !c.needs_domains()))
            .filter_map(|c| c.reify_answer(value, &name))
            .collect();
    printed.extend(
        inline
            .into_iter()
            .filter_map(|(x, other, k)| inline_neq(&name, x, other, k)),
    );
    printed.extend(
        s.cs.constraints()
            .filter(|c| c.names_absent())
            .filter_map(|c| c.reify_answer(value, &name_all)),
    );
    crate::kernel::reify::residual::tidy(printed)
}

/// How the inline FD disequality `other != x + k` prints, `x` unbound (so without a domain):
/// `(fd/!= x v)` once `other` is bound, else `(fd/!= a b)` or `(fd/!= a (+ b j))`, `a` the
/// variable named first, so that both sides' entries print alike. Nothing when a variable is
/// absent from the answer.
fn inline_neq(name: &dyn Fn(&Term) -> Option<Term>, x: Var, other: Var, k: i64) -> Option<Term> {
    let neq = |a: Term, b: Term| Term::list([Term::sym("fd/!="), a, b]);
    let plus = |b: Term, j: i64| match j {
        0 => b,
        j => Term::list([Term::sym("+"), b, Term::Int(j)]),
    };
    match (name(&Term::Var(x))?, name(&Term::Var(other))?) {
        (x, Term::Int(b)) => Some(neq(x, Term::Int(b.checked_sub(k)?))),
        (Term::Var(a), Term::Var(b)) if b < a => Some(neq(Term::Var(b), plus(Term::Var(a), k))),
        (a, b) => Some(neq(a, plus(b, k.checked_neg()?))),
    }
}

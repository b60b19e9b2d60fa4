//! `fixc` and `treec` (core.logic's deep constraints): a goal built from a term once the term
//! is bound, and a goal on every node of a tree as the tree gets built.
//!
//! ```text
//! fixc(x, f):   x unbound  -> wait (watch x)
//!               x bound    -> run f(walk(x)) (a deterministic goal), entailed
//! treec(x, fc) = fixc(x, loop), where
//!   loop(t) = fc(t), and fixc(c, loop) for each child c of t   if t is a tree
//!           = fc(t)                                           otherwise
//! ```
//!
//! A tree term is a sequence (list, partial list, vector) or a map; the children of a list are
//! its elements and a variable tail, of a vector its elements, of a map its values
//! (core.logic's `-constrain-tree`). Each `fixc` prints as `(clojure.core.logic/fixc x form)`,
//! or as its reifier says.

use crate::kernel::goal::{conj, Goal};
use crate::kernel::state::State;
use crate::kernel::store::{Constraint, Fail, Run, Status};
use crate::kernel::term::{Term, Var};
use std::sync::Arc;

type Build = Arc<dyn Fn(&Term) -> Goal + Send + Sync>;
/// How a constraint prints: given `x`, the answer's value and the naming function.
type Reifier =
    Arc<dyn Fn(&Term, &Term, &dyn Fn(&Term) -> Option<Term>) -> Option<Term> + Send + Sync>;
type Runnable = Arc<dyn Fn(&Term, &State) -> bool + Send + Sync>;

struct Fixc {
    x: Term,
    f: Build,
    /// When to run (core.logic's `runnable`); `None`: once `x` is not a variable.
    runnable: Option<Runnable>,
    reifier: Reifier,
}

impl Constraint for Fixc {
    /// `x`, or each element of `x` when it is a vector (core.logic's `-rands`).
    fn watched(&self) -> Vec<Var> {
        match &self.x {
            Term::Vector(items) => items.iter().filter_map(Term::as_var).collect(),
            x => x.as_var().into_iter().collect(),
        }
    }

    fn propagate(&self, run: &mut Run, _: Option<Var>) -> Result<Status, Fail> {
        let x = match &self.runnable {
            Some(runnable) if runnable(&self.x, &run.state()) => run.walk_star(&self.x),
            None => run.walk(&self.x),
            Some(_) => return Ok(Status::Keep),
        };
        if self.runnable.is_none() && x.as_var().is_some() {
            return Ok(Status::Keep);
        }
        run.solve(&(self.f)(&x))?;
        Ok(Status::Entailed)
    }

    fn reify(&self, name: &dyn Fn(&Term) -> Option<Term>) -> Option<Term> {
        (self.reifier)(&self.x, &Term::Nil, name)
    }

    fn reify_answer(&self, answer: &Term, name: &dyn Fn(&Term) -> Option<Term>) -> Option<Term> {
        (self.reifier)(&self.x, answer, name)
    }

    fn names_absent(&self) -> bool {
        true
    }
}

/// Once `x` is bound, the goal `f(x)` holds, `x` walked one level (core.logic's
/// `(fixc x f reifier)`); `f` should give a deterministic goal (`eq`, constraints). Until then
/// an answer shows `(clojure.core.logic/fixc x form)`.
///
/// ```
/// use kanren::{conj, eq, fixc, list, run_all, Term};
/// // Once q is a pair, its head is 1.
/// let head_one = |t: &Term| match t {
///     Term::Pair(p) => eq(&p.0, 1),
///     _ => kanren::fail(),
/// };
/// fn show(g: impl FnOnce(kanren::Var) -> kanren::Goal) -> Vec<String> {
///     run_all(g).map(|a| a.to_string()).collect()
/// }
/// assert_eq!(show(|q| fixc(q, head_one, Term::sym("head-one"))),
///            ["(_0 :- (clojure.core.logic/fixc _0 head-one))"]);
/// assert_eq!(show(|q| kanren::fresh(move |[x, y]| conj([
///     fixc(q, head_one, Term::sym("head-one")),
///     eq(q, list![x, y]),
/// ]))), ["(1 _0)"]);
/// ```
pub fn fixc(
    x: impl Into<Term>,
    f: impl Fn(&Term) -> Goal + Send + Sync + 'static,
    form: impl Into<Term>,
) -> Goal {
    fixc_arc(x.into(), Arc::new(f), printed_as(form.into()))
}

/// [`fixc`] printed by `reifier` (core.logic's reifier function): it gets `x` and a function
/// that names terms in the answer's names (variables absent from the answer get new names),
/// and returns the residual, or `None` to show nothing.
///
/// ```
/// use kanren::{fixc_with, list, run_all, succeed, Term};
/// let a = run_all(|q| fixc_with(q, |_| succeed(), |x, name| Some(list![Term::sym("fx"), name(x)?])))
///     .next()
///     .unwrap();
/// assert_eq!(a.to_string(), "(_0 :- (fx _0))");
/// ```
pub fn fixc_with(
    x: impl Into<Term>,
    f: impl Fn(&Term) -> Goal + Send + Sync + 'static,
    reifier: impl Fn(&Term, &dyn Fn(&Term) -> Option<Term>) -> Option<Term> + Send + Sync + 'static,
) -> Goal {
    fixc_with_answer(x, f, move |x, _, name| reifier(x, name))
}

/// [`fixc_with`] whose `reifier` also gets the answer's value, reified, as its second
/// argument (core.logic's reifier function: `(reifier c x v r a)`).
///
/// ```
/// use kanren::{fixc_with_answer, list, run_all, succeed, Term};
/// let a = run_all(|q| fixc_with_answer(q, |_| succeed(), |_, v, _| Some(list![Term::sym("at"), v.clone()])))
///     .next()
///     .unwrap();
/// assert_eq!(a.to_string(), "(_0 :- (at _0))");
/// ```
pub fn fixc_with_answer(
    x: impl Into<Term>,
    f: impl Fn(&Term) -> Goal + Send + Sync + 'static,
    reifier: impl Fn(&Term, &Term, &dyn Fn(&Term) -> Option<Term>) -> Option<Term>
        + Send
        + Sync
        + 'static,
) -> Goal {
    fixc_arc(x.into(), Arc::new(f), Arc::new(reifier))
}

/// [`fixc`] that runs when `runnable(x, state)` says so (core.logic's four-argument
/// `(fixc x f runnable reifier)`), checked when `x` is posted and whenever it, or an element
/// of it if it is a vector, is bound. With a vector of variables, `fixc` waits for several;
/// `f` then gets `x` walked completely (core.logic passes the state along instead).
///
/// ```
/// use kanren::{conj, eq, fixc_when, fresh, run_all, Term};
/// // z is x + y, once both are bound.
/// let a: Vec<String> = run_all(|q| fresh(move |[x, y, z]| conj([
///     fixc_when(
///         (x, y),
///         move |t| {
///             let xs = t.to_ints().expect("both bound");
///             eq(z, xs[0] + xs[1])
///         },
///         |t, s| s.walk_star(t).has_no_vars(),
///         Term::sym("sum"),
///     ),
///     eq(q, (x, y, z)),
///     eq(x, 1),
///     eq(y, 2),
/// ]))).map(|a| a.to_string()).collect();
/// assert_eq!(a, ["[1 2 3]"]);
/// ```
pub fn fixc_when(
    x: impl Into<Term>,
    f: impl Fn(&Term) -> Goal + Send + Sync + 'static,
    runnable: impl Fn(&Term, &State) -> bool + Send + Sync + 'static,
    form: impl Into<Term>,
) -> Goal {
    Goal::constraint(Fixc {
        x: x.into(),
        f: Arc::new(f),
        runnable: Some(Arc::new(runnable)),
        reifier: printed_as(form.into()),
    })
}

/// The reifier that prints a `fixc` as `(clojure.core.logic/fixc x form)`.
fn printed_as(form: Term) -> Reifier {
    Arc::new(move |x, _, name| {
        let op = Term::sym("clojure.core.logic/fixc");
        Some(Term::list([op, name(x)?, form.clone()]))
    })
}

fn fixc_arc(x: Term, f: Build, reifier: Reifier) -> Goal {
    Goal::constraint(Fixc {
        x,
        f,
        runnable: None,
        reifier,
    })
}

/// Whether `t` is a tree term (core.logic's `tree-term?`): a sequence or a map.
///
/// ```
/// use kanren::{is_tree, list, Term};
/// assert!(is_tree(&list![1]) && is_tree(&Term::from(vec![1])) && is_tree(&Term::map([(1, 2)])));
/// assert!(!is_tree(&Term::from(1)));
/// ```
pub fn is_tree(t: &Term) -> bool {
    t.is_seq() || t.entries().is_some()
}

/// `fc(t)` holds for `x` and for every node `t` of `x` as it gets built (core.logic's
/// `(treec x fc reifier)`): a `fixc` on `x` which, once `x` is bound, posts `fc` on it and a
/// `fixc` of the same kind on each child (the elements of a sequence and its variable tail,
/// the values of a map). A node still unbound shows as `(clojure.core.logic/fixc node form)`.
///
/// ```
/// use kanren::{conj, eq, fresh, is_tree, predc, run_all, succeed, treec, Term};
/// // Every leaf is a number (a tree node itself passes).
/// let numbers = |t: &Term| match is_tree(t) {
///     true => succeed(),
///     false => predc(t, |t: &Term| t.as_int().is_some(), Term::sym("number?")),
/// };
/// fn show(g: impl FnOnce(kanren::Var) -> kanren::Goal) -> Vec<String> {
///     run_all(g).map(|a| a.to_string()).collect()
/// }
/// assert_eq!(show(|q| fresh(move |[x, y]| conj([
///     treec(q, numbers, Term::sym("is-number?")),
///     eq(q, (x, Term::from((2, 3, y)))),
///     eq(x, 1),
/// ]))), ["([1 [2 3 _0]] :- (clojure.core.logic/fixc _0 is-number?))"]);
/// ```
pub fn treec(
    x: impl Into<Term>,
    fc: impl Fn(&Term) -> Goal + Send + Sync + 'static,
    form: impl Into<Term>,
) -> Goal {
    let fc: Build = Arc::new(fc);
    let reifier = printed_as(form.into());
    fixc_arc(x.into(), tree_loop(fc, reifier.clone()), reifier)
}

/// [`treec`] printed by `reifier` (see [`fixc_with`]).
///
/// ```
/// use kanren::{list, run_all, succeed, treec_with, Term};
/// let a = run_all(|q| treec_with(q, |_| succeed(), |x, name| Some(list![Term::sym("t"), name(x)?])))
///     .next()
///     .unwrap();
/// assert_eq!(a.to_string(), "(_0 :- (t _0))");
/// ```
pub fn treec_with(
    x: impl Into<Term>,
    fc: impl Fn(&Term) -> Goal + Send + Sync + 'static,
    reifier: impl Fn(&Term, &dyn Fn(&Term) -> Option<Term>) -> Option<Term> + Send + Sync + 'static,
) -> Goal {
    treec_with_answer(x, fc, move |x, _, name| reifier(x, name))
}

/// [`treec_with`] whose `reifier` also gets the answer's value, reified (core.logic's
/// reifier function gets it: `(reifier c x v r a)`), as the second argument.
///
/// ```
/// use kanren::{list, run_all, succeed, treec_with_answer, Term};
/// let a = run_all(|q| treec_with_answer(q, |_| succeed(), |_, v, _| Some(list![Term::sym("in"), v.clone()])))
///     .next()
///     .unwrap();
/// assert_eq!(a.to_string(), "(_0 :- (in _0))");
/// ```
pub fn treec_with_answer(
    x: impl Into<Term>,
    fc: impl Fn(&Term) -> Goal + Send + Sync + 'static,
    reifier: impl Fn(&Term, &Term, &dyn Fn(&Term) -> Option<Term>) -> Option<Term>
        + Send
        + Sync
        + 'static,
) -> Goal {
    let fc: Build = Arc::new(fc);
    let reifier: Reifier = Arc::new(reifier);
    fixc_arc(x.into(), tree_loop(fc, reifier.clone()), reifier)
}

/// core.logic's `loop` in `treec`: `fc` on the node, and the same deep constraint on each of
/// its children.
fn tree_loop(fc: Build, reifier: Reifier) -> Build {
    Arc::new(move |t: &Term| {
        if !is_tree(t) {
            return fc(t);
        }
        let me = tree_loop(fc.clone(), reifier.clone());
        let children = children(t)
            .into_iter()
            .map(|c| fixc_arc(c, me.clone(), reifier.clone()));
        conj(std::iter::once(fc(t)).chain(children))
    })
}

/// The children of a tree term: the elements of a sequence and its tail if that is not a
/// sequence (a variable), the values of a map.
fn children(t: &Term) -> Vec<Term> {
    if let Some(entries) = t.entries() {
        return entries.iter().map(|(_, v)| v.clone()).collect();
    }
    let mut out = Vec::new();
    let mut seq = crate::kernel::term::Seq::of(t);
    loop {
        match seq.step() {
            crate::kernel::term::SeqItem::Item(x) => out.push(x.clone()),
            crate::kernel::term::SeqItem::End => return out,
            crate::kernel::term::SeqItem::Tail(x) => {
                out.push(x.clone());
                return out;
            }
        }
    }
}

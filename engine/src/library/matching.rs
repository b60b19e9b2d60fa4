//! The goal behind each level of a `defne`/`matche` clause: core.logic's
//! `(fresh [vars] (== pattern arg) goals...)`, without making the variables when it need not.
//!
//! When the walked argument already has the pattern's shape, each pattern variable simply
//! names the part of the argument it stands over: no fresh variable, no binding, no
//! unification (a variable bound to a part at once is indistinguishable from the part). Where
//! the argument is not yet built (a variable stands where the pattern has structure), the
//! goal does exactly what core.logic does: fresh variables, the pattern term, `==`. Either way
//! the goal suspends once, as `fresh` does, so answers come in core.logic's order.

use crate::kernel::goal::{Goal, Solve};
use crate::kernel::solve::{Cont, Flow, Step};
use crate::kernel::state::State;
use crate::kernel::stream::{Link, Node, Stream};
use crate::kernel::term::{Term, Var};
use std::sync::Arc;

/// One step of a pattern, in prefix order: `[[x y] . t]` is
/// `[Cons, Vector(2), Slot(0), Slot(1), Slot(2)]`.
#[derive(Clone, Debug)]
pub enum PatOp {
    /// Matches anything (`_`).
    Any,
    /// A pattern variable seen here first: slot `k` of the body's array.
    Slot(usize),
    /// A pattern variable met again in the same pattern: must equal slot `k`.
    Same(usize),
    /// Must equal the term `values[k]` of the call (a literal, an argument, or a variable
    /// named earlier).
    Is(usize),
    /// The empty list `()`.
    Nil,
    /// A pair: its head pattern follows, then its tail pattern.
    Cons,
    /// A vector of this many items, whose patterns follow.
    Vector(usize),
    /// A map of exactly this many entries: each is a [`Key`](PatOp::Key) and the pattern of
    /// its value.
    Map(usize),
    /// The keyword key of the next entry of a map pattern (`":a"`).
    Key(&'static str),
}

/// `(fresh [slots] (== pattern arg) body...)`, where `pattern` is given as [`PatOp`]s (a
/// constant of the relation: the call's own terms are in `values`) and `body` receives the
/// terms the `K` pattern variables stand for. Used by the `defne!` family of macros; see the
/// module docs.
///
/// ```
/// use kanren::{list, run_all, Goal, PatOp, Term};
/// // (fresh [h t] (== (lcons h t) q) (== h 1)), written by hand:
/// let g = |q: kanren::Var| kanren::fresh_match(
///     &[PatOp::Cons, PatOp::Slot(0), PatOp::Slot(1)],
///     [],
///     q,
///     |[h, t]: [Term; 2]| kanren::conj([kanren::eq(h, 1), kanren::eq(t, list![])]),
/// );
/// assert_eq!(run_all(g).next().unwrap().to_string(), "(1)");
/// ```
pub fn fresh_match<const K: usize, const V: usize>(
    pattern: &'static [PatOp],
    values: [Term; V],
    arg: impl Into<Term>,
    body: impl Fn([Term; K]) -> Goal + Send + Sync + 'static,
) -> Goal {
    Goal::native(Match {
        pattern,
        values,
        arg: arg.into(),
        body,
    })
}

/// [`fresh_match`].
struct Match<const K: usize, const V: usize, F> {
    pattern: &'static [PatOp],
    values: [Term; V],
    arg: Term,
    body: F,
}

impl<const K: usize, const V: usize, F: Fn([Term; K]) -> Goal> Match<K, V, F> {
    /// The body for the pattern matched in `s`, and the state it runs in (`None`: `s` itself);
    /// `None` when the argument does not match.
    fn matched(&self, s: &State) -> Option<(Goal, Option<State>)> {
        let lengths = [self.pattern.len()];
        let (slots, bound) = match_args(self.pattern, &lengths, &self.values, [&self.arg], s)?;
        Some(((self.body)(slots), bound))
    }
}

impl<const K: usize, const V: usize, F> Solve for Match<K, V, F>
where
    F: Fn([Term; K]) -> Goal + Send + Sync,
{
    fn apply(&self, s: State) -> Stream {
        let matched = self.matched(&s);
        apply_matched(matched, s)
    }

    fn solve(&self, s: &State, _: &mut Cont<'_>) -> Step {
        solve_matched(self.matched(s))
    }
}

enum Shape {
    /// The slots are filled; the state after the unifications the match made (`None` when it
    /// made none).
    Matched(Option<State>),
    Mismatch,
    /// A variable stands where the pattern has structure.
    Unbuilt,
}

/// What a term met in the pattern must unify with: a slot filled earlier (`Same`) or one of
/// the call's values (`Is`).
enum Want {
    Slot(usize),
    Value(usize),
}

/// The unifications a match puts off until the shape has matched: each term met and what it
/// must unify with.
type Equal<'a> = smallvec::SmallVec<[(Want, &'a Term); 4]>;

/// Matches `pattern` against the walked `arg` without creating variables, reading the terms
/// in place: only what fills a slot (of `slots`) is cloned. The unifications that `Is` and
/// `Same` ask for are made once the shape has matched.
fn destructure(
    pattern: &[PatOp],
    values: &[Term],
    arg: &Term,
    s: &State,
    slots: &mut [Term],
) -> Shape {
    let mut equal = Equal::new();
    match shape(&mut pattern.iter(), arg, s, slots, &mut equal) {
        Ok(()) => {}
        Err(Fail::Mismatch) => return Shape::Mismatch,
        Err(Fail::Unbuilt) => return Shape::Unbuilt,
    }
    match unify_equal(&equal, slots, values, s) {
        Some(bound) => Shape::Matched(bound),
        None => Shape::Mismatch,
    }
}

/// Makes the unifications a match put off: `Some` of the state after them (`None` when there
/// were none), or `None` when one fails.
fn unify_equal(
    equal: &[(Want, &Term)],
    slots: &[Term],
    values: &[Term],
    s: &State,
) -> Option<Option<State>> {
    let mut bound: Option<State> = None;
    for (want, t) in equal {
        let u = match want {
            Want::Slot(k) => &slots[*k],
            Want::Value(k) => &values[*k],
        };
        bound = Some(bound.as_ref().unwrap_or(s).unify(u, t)?);
    }
    Some(bound)
}

/// Why a term does not have a pattern's shape: see [`Shape`].
enum Fail {
    Mismatch,
    Unbuilt,
}

/// Matches the next pattern of `ops` against `t`, in prefix order; recursive over the
/// pattern, which is as deep as it is written in the source.
fn shape<'a>(
    ops: &mut std::slice::Iter<'_, PatOp>,
    t: &'a Term,
    s: &'a State,
    slots: &mut [Term],
    equal: &mut Equal<'a>,
) -> Result<(), Fail> {
    let t = s.subst.walk_ref(t);
    match (ops.next().expect("pattern and terms agree"), t) {
        (PatOp::Any, _) => {}
        (PatOp::Slot(k), _) => slots[*k] = t.clone(),
        (PatOp::Same(k), _) => equal.push((Want::Slot(*k), t)),
        (PatOp::Is(k), _) => equal.push((Want::Value(*k), t)),
        (_, Term::Var(_)) => return Err(Fail::Unbuilt),
        (PatOp::Nil, Term::Nil) => {}
        (PatOp::Cons, Term::Pair(p)) => {
            part(ops, &p.0, s, slots, equal)?;
            part(ops, &p.1, s, slots, equal)?;
        }
        (PatOp::Vector(n), Term::Vector(items)) if items.len() == *n => {
            for item in items.iter() {
                part(ops, item, s, slots, equal)?;
            }
        }
        (PatOp::Map(n), Term::Map(entries)) if entries.len() == *n => {
            for _ in 0..*n {
                let Some(PatOp::Key(key)) = ops.next() else {
                    unreachable!("a map pattern's entries start with their key")
                };
                let value = t.get(&Term::sym(key)).ok_or(Fail::Mismatch)?;
                shape(ops, value, s, slots, equal)?;
            }
        }
        // A sequence of the other kind (a list pattern, a vector argument, or the reverse)
        // matches by unification, as core.logic's `==` of sequences.
        (PatOp::Nil | PatOp::Cons, Term::Vector(_))
        | (PatOp::Vector(_), Term::Nil | Term::Pair(_)) => return Err(Fail::Unbuilt),
        _ => return Err(Fail::Mismatch),
    }
    Ok(())
}

/// [`shape`] of a part of a term, a pattern of one op (`_` or a variable seen first) matched
/// here without a call.
#[inline(always)]
fn part<'a>(
    ops: &mut std::slice::Iter<'_, PatOp>,
    t: &'a Term,
    s: &'a State,
    slots: &mut [Term],
    equal: &mut Equal<'a>,
) -> Result<(), Fail> {
    match ops.as_slice().first() {
        Some(PatOp::Any) => {
            ops.next();
            Ok(())
        }
        Some(PatOp::Slot(k)) => {
            ops.next();
            slots[*k] = s.subst.walk_ref(t).clone();
            Ok(())
        }
        _ => shape(ops, t, s, slots, equal),
    }
}

/// Matches the arguments `args` of a clause against their patterns, one after the other: the
/// terms that the `K` pattern variables stand for, and the state after the unifications the
/// match needed (`None`: none), or `None` when an argument does not match. How a relation
/// made by [`defne!`](crate::defne) searches depth-first (see [`relation`](crate::relation)).
///
/// `pattern` holds the patterns of all the arguments in a row, `lengths[i]` ops for
/// `args[i]`; slot numbers run across all of them, so a variable met again in a later
/// argument is a `Same`. An argument that is not yet built where its pattern has structure is
/// unified with the pattern's term, its new variables fresh, as `fresh` and `==` would.
///
/// ```
/// use kanren::{list, match_args, PatOp, State, Term};
/// // [[h . t] h]: a list whose head is the second argument.
/// let pattern = &[PatOp::Cons, PatOp::Slot(0), PatOp::Slot(1), PatOp::Same(0)];
/// let s = State::new();
/// let (slots, _) = match_args::<2, 2>(pattern, &[3, 1], &[], [&list![7, 8], &7.into()], &s).unwrap();
/// assert_eq!(slots, [Term::from(7), list![8]]);
/// assert!(match_args::<2, 2>(pattern, &[3, 1], &[], [&list![7, 8], &9.into()], &s).is_none());
/// ```
pub fn match_args<const K: usize, const A: usize>(
    pattern: &[PatOp],
    lengths: &[usize; A],
    values: &[Term],
    args: [&Term; A],
    s: &State,
) -> Option<([Term; K], Option<State>)> {
    let mut slots: [Term; K] = std::array::from_fn(|_| Term::Nil);
    let bound = match_into(pattern, lengths, values, args, s, &mut slots)?;
    Some((slots, bound))
}

/// Matches `arg` against a pattern known only when the program runs (one level of an
/// interpreter's `defne` clause): the pattern's `slots` filled with the terms they stand for,
/// and the state after the unifications the match needed (`Some(None)`: none), or `None`
/// when `arg` does not match. An argument not yet built is unified with the pattern's term,
/// its new variables fresh. `values` are the pattern's `Value` operands.
///
/// ```
/// use kanren::{list, match_shared, PatOp, State, Term};
/// let pattern = [PatOp::Cons, PatOp::Slot(0), PatOp::Slot(1)];
/// let mut slots = vec![Term::Nil; 2];
/// let bound = match_shared(&pattern, &[], &list![7, 8], &State::new(), &mut slots);
/// assert!(matches!(bound, Some(None)));
/// assert_eq!(slots, [Term::from(7), list![8]]);
/// assert!(match_shared(&pattern, &[], &Term::from(3), &State::new(), &mut slots).is_none());
/// ```
pub fn match_shared(
    pattern: &[PatOp],
    values: &[Term],
    arg: &Term,
    s: &State,
    slots: &mut [Term],
) -> Option<Option<State>> {
    match_into(pattern, &[pattern.len()], values, [arg], s, slots)
}

/// [`match_args`] into the given `slots` (one per slot of the pattern): the state after the
/// unifications the match needed (`None`: none), or `None` when an argument does not match.
#[inline(always)]
fn match_into<const A: usize>(
    pattern: &[PatOp],
    lengths: &[usize; A],
    values: &[Term],
    args: [&Term; A],
    s: &State,
    slots: &mut [Term],
) -> Option<Option<State>> {
    // One pass over all the arguments in `s`, the unifications put off to the end; an
    // argument not yet built sends the match to the level-by-level way below.
    let mut equal = Equal::new();
    let mut ops = pattern.iter();
    for arg in args {
        match shape(&mut ops, arg, s, slots, &mut equal) {
            Ok(()) => {}
            Err(Fail::Mismatch) => return None,
            Err(Fail::Unbuilt) => {
                return match_levels(pattern, lengths, values, args, s, slots).ok()
            }
        }
    }
    unify_equal(&equal, slots, values, s)
}

/// [`match_into`] one argument after the other, each in the state the ones before it made,
/// building what is not yet built: `Err(j)` when the `j`-th argument (from 1) does not match.
pub(crate) fn match_levels<const A: usize>(
    pattern: &[PatOp],
    lengths: &[usize; A],
    values: &[Term],
    args: [&Term; A],
    s: &State,
    slots: &mut [Term],
) -> Result<Option<State>, u32> {
    let mut bound: Option<State> = None;
    let mut start = 0;
    for (level, (&length, arg)) in (1..).zip(lengths.iter().zip(args)) {
        let ops = &pattern[start..start + length];
        start += length;
        let now = bound.as_ref().unwrap_or(s);
        match destructure(ops, values, arg, now, slots) {
            Shape::Matched(None) => {}
            Shape::Matched(next) => bound = next,
            Shape::Mismatch => return Err(level),
            Shape::Unbuilt => {
                for op in ops {
                    if let PatOp::Slot(k) = op {
                        slots[*k] = Term::Var(Var::fresh());
                    }
                }
                let term = build(ops, values, slots);
                bound = Some(now.unify(&term, arg).ok_or(level)?);
            }
        }
    }
    Ok(bound)
}

/// The pattern as a term, its slots filled with `vars`.
fn build(pattern: &[PatOp], values: &[Term], vars: &[Term]) -> Term {
    fn go(ops: &mut std::slice::Iter<'_, PatOp>, values: &[Term], vars: &[Term]) -> Term {
        match ops.next().expect("a complete pattern") {
            PatOp::Any => Term::Var(Var::fresh()),
            PatOp::Slot(k) | PatOp::Same(k) => vars[*k].clone(),
            PatOp::Is(k) => values[*k].clone(),
            PatOp::Nil => Term::Nil,
            PatOp::Cons => {
                let head = go(ops, values, vars);
                Term::cons(head, go(ops, values, vars))
            }
            PatOp::Vector(n) => Term::Vector((0..*n).map(|_| go(ops, values, vars)).collect()),
            PatOp::Map(n) => Term::map((0..*n).map(|_| {
                let Some(PatOp::Key(key)) = ops.next() else {
                    unreachable!("a map pattern's entries start with their key")
                };
                (Term::sym(key), go(ops, values, vars))
            })),
            PatOp::Key(_) => unreachable!("a key only follows a map"),
        }
    }
    go(&mut pattern.iter(), values, vars)
}

/// [`fresh_match`] for a pattern known only when the program runs (an interpreter's
/// `matche`): the pattern of `slots` slots and the call's `values` are shared, and `body`
/// receives the slots' terms as a `Vec`. The same goal otherwise: no variable made where the
/// argument already has the pattern's shape, one suspension either way.
///
/// ```
/// use kanren::{fresh_match_shared, list, run_all, PatOp, Term};
/// use std::sync::Arc;
/// // (fresh [h t] (== (lcons h t) q) (== h 1)), the pattern built at run time:
/// let pattern: Arc<[PatOp]> = vec![PatOp::Cons, PatOp::Slot(0), PatOp::Slot(1)].into();
/// let g = move |q: kanren::Var| fresh_match_shared(
///     pattern.clone(),
///     2,
///     Arc::new([]),
///     q,
///     |s: Vec<Term>| kanren::conj([kanren::eq(s[0].clone(), 1), kanren::eq(s[1].clone(), list![])]),
/// );
/// assert_eq!(run_all(g).next().unwrap().to_string(), "(1)");
/// ```
pub fn fresh_match_shared(
    pattern: Arc<[PatOp]>,
    slots: usize,
    values: Arc<[Term]>,
    arg: impl Into<Term>,
    body: impl Fn(Vec<Term>) -> Goal + Send + Sync + 'static,
) -> Goal {
    Goal::native(SharedMatch {
        pattern,
        slots,
        values,
        arg: arg.into(),
        body,
    })
}

/// [`fresh_match_shared`].
struct SharedMatch<F> {
    pattern: Arc<[PatOp]>,
    slots: usize,
    values: Arc<[Term]>,
    arg: Term,
    body: F,
}

impl<F: Fn(Vec<Term>) -> Goal> SharedMatch<F> {
    /// As [`Match::matched`].
    fn matched(&self, s: &State) -> Option<(Goal, Option<State>)> {
        let mut slots = vec![Term::Nil; self.slots];
        let lengths = [self.pattern.len()];
        let bound = match_into(
            &self.pattern,
            &lengths,
            &self.values,
            [&self.arg],
            s,
            &mut slots,
        )?;
        Some(((self.body)(slots), bound))
    }
}

impl<F> Solve for SharedMatch<F>
where
    F: Fn(Vec<Term>) -> Goal + Send + Sync,
{
    fn apply(&self, s: State) -> Stream {
        let matched = self.matched(&s);
        apply_matched(matched, s)
    }

    fn solve(&self, s: &State, _: &mut Cont<'_>) -> Step {
        solve_matched(self.matched(s))
    }
}

/// The stream of a matched clause: its body in the state the match bound (or `s`). A failed
/// match still suspends once, as `(fresh [..] (== p a))` does.
fn apply_matched(matched: Option<(Goal, Option<State>)>, s: State) -> Stream {
    match matched {
        Some((body, bound)) => Stream::inc_apply(body, bound.unwrap_or(s)),
        None => Stream(Node::Inc(Link::new(Node::Empty))),
    }
}

/// The depth-first step of a matched clause: its body as a tail call.
fn solve_matched(matched: Option<(Goal, Option<State>)>) -> Step {
    match matched {
        Some((body, bound)) => Step::Tail(body, bound),
        None => Flow::Continue(()).into(),
    }
}

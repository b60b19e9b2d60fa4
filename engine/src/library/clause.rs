//! A `defne!` relation whose clauses are data: each clause is matched, all its pattern
//! levels at once, when the search gets to it, and is the counted suspension of its body
//! (`Stream::delayed`) or of its failure (`Stream::paused`). No goal is built for a clause
//! or for a pattern level; the body's goals are built for the clause that matched only.

use crate::kernel::goal::{Goal, Solve};
use crate::kernel::solve::{solve_node, Cont, Step};
use crate::kernel::state::State;
use crate::kernel::stream::{Link, Node, Stream};
use crate::kernel::term::Term;
use crate::library::matching::{match_levels, PatOp};
use std::ops::ControlFlow;

/// A relation of `N` clauses given by what each clause's stream is: `conde` over the
/// clauses, each applied by `clause(args, i, s)` when the search gets to it (core.logic's
/// `(conde [(fresh [..] (== p0 a0) (fresh [..] ...))] ...)`: one suspension, then the
/// clauses interleaved). `solve` searches the relation depth-first, as in
/// [`relation`](crate::relation), and must hand its continuation exactly the answers that
/// depth-first forcing of the stream gives, in that order. [`defne!`](crate::defne)
/// expands to it, with clauses matched by [`match_clause`] or by straight-line code.
///
/// ```
/// use kanren::{clause_relation, eq, run_all, solve_all, Step, Stream, Term, Var};
/// // q is 1 or 2; the second clause suspends twice first, as two pattern levels would.
/// let one_or_two = |q: Var| {
///     clause_relation::<2, 1, _, _>(
///         [Term::from(q)],
///         |[q]: &[Term; 1], i, s| match i {
///             0 => Stream::delayed(0, eq(q, 1), s),
///             _ => Stream::delayed(2, eq(q, 2), s),
///         },
///         |[q]: &[Term; 1], s, k| {
///             if solve_all(&[eq(q, 1)], s, k).is_break() {
///                 return Step::Done(std::ops::ControlFlow::Break(()));
///             }
///             Step::Tail(eq(q, 2), None)
///         },
///     )
/// };
/// let answers: Vec<String> = run_all(one_or_two).map(|a| a.to_string()).collect();
/// assert_eq!(answers, ["1", "2"]);
/// ```
pub fn clause_relation<const N: usize, const A: usize, C, S>(
    args: [Term; A],
    clause: C,
    solve: S,
) -> Goal
where
    C: Fn(&[Term; A], usize, State) -> Stream + Send + Sync + 'static,
    S: Fn(&[Term; A], &State, &mut Cont<'_>) -> Step + Send + Sync + 'static,
{
    Goal::native(ClauseRelation::<N, A, C, S> {
        args,
        clause,
        solve,
    })
}

struct ClauseRelation<const N: usize, const A: usize, C, S> {
    args: [Term; A],
    clause: C,
    solve: S,
}

impl<const N: usize, const A: usize, C, S> Solve for ClauseRelation<N, A, C, S>
where
    C: Fn(&[Term; A], usize, State) -> Stream + Send + Sync,
    S: Fn(&[Term; A], &State, &mut Cont<'_>) -> Step + Send + Sync,
{
    fn apply(&self, _s: State) -> Stream {
        unreachable!("a clause relation is applied through its goal (`apply_goal`)")
    }

    /// `Inc(mplus(clause 0, mplus(clause 1, ...)))`, each clause a pending application,
    /// made when the search gets to it (`Alts`).
    fn apply_goal(&self, me: &Goal, s: State) -> Stream {
        let clauses = match N {
            0 => Node::Empty,
            _ => Node::Alts(me.clone(), s, 0),
        };
        Stream(Node::Inc(Link::new(clauses)))
    }

    fn clause_count(&self) -> u32 {
        N as u32
    }

    fn clause(&self, i: u32, s: State) -> Node {
        (self.clause)(&self.args, i as usize, s).0
    }

    fn solve(&self, s: &State, k: &mut Cont<'_>) -> Step {
        (self.solve)(&self.args, s, k)
    }
}

/// [`clause_relation`] for a relation known only when the program runs (an interpreter's
/// `defne`): `n` clauses over `args` (the call's arguments, or whatever holds them), clause
/// `i` being the stream `clause(&args, i, s)` (a [`Stream::delayed`] body or a
/// [`Stream::paused`] failure, as [`match_shared`](crate::match_shared) finds). The same
/// stream as [`clause_relation`]'s; searched depth-first, each clause's stream is forced in
/// turn.
///
/// ```
/// use kanren::{clause_relation_shared, eq, run_all, Stream, Term, Var};
/// // q is 1, 2 or 3: clause i unifies q with i + 1 after i suspensions.
/// let g = |q: Var| clause_relation_shared([Term::from(q)], 3, |args, i, s| {
///     Stream::delayed(i as u32, eq(args[0].clone(), i as i64 + 1), s)
/// });
/// let a: Vec<String> = run_all(g).map(|a| a.to_string()).collect();
/// assert_eq!(a, ["1", "2", "3"]);
/// assert_eq!(run_all(g).depth_first().count(), 3);
/// ```
pub fn clause_relation_shared<A, C>(args: A, n: usize, clause: C) -> Goal
where
    A: Send + Sync + 'static,
    C: Fn(&A, usize, State) -> Stream + Send + Sync + 'static,
{
    Goal::native(SharedClauses { args, n, clause })
}

/// [`clause_relation_shared`].
struct SharedClauses<A, C> {
    args: A,
    n: usize,
    clause: C,
}

impl<A, C> Solve for SharedClauses<A, C>
where
    A: Send + Sync,
    C: Fn(&A, usize, State) -> Stream + Send + Sync,
{
    fn apply(&self, _s: State) -> Stream {
        unreachable!("a clause relation is applied through its goal (`apply_goal`)")
    }

    /// As [`ClauseRelation`]'s.
    fn apply_goal(&self, me: &Goal, s: State) -> Stream {
        let clauses = match self.n {
            0 => Node::Empty,
            _ => Node::Alts(me.clone(), s, 0),
        };
        Stream(Node::Inc(Link::new(clauses)))
    }

    fn clause_count(&self) -> u32 {
        self.n as u32
    }

    fn clause(&self, i: u32, s: State) -> Node {
        (self.clause)(&self.args, i as usize, s).0
    }

    fn solve(&self, s: &State, k: &mut Cont<'_>) -> Step {
        for i in 0..self.n {
            let node = (self.clause)(&self.args, i, s.clone()).0;
            if solve_node(node, k).is_break() {
                return Step::Done(ControlFlow::Break(()));
            }
        }
        Step::Done(ControlFlow::Continue(()))
    }
}

/// Matches a clause's patterns against its arguments level by level, as core.logic's nested
/// `(fresh [..] (== pattern arg) ...)` does: the terms the `K` pattern variables stand for
/// and the state after the unifications the match needed (`None`: none), or `Err(j)` when
/// the `j`-th argument (from 1) does not match. `pattern`, `lengths` and `values` are as in
/// [`match_args`](crate::match_args); an argument not yet built is unified with the
/// pattern's term, its new variables fresh.
///
/// ```
/// use kanren::{list, match_clause, PatOp, State, Term};
/// // [[h . t] h]: a list whose head is the second argument.
/// let pattern = &[PatOp::Cons, PatOp::Slot(0), PatOp::Slot(1), PatOp::Same(0)];
/// let s = State::new();
/// let (slots, _) = match_clause::<2, 2>(pattern, &[3, 1], &[], [&list![7, 8], &7.into()], &s).unwrap();
/// assert_eq!(slots, [Term::from(7), list![8]]);
/// let failed = match_clause::<2, 2>(pattern, &[3, 1], &[], [&list![7, 8], &9.into()], &s);
/// assert_eq!(failed.err(), Some(2));
/// ```
#[allow(clippy::type_complexity)]
pub fn match_clause<const K: usize, const A: usize>(
    pattern: &[PatOp],
    lengths: &[usize; A],
    values: &[Term],
    args: [&Term; A],
    s: &State,
) -> Result<([Term; K], Option<State>), u32> {
    let mut slots: [Term; K] = std::array::from_fn(|_| Term::Nil);
    let bound = match_levels(pattern, lengths, values, args, s, &mut slots)?;
    Ok((slots, bound))
}

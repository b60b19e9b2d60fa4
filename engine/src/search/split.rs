//! Cutting a query's stream into parts where it branches, for the workers of
//! [`Parallel`](super::Parallel).

use crate::kernel::goal::Goal;
use crate::kernel::state::State;
use crate::kernel::stream::{Frame, Link, Node};

/// One part of a split search, in depth-first order: an answer found while cutting, or a
/// branch still to search.
pub(super) enum Part {
    Answer(State),
    Branch(Node),
}

/// At most this many rounds of cutting (each cuts every part once): a search that does not
/// branch (a deterministic recursion) is then searched as one part rather than cut forever.
const MAX_ROUNDS: usize = 64;

/// Cuts `node` into at least `want` parts where it branches (fewer if it has fewer), in
/// depth-first order.
///
/// Each round cuts every branch into all the alternatives of its first disjunction, not into
/// two: a disjunction is a right-nested `mplus` (`conde`'s clauses, a labeling's values), and
/// a binary cut would leave its last alternatives together in one part while the first
/// alternative is cut again, round after round (at 12-queens, a fourth of the work in one
/// part of 216). The alternatives are followed along the `mplus` spine, up to
/// [`MAX_ALTERNATIVES`] per round. A round stops cutting once its parts and the branches it
/// has not reached make `want`: a round can multiply the parts by up to 64, and a cut four
/// times too fine costs its time before the workers start (2.1 ms for 536 parts of the FD
/// 11-queens count, 0.6 ms for 132).
pub(super) fn split(node: Node, want: usize) -> Vec<Part> {
    let mut parts = vec![Part::Branch(node)];
    for _ in 0..MAX_ROUNDS {
        let branches = parts
            .iter()
            .filter(|p| matches!(p, Part::Branch(_)))
            .count();
        if branches == 0 || branches >= want || crate::kernel::budget::stopped_here() {
            break;
        }
        let mut next = Vec::with_capacity(parts.len() * 4);
        // Branches made in this round, and branches of the last round not yet cut: once they
        // make `want`, the rest are kept whole (a round can multiply the parts by 64).
        let (mut made, mut left) = (0, branches);
        for part in parts {
            match part {
                Part::Answer(s) => next.push(Part::Answer(s)),
                Part::Branch(node) if made + left >= want => {
                    next.push(Part::Branch(node));
                    made += 1;
                    left -= 1;
                }
                Part::Branch(node) => {
                    let before = next.len();
                    alternatives(node, &mut next);
                    made += next[before..]
                        .iter()
                        .filter(|p| matches!(p, Part::Branch(_)))
                        .count();
                    left -= 1;
                }
            }
        }
        parts = next;
    }
    parts
}

/// At most this many alternatives of one disjunction are cut apart in one round of
/// [`split`]; the rest stay one part, cut in the next round.
const MAX_ALTERNATIVES: usize = 64;

/// Pushes the alternatives of `node`'s first disjunction onto `parts`, in order (an answer
/// found on the way, and the rest after it, as two parts).
fn alternatives(node: Node, parts: &mut Vec<Part>) {
    let mut rest = node;
    for _ in 0..MAX_ALTERNATIVES {
        match expand(rest) {
            Expanded::Empty => return,
            Expanded::Answer(s, more) => {
                parts.push(Part::Answer(s));
                parts.push(Part::Branch(more));
                return;
            }
            Expanded::Branch(x, y) => {
                parts.push(Part::Branch(x));
                rest = y;
            }
        }
    }
    parts.push(Part::Branch(rest));
}

/// What forcing a stream depth-first up to its first branch found.
enum Expanded {
    /// No answers.
    Empty,
    /// An answer, then the rest.
    Answer(State, Node),
    /// Two branches: the first's answers come first.
    Branch(Node, Node),
}

/// Forces `node` by the depth-first rules of `stream/mod.rs` until it ends, gives an answer, or
/// branches; binds pending at a branch are put around each side.
fn expand(node: Node) -> Expanded {
    // Runs of pending binds, outermost first; within a run, innermost last.
    let mut binds: Vec<Vec<Goal>> = Vec::new();
    let mut node = node;
    loop {
        node = match node {
            Node::Empty => return Expanded::Empty,
            Node::Unit(s) => match pop_bind(&mut binds) {
                None => return Expanded::Answer(s, Node::Empty),
                Some(g) => g.apply(s).0,
            },
            Node::Choice(s, rest) => match pop_bind(&mut binds) {
                None => return Expanded::Answer(s, rest.into_inner()),
                // bind(Choice(a, r), g) = mplus(g(a), bind(r, g))
                Some(g) => {
                    let rest = Node::Bind(rest, vec![g.clone()]);
                    let first = Node::Apply(g, s);
                    return Expanded::Branch(wrap(first, &binds), wrap(rest, &binds));
                }
            },
            Node::Mplus(x, y) => {
                return Expanded::Branch(wrap(x.into_inner(), &binds), wrap(y.into_inner(), &binds))
            }
            Node::Inc(t) => t.into_inner(),
            Node::Captured(t, frames) => Node::Resume(t, frames),
            Node::Suspended(g, s) | Node::Apply(g, s) | Node::Delayed(_, g, s) => g.apply(s).0,
            Node::Paused(_) => Node::Empty,
            Node::Clause(g, s, i) => g.clause(i, s),
            Node::Alts(g, s, i) => match crate::kernel::stream::alts(g, s, i) {
                (clause, None) => clause,
                (clause, Some(rest)) => {
                    return Expanded::Branch(wrap(clause, &binds), wrap(rest, &binds))
                }
            },
            Node::Lazy(f) => f().0,
            Node::Bind(x, goals) => {
                binds.push(goals);
                x.into_inner()
            }
            Node::Conj(x, goals) => {
                binds.push(goals.iter().rev().cloned().collect());
                x.into_inner()
            }
            Node::All(s, goals) => match goals.split_first() {
                None => Node::Unit(s),
                Some((first, rest)) => {
                    binds.push(rest.iter().rev().cloned().collect());
                    first.apply(s).0
                }
            },
            // The frames outermost first: binds go on; mplus(_, y) around the suspension
            // became Mplus(y, rest), whose first branch is y.
            Node::Resume(t, mut frames) => match frames.pop_front() {
                None => t.into_inner(),
                Some(Frame::Binds(run)) => {
                    binds.push(run);
                    Node::Resume(t, frames)
                }
                Some(Frame::Mplus(y)) => {
                    let rest = Node::Resume(t, frames);
                    return Expanded::Branch(wrap(y.into_inner(), &binds), wrap(rest, &binds));
                }
            },
        };
    }
}

/// The innermost pending bind, if any (empty runs are dropped).
fn pop_bind(binds: &mut Vec<Vec<Goal>>) -> Option<Goal> {
    while let Some(run) = binds.last_mut() {
        if let Some(g) = run.pop() {
            if run.is_empty() {
                binds.pop();
            }
            return Some(g);
        }
        binds.pop();
    }
    None
}

/// `node` under the pending `binds`, as one stream.
fn wrap(node: Node, binds: &[Vec<Goal>]) -> Node {
    binds.iter().rev().fold(node, |inner, run| {
        if run.is_empty() {
            inner
        } else {
            Node::Bind(Link::new(inner), run.clone())
        }
    })
}

#[cfg(test)]
mod tests {
    use super::{split, Part};
    use crate::kernel::stream::Splitting;
    use crate::{conj, eq, fd, run_all, Term, Var};

    /// How many branches the cut for `want` parts makes of six variables in 0..=5, all
    /// different, labeled first-fail (`fd::label`'s only choice points).
    fn labeling_cut_for(want: usize) -> usize {
        let xs: Vec<Var> = (0..6).map(|_| Var::fresh()).collect();
        let answers = run_all(|q| {
            conj([
                fd::in_(&xs, fd::interval(0, 5)),
                fd::distinct(&xs),
                fd::label(&xs, fd::Labeling::FF),
                eq(q, Term::list(xs.clone())),
            ])
        });
        let (stream, ..) = answers.into_parts();
        let parts = {
            let _splitting = Splitting::enter();
            split(stream.0, want)
        };
        parts
            .iter()
            .filter(|p| matches!(p, Part::Branch(_)))
            .count()
    }

    /// A round stops cutting once the parts are enough: six queens' first-fail labeling cut
    /// for 32 parts has 6 x 5 = 30 after two rounds; the third cuts one or two of them (four
    /// values each) and keeps the rest whole, where cutting all would make 120.
    #[test]
    fn a_round_stops_cutting_once_the_parts_are_enough() {
        let branches = labeling_cut_for(32);
        assert!((32..=40).contains(&branches), "{branches} branches");
    }

    /// A query whose only choice points are `fd::label`'s is cut at them: into many branches,
    /// not into its answers one by one and one branch holding the rest of the search.
    #[test]
    fn a_labeling_is_cut_at_its_choice_points() {
        let branches = labeling_cut_for(32);
        assert!(branches >= 32, "{branches} branches");
    }
}

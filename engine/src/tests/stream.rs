//! The kernel's frontier (`kernel/stream/frontier.rs`: suspensions opened where they are met,
//! the pending work a tree that stays in place) against the rules applied literally: every
//! suspension takes its frames into a `Captured` node, comes back to the top and is opened
//! there (what `head_normal_form` does). The two must give the same answers in the same order,
//! on random goal trees whose conjunctions of disjunctions leave many pending frames, with the
//! outermost `mplus` anywhere among them.

use crate::kernel::reify::reify;
use crate::kernel::stream::{head_normal_form, Frontier, Node, Stream};
use crate::kernel::term::{Term, Var};
use crate::{conde, conj, eq, fresh, neq, onceo, Goal, State};
use proptest::prelude::*;

#[derive(Clone, Debug)]
enum Tree {
    Eq(usize, i64),
    EqVars(usize, usize),
    Neq(usize, i64),
    Conj(Vec<Tree>),
    Conde(Vec<Vec<Tree>>),
    Fresh(usize, Box<Tree>),
    /// The goal inside a suspension of its own (`Stream::suspend`).
    Delay(Box<Tree>),
    Once(Box<Tree>),
    /// The goal after `k` suspensions: `Stream::delayed` (one counted node), or, literally,
    /// `k` nested `Stream::suspend`s.
    Counted(u32, Box<Tree>),
    /// No state after `k` suspensions: `Stream::paused`, or `k` nested suspensions.
    Paused(u32),
}

const SLOTS: usize = 3;

fn tree() -> impl Strategy<Value = Tree> {
    let leaf = prop_oneof![
        (0..SLOTS, 0i64..3).prop_map(|(x, k)| Tree::Eq(x, k)),
        (0..SLOTS, 0..SLOTS).prop_map(|(x, y)| Tree::EqVars(x, y)),
        (0..SLOTS, 0i64..3).prop_map(|(x, k)| Tree::Neq(x, k)),
        (0u32..4).prop_map(Tree::Paused),
    ];
    leaf.prop_recursive(6, 48, 4, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 1..4).prop_map(Tree::Conj),
            prop::collection::vec(prop::collection::vec(inner.clone(), 1..3), 1..4)
                .prop_map(Tree::Conde),
            (0..SLOTS, inner.clone()).prop_map(|(x, t)| Tree::Fresh(x, Box::new(t))),
            inner.clone().prop_map(|t| Tree::Delay(Box::new(t))),
            inner.clone().prop_map(|t| Tree::Once(Box::new(t))),
            (0u32..4, inner).prop_map(|(k, t)| Tree::Counted(k, Box::new(t))),
        ]
    })
}

/// The goal of `t`; with `literal`, counted suspensions are built as nested ones.
fn build(t: &Tree, vars: [Var; SLOTS], literal: bool) -> Goal {
    match t {
        Tree::Eq(x, k) => eq(vars[*x], *k),
        Tree::EqVars(x, y) => eq(vars[*x], vars[*y]),
        Tree::Neq(x, k) => neq(vars[*x], *k),
        Tree::Conj(ts) => conj(ts.iter().map(|t| build(t, vars, literal))),
        Tree::Conde(cs) => conde(cs.iter().map(|c| {
            c.iter()
                .map(|t| build(t, vars, literal))
                .collect::<Vec<_>>()
        })),
        Tree::Fresh(x, t) => {
            let (x, t) = (*x, (**t).clone());
            fresh(move |[v]| {
                let mut inner = vars;
                inner[x] = v;
                build(&t, inner, literal)
            })
        }
        Tree::Delay(t) => suspended(1, build(t, vars, literal)),
        Tree::Once(t) => onceo(build(t, vars, literal)),
        Tree::Counted(k, t) if literal => suspended(*k, build(t, vars, literal)),
        Tree::Counted(k, t) => {
            let (k, g) = (*k, build(t, vars, literal));
            Goal::new(move |s| Stream::delayed(k, g.clone(), s))
        }
        Tree::Paused(k) if literal => suspended(*k, crate::fail()),
        Tree::Paused(k) => {
            let k = *k;
            Goal::new(move |_| Stream::paused(k))
        }
    }
}

/// `g` inside `k` nested suspensions, each a `Stream::suspend`.
fn suspended(k: u32, g: Goal) -> Goal {
    (0..k).fold(g, |g, _| {
        Goal::new(move |s| {
            let g = g.clone();
            Stream::suspend(move || g.apply(s))
        })
    })
}

/// The query's stream, as `run` starts it (inside one suspension), and its variable.
fn query(t: &Tree) -> (Stream, Term) {
    query_built(t, false)
}

/// [`query`], counted suspensions built literally or not.
fn query_built(t: &Tree, literal: bool) -> (Stream, Term) {
    let q = Var::fresh();
    let t = t.clone();
    let g = fresh(move |vars: [Var; SLOTS]| conj([build(&t, vars, literal), eq(q, vars.to_vec())]));
    (Stream::inc_apply(g, State::new()), q.into())
}

/// The answers as `run` pulls them: suspensions opened where they are met.
fn opened_in_place((s, q): (Stream, Term)) -> Vec<String> {
    let mut frontier = Frontier::default();
    frontier.load(s);
    std::iter::from_fn(|| frontier.next())
        .map(|a| reify(&a, &q).to_string())
        .collect()
}

/// The answers by the rules applied literally: each suspension taken to the top and opened
/// there.
fn opened_at_the_top((mut s, q): (Stream, Term)) -> Vec<String> {
    let mut out = Vec::new();
    loop {
        s = match head_normal_form(s).0 {
            Node::Empty => return out,
            Node::Unit(a) => {
                out.push(reify(&a, &q).to_string());
                return out;
            }
            Node::Choice(a, rest) => {
                out.push(reify(&a, &q).to_string());
                Stream(rest.into_inner())
            }
            suspension => Stream(suspension.open()),
        }
    }
}

/// The answers forced depth-first.
fn depth_first((mut s, q): (Stream, Term)) -> Vec<String> {
    let mut frames = Vec::new();
    std::iter::from_fn(|| s.next_depth_first(&mut frames))
        .map(|a| reify(&a, &q).to_string())
        .collect()
}

proptest! {
    #[test]
    fn opening_in_place_keeps_the_order(t in tree()) {
        prop_assert_eq!(opened_in_place(query(&t)), opened_at_the_top(query(&t)));
    }

    /// A counted suspension (`Delayed`, `Paused`) is its `k` suspensions: the same answers
    /// in the same order as `k` nested ones, in both orders and opened either way.
    #[test]
    fn counted_suspensions_are_nested_ones(t in tree()) {
        let literal = opened_at_the_top(query_built(&t, true));
        prop_assert_eq!(opened_in_place(query_built(&t, false)), literal.clone());
        prop_assert_eq!(opened_at_the_top(query_built(&t, false)), literal);
        prop_assert_eq!(depth_first(query_built(&t, false)), depth_first(query_built(&t, true)));
    }
}

/// A disjunction under many pending conjunctions (many binds and `mplus`es below the outermost
/// `mplus`), and one under few, in one search.
#[test]
fn deep_frames_on_either_side_of_the_outermost_mplus() {
    // x_i is 1 or 2, for eight variables: 256 answers, each a list of choices.
    let search = || {
        let xs: Vec<Var> = (0..8).map(|_| Var::fresh()).collect();
        let pick = |x: Var| conde([vec![eq(x, 1)], vec![eq(x, 2)]]);
        let deep = conj(xs[1..].iter().map(|&x| pick(x)));
        let g = conde([vec![pick(xs[0]), deep.clone()], vec![deep, pick(xs[0])]]);
        let q: Term = xs.into();
        (Stream::inc_apply(g, State::new()), q)
    };
    let in_place = opened_in_place(search());
    assert_eq!(in_place.len(), 512);
    assert_eq!(in_place, opened_at_the_top(search()));
}

/// A leading `succeed` is left out of a conjunction (bind(Unit(s), succeed) = Unit(s)), a
/// later one is not: it puts a suspension after each answer of the goals before it, which
/// core.logic's order shows. The orders are core.logic's, printed by it for
/// `(run* [q] (fresh [x y] (all succeed (pick x) succeed (pick y) succeed) (== q [x y])))`
/// and the same without the `succeed`s, `pick` being a three-way `conde`.
#[test]
fn a_conjunction_leaves_out_only_a_leading_succeed() {
    use crate::succeed;
    assert!(conj([succeed(), succeed()]).is_succeed());
    assert!(conj([eq(1, 1), succeed()]).is_succeed());
    assert!(!conj([eq(Var::fresh(), 1), succeed()]).is_succeed());
    let answers = |goals: fn(Var, Var) -> Vec<crate::Goal>| {
        let (x, y) = (Var::fresh(), Var::fresh());
        let q: Term = vec![x, y].into();
        let found = opened_in_place((Stream::inc_apply(conj(goals(x, y)), State::new()), q));
        found
            .iter()
            .map(|t| t.to_string())
            .collect::<Vec<_>>()
            .join(" ")
    };
    fn pick(v: Var) -> crate::Goal {
        conde([vec![eq(v, 1)], vec![eq(v, 2)], vec![eq(v, 3)]])
    }
    assert_eq!(
        answers(|x, y| vec![succeed(), pick(x), succeed(), pick(y), succeed()]),
        "[1 1] [1 2] [1 3] [2 1] [2 2] [2 3] [3 1] [3 2] [3 3]"
    );
    assert_eq!(
        answers(|x, y| vec![pick(x), pick(y)]),
        "[1 1] [1 2] [1 3] [2 1] [2 2] [3 1] [2 3] [3 2] [3 3]"
    );
}

//! Depth-first forcing (`Answers::depth_first`): the same answers as core.logic's interleaving
//! for every finite search, in another order; committed choice commits as when interleaving.

use kanren::{
    appendo, conda, conde, condu, conj, eq, fd, fresh, list, membero, neq, onceo, run, run_all,
    Answers, Goal, Term, Var,
};
use proptest::prelude::*;

mod common;
use common::strings;

/// The answers of `f` interleaved, in their order, after checking that depth-first forcing
/// gives the same multiset of printed answers.
fn same_answers(f: impl Fn(Var) -> Goal) -> Vec<String> {
    let interleaved = strings(run_all(&f));
    let mut sorted = interleaved.clone();
    let mut depth_first = strings(run_all(&f).depth_first());
    sorted.sort();
    depth_first.sort();
    assert_eq!(depth_first, sorted, "interleaved: {interleaved:?}");
    interleaved
}

/// The answers, printed, as `fold` hands them over (depth-first: continuation-passing, not
/// `next`).
fn folded(answers: Answers) -> Vec<String> {
    answers.fold(Vec::new(), |mut v, a| {
        v.push(a.to_string());
        v
    })
}

/// `q` is the list `(x y z)` of three fresh variables that `g` constrains.
fn with_xyz(q: Var, g: impl Fn([Var; 3]) -> Goal + Send + Sync + 'static) -> Goal {
    fresh(move |xyz: [Var; 3]| conj([g(xyz), eq(q, Term::list(xyz))]))
}

/// Succeeds with `x = 5` infinitely often.
fn fives(x: Term) -> Goal {
    Goal::lazy(move || conde([vec![eq(&x, 5)], vec![fives(x.clone())]]))
}

/// Succeeds with `x = 6` infinitely often.
fn sixes(x: Term) -> Goal {
    Goal::lazy(move || conde([vec![eq(&x, 6)], vec![sixes(x.clone())]]))
}

/// `q` is 1 or 2; interleaving finds 2 first (the first clause suspends in its inner
/// `conde`, and `mplus` swaps), depth-first finds 1 first.
fn one_or_two(q: Var) -> Goal {
    conde([vec![conde([vec![eq(q, 1)]])], vec![eq(q, 2)]])
}

#[test]
fn fives_and_sixes_interleave_but_depth_first_starves_the_sixes() {
    let both = |q: Var| conde([vec![fives(q.into())], vec![sixes(q.into())]]);
    assert_eq!(strings(run(4, both)), ["5", "6", "5", "6"]);
    assert_eq!(strings(run(4, both).depth_first()), ["5", "5", "5", "5"]);
}

#[test]
fn run_n_depth_first_stops_at_n() {
    assert_eq!(run(3, |q| fives(q.into())).depth_first().count(), 3);
    assert_eq!(run(0, |q| fives(q.into())).depth_first().count(), 0);
}

#[test]
fn the_orders_differ_where_a_clause_suspends() {
    assert_eq!(strings(run_all(one_or_two)), ["2", "1"]);
    assert_eq!(strings(run_all(one_or_two).depth_first()), ["1", "2"]);
}

#[test]
fn switching_to_depth_first_midway_gives_the_rest() {
    let splits =
        |q: Var| fresh(move |[x, y]| conj([appendo(x, y, list![1, 2, 3, 4]), eq(q, list![x, y])]));
    let mut answers = run_all(splits);
    let mut seen = strings(answers.by_ref().take(2));
    seen.extend(strings(answers.depth_first()));
    seen.sort();
    let mut all = same_answers(splits);
    all.sort();
    assert_eq!(seen, all);
}

#[test]
fn appendo_splits() {
    let splits = same_answers(|q| {
        fresh(move |[x, y]| conj([appendo(x, y, list![1, 2, 3, 4, 5]), eq(q, list![x, y])]))
    });
    assert_eq!(splits.len(), 6);
    // Partial lists: the prefixes of a list whose tail is fresh, a finite search with `run`.
    let prefixes = |q: Var| fresh(move |[t]| appendo(q, list![9], list![1, 2; t]));
    let mut interleaved = strings(run(6, prefixes));
    let mut depth_first = strings(run(6, prefixes).depth_first());
    interleaved.sort();
    depth_first.sort();
    assert_eq!(depth_first, interleaved);
}

#[test]
fn disequality_keeps_its_residual_constraints() {
    let answers = same_answers(|q| {
        with_xyz(q, |[x, y, z]| {
            conde([
                vec![neq(x, 1), eq(y, 2)],
                vec![neq(list![x, y], list![z, 3])],
                vec![membero(x, list![1, 2, 3]), neq(x, 2), neq(y, x)],
            ])
        })
    });
    assert_eq!(answers.len(), 4);
    assert!(answers.iter().all(|a| a.contains(":-")), "{answers:?}");
}

#[test]
fn fd_queens_of_six_through_the_engine() {
    let answers = same_answers(|q| {
        let cols: Vec<Var> = (0..6).map(|_| Var::fresh()).collect();
        conj([queens::fd::model(&cols), eq(q, Term::list(cols))])
    });
    assert_eq!(answers.len(), 4);
}

#[test]
fn fd_labeling_and_arithmetic() {
    let answers = same_answers(|q| {
        with_xyz(q, |[x, y, z]| {
            conj([
                fd::in_([x, y, z], fd::interval(-2, 4)),
                fd::plus(x, y, z),
                fd::lt(x, y),
                fd::label([z, x], fd::Labeling::LEFTMOST),
            ])
        })
    });
    assert!(answers.len() > 5, "{answers:?}");
}

#[test]
fn relational_queens_boards_are_the_same_sets() {
    let known = [1, 0, 0, 2, 10, 4, 40, 92];
    for (n, &count) in (1..=8).zip(&known) {
        let answers = same_answers(|q| {
            let board = Term::list((0..n).map(|y| Term::from((Var::fresh(), y))));
            conj([eq(q, board), queens::relational::nqueenso(q, n)])
        });
        assert_eq!(answers.len(), count, "n = {n}");
    }
}

#[test]
fn onceo_commits_to_the_interleaved_first_answer() {
    let once = |q: Var| onceo(one_or_two(q));
    assert_eq!(strings(run_all(once)), ["2"]);
    assert_eq!(strings(run_all(once).depth_first()), ["2"]);
    let unique = |q: Var| condu([vec![one_or_two(q)], vec![eq(q, 3)]]);
    assert_eq!(strings(run_all(unique).depth_first()), ["2"]);
    // Under a branching goal, each branch commits on its own.
    let answers = same_answers(|q| {
        fresh(move |[x, y]| {
            conj([
                membero(x, list![1, 2, 3]),
                onceo(conde([vec![conde([vec![eq(y, x)]])], vec![eq(y, 0)]])),
                eq(q, list![x, y]),
            ])
        })
    });
    assert_eq!(answers, ["(1 0)", "(2 0)", "(3 0)"]);
}

#[test]
fn conda_keeps_the_head_answers_it_committed_to() {
    // The head's stream suspends many times: its rest holds captured frames (Resume nodes)
    // that depth-first forcing unpacks.
    let answers = same_answers(|q| {
        with_xyz(q, |[x, y, z]| {
            conda([
                vec![appendo(x, y, list![1, 2, 3]), membero(z, list![7, 8])],
                vec![eq(x, 0)],
            ])
        })
    });
    assert_eq!(answers.len(), 8);
    let failing = same_answers(|q| conda([vec![one_or_two(q), eq(q, 1)], vec![eq(q, 3)]]));
    assert_eq!(failing, ["1"]);
}

// Random finite goal trees: both orders give the same answers.

#[derive(Clone, Debug)]
enum Tree {
    Eq(usize, i64),
    EqVars(usize, usize),
    /// `x = (y . k)`: structure, and with the occurs check a chance of failure.
    EqPair(usize, usize, i64),
    Neq(usize, i64),
    NeqVars(usize, usize),
    Conj(Vec<Tree>),
    Conde(Vec<Vec<Tree>>),
    /// The variable of the slot is replaced by a fresh one inside.
    Fresh(usize, Box<Tree>),
    Once(Box<Tree>),
}

const SLOTS: usize = 3;

fn tree() -> impl Strategy<Value = Tree> {
    let slot = 0..SLOTS;
    let leaf = prop_oneof![
        (slot.clone(), 0i64..3).prop_map(|(x, k)| Tree::Eq(x, k)),
        (slot.clone(), slot.clone()).prop_map(|(x, y)| Tree::EqVars(x, y)),
        (slot.clone(), slot.clone(), 0i64..2).prop_map(|(x, y, k)| Tree::EqPair(x, y, k)),
        (slot.clone(), 0i64..3).prop_map(|(x, k)| Tree::Neq(x, k)),
        (slot.clone(), slot.clone()).prop_map(|(x, y)| Tree::NeqVars(x, y)),
    ];
    leaf.prop_recursive(4, 24, 3, move |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 1..3).prop_map(Tree::Conj),
            prop::collection::vec(prop::collection::vec(inner.clone(), 1..3), 1..4)
                .prop_map(Tree::Conde),
            (0..SLOTS, inner.clone()).prop_map(|(x, t)| Tree::Fresh(x, Box::new(t))),
            inner.prop_map(|t| Tree::Once(Box::new(t))),
        ]
    })
}

fn build(t: &Tree, vars: [Var; SLOTS]) -> Goal {
    match t {
        Tree::Eq(x, k) => eq(vars[*x], *k),
        Tree::EqVars(x, y) => eq(vars[*x], vars[*y]),
        Tree::EqPair(x, y, k) => eq(vars[*x], Term::cons(vars[*y], *k)),
        Tree::Neq(x, k) => neq(vars[*x], *k),
        Tree::NeqVars(x, y) => neq(vars[*x], vars[*y]),
        Tree::Conj(ts) => conj(ts.iter().map(|t| build(t, vars))),
        Tree::Conde(cs) => conde(
            cs.iter()
                .map(|c| c.iter().map(|t| build(t, vars)).collect::<Vec<_>>()),
        ),
        Tree::Fresh(x, t) => {
            let (x, t) = (*x, (**t).clone());
            fresh(move |[v]| {
                let mut inner = vars;
                inner[x] = v;
                build(&t, inner)
            })
        }
        Tree::Once(t) => onceo(build(t, vars)),
    }
}

proptest! {
    /// Random finite goal trees over three variables give the same sorted answers, residual
    /// constraints included, in both orders.
    #[test]
    fn both_orders_give_the_same_answers(t in tree()) {
        let query = |q: Var| {
            let t = t.clone();
            fresh(move |vars: [Var; SLOTS]| conj([build(&t, vars), eq(q, vars.to_vec())]))
        };
        let mut interleaved = strings(run_all(query));
        let mut depth_first = strings(run_all(query).depth_first());
        // Folding solves by continuation-passing: the very same sequence as pulling.
        prop_assert_eq!(&folded(run_all(query).depth_first()), &depth_first);
        let n = depth_first.len() / 2;
        prop_assert_eq!(&folded(run(n, query).depth_first()), &depth_first[..n].to_vec());
        interleaved.sort();
        depth_first.sort();
        prop_assert_eq!(depth_first, interleaved);
    }

    /// Folding depth-first what is left of a stream that was pulled interleaved: its pending
    /// frames, choices and captured suspensions give the rest of the answers.
    #[test]
    fn folding_after_pulling_gives_the_rest(t in tree(), pulled in 0usize..4) {
        let query = |q: Var| {
            let t = t.clone();
            fresh(move |vars: [Var; SLOTS]| conj([build(&t, vars), eq(q, vars.to_vec())]))
        };
        let mut answers = run_all(query);
        let mut seen = strings(answers.by_ref().take(pulled));
        let mut rest = strings(run_all(query).skip(pulled).collect::<Vec<_>>().into_iter());
        let mut folded_rest = folded(answers.depth_first());
        rest.sort();
        folded_rest.sort();
        prop_assert_eq!(folded_rest.clone(), rest);
        seen.extend(folded_rest);
        let mut all = strings(run_all(query));
        seen.sort();
        all.sort();
        prop_assert_eq!(seen, all);
    }
}

#[test]
fn folding_is_pulling_for_the_relational_queens() {
    for n in 1..=7 {
        let board = move |q: Var| {
            let board = Term::list((0..n).map(|y| Term::from((Var::fresh(), y))));
            conj([eq(q, board), queens::relational::nqueenso(q, n)])
        };
        assert_eq!(
            folded(run_all(board).depth_first()),
            strings(run_all(board).depth_first())
        );
    }
}

#[test]
fn folding_stops_once_run_has_its_answers() {
    // An infinite relation: the fold returns only because it stops at 3.
    assert_eq!(
        folded(run(3, |q| fives(q.into())).depth_first()),
        ["5", "5", "5"]
    );
    let both = |q: Var| conde([vec![fives(q.into())], vec![sixes(q.into())]]);
    let mut answers = run(5, both);
    assert_eq!(strings(answers.by_ref().take(2)), ["5", "6"]);
    assert_eq!(folded(answers.depth_first()), ["5", "5", "5"]);
    // Interleaved, fold is the loop over `next`.
    assert_eq!(folded(run(4, both)), ["5", "6", "5", "6"]);
}

/// `Answers` is what `depth_first` returns: a builder on any query.
#[test]
fn depth_first_is_a_builder_on_every_run_function() {
    let all: [Answers; 4] = [
        run(5, one_or_two).depth_first(),
        run_all(one_or_two).depth_first(),
        kanren::run_nc(5, one_or_two).depth_first(),
        kanren::run_nc_all(one_or_two).depth_first(),
    ];
    for answers in all {
        assert_eq!(strings(answers), ["1", "2"]);
    }
}

// `defne!` relations are searched depth-first by their own matching code (`kanren::relation`),
// not by their stream: the two must agree answer for answer.

kanren::defne! {
    /// `x` occurs twice in a row in `l`: a pattern variable met again in the same pattern
    /// and in the next argument's.
    fn twino(l, x) {
        ([[a a . _] a])
        ([[_ . t] _] twino(t, x))
    }
}

kanren::defne! {
    /// Vectors, a literal, a blank and a clause without patterns.
    fn swapo(p, out) {
        ([[x y] [y x]])
        ([[x 1] x])
        ([_ 0])
        ([_ _] eq(&p, &out), neq(&p, 0))
    }
}

/// A small term over the query's variables: integers, variables, lists and pairs of them.
fn small_term() -> impl Strategy<Value = SmallTerm> {
    let leaf = prop_oneof![
        (0i64..3).prop_map(SmallTerm::Int),
        (0..SLOTS).prop_map(SmallTerm::Var),
    ];
    leaf.prop_recursive(3, 12, 3, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..4).prop_map(SmallTerm::List),
            (inner.clone(), inner.clone(), inner.clone())
                .prop_map(|(a, b, t)| SmallTerm::Dotted(Box::new([a, b, t]))),
            (inner.clone(), inner).prop_map(|(a, b)| SmallTerm::Pair(Box::new([a, b]))),
        ]
    })
}

#[derive(Clone, Debug)]
enum SmallTerm {
    Int(i64),
    Var(usize),
    List(Vec<SmallTerm>),
    /// `(a b . t)`.
    Dotted(Box<[SmallTerm; 3]>),
    /// `[a b]`.
    Pair(Box<[SmallTerm; 2]>),
}

fn term(t: &SmallTerm, vars: [Var; SLOTS]) -> Term {
    match t {
        SmallTerm::Int(k) => Term::from(*k),
        SmallTerm::Var(x) => Term::from(vars[*x]),
        SmallTerm::List(items) => Term::list(items.iter().map(|i| term(i, vars))),
        SmallTerm::Dotted(p) => list![term(&p[0], vars), term(&p[1], vars); term(&p[2], vars)],
        SmallTerm::Pair(p) => Term::from(vec![term(&p[0], vars), term(&p[1], vars)]),
    }
}

proptest! {
    /// For relations with every kind of pattern, on arguments partly built and partly
    /// fresh: folding (the relations' own depth-first search) gives exactly the answers
    /// that pulling (their streams, forced depth-first) gives, in the same order.
    #[test]
    fn defne_relations_fold_as_they_pull(
        spine in prop::collection::vec(small_term(), 0..4),
        a in small_term(),
        b in small_term(),
        which in 0..4usize,
    ) {
        // The argument each relation recurses on is a proper list (its items may be
        // anything), so that every search is finite.
        let query = move |q: Var| {
            let (spine, a, b) = (SmallTerm::List(spine.clone()), a.clone(), b.clone());
            fresh(move |vars: [Var; SLOTS]| {
                let (l, a, b) = (term(&spine, vars), term(&a, vars), term(&b, vars));
                let goal = match which {
                    0 => appendo(l, a, b),
                    1 => membero(a, l),
                    2 => twino(l, a),
                    _ => swapo(a, b),
                };
                conj([goal, eq(q, vars.to_vec())])
            })
        };
        prop_assert_eq!(folded(run_all(&query).depth_first()), strings(run_all(&query).depth_first()));
    }
}

#[test]
fn defne_relations_fold_as_they_pull_on_known_cases() {
    let twins = |q: Var| twino(list![1, 2, 2, 3, 3], q);
    assert_eq!(folded(run_all(twins).depth_first()), ["2", "3"]);
    assert_eq!(strings(run_all(twins).depth_first()), ["2", "3"]);
    let swaps =
        |q: Var| fresh(move |[x]| conj([swapo(vec![Term::from(x), 1.into()], q), eq(x, 5)]));
    assert_eq!(
        folded(run_all(swaps).depth_first()),
        strings(run_all(swaps).depth_first())
    );
    assert_eq!(
        strings(run_all(swaps).depth_first()),
        ["[1 5]", "5", "0", "[5 1]"]
    );
}

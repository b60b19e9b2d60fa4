//! The mutable search against the persistent one: the same answers in the same order, on
//! random small problems.

use super::build::build;
use crate::fd::label::{Labeling, ValueOrder, VarOrder};
use crate::fd::search::Dfs;
use crate::kernel::goal::Goal;
use crate::kernel::term::{Term, Var};
use crate::{conj, eq, fd, run_all};
use proptest::prelude::*;
use rustc_hash::FxHashMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

/// A constraint of a random problem, over variable indices.
#[derive(Clone, Debug)]
enum C {
    /// `distinct_offsets` over these (index, offset).
    Offsets(Vec<(usize, i64)>),
    /// `distinct` over these.
    Distinct(Vec<usize>),
    /// `x != y + k`.
    Neq(usize, usize, i64),
    /// `x + y = z` (no mutable form: the labeling falls back).
    Plus(usize, usize, usize),
    /// `x = v` before labeling.
    Fix(usize, i64),
}

#[derive(Clone, Debug)]
struct Problem {
    /// Each variable's domain (values in -3..=6).
    doms: Vec<Vec<i64>>,
    cs: Vec<C>,
    /// The labeled variables, in order (may repeat, may leave some out).
    label: Vec<usize>,
    how: Labeling,
}

fn problem() -> impl Strategy<Value = Problem> {
    (2usize..=6).prop_flat_map(|n| {
        let dom = prop::collection::btree_set(-3i64..=6, 2..=7)
            .prop_map(|s| s.into_iter().collect::<Vec<i64>>());
        let var = 0..n;
        let c = prop_oneof![
            3 => prop::collection::vec((var.clone(), -3i64..=3), 2..=n)
                .prop_map(C::Offsets),
            2 => prop::collection::vec(var.clone(), 2..=n).prop_map(C::Distinct),
            2 => (var.clone(), var.clone(), -2i64..=2).prop_map(|(x, y, k)| C::Neq(x, y, k)),
            1 => (var.clone(), var.clone(), var.clone()).prop_map(|(x, y, z)| C::Plus(x, y, z)),
            1 => (var.clone(), -3i64..=6).prop_map(|(x, v)| C::Fix(x, v)),
        ];
        let vars = prop_oneof![Just(VarOrder::Leftmost), Just(VarOrder::FirstFail)];
        let values = prop_oneof![
            Just(ValueOrder::Ascending),
            Just(ValueOrder::Descending),
            Just(ValueOrder::MiddleOut),
        ];
        (
            prop::collection::vec(dom, n),
            prop::collection::vec(c, 0..=4),
            prop::collection::vec(0..n, 1..=n + 1),
            vars,
            values,
        )
            .prop_map(|(doms, cs, label, vars, values)| Problem {
                doms,
                cs,
                label,
                how: Labeling { vars, values },
            })
    })
}

/// The model's goals over `xs`.
fn model(p: &Problem, xs: &[Var]) -> Goal {
    let mut goals: Vec<Goal> = (0..xs.len())
        .map(|i| fd::dom(xs[i], fd::domain(p.doms[i].clone())))
        .collect();
    for c in &p.cs {
        goals.push(match c {
            C::Offsets(m) => fd::distinct_offsets(
                m.iter().map(|&(i, _)| xs[i]).collect::<Vec<_>>(),
                m.iter().map(|&(_, o)| o),
            ),
            C::Distinct(m) => fd::distinct(m.iter().map(|&i| xs[i]).collect::<Vec<_>>()),
            C::Neq(x, y, k) => fd::neq_offset(xs[*x], xs[*y], *k),
            C::Plus(x, y, z) => fd::plus(xs[*x], xs[*y], xs[*z]),
            C::Fix(x, v) => eq(xs[*x], *v),
        });
    }
    conj(goals)
}

/// The answers of labeling `p`, by the mutable search if `trail` (else the persistent one);
/// and whether the mutable search took the problem.
fn answers(p: &Problem, trail: bool) -> (Vec<String>, bool) {
    answers_upto(p, trail, usize::MAX)
}

/// The first `k` of [`answers`].
fn answers_upto(p: &Problem, trail: bool, k: usize) -> (Vec<String>, bool) {
    let xs: Vec<Var> = (0..p.doms.len()).map(|_| Var::fresh()).collect();
    let labeled: Arc<[Term]> = p.label.iter().map(|&i| Term::Var(xs[i])).collect();
    let how = p.how;
    let took = Arc::new(AtomicBool::new(false));
    let flag = took.clone();
    let label = Goal::new(move |s| {
        if trail {
            if let Some(answers) = super::label(&s, &labeled, how) {
                flag.store(true, Ordering::Relaxed);
                return answers;
            }
        }
        Dfs::new(s, labeled.clone(), how).stream()
    });
    let model = model(p, &xs);
    let all = Term::list(xs.iter().map(|&x| Term::Var(x)));
    let found = run_all(move |q| conj([model, label, eq(q, all)]))
        .take(k)
        .map(|a| a.to_string())
        .collect();
    (found, took.load(Ordering::Relaxed))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn same_answers_in_the_same_order(p in problem()) {
        let (persistent, _) = answers(&p, false);
        let (mutable, took) = answers(&p, true);
        prop_assert_eq!(mutable, persistent);
        let unique = |m: Vec<usize>| m.iter().all(|i| m.iter().filter(|j| *j == i).count() == 1);
        let supported = p.cs.iter().all(|c| match c {
            C::Plus(..) => false,
            C::Offsets(m) => unique(m.iter().map(|&(i, _)| i).collect()),
            C::Distinct(m) => unique(m.clone()),
            _ => true,
        });
        let all_labeled = (0..p.doms.len()).all(|i| p.label.contains(&i));
        if supported && all_labeled && !p.cs.iter().any(|c| matches!(c, C::Fix(..))) {
            // Every variable keeps a domain of two or more values until labeling, unless
            // posting narrowed one to a value; then the problem may be solved already.
            prop_assert!(took || answers(&p, false).0.len() <= 1);
        }
    }
}

/// A problem of the uniform space's shape: every variable in each of one to three
/// `distinct_offsets`, interval domains, no other constraint. With `affine`, every domain is
/// the same and offset `k` of variable `i` is `a_k * i + c_k` (the bit-parallel sweep);
/// otherwise the domains and offsets are arbitrary (the sweep slot by slot).
fn uniform_problem() -> impl Strategy<Value = Problem> {
    (1usize..=6, any::<bool>()).prop_flat_map(|(n, affine)| {
        let interval = (-3i64..=3, 0i64..=6).prop_map(|(lo, w)| (lo..=lo + w).collect::<Vec<_>>());
        let doms = match affine {
            true => interval.prop_map(move |d| vec![d; n]).boxed(),
            false => prop::collection::vec(interval, n).boxed(),
        };
        let offsets = match affine {
            true => (-1i64..=1, -3i64..=3)
                .prop_map(move |(a, c)| (0..n).map(|i| a * i as i64 + c).collect::<Vec<_>>())
                .boxed(),
            false => prop::collection::vec(-4i64..=4, n).boxed(),
        };
        let cs = prop::collection::vec(offsets, 1..=3).prop_map(|os| {
            os.into_iter()
                .map(|o| C::Offsets(o.into_iter().enumerate().collect()))
                .collect::<Vec<_>>()
        });
        let vars = prop_oneof![Just(VarOrder::Leftmost), Just(VarOrder::FirstFail)];
        let values = prop_oneof![
            Just(ValueOrder::Ascending),
            Just(ValueOrder::Descending),
            Just(ValueOrder::MiddleOut),
        ];
        (doms, cs, vars, values).prop_map(move |(doms, cs, vars, values)| Problem {
            doms,
            cs,
            label: (0..n).collect(),
            how: Labeling { vars, values },
        })
    })
}

/// The sweep a labeling of `p` runs on (`None`: the persistent search).
fn sweep_of(p: &Problem) -> Option<&'static str> {
    let xs: Vec<Var> = (0..p.doms.len()).map(|_| Var::fresh()).collect();
    let labeled: Vec<Term> = p.label.iter().map(|&i| Term::Var(xs[i])).collect();
    let s = model(p, &xs)
        .apply(crate::State::new())
        .next_depth_first(&mut Vec::new())?;
    build(&s, &labeled).map(|b| b.space.sweep())
}

#[test]
fn uniform_spaces_give_the_same_answers_in_the_same_order() {
    let mut runner = proptest::test_runner::TestRunner::new(ProptestConfig::with_cases(400));
    let tally = std::sync::Mutex::new(FxHashMap::default());
    runner
        .run(&uniform_problem(), |p| {
            let (persistent, _) = answers(&p, false);
            let (mutable, _) = answers(&p, true);
            prop_assert_eq!(mutable, persistent);
            *tally.lock().unwrap().entry(sweep_of(&p)).or_insert(0) += 1;
            Ok(())
        })
        .unwrap();
    // Both uniform sweeps were exercised, not only the general one.
    let tally = tally.into_inner().unwrap();
    assert!(
        tally.get(&Some("affine")).is_some_and(|&k| k >= 50),
        "{tally:?}"
    );
    assert!(
        tally.get(&Some("rows")).is_some_and(|&k| k >= 50),
        "{tally:?}"
    );
}

/// The queens on `n` rows, labeled by `how`.
fn queens(n: usize, how: Labeling) -> Problem {
    Problem {
        doms: vec![(0..n as i64).collect(); n],
        cs: vec![
            C::Offsets((0..n).map(|i| (i, 0)).collect()),
            C::Offsets((0..n).map(|i| (i, i as i64)).collect()),
            C::Offsets((0..n).map(|i| (i, -(i as i64))).collect()),
        ],
        label: (0..n).collect(),
        how,
    }
}

#[test]
fn queens_sweep_64_rows_at_a_time_with_the_same_answers() {
    // Full words of 64 slots and a short last one; each value order, first-fail.
    for n in [65, 66, 129, 131] {
        for values in [
            ValueOrder::Ascending,
            ValueOrder::Descending,
            ValueOrder::MiddleOut,
        ] {
            let p = queens(
                n,
                Labeling {
                    vars: VarOrder::FirstFail,
                    values,
                },
            );
            assert_eq!(sweep_of(&p), Some("affine"));
            let (mutable, took) = answers_upto(&p, true, 3);
            assert!(took);
            assert_eq!(mutable.len(), 3);
            assert_eq!(mutable, answers_upto(&p, false, 3).0, "n = {n}, {values:?}");
        }
    }
}

#[test]
fn queens_take_the_mutable_path_and_count_right() {
    for (n, count) in [(4, 2), (5, 10), (6, 4), (7, 40), (8, 92)] {
        let p = Problem {
            doms: vec![(0..n).collect(); n as usize],
            cs: vec![
                C::Offsets((0..n as usize).map(|i| (i, 0)).collect()),
                C::Offsets((0..n as usize).map(|i| (i, i as i64)).collect()),
                C::Offsets((0..n as usize).map(|i| (i, -(i as i64))).collect()),
            ],
            label: (0..n as usize).collect(),
            how: Labeling::FF,
        };
        let (mutable, took) = answers(&p, true);
        assert!(took);
        assert_eq!(mutable.len(), count);
        assert_eq!(mutable, answers(&p, false).0);
    }
}

#[test]
fn a_constraint_without_a_mutable_form_falls_back() {
    let xs: Vec<Var> = (0..3).map(|_| Var::fresh()).collect();
    let first = |g: Goal| {
        g.apply(crate::State::new())
            .next_depth_first(&mut Vec::new())
            .expect("holds")
    };
    let s = first(conj([
        fd::in_(&xs, fd::interval(0, 3)),
        fd::plus(xs[0], xs[1], xs[2]),
    ]));
    let terms: Vec<Term> = xs.iter().map(|&x| x.into()).collect();
    assert!(build(&s, &terms).is_none());
    // A variable of a supported constraint that is not labeled: not closed.
    let s = first(conj([
        fd::in_(&xs, fd::interval(0, 3)),
        fd::distinct(xs.clone()),
    ]));
    assert!(build(&s, &terms[..2]).is_none());
    assert!(build(&s, &terms).is_some());
}

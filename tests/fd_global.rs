//! The global constraints of `kanren::fd` (distinct with offsets, all_distinct, sum and
//! scalar product, element, global_cardinality, tuples_in) against brute-force enumeration of
//! small random problems: propagation never removes a value of a solution, the strong ones
//! (all_distinct, tuples_in, element's index) remove every value of no solution, and
//! labeling finds exactly the solutions, each once.
mod common;

use common::capture;
use kanren::fd::{self, Rel};
use kanren::{conj, eq, run_all, Goal, Term, Var};
use proptest::prelude::*;
use std::collections::BTreeSet;

/// Every assignment of the domains.
fn assignments(doms: &[BTreeSet<i64>]) -> Vec<Vec<i64>> {
    let mut out: Vec<Vec<i64>> = vec![vec![]];
    for d in doms {
        out = out
            .into_iter()
            .flat_map(|p| {
                d.iter().map(move |&v| {
                    let mut p = p.clone();
                    p.push(v);
                    p
                })
            })
            .collect();
    }
    out
}

/// Posts `doms` on fresh variables and `c` over them; checks propagation against the
/// solutions `holds` accepts (sound, and complete on the positions of `complete`), and
/// labeling against them.
fn check(
    doms: &[BTreeSet<i64>],
    c: impl Fn(&[Var]) -> Goal,
    holds: impl Fn(&[i64]) -> bool,
    complete: &[usize],
) -> Result<(), TestCaseError> {
    let vars: Vec<Var> = doms.iter().map(|_| Var::fresh()).collect();
    let brute: BTreeSet<Vec<i64>> = assignments(doms).into_iter().filter(|a| holds(a)).collect();
    let mut gs: Vec<Goal> = vars
        .iter()
        .zip(doms)
        .map(|(&x, d)| fd::dom(x, fd::domain(d.iter().copied())))
        .collect();
    gs.push(c(&vars));
    let posted = conj(gs);
    match capture(posted.clone()) {
        None => prop_assert!(brute.is_empty(), "posting failed but {:?} hold", brute),
        Some(s) => {
            for (i, &x) in vars.iter().enumerate() {
                let d = fd::domain_of(&s, &x.into()).expect("a domain");
                let used: BTreeSet<i64> = brute.iter().map(|a| a[i]).collect();
                for v in &used {
                    prop_assert!(d.contains(*v), "{v} of a solution pruned from x{i} = {d}");
                }
                if complete.contains(&i) && !brute.is_empty() {
                    let kept: BTreeSet<i64> = d.iter().collect();
                    prop_assert_eq!(&kept, &used, "x{} keeps values of no solution", i);
                }
            }
        }
    }
    let found: Vec<Vec<i64>> = run_all(move |q| conj([posted.clone(), eq(q, Term::list(vars))]))
        .map(|a| a.value().to_ints().expect("labeled"))
        .collect();
    let set: BTreeSet<Vec<i64>> = found.iter().cloned().collect();
    prop_assert_eq!(set.len(), found.len(), "duplicate answers");
    prop_assert_eq!(set, brute);
    Ok(())
}

fn small_domain() -> impl Strategy<Value = BTreeSet<i64>> {
    proptest::collection::btree_set(-2i64..5, 1..5)
}

fn domains(max: usize) -> impl Strategy<Value = Vec<BTreeSet<i64>>> {
    proptest::collection::vec(small_domain(), 1..=max)
}

fn rel() -> impl Strategy<Value = Rel> {
    prop_oneof![
        Just(Rel::Eq),
        Just(Rel::Ne),
        Just(Rel::Lt),
        Just(Rel::Le),
        Just(Rel::Gt),
        Just(Rel::Ge)
    ]
}

fn compare(rel: Rel, a: i64, b: i64) -> bool {
    match rel {
        Rel::Eq => a == b,
        Rel::Ne => a != b,
        Rel::Lt => a < b,
        Rel::Le => a <= b,
        Rel::Gt => a > b,
        Rel::Ge => a >= b,
    }
}

fn all_different(vs: &[i64]) -> bool {
    let set: BTreeSet<i64> = vs.iter().copied().collect();
    set.len() == vs.len()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn distinct_offsets_agrees_with_brute_force(
        doms in domains(5),
        offsets in proptest::collection::vec(-3i64..4, 5),
    ) {
        let os: Vec<i64> = offsets[..doms.len()].to_vec();
        let shifted = |a: &[i64]| -> Vec<i64> { a.iter().zip(&os).map(|(x, o)| x + o).collect() };
        check(&doms, |xs| fd::distinct_offsets(xs, os.clone()), |a| all_different(&shifted(a)), &[])?;
    }

    #[test]
    fn all_distinct_is_domain_consistent(doms in domains(5)) {
        let all: Vec<usize> = (0..doms.len()).collect();
        check(&doms, |xs| fd::all_distinct(xs), all_different, &all)?;
    }

    #[test]
    fn scalar_product_agrees_with_brute_force(
        doms in domains(4),
        coeffs in proptest::collection::vec(-3i64..4, 4),
        rel in rel(),
        z in -6i64..7,
    ) {
        // The last member is the right-hand side when there are two or more.
        let n = doms.len();
        let cs: Vec<i64> = coeffs[..n.saturating_sub(1).max(1)].to_vec();
        let k = cs.len();
        let value = |a: &[i64]| -> i64 { cs.iter().zip(a).map(|(c, x)| c * x).sum() };
        let rhs = |a: &[i64]| if n > 1 { a[n - 1] } else { z };
        check(
            &doms,
            |xs| {
                let rhs: Term = if n > 1 { xs[n - 1].into() } else { z.into() };
                fd::scalar_product(cs.clone(), &xs[..k], rel, rhs)
            },
            |a| compare(rel, value(a), rhs(a)),
            &[],
        )?;
    }

    #[test]
    fn element_agrees_with_brute_force(
        doms in domains(5),
        index in proptest::collection::btree_set(-1i64..6, 1..5),
    ) {
        // x0 = index, x1 = value, x2.. = the list.
        let mut all = vec![index];
        all.extend(doms);
        if all.len() < 3 {
            return Ok(());
        }
        let len = all.len() - 2;
        check(
            &all,
            |xs| fd::element(xs[0], &xs[2..], xs[1]),
            |a| a[0] >= 1 && a[0] as usize <= len && a[1] == a[1 + a[0] as usize],
            &[0],
        )?;
    }

    #[test]
    fn global_cardinality_agrees_with_brute_force(
        doms in domains(4),
        counts in proptest::collection::vec(proptest::collection::btree_set(0i64..4, 1..3), 2),
        keys in proptest::collection::btree_set(-1i64..4, 2),
    ) {
        // x0, x1 = the counts of the two keys; the members after them.
        let keys: Vec<i64> = keys.into_iter().collect();
        let mut all = counts;
        all.extend(doms);
        let count = |a: &[i64], k: i64| a[2..].iter().filter(|&&v| v == k).count() as i64;
        check(
            &all,
            |xs| fd::global_cardinality(&xs[2..], [(keys[0], xs[0]), (keys[1], xs[1])]),
            |a| a[2..].iter().all(|v| keys.contains(v)) && count(a, keys[0]) == a[0] && count(a, keys[1]) == a[1],
            &[],
        )?;
    }

    #[test]
    fn tuples_in_is_domain_consistent(
        doms in domains(3),
        rows in proptest::collection::vec(proptest::collection::vec(-2i64..5, 3), 0..8),
    ) {
        let n = doms.len();
        let rows: Vec<Vec<i64>> = rows.into_iter().map(|r| r[..n].to_vec()).collect();
        let all: Vec<usize> = (0..n).collect();
        check(
            &doms,
            |xs| fd::tuples_in([xs.iter().map(|&x| Term::from(x)).collect::<Vec<_>>()], rows.clone()),
            |a| rows.iter().any(|r| r[..] == *a),
            &all,
        )?;
    }
}

#[test]
fn queens_as_three_distinct_offsets() {
    let counts = [1, 0, 0, 2, 10, 4, 40, 92];
    for (n, &want) in (1..=8).zip(&counts) {
        let cols: Vec<Var> = (0..n).map(|_| Var::fresh()).collect();
        let rows: Vec<i64> = (0..n as i64).collect();
        let minus: Vec<i64> = rows.iter().map(|r| -r).collect();
        let boards = run_all(|q| {
            conj([
                fd::in_(&cols, fd::interval(0, n as i64 - 1)),
                fd::distinct_offsets(&cols, vec![0; n]),
                fd::distinct_offsets(&cols, rows.clone()),
                fd::distinct_offsets(&cols, minus.clone()),
                eq(q, Term::list(cols.clone())),
            ])
        })
        .count();
        assert_eq!(boards, want, "n = {n}");
    }
}

#[test]
fn residual_forms_print_for_variables_without_domains() {
    let show = |g: fn(Var, Var) -> Goal| -> Vec<String> {
        run_all(move |q| kanren::fresh(move |[x, y]| conj([g(x, y), eq(q, Term::list([x, y]))])))
            .map(|a| a.to_string())
            .collect()
    };
    assert_eq!(
        show(|x, y| fd::sum([x, y], Rel::Le, 3)),
        ["((_0 _1) :- (scalar-product (1 1) (_0 _1) <= 3))"]
    );
    assert_eq!(
        show(|x, y| fd::distinct_offsets([x, y], [0, 1])),
        ["((_0 _1) :- (distinct-offsets (_0 _1) (0 1)))"]
    );
    assert_eq!(
        show(|x, y| fd::all_distinct([x, y])),
        ["((_0 _1) :- (all-distinct (_0 _1)))"]
    );
    assert_eq!(
        show(|x, y| fd::element(1, [x], y)),
        ["((_0 _1) :- (element 1 (_0) _1))"]
    );
}

#[test]
fn bad_arguments_fail() {
    // A non-integer member: the constraint cannot hold.
    assert_eq!(
        run_all(|q| conj([eq(q, "a"), fd::all_distinct([q])])).count(),
        0
    );
    assert_eq!(
        run_all(|q| conj([eq(q, "a"), fd::sum([q], Rel::Eq, 1)])).count(),
        0
    );
    // A key listed twice.
    assert_eq!(
        run_all(|q| fd::global_cardinality([q], [(1, 1), (1, 1)])).count(),
        0
    );
    // An index out of the list.
    assert_eq!(run_all(|q| fd::element(4, [1, 2, 3], q)).count(), 0);
}

#[test]
#[should_panic(expected = "distinct_offsets: 2 terms but 1 offsets")]
fn offsets_of_another_length_panic() {
    let _ = fd::distinct_offsets([Var::fresh(), Var::fresh()], [0]);
}

//! The substitution against a model (an ordered map per version), over random sequences of
//! bindings and branches: each version sees its own bindings and no sibling's, before and
//! after its latest bindings move into its map, and a binding made by hand
//! (`State::ext_no_check`) replaces the one before it.

use kanren::{State, Subst, Term, Var};
use proptest::prelude::*;
use std::collections::BTreeMap;

#[derive(Clone, Debug)]
enum Op {
    /// Bind variable `var` of the pool in version `at` (if unbound there), to `value`.
    Bind { at: usize, var: usize, value: i64 },
    /// A new version: a copy of version `at`.
    Branch { at: usize },
}

fn ops() -> impl Strategy<Value = Vec<Op>> {
    prop::collection::vec(
        prop_oneof![
            6 => (0usize..8, 0usize..120, -50i64..50)
                .prop_map(|(at, var, value)| Op::Bind { at, var, value }),
            1 => (0usize..8).prop_map(|at| Op::Branch { at }),
        ],
        0..200,
    )
}

fn check(s: &Subst, model: &BTreeMap<Var, i64>, pool: &[Var]) {
    for v in pool {
        assert_eq!(s.get(*v).cloned(), model.get(v).map(|i| Term::Int(*i)));
    }
    assert_eq!(s.len(), model.len());
    assert_eq!(s.is_empty(), model.is_empty());
    let mut seen: Vec<(Var, i64)> = s
        .iter()
        .map(|(v, t)| (*v, t.as_int().expect("an integer")))
        .collect();
    seen.sort();
    assert_eq!(
        seen,
        model.iter().map(|(v, i)| (*v, *i)).collect::<Vec<_>>()
    );
}

proptest! {
    #[test]
    fn versions_keep_their_own_bindings(ops in ops()) {
        let pool: Vec<Var> = (0..120).map(|_| Var::fresh()).collect();
        let mut versions = vec![(Subst::default(), BTreeMap::new())];
        for op in ops {
            match op {
                Op::Bind { at, var, value } => {
                    let at = at % versions.len();
                    let (s, m) = &versions[at];
                    let v = pool[var];
                    if m.contains_key(&v) {
                        continue;
                    }
                    let s = s.extend(v, Term::Int(value));
                    let mut m = m.clone();
                    m.insert(v, value);
                    // Extending leaves the version extended as it was.
                    check(&versions[at].0, &versions[at].1, &pool);
                    versions[at] = (s, m);
                }
                Op::Branch { at } => {
                    let copy = versions[at % versions.len()].clone();
                    versions.push(copy);
                }
            }
        }
        for (s, m) in &versions {
            check(s, m, &pool);
        }
    }

    #[test]
    fn a_binding_by_hand_replaces_the_one_before(values in prop::collection::vec((0usize..20, -9i64..9), 0..80)) {
        let pool: Vec<Var> = (0..20).map(|_| Var::fresh()).collect();
        let (mut s, mut m) = (State::new(), BTreeMap::new());
        for (var, value) in values {
            s = s.ext_no_check(pool[var], Term::Int(value));
            m.insert(pool[var], value);
        }
        check(s.subst(), &m, &pool);
    }
}

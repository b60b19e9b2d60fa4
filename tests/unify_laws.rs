//! Laws of unification, as properties over random terms (proptest).

use kanren::{unify, Bound, Subst, Term, Var};
use proptest::prelude::*;

/// A small pool of variables so random terms share some.
fn pool() -> &'static [Var] {
    use std::sync::OnceLock;
    static POOL: OnceLock<Vec<Var>> = OnceLock::new();
    POOL.get_or_init(|| (0..4).map(|_| Var::fresh()).collect())
}

fn term() -> impl Strategy<Value = Term> {
    let leaf = prop_oneof![
        (0usize..4).prop_map(|i| Term::Var(pool()[i])),
        (-2i64..3).prop_map(Term::Int),
        any::<bool>().prop_map(Term::Bool),
        Just(Term::Nil),
        prop_oneof![Just("a"), Just("b")].prop_map(Term::sym),
    ];
    leaf.prop_recursive(4, 24, 3, |inner| {
        prop_oneof![
            (inner.clone(), inner.clone()).prop_map(|(h, t)| Term::cons(h, t)),
            prop::collection::vec(inner.clone(), 0..3).prop_map(Term::from),
            // A list built from a vector's items: the same sequence in the other kind.
            prop::collection::vec(inner.clone(), 0..3).prop_map(Term::list),
            // Maps with keyword keys (some shared between maps, so some unify).
            prop::collection::vec((prop_oneof![Just(":a"), Just(":b")], inner), 0..3)
                .prop_map(|es| Term::map(es.into_iter().map(|(k, v)| (Term::sym(k), v)))),
        ]
    })
}

fn unify_in(s: &Subst, u: &Term, v: &Term) -> Option<Subst> {
    unify(s, u, v, true, &mut Bound::new())
}

proptest! {
    #[test]
    fn symmetric(u in term(), v in term()) {
        let a = unify_in(&Subst::default(), &u, &v);
        let b = unify_in(&Subst::default(), &v, &u);
        prop_assert_eq!(a.is_some(), b.is_some());
        if let (Some(a), Some(b)) = (a, b) {
            // The two unifiers may orient var-var bindings differently, but each makes the
            // other's equation hold: they are equivalent.
            prop_assert_eq!(a.walk_star(&u), a.walk_star(&v));
            prop_assert!(unify_in(&a, &u, &v).map(|s| s.len()) == Some(a.len()));
            prop_assert!(unify_in(&b, &u, &v).map(|s| s.len()) == Some(b.len()));
            prop_assert_eq!(b.walk_star(&u), b.walk_star(&v));
        }
    }

    #[test]
    fn result_unifies_both_sides(u in term(), v in term()) {
        if let Some(s) = unify_in(&Subst::default(), &u, &v) {
            prop_assert_eq!(s.walk_star(&u), s.walk_star(&v));
        }
    }

    #[test]
    fn idempotent(u in term(), v in term()) {
        if let Some(s) = unify_in(&Subst::default(), &u, &v) {
            let again = unify_in(&s, &u, &v).expect("unifying again succeeds");
            prop_assert_eq!(again.len(), s.len(), "no new bindings");
        }
    }

    #[test]
    fn reports_exactly_the_new_bindings(u in term(), v in term()) {
        let mut bound = Bound::new();
        if let Some(s) = unify(&Subst::default(), &u, &v, true, &mut bound) {
            prop_assert_eq!(bound.len(), s.len());
            for x in &bound {
                prop_assert!(s.get(*x).is_some());
            }
        }
    }

    #[test]
    fn occurs_check_rejects_cycles(tail in term()) {
        let x = Var::fresh();
        let cyclic = Term::cons(x, tail);
        prop_assert!(unify_in(&Subst::default(), &x.into(), &cyclic).is_none());
        prop_assert!(unify_in(&Subst::default(), &Term::from(vec![Term::from(x)]), &x.into()).is_none());
    }

    #[test]
    fn ground_terms_unify_iff_equal(u in term(), v in term()) {
        if u.has_no_vars() && v.has_no_vars() {
            prop_assert_eq!(unify_in(&Subst::default(), &u, &v).is_some(), u == v);
        }
    }
}

#[test]
fn without_the_occurs_check_a_cycle_is_accepted() {
    let x = Var::fresh();
    let cyclic = Term::cons(1, x);
    assert!(unify(
        &Subst::default(),
        &x.into(),
        &cyclic,
        false,
        &mut Bound::new()
    )
    .is_some());
}

proptest! {
    #[test]
    fn equal_terms_hash_alike(u in term(), v in term()) {
        use std::hash::{BuildHasher, RandomState};
        if u == v {
            let h = RandomState::new();
            prop_assert_eq!(h.hash_one(&u), h.hash_one(&v));
        }
    }

    #[test]
    fn a_vector_and_a_list_of_its_items_are_one_sequence(items in prop::collection::vec(term(), 0..4)) {
        let (v, l) = (Term::from(items.clone()), Term::list(items));
        prop_assert_eq!(&v, &l);
        prop_assert!(unify_in(&Subst::default(), &v, &l).is_some());
    }
}

#[test]
fn sequences_unify_whatever_their_kind() {
    // As core.logic: (== [1 2] '(1 2)) succeeds; a partial list's tail takes the rest of a
    // vector, as a list ((== (lcons 1 x) [1 2 3]) binds x to (2 3)).
    let s = Subst::default();
    let (l, v) = (kanren::list![1, 2], Term::from(vec![1, 2]));
    assert!(unify_in(&s, &l, &v).is_some());
    assert!(unify_in(&s, &Term::Nil, &Term::from(Vec::<i64>::new())).is_some());
    assert!(unify_in(&s, &Term::Nil, &Term::from(vec![1])).is_none());
    assert!(unify_in(&s, &kanren::list![1, 2, 3], &v).is_none());
    let x = Var::fresh();
    let s2 = unify_in(&s, &Term::cons(1, x), &Term::from(vec![1, 2, 3])).unwrap();
    assert_eq!(s2.walk_star(&x.into()).to_string(), "(2 3)");
    let s3 = unify_in(&s, &Term::from(vec![1]), &Term::cons(1, x)).unwrap();
    assert_eq!(s3.walk_star(&x.into()).to_string(), "()");
    // An improper pair is not a sequence of the vector's length.
    assert!(unify_in(&s, &Term::cons(1, 2), &Term::from(vec![1, 2])).is_none());
}

#[test]
fn maps_unify_key_by_key() {
    let s = Subst::default();
    let (a, b) = (Term::sym(":a"), Term::sym(":b"));
    let x = Var::fresh();
    let m = Term::map([(a.clone(), Term::from(1)), (b.clone(), x.into())]);
    let n = Term::map([(b.clone(), Term::from(2)), (a.clone(), Term::from(1))]);
    let s2 = unify_in(&s, &m, &n).unwrap();
    assert_eq!(s2.walk_star(&x.into()), 2.into());
    // Not a sub-map: the key sets must be the same.
    assert!(unify_in(&s, &Term::map([(a.clone(), 1)]), &n).is_none());
    assert!(unify_in(&s, &Term::map([(a, 1), (Term::sym(":c"), 2)]), &n).is_none());
}

/// A map of random entries, and a partial map of some of its keys with random values (so
/// some pairs unify and some do not).
fn map_and_partial() -> impl Strategy<Value = (Term, Term)> {
    let key = prop_oneof![Just(":a"), Just(":b"), Just(":c")];
    (
        prop::collection::vec((key.clone(), term()), 0..3),
        prop::collection::vec((key, term()), 0..3),
    )
        .prop_map(|(full, part)| {
            let k = |(k, v): (&str, Term)| (Term::sym(k), v);
            let map = Term::map(full.into_iter().map(k));
            (map, Term::partial_map(part.into_iter().map(k)))
        })
}

proptest! {
    /// Partial maps: symmetric; what they unify satisfies them; unifying again adds nothing.
    #[test]
    fn partial_maps_unify_symmetrically_and_soundly((map, pm) in map_and_partial()) {
        let a = unify_in(&Subst::default(), &pm, &map);
        let b = unify_in(&Subst::default(), &map, &pm);
        prop_assert_eq!(a.is_some(), b.is_some());
        if let Some(s) = a {
            let m = s.walk_star(&map);
            for (k, v) in pm.entries().unwrap() {
                // Every key of the partial map is in the map, with a value that now agrees
                // (a map value as a partial map).
                let v = match v {
                    Term::Map(entries) => Term::PartialMap(entries.clone()),
                    v => v.clone(),
                };
                let there = m.get(k);
                prop_assert!(there.is_some());
                prop_assert!(unify_in(&s, &v, there.unwrap()).is_some());
            }
            let again = unify_in(&s, &pm, &map).expect("unifying again succeeds");
            prop_assert_eq!(again.len(), s.len(), "no new bindings");
        }
    }

    /// A partial map of some of a map's own entries always unifies with it, binding nothing.
    #[test]
    fn a_map_satisfies_any_partial_map_of_its_entries((map, _) in map_and_partial(), keep in 0usize..4) {
        let entries = map.entries().unwrap().to_vec();
        let pm = Term::partial_map(entries.into_iter().take(keep));
        let mut bound = Bound::new();
        prop_assert!(unify(&Subst::default(), &pm, &map, true, &mut bound).is_some());
        prop_assert!(bound.is_empty());
    }
}

#[test]
fn a_partial_map_and_a_bare_variable_need_a_constraint() {
    // A substitution alone cannot say "x is a map with at least the key :a": `unify` refuses,
    // and a State posts featurec (tests/constraints.rs).
    let x = Var::fresh();
    let pm = Term::partial_map([(Term::sym(":a"), 1)]);
    assert!(unify_in(&Subst::default(), &x.into(), &pm).is_none());
    let s = kanren::State::new()
        .unify(&x.into(), &pm)
        .expect("a feature constraint");
    assert!(s
        .unify(&x.into(), &Term::map([(Term::sym(":b"), 1)]))
        .is_none());
    assert!(s
        .unify(&x.into(), &Term::map([(Term::sym(":a"), 1)]))
        .is_some());
}

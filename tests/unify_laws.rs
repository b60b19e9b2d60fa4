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
            prop::collection::vec(inner, 0..3).prop_map(Term::from),
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

#[test]
fn lists_and_vectors_do_not_unify() {
    // DIVERGENCE: core.logic unifies any two sequential collections; kanren keeps lists and
    // vectors apart (see docs/design.md).
    let l = kanren::list![1, 2];
    let v = Term::from(vec![1, 2]);
    assert!(unify_in(&Subst::default(), &l, &v).is_none());
}

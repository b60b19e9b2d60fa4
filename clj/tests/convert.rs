//! Converting engine terms to values during the search: `from_search_term` shares a list's
//! tails with the values made before for them, and must give what `from_term` gives.

use kanren::Term;
use kanren_clj::convert::{from_search_term, from_term, to_term};
use proptest::prelude::*;

/// Every tail of `t`, the whole list first.
fn tails(t: &Term) -> Vec<Term> {
    let mut out = vec![t.clone()];
    let mut cur = t.clone();
    while let Term::Pair(p) = cur {
        cur = p.1.clone();
        out.push(cur.clone());
    }
    out
}

fn item(n: i64) -> Term {
    if n % 3 == 0 {
        Term::Vector(vec![Term::Int(n), Term::Int(-n)].into())
    } else {
        Term::Int(n)
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    /// In any order of conversion (a tail before its list, or after), each tail's value is
    /// `from_term`'s, and converting it back gives the same term.
    #[test]
    fn tails_convert_as_from_term(items in proptest::collection::vec(-50i64..50, 0..12), order in proptest::collection::vec(0usize..13, 0..30)) {
        let list = Term::list(items.iter().map(|&n| item(n)));
        let ts = tails(&list);
        for k in order.into_iter().chain(0..ts.len()) {
            let t = &ts[k % ts.len()];
            let v = from_search_term(t);
            prop_assert_eq!(v.to_string(), from_term(t).to_string());
            prop_assert_eq!(to_term(&v).unwrap(), t.clone());
        }
    }
}

#[test]
fn a_list_that_goes_on_in_a_vector_is_one_seq() {
    let t = Term::list_with_tail([Term::Int(1)], Term::Vector(vec![Term::Int(0)].into()));
    assert_eq!(from_search_term(&t).to_string(), "(1 0)");
    let partial = Term::list_with_tail([Term::Int(1)], Term::Var(kanren::Var::fresh()));
    assert_eq!(
        from_search_term(&partial).to_string(),
        from_term(&partial).to_string()
    );
}

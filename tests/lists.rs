//! The list relations in every direction, and 100 000-element lists without stack overflow.

use kanren::{
    appendo, conso, distincto, emptyo, eq, firsto, fresh, list, member1o, membero, permuteo,
    rembero, resto, run, run_all, run_nc_all, Term,
};

mod common;
use common::show;

#[test]
fn conso_firsto_resto_emptyo() {
    insta::assert_snapshot!(
        "pair_parts",
        show(run!(*, [a, d] => conso(a, d, list![1, 2, 3])))
    );
    insta::assert_snapshot!("firsto_backwards", show(run_all(|q| firsto(q, 1))));
    insta::assert_snapshot!("resto_backwards", show(run_all(|q| resto(q, list![2]))));
    insta::assert_snapshot!(
        "emptyo",
        show(run_all(|q| fresh!([x], emptyo(x), conso(1, x, q))))
    );
}

#[test]
fn appendo_every_direction() {
    insta::assert_snapshot!(
        "appendo_splits",
        show(run!(*, [x, y] => appendo(x, y, list![1, 2, 3])))
    );
    insta::assert_snapshot!(
        "appendo_prefix",
        show(run_all(|q| appendo(q, list![3], list![1, 2, 3])))
    );
    insta::assert_snapshot!("appendo_open", show(run!(4, [x, y, z] => appendo(x, y, z))));
}

#[test]
fn membero_and_member1o() {
    insta::assert_snapshot!(
        "membero_enumerates",
        show(run_all(|q| membero(q, list![1, 2, 1])))
    );
    insta::assert_snapshot!("membero_extends_partial", show(run(3, |q| membero(7, q))));
    insta::assert_snapshot!(
        "membero_partially_fresh",
        show(run_all(|q| fresh!(
            [x],
            kanren::eq(q, list![1, x, 3]),
            membero(2, q)
        )))
    );
    insta::assert_snapshot!(
        "member1o_once",
        show(run_all(|q| member1o(q, list![1, 2, 1])))
    );
    insta::assert_snapshot!(
        "member1o_constrains",
        show(run_all(|q| fresh!(
            [a, b],
            kanren::eq(q, vec![a, b]),
            member1o(5, list![a, b])
        )))
    );
}

#[test]
fn rembero_permuteo_distincto() {
    insta::assert_snapshot!(
        "rembero_forward",
        show(run_all(|q| rembero(2, list![1, 2, 3, 2], q)))
    );
    insta::assert_snapshot!(
        "rembero_backward",
        show(run_all(|q| rembero(0, q, list![1, 2])))
    );
    insta::assert_snapshot!("permuteo_3", show(run_all(|q| permuteo(list![1, 2, 3], q))));
    // Backwards permuteo has two answers but does not terminate after them (as in core.logic).
    insta::assert_snapshot!(
        "permuteo_backward",
        show(run(2, |q| permuteo(q, list![1, 2])))
    );
    insta::assert_snapshot!(
        "distincto_residual",
        show(run!(*, [a, b] => distincto(list![a, b, 3])))
    );
    assert_eq!(run_all(|_q| distincto(list![1, 2, 2])).count(), 0);
}

/// 100 000-element lists through `appendo` and `membero`: no stack overflow, with the occurs
/// check on (it skips ground parts of terms in O(1), so binding a tail variable to the rest of
/// a long ground list does not rescan it) and off.
#[test]
fn long_lists_through_appendo_and_membero() {
    const N: i64 = 100_000;
    let long = || Term::list(0..N);
    // appendo forward: builds a 100 001-element list.
    let a = run(1, |q| appendo(long(), list![N], q)).next().unwrap();
    let ints = a.value().to_ints().unwrap();
    assert_eq!(ints.len(), (N + 1) as usize);
    assert_eq!(ints[N as usize], N);
    // appendo backward: the prefix in front of the last element.
    let p = run(1, |q| appendo(q, list![N - 1], long())).next().unwrap();
    assert_eq!(p.value().to_ints().unwrap().len(), (N - 1) as usize);
    // membero finds the last element, and then no other.
    assert_eq!(run_all(|_q| membero(N - 1, long())).count(), 1);
    assert_eq!(run_all(|_q| membero(N, long())).count(), 0);
    assert_eq!(run_nc_all(|_q| membero(N - 1, long())).count(), 1);
    assert_eq!(
        run(1, |q| membero(q, long())).next().unwrap().to_string(),
        "0"
    );
}

#[test]
fn list_relations_read_vectors_as_core_logic_does() {
    // core.logic 1.1.1 (oracle): vectors are sequences to the list relations.
    // (run* [q] (membero q [1 2 3])) => (1 2 3)
    assert_eq!(show(run_all(|q| membero(q, vec![1, 2, 3]))), "1\n2\n3");
    // (run* [q] (fresh [a d] (conso a d [1 2 3]) (== q [a d]))) => ([1 (2 3)])
    let got = show(run_all(|q| {
        fresh!([a, d], conso(a, d, vec![1, 2, 3]), eq(q, vec![a, d]))
    }));
    assert_eq!(got, "[1 (2 3)]");
    // (run* [q] (appendo q [3] [1 2 3])) => ((1 2))
    assert_eq!(
        show(run_all(|q| appendo(q, vec![3], vec![1, 2, 3]))),
        "(1 2)"
    );
    // (run* [q] (== [1 2] '(1 2))) => (_0)
    assert_eq!(show(run_all(|_q| eq(vec![1, 2], list![1, 2]))), "_0");
}

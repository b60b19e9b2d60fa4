//! The Rust API without traps (issue 11, section 4): every macro form, arguments of any
//! type, closures and nested matches inside clauses, destructuring projections, and answers
//! as Rust values.

use kanren::{
    conda, conde, condu, defne, defrel, eq, fresh, list, matche, membero, project, run, run_all,
    Goal, Term,
};

mod common;
use common::strings;

#[test]
fn run_star_with_one_query_variable() {
    assert_eq!(strings(run!(*, q => membero(q, list![1, 2]))), ["1", "2"]);
    assert_eq!(strings(run!(1, q => membero(q, list![1, 2]))), ["1"]);
}

#[test]
fn run_with_the_query_variables_as_one_vector() {
    let a = strings(
        run!(*, [a, b] as q => eq(a, 1), membero(b, list![2, 3]), project!([q] => eq(q, q))),
    );
    assert_eq!(a, ["[1 2]", "[1 3]"]);
    assert_eq!(
        strings(run!(1, [a, b] as q => eq(q, vec![a, b]), eq(b, a), eq(a, 0))),
        ["[0 0]"]
    );
}

#[test]
fn fresh_with_no_variables() {
    assert_eq!(strings(run_all(|q| fresh!([], eq(q, 1), eq(q, 1)))), ["1"]);
}

#[test]
fn conda_and_condu_macros() {
    assert_eq!(
        strings(run_all(|q| conda!([membero(q, list![1, 2])], [eq(q, 3)]))),
        ["1", "2"]
    );
    assert_eq!(
        strings(run_all(|q| condu!([membero(q, list![1, 2])], [eq(q, 3)]))),
        ["1"]
    );
    assert_eq!(
        strings(run_all(|q| conda!([kanren::fail()], [eq(q, 3)]))),
        ["3"]
    );
    let _ = (
        conda as fn(Vec<Vec<Goal>>) -> Goal,
        condu as fn(Vec<Vec<Goal>>) -> Goal,
    );
}

defrel! {
    /// The Reasoned Schemer's `anyo`.
    fn anyo(g: Goal) { conde!([&g], [anyo(&g)]) }
}

defrel! {
    /// `l` is a list of `n` copies of `x`: a term, a Rust count.
    fn repeato(x, n: usize, l) {
        if n == 0 {
            eq(&l, list![])
        } else {
            fresh!([d], eq(&l, list![&x; d]), repeato(&x, n - 1, d))
        }
    }
}

defrel! {
    /// `out` describes `l` with the tag `tag`: closures of every kind in one body (two
    /// `fresh!`s, a nested `matche!` whose clauses all use `tag` and `out`, a `move`
    /// closure), each using the same arguments, with no clone written.
    fn describeo(tag: String, l, out) {
        conde!(
            [fresh!([a], eq(&l, list![a]), eq(&out, (tag.as_str(), a)))],
            [fresh!([a, b], eq(&l, list![a, b]), eq(&out, (tag.as_str(), a, b)))],
            [matche!([l],
                ([()] eq(&out, (tag.as_str(), "empty")))
                ([[_ _ _ . _]] eq(&out, (tag.as_str(), "long"))))],
            [kanren::fresh(move |[z]| kanren::conj([eq(z, &l), eq(&out, (tag.as_str(), z))]))]
        )
    }
}

#[test]
fn defrel_takes_goals_and_rust_values() {
    assert_eq!(strings(run(3, |q| anyo(eq(q, 1)))), ["1", "1", "1"]);
    assert_eq!(strings(run_all(|q| repeato(7, 3usize, q))), ["(7 7 7)"]);
    let show = |l: Term| strings(run_all(move |q| describeo("t", l.clone(), q)));
    assert_eq!(show(list![1]), ["[\"t\" 1]", "[\"t\" (1)]"]);
    assert_eq!(show(list![]), ["[\"t\" ()]", "[\"t\" \"empty\"]"]);
    assert_eq!(
        show(list![1, 2, 3]),
        ["[\"t\" (1 2 3)]", "[\"t\" \"long\"]"]
    );
}

#[test]
fn project_takes_vectors_and_lists_apart() {
    let a = strings(run_all(|q| {
        fresh!(
            [v, l],
            eq(v, vec![1, 2]),
            eq(l, list![3, 4]),
            project!([[a, b] = v, [c, d] = l] => eq(q, list![b, a, d, c]), eq(v, v)),
        )
    }));
    assert_eq!(a, ["(2 1 4 3)"]);
}

#[test]
#[should_panic(
    expected = "kanren: project! cannot take `v` apart: expected a list or vector of 2 items, found (1 2 3)"
)]
fn project_destructuring_the_wrong_shape_panics() {
    let _ = run_all(|q| {
        fresh!(
            [v],
            eq(v, list![1, 2, 3]),
            project!([[a, b] = v] => eq(q, a), eq(q, b))
        )
    })
    .count();
}

#[test]
fn answers_as_rust_values() {
    let a = run_all(|q| eq(q, list![1, 2, 3])).next().unwrap();
    assert_eq!(Vec::<i64>::try_from(&a), Ok(vec![1, 2, 3]));
    assert_eq!(<(u8, i32, i64)>::try_from(a.value()), Ok((1, 2, 3)));
    assert_eq!(<[i16; 3]>::try_from(a.clone()), Ok([1, 2, 3]));
    let e = <(i64, i64)>::try_from(a.value()).unwrap_err();
    assert_eq!(
        e.to_string(),
        "expected a list or vector of 2 items, found (1 2 3)"
    );
    let e = u8::try_from(Term::from(300)).unwrap_err();
    assert_eq!(
        e.to_string(),
        "expected an integer from 0 to 255 (u8), found 300"
    );
    assert_eq!(String::try_from(&Term::from("s")), Ok("s".to_string()));
    assert_eq!(bool::try_from(Term::from(true)), Ok(true));
    let pairs = run!(*, [x, y] => membero(x, list![1, 2]), eq(y, "a"));
    let pairs: Result<Vec<(i64, String)>, _> = pairs.map(<(i64, String)>::try_from).collect();
    assert_eq!(pairs.unwrap(), [(1, "a".to_string()), (2, "a".to_string())]);
    let fresh_answer = run_all(|q| fresh!([x], eq(q, list![x]))).next().unwrap();
    assert_eq!(
        Vec::<i64>::try_from(&fresh_answer).unwrap_err().to_string(),
        "expected an integer as item 0, found _0"
    );
    let nested = Vec::<Vec<i64>>::try_from(&list![vec![1], list![2, 3]]);
    assert_eq!(nested, Ok(vec![vec![1], vec![2, 3]]));
    let terms = Vec::<Term>::try_from(Term::from(vec![1, 2])).unwrap();
    assert_eq!(terms, [Term::from(1), Term::from(2)]);
}

defne! {
    /// A nested `matche!` uses the relation's arguments and a pattern variable by value.
    fn pairo(l, out) {
        ([[h . _] _] matche!([out], ([[a b]] eq(a, h), eq(b, l))))
    }
}

#[test]
fn nested_matche_in_a_clause() {
    assert_eq!(strings(run_all(|q| pairo(list![1], q))), ["[1 (1)]"]);
}

defne! {
    /// A closure and nested macros use the relation's arguments and pattern variables by
    /// value, and the arguments again after them.
    fn closo(l, out) {
        ([[h . _] _]
            kanren::fresh(move |[z]| kanren::conj([eq(z, h), eq(out, z)])),
            fresh!([z], eq(z, h), eq(l, list![z])),
            project!([h] => eq(out, h)),
            eq(&out, &out))
    }
}

#[test]
fn closures_in_a_clause_own_what_they_use() {
    assert_eq!(strings(run_all(|q| closo(list![4], q))), ["4"]);
    assert_eq!(
        strings(run_all(|q| closo(list![4], q)).depth_first()),
        ["4"]
    );
}

defne! {
    /// `out` is `[h t]` for the list `l` with head `h` and tail `t`.
    fn head_tailo(l, out) {
        ([[h . t] [h t]])
    }
}

#[test]
fn vectors_where_lists_are_meant() {
    use kanren::{appendo, conso, distincto, emptyo, firsto, permuteo, rembero, resto};
    // A list pattern against a vector argument, in defne! (both searches) and in matche!.
    assert_eq!(
        strings(run_all(|q| head_tailo(vec![1, 2, 3], q))),
        ["[1 (2 3)]"]
    );
    assert_eq!(
        strings(run_all(|q| head_tailo(vec![1, 2, 3], q)).depth_first()),
        ["[1 (2 3)]"]
    );
    assert_eq!(
        strings(run_all(|q| matche!([vec![1, 2]], ([[_ . t]] eq(q, t))))),
        ["(2)"]
    );
    assert_eq!(
        strings(run_all(
            |q| matche!([list![1, 2]], ([[a b]] eq(q, b), eq(a, 1)))
        )),
        ["2"]
    );
    // The list relations given vectors.
    assert_eq!(
        strings(run_all(|q| membero(q, vec![1, 2, 3]))),
        ["1", "2", "3"]
    );
    assert_eq!(
        strings(run!(*, [x, y] => appendo(x, y, vec![1, 2]))),
        ["[() [1 2]]", "[(1) (2)]", "[(1 2) ()]"]
    ); // core.logic: the same
    assert_eq!(
        strings(run!(*, [a, d] => conso(a, d, vec![1, 2]))),
        ["[1 (2)]"]
    );
    assert_eq!(strings(run_all(|q| firsto(vec![7, 8], q))), ["7"]);
    assert_eq!(strings(run_all(|q| resto(vec![7, 8], q))), ["(8)"]);
    assert_eq!(run_all(|_q| emptyo(Vec::<i64>::new())).count(), 1);
    assert_eq!(
        strings(run_all(|q| rembero(2, vec![1, 2, 3], q))),
        ["(1 3)"]
    );
    assert_eq!(run_all(|q| permuteo(vec![1, 2, 3], q)).count(), 6);
    assert_eq!(run_all(|_q| distincto(vec![1, 2, 3])).count(), 1);
    assert_eq!(strings(run_all(|q| eq(vec![1, 2], list![1, q]))), ["2"]);
    // Reading answers: a list going on into a vector is a sequence like any other.
    let mixed = Term::cons(1, vec![2, 3]);
    assert_eq!(
        mixed.to_vec(),
        Some(vec![Term::from(1), Term::from(2), Term::from(3)])
    );
    assert_eq!(mixed.to_ints(), Some(vec![1, 2, 3]));
    assert_eq!(Vec::<i64>::try_from(&mixed), Ok(vec![1, 2, 3]));
    assert_eq!(<(i64, i64, i64)>::try_from(&mixed), Ok((1, 2, 3)));
    let a = strings(run_all(|q| {
        fresh!(
            [v],
            eq(v, Term::cons(1, vec![2])),
            project!([[a, b] = v] => eq(q, a + b))
        )
    }));
    assert_eq!(a, ["3"]);
}

#[test]
fn maps_as_rust_values() {
    use std::collections::{BTreeMap, HashMap};
    let k = Term::sym;
    let a = run_all(|q| {
        fresh!(
            [x],
            eq(x, 2),
            eq(
                q,
                Term::map([(k(":a"), Term::from(1)), (k(":b"), x.into())])
            )
        )
    })
    .next()
    .unwrap();
    assert_eq!(a.to_string(), "{:a 1, :b 2}");
    let m: BTreeMap<String, i64> = BTreeMap::try_from(&Term::map([("a", 1), ("b", 2)])).unwrap();
    assert_eq!(
        m,
        BTreeMap::from([("a".to_string(), 1), ("b".to_string(), 2)])
    );
    let m: HashMap<i64, Vec<i64>> =
        HashMap::try_from(Term::map([(1, list![1]), (2, list![])])).unwrap();
    assert_eq!(m, HashMap::from([(1, vec![1]), (2, vec![])]));
    let e = BTreeMap::<String, i64>::try_from(a.value()).unwrap_err();
    assert_eq!(e.to_string(), "expected a string as a key, found :a");
    let e = BTreeMap::<i64, bool>::try_from(&Term::map([(1, 2)])).unwrap_err();
    assert_eq!(
        e.to_string(),
        "expected a boolean as the value of 1, found 2"
    );
    let e = BTreeMap::<i64, i64>::try_from(&list![1]).unwrap_err();
    assert_eq!(e.to_string(), "expected a map, found (1)");
    let _ = BTreeMap::<i64, i64>::try_from(a.clone());
}

defne! {
    /// Closures of every spelling in a clause: `||`, a return type, a non-`move` closure run
    /// at once, and a `matche!` nested two deep.
    fn spellingso(l, out) {
        ([[h . t] _]
            kanren::Goal::lazy(move || eq(&out, list![h, &t])),
            kanren::fresh(move |[z]: [kanren::Var; 1]| -> Goal { eq(z, h) }),
            kanren::everyg(|x| kanren::neq(x, h), [100, 200]),
            matche!([t], ([[a . _]] matche!([a], ([b] eq(b, a), eq(list![h, b], l))))))
    }
}

#[test]
fn closures_of_every_spelling_in_a_clause() {
    assert_eq!(
        strings(run_all(|q| spellingso(list![1, 2], q))),
        ["(1 (2))"]
    );
    assert_eq!(
        strings(run_all(|q| spellingso(list![1, 2], q)).depth_first()),
        ["(1 (2))"]
    );
    assert_eq!(
        strings(run_all(|q| pairo(list![1], q)).depth_first()),
        ["[1 (1)]"]
    );
    // Folded depth-first, the clauses run through the relation's own depth-first search.
    assert_eq!(
        run_all(|q| spellingso(list![1, 2], q))
            .depth_first()
            .count(),
        1
    );
    assert_eq!(run_all(|q| closo(list![4], q)).depth_first().count(), 1);
    assert_eq!(run_all(|q| pairo(list![1], q)).depth_first().count(), 1);
    // A matche! in a matche!, outside any relation.
    let a = strings(run_all(
        |q| matche!([q], ([[x y]] matche!([y], ([[z]] eq(z, x), eq(x, 5))))),
    ));
    assert_eq!(a, ["[5 [5]]"]);
}

//! `term!` and the pattern syntax it shares with `defne!`/`matche!`, and arguments that mix
//! variables, terms and literals.

use kanren::{
    appendo, conso, defne, eq, fd, fresh, matche, membero, pldb, pldb::Db, run_all, term, Args,
    Tabled, Term, Var,
};

mod common;

#[test]
fn blanks_are_fresh_variables_and_names_are_symbols() {
    let row = term!([englishman _ _ _ red]).to_vec().unwrap();
    assert_eq!(row.len(), 5);
    assert_eq!(row[0], Term::sym("englishman"));
    assert_eq!(row[4], Term::sym("red"));
    let vars: Vec<Var> = row[1..4].iter().map(|t| t.as_var().unwrap()).collect();
    assert!(vars[0] != vars[1] && vars[1] != vars[2] && vars[0] != vars[2]);
    // A new variable each time the term is built.
    let again = term!([englishman _ _ _ red]).to_vec().unwrap();
    assert!(again[1..4]
        .iter()
        .all(|t| !vars.contains(&t.as_var().unwrap())));
}

#[test]
fn terms_print_as_written() {
    for (t, text) in [
        (term!(englishman), "englishman"),
        (term!('englishman), "englishman"),
        (term!(:lam), ":lam"),
        (term!(:ns/k), ":ns/k"),
        (term!(lam - expr), "lam-expr"),
        (term!(empty?), "empty?"),
        (term!(nil), "nil"),
        (term!(true), "true"),
        (term!(-1), "-1"),
        (term!("s"), "\"s\""),
        (term!(()), "()"),
        (term!((a b . c)), "(a b . c)"),
        (term!([a (b c) [d] . e]), "(a (b c) [d] . e)"),
        (term!({:a 1, :b [x y]}), "{:a 1, :b [x y]}"),
        (term!({:a {:b c}}), "{:a {:b c}}"),
        (term!({}), "{}"),
    ] {
        assert_eq!(t.to_string(), text);
    }
}

#[test]
fn splices_take_any_rust_value() {
    let (q, t, n) = (Var::fresh(), term!([a b]), 3);
    assert_eq!(
        term!([{q} {&t} {n + 1} {"s"} {Term::sym("x y")}]),
        Term::from((q, t, 4, "s", Term::sym("x y")))
    );
}

defne! {
    /// The kind of a term, matched with keywords, quoted symbols and `nil` in the patterns.
    fn kindo(t, k) {
        ([[:lam _ _] :function])
        ([[:app _ _] :call])
        (['zebra 'animal])
        ([nil :nothing])
        ([{:kind x} x])
    }
}

#[test]
fn patterns_read_the_same_spelling() {
    assert_eq!(show(run_all(|q| kindo(term!([:lam x y]), q))), ":function");
    assert_eq!(
        show(run_all(|q| kindo(q, term!(:call)))),
        "[:app _0 _1] {:kind :call}"
    );
    assert_eq!(show(run_all(|q| kindo(term!(zebra), q))), "animal");
    assert_eq!(show(run_all(|q| kindo(term!(nil), q))), ":nothing");
    assert_eq!(show(run_all(|q| kindo(term!({:kind horse}), q))), "horse");
    let a = run_all(|q| matche!([q], ([:k]) ([(:ns/k 'a . _)]) ([{:k 'v}])));
    assert_eq!(show(a), ":k (:ns/k a . _0) {:k v}");
}

fn show(a: impl Iterator<Item = kanren::Answer>) -> String {
    common::show(a).replace('\n', " ")
}

#[test]
// The borrows are the point: `&Var` and `&Term` are accepted as well as owned ones.
#[allow(clippy::needless_borrows_for_generic_args)]
fn goals_take_vars_terms_and_literals_side_by_side() {
    let x = Var::fresh();
    let a = run_all(|q| {
        kanren::conj([
            eq(&x, term!(a)),
            conso(x, term!([b c]), q),
            membero(term!(b), q),
            membero(&x, &Term::from(q)),
            appendo(term!([a]), term!((b _)), q),
        ])
    });
    assert_eq!(show(a), "(a b c)");
    let (name, r, n) = (String::from("s"), &x, 7u64);
    assert_eq!(Term::from((&name, &r, n)), Term::from(("s", x, 7)));
    let a = run_all(|q| fresh(move |[y]| kindo(term!([:lam {y} 1]), q)));
    assert_eq!(show(a), ":function");
}

#[test]
fn relation_calls_take_arrays_or_tuples() {
    let age = pldb::rel("age", 2);
    let db = Db::new()
        .fact(&age, (term!(bob), 42))
        .facts(&age, [(term!(ann), 37), (term!(cy), 42)]);
    let x = Var::fresh();
    let a = run_all(|q| pldb::with_db(&db, kanren::conj([age.call((q, 42)), age.call((&x, &x))])));
    assert_eq!(show(a), "");
    let a = run_all(|q| pldb::with_db(&db, age.call((q, 42))));
    let mut got: Vec<String> = a.map(|a| a.to_string()).collect();
    got.sort();
    assert_eq!(got, ["bob", "cy"]);
    let a = run_all(|q| age.call_in(std::slice::from_ref(&db), vec![term!(ann), Term::from(q)]));
    assert_eq!(show(a), "37");

    let pairo = Tabled::new(|_, [x, y]| kanren::conj([eq(x, term!(:a)), membero(y, term!([1 2]))]));
    let a = run_all(|q| pairo.call((term!(:a), q)));
    let mut got: Vec<String> = a.map(|a| a.to_string()).collect();
    got.sort();
    assert_eq!(got, ["1", "2"]);
    assert_eq!(run_all(|q| pairo.call([q, x])).count(), 2);
    assert_eq!(run_all(|q| pairo.call((&x, q))).count(), 2);
}

#[test]
fn arguments_convert_from_arrays_tuples_vecs_and_slices() {
    let q = Var::fresh();
    let want = [Term::from(q), Term::sym("a"), Term::from(1)];
    assert_eq!((q, term!(a), 1).into_args(), want);
    assert_eq!((&q, &Term::sym("a"), 1u8).into_args(), want);
    assert_eq!(want.clone().into_args(), want);
    assert_eq!((&want).into_args(), want);
    assert_eq!(want.to_vec().into_args(), want);
    assert_eq!((&want.to_vec()).into_args(), want);
    assert_eq!(want[..].into_args(), want);
}

#[test]
fn fd_goals_take_tuples() {
    let a = run_all(|q| {
        fresh(move |[x]| {
            kanren::conj([
                fd::in_((x, q), fd::interval(1, 3)),
                fd::distinct((x, q, 2)),
                fd::eq(x, 1),
            ])
        })
    });
    assert_eq!(show(a), "3");
}

#[test]
fn rustfmt_spacing_reads_the_same() {
    assert_eq!(term!(lam - expr), term!(lam - expr));
    assert_eq!(term!(ns / k), Term::sym("ns/k"));
    assert_eq!(term!((a.b)).to_string(), "(a . b)");
    assert_eq!(term!([h.t]).to_string(), "(h . t)");
}

defne! {
    /// `out` is what the tagged term `t` holds, read by a nested `matche!` on keywords and maps.
    fn payloado(t, out) {
        ([[tag body] _] matche!([tag, body, out],
            ([:box {:v v} v]),
            ([:pair [a 'b] a]),
        ))
    }
}

#[test]
fn nested_matche_reads_keywords_and_maps() {
    assert_eq!(show(run_all(|q| payloado(term!([:box {:v 7}]), q))), "7");
    assert_eq!(show(run_all(|q| payloado(term!([:pair [x b]]), q))), "x");
    assert_eq!(show(run_all(|q| payloado(term!([:pair [x c]]), q))), "");
}

defne! {
    /// `out` is the boxed `t`, built by `term!` around the clause's names.
    fn boxo(t, out) {
        ([[x . _] _] eq(out, term!([:box {x} {&t} _])))
    }
}

#[test]
fn term_splices_clause_names() {
    assert_eq!(
        show(run_all(|q| boxo(term!((a b)), q))),
        "[:box a (a b) _0]"
    );
}

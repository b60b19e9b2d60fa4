//! Tabling (`kanren::Tabled`, core.logic's `tabled`): core.logic's cases (its tests.clj,
//! `test-tabled-1` and `-2`), left recursion, a cyclic graph of 10 000 nodes, and one tabled
//! relation called with two different call patterns in one query.

use kanren::pldb::{self, Db, Rel};
use kanren::{conde, conj, defne, eq, fresh, run_all, Goal, Tabled, Term};
use std::collections::BTreeSet;

fn set(answers: impl Iterator<Item = kanren::Answer>) -> BTreeSet<String> {
    answers.map(|a| a.to_string()).collect()
}

defne! {
    /// core.logic's `arco`: a -> b, b -> a, b -> d.
    fn arco(x, y) {
        ([{Term::sym(":a")} {Term::sym(":b")}])
        ([{Term::sym(":b")} {Term::sym(":a")}])
        ([{Term::sym(":b")} {Term::sym(":d")}])
    }
}

defne! {
    /// core.logic's `arco-2`, a small DAG.
    fn arco2(x, y) {
        ([1 2]) ([1 4]) ([1 3]) ([2 3]) ([2 5]) ([3 4]) ([3 5]) ([4 5])
    }
}

/// `(tabled [x y] (conde [(arc x y)] [(fresh [z] (arc x z) (patho z y))]))`, right-recursive.
fn right_path(arc: fn(Term, Term) -> Goal) -> Tabled<2> {
    Tabled::new(move |me, [x, y]| {
        let (me, x1, y1) = (me.clone(), x.clone(), y.clone());
        conde([
            vec![arc(x, y)],
            vec![fresh(move |[z]| {
                conj([arc(x1.clone(), z.into()), me.call([z.into(), y1.clone()])])
            })],
        ])
    })
}

#[test]
fn core_logic_tabled_cases() {
    // test-tabled-1: (run* [q] (patho :a q)) => #{:b :a :d}, over a cycle a <-> b.
    let patho = right_path(arco);
    let got = set(run_all(|q| patho.call([Term::sym(":a"), q.into()])));
    assert_eq!(
        got,
        [":a", ":b", ":d"].iter().map(|s| s.to_string()).collect()
    );
    // test-tabled-2: (run* [q] (patho-2 1 q)) => #{2 3 4 5}, each once.
    let patho2 = right_path(arco2);
    let answers: Vec<String> = run_all(|q| patho2.call([Term::from(1), q.into()]))
        .map(|a| a.to_string())
        .collect();
    assert_eq!(answers.len(), 4);
    assert_eq!(
        answers.iter().cloned().collect::<BTreeSet<_>>(),
        ["2", "3", "4", "5"].iter().map(|s| s.to_string()).collect()
    );
}

/// `path(x, y) :- path(x, z), edge(z, y).  path(x, y) :- edge(x, y).` over the facts of `edge`
/// in `db`: left-recursive, which never returns without tabling.
fn left_path(edge: Rel, db: Db) -> Tabled<2> {
    Tabled::new(move |me, [x, y]| {
        let (me, edge1, db1, x1, y1) = (me.clone(), edge.clone(), db.clone(), x.clone(), y.clone());
        conde([
            vec![fresh(move |[z]| {
                conj([
                    me.call([x1.clone(), z.into()]),
                    pldb::with_db(&db1, edge1.call([z.into(), y1.clone()])),
                ])
            })],
            vec![pldb::with_db(&db, edge.call([x, y]))],
        ])
    })
}

#[test]
fn left_recursion_over_a_cycle_of_ten_thousand_nodes() {
    const N: i64 = 10_000;
    let edge = pldb::indexed_rel("edge", [true, false]);
    let db = Db::new().facts(&edge, (0..N).map(|i| [i, (i + 1) % N]));
    let path = left_path(edge, db);
    let reach = run_all(|q| path.call([Term::from(0), q.into()]));
    let all: BTreeSet<i64> = reach
        .map(|a| a.value().as_int().expect("an integer"))
        .collect();
    // Every node, 0 included (round the cycle), each once.
    assert_eq!(all.len(), N as usize);
    assert_eq!(all, (0..N).collect());
    assert_eq!(path.patterns(), 1);
}

#[test]
fn two_call_patterns_in_one_query() {
    // path(0, q) and path(q, 3) in one query, over 0 -> 1 -> 2 -> 3 -> 1: two table entries.
    let edge = pldb::indexed_rel("edge", [true, false]);
    let db = Db::new().facts(&edge, [[0, 1], [1, 2], [2, 3], [3, 1]]);
    let path = left_path(edge, db);
    let p = path.clone();
    let both = set(run_all(move |q| {
        let path = p.clone();
        fresh(move |[a, b]| {
            conj([
                path.call([Term::from(0), a.into()]),
                path.call([b.into(), Term::from(3)]),
                eq(q, vec![a, b]),
            ])
        })
    }));
    // From 0: 1, 2, 3. To 3: 0, 1, 2, 3.
    assert_eq!(both.len(), 12);
    assert!(both.contains("[1 0]") && both.contains("[3 3]"));
    assert!(path.patterns() >= 2);
    // The table outlives the query: asking again reads the complete entries.
    assert_eq!(run_all(|q| path.call([Term::from(0), q.into()])).count(), 3);
}

#[test]
fn mutual_recursion_completes_together() {
    // even(n) / odd(n) over a cycle 0 -> 1 -> 2 -> 0: reached in an even or an odd number of
    // steps. Every node is reached both ways on an odd cycle.
    let edge = pldb::indexed_rel("edge", [true, false]);
    let db = Db::new().facts(&edge, [[0, 1], [1, 2], [2, 0]]);
    // reach(parity, x, y): y is reached from x in a number of steps of that parity (>= 1).
    let reach = Tabled::new(move |me, [p, x, y]| {
        let (me, edge, db) = (me.clone(), edge.clone(), db.clone());
        let (p1, x1, y1) = (p.clone(), x.clone(), y.clone());
        let (e2, d2) = (edge.clone(), db.clone());
        conde([
            vec![
                eq(&p, Term::sym("odd")),
                pldb::with_db(&db, edge.call([x, y])),
            ],
            vec![fresh(move |[z, q]| {
                conj([
                    me.call([q.into(), x1.clone(), z.into()]),
                    pldb::with_db(&d2, e2.call([z.into(), y1.clone()])),
                    conde([
                        vec![eq(q, Term::sym("odd")), eq(&p1, Term::sym("even"))],
                        vec![eq(q, Term::sym("even")), eq(&p1, Term::sym("odd"))],
                    ]),
                ])
            })],
        ])
    });
    let r = reach.clone();
    let got = set(run_all(move |q| {
        let reach = r.clone();
        fresh(move |[p, y]| {
            conj([
                reach.call([p.into(), Term::from(0), y.into()]),
                eq(q, vec![p, y]),
            ])
        })
    }));
    assert_eq!(got.len(), 6, "{got:?}");
}

#[test]
fn right_recursion_nests_a_thousand_evaluations_without_overflow() {
    // path(x, y) :- edge(x, y).  path(x, y) :- edge(x, z), path(z, y).  On a chain, each call
    // pattern path(i, _) evaluates path(i + 1, _) inside it: 1 000 nested evaluations (their
    // answers add up to n^2 / 2, which keeps n small in a debug build).
    const N: i64 = 1_000;
    let edge = pldb::indexed_rel("edge", [true, false]);
    let db = Db::new().facts(&edge, (0..N).map(|i| [i, i + 1]));
    let path = Tabled::new(move |me, [x, y]| {
        let (me, e1, d1, x1, y1) = (me.clone(), edge.clone(), db.clone(), x.clone(), y.clone());
        conde([
            vec![pldb::with_db(&db, edge.call([x, y]))],
            vec![fresh(move |[z]| {
                conj([
                    pldb::with_db(&d1, e1.call([x1.clone(), z.into()])),
                    me.call([z.into(), y1.clone()]),
                ])
            })],
        ])
    });
    assert_eq!(
        run_all(|q| path.call([Term::from(N - 300), q.into()])).count(),
        300
    );
    assert_eq!(
        run_all(|q| path.call([Term::from(0), q.into()])).count(),
        N as usize
    );
}

/// A tabled relation over facts, with the database in scope around the query (core.logic's
/// `(with-db facts (run* [q] (patho :a q)))`): the body calls the facts plainly and reads the
/// databases in scope at the call, in either nesting of `with_db` and the tabled call.
#[test]
fn tabled_facts_with_the_database_around_the_query() {
    let edge = pldb::rel("edge", 2);
    let facts = Db::new()
        .fact(&edge, [Term::sym("a"), Term::sym("b")])
        .fact(&edge, [Term::sym("b"), Term::sym("c")])
        .fact(&edge, [Term::sym("c"), Term::sym("a")]);
    let path = |edge: Rel| {
        Tabled::new(move |path, [x, y]| {
            let (path, edge2, x1, y1) = (path.clone(), edge.clone(), x.clone(), y.clone());
            conde([
                vec![edge.call([x, y])],
                vec![fresh(move |[z]| {
                    conj([
                        path.call([x1.clone(), z.into()]),
                        edge2.call([z.into(), y1.clone()]),
                    ])
                })],
            ])
        })
    };
    let around = path(edge.clone());
    let reach = set(run_all(|q| {
        pldb::with_db(&facts, around.call([Term::sym("a"), q.into()]))
    }));
    assert_eq!(reach, ["a", "b", "c"].map(String::from).into());
    // Without a database in scope the facts give nothing, as core.logic's relations do.
    let bare = path(edge.clone());
    assert_eq!(
        run_all(|q| bare.call([Term::sym("a"), q.into()])).count(),
        0
    );
}

mod declared {
    //! `tabled!`, `db_rel!` and `db!`: the relations declared as functions.
    use super::set;
    use kanren::pldb::{self, Db};
    use kanren::{conde, db, db_rel, fresh, matche, run_all, tabled, term};

    db_rel!(edge(x, y));

    tabled! {
        /// Left-recursive paths over the facts of `edge` in scope.
        fn patho(x, y) {
            conde!([fresh!([z], patho(&x, z), edge(z, &y))], [edge(&x, &y)])
        }
    }

    fn cycle() -> Db {
        db![[edge :a :b] [edge :b :c] [edge :c :a] [edge :c :d]]
    }

    #[test]
    fn a_tabled_function_over_facts_in_scope_around_the_query() {
        let facts = cycle();
        let a = set(run_all(|q| pldb::with_db(&facts, patho(term!(:a), q))));
        assert_eq!(a, set_of(&[":a", ":b", ":c", ":d"]));
        // From `:d` nothing is reachable; a second query reads the table.
        assert!(run_all(|q| pldb::with_db(&facts, patho(term!(:d), q)))
            .next()
            .is_none());
        let pairs = set(run_all(|q| {
            pldb::with_db(&facts, fresh!([x, y], patho(x, y), kanren::eq(q, (x, y))))
        }));
        assert_eq!(pairs.len(), 12); // a, b and c each reach a, b, c and d; d reaches nothing
    }

    tabled! {
        /// Paths over the cycle's facts, brought into scope inside the body, with a nested
        /// `matche!` whose two clauses both use `y`.
        fn inside_patho(x, y) {
            pldb::with_db(&cycle(), matche!([x],
                ([:d] kanren::fail())
                ([_] conde!([edge(&x, &y)], [fresh!([z], inside_patho(&x, z), edge(z, &y))]))))
        }
    }

    #[test]
    fn a_tabled_function_with_the_facts_inside_its_body() {
        let a = set(run_all(|q| inside_patho(term!(:b), q)));
        assert_eq!(a, set_of(&[":a", ":b", ":c", ":d"]));
        assert_eq!(run_all(|q| inside_patho(term!(:d), q)).count(), 0);
    }

    fn set_of(items: &[&str]) -> std::collections::BTreeSet<String> {
        items.iter().map(|s| s.to_string()).collect()
    }
}

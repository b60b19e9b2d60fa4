//! Fact databases (`kanren::pldb`, core.logic's `pldb`): core.logic's own cases (its
//! pldb/tests.clj), in kanren's words, with the answers core.logic 1.1.1 gives (compared as
//! sets where core.logic's order is its hash sets' order).

use kanren::pldb::{self, Db, Rel};
use kanren::{conj, eq, fresh, run_all, Goal, Term};
use std::collections::BTreeSet;

mod common;
use common::strings;

fn s(name: &str) -> Term {
    Term::sym(name)
}

struct People {
    man: Rel,
    woman: Rel,
    likes: Rel,
    fun: Rel,
    facts0: Db,
}

fn people() -> People {
    let (man, woman, likes, fun) = (
        pldb::rel("man", 1),
        pldb::rel("woman", 1),
        pldb::rel("likes", 2),
        pldb::rel("fun", 1),
    );
    let facts0 = Db::new()
        .facts(&man, [[s("Bob")], [s("John")], [s("Ricky")]])
        .facts(&woman, [[s("Mary")], [s("Martha")], [s("Lucy")]])
        .facts(
            &likes,
            [
                [s("Bob"), s("Mary")],
                [s("John"), s("Martha")],
                [s("Ricky"), s("Lucy")],
            ],
        );
    People {
        man,
        woman,
        likes,
        fun,
        facts0,
    }
}

/// `(run* [q] (fresh [x y] (likes x y) (fun y) (== q [x y])))` in `db`.
fn fun_likes(p: &People, db: &Db) -> Vec<String> {
    let (likes, fun) = (p.likes.clone(), p.fun.clone());
    let db = db.clone();
    strings(run_all(move |q| {
        let (likes, fun) = (likes.clone(), fun.clone());
        pldb::with_db(
            &db,
            fresh(move |[x, y]| conj([likes.call([x, y]), fun.call([y]), eq(q, vec![x, y])])),
        )
    }))
}

#[test]
fn facts_and_a_fact_added() {
    let p = people();
    // test-facts0: no one is fun yet => ()
    assert!(fun_likes(&p, &p.facts0).is_empty());
    // test-facts1: (db-fact facts0 fun 'Lucy) => ([Ricky Lucy]); facts0 itself is unchanged
    let facts1 = p.facts0.fact(&p.fun, [s("Lucy")]);
    assert_eq!(fun_likes(&p, &facts1), ["[Ricky Lucy]"]);
    assert!(fun_likes(&p, &p.facts0).is_empty());
    // Every relation answers in core.logic's order, that of its hash sets:
    // (with-db facts0 (run* [q] (man q))) => (John Ricky Bob).
    let (man, woman, db) = (p.man.clone(), p.woman.clone(), facts1.clone());
    assert_eq!(
        strings(run_all(move |q| pldb::with_db(&db, man.call([q])))),
        ["John", "Ricky", "Bob"]
    );
    let db = facts1;
    assert_eq!(
        strings(run_all(move |q| pldb::with_db(&db, woman.call([q])))),
        ["Martha", "Mary", "Lucy"]
    );
}

#[test]
fn retraction() {
    let p = people();
    // test-rel-retract: (db-retraction facts1 likes 'Bob 'Mary) => #{[John Martha] [Ricky Lucy]}
    let db = p
        .facts0
        .fact(&p.fun, [s("Lucy")])
        .retraction(&p.likes, [s("Bob"), s("Mary")]);
    let likes = p.likes.clone();
    let got: BTreeSet<String> = run_all(move |q| {
        let likes = likes.clone();
        pldb::with_db(
            &db,
            fresh(move |[x, y]| conj([likes.call([x, y]), eq(q, vec![x, y])])),
        )
    })
    .map(|a| a.to_string())
    .collect();
    assert_eq!(
        got,
        BTreeSet::from(["[John Martha]".to_string(), "[Ricky Lucy]".to_string()])
    );
}

#[test]
fn an_indexed_argument_holding_a_vector() {
    // test-rel-logic-29: (db-rel rel1 ^:index a), (db [rel1 [1 2]]),
    // (run* [q] (fresh [a] (rel1 [q a]) (== a 2))) => (1)
    let rel1 = pldb::indexed_rel("rel1", [true]);
    let db = Db::new().fact(&rel1, [Term::from(vec![1, 2])]);
    let got = strings(run_all(move |q| {
        let rel1 = rel1.clone();
        pldb::with_db(
            &db,
            fresh(move |[a]| {
                conj([
                    rel1.call([Term::from(vec![Term::from(q), a.into()])]),
                    eq(a, 2),
                ])
            }),
        )
    }));
    assert_eq!(got, ["1"]);
}

/// `(run* [out] (fresh [e a v] (rel2 e :a1 :v1) (rel2 e a v) (== [e a v] out)))` as a set.
fn rel2_query(rel2: &Rel, db: &Db) -> BTreeSet<String> {
    let (rel2, db) = (rel2.clone(), db.clone());
    run_all(move |out| {
        let rel2 = rel2.clone();
        pldb::with_db(
            &db,
            fresh(move |[e, a, v]| {
                conj([
                    rel2.call([e.into(), s(":a1"), s(":v1")]),
                    rel2.call([e, a, v]),
                    eq(vec![e, a, v], out),
                ])
            }),
        )
    })
    .map(|a| a.to_string())
    .collect()
}

#[test]
fn retractions_keep_every_index_in_step() {
    // rel2-dup-retractions: (db-rel rel2 ^:index e ^:index a ^:index v)
    let rel2 = pldb::indexed_rel("rel2", [true, true, true]);
    let facts2 = Db::new().facts(
        &rel2,
        [
            [s(":e1"), s(":a1"), s(":v1")],
            [s(":e1"), s(":a2"), s(":v2")],
        ],
    );
    let set = |xs: &[&str]| xs.iter().map(|x| x.to_string()).collect::<BTreeSet<_>>();
    assert_eq!(
        rel2_query(&rel2, &facts2),
        set(&["[:e1 :a1 :v1]", "[:e1 :a2 :v2]"])
    );
    let r1 = facts2.retractions(&rel2, [[s(":e1"), s(":a1"), s(":v1")]]);
    assert_eq!(rel2_query(&rel2, &r1), set(&[]));
    let r2 = facts2.retractions(&rel2, [[s(":e1"), s(":a2"), s(":v2")]]);
    assert_eq!(rel2_query(&rel2, &r2), set(&["[:e1 :a1 :v1]"]));
    let all = facts2.retractions(
        &rel2,
        [
            [s(":e1"), s(":a1"), s(":v1")],
            [s(":e1"), s(":a2"), s(":v2")],
        ],
    );
    assert_eq!(rel2_query(&rel2, &all), set(&[]));
}

#[test]
fn several_databases_in_scope() {
    // merge-same-relationship: open-port facts in two networks; who has port 143 open.
    let port = pldb::rel("open-port", 2);
    let n1 = Db::new().facts(
        &port,
        [
            [s(":10.0.1.3"), 22.into()],
            [s(":10.0.1.19"), 143.into()],
            [s(":10.0.1.19"), 25.into()],
        ],
    );
    let n2 = Db::new().facts(
        &port,
        [
            [s(":192.168.128.140"), 143.into()],
            [s(":192.168.128.213"), 22.into()],
        ],
    );
    let ask = |g: fn(&Db, &Db, Goal) -> Goal| {
        let (port, n1, n2) = (port.clone(), n1.clone(), n2.clone());
        run_all(move |ip| g(&n1, &n2, port.call([ip.into(), Term::from(143)])))
            .map(|a| a.to_string())
            .collect::<BTreeSet<_>>()
    };
    let both: BTreeSet<String> = [":10.0.1.19", ":192.168.128.140"]
        .iter()
        .map(|x| x.to_string())
        .collect();
    assert_eq!(
        ask(|a, _, g| pldb::with_db(a, g)),
        BTreeSet::from([":10.0.1.19".to_string()])
    );
    assert_eq!(
        ask(|_, b, g| pldb::with_db(b, g)),
        BTreeSet::from([":192.168.128.140".to_string()])
    );
    assert_eq!(ask(|a, b, g| pldb::with_db(a, pldb::with_db(b, g))), both);
    assert_eq!(ask(|a, b, g| pldb::with_db(b, pldb::with_db(a, g))), both);
    assert_eq!(
        ask(|a, b, g| pldb::with_dbs([a.clone(), b.clone()], g)),
        both
    );
}

#[test]
fn a_lookup_through_the_index_is_lazy() {
    // 100 000 facts; the first answer of an indexed lookup and of a scan come at once, and
    // `run(1, ..)` does not look at the rest.
    let edge = pldb::indexed_rel("edge", [true, false]);
    let db = Db::new().facts(&edge, (0..100_000).map(|i| [i, i + 1]));
    let (e, d) = (edge.clone(), db.clone());
    let next: Vec<String> = strings(kanren::run(1, move |q| {
        pldb::with_db(&d, e.call([Term::from(77_777), q.into()]))
    }));
    assert_eq!(next, ["77778"]);
    let (e, d) = (edge.clone(), db.clone());
    assert_eq!(
        run_all(move |q| pldb::with_db(&d, e.call([q.into(), Term::from(5)]))).count(),
        1
    );
    // A scan reads the facts in core.logic's order (its hash sets'): its first five answers
    // are core.logic's.
    let first = strings(kanren::run(5, move |q| {
        pldb::with_db(&db, fresh(move |[x]| edge.call([q, x])))
    }));
    assert_eq!(first, ["10463", "88073", "78814", "53395", "45321"]);
}

#[test]
#[should_panic(expected = "the relation man_1 takes 1 arguments, this call has 2")]
fn a_call_of_the_wrong_arity_is_a_mistake() {
    let _ = pldb::rel("man", 1).call([1, 2]);
}

/// The same database put in scope twice is searched once (a recursive relation that puts its
/// facts in scope at each level finds each fact once); a changed copy is another database.
#[test]
fn a_database_in_scope_twice_is_searched_once() {
    let fun = pldb::rel("fun", 1);
    let db = Db::new().fact(&fun, [1]);
    let twice = run_all(|q| pldb::with_db(&db, pldb::with_db(&db.clone(), fun.call([q])))).count();
    assert_eq!(twice, 1);
    let more = db.fact(&fun, [2]);
    let both = run_all(|q| pldb::with_dbs([db.clone(), more.clone()], fun.call([q]))).count();
    assert_eq!(both, 3);
}

mod declared {
    //! `db_rel!` and `db!`: relations as functions, databases as core.logic writes them.
    use super::strings;
    use kanren::pldb::{self, Db};
    use kanren::{db, db_rel, fresh, run_all, term};

    db_rel!(pub man(p), likes(#[index] a, b));

    #[test]
    fn declared_relations_read_the_facts_of_their_name() {
        let facts = db![[man 'Bob] [man 'John] [likes 'Bob 'Mary] [likes 'John 'Lucy]];
        let a = strings(run_all(|q| {
            pldb::with_db(&facts, fresh!([x], man(x), likes(x, q)))
        }));
        assert_eq!(a, ["Lucy", "Mary"]);
        // A relation of the same name and arity, however made, has the same facts.
        let again = pldb::rel("man", 1);
        assert_eq!(facts.len(&again), 2);
        assert_eq!(facts.len(man::rel()), 2);
        // Another arity is another relation.
        assert_eq!(facts.len(&pldb::rel("man", 2)), 0);
    }

    #[test]
    fn an_indexed_argument_looks_facts_up() {
        assert_eq!(likes::rel().arity(), 2);
        let facts = (0..1000).fold(Db::new(), |db, i| db.fact(likes::rel(), [i, i + 1]));
        let a = strings(run_all(|q| pldb::with_db(&facts, likes(500, q))));
        assert_eq!(a, ["501"]);
    }

    #[test]
    fn db_adds_to_a_base_and_leaves_it_as_it_was() {
        let base = db![[man 'Bob]];
        let more = db![base; [man 'Ann] [likes 'Ann {7}]];
        assert_eq!((base.len(man::rel()), more.len(man::rel())), (1, 2));
        let a = strings(run_all(|q| pldb::with_db(&more, likes(term!(Ann), q))));
        assert_eq!(a, ["7"]);
    }
}

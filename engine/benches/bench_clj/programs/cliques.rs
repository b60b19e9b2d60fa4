//! bench.clj's cliques: the cliques of a small graph held as facts (`pldb`).

use kanren::pldb::{self, Db, Rel};
use kanren::{defne, eq, fd, fresh, run_nc, run_nc_all, Answer, Answers, Goal, Term, Var};
use std::sync::LazyLock;

/// `(pldb/db-rel connected ^:index x ^:index y)`
static CONNECTED: LazyLock<Rel> = LazyLock::new(|| pldb::indexed_rel("connected", [true, true]));

/// The graph's edges, both ways.
///
/// ```clojure
/// (def connected-db
///   (pldb/db
///     [connected 1 2] [connected 1 5] [connected 2 1] [connected 2 3] [connected 2 5]
///     [connected 3 2] [connected 3 4] [connected 4 3] [connected 4 5] [connected 4 6]
///     [connected 5 1] [connected 5 2] [connected 5 4] [connected 6 4]))
/// ```
static CONNECTED_DB: LazyLock<Db> = LazyLock::new(|| {
    Db::new().facts(
        &CONNECTED,
        [
            [1, 2],
            [1, 5],
            [2, 1],
            [2, 3],
            [2, 5],
            [3, 2],
            [3, 4],
            [4, 3],
            [4, 5],
            [4, 6],
            [5, 1],
            [5, 2],
            [5, 4],
            [6, 4],
        ],
    )
});

/// `x` and `y` are connected.
pub fn connected(x: impl Into<Term>, y: impl Into<Term>) -> Goal {
    CONNECTED.call([x.into(), y.into()])
}

defne! {
    /// The vertex `v` is connected to all the vertices `vs`.
    ///
    /// ```clojure
    /// (defne connected-to-allo [v vs]
    ///   ([_ ()])
    ///   ([_ [vh . vr]]
    ///      (connected v vh)
    ///      (connected-to-allo v vr)))
    /// ```
    pub fn connected_to_allo(v, vs) {
        ([_ ()])
        ([_ [vh . vr]] connected(&v, vh), connected_to_allo(&v, vr))
    }
}

defne! {
    /// The vertices of `l` are a clique. `l` must be bounded for the search to end.
    ///
    /// ```clojure
    /// (defne all-connected-to-allo [l]
    ///   ([()])
    ///   ([[h . t]]
    ///      (connected-to-allo h t)
    ///      (all-connected-to-allo t)))
    /// ```
    pub fn all_connected_to_allo(l) {
        ([()])
        ([[h . t]] connected_to_allo(h, t), all_connected_to_allo(t))
    }
}

/// The query of bench.clj's comment, with `n` answers or all of them.
///
/// ```clojure
/// (pldb/with-db connected-db
///   (run-nc 20 [q]
///     (fresh [a b d]
///       (== q (llist a b d))
///       (fd/bounded-listo q 6)
///       (all-connected-to-allo q))))
/// ```
fn cliques(n: Option<usize>) -> Answers {
    let goal = |q: Var| {
        pldb::with_db(
            &CONNECTED_DB,
            fresh!(
                [a, b, d],
                eq(q, Term::list_with_tail([a, b], d)),
                fd::bounded_listo(q, 6),
                all_connected_to_allo(q)
            ),
        )
    };
    match n {
        Some(n) => run_nc(n, goal),
        None => run_nc_all(goal),
    }
}

/// `run-nc*`: every clique of two or more vertices.
pub fn cliques_all() -> Vec<Answer> {
    cliques(None).collect()
}

/// `run-nc 20`, the timed query.
pub fn cliques_20() -> Vec<Answer> {
    cliques(Some(20)).collect()
}

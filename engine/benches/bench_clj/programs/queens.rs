//! bench.clj's eight queens after Bratko (3rd ed.): relational (pg 103), with `project`, and
//! with FD constraints (pg 344). Both are in bench.clj's `comment` blocks.

use kanren::{
    conde, defne, eq, fd, fresh, membero, neq, project, run_all, run_nc_all, Answer, Term,
};

defne! {
    /// Every queen `[x y]` of `l` has a row `y` from 1 to 8 and attacks none after it.
    ///
    /// ```clojure
    /// (defne nqueenso [l]
    ///   ([()])
    ///   ([[[x y] . others]]
    ///      (nqueenso others)
    ///      (membero y [1 2 3 4 5 6 7 8])
    ///      (noattacko [x y] others)))
    /// ```
    pub fn nqueenso(l) {
        ([()])
        ([[[x y] . others]]
            nqueenso(others),
            membero(y, vec![1, 2, 3, 4, 5, 6, 7, 8]),
            noattacko([x, y], others))
    }
}

defne! {
    /// The queen `q` attacks none of `others`.
    ///
    /// ```clojure
    /// (defne noattacko [q others]
    ///   ([_ ()])
    ///   ([[x y] [[x1 y1] . r]]
    ///      (!= y y1)
    ///      (project [y y1 x x1]
    ///        (!= (- y1 y) (- x1 x))
    ///        (!= (- y1 y) (- x x1)))
    ///      (noattacko [x y] r)))
    /// ```
    pub fn noattacko(q, others) {
        ([_ ()])
        ([[x y] [[x1 y1] . r]]
            neq(y, y1),
            project!([y, y1, x, x1] =>
                neq(y1 - y, x1 - x),
                neq(y1 - y, x - x1)),
            noattacko([x, y], r))
    }
}

/// ```clojure
/// (defn solve-nqueens []
///   (run-nc* [q]
///     (fresh [y1 y2 y3 y4 y5 y6 y7 y8]
///       (== q [[1 y1] [2 y2] [3 y3] [4 y4] [5 y5] [6 y6] [7 y7] [8 y8]])
///       (nqueenso q))))
/// ```
pub fn solve_nqueens() -> kanren::Answers {
    run_nc_all(|q| {
        fresh!(
            [y1, y2, y3, y4, y5, y6, y7, y8],
            eq(
                q,
                vec![
                    Term::from((1, y1)),
                    (2, y2).into(),
                    (3, y3).into(),
                    (4, y4).into(),
                    (5, y5).into(),
                    (6, y6).into(),
                    (7, y7).into(),
                    (8, y8).into(),
                ]
            ),
            nqueenso(q)
        )
    })
}

/// `(take 1 (solve-nqueens))`
pub fn nqueens_1() -> Vec<Answer> {
    solve_nqueens().take(1).collect()
}

/// `(solve-nqueens)`: the 92 boards.
pub fn nqueens_all() -> Vec<Answer> {
    solve_nqueens().collect()
}

defne! {
    /// The queen in column `y` attacks none of the queens in columns `ys`, the first of which
    /// stands `d` rows away.
    ///
    /// ```clojure
    /// (defne noattackfd [y ys d]
    ///   ([_ () _])
    ///   ([y1 [y2 . yr] d]
    ///      (fresh [x nd]
    ///        (fd/in x nd (fd/interval 1 8))
    ///        (fd/!= d x)
    ///        (conde
    ///          [(fd/< y1 y2) (fd/+ y1 x y2)]
    ///          [(fd/< y2 y1) (fd/+ y2 x y1)])
    ///        (fd/+ d 1 nd)
    ///        (noattackfd y1 yr nd))))
    /// ```
    pub fn noattackfd(y, ys, d) {
        ([_ () _])
        ([y1 [y2 . yr] d]
            fresh!([x, nd],
                fd::in_([x, nd], fd::interval(1, 8)),
                fd::neq(&d, x),
                conde!(
                    [fd::lt(&y1, &y2), fd::plus(&y1, x, &y2)],
                    [fd::lt(&y2, &y1), fd::plus(&y2, x, &y1)]),
                fd::plus(&d, 1, nd),
                noattackfd(&y1, &yr, nd)))
    }
}

defne! {
    /// No queen of `l` attacks another (bench.clj's `safefd` of the FD queens; renamed, as
    /// the Oz puzzle below has that name too).
    ///
    /// ```clojure
    /// (defne safefd [l]
    ///   ([()])
    ///   ([[y . ys]]
    ///      (noattackfd y ys 1)
    ///      (safefd ys)))
    /// ```
    pub fn safefd_bratko(l) {
        ([()])
        ([[y . ys]] noattackfd(y, ys, 1), safefd_bratko(ys))
    }
}

/// ```clojure
/// (defn nqueensfd []
///   (run* [q]
///     (fresh [a b c d e f g h]
///       (fd/in a b c d e f g h (fd/interval 1 8))
///       (== q [a b c d e f g h])
///       (fd/distinct q)
///       (safefd q))))
/// ```
pub fn nqueensfd() -> Vec<Answer> {
    run_all(|q| {
        fresh(move |vars: [kanren::Var; 8]| {
            kanren::conj([
                fd::in_(vars, fd::interval(1, 8)),
                eq(q, vars.to_vec()),
                fd::distinct(q),
                safefd_bratko(q),
            ])
        })
    })
    .collect()
}

/// Two queens, all placements:
/// `(run* [q] (fresh [a b] (fd/in a b (fd/interval 1 8)) (== q [a b]) (safefd q)))`.
pub fn nqueensfd_2() -> Vec<Answer> {
    run_all(|q| {
        fresh!(
            [a, b],
            fd::in_([a, b], fd::interval(1, 8)),
            eq(q, vec![a, b]),
            safefd_bratko(q)
        )
    })
    .collect()
}

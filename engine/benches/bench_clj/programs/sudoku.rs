//! bench.clj's sudokus: a 4x4 one written out, and 9x9 puzzles given as hints (0 is an empty
//! cell), solved by `fd/distinct` over rows, columns and squares, labeled at reification.

use kanren::{all, eq, everyg, fd, run_nc, succeed, Answer, Goal, Term, Var};

/// The 4x4 sudoku with no hints.
///
/// ```clojure
/// (defn small-sudokufd []
///   (run-nc 1 [q]
///     (fresh [a1 a2 a3 a4 b1 b2 b3 b4 c1 c2 c3 c4 d1 d2 d3 d4]
///       (== q [[a1 a2 a3 a4] [b1 b2 b3 b4] [c1 c2 c3 c4] [d1 d2 d3 d4]])
///       (fd/in a1 a2 a3 a4 b1 b2 b3 b4 c1 c2 c3 c4 d1 d2 d3 d4 (fd/domain 1 2 3 4))
///       (let [row1 [a1 a2 a3 a4] row2 [b1 b2 b3 b4] row3 [c1 c2 c3 c4] row4 [d1 d2 d3 d4]
///             col1 [a1 b1 c1 d1] col2 [a2 b2 c2 d2] col3 [a3 b3 c3 d3] col4 [a4 b4 c4 d4]
///             sq1 [a1 a2 b1 b2] sq2 [a3 a4 b3 b4] sq3 [c1 c2 d1 d2] sq4 [c3 c4 d3 d4]]
///         (everyg fd/distinct
///            [row1 row2 row3 row4 col1 col2 col3 col4 sq1 sq2 sq3 sq4])))))
/// ```
pub fn small_sudokufd() -> Vec<Answer> {
    run_nc(1, |q| {
        kanren::fresh(move |v: [Var; 16]| {
            let [a1, a2, a3, a4, b1, b2, b3, b4, c1, c2, c3, c4, d1, d2, d3, d4] = v;
            let (row1, row2, row3, row4) = (
                [a1, a2, a3, a4],
                [b1, b2, b3, b4],
                [c1, c2, c3, c4],
                [d1, d2, d3, d4],
            );
            let (col1, col2, col3, col4) = (
                [a1, b1, c1, d1],
                [a2, b2, c2, d2],
                [a3, b3, c3, d3],
                [a4, b4, c4, d4],
            );
            let (sq1, sq2, sq3, sq4) = (
                [a1, a2, b1, b2],
                [a3, a4, b3, b4],
                [c1, c2, d1, d2],
                [c3, c4, d3, d4],
            );
            all([
                eq(
                    q,
                    vec![row1.to_vec(), row2.to_vec(), row3.to_vec(), row4.to_vec()],
                ),
                fd::in_(v, fd::domain([1, 2, 3, 4])),
                everyg(
                    fd::distinct,
                    [
                        row1, row2, row3, row4, col1, col2, col3, col4, sq1, sq2, sq3, sq4,
                    ],
                ),
            ])
        })
    })
    .collect()
}

/// `(init vars hints)`: each variable whose hint is not 0 is that hint.
///
/// ```clojure
/// (defn init [vars hints]
///   (if (seq vars)
///     (let [hint (first hints)]
///       (all
///        (if-not (zero? hint)
///          (== (first vars) hint)
///          succeed)
///        (init (next vars) (next hints))))
///     succeed))
/// ```
pub fn init(vars: &[Var], hints: &[i64]) -> Goal {
    match (vars.split_first(), hints.split_first()) {
        (Some((v, vars)), Some((&hint, hints))) => all([
            if hint != 0 { eq(*v, hint) } else { succeed() },
            init(vars, hints),
        ]),
        _ => succeed(),
    }
}

/// The groups of a 9x9 grid: rows, columns and squares.
///
/// ```clojure
/// (defn ->rows [xs] (->> xs (partition 9) (map vec) (into [])))
/// (defn ->cols [rows] (apply map vector rows))
/// (defn get-square [rows x y]
///   (for [x (range x (+ x 3)) y (range y (+ y 3))] (get-in rows [x y])))
/// (defn ->squares [rows]
///   (for [x (range 0 9 3) y (range 0 9 3)] (get-square rows x y)))
/// ```
pub fn groups(vars: &[Var]) -> [Vec<Vec<Var>>; 3] {
    let rows: Vec<Vec<Var>> = vars.chunks(9).map(<[Var]>::to_vec).collect();
    let cols = (0..9)
        .map(|j| rows.iter().map(|r| r[j]).collect())
        .collect();
    let square = |x: usize, y: usize| -> Vec<Var> {
        (x..x + 3)
            .flat_map(|x| (y..y + 3).map(move |y| (x, y)))
            .map(|(x, y)| rows[x][y])
            .collect()
    };
    let sqs = (0..9)
        .step_by(3)
        .flat_map(|x| (0..9).step_by(3).map(move |y| (x, y)));
    let sqs = sqs.map(|(x, y)| square(x, y)).collect();
    [rows.clone(), cols, sqs]
}

/// The first solution of the puzzle `hints`.
///
/// ```clojure
/// (defn sudokufd [hints]
///   (let [vars (repeatedly 81 lvar)
///         rows (->rows vars)
///         cols (->cols rows)
///         sqs  (->squares rows)]
///     (run-nc 1 [q]
///       (== q vars)
///       (everyg #(fd/in % (fd/domain 1 2 3 4 5 6 7 8 9)) vars)
///       (init vars hints)
///       (everyg fd/distinct rows)
///       (everyg fd/distinct cols)
///       (everyg fd/distinct sqs))))
/// ```
pub fn sudokufd(hints: &[i64; 81]) -> Vec<Answer> {
    let vars: Vec<Var> = (0..81).map(|_| Var::fresh()).collect();
    let [rows, cols, sqs] = groups(&vars);
    let hints = *hints;
    run_nc(1, move |q| {
        all([
            eq(q, Term::list(vars.clone())),
            everyg(|v| fd::in_(v, fd::domain(1..=9)), vars.clone()),
            init(&vars, &hints),
            everyg(fd::distinct, rows),
            everyg(fd::distinct, cols),
            everyg(fd::distinct, sqs),
        ])
    })
    .collect()
}

/// The puzzles of bench.clj, by name.
pub const EASY0: [i64; 81] = [
    0, 0, 3, 0, 2, 0, 6, 0, 0, 9, 0, 0, 3, 0, 5, 0, 0, 1, 0, 0, 1, 8, 0, 6, 4, 0, 0, //
    0, 0, 8, 1, 0, 2, 9, 0, 0, 7, 0, 0, 0, 0, 0, 0, 0, 8, 0, 0, 6, 7, 0, 8, 2, 0, 0, //
    0, 0, 2, 6, 0, 9, 5, 0, 0, 8, 0, 0, 2, 0, 3, 0, 0, 9, 0, 0, 5, 0, 1, 0, 3, 0, 0, //
];
/// bench.clj's `easy1`.
pub const EASY1: [i64; 81] = [
    2, 0, 0, 0, 8, 0, 3, 0, 0, 0, 6, 0, 0, 7, 0, 0, 8, 4, 0, 3, 0, 5, 0, 0, 2, 0, 9, //
    0, 0, 0, 1, 0, 5, 4, 0, 8, 0, 0, 0, 0, 0, 0, 0, 0, 0, 4, 0, 2, 7, 0, 6, 0, 0, 0, //
    3, 0, 1, 0, 0, 7, 0, 4, 0, 7, 2, 0, 0, 4, 0, 0, 6, 0, 0, 0, 4, 0, 1, 0, 0, 0, 3, //
];
/// bench.clj's `hard0`, "Hardest Norvig Random".
pub const HARD0: [i64; 81] = [
    0, 0, 0, 0, 0, 6, 0, 0, 0, 0, 5, 9, 0, 0, 0, 0, 0, 8, 2, 0, 0, 0, 0, 8, 0, 0, 0, //
    0, 4, 5, 0, 0, 0, 0, 0, 0, 0, 0, 3, 0, 0, 0, 0, 0, 0, 0, 0, 6, 0, 0, 3, 0, 5, 4, //
    0, 0, 0, 3, 2, 5, 0, 0, 6, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, //
];
/// bench.clj's `hard1`, from the Gecode test suite.
pub const HARD1: [i64; 81] = [
    0, 0, 0, 0, 0, 3, 0, 6, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 9, 7, 5, 0, 0, 0, 8, 0, //
    0, 0, 0, 0, 9, 0, 2, 0, 0, 0, 0, 8, 0, 7, 0, 4, 0, 0, 0, 0, 3, 0, 6, 0, 0, 0, 0, //
    0, 1, 0, 0, 0, 2, 8, 9, 0, 0, 4, 0, 0, 0, 0, 0, 0, 0, 0, 5, 0, 1, 0, 0, 0, 0, 0, //
];
/// bench.clj's `hard2`, from Wikipedia.
pub const HARD2: [i64; 81] = [
    1, 2, 0, 4, 0, 0, 3, 0, 0, 3, 0, 0, 0, 1, 0, 0, 5, 0, 0, 0, 6, 0, 0, 0, 1, 0, 0, //
    7, 0, 0, 0, 9, 0, 0, 0, 0, 0, 4, 0, 6, 0, 3, 0, 0, 0, 0, 0, 3, 0, 0, 2, 0, 0, 0, //
    5, 0, 0, 0, 8, 0, 7, 0, 0, 0, 0, 7, 0, 0, 0, 0, 0, 5, 0, 0, 0, 0, 0, 0, 0, 9, 8, //
];
/// bench.clj's `ciao`.
pub const CIAO: [i64; 81] = [
    0, 4, 3, 0, 8, 0, 2, 5, 0, 6, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 9, 4, //
    9, 0, 0, 0, 0, 4, 0, 7, 0, 0, 0, 0, 6, 0, 8, 0, 0, 0, 0, 1, 0, 2, 0, 0, 0, 0, 3, //
    8, 2, 0, 5, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 5, 0, 3, 4, 0, 9, 0, 7, 1, 0, //
];
/// bench.clj's `jacop`.
pub const JACOP: [i64; 81] = [
    0, 1, 0, 4, 2, 0, 0, 0, 5, 0, 0, 2, 0, 7, 1, 0, 3, 9, 0, 0, 0, 0, 0, 0, 0, 4, 0, //
    2, 0, 7, 1, 0, 0, 0, 0, 6, 0, 0, 0, 0, 4, 0, 0, 0, 0, 6, 0, 0, 0, 0, 7, 4, 0, 3, //
    0, 7, 0, 0, 0, 0, 0, 0, 0, 1, 2, 0, 7, 3, 0, 5, 0, 0, 3, 0, 0, 0, 8, 2, 0, 7, 0, //
];

/// `(sudokufd easy0)`
pub fn easy0() -> Vec<Answer> {
    sudokufd(&EASY0)
}
/// `(sudokufd easy1)`
pub fn easy1() -> Vec<Answer> {
    sudokufd(&EASY1)
}
/// `(sudokufd hard0)`
pub fn hard0() -> Vec<Answer> {
    sudokufd(&HARD0)
}
/// `(sudokufd hard1)`
pub fn hard1() -> Vec<Answer> {
    sudokufd(&HARD1)
}
/// `(sudokufd hard2)`
pub fn hard2() -> Vec<Answer> {
    sudokufd(&HARD2)
}
/// `(sudokufd ciao)`
pub fn ciao() -> Vec<Answer> {
    sudokufd(&CIAO)
}
/// `(sudokufd jacop)`
pub fn jacop() -> Vec<Answer> {
    sudokufd(&JACOP)
}

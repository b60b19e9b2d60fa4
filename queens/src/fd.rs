//! The first post's FD model (`queens-logic`) as a kanren program, with labeling choices, pins and symmetry breaking.
//!
//! One FD variable per row, its value the column: every variable in `0..n-1`, all distinct,
//! and for every pair of rows `i < j` at distance `d = j - i` the two diagonal disequalities
//! `cj != ci + d` and `ci != cj + d`. [`queens_logic`] is the post's program line for line;
//! [`solutions`] is the same model with the extras of an [`FdQuery`]: a labeling order, pinned
//! queens ("a queen on a1" is one more goal) and symmetry breaking written as FD constraints.
//!
//! ```
//! use queens::fd::{count, queens_logic, FdQuery};
//! assert_eq!(queens_logic(8).next(), Some(vec![1, 3, 5, 7, 2, 0, 6, 4]));
//! let a1 = FdQuery { fixes: vec![(0, 0)], ..FdQuery::default() };
//! assert_eq!(count(8, &a1), 4);
//! ```

use kanren::{
    and_star, conj, eq, everyg, fd, fd_eq, run_all, succeed, Answer, Answers, Goal, Term, Var,
};

/// How the column variables get their values (the CLI's `--labeling core|leftmost|ff`).
///
/// ```
/// assert_eq!(queens::fd::Labeling::default(), queens::fd::Labeling::Core);
/// assert_eq!(queens::fd::Labeling::FirstFail.name(), "ff");
/// ```
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, clap::ValueEnum)]
pub enum Labeling {
    /// No labeling goal: the variables still holding domains are labeled when the answer is
    /// reified, in core.logic's order (its `force-ans`). The first 8-queens answer is
    /// `(1 3 5 7 2 0 6 4)`, as in the post.
    #[default]
    Core,
    /// `fd::label(cols, Labeling::LEFTMOST)`: depth first, rows top to bottom, columns
    /// ascending, so the answers come in lexicographic order.
    Leftmost,
    /// `fd::label(cols, Labeling::FF)`: the row with the smallest domain next, columns from
    /// the middle out. Finds one board of a large size (n = 1000) where the others cannot.
    #[value(name = "ff")]
    FirstFail,
}

impl Labeling {
    /// The labeling's `--labeling` name.
    ///
    /// ```
    /// assert_eq!(queens::fd::Labeling::Leftmost.name(), "leftmost");
    /// ```
    pub fn name(self) -> &'static str {
        match self {
            Labeling::Core => "core",
            Labeling::Leftmost => "leftmost",
            Labeling::FirstFail => "ff",
        }
    }
}

/// What to ask of the FD model besides the plain N-queens constraints.
///
/// ```
/// use queens::fd::{FdQuery, Labeling};
/// let q = FdQuery::default();
/// assert_eq!((q.labeling, q.fixes.len(), q.break_symmetry), (Labeling::Core, 0, false));
/// assert!(!q.depth_first);
/// ```
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash)]
pub struct FdQuery {
    /// The labeling order.
    pub labeling: Labeling,
    /// Pinned queens as `(row, column)`, 0-based, each one more goal
    /// `eq(cols[row], column)`: `(0, 0)` is "a queen on a1", core.logic's
    /// `(l/== (first colvars) 0)`.
    pub fixes: Vec<(usize, usize)>,
    /// Add the constraints of [`break_symmetry`]: at least one board of every class of
    /// boards equal under rotation and reflection is kept, about three quarters of the
    /// others are cut. Pins are
    /// applied to the kept boards, so with both a class may be lost whose kept board
    /// misses a pin even though another of its boards has it.
    pub break_symmetry: bool,
    /// Search depth-first ([`kanren::Answers::depth_first`]) rather than in core.logic's
    /// interleaved order: the same boards, in another order, found with less bookkeeping.
    /// For counting.
    pub depth_first: bool,
}

/// The first post's `queens-logic`: all solutions of the `n`×`n` board in core.logic's order,
/// lazily.
///
/// ```clojure
/// (defn queens-logic [n]
///   (let [colvars (map (fn [i] (l/lvar (str "col-" i))) (range n))]
///     (l/run* [q]
///       (everyg (fn [lv] (fd/in lv (fd/interval (dec n)))) colvars)
///       (fd/distinct colvars)
///       (and* (for [i (range n) j (range (inc i) n)
///                   :let [d (- j i) ci (nth colvars i) cj (nth colvars j)]]
///               (fresh [] (fd/eq (!= cj (+ ci d))) (fd/eq (!= ci (+ cj d))))))
///       (l/== q colvars))))
/// ```
///
/// ```
/// let first: Vec<Vec<usize>> = queens::fd::queens_logic(8).take(3).collect();
/// // core.logic 1.1.1's first three
/// assert_eq!(first, [[1, 3, 5, 7, 2, 0, 6, 4], [2, 4, 1, 7, 0, 6, 3, 5], [1, 5, 0, 6, 3, 7, 2, 4]]);
/// assert_eq!(queens::fd::queens_logic(6).count(), 4);
/// ```
pub fn queens_logic(n: usize) -> impl Iterator<Item = Vec<usize>> + Send {
    solutions(n, &FdQuery::default())
}

/// The first post's constraints on the column variables `colvars` (one per row): every
/// column in `0..n`, all distinct, and no two queens on a diagonal. The body of
/// `queens-logic` without its `run*`, for programs that add goals of their own.
///
/// ```
/// use kanren::{conj, eq, run, Term, Var};
/// let cols: Vec<Var> = (0..8).map(|_| Var::fresh()).collect();
/// let first = run(1, |q| conj([queens::fd::model(&cols), eq(q, Term::list(cols.clone()))]));
/// assert_eq!(first.map(|a| a.to_string()).collect::<Vec<_>>(), ["(1 3 5 7 2 0 6 4)"]);
/// ```
pub fn model(colvars: &[Var]) -> Goal {
    let n = colvars.len();
    let colvars = colvars.to_vec();
    conj([
        everyg(
            |lv| fd::in_(lv, fd::interval_to(n as i64 - 1)),
            colvars.clone(),
        ),
        fd::distinct(&colvars),
        and_star(
            (0..n)
                .flat_map(|i| (i + 1..n).map(move |j| (i, j)))
                .map(|(i, j)| {
                    let (d, ci, cj) = (j - i, colvars[i], colvars[j]);
                    conj([fd_eq!(cj != ci + d), fd_eq!(ci != cj + d)])
                }),
        ),
    ])
}

/// The solutions of the `n`×`n` board asked for by `q`, lazily: taking one answer does only
/// the search for one. `n = 0` has one solution, the empty board.
///
/// # Panics
///
/// If a pin of `q.fixes` lies outside the board.
///
/// ```
/// use queens::fd::{solutions, FdQuery, Labeling};
/// let leftmost = FdQuery { labeling: Labeling::Leftmost, ..FdQuery::default() };
/// assert_eq!(solutions(8, &leftmost).next(), Some(vec![0, 4, 7, 5, 2, 6, 1, 3]));
/// let ff = FdQuery { labeling: Labeling::FirstFail, ..FdQuery::default() };
/// let board = solutions(60, &ff).next().unwrap();
/// assert!(queens::valid_solution(&board));
/// ```
pub fn solutions(n: usize, q: &FdQuery) -> impl Iterator<Item = Vec<usize>> + Send {
    solutions_with(n, q, |_| succeed())
}

/// [`solutions`] with one more goal of your own over the column variables, posted after the
/// model and the query's pins and symmetry breaking, before its labeling.
///
/// # Panics
///
/// If a pin of `q.fixes` lies outside the board.
///
/// ```
/// use queens::fd::{solutions_with, FdQuery};
/// // The queen of the last row in the middle half of the board.
/// let boards = solutions_with(8, &FdQuery::default(), |cols| kanren::fd_eq!(cols[7] >= 2, cols[7] <= 5));
/// assert_eq!(boards.count(), 68);
/// ```
pub fn solutions_with(
    n: usize,
    q: &FdQuery,
    extra: impl FnOnce(&[Var]) -> Goal,
) -> impl Iterator<Item = Vec<usize>> + Send {
    answers_with(n, q, extra).map(|answer| columns(&answer))
}

/// The engine's query behind [`solutions_with`], each answer the list of columns (read a
/// board with [`board`]): for choosing how to search it, e.g. on several threads
/// ([`Answers::parallel`](kanren::Answers::parallel)).
///
/// # Panics
///
/// If a pin of `q.fixes` lies outside the board.
///
/// ```
/// use queens::fd::{answers_with, FdQuery};
/// let q = FdQuery { depth_first: true, ..FdQuery::default() };
/// assert_eq!(answers_with(8, &q, |_| kanren::succeed()).parallel(2).count(), 92);
/// ```
pub fn answers_with(n: usize, q: &FdQuery, extra: impl FnOnce(&[Var]) -> Goal) -> Answers {
    for &(row, col) in &q.fixes {
        assert!(
            row < n && col < n,
            "fix ({row}, {col}) lies outside the {n}x{n} board"
        );
    }
    let colvars: Vec<Var> = (0..n).map(|_| Var::fresh()).collect();
    let extras = conj([
        and_star(q.fixes.iter().map(|&(row, col)| eq(colvars[row], col))),
        if q.break_symmetry {
            break_symmetry(&colvars)
        } else {
            succeed()
        },
        extra(&colvars),
        match q.labeling {
            Labeling::Core => succeed(),
            Labeling::Leftmost => fd::label(&colvars, fd::Labeling::LEFTMOST),
            Labeling::FirstFail => fd::label(&colvars, fd::Labeling::FF),
        },
    ]);
    let answers =
        run_all(move |q| conj([model(&colvars), extras, eq(q, Term::list(colvars.clone()))]));
    if q.depth_first {
        answers.depth_first()
    } else {
        answers
    }
}

/// The board of an answer of [`answers_with`]: the list of its columns, row by row.
///
/// ```
/// let q = queens::fd::FdQuery::default();
/// let first = queens::fd::answers_with(4, &q, |_| kanren::succeed()).next().unwrap();
/// assert_eq!(queens::fd::board(&first), [1, 3, 0, 2]);
/// ```
pub fn board(answer: &Answer) -> Vec<usize> {
    columns(answer)
}

/// The board of an answer that is the list of its columns, row by row.
fn columns(answer: &Answer) -> Vec<usize> {
    let cols = answer
        .value()
        .to_ints()
        .expect("a solution is a list of columns");
    cols.into_iter()
        .map(|c| usize::try_from(c).expect("columns are in 0..n"))
        .collect()
}

/// The number of solutions [`solutions`]`(n, q)` yields.
///
/// ```
/// use queens::fd::{count, FdQuery};
/// assert_eq!(count(8, &FdQuery::default()), 92);
/// let broken = FdQuery { break_symmetry: true, ..FdQuery::default() };
/// assert_eq!(count(8, &broken), 27); // of 92, covering all 12 classes
/// ```
pub fn count(n: usize, q: &FdQuery) -> u64 {
    solutions(n, q).count() as u64
}

/// Symmetry breaking as FD constraints on the columns `cols` of one board: the queen of the
/// top row is in the left half, and no farther from its nearest corner than the queen of the
/// bottom row is from its nearest corner. With `m = n - 1`:
///
/// ```text
/// c0 in 0..m/2                  left half: the left-right mirror starts with m - c0
/// c0 <= cm, c0 + cm <= m        the top-bottom mirror starts with cm, the half turn with m - cm
/// ```
///
/// Why no class is lost: the left-right and top-bottom mirrors and the half turn map the top
/// row onto the top or the bottom row, read from either end, so the first entries of a
/// board's four images under them are `c0`, `m - c0`, `cm`, `m - cm`. The image with the
/// smallest first entry is a solution and satisfies all three constraints. The rotations by a
/// quarter turn and the diagonal mirrors are not broken (see [`break_symmetry_edges`]), so up
/// to two boards of a class remain, a few more where images tie.
///
/// ```
/// use queens::fd::{count, FdQuery};
/// let broken = FdQuery { break_symmetry: true, ..FdQuery::default() };
/// assert_eq!(count(4, &broken), 1); // [1, 3, 0, 2]; its mirror starts in the right half
/// assert_eq!(count(8, &broken), 27); // of 92, covering all 12 classes
/// ```
pub fn break_symmetry(cols: &[Var]) -> Goal {
    let Some((&c0, &cm)) = cols.first().zip(cols.last()) else {
        return succeed();
    };
    let m = cols.len() - 1;
    conj([
        fd::dom(c0, fd::interval_to(m as i64 / 2)),
        fd_eq!(c0 <= cm, c0 + cm <= m),
    ])
}

/// [`break_symmetry`] and the two remaining edges: the queen of the top row is no farther from
/// its nearest corner than the queens of the left and right columns are from theirs. The
/// eight symmetries map the top edge onto the four edges in both directions, so the board of
/// a class with the smallest first entry satisfies all of these; only ties keep more than one
/// board of a class.
///
/// With `e(r) = min(r, m - r)` the distance of row `r` from its nearest end, the queen of the
/// left column in row `r` (`cr = 0`) needs `c0 <= e(r)`, and so does the right column's
/// (`cr = m`). Both implications are linear with the factor `n` (`n * cr` is 0 exactly when
/// `cr` is 0, else at least `n > c0`), through explicit products `w = n * cr` and
/// `v = n * (m - cr)`: `c0 <= w + e(r)` and `c0 <= v + e(r)`. Bounds propagation removes
/// column 0 or `m` from row `r` as soon as `c0 > e(r)`.
///
/// Measured (docs/performance.md): it cuts 8-queens from 27 to 18 boards, but its
/// `4 (n - 1)` extra propagators wake on every narrowing and cost more than the smaller
/// search saves, so [`FdQuery::break_symmetry`] uses [`break_symmetry`] alone.
///
/// ```
/// use kanren::{conj, eq, everyg, fd, run_all, Term, Var};
/// // Among the 4-element permutations, only those with the top entry nearest a corner.
/// let cols: Vec<Var> = (0..4).map(|_| Var::fresh()).collect();
/// let mut boards: Vec<String> = run_all(|q| conj([
///     everyg(|c| fd::in_(c, fd::interval_to(3)), cols.clone()),
///     fd::distinct(&cols),
///     queens::fd::break_symmetry_edges(&cols),
///     eq(q, Term::list(cols.clone())),
/// ])).map(|a| a.to_string()).collect();
/// boards.sort();
/// assert_eq!(boards, ["(0 1 2 3)", "(0 1 3 2)", "(0 2 1 3)", "(0 2 3 1)", "(0 3 1 2)",
///                     "(0 3 2 1)", "(1 0 3 2)", "(1 3 0 2)"]);
/// ```
pub fn break_symmetry_edges(cols: &[Var]) -> Goal {
    let (n, m) = (cols.len(), cols.len().saturating_sub(1));
    let Some(&c0) = cols.first() else {
        return succeed();
    };
    conj([
        break_symmetry(cols),
        and_star(cols.iter().enumerate().skip(1).map(|(r, &cr)| {
            let e = r.min(m - r);
            let (w, u, v) = (Var::fresh(), Var::fresh(), Var::fresh());
            conj([
                fd::times(n, cr, w),
                fd_eq!(c0 <= w + e),
                fd::plus(cr, u, m),
                fd::times(n, u, v),
                fd_eq!(c0 <= v + e),
            ])
        })),
    ])
}

#[cfg(test)]
mod tests;

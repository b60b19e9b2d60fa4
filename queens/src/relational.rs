//! The second blog post's relational N-queens: `safeo` and `nqueenso` with `defne!`, `neq`,
//! `project!` and `membero`, read line for line from the Clojure.
//!
//! A board is the list `([x0 0] [x1 1] ... [x(n-1) n-1])`: queen `y` stands in row `y` and
//! column `x`. `nqueenso` places the queens of the tail first, then picks a column for the
//! head with `membero` and checks it with `safeo` against the queens already placed, so every
//! `project` sees integers.
//!
//! ```clojure
//! (defne safeo [q others]
//!   ([_ ()])
//!   ([[x1 y1] [[x2 y2] . t]]
//!      (!= x1 x2)
//!      (!= y1 y2)
//!      (project [x1 x2 y1 y2]
//!        (!= (- x2 x1) (- y2 y1))
//!        (!= (- x1 y2) (- x2 y1)))
//!      (safeo [x1 y1] t)))
//!
//! (defne nqueenso [l n]
//!   ([() _])
//!   ([[[x y] . t] _]
//!      (nqueenso t n)
//!      (membero x (range n))
//!      (safeo [x y] t)))
//!
//! (defn solve-nqueens [n]
//!   (run* [q]
//!     (== q (map vector (repeatedly lvar) (range n)))
//!     (nqueenso q n)))
//! ```

use kanren::{conj, defne, eq, membero, neq, project, run_all, Answers, Term, Var};

defne! {
    /// The queen `q` (`[x y]`) is safe from every queen in the list `others`: no shared
    /// column, row or diagonal.
    ///
    /// ```
    /// use kanren::{list, run_all};
    /// use queens::relational::safeo;
    /// assert_eq!(run_all(|_q| safeo([2, 3], list![[0, 0], [3, 1]])).count(), 1);
    /// assert_eq!(run_all(|_q| safeo([2, 2], list![[0, 0], [3, 1]])).count(), 0);
    /// ```
    pub fn safeo(q, others) {
        ([_ ()])
        ([[x1 y1] [[x2 y2] . t]]
            neq(x1, x2),
            neq(y1, y2),
            project!([x1, x2, y1, y2] =>
                neq(x2 - x1, y2 - y1),
                neq(x1 - y2, x2 - y1)),
            safeo([x1, y1], t))
    }
}

defne! {
    /// Every queen of the list `l` (of `[x y]` with `y` given) has a column `x` in
    /// `0..n` and is safe from the queens after it.
    ///
    /// ```
    /// use kanren::{fresh, list, run_all};
    /// use queens::relational::nqueenso;
    /// // Two queens on a 2x2 board always attack each other; on 4x4 they have six placements.
    /// assert_eq!(run_all(|_q| fresh!([a, b], nqueenso(list![(a, 0), (b, 1)], 2))).count(), 0);
    /// assert_eq!(run_all(|_q| fresh!([a, b], nqueenso(list![(a, 0), (b, 1)], 4))).count(), 6);
    /// ```
    pub fn nqueenso(l, n) {
        ([() _])
        ([[[x y] . t] _]
            nqueenso(t, &n),
            membero(x, range(&n)),
            safeo([x, y], t))
    }
}

/// `(range n)`: the list `(0 1 ... n-1)`.
fn range(n: &Term) -> Term {
    let n = n
        .as_int()
        .expect("nqueenso: the board size n must be an integer");
    Term::list(0..n)
}

/// The boards of the N-queens problem, lazily, in core.logic's order: `board[row]` is the
/// column of that row's queen. The post's `solve-nqueens`.
///
/// ```
/// let first = queens::relational::solve_nqueens(4).next().unwrap();
/// assert_eq!(first.len(), 4);
/// assert_eq!(queens::relational::solve_nqueens(4).count(), 2);
/// ```
pub fn solve_nqueens(n: usize) -> impl Iterator<Item = Vec<usize>> {
    nqueens_answers(n).map(|answer| columns(answer.value()))
}

/// `solve-nqueens` as the engine's iterator of answers, each a solved board
/// `([x0 0] [x1 1] ...)`: for choosing how to search ([`Answers::depth_first`]) before
/// reading the boards with [`columns`].
///
/// ```
/// use queens::relational::{columns, nqueens_answers};
/// let boards: Vec<Vec<usize>> =
///     nqueens_answers(4).depth_first().map(|a| columns(a.value())).collect();
/// assert_eq!(boards, [[2, 0, 3, 1], [1, 3, 0, 2]]);
/// ```
pub fn nqueens_answers(n: usize) -> Answers {
    run_all(move |q| {
        let board = Term::list((0..n).map(|y| Term::from((Var::fresh(), y))));
        conj([eq(q, board), nqueenso(q, n)])
    })
}

/// The columns, row by row, of a solved board `([x0 0] [x1 1] ...)`.
///
/// ```
/// use kanren::list;
/// assert_eq!(queens::relational::columns(&list![[1, 0], [3, 1], [0, 2], [2, 3]]), [1, 3, 0, 2]);
/// ```
pub fn columns(board: &Term) -> Vec<usize> {
    let queens = board.to_vec().expect("a solved board is a proper list");
    let mut cols = vec![0; queens.len()];
    for q in queens {
        let xy = q.to_ints().expect("a solved queen is [x y] of integers");
        cols[xy[1] as usize] = xy[0] as usize;
    }
    cols
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_match_the_known_sequence() {
        let counts: Vec<usize> = (1..=7).map(|n| solve_nqueens(n).count()).collect();
        assert_eq!(counts, [1, 0, 0, 2, 10, 4, 40]);
    }

    #[test]
    fn eight_queens_has_92_valid_boards() {
        let boards: Vec<Vec<usize>> = solve_nqueens(8).collect();
        assert_eq!(boards.len(), 92);
        for b in &boards {
            for (r1, &c1) in b.iter().enumerate() {
                for (r2, &c2) in b.iter().enumerate().skip(r1 + 1) {
                    assert_ne!(c1, c2);
                    assert_ne!(r2 - r1, c1.abs_diff(c2));
                }
            }
        }
        let distinct: std::collections::HashSet<_> = boards.iter().collect();
        assert_eq!(distinct.len(), 92);
    }

    #[test]
    #[should_panic(expected = "nqueenso: the board size n must be an integer")]
    fn a_non_integer_size_is_a_loud_mistake() {
        let _ = run_all(|q| nqueenso(kanren::list![[Term::from(q), 0.into()]], "eight")).count();
    }
}

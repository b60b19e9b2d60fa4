//! The third post's Haskell list model (`new_board`, `trans_board`, `queens_rec`), as lazy iterators.
//!
//! Haskell builds the list of all valid partial boards of `g + 1` rows from the list for `g`
//! rows, and laziness keeps those lists from ever being held in memory whole. Here each stage
//! is a `flat_map` over the previous stage's iterator, so the pipeline pulls one partial
//! board at a time through all stages: memory is O(n²) (one partial board per stage), and
//! the first solution arrives without finishing any stage.
//!
//! The naming follows the post: `g` is the row being filled (the post calls rows
//! "verticals"), `p` or `x` a candidate column, `size` the board size.

/// The post's `valid_pos p g board`: may a queen go in column `p` of row `g` below `board`?
///
/// `board[i]` is the column of row `i`. The post's three checks:
/// `p` is not in `board` (column), `p + g` is not in `[x + i]` and `p - g` is not in `[x - i]`
/// (the two diagonals; computed in `i64` since the differences can be negative).
///
/// ```
/// use queens::list_model::valid_pos;
/// assert!(valid_pos(4, 2, &[0, 2]));
/// assert!(!valid_pos(2, 2, &[0, 2])); // same column as row 1
/// assert!(!valid_pos(3, 2, &[0, 2])); // diagonal of row 1
/// assert!(!valid_pos(2, 2, &[0, 5])); // diagonal of row 0
/// ```
pub fn valid_pos(p: usize, g: usize, board: &[usize]) -> bool {
    let (p, g) = (p as i64, g as i64);
    board.iter().enumerate().all(|(i, &x)| {
        let (x, i) = (x as i64, i as i64);
        x != p && x + i != p + g && x - i != p - g
    })
}

/// The post's `new_board g size board`: `board` extended by every valid column for row `g`.
///
/// `new_board g size board = [board ++ [x] | x <- [0..(size-1)], valid_pos x g board]`,
/// in increasing column order. `board` may be a `Vec`, an array or a slice.
///
/// ```
/// use queens::list_model::new_board;
/// let boards: Vec<Vec<usize>> = new_board(2, 8, [0, 2]).collect();
/// assert_eq!(boards, [[0, 2, 4], [0, 2, 5], [0, 2, 6], [0, 2, 7]]);
/// ```
pub fn new_board(
    g: usize,
    size: usize,
    board: impl Into<Vec<usize>>,
) -> impl Iterator<Item = Vec<usize>> {
    let board = board.into();
    (0..size).filter_map(move |x| {
        if !valid_pos(x, g, &board) {
            return None;
        }
        let mut extended = Vec::with_capacity(board.len() + 1);
        extended.extend_from_slice(&board);
        extended.push(x);
        Some(extended)
    })
}

/// The post's `trans_board g size boards_list`: every board of the list extended at row `g`.
///
/// `trans_board g size boards_list = add_board [new_board g size x | x <- boards_list]`;
/// `add_board` (concatenation) is the flattening of `flat_map`.
///
/// ```
/// use queens::list_model::trans_board;
/// let boards: Vec<Vec<usize>> = trans_board(1, 4, vec![vec![0], vec![1], vec![2], vec![3]]).collect();
/// assert_eq!(boards, [[0, 2], [0, 3], [1, 3], [2, 0], [3, 0], [3, 1]]);
/// ```
pub fn trans_board<I>(g: usize, size: usize, boards: I) -> impl Iterator<Item = Vec<usize>>
where
    I: IntoIterator<Item = Vec<usize>>,
{
    boards
        .into_iter()
        .flat_map(move |board| new_board(g, size, board))
}

/// A boxed stream of boards: the pipeline's type once stages are stacked at run time.
pub type Boards = Box<dyn Iterator<Item = Vec<usize>>>;

/// The post's `queens_rec g size pos_list`: extend the boards of `pos_list` (rows `0..g`
/// filled) row by row up to `size`.
///
/// ```haskell
/// queens_rec g size pos_list =
///     if g == size then pos_list
///     else queens_rec (g+1) size (trans_board g size pos_list)
/// ```
///
/// The tail recursion is a loop that stacks one boxed `trans_board` stage per row; nothing
/// is searched until the result is iterated. For `g > size` the boards are returned as they
/// are (the post would recurse forever).
///
/// ```
/// use queens::list_model::queens_rec;
/// let from_row_2 = queens_rec(2, 4, Box::new(vec![vec![0, 2], vec![1, 3]].into_iter()));
/// assert_eq!(from_row_2.collect::<Vec<_>>(), [[1, 3, 0, 2]]);
/// ```
pub fn queens_rec(g: usize, size: usize, pos_list: Boards) -> Boards {
    (g..size).fold(pos_list, |boards, row| {
        Box::new(trans_board(row, size, boards))
    })
}

/// The post's `queens board_size`: every solution, lazily, in lexicographic order.
///
/// `queens board_size = queens_rec 1 board_size (new_board 0 board_size [])`.
///
/// DIVERGENCE: for `size == 0` the post's `queens_rec` never reaches `g == size` and does
/// not terminate; we yield the one empty board, like the other models of this crate.
///
/// Each `next` goes through one stage per row, so this model suits boards of tens of rows,
/// not thousands.
///
/// ```
/// use queens::list_model::queens;
/// assert_eq!(queens(4).collect::<Vec<_>>(), [[1, 3, 0, 2], [2, 0, 3, 1]]);
/// assert_eq!(queens(8).count(), 92);
/// ```
pub fn queens(size: usize) -> Boards {
    if size == 0 {
        return Box::new(std::iter::once(Vec::new()));
    }
    queens_rec(1, size, Box::new(new_board(0, size, Vec::new())))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::backtrack::find_all_solutions;
    use crate::board::valid_solution;

    #[test]
    fn the_posts_examples() {
        let b: Vec<Vec<usize>> = new_board(2, 8, &[0, 2][..]).collect();
        assert_eq!(b, [[0, 2, 4], [0, 2, 5], [0, 2, 6], [0, 2, 7]]);
        let t: Vec<Vec<usize>> =
            trans_board(1, 4, vec![vec![0], vec![1], vec![2], vec![3]]).collect();
        assert_eq!(t, [[0, 2], [0, 3], [1, 3], [2, 0], [3, 0], [3, 1]]);
        assert_eq!(queens(4).collect::<Vec<_>>(), [[1, 3, 0, 2], [2, 0, 3, 1]]);
        assert_eq!(queens(8).count(), 92);
    }

    #[test]
    fn the_posts_4x4_stages() {
        // The post's table of partial boards for a 4x4 board after each row.
        let stage = |rows: usize| -> Vec<Vec<usize>> {
            let first: Boards = Box::new(new_board(0, 4, Vec::new()));
            (1..rows)
                .fold(first, |boards, g| Box::new(trans_board(g, 4, boards)))
                .collect()
        };
        assert_eq!(stage(1), [[0], [1], [2], [3]]);
        assert_eq!(stage(2), [[0, 2], [0, 3], [1, 3], [2, 0], [3, 0], [3, 1]]);
        assert_eq!(stage(3), [[0, 3, 1], [1, 3, 0], [2, 0, 3], [3, 0, 2]]);
        assert_eq!(stage(4), [[1, 3, 0, 2], [2, 0, 3, 1]]);
    }

    #[test]
    fn counts_match_the_known_sequence() {
        let expected = [1, 1, 0, 0, 2, 10, 4, 40, 92, 352, 724];
        for (n, &count) in expected.iter().enumerate() {
            assert_eq!(queens(n).count(), count, "n = {n}");
        }
    }

    #[test]
    fn same_solutions_in_the_same_order_as_the_backtracker() {
        for n in 0..=8 {
            assert_eq!(
                queens(n).collect::<Vec<_>>(),
                find_all_solutions(n).collect::<Vec<_>>()
            );
        }
    }

    #[test]
    fn first_solution_arrives_without_finishing_a_stage() {
        // n = 20 has about 4e10 solutions; a stage-by-stage model would never get here.
        let first = queens(20).next().unwrap();
        assert!(valid_solution(&first));
    }

    #[test]
    fn rows_past_the_size_leave_the_boards_alone() {
        let boards = queens_rec(5, 4, Box::new(std::iter::once(vec![9])));
        assert_eq!(boards.collect::<Vec<_>>(), [[9]]);
    }
}

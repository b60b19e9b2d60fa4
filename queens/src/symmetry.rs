//! The eight symmetries of the square (the dihedral group D4) acting on boards, and counting solutions up to them.
//!
//! A board `board[row] == col` is the set of squares `(row, board[row])`. A symmetry moves
//! every square; the image is again one queen per row exactly when the board is a
//! permutation (one queen per column too), which every solution is. Symmetries map
//! solutions to solutions, since they map lines (columns, rows, diagonals) to lines.
//!
//! Representation: each symmetry is "optionally transpose, then optionally flip the rows,
//! then optionally flip the columns", three bits. With `m = n - 1`, on a square:
//! transpose `(r, c) → (c, r)`, flip rows `(r, c) → (m - r, c)`, flip columns
//! `(r, c) → (r, m - c)`. Composition follows from `transpose ∘ flip(rows, cols) =
//! flip(cols, rows) ∘ transpose`.
//!
//! A board's *canonical* form is the lexicographically smallest of its eight images; keeping
//! only boards equal to their canonical form keeps one board per symmetry class (the
//! "fundamental" solutions: 12 of the 92 for n = 8).

use crate::bitboard::{self, TooLarge};

/// One of the eight symmetries of the square. Rows grow downwards, columns to the right.
///
/// ```
/// use queens::symmetry::Symmetry;
/// // The queen in the top-left corner goes to the top-right corner under a clockwise turn.
/// assert_eq!(Symmetry::Rotate90.apply(&[0, 2, 1]), vec![2, 0, 1]);
/// assert_eq!(Symmetry::ReflectLeftRight.apply(&[1, 3, 0, 2]), vec![2, 0, 3, 1]);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Symmetry {
    /// Leaves every square where it is.
    Identity,
    /// A quarter turn clockwise: `(r, c) → (c, m - r)`.
    Rotate90,
    /// A half turn: `(r, c) → (m - r, m - c)`.
    Rotate180,
    /// A quarter turn counter-clockwise: `(r, c) → (m - c, r)`.
    Rotate270,
    /// Mirror across the vertical middle line: `(r, c) → (r, m - c)`.
    ReflectLeftRight,
    /// Mirror across the horizontal middle line: `(r, c) → (m - r, c)`.
    ReflectTopBottom,
    /// Mirror across the main diagonal (top-left to bottom-right): `(r, c) → (c, r)`.
    ReflectDiagonal,
    /// Mirror across the anti-diagonal (top-right to bottom-left): `(r, c) → (m - c, m - r)`.
    ReflectAntiDiagonal,
}

use Symmetry::*;

/// The symmetries indexed by their bits: `4` transpose, `2` flip rows, `1` flip columns.
const BY_BITS: [Symmetry; 8] = [
    Identity,
    ReflectLeftRight,
    ReflectTopBottom,
    Rotate180,
    ReflectDiagonal,
    Rotate90,
    Rotate270,
    ReflectAntiDiagonal,
];

impl Symmetry {
    /// All eight, the identity first.
    ///
    /// ```
    /// use queens::symmetry::Symmetry;
    /// assert_eq!(Symmetry::ALL.len(), 8);
    /// assert_eq!(Symmetry::ALL[0], Symmetry::Identity);
    /// ```
    pub const ALL: [Symmetry; 8] = [
        Identity,
        Rotate90,
        Rotate180,
        Rotate270,
        ReflectLeftRight,
        ReflectTopBottom,
        ReflectDiagonal,
        ReflectAntiDiagonal,
    ];

    fn bits(self) -> u8 {
        BY_BITS
            .iter()
            .position(|&s| s == self)
            .expect("every symmetry is in BY_BITS") as u8
    }

    /// The symmetry "first `self`, then `next`".
    ///
    /// ```
    /// use queens::symmetry::Symmetry::*;
    /// assert_eq!(Rotate90.then(Rotate90), Rotate180);
    /// assert_eq!(ReflectLeftRight.then(ReflectTopBottom), Rotate180);
    /// assert_eq!(ReflectLeftRight.then(Rotate90), ReflectAntiDiagonal);
    /// ```
    pub fn then(self, next: Symmetry) -> Symmetry {
        let (first, second) = (self.bits(), next.bits());
        // second ∘ first = F2·T2·F1·T1 = F2·F1'·T2·T1, where F1' swaps F1's two flips when
        // T2 transposes.
        let mut flips = first & 3;
        if second & 4 != 0 {
            flips = ((flips & 1) << 1) | (flips >> 1);
        }
        BY_BITS[usize::from(((first ^ second) & 4) | ((flips ^ second) & 3))]
    }

    /// The symmetry that undoes `self`.
    ///
    /// ```
    /// use queens::symmetry::Symmetry::*;
    /// assert_eq!(Rotate90.inverse(), Rotate270);
    /// assert_eq!(ReflectDiagonal.inverse(), ReflectDiagonal);
    /// ```
    pub fn inverse(self) -> Symmetry {
        let bits = self.bits();
        if bits & 4 == 0 {
            self
        } else {
            BY_BITS[usize::from(4 | ((bits & 1) << 1) | ((bits >> 1) & 1))]
        }
    }

    /// The image of `board`, or `None` when `board` is not a permutation of `0..board.len()`.
    ///
    /// Time and memory: O(n).
    ///
    /// ```
    /// use queens::symmetry::Symmetry;
    /// assert_eq!(Symmetry::Rotate180.try_apply(&[1, 3, 0, 2]), Some(vec![1, 3, 0, 2]));
    /// assert_eq!(Symmetry::Rotate180.try_apply(&[0, 0]), None);
    /// ```
    pub fn try_apply(&self, board: &[usize]) -> Option<Vec<usize>> {
        let n = board.len();
        let mut seen = vec![false; n];
        for &col in board {
            if col >= n || std::mem::replace(&mut seen[col], true) {
                return None;
            }
        }
        let m = n.saturating_sub(1);
        let bits = self.bits();
        let mut image = vec![0; n];
        for (row, &col) in board.iter().enumerate() {
            let (r, c) = if bits & 4 != 0 {
                (col, row)
            } else {
                (row, col)
            };
            let r = if bits & 2 != 0 { m - r } else { r };
            let c = if bits & 1 != 0 { m - c } else { c };
            image[r] = c;
        }
        Some(image)
    }

    /// The image of `board`, which must be a permutation (as every solution is).
    ///
    /// # Panics
    ///
    /// If `board` is not a permutation of `0..board.len()`; see [`Symmetry::try_apply`].
    ///
    /// ```
    /// use queens::symmetry::Symmetry;
    /// let board = [0, 4, 7, 5, 2, 6, 1, 3];
    /// let turned = Symmetry::Rotate90.apply(&board);
    /// assert!(queens::board::valid_solution(&turned));
    /// assert_eq!(Symmetry::Rotate270.apply(&turned), board);
    /// ```
    pub fn apply(&self, board: &[usize]) -> Vec<usize> {
        self.try_apply(board)
            .expect("a symmetry can only be applied to a permutation board")
    }
}

/// The lexicographically smallest of the eight images of `board`.
///
/// # Panics
///
/// If `board` is not a permutation, like [`Symmetry::apply`].
///
/// ```
/// use queens::symmetry::canonical;
/// assert_eq!(canonical(&[2, 0, 3, 1]), vec![1, 3, 0, 2]);
/// assert_eq!(canonical(&[1, 3, 0, 2]), vec![1, 3, 0, 2]);
/// ```
pub fn canonical(board: &[usize]) -> Vec<usize> {
    Symmetry::ALL
        .iter()
        .map(|s| s.apply(board))
        .min()
        .expect("ALL is not empty")
}

/// Whether `board` is its own canonical form: no image is lexicographically smaller.
///
/// # Panics
///
/// If `board` is not a permutation, like [`Symmetry::apply`].
///
/// ```
/// use queens::symmetry::is_canonical;
/// assert!(is_canonical(&[1, 3, 0, 2]));
/// assert!(!is_canonical(&[2, 0, 3, 1]));
/// ```
pub fn is_canonical(board: &[usize]) -> bool {
    Symmetry::ALL[1..]
        .iter()
        .all(|s| s.apply(board).as_slice() >= board)
}

/// The canonical boards among `solutions`, lazily, in their original order.
///
/// With `solutions` all the solutions of one size, this is one board per symmetry class.
/// It is a filter, not a set, so it streams with no memory beyond one board.
///
/// # Panics
///
/// If an item is not a permutation, like [`Symmetry::apply`].
///
/// ```
/// use queens::backtrack::find_all_solutions;
/// use queens::symmetry::unique;
/// assert_eq!(unique(find_all_solutions(8)).count(), 12);
/// assert_eq!(unique(find_all_solutions(6)).collect::<Vec<_>>(), [[1, 3, 5, 0, 2, 4]]);
/// ```
pub fn unique<I>(solutions: I) -> impl Iterator<Item = Vec<usize>>
where
    I: IntoIterator<Item = Vec<usize>>,
{
    solutions.into_iter().filter(|board| is_canonical(board))
}

/// Number of solutions of the `n`×`n` board up to rotation and reflection.
///
/// Streams the [`bitboard::solutions`] through [`unique`]. Boards above
/// [`bitboard::MAX_N`] are an error. `count_unique(0) == 1`: the empty board.
///
/// ```
/// use queens::symmetry::count_unique;
/// assert_eq!(count_unique(8), Ok(12));
/// assert_eq!(count_unique(10), Ok(92));
/// assert!(count_unique(65).is_err());
/// ```
pub fn count_unique(n: usize) -> Result<u64, TooLarge> {
    Ok(unique(bitboard::solutions(n)?).count() as u64)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::backtrack::find_all_solutions;
    use crate::board::valid_solution;
    use proptest::prelude::*;

    /// OEIS A002562, n = 0..=12 (n = 0: the empty board).
    const UNIQUE: [u64; 13] = [1, 1, 0, 0, 1, 2, 1, 6, 12, 46, 92, 341, 1787];

    #[test]
    fn unique_counts_match_the_known_sequence() {
        for (n, &expected) in UNIQUE.iter().enumerate() {
            assert_eq!(count_unique(n), Ok(expected), "n = {n}");
            if n <= 10 {
                assert_eq!(unique(find_all_solutions(n)).count() as u64, expected);
            }
        }
    }

    #[test]
    fn eight_queens_have_twelve_classes_covering_all_92() {
        let classes: Vec<Vec<usize>> = unique(find_all_solutions(8)).collect();
        assert_eq!(classes.len(), 12);
        let mut orbits: Vec<Vec<usize>> = classes
            .iter()
            .flat_map(|b| Symmetry::ALL.iter().map(move |s| s.apply(b)))
            .collect();
        orbits.sort();
        orbits.dedup();
        assert_eq!(orbits, find_all_solutions(8).collect::<Vec<_>>());
    }

    #[test]
    fn rotations_and_reflections_of_small_boards() {
        // The 4-queens solution is symmetric under quarter turns.
        assert_eq!(Rotate90.apply(&[1, 3, 0, 2]), [1, 3, 0, 2]);
        assert_eq!(Rotate90.apply(&[0, 2, 1]), [2, 0, 1]);
        assert_eq!(Rotate270.apply(&[0, 2, 1]), [1, 2, 0]);
        assert_eq!(ReflectTopBottom.apply(&[0, 2, 1]), [1, 2, 0]);
        assert_eq!(ReflectDiagonal.apply(&[1, 2, 0]), [2, 0, 1]); // inverse permutation
        assert_eq!(ReflectAntiDiagonal.apply(&[0, 2, 1]), [1, 0, 2]);
        assert_eq!(Identity.apply(&[]), Vec::<usize>::new());
        assert_eq!(Rotate90.apply(&[0]), [0]);
    }

    #[test]
    fn the_eight_symmetries_are_distinct() {
        let board = [1, 4, 0, 3, 2]; // no symmetry fixes this permutation
        let mut images: Vec<Vec<usize>> = Symmetry::ALL.iter().map(|s| s.apply(&board)).collect();
        images.sort();
        images.dedup();
        assert_eq!(images.len(), 8);
    }

    #[test]
    fn cayley_table_is_a_group() {
        for a in Symmetry::ALL {
            assert_eq!(a.then(Identity), a);
            assert_eq!(Identity.then(a), a);
            assert_eq!(a.then(a.inverse()), Identity);
            for b in Symmetry::ALL {
                for c in Symmetry::ALL {
                    assert_eq!(a.then(b).then(c), a.then(b.then(c)));
                }
            }
        }
    }

    #[test]
    fn non_permutations_are_refused() {
        assert_eq!(Rotate90.try_apply(&[0, 0]), None);
        assert_eq!(Identity.try_apply(&[3]), None);
    }

    #[test]
    #[should_panic(expected = "a symmetry can only be applied to a permutation board")]
    fn apply_panics_on_a_non_permutation() {
        ReflectLeftRight.apply(&[1, 1]);
    }

    #[test]
    #[should_panic(expected = "a symmetry can only be applied to a permutation board")]
    fn is_canonical_panics_on_a_non_permutation() {
        is_canonical(&[0, 5]);
    }

    fn permutation() -> impl Strategy<Value = Vec<usize>> {
        (0usize..12).prop_flat_map(|n| Just((0..n).collect::<Vec<usize>>()).prop_shuffle())
    }

    fn solution() -> impl Strategy<Value = Vec<usize>> {
        (
            prop::sample::select(vec![1usize, 4, 5, 6, 7, 8]),
            any::<prop::sample::Index>(),
        )
            .prop_map(|(n, i)| {
                let all: Vec<Vec<usize>> = find_all_solutions(n).collect();
                all[i.index(all.len())].clone()
            })
    }

    fn symmetry() -> impl Strategy<Value = Symmetry> {
        prop::sample::select(Symmetry::ALL.to_vec())
    }

    proptest! {
        #[test]
        fn every_symmetry_maps_solutions_to_solutions(board in solution(), s in symmetry()) {
            prop_assert!(valid_solution(&s.apply(&board)));
        }

        #[test]
        fn all_images_share_one_canonical_form(board in solution()) {
            let canon = canonical(&board);
            prop_assert!(is_canonical(&canon));
            prop_assert!(canon <= board);
            for s in Symmetry::ALL {
                prop_assert_eq!(canonical(&s.apply(&board)), canon.clone());
            }
        }

        #[test]
        fn then_is_composition_of_actions(board in permutation(), a in symmetry(), b in symmetry()) {
            prop_assert_eq!(a.then(b).apply(&board), b.apply(&a.apply(&board)));
            prop_assert_eq!(a.inverse().apply(&a.apply(&board)), board);
        }
    }
}

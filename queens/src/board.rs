//! Boards as plain data: checking them (`quality`, `valid_solution`) and printing them (text, list, JSON, HTML).
//!
//! Representation, shared by every module of this crate: a board is a slice of columns,
//! `board[row] == column`, both 0-based, so a board of length `n` has exactly one queen per
//! row. It is a *solution* when the columns are all below `n` and no two queens attack each
//! other along a column or a diagonal.
//!
//! Follows the first post's helpers (`quality`, `valid-solution?`, `print-board` and its
//! hiccup page) with the differences noted on each function.

use std::io::{self, Write};

/// Number of pairs of queens that attack each other along a column or a diagonal.
///
/// Rows never clash (one queen per row by construction). Two queens in different rows share
/// at most one line, so each attacking pair is counted once.
///
/// DIVERGENCE: the first post's `quality` counts diagonal pairs only, because it is only
/// ever given permutations. We also count same-column pairs, so the two agree on
/// permutations and ours stays meaningful on any board.
///
/// Time: O(n log n) (sorts the three line keys); memory O(n).
///
/// ```
/// use queens::board::quality;
/// assert_eq!(quality(&[0, 1, 2, 3, 4, 5, 6, 7]), 28); // all on one diagonal
/// assert_eq!(quality(&[0, 4, 7, 5, 2, 6, 1, 3]), 0); // a solution
/// assert_eq!(quality(&[2, 2, 2]), 3); // three queens in one column
/// ```
pub fn quality(board: &[usize]) -> usize {
    // Line keys as i128 so that `row + col` and `col - row` never overflow.
    let keys = |f: fn(i128, i128) -> i128| -> Vec<i128> {
        board
            .iter()
            .enumerate()
            .map(|(row, &col)| f(row as i128, col as i128))
            .collect()
    };
    equal_pairs(keys(|_, c| c)) + equal_pairs(keys(|r, c| r + c)) + equal_pairs(keys(|r, c| c - r))
}

/// Number of unordered pairs of equal values: each run of `k` equal keys gives `k(k-1)/2`.
fn equal_pairs(mut keys: Vec<i128>) -> usize {
    keys.sort_unstable();
    keys.chunk_by(|a, b| a == b)
        .map(|run| run.len() * (run.len() - 1) / 2)
        .sum()
}

/// Whether `board` is a solution: every column is below `board.len()` and no two queens attack.
///
/// Same answer as `quality(board) == 0` plus the range check, but in O(n) with early exit
/// (one flag per column and per diagonal), so it can check a million-queen board.
///
/// ```
/// use queens::board::valid_solution;
/// assert!(valid_solution(&[1, 3, 0, 2]));
/// assert!(!valid_solution(&[0, 1, 2, 3]));
/// assert!(!valid_solution(&[0, 4])); // column 4 is off a 2x2 board
/// assert!(valid_solution(&[])); // the empty board has no attacking pair
/// ```
pub fn valid_solution(board: &[usize]) -> bool {
    let n = board.len();
    let mut cols = vec![false; n];
    // A diagonal `row + col` and an anti-diagonal `row - col + n - 1` each lie in 0..2n-1.
    let mut sums = vec![false; 2 * n];
    let mut diffs = vec![false; 2 * n];
    for (row, &col) in board.iter().enumerate() {
        if col >= n {
            return false;
        }
        let (sum, diff) = (row + col, row + n - 1 - col);
        if cols[col] || sums[sum] || diffs[diff] {
            return false;
        }
        cols[col] = true;
        sums[sum] = true;
        diffs[diff] = true;
    }
    true
}

/// The board as text, one line per row, `"Q "` for the queen and `". "` for an empty square.
///
/// Matches the first post's `print-board` square for square (including the space after the
/// last square), without its trailing blank line. A column at or beyond `board.len()` is
/// simply not drawn.
///
/// ```
/// use queens::board::render_text;
/// assert_eq!(render_text(&[1, 3, 0, 2]), ". Q . . \n. . . Q \nQ . . . \n. . Q . \n");
/// assert_eq!(render_text(&[]), "");
/// ```
pub fn render_text(board: &[usize]) -> String {
    let n = board.len();
    let mut out = String::with_capacity(n * (2 * n + 1));
    for &col in board {
        for c in 0..n {
            out.push_str(if c == col { "Q " } else { ". " });
        }
        out.push('\n');
    }
    out
}

/// The board as core.logic prints an answer: columns separated by spaces, in parentheses.
///
/// ```
/// use queens::board::render_list;
/// assert_eq!(render_list(&[1, 3, 5, 7, 2, 0, 6, 4]), "(1 3 5 7 2 0 6 4)");
/// assert_eq!(render_list(&[]), "()");
/// ```
pub fn render_list(board: &[usize]) -> String {
    let cols: Vec<String> = board.iter().map(usize::to_string).collect();
    format!("({})", cols.join(" "))
}

/// The board as a compact JSON array of columns.
///
/// ```
/// use queens::board::render_json;
/// assert_eq!(render_json(&[1, 3, 5, 7, 2, 0, 6, 4]), "[1,3,5,7,2,0,6,4]");
/// assert_eq!(render_json(&[]), "[]");
/// ```
pub fn render_json(board: &[usize]) -> String {
    let cols: Vec<String> = board.iter().map(usize::to_string).collect();
    format!("[{}]", cols.join(","))
}

/// The first post's inline styles, written once as CSS classes: the rules a page showing
/// [`board_html`]'s boards includes (as [`write_html`]'s page does).
///
/// DIVERGENCE: the post repeats the full style on every square. A page of the 14 200 boards
/// of n = 12 would then be about half a gigabyte; with classes each square is a short
/// `<div class="sq d">` and the page looks the same: a wrapping flex row (padding and gap
/// 8px), each board an inline-block with a 2px solid #333 border, rows as flex, 60px squares,
/// dark (row + column odd) #769656, light #eeeed2, the queen ♕ at 40px.
pub const HTML_STYLE: &str = ".boards{display:flex;flex-wrap:wrap;padding:8px;gap:8px}
.board{display:inline-block;border:2px solid #333}
.row{display:flex}
.sq{width:60px;height:60px;display:flex;align-items:center;justify-content:center;font-size:40px;font-weight:bold;color:#000}
.d{background-color:#769656}
.l{background-color:#eeeed2}
";

/// The page head, around [`HTML_STYLE`].
const HTML_HEAD: [&str; 2] = [
    "<!DOCTYPE html>
<html lang=\"en\">
<head>
<meta charset=\"utf-8\">
<title>N-queens boards</title>
<style>
",
    "</style>
</head>
<body>
<div class=\"boards\">
",
];

const HTML_TAIL: &str = "</div>\n</body>\n</html>\n";

/// Writes a complete HTML5 page showing every board of `boards`, streaming one board at a time.
///
/// Nothing but the current board is held in memory, so a lazy iterator of all 14 200 boards
/// of n = 12 can be written straight to a file. Each board is a `div` titled with its
/// [`render_list`] form. `out` receives many small writes: wrap a file in a
/// [`std::io::BufWriter`]. Returns the number of boards written.
///
/// ```
/// use queens::board::write_html;
/// let mut page = Vec::new();
/// let written = write_html(&mut page, [vec![1, 3, 0, 2], vec![2, 0, 3, 1]]).unwrap();
/// let page = String::from_utf8(page).unwrap();
/// assert_eq!(written, 2);
/// assert!(page.starts_with("<!DOCTYPE html>"));
/// assert_eq!(page.matches("♕").count(), 8);
/// assert!(page.contains("title=\"(2 0 3 1)\""));
/// ```
pub fn write_html<W, I>(mut out: W, boards: I) -> io::Result<usize>
where
    W: Write,
    I: IntoIterator,
    I::Item: AsRef<[usize]>,
{
    out.write_all(HTML_HEAD[0].as_bytes())?;
    out.write_all(HTML_STYLE.as_bytes())?;
    out.write_all(HTML_HEAD[1].as_bytes())?;
    let mut written = 0;
    for board in boards {
        write_board_html(&mut out, board.as_ref())?;
        written += 1;
    }
    out.write_all(HTML_TAIL.as_bytes())?;
    out.flush()?;
    Ok(written)
}

/// One board: a bordered block of flex rows of squares.
fn write_board_html<W: Write>(out: &mut W, board: &[usize]) -> io::Result<()> {
    writeln!(
        out,
        "<div class=\"board\" title=\"{}\">",
        render_list(board)
    )?;
    for (row, &col) in board.iter().enumerate() {
        out.write_all(b"<div class=\"row\">")?;
        for c in 0..board.len() {
            let shade = if (row + c) % 2 == 1 { "d" } else { "l" };
            let queen = if c == col { "♕" } else { "" };
            write!(out, "<div class=\"sq {shade}\">{queen}</div>")?;
        }
        out.write_all(b"</div>\n")?;
    }
    out.write_all(b"</div>\n")
}

/// One board as an HTML fragment (a `div` of class `board`, titled with its [`render_list`]
/// form), for a page that includes [`HTML_STYLE`].
///
/// ```
/// let html = queens::board::board_html(&[1, 3, 0, 2]);
/// assert!(html.starts_with("<div class=\"board\" title=\"(1 3 0 2)\">"));
/// assert_eq!(html.matches("♕").count(), 4);
/// assert_eq!(html.matches("class=\"sq ").count(), 16);
/// ```
pub fn board_html(board: &[usize]) -> String {
    let mut out = Vec::new();
    write_board_html(&mut out, board).expect("writing to a Vec<u8> cannot fail");
    String::from_utf8(out).expect("the board is built from UTF-8 strings")
}

/// The page of [`write_html`] as a `String`, for a handful of boards.
///
/// ```
/// use queens::board::render_html;
/// let page = render_html([[0usize]]);
/// assert!(page.contains("<div class=\"sq l\">♕</div>"));
/// assert!(page.trim_end().ends_with("</html>"));
/// ```
pub fn render_html<I>(boards: I) -> String
where
    I: IntoIterator,
    I::Item: AsRef<[usize]>,
{
    let mut page = Vec::new();
    write_html(&mut page, boards).expect("writing to a Vec<u8> cannot fail");
    String::from_utf8(page).expect("the page is built from UTF-8 strings")
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// The first post's O(n²) pairwise definition, extended to columns.
    fn quality_pairwise(board: &[usize]) -> usize {
        let mut pairs = 0;
        for r1 in 0..board.len() {
            for r2 in r1 + 1..board.len() {
                let (c1, c2) = (board[r1], board[r2]);
                if c1 == c2 || c1.abs_diff(c2) == r2 - r1 {
                    pairs += 1;
                }
            }
        }
        pairs
    }

    #[test]
    fn quality_matches_the_posts_examples() {
        assert_eq!(quality(&[0, 1, 2, 3, 4, 5, 6, 7]), 28);
        assert_eq!(quality(&[0, 4, 7, 5, 2, 6, 1, 3]), 0);
        // The post's comments claim 0 for these two, but its own code returns 1 for each:
        // (0,0)-(1,1) and (1,2)-(2,1) are diagonal neighbours.
        assert_eq!(quality(&[0, 1]), 1);
        assert_eq!(quality(&[0, 2, 1]), 1);
        assert_eq!(quality(&[1, 3, 0, 2]), 0);
        assert_eq!(quality(&[]), 0);
    }

    #[test]
    fn quality_counts_columns_and_both_diagonals() {
        assert_eq!(quality(&[3, 2, 1, 0]), 6); // anti-diagonal
        assert_eq!(quality(&[5, 5]), 1); // same column, even off the board
        assert_eq!(quality(&[usize::MAX, usize::MAX - 1]), 1); // no overflow
    }

    #[test]
    fn text_rendering_of_the_posts_solution() {
        let text = render_text(&[0, 4, 7, 5, 2, 6, 1, 3]);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 8);
        assert_eq!(lines[0], "Q . . . . . . . ");
        assert_eq!(lines[1], ". . . . Q . . . ");
        assert_eq!(lines[7], ". . . Q . . . . ");
    }

    #[test]
    fn html_page_is_complete_and_checkered() {
        let page = render_html([vec![1, 3, 0, 2]]);
        assert!(page.starts_with("<!DOCTYPE html>\n<html"));
        assert!(page.ends_with("</html>\n"));
        assert_eq!(page.matches("class=\"sq d\"").count(), 8);
        assert_eq!(page.matches("class=\"sq l\"").count(), 8);
        assert!(page.contains(".board{display:inline-block;border:2px solid #333}"));
        assert!(page.contains("font-size:40px"));
        assert_eq!(page.matches("<div").count(), page.matches("</div>").count());
        // Row 0 is ". Q . .": square (0,1) is dark and holds the queen.
        assert!(page
            .contains("<div class=\"row\"><div class=\"sq l\"></div><div class=\"sq d\">♕</div>"));
    }

    #[test]
    fn html_of_no_boards_is_still_a_page() {
        let page = render_html(Vec::<Vec<usize>>::new());
        assert!(page.contains("<div class=\"boards\">\n</div>"));
    }

    #[test]
    fn html_write_errors_are_returned() {
        struct Full;
        impl Write for Full {
            fn write(&mut self, _: &[u8]) -> io::Result<usize> {
                Err(io::Error::other("disk full"))
            }
            fn flush(&mut self) -> io::Result<()> {
                Ok(())
            }
        }
        let err = write_html(Full, [[0usize]]).unwrap_err();
        assert_eq!(err.to_string(), "disk full");
    }

    proptest! {
        #[test]
        fn quality_equals_the_pairwise_count(board in prop::collection::vec(0usize..12, 0..12)) {
            prop_assert_eq!(quality(&board), quality_pairwise(&board));
        }

        #[test]
        fn valid_solution_is_in_range_and_quality_zero(board in prop::collection::vec(0usize..9, 0..9)) {
            let in_range = board.iter().all(|&c| c < board.len());
            prop_assert_eq!(valid_solution(&board), in_range && quality(&board) == 0);
        }
    }
}

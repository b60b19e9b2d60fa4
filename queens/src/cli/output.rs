//! Writing a stream of boards in the CLI's four formats, one board at a time.
//!
//! - `board`: each board as text ([`crate::board::render_text`], `Q` and `.`), then its
//!   list form; boards separated by a blank line. Boards wider than [`DRAW_LIMIT`] are
//!   printed in list form only (a million-queen board would be a terabyte of dots).
//! - `list`: one `(1 3 5 7 2 0 6 4)` per line, as core.logic prints an answer.
//! - `json`: one JSON array of columns per line (JSON Lines).
//! - `html`: one complete HTML page of every board ([`crate::board::write_html`]),
//!   streamed; refused for boards wider than [`DRAW_LIMIT`].
//!
//! Nothing but the current board is held, so `--all` streams in constant memory.

use std::io::{self, Write};

use crate::board;

/// The widest board drawn square by square, as text or HTML.
pub const DRAW_LIMIT: usize = 100;

/// The output formats (`--format`).
///
/// ```
/// use queens::cli::output::Format;
/// assert_eq!(Format::default(), Format::Board);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, clap::ValueEnum)]
pub enum Format {
    /// The text board (Q and .) and its list form
    #[default]
    Board,
    /// One (1 3 5 ...) per line
    List,
    /// One JSON array of columns per line
    Json,
    /// A complete HTML page of the boards
    Html,
}

/// Refuses, before any work, a format that cannot show an `n`×`n` board.
///
/// ```
/// use queens::cli::output::{check, Format};
/// assert!(check(Format::Html, 8).is_ok());
/// assert!(check(Format::Html, 1000).unwrap_err().contains("at most 100"));
/// assert!(check(Format::Board, 1000).is_ok()); // falls back to the list form
/// ```
pub fn check(format: Format, n: usize) -> Result<(), String> {
    if format == Format::Html && n > DRAW_LIMIT {
        return Err(format!(
            "--format html draws n x n squares per board: it allows at most \
             {DRAW_LIMIT}x{DRAW_LIMIT}; use --format list or json for a {n}x{n} board"
        ));
    }
    Ok(())
}

/// Writes every board of `boards` (all of size `n`) to `out` in `format` and flushes;
/// returns how many boards were written.
///
/// ```
/// use queens::cli::output::{write, Format};
/// let boards = vec![vec![1, 3, 0, 2], vec![2, 0, 3, 1]];
/// let mut out = Vec::new();
/// assert_eq!(write(&mut out, Format::Json, 4, boards.clone()).unwrap(), 2);
/// assert_eq!(String::from_utf8(out).unwrap(), "[1,3,0,2]\n[2,0,3,1]\n");
///
/// let mut out = Vec::new();
/// write(&mut out, Format::Board, 4, boards).unwrap();
/// let text = String::from_utf8(out).unwrap();
/// assert!(text.starts_with(". Q . . \n. . . Q \nQ . . . \n. . Q . \n(1 3 0 2)\n\n. . Q . \n"));
/// ```
pub fn write<I>(out: &mut dyn Write, format: Format, n: usize, boards: I) -> io::Result<usize>
where
    I: IntoIterator<Item = Vec<usize>>,
{
    let written = match format {
        Format::Html => return board::write_html(out, boards),
        Format::Board => write_boards(out, n, boards)?,
        Format::List => write_lines(out, board::render_list, boards)?,
        Format::Json => write_lines(out, board::render_json, boards)?,
    };
    out.flush()?;
    Ok(written)
}

/// The `board` format: text board and list form, a blank line between boards.
fn write_boards<I>(out: &mut dyn Write, n: usize, boards: I) -> io::Result<usize>
where
    I: IntoIterator<Item = Vec<usize>>,
{
    let mut written = 0;
    for board in boards {
        if written > 0 {
            out.write_all(b"\n")?;
        }
        if n <= DRAW_LIMIT {
            out.write_all(board::render_text(&board).as_bytes())?;
        }
        writeln!(out, "{}", board::render_list(&board))?;
        written += 1;
    }
    Ok(written)
}

/// One rendered board per line.
fn write_lines<I>(
    out: &mut dyn Write,
    render: fn(&[usize]) -> String,
    boards: I,
) -> io::Result<usize>
where
    I: IntoIterator<Item = Vec<usize>>,
{
    let mut written = 0;
    for board in boards {
        writeln!(out, "{}", render(&board))?;
        written += 1;
    }
    Ok(written)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wide_boards_are_listed_not_drawn() {
        let board: Vec<usize> = (0..=DRAW_LIMIT).collect();
        let mut out = Vec::new();
        write(&mut out, Format::Board, board.len(), [board]).unwrap();
        let text = String::from_utf8(out).unwrap();
        assert_eq!(text.lines().count(), 1);
        assert!(text.starts_with("(0 1 2 "));
    }

    #[test]
    fn an_empty_stream_writes_nothing_but_an_html_page_is_still_a_page() {
        for format in [Format::Board, Format::List, Format::Json] {
            let mut out = Vec::new();
            assert_eq!(write(&mut out, format, 3, Vec::new()).unwrap(), 0);
            assert!(out.is_empty());
        }
        let mut out = Vec::new();
        assert_eq!(write(&mut out, Format::Html, 3, Vec::new()).unwrap(), 0);
        assert!(String::from_utf8(out).unwrap().ends_with("</html>\n"));
    }
}

//! The vocabulary of a query: the models, the FD labelings, pinned queens, modes, and [`Query`].

use std::fmt;
use std::str::FromStr;

/// The programs the CLI can run, by their `--model` names.
///
/// ```
/// use queens::models::Model;
/// assert_eq!(Model::HillClimb.name(), "hill-climb");
/// assert!(Model::Backtrack.is_exact());
/// assert!(!Model::HillClimb.is_exact());
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, clap::ValueEnum)]
pub enum Model {
    /// The first post's core.logic program, one FD variable per row (queens::fd)
    #[default]
    Fd,
    /// The FD model as three global constraints, first-fail labeling, O(n) memory
    /// (queens::fd_global)
    FdGlobal,
    /// The second post's safeo/nqueenso relations (queens::relational)
    Relational,
    /// The third post's Haskell list model (queens::list_model)
    List,
    /// The plain backtracker, the C++ next_pos port (queens::backtrack)
    Backtrack,
    /// Bitmask backtracking, n ≤ 64 (queens::bitboard)
    Bitboard,
    /// Local search for one solution of a huge board (queens::hill_climb)
    HillClimb,
}

impl Model {
    /// Every model, in the order of `--help`.
    ///
    /// ```
    /// assert_eq!(queens::models::Model::ALL.len(), 7);
    /// ```
    pub const ALL: [Model; 7] = [
        Model::Fd,
        Model::FdGlobal,
        Model::Relational,
        Model::List,
        Model::Backtrack,
        Model::Bitboard,
        Model::HillClimb,
    ];

    /// The model's `--model` name.
    ///
    /// ```
    /// assert_eq!(queens::models::Model::Fd.name(), "fd");
    /// ```
    pub fn name(self) -> &'static str {
        match self {
            Model::Fd => "fd",
            Model::FdGlobal => "fd-global",
            Model::Relational => "relational",
            Model::List => "list",
            Model::Backtrack => "backtrack",
            Model::Bitboard => "bitboard",
            Model::HillClimb => "hill-climb",
        }
    }

    /// Whether the model finds every solution (all but hill climbing).
    ///
    /// ```
    /// assert!(queens::models::Model::List.is_exact());
    /// ```
    pub fn is_exact(self) -> bool {
        self != Model::HillClimb
    }
}

impl fmt::Display for Model {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The FD model's labeling order (`--labeling`): [`crate::fd::Labeling`].
pub use crate::fd::Labeling;

/// A queen pinned to a square: `row` and `col` are 0-based, so `0=0` is a1.
///
/// Parsed from `ROW=COL` (spaces around the numbers allowed); the range is checked against
/// the board by [`check`](super::check).
///
/// ```
/// use queens::models::Fix;
/// assert_eq!("0=7".parse::<Fix>(), Ok(Fix { row: 0, col: 7 }));
/// assert!("0:7".parse::<Fix>().is_err());
/// assert!("-1=2".parse::<Fix>().is_err());
/// assert_eq!(Fix { row: 2, col: 5 }.to_string(), "2=5");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Fix {
    /// The pinned queen's row.
    pub row: usize,
    /// The pinned queen's column.
    pub col: usize,
}

impl FromStr for Fix {
    type Err = String;

    fn from_str(s: &str) -> Result<Fix, String> {
        let malformed = || format!("expected ROW=COL with two whole numbers from 0, got '{s}'");
        let (row, col) = s.split_once('=').ok_or_else(malformed)?;
        let number = |part: &str| -> Result<usize, String> {
            let part = part.trim();
            if part.is_empty() || !part.bytes().all(|b| b.is_ascii_digit()) {
                return Err(malformed());
            }
            part.parse()
                .map_err(|_| format!("'{part}' is too large for a row or column"))
        };
        Ok(Fix {
            row: number(row)?,
            col: number(col)?,
        })
    }
}

impl fmt::Display for Fix {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}={}", self.row, self.col)
    }
}

impl Fix {
    /// Whether `board` has this queen.
    ///
    /// ```
    /// use queens::models::Fix;
    /// assert!(Fix { row: 1, col: 3 }.holds(&[1, 3, 0, 2]));
    /// assert!(!Fix { row: 4, col: 0 }.holds(&[1, 3, 0, 2]));
    /// ```
    pub fn holds(&self, board: &[usize]) -> bool {
        board.get(self.row) == Some(&self.col)
    }
}

/// What to compute: the first `k` solutions, all of them, or their number.
///
/// ```
/// assert_eq!(queens::models::Mode::default(), queens::models::Mode::First(1));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Mode {
    /// The first `k` solutions in the model's order (`k ≥ 1`).
    First(usize),
    /// Every solution.
    All,
    /// The number of solutions.
    Count,
}

impl Default for Mode {
    fn default() -> Self {
        Mode::First(1)
    }
}

impl Mode {
    /// The mode as the command line asks for it, for messages.
    ///
    /// ```
    /// use queens::models::Mode;
    /// assert_eq!(Mode::Count.flag(), "--count");
    /// assert_eq!(Mode::First(1).flag(), "the first solution");
    /// ```
    pub fn flag(self) -> &'static str {
        match self {
            Mode::First(1) => "the first solution",
            Mode::First(_) => "--first",
            Mode::All => "--all",
            Mode::Count => "--count",
        }
    }
}

/// Everything but the model and the board size: what to compute and under which options.
///
/// `labeling` and `seed` are `None` when not given, so [`check`](super::check) can refuse
/// them with a model that has no use for them; the models take the defaults
/// (`Labeling::Core`, seed 0).
///
/// ```
/// use queens::models::{Query, Mode};
/// let q = Query::default();
/// assert_eq!(q.mode, Mode::First(1));
/// assert!(q.fixes.is_empty() && !q.unique && q.labeling.is_none() && q.seed.is_none());
/// ```
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Query {
    /// First `k`, all, or count.
    pub mode: Mode,
    /// Queens pinned to squares, in the order given.
    pub fixes: Vec<Fix>,
    /// Only one board per class under rotation and reflection (the canonical one).
    pub unique: bool,
    /// FD labeling order (fd model only).
    pub labeling: Option<Labeling>,
    /// Random seed (hill-climb only).
    pub seed: Option<u64>,
}

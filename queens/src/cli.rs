//! The `queens` command line: clap parsing, validation, dispatch to [`crate::models`], exit codes.
//!
//! ```text
//! queens [N]                         N: board size, default 8
//!   --model fd|relational|list|backtrack|bitboard|hill-climb     default fd
//!   --count | --all | --first K      default: the first solution (--count searches
//!                                    depth-first with fd and relational; the others
//!                                    keep core.logic's order)
//!   --fix ROW=COL                    pin a queen (0-based; repeatable): --fix 0=0 is a1
//!   --unique                         only solutions distinct under rotation and reflection
//!   --labeling core|leftmost|ff      FD labeling order (fd model only)
//!   --format board|list|json|html    default board: a text board (Q and .) and the list
//!   --stats                          search statistics (nodes, failures, time) on stderr
//!   --seed S                         for hill-climb
//!   --jobs N                         threads for a count [default: all cores; 1 with --stats]
//!   --timeout SECONDS                stop after this long (0: no limit)
//!   --max-memory MB                  stop when the process holds this much memory
//!   --part I/K                       count only the I-th of K parts (with --count)
//! ```
//!
//! A count past a model's size limit ([`models::limits`]) is not refused: it gets a warning
//! with its expected time and a default budget of [`DEFAULT_BUDGET_SECS`] seconds, which
//! `--timeout` replaces. A count stopped by its budget or by Ctrl-C says so on stderr with the
//! boards counted so far (a lower bound) and exits with 4 ([`exit::STOPPED`]) or 130. Boards
//! being listed (first K, `--all`) under `--timeout` or `--max-memory` stop the same way
//! ([`bounded`]): the boards printed so far stay, the message says how many, exit 4.
//!
//! Exit codes ([`exit`]): 0 when boards or a count were printed; 1 when a first-solution or
//! `--all` query found no board (n = 2 and 3, or fixes that attack each other; a count of 0
//! is still a count, exit 0); 2 for bad input or a model not in this build, said on stderr
//! before any work (clap's own errors use 2 as well); 3 when writing the output fails; 130
//! after Ctrl-C. A closed stdout (`queens 12 --all | head`) ends the program quietly with 0.
//!
//! The parts: [`output`] writes the boards in each format, [`report`] shows progress and
//! statistics on stderr, [`interrupt`] turns Ctrl-C into a clean stop, `counting` runs
//! `--count` (threads, budgets, parts), [`bounded`] lists boards under a budget and
//! [`watch`] stops either at `--timeout` or `--max-memory`.

pub mod bounded;
mod counting;
pub mod interrupt;
pub mod output;
pub mod report;
pub mod watch;

use std::io::{self, IsTerminal, Write};
use std::process::ExitCode;
use std::time::Instant;

use clap::Parser;

use crate::models::{self, Fix, Labeling, Mode, Model, Query};
use output::Format;

/// The exit codes of the `queens` program.
pub mod exit {
    /// Boards or a count were printed.
    pub const OK: u8 = 0;
    /// The query has no solution (first-solution and `--all` modes).
    pub const NO_SOLUTION: u8 = 1;
    /// Bad input: a malformed or out-of-range value, conflicting flags, a board too large.
    pub const USAGE: u8 = 2;
    /// Writing the output failed (other than a closed pipe).
    pub const IO_ERROR: u8 = 3;
    /// A count or a list stopped by `--timeout` or `--max-memory` before the end.
    pub const STOPPED: u8 = 4;
    /// Stopped by Ctrl-C (128 + SIGINT).
    pub const INTERRUPTED: u8 = 130;
}

/// The time a count past its model's size limit may take unless `--timeout` says otherwise.
pub const DEFAULT_BUDGET_SECS: f64 = 60.0;

/// The command line, parsed by clap.
///
/// ```
/// use clap::Parser;
/// use queens::cli::Args;
/// use queens::models::{Mode, Model};
/// let args = Args::try_parse_from(["queens", "6", "--model", "list", "--count"]).unwrap();
/// assert_eq!((args.n, args.model), (6, Model::List));
/// assert_eq!(args.query().mode, Mode::Count);
/// assert!(Args::try_parse_from(["queens", "--count", "--all"]).is_err());
/// assert!(Args::try_parse_from(["queens", "0"]).is_err());
/// ```
#[derive(Debug, Clone, Parser)]
#[command(
    name = "queens",
    version,
    about = "N-queens: solve, list and count with the models of the kanren showcase",
    long_about = None,
    allow_negative_numbers = true,
    after_help = "Exit codes: 0 printed, 1 no solution, 2 bad input, 3 output error,\n\
                  4 stopped by --timeout or --max-memory, 130 Ctrl-C.\n\
                  Boards are printed row by row; in list and json form the i-th number is the\n\
                  0-based column of the queen in row i."
)]
pub struct Args {
    /// Board size: the number of queens, from 1
    #[arg(value_name = "N", default_value = "8", value_parser = parse_size)]
    pub n: usize,

    /// The program that solves the board
    #[arg(long, value_enum, default_value_t = Model::Fd)]
    pub model: Model,

    /// Print the number of solutions (fd and relational search depth-first for it: the same
    /// boards as --all, in about half the time)
    #[arg(long, group = "mode", conflicts_with = "format")]
    pub count: bool,

    /// Print every solution
    #[arg(long, group = "mode")]
    pub all: bool,

    /// Print the first K solutions [default: the first one]
    #[arg(long, group = "mode", value_name = "K", value_parser = parse_first)]
    pub first: Option<usize>,

    /// Pin a queen: 0-based row and column (repeatable); --fix 0=0 is a1
    #[arg(long = "fix", value_name = "ROW=COL", value_parser = parse_fix, allow_hyphen_values = true)]
    pub fixes: Vec<Fix>,

    /// Only solutions distinct under rotation and reflection
    #[arg(long)]
    pub unique: bool,

    /// FD labeling order (fd model only) [default: core]
    #[arg(long, value_enum)]
    pub labeling: Option<Labeling>,

    /// Output format [default: board: the text board, then its list form]
    #[arg(long, value_enum)]
    pub format: Option<Format>,

    /// Search statistics on stderr: model, n, solutions, nodes, failures, time
    #[arg(long)]
    pub stats: bool,

    /// Random seed (hill-climb only) [default: 0]
    #[arg(long, value_name = "S", value_parser = parse_seed, allow_hyphen_values = true)]
    pub seed: Option<u64>,

    /// Threads for a count [default: all cores; 1 with --stats, whose nodes and failures are
    /// measured by the single-threaded search]
    #[arg(long, value_name = "N", value_parser = parse_jobs)]
    pub jobs: Option<usize>,

    /// Stop after SECONDS, with the boards counted or printed so far (0: no limit; a count
    /// past the model's size limit gets 60 by default)
    #[arg(long, value_name = "SECONDS", value_parser = parse_timeout)]
    pub timeout: Option<f64>,

    /// Stop when the process holds more than MB megabytes, with the boards counted or printed
    /// so far
    #[arg(long, value_name = "MB", value_parser = parse_memory)]
    pub max_memory: Option<u64>,

    /// Count only the I-th of K disjoint parts (split by the first rows' placements): the
    /// counts of parts 1/K to K/K add up to the whole count
    #[arg(long, value_name = "I/K", value_parser = parse_part, requires = "count")]
    pub part: Option<(usize, usize)>,
}

/// `--jobs N`: a whole number from 1.
fn parse_jobs(s: &str) -> Result<usize, String> {
    match s.trim().parse::<usize>() {
        Ok(0) => Err("--jobs needs at least 1 thread".to_string()),
        Ok(n) => Ok(n),
        Err(_) => Err("--jobs needs a whole number of threads, like 2".to_string()),
    }
}

/// `--timeout SECONDS`: a number of seconds from 0 (0: no limit), at most a year.
fn parse_timeout(s: &str) -> Result<f64, String> {
    match s.trim().parse::<f64>() {
        Ok(t) if t.is_finite() && (0.0..=31_536_000.0).contains(&t) => Ok(t),
        _ => Err("--timeout needs a number of seconds from 0 (no limit) to 31536000".to_string()),
    }
}

/// `--max-memory MB`: a whole number of megabytes from 1.
fn parse_memory(s: &str) -> Result<u64, String> {
    match s.trim().parse::<u64>() {
        Ok(mb) if (1..=1 << 40).contains(&mb) => Ok(mb),
        _ => Err("--max-memory needs a whole number of megabytes from 1".to_string()),
    }
}

/// `--part I/K`: two whole numbers, 1 ≤ I ≤ K.
fn parse_part(s: &str) -> Result<(usize, usize), String> {
    let bad = || format!("--part needs I/K with 1 <= I <= K, like 1/4, not {s:?}");
    let (i, k) = s.trim().split_once('/').ok_or_else(bad)?;
    let (i, k) = (i.parse::<usize>(), k.parse::<usize>());
    match (i, k) {
        (Ok(i), Ok(k)) if 1 <= i && i <= k && k <= 1_000_000 => Ok((i, k)),
        _ => Err(bad()),
    }
}

/// `N`: a whole number from 1, with a message for each way to get it wrong.
fn parse_size(s: &str) -> Result<usize, String> {
    let t = s.trim();
    if let Some(rest) = t.strip_prefix('-') {
        if !rest.is_empty() && rest.bytes().all(|b| b.is_ascii_digit()) {
            return Err("the board size must be at least 1, not negative".to_string());
        }
    }
    if t.is_empty() || !t.bytes().all(|b| b.is_ascii_digit()) {
        return Err("the board size must be a whole number, like 8".to_string());
    }
    match t.parse::<usize>() {
        Ok(0) => Err("the board size must be at least 1".to_string()),
        Ok(n) => Ok(n),
        Err(_) => Err("the board size is too large for this machine".to_string()),
    }
}

/// `--first K`: a whole number from 1.
fn parse_first(s: &str) -> Result<usize, String> {
    match s.trim().parse::<usize>() {
        Ok(0) => Err("--first needs at least 1 (use --count to count)".to_string()),
        Ok(k) => Ok(k),
        Err(_) => Err("--first needs a whole number from 1".to_string()),
    }
}

/// `--seed S`: any 64-bit unsigned number.
fn parse_seed(s: &str) -> Result<u64, String> {
    s.trim()
        .parse()
        .map_err(|_| format!("the seed must be a whole number from 0 to {}", u64::MAX))
}

/// `--fix ROW=COL`, via [`Fix`]'s parser.
fn parse_fix(s: &str) -> Result<Fix, String> {
    s.parse()
}

impl Args {
    /// The [`Query`] these arguments ask for.
    ///
    /// ```
    /// use clap::Parser;
    /// use queens::cli::Args;
    /// use queens::models::{Fix, Mode};
    /// let q = Args::try_parse_from(["queens", "--first", "3", "--fix", "0=0"]).unwrap().query();
    /// assert_eq!(q.mode, Mode::First(3));
    /// assert_eq!(q.fixes, [Fix { row: 0, col: 0 }]);
    /// ```
    pub fn query(&self) -> Query {
        let mode = if self.count {
            Mode::Count
        } else if self.all {
            Mode::All
        } else {
            Mode::First(self.first.unwrap_or(1))
        };
        Query {
            mode,
            fixes: self.fixes.clone(),
            unique: self.unique,
            labeling: self.labeling,
            seed: self.seed,
        }
    }
}

/// The program: parses `std::env::args`, runs, and returns the exit code.
///
/// Progress is shown only when stderr is a terminal; Ctrl-C is handled by [`interrupt`].
pub fn main() -> ExitCode {
    let args = match Args::try_parse() {
        Ok(args) => args,
        Err(err) => {
            let _ = err.print();
            return ExitCode::from(err.exit_code().clamp(0, 255) as u8);
        }
    };
    interrupt::install(!args.count);
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    let mut err = io::stderr();
    let show_progress = err.is_terminal();
    ExitCode::from(run(&args, &mut out, &mut err, show_progress))
}

/// Runs the parsed command line, writing boards or the count to `out` and messages,
/// progress and statistics to `err`; returns the [`exit`] code.
///
/// ```
/// use clap::Parser;
/// use queens::cli::{run, Args};
/// let args = Args::try_parse_from(["queens", "4", "--model", "backtrack", "--all", "--format", "list"]).unwrap();
/// let (mut out, mut err) = (Vec::new(), Vec::new());
/// assert_eq!(run(&args, &mut out, &mut err, false), 0);
/// assert_eq!(String::from_utf8(out).unwrap(), "(1 3 0 2)\n(2 0 3 1)\n");
///
/// let none = Args::try_parse_from(["queens", "3", "--model", "bitboard"]).unwrap();
/// let (mut out, mut err) = (Vec::new(), Vec::new());
/// assert_eq!(run(&none, &mut out, &mut err, false), 1);
/// assert_eq!(String::from_utf8(err).unwrap(), "no solution: the 3x3 board has none\n");
/// ```
pub fn run(args: &Args, out: &mut dyn Write, err: &mut dyn Write, show_progress: bool) -> u8 {
    let query = args.query();
    if let Err(e) = validate(args, &query) {
        let _ = writeln!(err, "error: {e}");
        return exit::USAGE;
    }
    let started = Instant::now();
    let mut stats = report::Stats::new(args.model, args.n);
    let code = if query.mode == Mode::Count {
        counting::count(args, &query, out, err, show_progress, &mut stats)
    } else {
        stream(args, &query, out, err, &mut stats)
    };
    if args.stats && code != exit::USAGE {
        stats.elapsed = Some(started.elapsed());
        let _ = stats.write(err);
    }
    code
}

/// Everything refused before any work: the model's own checks and the output's. A count's
/// size limit is a warning and a budget instead (`counting::count`).
fn validate(args: &Args, query: &Query) -> Result<(), String> {
    if query.mode == Mode::Count {
        models::check_query(args.model, args.n, query).map_err(|e| e.to_string())?;
    } else {
        models::check(args.model, args.n, query).map_err(|e| e.to_string())?;
    }
    if query.mode != Mode::Count && args.jobs.is_some() {
        return Err(
            "--jobs sets the threads of a --count (boards are listed by one thread, in order)"
                .to_string(),
        );
    }
    if args.max_memory.is_some() && !watch::can_read_memory() {
        return Err("--max-memory needs /proc/self/status (Linux)".to_string());
    }
    output::check(args.format.unwrap_or_default(), args.n)
}

/// First `k` or `--all`: the boards in the chosen format, stopping at Ctrl-C, and at
/// `--timeout` or `--max-memory` when given ([`bounded`]).
fn stream(
    args: &Args,
    query: &Query,
    out: &mut dyn Write,
    err: &mut dyn Write,
    stats: &mut report::Stats,
) -> u8 {
    let timeout = args.timeout.filter(|&t| t > 0.0);
    if timeout.is_none() && args.max_memory.is_none() {
        return match models::solutions(args.model, args.n, query) {
            Ok(boards) => {
                let boards = interrupt::until_interrupted(boards);
                print_boards(args, query, boards, &|| false, out, err, stats)
            }
            Err(e) => {
                let _ = writeln!(err, "error: {e}");
                exit::USAGE
            }
        };
    }
    let stop = kanren::CancelToken::new();
    let watcher = watch::start(
        stop.clone(),
        timeout.map(std::time::Duration::from_secs_f64),
        args.max_memory,
    );
    let (boards, end) = bounded::boards(args.model, args.n, query, stop);
    // A refusal ends the boards early too: it is reported below, not as "no solution".
    let ended_early = || {
        matches!(
            *end.borrow(),
            bounded::End::Stopped | bounded::End::Failed(_)
        )
    };
    let code = print_boards(args, query, boards, &ended_early, out, err, stats);
    let why = watcher.finish();
    if let bounded::End::Failed(e) = &*end.borrow() {
        let _ = writeln!(err, "error: {e}");
        return exit::USAGE;
    }
    if code == exit::STOPPED {
        let why = why.map_or("stopped".to_string(), |why| why.to_string());
        let printed = stats.solutions.unwrap_or(0);
        let _ = writeln!(
            err,
            "{why}: {printed} boards printed; the list is incomplete"
        );
    }
    code
}

/// Writes `boards` in the chosen format and says how it went (`ended_early`: whether a
/// budget cut the boards short, told once they have ended).
fn print_boards(
    args: &Args,
    query: &Query,
    boards: impl Iterator<Item = Vec<usize>>,
    ended_early: &dyn Fn() -> bool,
    out: &mut dyn Write,
    err: &mut dyn Write,
    stats: &mut report::Stats,
) -> u8 {
    let format = args.format.unwrap_or_default();
    let written = output::write(out, format, args.n, boards);
    if let Ok(count) = written {
        stats.record(models::Counted::solutions_only(count as u64));
    }
    if let Some(code) = finish_output(written.map(drop), err) {
        return code;
    }
    if interrupt::interrupted() {
        let _ = writeln!(err, "interrupted");
        return exit::INTERRUPTED;
    }
    if ended_early() {
        return exit::STOPPED;
    }
    if stats.solutions == Some(0) {
        let _ = writeln!(err, "no solution: {}", no_solution(args, query));
        return exit::NO_SOLUTION;
    }
    if format == Format::Board && args.n > output::DRAW_LIMIT {
        let _ = writeln!(
            err,
            "note: boards larger than {0}x{0} are printed in list form only",
            output::DRAW_LIMIT
        );
    }
    exit::OK
}

/// The exit code for a failed write (`None` when it succeeded): a closed pipe is a quiet
/// stop, anything else an I/O error.
fn finish_output(result: io::Result<()>, err: &mut dyn Write) -> Option<u8> {
    match result {
        Ok(()) => None,
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => Some(exit::OK),
        Err(e) => {
            let _ = writeln!(err, "error: writing the output: {e}");
            Some(exit::IO_ERROR)
        }
    }
}

/// Why a query printed nothing, in words.
fn no_solution(args: &Args, query: &Query) -> String {
    let n = args.n;
    if !args.model.is_exact() && n > 3 {
        return format!(
            "hill climbing gave up on the {n}x{n} board within its restart budget; try another --seed"
        );
    }
    if query.fixes.is_empty() {
        return format!("the {n}x{n} board has none");
    }
    let fixes: Vec<String> = query.fixes.iter().map(Fix::to_string).collect();
    format!(
        "the {n}x{n} board has none with queens at {}",
        fixes.join(", ")
    )
}

//! What the CLI says on stderr besides errors: a progress display for long counts and `--stats`.

use std::io::{self, Write};
use std::time::Duration;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

use crate::models::{self, Counted, Model};

/// The figures `--stats` prints; `None` where not measured.
///
/// ```
/// use queens::cli::report::Stats;
/// use queens::models::{Counted, Model};
/// let mut stats = Stats::new(Model::Bitboard, 8);
/// stats.record(Counted { solutions: 92, nodes: Some(1000), failures: Some(900) });
/// let mut err = Vec::new();
/// stats.write(&mut err).unwrap();
/// let text = String::from_utf8(err).unwrap();
/// assert!(text.contains("solutions: 92\n"));
/// assert!(text.contains("nodes:     1000\n"));
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Stats {
    /// The model that ran.
    pub model: Model,
    /// The board size.
    pub n: usize,
    /// Solutions counted or boards printed.
    pub solutions: Option<u64>,
    /// Queens placed by the search.
    pub nodes: Option<u64>,
    /// Dead ends of the search.
    pub failures: Option<u64>,
    /// Wall-clock time of the search and output.
    pub elapsed: Option<Duration>,
}

impl Stats {
    /// Nothing measured yet.
    ///
    /// ```
    /// let stats = queens::cli::report::Stats::new(queens::models::Model::List, 5);
    /// assert_eq!(stats.solutions, None);
    /// ```
    pub fn new(model: Model, n: usize) -> Stats {
        Stats {
            model,
            n,
            solutions: None,
            nodes: None,
            failures: None,
            elapsed: None,
        }
    }

    /// Takes the figures of a count.
    ///
    /// ```
    /// use queens::models::{Counted, Model};
    /// let mut stats = queens::cli::report::Stats::new(Model::List, 8);
    /// stats.record(Counted::solutions_only(92));
    /// assert_eq!((stats.solutions, stats.nodes), (Some(92), None));
    /// ```
    pub fn record(&mut self, counted: Counted) {
        self.solutions = Some(counted.solutions);
        self.nodes = counted.nodes;
        self.failures = counted.failures;
    }

    /// Writes the figures, one `name: value` line each; unmeasured ones say why.
    ///
    /// ```
    /// use queens::cli::report::Stats;
    /// let mut err = Vec::new();
    /// Stats::new(queens::models::Model::List, 4).write(&mut err).unwrap();
    /// assert!(String::from_utf8(err).unwrap().starts_with("model:     list\nn:         4\n"));
    /// ```
    pub fn write(&self, err: &mut dyn Write) -> io::Result<()> {
        let unmeasured = "not measured (only --count with backtrack or bitboard counts the search)";
        let figure = |value: Option<u64>| value.map_or(unmeasured.to_string(), |v| v.to_string());
        writeln!(err, "model:     {}", self.model)?;
        writeln!(err, "n:         {}", self.n)?;
        writeln!(err, "solutions: {}", figure(self.solutions))?;
        writeln!(err, "nodes:     {}", figure(self.nodes))?;
        writeln!(err, "failures:  {}", figure(self.failures))?;
        match self.elapsed {
            Some(t) => writeln!(err, "time:      {t:.3?}"),
            None => writeln!(err, "time:      not measured"),
        }
    }
}

/// The progress display of `--count` on stderr: a spinner with the solutions so far, and
/// for the backtrack and bitboard counters the first-row columns done. Hidden unless asked
/// for (the CLI asks when stderr is a terminal); cleared when finished.
///
/// ```
/// use queens::cli::report::Progress;
/// let mut hidden = Progress::new(false);
/// hidden.update(queens::models::Progress::Solutions(4096));
/// hidden.finish();
/// ```
pub struct Progress {
    bar: ProgressBar,
}

impl Progress {
    /// A display on stderr, or a hidden one when `show` is false.
    pub fn new(show: bool) -> Progress {
        let target = if show {
            ProgressDrawTarget::stderr()
        } else {
            ProgressDrawTarget::hidden()
        };
        let bar = ProgressBar::with_draw_target(None, target);
        bar.set_style(
            ProgressStyle::with_template("{spinner} counting [{elapsed}] {msg}")
                .expect("the template is valid"),
        );
        bar.enable_steady_tick(Duration::from_millis(120));
        Progress { bar }
    }

    /// Shows how far the count has got.
    pub fn update(&mut self, progress: models::Progress) {
        let message = match progress {
            models::Progress::Solutions(found) => format!("{found} solutions so far"),
            models::Progress::Branches {
                done,
                total,
                solutions,
            } => format!("first-row column {done}/{total}, {solutions} solutions so far"),
        };
        self.bar.set_message(message);
    }

    /// Removes the display.
    pub fn finish(self) {
        self.bar.finish_and_clear();
    }
}

/// A duration in words for a person: seconds, minutes, hours, days or years, two figures.
///
/// ```
/// use queens::cli::report::duration_words;
/// assert_eq!(duration_words(42.0), "about 42 s");
/// assert_eq!(duration_words(3600.0 * 5.0), "about 5.0 hours");
/// assert_eq!(duration_words(86400.0 * 400.0), "about 1.1 years");
/// ```
pub fn duration_words(secs: f64) -> String {
    let (value, unit) = if secs < 120.0 {
        return format!("about {secs:.0} s");
    } else if secs < 7200.0 {
        (secs / 60.0, "minutes")
    } else if secs < 2.0 * 86400.0 {
        (secs / 3600.0, "hours")
    } else if secs < 365.0 * 86400.0 {
        (secs / 86400.0, "days")
    } else {
        (secs / (365.0 * 86400.0), "years")
    };
    format!("about {value:.1} {unit}")
}

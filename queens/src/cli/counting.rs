//! `--count`: the single-threaded instrumented count, or the parallel, budgeted or partial
//! one ([`crate::models::within`]), with the warning past a model's size limit and the report
//! of a count stopped early.

use std::io::Write;

use super::{exit, finish_output, interrupt, report, watch, Args, DEFAULT_BUDGET_SECS};
use crate::models::{self, Query};

/// `--count`: the number on `out`, progress on `err` when asked.
pub(super) fn count(
    args: &Args,
    query: &Query,
    out: &mut dyn Write,
    err: &mut dyn Write,
    show_progress: bool,
    stats: &mut report::Stats,
) -> u8 {
    let row = models::limits::limit(args.model, query.labeling);
    let over = args.n > row.exhaustive;
    let mut timeout = args.timeout;
    if over {
        let expected = models::limits::expected_count_secs(args.model, query.labeling, args.n);
        let budget = match timeout {
            None => {
                timeout = Some(DEFAULT_BUDGET_SECS);
                format!(
                    "it stops after {DEFAULT_BUDGET_SECS} s unless you give --timeout SECONDS \
                     (--timeout 0: no limit)"
                )
            }
            Some(0.0) => "no time limit (--timeout 0)".to_string(),
            Some(t) => format!("it stops after {t} s (--timeout)"),
        };
        let _ = writeln!(
            err,
            "warning: counting {n}x{n} with --model {model} is past its usual limit of {limit} \
             ({why}); expected time on one core: {expected}; {budget}",
            n = args.n,
            model = args.model,
            limit = row.exhaustive,
            why = row.exhaustive_why,
            expected = report::duration_words(expected),
        );
    }
    let timeout = timeout.filter(|&t| t > 0.0);
    let jobs = args.jobs.unwrap_or(if args.stats { 1 } else { 0 });
    let sequential =
        jobs == 1 && timeout.is_none() && args.max_memory.is_none() && args.part.is_none();
    if sequential && !over {
        let mut progress = report::Progress::new(show_progress);
        let counted = models::count(args.model, args.n, query, &mut |p| progress.update(p));
        progress.finish();
        return print_count(counted, out, err, stats);
    }
    let within = models::within::Within {
        jobs,
        part: args.part,
        ..models::within::Within::default()
    };
    interrupt::stop_count_on_interrupt(within.stop.clone());
    let watcher = watch::start(
        within.stop.clone(),
        timeout.map(std::time::Duration::from_secs_f64),
        args.max_memory,
    );
    let counted = models::within::count_within(args.model, args.n, query, &within);
    let why = watcher.finish();
    match counted {
        Ok(c) if c.stopped => {
            let (code, why) = match why {
                Some(why) => (exit::STOPPED, why.to_string()),
                None => (exit::INTERRUPTED, "interrupted".to_string()),
            };
            let _ = writeln!(
                err,
                "{why}: {} boards counted so far; the count is incomplete",
                c.counted.solutions
            );
            code
        }
        Ok(c) => print_count(Ok(c.counted), out, err, stats),
        Err(e) => print_count(Err(e), out, err, stats),
    }
}

/// Prints a finished count (or its error).
fn print_count(
    counted: Result<models::Counted, models::ModelError>,
    out: &mut dyn Write,
    err: &mut dyn Write,
    stats: &mut report::Stats,
) -> u8 {
    match counted {
        Ok(counted) => {
            stats.record(counted);
            finish_output(
                writeln!(out, "{}", counted.solutions).and_then(|()| out.flush()),
                err,
            )
            .unwrap_or(exit::OK)
        }
        Err(e) => {
            let _ = writeln!(err, "error: {e}");
            exit::USAGE
        }
    }
}

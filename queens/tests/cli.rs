//! The `queens` binary end to end: output of each format, counts, every refusal, pipes, Ctrl-C.
//!
//! Each snapshot is a transcript: the command line, the exit code, stdout and stderr, so a
//! reviewer reads the whole behaviour at once.

use std::io::{BufRead, BufReader, Read};
use std::process::{Command, Output, Stdio};

fn queens() -> Command {
    Command::new(env!("CARGO_BIN_EXE_queens"))
}

fn run(args: &str) -> Output {
    queens()
        .args(args.split_whitespace())
        .output()
        .expect("the queens binary runs")
}

/// The command line, exit code, stdout and stderr; the `time:` line of `--stats` redacted.
fn transcript(args: &str) -> String {
    let output = run(args);
    let stderr = String::from_utf8(output.stderr).unwrap();
    let stderr: String = stderr
        .lines()
        .map(|line| {
            if line.starts_with("time:") {
                "time:      [redacted]\n".to_string()
            } else {
                format!("{line}\n")
            }
        })
        .collect();
    format!(
        "$ queens {args}\nexit: {}\n--- stdout\n{}--- stderr\n{stderr}",
        output
            .status
            .code()
            .map_or("signal".to_string(), |c| c.to_string()),
        String::from_utf8(output.stdout).unwrap(),
    )
}

fn stdout_of(args: &str) -> String {
    let output = run(args);
    assert!(output.status.success(), "queens {args}: {output:?}");
    String::from_utf8(output.stdout).unwrap()
}

// ---- Output of each format -------------------------------------------------------------

#[test]
fn board_format_first_solution() {
    insta::assert_snapshot!(transcript("8 --model backtrack"));
}

#[test]
fn board_format_all_of_four() {
    insta::assert_snapshot!(transcript("4 --model backtrack --all"));
}

#[test]
fn list_format_all_of_six() {
    insta::assert_snapshot!(transcript("6 --model list --all --format list"));
}

#[test]
fn json_format_all_of_four() {
    insta::assert_snapshot!(transcript("4 --model bitboard --all --format json"));
}

#[test]
fn json_format_first_three_of_five() {
    insta::assert_snapshot!(transcript("5 --model bitboard --first 3 --format json"));
}

#[test]
fn html_format_all_of_four() {
    insta::assert_snapshot!(transcript("4 --model backtrack --all --format html"));
}

#[test]
fn unique_boards_of_eight() {
    insta::assert_snapshot!(transcript(
        "8 --model bitboard --unique --all --format list"
    ));
}

#[test]
fn a_queen_on_a1_leaves_four_boards() {
    insta::assert_snapshot!(transcript(
        "8 --model backtrack --fix 0=0 --all --format list"
    ));
}

#[test]
fn pinned_queens_in_board_format() {
    insta::assert_snapshot!(transcript("7 --model list --fix 0=1 --fix 6=5 --first 2"));
}

#[test]
fn hill_climbing_with_a_seed() {
    insta::assert_snapshot!(transcript("8 --model hill-climb --seed 3"));
}

#[test]
fn stats_of_a_count_and_of_a_first_solution() {
    insta::assert_snapshot!(transcript("8 --model bitboard --count --stats"));
    insta::assert_snapshot!(transcript("8 --model backtrack --count --stats"));
    insta::assert_snapshot!(transcript("6 --model list --stats --format list"));
}

#[test]
fn wide_boards_are_printed_as_lists() {
    let output = run("200 --model hill-climb");
    assert!(output.status.success());
    let stdout = String::from_utf8(output.stdout).unwrap();
    assert_eq!(stdout.lines().count(), 1);
    let columns: Vec<usize> = stdout
        .trim()
        .trim_matches(|c| c == '(' || c == ')')
        .split(' ')
        .map(|c| c.parse().unwrap())
        .collect();
    assert!(queens::valid_solution(&columns) && columns.len() == 200);
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert_eq!(
        stderr,
        "note: boards larger than 100x100 are printed in list form only\n"
    );
}

// ---- Counts ------------------------------------------------------------------------------

#[test]
fn counts_of_the_first_post_for_every_built_in_exact_model() {
    for model in ["list", "backtrack", "bitboard"] {
        let count = |extra: &str| stdout_of(&format!("8 --model {model} --count {extra}"));
        assert_eq!(count(""), "92\n", "{model}");
        assert_eq!(count("--fix 0=0"), "4\n", "{model}");
        assert_eq!(count("--unique"), "12\n", "{model}");
    }
}

#[test]
fn counts_for_n_1_to_10_against_the_known_sequence() {
    const COUNTS: [u64; 10] = [1, 0, 0, 2, 10, 4, 40, 92, 352, 724];
    const UNIQUE: [u64; 10] = [1, 0, 0, 1, 2, 1, 6, 12, 46, 92];
    for n in 1..=10 {
        for model in ["backtrack", "bitboard"] {
            let count = stdout_of(&format!("{n} --model {model} --count"));
            assert_eq!(count, format!("{}\n", COUNTS[n - 1]), "{model} n = {n}");
        }
        let unique = stdout_of(&format!("{n} --model bitboard --count --unique"));
        assert_eq!(unique, format!("{}\n", UNIQUE[n - 1]), "n = {n}");
    }
}

#[test]
fn the_formats_agree_with_each_other() {
    let list = stdout_of("6 --model backtrack --all --format list");
    let json = stdout_of("6 --model backtrack --all --format json");
    assert_eq!(
        list.replace(' ', ",").replace('(', "[").replace(')', "]"),
        json
    );
    let html = stdout_of("6 --model backtrack --all --format html");
    for line in list.lines() {
        assert!(html.contains(&format!("title=\"{line}\"")));
    }
    assert_eq!(html.matches("class=\"board\"").count(), 4);
}

// ---- The FD and relational models ------------------------------------------------------

#[test]
fn fd_first_solution_is_core_logics() {
    insta::assert_snapshot!(transcript("8"));
    assert_eq!(stdout_of("8 --format list"), "(1 3 5 7 2 0 6 4)\n");
}

#[test]
fn fd_counts_of_the_first_post() {
    assert_eq!(stdout_of("8 --count"), "92\n");
    assert_eq!(stdout_of("8 --fix 0=0 --count"), "4\n");
    assert_eq!(stdout_of("8 --unique --count"), "12\n");
    for labeling in ["core", "leftmost", "ff"] {
        assert_eq!(
            stdout_of(&format!("8 --labeling {labeling} --count")),
            "92\n"
        );
    }
}

#[test]
fn fd_first_fail_reaches_large_boards() {
    let out = stdout_of("200 --labeling ff --format json");
    let columns: Vec<usize> = out
        .trim()
        .trim_matches(['[', ']'])
        .split(',')
        .map(|c| c.parse().unwrap())
        .collect();
    assert!(queens::valid_solution(&columns));
}

#[test]
fn relational_counts_of_the_first_post() {
    assert_eq!(stdout_of("8 --model relational --count"), "92\n");
    assert_eq!(stdout_of("8 --model relational --fix 0=0 --count"), "4\n");
    assert_eq!(stdout_of("8 --model relational --unique --count"), "12\n");
}

// ---- No solution ---------------------------------------------------------------------------

#[test]
fn no_solution_is_exit_code_1_and_a_count_of_0_is_not() {
    insta::assert_snapshot!(transcript("3 --model backtrack"));
    insta::assert_snapshot!(transcript("2 --model list --all --format list"));
    insta::assert_snapshot!(transcript("8 --model bitboard --fix 0=0 --fix 1=1"));
    insta::assert_snapshot!(transcript("8 --model bitboard --fix 0=0 --fix 1=1 --count"));
    insta::assert_snapshot!(transcript("3 --model hill-climb"));
}

// ---- Bad input: a message and exit code 2, never a panic ----------------------------------

/// Every refused command line, with its transcript in one snapshot.
const BAD_INPUTS: &[&str] = &[
    // N
    "0",
    "-3",
    "eight",
    "8.5",
    "99999999999999999999999",
    "4 5",
    // too large for the model, per mode
    "34 --model bitboard",
    "65 --model bitboard --first 2",
    "17 --model backtrack --all",
    "31 --model backtrack",
    "29 --model list",
    "20 --model backtrack --fix 0=0",
    "34 --model bitboard --unique",
    "10000001 --model hill-climb",
    "101 --model hill-climb --format html",
    // --fix
    "8 --model backtrack --fix 8=0",
    "8 --model backtrack --fix 0=8",
    "8 --model backtrack --fix 0",
    "8 --model backtrack --fix a=1",
    "8 --model backtrack --fix -1=2",
    "8 --model backtrack --fix 0=1=2",
    "8 --model backtrack --fix 2=3 --fix 2=3",
    "8 --model backtrack --fix 2=3 --fix 2=5",
    "8 --model backtrack --fix 0=0 --unique",
    // conflicting flags
    "8 --model backtrack --count --all",
    "8 --model backtrack --count --first 3",
    "8 --model backtrack --all --first 3",
    "8 --model backtrack --count --format json",
    "8 --model backtrack --labeling ff",
    "8 --model bitboard --seed 4",
    "8 --model hill-climb --count",
    "8 --model hill-climb --all",
    "8 --model hill-climb --first 2",
    "8 --model hill-climb --unique",
    "8 --model hill-climb --fix 0=0",
    // other malformed values
    "8 --model backtrack --first 0",
    "8 --model backtrack --first x",
    "8 --model quantum",
    "8 --model backtrack --format pdf",
    "8 --model hill-climb --seed -1",
    "8 --model backtrack --labeling random",
    "8 --model backtrack --frobnicate",
    // threads, budgets, parts
    "8 --count --jobs 0",
    "8 --count --jobs two",
    "8 --count --timeout -1",
    "8 --count --timeout soon",
    "8 --count --max-memory 0",
    "8 --count --part 0/3",
    "8 --count --part 4/3",
    "8 --count --part 3",
    "8 --part 1/2",
    "8 --all --jobs 2",
    "8 --model relational --count --part 1/2",
    "8 --model bitboard --count --part 1/2 --fix 0=0",
];

#[test]
fn every_bad_input_gets_a_message_and_exit_code_2() {
    let mut all = String::new();
    for args in BAD_INPUTS {
        let output = run(args);
        assert_eq!(output.status.code(), Some(2), "queens {args}: {output:?}");
        assert!(output.stdout.is_empty(), "queens {args} printed to stdout");
        let stderr = String::from_utf8(output.stderr).unwrap();
        assert!(stderr.starts_with("error: "), "queens {args}: {stderr}");
        assert!(!stderr.contains("panicked"), "queens {args}: {stderr}");
        all.push_str(&transcript(args));
        all.push('\n');
    }
    insta::assert_snapshot!(all);
}

// ---- Pipes and Ctrl-C -----------------------------------------------------------------------

#[test]
fn a_closed_stdout_ends_quietly() {
    let mut child = queens()
        .args(["12", "--model", "bitboard", "--all", "--format", "list"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut first = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut first)
        .unwrap();
    assert_eq!(first, "(0 2 4 7 9 11 5 10 1 6 8 3)\n");
    // The reader is dropped: the pipe is closed with 14 199 boards still to come.
    let mut stderr = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut stderr)
        .unwrap();
    let status = child.wait().unwrap();
    assert_eq!(stderr, "");
    assert_eq!(status.code(), Some(0));
}

#[cfg(unix)]
fn interrupt(child: &std::process::Child) {
    let pid = libc::pid_t::try_from(child.id()).unwrap();
    // SAFETY: sending a signal to our own child process has no memory effects here.
    assert_eq!(unsafe { libc::kill(pid, libc::SIGINT) }, 0);
}

#[cfg(unix)]
#[test]
fn ctrl_c_during_all_finishes_the_output_and_exits_130() {
    for format in ["list", "html"] {
        let mut child = queens()
            .args(["14", "--model", "bitboard", "--all", "--format", format])
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let mut stdout = BufReader::new(child.stdout.take().unwrap());
        let mut line = String::new();
        for _ in 0..20 {
            line.clear();
            stdout.read_line(&mut line).unwrap();
        }
        // The child is now blocked on a full pipe, mid-stream.
        interrupt(&child);
        let mut rest = String::new();
        stdout.read_to_string(&mut rest).unwrap();
        let mut stderr = String::new();
        child
            .stderr
            .take()
            .unwrap()
            .read_to_string(&mut stderr)
            .unwrap();
        let status = child.wait().unwrap();
        assert_eq!(status.code(), Some(130), "{format}: {stderr}");
        assert_eq!(stderr, "interrupted\n", "{format}");
        assert!(rest.ends_with('\n'), "{format}: the last board is complete");
        if format == "html" {
            assert!(
                rest.ends_with("</div>\n</body>\n</html>\n"),
                "the page is closed"
            );
        } else {
            assert!(rest.lines().count() < 365_596, "stopped early");
            assert!(rest.lines().all(|l| l.starts_with('(') && l.ends_with(')')));
        }
    }
}

#[cfg(unix)]
#[test]
fn ctrl_c_during_a_count_stops_it_with_the_count_so_far() {
    for jobs in ["1", "2"] {
        let child = queens()
            .args(["16", "--model", "backtrack", "--count", "--jobs", jobs])
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        std::thread::sleep(std::time::Duration::from_millis(300));
        let started = std::time::Instant::now();
        interrupt(&child);
        let output = child.wait_with_output().unwrap();
        assert!(started.elapsed() < std::time::Duration::from_secs(5));
        assert_eq!(output.status.code(), Some(130));
        assert!(output.stdout.is_empty());
        let stderr = String::from_utf8(output.stderr).unwrap();
        if jobs == "1" {
            // The single-threaded count has nothing to report: it exits at once.
            assert_eq!(stderr, "\ninterrupted\n");
        } else {
            assert!(stderr.starts_with("\ninterrupted: "), "{stderr}");
            assert!(stderr.ends_with(" boards counted so far; the count is incomplete\n"));
        }
    }
}

// ---- Threads, budgets and parts -------------------------------------------------------------

#[test]
fn every_counting_model_counts_on_two_threads() {
    for model in ["fd", "relational", "list", "backtrack", "bitboard"] {
        assert_eq!(
            stdout_of(&format!("7 --model {model} --count --jobs 2")),
            "40\n",
            "{model}"
        );
    }
}

#[test]
fn a_timeout_stops_a_count_with_exit_4() {
    let started = std::time::Instant::now();
    let output = run("17 --model relational --count --timeout 0.2");
    assert!(started.elapsed() < std::time::Duration::from_secs(10));
    assert_eq!(output.status.code(), Some(4));
    assert!(output.stdout.is_empty());
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(
        stderr.starts_with(
            "warning: counting 17x17 with --model relational is past its usual limit of 11"
        ),
        "{stderr}"
    );
    assert!(
        stderr.contains("stopped after 0.2 s (--timeout): "),
        "{stderr}"
    );
}

#[test]
fn a_count_past_the_limit_gets_a_warning_not_a_refusal() {
    let output = run("17 --model backtrack --count --timeout 0.1 --jobs 1");
    assert_eq!(output.status.code(), Some(4));
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(
        stderr.contains("expected time on one core: about"),
        "{stderr}"
    );
    assert!(!stderr.contains("error"), "{stderr}");
}

#[test]
fn a_memory_cap_stops_a_count() {
    if !queens::cli::watch::can_read_memory() {
        return;
    }
    let output = run("16 --model fd --count --max-memory 1");
    assert_eq!(output.status.code(), Some(4));
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(
        stderr.contains("stopped at 1 MB of memory (--max-memory): "),
        "{stderr}"
    );
}

#[test]
fn the_parts_of_a_count_add_up() {
    for model in ["bitboard", "backtrack"] {
        let sum: u64 = (1..=4)
            .map(|i| {
                stdout_of(&format!("9 --model {model} --count --part {i}/4"))
                    .trim()
                    .parse::<u64>()
                    .unwrap()
            })
            .sum();
        assert_eq!(sum, 352, "{model}");
    }
}

#[test]
fn a_timeout_stops_a_list_and_keeps_what_was_printed() {
    // The interleaved relational stream takes about 20 s to list n = 11; its first boards
    // come at once.
    let started = std::time::Instant::now();
    let output = run("11 --model relational --all --format list --timeout 0.5");
    assert!(started.elapsed() < std::time::Duration::from_secs(10));
    assert_eq!(output.status.code(), Some(4), "{output:?}");
    let stdout = String::from_utf8(output.stdout).unwrap();
    let printed = stdout.lines().count();
    assert!(printed > 0, "no board printed in 0.5 s");
    assert!(stdout
        .lines()
        .all(|l| l.starts_with('(') && l.ends_with(')')));
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert_eq!(
        stderr,
        format!(
            "stopped after 0.5 s (--timeout): {printed} boards printed; the list is incomplete\n"
        )
    );
}

#[test]
fn a_timeout_stops_a_first_board_that_is_slow_to_come() {
    // The backtracker takes seconds for its first board of 30 (minutes in a debug build):
    // the search thread is left behind.
    let started = std::time::Instant::now();
    let output = run("30 --model backtrack --format list --timeout 0.2");
    assert!(started.elapsed() < std::time::Duration::from_secs(10));
    assert_eq!(output.status.code(), Some(4), "{output:?}");
    assert!(output.stdout.is_empty());
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert_eq!(
        stderr,
        "stopped after 0.2 s (--timeout): 0 boards printed; the list is incomplete\n"
    );
}

#[test]
fn a_list_that_ends_within_its_budget_is_whole() {
    let output = run("6 --model relational --all --format list --timeout 60 --max-memory 4000");
    assert_eq!(output.status.code(), Some(0), "{output:?}");
    assert_eq!(String::from_utf8(output.stdout).unwrap().lines().count(), 4);
    assert!(output.stderr.is_empty());
    let html = run("4 --model backtrack --all --format html --timeout 60");
    assert_eq!(html.status.code(), Some(0));
    assert!(String::from_utf8(html.stdout)
        .unwrap()
        .ends_with("</html>\n"));
    let none = run("3 --model backtrack --timeout 60");
    assert_eq!(none.status.code(), Some(1));
}

#[test]
fn a_memory_cap_stops_a_list() {
    if !queens::cli::watch::can_read_memory() {
        return;
    }
    let output = run("11 --model relational --all --format list --max-memory 1");
    assert_eq!(output.status.code(), Some(4));
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(
        stderr.starts_with("stopped at 1 MB of memory (--max-memory): "),
        "{stderr}"
    );
}

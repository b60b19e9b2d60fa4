//! The FD model as a whole process: `fd N [core|leftmost|ff] [count|first] [break] [a1] [dfs]`.
//!
//! Prints the number of solutions (`count`, the default) or the first board (`first`) of the
//! first post's `queens-logic` with the chosen labeling; `break` adds the symmetry-breaking
//! constraints, `a1` pins a queen on a1, `dfs` searches depth-first. For `/usr/bin/time -f "%e s %M KB"` measurements.
use queens::fd::{count, solutions, FdQuery, Labeling};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let n: usize = args.first().and_then(|a| a.parse().ok()).unwrap_or(8);
    let has = |flag: &str| args.iter().any(|a| a == flag);
    let labeling = if has("ff") {
        Labeling::FirstFail
    } else if has("leftmost") {
        Labeling::Leftmost
    } else {
        Labeling::Core
    };
    let query = FdQuery {
        labeling,
        fixes: if has("a1") { vec![(0, 0)] } else { vec![] },
        break_symmetry: has("break"),
        depth_first: has("dfs"),
    };
    let t = std::time::Instant::now();
    if has("first") {
        match solutions(n, &query).next() {
            Some(board) if n <= 20 => println!("{board:?}"),
            Some(board) => {
                assert!(queens::valid_solution(&board), "invalid board");
                println!("valid board for n = {n}; first columns {:?}", &board[..10]);
            }
            None => println!("no solution"),
        }
    } else {
        println!("{}", count(n, &query));
    }
    eprintln!("{:?} in {:.3?}", query, t.elapsed());
}

//! The second post's relational queens, all boards, three ways over the same goals:
//! `orders N [interleaved|stream|fold]`.
//!
//! `interleaved` pulls the answers in core.logic's order (the frontier of `kanren::run_all`),
//! `stream` pulls them depth-first from the same stream nodes (`Answers::depth_first` with
//! `next`), `fold` counts them depth-first by continuation-passing (`Answers::depth_first`
//! folded: no stream nodes at all, what `queens --count` runs). The first two differ only in
//! the order in which the stream is forced, the last two only in how the depth-first search
//! is represented; for `/usr/bin/time` and callgrind measurements (docs/performance.md).
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let n: usize = args.first().and_then(|a| a.parse().ok()).unwrap_or(8);
    let how = args.get(1).map_or("interleaved", String::as_str);
    let answers = queens::relational::nqueens_answers(n);
    // Each board read as `solve-nqueens` gives it (and checked, so none is skipped).
    let read = |a: &kanren::Answer| assert_eq!(queens::relational::columns(a.value()).len(), n);
    let boards = match how {
        "interleaved" => answers.inspect(read).count(),
        "stream" => {
            let mut answers = answers.depth_first();
            std::iter::from_fn(|| answers.next()).inspect(read).count()
        }
        "fold" => answers.depth_first().count(),
        other => {
            eprintln!("orders: expected interleaved, stream or fold, not {other:?}");
            std::process::exit(2);
        }
    };
    println!("{boards}");
}

//! Single-source transitive closure with a left-recursive tabled `path` over a graph of facts:
//! the program `engine/benches/tabling/compare.sh` times against SWI-Prolog's tabling.
//!
//! `cargo run --release -p kanren --example tabled_closure -- chain 10000` prints how many
//! nodes `path(0, Y)` reaches and the time it took; `-- random 10000 prolog` prints the same
//! graph as Prolog facts instead (the graph: `chain N` is 0 -> 1 -> ... -> N; `random E` is E
//! edges between E / 2 nodes, drawn by a fixed linear congruential generator).

use kanren::pldb::{self, Db, Rel};
use kanren::{conde, conj, fresh, run_all, Tabled, Term};
use std::time::Instant;

const USAGE: &str = "usage: tabled_closure (chain|random) EDGES [prolog]";

fn edges(kind: &str, n: u64) -> Vec<(u64, u64)> {
    match kind {
        "chain" => (0..n).map(|i| (i, i + 1)).collect(),
        "random" => {
            let nodes = (n / 2).max(1);
            let mut x: u64 = 12345;
            let mut next = move || {
                x = x
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                (x >> 33) % nodes
            };
            (0..n).map(|_| (next(), next())).collect()
        }
        _ => {
            eprintln!("{USAGE}");
            std::process::exit(2)
        }
    }
}

fn left_path(edge: Rel, db: Db) -> Tabled<2> {
    Tabled::new(move |me, [x, y]| {
        let (me, e1, d1, x1, y1) = (me.clone(), edge.clone(), db.clone(), x.clone(), y.clone());
        conde([
            vec![fresh(move |[z]| {
                conj([
                    me.call([x1.clone(), z.into()]),
                    pldb::with_db(&d1, e1.call([z.into(), y1.clone()])),
                ])
            })],
            vec![pldb::with_db(&db, edge.call([x, y]))],
        ])
    })
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (Some(kind), Some(n)) = (
        args.first(),
        args.get(1).and_then(|n| n.parse::<u64>().ok()),
    ) else {
        eprintln!("{USAGE}");
        std::process::exit(2)
    };
    let graph = edges(kind, n);
    if args.get(2).map(String::as_str) == Some("prolog") {
        for (a, b) in graph {
            println!("edge({a}, {b}).");
        }
        return;
    }
    let edge = pldb::indexed_rel("edge", [true, false]);
    let db = Db::new().facts(&edge, graph.iter().map(|&(a, b)| [a as i64, b as i64]));
    let path = left_path(edge, db);
    // The query alone, as SWI-Prolog's time is taken after it has loaded the facts.
    let start = Instant::now();
    let reached = run_all(|q| path.call([Term::from(0), q.into()])).count();
    println!("{reached} {:.1} ms", start.elapsed().as_secs_f64() * 1e3);
}

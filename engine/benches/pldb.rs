//! Fact databases: a lookup among 100 000 facts through an indexed argument against the same
//! lookup scanning every fact (an unindexed relation with the same facts), for the first answer
//! and for all of them.
use criterion::{criterion_group, criterion_main, Criterion};
use kanren::pldb::{self, Db, Rel};
use kanren::{run, run_all, Term};
use std::hint::black_box;
use std::time::Duration;

const FACTS: i64 = 100_000;

/// `edge(i, i + 1)` and `edge(i, i + 2)` for every `i`, in `rel`.
fn graph(rel: &Rel) -> Db {
    Db::new().facts(rel, (0..FACTS).flat_map(|i| [[i, i + 1], [i, i + 2]]))
}

fn lookups(c: &mut Criterion) {
    let indexed = pldb::indexed_rel("edge", [true, false]);
    let plain = pldb::rel("edge", 2);
    let (di, dp) = (graph(&indexed), graph(&plain));
    let mut g = c.benchmark_group("pldb_100k");
    g.warm_up_time(Duration::from_millis(500));
    g.measurement_time(Duration::from_secs(2));
    g.sample_size(10);
    for (name, rel, db) in [("indexed", &indexed, &di), ("scan", &plain, &dp)] {
        g.bench_function(format!("{name}/first"), |b| {
            b.iter(|| {
                let (rel, db) = (rel.clone(), db.clone());
                let q = run(1, move |q| {
                    pldb::with_db(&db, rel.call([Term::from(black_box(77_777)), q.into()]))
                });
                black_box(q.count())
            })
        });
        g.bench_function(format!("{name}/all"), |b| {
            b.iter(|| {
                let (rel, db) = (rel.clone(), db.clone());
                let q = run_all(move |q| {
                    pldb::with_db(&db, rel.call([Term::from(black_box(77_777)), q.into()]))
                });
                black_box(q.count())
            })
        });
    }
    g.finish();
}

criterion_group!(benches, lookups);
criterion_main!(benches);

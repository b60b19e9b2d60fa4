//! Kernel benchmarks: walk, unify, a recursive relation (appendo), and streaming answers.
//!
//! Run with `cargo bench -p kanren --bench kernel`; figures go to docs/performance.md.

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use kanren::{
    conde, conj, defrel, disj, eq, fresh, list, run_all, unify, Bound, Goal, Subst, Term, Var,
};
use std::hint::black_box;

defrel! {
    /// `out` is `l` followed by `s`.
    fn appendo(l, s, out) {
        conde!(
            [eq(&l, list![]), eq(&s, &out)],
            [fresh!([a, d, res], eq(&l, list![a; d]), eq(&out, list![a; res]), appendo(d, &s, res))],
        )
    }
}

fn digito(x: Var) -> Goal {
    disj((0..10).map(move |d| eq(x, d)))
}

fn walk(c: &mut Criterion) {
    let mut g = c.benchmark_group("walk");
    for len in [1usize, 10, 100] {
        let vars: Vec<Var> = (0..=len).map(|_| Var::fresh()).collect();
        let mut s = Subst::default();
        for w in vars.windows(2) {
            s = s.extend(w[0], w[1].into());
        }
        s = s.extend(vars[len], 42.into());
        let start = Term::from(vars[0]);
        g.bench_with_input(BenchmarkId::new("chain", len), &len, |b, _| {
            b.iter(|| black_box(s.walk(black_box(&start))))
        });
    }
    g.finish();
}

fn unify_lists(c: &mut Criterion) {
    let mut g = c.benchmark_group("unify");
    for len in [10usize, 1000] {
        let vars: Vec<Var> = (0..len).map(|_| Var::fresh()).collect();
        let pattern = Term::list(vars.iter().copied());
        let ground = Term::list(0..len);
        g.throughput(Throughput::Elements(len as u64));
        g.bench_with_input(
            BenchmarkId::new("vars_with_ground_list", len),
            &len,
            |b, _| {
                b.iter(|| {
                    let mut bound = Bound::new();
                    black_box(unify(
                        &Subst::default(),
                        &pattern,
                        &ground,
                        true,
                        &mut bound,
                    ))
                })
            },
        );
    }
    g.finish();
}

fn appendo_splits(c: &mut Criterion) {
    let mut g = c.benchmark_group("appendo");
    let len = 1000;
    let whole = Term::list(0..len);
    g.throughput(Throughput::Elements(len as u64 + 1));
    g.bench_function("all_splits_of_1000", |b| {
        b.iter(|| {
            let whole = whole.clone();
            let n = run_all(move |q| {
                fresh(move |[x, y]| conj([appendo(x, y, &whole), eq(q, list![x, y])]))
            })
            .count();
            assert_eq!(n, len + 1);
        })
    });
    g.finish();
}

fn stream_answers(c: &mut Criterion) {
    let mut g = c.benchmark_group("run_all");
    g.sample_size(10);
    g.throughput(Throughput::Elements(100_000));
    g.bench_function("100000_answers", |b| {
        b.iter(|| {
            let n = run_all(|q| {
                fresh(move |[a, b, c, d, e]| {
                    conj([
                        digito(a),
                        digito(b),
                        digito(c),
                        digito(d),
                        digito(e),
                        eq(q, list![a, b, c, d, e]),
                    ])
                })
            })
            .count();
            assert_eq!(n, 100_000);
        })
    });
    g.finish();
}

criterion_group!(kernel, walk, unify_lists, appendo_splits, stream_answers);
criterion_main!(kernel);

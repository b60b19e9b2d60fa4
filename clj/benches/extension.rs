//! core.logic's extension layer against the same work in core.logic's own forms: a goal
//! written as a Clojure function of the substitution (`(fn [a] (unify a y (inc (walk a x))))`)
//! against `project`, and a constraint value of core.logic's protocols (`cgoal`) against the
//! engine's `predc`, each over 500 answers of `membero`.
use criterion::{criterion_group, criterion_main, Criterion};
use std::time::Duration;

const DEFS: &str = r#"
(use 'clojure.core.logic.protocols)
(def xs (vec (range 500)))
(defn inc-project [x y] (project [x] (== y (inc x))))
(defn inc-fn [x y] (fn [a] (unify a y (inc (walk a x)))))
(defn even-c [x]
  (reify
    IConstraintStep
    (-step [this s]
      (let [v (walk s x)]
        (reify
          clojure.lang.IFn
          (invoke [_ s] (when (even? v) ((remcg this) s)))
          IRunnable
          (-runnable? [_] (not (lvar? v))))))
    IConstraintOp
    (-rator [_] 'even)
    (-rands [_] [x])
    IConstraintWatchedStores
    (-watched-stores [_] #{:clojure.core.logic/subst})))
"#;

fn goals(c: &mut Criterion) {
    kanren_clj::init();
    kanren_clj::eval_str(DEFS).expect("the definitions load");
    let mut g = c.benchmark_group("extension_500");
    g.warm_up_time(Duration::from_millis(500));
    g.measurement_time(Duration::from_secs(3));
    for (name, src) in [
        (
            "project",
            "(count (run* [q] (fresh [x] (membero x xs) (inc-project x q))))",
        ),
        (
            "goal_fn",
            "(count (run* [q] (fresh [x] (membero x xs) (inc-fn x q))))",
        ),
        ("predc", "(count (run* [q] (predc q even?) (membero q xs)))"),
        (
            "cgoal",
            "(count (run* [q] (cgoal (even-c q)) (membero q xs)))",
        ),
    ] {
        g.bench_function(name, |b| {
            b.iter(|| kanren_clj::eval_str(src).expect("the query runs"))
        });
    }
    g.finish();
}

criterion_group!(benches, goals);
criterion_main!(benches);

//! bench.clj's finite-domain programs: cryptarithmetic, Dinesman's dwelling puzzle, the Oz
//! tutorial's simple problem, the matches (stone weights) puzzle, the Oz safe puzzle and
//! magic squares.

use kanren::{
    conde, conj, defne, eq, everyg, everyg_term, fd, fd_eq, fresh, project, run_all, run_nc_all,
    Answer, Goal, Term, Var,
};

/// SEND + MORE = MONEY with FD constraints, first-fail at reification.
///
/// ```clojure
/// (defn cryptarithfd-1 []
///   (run-nc* [s e n d m o r y :as q]
///     (fd/in s e n d m o r y (fd/interval 0 9))
///     (fd/distinct q)
///     (distribute q ::l/ff)
///     (fd/!= m 0) (fd/!= s 0)
///     (fd/eq
///       (=             (+ (* 1000 s) (* 100 e) (* 10 n) d
///                         (* 1000 m) (* 100 o) (* 10 r) e)
///          (+ (* 10000 m) (* 1000 o) (* 100 n) (* 10 e) y)))))
/// ```
pub fn cryptarithfd_1() -> Vec<Answer> {
    run_nc_all(|q| {
        fresh(move |vs: [Var; 8]| {
            let [s, e, n, d, m, o, r, y] = vs;
            conj([
                eq(q, vs.to_vec()),
                fd::in_(vs, fd::interval(0, 9)),
                fd::distinct(vs),
                fd::distribute(q, fd::Strategy::FirstFail),
                fd::neq(m, 0),
                fd::neq(s, 0),
                fd_eq!(
                    1000 * s + 100 * e + 10 * n + d + 1000 * m + 100 * o + 10 * r + e
                        == 10000 * m + 1000 * o + 100 * n + 10 * e + y
                ),
            ])
        })
    })
    .collect()
}

/// DONALD + GERALD = ROBERT (Bratko, 3rd ed., pg 343).
///
/// ```clojure
/// (defn cryptarithfd-2 []
///   (run-nc* [d o n a l g e r b t :as q]
///     (distribute q ::l/ff)
///     (fd/in d o n a l g e r b t (fd/interval 0 9))
///     (fd/distinct q)
///     (fd/eq
///      (= (+ (* 100000 d) (* 10000 o) (* 1000 n) (* 100 a) (* 10 l) d
///            (* 100000 g) (* 10000 e) (* 1000 r) (* 100 a) (* 10 l) d)
///         (+ (* 100000 r) (* 10000 o) (* 1000 b) (* 100 e) (* 10 r) t)))))
/// ```
pub fn cryptarithfd_2() -> Vec<Answer> {
    run_nc_all(|q| {
        fresh(move |vs: [Var; 10]| {
            let [d, o, n, a, l, g, e, r, b, t] = vs;
            conj([
                eq(q, vs.to_vec()),
                fd::distribute(q, fd::Strategy::FirstFail),
                fd::in_(vs, fd::interval(0, 9)),
                fd::distinct(vs),
                fd_eq!(
                    100000 * d
                        + 10000 * o
                        + 1000 * n
                        + 100 * a
                        + 10 * l
                        + d
                        + 100000 * g
                        + 10000 * e
                        + 1000 * r
                        + 100 * a
                        + 10 * l
                        + d
                        == 100000 * r + 10000 * o + 1000 * b + 100 * e + 10 * r + t
                ),
            ])
        })
    })
    .collect()
}

/// `x` and `y` are at least two floors apart.
///
/// ```clojure
/// (defn not-adjacento [x y]
///   (fresh [f]
///     (fd/in f (fd/interval 1 5))
///     (conde
///       [(fd/+ x f y) (fd/< 1 f)]
///       [(fd/+ y f x) (fd/< 1 f)])))
/// ```
pub fn not_adjacento(x: impl Into<Term>, y: impl Into<Term>) -> Goal {
    let (x, y) = (x.into(), y.into());
    fresh(move |[f]| {
        conj([
            fd::in_(f, fd::interval(1, 5)),
            conde!(
                [fd::plus(&x, f, &y), fd::lt(1, f)],
                [fd::plus(&y, f, &x), fd::lt(1, f)]
            ),
        ])
    })
}

/// Who lives on which floor.
///
/// ```clojure
/// (defn dinesmanfd []
///   (run* [baker cooper fletcher miller smith :as vs]
///     (fd/distinct vs)
///     (everyg #(fd/in % (fd/interval 1 5)) vs)
///     (fd/!= baker 5) (fd/!= cooper 1)
///     (fd/!= fletcher 5) (fd/!= fletcher 1)
///     (fd/< cooper miller)
///     (not-adjacento smith fletcher)
///     (not-adjacento fletcher cooper)))
/// ```
pub fn dinesmanfd() -> Vec<Answer> {
    kanren::run!(*, [baker, cooper, fletcher, miller, smith] as vs =>
        fd::distinct(vs),
        everyg_term(|v| fd::in_(v, fd::interval(1, 5)), vs),
        fd::neq(baker, 5), fd::neq(cooper, 1),
        fd::neq(fletcher, 5), fd::neq(fletcher, 1),
        fd::lt(cooper, miller),
        not_adjacento(smith, fletcher),
        not_adjacento(fletcher, cooper))
    .collect()
}

/// The Oz tutorial's first problem (Schulte & Smolka), with the primitive constraints.
///
/// ```clojure
/// (defn simplefd []
///   (run* [x y]
///     (fd/in x y (fd/interval 0 9))
///     (fd/+ x y 9)
///     (fresh [p0 p1]
///       (fd/* 2 x p0)
///       (fd/* 4 y p1)
///       (fd/+ p0 p1 24))))
/// ```
pub fn simplefd() -> Vec<Answer> {
    kanren::run!(*, [x, y] =>
        fd::in_([x, y], fd::interval(0, 9)),
        fd::plus(x, y, 9),
        fresh!([p0, p1],
            fd::times(2, x, p0),
            fd::times(4, y, p1),
            fd::plus(p0, p1, 24)))
    .collect()
}

/// The same with `fd/eq`.
///
/// ```clojure
/// (defn simple-fd-eq []
///   (run* [x y]
///     (fd/in x y (fd/interval 0 9))
///     (fd/eq
///      (= (+ x y) 9)
///      (= (+ (* x 2) (* y 4)) 24))))
/// ```
pub fn simple_fd_eq() -> Vec<Answer> {
    kanren::run!(*, [x, y] =>
        fd::in_([x, y], fd::interval(0, 9)),
        fd_eq!(x + y == 9, x * 2 + y * 4 == 24))
    .collect()
}

/// No multiple of 3 is 34: `(run* [q] (fresh [a b] (fd/* a 3 34)))` (bench.clj follows it
/// with `(debug-doms)`, which prints the domains).
pub fn times_34() -> Vec<Answer> {
    run_all(|_q| fresh!([a, _b], fd::times(a, 3, 34))).collect()
}

defne! {
    /// The stone `w` extends the range `r` of weights the stones `sl` can measure to `o`
    /// (all up to `n`).
    ///
    /// ```clojure
    /// (defne subchecko [w sl r o n]
    ///   ([_ () _ _ _]
    ///      (fresh [hr]
    ///        (fd/in hr (fd/interval 1 n))
    ///        (matche [r o]
    ///          ([[hr . _] [w . r]] (fd/+ hr 1 w))
    ///          ([() [w . r]]))))
    ///   ([_ [hsl . rsl] _ _ _]
    ///      (fresh [w-hsl w+hsl o0 o1 nw]
    ///        (fd/in hsl w-hsl w+hsl (fd/interval 1 n))
    ///        (fd/+ hsl w-hsl w) (fd/+ hsl w w+hsl)
    ///        (subchecko w-hsl rsl r  o0 n)
    ///        (subchecko w     rsl o0 o1 n)
    ///        (subchecko w+hsl rsl o1 o  n))))
    /// ```
    pub fn subchecko(w, sl, r, o, n) {
        ([_ () _ _ _]
            fresh!([hr],
                fd::in_(hr, fd::interval(1, &n)),
                extendo(hr, &w, &r, &o)))
        ([_ [hsl . rsl] _ _ _]
            fresh!([w_hsl, w_plus_hsl, o0, o1],
                fd::in_([hsl.clone(), w_hsl.into(), w_plus_hsl.into()], fd::interval(1, &n)),
                fd::plus(&hsl, w_hsl, &w),
                fd::plus(&hsl, &w, w_plus_hsl),
                subchecko(w_hsl, &rsl, &r, o0, &n),
                subchecko(&w, &rsl, o0, o1, &n),
                subchecko(w_plus_hsl, &rsl, o1, &o, &n)))
    }
}

/// The `matche` of `subchecko`'s first clause: `w` extends the range `r` (whose top is `hr`)
/// to `o`, or starts it.
///
/// ```clojure
/// (matche [r o]
///   ([[hr . _] [w . r]] (fd/+ hr 1 w))
///   ([() [w . r]]))
/// ```
///
/// In core.logic's `matche`, a pattern symbol that names a local (`hr`, `w` and `r` are all
/// locals here) stands for that local, where kanren's `matche!` would make it a new variable
/// (its `{expr}` names a value): the clauses are written out as the unifications they are.
fn extendo(hr: Var, w: &Term, r: &Term, o: &Term) -> Goal {
    conde!(
        [
            eq(r, Term::cons(hr, Var::fresh())),
            eq(o, Term::cons(w, r)),
            fd::plus(hr, 1, w)
        ],
        [eq(r, Term::Nil), eq(o, Term::cons(w, r))]
    )
}

defne! {
    /// The weights `ws` (added to the stones `sl`) measure every weight from 1 to `n`; `r`
    /// is the range measured so far, from its top down.
    ///
    /// ```clojure
    /// (defne checko [ws sl r n]
    ///   ([() _ [a . _] a])
    ///   ([[w . wr] _ _ _]
    ///      (fresh [nsl nr]
    ///        (subchecko w sl r nr n)
    ///        (conso w sl nsl)
    ///        (checko wr nsl nr n))))
    /// ```
    pub fn checko(ws, sl, r, n) {
        ([() _ [a . _] a])
        ([[w . wr] _ _ _]
            fresh!([nsl, nr],
                subchecko(&w, &sl, &r, nr, &n),
                kanren::conso(&w, &sl, nsl),
                checko(&wr, nsl, nr, &n)))
    }
}

/// Four weights that measure every weight from 1 to `n`.
///
/// ```clojure
/// (defn matches [n]
///   (run 1 [a b c d]
///     (fd/in a b c d (fd/interval 1 n))
///     (fd/distinct [a b c d])
///     (== a 1)
///     (fd/<= a b) (fd/<= b c) (fd/<= c d)
///     (fd/eq (= (+ a b c d) n))
///     (checko [a b c d] () () n)))
/// ```
pub fn matches(n: i64) -> Vec<Answer> {
    kanren::run!(1, [a, b, c, d] =>
        fd::in_([a, b, c, d], fd::interval(1, n)),
        fd::distinct([a, b, c, d]),
        eq(a, 1),
        fd::lte(a, b), fd::lte(b, c), fd::lte(c, d),
        fd_eq!(a + b + c + d == n),
        checko(vec![a, b, c, d], Term::Nil, Term::Nil, n))
    .collect()
}

/// `(matches 40)`
pub fn matches_40() -> Vec<Answer> {
    matches(40)
}

/// The safe puzzle of the Oz tutorial (pg 22).
///
/// ```clojure
/// (defn safefd []
///   (run* [c1 c2 c3 c4 c5 c6 c7 c8 c9 :as vs]
///     (everyg #(fd/in % (fd/interval 1 9)) vs)
///     (fd/distinct vs)
///     (fd/eq
///      (= (- c4 c6) c7)
///      (= (* c1 c2 c3) (+ c8 c9))
///      (< (+ c2 c3 c6) c8)
///      (< c9 c8))
///     (project [vs]
///       (everyg (fn [[v n]] (fd/!= v n))
///         (map vector vs (range 1 10))))))
/// ```
pub fn safefd() -> Vec<Answer> {
    kanren::run!(*, [c1, c2, c3, c4, c5, c6, c7, c8, c9] as vs =>
        everyg_term(|v| fd::in_(v, fd::interval(1, 9)), vs),
        fd::distinct(vs),
        fd_eq!(
            c4 - c6 == c7,
            c1 * c2 * c3 == c8 + c9,
            c2 + c3 + c6 < c8,
            c9 < c8),
        project!([vs] =>
            everyg(|(v, n)| fd::neq(v, n), vs.to_vec().unwrap_or_default().into_iter().zip(1..10))))
    .collect()
}

/// `(magic-sum ls res)`: the numbers of `ls` add up to `res`.
///
/// ```clojure
/// (defn magic-sum [ls res]
///   (conde
///     [(== ls []) (== res 0)]
///     [(== ls [res])]
///     [(fresh [h t inter]
///        (conso h t ls)
///        (fd/+ h inter res)
///        (magic-sum t inter))]))
/// ```
pub fn magic_sum(ls: impl Into<Term>, res: impl Into<Term>) -> Goal {
    let (ls, res) = (ls.into(), res.into());
    conde!(
        [eq(&ls, Term::from(Vec::<i64>::new())), eq(&res, 0)],
        [eq(&ls, vec![res.clone()])],
        [fresh!(
            [h, t, inter],
            kanren::conso(h, t, &ls),
            fd::plus(h, inter, &res),
            magic_sum(t, inter)
        )]
    )
}

/// Magic squares of side `n`: the rows, the columns and both diagonals have the same sum.
///
/// ```clojure
/// (defn magic-grid [n] (repeatedly (* n n) lvar))
/// (defn magic-cols [n grid] (apply map list (partition n grid)))
/// (defn magic-diag [n rows]
///   (first (reduce (fn [[r n] xs] [(conj r (nth xs n)) (inc n)]) [[] 0] rows)))
/// (defn magic [n]
///   (let [g     (magic-grid n)
///         nums  (range 1 (inc (* n n)))
///         ndom  (fd/interval 1 (* n n))
///         lsum  (/ (apply + nums) n)
///         rows  (partition n g)
///         lines (concat
///                 [(magic-diag n rows)
///                  (magic-diag n (map reverse rows))]
///                 rows
///                 (magic-cols n g))]
///     (run* [q]
///       (== q g)
///       (everyg #(fd/in % ndom) q)
///       (distribute q ::l/ff)
///       (fd/distinct q)
///       (everyg #(magic-sum % lsum) lines))))
/// ```
pub fn magic(n: usize) -> kanren::Answers {
    let g: Vec<Var> = (0..n * n).map(|_| Var::fresh()).collect();
    let ndom = fd::interval(1, (n * n) as i64);
    let lsum = (1..=(n * n) as i64).sum::<i64>() / n as i64;
    let rows: Vec<Vec<Var>> = g.chunks(n).map(<[Var]>::to_vec).collect();
    let diag =
        |rows: &[Vec<Var>]| -> Vec<Var> { rows.iter().enumerate().map(|(i, r)| r[i]).collect() };
    let reversed: Vec<Vec<Var>> = rows
        .iter()
        .map(|r| r.iter().rev().copied().collect())
        .collect();
    let cols: Vec<Vec<Var>> = (0..n)
        .map(|j| rows.iter().map(|r| r[j]).collect())
        .collect();
    let mut lines = vec![diag(&rows), diag(&reversed)];
    lines.extend(rows.iter().cloned());
    lines.extend(cols);
    run_all(move |q| {
        conj([
            eq(q, Term::list(g.clone())),
            everyg_term(
                {
                    let ndom = ndom.clone();
                    move |v| fd::in_(v, ndom.clone())
                },
                q,
            ),
            fd::distribute(q, fd::Strategy::FirstFail),
            fd::distinct(q),
            everyg(
                |line: Vec<Var>| magic_sum(Term::list(line), lsum),
                lines.clone(),
            ),
        ])
    })
}

/// `(take 1 (magic 3))`
pub fn magic_3() -> Vec<Answer> {
    magic(3).take(1).collect()
}

/// `(take 1 (magic 4))`
pub fn magic_4() -> Vec<Answer> {
    magic(4).take(1).collect()
}

//! bench.clj's relational programs: the trivial query, `appendo`, naive reverse, the zebra
//! puzzle, SEND + MORE = MONEY by `takeouto`, Hanoi and quicksort.

use kanren::trace::{self, Sink};
use kanren::{
    all, appendo, conda, conde, defne, eq, firsto, fresh, is, membero, pred, project, run, run_all,
    run_nc, Answer, Goal, Term, Var,
};
use std::sync::{Arc, Mutex};

/// ```clojure
/// (run* [q] (== q true))
/// ```
pub fn trivial() -> Vec<Answer> {
    run_all(|q| eq(q, true)).collect()
}

/// ```clojure
/// (run 700 [q] (fresh [x y] (appendo x y q)))
/// ```
pub fn appendo_700() -> Vec<Answer> {
    run(700, |q| fresh!([x, y], appendo(x, y, q))).collect()
}

defne! {
    /// Naive reverse: `o` is `l` reversed.
    ///
    /// ```clojure
    /// (defne nrevo [l o]
    ///   ([() ()])
    ///   ([[a . d] _]
    ///      (fresh [r]
    ///        (nrevo d r)
    ///        (appendo r [a] o))))
    /// ```
    pub fn nrevo(l, o) {
        ([() ()])
        ([[a . d] _] fresh!([r], nrevo(d, r), appendo(r, vec![a], &o)))
    }
}

/// Backwards, "unlike Prolog": `(run 1 [q] (nrevo q (range 30)))`.
pub fn nrev_backward() -> Vec<Answer> {
    run(1, |q| nrevo(q, Term::list(0..30))).collect()
}

/// `(run-nc 1 [q] (nrevo (into [] (range 30)) q))`
pub fn nrev_30() -> Vec<Answer> {
    run_nc(1, |q| nrevo(Term::from((0..30).collect::<Vec<i64>>()), q)).collect()
}

defne! {
    /// `y` comes right after `x` in `l`.
    ///
    /// ```clojure
    /// (defne righto [x y l]
    ///   ([_ _ [x y . r]])
    ///   ([_ _ [_ . r]] (righto x y r)))
    /// ```
    pub fn righto(x, y, l) {
        ([_ _ [x y . r]])
        ([_ _ [_ . r]] righto(x, y, r))
    }
}

/// `x` and `y` are neighbours in `l`.
///
/// ```clojure
/// (defn nexto [x y l]
///   (conde
///     [(righto x y l)]
///     [(righto y x l)]))
/// ```
pub fn nexto(x: impl Into<Term>, y: impl Into<Term>, l: impl Into<Term>) -> Goal {
    let (x, y, l) = (x.into(), y.into(), l.into());
    conde!([righto(&x, &y, &l)], [righto(y, x, l)])
}

/// A house `[nationality smoke drink pet colour]`: `_` is a fresh variable (core.logic's
/// `(lvar)`), a name is that symbol.
macro_rules! house {
    (@one _) => { Term::from(Var::fresh()) };
    (@one $s:ident) => { Term::sym(stringify!($s)) };
    (@one $s:literal) => { Term::sym($s) };
    ($($x:tt)*) => { Term::from(vec![$(house!(@one $x)),*]) };
}

/// The zebra puzzle: `hs` is the street of five houses.
///
/// ```clojure
/// (defn zebrao [hs]
///   (all
///    (== [(lvar) (lvar) [(lvar) (lvar) 'milk (lvar) (lvar)] (lvar) (lvar)] hs)
///    (firsto hs ['norwegian (lvar) (lvar) (lvar) (lvar)])
///    (nexto ['norwegian (lvar) (lvar) (lvar) (lvar)] [(lvar) (lvar) (lvar) (lvar) 'blue] hs)
///    (righto [(lvar) (lvar) (lvar) (lvar) 'ivory] [(lvar) (lvar) (lvar) (lvar) 'green] hs)
///    (membero ['englishman (lvar) (lvar) (lvar) 'red] hs)
///    (membero [(lvar) 'kools (lvar) (lvar) 'yellow] hs)
///    (membero ['spaniard (lvar) (lvar) 'dog (lvar)] hs)
///    (membero [(lvar) (lvar) 'coffee (lvar) 'green] hs)
///    (membero ['ukrainian (lvar) 'tea (lvar) (lvar)] hs)
///    (membero [(lvar) 'lucky-strikes 'oj (lvar) (lvar)] hs)
///    (membero ['japanese 'parliaments (lvar) (lvar) (lvar)] hs)
///    (membero [(lvar) 'oldgolds (lvar) 'snails (lvar)] hs)
///    (nexto [(lvar) (lvar) (lvar) 'horse (lvar)] [(lvar) 'kools (lvar) (lvar) (lvar)] hs)
///    (nexto [(lvar) (lvar) (lvar) 'fox (lvar)] [(lvar) 'chesterfields (lvar) (lvar) (lvar)] hs)))
/// ```
pub fn zebrao(hs: impl Into<Term>) -> Goal {
    let hs = hs.into();
    let street = vec![
        Term::from(Var::fresh()),
        Var::fresh().into(),
        house!(_ _ milk _ _),
        Var::fresh().into(),
        Var::fresh().into(),
    ];
    all([
        eq(street, &hs),
        firsto(&hs, house!(norwegian _ _ _ _)),
        nexto(house!(norwegian _ _ _ _), house!(_ _ _ _ blue), &hs),
        righto(house!(_ _ _ _ ivory), house!(_ _ _ _ green), &hs),
        membero(house!(englishman _ _ _ red), &hs),
        membero(house!(_ kools _ _ yellow), &hs),
        membero(house!(spaniard _ _ dog _), &hs),
        membero(house!(_ _ coffee _ green), &hs),
        membero(house!(ukrainian _ tea _ _), &hs),
        membero(house!(_ "lucky-strikes" oj _ _), &hs),
        membero(house!(japanese parliaments _ _ _), &hs),
        membero(house!(_ oldgolds _ snails _), &hs),
        nexto(house!(_ _ _ horse _), house!(_ kools _ _ _), &hs),
        nexto(house!(_ _ _ fox _), house!(_ chesterfields _ _ _), &hs),
    ])
}

/// `(run 1 [q] (zebrao q))`
pub fn zebra() -> Vec<Answer> {
    run(1, zebrao).collect()
}

/// `(run-nc 1 [q] (zebrao q))`
pub fn zebra_nc() -> Vec<Answer> {
    run_nc(1, zebrao).collect()
}

defne! {
    /// `y` is `l` without one occurrence of `x`.
    ///
    /// ```clojure
    /// (defne takeouto [x l y]
    ///   ([_ [x . y] _])
    ///   ([_ [h . t] [h . r]] (takeouto x t r)))
    /// ```
    pub fn takeouto(x, l, y) {
        ([_ [x . y] _])
        ([_ [h . t] [h . r]] takeouto(x, t, r))
    }
}

/// `(defn digito [x l y] (takeouto x l y))`
pub fn digito(x: impl Into<Term>, l: impl Into<Term>, y: impl Into<Term>) -> Goal {
    takeouto(x, l, y)
}

/// A leading digit: `(all (digito x l y) (a/> x 0))`, where `a/>` projects `x` and compares.
pub fn first_digito(x: impl Into<Term>, l: impl Into<Term>, y: impl Into<Term>) -> Goal {
    let x = x.into();
    all([digito(&x, l, y), pred(x, |x| x.as_int() > Some(0))])
}

defne! {
    /// SEND + MORE = MONEY, digit by digit from the list `l` (the digits left: `ll`).
    ///
    /// ```clojure
    /// (defne do-send-moolao [q l ll]
    ///   ([[send more money] _ _]
    ///      (fresh [s e n d m o r y
    ///              l1 l2 l3 l4 l5 l6 l7 l8 l9]
    ///        (first-digito s l l1)
    ///        (first-digito m l1 l2)
    ///        (digito e l2 l3)
    ///        (digito n l3 l4)
    ///        (digito d l4 l5)
    ///        (digito o l5 l6)
    ///        (digito r l6 l7)
    ///        (digito y l7 l8)
    ///        (project [s e n d m o r y]
    ///          (== send (+ (* s 1000) (* e 100) (* n 10) d))
    ///          (== more (+ (* m 1000) (* o 100) (* r 10) e))
    ///          (== money (+ (* m 10000) (* o 1000) (* n 100) (* e 10) y))
    ///          (project [send more]
    ///            (== money (+ send more)))))))
    /// ```
    pub fn do_send_moolao(q, l, ll) {
        ([[send more money] _ _]
            fresh!([s, e, n, d, m, o, r, y, l1, l2, l3, l4, l5, l6, l7, l8],
                first_digito(s, l, l1),
                first_digito(m, l1, l2),
                digito(e, l2, l3),
                digito(n, l3, l4),
                digito(d, l4, l5),
                digito(o, l5, l6),
                digito(r, l6, l7),
                digito(y, l7, l8),
                project!([s, e, n, d, m, o, r, y] =>
                    eq(send, num(s) * 1000 + num(e) * 100 + num(n) * 10 + num(d)),
                    eq(more, num(m) * 1000 + num(o) * 100 + num(r) * 10 + num(e)),
                    eq(money, num(m) * 10000 + num(o) * 1000 + num(n) * 100 + num(e) * 10 + num(y)),
                    project!([send, more] => eq(money, send + more)))))
    }
}

/// A projected digit as a Rust integer.
fn num(t: &Term) -> i64 {
    t.as_int().expect("a digit taken from the list of digits")
}

/// `(fresh [l] (do-send-moolao [send more money] (range 10) l))`
pub fn send_money_quicklyo(
    send: impl Into<Term>,
    more: impl Into<Term>,
    money: impl Into<Term>,
) -> Goal {
    let q = Term::from(vec![send.into(), more.into(), money.into()]);
    fresh!([l], do_send_moolao(&q, Term::list(0..10), l))
}

/// `(run-nc 1 [q] (fresh [send more money] (send-money-quicklyo send more money) (== [send more money] q)))`
pub fn send_money() -> Vec<Answer> {
    run_nc(1, |q| {
        fresh!(
            [send, more, money],
            send_money_quicklyo(send, more, money),
            eq(vec![send, more, money], q)
        )
    })
    .collect()
}

/// Where [`moveo`] writes its moves: standard output unless a test set a sink.
static HANOI_SINK: Mutex<Option<Sink>> = Mutex::new(None);

fn hanoi_sink() -> Sink {
    HANOI_SINK
        .lock()
        .unwrap()
        .clone()
        .unwrap_or_else(|| Arc::new(|line: &str| println!("{line}")))
}

/// Sends [`moveo`]'s trace lines to `sink` (`None`: standard output).
pub fn set_hanoi_sink(sink: Option<Sink>) {
    *HANOI_SINK.lock().unwrap() = sink;
}

defne! {
    /// Moves `n` disks from `x` to `y` by `z`, tracing each move.
    ///
    /// ```clojure
    /// (defne moveo [n x y z]
    ///   ([1 _ _ _]
    ///      (trace-lvars "Move top disk from " x)
    ///      (trace-lvars " to " y))
    ///   ([_ _ _ _]
    ///      (pred n #(> % 1))
    ///      (fresh [m _] (is m n dec)
    ///        (moveo m x z y) (moveo 1 x y _) (moveo m z y x))))
    /// ```
    pub fn moveo(n, x, y, z) {
        ([1 _ _ _]
            trace::trace_lvars_to(&hanoi_sink(), "Move top disk from ", [("x", x)]),
            trace::trace_lvars_to(&hanoi_sink(), " to ", [("y", y)]))
        ([_ _ _ _]
            pred(&n, |n| n.as_int() > Some(1)),
            fresh!([m, w],
                is(m, n, |n| n - 1),
                moveo(m, x, z, y),
                moveo(1, x, y, w),
                moveo(m, z, y, x)))
    }
}

/// `(run* [q] (moveo 3 :left :right :center))`
pub fn hanoi_3() -> Vec<Answer> {
    run_all(|_q| {
        moveo(
            3,
            Term::sym(":left"),
            Term::sym(":right"),
            Term::sym(":center"),
        )
    })
    .collect()
}

defne! {
    /// `r` is `l` sorted, followed by `r0` (a difference list).
    ///
    /// ```clojure
    /// (defne qsorto [l r r0]
    ///   ([[] _ r])
    ///   ([[x . lr] _ _]
    ///      (fresh [l1 l2 r1]
    ///        (partitiono lr x l1 l2)
    ///        (qsorto l2 r1 r0)
    ///        (qsorto l1 r (lcons x r1)))))
    /// ```
    pub fn qsorto(l, r, r0) {
        ([() _ r])
        ([[x . lr] _ _]
            fresh!([l1, l2, r1],
                partitiono(lr, x, l1, l2),
                qsorto(l2, r1, &r0),
                qsorto(l1, &r, Term::cons(x, r1))))
    }
}

defne! {
    /// `c` and `d` are the elements of `a` at most `b` and the others.
    ///
    /// ```clojure
    /// (defne partitiono [a b c d]
    ///   ([[x . l] _ [x . l1] _]
    ///      (conda
    ///        ((project [x b]
    ///           (== (<= x b) true))
    ///         (partitiono l b l1 d))
    ///        (partitiono l b c d))))
    /// ```
    ///
    /// As in bench.clj, there is no clause for the empty list, so `qsorto` sorts only the empty
    /// list. DIVERGENCE: the second branch of the Clojure `conda` is a call where a clause
    /// belongs, and core.logic throws an ArityException when it is reached; here it is the
    /// clause `[partitiono(l, b, c, d)]` it was meant to be (which fails the same way).
    pub fn partitiono(a, b, c, d) {
        ([[x . l] _ [x . l1] _]
            conda!(
                [project!([x, b] => eq(x.as_int() <= b.as_int(), true)), partitiono(l, &b, l1, &d)],
                [partitiono(l, b, c, d)]))
    }
}

/// `(run* [q] (qsorto [] q []))`
pub fn qsort_0() -> Vec<Answer> {
    run_all(|q| {
        qsorto(
            Term::from(Vec::<i64>::new()),
            q,
            Term::from(Vec::<i64>::new()),
        )
    })
    .collect()
}

/// `(run* [q] (qsorto [1] q []))`
pub fn qsort_1() -> Vec<Answer> {
    run_all(|q| qsorto(vec![1], q, Term::from(Vec::<i64>::new()))).collect()
}

/// `(run* [q] (qsorto [2 1] q [3]))`
pub fn qsort_21() -> Vec<Answer> {
    run_all(|q| qsorto(vec![2, 1], q, vec![3])).collect()
}

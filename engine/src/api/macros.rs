//! Thin syntax over the goal constructors: `fresh!`, `conde!`, `conda!`, `condu!`, `run!`.
//! (`defrel!` and `tabled!`, which rewrite their bodies, are procedural macros in
//! `kanren-macros`.)
//!
//! Each macro expands to the function of the same idea (`fresh`, `conde`, `conda`, `condu`,
//! `run`/`run_all`); they only save the `vec!`s and closures. Wherever a macro
//! takes goals, a goal may be given by reference (`&g`), as a term may be given to `eq`.

/// `fresh!([a, b], g1, g2, ...)`: core.logic's `(fresh [a b] g1 g2 ...)`, expanding to
/// [`fresh`](fn@crate::fresh) over the conjunction of the goals. The body closure is `move`.
/// `fresh!([], g1, g2)` introduces no variable: the goals run in sequence after one
/// suspension, as core.logic's `(fresh [] g1 g2)`.
///
/// ```
/// use kanren::{eq, fresh, list, run_all};
/// let a = run_all(|q| fresh!([x, y], eq(x, 1), eq(y, 2), eq(q, list![x, y]))).next().unwrap();
/// assert_eq!(a.to_string(), "(1 2)");
/// let b = run_all(|q| fresh!([], eq(q, 3))).next().unwrap();
/// assert_eq!(b.to_string(), "3");
/// ```
#[macro_export]
macro_rules! fresh {
    ([$($v:ident),* $(,)?], $($g:expr),+ $(,)?) => {
        $crate::fresh(move |[$($v),*]| {
            $crate::conj([$($crate::Goal::from($g)),+])
        })
    };
}

/// `conde!([g1, g2], [g3], ...)`: core.logic's `(conde [g1 g2] [g3] ...)`, expanding to
/// [`conde`](fn@crate::conde).
///
/// ```
/// use kanren::{conde, eq, run_all};
/// let answers: Vec<String> = run_all(|q| conde!([eq(q, 1)], [eq(q, 2)])).map(|a| a.to_string()).collect();
/// assert_eq!(answers, ["1", "2"]);
/// ```
#[macro_export]
macro_rules! conde {
    ($([$($g:expr),* $(,)?]),+ $(,)?) => {
        $crate::conde([$(::std::vec![$($crate::Goal::from($g)),*]),+])
    };
}

/// `conda!([q1, g1], [q2, g2], ...)`: core.logic's `(conda [q1 g1] [q2 g2] ...)`, the soft
/// cut, expanding to [`conda`](fn@crate::conda): the first clause whose first goal succeeds
/// is the only one tried further.
///
/// ```
/// use kanren::{conda, eq, fail, run_all, succeed, Term};
/// // The Reasoned Schemer, frame 10.1.
/// let a: Vec<String> = run_all(|x| conda!(
///     [eq(Term::sym("olive"), x), succeed()],
///     [eq(Term::sym("oil"), x), succeed()],
///     [fail()],
/// )).map(|a| a.to_string()).collect();
/// assert_eq!(a, ["olive"]);
/// ```
#[macro_export]
macro_rules! conda {
    ($([$($g:expr),* $(,)?]),+ $(,)?) => {
        $crate::conda([$(::std::vec![$($crate::Goal::from($g)),*]),+])
    };
}

/// `condu!([q1, g1], [q2, g2], ...)`: core.logic's `(condu [q1 g1] [q2 g2] ...)`, committed
/// choice, expanding to [`condu`](fn@crate::condu): as [`conda!`](crate::conda!), and of the
/// committed question only its first answer.
///
/// ```
/// use kanren::{condu, disj, eq, run_all, succeed};
/// let a: Vec<String> = run_all(|q| condu!([disj([eq(q, 1), eq(q, 2)]), succeed()], [eq(q, 3)]))
///     .map(|a| a.to_string())
///     .collect();
/// assert_eq!(a, ["1"]);
/// ```
#[macro_export]
macro_rules! condu {
    ($([$($g:expr),* $(,)?]),+ $(,)?) => {
        $crate::condu([$(::std::vec![$($crate::Goal::from($g)),*]),+])
    };
}

/// Runs a query: core.logic's `run` and `run*`, expanding to [`run`](fn@crate::run) /
/// [`run_all`](crate::run_all). Every form:
///
/// | core.logic | kanren | answers |
/// | --- | --- | --- |
/// | `(run 3 [q] g1 g2)` | `run!(3, q => g1, g2)` | `q` |
/// | `(run* [q] g1 g2)` | `run!(*, q => g1, g2)` | `q` |
/// | `(run 3 [a b] g)` | `run!(3, [a, b] => g)` | vectors `[a b]` |
/// | `(run* [a b] g)` | `run!(*, [a, b] => g)` | vectors `[a b]` |
/// | `(run* [a b :as q] g)` | `run!(*, [a, b] as q => g)` | vectors `[a b]`, named `q` in the goals |
/// | `(run 3 [a b :as q] g)` | `run!(3, [a, b] as q => g)` | the same, at most 3 |
///
/// With several variables, as in core.logic, the query variable is made equal to the vector
/// of the variables before the goals run.
///
/// ```
/// use kanren::{conde, eq, membero, list, run};
/// let show = |a: kanren::Answer| a.to_string();
/// // One variable, a number of answers or all of them.
/// assert_eq!(run!(1, q => eq(q, 5)).map(show).collect::<Vec<_>>(), ["5"]);
/// assert_eq!(run!(*, q => membero(q, list![1, 2]), kanren::neq(q, 1)).map(show).collect::<Vec<_>>(), ["2"]);
/// // Several variables: the answers are vectors.
/// assert_eq!(run!(*, [x, y] => eq(x, 1), eq(y, 2)).map(show).collect::<Vec<_>>(), ["[1 2]"]);
/// let n = 2;
/// let firsts: Vec<String> = run!(n, [x, y] => membero(x, list![1, 2, 3]), eq(y, x)).map(show).collect();
/// assert_eq!(firsts, ["[1 1]", "[2 2]"]);
/// // ... and also as one variable, core.logic's `[a b :as q]`.
/// let a: Vec<String> = run!(*, [a, b] as q => membero(q, list![[1, 2], [3, 4]]), eq(a, 3)).map(show).collect();
/// assert_eq!(a, ["[3 4]"]);
/// assert_eq!(run!(1, [a, b] as q => eq(q, vec![a, a]), eq(b, 7)).map(show).collect::<Vec<_>>(), ["[7 7]"]);
/// ```
#[macro_export]
macro_rules! run {
    // The `*` forms come first: `*` can begin an expression, so an `$n:expr` arm tried first
    // would try to parse `*,` and fail for good.
    (*, [$($q:ident),+ $(,)?] as $all:ident => $($g:expr),+ $(,)?) => {
        $crate::run_all(move |$all| $crate::run!(@multi $all, [$($q),+], $($g),+))
    };
    (*, [$($q:ident),+ $(,)?] => $($g:expr),+ $(,)?) => {
        $crate::run_all(move |__query| $crate::run!(@multi __query, [$($q),+], $($g),+))
    };
    (*, $q:ident => $($g:expr),+ $(,)?) => {
        $crate::run_all(move |$q| $crate::conj([$($crate::Goal::from($g)),+]))
    };
    ($n:expr, [$($q:ident),+ $(,)?] as $all:ident => $($g:expr),+ $(,)?) => {
        $crate::run($n, move |$all| $crate::run!(@multi $all, [$($q),+], $($g),+))
    };
    ($n:expr, [$($q:ident),+ $(,)?] => $($g:expr),+ $(,)?) => {
        $crate::run($n, move |__query| $crate::run!(@multi __query, [$($q),+], $($g),+))
    };
    ($n:expr, $q:ident => $($g:expr),+ $(,)?) => {
        $crate::run($n, move |$q| $crate::conj([$($crate::Goal::from($g)),+]))
    };
    // core.logic's `(fresh [a b] (== q [a b]) goals...)`.
    (@multi $query:ident, [$($q:ident),+], $($g:expr),+) => {
        $crate::fresh(move |[$($q),+]| $crate::conj([
            $crate::eq($query, $crate::Term::Vector(::std::sync::Arc::new([$($crate::Term::from($q)),+]))),
            $($crate::Goal::from($g),)+
        ]))
    };
}

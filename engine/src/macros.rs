//! Thin syntax over the goal constructors: `fresh!`, `conde!`, `run!`, `defrel!`.
//!
//! Each macro expands to the function of the same idea (`fresh`, `conde`, `run`/`run_all`,
//! `Goal::lazy`); they only save the `vec!`s and closures.

/// `fresh!([a, b], g1, g2, ...)`: core.logic's `(fresh [a b] g1 g2 ...)`, expanding to
/// [`fresh`](fn@crate::fresh) over the conjunction of the goals. The body closure is `move`.
///
/// ```
/// use kanren::{eq, fresh, list, run_all};
/// let a = run_all(|q| fresh!([x, y], eq(x, 1), eq(y, 2), eq(q, list![x, y]))).next().unwrap();
/// assert_eq!(a.to_string(), "(1 2)");
/// ```
#[macro_export]
macro_rules! fresh {
    ([$($v:ident),+ $(,)?], $($g:expr),+ $(,)?) => {
        $crate::fresh(move |[$($v),+]| $crate::conj([$($g),+]))
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
        $crate::conde([$(::std::vec![$($g),*]),+])
    };
}

/// `run!(n, q => goals...)`, `run!(*, q => goals...)`, and with several query variables
/// `run!(*, [q, r] => goals...)`, whose answers are vectors `[q r]` as in core.logic's
/// `(run* [q r] ...)`. Expands to [`run`](fn@crate::run) / [`run_all`](crate::run_all).
///
/// ```
/// use kanren::{eq, run};
/// let a: Vec<String> = run!(*, [x, y] => eq(x, 1), eq(y, 2)).map(|a| a.to_string()).collect();
/// assert_eq!(a, ["[1 2]"]);
/// assert_eq!(run!(1, q => eq(q, 5)).next().unwrap().to_string(), "5");
/// ```
#[macro_export]
macro_rules! run {
    (*, [$($q:ident),+ $(,)?] => $($g:expr),+ $(,)?) => {
        $crate::run_all(move |__query| $crate::run!(@multi __query, [$($q),+], $($g),+))
    };
    ($n:expr, [$($q:ident),+ $(,)?] => $($g:expr),+ $(,)?) => {
        $crate::run($n, move |__query| $crate::run!(@multi __query, [$($q),+], $($g),+))
    };
    (*, $q:ident => $($g:expr),+ $(,)?) => {
        $crate::run_all(move |$q| $crate::conj([$($g),+]))
    };
    ($n:expr, $q:ident => $($g:expr),+ $(,)?) => {
        $crate::run($n, move |$q| $crate::conj([$($g),+]))
    };
    (@multi $query:ident, [$($q:ident),+], $($g:expr),+) => {
        $crate::fresh(move |[$($q),+]| $crate::conj([
            $($g,)+
            $crate::eq($query, $crate::Term::Vector(::std::sync::Arc::new([$($crate::Term::from($q)),+]))),
        ]))
    };
}

/// Defines a relation: a function from terms to a [`Goal`](crate::Goal) whose body is built
/// only when the goal runs, so the relation may call itself. Inside the body each argument is
/// an owned [`Term`](crate::Term); pass `&arg` to use it more than once.
///
/// ```
/// use kanren::{conde, defrel, eq, run};
/// defrel! {
///     /// `x` is 5, infinitely often.
///     fn fives(x) { conde!([eq(&x, 5)], [fives(&x)]) }
/// }
/// assert_eq!(run(4, |q| fives(q)).count(), 4);
/// ```
#[macro_export]
macro_rules! defrel {
    ($(#[$m:meta])* $vis:vis fn $name:ident($($arg:ident),* $(,)?) $body:block) => {
        $(#[$m])*
        $vis fn $name($($arg: impl ::std::convert::Into<$crate::Term>),*) -> $crate::Goal {
            $(let $arg: $crate::Term = $arg.into();)*
            $crate::Goal::lazy(move || {
                $(let $arg = ::std::clone::Clone::clone(&$arg);)*
                $body
            })
        }
    };
}

//! `project`: stepping outside the relational world, and the integer arithmetic used there.
//!
//! `project(vars, f)` walks each variable completely in the current state and builds the goal
//! `f(values)` from the values, as core.logic's `project` does: a variable that is still fresh
//! comes through as a variable, not an error. Inside, ordinary Rust computes on the values;
//! `+`, `-` and `*` on integer terms let `(!= (- x2 x1) (- y2 y1))` read as
//! `neq(x2 - x1, y2 - y1)`.

use crate::kernel::goal::{fail, succeed, Goal, Solve};
use crate::kernel::solve::{solve_all, Cont, Nested, Step};
use crate::kernel::state::State;
use crate::kernel::stream::Stream;
use crate::kernel::term::Term;
use std::ops::{Add, Mul, Sub};

/// The goal `f` builds from the current values of `vars` (core.logic's `project`): each value
/// is the variable walked completely (`walk*`); one that is still fresh stays a variable. As in
/// core.logic, the built goal runs after one suspension (`(fresh [] goals)`). Values that are
/// atoms are read without allocating.
///
/// The [`project!`](crate::project!) macro shadows the variables by their values, as
/// core.logic's form does.
///
/// ```
/// use kanren::{eq, fresh, neq, project, run_all, Term};
/// let a: Vec<String> = run_all(|q| fresh(move |[x]| kanren::conj([
///     eq(x, 3),
///     project([x.into()], move |[v]: &[Term; 1]| eq(q, v * 2)),
/// ]))).map(|a| a.to_string()).collect();
/// assert_eq!(a, ["6"]);
/// ```
pub fn project<const N: usize>(
    vars: [Term; N],
    f: impl Fn(&[Term; N]) -> Goal + Send + Sync + 'static,
) -> Goal {
    Goal::native(Project(vars, Nested(Some(f))))
}

/// [`project`] with a body of several goals, run in sequence: what [`project!`](crate::project!)
/// expands to.
///
/// ```
/// use kanren::{eq, fresh, neq, project_all, run_all, Term};
/// let a: Vec<String> = run_all(|q| fresh(move |[x]| kanren::conj([
///     eq(x, 3),
///     project_all([x.into()], move |[v]: &[Term; 1]| [neq(v, 2), eq(q, v * 2)]),
/// ]))).map(|a| a.to_string()).collect();
/// assert_eq!(a, ["6"]);
/// ```
pub fn project_all<const N: usize, const M: usize>(
    vars: [Term; N],
    f: impl Fn(&[Term; N]) -> [Goal; M] + Send + Sync + 'static,
) -> Goal {
    Goal::native(Project(vars, Nested(Some(f))))
}

/// `f` holds for the current value of `v` (core.logic's `pred`, `(project [v] (== (f v)
/// true))`): the value is walked completely, and one still fresh comes through as a variable.
///
/// ```
/// use kanren::{eq, membero, list, pred, run_all};
/// // (run* [q] (membero q [1 2 3]) (pred q #(> % 1))) => (2 3)
/// let a: Vec<String> = run_all(|q| kanren::conj([
///     membero(q, list![1, 2, 3]),
///     pred(q, |v| v.as_int() > Some(1)),
/// ])).map(|a| a.to_string()).collect();
/// assert_eq!(a, ["2", "3"]);
/// ```
pub fn pred(v: impl Into<Term>, f: impl Fn(&Term) -> bool + Send + Sync + 'static) -> Goal {
    project([v.into()], move |[x]| if f(x) { succeed() } else { fail() })
}

/// `u` is `f` of the current value of `v` (core.logic's `is`, `(project [v] (== u (op v)))`),
/// as Prolog's `is/2` computes arithmetic: `(is m n dec)` is `is(m, n, |n| n - 1)`.
///
/// ```
/// use kanren::{eq, fresh, is, run_all, Term};
/// // (run* [q] (fresh [n] (== n 3) (is q n dec))) => (2)
/// let a: Vec<String> = run_all(|q| fresh!([n], eq(n, 3), is(q, n, |n| n - 1)))
///     .map(|a| a.to_string())
///     .collect();
/// assert_eq!(a, ["2"]);
/// ```
pub fn is(
    u: impl Into<Term>,
    v: impl Into<Term>,
    f: impl Fn(&Term) -> Term + Send + Sync + 'static,
) -> Goal {
    let u = u.into();
    project([v.into()], move |[x]| {
        crate::kernel::goal::eq(u.clone(), f(x))
    })
}

/// [`project`] for a number of variables known only when the program runs (an interpreter's
/// `project`): `f` gets the values of `vars` as a slice, walked as [`project`] walks them,
/// and its goal runs after the same one suspension.
///
/// ```
/// use kanren::{eq, fresh, project_shared, run_all, Term};
/// let a: Vec<String> = run_all(|q| fresh(move |[x, y]| kanren::conj([
///     eq(x, 3),
///     eq(y, 4),
///     project_shared(vec![x.into(), y.into()], move |v: &[Term]| eq(q, &v[0] * &v[1])),
/// ]))).map(|a| a.to_string()).collect();
/// assert_eq!(a, ["12"]);
/// ```
pub fn project_shared(
    vars: Vec<Term>,
    f: impl Fn(&[Term]) -> Goal + Send + Sync + 'static,
) -> Goal {
    project_in(move |s: &State| {
        let values: smallvec::SmallVec<[Term; 4]> = vars.iter().map(|v| s.walked(v)).collect();
        f(&values)
    })
}

/// [`project`] for variables a goal finds only when it runs: `f` gets the state and builds
/// the body from the values it reads there ([`State::walked`]: a term walked as [`project`]
/// walks it), and the body runs after the same one suspension. For a body that reads its
/// variables from wherever its caller keeps them, with no list of them made for the goal.
///
/// ```
/// use kanren::{eq, fresh, project_in, run_all, State};
/// let a: Vec<String> = run_all(|q| fresh(move |[x, y]| kanren::conj([
///     eq(x, 3),
///     eq(y, 4),
///     project_in(move |s: &State| eq(q, &s.walked(&x.into()) * &s.walked(&y.into()))),
/// ]))).map(|a| a.to_string()).collect();
/// assert_eq!(a, ["12"]);
/// ```
pub fn project_in(f: impl Fn(&State) -> Goal + Send + Sync + 'static) -> Goal {
    Goal::native(ProjectIn(Nested(Some(f))))
}

struct ProjectIn<F>(Nested<Option<F>>);

impl<F: Fn(&State) -> Goal + Send + Sync> Solve for ProjectIn<F> {
    fn apply(&self, s: State) -> Stream {
        Stream::inc_apply((self.0.func())(&s), s)
    }

    fn solve(&self, s: &State, _: &mut Cont<'_>) -> Step {
        Step::Tail((self.0.func())(s), None)
    }
}

/// The body of a `project`: one goal, or several in sequence.
trait Body {
    fn into_goal(self) -> Goal;
    fn solve(self, s: &State, k: &mut Cont<'_>) -> Step;
}

impl Body for Goal {
    fn into_goal(self) -> Goal {
        self
    }

    fn solve(self, _: &State, _: &mut Cont<'_>) -> Step {
        Step::Tail(self, None)
    }
}

impl<const M: usize> Body for [Goal; M] {
    fn into_goal(self) -> Goal {
        crate::conj(self)
    }

    fn solve(self, s: &State, k: &mut Cont<'_>) -> Step {
        match self.len() {
            1 => Step::Tail(self.into_goal(), None),
            _ => Step::Done(solve_all(&self, s, k)),
        }
    }
}

struct Project<const N: usize, F>([Term; N], Nested<Option<F>>);

impl<const N: usize, F> Project<N, F> {
    /// The variables' values in `s`, atoms without allocating.
    fn values(&self, s: &State) -> [Term; N] {
        self.0.each_ref().map(|v| s.walked(v))
    }
}

impl<const N: usize, B: Body, F: Fn(&[Term; N]) -> B + Send + Sync> Solve for Project<N, F> {
    fn apply(&self, s: State) -> Stream {
        Stream::inc_apply((self.1.func())(&self.values(&s)).into_goal(), s)
    }

    fn solve(&self, s: &State, k: &mut Cont<'_>) -> Step {
        (self.1.func())(&self.values(s)).solve(s, k)
    }
}

/// `project!([x, y] => goals...)`: core.logic's `(project [x y] goals...)`. Inside the goals,
/// `x` and `y` are the `&Term` values of the variables, so integer arithmetic reads directly:
/// `neq(x2 - x1, y2 - y1)`. Expands to [`project_all`].
///
/// ```
/// use kanren::{eq, fresh, neq, project, run_all};
/// let a: Vec<String> = run_all(|q| fresh!([x, y],
///     eq(x, 1),
///     eq(y, 4),
///     project!([x, y] => neq(y - x, 2), eq(q, y - x)),
/// )).map(|a| a.to_string()).collect();
/// assert_eq!(a, ["3"]);
/// ```
///
/// A variable bound to a vector or a list of known length is taken apart in place, as
/// Clojure's `(project [v] (let [[a b] v] ...))`: `[a, b] = v` names its items `a` and `b`
/// (each a `&Term`), and `v` is the whole value as before. A value that is not a vector or
/// proper list of that many items (a variable still fresh, say) is a programming mistake: the
/// goal panics, naming the value, when it runs.
///
/// ```
/// use kanren::{eq, fresh, list, project, run_all};
/// let a: Vec<String> = run_all(|q| fresh!([v, l],
///     eq(v, vec![3, 4]),
///     eq(l, list![10, 20, 30]),
///     project!([[a, b] = v, [x, _, z] = l] => eq(q, a * b + x + z)),
/// )).map(|a| a.to_string()).collect();
/// assert_eq!(a, ["52"]);
/// ```
///
/// Anything that converts to a term (an element of a vector of variables, a clone, a
/// function's result) is projected by naming it: `v = expr` projects `expr` as `v`.
///
/// ```
/// use kanren::{eq, fresh, project, run_all, Var};
/// let vars = [Var::fresh(), Var::fresh()];
/// let a: Vec<String> = run_all(move |q| kanren::conj([
///     eq(vars[0], 6),
///     eq(vars[1], 7),
///     project!([x = vars[0], y = vars[1]] => eq(q, x * y)),
/// ])).map(|a| a.to_string()).collect();
/// assert_eq!(a, ["42"]);
/// ```
#[macro_export]
macro_rules! project {
    (@src $v:ident) => { &$v };
    (@src $v:ident $src:expr) => { $src };
    ([$($([$($e:tt),* $(,)?] =)? $v:ident $(= $src:expr)?),+ $(,)?] => $($g:expr),+ $(,)?) => {
        $crate::project_all([$($crate::Term::from($crate::project!(@src $v $($src)?))),+], move |__values| {
            let [$($v),+] = __values;
            $($(
                let [$($e),*] = match $v.items() {
                    ::std::result::Result::Ok(items) => items,
                    ::std::result::Result::Err(e) => ::std::panic!(
                        "kanren: project! cannot take `{}` apart: {}", ::std::stringify!($v), e
                    ),
                };
            )?)+
            [$($crate::Goal::from($g)),+]
        })
    };
}

fn int(t: &Term) -> i64 {
    match t {
        Term::Int(i) => *i,
        other => panic!(
            "kanren: integer arithmetic on the non-integer term {other} \
             (inside project, a variable that is still fresh stays a variable)"
        ),
    }
}

fn arith(a: &Term, b: &Term, op: &str, f: fn(i64, i64) -> Option<i64>) -> Term {
    let (x, y) = (int(a), int(b));
    match f(x, y) {
        Some(r) => Term::Int(r),
        None => panic!("kanren: integer overflow in {x} {op} {y}"),
    }
}

macro_rules! arith_ops {
    ($($trait:ident $method:ident $op:literal $checked:ident;)*) => {$(
        impl $trait<&Term> for &Term {
            type Output = Term;
            fn $method(self, rhs: &Term) -> Term {
                arith(self, rhs, $op, i64::$checked)
            }
        }
        impl $trait<Term> for &Term {
            type Output = Term;
            fn $method(self, rhs: Term) -> Term {
                arith(self, &rhs, $op, i64::$checked)
            }
        }
        impl $trait<&Term> for Term {
            type Output = Term;
            fn $method(self, rhs: &Term) -> Term {
                arith(&self, rhs, $op, i64::$checked)
            }
        }
        impl $trait<Term> for Term {
            type Output = Term;
            fn $method(self, rhs: Term) -> Term {
                arith(&self, &rhs, $op, i64::$checked)
            }
        }
        impl $trait<i64> for &Term {
            type Output = Term;
            fn $method(self, rhs: i64) -> Term {
                arith(self, &Term::Int(rhs), $op, i64::$checked)
            }
        }
        impl $trait<i64> for Term {
            type Output = Term;
            fn $method(self, rhs: i64) -> Term {
                arith(&self, &Term::Int(rhs), $op, i64::$checked)
            }
        }
    )*};
}

arith_ops! {
    Add add "+" checked_add;
    Sub sub "-" checked_sub;
    Mul mul "*" checked_mul;
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Var;

    #[test]
    fn arithmetic_on_integer_terms() {
        let (a, b) = (Term::from(7), Term::from(3));
        assert_eq!(&a - &b, Term::from(4));
        assert_eq!(&a + &b * 2, Term::from(13));
        assert_eq!(a.clone() * b.clone() - 1, Term::from(20));
    }

    #[test]
    #[should_panic(expected = "kanren: integer arithmetic on the non-integer term")]
    fn arithmetic_on_a_fresh_variable_panics() {
        let _ = &Term::from(Var::fresh()) - &Term::from(1);
    }

    #[test]
    #[should_panic(expected = "kanren: integer overflow in 9223372036854775807 + 1")]
    fn overflow_panics() {
        let _ = Term::from(i64::MAX) + 1;
    }
}

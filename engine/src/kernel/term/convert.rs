//! Building terms from Rust values (`5.into()`, `"s".into()`, `vec![..].into()`, tuples as
//! vectors), and the arguments of relation calls from arrays and tuples ([`Args`]).

use super::{Term, Var};
use std::sync::Arc;

impl From<Var> for Term {
    fn from(v: Var) -> Term {
        Term::Var(v)
    }
}

impl From<&Var> for Term {
    fn from(v: &Var) -> Term {
        Term::Var(*v)
    }
}

impl From<&Term> for Term {
    fn from(t: &Term) -> Term {
        t.clone()
    }
}

impl From<&&Term> for Term {
    fn from(t: &&Term) -> Term {
        (*t).clone()
    }
}

impl From<bool> for Term {
    fn from(b: bool) -> Term {
        Term::Bool(b)
    }
}

impl From<&str> for Term {
    fn from(s: &str) -> Term {
        Term::Str(s.into())
    }
}

impl From<&String> for Term {
    fn from(s: &String) -> Term {
        Term::Str(s.as_str().into())
    }
}

impl From<&&Var> for Term {
    fn from(v: &&Var) -> Term {
        Term::Var(**v)
    }
}

impl From<String> for Term {
    fn from(s: String) -> Term {
        Term::Str(s.into())
    }
}

macro_rules! from_int {
    ($($t:ty),*) => {$(
        impl From<$t> for Term {
            fn from(i: $t) -> Term {
                Term::Int(i64::try_from(i).expect("integer term out of i64 range"))
            }
        }
    )*};
}
from_int!(i8, i16, i32, i64, u8, u16, u32, u64, usize, isize);

impl<T: Into<Term>> From<Vec<T>> for Term {
    fn from(items: Vec<T>) -> Term {
        Term::Vector(items.into_iter().map(Into::into).collect())
    }
}

impl<T: Into<Term>, const N: usize> From<[T; N]> for Term {
    fn from(items: [T; N]) -> Term {
        Term::Vector(items.into_iter().map(Into::into).collect())
    }
}

macro_rules! from_tuple {
    ($($t:ident $v:ident),+) => {
        impl<$($t: Into<Term>),+> From<($($t,)+)> for Term {
            fn from(($($v,)+): ($($t,)+)) -> Term {
                Term::Vector(Arc::new([$($v.into()),+]))
            }
        }
    };
}
from_tuple!(A a);
from_tuple!(A a, B b);
from_tuple!(A a, B b, C c);
from_tuple!(A a, B b, C c, D d);
from_tuple!(A a, B b, C c, D d, E e);
from_tuple!(A a, B b, C c, D d, E e, F f);
from_tuple!(A a, B b, C c, D d, E e, F f, G g);
from_tuple!(A a, B b, C c, D d, E e, F f, G g, H h);

/// The arguments of a relation call or a fact ([`Tabled::call`](crate::Tabled::call),
/// [`pldb::Rel::call`](crate::pldb::Rel::call), [`pldb::Db::fact`](crate::pldb::Db::fact)):
/// an array of one type (`[x, y]`), a tuple of up to 8 of mixed types (`(q, term!(a), 1)`),
/// a `Vec` or a slice. Each element is anything that converts into a [`Term`]: a `Var` or
/// `&Var`, a `Term` or `&Term`, an integer, a `&str` (a string), a `term!`.
///
/// A Rust array holds one type, so `[q, Term::sym("a")]` does not compile ("expected `Var`,
/// found `Term`"): write the tuple `(q, Term::sym("a"))` or `(q, term!(a))` instead.
///
/// ```
/// use kanren::{pldb::{self, Db}, run_all, term, Args, Term, Var};
/// let age = pldb::rel("age", 2);
/// let db = Db::new().fact(&age, (term!(bob), 42)).fact(&age, (term!(ann), 37));
/// let q = Var::fresh();
/// let a: Vec<String> = run_all(|q| pldb::with_db(&db, age.call((term!(ann), q))))
///     .map(|a| a.to_string())
///     .collect();
/// assert_eq!(a, ["37"]);
/// assert_eq!((q, &Term::sym("a"), 1).into_args(), [Term::from(q), Term::sym("a"), 1.into()]);
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a list of arguments",
    label = "expected the arguments as an array `[x, y]` or a tuple `(x, term!(a), 1)`",
    note = "write arguments of mixed types (a `Var` and a `Term`, say) as a tuple: \
            `rel.call((q, term!(a), 1))`; each element must convert `Into<Term>`"
)]
pub trait Args {
    /// The arguments as terms: an array when their number is known to the type.
    type Terms: IntoIterator<Item = Term> + AsRef<[Term]>;

    /// The arguments as terms, in order.
    ///
    /// ```
    /// use kanren::{Args, Term};
    /// assert_eq!([1, 2].into_args(), [Term::from(1), Term::from(2)]);
    /// ```
    fn into_args(self) -> Self::Terms;
}

impl<T: Into<Term>, const N: usize> Args for [T; N] {
    type Terms = [Term; N];
    fn into_args(self) -> [Term; N] {
        self.map(Into::into)
    }
}

impl<T: Clone + Into<Term>, const N: usize> Args for &[T; N] {
    type Terms = [Term; N];
    fn into_args(self) -> [Term; N] {
        self.clone().map(Into::into)
    }
}

impl<T: Into<Term>> Args for Vec<T> {
    type Terms = Vec<Term>;
    fn into_args(self) -> Vec<Term> {
        self.into_iter().map(Into::into).collect()
    }
}

impl<T: Clone + Into<Term>> Args for &[T] {
    type Terms = Vec<Term>;
    fn into_args(self) -> Vec<Term> {
        self.iter().cloned().map(Into::into).collect()
    }
}

impl<T: Clone + Into<Term>> Args for &Vec<T> {
    type Terms = Vec<Term>;
    fn into_args(self) -> Vec<Term> {
        self.as_slice().into_args()
    }
}

macro_rules! args_tuple {
    ($n:literal; $($t:ident $v:ident),+) => {
        impl<$($t: Into<Term>),+> Args for ($($t,)+) {
            type Terms = [Term; $n];
            fn into_args(self) -> [Term; $n] {
                let ($($v,)+) = self;
                [$($v.into()),+]
            }
        }
    };
}
args_tuple!(1; A a);
args_tuple!(2; A a, B b);
args_tuple!(3; A a, B b, C c);
args_tuple!(4; A a, B b, C c, D d);
args_tuple!(5; A a, B b, C c, D d, E e);
args_tuple!(6; A a, B b, C c, D d, E e, F f);
args_tuple!(7; A a, B b, C c, D d, E e, F f, G g);
args_tuple!(8; A a, B b, C c, D d, E e, F f, G g, H h);

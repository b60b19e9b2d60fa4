//! Building terms from Rust values: `5.into()`, `"s".into()`, `vec![..].into()`, tuples.

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
from_int!(i8, i16, i32, i64, u8, u16, u32, usize, isize);

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

impl<A: Into<Term>, B: Into<Term>> From<(A, B)> for Term {
    fn from((a, b): (A, B)) -> Term {
        Term::Vector(Arc::new([a.into(), b.into()]))
    }
}

impl<A: Into<Term>, B: Into<Term>, C: Into<Term>> From<(A, B, C)> for Term {
    fn from((a, b, c): (A, B, C)) -> Term {
        Term::Vector(Arc::new([a.into(), b.into(), c.into()]))
    }
}

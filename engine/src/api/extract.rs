//! Answers as Rust values: `TryFrom` a [`Term`] (or an [`Answer`]) for integers, booleans,
//! strings, symbols ([`Sym`]), `Vec`s, arrays and tuples, with an error that says what was
//! expected and what was found, printed as core.logic prints it.
//!
//! A map target (`BTreeMap<K, V>`, `HashMap<K, V>`) accepts a map term, its keys and values
//! converted in turn. A sequence target (`Vec<T>`, `[T; N]`, a tuple) accepts a proper list or a vector, as
//! core.logic treats both as sequences; its items convert in turn, and an item that does not
//! is named in the error. Extracting from an [`Answer`] reads its value; its residual
//! constraints are left to [`Answer::constraints`] (a value with no variable has none).
//!
//! A record of the program's own is a `TryFrom<&Term>` written over a tuple (up to 8
//! fields); a vector of records then comes for free, its errors naming the item and field:
//!
//! ```
//! use kanren::{term, ExtractError, Sym, Term};
//! /// A house of the zebra puzzle: `[nationality smokes drinks pet colour]`.
//! #[derive(Debug, PartialEq)]
//! struct House { owner: String, pet: String }
//! impl TryFrom<&Term> for House {
//!     type Error = ExtractError;
//!     fn try_from(t: &Term) -> Result<House, ExtractError> {
//!         let (Sym(owner), _, _, Sym(pet), _): (Sym, Term, Term, Sym, Term) = t.try_into()?;
//!         Ok(House { owner, pet })
//!     }
//! }
//! let street = term!([[norwegian kools water fox yellow] [japanese parliaments coffee zebra green]]);
//! let houses = Vec::<House>::try_from(&street).unwrap();
//! assert_eq!(houses[1], House { owner: "japanese".into(), pet: "zebra".into() });
//! let e = Vec::<House>::try_from(&term!([[norwegian kools water 3 yellow]])).unwrap_err();
//! assert_eq!(e.to_string(), "expected a symbol as item 3 of item 0, found 3");
//! ```

use crate::kernel::reify::Answer;
use crate::kernel::term::Term;
use std::collections::{BTreeMap, HashMap};
use std::convert::Infallible;
use std::fmt;
use std::hash::{BuildHasher, Hash};

/// A term that is not the Rust value asked for: what was expected, and the term found, in
/// its printed form.
///
/// ```
/// use kanren::{list, Term};
/// let e = i64::try_from(&Term::sym(":a")).unwrap_err();
/// assert_eq!(e.to_string(), "expected an integer, found :a");
/// let e = Vec::<i64>::try_from(&list![1, "two"]).unwrap_err();
/// assert_eq!(e.to_string(), "expected an integer as item 1, found \"two\"");
/// assert_eq!(e.found(), "\"two\"");
/// ```
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct ExtractError {
    expected: String,
    found: String,
}

impl ExtractError {
    /// The error for `found` where `expected` (a phrase such as "an integer") was wanted.
    ///
    /// ```
    /// let e = kanren::ExtractError::new("a keyword", &kanren::Term::from(3));
    /// assert_eq!(e.to_string(), "expected a keyword, found 3");
    /// ```
    pub fn new(expected: impl Into<String>, found: &Term) -> ExtractError {
        ExtractError {
            expected: expected.into(),
            found: found.to_string(),
        }
    }

    /// What was expected, such as "an integer" or "a list or vector of 2 items".
    ///
    /// ```
    /// let e = bool::try_from(&kanren::Term::from(1)).unwrap_err();
    /// assert_eq!(e.expected(), "a boolean");
    /// ```
    pub fn expected(&self) -> &str {
        &self.expected
    }

    /// The term found, as it prints.
    ///
    /// ```
    /// let e = bool::try_from(&kanren::list![1]).unwrap_err();
    /// assert_eq!(e.found(), "(1)");
    /// ```
    pub fn found(&self) -> &str {
        &self.found
    }

    /// The same error for the `i`-th item of a sequence.
    fn at(self, i: usize) -> ExtractError {
        self.within(format_args!("as item {i}"))
    }

    /// The same error for a part of a larger term, `place` ("as item 3") saying which; a
    /// place within a place reads "as item 3 of item 0".
    fn within(mut self, place: impl fmt::Display) -> ExtractError {
        let place = place.to_string();
        self.expected = match place.strip_prefix("as ") {
            Some(outer) if self.expected.contains(" as ") => {
                format!("{} of {outer}", self.expected)
            }
            _ => format!("{} {place}", self.expected),
        };
        self
    }
}

impl fmt::Display for ExtractError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "expected {}, found {}", self.expected, self.found)
    }
}

impl std::error::Error for ExtractError {}

impl From<Infallible> for ExtractError {
    fn from(never: Infallible) -> ExtractError {
        match never {}
    }
}

impl Term {
    /// The `N` items of a vector or proper list of exactly `N` items, borrowed: how
    /// [`project!`](crate::project!) destructures `[a, b] = v`. Time: O(N).
    ///
    /// ```
    /// use kanren::{list, Term};
    /// let l = list![1, 2];
    /// let [a, b] = l.items().unwrap();
    /// assert_eq!((a, b), (&Term::from(1), &Term::from(2)));
    /// let e = Term::from(vec![1, 2, 3]).items::<2>().unwrap_err();
    /// assert_eq!(e.to_string(), "expected a list or vector of 2 items, found [1 2 3]");
    /// ```
    pub fn items<const N: usize>(&self) -> Result<[&Term; N], ExtractError> {
        sequence(self)
            .and_then(|items| <[&Term; N]>::try_from(items).ok())
            .ok_or_else(|| ExtractError::new(format!("a list or vector of {N} items"), self))
    }
}

/// The items of a sequence that ends properly (a vector, a proper list, or a list going on
/// into a vector), borrowed; `None` for anything else (a partial list included).
fn sequence(t: &Term) -> Option<Vec<&Term>> {
    t.seq_items()
}

/// The items of a sequence term converted one by one.
fn convert_items<'a, T, I>(
    items: I,
) -> impl Iterator<Item = Result<T, ExtractError>> + use<'a, T, I>
where
    I: IntoIterator<Item = &'a Term>,
    T: TryFrom<&'a Term>,
    T::Error: Into<ExtractError>,
{
    items
        .into_iter()
        .enumerate()
        .map(|(i, t)| T::try_from(t).map_err(|e| e.into().at(i)))
}

/// `TryFrom<Term>` and `TryFrom<Answer>`/`TryFrom<&Answer>` for a type that has
/// `TryFrom<&Term>`, delegating to it.
macro_rules! owned_and_answer {
    ($([$($g:tt)*] $t:ty;)*) => {$(
        impl<$($g)*> TryFrom<Term> for $t {
            type Error = ExtractError;
            fn try_from(t: Term) -> Result<$t, ExtractError> {
                <$t>::try_from(&t)
            }
        }
        impl<$($g)*> TryFrom<Answer> for $t {
            type Error = ExtractError;
            fn try_from(a: Answer) -> Result<$t, ExtractError> {
                <$t>::try_from(a.value())
            }
        }
        impl<$($g)*> TryFrom<&Answer> for $t {
            type Error = ExtractError;
            fn try_from(a: &Answer) -> Result<$t, ExtractError> {
                <$t>::try_from(a.value())
            }
        }
    )*};
}

macro_rules! ints {
    ($($t:ty),*) => {$(
        impl TryFrom<&Term> for $t {
            type Error = ExtractError;
            /// The integer, if it is one and in range.
            fn try_from(t: &Term) -> Result<$t, ExtractError> {
                let expected = || {
                    if <$t>::try_from(i64::MIN).is_ok() && <$t>::try_from(i64::MAX).is_ok() {
                        "an integer".to_string()
                    } else {
                        format!("an integer from {} to {} ({})", <$t>::MIN, <$t>::MAX, stringify!($t))
                    }
                };
                match t {
                    Term::Int(i) => <$t>::try_from(*i).map_err(|_| ExtractError::new(expected(), t)),
                    _ => Err(ExtractError::new(expected(), t)),
                }
            }
        }
        owned_and_answer!([] $t;);
    )*};
}

ints!(i8, i16, i32, i64, i128, isize, u8, u16, u32, u64, u128, usize);

impl TryFrom<&Term> for bool {
    type Error = ExtractError;
    fn try_from(t: &Term) -> Result<bool, ExtractError> {
        match t {
            Term::Bool(b) => Ok(*b),
            _ => Err(ExtractError::new("a boolean", t)),
        }
    }
}

impl TryFrom<&Term> for String {
    type Error = ExtractError;
    /// The text of a string term (not of a symbol or keyword).
    fn try_from(t: &Term) -> Result<String, ExtractError> {
        <&str>::try_from(t).map(str::to_string)
    }
}

impl<'a> TryFrom<&'a Term> for &'a str {
    type Error = ExtractError;
    fn try_from(t: &'a Term) -> Result<&'a str, ExtractError> {
        match t {
            Term::Str(s) => Ok(s),
            _ => Err(ExtractError::new("a string", t)),
        }
    }
}

/// The name of a symbol or keyword read back from an answer (a keyword keeps its `:`, as it
/// prints): the target for symbols where `String` is the target for strings, so that records
/// of symbols extract as a whole.
///
/// ```
/// use kanren::{Sym, Term};
/// // Rows of the zebra puzzle: [nationality pet].
/// let rows = Term::from(vec![
///     Term::from(vec![Term::sym("englishman"), Term::sym("snails")]),
///     Term::from(vec![Term::sym("japanese"), Term::sym("zebra")]),
/// ]);
/// let rows: Vec<(Sym, Sym)> = (&rows).try_into().unwrap();
/// assert_eq!(rows[1].1, Sym::from("zebra"));
/// assert_eq!(rows[1].1.as_str(), "zebra");
/// let e = Sym::try_from(&Term::from("zebra")).unwrap_err();
/// assert_eq!(e.to_string(), "expected a symbol, found \"zebra\"");
/// ```
#[derive(Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct Sym(pub String);

impl Sym {
    /// The name, as it prints.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl From<&str> for Sym {
    fn from(name: &str) -> Sym {
        Sym(name.to_string())
    }
}

impl fmt::Display for Sym {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl TryFrom<&Term> for Sym {
    type Error = ExtractError;
    fn try_from(t: &Term) -> Result<Sym, ExtractError> {
        match t {
            Term::Sym(s) => Ok(Sym(s.to_string())),
            _ => Err(ExtractError::new("a symbol", t)),
        }
    }
}

impl<'a, T> TryFrom<&'a Term> for Vec<T>
where
    T: TryFrom<&'a Term>,
    T::Error: Into<ExtractError>,
{
    type Error = ExtractError;
    fn try_from(t: &'a Term) -> Result<Vec<T>, ExtractError> {
        let items = sequence(t).ok_or_else(|| ExtractError::new("a list or vector", t))?;
        convert_items(items).collect()
    }
}

impl<'a, T, const N: usize> TryFrom<&'a Term> for [T; N]
where
    T: TryFrom<&'a Term>,
    T::Error: Into<ExtractError>,
{
    type Error = ExtractError;
    fn try_from(t: &'a Term) -> Result<[T; N], ExtractError> {
        let items = t.items::<N>()?;
        let converted: Vec<T> = convert_items(items).collect::<Result<_, _>>()?;
        Ok(converted
            .try_into()
            .unwrap_or_else(|_| unreachable!("N items convert to N values")))
    }
}

/// The entries of a map term converted, keys and values in turn.
fn convert_entries<'a, K, V>(t: &'a Term) -> Result<Vec<(K, V)>, ExtractError>
where
    K: TryFrom<&'a Term>,
    K::Error: Into<ExtractError>,
    V: TryFrom<&'a Term>,
    V::Error: Into<ExtractError>,
{
    let Term::Map(entries) = t else {
        return Err(ExtractError::new("a map", t));
    };
    entries
        .iter()
        .map(|(k, v)| {
            let key = K::try_from(k).map_err(|e| e.into().within("as a key"))?;
            let value =
                V::try_from(v).map_err(|e| e.into().within(format_args!("as the value of {k}")))?;
            Ok((key, value))
        })
        .collect()
}

impl<'a, K, V> TryFrom<&'a Term> for BTreeMap<K, V>
where
    K: TryFrom<&'a Term> + Ord,
    K::Error: Into<ExtractError>,
    V: TryFrom<&'a Term>,
    V::Error: Into<ExtractError>,
{
    type Error = ExtractError;
    fn try_from(t: &'a Term) -> Result<BTreeMap<K, V>, ExtractError> {
        Ok(convert_entries(t)?.into_iter().collect())
    }
}

impl<'a, K, V, S> TryFrom<&'a Term> for HashMap<K, V, S>
where
    K: TryFrom<&'a Term> + Eq + Hash,
    K::Error: Into<ExtractError>,
    V: TryFrom<&'a Term>,
    V::Error: Into<ExtractError>,
    S: BuildHasher + Default,
{
    type Error = ExtractError;
    fn try_from(t: &'a Term) -> Result<HashMap<K, V, S>, ExtractError> {
        Ok(convert_entries(t)?.into_iter().collect())
    }
}

macro_rules! tuples {
    ($($n:literal: $($t:ident $i:tt),+;)*) => {$(
        impl<'a, $($t),+> TryFrom<&'a Term> for ($($t,)+)
        where
            $($t: TryFrom<&'a Term>, $t::Error: Into<ExtractError>,)+
        {
            type Error = ExtractError;
            fn try_from(t: &'a Term) -> Result<($($t,)+), ExtractError> {
                let items = t.items::<$n>()?;
                Ok(($($t::try_from(items[$i]).map_err(|e| e.into().at($i))?,)+))
            }
        }
    )*};
}

tuples! {
    2: A 0, B 1;
    3: A 0, B 1, C 2;
    4: A 0, B 1, C 2, D 3;
    5: A 0, B 1, C 2, D 3, E 4;
    6: A 0, B 1, C 2, D 3, E 4, F 5;
    7: A 0, B 1, C 2, D 3, E 4, F 5, G 6;
    8: A 0, B 1, C 2, D 3, E 4, F 5, G 6, H 7;
}

owned_and_answer! {
    [] bool;
    [] String;
    [] Sym;
    [T: for<'a> TryFrom<&'a Term, Error: Into<ExtractError>>] Vec<T>;
    [T: for<'a> TryFrom<&'a Term, Error: Into<ExtractError>>, const N: usize] [T; N];
    [K: for<'a> TryFrom<&'a Term, Error: Into<ExtractError>> + Ord, V: for<'a> TryFrom<&'a Term, Error: Into<ExtractError>>] BTreeMap<K, V>;
    [K: for<'a> TryFrom<&'a Term, Error: Into<ExtractError>> + Eq + Hash, V: for<'a> TryFrom<&'a Term, Error: Into<ExtractError>>, S: BuildHasher + Default] HashMap<K, V, S>;
    [A: for<'a> TryFrom<&'a Term, Error: Into<ExtractError>>, B: for<'a> TryFrom<&'a Term, Error: Into<ExtractError>>] (A, B);
    [A: for<'a> TryFrom<&'a Term, Error: Into<ExtractError>>, B: for<'a> TryFrom<&'a Term, Error: Into<ExtractError>>, C: for<'a> TryFrom<&'a Term, Error: Into<ExtractError>>] (A, B, C);
    [A: for<'a> TryFrom<&'a Term, Error: Into<ExtractError>>, B: for<'a> TryFrom<&'a Term, Error: Into<ExtractError>>, C: for<'a> TryFrom<&'a Term, Error: Into<ExtractError>>, D: for<'a> TryFrom<&'a Term, Error: Into<ExtractError>>] (A, B, C, D);
}

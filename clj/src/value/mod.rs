//! Values, the lowest layer: what a Clojure value is (`Value` and its parts: collections,
//! numbers, strings, function values as data, logic variables, goals), its metadata and the
//! source positions of forms, how it prints and where program output goes, `=` and the
//! collection operations every layer uses, errors and the interrupt, and the conversion of
//! values to engine terms and back.
//!
//! May depend on: nothing else of this crate; the `kanren` engine (terms, goals, stores).
//! Nothing here names `eval`, `reader` or `library`: a function value is data
//! ([`func::Closure`]: arities, captured environment, compiled body) that `eval/` runs, and
//! a library's compiled form is reached through the [`func::Compiled`] trait.
//!
//! Representation (invariants):
//! - Every value is cheap to clone (compound values share their parts behind `Arc`) and is
//!   `Send + Sync`, because goals built from them live in the engine's `Send + Sync` closures.
//! - `List` is a cons cell: its tail is a seq (`EmptyList`, `List`, `Lazy`, `Nil`) for a
//!   Clojure list, or any other value for core.logic's `lcons` (printed dotted).
//! - `VecSeq(v, i)` is the seq of the vector `v` from index `i` on (`i < v.len()`).
//! - Maps and sets keep insertion order (Clojure's array maps print that way).

pub mod args;
pub mod cell;
pub mod class;
pub mod coll;
pub mod convert;
pub mod error;
pub mod func;
pub mod interrupt;
pub mod items;
pub mod meta;
pub mod num;
pub mod pos;
pub mod printer;
pub mod regex;
pub mod sorted;

use crate::value::error::{Error, Pos, Result};
use crate::value::items::Items;
use kanren::{Goal, Var};
use std::cell::UnsafeCell;
use std::fmt;
use std::sync::atomic::{AtomicU8, Ordering};
use std::sync::{Arc, Mutex};

/// `make`'s value in a counted allocation of its own (`triomphe::Arc`), the allocation made
/// first so that the value is written there part by part. `triomphe::Arc::new(value)` builds
/// the value on the stack and then copies it in whole, and that copy's wide loads wait for the
/// narrow writes that made the value (a stalled load). Environment frames, of 184 bytes, are
/// made this way.
///
/// ```
/// let cell = kanren_clj::value::counted(|| (1, 2));
/// assert_eq!(*cell, (1, 2));
/// ```
#[inline(always)]
pub fn counted<T>(make: impl FnOnce() -> T) -> triomphe::Arc<T> {
    counted_unique(make).shareable()
}

/// [`counted`], not yet shared: the value can still be changed in place.
#[inline(always)]
pub fn counted_unique<T>(make: impl FnOnce() -> T) -> triomphe::UniqueArc<T> {
    let mut a = triomphe::UniqueArc::<T>::new_uninit();
    a.write(make());
    // SAFETY: the value was written just above.
    unsafe { triomphe::UniqueArc::assume_init(a) }
}

/// A Clojure value.
#[derive(Clone)]
// A word-sized tag, as the engine's `Term` has: every payload (`Bool`'s and `Char`'s too)
// starts at the second word, so a move copies whole words. With a byte tag, `Bool` at the
// second byte and `Char` at the fifth, every move of a value (a `Result`, an argument, a
// frame's slot) copied those bytes as odd-sized pieces that the next load could not be
// forwarded from: 3% to 9% of the front end's time on the bench.clj programs.
#[repr(u64)]
pub enum Value {
    /// `nil`.
    Nil,
    /// `true`/`false`.
    Bool(bool),
    /// A 64-bit integer.
    Int(i64),
    /// A double.
    Float(f64),
    /// A ratio `n/d`, normalised (`d > 1`, no common factor).
    Ratio(i64, i64),
    /// An arbitrary-precision integer (`1N`, what `+'` gives on overflow): Clojure's `BigInt`.
    BigInt(Arc<num_bigint::BigInt>),
    /// A string.
    Str(Arc<str>),
    /// A character.
    Char(char),
    /// A keyword, without its leading `:`.
    Keyword(Arc<str>),
    /// A symbol (`ns/name` kept whole).
    Symbol(Arc<str>),
    /// The empty list `()`.
    EmptyList,
    /// A cons cell: head and tail.
    List(triomphe::Arc<Cons>),
    /// A seq over a vector from an index on.
    VecSeq(Arc<Items<Value>>, usize),
    /// A lazy seq, realised once.
    Lazy(triomphe::Arc<LazySeq>),
    /// A vector.
    Vector(Arc<Items<Value>>),
    /// A map, in insertion order.
    Map(Arc<Items<(Value, Value)>>),
    /// A set, in insertion order.
    Set(Arc<Items<Value>>),
    /// A sorted map (`sorted-map`, `sorted-map-by`), ascending by key.
    SortedMap(Arc<sorted::Sorted>),
    /// A sorted set (`sorted-set`, `sorted-set-by`), ascending.
    SortedSet(Arc<sorted::Sorted>),
    /// A box of one value: `reduced`, a volatile, a delay, a promise or a future.
    Cell(Arc<cell::Cell>),
    /// A function defined in Clojure.
    Fn(Arc<func::Closure>),
    /// A macro defined with `defmacro`.
    Macro(Arc<func::Closure>),
    /// A built-in function.
    Native(Arc<Native>),
    /// A special form or built-in macro, by name.
    Special(Arc<str>),
    /// An atom (`atom`, `swap!`, `deref`).
    Atom(Arc<crate::value::items::AtomCell>),
    /// A logic variable.
    LVar(Var),
    /// A goal.
    Goal(Goal),
    /// A finite domain (`fd/interval`, `fd/domain`, `fd/multi-interval`), in core.logic's
    /// shape.
    Domain(Arc<crate::value::items::FdDom>),
    /// A partial map (core.logic's `partial-map`): unifies with any map that has its keys.
    PartialMap(Arc<Items<(Value, Value)>>),
    /// A nom of nominal logic (`clojure.core.logic.nominal`).
    Nom(kanren::Nom),
    /// A tie `[nom] body` of nominal logic.
    Tie(Arc<crate::value::items::TieCell>),
    /// A fact database (`clojure.core.logic.pldb`).
    Db(Arc<kanren::pldb::Db>),
    /// A regex (`#"..."`, `re-pattern`): Java's `java.util.regex.Pattern`.
    Regex(Arc<crate::value::regex::Regex>),
    /// A var (`#'ns/name`, what `def` gives), by its qualified name: calling or derefing it
    /// reads the name's current definition.
    Var(Arc<str>),
    /// An exception (`ex-info`, `(Exception. "m")`, what `catch` binds).
    Exception(Arc<crate::value::error::Throwable>),
    /// A `java.lang.StringBuilder`: a string that `.append` changes in place.
    StringBuilder(Arc<Mutex<String>>),
    /// A class (`java.lang.Long`, a `deftype`'s, a protocol's interface).
    Class(Arc<class::Class>),
    /// An instance of a `deftype` or `reify`, or a library object (a multimethod).
    Object(Arc<class::Object>),
}

/// A cons cell: the first element, the rest, and whether the chain it starts ends in a tail
/// that is not a seq (core.logic's `lcons` of an element and a variable or other non-seq
/// value): such a cell is not a seq, a list or a collection, as core.logic's `LCons` is not.
/// Dropping a long chain of cells (realised lazy seqs included) unrolls it in a loop, so it
/// does not recurse once per element.
///
/// The last field is how many cells of a chunk start at this one, itself included, or 0 for a
/// cell of no chunk: Clojure's chunked seqs (an integer `range`, and what `map`, `filter`,
/// `keep` and `for` make of a chunk) come as a run of realised cells, each marked, so that
/// `rest` keeps the rest of the chunk chunked.
///
/// The fifth field is where the reader read the list form this cell starts (line 0 for a cell
/// it did not read: see [`pos_of`](crate::value::pos::pos_of)).
pub struct Cons(pub Value, pub Value, pub bool, pub u32, pub Pos);

impl Cons {
    /// The cell of `head` and `tail`, marked improper when `tail` is an improper cell or a
    /// value that is not a seq, a collection or `nil`.
    pub fn cell(head: Value, tail: Value) -> Cons {
        let improper = match &tail {
            Value::List(c) => c.2,
            Value::EmptyList | Value::Nil | Value::Lazy(_) | Value::VecSeq(..) => false,
            t => !t.is_sequential() && !t.is_seq(),
        };
        Cons(head, tail, improper, 0, Pos::default())
    }

    /// The cell's head and tail, moved out; its own drop not run (which would walk its tail,
    /// taken here, once more).
    fn into_parts(self) -> (Value, Value) {
        let cell = std::mem::ManuallyDrop::new(self);
        // SAFETY: each part is read once and `cell` is never dropped or used again.
        unsafe { (std::ptr::read(&cell.0), std::ptr::read(&cell.1)) }
    }
}

impl Value {
    /// Whether this is an `lcons` cell: a chain of cells that ends in a tail that is not a
    /// seq.
    pub fn is_lcons(&self) -> bool {
        matches!(self, Value::List(c) if c.2)
    }
}

impl Drop for Cons {
    fn drop(&mut self) {
        let head = std::mem::replace(&mut self.0, Value::Nil);
        let tail = std::mem::replace(&mut self.1, Value::Nil);
        drop_head(head);
        drop_chain(tail);
    }
}

/// Drops a cell's head: a list nested in a list (as deep as a program built it) with the
/// native stack grown on the heap when it runs low.
#[inline]
fn drop_head(head: Value) {
    match head {
        Value::List(_) | Value::Lazy(_) | Value::Vector(_) | Value::Map(_) | Value::Set(_) => {
            crate::value::items::drop_deep(head)
        }
        _ => {}
    }
}

impl<T: Thunk + ?Sized> Drop for LazySeq<T> {
    fn drop(&mut self) {
        if let Some(Ok(v)) = self.outcome.get_mut().take() {
            drop_chain(v);
        }
        // A thunk not run holds the environment it was made in, which can hold another
        // thunk (one that ran was dropped as it ran).
        if *self.state.get_mut() == UNFORCED {
            let thunk = self.thunk.get_mut();
            kanren::stack::maybe_grow(32 * 1024, 1024 * 1024, || thunk.clear());
        }
    }
}

/// What the lazy seq `arc` was forced into, taken out of it when nothing else holds it
/// (`None` when something does, or when it was not forced).
fn take_outcome(arc: &mut triomphe::Arc<LazySeq>) -> Option<Result<Value>> {
    triomphe::Arc::get_mut(arc).and_then(|cell| cell.outcome.get_mut().take())
}

/// Drops the uniquely owned part of a seq's spine in a loop.
fn drop_chain(mut cur: Value) {
    loop {
        cur = match cur {
            // Held by nothing else: a load of the count, no atomic write (`triomphe`'s
            // count has no weak half to give back either).
            Value::List(arc) => match triomphe::Arc::try_unwrap(arc) {
                Ok(cell) => {
                    let (head, tail) = cell.into_parts();
                    drop_head(head);
                    tail
                }
                Err(_) => return,
            },
            Value::Lazy(mut arc) => match take_outcome(&mut arc) {
                Some(Ok(v)) => v,
                _ => return,
            },
            _ => return,
        }
    }
}

/// The code of a lazy seq, kept in the seq's own cell until it runs, once.
pub trait Thunk: Send {
    /// Runs the code: `None` if it has run before.
    fn run(&mut self) -> Option<Result<Value>>;
    /// Drops the code unrun.
    fn clear(&mut self);
    /// The integers the seq gives, when the code is a finite integer range that has not run
    /// ([`coll::Steps`]): a walk that owns the seq reads them without realising it.
    fn int_steps(&self) -> Option<coll::Steps> {
        None
    }
}

impl<F: FnOnce() -> Result<Value> + Send> Thunk for Option<F> {
    fn run(&mut self) -> Option<Result<Value>> {
        self.take().map(|f| f())
    }

    fn clear(&mut self) {
        *self = None;
    }
}

/// A lazy seq: its thunk until forced, then what the thunk gave: the seq it produced, or the
/// error it raised (raised again at each forcing). The thunk lives in the cell (one
/// allocation a seq).
///
/// One atomic state says which part is live: forcing claims the thunk with one
/// compare-and-swap, and a forced seq is read with one load. A seq forced while its thunk
/// runs (by the thunk itself, or by another thread meanwhile) is an error: a cycle in the one
/// case, and nothing to wait for is promised in the other.
pub struct LazySeq<T: Thunk + ?Sized = dyn Thunk> {
    /// [`UNFORCED`], [`RUNNING`] or [`FORCED`].
    state: AtomicU8,
    /// Whether the thunk may tell the integers it gives ([`Thunk::int_steps`]): asked only
    /// then, so a walk of any other seq pays one plain load.
    steps: bool,
    /// What the thunk gave (the seq produced: `Nil`, `EmptyList`, `List`, `VecSeq` or
    /// another lazy seq), once `state` is [`FORCED`]; written only by the thread whose swap
    /// made it [`RUNNING`].
    outcome: UnsafeCell<Option<Result<Value>>>,
    /// The thunk; run only by the thread whose swap made `state` [`RUNNING`].
    thunk: UnsafeCell<T>,
}

/// The thunk has not run.
const UNFORCED: u8 = 0;
/// The thunk is running.
const RUNNING: u8 = 1;
/// The thunk has run and what it gave is kept.
const FORCED: u8 = 2;

// SAFETY: `outcome` is written once, by the one thread that moved `state` from UNFORCED to
// RUNNING, before it publishes FORCED with release ordering; it is read only after FORCED is
// seen with acquire ordering, and not written again while shared. `thunk` is run only by that
// same thread while the state is RUNNING, and cleared only through `&mut self`. Values,
// errors and thunks are `Send`, and values and errors `Sync`.
unsafe impl<T: Thunk + ?Sized> Sync for LazySeq<T> {}

impl LazySeq {
    /// A seq that runs `f` when first forced.
    fn new<F: FnOnce() -> Result<Value> + Send + 'static>(f: F) -> triomphe::Arc<LazySeq> {
        LazySeq::from_thunk(Some(f), false)
    }

    /// A seq that runs the thunk `t` when first forced; `steps`: whether `t` may tell its
    /// integers ([`Thunk::int_steps`]).
    fn from_thunk<T: Thunk + 'static>(t: T, steps: bool) -> triomphe::Arc<LazySeq> {
        use unsize::CoerceUnsize;
        let cell = triomphe::Arc::new(LazySeq {
            state: AtomicU8::new(UNFORCED),
            steps,
            outcome: UnsafeCell::new(None),
            thunk: UnsafeCell::new(t),
        });
        // SAFETY: the function only unsizes the pointer (the thunk's type to `dyn Thunk`).
        let to_dyn =
            unsafe { unsize::Coercion::new(|p: *const LazySeq<T>| -> *const LazySeq { p }) };
        cell.unsize(to_dyn)
    }

    /// [`Thunk::int_steps`] of a cell not yet forced that `this` is the only reference to.
    pub(crate) fn int_steps_held(this: &triomphe::Arc<LazySeq>) -> Option<coll::Steps> {
        if !this.steps || !this.is_unique() || this.state.load(Ordering::Acquire) != UNFORCED {
            return None;
        }
        // SAFETY: `this` is the cell's only reference, so no other thread can force it while
        // the thunk is read, and this thread is not forcing it (its state is UNFORCED).
        unsafe { (*this.thunk.get()).int_steps() }
    }

    /// What the thunk gave, if it has run.
    #[inline]
    fn outcome(&self) -> Option<&Result<Value>> {
        if self.state.load(Ordering::Acquire) != FORCED {
            return None;
        }
        // SAFETY: FORCED was published after `outcome` was written, and `outcome` is not
        // written again while the cell is shared.
        unsafe { (*self.outcome.get()).as_ref() }
    }

    /// The seq produced, if the thunk has run and produced one.
    #[inline]
    fn done(&self) -> Option<&Value> {
        self.outcome()?.as_ref().ok()
    }

    /// What forcing this cell once gives (the thunk run now if it has not been), borrowed
    /// from the cell.
    #[inline]
    fn step(&self) -> Result<&Value> {
        match self.outcome() {
            Some(Ok(v)) => Ok(v),
            _ => self.step_now(),
        }
    }

    /// [`LazySeq::step`] of a cell not yet forced, or forced into an error.
    #[inline(never)]
    fn step_now(&self) -> Result<&Value> {
        if let Some(out) = self.outcome() {
            return out.as_ref().map_err(Error::clone);
        }
        if let Err(now) =
            self.state
                .compare_exchange(UNFORCED, RUNNING, Ordering::Acquire, Ordering::Acquire)
        {
            return match now {
                FORCED => self.step(),
                _ => Err(Error::msg("lazy seq depends on itself")),
            };
        }
        // SAFETY: this thread's swap made the state RUNNING: no other runs the thunk or
        // touches `outcome` now.
        let thunk = unsafe { &mut *self.thunk.get() };
        // A lazy seq built of lazy seqs forces them nested: make room on the heap.
        let out = kanren::stack::maybe_grow(64 * 1024, 2 * 1024 * 1024, || thunk.run())
            .expect("an unforced seq has its thunk");
        // SAFETY: as above; readers wait for FORCED, published below.
        unsafe { *self.outcome.get() = Some(out) };
        self.state.store(FORCED, Ordering::Release);
        self.step()
    }
}

/// The code of a built-in function (a closure: a relation of a fact database or a tabled
/// relation carries its own engine value).
pub type NativeFn = Arc<dyn Fn(Vec<Value>) -> Result<Value> + Send + Sync>;

/// The code of a built-in function that reads its arguments in place.
pub type SliceFn = Arc<dyn Fn(&[Value]) -> Result<Value> + Send + Sync>;

/// The code of a built-in function that takes its arguments' terms.
pub type TermsFn = Arc<dyn Fn(Vec<kanren::Term>) -> Result<Value> + Send + Sync>;

/// A built-in function: its name (for errors) and code.
pub struct Native {
    /// The qualified name, e.g. `clojure.core/map`.
    pub name: &'static str,
    /// The code.
    pub f: NativeFn,
    /// The same code reading its arguments in place, for the functions registered with it
    /// (`library::core::reg_slice`: arithmetic, `==`, `unify`): a compiled call of a few
    /// arguments runs it without collecting them into a vector.
    pub slice: Option<SliceFn>,
    /// The same code taking its arguments' terms, for the relations of facts (`db-rel`): a
    /// call in a `defne` body planned over terms hands them over as they are, without a value
    /// made of each.
    pub terms: Option<TermsFn>,
    /// Whether a call has no effect but its value, and gives equal values for equal
    /// arguments (`==`, `!=`, arithmetic, the FD constraint constructors): compiled goal
    /// bodies that call only such functions are built once and reused
    /// (`library::logic::compile`).
    pub pure: bool,
    /// Whether this is a built-in made once for the process and kept by it
    /// (`library::core::reg`, `reg_slice`): it lives as long as the process, so a compiled
    /// call site reads it without taking a reference count. Only that registry sets it.
    pub(crate) shared: bool,
}

impl Value {
    /// A string value.
    pub fn str(s: &str) -> Value {
        Value::Str(s.into())
    }

    /// A symbol value.
    pub fn sym(s: &str) -> Value {
        Value::Symbol(s.into())
    }

    /// A keyword value (name without the `:`).
    pub fn kw(s: &str) -> Value {
        Value::Keyword(s.into())
    }

    /// The cell of `head` and `tail` (see [`Cons::cell`]).
    ///
    /// ```
    /// use kanren_clj::value::Value;
    /// let l = Value::cons(Value::Int(1), Value::list([Value::Int(2)]));
    /// assert_eq!(l.to_string(), "(1 2)");
    /// assert_eq!(Value::cons(Value::Int(1), Value::Int(2)).to_string(), "(1 . 2)");
    /// ```
    pub fn cons(head: Value, tail: Value) -> Value {
        Value::List(triomphe::Arc::new(Cons::cell(head, tail)))
    }

    /// A proper list of the values.
    pub fn list(items: impl IntoIterator<Item = Value, IntoIter: DoubleEndedIterator>) -> Value {
        Value::list_with_tail(items, Value::EmptyList)
    }

    /// The values consed onto `tail`.
    pub fn list_with_tail(
        items: impl IntoIterator<Item = Value, IntoIter: DoubleEndedIterator>,
        tail: Value,
    ) -> Value {
        items.into_iter().rev().fold(tail, |t, h| Value::cons(h, t))
    }

    /// The values as one chunk of cells ending in `tail` (see [`Cons`]).
    ///
    /// ```
    /// use kanren_clj::value::Value;
    /// let s = Value::chunk_with_tail(vec![Value::Int(1), Value::Int(2)], Value::EmptyList);
    /// assert_eq!(s.to_string(), "(1 2)");
    /// let (items, rest) = s.chunk().unwrap().expect("a chunk");
    /// assert_eq!(items.len(), 2);
    /// assert!(matches!(rest, Value::EmptyList));
    /// ```
    pub fn chunk_with_tail(
        items: impl IntoIterator<Item = Value, IntoIter: DoubleEndedIterator>,
        tail: Value,
    ) -> Value {
        items.into_iter().rev().zip(1u32..).fold(tail, |t, (h, k)| {
            let mut c = crate::value::Cons::cell(h, t);
            c.3 = k;
            Value::List(triomphe::Arc::new(c))
        })
    }

    /// The chunk this seq starts with, when it starts with one (see [`Cons`]): its elements
    /// and the seq after them; `None` for a seq read one element at a time.
    pub fn chunk(&self) -> Result<Option<(Vec<Value>, Value)>> {
        let Value::List(c) = self.forced()? else {
            return Ok(None);
        };
        if c.3 == 0 {
            return Ok(None);
        }
        let mut items = Vec::with_capacity(c.3 as usize);
        let mut cur = c;
        loop {
            items.push(cur.0.clone());
            if items.len() == c.3 as usize {
                return Ok(Some((items, cur.1.clone())));
            }
            match &cur.1 {
                Value::List(next) => cur = next,
                // A chunk's cells are realised together: none ends early.
                _ => return Ok(Some((items, cur.1.clone()))),
            }
        }
    }

    /// A vector of the values.
    pub fn vector(items: Vec<Value>) -> Value {
        Value::Vector(Items::arc(items))
    }

    /// A lazy seq produced by `f` when first needed.
    pub fn lazy(f: impl FnOnce() -> Result<Value> + Send + 'static) -> Value {
        Value::Lazy(LazySeq::new(f))
    }

    /// A lazy seq produced by the thunk `t` when first needed: [`Value::lazy`] of code that
    /// says what it is ([`Thunk::int_steps`]).
    pub fn lazy_thunk(t: impl Thunk + 'static) -> Value {
        Value::Lazy(LazySeq::from_thunk(t, true))
    }

    /// A lazy seq already realised as the seq `s` (what Clojure's `(doall (take n s))`
    /// gives: a `LazySeq`, not a list).
    ///
    /// ```
    /// use kanren_clj::value::Value;
    /// use kanren_clj::value::items::Items;
    /// let s = Value::realized_seq(Value::VecSeq(Items::arc(vec![Value::Int(1), Value::Int(2)]), 0));
    /// assert!(matches!(s, Value::Lazy(_)));
    /// assert_eq!(s.to_string(), "(1 2)");
    /// ```
    pub fn realized_seq(s: Value) -> Value {
        let mut cell = LazySeq::from_thunk(None::<fn() -> Result<Value>>, false);
        if let Some(c) = triomphe::Arc::get_mut(&mut cell) {
            *c.outcome.get_mut() = Some(Ok(s));
            *c.state.get_mut() = FORCED;
        }
        Value::Lazy(cell)
    }

    /// Clojure truthiness: everything but `nil` and `false`.
    pub fn truthy(&self) -> bool {
        !matches!(self, Value::Nil | Value::Bool(false))
    }

    /// The symbol's name, if this is a symbol.
    pub fn as_symbol(&self) -> Option<&str> {
        match self {
            Value::Symbol(s) => Some(s),
            _ => None,
        }
    }

    /// Whether this is the symbol `name`.
    pub fn is_sym(&self, name: &str) -> bool {
        self.as_symbol() == Some(name)
    }

    /// Whether the value is a seq or list (Clojure's `seq?`).
    pub fn is_seq(&self) -> bool {
        matches!(
            self,
            Value::EmptyList | Value::List(_) | Value::VecSeq(..) | Value::Lazy(_)
        )
    }

    /// Whether the value is sequential (a seq or a vector).
    pub fn is_sequential(&self) -> bool {
        self.is_seq() || matches!(self, Value::Vector(_))
    }

    /// The name of the value's type, for error messages.
    pub fn type_name(&self) -> &'static str {
        match self {
            Value::Nil => "nil",
            Value::Bool(_) => "boolean",
            Value::Int(_) => "integer",
            Value::Float(_) => "double",
            Value::Ratio(..) => "ratio",
            Value::BigInt(_) => "bigint",
            Value::Str(_) => "string",
            Value::Char(_) => "character",
            Value::Keyword(_) => "keyword",
            Value::Symbol(_) => "symbol",
            Value::EmptyList | Value::List(_) => "list",
            Value::VecSeq(..) | Value::Lazy(_) => "seq",
            Value::Vector(_) => "vector",
            Value::Map(_) => "map",
            Value::Set(_) => "set",
            Value::SortedMap(_) => "sorted map",
            Value::SortedSet(_) => "sorted set",
            Value::Cell(c) => match c.kind {
                cell::CellKind::Reduced => "reduced",
                cell::CellKind::Volatile => "volatile",
                cell::CellKind::Delay => "delay",
                cell::CellKind::Promise => "promise",
                cell::CellKind::Future => "future",
                cell::CellKind::Var => "var",
            },
            Value::Fn(_) | Value::Native(_) => "function",
            Value::Macro(_) | Value::Special(_) => "macro",
            Value::Atom(_) => "atom",
            Value::LVar(_) => "logic variable",
            Value::Goal(_) => "goal",
            Value::Domain(_) => "domain",
            Value::PartialMap(_) => "partial map",
            Value::Db(_) => "database",
            Value::Nom(_) => "nom",
            Value::Tie(_) => "tie",
            Value::Regex(_) => "regex",
            Value::Var(_) => "var",
            Value::Exception(_) => "exception",
            Value::StringBuilder(_) => "StringBuilder",
            Value::Class(_) => "class",
            Value::Object(_) => "object",
        }
    }

    /// The value, with a lazy seq's realized value in its place; `None` for a lazy seq not
    /// yet realized (or being realized). Runs nothing.
    ///
    /// ```
    /// use kanren_clj::value::Value;
    /// let seq = Value::lazy(|| Ok(Value::Nil));
    /// assert!(seq.realized().is_none());
    /// seq.force().unwrap();
    /// assert!(matches!(seq.realized(), Some(Value::Nil)));
    /// ```
    pub fn realized(&self) -> Option<Value> {
        self.realized_ref().cloned()
    }

    /// [`realized`](Value::realized), borrowed from the value's cells.
    fn realized_ref(&self) -> Option<&Value> {
        let mut v = self;
        while let Value::Lazy(cell) = v {
            v = cell.done()?;
        }
        Some(v)
    }

    /// Whether the value is `nil`, `()` or a lazy seq already realised as one of them. Runs
    /// nothing.
    ///
    /// ```
    /// use kanren_clj::value::Value;
    /// let seq = Value::lazy(|| Ok(Value::EmptyList));
    /// assert!(!seq.realized_empty());
    /// seq.force().unwrap();
    /// assert!(seq.realized_empty());
    /// ```
    pub fn realized_empty(&self) -> bool {
        matches!(self.realized_ref(), Some(Value::Nil | Value::EmptyList))
    }

    /// Forces a lazy seq (repeatedly) until the value is not `Lazy`.
    pub fn force(&self) -> Result<Value> {
        self.forced().cloned()
    }

    /// [`force`](Value::force), borrowing the result from the value (from the cells a lazy
    /// seq was forced into).
    ///
    /// ```
    /// use kanren_clj::value::Value;
    /// let seq = Value::lazy(|| Ok(Value::list([Value::Int(1)])));
    /// assert!(matches!(seq.forced().unwrap(), Value::List(_)));
    /// ```
    #[inline]
    pub fn forced(&self) -> Result<&Value> {
        let mut v = self;
        while let Value::Lazy(cell) = v {
            v = cell.step()?;
        }
        Ok(v)
    }

    /// [`uncons`](Value::uncons) of a value no longer needed: a list cell or a lazy seq that
    /// nothing else holds gives up its parts, and a vector's seq hands its items on to its
    /// rest, with no count taken on them and given back (a walk that owns its seq steps along
    /// it so).
    ///
    /// ```
    /// use kanren_clj::value::Value;
    /// let (h, t) = Value::list([Value::Int(1), Value::Int(2)]).uncons_owned().unwrap().unwrap();
    /// assert_eq!((h.to_string(), t.to_string()), ("1".into(), "(2)".into()));
    /// ```
    pub fn uncons_owned(self) -> Result<Option<(Value, Value)>> {
        let mut v = self;
        loop {
            return match v {
                Value::VecSeq(items, i) => Ok(Some((items[i].clone(), vec_seq(items, i + 1)))),
                Value::List(c) => Ok(Some(match triomphe::Arc::try_unwrap(c) {
                    Ok(cell) => cell.into_parts(),
                    Err(c) => (c.0.clone(), c.1.clone()),
                })),
                // A lazy seq nothing else holds gives up what it was forced into (in a loop:
                // a lazy seq of a lazy seq, as deep as a program nests them).
                Value::Lazy(mut cell) => {
                    cell.step()?;
                    match take_outcome(&mut cell) {
                        Some(out) => {
                            v = out?;
                            continue;
                        }
                        None => Value::Lazy(cell).uncons(),
                    }
                }
                other => other.uncons(),
            };
        }
    }

    /// The first element and the rest of a seqable value, or `None` when it is empty.
    pub fn uncons(&self) -> Result<Option<(Value, Value)>> {
        let v = self.forced()?;
        Ok(match v {
            Value::Nil | Value::EmptyList => None,
            Value::List(c) => Some((c.0.clone(), c.1.clone())),
            Value::Vector(items) => {
                if items.is_empty() {
                    None
                } else {
                    Some((items[0].clone(), vec_seq(items.clone(), 1)))
                }
            }
            Value::VecSeq(items, i) => Some((items[*i].clone(), vec_seq(items.clone(), i + 1))),
            Value::Map(m) => {
                if m.is_empty() {
                    None
                } else {
                    let items: Vec<Value> = m
                        .iter()
                        .map(|(k, v)| Value::vector(vec![k.clone(), v.clone()]))
                        .collect();
                    let items = Items::arc(items);
                    Some((items[0].clone(), vec_seq(items, 1)))
                }
            }
            Value::Set(s) => {
                if s.is_empty() {
                    None
                } else {
                    Some((s[0].clone(), vec_seq(s.clone(), 1)))
                }
            }
            Value::SortedMap(_) | Value::SortedSet(_) => {
                let items = match v {
                    Value::SortedMap(m) => m.items(false),
                    Value::SortedSet(m) => m.items(true),
                    _ => Vec::new(),
                };
                if items.is_empty() {
                    None
                } else {
                    let items = Items::arc(items);
                    Some((items[0].clone(), vec_seq(items, 1)))
                }
            }
            Value::Str(s) => {
                let items: Vec<Value> = s.chars().map(Value::Char).collect();
                if items.is_empty() {
                    None
                } else {
                    let items = Items::arc(items);
                    Some((items[0].clone(), vec_seq(items, 1)))
                }
            }
            // A type implementing `clojure.lang.Seqable`.
            Value::Object(_) => match crate::value::class::call_method(v, "seq", Vec::new()) {
                Some(s) => return s?.uncons(),
                None => {
                    return Err(Error::msg(format!(
                        "don't know how to create a seq from object: {}",
                        crate::value::printer::pr_str(v)
                    )))
                }
            },
            other => {
                return Err(Error::msg(format!(
                    "don't know how to create a seq from {}: {}",
                    other.type_name(),
                    crate::value::printer::pr_str(other)
                )))
            }
        })
    }

    /// How many elements a seqable value has, realizing a lazy seq to its end without
    /// keeping its elements aside (`count`, `doall`, `dorun`).
    ///
    /// ```
    /// let v = kanren_clj::eval_str("(map inc (range 5))").unwrap();
    /// assert_eq!(v.walk().unwrap(), 5);
    /// ```
    pub fn walk(&self) -> Result<usize> {
        match self {
            Value::Vector(v) => return Ok(v.len()),
            Value::Nil | Value::EmptyList => return Ok(0),
            _ => {}
        }
        // Along the cells by reference while the seq is made of them; from any other seq on
        // (a map's, a string's, an object's) by `uncons`.
        let mut n = 0;
        let mut cur = self;
        loop {
            match cur.forced()? {
                Value::Nil | Value::EmptyList => return Ok(n),
                Value::List(c) => cur = &c.1,
                Value::VecSeq(items, i) => return Ok(n + items.len() - i),
                other => break other.walk_owned(n),
            }
            n += 1;
            if n % 4096 == 0 {
                crate::value::interrupt::check_interrupt()?;
            }
        }
    }

    /// [`walk`](Value::walk) of a seq by `uncons`, `n` elements counted before it.
    fn walk_owned(&self, mut n: usize) -> Result<usize> {
        let mut cur = self.clone();
        while let Some((_, t)) = cur.uncons()? {
            cur = t;
            n += 1;
            if n.is_multiple_of(4096) {
                crate::value::interrupt::check_interrupt()?;
            }
        }
        Ok(n)
    }

    /// Calls `f` on each element of a finite seqable value, in order, each read where it is
    /// held when it can be (a vector's items, a list's cells): no copy of them made, as
    /// [`to_vec`](Value::to_vec) makes one. Stops at `f`'s first error.
    ///
    /// ```
    /// use kanren_clj::value::Value;
    /// let v = Value::vector(vec![Value::Int(1), Value::Int(2)]);
    /// let mut sum = 0;
    /// v.each(|x| {
    ///     if let Value::Int(i) = x {
    ///         sum += i;
    ///     }
    ///     Ok(())
    /// })
    /// .unwrap();
    /// assert_eq!(sum, 3);
    /// ```
    pub fn each(&self, mut f: impl FnMut(&Value) -> Result<()>) -> Result<()> {
        if let Value::Vector(v) = self {
            return v.iter().try_for_each(f);
        }
        // Along the cells by reference while the seq is made of them (no count taken on a
        // tail); the rest of a vector's seq in place; any other seq by `uncons`.
        let mut n = 0usize;
        let mut cur = self;
        let other = loop {
            match cur.forced()? {
                Value::Nil | Value::EmptyList => return Ok(()),
                Value::List(c) => {
                    f(&c.0)?;
                    cur = &c.1;
                }
                Value::VecSeq(items, i) => return items[*i..].iter().try_for_each(f),
                other => break other,
            }
            n += 1;
            if n.is_multiple_of(4096) {
                crate::value::interrupt::check_interrupt()?;
            }
        };
        let mut cur = other.clone();
        while let Some((h, t)) = cur.uncons()? {
            f(&h)?;
            cur = t;
            n += 1;
            if n.is_multiple_of(4096) {
                crate::value::interrupt::check_interrupt()?;
            }
        }
        Ok(())
    }

    /// All elements of a finite seqable value: [`each`](Value::each)'s, copied.
    pub fn to_vec(&self) -> Result<Vec<Value>> {
        match self {
            Value::Vector(v) => return Ok(v.to_vec()),
            Value::VecSeq(items, i) => return Ok(items[*i..].to_vec()),
            Value::Nil | Value::EmptyList => return Ok(Vec::new()),
            _ => {}
        }
        let mut out = Vec::new();
        self.each(|x| {
            out.push(x.clone());
            Ok(())
        })?;
        Ok(out)
    }
}

/// The seq of `items` from `i` on (the empty list at the end).
pub fn vec_seq(items: Arc<Items<Value>>, i: usize) -> Value {
    if i >= items.len() {
        Value::EmptyList
    } else {
        Value::VecSeq(items, i)
    }
}

impl fmt::Debug for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&crate::value::printer::pr_str(self))
    }
}

impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&crate::value::printer::pr_str(self))
    }
}

#[cfg(test)]
mod tests {
    use super::Value;
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::sync::{Arc, OnceLock};

    /// The layout the type's `repr(u64)` promises: a word of tag, every payload from the
    /// second word on (a byte of `Bool` beside a byte tag is what made moves stall), and
    /// `Option` and `Result` of a value no larger, their tags kept in the value's.
    #[test]
    fn a_value_is_a_word_of_tag_and_two_words_of_payload() {
        use std::mem::size_of;
        assert_eq!(size_of::<Value>(), 24);
        assert_eq!(size_of::<Option<Value>>(), 24);
        assert_eq!(size_of::<crate::value::error::Result<Value>>(), 24);
        let word = |v: &Value, i: usize| {
            // SAFETY: a `Value` is three words (above); reading them copies bits only.
            let words: [u64; 3] = unsafe { std::mem::transmute_copy(v) };
            words[i]
        };
        assert_eq!(word(&Value::Bool(true), 1) & 0xff, 1);
        assert_eq!(word(&Value::Char('x'), 1) & 0xffff_ffff, 'x' as u64);
        assert_eq!(word(&Value::Int(-7), 1), -7i64 as u64);
        assert_ne!(word(&Value::Bool(true), 0), word(&Value::Char('x'), 0));
    }

    /// What `LazySeq`'s `Sync` rests on: the values and errors it keeps are shared between
    /// threads, and its thunk may run on another thread than the one that made it.
    #[test]
    fn what_a_lazy_seq_keeps_is_send_and_sync() {
        fn send_sync<T: Send + Sync>() {}
        send_sync::<Value>();
        send_sync::<crate::value::Error>();
        fn send<T: Send + ?Sized>() {}
        send::<dyn super::Thunk>();
    }

    #[test]
    fn a_lazy_seq_runs_its_thunk_once_and_is_read_from_any_thread() {
        let runs = Arc::new(AtomicUsize::new(0));
        let counted = runs.clone();
        let seq = Value::lazy(move || {
            counted.fetch_add(1, Ordering::SeqCst);
            Ok(Value::list([Value::Int(1), Value::Int(2)]))
        });
        assert!(seq.realized().is_none());
        let first = seq.force().expect("forced");
        let again = std::thread::scope(|s| {
            s.spawn(|| seq.force().expect("forced elsewhere"))
                .join()
                .expect("the thread ends")
        });
        assert_eq!(first.to_string(), "(1 2)");
        assert_eq!(again.to_string(), "(1 2)");
        assert_eq!(runs.load(Ordering::SeqCst), 1);
    }

    #[test]
    fn a_thunk_that_fails_fails_again_and_one_that_forces_itself_is_a_cycle() {
        let failing = Value::lazy(|| Err(crate::value::Error::msg("no seq here")));
        for _ in 0..2 {
            let e = failing.force().expect_err("the thunk's error");
            assert!(e.to_string().contains("no seq here"), "{e}");
        }
        assert!(failing.realized().is_none());

        let cell: Arc<OnceLock<Value>> = Arc::new(OnceLock::new());
        let inner = cell.clone();
        let cyclic = Value::lazy(move || inner.get().expect("set below").force());
        cell.set(cyclic.clone()).expect("set once");
        let e = cyclic.force().expect_err("a cycle");
        assert!(e.to_string().contains("depends on itself"), "{e}");
    }
}

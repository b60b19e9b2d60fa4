//! Clojure values to engine terms and back.
//!
//! Conversion (values to terms): integers, booleans and strings map to themselves; `()` is
//! `Term::Nil` and lists, lazy seqs and `lcons` cells are pairs; vectors are vectors; keywords
//! are symbols with their `:`; maps are map terms (unified key by key); `nil`, doubles, ratios
//! and characters are symbols that only the conversion back produces (`nil`, or marked with
//! `\u{1}`); sets, functions, goals, `deftype` instances (and records of the classes
//! [`keep_opaque`] names) are entries of a registry, so they unify only with values equal to
//! themselves. Reified variables (`_0`) come back as the symbols core.logic
//! gives.

use crate::value::error::{Error, Result};
use crate::value::Value;
use kanren::{Term, Var};
use std::cell::RefCell;
use std::sync::Arc;

thread_local! {
    static OPAQUE: RefCell<Vec<Value>> = const { RefCell::new(Vec::new()) };
}

const MARK: char = '\u{1}';

/// The names of named logic variables (`(lvar 'x)`): the printed name (`x__12`, or `x` when
/// made without a gensym) and the name given (core.logic's `:oname`).
type Names = std::sync::RwLock<rustc_hash::FxHashMap<Var, (Arc<str>, Arc<str>)>>;

fn names() -> &'static Names {
    static NAMES: std::sync::OnceLock<Names> = std::sync::OnceLock::new();
    NAMES.get_or_init(Default::default)
}

/// A logic variable named `name`, as core.logic's `(lvar name gensym)`: a new variable
/// printed `<lvar:name__N>` with `gensym`, else the one variable of that name, printed
/// `<lvar:name>` (core.logic's variables are equal by name).
pub fn named_lvar(name: &str, gensym: bool) -> Var {
    static BY_NAME: std::sync::OnceLock<std::sync::Mutex<rustc_hash::FxHashMap<Arc<str>, Var>>> =
        std::sync::OnceLock::new();
    static GENSYM: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
    let make = |printed: String| {
        let v = Var::fresh();
        let mut all = names().write().unwrap_or_else(|e| e.into_inner());
        all.insert(v, (printed.into(), name.into()));
        v
    };
    if gensym {
        let n = GENSYM.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        return make(format!("{name}__{n}"));
    }
    let by_name = BY_NAME.get_or_init(Default::default);
    let mut known = by_name.lock().unwrap_or_else(|e| e.into_inner());
    *known
        .entry(name.into())
        .or_insert_with(|| make(name.to_string()))
}

/// The printed name and the given name of a named logic variable.
pub fn lvar_name(v: Var) -> Option<(Arc<str>, Arc<str>)> {
    let all = names().read().unwrap_or_else(|e| e.into_inner());
    if all.is_empty() {
        return None;
    }
    all.get(&v).cloned()
}

/// The longest seq that becomes a term: core.logic walks lazy seqs as it unifies, the engine's
/// terms are built whole, so an infinite seq is an error, not a hang.
pub const MAX_SEQ: usize = 1 << 22;

/// The record classes whose instances stay opaque terms ([`keep_opaque`]); `KEPT_ANY` says
/// whether there is one, so that a map term costs no look-up until then.
static KEPT: std::sync::RwLock<Vec<Arc<str>>> = std::sync::RwLock::new(Vec::new());
static KEPT_ANY: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

/// Makes the records of the class `name` opaque terms, as a `deftype`'s instances are, rather
/// than map terms: for a record type that unifies, walks and reifies through its own methods
/// (core.logic's term protocols), the term keeps the record whole.
pub fn keep_opaque(name: &str) {
    let mut kept = KEPT.write().unwrap_or_else(|e| e.into_inner());
    if !kept.iter().any(|n| &**n == name) {
        kept.push(name.into());
    }
    KEPT_ANY.store(true, std::sync::atomic::Ordering::Relaxed);
}

/// Whether `m`, a record, is of a class [`keep_opaque`] named.
fn kept_opaque(m: &crate::value::items::Items<(Value, Value)>) -> bool {
    let Some(class) = &m.tag else { return false };
    KEPT_ANY.load(std::sync::atomic::Ordering::Relaxed)
        && KEPT
            .read()
            .unwrap_or_else(|e| e.into_inner())
            .iter()
            .any(|n| *n == class.name)
}

/// The value an opaque term stands for (an object, a set, a function, a record kept opaque);
/// `None` for any other term.
pub fn opaque_value(t: &Term) -> Option<Value> {
    let Term::Sym(s) = t else { return None };
    let i = s
        .strip_prefix(MARK)?
        .strip_prefix('o')?
        .parse::<usize>()
        .ok()?;
    OPAQUE.with(|o| o.borrow().get(i).cloned())
}

fn opaque(v: &Value) -> Term {
    let i = OPAQUE.with(|o| {
        let mut o = o.borrow_mut();
        match o.iter().position(|x| crate::value::coll::equal(x, v)) {
            Some(i) => i,
            None => {
                o.push(v.clone());
                o.len() - 1
            }
        }
    });
    Term::sym(&format!("{MARK}o{i}"))
}

/// The engine term for a value.
///
/// ```
/// use kanren_clj::{convert::{from_term, to_term}, reader::read_all};
/// let v = &read_all("(1 [:a \"s\"] nil 1.5 \\c)").unwrap()[0];
/// let t = to_term(v).unwrap();
/// assert_eq!(from_term(&t).to_string(), "(1 [:a \"s\"] nil 1.5 \\c)");
/// ```
#[inline]
pub fn to_term(v: &Value) -> Result<Term> {
    // The common leaves at the call, without the memo or a stack check.
    match v {
        Value::LVar(x) => Ok(Term::Var(*x)),
        Value::Int(i) => Ok(Term::Int(*i)),
        _ => to_term_made(v),
    }
}

/// [`to_term`] of anything but a variable or an integer.
#[inline(never)]
fn to_term_made(v: &Value) -> Result<Term> {
    if let Some(t) = memo_get(v) {
        return Ok(t);
    }
    kanren::stack::maybe_grow(32 * 1024, 1024 * 1024, || to_term_inner(v))
}

/// The terms `f(0)`, ..., `f(n - 1)` in one shared slice, made in place: one allocation,
/// where collecting into a `Vec` and converting it makes two and a copy. The first error is
/// returned, the terms made before it dropped.
pub(crate) fn terms_of(n: usize, mut f: impl FnMut(usize) -> Result<Term>) -> Result<Arc<[Term]>> {
    let out = Arc::<[Term]>::new_uninit_slice(n);
    // Written through the new slice's pointer: `Arc::get_mut` would ask, with an atomic
    // compare-and-swap, what is known here (no other owner yet).
    let base = Arc::as_ptr(&out) as *mut std::mem::MaybeUninit<Term>;
    for i in 0..n {
        match f(i) {
            // SAFETY: `out` is the slice's only owner and `i < n`; nothing reads the slot
            // before this write.
            Ok(t) => unsafe {
                (*base.add(i)).write(t);
            },
            Err(e) => {
                for j in 0..i {
                    // SAFETY: the slots before `i` were written just above.
                    unsafe { (*base.add(j)).assume_init_drop() };
                }
                return Err(e);
            }
        }
    }
    // SAFETY: every slot was written.
    Ok(unsafe { out.assume_init() })
}

/// No terms: one empty slice, shared.
pub(crate) static NO_TERMS: std::sync::LazyLock<Arc<[Term]>> =
    std::sync::LazyLock::new(|| Arc::new([]));

/// A slice of terms made for one owner, written in place and then shared: the slots a
/// clause's pattern match fills.
pub(crate) struct NewTerms(Option<Arc<[Term]>>);

impl NewTerms {
    /// `n` slots, each `nil` until written (none: nothing made, not even a count taken on
    /// the one empty slice).
    pub(crate) fn nil(n: usize) -> NewTerms {
        match n {
            0 => NewTerms(None),
            n => NewTerms(Some(terms_of(n, |_| Ok(Term::Nil)).expect("no error"))),
        }
    }

    /// The slots, to write.
    pub(crate) fn slots(&mut self) -> &mut [Term] {
        match &self.0 {
            // SAFETY: the slice was made by `nil` and is not shared before `share` gives it
            // away, so this is its only reference (`Arc::get_mut` would check that
            // atomically).
            Some(a) => unsafe { &mut *(Arc::as_ptr(a) as *mut [Term]) },
            None => &mut [],
        }
    }

    /// The slots, shared from now on: `None` for none (the one empty slice, [`NO_TERMS`],
    /// stands for them, borrowed where a count is not needed).
    pub(crate) fn share(self) -> Option<Arc<[Term]>> {
        self.0
    }
}

/// Lists and vectors made from terms (by [`from_search_term`]) remember their term for a while: a
/// relation's pattern variable bound to a part of its argument goes back into a goal as the
/// same term, without converting it twice. Direct-mapped by the value's address; an entry
/// holds the value, so the address is not reused while the entry lives (values are
/// immutable, so the term stays right).
const MEMO_SIZE: usize = 256;

type Memo = [Option<(Value, Term)>; MEMO_SIZE];

thread_local! {
    static MEMO: RefCell<Box<Memo>> = RefCell::new(Box::new([const { None }; MEMO_SIZE]));
}

fn memo_key(v: &Value) -> Option<usize> {
    let addr = match v {
        Value::List(c) => std::ptr::from_ref::<crate::value::Cons>(c) as usize,
        Value::Vector(items) => Arc::as_ptr(items) as usize,
        _ => return None,
    };
    Some((addr >> 4) % MEMO_SIZE)
}

fn same_value(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::List(x), Value::List(y)) => triomphe::Arc::ptr_eq(x, y),
        (Value::Vector(x), Value::Vector(y)) => Arc::ptr_eq(x, y),
        _ => false,
    }
}

fn memo_get(v: &Value) -> Option<Term> {
    let k = memo_key(v)?;
    MEMO.with(|m| match &m.borrow()[k] {
        Some((x, t)) if same_value(x, v) => Some(t.clone()),
        _ => None,
    })
}

fn memo_put(v: &Value, t: &Term) {
    if let Some(k) = memo_key(v) {
        // The old entry is dropped after the borrow ends (dropping a value may run code that
        // converts terms).
        let old = MEMO.with(|m| m.borrow_mut()[k].replace((v.clone(), t.clone())));
        drop(old);
    }
}

fn to_term_inner(v: &Value) -> Result<Term> {
    Ok(match v {
        Value::LVar(x) => Term::Var(*x),
        Value::Int(i) => Term::Int(*i),
        Value::Bool(b) => Term::Bool(*b),
        Value::Str(s) => Term::Str(s.clone()),
        Value::Nil => Term::sym("nil"),
        Value::Keyword(k) => Term::sym(&format!(":{k}")),
        Value::Symbol(s) => Term::Sym(s.clone()),
        Value::Float(f) => Term::sym(&format!("{MARK}f{}", crate::value::printer::float_str(*f))),
        Value::Ratio(n, d) => Term::sym(&format!("{MARK}r{n}/{d}")),
        Value::Char(c) => Term::sym(&format!("{MARK}c{c}")),
        Value::EmptyList => Term::Nil,
        Value::Nom(a) => Term::Nom(*a),
        Value::Tie(t) => Term::tie(to_term(&t.0)?, to_term(&t.1)?),
        Value::PartialMap(m) => Term::partial_map(
            m.iter()
                .map(|(k, v)| Ok((to_term(k)?, to_term(v)?)))
                .collect::<Result<Vec<_>>>()?,
        ),
        Value::Map(m) if kept_opaque(m) => opaque(v),
        Value::Map(m) => Term::map(
            m.iter()
                .map(|(k, v)| Ok((to_term(k)?, to_term(v)?)))
                .collect::<Result<Vec<_>>>()?,
        ),
        Value::Vector(items) => Term::Vector(terms_of(items.len(), |i| to_term(&items[i]))?),
        Value::List(_) | Value::VecSeq(..) | Value::Lazy(_) => {
            // Along the cells by reference (a realised seq is read, not cloned, cell by cell).
            let mut heads = Vec::new();
            let pushed = |heads: &mut Vec<Term>, x: &Value| -> Result<()> {
                heads.push(to_term(x)?);
                if heads.len().is_multiple_of(4096) {
                    crate::value::interrupt::check_interrupt()?;
                    if heads.len() >= MAX_SEQ {
                        return Err(Error::msg(format!(
                            "a sequence of more than {MAX_SEQ} elements can't become a logic term (an infinite seq such as (range)?)"
                        )));
                    }
                }
                Ok(())
            };
            let mut cur = v.forced()?;
            let tail = loop {
                match cur {
                    Value::List(c) => {
                        pushed(&mut heads, &c.0)?;
                        cur = c.1.forced()?;
                    }
                    Value::VecSeq(items, i) => {
                        for x in &items[*i..] {
                            pushed(&mut heads, x)?;
                        }
                        break Term::Nil;
                    }
                    Value::Nil | Value::EmptyList => break Term::Nil,
                    other => break to_term(other)?,
                }
            };
            Term::list_with_tail(heads, tail)
        }
        other => opaque(other),
    })
}

/// The value for an engine term (reified variables become the symbols `_0`, `_1`, ...).
/// A variable or an integer is made here, without a stack check: an answer list is mostly
/// these.
#[inline]
pub fn from_term(t: &Term) -> Value {
    from_term_as(t, false)
}

/// [`from_term`] of an answer's term: each list that ends in `()` a seq of one vector of
/// its values, not a chain of list cells, as core.logic's reified lists are realised lazy
/// seqs (`seq?` true, `list?` false; `clojure.lang.LazySeq`). A value a goal reads
/// (`project`) keeps [`from_term`]'s lists, as core.logic hands a goal the value itself.
#[inline]
pub fn answer_from_term(t: &Term) -> Value {
    from_term_as(t, true)
}

/// [`from_term`], or [`answer_from_term`] when `seqs`.
#[inline]
fn from_term_as(t: &Term, seqs: bool) -> Value {
    match t {
        Term::Var(x) => var_value(*x),
        Term::Int(i) => Value::Int(*i),
        _ => kanren::stack::maybe_grow(32 * 1024, 1024 * 1024, || from_term_inner(t, seqs)),
    }
}

/// The value of a variable of a term: its reified name, or the variable.
#[inline]
fn var_value(x: Var) -> Value {
    match x.reified_index() {
        Some(k) => reified_name(k),
        None => Value::LVar(x),
    }
}

/// [`from_term`] for a term met during the search (no reified variable in it), remembered so
/// that [`to_term`] of the value gives the term back without converting it. A list is
/// remembered the other way too, each of its tails: a recursive relation that takes a list
/// apart (`(safeo [x1 y1] t)`) meets the tail it met as part of the list in the call before,
/// and gets its value back instead of converting the rest of the list again.
pub fn from_search_term(t: &Term) -> Value {
    match t {
        Term::Var(x) if x.reified_index().is_none() => return Value::LVar(*x),
        Term::Int(i) => return Value::Int(*i),
        _ => {}
    }
    if let Term::Pair(_) = t {
        if let Some(v) = list_from_search_term(t) {
            return v;
        }
    }
    let v = from_term(t);
    if matches!(t, Term::Pair(_) | Term::Vector(_)) {
        memo_put(&v, t);
    }
    v
}

/// Engine lists met during the search, by the address of their first pair: the value made
/// for each (direct-mapped, as [`MEMO`] the other way).
type ListMemo = [Option<(Term, Value)>; MEMO_SIZE];

thread_local! {
    static LISTS: RefCell<Box<ListMemo>> = RefCell::new(Box::new([const { None }; MEMO_SIZE]));
}

fn list_key(t: &Term) -> Option<usize> {
    match t {
        Term::Pair(p) => Some(((Arc::as_ptr(p) as usize) >> 4) % MEMO_SIZE),
        _ => None,
    }
}

fn list_get(t: &Term) -> Option<Value> {
    let (k, Term::Pair(p)) = (list_key(t)?, t) else {
        return None;
    };
    LISTS.with(|m| match &m.borrow()[k] {
        Some((Term::Pair(q), v)) if Arc::ptr_eq(p, q) => Some(v.clone()),
        _ => None,
    })
}

fn list_put(t: &Term, v: &Value) {
    if let Some(k) = list_key(t) {
        // Dropped after the borrow ends, as in `memo_put`.
        let old = LISTS.with(|m| m.borrow_mut()[k].replace((t.clone(), v.clone())));
        drop(old);
    }
}

/// The list value of the engine list `t`, its tails shared with the values made before for
/// them; `None` for a list that goes on in a vector or another term (left to [`from_term`]).
fn list_from_search_term(t: &Term) -> Option<Value> {
    let mut pairs = Vec::new();
    let mut cur = t;
    let mut acc = loop {
        match cur {
            Term::Pair(p) => {
                if let Some(v) = list_get(cur) {
                    break v;
                }
                pairs.push(cur);
                cur = &p.1;
            }
            Term::Nil => break Value::EmptyList,
            _ => return None,
        }
    };
    for pair in pairs.into_iter().rev() {
        let Term::Pair(p) = pair else { continue };
        acc = Value::cons(from_term(&p.0), acc);
        list_put(pair, &acc);
        memo_put(&acc, pair);
    }
    Some(acc)
}

thread_local! {
    /// The symbols `_0`, `_1`, ... made so far: an answer with fresh variables names them
    /// again and again (700 answers of `appendo` name 245 000), so each is made once.
    static REIFIED_NAMES: RefCell<Vec<Arc<str>>> = const { RefCell::new(Vec::new()) };
}

/// How many names [`REIFIED_NAMES`] keeps.
const REIFIED_NAMES_KEPT: usize = 1 << 16;

/// The symbol `_k`, core.logic's name of the `k`th fresh variable of an answer.
#[inline]
fn reified_name(k: usize) -> Value {
    if k >= REIFIED_NAMES_KEPT {
        return Value::Symbol(format!("_{k}").into());
    }
    REIFIED_NAMES.with(|names| {
        let mut names = names.borrow_mut();
        while names.len() <= k {
            let n = names.len();
            names.push(format!("_{n}").into());
        }
        Value::Symbol(names[k].clone())
    })
}

/// Answers built as values in the walk that reifies them ([`kanren::Build`]): the value
/// [`from_term`] gives of the reified term, without the term made first.
///
/// ```
/// use kanren::{eq, fresh, list, run_all, Reified, Term};
/// use kanren_clj::value::convert::ValueBuilder;
/// let two = Term::Vector(vec![2.into()].into());
/// let mut answers = run_all(|q| fresh(move |[x]| eq(q, list![1, x, two.clone()])));
/// let Some(Reified::Built(v)) = answers.next_built(&mut ValueBuilder) else { panic!() };
/// assert_eq!(v.to_string(), "(1 _0 [2])");
/// ```
pub struct ValueBuilder;

impl kanren::Build for ValueBuilder {
    type Out = Value;

    #[inline]
    fn ground(&mut self, t: Term) -> Value {
        answer_from_term(&t)
    }

    #[inline]
    fn var(&mut self, x: Var) -> Value {
        var_value(x)
    }

    #[inline]
    fn pair(&mut self, head: Value, tail: Value) -> Value {
        seq_then(vec![head], tail)
    }

    fn list(&mut self, heads: Vec<Value>, tail: Value) -> Value {
        seq_then(heads, tail)
    }

    fn vector(&mut self, items: Vec<Value>) -> Value {
        Value::vector(items)
    }

    fn map(&mut self, entries: Vec<(Value, Value)>, partial: bool) -> Value {
        let entries = crate::value::items::Items::arc(entries);
        match partial {
            true => Value::PartialMap(entries),
            false => Value::Map(entries),
        }
    }

    fn tie(&mut self, nom: Value, body: Value) -> Value {
        Value::Tie(Arc::new(crate::value::items::TieCell { pair: (nom, body) }))
    }
}

/// [`list_then`] in an answer: a list that ends in `()`, a vector or a map (whose items go
/// on it), or in a seq of one vector that this made, is one seq of one vector of the values
/// ([`answer_from_term`]); any other tail ends a chain of cells, as [`list_then`] makes it.
fn seq_then(mut heads: Vec<Value>, tail: Value) -> Value {
    match spread_tail(&mut heads, tail) {
        Value::EmptyList | Value::Nil => {}
        tail @ Value::Lazy(_) => match tail.forced() {
            Ok(Value::VecSeq(items, i)) => heads.extend(items[*i..].iter().cloned()),
            _ => return Value::list_with_tail(heads, tail),
        },
        tail => return Value::list_with_tail(heads, tail),
    }
    if heads.is_empty() {
        return Value::EmptyList;
    }
    Value::realized_seq(Value::VecSeq(crate::value::items::Items::arc(heads), 0))
}

/// The list of `heads` then `tail`, as an engine list reads: one that goes on in a vector is
/// one seq, as Clojure's `(cons 1 [0])` is `(1 0)`, and one that goes on in a map goes on
/// with its entries, as core.logic's `lcons` makes `(1 [:k 2])` of `(lcons 1 {:k 2})` when
/// it reifies; any other tail ends it.
fn list_then(mut heads: Vec<Value>, tail: Value) -> Value {
    let tail = spread_tail(&mut heads, tail);
    Value::list_with_tail(heads, tail)
}

/// What ends a list of `heads` then `tail`: `()` once a vector's items or a map's entries
/// (`[k v]` each) are put after the heads; any other tail as it is.
fn spread_tail(heads: &mut Vec<Value>, tail: Value) -> Value {
    match tail {
        Value::Vector(items) => heads.extend(items.iter().cloned()),
        Value::Map(entries) => heads.extend(
            entries
                .iter()
                .map(|(k, v)| Value::vector(vec![k.clone(), v.clone()])),
        ),
        tail => return tail,
    }
    Value::EmptyList
}

fn from_term_inner(t: &Term, seqs: bool) -> Value {
    match t {
        Term::Var(x) => var_value(*x),
        Term::Int(i) => Value::Int(*i),
        Term::Bool(b) => Value::Bool(*b),
        Term::Nil => Value::EmptyList,
        Term::Str(s) => Value::Str(s.clone()),
        Term::Sym(s) => sym_value(s),
        Term::Nom(a) => Value::Nom(*a),
        Term::Tie(t) => Value::Tie(Arc::new(crate::value::items::TieCell {
            pair: (from_term_as(&t.nom, seqs), from_term_as(&t.body, seqs)),
        })),
        Term::Vector(items) => Value::vector(items.iter().map(|t| from_term_as(t, seqs)).collect()),
        Term::Map(entries) => Value::Map(crate::value::items::Items::arc(
            entries
                .iter()
                .map(|(k, v)| (from_term_as(k, seqs), from_term_as(v, seqs)))
                .collect(),
        )),
        Term::PartialMap(entries) => Value::PartialMap(crate::value::items::Items::arc(
            entries
                .iter()
                .map(|(k, v)| (from_term_as(k, seqs), from_term_as(v, seqs)))
                .collect(),
        )),
        Term::Pair(_) => {
            let mut len = 0;
            let mut cur = t;
            while let Term::Pair(p) = cur {
                len += 1;
                cur = &p.1;
            }
            let mut heads = Vec::with_capacity(len);
            let mut cur = t;
            while let Term::Pair(p) = cur {
                heads.push(from_term_as(&p.0, seqs));
                cur = &p.1;
            }
            let tail = from_term_as(cur, seqs);
            match seqs {
                true => seq_then(heads, tail),
                false => list_then(heads, tail),
            }
        }
    }
}

fn sym_value(s: &Arc<str>) -> Value {
    if let Some(k) = s.strip_prefix(':') {
        return Value::kw(k);
    }
    if &**s == "nil" {
        return Value::Nil;
    }
    if let Some(rest) = s.strip_prefix(MARK) {
        let body = &rest[1..];
        match rest.as_bytes().first() {
            Some(b'f') => return body.parse().map(Value::Float).unwrap_or(Value::Nil),
            Some(b'r') => {
                if let Some((n, d)) = body.split_once('/') {
                    if let (Ok(n), Ok(d)) = (n.parse(), d.parse()) {
                        return Value::Ratio(n, d);
                    }
                }
            }
            Some(b'c') => return body.chars().next().map_or(Value::Nil, Value::Char),
            Some(b'o') => {
                if let Ok(i) = body.parse::<usize>() {
                    if let Some(v) = OPAQUE.with(|o| o.borrow().get(i).cloned()) {
                        return v;
                    }
                }
            }
            _ => {}
        }
    }
    Value::Symbol(s.clone())
}

#[cfg(test)]
mod tests {
    use super::terms_of;
    use crate::value::error::Error;
    use kanren::Term;
    use std::sync::Arc;

    #[test]
    fn terms_of_makes_each_term_in_order_or_gives_the_first_error() {
        let made = terms_of(3, |i| Ok(Term::Int(i as i64 * 10))).expect("three terms");
        assert_eq!(&made[..], &[Term::Int(0), Term::Int(10), Term::Int(20)]);
        assert!(terms_of(0, |_| unreachable!("no term"))
            .expect("none")
            .is_empty());

        // The terms made before an error are dropped: a shared part is released.
        let part = Term::Vector(Arc::from(vec![Term::Int(1)]));
        let Term::Vector(shared) = &part else {
            unreachable!("a vector")
        };
        let failed = terms_of(4, |i| match i {
            2 => Err(Error::msg("no third term")),
            _ => Ok(part.clone()),
        });
        assert_eq!(
            failed.err().map(|e| e.message()),
            Some("no third term".into())
        );
        assert_eq!(Arc::strong_count(shared), 1);
    }

    #[test]
    fn an_answer_built_as_a_value_is_the_value_of_its_term() {
        use super::{from_term, to_term, ValueBuilder};
        use crate::value::Value;
        use kanren::{eq, list, nom, run_all, Reified};
        let float = to_term(&Value::Float(1.5)).expect("a float's term");
        // Terms of two variables and a nom.
        type Shape = Box<dyn Fn(Term, Term, Term) -> Term>;
        let shapes: Vec<Shape> = vec![
            Box::new(|x, _, _| list![1, x, 3]),
            Box::new(|x, y, _| Term::cons(x, y)),
            Box::new(|x, y, _| Term::cons(1, Term::cons(x, y))),
            // A list that goes on in a vector or a map is one seq.
            Box::new(|x, _, _| Term::cons(1, Term::Vector(vec![x, Term::Int(2)].into()))),
            Box::new(|x, _, _| Term::cons(x, Term::map([(Term::sym(":k"), Term::Int(2))]))),
            Box::new(|x, y, _| Term::cons(1, Term::map([(Term::sym(":k"), x), (y, Term::Nil)]))),
            Box::new(|x, _, _| Term::cons(x, Term::sym("nil"))),
            Box::new(|x, _, _| Term::cons(x, Term::sym(":end"))),
            Box::new(move |x, y, _| {
                Term::Vector(
                    vec![x, Term::sym(":k"), Term::Str("s".into()), float.clone(), y].into(),
                )
            }),
            Box::new(|x, y, _| list![list![x.clone(), y.clone()], x, Term::Vector(vec![y].into())]),
            Box::new(|x, y, _| Term::map([(Term::sym(":a"), x), (Term::sym(":b"), list![y])])),
            Box::new(|x, _, _| Term::partial_map([(Term::sym(":a"), x)])),
            Box::new(|x, _, a| nom::tie(a.clone(), list![a, x])),
            Box::new(|_, _, a| list![a, Term::sym("nil")]),
            Box::new(|_, _, _| list![1, 2, Term::sym(":k")]),
            Box::new(|x, _, _| x),
        ];
        for (i, shape) in shapes.iter().enumerate() {
            let (x, y, a) = (
                kanren::Var::fresh(),
                kanren::Var::fresh(),
                kanren::Nom::fresh(),
            );
            let t = shape(Term::Var(x), Term::Var(y), Term::from(a));
            // Built without reifying: the variables as they are.
            let built = kanren::Subst::default().build(&t, &mut ValueBuilder);
            assert_eq!(built.to_string(), from_term(&t).to_string(), "shape {i}");
            let want: Vec<Value> = run_all(|q| eq(q, t.clone()))
                .map(|a| from_term(&a.into_term()))
                .collect();
            let mut answers = run_all(|q| eq(q, t.clone()));
            let mut got = Vec::new();
            while let Some(r) = answers.next_built(&mut ValueBuilder) {
                match r {
                    Reified::Built(v) => got.push(v),
                    // A partial map's answer holds its `featurec`.
                    Reified::Constrained(a) => got.push(from_term(&a.into_term())),
                }
            }
            assert_eq!(got.len(), want.len(), "shape {i}");
            for (g, w) in got.iter().zip(&want) {
                assert_eq!(g.to_string(), w.to_string(), "shape {i}");
                assert!(crate::value::coll::equal(g, w), "shape {i}: {g}");
                assert_eq!(g.is_seq(), w.is_seq(), "shape {i}: {g}");
            }
            // The lists that go on in a vector or a map read as one seq.
            let printed = got.iter().map(|v| v.to_string()).collect::<Vec<_>>();
            match i {
                3 => assert_eq!(printed, ["(1 _0 2)"]),
                4 => assert_eq!(printed, ["(_0 [:k 2])"]),
                5 => assert_eq!(printed, ["(1 [:k _0] [_1 ()])"]),
                _ => {}
            }
        }
    }
}

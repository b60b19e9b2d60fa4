//! Tabling (core.logic's `tabled`): a relation whose answers are cached per call pattern, so
//! that left-recursive and cyclic relations terminate and each answer is found once.
//!
//! A call is identified by its *variant*: its arguments walked and their variables renamed in
//! order of first occurrence (`path(a, _0)`), so calls that differ only in variable names share
//! one table entry. The first call of a variant evaluates the body to completion, XSB's *local
//! scheduling*: the body runs depth-first on a fresh copy of the call; every answer new up to
//! renaming goes into the entry at once; a call of a variant still being evaluated further up
//! (a recursive call: `path(x, y) :- path(x, z), edge(z, y)`) reads the entry's answers as they
//! are added, instead of evaluating again, so one round already follows a chain of answers to
//! its end; and the evaluation repeats until a round adds no answer to any entry it depends on
//! (a fixpoint, usually the second or third round). Entries that depend on one another (a strongly connected
//! component of calls) complete together, when the outermost of them reaches its fixpoint.
//! After that the entry is complete and every call of the variant reads it.
//!
//! ```text
//! call(args):  key = variant(args)
//!   complete entry       -> answers, each unified with args (renamed apart)
//!   entry being evaluated -> its answers, read as they are added (even in this round)
//!   otherwise            -> evaluate: repeat { run body(fresh copy) depth-first, add new
//!                           answers } until a round adds none anywhere below; complete the
//!                           entry (and those it depends on) if nothing above it is involved
//! ```
//!
//! A call yields its answers only once its component is complete, so a tabled relation must
//! have finitely many answers per call pattern (as in XSB with local scheduling); its answers
//! come in the order they were found. The tables belong to the relation value and outlive a
//! query: a later query reuses the complete entries (make a new relation for a fresh table).
//! The body of a call pattern runs with the caller's settings, the fact databases in scope
//! among them ([`pldb::with_db`](crate::pldb::with_db) around the query or inside the body);
//! as in core.logic, the table is keyed by the call pattern alone, so a relation queried under
//! other databases later reads the entries the first databases made.
//!
//! DIVERGENCE: core.logic's tables stream answers to waiting consumers as they arrive,
//! interleaved with the rest of the search; kanren completes a call pattern first. The answers
//! are the same set; their order can differ. Constraints on the arguments (`!=`, FD domains)
//! are not part of the call's variant (as in core.logic).

use crate::kernel::goal::Goal;
use crate::kernel::reify::reify;
use crate::kernel::solve::solve_all;
use crate::kernel::state::State;
use crate::kernel::stream::{Link, Node, Stream};
use crate::kernel::subst::renamed_apart;
use crate::kernel::term::{Args, Term};
use rustc_hash::{FxHashMap, FxHashSet};
use std::cell::RefCell;
use std::ops::ControlFlow;
use std::sync::{Arc, Mutex};

/// The body of a tabled relation: the relation itself (for its recursive calls) and the
/// arguments of a call.
type Body<const N: usize> = dyn Fn(&Tabled<N>, [Term; N]) -> Goal + Send + Sync;

/// A tabled relation of `N` arguments: see the module docs. Cloning shares the table.
/// [`tabled!`](crate::tabled) declares one as a function, with a body written as any
/// relation's; `Tabled::new` makes one as a value, with a table of its own.
///
/// ```
/// use kanren::{conde, conj, eq, fresh, run_all, Goal, Tabled, Term};
/// // Edges of a graph with a cycle: a -> b -> c -> a, c -> d.
/// fn edge(x: Term, y: Term) -> Goal {
///     let e = |a: &str, b: &str| conj([eq(&x, Term::sym(a)), eq(&y, Term::sym(b))]);
///     conde([vec![e("a", "b")], vec![e("b", "c")], vec![e("c", "a")], vec![e("c", "d")]])
/// }
/// // path(x, y) :- edge(x, y).   path(x, y) :- path(x, z), edge(z, y).   (left-recursive)
/// let path = Tabled::new(|path, [x, y]| {
///     let path = path.clone();
///     conde([
///         vec![edge(x.clone(), y.clone())],
///         vec![fresh(move |[z]| conj([path.call((&x, z)), edge(z.into(), y.clone())]))],
///     ])
/// });
/// let mut reach: Vec<String> = run_all(|q| path.call((Term::sym("a"), q)))
///     .map(|a| a.to_string())
///     .collect();
/// reach.sort();
/// assert_eq!(reach, ["a", "b", "c", "d"]);
/// ```
pub struct Tabled<const N: usize> {
    table: Arc<Mutex<Table>>,
    body: Arc<Body<N>>,
}

impl<const N: usize> Clone for Tabled<N> {
    fn clone(&self) -> Self {
        Tabled {
            table: self.table.clone(),
            body: self.body.clone(),
        }
    }
}

/// One call pattern's answers (each the arguments' variant), and whether it is complete.
#[derive(Default)]
struct Entry {
    answers: Vec<Term>,
    seen: FxHashSet<Term>,
    complete: bool,
}

#[derive(Default)]
struct Table {
    entries: FxHashMap<Term, Entry>,
}

/// A call pattern being evaluated on this thread, and the shallowest evaluation (by its
/// position on the stack) whose incomplete answers it has read.
struct Frame {
    table: *const Mutex<Table>,
    key: Term,
    depends_on: usize,
}

thread_local! {
    /// The call patterns under evaluation on this thread, outermost first.
    static STACK: RefCell<Vec<Frame>> = const { RefCell::new(Vec::new()) };
    /// How many answers were added to any table on this thread: a round of an evaluation
    /// that leaves it unchanged has reached the fixpoint.
    static ADDED: RefCell<u64> = const { RefCell::new(0) };
    /// Reads of entries that were not complete, with how many answers they saw: a live read
    /// that came to the end of the list, or a snapshot of an entry evaluated below. If each
    /// saw all its entry has at the end of a round, another round would find nothing new.
    static READS: RefCell<Vec<(usize, Term, usize)>> = const { RefCell::new(Vec::new()) };
}

/// Notes that a read of `key` in the table at `table` saw `len` answers.
fn note_read(table: usize, key: &Term, len: usize) {
    READS.with(|r| r.borrow_mut().push((table, key.clone(), len)));
}

impl<const N: usize> Tabled<N> {
    /// A tabled relation whose body `body(me, args)` is its goal for a call with `args`; `me`
    /// is the relation itself, for recursive calls (core.logic's `tabled`).
    ///
    /// ```
    /// use kanren::{conde, eq, run_all, Tabled};
    /// // Left recursion without tabling would never return.
    /// let loops = Tabled::new(|me, [x]| conde([vec![me.call([x.clone()])], vec![eq(&x, 1)]]));
    /// assert_eq!(run_all(|q| loops.call([q])).count(), 1);
    /// ```
    pub fn new(body: impl Fn(&Tabled<N>, [Term; N]) -> Goal + Send + Sync + 'static) -> Tabled<N> {
        Tabled {
            table: Arc::default(),
            body: Arc::new(body),
        }
    }

    /// The goal of a call of the relation with `args`: an array (`[x, y]`), or a tuple when
    /// the arguments mix types (`(x, term!(a))`; see [`Args`]).
    ///
    /// ```
    /// use kanren::{conde, eq, run_all, term, Tabled, Var};
    /// // `pairo(x, y)`: `x` is `:a` and `y` is 1 or 2.
    /// let pairo = Tabled::new(|_, [x, y]| kanren::conj([
    ///     eq(x, term!(:a)),
    ///     conde([vec![eq(&y, 1)], vec![eq(&y, 2)]]),
    /// ]));
    /// let a: Vec<String> = run_all(|q| pairo.call((term!(:a), q))).map(|a| a.to_string()).collect();
    /// assert_eq!(a.len(), 2);
    /// let x = Var::fresh();
    /// assert_eq!(run_all(|q| pairo.call((&x, q))).count(), 2);
    /// ```
    pub fn call(&self, args: impl Args<Terms = [Term; N]>) -> Goal {
        // The arguments as one term: the call's variant is read off it, answers unify with it.
        let call = Term::Vector(args.into_args().into_iter().collect());
        let me = self.clone();
        Goal::new(move |s| {
            let key = reify(&s, &call).value().clone();
            let source = me.answers(key, &s);
            unify_each(s, call.clone(), source, 0)
        })
    }

    /// The number of call patterns in the table (for tests and statistics).
    ///
    /// ```
    /// let t = kanren::Tabled::new(|_, [x]| kanren::eq(x, 1));
    /// assert_eq!(t.patterns(), 0);
    /// ```
    pub fn patterns(&self) -> usize {
        self.table.lock().expect("table lock").entries.len()
    }

    /// The answers of the call pattern `key`: evaluated to completion unless complete or
    /// under evaluation already (then read as they grow).
    fn answers(&self, key: Term, s: &State) -> Source {
        let table_ptr = Arc::as_ptr(&self.table);
        {
            let table = self.table.lock().expect("table lock");
            if let Some(entry) = table.entries.get(&key) {
                if entry.complete {
                    return Source::Complete(entry.answers.clone().into());
                }
                let on_stack = STACK.with(|st| {
                    st.borrow()
                        .iter()
                        .position(|f| std::ptr::eq(f.table, table_ptr) && f.key == key)
                });
                if let Some(depth) = on_stack {
                    // A variant under evaluation: its answers, read as they are added (also
                    // during this round), and everything above it now depends on it.
                    STACK.with(|st| {
                        for f in st.borrow_mut().iter_mut().skip(depth + 1) {
                            f.depends_on = f.depends_on.min(depth);
                        }
                    });
                    return Source::Live(self.table.clone(), key);
                }
            }
        }
        let answers = self.evaluate(&key, s);
        let table = self.table.lock().expect("table lock");
        if !table.entries[&key].complete {
            note_read(Arc::as_ptr(&self.table) as usize, &key, answers.len());
        }
        Source::Complete(answers.into())
    }

    /// Evaluates the call pattern `key` to its fixpoint (see the module docs).
    fn evaluate(&self, key: &Term, s: &State) -> Vec<Term> {
        let depth = STACK.with(|st| {
            let mut st = st.borrow_mut();
            st.push(Frame {
                table: Arc::as_ptr(&self.table),
                key: key.clone(),
                depends_on: usize::MAX,
            });
            st.len() - 1
        });
        self.table
            .lock()
            .expect("table lock")
            .entries
            .entry(key.clone())
            .or_default();
        loop {
            let before = ADDED.with(|a| *a.borrow());
            let reads_before = READS.with(|r| r.borrow().len());
            let call = renamed_apart(key);
            let Term::Vector(items) = &call else {
                unreachable!("a call's key is the vector of its arguments")
            };
            let goal = (self.body)(self, std::array::from_fn(|i| items[i].clone()));
            // The caller's settings carry over: a body that calls facts reads the databases
            // in scope at the call (`pldb::with_db` around the query).
            let start = s.emptied();
            // Each answer goes into the entry at once, where the recursive calls of this
            // round that read it live will see it.
            let _ = solve_all(&[goal], &start, &mut |a: &State| {
                let answer = reify(a, &call).value().clone();
                let mut table = self.table.lock().expect("table lock");
                let entry = table.entries.get_mut(key).expect("entry made above");
                if entry.seen.insert(answer.clone()) {
                    entry.answers.push(answer);
                    ADDED.with(|n| *n.borrow_mut() += 1);
                }
                ControlFlow::Continue(())
            });
            if ADDED.with(|a| *a.borrow()) == before || self.all_seen(reads_before) {
                break;
            }
        }
        let frame = STACK.with(|st| st.borrow_mut().pop().expect("own frame"));
        if STACK.with(|st| st.borrow().is_empty()) {
            READS.with(|r| r.borrow_mut().clear());
        }
        let mut table = self.table.lock().expect("table lock");
        if frame.depends_on >= depth {
            // The leader of its component (or on its own): complete. Entries evaluated
            // below it that depended on it were recomputed in its last round and are complete
            // too; they are marked when called again (their own rounds then add nothing).
            let entry = table.entries.get_mut(key).expect("entry made above");
            entry.complete = true;
        } else {
            // Part of a component led further up: that evaluation decides completion.
            STACK.with(|st| {
                if let Some(parent) = st.borrow_mut().last_mut() {
                    parent.depends_on = parent.depends_on.min(frame.depends_on);
                }
            });
        }
        table.entries[key].answers.clone()
    }
}

impl<const N: usize> Tabled<N> {
    /// Whether every read of an incomplete entry since `from` (this round's) saw all the
    /// answers that entry has now: then no derivation of the round missed an answer, and
    /// another round would add nothing. Reads of other relations' tables count as not seen
    /// (their lengths are not at hand), which only costs a round.
    fn all_seen(&self, from: usize) -> bool {
        let me = Arc::as_ptr(&self.table) as usize;
        let table = self.table.lock().expect("table lock");
        READS.with(|r| {
            r.borrow()[from..].iter().all(|(t, key, len)| {
                *t == me
                    && table
                        .entries
                        .get(key)
                        .is_some_and(|e| e.answers.len() == *len)
            })
        })
    }
}

/// Where a call reads its answers: a complete entry's list, or the growing list of an entry
/// under evaluation.
enum Source {
    Complete(Arc<[Term]>),
    Live(Arc<Mutex<Table>>, Term),
}

impl Source {
    fn get(&self, i: usize) -> Option<Term> {
        match self {
            Source::Complete(answers) => answers.get(i).cloned(),
            Source::Live(table, key) => {
                let guard = table.lock().expect("table lock");
                let answers = &guard.entries.get(key)?.answers;
                let next = answers.get(i).cloned();
                if next.is_none() {
                    note_read(Arc::as_ptr(table) as usize, key, answers.len());
                }
                next
            }
        }
    }
}

/// The states where `call` unifies with an answer, from answer `i` on, one `Choice` each,
/// the rest read lazily.
fn unify_each(s: State, call: Term, source: Source, mut i: usize) -> Stream {
    while let Some(answer) = source.get(i) {
        i += 1;
        if let Some(next) = s.unify(&call, &renamed_apart(&answer)) {
            let rest = Node::Lazy(Box::new(move || unify_each(s, call, source, i)));
            return Stream(Node::Choice(next, Link::new(rest)));
        }
    }
    Stream::empty()
}

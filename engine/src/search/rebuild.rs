//! The parts of a query that each worker builds and cuts for itself
//! ([`Answers::parallel_rebuilt`](crate::Answers::parallel_rebuilt)).
//!
//! Parts cut from one query share its terms and goals: the relation's goals, the board list
//! every part walks. Each time a worker clones or drops one of them it writes the reference
//! count, and two cores writing the same counts take the cache line from each other in turn.
//! A worker that builds the query again and cuts its copy the same way gets the same parts
//! made of its own terms.

use super::split::Part;
use crate::kernel::term::Term;
use std::sync::Mutex;

/// One worker's copy of the query: its answer term and its parts, each taken once.
type Replica = (Term, Vec<Option<Part>>);

/// The parts of the first cut, and one copy per worker, made when the worker first needs one.
pub(super) struct Copies {
    first: Vec<Mutex<Option<Part>>>,
    query: Term,
    own: Vec<Mutex<Option<Replica>>>,
}

impl Copies {
    /// The first cut's `parts` of `query`, for `workers` workers.
    pub(super) fn new(parts: Vec<Part>, query: Term, workers: usize) -> Copies {
        Copies {
            first: parts.into_iter().map(|p| Mutex::new(Some(p))).collect(),
            query,
            own: (0..workers).map(|_| Mutex::new(None)).collect(),
        }
    }

    /// How many parts there are.
    pub(super) fn len(&self) -> usize {
        self.first.len()
    }

    /// Part `i`, from the calling worker's own copy (made by `copy` the first time), with that
    /// copy's answer term. A copy cut into a different number of parts is not the same query:
    /// the worker then takes the first cut's part.
    pub(super) fn take(&self, i: usize, copy: impl FnOnce() -> (Term, Vec<Part>)) -> (Part, Term) {
        // A worker is always the same pool thread: its lock is never contended.
        let worker = rayon::current_thread_index().unwrap_or(0) % self.own.len();
        let mut own = self.own[worker].lock().unwrap_or_else(|e| e.into_inner());
        let (query, parts) = own.get_or_insert_with(|| {
            let (query, parts) = copy();
            (query, parts.into_iter().map(Some).collect())
        });
        let mine = match parts.len() == self.len() {
            true => parts[i].take().map(|p| (p, query.clone())),
            false => None,
        };
        drop(own);
        mine.unwrap_or_else(|| {
            let part = self.first[i]
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .take();
            (
                part.expect("each part is searched once"),
                self.query.clone(),
            )
        })
    }
}

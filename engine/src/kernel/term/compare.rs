//! Equality (Clojure's `=`: sequences element by element whatever their kind, maps by key),
//! hashing consistent with it, and the canonical order of residual constraints.

use super::seq::{Seq, SeqItem};
use super::Term;
use std::hash::{Hash, Hasher};
use std::sync::Arc;

impl PartialEq for Term {
    fn eq(&self, other: &Term) -> bool {
        // Atoms compare at once; only compound terms need the stack (which then is iterative,
        // so a long list does not recurse).
        match (self, other) {
            (Term::Var(x), Term::Var(y)) => return x == y,
            (Term::Int(x), Term::Int(y)) => return x == y,
            _ => {}
        }
        let mut stack: smallvec::SmallVec<[(&Term, &Term); 8]> = smallvec::smallvec![(self, other)];
        while let Some((a, b)) = stack.pop() {
            let same = match (a, b) {
                (Term::Var(x), Term::Var(y)) => x == y,
                (Term::Int(x), Term::Int(y)) => x == y,
                (Term::Bool(x), Term::Bool(y)) => x == y,
                (Term::Nil, Term::Nil) => true,
                (Term::Sym(x), Term::Sym(y)) | (Term::Str(x), Term::Str(y)) => x == y,
                (Term::Nom(x), Term::Nom(y)) => x == y,
                (Term::Tie(p), Term::Tie(q)) => {
                    stack.push((&p.body, &q.body));
                    stack.push((&p.nom, &q.nom));
                    true
                }
                (Term::Pair(p), Term::Pair(q)) => {
                    if !Arc::ptr_eq(p, q) {
                        stack.push((&p.1, &q.1));
                        stack.push((&p.0, &q.0));
                    }
                    true
                }
                (Term::Vector(p), Term::Vector(q)) => {
                    p.len() == q.len() && {
                        stack.extend(p.iter().zip(q.iter()));
                        true
                    }
                }
                (Term::Map(p), Term::Map(q)) | (Term::PartialMap(p), Term::PartialMap(q)) => {
                    p.len() == q.len()
                        && p.iter().all(|(k, v)| match b.get(k) {
                            Some(w) => {
                                stack.push((v, w));
                                true
                            }
                            None => false,
                        })
                }
                (a, b) if a.is_seq() && b.is_seq() => {
                    // Sequences of different kinds: element by element.
                    let (mut x, mut y) = (Seq::of(a), Seq::of(b));
                    loop {
                        match (x.step(), y.step()) {
                            (SeqItem::Item(p), SeqItem::Item(q)) => stack.push((p, q)),
                            (SeqItem::End, SeqItem::End) => break true,
                            (SeqItem::Tail(p), SeqItem::Tail(q)) => {
                                stack.push((p, q));
                                break true;
                            }
                            _ => break false,
                        }
                    }
                }
                _ => false,
            };
            if !same {
                return false;
            }
        }
        true
    }
}

impl Eq for Term {}

impl Hash for Term {
    // Consistent with equality: a sequence hashes as its elements and how it ends, whatever
    // its kind; a map as the order-independent sum of its entries' hashes.
    fn hash<H: Hasher>(&self, state: &mut H) {
        let mut stack = vec![self];
        while let Some(t) = stack.pop() {
            if t.is_seq() {
                state.write_u8(0xA0);
                let mut seq = Seq::of(t);
                loop {
                    match seq.step() {
                        SeqItem::Item(x) => stack.push(x),
                        SeqItem::End => break state.write_u8(0xA1),
                        SeqItem::Tail(x) => {
                            state.write_u8(0xA2);
                            break stack.push(x);
                        }
                    }
                }
                continue;
            }
            std::mem::discriminant(t).hash(state);
            match t {
                Term::Var(v) => v.hash(state),
                Term::Int(i) => i.hash(state),
                Term::Bool(b) => b.hash(state),
                Term::Sym(s) | Term::Str(s) => s.hash(state),
                Term::Nom(a) => a.hash(state),
                Term::Tie(t) => {
                    stack.push(&t.body);
                    stack.push(&t.nom);
                }
                Term::Map(entries) | Term::PartialMap(entries) => {
                    let sum = entries.iter().fold(0u64, |acc, entry| {
                        let mut h = rustc_hash::FxHasher::default();
                        entry.hash(&mut h);
                        acc.wrapping_add(h.finish())
                    });
                    state.write_u64(sum);
                }
                Term::Nil | Term::Pair(_) | Term::Vector(_) => unreachable!("sequences above"),
            }
        }
    }
}

/// The canonical order of terms: variables (by name) < integers < booleans < `()` < symbols <
/// strings < pairs < vectors < maps < partial maps < noms < ties; pairs compare head, then tail; vectors compare length, then items.
pub(crate) fn cmp_terms(a: &Term, b: &Term) -> std::cmp::Ordering {
    use std::cmp::Ordering;
    fn rank(t: &Term) -> u8 {
        match t {
            Term::Var(_) => 0,
            Term::Int(_) => 1,
            Term::Bool(_) => 2,
            Term::Nil => 3,
            Term::Sym(_) => 4,
            Term::Str(_) => 5,
            Term::Pair(_) => 6,
            Term::Vector(_) => 7,
            Term::Map(_) => 8,
            Term::PartialMap(_) => 9,
            Term::Nom(_) => 10,
            Term::Tie(_) => 11,
        }
    }
    let mut stack = vec![(a, b)];
    while let Some((a, b)) = stack.pop() {
        let o = match (a, b) {
            (Term::Var(x), Term::Var(y)) => x.cmp(y),
            (Term::Int(x), Term::Int(y)) => x.cmp(y),
            (Term::Bool(x), Term::Bool(y)) => x.cmp(y),
            (Term::Sym(x), Term::Sym(y)) | (Term::Str(x), Term::Str(y)) => x.cmp(y),
            (Term::Nom(x), Term::Nom(y)) => x.cmp(y),
            (Term::Tie(p), Term::Tie(q)) => {
                stack.push((&p.body, &q.body));
                stack.push((&p.nom, &q.nom));
                Ordering::Equal
            }
            (Term::Pair(p), Term::Pair(q)) => {
                stack.push((&p.1, &q.1));
                stack.push((&p.0, &q.0));
                Ordering::Equal
            }
            (Term::Vector(p), Term::Vector(q)) => {
                stack.extend(p.iter().zip(q.iter()).rev());
                p.len().cmp(&q.len())
            }
            (Term::Map(p), Term::Map(q)) | (Term::PartialMap(p), Term::PartialMap(q)) => {
                let pairs = p.iter().zip(q.iter());
                let flat: Vec<_> = pairs
                    .flat_map(|((k, v), (l, w))| [(k, l), (v, w)])
                    .collect();
                stack.extend(flat.into_iter().rev());
                p.len().cmp(&q.len())
            }
            _ => rank(a).cmp(&rank(b)),
        };
        if o != Ordering::Equal {
            return o;
        }
    }
    Ordering::Equal
}

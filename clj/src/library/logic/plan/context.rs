//! A planned body's call context ([`Ctx`]): how its forms reach the locals around it, the
//! `matche`'s clauses, and the terms of the call's arguments, all in one allocation
//! ([`SharedCtx`]). A relation entered from a planned body makes one for each call, so the
//! terms are written where the context keeps them (no slice of their own to allocate, count
//! and free) and read one pointer away. The context is counted as an `Arc` is, without a
//! weak count: a context is freed with one atomic operation, not two.

use crate::library::logic::compile_matche::Clause;
use crate::library::logic::plan::Base;
use kanren::Term;
use std::alloc::Layout;
use std::ptr::NonNull;
use std::sync::atomic::{fence, AtomicUsize, Ordering};
use std::sync::Arc;

/// The sized part of a [`Ctx`], before its terms.
#[repr(C)]
pub(crate) struct Head {
    /// How many [`SharedCtx`]s point here.
    count: AtomicUsize,
    /// How the clauses find the locals around the `matche`.
    pub(crate) base: Base,
    /// The `matche`'s clauses (none for a `run`'s or a `fresh`'s body).
    pub(crate) clauses: Option<Arc<Vec<Clause>>>,
}

/// A `matche`'s call, or a `run`'s or a `fresh`'s body: its [`Head`] and the terms of its
/// arguments (none for a `run`'s or a `fresh`'s body). Made only by [`SharedCtx::new`].
#[repr(C)]
pub(crate) struct Ctx {
    pub(crate) head: Head,
    args: [Term],
}

impl Ctx {
    /// The arguments' terms.
    #[inline]
    pub(crate) fn args(&self) -> &[Term] {
        &self.args
    }
}

/// A counted pointer to a [`Ctx`], as an `Arc<Ctx>` without a weak count.
pub(crate) struct SharedCtx(NonNull<Ctx>);

// SAFETY: a `SharedCtx` gives shared access to a `Ctx` whose parts (environments, a closure,
// clauses, terms) are `Send` and `Sync`, and counts its owners atomically, as `Arc` does.
unsafe impl Send for SharedCtx {}
// SAFETY: as above.
unsafe impl Sync for SharedCtx {}

/// The layout of a context of `n` terms, as `repr(C)` lays out [`Ctx`].
fn layout(n: usize) -> Layout {
    let terms = Layout::array::<Term>(n).expect("a call's terms fit in memory");
    let (whole, _) = Layout::new::<Head>()
        .extend(terms)
        .expect("a call's terms fit in memory");
    whole.pad_to_align()
}

impl SharedCtx {
    /// A context of `n` terms, `term(i)` written as the `i`th, then the `base` and
    /// `clauses` that `head` gives. The first error is returned, the terms made before it
    /// dropped and nothing else made.
    #[inline]
    pub(crate) fn new<E>(
        n: usize,
        mut term: impl FnMut(usize) -> Result<Term, E>,
        head: impl FnOnce() -> (Base, Option<Arc<Vec<Clause>>>),
    ) -> Result<SharedCtx, E> {
        SharedCtx::new_in_place(
            n,
            |i, slot| {
                slot.write(term(i)?);
                Ok(())
            },
            head,
        )
    }

    /// [`SharedCtx::new`] with `term(i, slot)` writing the `i`th term into its slot itself
    /// (and `Ok`) or giving an error (the slot left unwritten): a term made where the context
    /// keeps it, not made elsewhere and copied in, which a copy of sixteen bytes reads back
    /// before the eight-byte writes that made it are done (a stalled load).
    pub(crate) fn new_in_place<E>(
        n: usize,
        mut term: impl FnMut(usize, &mut std::mem::MaybeUninit<Term>) -> Result<(), E>,
        head: impl FnOnce() -> (Base, Option<Arc<Vec<Clause>>>),
    ) -> Result<SharedCtx, E> {
        let layout = layout(n);
        // SAFETY: the layout has the head's nonzero size.
        let raw = unsafe { std::alloc::alloc(layout) };
        if raw.is_null() {
            std::alloc::handle_alloc_error(layout);
        }
        // The pointer to the whole context: the allocation's address with `n` as the
        // length of its terms.
        let ctx = std::ptr::slice_from_raw_parts_mut(raw, n) as *mut Ctx;
        // SAFETY: `ctx` points into the allocation; `addr_of_mut!` makes no reference to the
        // uninitialised context.
        let terms = unsafe { std::ptr::addr_of_mut!((*ctx).args) } as *mut Term;
        for i in 0..n {
            // SAFETY: `i < n`, a slot of the allocation not yet written; `MaybeUninit<Term>`
            // has `Term`'s layout.
            let slot = unsafe { &mut *(terms.add(i) as *mut std::mem::MaybeUninit<Term>) };
            if let Err(e) = term(i, slot) {
                // SAFETY: the slots before `i` were written and are dropped once (slot `i`
                // was not); the allocation is given back with the layout it was made with.
                unsafe {
                    std::ptr::drop_in_place(std::ptr::slice_from_raw_parts_mut(terms, i));
                    std::alloc::dealloc(raw, layout);
                }
                return Err(e);
            }
        }
        let (base, clauses) = head();
        // SAFETY: the head's place in the allocation, written once.
        unsafe {
            std::ptr::addr_of_mut!((*ctx).head).write(Head {
                count: AtomicUsize::new(1),
                base,
                clauses,
            });
        }
        // SAFETY: `ctx` is the allocation's nonnull address, every part of it now written.
        Ok(SharedCtx(unsafe { NonNull::new_unchecked(ctx) }))
    }
}

impl std::ops::Deref for SharedCtx {
    type Target = Ctx;

    #[inline]
    fn deref(&self) -> &Ctx {
        // SAFETY: the context lives while any `SharedCtx` points to it.
        unsafe { self.0.as_ref() }
    }
}

impl Clone for SharedCtx {
    #[inline]
    fn clone(&self) -> SharedCtx {
        // Relaxed, as `Arc::clone`: a new owner is made from an existing one, which keeps the
        // context alive meanwhile.
        let old = self.head.count.fetch_add(1, Ordering::Relaxed);
        if old > isize::MAX as usize {
            std::process::abort();
        }
        SharedCtx(self.0)
    }
}

impl Drop for SharedCtx {
    #[inline]
    fn drop(&mut self) {
        // As `Arc`'s drop: release this owner's writes, and the last owner acquires them all
        // before dropping the context.
        if self.head.count.fetch_sub(1, Ordering::Release) != 1 {
            return;
        }
        fence(Ordering::Acquire);
        let layout = layout(self.args().len());
        // SAFETY: this was the last owner: the context is dropped once and its allocation
        // given back with the layout it was made with.
        unsafe {
            std::ptr::drop_in_place(self.0.as_ptr());
            std::alloc::dealloc(self.0.as_ptr() as *mut u8, layout);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn base() -> (Base, Option<Arc<Vec<Clause>>>) {
        (Base::Env(None), None)
    }

    /// A term whose part is counted, and that part: its count tells how many copies live.
    fn counted_part() -> (Term, Arc<[Term]>) {
        let shared: Arc<[Term]> = Arc::from(vec![Term::Int(1)]);
        (Term::Vector(shared.clone()), shared)
    }

    #[test]
    fn the_terms_are_kept_in_order_and_the_layout_is_the_types() {
        for n in [0, 1, 3, 9] {
            let cx = SharedCtx::new(n, |i| Ok::<_, ()>(Term::Int(i as i64)), base).unwrap();
            let want: Vec<Term> = (0..n as i64).map(Term::Int).collect();
            assert_eq!(cx.args(), &want[..]);
            assert_eq!(Layout::for_value(&*cx), layout(n));
        }
    }

    #[test]
    fn terms_written_in_place_are_kept_and_an_error_drops_only_those_written() {
        let (part, shared) = counted_part();
        let cx = SharedCtx::new_in_place(
            2,
            |i, slot| {
                slot.write(if i == 0 { part.clone() } else { Term::Int(2) });
                Ok::<_, ()>(())
            },
            base,
        )
        .unwrap();
        assert_eq!(cx.args(), &[part.clone(), Term::Int(2)][..]);
        assert_eq!(Arc::strong_count(&shared), 3);
        drop(cx);
        assert_eq!(Arc::strong_count(&shared), 2);

        // The slot of the error is not written: only the first term is dropped.
        let failed = SharedCtx::new_in_place(
            3,
            |i, slot| match i {
                0 => {
                    slot.write(part.clone());
                    Ok(())
                }
                _ => Err("stop"),
            },
            || unreachable!("no head after an error"),
        );
        assert_eq!(failed.err(), Some("stop"));
        assert_eq!(Arc::strong_count(&shared), 2);
    }

    #[test]
    fn an_error_drops_the_terms_made_and_a_clone_shares_them() {
        let (part, shared) = counted_part();
        let failed = SharedCtx::new(
            3,
            |i| match i {
                0 => Ok(part.clone()),
                _ => Err("stop"),
            },
            || unreachable!("no head after an error"),
        );
        assert_eq!(failed.err(), Some("stop"));
        assert_eq!(Arc::strong_count(&shared), 2);

        let cx = SharedCtx::new(1, |_| Ok::<_, ()>(part.clone()), base).unwrap();
        let other = cx.clone();
        drop(cx);
        assert_eq!(other.args(), std::slice::from_ref(&part));
        assert_eq!(Arc::strong_count(&shared), 3);
        drop(other);
        assert_eq!(Arc::strong_count(&shared), 2);
    }
}

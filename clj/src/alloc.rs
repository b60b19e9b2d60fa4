//! The `kanren` binary's allocator: mimalloc, asked for an alignment only where its plain
//! calls do not give it. A program that embeds the front end can make it its own global
//! allocator (`#[global_allocator] static A: kanren_clj::alloc::MiMalloc = MiMalloc;`), as
//! the front end's benchmark does.
//!
//! The `mimalloc` crate sends every allocation to `mi_malloc_aligned`. When the free list at
//! hand is empty, that call over-allocates from a larger size class unless the size is a power
//! of two, where `mi_malloc` refills the list: about 350 instructions more for the call of a
//! relation's constructor, five times a query of `(run* [q] (== q true))`.
//!
//! Depends on nothing else in the crate.

use libmimalloc_sys::{mi_free, mi_malloc, mi_malloc_aligned, mi_realloc, mi_realloc_aligned};
use libmimalloc_sys::{mi_zalloc, mi_zalloc_aligned};
use std::alloc::{GlobalAlloc, Layout};

/// mimalloc as a global allocator.
///
/// ```
/// use std::alloc::{GlobalAlloc, Layout};
/// let layout = Layout::from_size_align(24, 8).unwrap();
/// unsafe {
///     let p = kanren_clj::alloc::MiMalloc.alloc(layout);
///     assert!(!p.is_null() && p as usize % 8 == 0);
///     kanren_clj::alloc::MiMalloc.dealloc(p, layout);
/// }
/// ```
pub struct MiMalloc;

/// The alignment of every mimalloc block of at least that size (`MI_MAX_ALIGN_SIZE`).
const MI_ALIGN: usize = 16;

/// Whether mimalloc's plain calls give a block of `size` bytes the alignment `align`.
fn plain(align: usize, size: usize) -> bool {
    align <= MI_ALIGN && align <= size
}

// SAFETY: each call is mimalloc's for the same request (the size, and the alignment where the
// plain call does not guarantee it), and `mi_free` frees blocks of either kind.
unsafe impl GlobalAlloc for MiMalloc {
    #[inline]
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        if plain(layout.align(), layout.size()) {
            mi_malloc(layout.size()).cast()
        } else {
            mi_malloc_aligned(layout.size(), layout.align()).cast()
        }
    }

    #[inline]
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        if plain(layout.align(), layout.size()) {
            mi_zalloc(layout.size()).cast()
        } else {
            mi_zalloc_aligned(layout.size(), layout.align()).cast()
        }
    }

    #[inline]
    unsafe fn dealloc(&self, ptr: *mut u8, _layout: Layout) {
        mi_free(ptr.cast());
    }

    #[inline]
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        if plain(layout.align(), new_size) {
            mi_realloc(ptr.cast(), new_size).cast()
        } else {
            mi_realloc_aligned(ptr.cast(), new_size, layout.align()).cast()
        }
    }
}

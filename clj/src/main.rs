//! The `kanren` binary: a REPL, a script runner, `-e EXPR` and a clojure.test runner (in `cli/`).

use std::process::ExitCode;

mod cli;

// The evaluator and the engine allocate many small, short-lived objects (values, frames,
// goals, stream nodes): mimalloc serves them faster than the system allocator.
#[cfg(not(target_family = "wasm"))]
#[global_allocator]
static GLOBAL: MiMalloc = MiMalloc;

/// mimalloc as the global allocator, asking for an alignment only where its plain calls do
/// not give it. (The `mimalloc` crate asks `mi_malloc_aligned` for every allocation; when the
/// free list at hand is empty, that call over-allocates from a larger size class unless the
/// size is a power of two, where `mi_malloc` would refill the list: about 350 instructions
/// more for a call of a relation's constructor.)
#[cfg(not(target_family = "wasm"))]
struct MiMalloc;

/// The alignment every mimalloc block has (`MI_MAX_ALIGN_SIZE`).
#[cfg(not(target_family = "wasm"))]
const MI_ALIGN: usize = 16;

#[cfg(not(target_family = "wasm"))]
fn plain(layout: std::alloc::Layout) -> bool {
    layout.align() <= MI_ALIGN && layout.align() <= layout.size()
}

// SAFETY: each call is mimalloc's for the same request (size, and alignment where the plain
// call does not guarantee it), and every block is freed by `mi_free`, which takes blocks of
// either kind.
#[cfg(not(target_family = "wasm"))]
unsafe impl std::alloc::GlobalAlloc for MiMalloc {
    #[inline]
    unsafe fn alloc(&self, layout: std::alloc::Layout) -> *mut u8 {
        use libmimalloc_sys::{mi_malloc, mi_malloc_aligned};
        if plain(layout) {
            mi_malloc(layout.size()).cast()
        } else {
            mi_malloc_aligned(layout.size(), layout.align()).cast()
        }
    }

    #[inline]
    unsafe fn alloc_zeroed(&self, layout: std::alloc::Layout) -> *mut u8 {
        use libmimalloc_sys::{mi_zalloc, mi_zalloc_aligned};
        if plain(layout) {
            mi_zalloc(layout.size()).cast()
        } else {
            mi_zalloc_aligned(layout.size(), layout.align()).cast()
        }
    }

    #[inline]
    unsafe fn dealloc(&self, ptr: *mut u8, _layout: std::alloc::Layout) {
        libmimalloc_sys::mi_free(ptr.cast());
    }

    #[inline]
    unsafe fn realloc(&self, ptr: *mut u8, layout: std::alloc::Layout, new: usize) -> *mut u8 {
        use libmimalloc_sys::{mi_realloc, mi_realloc_aligned};
        if layout.align() <= MI_ALIGN && layout.align() <= new {
            mi_realloc(ptr.cast(), new).cast()
        } else {
            mi_realloc_aligned(ptr.cast(), new, layout.align()).cast()
        }
    }
}

fn main() -> ExitCode {
    cli::main()
}

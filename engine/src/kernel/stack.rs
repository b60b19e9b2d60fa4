//! Room on the native stack for the recursions that follow a program's data (walking a deeply
//! nested term, freeing a long chain of goals, a front end evaluating nested calls): where the
//! platform lets a program switch stacks, a new segment on the heap when the thread's stack
//! runs low (the `stacker` crate). On WebAssembly a program cannot switch stacks: there the
//! functions run `f` on the stack they are on, and the caller bounds its own depth.
//!
//! ```
//! // A recursion a million deep, on a thread whose stack holds a few thousand levels.
//! fn depth(n: u32) -> u32 {
//!     if n == 0 { 0 } else { kanren::stack::maybe_grow(32 * 1024, 1024 * 1024, || depth(n - 1) + 1) }
//! }
//! assert_eq!(depth(1_000_000), 1_000_000);
//! ```

/// Runs `f`, on a new stack segment of `segment` bytes if fewer than `red_zone` bytes of this
/// one are left.
///
/// The check is one comparison of the stack pointer with the lowest address of the segment in
/// use, kept per thread: it runs at every level of a nested evaluation, so it does
/// not ask the `stacker` crate (a call and a lazily made thread-local) each time. The address
/// is learnt from `stacker` on a thread's first check and each time a segment is entered, and
/// restored when the segment is left.
#[inline]
pub fn maybe_grow<R>(red_zone: usize, segment: usize, f: impl FnOnce() -> R) -> R {
    #[cfg(not(target_family = "wasm"))]
    {
        let limit = LIMIT.with(std::cell::Cell::get);
        if limit != 0 && stack_pointer() >= limit + red_zone {
            return f();
        }
        grow(red_zone, segment, f)
    }
    #[cfg(target_family = "wasm")]
    {
        let _ = (red_zone, segment);
        f()
    }
}

#[cfg(not(target_family = "wasm"))]
thread_local! {
    /// The lowest address of the stack segment this thread runs on, or 0 while it is not known
    /// (not asked yet, or the platform does not tell).
    static LIMIT: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
}

/// About the address of the top of the stack: the address of a local of the caller's frame.
#[cfg(not(target_family = "wasm"))]
#[inline(always)]
fn stack_pointer() -> usize {
    let here = 0u8;
    std::hint::black_box(&here) as *const u8 as usize
}

/// The lowest address of the stack segment in use, as `stacker` knows it (0 if it does not).
#[cfg(not(target_family = "wasm"))]
fn segment_limit() -> usize {
    stacker::remaining_stack().map_or(0, |left| stack_pointer().saturating_sub(left))
}

/// [`maybe_grow`] when [`LIMIT`] does not show room: the limit learnt if it was not known,
/// then `stacker` decides; on a new segment the limit is the segment's, and the old one comes
/// back when `f` returns or unwinds.
#[cfg(not(target_family = "wasm"))]
#[inline(never)]
fn grow<R>(red_zone: usize, segment: usize, f: impl FnOnce() -> R) -> R {
    struct Restore(usize);
    impl Drop for Restore {
        fn drop(&mut self) {
            LIMIT.with(|l| l.set(self.0));
        }
    }
    if LIMIT.with(std::cell::Cell::get) == 0 {
        let limit = segment_limit();
        LIMIT.with(|l| l.set(limit));
        if limit != 0 && stack_pointer() >= limit + red_zone {
            return f();
        }
    }
    stacker::maybe_grow(red_zone, segment, || {
        let _restore = Restore(LIMIT.with(|l| l.replace(segment_limit())));
        f()
    })
}

/// How many bytes of the current stack are left, where the platform tells (`None` on
/// WebAssembly).
///
/// ```
/// # #[cfg(not(target_family = "wasm"))]
/// assert!(kanren::stack::remaining().unwrap() > 0);
/// ```
#[inline]
pub fn remaining() -> Option<usize> {
    #[cfg(not(target_family = "wasm"))]
    {
        stacker::remaining_stack()
    }
    #[cfg(target_family = "wasm")]
    {
        None
    }
}

#[cfg(all(test, not(target_family = "wasm")))]
mod tests {
    use super::{maybe_grow, LIMIT};

    fn depth(n: u32) -> u32 {
        match n {
            0 => 0,
            _ => maybe_grow(32 * 1024, 256 * 1024, || depth(n - 1) + 1),
        }
    }

    /// Recursion to `n` that panics at the bottom.
    fn fall(n: u32) -> u32 {
        match n {
            0 => panic!("the bottom"),
            _ => maybe_grow(32 * 1024, 256 * 1024, || fall(n - 1) + 1),
        }
    }

    fn on_small_thread(f: impl FnOnce() + Send + 'static) {
        std::thread::Builder::new()
            .stack_size(128 * 1024)
            .spawn(f)
            .expect("a thread")
            .join()
            .expect("no panic escapes");
    }

    #[test]
    fn a_deep_recursion_crosses_many_segments_and_comes_back_to_the_threads_limit() {
        on_small_thread(|| {
            assert_eq!(depth(10), 10);
            let limit = LIMIT.with(std::cell::Cell::get);
            assert_ne!(limit, 0, "learnt on the first check");
            assert_eq!(depth(200_000), 200_000);
            assert_eq!(LIMIT.with(std::cell::Cell::get), limit);
        });
    }

    #[test]
    fn a_panic_unwinding_out_of_segments_restores_the_limit() {
        on_small_thread(|| {
            assert_eq!(depth(10), 10);
            let limit = LIMIT.with(std::cell::Cell::get);
            let fell = std::panic::catch_unwind(|| fall(100_000));
            assert!(fell.is_err());
            assert_eq!(LIMIT.with(std::cell::Cell::get), limit);
            // The checks still see the thread's own stack: another deep recursion grows again.
            assert_eq!(depth(200_000), 200_000);
        });
    }
}

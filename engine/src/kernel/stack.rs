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
#[inline]
pub fn maybe_grow<R>(red_zone: usize, segment: usize, f: impl FnOnce() -> R) -> R {
    #[cfg(not(target_family = "wasm"))]
    {
        stacker::maybe_grow(red_zone, segment, f)
    }
    #[cfg(target_family = "wasm")]
    {
        let _ = (red_zone, segment);
        f()
    }
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

//! The kanren playground's engine: core.logic source run by the `kanren-clj` front end,
//! compiled to WebAssembly for a page (`web/build.sh` builds the site; `web/page/` is the
//! page). The session ([`Session`]) is plain Rust, tested natively; [`Playground`] hands its
//! replies to JavaScript as JSON.
//!
//! ```
//! let mut s = kanren_web::Session::new();
//! s.eval("(defn twice [x] (* 2 x))", None);
//! assert_eq!(s.eval("(twice 21)", None).to_json(), r#"{"output":"","value":"42","answers":[],"more":false}"#);
//! ```
#![deny(missing_docs)]

pub mod json;
pub mod picture;
mod session;

pub use session::{Answer, Failure, Reply, Session, ANSWERS_CAP, FILE, OUTPUT_CAP};

use std::time::Duration;
use wasm_bindgen::prelude::*;

/// The session as the page's worker calls it: every method returns a [`Reply`] as JSON.
#[wasm_bindgen]
pub struct Playground(Session);

#[wasm_bindgen]
impl Playground {
    /// A new session (the page's worker makes one).
    #[wasm_bindgen(constructor)]
    #[allow(clippy::new_without_default)]
    pub fn new() -> Playground {
        Playground(Session::new())
    }

    /// [`Session::eval`], within `limit_ms` milliseconds (none if 0).
    pub fn eval(&mut self, src: &str, limit_ms: f64) -> String {
        self.0.eval(src, limit(limit_ms)).to_json()
    }

    /// [`Session::next`]: `n` more answers (all of them if 0), within `limit_ms`.
    pub fn next(&mut self, n: u32, limit_ms: f64) -> String {
        let n = (n > 0).then_some(n as usize);
        self.0.next(n, limit(limit_ms)).to_json()
    }

    /// [`Session::tree`]: the search tree of `src`'s last query, at most `max_nodes` nodes,
    /// within `limit_ms`.
    pub fn tree(&mut self, src: &str, max_nodes: u32, limit_ms: f64) -> String {
        self.0
            .tree(src, max_nodes as usize, limit(limit_ms))
            .to_json()
    }

    /// The styles of the pictures answers come with (the boards' squares, the domains'
    /// strips), for the page to include.
    pub fn styles() -> String {
        format!(
            "{}.domain span{{display:inline-block;min-width:1.6em;text-align:center;border:1px solid #999;margin:1px}}\n.domain .gone{{color:#bbb;text-decoration:line-through}}\n.domain .kept{{background:#dfd}}\n",
            queens::board::HTML_STYLE
        )
    }
}

/// The size of an allocation that failed, in bytes (0 if none has): after the engine traps,
/// the worker asks, to tell memory running out from another crash.
#[wasm_bindgen]
pub fn failed_allocation() -> f64 {
    watch::FAILED.load(std::sync::atomic::Ordering::Relaxed) as f64
}

/// The allocator, watched: the system's (dlmalloc on WebAssembly), recording the size of a
/// request it cannot meet before the program aborts on it.
mod watch {
    use std::sync::atomic::AtomicUsize;

    pub static FAILED: AtomicUsize = AtomicUsize::new(0);

    #[cfg(target_family = "wasm")]
    mod allocator {
        use super::FAILED;
        use std::alloc::{GlobalAlloc, Layout, System};
        use std::sync::atomic::Ordering;

        struct Watched;

        fn seen(p: *mut u8, size: usize) -> *mut u8 {
            if p.is_null() {
                FAILED.store(size.max(1), Ordering::Relaxed);
            }
            p
        }

        // SAFETY: every call is passed on to the system allocator unchanged.
        unsafe impl GlobalAlloc for Watched {
            unsafe fn alloc(&self, l: Layout) -> *mut u8 {
                seen(unsafe { System.alloc(l) }, l.size())
            }
            unsafe fn alloc_zeroed(&self, l: Layout) -> *mut u8 {
                seen(unsafe { System.alloc_zeroed(l) }, l.size())
            }
            unsafe fn dealloc(&self, p: *mut u8, l: Layout) {
                unsafe { System.dealloc(p, l) }
            }
            unsafe fn realloc(&self, p: *mut u8, l: Layout, size: usize) -> *mut u8 {
                seen(unsafe { System.realloc(p, l, size) }, size)
            }
        }

        #[global_allocator]
        static ALLOCATOR: Watched = Watched;
    }
}

fn limit(ms: f64) -> Option<Duration> {
    (ms > 0.0).then(|| Duration::from_secs_f64(ms / 1000.0))
}

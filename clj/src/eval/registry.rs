//! The tables through which a library hands the evaluator code for forms the evaluator does
//! not know itself: handlers by name or by the prefix of the forms' names, registered once
//! when `kanren_clj::init` runs and read on each lookup.

use std::sync::RwLock;

/// Handlers of type `F` by key (a form's name, or the prefix of `prefix:name`).
pub(crate) struct Registry<F: Copy + 'static>(RwLock<Vec<(&'static str, F)>>);

impl<F: Copy + 'static> Registry<F> {
    /// An empty table, for a `static`.
    pub(crate) const fn new() -> Self {
        Registry(RwLock::new(Vec::new()))
    }

    /// Registers `f` under `key`; registering a key again replaces its handler.
    pub(crate) fn register(&self, key: &'static str, f: F) {
        let mut all = self.0.write().unwrap_or_else(|e| e.into_inner());
        all.retain(|(k, _)| *k != key);
        all.push((key, f));
    }

    /// The handler registered under `key`. Cost: a read lock and a scan of the few keys.
    pub(crate) fn get(&self, key: &str) -> Option<F> {
        let all = self.0.read().unwrap_or_else(|e| e.into_inner());
        all.iter().find(|(k, _)| *k == key).map(|(_, f)| *f)
    }
}

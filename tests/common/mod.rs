//! Helpers shared by the test files: answers in core.logic's printed form, and the state a
//! goal leaves.
#![allow(dead_code)] // each test file uses the helpers it needs

use kanren::{conj, run, Answer, Goal, State, Stream};
use std::sync::{Arc, Mutex};

/// Each answer as core.logic prints it.
pub fn strings(answers: impl Iterator<Item = Answer>) -> Vec<String> {
    answers.map(|a| a.to_string()).collect()
}

/// The answers as core.logic prints them, one per line (for snapshots).
pub fn show(answers: impl Iterator<Item = Answer>) -> String {
    strings(answers).join("\n")
}

/// The state right after `g` propagated, or `None` when it failed.
pub fn capture(g: Goal) -> Option<State> {
    let slot: Arc<Mutex<Option<State>>> = Arc::default();
    let keep = slot.clone();
    let grab = Goal::new(move |s| {
        *keep.lock().unwrap() = Some(s.clone());
        Stream::unit(s)
    });
    run(1, move |_q| conj([g.clone(), grab.clone()])).count();
    let s = slot.lock().unwrap().take();
    s
}

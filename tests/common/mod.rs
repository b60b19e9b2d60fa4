//! Helpers shared by the test files: answers in core.logic's printed form.
#![allow(dead_code)] // each test file uses the helpers it needs

use kanren::Answer;

/// Each answer as core.logic prints it.
pub fn strings(answers: impl Iterator<Item = Answer>) -> Vec<String> {
    answers.map(|a| a.to_string()).collect()
}

/// The answers as core.logic prints them, one per line (for snapshots).
pub fn show(answers: impl Iterator<Item = Answer>) -> String {
    strings(answers).join("\n")
}

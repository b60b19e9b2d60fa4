//! Tree mode: the search of a query recorded as a tree of the goals it tried
//! ([`kanren::search_tree`]), each labelled with the source form it was made from.
//!
//! [`crate::search_tree`] runs a text's last form (a `run` query) in tree mode. While it is on (a
//! thread-local flag, read once where a goal made from a form is handed on), the goals of a
//! body (`fresh`, `all`, a clause, a `run`'s body, compiled or interpreted) are wrapped, each
//! labelled with its form, a `conde` (and a `matche`, so a `defne`) records one branch per
//! clause, and the first `run` made records its query node and its answers. Off, the flag is
//! the only cost.

use crate::value::printer::pr_str;
use crate::value::Value;
use kanren::search_tree::{Kind, Tree};
use kanren::Goal;
use std::cell::{Cell, RefCell};

/// How many characters of a form a label shows.
const LABEL_CHARS: usize = 60;

thread_local! {
    /// Whether tree mode is on.
    static ON: Cell<bool> = const { Cell::new(false) };
    /// The tree being recorded, while tree mode is on.
    static TREE: RefCell<Option<Tree>> = const { RefCell::new(None) };
    /// Whether the query has yet to be made (the first `run` in tree mode takes it).
    static QUERY: Cell<bool> = const { Cell::new(false) };
}

/// Whether tree mode is on.
#[inline]
pub(crate) fn on() -> bool {
    ON.with(Cell::get)
}

/// The tree being recorded (tree mode is on).
fn tree() -> Option<Tree> {
    TREE.with(|t| t.borrow().clone())
}

/// The tree, for the first `run` made in tree mode, which records its query and answers.
pub(crate) fn take_query() -> Option<Tree> {
    if !on() || !QUERY.with(|q| q.replace(false)) {
        return None;
    }
    tree()
}

/// `form` printed, cut to [`LABEL_CHARS`] characters (`...` at the end when cut).
pub(crate) fn label(form: &Value) -> String {
    let text = pr_str(form);
    if text.chars().count() <= LABEL_CHARS {
        return text;
    }
    let mut cut: String = text.chars().take(LABEL_CHARS - 3).collect();
    cut.push_str("...");
    cut
}

/// The symbol at the head of a list form, without its namespace.
fn head(form: &Value) -> Option<String> {
    let Value::List(_) = form else { return None };
    let items = form.to_vec().ok()?;
    let s = items.first()?.as_symbol()?;
    Some(match s.rfind('/') {
        Some(i) if i + 1 < s.len() => s[i + 1..].to_string(),
        _ => s.to_string(),
    })
}

/// The kind of node a goal made from `form` records; `None` for the forms whose goals record
/// their own (`conde`, `matche`).
fn kind_of(form: &Value) -> Option<Kind> {
    let Some(h) = head(form) else {
        return Some(Kind::Goal);
    };
    Some(match h.as_str() {
        "==" => Kind::Unify,
        "fresh" => Kind::Fresh,
        "conde" | "matche" => return None,
        "all" | "conda" | "condu" | "matcha" | "matchu" | "project" | "fn" | "fne" => Kind::Goal,
        _ => Kind::Call,
    })
}

/// `g`, made from `form`, recording its node (tree mode is on).
pub(crate) fn form_goal(form: &Value, g: Goal) -> Goal {
    match (kind_of(form), tree()) {
        (Some(kind), Some(t)) => t.wrap(kind, label(form), g),
        _ => g,
    }
}

/// A `conde` (or `matche`) recording its branches (tree mode is on): `clauses` are the
/// clauses' forms and goals, `shown` the form to label it with.
pub(crate) fn conde(shown: &Value, clauses: Vec<(Value, Vec<Goal>)>) -> Goal {
    match tree() {
        Some(t) => t.conde(
            label(shown),
            clauses.into_iter().map(|(f, gs)| (label(&f), gs)),
        ),
        None => kanren::conde(clauses.into_iter().map(|(_, gs)| gs)),
    }
}

/// Whether a `run` has taken the query since tree mode was turned on ([`take_query`]).
pub(crate) fn query_made() -> bool {
    !QUERY.with(Cell::get)
}

/// The query goal `g` of the `run` form `shown`, recording its node.
pub(crate) fn query(t: &Tree, shown: &Value, g: Goal) -> Goal {
    t.wrap(Kind::Query, label(shown), g)
}

/// Runs `f` in tree mode, recording into `t`; then tree mode is off again.
pub(crate) fn with_tree<T>(t: &Tree, f: impl FnOnce() -> T) -> T {
    struct Off;
    impl Drop for Off {
        fn drop(&mut self) {
            ON.with(|o| o.set(false));
            QUERY.with(|q| q.set(false));
            TREE.with(|t| t.borrow_mut().take());
        }
    }
    TREE.with(|slot| *slot.borrow_mut() = Some(t.clone()));
    QUERY.with(|q| q.set(true));
    ON.with(|o| o.set(true));
    let _off = Off;
    f()
}

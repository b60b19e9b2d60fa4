//! The search as data: a [`Tree`] records the goals a query tries, in the order the search
//! tries them, for a program that draws the search (a browser playground).
//!
//! A goal wrapped with [`Tree::wrap`] records a node each time it is applied. The node it is
//! recorded under (its parent) is the node the state came from: each traced goal puts its
//! node's id in the states it passes on (a [`State::extension`], so a state outside a traced
//! query carries nothing, and an untraced goal costs nothing). So a path from a root is one
//! derivation: a conjunction is a chain (each goal a child of the goal whose answer it goes
//! on with), a `conde` forks (its branches are siblings under it), and an answer
//! ([`Tree::watch`]) is a leaf under the last traced goal its state went through.
//!
//! Each node has:
//! - `step`: when it was visited, counting from 0: the order goals are applied as the lazy,
//!   interleaving stream is forced (an answer's leaf: when it was delivered);
//! - `id`: its place in the tree read depth-first (a parent before its children, children in
//!   the order they were visited), so `id` and `step` differ where the search interleaves;
//! - `failed`: the goal's stream was empty at once (a unification that does not hold, `fail`).
//!   A goal whose failure comes later (after a suspension) is not marked: its subtree shows it.
//!
//! The tree holds at most `max_nodes` nodes. A goal applied when it is full records nothing
//! and stops the search for good: the tree's [`Budget`] (attached to the query by
//! [`Tree::watch`]) is stopped, so no answer is given after that (not a silent failure of one
//! branch, which would change the answers). [`Tree::truncated`] then says so.
//!
//! ```
//! use kanren::search_tree::{Kind, Tree};
//! use kanren::{eq, run_all};
//! let tree = Tree::new(100);
//! let t = tree.clone();
//! let answers: Vec<String> = tree
//!     .watch(run_all(move |q| {
//!         t.wrap(Kind::Query, "(run* [q] ...)", t.conde("(conde ...)", [
//!             ("[(== q 1)]", vec![t.wrap(Kind::Unify, "(== q 1)", eq(q, 1))]),
//!             ("[(== q 2) (== q 3)]", vec![
//!                 t.wrap(Kind::Unify, "(== q 2)", eq(q, 2)),
//!                 t.wrap(Kind::Unify, "(== q 3)", eq(q, 3)),
//!             ]),
//!         ]))
//!     }))
//!     .map(|a| a.to_string())
//!     .collect();
//! assert_eq!(answers, ["1"]);
//! let shape: Vec<(u32, Option<u32>, &str, bool)> = tree
//!     .nodes()
//!     .iter()
//!     .map(|n| (n.id, n.parent, n.kind.name(), n.failed))
//!     .collect();
//! assert_eq!(shape, [
//!     (0, None, "query", false),
//!     (1, Some(0), "conde", false),
//!     (2, Some(1), "branch", false),
//!     (3, Some(2), "unify", false),
//!     (4, Some(3), "answer", false),
//!     (5, Some(1), "branch", false),
//!     (6, Some(5), "unify", false),
//!     (7, Some(6), "unify", true),
//! ]);
//! assert!(!tree.truncated());
//! ```

use crate::kernel::budget::{Budget, Stop};
use crate::kernel::goal::{conde, conj, Goal};
use crate::kernel::reify::reify;
use crate::kernel::run::Answers;
use crate::kernel::state::State;
use crate::kernel::stream::{Node as StreamNode, Stream};
use std::fmt::Write as _;
use std::sync::{Arc, Mutex, MutexGuard};

/// What a node of a [`Tree`] stands for.
///
/// ```
/// use kanren::search_tree::Kind;
/// assert_eq!(Kind::Branch(1).name(), "branch");
/// assert_eq!(Kind::Branch(1).index(), Some(1));
/// assert_eq!(Kind::Unify.index(), None);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    /// The query's goal (the root).
    Query,
    /// A call of a relation.
    Call,
    /// A disjunction (`conde`, `matche`, ...): its children are its branches.
    Conde,
    /// Clause `i` of a disjunction, counted from 0.
    Branch(u32),
    /// A unification (`==`).
    Unify,
    /// `fresh`.
    Fresh,
    /// Any other goal.
    Goal,
    /// The query's answer `i` (counted from 0 in the order given): a leaf.
    Answer(u32),
}

impl Kind {
    /// The kind's name in the JSON: `query`, `call`, `conde`, `branch`, `unify`, `fresh`,
    /// `goal`, `answer`.
    ///
    /// ```
    /// assert_eq!(kanren::search_tree::Kind::Answer(0).name(), "answer");
    /// ```
    pub fn name(self) -> &'static str {
        match self {
            Kind::Query => "query",
            Kind::Call => "call",
            Kind::Conde => "conde",
            Kind::Branch(_) => "branch",
            Kind::Unify => "unify",
            Kind::Fresh => "fresh",
            Kind::Goal => "goal",
            Kind::Answer(_) => "answer",
        }
    }

    /// A branch's clause index or an answer's index.
    ///
    /// ```
    /// assert_eq!(kanren::search_tree::Kind::Answer(2).index(), Some(2));
    /// ```
    pub fn index(self) -> Option<u32> {
        match self {
            Kind::Branch(i) | Kind::Answer(i) => Some(i),
            _ => None,
        }
    }
}

/// A node of a [`Tree`]: see the [module](self) for what each field means.
///
/// ```
/// use kanren::search_tree::{Kind, Tree};
/// let tree = Tree::new(10);
/// let t = tree.clone();
/// assert_eq!(tree.watch(kanren::run_all(move |q| t.wrap(Kind::Unify, "(== q 1)", kanren::eq(q, 1)))).count(), 1);
/// let n = &tree.nodes()[0];
/// assert_eq!((n.id, n.parent, n.kind, n.label.as_str(), n.step, n.failed), (0, None, Kind::Unify, "(== q 1)", 0, false));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Node {
    /// Its place in the tree read depth-first, from 0.
    pub id: u32,
    /// The node the state came from (`None`: a root).
    pub parent: Option<u32>,
    /// What it stands for.
    pub kind: Kind,
    /// The goal as the program shows it (an answer: its printed value).
    pub label: String,
    /// When it was visited, from 0.
    pub step: u32,
    /// Whether the goal failed at once.
    pub failed: bool,
}

/// A recorder of the search tree of a query (see the [module](self)). Cheap to clone (an
/// `Arc`): clones record into the same tree. `Send + Sync`.
///
/// ```
/// use kanren::search_tree::{Kind, Tree};
/// let tree = Tree::new(50);
/// let t = tree.clone();
/// let n = tree.watch(kanren::run_all(move |q| t.wrap(Kind::Unify, "(== q 1)", kanren::eq(q, 1)))).count();
/// assert_eq!(n, 1);
/// assert_eq!(tree.nodes().len(), 2); // the unification and the answer
/// ```
#[derive(Clone)]
pub struct Tree(Arc<Shared>);

struct Shared {
    max_nodes: usize,
    budget: Budget,
    record: Mutex<Record>,
}

/// The nodes in the order recorded (index = step), with ids of that order.
#[derive(Default)]
struct Record {
    nodes: Vec<Node>,
    answers: u32,
    truncated: bool,
}

/// Where a state is in a tree: the tree (by address) and the node it last went through.
#[derive(Clone, Default)]
struct At {
    tree: usize,
    node: u32,
}

impl Tree {
    /// An empty tree that holds at most `max_nodes` nodes.
    ///
    /// ```
    /// let tree = kanren::search_tree::Tree::new(1000);
    /// assert_eq!(tree.max_nodes(), 1000);
    /// assert!(tree.nodes().is_empty());
    /// ```
    pub fn new(max_nodes: usize) -> Tree {
        Tree::with_budget(max_nodes, Budget::new())
    }

    /// An empty tree that holds at most `max_nodes` nodes and, when full, stops `budget`,
    /// which [`Tree::watch`] attaches to the query: its other limits (a deadline, a
    /// cancellation token, steps) stop the search too, and [`Budget::stopped`] says which
    /// did (a full tree stops it as [`Stop::Cancelled`]). So a search that loops inside goals
    /// that are not traced, which records no node, still ends.
    ///
    /// ```
    /// use kanren::search_tree::{Kind, Tree};
    /// use kanren::{Budget, Goal, Stop};
    /// fn nevero() -> Goal {
    ///     Goal::lazy(nevero) // not traced: it records nothing
    /// }
    /// let tree = Tree::with_budget(100, Budget::new().steps(10_000));
    /// let t = tree.clone();
    /// assert_eq!(tree.watch(kanren::run_all(move |_q| t.wrap(Kind::Call, "(nevero)", nevero()))).count(), 0);
    /// assert_eq!(tree.budget().stopped(), Some(Stop::Steps));
    /// assert!(!tree.truncated());
    /// assert_eq!(tree.nodes().len(), 1);
    /// ```
    pub fn with_budget(max_nodes: usize, budget: Budget) -> Tree {
        Tree(Arc::new(Shared {
            max_nodes,
            budget,
            record: Mutex::new(Record::default()),
        }))
    }

    /// The most nodes the tree holds.
    ///
    /// ```
    /// assert_eq!(kanren::search_tree::Tree::new(7).max_nodes(), 7);
    /// ```
    pub fn max_nodes(&self) -> usize {
        self.0.max_nodes
    }

    /// The budget the tree stops when it is full: [`Tree::watch`] attaches it to the query.
    ///
    /// ```
    /// assert_eq!(kanren::search_tree::Tree::new(7).budget().stopped(), None);
    /// ```
    pub fn budget(&self) -> Budget {
        self.0.budget.clone()
    }

    /// Whether the tree filled up and stopped the search: the query may have more answers
    /// than it gave.
    ///
    /// ```
    /// use kanren::search_tree::{Kind, Tree};
    /// use kanren::{conde, eq, Goal, Term};
    /// fn ones(t: Tree, x: Term) -> Goal {
    ///     let t2 = t.clone();
    ///     t.wrap(Kind::Call, "(ones q)", Goal::lazy(move || {
    ///         conde([vec![eq(&x, 1)], vec![ones(t2.clone(), x.clone())]])
    ///     }))
    /// }
    /// let tree = Tree::new(20);
    /// let t = tree.clone();
    /// let n = tree.watch(kanren::run_all(move |q| ones(t.clone(), q.into()))).count();
    /// assert!(tree.truncated());
    /// assert_eq!(tree.nodes().len(), 20);
    /// assert_eq!(n, 10); // each call answers once before the next call
    /// ```
    pub fn truncated(&self) -> bool {
        self.lock().truncated
    }

    fn lock(&self) -> MutexGuard<'_, Record> {
        self.0.record.lock().unwrap_or_else(|e| e.into_inner())
    }

    fn key(&self) -> usize {
        Arc::as_ptr(&self.0) as usize
    }

    /// The node of this tree that `s` last went through.
    fn parent(&self, s: &State) -> Option<u32> {
        s.extension::<At>()
            .filter(|at| at.tree == self.key())
            .map(|at| at.node)
    }

    /// Records a node; `None` when the tree is full (then it is truncated, and the search is
    /// stopped).
    fn record(&self, parent: Option<u32>, kind: Kind, label: &str) -> Option<u32> {
        let mut r = self.lock();
        if r.nodes.len() >= self.0.max_nodes {
            r.truncated = true;
            drop(r);
            self.0.budget.stop(Stop::Cancelled);
            return None;
        }
        let id = r.nodes.len() as u32;
        r.nodes.push(Node {
            id,
            parent,
            kind,
            label: label.to_string(),
            step: id,
            failed: false,
        });
        Some(id)
    }

    /// `g`, recording a node of `kind` and `label` each time it is applied (see the
    /// [module](self)): the states it gives carry the node as their parent for the traced
    /// goals after them. Its answers are `g`'s, in `g`'s order.
    ///
    /// ```
    /// use kanren::search_tree::{Kind, Tree};
    /// let tree = Tree::new(10);
    /// let t = tree.clone();
    /// let g = move |q: kanren::Var| kanren::conj([
    ///     t.wrap(Kind::Unify, "(== q 1)", kanren::eq(q, 1)),
    ///     t.wrap(Kind::Unify, "(== q 2)", kanren::eq(q, 2)),
    /// ]);
    /// assert_eq!(tree.watch(kanren::run_all(g)).count(), 0);
    /// let nodes = tree.nodes();
    /// assert_eq!(nodes[1].parent, Some(0)); // the second goal goes on from the first
    /// assert!(!nodes[0].failed && nodes[1].failed);
    /// ```
    pub fn wrap(&self, kind: Kind, label: impl Into<String>, g: Goal) -> Goal {
        let (tree, label): (Tree, Arc<str>) = (self.clone(), label.into().into());
        Goal::new(move |s| {
            let Some(id) = tree.record(tree.parent(&s), kind, &label) else {
                return Stream::empty();
            };
            let key = tree.key();
            let s = s.with_extension(|at: &mut At| {
                *at = At {
                    tree: key,
                    node: id,
                }
            });
            let out = g.apply(s);
            if matches!(out.0, StreamNode::Empty) {
                tree.lock().nodes[id as usize].failed = true;
            }
            out
        })
    }

    /// A traced `conde` of `clauses`, each a label and its goals: a [`Kind::Conde`] node
    /// labelled `label`, and under it one [`Kind::Branch`] node per clause tried. The
    /// answers are those of [`conde`](crate::conde()) of the clauses, in the same order.
    ///
    /// ```
    /// use kanren::search_tree::{Kind, Tree};
    /// let tree = Tree::new(10);
    /// let t = tree.clone();
    /// let n = tree.watch(kanren::run_all(move |q| {
    ///     t.conde("(conde ...)", [("[(== q 1)]", vec![kanren::eq(q, 1)]), ("[(== q 2)]", vec![kanren::eq(q, 2)])])
    /// })).count();
    /// assert_eq!(n, 2);
    /// let kinds: Vec<Kind> = tree.nodes().iter().map(|n| n.kind).collect();
    /// assert_eq!(kinds, [Kind::Conde, Kind::Branch(0), Kind::Answer(0), Kind::Branch(1), Kind::Answer(1)]);
    /// ```
    pub fn conde<L: Into<String>>(
        &self,
        label: impl Into<String>,
        clauses: impl IntoIterator<Item = (L, Vec<Goal>)>,
    ) -> Goal {
        let branches: Vec<[Goal; 1]> = clauses
            .into_iter()
            .enumerate()
            .map(|(i, (l, gs))| [self.wrap(Kind::Branch(i as u32), l, conj(gs))])
            .collect();
        self.wrap(Kind::Conde, label, conde(branches))
    }

    /// The query's answers, recorded as leaves (each labelled with its printed answer, which
    /// [`label_answer`](Tree::label_answer) may change), with the tree's budget attached so
    /// that a full tree stops it. Give it the query whose goals were wrapped.
    ///
    /// ```
    /// use kanren::search_tree::{Kind, Tree};
    /// let tree = Tree::new(10);
    /// let t = tree.clone();
    /// let answers = tree.watch(kanren::run_all(move |q| t.wrap(Kind::Unify, "(== q [1 2])", kanren::eq(q, kanren::list![1, 2]))));
    /// assert_eq!(answers.count(), 1);
    /// let leaf = &tree.nodes()[1];
    /// assert_eq!((leaf.kind, leaf.parent, leaf.label.as_str()), (Kind::Answer(0), Some(0), "(1 2)"));
    /// ```
    pub fn watch(&self, answers: Answers) -> Answers {
        let tree = self.clone();
        answers
            .with_budget(self.budget())
            .map_final_states(move |s, q| {
                tree.answer(&s, reify(&s, q).to_string());
                s
            })
    }

    /// Records an answer leaf under the node `s` last went through, labelled `text`; gives
    /// its index. An answer is recorded even when the tree is full (it was given), and then
    /// stops the search.
    ///
    /// ```
    /// let tree = kanren::search_tree::Tree::new(10);
    /// assert_eq!(tree.answer(&kanren::State::new(), "1"), 0);
    /// assert_eq!(tree.answer(&kanren::State::new(), "2"), 1);
    /// assert_eq!(tree.nodes()[1].parent, None);
    /// ```
    pub fn answer(&self, s: &State, text: impl Into<String>) -> u32 {
        let parent = self.parent(s);
        let mut r = self.lock();
        let index = r.answers;
        r.answers += 1;
        let id = r.nodes.len() as u32;
        r.nodes.push(Node {
            id,
            parent,
            kind: Kind::Answer(index),
            label: text.into(),
            step: id,
            failed: false,
        });
        if r.nodes.len() >= self.0.max_nodes {
            r.truncated = true;
            drop(r);
            self.0.budget.stop(Stop::Cancelled);
        }
        index
    }

    /// Relabels answer `index` (a layer above the engine prints its answers its own way).
    ///
    /// ```
    /// let tree = kanren::search_tree::Tree::new(10);
    /// tree.answer(&kanren::State::new(), "1");
    /// tree.label_answer(0, "one");
    /// assert_eq!(tree.nodes()[0].label, "one");
    /// ```
    pub fn label_answer(&self, index: u32, text: impl Into<String>) {
        let mut r = self.lock();
        if let Some(n) = r.nodes.iter_mut().find(|n| n.kind == Kind::Answer(index)) {
            n.label = text.into();
        }
    }

    /// The nodes, in the order of their ids: the tree read depth-first (a parent before its
    /// children, children in the order visited). Time: O(n).
    ///
    /// ```
    /// let tree = kanren::search_tree::Tree::new(10);
    /// assert!(tree.nodes().is_empty());
    /// ```
    pub fn nodes(&self) -> Vec<Node> {
        let r = self.lock();
        let n = r.nodes.len();
        let mut children: Vec<Vec<u32>> = vec![Vec::new(); n];
        let mut roots = Vec::new();
        for node in &r.nodes {
            match node.parent {
                Some(p) => children[p as usize].push(node.id),
                None => roots.push(node.id),
            }
        }
        let mut order = Vec::with_capacity(n);
        let mut stack: Vec<u32> = roots.into_iter().rev().collect();
        while let Some(i) = stack.pop() {
            order.push(i);
            stack.extend(children[i as usize].iter().rev());
        }
        let mut new_id = vec![0u32; n];
        for (k, &i) in order.iter().enumerate() {
            new_id[i as usize] = k as u32;
        }
        order
            .iter()
            .map(|&i| {
                let mut node = r.nodes[i as usize].clone();
                node.id = new_id[i as usize];
                node.parent = node.parent.map(|p| new_id[p as usize]);
                node
            })
            .collect()
    }

    /// The tree as JSON: `{"max_nodes": n, "truncated": bool, "answers": [text, ...],
    /// "nodes": [{"id", "parent" (null for a root), "kind", "index" (a branch's or an
    /// answer's), "label", "step", "failed"}, ...]}`, nodes in the order of their ids,
    /// answers in the order given. Written by hand: no serialization library is needed.
    ///
    /// ```
    /// use kanren::search_tree::{Kind, Tree};
    /// let tree = Tree::new(10);
    /// let t = tree.clone();
    /// tree.watch(kanren::run_all(move |q| t.wrap(Kind::Unify, "(== q \"a\")", kanren::eq(q, 1)))).count();
    /// assert_eq!(tree.to_json(), concat!(
    ///     r#"{"max_nodes":10,"truncated":false,"answers":["1"],"nodes":["#,
    ///     r#"{"id":0,"parent":null,"kind":"unify","label":"(== q \"a\")","step":0,"failed":false},"#,
    ///     r#"{"id":1,"parent":0,"kind":"answer","index":0,"label":"1","step":1,"failed":false}]}"#,
    /// ));
    /// ```
    pub fn to_json(&self) -> String {
        let nodes = self.nodes();
        let mut answers: Vec<(u32, &str)> = nodes
            .iter()
            .filter_map(|n| match n.kind {
                Kind::Answer(i) => Some((i, n.label.as_str())),
                _ => None,
            })
            .collect();
        answers.sort_by_key(|(i, _)| *i);
        let mut out = String::new();
        let _ = write!(
            out,
            r#"{{"max_nodes":{},"truncated":{},"answers":["#,
            self.0.max_nodes,
            self.truncated()
        );
        for (k, (_, text)) in answers.iter().enumerate() {
            if k > 0 {
                out.push(',');
            }
            json_string(&mut out, text);
        }
        out.push_str(r#"],"nodes":["#);
        for (k, n) in nodes.iter().enumerate() {
            if k > 0 {
                out.push(',');
            }
            let _ = write!(out, r#"{{"id":{},"parent":"#, n.id);
            match n.parent {
                Some(p) => {
                    let _ = write!(out, "{p}");
                }
                None => out.push_str("null"),
            }
            let _ = write!(out, r#","kind":"{}""#, n.kind.name());
            if let Some(i) = n.kind.index() {
                let _ = write!(out, r#","index":{i}"#);
            }
            out.push_str(r#","label":"#);
            json_string(&mut out, &n.label);
            let _ = write!(out, r#","step":{},"failed":{}}}"#, n.step, n.failed);
        }
        out.push_str("]}");
        out
    }
}

/// Appends `s` to `out` as a JSON string literal (RFC 8259: `"` and `\` escaped, control
/// characters as `\n`, `\t`, ... or `\u00XX`), as [`Tree::to_json`] writes its strings.
///
/// ```
/// let mut out = String::new();
/// kanren::search_tree::json_string(&mut out, "a\"b\\\n\u{1}");
/// assert_eq!(out, r#""a\"b\\\n\u0001""#);
/// ```
pub fn json_string(out: &mut String, s: &str) {
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if (c as u32) < 0x20 => {
                let _ = write!(out, "\\u{:04x}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
}

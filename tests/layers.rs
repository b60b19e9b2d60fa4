//! The layering of the crates' sources, checked: between the top-level modules of
//! `engine/src` and of `clj/src` (each folder, and each file left at the root), the
//! `crate::` references form no circle; no folder holds more than 16 `.rs` files; and every
//! path that ARCHITECTURE.md, the map of those layers, names exists.
//!
//! A reference `crate::name::...` counts for the top-level module `name`; a reference to a name
//! the crate root re-exports (`crate::Goal`, from `pub use kernel::goal::Goal`) counts for the
//! module it is re-exported from. `cargo test --test layers -- --nocapture` prints each crate's
//! graph, lowest layer first.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

/// The most `.rs` files one folder may hold.
const MAX_FILES_PER_FOLDER: usize = 16;

/// The crates whose top-level modules must not import each other in a circle.
const LAYERED: [&str; 2] = ["engine/src", "clj/src"];

type Graph = BTreeMap<String, BTreeSet<String>>;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn rs_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<_> = fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.unwrap().path())
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            rs_files(&path, out);
        } else if path.extension().is_some_and(|x| x == "rs") {
            out.push(path);
        }
    }
}

/// The source without comments and string literals, so that neither is read as a reference.
fn code_only(src: &str) -> String {
    let b = src.as_bytes();
    let mut out = String::with_capacity(src.len());
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'/' if b.get(i + 1) == Some(&b'/') => {
                while i < b.len() && b[i] != b'\n' {
                    i += 1;
                }
            }
            b'/' if b.get(i + 1) == Some(&b'*') => {
                let mut depth = 0;
                while i < b.len() {
                    if b[i] == b'/' && b.get(i + 1) == Some(&b'*') {
                        depth += 1;
                        i += 2;
                    } else if b[i] == b'*' && b.get(i + 1) == Some(&b'/') {
                        depth -= 1;
                        i += 2;
                        if depth == 0 {
                            break;
                        }
                    } else {
                        i += 1;
                    }
                }
            }
            b'"' => {
                i += 1;
                while i < b.len() && b[i] != b'"' {
                    i += if b[i] == b'\\' { 2 } else { 1 };
                }
                i += 1;
                out.push_str("\"\"");
            }
            b'\'' if b.get(i + 2) == Some(&b'\'') || b.get(i + 1) == Some(&b'\\') => {
                // A char literal ('a', '\n', '\''); a lifetime ('a) has no closing quote.
                let close = src[i + 1..].find('\'').map_or(b.len(), |k| i + 1 + k);
                let close = if b.get(i + 1) == Some(&b'\\') && b.get(i + 2) == Some(&b'\'') {
                    i + 3
                } else {
                    close
                };
                i = close + 1;
                out.push_str("' '");
            }
            c => {
                out.push(c as char);
                i += 1;
            }
        }
    }
    out
}

fn ident_at(s: &str) -> &str {
    let end = s
        .find(|c: char| !(c.is_alphanumeric() || c == '_'))
        .unwrap_or(s.len());
    &s[..end]
}

/// The first name of each item of the use tree `{a::b, c, d::{e, f}}` that `s` opens with.
fn braced_heads(s: &str) -> Vec<String> {
    let mut heads = Vec::new();
    let mut depth = 0;
    let mut expect_head = true;
    for (k, c) in s.char_indices() {
        match c {
            '{' => {
                depth += 1;
                expect_head = depth == 1;
            }
            '}' => {
                depth -= 1;
                if depth == 0 {
                    break;
                }
            }
            ',' if depth == 1 => expect_head = true,
            c if expect_head && depth == 1 && (c.is_alphabetic() || c == '_') => {
                heads.push(ident_at(&s[k..]).to_string());
                expect_head = false;
            }
            _ => {}
        }
    }
    heads
}

/// The names `crate::` is followed by in `code`.
fn crate_refs(code: &str) -> Vec<String> {
    let mut names = Vec::new();
    let mut rest = code;
    while let Some(k) = rest.find("crate::") {
        let before = rest[..k].chars().next_back();
        rest = &rest[k + "crate::".len()..];
        if before.is_some_and(|c| c.is_alphanumeric() || c == '_') {
            continue;
        }
        let after = rest.trim_start();
        if after.starts_with('{') {
            names.extend(braced_heads(after));
        } else {
            let name = ident_at(after);
            if !name.is_empty() {
                names.push(name.to_string());
            }
        }
    }
    names
}

/// The names the crate root re-exports with `pub use module::...`, each with its module.
fn reexports(root_code: &str, units: &BTreeSet<String>) -> BTreeMap<String, String> {
    let mut map = BTreeMap::new();
    for stmt in root_code.split(';') {
        let stmt = stmt.trim();
        let Some(path) = stmt
            .strip_prefix("pub use ")
            .or_else(|| stmt.strip_prefix("pub(crate) use "))
        else {
            continue;
        };
        let path = path.trim_start_matches("crate::").trim();
        let unit = ident_at(path);
        if !units.contains(unit) {
            continue;
        }
        // Every identifier after the module's name that is not followed by `::` is a name
        // the root exports (`a as b` exports `b`).
        let tokens: Vec<&str> = path[unit.len()..]
            .split(|c: char| !(c.is_alphanumeric() || c == '_' || c == ':'))
            .filter(|t| !t.is_empty())
            .collect();
        for (i, t) in tokens.iter().enumerate() {
            let name = t.rsplit("::").next().unwrap();
            if name.is_empty() || *t == "as" || tokens.get(i + 1) == Some(&"as") {
                continue;
            }
            map.insert(name.to_string(), unit.to_string());
        }
    }
    map
}

/// The top-level module of a file under `src`, or `None` for the crate roots.
fn unit_of(src: &Path, file: &Path) -> Option<String> {
    let rel = file.strip_prefix(src).unwrap();
    let first = rel.components().next()?.as_os_str().to_str()?.to_string();
    if rel.components().count() == 1 {
        let stem = first.trim_end_matches(".rs");
        (stem != "lib" && stem != "main").then(|| stem.to_string())
    } else {
        Some(first)
    }
}

fn graph_of(src: &Path) -> Graph {
    let mut files = Vec::new();
    rs_files(src, &mut files);
    let units: BTreeSet<String> = files.iter().filter_map(|f| unit_of(src, f)).collect();
    let mut exported = BTreeMap::new();
    for root_file in ["lib.rs", "main.rs"] {
        if let Ok(text) = fs::read_to_string(src.join(root_file)) {
            exported.extend(reexports(&code_only(&text), &units));
        }
    }
    let mut graph: Graph = units.iter().map(|u| (u.clone(), BTreeSet::new())).collect();
    for file in &files {
        let Some(unit) = unit_of(src, file) else {
            continue;
        };
        let code = code_only(&fs::read_to_string(file).unwrap());
        for name in crate_refs(&code) {
            let target = if units.contains(&name) {
                Some(name)
            } else {
                exported.get(&name).cloned()
            };
            if let Some(target) = target.filter(|t| *t != unit) {
                graph.get_mut(&unit).unwrap().insert(target);
            }
        }
    }
    graph
}

/// The strongly connected components of more than one module (Tarjan's algorithm).
fn circles(graph: &Graph) -> Vec<Vec<String>> {
    struct Tarjan<'a> {
        graph: &'a Graph,
        index: BTreeMap<&'a str, usize>,
        low: BTreeMap<&'a str, usize>,
        stack: Vec<&'a str>,
        on_stack: BTreeSet<&'a str>,
        found: Vec<Vec<String>>,
    }
    impl<'a> Tarjan<'a> {
        fn visit(&mut self, v: &'a str) {
            let i = self.index.len();
            self.index.insert(v, i);
            self.low.insert(v, i);
            self.stack.push(v);
            self.on_stack.insert(v);
            for w in &self.graph[v] {
                let w = w.as_str();
                if !self.index.contains_key(w) {
                    self.visit(w);
                    let low = self.low[v].min(self.low[w]);
                    self.low.insert(v, low);
                } else if self.on_stack.contains(w) {
                    let low = self.low[v].min(self.index[w]);
                    self.low.insert(v, low);
                }
            }
            if self.low[v] == self.index[v] {
                let mut component = Vec::new();
                loop {
                    let w = self.stack.pop().unwrap();
                    self.on_stack.remove(w);
                    component.push(w.to_string());
                    if w == v {
                        break;
                    }
                }
                if component.len() > 1 {
                    component.sort();
                    self.found.push(component);
                }
            }
        }
    }
    let mut t = Tarjan {
        graph,
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        on_stack: BTreeSet::new(),
        found: Vec::new(),
    };
    for v in graph.keys() {
        if !t.index.contains_key(v.as_str()) {
            t.visit(v);
        }
    }
    t.found
}

/// The modules in layers: each depends only on modules of earlier layers.
fn layers(graph: &Graph) -> Vec<Vec<String>> {
    let mut placed: BTreeSet<&str> = BTreeSet::new();
    let mut out = Vec::new();
    while placed.len() < graph.len() {
        let layer: Vec<String> = graph
            .iter()
            .filter(|(u, deps)| {
                !placed.contains(u.as_str()) && deps.iter().all(|d| placed.contains(d.as_str()))
            })
            .map(|(u, _)| u.clone())
            .collect();
        if layer.is_empty() {
            break;
        }
        placed.extend(
            graph
                .keys()
                .filter(|k| layer.contains(k))
                .map(|k| k.as_str()),
        );
        out.push(layer);
    }
    out
}

#[test]
fn top_level_modules_import_each_other_in_no_circle() {
    let mut failures = Vec::new();
    for dir in LAYERED {
        let graph = graph_of(&root().join(dir));
        println!("{dir}:");
        for (i, layer) in layers(&graph).iter().enumerate() {
            for unit in layer {
                let deps: Vec<&str> = graph[unit].iter().map(String::as_str).collect();
                println!("  layer {i}: {unit} -> [{}]", deps.join(", "));
            }
        }
        let layered: BTreeSet<String> = layers(&graph).into_iter().flatten().collect();
        for (unit, deps) in graph.iter().filter(|(u, _)| !layered.contains(*u)) {
            let deps: Vec<&str> = deps.iter().map(String::as_str).collect();
            println!("  in a circle: {unit} -> [{}]", deps.join(", "));
        }
        failures.extend(circles(&graph).into_iter().map(|c| format!("{dir}: {c:?}")));
    }
    assert!(
        failures.is_empty(),
        "top-level modules that import each other in a circle: {failures:#?}"
    );
}

#[test]
fn no_folder_holds_more_than_sixteen_source_files() {
    let mut crowded = Vec::new();
    for krate in ["engine", "clj", "macros", "queens"] {
        let mut files = Vec::new();
        rs_files(&root().join(krate).join("src"), &mut files);
        let mut per_folder: BTreeMap<PathBuf, usize> = BTreeMap::new();
        for f in files {
            *per_folder
                .entry(f.parent().unwrap().to_path_buf())
                .or_default() += 1;
        }
        crowded.extend(
            per_folder
                .into_iter()
                .filter(|(_, n)| *n > MAX_FILES_PER_FOLDER)
                .map(|(dir, n)| format!("{} ({n})", dir.display())),
        );
    }
    assert!(
        crowded.is_empty(),
        "folders with more than {MAX_FILES_PER_FOLDER} .rs files: {crowded:?}"
    );
}

#[test]
fn the_checker_sees_references_and_circles() {
    let code = code_only(
        "use crate::{a::X, b, c::{d, e}}; // crate::z\nlet s = \"crate::y\"; crate::f::g();",
    );
    assert_eq!(crate_refs(&code), ["a", "b", "c", "f"]);
    let units: BTreeSet<String> = ["goal", "term"].map(String::from).into();
    let map = reexports(
        &code_only("pub use goal::{all, Goal as G};\npub use term::Var;"),
        &units,
    );
    assert_eq!(map.get("all").map(String::as_str), Some("goal"));
    assert_eq!(map.get("G").map(String::as_str), Some("goal"));
    assert_eq!(map.get("Var").map(String::as_str), Some("term"));
    assert!(!map.contains_key("Goal"));
    let mut graph = Graph::new();
    graph.insert("a".into(), ["b".to_string()].into());
    graph.insert("b".into(), ["a".to_string()].into());
    graph.insert("c".into(), ["a".to_string()].into());
    assert_eq!(circles(&graph), [vec!["a".to_string(), "b".to_string()]]);
}

/// The paths from the workspace root that ARCHITECTURE.md names in backticks.
fn architecture_paths(text: &str) -> Vec<&str> {
    const ROOTS: [&str; 7] = [
        "engine/", "clj/", "queens/", "macros/", "tests/", "docs/", ".ci/",
    ];
    text.split('`')
        .skip(1)
        .step_by(2)
        .filter(|t| ROOTS.iter().any(|r| t.starts_with(r)) && !t.contains(' '))
        .collect()
}

#[test]
fn every_path_architecture_names_exists() {
    let text = fs::read_to_string(root().join("ARCHITECTURE.md")).unwrap();
    let paths = architecture_paths(&text);
    assert!(
        paths.len() > 50,
        "ARCHITECTURE.md names only {} paths",
        paths.len()
    );
    let missing: Vec<&str> = paths
        .into_iter()
        .filter(|p| !root().join(p).exists())
        .collect();
    assert!(
        missing.is_empty(),
        "ARCHITECTURE.md names paths that do not exist: {missing:?}"
    );
}

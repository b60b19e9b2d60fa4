//! Namespaces: the global definitions, the current namespace, its aliases and what it refers.
//!
//! Built-in namespaces: `clojure.core`, `clojure.core.logic`, `clojure.core.logic.fd`,
//! `clojure.core.logic.unifier`, `clojure.core.logic.pldb`, `clojure.core.logic.nominal`, `clojure.pprint`, `clojure.edn`, `clojure.java.io`,
//! `clojure.string`, `clojure.set`, `clojure.test`, `clojure.walk` and `Math` (for `Math/abs`).
//! Resolution of an unqualified name: the current namespace, then the namespaces it refers in
//! full or by name, then `clojure.core` (less its `:exclude`s).

use crate::value::error::{Error, Result};
use crate::value::Value;
use rustc_hash::FxHashMap;
use std::cell::{Cell, RefCell};
use std::collections::HashMap;
use std::sync::Arc;

/// The namespaces a program may require.
pub const BUILTIN: &[&str] = &[
    "clojure.core",
    "clojure.core.logic",
    "clojure.core.logic.fd",
    "clojure.core.logic.protocols",
    "clojure.core.logic.unifier",
    "clojure.core.logic.pldb",
    "clojure.core.logic.nominal",
    "clojure.core.logic.arithmetic",
    "clojure.pprint",
    "clojure.edn",
    "clojure.java.io",
    "clojure.string",
    "clojure.set",
    "clojure.test",
    "clojure.walk",
    // Required by core.logic's bench.clj, which uses nothing of it.
    "clojure.repl",
];

/// What one namespace refers from another.
#[derive(Clone)]
enum Refer {
    All(String),
    Only(String, Vec<String>),
    /// All but these names (`(:use [ns :exclude [a b]])`).
    Except(String, Vec<String>),
}

#[derive(Default, Clone)]
struct NsInfo {
    aliases: HashMap<String, String>,
    refers: Vec<Refer>,
    exclude: Vec<String>,
    /// How many of `refers` the REPL's defaults put first (not the program's own refers: a
    /// `def` may shadow those).
    defaults: usize,
}

#[derive(Default)]
struct Globals {
    defs: FxHashMap<String, FxHashMap<String, Value>>,
    info: FxHashMap<String, NsInfo>,
    current: String,
}

/// Resolved symbols by name address: the name (kept alive), the generation, the value.
type SymCache = FxHashMap<usize, (Arc<str>, u64, Option<Value>)>;

thread_local! {
    static G: RefCell<Globals> = RefCell::new(Globals::default());
    /// Bumped by every change of the definitions or of what a namespace sees.
    static GEN: Cell<u64> = const { Cell::new(0) };
    /// Resolved symbols by the address of their name (kept alive by the entry, so the address
    /// is not reused), valid while `GEN` is unchanged.
    static CACHE: RefCell<SymCache> = RefCell::new(FxHashMap::default());
}

const CACHE_MAX: usize = 1 << 16;

/// Code that defines a namespace's names on first use, by namespace (see [`define_later`]),
/// each with whether referring or entering the namespace runs it too.
type Pending = FxHashMap<&'static str, Vec<(fn(), bool)>>;

thread_local! {
    static PENDING: RefCell<Pending> = RefCell::new(FxHashMap::default());
}

/// Defers `install`, which defines names of namespace `ns`, until the namespace is first used:
/// a name of it looked up and not found, the namespace referred, entered or listed. A library
/// whose namespace a program may never use (`clojure.set`, clojure.core's part written in
/// Clojure) costs nothing at start. `install` may define in other namespaces too, and is
/// registered under each.
pub fn define_later(ns: &'static str, install: fn()) {
    PENDING.with(|p| p.borrow_mut().entry(ns).or_default().push((install, true)));
}

/// Defers `install` as [`define_later`] does, but referring or entering `ns` does not run it:
/// only a name of `ns` looked up and not found, or the namespace listed. For names added to a
/// namespace that every program refers (core.logic's constraint-store layer in
/// `clojure.core.logic`), which no name of `clojure.core` shadows.
pub fn define_on_miss(ns: &'static str, install: fn()) {
    PENDING.with(|p| p.borrow_mut().entry(ns).or_default().push((install, false)));
}

/// Whether `ns` has definitions still to install.
fn pending(ns: &str) -> bool {
    PENDING.with(|p| {
        let p = p.borrow();
        !p.is_empty() && p.contains_key(ns)
    })
}

/// Runs the installers deferred for `ns` (each once, whichever namespaces it was registered
/// under); false when there were none.
fn materialize(ns: &str) -> bool {
    materialize_some(ns, true)
}

/// [`materialize`] for referring or entering `ns`: the installers of [`define_on_miss`] wait.
fn materialize_used(ns: &str) -> bool {
    materialize_some(ns, false)
}

fn materialize_some(ns: &str, all: bool) -> bool {
    let todo: Vec<fn()> = PENDING.with(|p| {
        let mut p = p.borrow_mut();
        let Some(list) = p.get_mut(ns) else {
            return Vec::new();
        };
        let (run, keep): (Vec<_>, Vec<_>) = list.drain(..).partition(|(_, r)| all || *r);
        *list = keep;
        if list.is_empty() {
            p.remove(ns);
        }
        run.into_iter().map(|(f, _)| f).collect()
    });
    if todo.is_empty() {
        return false;
    }
    for f in todo {
        PENDING.with(|p| {
            p.borrow_mut().retain(|_, fs| {
                fs.retain(|(g, _)| *g as usize != f as usize);
                !fs.is_empty()
            })
        });
        f();
    }
    changed();
    true
}

/// Runs every deferred installer (before listing all namespaces or all names).
fn materialize_all() {
    while let Some(ns) = PENDING.with(|p| p.borrow().keys().next().copied()) {
        materialize(ns);
    }
}

fn changed() {
    // Drawn from one counter for all threads, so that a generation names one thread's
    // definitions at one time (`generation`).
    static NEXT: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(1);
    let g = NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    GEN.with(|c| c.set(g));
}

/// The generation of this thread's definitions: it changes with every change of what any
/// name resolves to, and no two threads share one once they have defined anything. What was
/// computed from global names at one generation still holds while it is current.
pub fn generation() -> u64 {
    GEN.with(Cell::get)
}

/// The value of a symbol written in code with the local environment `env` (as [`resolve_in`],
/// in the namespace the code was written in), cached per symbol occurrence: a symbol of a
/// function body is looked up once, not each time the body runs.
pub fn resolve_value(sym: &Arc<str>, env: &crate::eval::env::Env) -> Option<Value> {
    let key = Arc::as_ptr(sym) as *const u8 as usize;
    let gen = GEN.with(Cell::get);
    let hit = CACHE.with(|c| match c.borrow().get(&key) {
        Some((_, g, v)) if *g == gen => Some(v.clone()),
        _ => None,
    });
    if let Some(v) = hit {
        return v;
    }
    let v = match crate::eval::env::env_ns(env) {
        Some(ns) => resolve_in(ns, sym),
        None => resolve(sym),
    }
    .map(|(_, v)| v)
    .or_else(|| imported(sym));
    CACHE.with(|c| {
        let mut c = c.borrow_mut();
        if c.len() >= CACHE_MAX {
            c.clear();
        }
        c.insert(key, (sym.clone(), gen, v.clone()));
    });
    v
}

/// The names every namespace sees after its own and its refers, as Clojure imports
/// `java.lang.*` (class names: `String`, `clojure.lang.ISeq`).
fn imports() -> &'static std::sync::RwLock<HashMap<Arc<str>, Value>> {
    static IMPORTS: std::sync::OnceLock<std::sync::RwLock<HashMap<Arc<str>, Value>>> =
        std::sync::OnceLock::new();
    IMPORTS.get_or_init(Default::default)
}

/// Makes `name` resolve to `v` in every namespace that does not define or refer it.
pub fn import(name: &str, v: Value) {
    let mut all = imports().write().unwrap_or_else(|e| e.into_inner());
    all.insert(name.into(), v);
    changed();
}

/// Finds the value of an imported name that [`import`] did not list (a library's table of
/// classes, consulted when a name is first used rather than copied in at start).
pub type ImportResolver = fn(&str) -> Option<Value>;

static IMPORT_RESOLVER: std::sync::OnceLock<ImportResolver> = std::sync::OnceLock::new();

/// Sets where names that [`import`] did not list are looked up.
pub fn set_import_resolver(f: ImportResolver) {
    let _ = IMPORT_RESOLVER.set(f);
}

/// The value imported as `name` (a class).
pub fn imported(name: &str) -> Option<Value> {
    let listed = {
        let all = imports().read().unwrap_or_else(|e| e.into_inner());
        all.get(name).cloned()
    };
    listed.or_else(|| IMPORT_RESOLVER.get().and_then(|f| f(name)))
}

/// The standard expansion of the aliases `l`, `fd` and `str` (used by the reader for `::l/x`).
pub fn expand_alias(alias: &str) -> String {
    let found = G.with(|g| {
        let g = g.borrow();
        g.info
            .get(&g.current)
            .and_then(|i| i.aliases.get(alias).cloned())
    });
    found.unwrap_or_else(|| match alias {
        "l" => "clojure.core.logic".into(),
        "fd" => "clojure.core.logic.fd".into(),
        other => other.into(),
    })
}

/// Defines `ns/name` to be `v`.
pub fn define(ns: &str, name: &str, v: Value) {
    changed();
    if ns == "clojure.core" && name.starts_with("*print-") {
        crate::value::printer::set_limit(name, &v);
    }
    G.with(|g| {
        let mut g = g.borrow_mut();
        match g.defs.get_mut(ns) {
            Some(defs) => defs.insert(name.to_string(), v),
            None => {
                // clojure.core holds about 700 names: made that big at once.
                let room = if ns == "clojure.core" { 1024 } else { 0 };
                g.defs
                    .entry(ns.to_string())
                    .or_insert_with(|| {
                        FxHashMap::with_capacity_and_hasher(room, Default::default())
                    })
                    .insert(name.to_string(), v)
            }
        };
    });
}

/// Leaves this thread's namespaces to the operating system: a process about to exit skips
/// freeing each definition one by one (a tenth of a cold start's instructions).
pub fn forget() {
    G.with(|g| std::mem::forget(std::mem::take(&mut *g.borrow_mut())));
    CACHE.with(|c| std::mem::forget(std::mem::take(&mut *c.borrow_mut())));
}

/// Makes namespace `ns` exist (empty if it is new) without running its deferred installers.
pub fn create(ns: &str) {
    changed();
    G.with(|g| {
        g.borrow_mut()
            .defs
            .entry(ns.to_string())
            .or_default()
            .insert(" ".to_string(), Value::Nil);
    });
}

/// Checks that `name` may be defined in the current namespace: a name the namespace refers
/// from another namespace (by its `ns` form, `refer` or `use`; not `clojure.core`'s, which a
/// definition replaces) is Clojure's `IllegalStateException`, and the referred definition
/// stays.
pub fn check_def(name: &str) -> Result<()> {
    G.with(|g| {
        let g = g.borrow();
        let here = &g.current;
        if g.defs.get(here).is_some_and(|m| m.contains_key(name)) {
            return Ok(());
        }
        let Some(info) = g.info.get(here) else {
            return Ok(());
        };
        for r in &info.refers[info.defaults.min(info.refers.len())..] {
            let (ns, ok) = match r {
                Refer::All(ns) => (ns, true),
                Refer::Only(ns, names) => (ns, names.iter().any(|n| n == name)),
                Refer::Except(ns, names) => (ns, !names.iter().any(|n| n == name)),
            };
            if ok && ns != "clojure.core" && g.defs.get(ns).is_some_and(|m| m.contains_key(name)) {
                return Err(Error::ex(
                    "java.lang.IllegalStateException",
                    format!("{name} already refers to: #'{ns}/{name} in namespace: {here}"),
                ));
            }
        }
        Ok(())
    })
}

/// Defines `name` in the current namespace, returning the qualified name.
pub fn define_here(name: &str, v: Value) -> String {
    let ns = current();
    define(&ns, name, v);
    format!("{ns}/{name}")
}

/// The current namespace.
pub fn current() -> String {
    G.with(|g| g.borrow().current.clone())
}

/// Makes `name` the current namespace as `in-ns` does: one that exists keeps its aliases and
/// refers; a new one sees only `clojure.core`.
pub fn enter(name: &str) {
    materialize_used(name);
    let exists = G.with(|g| g.borrow().info.contains_key(name));
    if exists {
        changed();
        G.with(|g| g.borrow_mut().current = name.to_string());
        define("clojure.core", "*ns*", Value::Symbol(name.into()));
    } else {
        switch_to(name, false);
    }
}

/// Makes `name` the current namespace, with the default REPL environment (core.logic referred,
/// aliases `l` and `fd`) when `repl_defaults`, or only `clojure.core` otherwise.
pub fn switch_to(name: &str, repl_defaults: bool) {
    materialize_used(name);
    changed();
    G.with(|g| {
        let mut g = g.borrow_mut();
        g.current = name.to_string();
        g.defs.entry(name.to_string()).or_default();
        let mut info = NsInfo::default();
        if repl_defaults {
            info.refers.push(Refer::All("clojure.core.logic".into()));
            info.defaults = info.refers.len();
            info.aliases.insert("l".into(), "clojure.core.logic".into());
            info.aliases
                .insert("fd".into(), "clojure.core.logic.fd".into());
        }
        g.info.insert(name.to_string(), info);
    });
    define("clojure.core", "*ns*", Value::Symbol(name.into()));
}

/// Checks that `ns` exists (built in or defined by an `ns` form), loading its file from the
/// path ([`find_file`]) when it is not loaded yet.
pub fn check_known(ns: &str) -> Result<()> {
    let known = BUILTIN.contains(&ns) || G.with(|g| g.borrow().defs.contains_key(ns));
    if known || load_from_path(ns)? {
        Ok(())
    } else {
        Err(Error::msg(format!(
            "Could not locate {}.clj on KANREN_PATH or the root of the file requiring it; \
             built-in namespaces: {}",
            ns.replace('-', "_").replace('.', "/"),
            BUILTIN.join(", ")
        )))
    }
}

/// Adds the alias `alias` for `ns` to the current namespace.
pub fn add_alias(alias: &str, ns: &str) {
    changed();
    G.with(|g| {
        let mut g = g.borrow_mut();
        let cur = g.current.clone();
        g.info
            .entry(cur)
            .or_default()
            .aliases
            .insert(alias.into(), ns.into());
    });
}

/// Refers all of `ns` but the names `excluded` into the current namespace.
pub fn add_refer_except(ns: &str, excluded: Vec<String>) {
    materialize_used(ns);
    changed();
    G.with(|g| {
        let mut g = g.borrow_mut();
        let cur = g.current.clone();
        let info = g.info.entry(cur).or_default();
        info.refers.push(Refer::Except(ns.into(), excluded));
    });
}

/// Refers all of `ns` (`None`) or the given names into the current namespace.
pub fn add_refer(ns: &str, names: Option<Vec<String>>) {
    materialize_used(ns);
    changed();
    G.with(|g| {
        let mut g = g.borrow_mut();
        let cur = g.current.clone();
        let info = g.info.entry(cur).or_default();
        info.refers.push(match names {
            None => Refer::All(ns.into()),
            Some(n) => Refer::Only(ns.into(), n),
        });
    });
}

/// Excludes names of `clojure.core` from the current namespace.
pub fn exclude_core(names: Vec<String>) {
    changed();
    G.with(|g| {
        let mut g = g.borrow_mut();
        let cur = g.current.clone();
        g.info.entry(cur).or_default().exclude.extend(names);
    });
}

/// Resolves a symbol in the current namespace to its qualified name and value, or `None` when
/// it is not defined.
pub fn resolve(sym: &str) -> Option<(String, Value)> {
    resolve_in(&current(), sym)
}

/// Resolves a symbol as code written in namespace `here` sees it (its definitions, aliases
/// and refers), to its qualified name and value, or `None` when it is not defined.
pub fn resolve_in(here: &str, sym: &str) -> Option<(String, Value)> {
    loop {
        let mut missed = None;
        let found = lookup(here, sym, &mut |ns: &str| {
            if missed.is_none() && pending(ns) {
                missed = Some(ns.to_string());
            }
        });
        match (found, missed) {
            (Some(found), _) => return Some(found),
            (None, Some(ns)) if materialize(&ns) => {}
            _ => return None,
        }
    }
}

/// [`resolve_in`]'s search, telling `miss` each namespace where the name was not found.
fn lookup(here: &str, sym: &str, miss: &mut dyn FnMut(&str)) -> Option<(String, Value)> {
    G.with(|g| {
        let g = g.borrow();
        let info = g.info.get(here);
        if let Some((ns, name)) = split(sym) {
            let ns = info
                .and_then(|i| i.aliases.get(ns))
                .map(String::as_str)
                .unwrap_or(ns);
            let ns = match ns {
                "l" if !g.defs.contains_key("l") => "clojure.core.logic",
                "fd" if !g.defs.contains_key("fd") => "clojure.core.logic.fd",
                other => other,
            };
            let found = g.defs.get(ns).and_then(|m| m.get(name));
            if found.is_none() {
                miss(ns);
            }
            return found.map(|v| (format!("{ns}/{name}"), v.clone()));
        }
        if let Some(v) = g.defs.get(here).and_then(|m| m.get(sym)) {
            return Some((format!("{here}/{sym}"), v.clone()));
        }
        miss(here);
        if let Some(info) = info {
            for r in &info.refers {
                let (ns, ok) = match r {
                    Refer::All(ns) => (ns, true),
                    Refer::Only(ns, names) => (ns, names.iter().any(|n| n == sym)),
                    Refer::Except(ns, names) => (ns, !names.iter().any(|n| n == sym)),
                };
                if ok {
                    if let Some(v) = g.defs.get(ns).and_then(|m| m.get(sym)) {
                        return Some((format!("{ns}/{sym}"), v.clone()));
                    }
                    miss(ns);
                }
            }
            if info.exclude.iter().any(|n| n == sym) {
                return None;
            }
        }
        let found = g.defs.get("clojure.core").and_then(|m| m.get(sym));
        if found.is_none() {
            miss("clojure.core");
        }
        found.map(|v| (format!("clojure.core/{sym}"), v.clone()))
    })
}

/// The names defined in `ns`, sorted (none for an unknown namespace).
pub fn names(ns: &str) -> Vec<String> {
    materialize(ns);
    let mut out: Vec<String> = G.with(|g| {
        g.borrow()
            .defs
            .get(ns)
            .map(|m| m.keys().filter(|k| *k != " ").cloned().collect())
            .unwrap_or_default()
    });
    out.sort();
    out
}

/// Every namespace's name, sorted.
pub fn namespaces() -> Vec<String> {
    materialize_all();
    let mut out: Vec<String> = G.with(|g| g.borrow().defs.keys().cloned().collect());
    out.sort();
    out
}

/// Splits `ns/name` (but not `/` alone).
pub fn split(sym: &str) -> Option<(&str, &str)> {
    if sym.len() > 1 {
        if let Some(i) = sym.find('/') {
            if i > 0 && i + 1 < sym.len() {
                return Some((&sym[..i], &sym[i + 1..]));
            }
        }
    }
    None
}

/// The names defined in `ns` and their values, sorted by name (`None` for a namespace that
/// does not exist).
pub fn publics(ns: &str) -> Option<Vec<(String, Value)>> {
    materialize(ns);
    G.with(|g| {
        let g = g.borrow();
        let defs = g.defs.get(ns)?;
        let mut out: Vec<(String, Value)> = defs
            .iter()
            .filter(|(k, _)| k.as_str() != " ")
            .map(|(k, v)| (k.clone(), v.clone()))
            .collect();
        out.sort_by(|a, b| a.0.cmp(&b.0));
        Some(out)
    })
}

/// The names of every namespace, sorted.
pub fn all() -> Vec<String> {
    materialize_all();
    G.with(|g| {
        let mut out: Vec<String> = g.borrow().defs.keys().cloned().collect();
        out.sort();
        out
    })
}

/// How a namespace's file is loaded: its text and path, evaluated form by form (set by the
/// crate's `init`, as the evaluator does not know the reader).
pub type Loader = fn(&str, &str) -> Result<()>;

static LOADER: std::sync::OnceLock<Loader> = std::sync::OnceLock::new();

thread_local! {
    /// The directories `--path` added, searched before `KANREN_PATH`'s.
    static PATHS: RefCell<Vec<String>> = const { RefCell::new(Vec::new()) };
    /// The file being loaded, innermost last.
    static LOADING: RefCell<Vec<String>> = const { RefCell::new(Vec::new()) };
}

/// Sets how a namespace's file is loaded.
pub fn set_loader(f: Loader) {
    let _ = LOADER.set(f);
}

/// Adds a directory where `require` looks for a namespace's file.
pub fn add_path(dir: &str) {
    PATHS.with(|p| p.borrow_mut().push(dir.to_string()));
}

/// Runs `f` while `file` is the file being loaded (its root is searched by `require`).
pub fn loading<T>(file: Option<&str>, f: impl FnOnce() -> T) -> T {
    let Some(file) = file else { return f() };
    LOADING.with(|l| l.borrow_mut().push(file.to_string()));
    let out = f();
    LOADING.with(|l| l.borrow_mut().pop());
    out
}

/// The file of namespace `ns` on the path (`a/b_c.clj` for `a.b-c`): in the directories
/// `add_path` added, those of the environment variable `KANREN_PATH` (separated by `:`),
/// then the root of the file being loaded (its directory, up one level per `.` of the
/// current namespace's name), then that file's own directory.
pub fn find_file(ns: &str) -> Option<std::path::PathBuf> {
    let rel = format!("{}.clj", ns.replace('-', "_").replace('.', "/"));
    let mut dirs: Vec<std::path::PathBuf> =
        PATHS.with(|p| p.borrow().iter().map(Into::into).collect());
    if let Ok(env) = std::env::var("KANREN_PATH") {
        dirs.extend(env.split(':').filter(|d| !d.is_empty()).map(Into::into));
    }
    if let Some(file) = LOADING.with(|l| l.borrow().last().cloned()) {
        if let Some(dir) = std::path::Path::new(&file).parent() {
            let mut root = Some(dir);
            for _ in 0..current().matches('.').count() {
                root = root.and_then(std::path::Path::parent);
            }
            dirs.extend(root.map(std::path::Path::to_path_buf));
            dirs.push(dir.to_path_buf());
        }
    }
    dirs.into_iter().map(|d| d.join(&rel)).find(|p| p.is_file())
}

/// Loads the file of namespace `ns` if it is not loaded and is on the path; `Ok(false)` when
/// there is no such file. The current namespace is the same afterwards.
pub fn load_from_path(ns: &str) -> Result<bool> {
    let (Some(path), Some(load)) = (find_file(ns), LOADER.get()) else {
        return Ok(false);
    };
    let path = path.to_string_lossy().to_string();
    let src = std::fs::read_to_string(&path)
        .map_err(|e| Error::msg(format!("can't read {path}: {e}")))?;
    let here = current();
    let out = loading(Some(&path), || load(&src, &path));
    enter(&here);
    out?;
    // A file that does not define its namespace still counts as loaded.
    create(ns);
    Ok(true)
}

/// The namespace that `alias` names in namespace `ns`, if it is an alias there.
pub fn alias_of(ns: &str, alias: &str) -> Option<String> {
    G.with(|g| g.borrow().info.get(ns)?.aliases.get(alias).cloned())
}

/// The aliases of namespace `ns` (alias, namespace), sorted by alias.
pub fn aliases(ns: &str) -> Vec<(String, String)> {
    let mut out: Vec<(String, String)> = G.with(|g| {
        g.borrow()
            .info
            .get(ns)
            .map(|i| {
                i.aliases
                    .iter()
                    .map(|(a, n)| (a.clone(), n.clone()))
                    .collect()
            })
            .unwrap_or_default()
    });
    out.sort();
    out
}

/// Removes the alias `alias` from namespace `ns`.
pub fn unalias(ns: &str, alias: &str) {
    changed();
    G.with(|g| {
        if let Some(i) = g.borrow_mut().info.get_mut(ns) {
            i.aliases.remove(alias);
        }
    });
}

/// The names namespace `ns` sees from other namespaces and the qualified name each resolves
/// to (its refers, then `clojure.core` less its exclusions; not the names it defines),
/// sorted by name.
pub fn refers(ns: &str) -> Vec<(String, String)> {
    G.with(|g| {
        let g = g.borrow();
        let own = g.defs.get(ns);
        let mut out: HashMap<&str, String> = HashMap::new();
        let mut add = |from: &str, ok: &dyn Fn(&str) -> bool| {
            for k in g.defs.get(from).into_iter().flat_map(HashMap::keys) {
                if k != " " && ok(k) && !own.is_some_and(|m| m.contains_key(k)) {
                    out.entry(k).or_insert_with(|| format!("{from}/{k}"));
                }
            }
        };
        let info = g.info.get(ns);
        for r in info.map(|i| i.refers.as_slice()).unwrap_or_default() {
            match r {
                Refer::All(from) => add(from, &|_| true),
                Refer::Only(from, names) => add(from, &|k| names.iter().any(|n| n == k)),
                Refer::Except(from, names) => add(from, &|k| !names.iter().any(|n| n == k)),
            }
        }
        let exclude = info.map(|i| i.exclude.as_slice()).unwrap_or_default();
        if ns != "clojure.core" {
            add("clojure.core", &|k| !exclude.iter().any(|n| n == k));
        }
        let mut out: Vec<(String, String)> =
            out.into_iter().map(|(k, q)| (k.to_string(), q)).collect();
        out.sort();
        out
    })
}

/// Removes the name `name` from namespace `ns`: its definition there, or else what it refers
/// by that name (from another namespace or from `clojure.core`).
pub fn unmap(ns: &str, name: &str) {
    changed();
    G.with(|g| {
        let mut g = g.borrow_mut();
        if g.defs.get_mut(ns).and_then(|m| m.remove(name)).is_some() {
            return;
        }
        let info = g.info.entry(ns.to_string()).or_default();
        for r in &mut info.refers {
            match r {
                Refer::All(from) => *r = Refer::Except(from.clone(), vec![name.to_string()]),
                Refer::Only(_, names) => names.retain(|n| n != name),
                Refer::Except(_, names) => names.push(name.to_string()),
            }
        }
        info.exclude.push(name.to_string());
    });
}

/// Removes namespace `ns` with its definitions, aliases and refers; whether it existed.
pub fn remove(ns: &str) -> bool {
    changed();
    G.with(|g| {
        let mut g = g.borrow_mut();
        g.info.remove(ns);
        g.defs.remove(ns).is_some()
    })
}

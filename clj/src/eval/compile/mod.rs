//! The compiler: a function's body analysed once, on its first call, into a tree of [`Code`]
//! that runs without re-reading its forms. Locals are resolved to frame slots, special forms
//! and the forms a library registered a compiler for (`register`: core.logic's) are dispatched and macros expanded at compile
//! time, and calls to globals name their symbol, whose value is read (through the symbol
//! cache of `ns`) each time the call runs, so a later `def` is seen as by the interpreter.
//!
//! The compiled code runs on the interpreter's environments ([`Env`]): each scope the
//! compiler opens is one frame at run time, with the names, so a form the compiler leaves to
//! the interpreter ([`Code::Interp`]: `try`, `condp`, a literal with metadata, ...)
//! finds every local by its name. A body is compiled only when the closure's own environment
//! binds no local (a top-level `defn`, `defne`, or a `fn` made by compiled code, which is
//! compiled with its parent): then every local it can see is in a scope the compiler knows.
//! So that functions made over a top-level `let`'s or `loop`'s locals are compiled too, such
//! a form is compiled as a whole when it makes functions (`top_level`), with its `def`s and
//! `defn`s.
//! A destructuring pattern (`let`, `loop`, parameters) is bound by the interpreter's
//! `destructure`, one frame per name, so its names are placed from the pattern alone
//! (`destructure::pattern_names`).
//!
//! Run time keeps the interpreter's guarantees: each form counts against the nesting limit
//! and grows the stack on the heap ([`crate::eval::MAX_DEPTH`]), checks for Ctrl-C, and an
//! error carries the position of the innermost form that has one (`run`).
//!
//! Part of `eval/` (depends on `value/` and the rest of `eval/`): `run` runs the code.

mod comprehension;
pub(crate) mod machine;
pub(crate) mod run;

use crate::eval::env::{Env, Frame};
use crate::eval::registry::Registry;
use crate::eval::{Arity, Closure};
pub use crate::value::func::{Code, Compiled, Form, Global};
pub(crate) use crate::value::func::{Op, Pat};
use crate::value::Value;
use std::cell::{Cell, RefCell};
use std::sync::Arc;

/// A `let`'s or `loop`'s binding vector compiled, each value in the scope of the bindings
/// before it; the frames opened (left open for the body), or `None` for a vector the
/// interpreter must run (an odd one, a pattern `destructure` rejects).
fn bindings(scope: &mut Scope, bs: &[Value]) -> Option<(Vec<(Pat, Code)>, usize)> {
    if !bs.len().is_multiple_of(2) {
        return None;
    }
    let mut pairs = Vec::new();
    let mut pushed = 0;
    for p in bs.chunks(2) {
        let Some((pat, names)) = pattern(&p[0]) else {
            scope.frames.truncate(scope.frames.len() - pushed);
            return None;
        };
        pairs.push((pat, compile(&p[1], scope)));
        pushed += scope.push_each(names);
    }
    Some((pairs, pushed))
}

/// What binds the pattern `p` (a symbol, or a destructuring pattern) and the names it binds,
/// one frame each, or `None` for a pattern `destructure` rejects.
fn pattern(p: &Value) -> Option<(Pat, Vec<Arc<str>>)> {
    Some(match p {
        Value::Symbol(n) => (Pat::Name(n.clone()), vec![n.clone()]),
        other => (
            Pat::Destructure(other.clone()),
            crate::eval::destructure::pattern_names(other)?,
        ),
    })
}

/// The locals a compiled form sees: one list of names per frame, the innermost last.
pub(crate) struct Scope {
    frames: Vec<Vec<Arc<str>>>,
    /// Which of `frames` (by index, the outermost 0) are `letfn` groups: their functions
    /// are read as the group makes them ([`LetFnGroup`](crate::eval::env::LetFnGroup)), not
    /// from a slot.
    groups: Vec<usize>,
    /// The closure's environment (binds no local; names its namespace).
    outer: Env,
    depth: usize,
    /// Whether the form being compiled is in a tail position of a function's body, reached
    /// from it through `if`, `do`, `let` and `cond` as [`run::Code::run_tail`] runs it:
    /// read and cleared by [`compile`].
    tail: bool,
    /// The function body being compiled, when its frame is a call frame a tail `let` can
    /// bind into ([`Op::LetIn`]).
    call: Option<CallScope>,
}

/// A function body whose `let`s in a tail position bind into its call frame.
struct CallScope {
    /// The call frame's index in [`Scope::frames`].
    frame: usize,
    /// How many names the call frame binds before the `let`s' (the function's own name, if
    /// it has one, and the parameters).
    base: usize,
    /// Whether the function has a name (the frame's first, held outside its slots).
    named: bool,
    /// The names those `let`s bind, each in a slot of its own (a `let` in another branch
    /// binds into a frame of its own: the slots a lookup by name reads are one `let`'s).
    lets: Vec<Arc<str>>,
}

/// How a library compiles its special forms: the form's name (without the library's prefix)
/// and argument forms, in `scope`; `None` leaves the form to the interpreter.
pub(crate) type CompileFn = fn(&str, &[Value], &mut Scope) -> Option<Box<dyn Compiled>>;

/// The libraries' form compilers, by the prefix of their forms' names.
static COMPILERS: Registry<CompileFn> = Registry::new();

/// Registers `f` to compile the special forms named `prefix:name` (the forms a library
/// registered with [`crate::eval::special::register`]); without one they run interpreted.
pub(crate) fn register(prefix: &'static str, f: CompileFn) {
    COMPILERS.register(prefix, f);
}

/// The compiler registered for `prefix`.
fn compiler(prefix: &str) -> Option<CompileFn> {
    COMPILERS.get(prefix)
}

/// How deeply the compiler follows nested forms before leaving the rest to the interpreter.
const MAX_COMPILE_DEPTH: usize = 2_000;

impl Scope {
    /// How many frames are open.
    pub(crate) fn depth(&self) -> usize {
        self.frames.len()
    }

    /// How many names the frame `h` (from the innermost) binds.
    pub(crate) fn frame_len(&self, h: usize) -> usize {
        self.frames[self.frames.len() - 1 - h].len()
    }

    /// Where the local `name` is: its frame (from the innermost) and slot.
    pub(crate) fn lookup(&self, name: &str) -> Option<(u32, u32)> {
        self.frames.iter().rev().enumerate().find_map(|(h, f)| {
            let i = f.iter().rposition(|n| &**n == name)?;
            Some((h as u32, i as u32))
        })
    }

    /// Whether `name` is a local here.
    pub(crate) fn is_local(&self, name: &str) -> bool {
        self.lookup(name).is_some()
    }

    /// [`Scope::lookup`] of a local held in a slot: `None` for a name no scope binds and for
    /// a `letfn`'s function (made as it is read, [`group_fn`]).
    pub(crate) fn lookup_slot(&self, name: &str) -> Option<(u32, u32)> {
        self.lookup(name).filter(|&(h, _)| !self.is_group(h))
    }

    /// Whether frame `h` (from the innermost) is a `letfn` group.
    fn is_group(&self, h: u32) -> bool {
        let i = self.frames.len() - 1 - h as usize;
        self.groups.contains(&i)
    }

    /// Opens a scope binding `names` (none: no frame, as `bind_all` makes none); gives
    /// whether one was opened, for [`Scope::pop`].
    pub(crate) fn push(&mut self, names: Vec<Arc<str>>) -> bool {
        let open = !names.is_empty();
        if open {
            self.frames.push(names);
        }
        open
    }

    /// Opens one frame for each of `names` (a pattern's, in the order `destructure` binds
    /// them); gives how many it opened.
    fn push_each(&mut self, names: Vec<Arc<str>>) -> usize {
        let n = names.len();
        self.frames.extend(names.into_iter().map(|n| vec![n]));
        n
    }

    /// Closes the scope [`Scope::push`] opened.
    pub(crate) fn pop(&mut self, opened: bool) {
        if opened {
            self.frames.pop();
        }
    }
}

/// A function's arities (`spec`: its parameter vector and body, or a list of them) for the
/// closures [`Op::Fn`] makes, each body compiled in `scope` (`None` for a spec the
/// interpreter rejects: its error is raised when the interpreter runs the form).
fn arities(
    scope: &mut Scope,
    n: Option<Arc<str>>,
    spec: &[Value],
) -> Option<Arc<[crate::eval::Arity]>> {
    let c = crate::eval::make_closure(n.clone(), spec, &None).ok()?;
    for arity in c.arities.iter() {
        if let Some(code) = arity_body(scope, n.as_ref(), arity) {
            let _ = arity.code.set(Some(Arc::new(code)));
        }
    }
    Some(c.arities)
}

/// `(letfn [(name params body...) ...] body...)`: each function's arities, compiled in the
/// scope of the group (so each calls itself through its own call frame and the others
/// through the group), and the body; `None` for the interpreter to run the form (and report
/// a malformed one).
fn letfn(specs: &[Value], body: &[Value], scope: &mut Scope) -> Option<LetFn> {
    let mut parsed = Vec::new();
    for s in specs {
        let items = match s {
            Value::List(_) => s.to_vec().ok()?,
            _ => return None,
        };
        match items.split_first()? {
            (Value::Symbol(n), spec) => parsed.push((n.clone(), spec.to_vec())),
            _ => return None,
        }
    }
    if parsed.is_empty() {
        return None;
    }
    scope
        .frames
        .push(parsed.iter().map(|(n, _)| n.clone()).collect());
    let group = scope.frames.len() - 1;
    scope.groups.push(group);
    let fns = parsed
        .into_iter()
        .map(|(n, spec)| Some((n.clone(), arities(scope, Some(n), &spec)?)))
        .collect::<Option<Vec<_>>>();
    let body = all(scope, body);
    scope.groups.retain(|&g| g != group);
    scope.frames.truncate(group);
    Some(LetFn { fns: fns?, body })
}

/// `if-let`, `if-some`, `when-let`, `when-some` or `when-first` (`name`) of the binding
/// vector `b`: its test, its pattern, the code it runs with the pattern bound and the code it
/// runs otherwise; `None` for the interpreter to run (and report) a form of another shape.
fn bind_if(name: &str, b: &[Value], body: &[Value], scope: &mut Scope) -> Option<BindIf> {
    let when = name.starts_with("when");
    let [p, test] = b else {
        return None;
    };
    if body.is_empty() || (!when && body.len() > 2) {
        return None;
    }
    let test = compile(test, scope);
    let (pat, names) = pattern(p)?;
    let (then, otherwise) = match when {
        true => (body, &[][..]),
        false => (&body[..1], &body[1..]),
    };
    let otherwise = self::body(scope, otherwise);
    let pushed = scope.push_each(names);
    let then = self::body(scope, then);
    scope.frames.truncate(scope.frames.len() - pushed);
    Some(BindIf {
        test,
        pat,
        some: name.ends_with("some"),
        first: name == "when-first",
        then,
        otherwise,
    })
}

/// A compiled [`bind_if`]: the test's value (its first element for `when-first`) bound to
/// the pattern when it is true (not `nil`, for the `-some` forms).
struct BindIf {
    test: Code,
    pat: Pat,
    some: bool,
    first: bool,
    then: Code,
    otherwise: Code,
}

impl Compiled for BindIf {
    /// Nothing of its own: its test and branches note their effects.
    fn pure(&self) -> bool {
        true
    }

    fn run(&self, env: &Env) -> crate::value::error::Result<Value> {
        let v = self.test.run(env)?;
        match crate::eval::special::cond::bound_value(v, self.first, self.some)? {
            Some(v) => self.then.run(&run::bind_pat(env, &self.pat, v)?),
            None => self.otherwise.run(env),
        }
    }
}

/// `some->`, `some->>`, `cond->`, `cond->>` or `as->` (`name`) of the expression `x` and the
/// forms `rest`, as a `let`'s binding vector and body that compute what the interpreter
/// computes (`special/thread.rs`): each step binds the value again, under a name no code can
/// write (the interpreter's, `thread::THREADED`); `None` for a form the interpreter must report.
fn threading_let(name: &str, x: &Value, rest: &[Value]) -> Option<(Vec<Value>, Value)> {
    let last = name.ends_with(">>");
    let step = |v: &Value, f: &Value| {
        crate::eval::special::thread::threaded(v, std::slice::from_ref(f), last).ok()
    };
    let v = Value::sym(crate::eval::special::thread::THREADED);
    let mut bs = vec![v.clone(), x.clone()];
    match name {
        "as->" => {
            let (p, forms) = rest.split_first()?;
            let Some((body, before)) = forms.split_last() else {
                return Some((Vec::new(), x.clone()));
            };
            bs[0] = p.clone();
            for f in before {
                bs.extend([p.clone(), f.clone()]);
            }
            return Some((bs, body.clone()));
        }
        "some->" | "some->>" => {
            for f in rest {
                let nil = Value::list([Value::sym("clojure.core/nil?"), v.clone()]);
                let next = Value::list([Value::sym("if"), nil, Value::Nil, step(&v, f)?]);
                bs.extend([v.clone(), next]);
            }
        }
        _ => {
            // A test without its form at the end is left out, as the interpreter leaves it.
            for pair in rest.chunks_exact(2) {
                let next = Value::list([
                    Value::sym("if"),
                    pair[0].clone(),
                    step(&v, &pair[1])?,
                    v.clone(),
                ]);
                bs.extend([v.clone(), next]);
            }
        }
    }
    Some((bs, v))
}

/// `(case x c1 e1 c2 e2 ... default?)`: its expression, each clause's constants (a list's
/// items are alternatives) and code, and the default's code; `None` for a clause the
/// interpreter must read (and report).
fn case(x: &Value, clauses: &[Value], scope: &mut Scope) -> Option<Case> {
    let x = compile(x, scope);
    let mut arms = Vec::new();
    let mut pairs = clauses.chunks_exact(2);
    for p in pairs.by_ref() {
        let constants = match &p[0] {
            Value::List(_) | Value::EmptyList => p[0].to_vec().ok()?,
            c => vec![c.clone()],
        };
        arms.push((constants, compile(&p[1], scope)));
    }
    let default = pairs.remainder().first().map(|d| compile(d, scope));
    Some(Case { x, arms, default })
}

/// A compiled [`case`]: the first clause with a constant equal to the expression's value
/// runs, else the default, else an error.
struct Case {
    x: Code,
    arms: Vec<(Vec<Value>, Code)>,
    default: Option<Code>,
}

impl Compiled for Case {
    /// Nothing of its own: its expression and clauses note their effects.
    fn pure(&self) -> bool {
        true
    }

    fn run(&self, env: &Env) -> crate::value::error::Result<Value> {
        let x = self.x.run(env)?;
        for (constants, code) in &self.arms {
            if constants.iter().any(|c| crate::value::coll::equal(c, &x)) {
                return code.run(env);
            }
        }
        match &self.default {
            Some(d) => d.run(env),
            None => Err(crate::eval::special::cond::no_matching_clause(&x)),
        }
    }
}

/// A compiled `letfn`: its functions' names and arities, and its body.
struct LetFn {
    fns: Vec<(Arc<str>, Arc<[crate::eval::Arity]>)>,
    body: Vec<Code>,
}

impl Compiled for LetFn {
    fn run(&self, env: &Env) -> crate::value::error::Result<Value> {
        let group = Arc::new(crate::eval::env::LetFnGroup::new(self.fns.iter().cloned()));
        let genv: Env = Some(crate::value::counted(|| Frame::Group(group, env.clone())));
        run::run_body(&self.body, &genv)
    }
}

/// The code that reads function `i` of the `letfn` group in frame `h`.
fn group_fn(h: u32, i: u32) -> Code {
    Code::Form(Box::new(Form::new(None, Op::Ext(Box::new(GroupFn(h, i))))))
}

/// A read of a `letfn`'s function: frame `.0` (from the innermost), function `.1`.
struct GroupFn(u32, u32);

impl Compiled for GroupFn {
    fn run(&self, env: &Env) -> crate::value::error::Result<Value> {
        let frame = run::frame_at(env, self.0)?;
        match frame.as_deref() {
            Some(Frame::Group(g, _)) => Ok(g.function(self.1 as usize, frame)),
            _ => Err(crate::value::error::Error::msg(
                "compiled code found no letfn group where it was compiled",
            )),
        }
    }
}

/// `defn`, `defn-` or `defmacro`: the function's compiled arities, the attributes' code (a
/// doc string, an attribute map), and the argument forms for the record of the definition.
struct DefFn {
    form: Arc<str>,
    arities: Arc<[crate::eval::Arity]>,
    forms: Vec<Value>,
    attrs: Vec<Code>,
}

impl Compiled for DefFn {
    fn run(&self, env: &Env) -> crate::value::error::Result<Value> {
        effect();
        let (n, rest) = crate::eval::special::defn_parts(&self.forms, &self.form)?;
        crate::eval::ns::check_def(&n)?;
        let c = Closure {
            name: Some(n),
            arities: self.arities.clone(),
            env: crate::eval::env::in_current_ns(env),
        };
        let attrs = self
            .attrs
            .iter()
            .map(|a| a.run(env))
            .collect::<crate::value::error::Result<Vec<_>>>()?;
        Ok(crate::eval::special::define_fn(
            &self.form,
            &self.forms,
            rest,
            c,
            attrs,
        ))
    }
}

/// `(def name init)` or `(def name doc init)`: the init's code, and the forms for the record
/// of the definition.
struct Def {
    name: Arc<str>,
    forms: Vec<Value>,
    init: Code,
}

impl Compiled for Def {
    fn run(&self, env: &Env) -> crate::value::error::Result<Value> {
        effect();
        crate::eval::ns::check_def(&self.name)?;
        let init = self.init.run(env)?;
        Ok(crate::eval::special::define(&self.name, &self.forms, init))
    }
}

/// A `let` or `loop` (`name`, its argument forms `a`) evaluated where no local is bound (a
/// top-level form), compiled as a whole when its forms make functions (`fn`, `#(...)`, a
/// `defn` or `defne`, ...): the functions are compiled with it, over its locals, where the
/// interpreter would make closures over an environment the compiler does not know, which
/// run interpreted. Gives the form's value, or `None` for the interpreter to run it.
pub(crate) fn top_level(
    name: &str,
    a: &[Value],
    env: &Env,
) -> Option<crate::value::error::Result<Value>> {
    if !ENABLED.with(Cell::get) || !binds_no_local(env) || !a.iter().any(|f| makes_fn(f, 0)) {
        return None;
    }
    // The functions it makes name the namespace in their environment's outermost frame, as
    // a compiled function's own environment does.
    let env = crate::eval::env::in_current_ns(env);
    let mut scope = Scope {
        frames: Vec::new(),
        groups: Vec::new(),
        outer: env.clone(),
        depth: 0,
        tail: false,
        call: None,
    };
    let op = special(name, a, &mut scope, false)?;
    Some(Code::Form(Box::new(Form::new(None, op))).run(&env))
}

/// Whether the form names `fn`, `fn*` or a `def...` form anywhere (a macro that makes a
/// function under another name is not seen: its form runs interpreted, as before).
fn makes_fn(form: &Value, depth: usize) -> bool {
    match form {
        Value::Symbol(s) => matches!(&**s, "fn" | "fn*") || s.starts_with("def"),
        Value::List(_) | Value::Vector(_) if depth < MAX_COMPILE_DEPTH => form
            .to_vec()
            .is_ok_and(|items| items.iter().any(|f| makes_fn(f, depth + 1))),
        _ => false,
    }
}

/// Whether an environment binds no local (only namespace marks).
fn binds_no_local(env: &Env) -> bool {
    let mut cur = env;
    while let Some(f) = cur {
        match f.as_ref() {
            Frame::Ns(_, next) => cur = next,
            _ => return false,
        }
    }
    true
}

thread_local! {
    static ENABLED: Cell<bool> = const { Cell::new(true) };
    /// How many times this thread's compiled code did what the compiler cannot vouch for.
    static EFFECTS: Cell<u64> = const { Cell::new(0) };
}

/// Notes that compiled code did something that may have an effect or give a different value
/// each time: called a Clojure function or a built-in not marked pure
/// ([`Native::pure`](crate::value::Native::pure)), ran a form through the interpreter, made a
/// function, ran a query. Code that runs without one, in an unchanged
/// [`generation`](crate::eval::ns::generation), computes the same values again: what
/// [`effects`] lets a caller find out.
#[inline]
pub(crate) fn effect() {
    EFFECTS.with(|e| e.set(e.get().wrapping_add(1)));
}

/// How many effects ([`effect`]) this thread's compiled code has noted.
#[inline]
pub(crate) fn effects() -> u64 {
    EFFECTS.with(Cell::get)
}

/// Turns the compiler on or off for this thread (it is on): off, every function body this
/// thread calls is interpreted, as before the compiler existed (to compare the two;
/// `KANREN_INTERPRET=1` in the binary).
///
/// ```
/// kanren_clj::compile::set_enabled(false);
/// assert_eq!(kanren_clj::eval_str("(defn f [x] (* x x)) (f 7)").unwrap().to_string(), "49");
/// kanren_clj::compile::set_enabled(true);
/// ```
pub fn set_enabled(on: bool) {
    ENABLED.with(|e| e.set(on));
}

thread_local! {
    /// The arities being compiled (by address): a call of one of them while it is compiled
    /// (from a macro its body uses) runs interpreted instead of compiling it again.
    static COMPILING: RefCell<Vec<usize>> = const { RefCell::new(Vec::new()) };
}

/// The code of an arity of `c`, compiled on its first call; `None` for a body that runs
/// interpreted.
pub(crate) fn code_of<'a>(c: &Closure, arity: &'a Arity) -> Option<&'a Arc<Code>> {
    if let Some(code) = arity.code.get() {
        return code.as_ref();
    }
    let key = arity as *const Arity as usize;
    if COMPILING.with(|k| k.borrow().contains(&key)) {
        return None;
    }
    COMPILING.with(|k| k.borrow_mut().push(key));
    let code = compile_arity(c, arity);
    COMPILING.with(|k| k.borrow_mut().retain(|&x| x != key));
    let _ = arity.code.set(code);
    arity.code.get().and_then(|c| c.as_ref())
}

/// The compiled body of an arity of `c`, or `None` when the closure's environment binds
/// locals the compiler does not know.
fn compile_arity(c: &Closure, arity: &Arity) -> Option<Arc<Code>> {
    if !ENABLED.with(Cell::get) || !binds_no_local(&c.env) {
        return None;
    }
    let mut scope = Scope {
        frames: Vec::new(),
        groups: Vec::new(),
        outer: c.env.clone(),
        depth: 0,
        tail: false,
        call: None,
    };
    arity_body(&mut scope, c.name.as_ref(), arity).map(Arc::new)
}

/// An arity's body in `scope` plus its frame, as [`crate::eval::arity_env`] binds it: the
/// name (if any), then the parameters and the rest parameter. Destructuring parameters are
/// bound in that frame under a name no code can write, and destructured in order by a `let`
/// around the body, as the interpreter destructures them; `None` for a pattern it rejects.
fn arity_body(scope: &mut Scope, name: Option<&Arc<str>>, arity: &Arity) -> Option<Code> {
    let plain = arity.is_plain();
    let params = arity.params.iter().chain(&arity.rest);
    let names: Vec<Arc<str>> = name
        .into_iter()
        .cloned()
        .chain(params.clone().map(|p| match p {
            Value::Symbol(s) if plain => s.clone(),
            _ => crate::eval::hidden_param(),
        }))
        .collect();
    let first = names.len() - params.clone().count();
    let opened = scope.push(names);
    let code = if plain {
        // The body's tail `let`s bind into the call frame (when there is one: a function of
        // no parameter and no name runs in its closure's environment).
        let outer_call = std::mem::replace(
            &mut scope.call,
            opened.then(|| CallScope {
                frame: scope.frames.len() - 1,
                base: scope.frames.last().map_or(0, Vec::len),
                named: name.is_some(),
                lets: Vec::new(),
            }),
        );
        let code = tail_body(scope, &arity.body, true);
        let call = std::mem::replace(&mut scope.call, outer_call);
        if let Some(c) = call.filter(|c| !c.lets.is_empty()) {
            let _ = arity.let_names.set(c.lets.into());
        }
        Some(code)
    } else {
        let mut pairs = Vec::new();
        let mut pushed = 0;
        for (i, p) in params.enumerate() {
            let slot = Code::Local(pushed as u32, (first + i) as u32);
            let Some((pat, names)) = pattern(p) else {
                break;
            };
            pairs.push((pat, slot));
            pushed += scope.push_each(names);
        }
        let done = pairs.len() == arity.params.len() + usize::from(arity.rest.is_some());
        let code = done.then(|| {
            Code::Form(Box::new(Form::new(
                None,
                Op::Let(pairs, all(scope, &arity.body)),
            )))
        });
        scope.frames.truncate(scope.frames.len() - pushed);
        code
    };
    scope.pop(opened);
    code
}

/// Forms in order as one code (`nil` for none).
pub(crate) fn body(scope: &mut Scope, forms: &[Value]) -> Code {
    tail_body(scope, forms, false)
}

/// [`body`], the last form in a tail position if `tail` is.
fn tail_body(scope: &mut Scope, forms: &[Value], tail: bool) -> Code {
    match forms {
        [] => Code::Const(Value::Nil),
        [f] => compile_tail(f, scope, tail),
        fs => Code::Form(Box::new(Form::new(None, Op::Do(tail_all(scope, fs, tail))))),
    }
}

/// [`all`], the last form in a tail position if `tail` is.
fn tail_all(scope: &mut Scope, forms: &[Value], tail: bool) -> Vec<Code> {
    let mut out = Vec::with_capacity(forms.len());
    for (i, f) in forms.iter().enumerate() {
        out.push(compile_tail(f, scope, tail && i + 1 == forms.len()));
    }
    out
}

/// [`compile`] of a form in a tail position if `tail` is.
fn compile_tail(form: &Value, scope: &mut Scope, tail: bool) -> Code {
    scope.tail = tail;
    compile(form, scope)
}

/// Each form compiled.
pub(crate) fn all(scope: &mut Scope, forms: &[Value]) -> Vec<Code> {
    forms.iter().map(|f| compile(f, scope)).collect()
}

/// Compiles a form in `scope`.
pub(crate) fn compile(form: &Value, scope: &mut Scope) -> Code {
    let tail = std::mem::take(&mut scope.tail);
    match form {
        Value::Symbol(s) => match scope.lookup(s) {
            Some((h, i)) if scope.is_group(h) => group_fn(h, i),
            Some((h, i)) => Code::Local(h, i),
            None => Code::Global(Global::new(s.clone())),
        },
        Value::List(_) | Value::Vector(_) if scope.depth >= MAX_COMPILE_DEPTH => {
            Code::Interp(form.clone())
        }
        Value::List(_) => nested_compile(scope, |scope| list(form, scope, tail)),
        Value::Vector(items) if matches!(crate::value::meta::meta_of(form), Value::Nil) => {
            nested_compile(scope, |scope| {
                let items = all(scope, items);
                // A vector of constants is its own value, made once (as Clojure's literal).
                if items.iter().all(|c| matches!(c, Code::Const(_))) {
                    return Code::Const(form.clone());
                }
                Code::Vector(items)
            })
        }
        Value::Map(m) if matches!(crate::value::meta::meta_of(form), Value::Nil) => {
            nested_compile(scope, |scope| {
                let pairs = m
                    .iter()
                    .map(|(k, v)| (compile(k, scope), compile(v, scope)))
                    .collect();
                literal(Literal::Map(pairs), form)
            })
        }
        Value::Set(s) if matches!(crate::value::meta::meta_of(form), Value::Nil) => {
            nested_compile(scope, |scope| literal(Literal::Set(all(scope, s)), form))
        }
        Value::Vector(_) | Value::Map(_) | Value::Set(_) => Code::Interp(form.clone()),
        other => Code::Const(other.clone()),
    }
}

/// A map or set literal's code: its value, made once, when every key and value is a constant
/// (as Clojure's literal), else the code that makes it each time. A literal of constants
/// that cannot be made (a key twice) is left to the interpreter, which reports it.
fn literal(lit: Literal, form: &Value) -> Code {
    let constant = match &lit {
        Literal::Map(pairs) => pairs.iter().all(|(k, v)| is_const(k) && is_const(v)),
        Literal::Set(items) => items.iter().all(is_const),
    };
    if constant {
        return match lit.run(&None) {
            Ok(v) => Code::Const(v),
            Err(_) => Code::Interp(form.clone()),
        };
    }
    Code::Form(Box::new(Form::new(None, Op::Ext(Box::new(lit)))))
}

fn is_const(c: &Code) -> bool {
    matches!(c, Code::Const(_))
}

/// A map literal's keys and values, or a set literal's items, compiled: made in order, as the
/// interpreter makes them (a key or an item twice is an error).
enum Literal {
    Map(Vec<(Code, Code)>),
    Set(Vec<Code>),
}

impl Compiled for Literal {
    /// Nothing of its own: its keys and values note their effects.
    fn pure(&self) -> bool {
        true
    }

    fn run(&self, env: &Env) -> crate::value::error::Result<Value> {
        use crate::value::items::Items;
        Ok(match self {
            Literal::Map(pairs) => {
                let mut out = Vec::with_capacity(pairs.len());
                for (k, v) in pairs {
                    let (k, v) = (k.run(env)?, v.run(env)?);
                    crate::value::coll::try_map_insert(&mut out, k, v)?;
                }
                Value::Map(Items::arc(out))
            }
            Literal::Set(items) => {
                let mut out = Vec::with_capacity(items.len());
                for x in items {
                    crate::value::coll::set_insert(&mut out, x.run(env)?)?;
                }
                Value::Set(Items::arc(out))
            }
        })
    }
}

/// `f` one level deeper in the form, with room made on the heap when the stack runs low.
fn nested_compile(scope: &mut Scope, f: impl FnOnce(&mut Scope) -> Code) -> Code {
    scope.depth += 1;
    let code = kanren::stack::maybe_grow(64 * 1024, 4 * 1024 * 1024, || f(scope));
    scope.depth -= 1;
    code
}

fn list(form: &Value, scope: &mut Scope, tail: bool) -> Code {
    let Ok(items) = form.to_vec() else {
        return Code::Interp(form.clone());
    };
    let (head, args) = items.split_first().expect("a list form has a head");
    let op = match head {
        Value::Symbol(s) if !scope.is_local(s) => {
            match crate::eval::ns::resolve_value(s, &scope.outer) {
                Some(Value::Special(name)) => special(&name, args, scope, tail),
                Some(Value::Macro(m)) => match crate::eval::call_closure(&m, args.to_vec())
                    .and_then(|x| crate::eval::form::proper(&x))
                {
                    Ok(expansion) => Some(Op::Do(vec![compile_tail(&expansion, scope, tail)])),
                    Err(_) => None,
                },
                // A member form, `(.method x)`: the interpreter's hook runs it.
                None if s.len() > 1 && s.starts_with('.') => None,
                _ => Some(Op::Call(
                    Code::Global(Global::new(s.clone())),
                    all(scope, args),
                    form.clone(),
                )),
            }
        }
        _ => Some(Op::Call(
            compile(head, scope),
            all(scope, args),
            form.clone(),
        )),
    };
    match op {
        Some(op) => Code::Form(Box::new(Form::new(crate::value::pos::pos_of(form), op))),
        None => Code::Interp(form.clone()),
    }
}

/// A `let` in a tail position of a function's body compiled to bind its names into the
/// call frame ([`Op::LetIn`]): when every pattern is a name, the call frame is the
/// innermost, the frame holds every name a tail `let` took so far (none of another branch
/// has taken the slots after them), and its slots stay within those a frame holds inline.
/// `None` otherwise, nothing compiled.
fn let_in(scope: &mut Scope, bs: &[Value], body: &[Value]) -> Option<Op> {
    let call = scope.call.as_ref()?;
    let names = bs
        .chunks(2)
        .map(|p| match p {
            [Value::Symbol(n), _] => Some(n.clone()),
            _ => None,
        })
        .collect::<Option<Vec<_>>>()?;
    let (frame, first) = (call.frame, scope.frames.last()?.len());
    let fits = !names.is_empty()
        && scope.frames.len() == frame + 1
        && first == call.base + call.lets.len()
        && first - usize::from(call.named) + names.len() <= crate::eval::Args::new().inline_size();
    if !fits {
        return None;
    }
    let mut pairs = Vec::with_capacity(names.len());
    for (n, p) in names.into_iter().zip(bs.chunks(2)) {
        let code = compile(&p[1], scope);
        scope.frames[frame].push(n.clone());
        scope.call.as_mut()?.lets.push(n.clone());
        pairs.push((n, code));
    }
    let code = tail_all(scope, body, true);
    scope.frames[frame].truncate(first);
    Some(Op::LetIn(first, pairs, code))
}

/// The special form `name` compiled, or `None` to leave it to the interpreter.
fn special(name: &str, a: &[Value], scope: &mut Scope, tail: bool) -> Option<Op> {
    if let Some((prefix, n)) = name.split_once(':') {
        if let Some(f) = compiler(prefix) {
            let mark = scope.frames.len();
            let out = f(n, a, scope).map(Op::Ext);
            scope.frames.truncate(mark);
            return out;
        }
    }
    let nil = || Code::Const(Value::Nil);
    Some(match (name, a) {
        ("quote", [q]) => Op::Do(vec![Code::Const(q.clone())]),
        ("do", _) => Op::Do(tail_all(scope, a, tail)),
        ("if", [c, t]) => Op::If(compile(c, scope), compile_tail(t, scope, tail), nil()),
        ("if", [c, t, e]) => {
            let c = compile(c, scope);
            Op::If(
                c,
                compile_tail(t, scope, tail),
                compile_tail(e, scope, tail),
            )
        }
        ("if-not", [c, t]) => Op::If(compile(c, scope), nil(), compile_tail(t, scope, tail)),
        ("if-not", [c, t, e]) => {
            let c = compile(c, scope);
            let (e, t) = (compile_tail(e, scope, tail), compile_tail(t, scope, tail));
            Op::If(c, e, t)
        }
        ("when", [c, b @ ..]) => Op::If(compile(c, scope), tail_body(scope, b, tail), nil()),
        ("when-not", [c, b @ ..]) => Op::If(compile(c, scope), nil(), tail_body(scope, b, tail)),
        ("and", _) => Op::And(all(scope, a)),
        ("or", _) => Op::Or(all(scope, a)),
        ("cond", _) if a.len().is_multiple_of(2) => Op::Cond(
            a.chunks(2)
                .map(|p| (compile(&p[0], scope), compile_tail(&p[1], scope, tail)))
                .collect(),
        ),
        ("recur", _) => Op::Recur(all(scope, a)),
        ("for", _) => Op::Ext(comprehension::for_form(a, scope)?),
        ("doseq", _) => Op::Ext(comprehension::doseq_form(a, scope)?),
        ("dotimes", _) => Op::Ext(comprehension::dotimes_form(a, scope)?),
        ("->" | "->>", [x, steps @ ..]) => {
            let form = crate::eval::special::thread::threaded(x, steps, name == "->>").ok()?;
            Op::Do(vec![compile_tail(&form, scope, tail)])
        }
        ("let" | "let*", [Value::Vector(bs), b @ ..]) => {
            if tail {
                if let Some(op) = let_in(scope, bs, b) {
                    return Some(op);
                }
            }
            let (pairs, pushed) = bindings(scope, bs)?;
            let code = all(scope, b);
            scope.frames.truncate(scope.frames.len() - pushed);
            Op::Let(pairs, code)
        }
        ("loop" | "loop*", [Value::Vector(bs), b @ ..]) => {
            let (pairs, pushed) = bindings(scope, bs)?;
            let code = all(scope, b);
            scope.frames.truncate(scope.frames.len() - pushed);
            Op::Loop(pairs, code)
        }
        ("def", [Value::Symbol(n), .., init]) if a.len() <= 3 => Op::Ext(Box::new(Def {
            name: n.clone(),
            forms: a.to_vec(),
            init: compile(init, scope),
        })),
        ("letfn", [Value::Vector(specs), b @ ..]) => Op::Ext(Box::new(letfn(specs, b, scope)?)),
        ("case", [x, clauses @ ..]) => Op::Ext(Box::new(case(x, clauses, scope)?)),
        ("some->" | "some->>" | "cond->" | "cond->>" | "as->", [x, rest @ ..]) => {
            let (bs, body) = threading_let(name, x, rest)?;
            let (pairs, pushed) = bindings(scope, &bs)?;
            let code = vec![compile(&body, scope)];
            scope.frames.truncate(scope.frames.len() - pushed);
            Op::Let(pairs, code)
        }
        (
            "if-let" | "if-some" | "when-let" | "when-some" | "when-first",
            [Value::Vector(b), body @ ..],
        ) => Op::Ext(Box::new(bind_if(name, b, body, scope)?)),
        ("fn" | "fn*", _) => {
            let (n, spec) = match a.first() {
                Some(Value::Symbol(s)) => (Some(s.clone()), &a[1..]),
                _ => (None, a),
            };
            Op::Fn(n.clone(), arities(scope, n, spec)?)
        }
        ("defn" | "defn-" | "defmacro", _) => {
            let (n, rest) = crate::eval::special::defn_parts(a, name).ok()?;
            let attrs = a[1..a.len() - rest.len()]
                .iter()
                .map(|f| compile(f, scope))
                .collect();
            Op::Ext(Box::new(DefFn {
                form: name.into(),
                arities: arities(scope, Some(n), rest)?,
                forms: a.to_vec(),
                attrs,
            }))
        }
        _ => return None,
    })
}

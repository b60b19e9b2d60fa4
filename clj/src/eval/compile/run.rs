//! Running compiled code ([`Code`]): each list form counts one level of nesting, grows the
//! stack when it runs low, checks for Ctrl-C and gives its errors its position, as `eval`
//! does. A call of up to three arguments to a built-in that reads its arguments in place
//! ([`Native::slice`](crate::value::Native::slice): arithmetic, `==`, `unify`, the ones a
//! relation's body calls most) runs without an argument vector.

use crate::eval::compile::{effect, Code, Global, Op, Pat};
use crate::eval::env::{bind, Env, Frame};
use crate::eval::{apply, call_closure_with, check_interrupt, eval, global, nested, Args, Closure};
use crate::value::error::{Error, Kind, Result};
use crate::value::{counted, counted_unique};
use crate::value::{SliceFn, Value};
use std::sync::Arc;

impl Code {
    /// Runs the code in the environment `env` (the frames of the scopes it was compiled in).
    /// A constant or a local is read in place, without a call.
    #[inline]
    pub fn run(&self, env: &Env) -> Result<Value> {
        match self {
            Code::Const(v) => Ok(v.clone()),
            Code::Local(h, i) => local(env, *h, *i),
            Code::Form(f) if f.atoms => run_atoms(self, f, env),
            _ => self.run_nested(env),
        }
    }

    /// Runs code that is not a constant or a local.
    #[inline(never)]
    fn run_nested(&self, env: &Env) -> Result<Value> {
        match self {
            Code::Const(v) => Ok(v.clone()),
            Code::Local(h, i) => local(env, *h, *i),
            Code::Global(g) => global_at(g, env),
            Code::Vector(items) => Ok(Value::vector(run_all(items, env)?)),
            Code::Form(f) => {
                match &f.op {
                    Op::Call(Code::Global(g), args, form) => {
                        return self.run_global_call(f, g, args, form, env)
                    }
                    Op::Call(Code::Local(h, i), args, _) => {
                        if let Some(out) = call_local(f, (*h, *i), args, env) {
                            return out;
                        }
                    }
                    _ => {}
                }
                check_interrupt()?;
                if crate::eval::on_heap() {
                    return crate::eval::compile::machine::run(self, env);
                }
                nested(|| f.op.run(env)).map_err(|e| e.with_pos(f.pos))
            }
            Code::Interp(form) => {
                effect();
                eval(form, env)
            }
        }
    }
}

impl Code {
    /// The form `f`, a call of the global `g`: its callee resolved once, a built-in that reads
    /// its arguments in place ([`Native::slice`](crate::value::Native::slice)) run at once
    /// when the form's arguments allow it ([`Form::leaf`](crate::value::func::Form): whatever
    /// Clojure code the built-in calls counts its own levels), anything else in a level of
    /// nesting.
    #[inline]
    fn run_global_call(
        &self,
        f: &crate::value::func::Form,
        g: &Global,
        args: &[Code],
        form: &Value,
        env: &Env,
    ) -> Result<Value> {
        if let Some(n) = g.resolve_shared() {
            if let Some(out) = run_shared(f, n, args, env) {
                return out;
            }
        }
        self.run_unshared(f, (g, args, form), env)
    }

    /// [`Code::run_global_call`] once its site (`g`, in the form `f` with `args`, written
    /// `form`) was found to hold no shared built-in it can call by reference: the callee
    /// resolved (a count taken on it) and called.
    #[inline]
    fn run_unshared(
        &self,
        f: &crate::value::func::Form,
        (g, args, form): (&Global, &[Code], &Value),
        env: &Env,
    ) -> Result<Value> {
        let callee = callee(g, env);
        // A compiled function, the usual callee that is not a shared built-in: its frame
        // made and its body run from here.
        if let Some(Value::Fn(c)) = &callee {
            if let Some(out) = call_closure_here(f, c, args, env) {
                return out;
            }
        }
        if let (Some(cell), Some(Value::Native(n))) = (&f.fold, &callee) {
            if n.pure {
                if let Some((m, v)) = cell.get() {
                    if Arc::ptr_eq(m, n) {
                        return Ok(v.clone());
                    }
                } else {
                    let n = n.clone();
                    let v = self.run_call(f, callee, args, form, env)?;
                    if foldable(&v) {
                        let _ = cell.set((n, v.clone()));
                    }
                    return Ok(v);
                }
            }
        }
        self.run_call(f, callee, args, form, env)
    }

    /// The form `f`, a call of `callee` (what its global resolved to; `None` when the
    /// interpreter must run `form`), run as [`Code::run_global_call`] says, once
    /// [`Code::run_unshared`] has found it is no compiled function's call into its frame.
    #[inline]
    fn run_call(
        &self,
        f: &crate::value::func::Form,
        callee: Option<Value>,
        args: &[Code],
        form: &Value,
        env: &Env,
    ) -> Result<Value> {
        if let Some(Value::Native(n)) = &callee {
            if let Some(out) = run_leaf(f, n, args, env) {
                return out;
            }
        }
        check_interrupt()?;
        if crate::eval::on_heap() {
            return crate::eval::compile::machine::run(self, env);
        }
        nested(|| match callee {
            Some(callee) => call(callee, args, env),
            None => {
                effect();
                eval(form, env)
            }
        })
        .map_err(|e| e.with_pos(f.pos))
    }
}

/// `code`, the form `f`: a call of a global on locals and constants ([`Form::atoms`]
/// (crate::value::func::Form)). A shared built-in that reads its arguments in place is
/// called on them where their frames and the form hold them; anything else runs as
/// [`Code::run_global_call`] runs it.
#[inline(never)]
fn run_atoms(code: &Code, f: &crate::value::func::Form, env: &Env) -> Result<Value> {
    let Op::Call(Code::Global(g), args, form) = &f.op else {
        return code.run_nested(env);
    };
    match g.resolve_shared() {
        Some(n) => run_atoms_of(code, f, n, env),
        None => code.run_unshared(f, (g, args, form), env),
    }
}

/// [`run_atoms`] of the shared built-in `n` its site resolved to (a test of `if` or `cond`
/// that resolved it first).
#[inline(always)]
fn run_atoms_of(
    code: &Code,
    f: &crate::value::func::Form,
    n: &crate::value::Native,
    env: &Env,
) -> Result<Value> {
    let (Some(slice), Op::Call(_, args, _)) = (&n.slice, &f.op) else {
        return code.run_nested(env);
    };
    effect_of(n);
    let out = match args.as_slice() {
        [a] => slice(std::slice::from_ref(atom(a, env)?)),
        [a, b] => slice(as_values(&[copy(atom(a, env)?), copy(atom(b, env)?)])),
        [a, b, c] => slice(as_values(&[
            copy(atom(a, env)?),
            copy(atom(b, env)?),
            copy(atom(c, env)?),
        ])),
        _ => return code.run_nested(env),
    };
    out.map_err(|e| e.with_pos(f.pos))
}

/// The value of an argument of [`run_atoms`] (a local or a constant), where it is held.
#[inline(always)]
fn atom<'a>(c: &'a Code, env: &'a Env) -> Result<&'a Value> {
    match c {
        Code::Local(h, i) => local_ref(env, *h, *i),
        Code::Const(v) => Ok(v),
        _ => Err(missing("argument")),
    }
}

/// Notes the effect of calling the built-in `n`, unless it is pure.
#[inline(always)]
fn effect_of(n: &crate::value::Native) {
    if !n.pure {
        effect();
    }
}

/// The form `f`, a call of the shared built-in `n` ([`Native::shared`](crate::value::Native)),
/// run as [`Code::run_global_call`] runs it but without a reference count taken on `n`; `None`
/// where that needs the built-in as a value (a value kept at the call site, the heap stack).
#[inline]
fn run_shared(
    f: &crate::value::func::Form,
    n: &crate::value::Native,
    args: &[Code],
    env: &Env,
) -> Option<Result<Value>> {
    if let (true, Some(cell)) = (n.pure, &f.fold) {
        return match cell.get() {
            Some((m, v)) if std::ptr::eq(Arc::as_ptr(m), n) => Some(Ok(v.clone())),
            _ => None,
        };
    }
    if let Some(out) = run_leaf(f, n, args, env) {
        return Some(out);
    }
    if let Err(e) = check_interrupt() {
        return Some(Err(e));
    }
    if crate::eval::on_heap() {
        return None;
    }
    effect_of(n);
    Some(nested(|| call_native(n, args, env)).map_err(|e| e.with_pos(f.pos)))
}

/// The form `f`, a call of the built-in `n`, run in place when the form is a leaf and `n`
/// reads its arguments in place ([`Form::leaf`](crate::value::func::Form)); `None` otherwise.
#[inline(always)]
fn run_leaf(
    f: &crate::value::func::Form,
    n: &crate::value::Native,
    args: &[Code],
    env: &Env,
) -> Option<Result<Value>> {
    let code = n.slice.as_ref().filter(|_| f.leaf)?;
    effect_of(n);
    if let [coll, Code::Vector(keys)] = args {
        if let Some(out) = path_call(n, coll, keys, env) {
            return Some(out.map_err(|e| e.with_pos(f.pos)));
        }
    }
    in_place(code, args, env).map(|out| out.map_err(|e| e.with_pos(f.pos)))
}

/// Reads a collection along a path of keys, each where it is held: what a built-in
/// registered with [`register_path`] computes of the collection and a vector of the keys.
pub(crate) type PathFn = fn(&Value, &[&Value]) -> Result<Value>;

/// The built-in that reads a collection along a vector of keys (the library's `get-in`), by
/// address, and how it reads them in place.
static PATH: std::sync::OnceLock<(usize, PathFn)> = std::sync::OnceLock::new();

/// Registers `n` as the built-in whose call on a collection and a vector literal of locals
/// and constants (`(get-in m [i j])`) runs as `f` on the keys where they are held, no
/// vector made.
pub(crate) fn register_path(n: &crate::value::Native, f: PathFn) {
    let _ = PATH.set((std::ptr::from_ref(n) as usize, f));
}

/// The call of `n` on `coll` and the vector literal `keys`, when `n` is the built-in
/// [`register_path`] registered and each key is a local or a constant; `None` otherwise.
#[inline]
fn path_call(
    n: &crate::value::Native,
    coll: &Code,
    keys: &[Code],
    env: &Env,
) -> Option<Result<Value>> {
    const MAX_KEYS: usize = 4;
    let &(at, read) = PATH.get()?;
    if at != std::ptr::from_ref(n) as usize || keys.len() > MAX_KEYS {
        return None;
    }
    let mut held: [&Value; MAX_KEYS] = [&Value::Nil; MAX_KEYS];
    for (slot, k) in held.iter_mut().zip(keys) {
        *slot = match k {
            Code::Local(h, i) => match local_ref(env, *h, *i) {
                Ok(v) => v,
                Err(e) => return Some(Err(e)),
            },
            Code::Const(v) => v,
            _ => return None,
        };
    }
    Some(Arg::of(coll, env).and_then(|c| read(&c.get(), &held[..keys.len()])))
}

/// The built-in `n` called on the values of `args`: in place when it reads them so.
#[inline]
fn call_native(n: &crate::value::Native, args: &[Code], env: &Env) -> Result<Value> {
    match n.slice.as_ref().and_then(|code| in_place(code, args, env)) {
        Some(out) => out,
        None => (n.f)(run_all(args, env)?),
    }
}

/// Whether a pure built-in's value on constants is kept at its call ([`Form::fold`]
/// (crate::value::func::Form)): a scalar or a finite domain, never a collection or a seq (a
/// lazy seq kept would hold whatever of it was realised).
fn foldable(v: &Value) -> bool {
    matches!(
        v,
        Value::Nil
            | Value::Bool(_)
            | Value::Int(_)
            | Value::Float(_)
            | Value::Ratio(..)
            | Value::Char(_)
            | Value::Str(_)
            | Value::Keyword(_)
            | Value::Domain(_)
    )
}

/// Sites numbered beyond this resolve their name at each run (a program that compiles code
/// without end keeps no table without end).
const MAX_SITES: u32 = 1 << 20;

/// What a global site resolved to on this thread ([`Global`]): the generation of the
/// definitions it was resolved at, the value, and the value's address when it is a shared
/// built-in (null otherwise), which a call of one reads without looking at the value.
struct Site {
    gen: u64,
    shared: *const crate::value::Native,
    value: Option<Value>,
}

impl Site {
    const UNSET: Site = Site {
        gen: u64::MAX,
        shared: std::ptr::null(),
        value: None,
    };
}

thread_local! {
    /// What each global site resolved to on this thread (see [`Global`]). Read and written
    /// only through [`sites`], by code that runs no other code meanwhile.
    static SITES: std::cell::UnsafeCell<Vec<Site>> = const { std::cell::UnsafeCell::new(Vec::new()) };
}

/// `f` of this thread's table of sites.
#[inline(always)]
fn sites<T>(f: impl FnOnce(&mut Vec<Site>) -> T) -> T {
    // SAFETY: the table is this thread's, and no caller of `sites` runs code that could reach
    // `sites` again while `f` holds the table: `f` reads an entry, clones a value, or writes
    // an entry whose old value is dropped by the caller after `f` returns.
    SITES.with(|s| f(unsafe { &mut *s.get() }))
}

impl Global {
    pub(crate) fn new(sym: Arc<str>) -> Global {
        static NEXT: std::sync::atomic::AtomicU32 = std::sync::atomic::AtomicU32::new(0);
        let site = NEXT
            .fetch_update(
                std::sync::atomic::Ordering::Relaxed,
                std::sync::atomic::Ordering::Relaxed,
                |n| Some(n.saturating_add(1).min(MAX_SITES)),
            )
            .unwrap_or(MAX_SITES);
        Global { sym, site }
    }

    /// The built-in this site last resolved to at the current generation, when it is a shared
    /// one ([`Native::shared`](crate::value::Native)): read in place, no reference count
    /// taken. `None` for anything else, or when the site must be resolved again.
    #[inline]
    pub(crate) fn resolve_shared(&self) -> Option<&'static crate::value::Native> {
        let gen = crate::eval::ns::generation();
        let p = sites(|s| match s.get(self.site as usize) {
            Some(e) if e.gen == gen => e.shared,
            _ => std::ptr::null(),
        });
        // SAFETY: a shared built-in is held by the process-wide table of
        // `library::core::shared` from when it is made, and that table never lets one go.
        unsafe { p.as_ref() }
    }

    /// What the name resolves to in `env` (as [`resolve_value`](crate::eval::ns::resolve_value)),
    /// kept for this site while this thread's definitions are unchanged.
    #[inline]
    pub(crate) fn resolve(&self, env: &Env) -> Option<Value> {
        let gen = crate::eval::ns::generation();
        let i = self.site as usize;
        let hit = sites(|s| match s.get(i) {
            Some(e) if e.gen == gen => Some(e.value.clone()),
            _ => None,
        });
        if let Some(v) = hit {
            return v;
        }
        let v = crate::eval::ns::resolve_value(&self.sym, env);
        if self.site < MAX_SITES {
            let shared = match &v {
                Some(Value::Native(n)) if n.shared => Arc::as_ptr(n),
                _ => std::ptr::null(),
            };
            let entry = Site {
                gen,
                shared,
                value: v.clone(),
            };
            // The entry replaced is dropped here, after the table is let go.
            drop(sites(|s| {
                if s.len() <= i {
                    s.resize_with(i + 1, || Site::UNSET);
                }
                std::mem::replace(&mut s[i], entry)
            }));
        }
        v
    }
}

/// The value of the global `g` (as [`global`]).
#[inline]
pub(crate) fn global_at(g: &Global, env: &Env) -> Result<Value> {
    match g.resolve(env) {
        Some(Value::Special(_)) | None => global(&g.sym, env),
        Some(v) => Ok(v),
    }
}

/// A built-in's in-place code run on up to three arguments, each run where it is written, or
/// `None` for more (the call then collects them). A local argument is read where its frame
/// holds it: no reference count taken and given back.
#[inline]
fn in_place(code: &SliceFn, args: &[Code], env: &Env) -> Option<Result<Value>> {
    Some(match args {
        [] => code(&[]),
        [a] => (|| code(as_values(&[Arg::of(a, env)?.get()])))(),
        [a, b] => (|| {
            let (a, b) = (Arg::of(a, env)?, Arg::of(b, env)?);
            code(as_values(&[a.get(), b.get()]))
        })(),
        [a, b, c] => (|| {
            let (a, b, c) = (Arg::of(a, env)?, Arg::of(b, env)?, Arg::of(c, env)?);
            code(as_values(&[a.get(), b.get(), c.get()]))
        })(),
        _ => return None,
    })
}

/// A call of a function whose compiled body `code` is one call of a built-in that reads its
/// arguments in place, each a parameter, a constant or a call on constants whose value is
/// kept (`#(> % 1)`, `(fn [x] (* x x))`, `#(fd/in % (fd/domain 1 2 3))`): the built-in called
/// on `args` (the parameters' values, after `named` slots for the function's own name) where
/// they are, as [`run_leaf`] calls it in the function's frame, but with no frame made. `None`
/// for any other body, which runs in its frame.
#[inline(never)]
pub(crate) fn leaf_call(code: &Code, args: &[Value], named: usize) -> Option<Result<Value>> {
    let Code::Form(f) = code else {
        return None;
    };
    let Op::Call(Code::Global(g), operands, _) = &f.op else {
        return None;
    };
    if !f.frameless {
        return None;
    }
    let n = g.resolve_shared()?;
    let code = n.slice.as_ref()?;
    let read = |c: &Code| match c {
        Code::Const(v) => Some(copy(v)),
        Code::Local(0, i) => args.get((*i as usize).checked_sub(named)?).map(copy),
        // A call on constants whose value is kept, while its name still resolves to the
        // built-in that gave it.
        Code::Form(inner) => {
            let (m, v) = inner.fold.as_deref()?.get()?;
            let Op::Call(Code::Global(g), ..) = &inner.op else {
                return None;
            };
            std::ptr::eq(g.resolve_shared()?, Arc::as_ptr(m)).then(|| copy(v))
        }
        _ => None,
    };
    let out = match operands.as_slice() {
        [a] => {
            let a = [read(a)?];
            effect_of(n);
            code(as_values(&a))
        }
        [a, b] => {
            let a = [read(a)?, read(b)?];
            effect_of(n);
            code(as_values(&a))
        }
        [a, b, c] => {
            let a = [read(a)?, read(b)?, read(c)?];
            effect_of(n);
            code(as_values(&a))
        }
        _ => return None,
    };
    Some(out.map_err(|e| e.with_pos(f.pos)))
}

/// Whether `code` may be a body [`leaf_call`] runs ([`Form::frameless`](crate::value::func::Form)):
/// any other body runs in its call's frame.
#[inline(always)]
pub(crate) fn leaf_body(code: &Code) -> bool {
    matches!(code, Code::Form(f) if f.frameless)
}

/// The compiled body of `c`'s fixed arity of `n` parameters when it is one [`leaf_call`]
/// runs without a frame ([`leaf_body`]); `None` for any other (no such arity, not yet
/// compiled, another body).
#[inline]
pub(crate) fn frameless_body(c: &Closure, n: usize) -> Option<&Code> {
    let arity = c
        .arities
        .iter()
        .find(|a| a.rest.is_none() && a.params.len() == n)?;
    let code: &Code = arity.code.get()?.as_ref()?;
    leaf_body(code).then_some(code)
}

/// A copy of `v` that shares what it holds without counting it, for a call that reads it
/// while `v` lives (an argument where its frame or its caller holds it).
#[inline(always)]
fn copy(v: &Value) -> std::mem::ManuallyDrop<Value> {
    // SAFETY: `v` outlives the copy, whose bits are read, not moved out, and never dropped.
    std::mem::ManuallyDrop::new(unsafe { std::ptr::read(v) })
}

/// The values of [`Arg::get`]'s copies, as a slice.
#[inline(always)]
fn as_values<const N: usize>(a: &[std::mem::ManuallyDrop<Value>; N]) -> &[Value] {
    // SAFETY: `ManuallyDrop<Value>` is `repr(transparent)` over `Value`.
    unsafe { &*(a as *const [std::mem::ManuallyDrop<Value>; N] as *const [Value; N]) }
}

/// An argument of an in-place call: a local's value borrowed from its frame, or a value made.
enum Arg<'a> {
    Local(&'a Value),
    Made(Value),
}

impl<'a> Arg<'a> {
    #[inline(always)]
    fn of(c: &Code, env: &'a Env) -> Result<Arg<'a>> {
        Ok(match c {
            Code::Local(h, i) => Arg::Local(local_ref(env, *h, *i)?),
            c => Arg::Made(c.run(env)?),
        })
    }

    /// The value, as a copy that shares what the original holds without counting it: the
    /// original outlives it (a frame of `env`, which no code run during the call can change,
    /// or `self`), and the copy is never dropped ([`std::mem::ManuallyDrop`]).
    #[inline(always)]
    fn get(&self) -> std::mem::ManuallyDrop<Value> {
        copy(match self {
            Arg::Local(v) => v,
            Arg::Made(v) => v,
        })
    }
}

/// The function a compiled call of the global `g` calls, or `None` when the interpreter must
/// run the form: a name defined as a macro after the body was compiled, Java interop, or an
/// error.
#[inline]
pub(crate) fn callee(g: &Global, env: &Env) -> Option<Value> {
    match g.resolve(env) {
        Some(Value::Special(_) | Value::Macro(_)) | None => None,
        Some(v) => Some(v),
    }
}

/// The frame `h` (from the innermost) of `env`, with the rest of the environment after it.
#[inline(always)]
pub(crate) fn frame_at(env: &Env, h: u32) -> Result<&Env> {
    let mut cur = env;
    for _ in 0..h {
        cur = match cur.as_deref() {
            Some(
                f @ (Frame::One(..)
                | Frame::Many(..)
                | Frame::Slots(..)
                | Frame::Call(..)
                | Frame::Group(..)),
            ) => f.next(),
            _ => return Err(missing("frame")),
        };
    }
    Ok(cur)
}

/// The value in slot `i` of frame `h` (from the innermost).
#[inline(always)]
pub(crate) fn local(env: &Env, h: u32, i: u32) -> Result<Value> {
    local_ref(env, h, i).cloned()
}

/// [`local`], read where its frame holds it.
#[inline(always)]
fn local_ref(env: &Env, h: u32, i: u32) -> Result<&Value> {
    let i = i as usize;
    match frame_at(env, h)?.as_deref() {
        Some(Frame::Call(f, a, vs)) => {
            Frame::call_slot_ref(f, *a, vs, i).ok_or_else(|| missing("slot"))
        }
        Some(Frame::Slots(_, vs, _)) if i < vs.len() => Ok(&vs[i]),
        Some(Frame::One(_, v, _)) if i == 0 => Ok(v),
        Some(Frame::Many(bs, _)) if i < bs.len() => Ok(&bs[i].1),
        _ => Err(missing("slot")),
    }
}

#[cold]
#[inline(never)]
fn missing(what: &str) -> Error {
    Error::msg(format!(
        "internal error: a compiled local's {what} is missing"
    ))
}

/// `env` with `p` bound to `v`: a name in one frame, a pattern as `destructure` binds it.
#[inline]
pub(crate) fn bind_pat(env: &Env, p: &Pat, v: Value) -> Result<Env> {
    match p {
        Pat::Name(n) => Ok(bind(env, n.clone(), v)),
        Pat::Destructure(pat) => crate::eval::destructure::destructure(pat, v, env),
    }
}

/// `env` with each pattern of `pairs` bound in turn to its code's value, run where the
/// patterns before it are bound (a `let`'s bindings, a `:let` modifier's).
pub(crate) fn bind_pairs(env: &Env, pairs: &[(Pat, Code)]) -> Result<Env> {
    let Some(((p, c), rest)) = pairs.split_first() else {
        return Ok(env.clone());
    };
    let v = c.run(env)?;
    let mut e = bind_pat(env, p, v)?;
    for (p, c) in rest {
        let v = c.run(&e)?;
        e = match p {
            // The frame takes `e` itself: no count taken and given back.
            Pat::Name(n) => Some(counted(|| Frame::One(n.clone(), v, e))),
            p => bind_pat(&e, p, v)?,
        };
    }
    Ok(e)
}

/// Forms in order, giving the last value (`nil` for none).
pub(crate) fn run_body(codes: &[Code], env: &Env) -> Result<Value> {
    let mut last = Value::Nil;
    for c in codes {
        last = c.run(env)?;
    }
    Ok(last)
}

fn run_all(codes: &[Code], env: &Env) -> Result<Vec<Value>> {
    // Sized once: collecting through `Result` would grow the vector from four.
    let mut values = Vec::with_capacity(codes.len());
    for c in codes {
        values.push(c.run(env)?);
    }
    Ok(values)
}

/// Binds `vals` again in the innermost frames of `e`, one frame per value, the last value
/// innermost, in place: `false` (and nothing changed) when `e` does not hold that many
/// one-binding frames or something else holds one of them.
fn rebind(e: &mut Env, vals: &mut Vec<Value>) -> bool {
    let mut cur = &*e;
    for _ in 0..vals.len() {
        match cur {
            Some(f) if f.is_unique() => match &**f {
                Frame::One(_, _, next) => cur = next,
                _ => return false,
            },
            _ => return false,
        }
    }
    let mut cur = e;
    for v in vals.drain(..).rev() {
        let Some(Frame::One(_, slot, next)) = cur.as_mut().and_then(triomphe::Arc::get_mut) else {
            unreachable!("each frame was just found to be one binding held by nothing else")
        };
        *slot = v;
        cur = next;
    }
    true
}

/// What code in a tail position gives: its value, or the values of the `recur` it reached,
/// for the `loop` or the call around it to bind again.
pub(crate) enum Tail {
    Value(Value),
    Recur(Vec<Value>),
}

/// A built-in of the library that compiled code recognises by its address, registered once
/// by the library when it makes it: a call of it is run in a way of its own.
pub(crate) struct Known(std::sync::OnceLock<usize>);

impl Known {
    const fn new() -> Known {
        Known(std::sync::OnceLock::new())
    }

    /// Registers `n` as this built-in.
    pub(crate) fn register(&self, n: &crate::value::Native) {
        let _ = self.0.set(std::ptr::from_ref(n) as usize);
    }

    /// Whether `n` is the built-in registered.
    #[inline]
    fn is(&self, n: &crate::value::Native) -> bool {
        self.0.get() == Some(&(std::ptr::from_ref(n) as usize))
    }
}

/// The library's `seq`: a test of `(seq x)` ([`Code::truthy`]) is answered by whether `x` is
/// empty ([`is_empty`](crate::value::coll::is_empty)), no seq made.
pub(crate) static SEQ: Known = Known::new();

/// The library's `not`: a test of `(not x)` ([`Code::truthy`]) is answered by `x`'s test,
/// negated, no boolean made and no call.
pub(crate) static NOT: Known = Known::new();

/// The library's `range`: a binding of a compiled `for` over `(range ...)` of integers reads
/// them where they are made ([`source_of`]), no lazy seq made for it.
pub(crate) static RANGE: Known = Known::new();

/// What a binding of a compiled `for` walks: the value of `code` as a source, or, when
/// `code` is a call of the library's `range` ([`RANGE`]) on integers, their steps
/// read as they are needed (the same integers, in the same chunks, as the range's seq).
pub(crate) fn source_of(code: &Code, env: &Env) -> Result<crate::value::coll::Source> {
    use crate::value::coll::{Source, Steps};
    if let Code::Form(f) = code {
        if let Op::Call(Code::Global(g), args, _) = &f.op {
            let range = g.resolve_shared().filter(|n| RANGE.is(n));
            if let (Some(n), 1..=3) = (range, args.len()) {
                let mut vals = [Value::Nil, Value::Nil, Value::Nil];
                for (slot, a) in vals.iter_mut().zip(args) {
                    *slot = a.run(env)?;
                }
                let given = &vals[..args.len()];
                // `range`'s arguments: the end alone, the start and end, or all three.
                let steps = match given {
                    [Value::Int(e)] => Steps::new(0, *e, 1),
                    [Value::Int(a), Value::Int(e)] => Steps::new(*a, *e, 1),
                    [Value::Int(a), Value::Int(e), Value::Int(s)] => Steps::new(*a, *e, *s),
                    _ => None,
                };
                if let Some(steps) = steps {
                    return Ok(Source::Range(steps));
                }
                // Anything else is the built-in's to make (or to report), on the values.
                let v = match &n.slice {
                    Some(slice) => slice(given),
                    None => (n.f)(given.to_vec()),
                };
                return Ok(Source::of(v.map_err(|e| e.with_pos(f.pos))?));
            }
        }
    }
    Ok(Source::of(code.run(env)?))
}

/// `(seq a)` as a test: whether the value of `a` is not empty (read in place if a local).
#[inline]
fn seq_test(a: &Code, env: &Env) -> Result<bool> {
    Ok(!crate::value::coll::is_empty(&Arg::of(a, env)?.get())?)
}

impl Code {
    /// Whether the code's value is logically true, as a test of `if` or `cond` reads it: a
    /// local read where its frame holds it, the library's `(seq x)` answered by whether
    /// `x` is empty, no seq made (no count taken on it and given back), and its `(not x)` by
    /// `x`'s test; anything else run.
    #[inline]
    pub(crate) fn truthy(&self, env: &Env) -> Result<bool> {
        match self {
            Code::Local(h, i) => return Ok(local_ref(env, *h, *i)?.truthy()),
            Code::Form(f) if f.leaf => {
                if let Op::Call(Code::Global(g), args, _) = &f.op {
                    let n = g.resolve_shared();
                    if let (Some(n), [a]) = (n, args.as_slice()) {
                        if SEQ.is(n) {
                            return seq_test(a, env).map_err(|e| e.with_pos(f.pos));
                        }
                        if NOT.is(n) {
                            return a.truthy(env).map(|t| !t);
                        }
                    }
                    if let (Some(n), true) = (n, f.atoms) {
                        return Ok(run_atoms_of(self, f, n, env)?.truthy());
                    }
                }
            }
            _ => {}
        }
        Ok(self.run(env)?.truthy())
    }

    /// Runs code in a tail position of a `loop`'s or a function's body. A `recur` reached
    /// through `if`, `do`, `let` and `cond` gives its values as [`Tail::Recur`] instead of
    /// unwinding as an error; a `recur` anywhere else (in a form the interpreter runs, or on
    /// the heap stack) still unwinds, and the `loop` or call takes it either way. Each form
    /// counts its level, checks for Ctrl-C and gives its errors its position, as
    /// [`Code::run`] does.
    ///
    /// A `let` that binds into the call frame ([`Op::LetIn`]) writes there when `env` is
    /// the frame's own handle ([`TailEnv`]).
    #[inline]
    pub(crate) fn run_tail<E: TailEnv>(&self, env: E) -> Result<Tail> {
        if let Code::Form(f) = self {
            if matches!(
                f.op,
                Op::If(..) | Op::Do(_) | Op::Let(..) | Op::LetIn(..) | Op::Cond(_) | Op::Recur(_)
            ) {
                check_interrupt()?;
                if !crate::eval::on_heap() {
                    return nested(|| f.op.run_tail(env)).map_err(|e| e.with_pos(f.pos));
                }
            }
        }
        self.run(env.get()).map(Tail::Value)
    }
}

/// The environment code in a tail position runs in ([`Code::run_tail`]): borrowed, or the
/// caller's own handle on it (a call's frame), which a `let` binding into the frame
/// ([`Op::LetIn`]) writes, replacing a frame that something else holds by a copy.
pub(crate) trait TailEnv {
    /// The environment.
    fn get(&self) -> &Env;
    /// The handle, when the caller owns it.
    fn handle(&mut self) -> Option<&mut Env>;
}

impl TailEnv for &Env {
    #[inline(always)]
    fn get(&self) -> &Env {
        self
    }

    #[inline(always)]
    fn handle(&mut self) -> Option<&mut Env> {
        None
    }
}

impl TailEnv for &mut Env {
    #[inline(always)]
    fn get(&self) -> &Env {
        self
    }

    #[inline(always)]
    fn handle(&mut self) -> Option<&mut Env> {
        Some(self)
    }
}

impl Op {
    /// [`Code::run_tail`] of this form's operation.
    fn run_tail<E: TailEnv>(&self, mut env: E) -> Result<Tail> {
        match self {
            Op::If(c, t, e) => {
                if c.truthy(env.get())? {
                    t.run_tail(env)
                } else {
                    e.run_tail(env)
                }
            }
            Op::Do(codes) => body_tail(codes, env),
            Op::Let(pairs, codes) => body_tail(codes, &mut bind_pairs(env.get(), pairs)?),
            Op::LetIn(first, pairs, codes) => match env.handle() {
                Some(frame) => {
                    let_in(frame, *first, pairs)?;
                    body_tail(codes, frame)
                }
                None => {
                    let mut copy = env.get().clone();
                    let_in(&mut copy, *first, pairs)?;
                    body_tail(codes, &mut copy)
                }
            },
            Op::Cond(pairs) => {
                for (t, v) in pairs {
                    if t.truthy(env.get())? {
                        return v.run_tail(env);
                    }
                }
                Ok(Tail::Value(Value::Nil))
            }
            Op::Recur(args) => {
                let mut values = Vec::with_capacity(args.len());
                for a in args {
                    values.push(a.run(env.get())?);
                }
                Ok(Tail::Recur(values))
            }
            op => op.run(env.get()).map(Tail::Value),
        }
    }
}

/// Binds the names of `pairs` (an [`Op::LetIn`]), each to its value in turn, into the call
/// frame `env` starts with, from its name `first` on (the function's own name counts):
/// written in place when nothing else holds the frame, else into a copy that `env` becomes.
/// A value reads the names bound before it where the frame holds them.
pub(crate) fn let_in(env: &mut Env, first: usize, pairs: &[(Arc<str>, Code)]) -> Result<()> {
    for (k, (name, c)) in pairs.iter().enumerate() {
        let v = c.run(env)?;
        bind_in_frame(env, first + k, name, v)?;
    }
    Ok(())
}

/// Binds `v` into the frame `env` starts with as its name `i` (its slots after that
/// dropped): see [`let_in`].
pub(crate) fn bind_in_frame(env: &mut Env, i: usize, name: &Arc<str>, v: Value) -> Result<()> {
    if let Some((a, slots)) = crate::eval::unique_call_frame(env) {
        let at = i - usize::from(a.named());
        debug_assert!(slots.len() >= at, "the frame holds the names before");
        slots.truncate(at);
        slots.push(v);
        return Ok(());
    }
    let copy = match env.as_deref() {
        Some(Frame::Call(f, a, slots)) => {
            let at = i - usize::from(a.named());
            let mut held: crate::value::func::Slots = slots.iter().take(at).cloned().collect();
            held.push(v);
            Frame::Call(f.clone(), *a, held)
        }
        // A function's frame made under names of their own (not its arity's): the names go
        // with the copy, for a lookup by name.
        Some(Frame::Slots(names, slots, next)) => {
            let names = names.iter().take(i).chain([name]).cloned().collect();
            let mut held: crate::value::func::Slots = slots.iter().take(i).cloned().collect();
            held.push(v);
            Frame::Slots(names, held, next.clone())
        }
        _ => return Err(missing("frame")),
    };
    *env = Some(counted(|| copy));
    Ok(())
}

/// Forms in order, the last in a tail position ([`Code::run_tail`]; `nil` for none).
pub(crate) fn body_tail<E: TailEnv>(codes: &[Code], env: E) -> Result<Tail> {
    match codes.split_last() {
        None => Ok(Tail::Value(Value::Nil)),
        Some((last, before)) => {
            for c in before {
                c.run(env.get())?;
            }
            last.run_tail(env)
        }
    }
}

/// The form `f`, a call of the closure `c` whose arity for `args` binds them straight into
/// its call frame ([`framed_arity`]), run in a level of nesting of its own. `None` for any
/// other call, and on the heap stack: [`call_closure_with`] runs those.
#[inline(never)]
fn call_compiled(
    f: &crate::value::func::Form,
    c: &Arc<Closure>,
    args: &[Code],
    env: &Env,
) -> Option<Result<Value>> {
    let (a, code) = framed_arity(c, args.len())?;
    if crate::eval::on_heap() {
        return None;
    }
    if let Err(e) = check_interrupt() {
        return Some(Err(e));
    }
    effect();
    let out = nested(|| run_framed(c, a, code, args, env));
    Some(out.map_err(|e| e.with_pos(f.pos)))
}

/// The form `f`, a call of the local in slot `i` of frame `h` (a function's own name in its
/// body, a `let`'s or a parameter's function), when the local is a compiled closure that
/// [`call_closure_here`] runs: the closure is read where its frame holds it, no count taken
/// on it. `None` for any other callee: [`Op::run`] calls it.
#[inline]
fn call_local(
    f: &crate::value::func::Form,
    (h, i): (u32, u32),
    args: &[Code],
    env: &Env,
) -> Option<Result<Value>> {
    let Ok(Value::Fn(c)) = local_ref(env, h, i) else {
        return None;
    };
    call_closure_here(f, c, args, env)
}

/// The form `f`, a call of the closure `c` on `args`, run from the call site: into its
/// frame ([`call_compiled`]) or without one ([`call_frameless`]); `None` when neither runs it.
#[inline]
fn call_closure_here(
    f: &crate::value::func::Form,
    c: &Arc<Closure>,
    args: &[Code],
    env: &Env,
) -> Option<Result<Value>> {
    call_compiled(f, c, args, env).or_else(|| call_frameless(f, c, args, env))
}

/// The form `f`, a call of the closure `c` whose arity for `args` is a body [`leaf_call`]
/// runs without a frame (`(defn sq [x] (* x x))`): the arguments' values handed to it, in a
/// level of nesting of its own, with no arity chosen again; [`call_closure_with`] runs the
/// call when `leaf_call` declines it. `None` for any other callee, and on the heap stack.
#[inline(never)]
fn call_frameless(
    f: &crate::value::func::Form,
    c: &Arc<Closure>,
    args: &[Code],
    env: &Env,
) -> Option<Result<Value>> {
    let code = frameless_body(c, args.len())?;
    if crate::eval::on_heap() {
        return None;
    }
    if let Err(e) = check_interrupt() {
        return Some(Err(e));
    }
    effect();
    let out = nested(|| {
        let mut values = Args::with_capacity(args.len());
        for a in args {
            values.push(a.run(env)?);
        }
        match leaf_call(code, &values, usize::from(c.name.is_some())) {
            Some(out) => out,
            None => call_closure_with(c, values),
        }
    });
    Some(out.map_err(|e| e.with_pos(f.pos)))
}

/// The arity of `c` for `n` arguments (its index, its compiled body) when a call can run
/// the arguments straight into the arity's call frame ([`Frame::Call`]): a fixed arity,
/// compiled, whose frame names are known, and whose body is not one [`leaf_call`] runs
/// without a frame. `None` for the first call (which compiles the body) and any other.
#[inline]
fn framed_arity(c: &Closure, n: usize) -> Option<(u32, &Arc<Code>)> {
    let (arity, a) = c
        .arities
        .iter()
        .zip(0u32..)
        .find(|(a, _)| a.rest.is_none() && a.params.len() == n)?;
    let code = arity.code.get()?.as_ref()?;
    let names = arity.frame_names.get()?;
    let fits = crate::eval::names_fit(c, arity, names) && !names.is_empty() && !leaf_body(code);
    fits.then_some((a, code))
}

/// The call of `c`'s arity `a` (its body `code`, found by [`framed_arity`]) on the values
/// of `args`: they run into the call frame, the body runs in it, and a `recur` binds the
/// parameters again in place when nothing else holds the frame.
fn run_framed(c: &Arc<Closure>, a: u32, code: &Code, args: &[Code], env: &Env) -> Result<Value> {
    // The arguments run straight into the frame's slots: no vector of them copied in.
    let a = crate::value::func::CallArity::of(c, a);
    let mut made = counted_unique(|| Frame::Call(Value::Fn(c.clone()), a, Args::new()));
    if let Frame::Call(_, _, slots) = &mut *made {
        for x in args {
            slots.push(x.run(env)?);
        }
    }
    let mut frame: Env = Some(made.shareable());
    loop {
        let new = match code.run_tail(&mut frame) {
            Ok(Tail::Value(v)) => return Ok(v),
            Ok(Tail::Recur(new)) => new,
            Err(e) => crate::eval::recur_values(e)?,
        };
        crate::eval::check_recur(args.len(), &new)?;
        check_interrupt()?;
        if let Err(new) = crate::eval::rebind_call(&mut frame, new) {
            frame = Some(counted(|| {
                Frame::Call(Value::Fn(c.clone()), a, Args::from_vec(new))
            }))
        }
    }
}

/// The call of `f` on the values of `args`.
#[inline]
fn call(f: Value, args: &[Code], env: &Env) -> Result<Value> {
    if !matches!(&f, Value::Native(n) if n.pure) {
        effect();
    }
    if let Value::Fn(c) = &f {
        if let Some((a, code)) = framed_arity(c, args.len()) {
            return run_framed(c, a, code, args, env);
        }
        let mut values = Args::with_capacity(args.len());
        for a in args {
            values.push(a.run(env)?);
        }
        return call_closure_with(c, values);
    }
    if let Value::Native(n) = &f {
        return call_native(n, args, env);
    }
    apply(&f, run_all(args, env)?)
}

impl Op {
    pub(crate) fn run(&self, env: &Env) -> Result<Value> {
        match self {
            Op::Call(f, args, form) => {
                let f = match f {
                    Code::Global(s) => match callee(s, env) {
                        Some(v) => v,
                        None => {
                            effect();
                            return eval(form, env);
                        }
                    },
                    f => f.run(env)?,
                };
                call(f, args, env)
            }
            Op::If(c, t, e) => {
                if c.truthy(env)? {
                    t.run(env)
                } else {
                    e.run(env)
                }
            }
            Op::Do(codes) => run_body(codes, env),
            Op::Let(pairs, codes) => run_body(codes, &bind_pairs(env, pairs)?),
            // Not in a tail position (the heap stack's machine ran the form around it): the
            // frame is shared, so the names are bound in a copy of it.
            Op::LetIn(first, pairs, codes) => {
                let mut e = env.clone();
                let_in(&mut e, *first, pairs)?;
                run_body(codes, &e)
            }
            Op::Loop(pairs, codes) => {
                // As the interpreter's `loop`: the values bound once to be computed, then
                // bound again for each round.
                let mut e = env.clone();
                let mut vals = Vec::with_capacity(pairs.len());
                for (p, c) in pairs {
                    let v = c.run(&e)?;
                    e = bind_pat(&e, p, v.clone())?;
                    vals.push(v);
                }
                let names =
                    !pairs.is_empty() && pairs.iter().all(|(p, _)| matches!(p, Pat::Name(_)));
                let mut e: Env = None;
                loop {
                    // A round's frames are bound anew, unless nothing kept them (no
                    // function made in the body closed over them): then their values
                    // are replaced where they are.
                    if !(names && rebind(&mut e, &mut vals)) {
                        e = env.clone();
                        for ((p, _), v) in pairs.iter().zip(vals.drain(..)) {
                            e = bind_pat(&e, p, v)?;
                        }
                    }
                    vals = match body_tail(codes, &mut e) {
                        Ok(Tail::Value(v)) => return Ok(v),
                        Ok(Tail::Recur(new)) => new,
                        Err(e) => crate::eval::recur_values(e)?,
                    };
                    crate::eval::check_recur(pairs.len(), &vals)?;
                    check_interrupt()?;
                }
            }
            Op::And(codes) => {
                let mut last = Value::Bool(true);
                for c in codes {
                    last = c.run(env)?;
                    if !last.truthy() {
                        break;
                    }
                }
                Ok(last)
            }
            Op::Or(codes) => {
                let mut last = Value::Nil;
                for c in codes {
                    last = c.run(env)?;
                    if last.truthy() {
                        break;
                    }
                }
                Ok(last)
            }
            Op::Cond(pairs) => {
                for (t, v) in pairs {
                    if t.truthy(env)? {
                        return v.run(env);
                    }
                }
                Ok(Value::Nil)
            }
            Op::Fn(name, arities) => {
                effect();
                Ok(Value::Fn(Arc::new(Closure {
                    name: name.clone(),
                    arities: arities.clone(),
                    env: crate::eval::env::in_current_ns(env),
                })))
            }
            Op::Recur(args) => Err(Error::new(Kind::Recur(run_all(args, env)?), None, None)),
            Op::Ext(x) => {
                if !x.pure() {
                    effect();
                }
                x.run(env)
            }
        }
    }
}

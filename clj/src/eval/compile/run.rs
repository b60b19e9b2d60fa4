//! Running compiled code ([`Code`]): each list form counts one level of nesting, grows the
//! stack when it runs low, checks for Ctrl-C and gives its errors its position, as `eval`
//! does. A call to the built-in `==`, `!=`, `+`, `-` or `*` with two arguments (the ones a
//! relation's body makes most) runs without an argument vector.

use crate::eval::compile::{Code, Op};
use crate::eval::env::{bind, Env, Frame};
use crate::eval::{apply, check_interrupt, eval, global, nested, Closure};
use crate::value::convert::to_term;
use crate::value::error::{Error, Kind, Result};
use crate::value::{Native, Value};
use std::cell::RefCell;
use std::sync::Arc;

/// A built-in that a compiled call with two arguments runs directly.
#[derive(Clone, Copy)]
enum Fast {
    Eq,
    Neq,
    Arith(char),
}

thread_local! {
    /// The built-ins of [`Fast`], kept alive (so their addresses name them).
    static FAST: RefCell<Vec<(Arc<Native>, Fast)>> = const { RefCell::new(Vec::new()) };
}

/// Whether compiled calls of `==` call its function ([`call_eq_as_function`]).
static EQ_AS_FUNCTION: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

/// Makes compiled calls of `==` call its function from now on, as any other call: for a library
/// that changes what `==` builds (core.logic's term protocols, `library::logic::custom`).
pub(crate) fn call_eq_as_function() {
    EQ_AS_FUNCTION.store(true, std::sync::atomic::Ordering::Relaxed);
    FAST.with(|f| f.borrow_mut().retain(|(_, op)| !matches!(op, Fast::Eq)));
}

/// Records this thread's built-ins `==`, `!=`, `+`, `-` and `*` (once `init` has defined them).
pub(crate) fn register_fast() {
    let ops = [
        ("clojure.core.logic/==", Fast::Eq),
        ("clojure.core.logic/!=", Fast::Neq),
        ("clojure.core/+", Fast::Arith('+')),
        ("clojure.core/-", Fast::Arith('-')),
        ("clojure.core/*", Fast::Arith('*')),
    ];
    let found: Vec<(Arc<Native>, Fast)> = ops
        .iter()
        .filter(|(_, op)| {
            !(matches!(op, Fast::Eq) && EQ_AS_FUNCTION.load(std::sync::atomic::Ordering::Relaxed))
        })
        .filter_map(
            |(q, op)| match crate::eval::ns::resolve_in("clojure.core", q) {
                Some((_, Value::Native(n))) => Some((n, *op)),
                _ => None,
            },
        )
        .collect();
    FAST.with(|f| *f.borrow_mut() = found);
}

fn fast_of(n: &Arc<Native>) -> Option<Fast> {
    FAST.with(|f| {
        f.borrow()
            .iter()
            .find(|(m, _)| Arc::ptr_eq(m, n))
            .map(|(_, op)| *op)
    })
}

/// What the built-in `op` gives for the arguments `x` and `y` (as its code does).
fn fast(op: Fast, x: &Value, y: &Value) -> Result<Value> {
    match op {
        Fast::Eq => Ok(Value::Goal(kanren::eq(to_term(x)?, to_term(y)?))),
        Fast::Neq => Ok(Value::Goal(kanren::neq(to_term(x)?, to_term(y)?))),
        Fast::Arith(c) => crate::value::num::arith(c, x, y),
    }
}

impl Code {
    /// Runs the code in the environment `env` (the frames of the scopes it was compiled in).
    pub fn run(&self, env: &Env) -> Result<Value> {
        match self {
            Code::Const(v) => Ok(v.clone()),
            Code::Local(h, i) => local(env, *h, *i),
            Code::Global(s) => global(s, env),
            Code::Vector(items) => Ok(Value::vector(
                items.iter().map(|c| c.run(env)).collect::<Result<_>>()?,
            )),
            Code::Form(f) => {
                check_interrupt()?;
                nested(|| f.op.run(env)).map_err(|e| e.with_pos(f.pos))
            }
            Code::Interp(form) => eval(form, env),
        }
    }
}

/// The value in slot `i` of frame `h` (from the innermost).
fn local(env: &Env, h: u32, i: u32) -> Result<Value> {
    let mut cur = env;
    for _ in 0..h {
        cur = match cur.as_deref() {
            Some(Frame::One(_, _, next) | Frame::Many(_, next)) => next,
            _ => {
                return Err(Error::msg(
                    "internal error: a compiled local's frame is missing",
                ))
            }
        };
    }
    match cur.as_deref() {
        Some(Frame::One(_, v, _)) if i == 0 => Ok(v.clone()),
        Some(Frame::Many(bs, _)) if (i as usize) < bs.len() => Ok(bs[i as usize].1.clone()),
        _ => Err(Error::msg(
            "internal error: a compiled local's slot is missing",
        )),
    }
}

fn run_all(codes: &[Code], env: &Env) -> Result<Vec<Value>> {
    codes.iter().map(|c| c.run(env)).collect()
}

impl Op {
    pub(crate) fn run(&self, env: &Env) -> Result<Value> {
        match self {
            Op::Call(f, args, form) => {
                let f = match f {
                    Code::Global(s) => match crate::eval::ns::resolve_value(s, env) {
                        // Defined as a macro after this body was compiled.
                        Some(Value::Special(_) | Value::Macro(_)) => return eval(form, env),
                        Some(v) => v,
                        // Java interop, or an error.
                        None => return eval(form, env),
                    },
                    f => f.run(env)?,
                };
                if let (Value::Native(n), [a, b]) = (&f, args.as_slice()) {
                    if let Some(op) = fast_of(n) {
                        return fast(op, &a.run(env)?, &b.run(env)?);
                    }
                }
                apply(&f, run_all(args, env)?)
            }
            Op::If(c, t, e) => {
                if c.run(env)?.truthy() {
                    t.run(env)
                } else {
                    e.run(env)
                }
            }
            Op::Do(codes) => {
                let mut last = Value::Nil;
                for c in codes {
                    last = c.run(env)?;
                }
                Ok(last)
            }
            Op::Let(pairs, codes) => {
                let mut e = env.clone();
                for (n, c) in pairs {
                    let v = c.run(&e)?;
                    e = bind(&e, n.clone(), v);
                }
                let mut last = Value::Nil;
                for c in codes {
                    last = c.run(&e)?;
                }
                Ok(last)
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
                    if t.run(env)?.truthy() {
                        return v.run(env);
                    }
                }
                Ok(Value::Nil)
            }
            Op::Fn(name, arities) => Ok(Value::Fn(Arc::new(Closure {
                name: name.clone(),
                arities: arities.clone(),
                env: crate::eval::env::in_current_ns(env),
            }))),
            Op::Recur(args) => Err(Error {
                kind: Kind::Recur(run_all(args, env)?),
                pos: None,
                file: None,
            }),
            Op::Ext(x) => x.run(env),
        }
    }
}

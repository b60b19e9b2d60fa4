//! Compiled code run on a heap stack: the same meaning as [`Code::run`], with what is left to
//! do after each nested form kept in a vector ([`K`]) instead of on the native stack, and a
//! call of a compiled function entered in place. Where the native stack cannot grow (a page's
//! WebAssembly, whose stack the browser keeps to about a megabyte), evaluation nested deeper
//! than [`heap_depth`](crate::eval::heap_depth) continues here, so a recursion ten thousand
//! calls deep needs no more native stack than one a few hundred deep. What this does not run
//! itself (a built-in function, a form the interpreter runs, a library's compiled form) runs
//! on the native stack as before, and starts a machine of its own if it nests deep again.
//!
//! Every level of nesting is counted as `nested` counts it, so the depth limit and its error
//! are the same; an error takes the position of the innermost form that gives one, and a
//! `recur` restarts its function's body, as on the native stack.

use crate::eval::compile::run::{bind_in_frame, bind_pat, callee, global_at, local};
use crate::eval::compile::{effect, Code, Op, Pat};
use crate::eval::env::Env;
use crate::eval::{
    apply, arity_env, call_closure_with, check_interrupt, enter_level, eval, leave_level,
    recur_args, select_arity, Args, Arity, Closure,
};
use crate::value::error::{Error, Kind, Pos, Result};
use crate::value::Value;
use std::sync::Arc;

/// What is left to do with the value of the code being run. The pointers point into code
/// kept alive by the caller of [`run`] (the outermost code) or by a [`K::Body`] further
/// down the stack (a called function's body), which is popped only after every frame above
/// it. A call's frame holds its arguments inline (as the native stack would): frames live in
/// one vector, and boxing them would allocate at every call.
#[allow(clippy::large_enum_variant)]
enum K {
    /// A list form's level of nesting, and its position for errors.
    Level(Option<Pos>),
    /// `(if c t e)`, waiting for `c`.
    If(*const Code, *const Code, Env),
    /// A call (`Op::Call`), waiting for its function (`f` is `None`) or its next argument.
    Call {
        op: *const Op,
        f: Option<Value>,
        args: Args,
        env: Env,
    },
    /// A vector literal's items, or `recur`'s arguments, waiting for the next.
    Items {
        codes: *const [Code],
        values: Vec<Value>,
        recur: bool,
        env: Env,
    },
    /// `do`, `and`, `or`: forms in order, waiting for form `next - 1`.
    Seq {
        codes: *const [Code],
        next: usize,
        kind: Seq,
        env: Env,
    },
    /// `let`, waiting for the value of binding `next`.
    Let {
        pairs: *const [(Pat, Code)],
        body: *const [Code],
        next: usize,
        env: Env,
    },
    /// A `let` that binds into the call frame (`Op::LetIn`, from its name `first` on),
    /// waiting for the value of binding `next`.
    LetIn {
        first: usize,
        pairs: *const [(Arc<str>, Code)],
        body: *const [Code],
        next: usize,
        env: Env,
    },
    /// `cond`, waiting for test `next`.
    Cond {
        pairs: *const [(Code, Code)],
        next: usize,
        env: Env,
    },
    /// The body of a compiled function, entered by a call: where it returns, and where a
    /// `recur` starts it again.
    Body {
        closure: Arc<Closure>,
        arity: *const Arity,
        code: Arc<Code>,
    },
}

#[derive(Clone, Copy, PartialEq)]
enum Seq {
    Do,
    And,
    Or,
}

/// The machine's next move.
enum Ctl {
    Eval(*const Code, Env),
    Return(Value),
    Raise(Error),
}

fn result(r: Result<Value>) -> Ctl {
    match r {
        Ok(v) => Ctl::Return(v),
        Err(e) => Ctl::Raise(e),
    }
}

/// Runs `code` in `env` on a heap stack (see the module's documentation).
pub(crate) fn run(code: &Code, env: &Env) -> Result<Value> {
    let mut ks: Vec<K> = Vec::new();
    let mut ctl = Ctl::Eval(code, env.clone());
    loop {
        ctl = match ctl {
            // SAFETY: every code pointer points into `code` or into the code of a `K::Body`
            // on `ks` below the frames that hold it (see `K`).
            Ctl::Eval(c, env) => step(unsafe { &*c }, env, &mut ks),
            Ctl::Return(v) => match ks.pop() {
                None => return Ok(v),
                Some(k) => resume(k, v, &mut ks),
            },
            Ctl::Raise(e) => match ks.pop() {
                None => return Err(e),
                Some(k) => unwind(k, e, &mut ks),
            },
        }
    }
}

/// The value of a code that needs no nesting, if it is one.
fn simple(c: &Code, env: &Env) -> Option<Result<Value>> {
    match c {
        Code::Const(v) => Some(Ok(v.clone())),
        Code::Local(h, i) => Some(local(env, *h, *i)),
        Code::Global(g) => Some(global_at(g, env)),
        _ => None,
    }
}

fn step(code: &Code, env: Env, ks: &mut Vec<K>) -> Ctl {
    if let Some(r) = simple(code, &env) {
        return result(r);
    }
    match code {
        Code::Vector(items) => items_of(items, Vec::new(), false, env, ks),
        Code::Interp(form) => {
            effect();
            result(eval(form, &env))
        }
        Code::Form(f) => {
            if let Err(e) = check_interrupt() {
                return Ctl::Raise(e);
            }
            if let Err(e) = enter_level() {
                return Ctl::Raise(e.with_pos(f.pos));
            }
            ks.push(K::Level(f.pos));
            form(&f.op, env, ks)
        }
        Code::Const(_) | Code::Local(..) | Code::Global(_) => unreachable!("simple code"),
    }
}

fn form(op: &Op, env: Env, ks: &mut Vec<K>) -> Ctl {
    match op {
        Op::Call(f, _, form) => {
            let f = match f {
                Code::Global(g) => match callee(g, &env) {
                    Some(v) => v,
                    None => {
                        effect();
                        return result(eval(form, &env));
                    }
                },
                f => match simple(f, &env) {
                    Some(Ok(v)) => v,
                    Some(Err(e)) => return Ctl::Raise(e),
                    None => {
                        ks.push(K::Call {
                            op,
                            f: None,
                            args: Args::new(),
                            env: env.clone(),
                        });
                        return Ctl::Eval(f, env);
                    }
                },
            };
            arguments(op, f, Args::new(), env, ks)
        }
        Op::If(c, t, e) => {
            ks.push(K::If(t, e, env.clone()));
            Ctl::Eval(c, env)
        }
        Op::Do(codes) => sequence(codes, 0, Seq::Do, Value::Nil, env, ks),
        Op::And(codes) => sequence(codes, 0, Seq::And, Value::Bool(true), env, ks),
        Op::Or(codes) => sequence(codes, 0, Seq::Or, Value::Nil, env, ks),
        Op::Let(pairs, body) => match pairs.first() {
            None => sequence(body, 0, Seq::Do, Value::Nil, env, ks),
            Some((_, c)) => {
                ks.push(K::Let {
                    pairs: pairs.as_slice(),
                    body: body.as_slice(),
                    next: 0,
                    env: env.clone(),
                });
                Ctl::Eval(c, env)
            }
        },
        Op::LetIn(first, pairs, body) => match pairs.first() {
            None => sequence(body, 0, Seq::Do, Value::Nil, env, ks),
            Some((_, c)) => {
                ks.push(K::LetIn {
                    first: *first,
                    pairs: pairs.as_slice(),
                    body: body.as_slice(),
                    next: 0,
                    env: env.clone(),
                });
                Ctl::Eval(c, env)
            }
        },
        Op::Cond(pairs) => match pairs.first() {
            None => Ctl::Return(Value::Nil),
            Some((t, _)) => {
                ks.push(K::Cond {
                    pairs: pairs.as_slice(),
                    next: 0,
                    env: env.clone(),
                });
                Ctl::Eval(t, env)
            }
        },
        Op::Recur(codes) => items_of(codes, Vec::new(), true, env, ks),
        Op::Fn(..) | Op::Loop(..) | Op::Ext(_) => result(op.run(&env)),
    }
}

/// Evaluates a call's arguments from `args.len()` on (those that need no nesting at once),
/// then calls `f`.
fn arguments(op: &Op, f: Value, mut args: Args, env: Env, ks: &mut Vec<K>) -> Ctl {
    let Op::Call(_, codes, _) = op else {
        unreachable!("a call")
    };
    while let Some(c) = codes.get(args.len()) {
        match simple(c, &env) {
            Some(Ok(v)) => args.push(v),
            Some(Err(e)) => return Ctl::Raise(e),
            None => {
                ks.push(K::Call {
                    op,
                    f: Some(f),
                    args,
                    env: env.clone(),
                });
                return Ctl::Eval(c, env);
            }
        }
    }
    call(f, args, ks)
}

/// Calls `f`: a compiled function's body is entered here; anything else is applied on the
/// native stack.
fn call(f: Value, args: Args, ks: &mut Vec<K>) -> Ctl {
    if !matches!(&f, Value::Native(n) if n.pure) {
        effect();
    }
    let Value::Fn(c) = &f else {
        return result(apply(&f, args.into_vec()));
    };
    let arity = match select_arity(c, args.len()) {
        Ok(a) => a,
        Err(e) => return Ctl::Raise(e),
    };
    if let Some(code) = crate::eval::compile::code_of(c, arity).cloned() {
        let env = arity_env(c, arity, args);
        let body: *const Code = &*code;
        ks.push(K::Body {
            closure: c.clone(),
            arity,
            code,
        });
        return Ctl::Eval(body, env);
    }
    result(call_closure_with(c, args))
}

/// Goes on with a `do`/`and`/`or` at form `next`, `last` being the value so far.
fn sequence(codes: &[Code], next: usize, kind: Seq, last: Value, env: Env, ks: &mut Vec<K>) -> Ctl {
    match codes.get(next) {
        None => Ctl::Return(last),
        Some(c) => {
            if next + 1 < codes.len() {
                ks.push(K::Seq {
                    codes,
                    next: next + 1,
                    kind,
                    env: env.clone(),
                });
            }
            Ctl::Eval(c, env)
        }
    }
}

/// Goes on evaluating items (a vector literal's, or `recur`'s arguments) from
/// `values.len()` on.
fn items_of(codes: &[Code], mut values: Vec<Value>, recur: bool, env: Env, ks: &mut Vec<K>) -> Ctl {
    while let Some(c) = codes.get(values.len()) {
        match simple(c, &env) {
            Some(Ok(v)) => values.push(v),
            Some(Err(e)) => return Ctl::Raise(e),
            None => {
                ks.push(K::Items {
                    codes,
                    values,
                    recur,
                    env: env.clone(),
                });
                return Ctl::Eval(c, env);
            }
        }
    }
    if recur {
        Ctl::Raise(Error::new(Kind::Recur(values), None, None))
    } else {
        Ctl::Return(Value::vector(values))
    }
}

/// Hands `v` to the frame `k`.
fn resume(k: K, v: Value, ks: &mut Vec<K>) -> Ctl {
    // SAFETY (every dereference below): see `K`.
    match k {
        K::Level(_) => {
            leave_level();
            Ctl::Return(v)
        }
        K::If(t, e, env) => Ctl::Eval(if v.truthy() { t } else { e }, env),
        K::Call {
            op,
            f,
            mut args,
            env,
        } => {
            let op = unsafe { &*op };
            match f {
                None => arguments(op, v, args, env, ks),
                Some(f) => {
                    args.push(v);
                    arguments(op, f, args, env, ks)
                }
            }
        }
        K::Items {
            codes,
            mut values,
            recur,
            env,
        } => {
            values.push(v);
            items_of(unsafe { &*codes }, values, recur, env, ks)
        }
        K::Seq {
            codes,
            next,
            kind,
            env,
        } => match kind {
            Seq::And if !v.truthy() => Ctl::Return(v),
            Seq::Or if v.truthy() => Ctl::Return(v),
            _ => sequence(unsafe { &*codes }, next, kind, v, env, ks),
        },
        K::Let {
            pairs,
            body,
            next,
            env,
        } => {
            let pairs = unsafe { &*pairs };
            let env = match bind_pat(&env, &pairs[next].0, v) {
                Ok(env) => env,
                Err(e) => return Ctl::Raise(e),
            };
            match pairs.get(next + 1) {
                Some((_, c)) => {
                    ks.push(K::Let {
                        pairs,
                        body,
                        next: next + 1,
                        env: env.clone(),
                    });
                    Ctl::Eval(c, env)
                }
                None => sequence(unsafe { &*body }, 0, Seq::Do, Value::Nil, env, ks),
            }
        }
        K::LetIn {
            first,
            pairs,
            body,
            next,
            mut env,
        } => {
            let pairs = unsafe { &*pairs };
            if let Err(e) = bind_in_frame(&mut env, first + next, &pairs[next].0, v) {
                return Ctl::Raise(e);
            }
            match pairs.get(next + 1) {
                Some((_, c)) => {
                    ks.push(K::LetIn {
                        first,
                        pairs,
                        body,
                        next: next + 1,
                        env: env.clone(),
                    });
                    Ctl::Eval(c, env)
                }
                None => sequence(unsafe { &*body }, 0, Seq::Do, Value::Nil, env, ks),
            }
        }
        K::Cond { pairs, next, env } => {
            let pairs = unsafe { &*pairs };
            if v.truthy() {
                return Ctl::Eval(&pairs[next].1, env);
            }
            match pairs.get(next + 1) {
                Some((t, _)) => {
                    ks.push(K::Cond {
                        pairs,
                        next: next + 1,
                        env: env.clone(),
                    });
                    Ctl::Eval(t, env)
                }
                None => Ctl::Return(Value::Nil),
            }
        }
        K::Body { .. } => Ctl::Return(v),
    }
}

/// Hands the error `e` to the frame `k`: a level gives it its position, a function body
/// restarts on a `recur`, any other frame is dropped.
fn unwind(k: K, e: Error, ks: &mut Vec<K>) -> Ctl {
    match k {
        K::Level(pos) => {
            leave_level();
            Ctl::Raise(e.with_pos(pos))
        }
        K::Body {
            closure,
            arity,
            code,
        } => match crate::eval::recur_values(e) {
            Ok(new) => {
                // SAFETY: `arity` is one of `closure`'s, which this frame keeps alive.
                let a = unsafe { &*arity };
                match recur_args(a, new) {
                    Ok(args) => {
                        let env = arity_env(&closure, a, args);
                        let body: *const Code = &*code;
                        ks.push(K::Body {
                            closure,
                            arity,
                            code,
                        });
                        Ctl::Eval(body, env)
                    }
                    Err(e) => Ctl::Raise(e),
                }
            }
            Err(e) => Ctl::Raise(e),
        },
        _ => Ctl::Raise(e),
    }
}

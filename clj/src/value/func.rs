//! Function values as data: a closure's arities, the environment it captured, and the code
//! its body is compiled to. `eval/` gives them their meaning (binds, calls, compiles and runs
//! them); they are defined here so that a `Value` holds them without naming the evaluator,
//! and without a dynamic call where a closure is called or its compiled body run.

use crate::value::error::{Pos, Result};
use crate::value::Value;
use smallvec::SmallVec;
use std::sync::{Arc, OnceLock};

/// One arity of a function: parameter patterns, an optional rest pattern, the body.
#[derive(Clone)]
pub struct Arity {
    /// The fixed parameters (symbols or destructuring patterns).
    pub params: Vec<Value>,
    /// The pattern after `&`.
    pub rest: Option<Value>,
    /// The body forms.
    pub body: Vec<Value>,
    /// The body compiled (`crate::eval::compile`) on the first call, when it can be: `None` for
    /// an arity that runs interpreted (destructuring parameters, a closure made where locals
    /// are bound by interpreted code).
    pub code: OnceLock<Option<Arc<Code>>>,
    /// The names of the frame a call binds (the function's name, the parameters, the rest
    /// parameter), made on the first call and shared by every call's frame.
    pub(crate) frame_names: OnceLock<Names>,
    /// The names the body's `let`s bind into the call frame after the parameters
    /// ([`Op::LetIn`]), in slot order: set when the body is compiled, read by a lookup by name
    /// (a form the interpreter runs in the body finds them).
    pub(crate) let_names: OnceLock<Names>,
    /// What a library makes once from the compiled body for its own calls of the function
    /// (the logic library: how a relation's goal is built from its arguments' terms).
    pub(crate) derived: OnceLock<Option<Arc<dyn std::any::Any + Send + Sync>>>,
}

impl Arity {
    /// Whether every parameter (the rest one too) is a plain symbol: then the parameters are
    /// bound in one frame, and the body can be compiled.
    pub(crate) fn is_plain(&self) -> bool {
        self.params
            .iter()
            .chain(&self.rest)
            .all(|p| p.as_symbol().is_some())
    }
}

/// A function (or macro) written in Clojure: its arities and the environment it closes over.
#[derive(Clone)]
pub struct Closure {
    /// The name, if it has one (bound to the function itself in its body).
    pub name: Option<Arc<str>>,
    /// The arities, shared by every function a `fn` form or a `defn` makes (with their
    /// compiled bodies): making a function copies none of them.
    pub arities: Arc<[Arity]>,
    /// The captured environment.
    pub env: Env,
}

/// A local environment: a persistent chain of frames.
pub type Env = Option<triomphe::Arc<Frame>>;

/// The functions of one `letfn`: each one's name and arities, the frame of the group being
/// their environment. The frame holds no function: a name is read by making its function
/// over the frame, or by giving back the one made before while anything still holds it. So
/// functions that call each other hold no cycle of reference counts, and the group is freed
/// with the last use of any of its functions (holding the functions themselves, the frame
/// and they would keep each other alive for ever).
pub struct LetFnGroup {
    fns: Vec<LetFn>,
}

/// One function of a [`LetFnGroup`].
struct LetFn {
    name: Arc<str>,
    arities: Arc<[Arity]>,
    /// The function made last, while something holds it (a name read twice gives the same
    /// function, as Clojure's `letfn` binds each name once).
    made: std::sync::Mutex<std::sync::Weak<Closure>>,
}

impl LetFnGroup {
    /// The group of the functions `fns` (each one's name and arities).
    pub fn new(fns: impl IntoIterator<Item = (Arc<str>, Arc<[Arity]>)>) -> LetFnGroup {
        LetFnGroup {
            fns: fns
                .into_iter()
                .map(|(name, arities)| LetFn {
                    name,
                    arities,
                    made: std::sync::Mutex::new(std::sync::Weak::new()),
                })
                .collect(),
        }
    }

    /// Which function `name` is (the last of that name).
    pub fn position(&self, name: &str) -> Option<usize> {
        self.fns.iter().rposition(|f| &*f.name == name)
    }

    /// Function `i` of the group whose frame is `frame` (the environment it closes over).
    pub fn function(&self, i: usize, frame: &Env) -> Value {
        let f = &self.fns[i];
        let mut made = f.made.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(c) = made.upgrade() {
            return Value::Fn(c);
        }
        let c = Arc::new(Closure {
            name: Some(f.name.clone()),
            arities: f.arities.clone(),
            env: frame.clone(),
        });
        *made = Arc::downgrade(&c);
        Value::Fn(c)
    }
}

/// Bindings made together (a call's parameters, a `fresh`'s variables), kept in one frame:
/// one allocation for all of them. A later one shadows an earlier one of the same name.
pub type Bindings = SmallVec<[(Arc<str>, Value); 4]>;

/// The names of a [`Frame::Slots`], in order, shared by every frame made for the same code.
pub type Names = Arc<[Arc<str>]>;

/// The values of a [`Frame::Slots`] (or a call's arguments), one per name.
pub type Slots = SmallVec<[Value; 4]>;

/// One frame of a local environment.
pub enum Frame {
    /// One binding.
    One(Arc<str>, Value, Env),
    /// Several bindings, made together.
    Many(Bindings, Env),
    /// Several bindings made together for names known in advance (a call's parameters, a
    /// pattern's variables), the names shared with every other such frame: one reference
    /// counted, not one per name.
    Slots(Names, Slots, Env),
    /// A call's frame: the function called (a `Value::Fn`), the arity called, and the
    /// arguments (the rest parameter's value last). Its names are the arity's frame names
    /// (`Arity::frame_names`: the function's own name first, bound to the function, when it
    /// has one), and the frame after it is the function's environment: one reference
    /// counted for the three.
    Call(Value, CallArity, Slots),
    /// The functions of a `letfn`, bound together (each sees all of them): made as their
    /// names are read ([`LetFnGroup`]).
    Group(Arc<LetFnGroup>, Env),
    /// The namespace the code under it was written in (a function's body resolves global
    /// names in its own namespace, not in the caller's): binds no local.
    Ns(Arc<str>, Env),
}

/// Which arity of its function a [`Frame::Call`] runs, and whether the function has a name
/// (its slot 0 then): known at the call, so a read of a slot does not look at the function.
#[derive(Clone, Copy)]
pub struct CallArity(u32);

impl CallArity {
    /// Arity `index` of the function `f` (a `Value::Fn`).
    #[inline]
    pub(crate) fn of(f: &Closure, index: u32) -> CallArity {
        CallArity(index << 1 | u32::from(f.name.is_some()))
    }

    /// The index of the arity in its function's arities.
    #[inline]
    pub(crate) fn index(self) -> usize {
        (self.0 >> 1) as usize
    }

    /// Whether the function has a name, bound in the frame's slot 0.
    #[inline]
    pub(crate) fn named(self) -> bool {
        self.0 & 1 == 1
    }
}

impl Frame {
    /// The frame after this one.
    #[inline]
    pub fn next(&self) -> &Env {
        static NONE: Env = None;
        match self {
            Frame::One(_, _, next)
            | Frame::Many(_, next)
            | Frame::Slots(_, _, next)
            | Frame::Group(_, next)
            | Frame::Ns(_, next) => next,
            Frame::Call(Value::Fn(c), _, _) => &c.env,
            Frame::Call(..) => &NONE,
        }
    }

    /// The value in slot `i` of a [`Frame::Call`] (its function's own name first, when it has
    /// one, then its arguments).
    #[inline]
    pub(crate) fn call_slot(f: &Value, a: CallArity, args: &Slots, i: usize) -> Option<Value> {
        Frame::call_slot_ref(f, a, args, i).cloned()
    }

    /// [`Frame::call_slot`], read in place.
    #[inline(always)]
    pub(crate) fn call_slot_ref<'a>(
        f: &'a Value,
        a: CallArity,
        args: &'a Slots,
        i: usize,
    ) -> Option<&'a Value> {
        match (a.named(), i) {
            (true, 0) => Some(f),
            (true, i) => args.get(i - 1),
            (false, i) => args.get(i),
        }
    }
}

impl Drop for Frame {
    /// A frame that alone holds a function, or holds a goal (either's environment can hold
    /// another such frame), drops it through `value::items::drop_deep`:
    /// closures nested in closures, and goals in goals (`fresh` in `fresh`), a million deep
    /// are freed without overflow. Other frames only look at their bindings' kinds.
    #[inline]
    fn drop(&mut self) {
        let held = match self {
            Frame::One(_, v, _) => may_nest(v, 1),
            Frame::Many(b, _) => b.iter().any(|(_, v)| may_nest(v, b.len())),
            Frame::Slots(_, vs, _) => vs.iter().any(|v| may_nest(v, vs.len())),
            Frame::Call(f, _, vs) => {
                let n = vs.len() + 1;
                may_nest(f, n) || vs.iter().any(|v| may_nest(v, n))
            }
            Frame::Group(..) | Frame::Ns(..) => false,
        };
        if held {
            self.drop_nested();
        }
    }
}

/// Whether dropping `v` from a frame of `n` values may free a chain of frames: a function
/// that nothing but the frame may hold (it can hold it `n` times: a parameter and a `let`'s
/// name bound to one function), or a goal.
#[inline(always)]
fn may_nest(v: &Value, n: usize) -> bool {
    match v {
        Value::Fn(c) => Arc::strong_count(c) <= n,
        Value::Goal(_) => true,
        _ => false,
    }
}

impl Frame {
    /// The frame's functions and goals dropped through `value::items::drop_deep` ([`Drop`]).
    #[cold]
    #[inline(never)]
    fn drop_nested(&mut self) {
        match self {
            Frame::One(_, v, _) => crate::value::items::drop_deep(std::mem::replace(v, Value::Nil)),
            Frame::Many(b, _) => crate::value::items::drop_deep(std::mem::take(b)),
            Frame::Slots(_, vs, _) => crate::value::items::drop_deep(std::mem::take(vs)),
            Frame::Call(f, _, vs) => {
                crate::value::items::drop_deep(std::mem::take(vs));
                crate::value::items::drop_deep(std::mem::replace(f, Value::Nil));
            }
            Frame::Group(..) | Frame::Ns(..) => {}
        }
    }
}

/// Code compiled from one form.
pub enum Code {
    /// A constant (a literal, a quoted form).
    Const(Value),
    /// A local: the frame (counted from the innermost) and the slot in it.
    Local(u32, u32),
    /// A global, by its symbol, with what it resolved to at this occurrence.
    Global(Global),
    /// A vector literal.
    Vector(Vec<Code>),
    /// A list form: a call or a special form.
    Form(Box<Form>),
    /// A form left to the interpreter.
    Interp(Value),
}

/// A global name written in compiled code, and the number of its occurrence: what the name
/// resolved to there is kept per thread with the [generation](crate::eval::ns::generation) of
/// the definitions it was resolved at, so a call site in a relation's body resolves its
/// callee once, not at each call.
#[derive(Clone)]
pub struct Global {
    pub(crate) sym: Arc<str>,
    pub(crate) site: u32,
}

/// A list form: what it does and where it was written.
pub struct Form {
    pub(crate) pos: Option<Pos>,
    pub(crate) op: Op,
    /// Whether the form is a call of a global whose arguments (three at most) run no
    /// Clojure code but through a call that counts its own level of nesting: each a
    /// constant, a local, a global, a vector or a call of a global of those (three at most),
    /// or a call of a global on constants. A built-in
    /// that reads its arguments in place runs such a call without a level of its own.
    pub(crate) leaf: bool,
    /// Whether the form is a call of a global on one to three arguments, each a local or a
    /// constant, not all constants: a built-in that reads its arguments in place is called
    /// on them where they are, with no dispatch on the form's shape at each run.
    pub(crate) atoms: bool,
    /// Whether the form, as a function's whole body, is run without a frame by
    /// [`leaf_call`](crate::eval::compile::run::leaf_call): a leaf call, not on constants
    /// alone, of one to three operands each a constant, a parameter (a local of the
    /// innermost frame) or a call on constants.
    pub(crate) frameless: bool,
    /// For a call of a global on constants: the value a pure built-in gave for them, kept
    /// with the built-in when the value is a scalar or a finite domain
    /// (`(fd/domain 1 2 3)` in a function's body is made once). Read only while the name
    /// still resolves to that built-in.
    pub(crate) fold: Option<Box<Folded>>,
}

/// What a call on constants gave: the pure built-in called and its value ([`Form::fold`]).
pub(crate) type Folded = std::sync::OnceLock<(Arc<crate::value::Native>, Value)>;

impl Form {
    pub(crate) fn new(pos: Option<Pos>, op: Op) -> Form {
        let atom = |c: &Code| matches!(c, Code::Local(..) | Code::Const(_) | Code::Global(_));
        let simple = |c: &Code| match c {
            Code::Vector(items) => items.iter().all(atom),
            // A call on constants (`(fd/domain 1 2 3 4)`) is one whatever their number: a
            // pure built-in's value is kept at the call ([`Form::fold`]).
            Code::Form(f) if f.fold.is_some() => true,
            Code::Form(f) => match &f.op {
                Op::Call(Code::Global(_), inner, _) => inner.len() <= 3 && inner.iter().all(atom),
                _ => false,
            },
            c => atom(c),
        };
        let leaf = matches!(&op, Op::Call(Code::Global(_), args, _)
            if args.len() <= 3 && args.iter().all(simple));
        let constant = matches!(&op, Op::Call(Code::Global(_), args, _)
            if args.iter().all(|a| matches!(a, Code::Const(_))));
        let atoms = !constant
            && matches!(&op, Op::Call(Code::Global(_), args, _)
                if (1..=3).contains(&args.len())
                    && args.iter().all(|a| matches!(a, Code::Local(..) | Code::Const(_))));
        let operand = |c: &Code| match c {
            Code::Const(_) | Code::Local(0, _) => true,
            Code::Form(inner) => inner.fold.is_some(),
            _ => false,
        };
        let frameless = leaf
            && !constant
            && matches!(&op, Op::Call(Code::Global(_), args, _)
                if (1..=3).contains(&args.len()) && args.iter().all(operand));
        let fold = constant.then(Box::default);
        Form {
            pos,
            op,
            leaf,
            atoms,
            frameless,
            fold,
        }
    }
}

/// What a compiled list form does.
pub(crate) enum Op {
    /// A call: the function, the arguments, and the form (interpreted if the function's name
    /// turns out to be a macro when it runs).
    Call(Code, Vec<Code>, Value),
    If(Code, Code, Code),
    Do(Vec<Code>),
    /// `let`: each binding's pattern and value, then the body.
    Let(Vec<(Pat, Code)>, Vec<Code>),
    /// A `let` of plain names in a tail position of a function's body, bound in the call's
    /// own frame instead of a frame of its own: the place its first name takes among the
    /// frame's names (the function's own name first, if it has one), each name and its
    /// value, then the body. Run in a tail position, the
    /// values are written into the frame when nothing else holds it, else into a copy.
    LetIn(usize, Vec<(Arc<str>, Code)>, Vec<Code>),
    /// `loop`: as `let`, and a `recur` in the body binds the patterns again.
    Loop(Vec<(Pat, Code)>, Vec<Code>),
    And(Vec<Code>),
    Or(Vec<Code>),
    Cond(Vec<(Code, Code)>),
    Fn(Option<Arc<str>>, Arc<[Arity]>),
    Recur(Vec<Code>),
    /// A form a library compiled itself (core.logic's `fresh`, `conde`, `run`, ...).
    Ext(Box<dyn Compiled>),
}

/// What a compiled binding binds: a name (one frame), or a destructuring pattern (one frame
/// per name it binds, as `destructure` binds them).
pub(crate) enum Pat {
    Name(Arc<str>),
    Destructure(Value),
}

/// A form compiled by the library that owns it (registered with the compiler): run in the
/// environment of the scopes it was compiled in.
pub trait Compiled: std::any::Any + Send + Sync {
    /// Runs the form in `env`.
    fn run(&self, env: &Env) -> Result<Value>;

    /// Whether running the form has no effect of its own and gives equal values in equal
    /// environments (the code it runs notes its own effects): a form that builds a goal
    /// from its environment.
    fn pure(&self) -> bool {
        false
    }
}

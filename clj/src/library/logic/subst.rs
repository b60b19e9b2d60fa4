//! core.logic's extension layer on the engine: the substitution and the stream as values, and
//! goals written as Clojure functions of a substitution.
//!
//! - A substitution value is a library object of class `clojure.core.logic.Substitutions`
//!   holding an engine [`State`] (bindings and constraints): `empty-s`, `unify`, `walk`,
//!   `walk*`, `ext`, `ext-no-check`, `to-s`, `-reify`, `-reify*`, `reify-lvar-name`, `(:s s)`,
//!   and core.logic's attributes, domains by kind and entanglement on its variables.
//!   Two are equal when they bind the same variables to equal terms.
//! - A stream value is what core.logic's goals return: `nil` (no answer), a substitution (one),
//!   a `Choice` (an answer and the rest) or an `-inc` suspension, a function of no arguments.
//!   [`stream_value`] gives the value of an engine stream (forced to its head as core.logic's
//!   eager streams are, no suspension opened); [`to_stream`] the engine stream of a value.
//! - Anything callable where a goal is expected (a `fn`, a keyword, a var, ...) becomes a goal
//!   ([`goal_from_fn`]) that calls it with the substitution and takes what it returns as a
//!   stream; a goal called on a substitution ([`call_goal`]) gives its stream as a value. So
//!   relations written in Rust and goals written in Clojure compose both ways, lazily, in
//!   core.logic's order: `bind`, `mplus`, `choice`, `-inc`, `composeg`, `bind*`, `mplus*`.

use crate::eval::{apply, eval, Env};
use crate::library::core::{arity, native, reg, reg_slice};
use crate::library::logic::{custom, fail_with, goal_of, to_term};
use crate::value::class::{Class, Object, Payload};
use crate::value::convert::from_term;
use crate::value::error::{Error, Result};
use crate::value::items::Items;
use crate::value::Value;
use kanren::{Goal, Head, State, Stream, Term, Var};
use std::sync::{Arc, Mutex, OnceLock};

/// The class of substitution values.
pub const SUBSTITUTIONS: &str = "clojure.core.logic.Substitutions";
/// The class of a stream's answer-and-rest.
pub const CHOICE: &str = "clojure.core.logic.Choice";

/// A stream held by a value until it is forced (once: an engine stream is not copied).
type Held = Mutex<Option<Stream>>;

fn class(name: &'static str) -> Arc<Class> {
    static CLASSES: OnceLock<[Arc<Class>; 2]> = OnceLock::new();
    let all = CLASSES.get_or_init(|| {
        // Both are rows of value::class::BUILTIN, which names them and gives their parents;
        // the values carry these copies, with Substitutions' methods (the class table is
        // not touched at start).
        [
            substitutions_class(),
            Arc::new(Class::new(CHOICE, false, &["java.lang.Object"])),
        ]
    });
    match name {
        SUBSTITUTIONS => all[0].clone(),
        _ => all[1].clone(),
    }
}

/// `Substitutions` with its methods: `equals`, `toString`, `valAt` (`:s`, the bindings as a
/// map) and `count`.
fn substitutions_class() -> Arc<Class> {
    let mut c = Class::new(
        SUBSTITUTIONS,
        false,
        &["java.lang.Object", "clojure.lang.ILookup"],
    );
    let method = |name: &'static str, f: fn(&State, &[Value]) -> Result<Value>| {
        let value = native(name, move |a| match a.first().and_then(state_of) {
            Some(s) => f(&s, &a[1..]),
            None => Err(Error::msg(format!("{name}: not a substitution"))),
        });
        (Arc::from("java.lang.Object"), Arc::from(name), value)
    };
    c.methods = vec![
        method("equals", |s, a| {
            Ok(Value::Bool(
                a.first()
                    .and_then(state_of)
                    .is_some_and(|o| same_bindings(s, &o)),
            ))
        }),
        method("toString", |s, _| {
            Ok(Value::str(&crate::value::printer::pr_str(&bindings(s))))
        }),
        method("valAt", |s, a| {
            Ok(match a.first() {
                Some(Value::Keyword(k)) if &**k == "s" => bindings(s),
                // The constraint store, as core.logic's value (library::logic::ckanren).
                Some(Value::Keyword(k)) if &**k == "cs" => {
                    crate::library::logic::ckanren::store_value(s)?
                }
                _ => a.get(1).cloned().unwrap_or(Value::Nil),
            })
        }),
        method("count", |s, _| Ok(Value::Int(s.subst().len() as i64))),
    ];
    Arc::new(c)
}

/// The bindings of `s` as a map from variables to values.
fn bindings(s: &State) -> Value {
    let mut pairs: Vec<(Var, Term)> = s.subst().iter().map(|(v, t)| (*v, t.clone())).collect();
    pairs.sort_by_key(|(v, _)| *v);
    Value::Map(Arc::new(Items::new(
        pairs
            .into_iter()
            .map(|(v, t)| (Value::LVar(v), from_term(&t)))
            .collect(),
    )))
}

fn same_bindings(a: &State, b: &State) -> bool {
    a.subst().len() == b.subst().len()
        && a.subst().iter().all(|(v, t)| b.subst().get(*v) == Some(t))
}

fn object(name: &'static str, state: Payload) -> Value {
    Value::Object(Arc::new(Object {
        class: class(name),
        fields: Vec::new(),
        call: None,
        state: Some(state),
    }))
}

/// The substitution value of a state.
pub fn subst_value(s: State) -> Value {
    object(SUBSTITUTIONS, Payload::State(s))
}

/// The state a substitution value holds.
fn held_state(o: &Object) -> Option<&State> {
    match &o.state {
        Some(Payload::State(s)) if &*o.class.name == SUBSTITUTIONS => Some(s),
        _ => None,
    }
}

/// The state of a substitution value.
pub fn state_of(v: &Value) -> Option<State> {
    match v {
        Value::Object(o) => held_state(o).cloned(),
        _ => None,
    }
}

/// `f` of the state of a substitution value, borrowed (no copy of the state).
fn with_state<T>(v: &Value, who: &str, f: impl FnOnce(&State) -> Result<T>) -> Result<T> {
    match v {
        Value::Object(o) => match held_state(o) {
            Some(s) => f(s),
            None => state_arg(v, who).and_then(|s| f(&s)),
        },
        _ => state_arg(v, who).and_then(|s| f(&s)),
    }
}

/// The state of a substitution value `v`, or an error naming `who` and what `v` is.
pub(crate) fn state_arg(v: &Value, who: &str) -> Result<State> {
    state_of(v).ok_or_else(|| {
        Error::msg(format!(
            "{who}: expected a substitution, got {}",
            crate::value::printer::describe(v)
        ))
    })
}

/// The value of an engine stream, as core.logic's goals return it: forced to its head (see
/// [`Stream::head`]).
pub fn stream_value(st: Stream) -> Value {
    match st.head() {
        Head::Empty => Value::Nil,
        Head::Unit(s) => subst_value(s),
        Head::Choice(s, rest) => {
            let held: Arc<(State, Held)> = Arc::new((s, Mutex::new(Some(rest))));
            object(CHOICE, Payload::Shared(held))
        }
        Head::Inc(rest) => {
            // core.logic's `-inc`: a function of no arguments that forces the rest.
            let held: Held = Mutex::new(Some(rest));
            native("-inc", move |a| {
                arity(&a, 0, 0, "-inc")?;
                Ok(stream_value(take(&held)?))
            })
        }
    }
}

fn take(held: &Held) -> Result<Stream> {
    held.lock()
        .unwrap_or_else(|e| e.into_inner())
        .take()
        .ok_or_else(|| Error::msg("this stream was already forced (a stream value is forced once)"))
}

/// The engine stream of a value a goal returned: `nil`, a substitution, a `Choice`, a
/// suspension, or any function of no arguments (core.logic's `-inc`, called when the search
/// gets to it). `goal` names the goal in the error for anything else.
pub fn to_stream(v: Value, goal: &Value) -> Result<Stream> {
    if let Value::Nil = v {
        return Ok(Stream::empty());
    }
    if let Value::Object(mut o) = v {
        // A substitution made for this answer alone (what a goal's `unify` returns) gives up
        // its state without a copy.
        if let Some(only) = Arc::get_mut(&mut o).filter(|o| held_state(o).is_some()) {
            if let Some(Payload::State(s)) = only.state.take() {
                return Ok(Stream::unit(s));
            }
        }
        if let Some(s) = held_state(&o) {
            return Ok(Stream::unit(s.clone()));
        }
        if &*o.class.name == CHOICE {
            if let Some(Payload::Shared(held)) = &o.state {
                if let Ok(held) = held.clone().downcast::<(State, Held)>() {
                    return Ok(Stream::mplus(Stream::unit(held.0.clone()), take(&held.1)?));
                }
            }
        }
        return to_stream_other(Value::Object(o), goal);
    }
    to_stream_other(v, goal)
}

/// [`to_stream`] of a value that is not a substitution or a `Choice`.
fn to_stream_other(v: Value, goal: &Value) -> Result<Stream> {
    if matches!(v, Value::Fn(_) | Value::Native(_)) {
        let goal = goal.clone();
        return Ok(Stream::suspend(move || {
            match apply(&v, Vec::new()).and_then(|next| to_stream(next, &goal)) {
                Ok(st) => st,
                Err(e) => {
                    let _ = fail_with(e);
                    Stream::empty()
                }
            }
        }));
    }
    Err(Error::msg(format!(
        "the goal {} returned {}: a goal returns nil, a substitution or a stream",
        crate::value::printer::describe(goal),
        crate::value::printer::describe(&v)
    )))
}

/// The goal of a callable value: it calls `f` with the substitution and takes what it returns
/// as a stream ([`to_stream`]); an error fails the goal and is reported by the query.
pub fn goal_from_fn(f: Value) -> Goal {
    Goal::new(
        move |s| match call(&f, subst_value(s)).and_then(|v| to_stream(v, &f)) {
            Ok(st) => st,
            Err(e) => {
                let _ = fail_with(e);
                Stream::empty()
            }
        },
    )
}

/// `f` called with the one argument `a` (without an argument vector when `f` is a Clojure
/// function).
fn call(f: &Value, a: Value) -> Result<Value> {
    match f {
        Value::Fn(c) => crate::eval::call_closure_with(c, smallvec::smallvec![a]),
        _ => apply(f, vec![a]),
    }
}

/// A goal called as a function, as core.logic's are: on a substitution, its stream's value.
pub fn call_goal(g: &Goal, args: Vec<Value>) -> Result<Value> {
    match args.as_slice() {
        [a] => Ok(stream_value(g.apply(state_arg(a, "a goal")?))),
        _ => Err(Error::ex(
            crate::value::error::ARITY,
            format!(
                "Wrong number of args ({}) passed to a goal: a goal takes a substitution",
                args.len()
            ),
        )),
    }
}

/// The variables of `t`, each once, in the order met.
pub(crate) fn vars_of(t: &Term, out: &mut Vec<Var>) {
    match t {
        Term::Var(x) if !out.contains(x) => out.push(*x),
        Term::Pair(p) => {
            vars_of(&p.0, out);
            vars_of(&p.1, out);
        }
        Term::Vector(xs) => xs.iter().for_each(|x| vars_of(x, out)),
        Term::Map(m) | Term::PartialMap(m) => m.iter().for_each(|(k, x)| {
            vars_of(k, out);
            vars_of(x, out)
        }),
        _ => {}
    }
}

/// Whether `x`, walked in `s`, holds the variable `v` (core.logic's occurs check).
fn occurs(s: &State, v: Var, x: &Term) -> bool {
    let mut vars = Vec::new();
    vars_of(&s.walk_star(x), &mut vars);
    vars.contains(&v)
}

fn lvar_arg(v: &Value, who: &str) -> Result<Var> {
    match v {
        Value::LVar(x) => Ok(*x),
        other => Err(Error::msg(format!(
            "{who}: expected a logic variable, got {}",
            crate::value::printer::describe(other)
        ))),
    }
}

/// `s` with each fresh variable of `v` bound to its reified name (core.logic's `-reify*` on a
/// substitution without `:reify-vars`: the name the variable was made with, `nil` for none).
fn reify_names(s: &State, v: &Term) -> State {
    let mut vars = Vec::new();
    vars_of(&s.walk_star(v), &mut vars);
    let numbered = s.extension::<ReifyVars>().is_some();
    vars.into_iter().fold(s.clone(), |s, x| {
        let name = match crate::value::convert::lvar_name(x) {
            _ if numbered => Term::sym(&format!("_{}", s.subst().len())),
            Some((_, given)) => Term::Sym(given),
            None => Term::sym("nil"),
        };
        s.ext_no_check(x, name)
    })
}

/// Marks a substitution that names variables as a query's answer does (`_0`, `_1`, ...):
/// core.logic's `:reify-vars` in the metadata of the substitution a reifier gets.
#[derive(Clone, Default)]
pub struct ReifyVars;

/// The empty substitution that names variables `_0`, `_1`, ... when `-reify` extends it.
pub fn naming_subst() -> State {
    State::new().with_extension(|_: &mut ReifyVars| {})
}

/// What core.logic keeps on a variable besides its value: attributes (`add-attr`), domains
/// by kind (`add-dom` with a kind other than `::fd`, whose domains are the engine's) and the
/// variables it is entangled with. Kept in the state (an engine extension), per root variable,
/// in a persistent map: a state's copy is O(1), an update O(log n).
#[derive(Clone, Default)]
struct Slots(
    imbl::GenericHashMap<Var, Slot, rustc_hash::FxBuildHasher, imbl::shared_ptr::DefaultSharedPtr>,
);

#[derive(Clone, Default)]
struct Slot {
    attrs: Vec<(Value, Value)>,
    doms: Vec<(Value, Value)>,
    eset: Vec<Var>,
}

/// The kind of the engine's finite domains, `::clojure.core.logic/fd`.
fn is_fd_kind(kind: &Value) -> bool {
    matches!(kind, Value::Keyword(k) if &**k == "clojure.core.logic/fd")
}

/// The last variable of `x`'s chain of variables in `s` (core.logic's `root-var`).
fn root_var(s: &State, x: Var) -> Var {
    let mut x = x;
    while let Some(Term::Var(y)) = s.subst().get(x) {
        if *y == x {
            break;
        }
        x = *y;
    }
    x
}

fn slot(s: &State, x: Var) -> Option<&Slot> {
    s.extension::<Slots>()?.0.get(&root_var(s, x))
}

fn set_in(list: &mut Vec<(Value, Value)>, k: &Value, v: Value) {
    match list
        .iter_mut()
        .find(|(key, _)| crate::value::coll::equal(key, k))
    {
        Some(entry) => entry.1 = v,
        None => list.push((k.clone(), v)),
    }
}

fn get_in(list: &[(Value, Value)], k: &Value) -> Value {
    list.iter()
        .find(|(key, _)| crate::value::coll::equal(key, k))
        .map_or(Value::Nil, |(_, v)| v.clone())
}

/// `x` and every variable entangled with it, transitively, as roots.
fn entangled(s: &State, x: Var) -> Vec<Var> {
    let mut all = vec![root_var(s, x)];
    let mut i = 0;
    while i < all.len() {
        if let Some(sl) = slot(s, all[i]) {
            for y in &sl.eset {
                let y = root_var(s, *y);
                if !all.contains(&y) {
                    all.push(y);
                }
            }
        }
        i += 1;
    }
    all
}

/// `(add-dom s x kind d)` on `x` and the variables entangled with it: the engine's domain for
/// `::fd` (narrowed, its constraints run), else the slot's; `None` when a domain empties.
fn add_dom(s: State, x: Var, kind: &Value, d: &Value) -> Result<Option<State>> {
    let mut s = s;
    for y in entangled(&s, x) {
        if is_fd_kind(kind) {
            let dom = crate::library::logic::fd::domain_arg(d, "add-dom")?;
            match kanren::fd::dom(y, dom).apply(s).head() {
                // The value given is kept too: get-dom gives it back while it is the domain.
                Head::Unit(next) => {
                    let d = d.clone();
                    s = next.with_extension(|sl: &mut Slots| {
                        set_in(&mut sl.0.entry(y).or_default().doms, kind, d)
                    });
                }
                _ => return Ok(None),
            }
        } else {
            let d = d.clone();
            s = s.with_extension(|sl: &mut Slots| {
                set_in(&mut sl.0.entry(y).or_default().doms, kind, d)
            });
        }
    }
    Ok(Some(s))
}

/// Set once the program uses core.logic's extension layer (see [`extension_layer_used`]).
static EXTENSION_LAYER_USED: std::sync::atomic::AtomicBool =
    std::sync::atomic::AtomicBool::new(false);

/// Whether the program has used core.logic's extension layer: the protocols' namespace or the
/// constraint layer loaded, or a variable's domains, attributes or entanglement read or set.
pub fn extension_layer_used() -> bool {
    EXTENSION_LAYER_USED.load(std::sync::atomic::Ordering::Relaxed)
}

fn extension_layer_in_use() {
    EXTENSION_LAYER_USED.store(true, std::sync::atomic::Ordering::Relaxed);
}

/// `s` where each unbound variable of `xs` keeps `given`, the finite domain it was given as
/// written, for `get-dom` to give back while the engine's domain is still its set.
pub fn keep_given_domain(s: State, xs: &[Term], given: &Value) -> State {
    let kind = Value::kw("clojure.core.logic/fd");
    let mut s = s;
    for x in xs {
        if let Term::Var(v) = s.walk(x) {
            let d = given.clone();
            s = s.with_extension(|sl: &mut Slots| {
                set_in(&mut sl.0.entry(v).or_default().doms, &kind, d)
            });
        }
    }
    s
}

/// `(get-dom s x kind)`: `x`'s value when it is bound, else its domain of that kind.
fn get_dom(s: &State, x: &Value, kind: &Value) -> Result<Value> {
    let t = to_term(x)?;
    let walked = s.walk(&t);
    let Term::Var(v) = walked else {
        return Ok(from_term(&walked));
    };
    if is_fd_kind(kind) {
        let Some(d) = kanren::fd::domain_of(s, &walked) else {
            return Ok(Value::Nil);
        };
        // The domain value add-dom was given, while the engine's domain is still its set
        // (core.logic keeps the value itself: a `domain` of 1 2 3 is not the interval 1..3).
        let given = slot(s, v).map(|sl| get_in(&sl.doms, kind));
        if let Some(given) = given.filter(|g| !matches!(g, Value::Nil)) {
            let same = crate::library::logic::fd::domain_arg(&given, "get-dom")
                .is_ok_and(|g| g.is_some_and(|g| g.to_string() == d.to_string()));
            if same {
                return Ok(given);
            }
        }
        return Ok(crate::library::logic::fd::domain_value(Some(d)));
    }
    Ok(slot(s, v).map_or(Value::Nil, |sl| get_in(&sl.doms, kind)))
}

fn install_slots(l: &str) {
    let reg = |ns: &str, name: &'static str, f: fn(Vec<Value>) -> Result<Value>| {
        reg(ns, name, move |a| {
            extension_layer_in_use();
            f(a)
        })
    };
    reg(l, "add-attr", |a| {
        arity(&a, 4, 4, "add-attr")?;
        let s = state_arg(&a[0], "add-attr")?;
        let x = root_var(&s, lvar_arg(&a[1], "add-attr")?);
        let (k, v) = (a[2].clone(), a[3].clone());
        Ok(subst_value(s.with_extension(|sl: &mut Slots| {
            set_in(&mut sl.0.entry(x).or_default().attrs, &k, v)
        })))
    });
    reg(l, "rem-attr", |a| {
        arity(&a, 3, 3, "rem-attr")?;
        let s = state_arg(&a[0], "rem-attr")?;
        let x = root_var(&s, lvar_arg(&a[1], "rem-attr")?);
        let k = a[2].clone();
        Ok(subst_value(s.with_extension(|sl: &mut Slots| {
            if let Some(slot) = sl.0.get_mut(&x) {
                slot.attrs
                    .retain(|(key, _)| !crate::value::coll::equal(key, &k));
            }
        })))
    });
    reg(l, "get-attr", |a| {
        arity(&a, 3, 3, "get-attr")?;
        let s = state_arg(&a[0], "get-attr")?;
        let x = lvar_arg(&a[1], "get-attr")?;
        Ok(slot(&s, x).map_or(Value::Nil, |sl| get_in(&sl.attrs, &a[2])))
    });
    reg(l, "entangle", |a| {
        arity(&a, 3, 3, "entangle")?;
        let s = state_arg(&a[0], "entangle")?;
        let x = root_var(&s, lvar_arg(&a[1], "entangle")?);
        let y = root_var(&s, lvar_arg(&a[2], "entangle")?);
        Ok(subst_value(s.with_extension(|sl: &mut Slots| {
            sl.0.entry(x).or_default().eset.push(y);
            sl.0.entry(y).or_default().eset.push(x);
        })))
    });
    reg(l, "add-dom", |a| {
        arity(&a, 4, 4, "add-dom")?;
        let s = state_arg(&a[0], "add-dom")?;
        let x = lvar_arg(&a[1], "add-dom")?;
        Ok(add_dom(s, x, &a[2], &a[3])?.map_or(Value::Nil, subst_value))
    });
    reg(l, "update-dom", |a| {
        arity(&a, 4, 4, "update-dom")?;
        let s = state_arg(&a[0], "update-dom")?;
        let x = lvar_arg(&a[1], "update-dom")?;
        let old = get_dom(&s, &a[1], &a[2])?;
        let new = crate::eval::apply(&a[3], vec![old])?;
        Ok(add_dom(s, x, &a[2], &new)?.map_or(Value::Nil, subst_value))
    });
    reg(l, "get-dom", |a| {
        arity(&a, 3, 3, "get-dom")?;
        get_dom(&state_arg(&a[0], "get-dom")?, &a[1], &a[2])
    });
    // (slot-data s x): nil for a variable with no domain, attribute or entanglement, else
    // [doms eset attrs] as core.logic's `SubstValue` holds them (attrs as its metadata).
    reg("kanren.logic", "slot-data", |a| {
        arity(&a, 2, 2, "root-val")?;
        let s = state_arg(&a[0], "root-val")?;
        let x = root_var(&s, lvar_arg(&a[1], "root-val")?);
        let kind = Value::kw("clojure.core.logic/fd");
        let fd = get_dom(&s, &Value::LVar(x), &kind)?;
        let sl = slot(&s, x);
        if matches!(fd, Value::Nil) && sl.is_none() {
            return Ok(Value::Nil);
        }
        let map = |list: &[(Value, Value)]| Value::Map(Items::arc(list.to_vec()));
        let mut doms = sl.map(|sl| sl.doms.clone()).unwrap_or_default();
        if !matches!(fd, Value::Nil) {
            set_in(&mut doms, &kind, fd);
        }
        let eset = match sl {
            Some(sl) if !sl.eset.is_empty() => Value::Set(Items::arc(
                sl.eset.iter().map(|v| Value::LVar(*v)).collect(),
            )),
            _ => Value::Nil,
        };
        let attrs = sl.map_or(Value::Nil, |sl| map(&sl.attrs));
        Ok(Value::vector(vec![map(&doms), eset, attrs]))
    });
    reg("kanren.logic", "root-var", |a| {
        arity(&a, 2, 2, "root-var")?;
        let s = state_arg(&a[0], "root-var")?;
        // A value that is not a variable is its own root, as in core.logic.
        Ok(match &a[1] {
            Value::LVar(x) => Value::LVar(root_var(&s, *x)),
            other => other.clone(),
        })
    });
    reg("kanren.logic", "root-val", |a| {
        arity(&a, 2, 2, "root-val")?;
        let s = state_arg(&a[0], "root-val")?;
        let x = root_var(&s, lvar_arg(&a[1], "root-val")?);
        Ok(match s.subst().get(x) {
            Some(t) => from_term(t),
            None => Value::LVar(x),
        })
    });
}

/// `clojure.core.logic.protocols`, in Clojure.
static PROTOCOLS: crate::library::core::prelude::Source = crate::library::core::prelude::Source {
    key: "clojure.core.logic.protocols",
    text: include_str!("protocols.clj"),
};

/// core.logic's constraint layer in Clojure (see library::logic::ckanren).
static CKANREN: crate::library::core::prelude::Source = crate::library::core::prelude::Source {
    key: "clojure.core.logic (constraint store)",
    text: include_str!("ckanren.clj"),
};

/// The lazy seq of the substitutions of a stream (`take*`), forcing its suspensions.
fn answers(st: Stream) -> Value {
    Value::lazy(move || {
        let mut st = st;
        loop {
            crate::eval::check_interrupt()?;
            let (step, failed) = crate::library::logic::isolated(|| st.head());
            if let Some(e) = failed {
                return Err(e);
            }
            return Ok(match step {
                Head::Empty => Value::EmptyList,
                Head::Unit(s) => Value::list([subst_value(s)]),
                Head::Choice(s, rest) => Value::cons(subst_value(s), answers(rest)),
                Head::Inc(rest) => {
                    st = rest;
                    continue;
                }
            });
        }
    })
}

/// Installs the functions and forms of this module in `clojure.core.logic`.
pub fn install() {
    let l = "clojure.core.logic";
    // The protocols' implementations for kanren's values (see protocols.clj).
    let k = "kanren.logic";
    crate::eval::set_goal_call(call_goal);
    install_slots(l);
    // The protocols and the constraint layer written in Clojure load together on first use:
    // when the protocols' namespace is used, or a name of theirs in clojure.core.logic or
    // clojure.core.logic.fd is looked up and not found.
    fn load() {
        extension_layer_in_use();
        crate::library::core::prelude::ensure(&PROTOCOLS);
        crate::library::core::prelude::ensure(&CKANREN);
    }
    crate::eval::ns::define_later("clojure.core.logic.protocols", load);
    crate::eval::ns::define_on_miss("clojure.core.logic", load);
    crate::eval::ns::define_on_miss("clojure.core.logic.fd", load);
    crate::library::logic::ckanren::install();
    reg(k, "take*", |a| {
        arity(&a, 1, 1, "take*")?;
        Ok(answers(to_stream(a[0].clone(), &a[0])?))
    });
    crate::eval::ns::define(l, "empty-s", subst_value(State::new()));
    reg_slice(l, "unify", |a| {
        arity(a, 3, 3, "unify")?;
        let (u, v) = (to_term(&a[1])?, to_term(&a[2])?);
        with_state(&a[0], "unify", |s| {
            if custom::active() {
                return Ok(custom::unify(s, &u, &v)?.map_or(Value::Nil, subst_value));
            }
            Ok(match s.unify(&u, &v) {
                Some(s) => subst_value(s),
                None => Value::Nil,
            })
        })
    });
    reg_slice(k, "walk", |a| {
        arity(a, 2, 2, "walk")?;
        let t = to_term(&a[1])?;
        with_state(&a[0], "walk", |s| Ok(from_term(&s.walk(&t))))
    });
    reg(l, "walk*", |a| {
        arity(&a, 2, 2, "walk*")?;
        if custom::active() {
            return custom::walk_star(&state_arg(&a[0], "walk*")?, &a[1]);
        }
        Ok(from_term(
            &state_arg(&a[0], "walk*")?.walk_star(&to_term(&a[1])?),
        ))
    });
    reg(k, "ext-no-check", |a| {
        arity(&a, 3, 3, "ext-no-check")?;
        let s = state_arg(&a[0], "ext-no-check")?;
        Ok(subst_value(s.ext_no_check(
            lvar_arg(&a[1], "ext-no-check")?,
            to_term(&a[2])?,
        )))
    });
    reg(l, "ext", |a| {
        arity(&a, 3, 3, "ext")?;
        let s = state_arg(&a[0], "ext")?;
        let (x, t) = (lvar_arg(&a[1], "ext")?, to_term(&a[2])?);
        let occurs = if custom::active() {
            custom::occurs(&s, &Term::Var(x), &t)?
        } else {
            occurs(&s, x, &t)
        };
        Ok(if occurs {
            Value::Nil
        } else {
            subst_value(s.ext_no_check(x, t))
        })
    });
    reg(l, "to-s", |a| {
        arity(&a, 1, 1, "to-s")?;
        let mut s = State::new();
        for pair in a[0].to_vec()? {
            let kv = pair.to_vec()?;
            let [k, v] = kv.as_slice() else {
                return Err(Error::msg("to-s: expected [lvar value] pairs"));
            };
            s = s.ext_no_check(lvar_arg(k, "to-s")?, to_term(v)?);
        }
        Ok(subst_value(s))
    });
    reg(l, "-reify*", |a| {
        arity(&a, 2, 2, "-reify*")?;
        let s = state_arg(&a[0], "-reify*")?;
        if custom::active() {
            return Ok(subst_value(custom::reify_star(s, &a[1])?));
        }
        Ok(subst_value(reify_names(&s, &to_term(&a[1])?)))
    });
    reg(l, "-reify", |a| {
        arity(&a, 2, 3, "-reify")?;
        let s = state_arg(&a[0], "-reify")?;
        if custom::active() {
            let r = a.get(2).map(|r| state_arg(r, "-reify")).transpose()?;
            return custom::reify(&s, &a[1], r);
        }
        let v = s.walk_star(&to_term(&a[1])?);
        let names = match a.get(2) {
            Some(r) => state_arg(r, "-reify")?,
            None => State::new(),
        };
        Ok(from_term(&reify_names(&names, &v).walk_star(&v)))
    });
    reg(l, "reify-lvar-name", |a| {
        arity(&a, 1, 1, "reify-lvar-name")?;
        let s = state_arg(&a[0], "reify-lvar-name")?;
        Ok(Value::Symbol(format!("_{}", s.subst().len()).into()))
    });
    reg(k, "bind", |a| {
        arity(&a, 2, 2, "bind")?;
        let g = goal_of(&a[1], "bind")?;
        Ok(stream_value(Stream::bind(
            to_stream(a[0].clone(), &a[1])?,
            g,
        )))
    });
    reg(l, "bind*", |a| {
        arity(&a, 2, usize::MAX, "bind*")?;
        let mut st = to_stream(a[0].clone(), &a[1])?;
        for g in &a[1..] {
            st = Stream::bind(st, goal_of(g, "bind*")?);
        }
        Ok(stream_value(st))
    });
    reg(k, "mplus", |a| {
        arity(&a, 2, 2, "mplus")?;
        let first = to_stream(a[0].clone(), &a[0])?;
        Ok(stream_value(Stream::mplus(
            first,
            to_stream(a[1].clone(), &a[1])?,
        )))
    });
    reg(l, "choice", |a| {
        arity(&a, 2, 2, "choice")?;
        let s = state_arg(&a[0], "choice")?;
        let rest = to_stream(a[1].clone(), &a[1])?;
        let held: Arc<(State, Held)> = Arc::new((s, Mutex::new(Some(rest))));
        Ok(object(CHOICE, Payload::Shared(held)))
    });
    reg(l, "composeg", |a| {
        arity(&a, 0, 2, "composeg")?;
        composeg(&a)
    });
    reg(l, "composeg*", |a| {
        arity(&a, 1, usize::MAX, "composeg*")?;
        composeg(&a)
    });
    for form in ["-inc", "mplus*"] {
        crate::eval::ns::define(l, form, Value::Special(format!("stream:{form}").into()));
    }
    crate::eval::register_special("stream", stream_form);
}

/// `(composeg g0 g1 ...)`: the goals in sequence (`identity`, the goal that keeps the
/// substitution, for none).
fn composeg(goals: &[Value]) -> Result<Value> {
    if goals.is_empty() {
        return Ok(Value::Goal(kanren::succeed()));
    }
    let goals = goals
        .iter()
        .map(|g| goal_of(g, "composeg"))
        .collect::<Result<Vec<_>>>()?;
    Ok(Value::Goal(kanren::conj(goals)))
}

/// Whether `v` can be called as a function, and so be a goal.
pub fn callable(v: &Value) -> bool {
    matches!(
        v,
        Value::Fn(_)
            | Value::Native(_)
            | Value::Keyword(_)
            | Value::Symbol(_)
            | Value::Map(_)
            | Value::Set(_)
            | Value::Var(_)
    ) || matches!(v, Value::Object(o) if o.call.is_some() || o.class.method("invoke").is_some())
}

/// `(-inc body...)`, a suspension that runs `body` when forced, and `(mplus* e & es)`, the
/// streams of `e` then of each `es`, the rest evaluated only when the search gets to them.
fn stream_form(name: &str, tail: &Value, env: &Env) -> Result<Value> {
    let body = tail.to_vec()?;
    let env = env.clone();
    match name {
        "-inc" => Ok(native("-inc", move |a| {
            arity(&a, 0, 0, "-inc")?;
            let mut out = Value::Nil;
            for form in &body {
                out = eval(form, &env)?;
            }
            Ok(out)
        })),
        _ => {
            let Some((first, rest)) = body.split_first() else {
                return Err(Error::msg("mplus*: expected at least one stream"));
            };
            let first = eval(first, &env)?;
            let mut st = to_stream(first.clone(), &first)?;
            if !rest.is_empty() {
                let rest = rest.to_vec();
                let later = Stream::suspend(move || {
                    let head = Value::Symbol("clojure.core.logic/mplus*".into());
                    let forms = Value::list(std::iter::once(head).chain(rest).collect::<Vec<_>>());
                    match eval(&forms, &env).and_then(|v| to_stream(v.clone(), &v)) {
                        Ok(st) => st,
                        Err(e) => {
                            let _ = fail_with(e);
                            Stream::empty()
                        }
                    }
                });
                st = Stream::mplus(st, later);
            }
            Ok(stream_value(st))
        }
    }
}

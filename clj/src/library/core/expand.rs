//! `macroexpand-1` of clojure.core's macros that the evaluator runs itself (as special forms
//! in `eval/special/`, so they have no Clojure code to call): each one's one-step expansion,
//! written as clojure.core 1.11 writes it, so `(macroexpand-1 '(when a b))` is
//! `(if a (do b))`. Only `macroexpand-1` (and so `macroexpand` and
//! `clojure.walk/macroexpand-all`) reads this table; evaluation never does.
//!
//! Names a macro generates are fresh, as in Clojure, but numbered differently
//! (`and__1042__auto__`, `G__1043`). Destructuring in `let`'s bindings is left to `let*`
//! (which destructures in kanren) unless a `clojure.core/destructure` is defined.
//! `doseq`, `for`, `case`, `condp`, `letfn`, `binding` and the other forms not listed in
//! [`expand_special`] are returned unexpanded.

use crate::eval::next_id;
use crate::value::error::{Error, Result};
use crate::value::Value;

/// Expands a macro call once: a call of a macro defined with `defmacro` runs it, a call of
/// one of clojure.core's built-in macros gives its expansion ([`expand_special`]); any other
/// form is returned as it is.
pub fn macroexpand_1(form: &Value) -> Result<Value> {
    if let Value::List(c) = form {
        if let Value::Symbol(s) = &c.0 {
            match crate::eval::ns::resolve(s) {
                Some((_, Value::Macro(m))) => return crate::eval::call_closure(&m, c.1.to_vec()?),
                Some((q, Value::Special(_))) => {
                    if let Some(name) = q.strip_prefix("clojure.core/") {
                        if let Some(out) = expand_special(name, &c.1.to_vec()?)? {
                            return Ok(out);
                        }
                    }
                }
                _ => {}
            }
        }
    }
    Ok(form.clone())
}

/// The one-step expansion of the built-in macro `name` called with `args`, or `None` for a
/// form this table does not expand (a special form proper, or a macro left out).
pub fn expand_special(name: &str, args: &[Value]) -> Result<Option<Value>> {
    let body = |from: usize| args.get(from..).unwrap_or(&[]).to_vec();
    let arg = |i: usize| args.get(i).cloned().unwrap_or(Value::Nil);
    Ok(Some(match name {
        // (when test & body) => (if test (do body...))
        "when" => list([sym("if"), arg(0), do_(body(1))]),
        // (when-not test & body) => (if test nil (do body...))
        "when-not" => list([sym("if"), arg(0), Value::Nil, do_(body(1))]),
        // (if-not test then) => (if-not test then nil); (if-not test then else) =>
        // (if (not test) then else)
        "if-not" => match args.len() {
            2 => list([core("if-not"), arg(0), arg(1), Value::Nil]),
            3 => list([sym("if"), list([core("not"), arg(0)]), arg(1), arg(2)]),
            _ => return Ok(None),
        },
        // (cond) => nil; (cond t e & more) => (if t e (cond more...))
        "cond" => match args {
            [] => Value::Nil,
            [_] => return Err(Error::msg("cond requires an even number of forms")),
            [t, e, more @ ..] => list([sym("if"), t.clone(), e.clone(), call("cond", more)]),
        },
        // (and) => true; (and x) => x; (and x & more) =>
        // (let [g x] (if g (and more...) g))
        "and" | "or" => match args {
            [] if name == "and" => Value::Bool(true),
            [] => Value::Nil,
            [x] => x.clone(),
            [x, more @ ..] => {
                let g = auto(name);
                let rest = call(name, more);
                let test = if name == "and" {
                    list([sym("if"), g.clone(), rest, g.clone()])
                } else {
                    list([sym("if"), g.clone(), g.clone(), rest])
                };
                list([core("let"), Value::vector(vec![g, x.clone()]), test])
            }
        },
        "->" | "->>" => {
            let mut x = arg(0);
            for f in &body(1) {
                x = thread(f, x, name == "->>")?;
            }
            x
        }
        // (as-> e n f1 f2 f3) => (let [n e n f1 n f2] f3)
        "as->" => {
            let (e, n, forms) = (arg(0), arg(1), body(2));
            let mut binds = vec![n.clone(), e];
            if let Some((last, init)) = forms.split_last() {
                for f in init {
                    binds.push(n.clone());
                    binds.push(f.clone());
                }
                list([core("let"), Value::vector(binds), last.clone()])
            } else {
                list([core("let"), Value::vector(binds), n])
            }
        }
        // (some-> e f1 f2) => (let [g e g (if (nil? g) nil (-> g f1))] (if (nil? g) nil (-> g f2)))
        "some->" | "some->>" => {
            let g = gensym();
            let by = core(&name[4..]);
            let steps = body(1)
                .into_iter()
                .map(|f| {
                    let nil_test = list([core("nil?"), g.clone()]);
                    let step = list([by.clone(), g.clone(), f]);
                    list([sym("if"), nil_test, Value::Nil, step])
                })
                .collect();
            threaded_let(g, arg(0), steps)
        }
        // (cond-> e t1 f1 t2 f2) => (let [g e g (if t1 (-> g f1) g)] (if t2 (-> g f2) g))
        "cond->" | "cond->>" => {
            let g = gensym();
            let by = core(&name[4..]);
            let clauses = body(1);
            if clauses.len() % 2 != 0 {
                return Err(Error::msg(format!(
                    "{name} requires an even number of forms"
                )));
            }
            let steps = clauses
                .chunks(2)
                .map(|c| {
                    let step = list([by.clone(), g.clone(), c[1].clone()]);
                    list([sym("if"), c[0].clone(), step, g.clone()])
                })
                .collect();
            threaded_let(g, arg(0), steps)
        }
        // (doto x (f a) g) => (let [G x] (f G a) (g G) G)
        "doto" => {
            let g = gensym();
            let mut out = vec![core("let"), Value::vector(vec![g.clone(), arg(0)])];
            for f in body(1) {
                out.push(thread(&f, g.clone(), false)?);
            }
            out.push(g);
            list(out)
        }
        // (when-let [x e] body) => (let [t e] (when t (let [x t] body...)))
        "when-let" | "when-some" | "if-let" | "if-some" => {
            let (form, tst) = binding_pair(name, &arg(0))?;
            let when = name.starts_with("when");
            // (if-let [x e] then) => (if-let [x e] then nil)
            if !when && args.len() == 2 {
                return Ok(Some(list([core(name), arg(0), arg(1), Value::Nil])));
            }
            let t = auto("temp");
            let bound = |body: Vec<Value>| {
                let mut l = vec![core("let"), Value::vector(vec![form.clone(), t.clone()])];
                l.extend(body);
                list(l)
            };
            let inner = match name {
                "when-let" => list([core("when"), t.clone(), bound(body(1))]),
                "when-some" => list([
                    sym("if"),
                    list([core("nil?"), t.clone()]),
                    Value::Nil,
                    bound(body(1)),
                ]),
                "if-let" => list([sym("if"), t.clone(), bound(vec![arg(1)]), arg(2)]),
                _ => list([
                    sym("if"),
                    list([core("nil?"), t.clone()]),
                    arg(2),
                    bound(vec![arg(1)]),
                ]),
            };
            list([core("let"), Value::vector(vec![t, tst]), inner])
        }
        // (when-first [x xs] body) => (when-let [g (seq xs)] (let [x (first g)] body...))
        "when-first" => {
            let (x, xs) = binding_pair(name, &arg(0))?;
            let g = auto("xs");
            let mut l = vec![
                core("let"),
                Value::vector(vec![x, list([core("first"), g.clone()])]),
            ];
            l.extend(body(1));
            list([
                core("when-let"),
                Value::vector(vec![g, list([core("seq"), xs])]),
                list(l),
            ])
        }
        // (dotimes [i n] body) =>
        // (let [g (long n)] (loop [i 0] (when (< i g) body... (recur (unchecked-inc i)))))
        "dotimes" => {
            let (i, n) = binding_pair(name, &arg(0))?;
            let g = auto("n");
            let mut w = vec![core("when"), list([core("<"), i.clone(), g.clone()])];
            w.extend(body(1));
            w.push(list([
                sym("recur"),
                list([core("unchecked-inc"), i.clone()]),
            ]));
            list([
                core("let"),
                Value::vector(vec![g, list([core("long"), n])]),
                list([core("loop"), Value::vector(vec![i, Value::Int(0)]), list(w)]),
            ])
        }
        // (while test body) => (loop [] (when test body... (recur)))
        "while" => {
            let mut w = vec![core("when"), arg(0)];
            w.extend(body(1));
            w.push(list([sym("recur")]));
            list([core("loop"), Value::vector(Vec::new()), list(w)])
        }
        "let" => {
            let binds = arg(0);
            let binds = match crate::eval::ns::resolve("clojure.core/destructure") {
                Some((_, f)) if !plain_bindings(&binds)? => crate::eval::apply(&f, vec![binds])?,
                _ => binds,
            };
            let mut l = vec![sym("let*"), binds];
            l.extend(body(1));
            list(l)
        }
        "loop" => expand_loop(&arg(0), body(1))?,
        "fn" => expand_fn(args)?,
        "defn" | "defn-" => expand_defn(name, args)?,
        "comment" => Value::Nil,
        // (.. x f) => (. x f); (.. x f & more) => (.. (. x f) more...)
        ".." => match args {
            [x, f] => list([sym("."), x.clone(), f.clone()]),
            [x, f, more @ ..] => {
                let mut l = vec![sym(".."), list([sym("."), x.clone(), f.clone()])];
                l.extend(more.iter().cloned());
                list(l)
            }
            _ => return Ok(None),
        },
        _ => return Ok(None),
    }))
}

/// `(let [g e g s1 g s2] s3)`: the threading of `some->` and `cond->`.
fn threaded_let(g: Value, e: Value, steps: Vec<Value>) -> Value {
    let mut binds = vec![g.clone(), e];
    let last = match steps.split_last() {
        Some((last, init)) => {
            for s in init {
                binds.push(g.clone());
                binds.push(s.clone());
            }
            last.clone()
        }
        None => g,
    };
    list([core("let"), Value::vector(binds), last])
}

/// One step of `->` (`x` after the head of `f`) or `->>` (`x` last); a form that is not a
/// list is called with `x`.
fn thread(f: &Value, x: Value, last: bool) -> Result<Value> {
    Ok(match f {
        Value::List(_) => {
            let mut items = f.to_vec()?;
            if last {
                items.push(x);
            } else {
                items.insert(1, x);
            }
            list(items)
        }
        _ => list([f.clone(), x]),
    })
}

/// The pattern and value of a one-binding vector `[x e]` (`when-let`, `dotimes`, ...).
fn binding_pair(name: &str, v: &Value) -> Result<(Value, Value)> {
    match v {
        Value::Vector(b) if b.len() == 2 => Ok((b[0].clone(), b[1].clone())),
        _ => Err(Error::msg(format!(
            "{name} requires a vector of exactly 2 forms for its binding"
        ))),
    }
}

/// Whether every pattern of a binding vector is a symbol (no destructuring).
fn plain_bindings(binds: &Value) -> Result<bool> {
    Ok(binds
        .to_vec()?
        .iter()
        .step_by(2)
        .all(|p| matches!(p, Value::Symbol(_))))
}

/// `(loop [x e] body)` => `(loop* [x e] body...)`; with destructuring, Clojure's
/// `(let [g e] (loop* [g g] (let [pattern g] body...)))`.
fn expand_loop(binds: &Value, body: Vec<Value>) -> Result<Value> {
    let items = binds.to_vec()?;
    if plain_bindings(binds)? {
        let mut l = vec![sym("loop*"), binds.clone()];
        l.extend(body);
        return Ok(list(l));
    }
    let (mut outer, mut gs, mut inner) = (Vec::new(), Vec::new(), Vec::new());
    for pair in items.chunks(2) {
        let (b, v) = (pair[0].clone(), pair.get(1).cloned().unwrap_or(Value::Nil));
        let g = match &b {
            Value::Symbol(_) => b.clone(),
            _ => gensym(),
        };
        outer.extend([g.clone(), v]);
        if !matches!(b, Value::Symbol(_)) {
            outer.extend([b.clone(), g.clone()]);
        }
        gs.extend([g.clone(), g.clone()]);
        inner.extend([b, g]);
    }
    let mut let_inner = vec![core("let"), Value::vector(inner)];
    let_inner.extend(body);
    Ok(list([
        core("let"),
        Value::vector(outer),
        list([sym("loop*"), Value::vector(gs), list(let_inner)]),
    ]))
}

/// `(fn name? [params] body)` or `(fn name? ([params] body)...)` => `(fn* name? ([params]
/// body...)...)`, with `:pre`/`:post` conditions as `assert`s and destructured parameters
/// bound by a `let` over fresh ones, as Clojure's `fn` writes them.
fn expand_fn(args: &[Value]) -> Result<Value> {
    let (name, sigs) = match args.first() {
        Some(n @ Value::Symbol(_)) => (Some(n.clone()), &args[1..]),
        _ => (None, args),
    };
    let sigs: Vec<Value> = match sigs.first() {
        Some(Value::Vector(_)) => vec![list(sigs.iter().cloned())],
        Some(Value::List(_)) => sigs.to_vec(),
        _ => return Err(Error::msg("fn: parameter declaration missing")),
    };
    let mut out = vec![sym("fn*")];
    out.extend(name);
    for sig in sigs {
        out.push(fn_arity(&sig)?);
    }
    Ok(list(out))
}

/// One arity `([params] body)` of `fn`'s expansion.
fn fn_arity(sig: &Value) -> Result<Value> {
    let items = sig.to_vec()?;
    let Some(Value::Vector(params)) = items.first() else {
        return Err(Error::msg(format!(
            "fn: parameter declaration {} should be a vector",
            items.first().unwrap_or(&Value::Nil)
        )));
    };
    let mut body = items[1..].to_vec();
    let conds = match body.first() {
        Some(m @ Value::Map(_)) if body.len() > 1 => {
            let m = m.clone();
            body.remove(0);
            Some(m)
        }
        _ => None,
    };
    if let Some(conds) = conds {
        let assert = |c: Value| list([core("assert"), c]);
        let post = crate::value::coll::get(&conds, &Value::kw("post"))?;
        if !matches!(post, Value::Nil) {
            let result = if body.len() > 1 {
                do_(body)
            } else {
                body.remove(0)
            };
            let mut l = vec![core("let"), Value::vector(vec![sym("%"), result])];
            l.extend(post.to_vec()?.into_iter().map(assert));
            l.push(sym("%"));
            body = vec![list(l)];
        }
        let pre = crate::value::coll::get(&conds, &Value::kw("pre"))?;
        let mut with_pre: Vec<Value> = pre.to_vec()?.into_iter().map(assert).collect();
        with_pre.extend(body);
        body = with_pre;
    }
    if params.iter().all(|p| matches!(p, Value::Symbol(_))) {
        let mut l = vec![Value::Vector(params.clone())];
        l.extend(body);
        return Ok(list(l));
    }
    let (mut fresh, mut lets) = (Vec::new(), Vec::new());
    for p in params.iter() {
        match p {
            Value::Symbol(_) => fresh.push(p.clone()),
            _ => {
                let g = sym(&format!("p__{}", next_id()));
                fresh.push(g.clone());
                lets.extend([p.clone(), g]);
            }
        }
    }
    let mut l = vec![core("let"), Value::vector(lets)];
    l.extend(body);
    Ok(list([Value::vector(fresh), list(l)]))
}

/// `(defn name doc? attrs? [params] body)` => `(def name (fn ([params] body...)))`, the
/// docstring, attributes and `:arglists` as the name's metadata; `defn-` is `defn` with
/// `{:private true}`.
fn expand_defn(which: &str, args: &[Value]) -> Result<Value> {
    let Some(name @ Value::Symbol(_)) = args.first() else {
        return Err(Error::msg(format!(
            "First argument to {which} must be a symbol"
        )));
    };
    let mut meta = match crate::value::meta::meta_of(name) {
        Value::Map(m) => m.to_vec(),
        _ => Vec::new(),
    };
    if which == "defn-" {
        crate::value::coll::map_insert(&mut meta, Value::kw("private"), Value::Bool(true));
        let name = crate::value::meta::with_meta(name, Value::Map(items(meta)))?;
        let mut l = vec![core("defn"), name];
        l.extend(args[1..].iter().cloned());
        return Ok(list(l));
    }
    let mut rest = &args[1..];
    let mut own = Vec::new();
    if let Some(Value::Str(_)) = rest.first() {
        own.push((Value::kw("doc"), rest[0].clone()));
        rest = &rest[1..];
    }
    if let Some(Value::Map(m)) = rest.first() {
        own.extend(m.iter().cloned());
        rest = &rest[1..];
    }
    let mut sigs: Vec<Value> = match rest.first() {
        Some(Value::Vector(_)) => vec![list(rest.iter().cloned())],
        _ => rest.to_vec(),
    };
    if let Some(Value::Map(m)) = sigs.last() {
        own.extend(m.iter().cloned());
        sigs.pop();
    }
    let arglists = sigs
        .iter()
        .map(|s| Ok(s.to_vec()?.first().cloned().unwrap_or(Value::Nil)))
        .collect::<Result<Vec<_>>>()?;
    let mut m = vec![(Value::kw("arglists"), list([sym("quote"), list(arglists)]))];
    for (k, v) in own {
        crate::value::coll::map_insert(&mut m, k, v);
    }
    for (k, v) in m {
        crate::value::coll::map_insert(&mut meta, k, v);
    }
    let name = crate::value::meta::with_meta(name, Value::Map(items(meta)))?;
    let mut f = vec![core("fn")];
    f.extend(sigs);
    Ok(list([sym("def"), name, list(f)]))
}

fn items(pairs: Vec<(Value, Value)>) -> std::sync::Arc<crate::value::items::Items<(Value, Value)>> {
    crate::value::items::Items::arc(pairs)
}

fn sym(s: &str) -> Value {
    Value::sym(s)
}

/// `clojure.core/name`, as syntax-quote writes a core name.
fn core(name: &str) -> Value {
    Value::sym(&format!("clojure.core/{name}"))
}

fn list(items: impl IntoIterator<Item = Value>) -> Value {
    Value::list(items.into_iter().collect::<Vec<_>>())
}

/// `(clojure.core/name args...)`.
fn call(name: &str, args: &[Value]) -> Value {
    let mut l = vec![core(name)];
    l.extend(args.iter().cloned());
    list(l)
}

/// `(do body...)`.
fn do_(body: Vec<Value>) -> Value {
    let mut l = vec![sym("do")];
    l.extend(body);
    list(l)
}

/// A fresh name as syntax-quote's `base#` makes it: `base__N__auto__`.
fn auto(base: &str) -> Value {
    Value::sym(&format!("{base}__{}__auto__", next_id()))
}

/// A fresh name as `gensym` makes it: `G__N`.
fn gensym() -> Value {
    Value::sym(&format!("G__{}", next_id()))
}

//! core.logic's constraints beyond `==` and `!=` (`predc`, `featurec`, `partial-map`, `nafc`,
//! `conjo`, `fixc`, `treec`, `distribute`) and the `clojure.core.logic.unifier` namespace, bound to the engine's.

use crate::library::core::{arity, reg};
use crate::library::logic::{fail_with, from_term, goal_of, guard, into_goal, to_term};
use crate::value::error::{Error, Result};
use crate::value::Value;
use kanren::{Goal, Term};
use std::sync::{Arc, Mutex};

fn t(v: &Value) -> Result<Term> {
    to_term(v)
}

fn goal(g: Goal) -> Result<Value> {
    Ok(Value::Goal(g))
}

/// Registers the constraints and the unifier namespace.
pub fn install() {
    let l = "clojure.core.logic";
    reg(l, "partial-map", |a| {
        arity(&a, 1, 1, "partial-map")?;
        match &a[0] {
            Value::Map(m) => Ok(Value::PartialMap(m.clone())),
            other => Err(Error::msg(format!(
                "partial-map: expected a map, got {other}"
            ))),
        }
    });
    reg(l, "featurec", |a| {
        arity(&a, 2, 2, "featurec")?;
        goal(kanren::featurec(t(&a[0])?, t(&a[1])?))
    });
    reg(l, "conjo", |a| {
        arity(&a, 3, usize::MAX, "conjo")?;
        let items = a[1..a.len() - 1]
            .iter()
            .map(t)
            .collect::<Result<Vec<_>>>()?;
        goal(kanren::conjo(t(&a[0])?, items, t(&a[a.len() - 1])?))
    });
    reg(l, "predc", |a| {
        arity(&a, 2, 3, "predc")?;
        let test = truthy_test(a[1].clone());
        // The printed form: the one given, or (as core.logic) the predicate itself; a
        // function given as the form is core.logic's reifier, called with the constraint
        // (here nil), the answer's value, the substitution naming x's variables and the
        // substitution.
        let x = t(&a[0])?;
        let form = match a.get(2).unwrap_or(&a[1]) {
            f @ (Value::Fn(_) | Value::Native(_)) if a.len() == 3 => Err(f.clone()),
            f => Ok(t(f)?),
        };
        // As core.logic's, the predicate runs once `x` is not a variable (it may still hold
        // variables): the engine's `fixc` waits for that, where its `predc` waits for `x` to
        // be ground.
        let check = move |x: &Term| {
            if test(x) {
                kanren::succeed()
            } else {
                kanren::fail()
            }
        };
        goal(match form {
            Ok(form) => kanren::fixc_with_answer(x, check, move |_, _, _| Some(form.clone())),
            Err(f) => {
                let reifier = fn_reifier(f, &x, vec![Value::Nil]);
                kanren::fixc_with_answer(x, check, reifier)
            }
        })
    });
    // (-groundc [args] pred name): what `defnc`/`fnc` build, `pred` on the arguments once
    // they are all ground, shown as `(name args...)` while it waits (kanren's helper).
    reg(l, "-groundc", |a| {
        arity(&a, 3, 3, "-groundc")?;
        let test = truthy_test(a[1].clone());
        let name = t(&a[2])?;
        let shown = move |x: &Term| {
            let args = x.to_vec()?;
            Some(Term::list(std::iter::once(name.clone()).chain(args)))
        };
        goal(kanren::predc_with(t(&a[0])?, test, shown))
    });
    reg(l, "fixc", |a| fix_goal(a, "fixc", false));
    reg(l, "tree-term?", |a| {
        // A sequence (an `lcons` too) or a map: what `treec` walks into.
        arity(&a, 1, 1, "tree-term?")?;
        Ok(Value::Bool(kanren::is_tree(&t(&a[0])?)))
    });
    reg(l, "treec", |a| fix_goal(a, "treec", true));
    reg(l, "distribute", |a| {
        arity(&a, 2, 2, "distribute")?;
        // core.logic has one strategy, first-fail (`::l/ff`), and ignores the argument.
        match &a[1] {
            Value::Keyword(k) if k.ends_with("ff") => {}
            other => {
                return Err(Error::msg(format!(
                    "distribute: the strategy must be ::l/ff, got {other}"
                )))
            }
        }
        goal(kanren::fd::distribute(
            t(&a[0])?,
            kanren::fd::Strategy::FirstFail,
        ))
    });
    reg(l, "nafc", |a| {
        arity(&a, 1, usize::MAX, "nafc")?;
        let rel = a[0].clone();
        let name = t(&rel)?;
        let args = a[1..].iter().map(t).collect::<Result<Vec<_>>>()?;
        goal(kanren::nafc(
            name,
            move |ts: &[Term]| {
                guard(|| {
                    goal_of(
                        &crate::eval::apply(&rel, ts.iter().map(from_term).collect())?,
                        "nafc",
                    )
                })
            },
            args,
        ))
    });
    let u = "clojure.core.logic.unifier";
    reg(u, "unify", |a| {
        unifier_call(a, "u/unify", kanren::unifier::unify_with)
    });
    reg(u, "unifier", |a| {
        unifier_call(a, "u/unifier", kanren::unifier::unifier_with)
    });
    reg(u, "prep", |a| {
        arity(&a, 1, 1, "u/prep")?;
        prep_lvars(&prep(&a[0])?, &mut Vec::new())
    });
}

/// `(u/prep expr)`: `expr` with each `?`-symbol replaced by a logic variable (the same one for
/// the same symbol), and a list written with `. tail` made an lcons ([`prep`]).
fn prep_lvars(v: &Value, vars: &mut Vec<(Arc<str>, kanren::Var)>) -> Result<Value> {
    Ok(match v {
        Value::Symbol(s) if s.starts_with('?') && s.len() > 1 => {
            let x = match vars.iter().find(|(n, _)| n == s) {
                Some((_, x)) => *x,
                None => {
                    let x = crate::value::convert::named_lvar(&s[1..], true);
                    vars.push((s.clone(), x));
                    x
                }
            };
            Value::LVar(x)
        }
        Value::List(c) => Value::cons(prep_lvars(&c.0, vars)?, prep_lvars(&c.1, vars)?),
        Value::Vector(items) => Value::vector(
            items
                .iter()
                .map(|x| prep_lvars(x, vars))
                .collect::<Result<Vec<_>>>()?,
        ),
        Value::Map(m) => Value::Map(crate::value::items::Items::arc(
            m.iter()
                .map(|(k, x)| Ok((prep_lvars(k, vars)?, prep_lvars(x, vars)?)))
                .collect::<Result<Vec<_>>>()?,
        )),
        other => other.clone(),
    })
}

/// `(fixc x f reifier)`: the goal `(f x nil reifier)` once `x` is bound (not a variable);
/// `(treec x f reifier)`: `(f node)` on the nodes of the tree `x` as it is built. The reifier is the form shown
/// for the constraint while it waits (a function, core.logic's reifier of internals, shows
/// nothing).
fn fix_goal(a: Vec<Value>, who: &'static str, tree: bool) -> Result<Value> {
    arity(&a, 3, 3, who)?;
    let f = a[1].clone();
    // core.logic calls fixc's function with the value, the substitution and the reifier (and
    // treec's with the value alone): here the substitution, an internal, is `nil`.
    let extra = if tree {
        Vec::new()
    } else {
        vec![Value::Nil, a[2].clone()]
    };
    let build = move |x: &Term| {
        let args = std::iter::once(from_term(x)).chain(extra.iter().cloned());
        guard(|| into_goal(crate::eval::apply(&f, args.collect())?, who))
    };
    let x = t(&a[0])?;
    // A function as the form is core.logic's reifier: `(reifier c x v r a)`, the constraint
    // here nil.
    let reifier = |f: Value, x: &Term| fn_reifier(f, x, vec![Value::Nil, from_term(x)]);
    Ok(Value::Goal(match (&a[2], tree) {
        (f @ (Value::Fn(_) | Value::Native(_)), false) => {
            kanren::fixc_with_answer(x.clone(), build, reifier(f.clone(), &x))
        }
        (f @ (Value::Fn(_) | Value::Native(_)), true) => {
            kanren::treec_with_answer(x.clone(), build, reifier(f.clone(), &x))
        }
        (form, false) => kanren::fixc(x, build, t(form)?),
        (form, true) => kanren::treec(x, build, t(form)?),
    }))
}

/// A constraint on `x` printed by core.logic's reifier function `f`: called with `lead` (the
/// constraint, here nil, and for `fixc`/`treec` the term `x`), then the answer's value, the
/// substitution naming `x`'s variables and the substitution.
fn fn_reifier(f: Value, x: &Term, lead: Vec<Value>) -> FnReifier {
    let mut vars = Vec::new();
    crate::library::logic::subst::vars_of(x, &mut vars);
    Box::new(move |_, answer, name| {
        crate::library::logic::ckanren::reified(&vars, answer, name, |v, r, s| {
            let args = lead.iter().cloned().chain([v, r, s]).collect();
            crate::eval::apply(&f, args)
        })
    })
}

/// How a constraint on a term prints: given the term, the answer's value and the naming.
type FnReifier =
    Box<dyn Fn(&Term, &Term, &dyn Fn(&Term) -> Option<Term>) -> Option<Term> + Send + Sync>;

/// `(u/unify [t1 t2 ...])` or `(u/unify {:as {?x t}} [t1 t2 ...])`: `?`-symbols are variables;
/// `nil` when the terms do not unify.
fn unifier_call(
    a: Vec<Value>,
    who: &str,
    f: fn(&kanren::unifier::Options, Vec<Term>) -> Option<Term>,
) -> Result<Value> {
    arity(&a, 1, 2, who)?;
    let mut opts = kanren::unifier::Options::new();
    // An error raised by a `:when` constraint, reported once the unifier returns.
    let failed: Failed = Arc::new(Mutex::new(None));
    if a.len() == 2 {
        let Value::Map(m) = &a[0] else {
            return Err(Error::msg(format!(
                "{who}: the options must be a map, got {}",
                a[0]
            )));
        };
        for (k, v) in m.iter() {
            match (k, v) {
                (Value::Keyword(k), Value::Map(binds)) if &**k == "as" => {
                    for (s, t) in binds.iter() {
                        let name = s.as_symbol().ok_or_else(|| {
                            Error::msg(format!("{who}: :as binds symbols, got {s}"))
                        })?;
                        opts = opts.bind(name, to_term(t)?);
                    }
                }
                (Value::Keyword(k), Value::Map(preds)) if &**k == "when" => {
                    for (syms, cs) in preds.iter() {
                        opts = when(opts, syms, cs, who, &failed)?;
                    }
                }
                (k, _) => {
                    return Err(Error::msg(format!(
                        "{who}: the option {k} is not supported (only :as and :when)"
                    )))
                }
            }
        }
    }
    let terms = a[a.len() - 1]
        .to_vec()?
        .iter()
        .map(|v| to_term(&prep(v)?))
        .collect::<Result<Vec<_>>>()?;
    let out = f(&opts, terms);
    if let Some(e) = failed.lock().unwrap_or_else(|e| e.into_inner()).take() {
        return Err(e);
    }
    Ok(out.map_or(Value::Nil, |t| from_term(&t)))
}

/// Where a `:when` constraint's error waits for the unifier to return.
type Failed = Arc<Mutex<Option<Error>>>;

/// One entry of `:when`: a symbol, a vector of symbols (one constraint on them together) or a
/// set of symbols (the constraint on each), to a constraint (`fnc`, `defnc`) or a vector of
/// them. A constraint holds of values when its goal has an answer.
fn when(
    mut opts: kanren::unifier::Options,
    syms: &Value,
    cs: &Value,
    who: &str,
    failed: &Failed,
) -> Result<kanren::unifier::Options> {
    let name = |s: &Value| {
        s.as_symbol()
            .map(str::to_string)
            .ok_or_else(|| Error::msg(format!("{who}: :when takes symbols, got {s}")))
    };
    let groups: Vec<Vec<String>> = match syms {
        Value::Symbol(_) => vec![vec![name(syms)?]],
        Value::Vector(items) => vec![items.iter().map(name).collect::<Result<_>>()?],
        Value::Set(items) => items
            .iter()
            .map(|s| Ok(vec![name(s)?]))
            .collect::<Result<_>>()?,
        other => {
            return Err(Error::msg(format!(
                "{who}: :when takes symbols, got {other}"
            )))
        }
    };
    let cs = match cs {
        Value::Vector(items) => items.to_vec(),
        c => vec![c.clone()],
    };
    for group in groups {
        let names: Vec<&str> = group.iter().map(String::as_str).collect();
        for c in &cs {
            let (c, failed) = (c.clone(), failed.clone());
            opts = opts.when_all(&names, move |vals: &[Term]| {
                let args = vals.iter().map(from_term).collect();
                let holds = crate::eval::apply(&c, args)
                    .and_then(|g| goal_of(&g, "u/unify :when"))
                    .and_then(|g| {
                        // The constraint's own search: a predicate's error in it is the
                        // unifier's error, not the next query's.
                        match crate::library::logic::isolated(|| {
                            kanren::run(1, move |_| g.clone()).next().is_some()
                        }) {
                            (_, Some(e)) => Err(e),
                            (holds, None) => Ok(holds),
                        }
                    });
                match holds {
                    Ok(holds) => holds,
                    Err(e) => {
                        failed
                            .lock()
                            .unwrap_or_else(|e| e.into_inner())
                            .get_or_insert(e);
                        false
                    }
                }
            });
        }
    }
    Ok(opts)
}

/// core.logic's unifier `prep`: a quoted list with `.` before its last element, `'(?x . ?y)`
/// (read as three symbols), is the partial list it stands for.
fn prep(v: &Value) -> Result<Value> {
    Ok(match v {
        Value::List(_) => {
            let items = v.to_vec()?.iter().map(prep).collect::<Result<Vec<_>>>()?;
            match items.iter().position(|x| x.is_sym(".")) {
                Some(i) if i + 2 == items.len() && i > 0 => {
                    let tail = items[i + 1].clone();
                    Value::list_with_tail(items[..i].to_vec(), tail)
                }
                _ => Value::list(items),
            }
        }
        Value::Vector(items) => Value::vector(items.iter().map(prep).collect::<Result<Vec<_>>>()?),
        Value::Map(m) => Value::Map(crate::value::items::Items::arc(
            m.iter()
                .map(|(k, x)| Ok((prep(k)?, prep(x)?)))
                .collect::<Result<Vec<_>>>()?,
        )),
        other => other.clone(),
    })
}

/// A Clojure predicate as a test of a term: its truthiness on the term's value; an error it
/// raises fails the test and is reported by the search that ran it (the query, or the
/// unifier's `:when`; see [`crate::library::logic::isolated`]).
fn truthy_test(pred: Value) -> impl Fn(&Term) -> bool + Send + Sync + 'static {
    move |x: &Term| match crate::eval::apply1(&pred, from_term(x)) {
        Ok(v) => v.truthy(),
        Err(e) => {
            let _ = fail_with(e);
            false
        }
    }
}

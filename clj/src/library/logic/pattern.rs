//! `matche` patterns, read once per clause: as templates that build the pattern's term
//! (core.logic's `p->term`), and as the engine matcher's ops ([`kanren::PatOp`]) with the
//! terms their `Is` ops stand for. A pattern symbol bound in the local environment stands for
//! its value; every other symbol (not `_`, not `.`) is a new variable of the clause.

use crate::eval::{lookup_local, Env};
use crate::library::logic::to_term;
use crate::value::error::{Error, Result};
use crate::value::Value;
use kanren::{PatOp, Term, Var};
use std::sync::Arc;

/// A pattern compiled once (core.logic's `p->term` done ahead): what is constant is a term
/// already, a symbol is a local (a new variable or a value of the environment) read when the
/// clause runs, `_` is a fresh variable each time.
pub(crate) enum Pat {
    Blank,
    Local(Arc<str>),
    Const(Term),
    Vector(Vec<Pat>),
    List(Vec<Pat>, Box<Pat>),
    Map(Vec<(Pat, Pat)>),
    /// A pattern that can't become a term: the error, raised when the clause runs.
    Bad(Arc<str>),
}

/// How one pattern of a clause runs: its new variables and, when the engine's matcher takes
/// it, the pattern as the matcher's ops with the terms its `Is` ops stand for.
pub(crate) struct Plan {
    pub(crate) news: crate::eval::Names,
    pub(crate) ops: Option<Arc<[PatOp]>>,
    pub(crate) values: Vec<Source>,
}

/// What an `Is` op of a pattern is: a constant, or a local's value when the clause runs.
pub(crate) enum Source {
    Const(Term),
    Local(Arc<str>),
}

/// The plan of pattern `p` in the clause's environment `env` (only which names are locals
/// matters, and that depends only on where the pattern is written).
pub(crate) fn plan_of(p: &Value, env: &Env) -> Plan {
    plan_with(p, &|s| lookup_local(env, s).is_some())
}

/// The plan of pattern `p` where `is_local` tells the names bound around it.
pub(crate) fn plan_with(p: &Value, is_local: &dyn Fn(&str) -> bool) -> Plan {
    let mut news = Vec::new();
    pattern_vars(p, is_local, false, &mut news);
    let mut ops = Vec::new();
    let mut values = Vec::new();
    let mut seen = vec![false; news.len()];
    let ok = pat_ops(p, false, &news, &mut seen, &mut ops, &mut values).is_some();
    Plan {
        ops: ok.then(|| ops.into()),
        news: news.into(),
        values,
    }
}

/// Appends the matcher's ops for `p` (prefix order); `None` for what it does not take (maps,
/// sets, malformed patterns), which then run as `fresh` and `==`.
fn pat_ops(
    p: &Value,
    quoted: bool,
    news: &[Arc<str>],
    seen: &mut [bool],
    ops: &mut Vec<PatOp>,
    values: &mut Vec<Source>,
) -> Option<()> {
    let mut is = |src: Source, ops: &mut Vec<PatOp>| {
        ops.push(PatOp::Is(values.len()));
        values.push(src);
    };
    match p {
        Value::Symbol(s) if quoted => is(Source::Const(Term::Sym(s.clone())), ops),
        Value::Symbol(s) if &**s == "_" => ops.push(PatOp::Any),
        Value::Symbol(s) => match news.iter().position(|n| n == s) {
            Some(k) if seen[k] => ops.push(PatOp::Same(k)),
            Some(k) => {
                seen[k] = true;
                ops.push(PatOp::Slot(k));
            }
            None => is(Source::Local(s.clone()), ops),
        },
        Value::EmptyList => ops.push(PatOp::Nil),
        Value::List(c) if c.0.is_sym("quote") => match c.1.uncons().ok()? {
            Some((q, _)) => pat_ops(&q, true, news, seen, ops, values)?,
            None => is(Source::Const(Term::sym("nil")), ops),
        },
        Value::List(c) if c.0.is_sym("unquote") && quoted => {
            let (x, _) = c.1.uncons().ok()??;
            pat_ops(&x, false, news, seen, ops, values)?
        }
        Value::Vector(_) | Value::List(_) => {
            let items = p.to_vec().ok()?;
            let dot = items.iter().position(|x| x.is_sym("."));
            if dot.is_none() && matches!(p, Value::Vector(_)) {
                ops.push(PatOp::Vector(items.len()));
                for x in &items {
                    pat_ops(x, quoted, news, seen, ops, values)?;
                }
                return Some(());
            }
            let heads = &items[..dot.unwrap_or(items.len())];
            for x in heads {
                ops.push(PatOp::Cons);
                pat_ops(x, quoted, news, seen, ops, values)?;
            }
            match dot {
                Some(d) => match &items[d + 1..] {
                    [t] if d > 0 => pat_ops(t, quoted, news, seen, ops, values)?,
                    _ => return None,
                },
                None => ops.push(PatOp::Nil),
            }
        }
        Value::Map(_) | Value::Set(_) => return None,
        other => is(Source::Const(to_term(other).ok()?), ops),
    }
    Some(())
}

/// The symbols of a pattern that are new variables: not `_`, not `.`, not locals. In a quoted
/// part only the unquoted (`~x`) symbols are variables.
fn pattern_vars(p: &Value, is_local: &dyn Fn(&str) -> bool, quoted: bool, out: &mut Vec<Arc<str>>) {
    match p {
        Value::Symbol(s)
            if !quoted && &**s != "_" && &**s != "." && !is_local(s) && !out.contains(s) =>
        {
            out.push(s.clone());
        }
        Value::List(c) if c.0.is_sym("quote") => pattern_vars(&c.1, is_local, true, out),
        Value::List(c) if c.0.is_sym("unquote") && quoted => {
            pattern_vars(&c.1, is_local, false, out)
        }
        Value::Vector(_) | Value::List(_) => {
            for x in p.to_vec().unwrap_or_default() {
                pattern_vars(&x, is_local, quoted, out);
            }
        }
        Value::Map(m) => {
            for (k, v) in m.iter() {
                pattern_vars(k, is_local, quoted, out);
                pattern_vars(v, is_local, quoted, out);
            }
        }
        _ => {}
    }
}

/// A pattern as a template (core.logic's `p->term`): `_` is a fresh variable, `[a b . t]` a
/// partial list, vectors and maps keep their kind; in a quoted part symbols are themselves,
/// lists are lists and `~x` is the variable (or local) `x`.
pub(crate) fn compile_pat(p: &Value, quoted: bool) -> Pat {
    let bad = |e: Error| Pat::Bad(e.message().into());
    let pat = match p {
        Value::Symbol(s) if quoted => Pat::Const(Term::Sym(s.clone())),
        Value::Symbol(s) if &**s == "_" => Pat::Blank,
        Value::Symbol(s) => Pat::Local(s.clone()),
        Value::List(c) if c.0.is_sym("quote") => match c.1.uncons() {
            Ok(Some((q, _))) => compile_pat(&q, true),
            Ok(None) => Pat::Const(Term::sym("nil")),
            Err(e) => bad(e),
        },
        Value::List(c) if c.0.is_sym("unquote") && quoted => match c.1.uncons() {
            Ok(Some((x, _))) => compile_pat(&x, false),
            Ok(None) => Pat::Bad("~ needs a form in a pattern".into()),
            Err(e) => bad(e),
        },
        Value::Vector(_) | Value::List(_) => {
            let items = match p.to_vec() {
                Ok(items) => items,
                Err(e) => return bad(e),
            };
            if let Some(dot) = items.iter().position(|x| x.is_sym(".")) {
                let heads = items[..dot]
                    .iter()
                    .map(|x| compile_pat(x, quoted))
                    .collect();
                match &items[dot + 1..] {
                    [t] => Pat::List(heads, Box::new(compile_pat(t, quoted))),
                    _ => {
                        Pat::Bad(format!("a pattern needs exactly one form after `.`: {p}").into())
                    }
                }
            } else {
                let ps = items.iter().map(|x| compile_pat(x, quoted)).collect();
                match p {
                    Value::Vector(_) => Pat::Vector(ps),
                    _ => Pat::List(ps, Box::new(Pat::Const(Term::Nil))),
                }
            }
        }
        Value::Map(m) => Pat::Map(
            m.iter()
                .map(|(k, v)| (compile_pat(k, quoted), compile_pat(v, quoted)))
                .collect(),
        ),
        Value::Set(_) => Pat::Bad(format!("set patterns are not supported: {p}").into()),
        other => match to_term(other) {
            Ok(t) => Pat::Const(t),
            Err(e) => bad(e),
        },
    };
    // A compound pattern with no variable in it is one constant term.
    let parts_const = |ps: &[Pat]| ps.iter().all(|p| matches!(p, Pat::Const(_)));
    let konst = |p: &Pat| match p {
        Pat::Const(t) => t.clone(),
        _ => unreachable!("checked constant"),
    };
    match &pat {
        Pat::Vector(ps) if parts_const(ps) => Pat::Const(Term::Vector(
            ps.iter().map(konst).collect::<Vec<_>>().into(),
        )),
        Pat::List(ps, t) if parts_const(ps) && matches!(**t, Pat::Const(_)) => Pat::Const(
            Term::list_with_tail(ps.iter().map(konst).collect::<Vec<Term>>(), konst(t)),
        ),
        _ => pat,
    }
}

/// The term of a compiled pattern in the clause's environment.
pub(crate) fn pat_term(p: &Pat, env: &Env) -> Result<Term> {
    Ok(match p {
        Pat::Blank => Term::Var(Var::fresh()),
        Pat::Local(s) => to_term(
            &lookup_local(env, s)
                .ok_or_else(|| Error::msg(format!("unbound pattern symbol {s}")))?,
        )?,
        Pat::Const(t) => t.clone(),
        Pat::Vector(ps) => Term::Vector(
            ps.iter()
                .map(|x| pat_term(x, env))
                .collect::<Result<Vec<_>>>()?
                .into(),
        ),
        Pat::List(ps, t) => Term::list_with_tail(
            ps.iter()
                .map(|x| pat_term(x, env))
                .collect::<Result<Vec<_>>>()?,
            pat_term(t, env)?,
        ),
        Pat::Map(m) => Term::map(
            m.iter()
                .map(|(k, v)| Ok((pat_term(k, env)?, pat_term(v, env)?)))
                .collect::<Result<Vec<_>>>()?,
        ),
        Pat::Bad(msg) => return Err(Error::msg(msg.to_string())),
    })
}

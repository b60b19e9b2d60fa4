//! More of `clojure.core`'s lazy seqs: `take-nth`, `drop-while`, `drop-last`, `split-at`,
//! `split-with`, `partition-by`, `dedupe`, `distinct`, `interpose`, `reductions`,
//! `tree-seq`, `flatten`. Each produces one cell when it is walked (a whole run of
//! `partition-by` at a time), so they work on infinite seqs.

use crate::eval::{apply, apply1};
use crate::library::core::lazy::{drop_n, lazy_cat, lazy_map, take_n, take_while};
use crate::library::core::{arity, native, reg};
use crate::value::args::count_arg;
use crate::value::error::Result;
use crate::value::Value;
use rustc_hash::FxHashSet;
use std::sync::Arc;

fn take_nth(n: i64, coll: Value) -> Value {
    Value::lazy(move || match coll.uncons()? {
        Some((h, _)) => Ok(Value::cons(h, take_nth(n, drop_n(n.max(1), &coll)?))),
        None => Ok(Value::EmptyList),
    })
}

fn drop_while(f: Value, coll: Value) -> Value {
    Value::lazy(move || {
        let mut cur = coll;
        while let Some((h, t)) = cur.uncons()? {
            if !apply1(&f, h)?.truthy() {
                return Ok(cur);
            }
            cur = t;
        }
        Ok(Value::EmptyList)
    })
}

/// The elements of `coll` while `ahead` (the same seq, `n` further on) has elements.
fn drop_last(coll: Value, ahead: Value) -> Value {
    Value::lazy(move || match (ahead.uncons()?, coll.uncons()?) {
        (Some((_, a)), Some((h, t))) => Ok(Value::cons(h, drop_last(t, a))),
        _ => Ok(Value::EmptyList),
    })
}

fn partition_by(f: Value, coll: Value) -> Value {
    Value::lazy(move || {
        let Some((h, mut cur)) = coll.uncons()? else {
            return Ok(Value::EmptyList);
        };
        let key = apply1(&f, h.clone())?;
        let mut run = vec![h];
        while let Some((x, t)) = cur.uncons()? {
            if !crate::value::coll::try_equal(&apply1(&f, x.clone())?, &key)? {
                break;
            }
            run.push(x);
            cur = t;
        }
        Ok(Value::cons(Value::list(run), partition_by(f, cur)))
    })
}

fn dedupe(coll: Value, prev: Option<Value>) -> Value {
    Value::lazy(move || {
        let mut cur = coll;
        while let Some((h, t)) = cur.uncons()? {
            let same = match &prev {
                Some(p) => crate::value::coll::try_equal(p, &h)?,
                None => false,
            };
            if !same {
                return Ok(Value::cons(h.clone(), dedupe(t, Some(h))));
            }
            cur = t;
        }
        Ok(Value::EmptyList)
    })
}

/// A value `=` compares by a hashable key: integers, strings, keywords, symbols, characters.
#[derive(PartialEq, Eq, Hash)]
enum Key {
    Int(i64),
    Str(Arc<str>),
    Kw(Arc<str>),
    Sym(Arc<str>),
    Char(char),
}

fn key(v: &Value) -> Option<Key> {
    Some(match v {
        Value::Int(i) => Key::Int(*i),
        Value::BigInt(n) => Key::Int(num_traits::ToPrimitive::to_i64(&**n)?),
        Value::Str(s) => Key::Str(s.clone()),
        Value::Keyword(s) => Key::Kw(s.clone()),
        Value::Symbol(s) => Key::Sym(s.clone()),
        Value::Char(c) => Key::Char(*c),
        _ => return None,
    })
}

/// The elements seen by `distinct`: hashed where a key is known, in a list otherwise.
#[derive(Default)]
struct Seen {
    keys: FxHashSet<Key>,
    others: Vec<Value>,
}

impl Seen {
    /// Adds `v`, giving whether it was new.
    fn insert(&mut self, v: &Value) -> Result<bool> {
        if let Some(k) = key(v) {
            return Ok(self.keys.insert(k));
        }
        crate::value::coll::set_insert(&mut self.others, v.clone())
    }
}

fn distinct(coll: Value, mut seen: Seen) -> Value {
    Value::lazy(move || {
        let mut cur = coll;
        while let Some((h, t)) = cur.uncons()? {
            if seen.insert(&h)? {
                return Ok(Value::cons(h, distinct(t, seen)));
            }
            cur = t;
        }
        Ok(Value::EmptyList)
    })
}

fn interpose(sep: Value, coll: Value, first: bool) -> Value {
    Value::lazy(move || match coll.uncons()? {
        Some((h, t)) => {
            let rest = interpose(sep.clone(), t, false);
            Ok(if first {
                Value::cons(h, rest)
            } else {
                Value::cons(sep, Value::cons(h, rest))
            })
        }
        None => Ok(Value::EmptyList),
    })
}

/// `acc`, then `(f acc x)` for each `x` of `coll` in turn.
fn reductions(f: Value, acc: Value, coll: Value) -> Value {
    Value::lazy(move || {
        let rest = {
            let (f, acc) = (f.clone(), acc.clone());
            Value::lazy(move || match coll.uncons()? {
                Some((h, t)) => {
                    let next = apply(&f, vec![acc, h])?;
                    Ok(reductions(f, next, t))
                }
                None => Ok(Value::EmptyList),
            })
        };
        Ok(Value::cons(acc, rest))
    })
}

/// The nodes of a tree, depth first: `node`, then, when `(branch? node)`, the nodes under
/// each of `(children node)`.
fn tree_seq(branch: Value, children: Value, node: Value) -> Value {
    Value::lazy(move || {
        let under = if apply(&branch, vec![node.clone()])?.truthy() {
            let kids = apply(&children, vec![node.clone()])?;
            let (b, c) = (branch.clone(), children.clone());
            let walk = native("clojure.core/tree-seq", move |a| {
                Ok(tree_seq(b.clone(), c.clone(), a[0].clone()))
            });
            lazy_cat(lazy_map(walk, vec![kids]), Value::EmptyList)
        } else {
            Value::EmptyList
        };
        Ok(Value::cons(node, under))
    })
}

/// The leaves of nested sequential values: `stack` holds the rest of each level being walked,
/// the innermost last.
fn flatten(mut stack: Vec<Value>) -> Value {
    Value::lazy(move || {
        while let Some(top) = stack.pop() {
            let Some((h, t)) = top.uncons()? else {
                continue;
            };
            stack.push(t);
            if h.is_sequential() {
                stack.push(h);
            } else {
                return Ok(Value::cons(h, flatten(stack)));
            }
        }
        Ok(Value::EmptyList)
    })
}

/// Registers the functions of this module.
pub fn install() {
    let c = "clojure.core";
    reg(c, "take-nth", |a| {
        arity(&a, 2, 2, "take-nth")?;
        Ok(take_nth(count_arg(&a[0], "take-nth")?, a[1].clone()))
    });
    reg(c, "drop-while", |a| {
        arity(&a, 2, 2, "drop-while")?;
        Ok(drop_while(a[0].clone(), a[1].clone()))
    });
    reg(c, "drop-last", |a| {
        arity(&a, 1, 2, "drop-last")?;
        let (n, coll) = match a.len() {
            1 => (1, a[0].clone()),
            _ => (count_arg(&a[0], "drop-last")?, a[1].clone()),
        };
        let ahead = {
            let coll = coll.clone();
            Value::lazy(move || drop_n(n, &coll))
        };
        Ok(drop_last(coll, ahead))
    });
    reg(c, "split-at", |a| {
        arity(&a, 2, 2, "split-at")?;
        let n = count_arg(&a[0], "split-at")?;
        let coll = a[1].clone();
        let rest = {
            let coll = coll.clone();
            Value::lazy(move || drop_n(n, &coll))
        };
        Ok(Value::vector(vec![take_n(n, coll), rest]))
    });
    reg(c, "split-with", |a| {
        arity(&a, 2, 2, "split-with")?;
        Ok(Value::vector(vec![
            take_while(a[0].clone(), a[1].clone()),
            drop_while(a[0].clone(), a[1].clone()),
        ]))
    });
    reg(c, "partition-by", |a| {
        arity(&a, 2, 2, "partition-by")?;
        Ok(partition_by(a[0].clone(), a[1].clone()))
    });
    reg(c, "dedupe", |a| {
        arity(&a, 1, 1, "dedupe")?;
        Ok(dedupe(a[0].clone(), None))
    });
    reg(c, "distinct", |a| {
        arity(&a, 1, 1, "distinct")?;
        Ok(distinct(a[0].clone(), Seen::default()))
    });
    reg(c, "interpose", |a| {
        arity(&a, 2, 2, "interpose")?;
        Ok(interpose(a[0].clone(), a[1].clone(), true))
    });
    reg(c, "reductions", |a| {
        arity(&a, 2, 3, "reductions")?;
        let f = a[0].clone();
        if a.len() == 3 {
            return Ok(reductions(f, a[1].clone(), a[2].clone()));
        }
        let coll = a[1].clone();
        Ok(Value::lazy(move || match coll.uncons()? {
            Some((h, t)) => reductions(f, h, t).force(),
            None => Ok(Value::list([apply(&f, vec![])?])),
        }))
    });
    reg(c, "tree-seq", |a| {
        arity(&a, 3, 3, "tree-seq")?;
        Ok(tree_seq(a[0].clone(), a[1].clone(), a[2].clone()))
    });
    reg(c, "flatten", |a| {
        arity(&a, 1, 1, "flatten")?;
        Ok(if a[0].is_sequential() {
            flatten(vec![a[0].clone()])
        } else {
            Value::EmptyList
        })
    });
}

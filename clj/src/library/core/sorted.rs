//! Sorted collections and orders: `sorted-map`, `sorted-map-by`, `sorted-set`,
//! `sorted-set-by`, `sorted?`, `subseq`, `rsubseq`, `rseq`, `comparator`, and the stable
//! merge sort behind `sort` and `sort-by`.
//!
//! A Clojure function used as a comparator follows Clojure's rule for functions as
//! `java.util.Comparator`s ([`fn_compare`]): a number answer is its sign; `true` means the
//! first argument goes first; `false` asks again with the arguments swapped, so a predicate
//! such as `<` or `>` sorts, and keeps equal elements in their order.

use crate::eval::apply;
use crate::library::core::{arity, reg};
use crate::value::error::{Error, Result};
use crate::value::sorted::{compare_int, natural, CmpFn, Sorted};
use crate::value::{Native, Value};
use std::cmp::Ordering;
use std::sync::Arc;

/// `f` called as a `java.util.Comparator` on `a` and `b` (see the module's doc).
pub fn fn_compare(f: &Value, a: &Value, b: &Value) -> Result<Ordering> {
    match apply(f, vec![a.clone(), b.clone()])? {
        Value::Bool(true) => Ok(Ordering::Less),
        Value::Bool(false) | Value::Nil => Ok(if apply(f, vec![b.clone(), a.clone()])?.truthy() {
            Ordering::Greater
        } else {
            Ordering::Equal
        }),
        Value::Int(n) => Ok((n as i32).cmp(&0)),
        Value::Float(x) => Ok((x as i32).cmp(&0)),
        Value::Ratio(n, d) => Ok((n / d).cmp(&0)),
        other => Err(Error::msg(format!(
            "comparator returned {}, not a number or a boolean",
            crate::value::printer::describe(&other)
        ))),
    }
}

/// The order a comparator argument stands for: `compare` for `None`.
pub fn order_of(f: Option<&Value>) -> CmpFn {
    match f {
        None => natural(),
        Some(f) => {
            let f = f.clone();
            Arc::new(move |a: &Value, b: &Value| fn_compare(&f, a, b))
        }
    }
}

/// Sorts `items` stably by `cmp` (a merge sort: the first error stops it, and a comparator
/// that is not a total order gives some order rather than a failure). Time: O(n log n)
/// comparisons.
pub fn merge_sort(
    items: Vec<Value>,
    cmp: &dyn Fn(&Value, &Value) -> Result<Ordering>,
) -> Result<Vec<Value>> {
    if items.len() <= 1 {
        return Ok(items);
    }
    let mut src = items;
    let mut buf: Vec<Value> = Vec::with_capacity(src.len());
    let n = src.len();
    let mut width = 1;
    while width < n {
        buf.clear();
        let mut lo = 0;
        while lo < n {
            let mid = (lo + width).min(n);
            let hi = (lo + 2 * width).min(n);
            let (mut i, mut j) = (lo, mid);
            while i < mid && j < hi {
                if cmp(&src[j], &src[i])? == Ordering::Less {
                    buf.push(src[j].clone());
                    j += 1;
                } else {
                    buf.push(src[i].clone());
                    i += 1;
                }
            }
            buf.extend_from_slice(&src[i..mid]);
            buf.extend_from_slice(&src[j..hi]);
            lo = hi;
        }
        std::mem::swap(&mut src, &mut buf);
        width *= 2;
        crate::eval::check_interrupt()?;
    }
    Ok(src)
}

fn build(by: Option<&Value>, items: &[Value], set: bool, name: &str) -> Result<Value> {
    if !set && items.len() % 2 == 1 {
        return Err(Error::msg(format!(
            "{name}: no value supplied for key: {}",
            items[items.len() - 1]
        )));
    }
    let mut s = Sorted::empty(by.cloned(), order_of(by));
    if set {
        for x in items {
            s.insert(x.clone(), x.clone(), true)?;
        }
        Ok(Value::SortedSet(Arc::new(s)))
    } else {
        for kv in items.chunks(2) {
            s.insert(kv[0].clone(), kv[1].clone(), false)?;
        }
        Ok(Value::SortedMap(Arc::new(s)))
    }
}

fn sorted_of(v: &Value, name: &str) -> Result<(Arc<Sorted>, bool)> {
    match v {
        Value::SortedMap(s) => Ok((s.clone(), false)),
        Value::SortedSet(s) => Ok((s.clone(), true)),
        other => Err(Error::msg(format!(
            "{name}: expected a sorted collection, got {}",
            crate::value::printer::describe(other)
        ))),
    }
}

/// `(subseq sc test key)`, `(subseq sc start-test start-key end-test end-key)` and their
/// reverse: the entries whose keys pass the tests, each test called as `(test (cmp k key) 0)`.
fn subseq(a: Vec<Value>, reverse: bool, name: &str) -> Result<Value> {
    if a.len() != 3 && a.len() != 5 {
        return Err(Error::msg(format!(
            "wrong number of args ({}) passed to {name}",
            a.len()
        )));
    }
    let (s, set) = sorted_of(&a[0], name)?;
    let tests: Vec<(&Value, &Value)> = a[1..].chunks(2).map(|c| (&c[0], &c[1])).collect();
    let mut out = Vec::new();
    for (k, v) in s.entries.iter() {
        let mut keep = true;
        for (test, key) in &tests {
            let c = (s.cmp)(k, key)? as i64;
            if !apply(test, vec![Value::Int(c), Value::Int(0)])?.truthy() {
                keep = false;
                break;
            }
        }
        if keep {
            out.push(if set {
                k.clone()
            } else {
                Value::vector(vec![k.clone(), v.clone()])
            });
        }
    }
    if reverse {
        out.reverse();
    }
    Ok(if out.is_empty() {
        Value::Nil
    } else {
        Value::list(out)
    })
}

/// Registers the functions of this module.
pub fn install() {
    let c = "clojure.core";
    reg(c, "sorted-map", |a| build(None, &a, false, "sorted-map"));
    reg(c, "sorted-set", |a| build(None, &a, true, "sorted-set"));
    reg(c, "sorted-map-by", |a| {
        arity(&a, 1, usize::MAX, "sorted-map-by")?;
        build(Some(&a[0]), &a[1..], false, "sorted-map-by")
    });
    reg(c, "sorted-set-by", |a| {
        arity(&a, 1, usize::MAX, "sorted-set-by")?;
        build(Some(&a[0]), &a[1..], true, "sorted-set-by")
    });
    reg(c, "sorted?", |a| {
        arity(&a, 1, 1, "sorted?")?;
        Ok(Value::Bool(matches!(
            a[0],
            Value::SortedMap(_) | Value::SortedSet(_)
        )))
    });
    reg(c, "subseq", |a| subseq(a, false, "subseq"));
    reg(c, "rsubseq", |a| subseq(a, true, "rsubseq"));
    reg(c, "rseq", |a| {
        arity(&a, 1, 1, "rseq")?;
        let mut items = match &a[0] {
            Value::Vector(v) => v.to_vec(),
            Value::SortedMap(s) => s.items(false),
            Value::SortedSet(s) => s.items(true),
            other => {
                return Err(Error::msg(format!(
                    "rseq: expected a vector or a sorted collection, got {}",
                    crate::value::printer::describe(other)
                )))
            }
        };
        items.reverse();
        Ok(if items.is_empty() {
            Value::Nil
        } else {
            Value::list(items)
        })
    });
    reg(c, "comparator", |a| {
        arity(&a, 1, 1, "comparator")?;
        let pred = a[0].clone();
        Ok(Value::Native(Arc::new(Native {
            name: "clojure.core/comparator",
            slice: None,
            terms: None,
            pure: false,
            shared: false,
            f: Arc::new(move |x: Vec<Value>| {
                arity(&x, 2, 2, "comparator")?;
                Ok(Value::Int(
                    if apply(&pred, vec![x[0].clone(), x[1].clone()])?.truthy() {
                        -1
                    } else if apply(&pred, vec![x[1].clone(), x[0].clone()])?.truthy() {
                        1
                    } else {
                        0
                    },
                ))
            }),
        })))
    });
    reg(c, "compare", |a| {
        arity(&a, 2, 2, "compare")?;
        Ok(Value::Int(compare_int(&a[0], &a[1])?))
    });
}

//! The lazy seqs of `clojure.core`: `map`, `filter`, `keep`, `map-indexed`, `concat`, `range`,
//! `take`, `take-while`, `iterate`, `repeatedly`, `repeat`, `cycle`, `interleave`, `drop`,
//! `partition`, each producing its cells as it is walked, so they work on infinite seqs. As in
//! Clojure, an integer `range` comes 32 elements at a time, and `map` of one collection,
//! `filter`, `remove`, `keep`, `keep-indexed` and `map-indexed` take a chunk whole where their
//! collection has one (`value::coll::Source`): a function with effects sees the elements of a
//! chunk called together, as Clojure calls them.

use crate::eval::{apply, apply1};
use crate::library::core::seq::firsts_and_rests;
use crate::value::coll::{Next, Source, Steps, CHUNK};
use crate::value::error::Result;
use crate::value::Value;

pub(crate) fn lazy_map(f: Value, mut colls: Vec<Value>) -> Value {
    match colls.len() {
        0 => Value::EmptyList,
        1 => lazy_map1(f, colls.pop().unwrap_or(Value::Nil)),
        _ => map_sources(f, colls.into_iter().map(Source::of).collect()),
    }
}

/// `(map f c1 c2 ...)`: one element at a time, each collection read from where the last
/// step left it (a vector by position), until one of them ends.
fn map_sources(f: Value, mut srcs: Vec<Source>) -> Value {
    Value::lazy(move || {
        let mut heads = Vec::with_capacity(srcs.len());
        for src in srcs.iter_mut() {
            match src.advance()? {
                Some(h) => heads.push(h),
                None => return Ok(Value::EmptyList),
            }
        }
        Ok(Value::cons(apply(&f, heads)?, map_sources(f, srcs)))
    })
}

/// `(map f coll)`: one collection, one argument per call.
fn lazy_map1(f: Value, coll: Value) -> Value {
    map_source(f, Source::of(coll))
}

fn map_source(f: Value, src: Source) -> Value {
    Value::lazy(move || match src.next()? {
        Next::Chunk(xs, rest) => {
            let out = xs
                .into_iter()
                .map(|x| apply1(&f, x))
                .collect::<Result<Vec<_>>>()?;
            Ok(Value::chunk_with_tail(
                out,
                rest.then(Value::EmptyList, |rest| map_source(f, rest)),
            ))
        }
        Next::One(h, rest) => Ok(Value::cons(apply1(&f, h)?, map_source(f, rest))),
        Next::End => Ok(Value::EmptyList),
    })
}

pub(crate) fn lazy_filter(f: Value, coll: Value, keep: bool) -> Value {
    filter_source(f, Source::of(coll), keep)
}

fn filter_source(f: Value, src: Source, keep: bool) -> Value {
    Value::lazy(move || {
        let mut src = src;
        loop {
            match src.next()? {
                Next::Chunk(xs, rest) => {
                    let mut out = Vec::new();
                    for x in xs {
                        if apply1(&f, x.clone())?.truthy() == keep {
                            out.push(x);
                        }
                    }
                    if out.is_empty() {
                        src = rest;
                        continue;
                    }
                    let more = rest.then(Value::EmptyList, |rest| filter_source(f, rest, keep));
                    return Ok(Value::chunk_with_tail(out, more));
                }
                Next::One(h, rest) => {
                    if apply1(&f, h.clone())?.truthy() == keep {
                        return Ok(Value::cons(h, filter_source(f, rest, keep)));
                    }
                    src = rest;
                }
                Next::End => return Ok(Value::EmptyList),
            }
        }
    })
}

pub(crate) fn lazy_keep(f: Value, coll: Value, i: i64, indexed: bool) -> Value {
    keep_source(f, Source::of(coll), i, indexed)
}

fn keep_source(f: Value, src: Source, i: i64, indexed: bool) -> Value {
    Value::lazy(move || {
        let (mut src, mut i) = (src, i);
        let call = |i: i64, x: Value| match indexed {
            true => apply(&f, vec![Value::Int(i), x]),
            false => apply1(&f, x),
        };
        loop {
            match src.next()? {
                Next::Chunk(xs, rest) => {
                    let mut out = Vec::new();
                    for x in xs {
                        let v = call(i, x)?;
                        i += 1;
                        if !matches!(v, Value::Nil) {
                            out.push(v);
                        }
                    }
                    if out.is_empty() {
                        src = rest;
                        continue;
                    }
                    let more = rest.then(Value::EmptyList, |rest| keep_source(f, rest, i, indexed));
                    return Ok(Value::chunk_with_tail(out, more));
                }
                Next::One(h, rest) => {
                    let v = call(i, h)?;
                    i += 1;
                    if !matches!(v, Value::Nil) {
                        return Ok(Value::cons(v, keep_source(f, rest, i, indexed)));
                    }
                    src = rest;
                }
                Next::End => return Ok(Value::EmptyList),
            }
        }
    })
}

pub(crate) fn map_indexed(f: Value, coll: Value, i: i64) -> Value {
    map_indexed_source(f, Source::of(coll), i)
}

fn map_indexed_source(f: Value, src: Source, i: i64) -> Value {
    Value::lazy(move || match src.next()? {
        Next::Chunk(xs, rest) => {
            let n = xs.len() as i64;
            let out = (i..)
                .zip(xs)
                .map(|(k, x)| apply(&f, vec![Value::Int(k), x]))
                .collect::<Result<Vec<_>>>()?;
            let more = rest.then(Value::EmptyList, |rest| map_indexed_source(f, rest, i + n));
            Ok(Value::chunk_with_tail(out, more))
        }
        Next::One(h, rest) => Ok(Value::cons(
            apply(&f, vec![Value::Int(i), h])?,
            map_indexed_source(f, rest, i + 1),
        )),
        Next::End => Ok(Value::EmptyList),
    })
}

pub(crate) fn lazy_concat(colls: Vec<Value>, i: usize) -> Value {
    Value::lazy(move || {
        let mut i = i;
        while i < colls.len() {
            if let Some((h, t)) = colls[i].uncons()? {
                let mut rest = colls.clone();
                rest[i] = t;
                return Ok(Value::cons(h, lazy_concat(rest, i)));
            }
            i += 1;
        }
        Ok(Value::EmptyList)
    })
}

/// The elements of each collection of the seq `colls` in turn, after those of `current`.
pub(crate) fn lazy_cat(colls: Value, current: Value) -> Value {
    Value::lazy(move || {
        let (mut colls, mut current) = (colls, current);
        loop {
            if let Some((h, t)) = current.uncons()? {
                return Ok(Value::cons(h, lazy_cat(colls, t)));
            }
            match colls.uncons()? {
                Some((c, rest)) => {
                    current = c;
                    colls = rest;
                }
                None => return Ok(Value::EmptyList),
            }
        }
    })
}

pub(crate) fn range_from(start: Value, end: Option<Value>, step: Value) -> Value {
    match (&start, &end, &step) {
        (Value::Int(s), Some(Value::Int(e)), Value::Int(st)) => {
            return int_range(*s, Some(*e), *st)
        }
        (Value::Int(s), None, Value::Int(st)) => return int_range(*s, None, *st),
        _ => {}
    }
    range_values(start, end, step)
}

/// `range` by the arithmetic of its values, one element at a time.
fn range_values(start: Value, end: Option<Value>, step: Value) -> Value {
    Value::lazy(move || {
        if let Some(e) = &end {
            let o = crate::value::num::compare(&start, e, "range")?;
            let up = crate::value::num::compare(&step, &Value::Int(0), "range")?
                != std::cmp::Ordering::Less;
            if (up && o != std::cmp::Ordering::Less) || (!up && o != std::cmp::Ordering::Greater) {
                return Ok(Value::EmptyList);
            }
        }
        let next = crate::value::num::arith('+', &start, &step)?;
        Ok(Value::cons(start, range_from(next, end, step)))
    })
}

/// `range` over integers: each step realises up to [`CHUNK`] of them at once, as cons
/// cells ending in the lazy rest, as Clojure's ranges come in chunks. A range with an end
/// ends at the last integer before the longs' edge; one without goes on past it by
/// arithmetic. A walk that owns the range before it is realised reads its integers without
/// the cells ([`Steps`]).
fn int_range(start: i64, end: Option<i64>, step: i64) -> Value {
    Value::lazy_thunk(IntRange(Some((start, end, step))))
}

/// The thunk of [`int_range`]: the range's arguments until it runs.
struct IntRange(Option<(i64, Option<i64>, i64)>);

impl crate::value::Thunk for IntRange {
    fn run(&mut self) -> Option<Result<Value>> {
        self.0
            .take()
            .map(|(start, end, step)| range_chunk(start, end, step))
    }

    fn clear(&mut self) {
        self.0 = None;
    }

    fn int_steps(&self) -> Option<Steps> {
        let (start, end, step) = self.0?;
        Steps::new(start, end?, step)
    }
}

/// The first chunk of `(range start end step)` over integers, and the lazy rest.
fn range_chunk(start: i64, end: Option<i64>, step: i64) -> Result<Value> {
    let past = |x: i64| match end {
        Some(e) if step >= 0 => x >= e,
        Some(e) => x <= e,
        None => false,
    };
    let mut chunk = Vec::with_capacity(CHUNK);
    let mut x = start;
    let mut rest = None;
    while !past(x) {
        if chunk.len() == CHUNK {
            rest = Some(int_range(x, end, step));
            break;
        }
        match x.checked_add(step) {
            Some(next) => {
                chunk.push(x);
                x = next;
            }
            // The last integer this side of the longs' edge: past it a range with an end
            // has ended, and one without goes on by arithmetic (which reports the overflow,
            // as Clojure's `+` does).
            None => {
                chunk.push(x);
                rest = Some(match end {
                    Some(_) => Value::EmptyList,
                    None => Value::lazy(move || {
                        let next =
                            crate::value::num::arith('+', &Value::Int(x), &Value::Int(step))?;
                        Ok(range_values(next, None, Value::Int(step)))
                    }),
                });
                break;
            }
        }
    }
    let tail = rest.unwrap_or(Value::EmptyList);
    Ok(Value::chunk_with_tail(
        chunk.into_iter().map(Value::Int),
        tail,
    ))
}

pub(crate) fn take_n(n: i64, coll: Value) -> Value {
    Value::lazy(move || {
        if n <= 0 {
            return Ok(Value::EmptyList);
        }
        match coll.uncons()? {
            Some((h, t)) => Ok(Value::cons(h, take_n(n - 1, t))),
            None => Ok(Value::EmptyList),
        }
    })
}

pub(crate) fn take_while(f: Value, coll: Value) -> Value {
    Value::lazy(move || match coll.uncons()? {
        Some((h, t)) if apply1(&f, h.clone())?.truthy() => Ok(Value::cons(h, take_while(f, t))),
        _ => Ok(Value::EmptyList),
    })
}

pub(crate) fn iterate(f: Value, x: Value) -> Value {
    Value::lazy(move || {
        let next = f.clone();
        let x2 = x.clone();
        let rest = Value::lazy(move || {
            let y = apply1(&next, x2)?;
            iterate(next, y).force()
        });
        Ok(Value::cons(x, rest))
    })
}

pub(crate) fn repeatedly(f: Value, n: Option<i64>) -> Value {
    Value::lazy(move || {
        if n == Some(0) {
            return Ok(Value::EmptyList);
        }
        let v = apply(&f, vec![])?;
        Ok(Value::cons(v, repeatedly(f, n.map(|n| n - 1))))
    })
}

pub(crate) fn repeat(x: Value, n: Option<i64>) -> Value {
    Value::lazy(move || {
        if n.is_some_and(|n| n <= 0) {
            return Ok(Value::EmptyList);
        }
        Ok(Value::cons(x.clone(), repeat(x, n.map(|n| n - 1))))
    })
}

pub(crate) fn cycle(all: Value, cur: Value) -> Value {
    Value::lazy(move || match cur.uncons()? {
        Some((h, t)) => Ok(Value::cons(h, cycle(all, t))),
        None => match all.uncons()? {
            Some((h, t)) => Ok(Value::cons(h, cycle(all.clone(), t))),
            None => Ok(Value::EmptyList),
        },
    })
}

pub(crate) fn interleave(colls: Vec<Value>) -> Value {
    Value::lazy(move || match firsts_and_rests(colls)? {
        Some((heads, tails)) => Ok(Value::list_with_tail(heads, interleave(tails))),
        None => Ok(Value::EmptyList),
    })
}

pub(crate) fn drop_n(n: i64, coll: &Value) -> Result<Value> {
    // Along the cells by reference while the seq is made of them, the rest by `uncons`.
    let (mut cur, mut n) = (coll, n);
    while n > 0 {
        match cur.forced()? {
            Value::Nil | Value::EmptyList => return Ok(Value::EmptyList),
            Value::List(c) => cur = &c.1,
            _ => break,
        }
        n -= 1;
    }
    let mut cur = cur.clone();
    for _ in 0..n {
        match cur.uncons()? {
            Some((_, t)) => cur = t,
            None => return Ok(Value::EmptyList),
        }
    }
    Ok(cur)
}

/// A group of `partition` (not empty): a lazy seq realised as the seq of its items, as
/// Clojure's `(doall (take n s))`, one allocation for the items rather than a cell each.
fn group(items: Vec<Value>) -> Value {
    Value::realized_seq(Value::VecSeq(crate::value::items::Items::arc(items), 0))
}

/// `partition` (`all`: `partition-all`) of `n` elements every `step`; with `pad`, a last short
/// chunk is filled from `pad` (and kept, however short `pad` leaves it).
pub(crate) fn partition(
    n: usize,
    step: usize,
    coll: Value,
    all: bool,
    pad: Option<Value>,
) -> Value {
    Value::lazy(move || {
        // Sized once for a group of `n` (at most a chunk's worth ahead of its use).
        let mut chunk = Vec::with_capacity(n.min(32));
        // Along the cells by reference while the seq is made of them (no count taken on each
        // rest and given back), the rest by `uncons`.
        let mut at = &coll;
        while chunk.len() < n {
            match at.forced()? {
                Value::List(c) if !c.2 => {
                    chunk.push(c.0.clone());
                    at = &c.1;
                }
                _ => break,
            }
        }
        let mut cur = at.clone();
        while chunk.len() < n {
            match cur.uncons()? {
                Some((h, t)) => {
                    chunk.push(h);
                    cur = t;
                }
                None => break,
            }
        }
        if chunk.is_empty() {
            return Ok(Value::EmptyList);
        }
        if chunk.len() < n {
            match &pad {
                Some(p) => {
                    let mut p = p.clone();
                    while chunk.len() < n {
                        let Some((h, t)) = p.uncons()? else { break };
                        chunk.push(h);
                        p = t;
                    }
                    return Ok(Value::list([group(chunk)]));
                }
                None if !all => return Ok(Value::EmptyList),
                None => {}
            }
        }
        // With a step of `n`, the rest starts where the chunk's walk stopped.
        let rest = match step == n {
            true => cur,
            false => drop_n(step as i64, &coll)?,
        };
        Ok(Value::cons(
            group(chunk),
            partition(n, step, rest, all, pad),
        ))
    })
}

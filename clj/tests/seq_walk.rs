//! `Value::uncons_owned`, the step of a walk that owns its seq: it gives the elements
//! `uncons` gives, in order, whatever the seq is made of (list cells, a chunk, a vector's seq,
//! lazy seqs nested in lazy seqs), and a seq that something else also holds is read, never
//! taken apart.

use kanren_clj::value::Value;
use proptest::prelude::*;

/// The seq of `xs` built in the shape `shape`, wrapped in `lazy` lazy seqs.
fn build(xs: &[i64], shape: u8, lazy: usize) -> Value {
    let items = xs.iter().map(|&x| Value::Int(x));
    let mut v = match shape % 4 {
        0 => Value::list(items.collect::<Vec<_>>()),
        1 => Value::chunk_with_tail(items.collect::<Vec<_>>(), Value::EmptyList),
        2 if xs.is_empty() => Value::EmptyList,
        2 => kanren_clj::value::vec_seq(kanren_clj::value::items::Items::arc(items.collect()), 0),
        // Each cell's tail a lazy seq of its own.
        _ => xs.iter().rev().fold(Value::EmptyList, |tail, &x| {
            Value::lazy(move || Ok(Value::cons(Value::Int(x), tail)))
        }),
    };
    for _ in 0..lazy {
        let inner = v;
        v = Value::lazy(move || Ok(inner));
    }
    v
}

/// The elements a walk by `uncons_owned` gives.
fn walk_owned(mut v: Value) -> Vec<i64> {
    let mut out = Vec::new();
    while let Some((h, t)) = v.uncons_owned().expect("no error") {
        let Value::Int(x) = h else {
            panic!("an integer, got {h}")
        };
        out.push(x);
        v = t;
    }
    out
}

/// The elements of `v`, read in place.
fn ints(v: &Value) -> Vec<i64> {
    v.to_vec()
        .expect("no error")
        .into_iter()
        .map(|h| match h {
            Value::Int(x) => x,
            other => panic!("an integer, got {other}"),
        })
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    #[test]
    fn an_owned_walk_gives_what_uncons_gives(
        xs in proptest::collection::vec(-5i64..5, 0..40),
        shape in 0u8..4,
        lazy in 0usize..3,
        shared in any::<bool>(),
    ) {
        let v = build(&xs, shape, lazy);
        let kept = shared.then(|| v.clone());
        prop_assert_eq!(walk_owned(v), xs.clone());
        if let Some(k) = kept {
            prop_assert_eq!(ints(&k), xs);
        }
    }
}

#[test]
fn a_seq_held_twice_is_read_by_both_walks() {
    let v = build(&[1, 2, 3], 3, 2);
    let (a, b) = (v.clone(), v.clone());
    assert_eq!(walk_owned(a), [1, 2, 3]);
    assert_eq!(walk_owned(v), [1, 2, 3]);
    assert_eq!(walk_owned(b), [1, 2, 3]);
}

#[test]
fn lazy_seqs_nested_deep_are_stepped_through_in_a_loop() {
    assert_eq!(walk_owned(build(&[7, 8], 0, 300_000)), [7, 8]);
}

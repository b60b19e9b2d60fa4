//! The `serde` feature: terms and answers as JSON (via serde_json), so an application can use
//! an answer without parsing its printed form.

use kanren::{eq, fd, fresh, list, neq, run, run_all, Term, Var};
use serde_json::json;

fn json(t: &impl serde::Serialize) -> serde_json::Value {
    serde_json::to_value(t).unwrap()
}

#[test]
fn atoms() {
    assert_eq!(json(&Term::from(-3)), json!(-3));
    assert_eq!(json(&Term::from(true)), json!(true));
    assert_eq!(json(&Term::from("s")), json!("s"));
    assert_eq!(json(&Term::sym("a")), json!("a"));
    assert_eq!(json(&Term::sym(":k")), json!(":k"));
    assert_eq!(json(&Term::from(Var::reified(2))), json!("_2"));
}

#[test]
fn sequences() {
    assert_eq!(json(&list![]), json!([]));
    assert_eq!(json(&list![1, list![2, 3]]), json!([1, [2, 3]]));
    assert_eq!(json(&Term::from(vec![1, 2])), json!([1, 2]));
    assert_eq!(
        json(&list![1, 2; Var::reified(0)]),
        json!({"items": [1, 2], "tail": "_0"})
    );
    assert_eq!(json(&Term::cons(1, 2)), json!({"items": [1], "tail": 2}));
    // A long list is serialized by a loop.
    let long = Term::list(0..100_000);
    assert_eq!(json(&long).as_array().unwrap().len(), 100_000);
}

#[test]
fn answers_with_and_without_constraints() {
    let a = run_all(|q| eq(q, list![1, 2])).next().unwrap();
    assert_eq!(json(&a), json!({"value": [1, 2], "constraints": []}));
    let a = run_all(|q| fresh!([x, y], neq(x, y), eq(q, vec![x, y])))
        .next()
        .unwrap();
    assert_eq!(a.to_string(), "([_0 _1] :- (!= (_0 _1)))");
    assert_eq!(
        json(&a),
        json!({"value": ["_0", "_1"], "constraints": [["!=", ["_0", "_1"]]]})
    );
    let all: Vec<serde_json::Value> = run(3, |q| fd::in_(q, fd::interval(1, 5)))
        .map(|a| json(&a))
        .collect();
    assert_eq!(all[0], json!({"value": 1, "constraints": []}));
}

#[test]
fn maps_and_mixed_sequences() {
    let m = Term::map([
        (Term::sym(":b"), list![1]),
        (Term::sym(":a"), Term::from(Var::reified(0))),
    ]);
    assert_eq!(
        serde_json::to_string(&m).unwrap(),
        r#"{":b":[1],":a":"_0"}"#
    );
    assert_eq!(json(&Term::map([(1, true)])), json!({"1": true}));
    assert_eq!(json(&Term::cons(1, vec![2, 3])), json!([1, 2, 3]));
    assert_eq!(
        json(&Term::cons(1, Term::cons(2, Var::reified(1)))),
        json!({"items": [1, 2], "tail": "_1"})
    );
}

#[test]
fn partial_maps() {
    let pm = Term::partial_map([(Term::sym(":a"), 1)]);
    assert_eq!(json(&pm), json!({"partial": {":a": 1}}));
}

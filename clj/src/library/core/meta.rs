//! `clojure.core`'s metadata functions: `meta`, `with-meta` and `vary-meta`.

use crate::eval::apply;
use crate::library::core::{arity, reg};
use crate::value::meta::{meta_of, with_meta};
use crate::value::Value;

/// Registers `meta`, `with-meta` and `vary-meta` in `clojure.core`.
pub fn install() {
    let c = "clojure.core";
    reg(c, "meta", |a| {
        arity(&a, 1, 1, "meta")?;
        // A var's metadata is what its `def` recorded, kept with the value it defined.
        match &a[0] {
            // A var's metadata is what its definition recorded (`eval::vars`), or else its
            // value's.
            Value::Var(name) => Ok(match crate::eval::vars::meta(name) {
                Value::Nil => crate::eval::var_get(name).map_or(Value::Nil, |v| meta_of(&v)),
                m => m,
            }),
            v => Ok(meta_of(v)),
        }
    });
    reg(c, "with-meta", |a| {
        arity(&a, 2, 2, "with-meta")?;
        with_meta(&a[0], a[1].clone())
    });
    reg(c, "vary-meta", |a| {
        arity(&a, 2, usize::MAX, "vary-meta")?;
        let mut args = vec![meta_of(&a[0])];
        args.extend(a[2..].iter().cloned());
        let m = apply(&a[1], args)?;
        with_meta(&a[0], m)
    });
}

//! `clojure.core`'s metadata functions: `meta`, `with-meta` and `vary-meta`.

use crate::eval::apply;
use crate::library::core::{arity, reg};
use crate::value::meta::{meta_of, with_meta};

/// Registers `meta`, `with-meta` and `vary-meta` in `clojure.core`.
pub fn install() {
    let c = "clojure.core";
    reg(c, "meta", |a| {
        arity(&a, 1, 1, "meta")?;
        Ok(meta_of(&a[0]))
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

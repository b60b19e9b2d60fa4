//! clojure.core's sequence functions: `seq` (the first, rest, map, filter, reduce family),
//! `lazy` and `lazy_more` (the lazy ones: iterate, cycle, partition, tree-seq, ...),
//! `reshape` (whole-seq searches, sorts and realisers) and `xform` (transducers and the
//! one-argument forms that make them).

pub mod lazy;
pub mod lazy_more;
pub mod reshape;
pub mod seq;
pub mod xform;

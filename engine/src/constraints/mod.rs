//! The constraints: one file per constraint on the kernel's one constraint protocol.

pub(crate) mod conjo;
pub(crate) mod diseq;
pub(crate) mod featurec;
pub(crate) mod fixc;
pub(crate) mod ground;
pub(crate) mod nafc;
pub mod nom;
pub(crate) mod predc;
pub(crate) mod seq_goals;

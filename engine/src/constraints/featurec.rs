//! `featurec` (core.logic's feature constraint): a term is a map holding at least some keys,
//! with values that unify; and its term-level twin, the partial map ([`Term::partial_map`]).
//!
//! ```text
//! featurec(x, fs):  x (or fs) unbound  -> wait
//!                   otherwise          -> x == partial-map(fs), entailed
//! x == partial-map(fs) for a map x:  each key of fs is a key of x, its values unify
//!                                     (a map value of fs as a partial map; an unbound
//!                                     variable under the key gets featurec of its own)
//! ```
//!
//! The constraint itself is the store's `Feature`, since unification leaves it too (an
//! unbound variable that meets a partial map). DIVERGENCE: core.logic throws ("non-storable")
//! when a partial map meets an unbound variable at the top, and throws when `featurec` under
//! a key meets a variable with a value that is not a map (`(featurec x {:a 1})` then
//! `(== x {:a z})`); kanren gives both their meaning (`featurec` of the variable; `z` = 1).
//! Two partial maps unify when they agree on the keys they share (core.logic: the first's
//! keys must be in the second).

use crate::kernel::goal::Goal;
use crate::kernel::store::Feature;
use crate::kernel::term::Term;

/// `x` is a map that holds at least the keys of the map `fs`, with values that unify (a map
/// value in `fs` asks for at least its keys, recursively): core.logic's `(featurec x fs)`.
/// Checked once `x` is bound; until then an answer shows it as
/// `(clojure.core.logic/featurec x fs)`. Values of `fs` may be fresh variables, to extract
/// features.
///
/// ```
/// use kanren::{conj, eq, featurec, fresh, run_all, Term};
/// let k = |s| Term::sym(s);
/// fn show(g: impl FnOnce(kanren::Var) -> kanren::Goal) -> Vec<String> {
///     run_all(g).map(|a| a.to_string()).collect()
/// }
/// assert_eq!(show(|q| featurec(q, Term::map([(k(":foo"), 1)]))),
///            ["(_0 :- (clojure.core.logic/featurec _0 {:foo 1}))"]);
/// let foo_bar = Term::map([(k(":foo"), 1), (k(":bar"), 2)]);
/// assert_eq!(show(|q| conj([featurec(q, Term::map([(k(":foo"), 1)])), eq(q, &foo_bar)])),
///            ["{:foo 1, :bar 2}"]);
/// // Feature extraction: q is the value under :foo.
/// assert_eq!(show(|q| fresh(move |[x]| conj([
///     featurec(x, Term::map([(k(":foo"), q)])),
///     eq(x, Term::map([(k(":foo"), 1)])),
/// ]))), ["1"]);
/// ```
pub fn featurec(x: impl Into<Term>, fs: impl Into<Term>) -> Goal {
    Goal::constraint(Feature {
        x: x.into(),
        fs: fs.into(),
    })
}

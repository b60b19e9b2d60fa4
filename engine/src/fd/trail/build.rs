//! From a persistent state to a mutable space: the labeled variables, and every constraint on
//! them, when each has a mutable form and the sub-problem is closed.
//!
//! ```text
//! slots      = the labeled terms that walk to a variable with a domain, in their order
//! supported  = distinct_offsets, distinct (forward checking), the inline x != y + k
//! closed     = every variable those constraints mention is a slot or an integer
//! otherwise  -> None: the labeling stays on the persistent search
//! ```

use super::alldiff::AllDiffSpec;
use super::space::{Ent, SlotSpec, Space};
use crate::fd::global::DistinctOffsets;
use crate::fd::props::Prop;
use crate::kernel::state::State;
use crate::kernel::term::{Term, Var};
use rustc_hash::{FxHashMap, FxHashSet};
use std::any::Any;

/// The widest range of shifted values an all-different marks (2²⁶ values, a byte each: 64 MB).
const MAX_MARKS: i128 = 1 << 26;

/// A bound on the magnitude of the values and offsets the space takes (2⁶⁰).
const SMALL: u64 = 1 << 60;

/// A labeling problem copied out of a state.
#[derive(Clone)]
pub(super) struct Problem {
    pub(super) space: Space,
    /// Each slot's variable.
    pub(super) vars: Vec<Var>,
    /// The store ids of the constraints that are entailed once every slot is bound
    /// (`distinct_offsets`; `distinct` stays in the store, as on the persistent path).
    pub(super) entailed: Vec<u32>,
}

/// The problem of labeling `xs` in `s`, or `None` when it has no mutable form.
pub(super) fn build(s: &State, xs: &[Term]) -> Option<Problem> {
    let cs = &s.cs;
    let mut index: FxHashMap<Var, u32> = FxHashMap::default();
    let mut vars = Vec::new();
    let mut specs = Vec::new();
    for t in xs {
        let Term::Var(x) = s.walk_ref(t) else {
            continue;
        };
        let Some(d) = cs.doms.get(x) else { continue };
        if index.contains_key(x) {
            continue;
        }
        index.insert(*x, vars.len() as u32);
        vars.push(*x);
        specs.push(SlotSpec {
            domain: d.clone(),
            ents: Vec::new(),
            neqs: Vec::new(),
        });
    }
    if vars.is_empty() {
        return None;
    }
    // Values and offsets well inside i64, so that `value ± offset` never overflows.
    let small = |v: i64| v.unsigned_abs() < SMALL;
    if !specs
        .iter()
        .all(|d| small(d.domain.min()) && small(d.domain.max()))
    {
        return None;
    }
    let slot_of = |t: &Term| -> Option<Result<i64, u32>> {
        match s.walk_ref(t) {
            Term::Int(a) => Some(Ok(*a)),
            Term::Var(y) => index.get(y).map(|&j| Err(j)),
            _ => None,
        }
    };
    let mut seen: FxHashSet<u32> = FxHashSet::default();
    let mut alldiffs = Vec::new();
    let mut entailed = Vec::new();
    for x in 0..vars.len() {
        let Some(w) = cs.watch.get(&vars[x]) else {
            continue;
        };
        for &(other, k) in &w.neq {
            match slot_of(&Term::Var(other))? {
                Ok(_) => {} // already applied when `other` was bound
                Err(y) => specs[x].neqs.push((y, k)),
            }
        }
        for &id in w.on_bind.iter().chain(&w.on_change) {
            if !seen.insert(id) {
                continue;
            }
            let Some(c) = cs.get(id) else { continue };
            let c: &dyn Any = &*c;
            // The members, their offsets (none: all 0), and whether the store drops the
            // constraint once they are bound.
            let (terms, offsets, entails) = if let Some(d) = c.downcast_ref::<DistinctOffsets>() {
                (&d.xs, Some(&d.offsets), true)
            } else if let Some(Prop::Distinct(ts)) = c.downcast_ref::<Prop>() {
                (ts, None, false)
            } else {
                return None;
            };
            let cons = alldiffs.len() as u32;
            let mut members = Vec::new();
            let mut fixed = Vec::new();
            for (p, t) in terms.iter().enumerate() {
                let off = offsets.as_ref().map_or(0, |o| o[p]);
                if !small(off) {
                    return None;
                }
                match slot_of(t)? {
                    Ok(a) => fixed.push(a.checked_add(off)?),
                    Err(j) => {
                        let ents = &mut specs[j as usize].ents;
                        if ents.iter().any(|e| e.cons == cons) {
                            return None; // a variable twice in one all-different
                        }
                        ents.push(Ent { cons, off, pos: 0 });
                        members.push((j, off));
                    }
                }
            }
            let shifted = |&(j, off): &(u32, i64)| {
                let d = &specs[j as usize].domain;
                (d.min() as i128 + off as i128, d.max() as i128 + off as i128)
            };
            members.sort_unstable_by_key(|&(j, off)| (off, j));
            let lo = members.iter().map(|&(j, _)| specs[j as usize].domain.min());
            let hi = members.iter().map(|&(j, _)| specs[j as usize].domain.max());
            let (lo, hi) = (lo.min().unwrap_or(0), hi.max().unwrap_or(0));
            let origin = members.iter().map(|m| shifted(m).0).min().unwrap_or(0);
            let top = members.iter().map(|m| shifted(m).1).max().unwrap_or(0);
            if top - origin >= MAX_MARKS || i64::try_from(origin).is_err() {
                return None;
            }
            alldiffs.push(AllDiffSpec {
                members,
                lo,
                hi,
                origin: origin as i64,
                len: (top - origin + 1) as usize,
                fixed,
            });
            if entails {
                entailed.push(id);
            }
        }
    }
    let space = Space::new(specs, alldiffs)?;
    Some(Problem {
        space,
        vars,
        entailed,
    })
}

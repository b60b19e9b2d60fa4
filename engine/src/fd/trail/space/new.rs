//! Building a [`Space`]: the slots' rows, the all-differents' marks, and the uniform
//! sweep's layout when the space has that shape.

use super::{Hot, SlotSpec, Space, BOUND, INLINE};
use crate::fd::trail::alldiff::{full_mask, AllDiff, AllDiffSpec};
use crate::fd::trail::uniform::Uniform;
use rustc_hash::{FxHashMap, FxHashSet};

impl Space {
    /// A space of these slots and all-differents, every slot open. `None` when a domain is
    /// too large to count in 32 bits.
    pub(in crate::fd::trail) fn new(
        specs: Vec<SlotSpec>,
        specs_ad: Vec<AllDiffSpec>,
    ) -> Option<Space> {
        let n = specs.len();
        let mut marks = Vec::new();
        let mut alldiffs = Vec::with_capacity(specs_ad.len());
        for a in specs_ad {
            let ad = AllDiff {
                open: full_mask(a.members.len()),
                members: a.members,
                lo: a.lo,
                hi: a.hi,
                origin: a.origin,
                start: marks.len(),
                len: a.len,
            };
            marks.resize(marks.len() + a.len, 0);
            for v in a.fixed {
                if let Some(i) = ad.index(v) {
                    marks[i] = 1;
                }
            }
            alldiffs.push(ad);
        }
        let mut specs = specs;
        for (c, ad) in alldiffs.iter().enumerate() {
            for (p, &(y, _)) in ad.members.iter().enumerate() {
                for e in &mut specs[y as usize].ents {
                    if e.cons == c as u32 {
                        e.pos = p as u32;
                    }
                }
            }
        }
        let mut space = Space {
            open: full_mask(n),
            hot: Vec::with_capacity(n),
            sizes: Vec::with_capacity(n),
            values: vec![0; n],
            ent_start: Vec::with_capacity(n + 1),
            ents: Vec::new(),
            neq_start: Vec::with_capacity(n + 1),
            neqs: Vec::new(),
            bases: FxHashMap::default(),
            removed: FxHashSet::default(),
            alldiffs,
            marks,
            trail: Vec::new(),
            queue: Vec::new(),
            uniform: None,
            least: None,
        };
        for (x, spec) in specs.into_iter().enumerate() {
            let d = spec.domain;
            let size = u32::try_from(d.size()).ok().filter(|&s| s < BOUND)?;
            let holes = (d.max() as i128 - d.min() as i128 + 1) != d.size() as i128;
            let mut hot = Hot {
                lo: d.min(),
                hi: d.max(),
                slow: holes as u32,
                n: spec.ents.len() as u32,
                base: [0; INLINE],
            };
            for (k, e) in spec.ents.iter().take(INLINE).enumerate() {
                let ad = &space.alldiffs[e.cons as usize];
                hot.base[k] = e.off - ad.origin + ad.start as i64;
            }
            space.hot.push(hot);
            space.sizes.push(size);
            space.ent_start.push(space.ents.len() as u32);
            space.ents.extend(spec.ents);
            space.neq_start.push(space.neqs.len() as u32);
            space.neqs.extend(spec.neqs);
            if holes {
                space.bases.insert(x as u32, d);
            }
        }
        space.ent_start.push(space.ents.len() as u32);
        space.neq_start.push(space.neqs.len() as u32);
        space.uniform = space.uniform();
        Some(space)
    }

    /// The rows of the one-pass sweep, if every slot is in every all-different and no
    /// domain has holes and no disequality is posted.
    fn uniform(&self) -> Option<Uniform> {
        let n = self.hot.len();
        let every = self.alldiffs.iter().all(|a| a.members.len() == n);
        if !every || !self.neqs.is_empty() || !self.bases.is_empty() {
            return None;
        }
        let rows = (0..n).map(|x| {
            let mut bases = vec![0; self.alldiffs.len()];
            for e in &self.ents[self.ent_start[x] as usize..self.ent_start[x + 1] as usize] {
                let ad = &self.alldiffs[e.cons as usize];
                bases[e.cons as usize] = e.off - ad.origin + ad.start as i64;
            }
            (self.hot[x].lo, self.hot[x].hi, bases)
        });
        Uniform::new(self.alldiffs.len(), rows, &self.marks)
    }
}

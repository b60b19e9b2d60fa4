//! Clojure's `hash` (`hasheq`) of reified terms, and the order in which Clojure's hash sets
//! give back their elements: core.logic collects an answer's residual constraints into a hash
//! set (`reify-constraints`), so that order is the order it prints them in.
//!
//! The hashes follow Clojure 1.11's `clojure.lang.Murmur3` and `Util.hasheq`: integers by
//! `hashLong`, strings by `hashInt` of Java's `String.hashCode`, symbols by
//! `hashUnencodedChars` of the name combined with the namespace's `String.hashCode`, keywords
//! by their symbol's hash plus the golden ratio, sequences by `hashOrdered`, maps by
//! `hashUnordered` of their entries. A hash set (a hash array mapped trie) iterates in the
//! order of the hashes' 5-bit digits, least significant first; equal hashes keep their order
//! of insertion.

use crate::kernel::term::{Seq, SeqItem, Term};

const C1: i32 = 0xcc9e2d51_u32 as i32;
const C2: i32 = 0x1b873593;
const GOLDEN: i32 = 0x9e3779b9_u32 as i32;

fn mix_k1(k1: i32) -> i32 {
    k1.wrapping_mul(C1).rotate_left(15).wrapping_mul(C2)
}

fn mix_h1(h1: i32, k1: i32) -> i32 {
    (h1 ^ k1)
        .rotate_left(13)
        .wrapping_mul(5)
        .wrapping_add(0xe6546b64_u32 as i32)
}

fn fmix(mut h1: i32, len: i32) -> i32 {
    h1 ^= len;
    h1 ^= ((h1 as u32) >> 16) as i32;
    h1 = h1.wrapping_mul(0x85ebca6b_u32 as i32);
    h1 ^= ((h1 as u32) >> 13) as i32;
    h1 = h1.wrapping_mul(0xc2b2ae35_u32 as i32);
    h1 ^ ((h1 as u32) >> 16) as i32
}

fn hash_int(x: i32) -> i32 {
    if x == 0 {
        return 0;
    }
    fmix(mix_h1(0, mix_k1(x)), 4)
}

fn hash_long(x: i64) -> i32 {
    if x == 0 {
        return 0;
    }
    let h1 = mix_h1(0, mix_k1(x as i32));
    fmix(mix_h1(h1, mix_k1((x >> 32) as i32)), 8)
}

fn hash_chars(s: &str) -> i32 {
    let units: Vec<u16> = s.encode_utf16().collect();
    let mut h1 = 0;
    for pair in units.chunks_exact(2) {
        h1 = mix_h1(h1, mix_k1(pair[0] as i32 | (pair[1] as i32) << 16));
    }
    if let [.., last] = units.as_slice() {
        if units.len() % 2 == 1 {
            h1 ^= mix_k1(*last as i32);
        }
    }
    fmix(h1, 2 * units.len() as i32)
}

/// Java's `String.hashCode`.
fn java_hash(s: &str) -> i32 {
    s.encode_utf16()
        .fold(0i32, |h, c| h.wrapping_mul(31).wrapping_add(c as i32))
}

fn mix_coll(hash: i32, count: i32) -> i32 {
    fmix(mix_h1(0, mix_k1(hash)), count)
}

fn symbol_hash(name: &str) -> i32 {
    let (ns, name) = match name.split_once('/') {
        Some((ns, n)) if !ns.is_empty() && !n.is_empty() => (java_hash(ns), n),
        _ => (0, name),
    };
    let seed = hash_chars(name);
    // Util.hashCombine
    seed ^ ns
        .wrapping_add(GOLDEN)
        .wrapping_add(seed << 6)
        .wrapping_add(seed >> 2)
}

/// Clojure's `(hash t)` of a reified term (`_0` and `a_0` hash as the symbols they print as).
pub(crate) fn hasheq(t: &Term) -> i32 {
    match t {
        Term::Int(i) => hash_long(*i),
        Term::Bool(true) => 1231,
        Term::Bool(false) => 1237,
        Term::Str(s) => hash_int(java_hash(s)),
        Term::Sym(s) if &**s == "nil" => 0,
        Term::Sym(s) => match s.strip_prefix(':') {
            Some(k) => symbol_hash(k).wrapping_add(GOLDEN),
            None => symbol_hash(s),
        },
        Term::Var(_) | Term::Nom(_) => symbol_hash(&t.to_string()),
        Term::Map(entries) | Term::PartialMap(entries) => {
            let sum = entries.iter().fold(0i32, |acc, (k, v)| {
                acc.wrapping_add(ordered([k, v].into_iter().map(hasheq)))
            });
            mix_coll(sum, entries.len() as i32)
        }
        Term::Tie(tie) => ordered([hasheq(&tie.nom), hasheq(&tie.body)].into_iter()),
        Term::Nil | Term::Pair(_) | Term::Vector(_) => {
            let mut hashes = Vec::new();
            let mut seq = Seq::of(t);
            loop {
                match seq.step() {
                    SeqItem::Item(x) => hashes.push(hasheq(x)),
                    SeqItem::End => break,
                    SeqItem::Tail(x) => {
                        hashes.push(hasheq(x));
                        break;
                    }
                }
            }
            ordered(hashes.into_iter())
        }
    }
}

fn ordered(hashes: impl Iterator<Item = i32>) -> i32 {
    let (hash, n) = hashes.fold((1i32, 0i32), |(h, n), x| {
        (h.wrapping_mul(31).wrapping_add(x), n + 1)
    });
    mix_coll(hash, n)
}

/// The key that sorts terms in the order a Clojure hash set iterates over them: the hash's
/// 5-bit digits, least significant first (the last digit has the 2 bits left). 32 bits.
pub(crate) fn set_order_key(t: &Term) -> u64 {
    order_key(hasheq(t))
}

/// [`set_order_key`] of the sequence of `items` (a fact of a database), without building it.
pub(crate) fn items_order_key(items: &[Term]) -> u64 {
    order_key(ordered(items.iter().map(hasheq)))
}

fn order_key(h: i32) -> u64 {
    let h = h as u32;
    let digits = (0..6).fold(0u64, |key, i| (key << 5) | ((h >> (5 * i)) & 31) as u64);
    (digits << 2) | (h >> 30) as u64
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::list;

    /// Values printed by Clojure 1.11.1's `(hash x)`.
    #[test]
    fn hashes_are_clojures() {
        let s = Term::sym;
        let cases: Vec<(Term, i32)> = vec![
            (s("a_2#_0"), -237145402),
            (s("a_1#_0"), 109971146),
            (list![s("!="), list![s("_1"), 2]], -908733263),
            (list![s("!="), list![s("_0"), 1]], -831048495),
            (s("clojure.core/number?"), -1044499897),
            (s(":foo"), 1268894036),
            (Term::from("str"), -795625497),
            (1.into(), 1392991556),
            ((-7).into(), -1703207563),
            (123456789012i64.into(), -514757697),
            (s("nil"), 0),
            (true.into(), 1231),
            (false.into(), 1237),
            (Term::Nil, -2017569654),
            (Term::from(Vec::<Term>::new()), -2017569654),
            (Term::from(vec![s("a_0"), s("a_1")]), 29955019),
            (
                list![s("swap"), vec![s("a_0"), s("a_1")], s("_3"), s("_2")],
                283544032,
            ),
            (Term::map([(s(":a"), 1)]), 1772842048),
        ];
        for (t, h) in cases {
            assert_eq!(hasheq(&t), h, "hash of {t}");
        }
    }
}

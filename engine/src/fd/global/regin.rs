//! Domain consistency for all-different by bipartite matching (Régin 1994, "A filtering
//! algorithm for constraints of difference in CSPs"): the propagator of `fd::all_distinct`.
//!
//! The members and their values form a bipartite graph. The constraint holds iff a matching
//! covers every member; a value `v` stays in `x`'s domain iff the edge `(x, v)` belongs to
//! *some* maximum matching. With the matching `M` found, orient matched edges member → value
//! and the others value → member; by Berge's theorem an unmatched edge `(x, v)` belongs to
//! another maximum matching iff
//!
//! ```text
//! v and x lie in one strongly connected component     (an even alternating cycle), or
//! v is reachable from a value that M leaves free      (an even alternating path)
//! ```
//!
//! Every other edge is removed. Time: O(n·e) for the matching (augmenting paths from the
//! previous matching would make it O(√n·e); we rebuild it each run), O(n + e) for the
//! components (Tarjan, iterative), with `e` the number of (member, value) pairs. Members
//! without a domain (any integer) are left out, which only weakens the pruning.

use crate::fd::Step;
use crate::kernel::store::{Fail, Run, Val};
use crate::kernel::term::Term;

const NONE: usize = usize::MAX;

/// One run of Régin's filtering over `xs`.
pub(crate) fn propagate(run: &mut Run, xs: &[Term]) -> Step {
    let mut members: Vec<(usize, Vec<i64>)> = Vec::with_capacity(xs.len());
    for (i, t) in xs.iter().enumerate() {
        match run.read(t) {
            Val::Int(a) => members.push((i, vec![a])),
            Val::Dom(_, d) => members.push((i, d.iter().collect())),
            Val::Bad => return Err(Fail),
            Val::Free(_) => {}
        }
    }
    let doms: Vec<Vec<i64>> = members.iter().map(|m| m.1.clone()).collect();
    let keep = supported(&doms).ok_or(Fail)?;
    for ((i, old), kept) in members.iter().zip(keep) {
        if kept.len() == old.len() {
            continue;
        }
        let v = run.read(&xs[*i]);
        run.narrow(&v, crate::fd::domain(kept))?;
    }
    Ok(())
}

/// For each member's values, those that belong to some matching covering every member;
/// `None` when no such matching exists.
pub(crate) fn supported(doms: &[Vec<i64>]) -> Option<Vec<Vec<i64>>> {
    // Values numbered 0..m in increasing order; adj[x] lists x's value numbers.
    let mut values: Vec<i64> = doms.iter().flatten().copied().collect();
    values.sort_unstable();
    values.dedup();
    let number = |v: i64| values.binary_search(&v).expect("a listed value");
    let adj: Vec<Vec<usize>> = doms
        .iter()
        .map(|d| d.iter().map(|&v| number(v)).collect())
        .collect();
    let (n, m) = (doms.len(), values.len());
    if n > m {
        return None; // pigeonhole
    }
    let (mate_x, mate_v) = matching(&adj, m)?;
    // Graph on n members (nodes 0..n) and m values (nodes n..n+m): member -> its mate,
    // value -> every member that has it but is not matched to it.
    let mut by_value: Vec<Vec<usize>> = vec![Vec::new(); m];
    for (x, vs) in adj.iter().enumerate() {
        for &v in vs {
            if mate_x[x] != v {
                by_value[v].push(x);
            }
        }
    }
    let succ = |node: usize| -> Vec<usize> {
        if node < n {
            vec![n + mate_x[node]]
        } else {
            by_value[node - n].clone()
        }
    };
    let comp = components(n + m, &succ);
    // Reachable from a free value.
    let mut reach = vec![false; n + m];
    let mut stack: Vec<usize> = (0..m)
        .filter(|&v| mate_v[v] == NONE)
        .map(|v| n + v)
        .collect();
    for &s in &stack {
        reach[s] = true;
    }
    while let Some(node) = stack.pop() {
        for next in succ(node) {
            if !reach[next] {
                reach[next] = true;
                stack.push(next);
            }
        }
    }
    let keep = adj
        .iter()
        .enumerate()
        .map(|(x, vs)| {
            vs.iter()
                .filter(|&&v| mate_x[x] == v || reach[n + v] || comp[x] == comp[n + v])
                .map(|&v| values[v])
                .collect()
        })
        .collect();
    Some(keep)
}

/// A matching covering every member (augmenting paths, Kuhn's algorithm, iterative):
/// `(mate of each member, mate of each value)`; `None` when there is none.
fn matching(adj: &[Vec<usize>], m: usize) -> Option<(Vec<usize>, Vec<usize>)> {
    let n = adj.len();
    let (mut mate_x, mut mate_v) = (vec![NONE; n], vec![NONE; m]);
    // Greedy start.
    for (x, vs) in adj.iter().enumerate() {
        if let Some(&v) = vs.iter().find(|&&v| mate_v[v] == NONE) {
            mate_x[x] = v;
            mate_v[v] = x;
        }
    }
    let mut seen = vec![0usize; m];
    for (stamp, root) in (1..).zip(0..n) {
        if mate_x[root] != NONE {
            continue;
        }
        // DFS over members: (member, next index into its values); `via[v]` = member that
        // reached value v.
        let mut stack: Vec<(usize, usize)> = vec![(root, 0)];
        let mut via = vec![NONE; m];
        let mut end = NONE;
        while let Some(top) = stack.last_mut() {
            let x = top.0;
            if top.1 == adj[x].len() {
                stack.pop();
                continue;
            }
            let v = adj[x][top.1];
            top.1 += 1;
            if seen[v] == stamp {
                continue;
            }
            seen[v] = stamp;
            via[v] = x;
            if mate_v[v] == NONE {
                end = v;
                break;
            }
            stack.push((mate_v[v], 0));
        }
        if end == NONE {
            return None;
        }
        // Flip the path back to the root.
        let mut v = end;
        while v != NONE {
            let x = via[v];
            let prev = mate_x[x];
            mate_x[x] = v;
            mate_v[v] = x;
            v = prev;
        }
    }
    Some((mate_x, mate_v))
}

/// The strongly connected component of each node (Tarjan's algorithm, iterative).
fn components(nodes: usize, succ: &dyn Fn(usize) -> Vec<usize>) -> Vec<usize> {
    let mut index = vec![NONE; nodes];
    let mut low = vec![0usize; nodes];
    let mut on_stack = vec![false; nodes];
    let mut comp = vec![NONE; nodes];
    let (mut next_index, mut next_comp) = (0, 0);
    let mut stack: Vec<usize> = Vec::new();
    for root in 0..nodes {
        if index[root] != NONE {
            continue;
        }
        let mut call: Vec<(usize, Vec<usize>, usize)> = vec![(root, succ(root), 0)];
        index[root] = next_index;
        low[root] = next_index;
        next_index += 1;
        stack.push(root);
        on_stack[root] = true;
        while let Some((node, succs, k)) = call.last_mut() {
            let node = *node;
            if let Some(&w) = succs.get(*k) {
                *k += 1;
                if index[w] == NONE {
                    index[w] = next_index;
                    low[w] = next_index;
                    next_index += 1;
                    stack.push(w);
                    on_stack[w] = true;
                    call.push((w, succ(w), 0));
                } else if on_stack[w] {
                    low[node] = low[node].min(index[w]);
                }
                continue;
            }
            call.pop();
            if let Some((parent, _, _)) = call.last() {
                low[*parent] = low[*parent].min(low[node]);
            }
            if low[node] == index[node] {
                while let Some(w) = stack.pop() {
                    on_stack[w] = false;
                    comp[w] = next_comp;
                    if w == node {
                        break;
                    }
                }
                next_comp += 1;
            }
        }
    }
    comp
}

#[cfg(test)]
mod tests {
    use super::supported;

    #[test]
    fn removes_what_no_matching_uses() {
        // x, y in {1, 2}: z in {1, 2, 3} keeps only 3.
        let kept = supported(&[vec![1, 2], vec![1, 2], vec![1, 2, 3]]).unwrap();
        assert_eq!(kept, [vec![1, 2], vec![1, 2], vec![3]]);
        // A free value lets everything stay.
        let kept = supported(&[vec![1, 2], vec![2, 3]]).unwrap();
        assert_eq!(kept, [vec![1, 2], vec![2, 3]]);
        assert!(supported(&[vec![1], vec![1]]).is_none());
        assert!(supported(&[vec![1, 2], vec![1, 2], vec![2, 1]]).is_none());
    }
}

//! Random shapes that judges' tests use: trees of every shape (vertex 1 anywhere), DAGs,
//! connected and plain simple graphs, permutations and shuffles, words over small alphabets
//! and subsets. Vertices are 1-based; every function draws from the [`SplitMix64`] it is given,
//! so a seed fixes the shape.
//!
//! # Example
//! ```
//! use test_kit::gen::{self, TreeShape};
//! use test_kit::format::Graph;
//! use dp_core::SplitMix64;
//! let mut rng = SplitMix64::new(5);
//! let edges = gen::tree(&mut rng, 8, TreeShape::Caterpillar);
//! let tree = Graph { n: 8, edges };
//! assert_eq!(tree.edges.len(), 7);
//! assert!(tree.is_connected());
//! let mut p = gen::permutation(&mut rng, 5);
//! p.sort_unstable();
//! assert_eq!(p, [1, 2, 3, 4, 5]);
//! ```

use bitvec::prelude::*;
use dp_core::SplitMix64;

/// The shape of a random tree.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TreeShape {
    /// A path.
    Path,
    /// A star: one centre joined to every other vertex.
    Star,
    /// A path with leaves hung on it.
    Caterpillar,
    /// Vertex k's parent is k / 2 (before relabelling).
    Binary,
    /// Uniform over labelled trees (a random Prüfer sequence).
    Uniform,
    /// Each vertex joined to a uniformly chosen earlier one.
    Recursive,
}

impl TreeShape {
    /// Every shape.
    pub const ALL: [TreeShape; 6] = [
        TreeShape::Path,
        TreeShape::Star,
        TreeShape::Caterpillar,
        TreeShape::Binary,
        TreeShape::Uniform,
        TreeShape::Recursive,
    ];

    /// A shape drawn uniformly.
    pub fn any(rng: &mut SplitMix64) -> TreeShape {
        TreeShape::ALL[rng.index(TreeShape::ALL.len())]
    }
}

/// Shuffles `items` uniformly (Fisher-Yates).
pub fn shuffle<T>(rng: &mut SplitMix64, items: &mut [T]) {
    for i in (1..items.len()).rev() {
        items.swap(i, rng.index(i + 1));
    }
}

/// A uniform permutation of `1..=n`.
pub fn permutation(rng: &mut SplitMix64, n: usize) -> Vec<usize> {
    let mut p: Vec<usize> = (1..=n).collect();
    shuffle(rng, &mut p);
    p
}

/// A word of `len` letters drawn uniformly from `alphabet`.
pub fn word(rng: &mut SplitMix64, alphabet: &[u8], len: usize) -> Vec<u8> {
    (0..len)
        .map(|_| alphabet[rng.index(alphabet.len())])
        .collect()
}

/// The values of `lo..=hi` each kept with probability `per_million / 10^6`, at least `least`
/// of them (filled up at random), in increasing order.
pub fn subset(
    rng: &mut SplitMix64,
    lo: usize,
    hi: usize,
    per_million: u64,
    least: usize,
) -> Vec<usize> {
    let n = hi + 1 - lo;
    let mut chosen = bitvec![0; n];
    for k in 0..n {
        chosen.set(k, rng.range(0, 999_999) < per_million);
    }
    while chosen.count_ones() < least.min(n) {
        let k = rng.index(n);
        chosen.set(k, true);
    }
    chosen.iter_ones().map(|k| k + lo).collect()
}

/// The `n - 1` edges of a random tree on `1..=n` of the given shape, with the vertices
/// relabelled at random (so vertex 1 may be a leaf, the centre or anything) and the edges, and
/// the ends of each, in random order.
pub fn tree(rng: &mut SplitMix64, n: usize, shape: TreeShape) -> Vec<(usize, usize)> {
    // parent[k] for k in 1..n, vertices 0..n before relabelling.
    let parents: Vec<(usize, usize)> = match shape {
        TreeShape::Path => (1..n).map(|k| (k - 1, k)).collect(),
        TreeShape::Star => (1..n).map(|k| (0, k)).collect(),
        TreeShape::Binary => (1..n).map(|k| ((k - 1) / 2, k)).collect(),
        TreeShape::Recursive => (1..n).map(|k| (rng.index(k), k)).collect(),
        TreeShape::Caterpillar => {
            let spine = 1 + rng.index(n.max(1));
            (1..n)
                .map(|k| {
                    if k < spine {
                        (k - 1, k)
                    } else {
                        (rng.index(spine), k)
                    }
                })
                .collect()
        }
        TreeShape::Uniform => prufer_tree(rng, n),
    };
    let label = permutation(rng, n);
    let mut edges: Vec<(usize, usize)> = parents
        .into_iter()
        .map(|(a, b)| {
            let (a, b) = (label[a], label[b]);
            if rng.range(0, 1) == 0 {
                (a, b)
            } else {
                (b, a)
            }
        })
        .collect();
    shuffle(rng, &mut edges);
    edges
}

/// The edges (0-based) of the tree of a random Prüfer sequence: uniform over labelled trees.
fn prufer_tree(rng: &mut SplitMix64, n: usize) -> Vec<(usize, usize)> {
    if n <= 2 {
        return (1..n).map(|k| (0, k)).collect();
    }
    let code: Vec<usize> = (0..n - 2).map(|_| rng.index(n)).collect();
    let mut degree = vec![1usize; n];
    code.iter().for_each(|&v| degree[v] += 1);
    let mut edges = Vec::with_capacity(n - 1);
    // The smallest leaf each time, found in O(n) in all: below `scan` no vertex is a leaf but
    // one that has just become one.
    let mut scan = (0..n).find(|&u| degree[u] == 1).expect("a tree has a leaf");
    let mut leaf = scan;
    for &v in &code {
        edges.push((v, leaf));
        degree[leaf] -= 1;
        degree[v] -= 1;
        if degree[v] == 1 && v < scan {
            leaf = v;
        } else {
            scan += 1;
            while degree[scan] != 1 {
                scan += 1;
            }
            leaf = scan;
        }
    }
    let last: Vec<usize> = (0..n).filter(|&u| degree[u] == 1).collect();
    edges.push((last[0], last[1]));
    edges
}

/// `m` distinct pairs drawn by `pair` (retrying repeats), as edges.
fn distinct_edges(
    rng: &mut SplitMix64,
    m: usize,
    taken: &mut Vec<(usize, usize)>,
    mut pair: impl FnMut(&mut SplitMix64) -> (usize, usize),
) {
    let key = |(a, b): (usize, usize)| (a.min(b), a.max(b));
    let mut tries = 0;
    while taken.len() < m && tries < 100 * m + 100 {
        tries += 1;
        let (a, b) = pair(rng);
        if a != b && !taken.iter().any(|&e| key(e) == key((a, b))) {
            taken.push((a, b));
        }
    }
}

/// A simple graph on `1..=n` with `m` edges (fewer if `m` exceeds n(n-1)/2), uniform-ish.
pub fn graph(rng: &mut SplitMix64, n: usize, m: usize) -> Vec<(usize, usize)> {
    let m = m.min(n * n.saturating_sub(1) / 2);
    let mut edges = Vec::new();
    distinct_edges(rng, m, &mut edges, |rng| {
        (1 + rng.index(n), 1 + rng.index(n))
    });
    edges
}

/// A connected simple graph on `1..=n` with `m` edges (at least n - 1, at most n(n-1)/2): a
/// random tree of any shape plus random further edges, in random order.
pub fn connected_graph(rng: &mut SplitMix64, n: usize, m: usize) -> Vec<(usize, usize)> {
    let m = m.clamp(n.saturating_sub(1), n * n.saturating_sub(1) / 2);
    let shape = TreeShape::any(rng);
    let mut edges = tree(rng, n, shape);
    distinct_edges(rng, m, &mut edges, |rng| {
        (1 + rng.index(n), 1 + rng.index(n))
    });
    shuffle(rng, &mut edges);
    edges
}

/// A DAG on `1..=n` with `m` distinct edges (at most n(n-1)/2): every edge goes forward in a
/// random order of the vertices, so vertex 1 need not be a source.
pub fn dag(rng: &mut SplitMix64, n: usize, m: usize) -> Vec<(usize, usize)> {
    let m = m.min(n * n.saturating_sub(1) / 2);
    let order = permutation(rng, n);
    let mut edges = Vec::new();
    distinct_edges(rng, m, &mut edges, |rng| {
        let (i, j) = (rng.index(n), rng.index(n));
        (order[i.min(j)], order[i.max(j)])
    });
    edges
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The decoding above against the definition: the smallest leaf, searched afresh each time.
    #[test]
    fn prufer_trees_join_the_smallest_leaf_each_time() {
        let mut rng = SplitMix64::new(5);
        for n in (3..40).chain([200]) {
            let seed = rng.range(0, u64::MAX);
            let fast = prufer_tree(&mut SplitMix64::new(seed), n);
            let mut again = SplitMix64::new(seed);
            let code: Vec<usize> = (0..n - 2).map(|_| again.index(n)).collect();
            let mut degree = vec![1usize; n];
            code.iter().for_each(|&v| degree[v] += 1);
            let mut edges = Vec::new();
            for &v in &code {
                let leaf = (0..n).find(|&u| degree[u] == 1).unwrap();
                edges.push((v, leaf));
                degree[leaf] -= 1;
                degree[v] -= 1;
            }
            let last: Vec<usize> = (0..n).filter(|&u| degree[u] == 1).collect();
            edges.push((last[0], last[1]));
            assert_eq!(fast, edges, "n = {}", n);
        }
    }
}

//! A tree DP for every root at once (rerooting): the value of the whole tree seen from each
//! vertex in O(n) merges, from how a vertex starts, how a neighbour's value is lifted across the
//! edge between them and how lifted values merge; and, as a ready case, the XOR of vertex values
//! by depth modulo `m` for every root (staircase nim on a tree, whose piles are the vertices
//! whose depth lies in given classes).
//!
//! Two passes over [`RootedTree::order`], no recursion: the first gathers each subtree upwards,
//! the second hands each child the value of the rest of the tree (its parent's side), merging
//! the siblings before and after it, so no inverse of the merge is needed.

use crate::{CsrGraph, RootedTree};
use std::ops::BitXor;

impl RootedTree {
    /// The value of each vertex's subtree in this rooting: `value(v)` is `vertex(v)` merged with
    /// `lift(value(c), c, v)` for each child `c`; `merge(&mut acc, part)` merges `part` into
    /// `acc`.
    ///
    /// # Constraints
    /// `graph` is the tree this was rooted from. `merge` is associative and commutative
    /// (children are merged in no particular order).
    ///
    /// # Panics
    /// If `graph` has another number of vertices.
    ///
    /// # Complexity
    /// n calls of `vertex`, n - 1 of `lift` and of `merge`; memory for n values; no recursion.
    ///
    /// # Example
    /// ```
    /// use dp_core::{CsrGraph, RootedTree};
    /// // The size of each subtree of the path 0 - 1 - 2 rooted at 1.
    /// let graph = CsrGraph::from_arcs(3, &[(0, 1), (1, 0), (1, 2), (2, 1)]);
    /// let tree = RootedTree::new(&graph, 1);
    /// let sizes = tree.subtree_values(&graph, |_| 1u32, |acc, part| *acc += part, |size, _, _| *size);
    /// assert_eq!(sizes, [1, 3, 1]);
    /// ```
    pub fn subtree_values<T, V, M, L>(
        &self,
        graph: &CsrGraph,
        mut vertex: V,
        mut merge: M,
        mut lift: L,
    ) -> Vec<T>
    where
        V: FnMut(usize) -> T,
        M: FnMut(&mut T, &T),
        L: FnMut(&T, usize, usize) -> T,
    {
        let n = self.len();
        assert_eq!(
            graph.vertices(),
            n,
            "the graph is not the tree: {} vertices, the tree has {}",
            graph.vertices(),
            n
        );
        let mut value: Vec<T> = (0..n).map(&mut vertex).collect();
        for &v in self.order()[1..].iter().rev() {
            let v = v as usize;
            let p = self.parent(v).expect("only the root has no parent");
            let lifted = lift(&value[v], v, p);
            merge(&mut value[p], &lifted);
        }
        value
    }

    /// The value of the whole tree rooted at each vertex, for every vertex: with `value(v, r)`
    /// the value of `v`'s subtree when the tree is rooted at `r`, namely `vertex(v)` merged with
    /// `lift(value(c, r), c, v)` for each child `c`, entry `r` is `value(r, r)`. `identity`
    /// merges into anything without changing it.
    ///
    /// `lift(x, from, to)` lifts the value `x` of a subtree rooted at `from` across the edge to
    /// its neighbour `to`, in both directions of each edge: the tree is rooted anywhere.
    ///
    /// # Constraints
    /// `graph` is the tree this was rooted from. `merge` is associative and commutative with
    /// `identity` as its neutral element; `vertex` and `lift` are pure (each is called about
    /// twice per vertex or edge).
    ///
    /// # Panics
    /// If `graph` has another number of vertices.
    ///
    /// # Complexity
    /// 2n calls of `vertex`, 3(n - 1) of `lift`, fewer than 5n of `merge` and 4n clones;
    /// memory for 2n values and the children of one vertex; no recursion.
    ///
    /// # Example
    /// ```
    /// use dp_core::{CsrGraph, RootedTree};
    /// // Green Hackenbush (the colon principle) on a tree rooted at each vertex in turn: a
    /// // vertex is worth the nim sum of its children's values plus one each.
    /// // 0 - 1 - 2 and 1 - 3 - 4.
    /// let arcs: Vec<(usize, usize)> = [(0, 1), (1, 2), (1, 3), (3, 4)]
    ///     .iter()
    ///     .flat_map(|&(a, b)| [(a, b), (b, a)])
    ///     .collect();
    /// let graph = CsrGraph::from_arcs(5, &arcs);
    /// let tree = RootedTree::new(&graph, 0);
    /// let values = tree.all_roots(&graph, 0u32, |_| 0, |acc, part| *acc ^= part, |x, _, _| x + 1);
    /// assert_eq!(values, [4, 2, 4, 0, 2]);
    /// for root in 0..5 {
    ///     assert_eq!(values[root], RootedTree::new(&graph, root).colon_values()[root]);
    /// }
    /// ```
    pub fn all_roots<T, V, M, L>(
        &self,
        graph: &CsrGraph,
        identity: T,
        mut vertex: V,
        mut merge: M,
        mut lift: L,
    ) -> Vec<T>
    where
        T: Clone,
        V: FnMut(usize) -> T,
        M: FnMut(&mut T, &T),
        L: FnMut(&T, usize, usize) -> T,
    {
        let mut value = self.subtree_values(graph, &mut vertex, &mut merge, &mut lift);
        let n = self.len();
        // up[v]: the rest of the tree (v's parent with everything but v's subtree) lifted
        // across the edge to v; before v's parent is done, the siblings' part of it.
        let mut up: Vec<T> = vec![identity.clone(); n];
        let mut children = Vec::new();
        let mut lifted = Vec::new();
        for &p in self.order() {
            let p = p as usize;
            children.clear();
            children.extend(self.children(graph, p));
            lifted.clear();
            // Prefixes: p itself, the rest of the tree above it, the children before each.
            let mut acc = vertex(p);
            merge(&mut acc, &up[p]);
            for &c in &children {
                up[c] = acc.clone();
                lifted.push(lift(&value[c], c, p));
                merge(&mut acc, &lifted[lifted.len() - 1]);
            }
            // The whole tree rooted at p: its subtree, and what lies above it.
            let above = std::mem::replace(&mut up[p], identity.clone());
            merge(&mut value[p], &above);
            // Suffixes: the children after each.
            let mut after = identity.clone();
            for (&c, part) in children.iter().zip(&lifted).rev() {
                merge(&mut up[c], &after);
                merge(&mut after, part);
                up[c] = lift(&up[c], p, c);
            }
        }
        value
    }

    /// For every root `r` and class `d` in `0..classes`, the XOR of `values[v]` over the
    /// vertices `v` at a distance from `r` that is `d` modulo `classes`: entry
    /// `r * classes + d`. Staircase nim on a tree (a move takes from a vertex to its k-th
    /// ancestor, Codeforces 1498F) is lost for the side to move exactly when the XOR over the
    /// classes `k..2k` of `2k` is 0. Any XOR-able value: `u32` where the values fit halves the
    /// table of `u64`.
    ///
    /// # Panics
    /// If `classes` is 0, `values` or `graph` has another number of vertices, or `n * classes`
    /// overflows `usize`.
    ///
    /// # Complexity
    /// O(n * classes) time, one table of `n * classes` values; no recursion.
    ///
    /// # Example
    /// ```
    /// use dp_core::{CsrGraph, RootedTree};
    /// // A star: 0 in the centre, leaves 1, 2, 3.
    /// let graph = CsrGraph::from_arcs(4, &[(0, 1), (1, 0), (0, 2), (2, 0), (0, 3), (3, 0)]);
    /// let tree = RootedTree::new(&graph, 0);
    /// let xors = tree.depth_class_xors(&graph, &[8u32, 1, 2, 4], 2);
    /// assert_eq!(&xors[0..2], [8, 1 ^ 2 ^ 4]); // rooted at the centre
    /// assert_eq!(&xors[2..4], [1 ^ 2 ^ 4, 8]); // rooted at leaf 1: 2 and 4 at distance 2
    /// ```
    pub fn depth_class_xors<T>(&self, graph: &CsrGraph, values: &[T], classes: usize) -> Vec<T>
    where
        T: Copy + Default + BitXor<Output = T>,
    {
        let n = self.len();
        assert!(classes > 0, "no class of depths");
        assert_eq!(values.len(), n, "one value per vertex");
        assert_eq!(graph.vertices(), n, "the graph is not the tree");
        let size = n.checked_mul(classes).expect("n * classes overflows");
        let row = |v: usize| v * classes..(v + 1) * classes;
        let parent = |v: u32| {
            self.parent(v as usize)
                .expect("only the root has no parent")
        };
        // Bottom-up, xors[v's row][d] becomes the XOR over v's subtree at distance d (mod
        // classes) from v; distance d from a child is d + 1 from its parent.
        let mut xors = vec![T::default(); size];
        for (v, &value) in values.iter().enumerate() {
            xors[v * classes] = value;
        }
        let mut below = xors[..classes].to_vec();
        for &v in self.order()[1..].iter().rev() {
            below.copy_from_slice(&xors[row(v as usize)]);
            let up = &mut xors[row(parent(v))];
            up[0] = up[0] ^ below[classes - 1];
            for (x, &y) in up[1..].iter_mut().zip(&below) {
                *x = *x ^ y;
            }
        }
        // Top-down, in place: a parent's row is already the whole tree seen from it; the tree
        // outside v's subtree at distance d from v is the parent's distance d - 1 without v's
        // own subtree (at d - 2 from v). XOR undoes itself, so no inverse is needed.
        let back = |by| (0..classes).map(move |d| (d + 2 * classes - by) % classes);
        let back: Vec<(usize, usize)> = back(1).zip(back(2)).collect();
        let mut above = below.clone();
        for &v in &self.order()[1..] {
            above.copy_from_slice(&xors[row(parent(v))]);
            let whole = &mut xors[row(v as usize)];
            below.copy_from_slice(whole);
            for (d, &(one, two)) in back.iter().enumerate() {
                whole[d] = below[d] ^ above[one] ^ below[two];
            }
        }
        xors
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::random::SplitMix64;

    fn random_tree(rng: &mut SplitMix64, n: usize) -> CsrGraph {
        let mut label: Vec<usize> = (0..n).collect();
        for i in (1..n).rev() {
            label.swap(i, rng.index(i + 1));
        }
        let mut arcs = Vec::new();
        for v in 1..n {
            let (a, b) = (label[rng.index(v)], label[v]);
            arcs.push((a, b));
            arcs.push((b, a));
        }
        CsrGraph::from_arcs(n, &arcs)
    }

    /// The distance from `root` to every vertex, by a breadth-first search of its own.
    fn distances(graph: &CsrGraph, root: usize) -> Vec<usize> {
        let mut dist = vec![usize::MAX; graph.vertices()];
        dist[root] = 0;
        let mut queue = vec![root];
        let mut head = 0;
        while head < queue.len() {
            let v = queue[head];
            head += 1;
            for &u in graph.neighbors(v) {
                if dist[u as usize] == usize::MAX {
                    dist[u as usize] = dist[v] + 1;
                    queue.push(u as usize);
                }
            }
        }
        dist
    }

    #[test]
    fn every_root_matches_a_search_from_that_root() {
        let mut rng = SplitMix64::new(31);
        for _ in 0..300 {
            let n = 1 + rng.index(12);
            let graph = random_tree(&mut rng, n);
            let tree = RootedTree::new(&graph, rng.index(n));
            let values: Vec<u64> = (0..n).map(|_| rng.range(0, 1000)).collect();
            let classes = 1 + rng.index(5);
            // Eccentricity (max, no inverse), distance sums (sizes carried along), and depth
            // classes by the generic rerooting as vectors.
            let height = tree.all_roots(
                &graph,
                0usize,
                |_| 0,
                |a, b| *a = (*a).max(*b),
                |h, _, _| h + 1,
            );
            let sums = tree.all_roots(
                &graph,
                (0usize, 0usize),
                |_| (1, 0),
                |a, b| *a = (a.0 + b.0, a.1 + b.1),
                |&(size, sum), _, _| (size, sum + size),
            );
            let by_class = tree.all_roots(
                &graph,
                vec![0u64; classes],
                |v| {
                    let mut x = vec![0u64; classes];
                    x[0] = values[v];
                    x
                },
                |a, b| a.iter_mut().zip(b).for_each(|(x, y)| *x ^= y),
                |x, _, _| {
                    let mut y = x.clone();
                    y.rotate_right(1);
                    y
                },
            );
            let flat = tree.depth_class_xors(&graph, &values, classes);
            let narrow: Vec<u32> = values.iter().map(|&x| x as u32).collect();
            let narrow = tree.depth_class_xors(&graph, &narrow, classes);
            assert!(narrow.iter().zip(&flat).all(|(&x, &y)| u64::from(x) == y));
            let colon = tree.all_roots(&graph, 0u32, |_| 0, |a, b| *a ^= b, |x, _, _| x + 1);
            for root in 0..n {
                let dist = distances(&graph, root);
                assert_eq!(height[root], *dist.iter().max().unwrap());
                assert_eq!(sums[root], (n, dist.iter().sum()));
                let mut expected = vec![0u64; classes];
                for v in 0..n {
                    expected[dist[v] % classes] ^= values[v];
                }
                assert_eq!(by_class[root], expected);
                assert_eq!(&flat[root * classes..(root + 1) * classes], &expected[..]);
                assert_eq!(
                    colon[root],
                    RootedTree::new(&graph, root).colon_values()[root]
                );
            }
            let sizes = tree.subtree_values(&graph, |_| 1usize, |a, b| *a += b, |s, _, _| *s);
            for (v, &size) in sizes.iter().enumerate() {
                let below = (0..n).filter(|&u| {
                    let mut w = u;
                    while w != v && tree.parent(w).is_some() {
                        w = tree.parent(w).unwrap();
                    }
                    w == v
                });
                assert_eq!(size, below.count());
            }
        }
    }

    #[test]
    fn a_path_of_a_million_needs_no_recursion() {
        let n = 1_000_000;
        let arcs: Vec<(usize, usize)> = (1..n).flat_map(|v| [(v - 1, v), (v, v - 1)]).collect();
        let graph = CsrGraph::from_arcs(n, &arcs);
        let tree = RootedTree::new(&graph, n / 3);
        let height = tree.all_roots(
            &graph,
            0u32,
            |_| 0,
            |a, b| *a = (*a).max(*b),
            |h, _, _| h + 1,
        );
        assert_eq!(
            (height[0], height[n / 2], height[n - 1]),
            (n as u32 - 1, n as u32 / 2, n as u32 - 1)
        );
        let xors = tree.depth_class_xors(&graph, &vec![1; n], 2);
        // From an end, n / 2 vertices at even distance and n / 2 at odd: both XORs are 0.
        assert_eq!(&xors[0..2], [0, 0]);
    }
}

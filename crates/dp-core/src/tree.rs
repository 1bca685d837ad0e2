//! Trees for games played on them: a tree rooted at a vertex, in an order where each vertex
//! comes after its parent (found without recursion, so a path of 10^6 vertices is fine), and the
//! colon principle of tree games (Green Hackenbush on a tree: a vertex is worth the nim sum of
//! its children's values plus one each).
//!
//! Read the tree with [`CsrGraph::read_tree`], which refuses edges that do not form one.

use crate::CsrGraph;

/// A tree rooted at one of its vertices: every vertex's parent, and the vertices in
/// breadth-first order from the root, so that a pass over [`RootedTree::order`] meets each
/// vertex after its parent and a pass over it backwards meets each after its children.
///
/// # Example
/// ```
/// use dp_core::{CsrGraph, GraphFormat, RootedTree, Scanner};
/// // 1 - 2, 2 - 3, 2 - 4, rooted at 2.
/// let mut sc = Scanner::new(b"1 2\n2 3\n4 2\n");
/// let graph = CsrGraph::read_tree(&mut sc, 4, &GraphFormat::undirected(1)).unwrap();
/// let tree = RootedTree::new(&graph, 1);
/// assert_eq!(tree.order(), [1, 0, 2, 3]);
/// assert_eq!((tree.parent(0), tree.parent(1)), (Some(1), None));
/// assert_eq!(tree.children(&graph, 1).collect::<Vec<_>>(), [0, 2, 3]);
/// assert_eq!(tree.depth(3), 1);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RootedTree {
    order: Vec<u32>,
    /// The parent of each vertex; the root's is itself.
    parent: Vec<u32>,
    depth: Vec<u32>,
}

impl RootedTree {
    /// `graph`, a tree, rooted at `root`.
    ///
    /// # Constraints
    /// `graph` is an undirected tree: each edge stored as two arcs, connected, without cycles
    /// (as [`CsrGraph::read_tree`] reads it).
    ///
    /// # Panics
    /// If `root` is not a vertex, or `graph` is not a tree (a vertex reached twice, or not at
    /// all).
    ///
    /// # Complexity
    /// O(vertices) time and memory; no recursion.
    ///
    /// # Example
    /// See [`RootedTree`].
    pub fn new(graph: &CsrGraph, root: usize) -> RootedTree {
        let n = graph.vertices();
        assert!(root < n, "root {} is not a vertex of 0..{}", root, n);
        let mut parent = vec![u32::MAX; n];
        let mut depth = vec![0u32; n];
        let mut order = Vec::with_capacity(n);
        parent[root] = root as u32;
        order.push(root as u32);
        let mut head = 0;
        while head < order.len() {
            let v = order[head] as usize;
            head += 1;
            for &u in graph.neighbors(v) {
                if u == parent[v] && v != root {
                    continue;
                }
                assert!(
                    parent[u as usize] == u32::MAX,
                    "not a tree: vertex {} is reached twice (a cycle, or a repeated edge)",
                    u
                );
                parent[u as usize] = v as u32;
                depth[u as usize] = depth[v] + 1;
                order.push(u);
            }
        }
        assert!(
            order.len() == n,
            "not a tree: {} of its {} vertices are not connected to the root",
            n - order.len(),
            n
        );
        RootedTree {
            order,
            parent,
            depth,
        }
    }

    /// The number of vertices.
    ///
    /// # Complexity
    /// O(1).
    ///
    /// # Example
    /// ```
    /// let path = dp_core::CsrGraph::from_arcs(2, &[(0, 1), (1, 0)]);
    /// assert_eq!(dp_core::RootedTree::new(&path, 0).len(), 2);
    /// ```
    pub fn len(&self) -> usize {
        self.order.len()
    }

    /// Always false: a tree has a root.
    ///
    /// # Complexity
    /// O(1).
    ///
    /// # Example
    /// ```
    /// let one = dp_core::CsrGraph::from_arcs(1, &[]);
    /// assert!(!dp_core::RootedTree::new(&one, 0).is_empty());
    /// ```
    pub fn is_empty(&self) -> bool {
        self.order.is_empty()
    }

    /// The root.
    ///
    /// # Complexity
    /// O(1).
    ///
    /// # Example
    /// ```
    /// let path = dp_core::CsrGraph::from_arcs(2, &[(0, 1), (1, 0)]);
    /// assert_eq!(dp_core::RootedTree::new(&path, 1).root(), 1);
    /// ```
    pub fn root(&self) -> usize {
        self.order[0] as usize
    }

    /// The vertices in breadth-first order from the root: each after its parent, the root
    /// first.
    ///
    /// # Complexity
    /// O(1).
    ///
    /// # Example
    /// See [`RootedTree`].
    pub fn order(&self) -> &[u32] {
        &self.order
    }

    /// The parent of `v`, `None` for the root.
    ///
    /// # Panics
    /// If `v >= len()`.
    ///
    /// # Complexity
    /// O(1).
    ///
    /// # Example
    /// See [`RootedTree`].
    #[inline]
    pub fn parent(&self, v: usize) -> Option<usize> {
        let p = self.parent[v] as usize;
        if p == v { None } else { Some(p) }
    }

    /// The number of edges between `v` and the root.
    ///
    /// # Panics
    /// If `v >= len()`.
    ///
    /// # Complexity
    /// O(1).
    ///
    /// # Example
    /// See [`RootedTree`].
    pub fn depth(&self, v: usize) -> usize {
        self.depth[v] as usize
    }

    /// The children of `v`: its neighbours in `graph` (the tree this was rooted from) but its
    /// parent, in the graph's order.
    ///
    /// # Panics
    /// If `v` is not a vertex.
    ///
    /// # Complexity
    /// O(1) to make, O(degree of v) to run.
    ///
    /// # Example
    /// See [`RootedTree`].
    pub fn children<'g>(&self, graph: &'g CsrGraph, v: usize) -> impl Iterator<Item = usize> + 'g {
        let parent = self.parent[v];
        let root = parent as usize == v;
        graph
            .neighbors(v)
            .iter()
            .filter(move |&&u| root || u != parent)
            .map(|&u| u as usize)
    }

    /// The colon principle: the nim value of each vertex's subtree as a Green Hackenbush tree
    /// (a move cuts an edge and removes what is no longer joined to the root), where a vertex
    /// is worth the nim sum of `value(child) + 1` over its children; a leaf is worth 0. The
    /// first player wins the tree iff the root's value is not 0.
    ///
    /// # Panics
    /// If a value overflows `u32` (a tree of more than 2^32 vertices).
    ///
    /// # Complexity
    /// O(vertices).
    ///
    /// # Example
    /// ```
    /// use dp_core::{CsrGraph, RootedTree};
    /// // A root with a path of two edges and a single edge: (1 + 1) ^ (0 + 1) = 3.
    /// let graph = CsrGraph::from_arcs(4, &[(0, 1), (1, 0), (1, 2), (2, 1), (0, 3), (3, 0)]);
    /// let values = RootedTree::new(&graph, 0).colon_values();
    /// assert_eq!(values, [3, 1, 0, 0]);
    /// ```
    pub fn colon_values(&self) -> Vec<u32> {
        let mut value = vec![0u32; self.len()];
        for &v in self.order[1..].iter().rev() {
            let p = self.parent[v as usize] as usize;
            value[p] ^= value[v as usize] + 1;
        }
        value
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hash_memo::HashMemo;
    use crate::random::SplitMix64;

    fn random_tree(rng: &mut SplitMix64, n: usize) -> (CsrGraph, Vec<(usize, usize)>) {
        let mut edges = Vec::new();
        for v in 1..n {
            edges.push((rng.index(v), v));
        }
        let mut label: Vec<usize> = (0..n).collect();
        for i in (1..n).rev() {
            label.swap(i, rng.index(i + 1));
        }
        let edges: Vec<(usize, usize)> = edges.iter().map(|&(a, b)| (label[a], label[b])).collect();
        let arcs: Vec<(usize, usize)> = edges.iter().flat_map(|&(a, b)| [(a, b), (b, a)]).collect();
        (CsrGraph::from_arcs(n, &arcs), edges)
    }

    /// Green Hackenbush played literally: the position is the set of edges still joined to the
    /// root (a bit mask); a move cuts one and drops what falls off; the Grundy value by mex.
    fn hackenbush(
        edges: &[(usize, usize)],
        root: usize,
        alive: u32,
        memo: &mut HashMemo<u32, u32>,
    ) -> u32 {
        if let Some(&g) = memo.get(&alive) {
            return g;
        }
        let mut reached = Vec::new();
        for cut in 0..edges.len() {
            if alive >> cut & 1 == 0 {
                continue;
            }
            // What stays joined to the root without the cut edge.
            let mut joined = vec![root];
            let mut kept = 0u32;
            let mut grew = true;
            while grew {
                grew = false;
                for (e, &(a, b)) in edges.iter().enumerate() {
                    let usable = alive >> e & 1 == 1 && e != cut && kept >> e & 1 == 0;
                    if usable && (joined.contains(&a) || joined.contains(&b)) {
                        kept |= 1 << e;
                        joined.push(a);
                        joined.push(b);
                        grew = true;
                    }
                }
            }
            reached.push(hackenbush(edges, root, kept, memo));
        }
        let g = (0..).find(|v| !reached.contains(v)).unwrap();
        memo.insert(alive, g);
        g
    }

    #[test]
    fn random_trees_root_and_value_by_the_rules() {
        let mut rng = SplitMix64::new(21);
        for _ in 0..300 {
            let n = 1 + rng.index(9);
            let (graph, edges) = random_tree(&mut rng, n);
            let root = rng.index(n);
            let tree = RootedTree::new(&graph, root);
            assert_eq!(tree.root(), root);
            let mut seen = vec![false; n];
            for &v in tree.order() {
                if let Some(p) = tree.parent(v as usize) {
                    assert!(seen[p], "parent after child");
                    assert_eq!(tree.depth(v as usize), tree.depth(p) + 1);
                    assert!(edges.contains(&(p, v as usize)) || edges.contains(&(v as usize, p)));
                    assert!(tree.children(&graph, p).any(|c| c == v as usize));
                }
                seen[v as usize] = true;
            }
            assert!(seen.iter().all(|&s| s));
            let values = tree.colon_values();
            let all = (1u32 << edges.len()) - 1;
            let by_rules = hackenbush(&edges, root, all, &mut HashMemo::new());
            assert_eq!(values[root], by_rules, "{:?} root {}", edges, root);
        }
    }

    #[test]
    fn a_path_of_a_million_needs_no_recursion() {
        let n = 1_000_000;
        let arcs: Vec<(usize, usize)> = (1..n).flat_map(|v| [(v - 1, v), (v, v - 1)]).collect();
        let graph = CsrGraph::from_arcs(n, &arcs);
        let tree = RootedTree::new(&graph, 0);
        assert_eq!(tree.depth(n - 1), n - 1);
        // A path of k edges below a vertex is worth k.
        assert_eq!(tree.colon_values()[0], (n - 1) as u32);
    }

    #[test]
    #[should_panic(expected = "not a tree: vertex")]
    fn a_cycle_is_not_a_tree() {
        let arcs = [(0, 1), (1, 0), (1, 2), (2, 1), (2, 0), (0, 2)];
        RootedTree::new(&CsrGraph::from_arcs(3, &arcs), 0);
    }

    #[test]
    #[should_panic(expected = "1 of its 3 vertices are not connected")]
    fn a_forest_is_not_a_tree() {
        RootedTree::new(&CsrGraph::from_arcs(3, &[(0, 1), (1, 0)]), 0);
    }
}

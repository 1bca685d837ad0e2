//! A stand-in (feature `oracle`) for `test_kit::format::tree_edges` whose read takes linear
//! time: the kit's checks that the edges are connected by scanning every edge for each vertex,
//! O(n^2), hours for the n = 10^5 bench inputs that the crate's checks parse. Only `read` is
//! this file's (a union-find, as the solver's reader does); writing, generating, shrinking and
//! fitting are the kit's. Delete it for the kit's `tree_edges` once that reads in linear time.

use dp_core::{Error, Scanner, SplitMix64};
use test_kit::format::{Format, Graph, Size, TreeEdges, Writer};

/// [`test_kit::format::tree_edges`] with a linear-time read.
#[derive(Clone, Debug)]
pub struct LinearTreeEdges {
    n: usize,
    kit: TreeEdges,
}

/// The `n - 1` edges `u v` of a tree on `1..=n`, as [`test_kit::format::tree_edges`] reads them.
pub fn tree_edges(n: usize) -> LinearTreeEdges {
    let kit = test_kit::format::tree_edges(n);
    LinearTreeEdges { n, kit }
}

impl Format for LinearTreeEdges {
    type Value = Graph;
    /// n - 1 edges that never join two vertices already joined form a tree.
    fn read(&self, sc: &mut Scanner<'_>) -> Result<Graph, Error> {
        let n = self.n;
        fn find(root: &mut [usize], mut v: usize) -> usize {
            while root[v] != v {
                root[v] = root[root[v]];
                v = root[v];
            }
            v
        }
        let mut root: Vec<usize> = (0..=n).collect();
        let mut edges = Vec::with_capacity(n.saturating_sub(1));
        for _ in 1..n {
            let (u, v) = (sc.next_in(1..=n, "u")?, sc.next_in(1..=n, "v")?);
            let (a, b) = (find(&mut root, u), find(&mut root, v));
            if a == b {
                return Err(sc.invalid("the edges do not form a tree"));
            }
            root[a] = b;
            edges.push((u, v));
        }
        Ok(Graph { n, edges })
    }
    fn write(&self, graph: &Graph, out: &mut Writer) {
        self.kit.write(graph, out)
    }
    fn generate(&self, rng: &mut SplitMix64, size: Size) -> Graph {
        self.kit.generate(rng, size)
    }
    fn shrink(&self, graph: &Graph) -> Vec<Graph> {
        self.kit.shrink(graph)
    }
    fn fit(&self, graph: &Graph) -> Option<Graph> {
        self.kit.fit(graph)
    }
}

//! Graphs on vertices `1..=n`: edge lists, trees, DAGs, trees with a value at each vertex,
//! adjacency lists.

use super::*;

/// A graph on vertices `1..=n` as its edges, `(from, to)`: the value of [`edges`], [`tree`]
/// and [`dag`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Graph {
    /// The number of vertices.
    pub n: usize,
    /// The edges, 1-based, in the order written.
    pub edges: Vec<(usize, usize)>,
}

impl Graph {
    /// Without vertex `v` and its edges, the vertices above it renumbered one lower.
    pub fn without_vertex(&self, v: usize) -> Graph {
        let down = |x: usize| if x > v { x - 1 } else { x };
        let edges = self.edges.iter().filter(|&&(a, b)| a != v && b != v);
        Graph {
            n: self.n - 1,
            edges: edges.map(|&(a, b)| (down(a), down(b))).collect(),
        }
    }

    /// With edge `k` contracted: its ends merged into the lower one.
    pub fn contracted(&self, k: usize) -> Graph {
        let (a, b) = self.edges[k];
        let (keep, gone) = (a.min(b), a.max(b));
        let mut merged = self.clone();
        merged.edges.remove(k);
        for e in merged.edges.iter_mut() {
            for x in [&mut e.0, &mut e.1] {
                if *x == gone {
                    *x = keep;
                }
            }
        }
        let down = |x: usize| if x > gone { x - 1 } else { x };
        merged.edges = merged
            .edges
            .iter()
            .map(|&(a, b)| (down(a), down(b)))
            .collect();
        merged.n -= 1;
        merged
    }

    /// Each vertex's neighbours along the edges (`both`: either way round), indexed 1..=n;
    /// ends outside `1..=n` left out.
    fn neighbours(&self, both: bool) -> Vec<Vec<usize>> {
        let mut lists = vec![Vec::new(); self.n + 1];
        let inside = |v: usize| (1..=self.n).contains(&v);
        for &(a, b) in &self.edges {
            if inside(a) && inside(b) {
                lists[a].push(b);
                if both {
                    lists[b].push(a);
                }
            }
        }
        lists
    }

    /// Whether every vertex is reached from vertex 1 (edges taken both ways).
    ///
    /// # Complexity
    /// O(n + m).
    pub fn is_connected(&self) -> bool {
        if self.n == 0 {
            return true;
        }
        let lists = self.neighbours(true);
        let mut seen = bitvec::bitvec![0; self.n + 1];
        let mut stack = vec![1];
        seen.set(1, true);
        while let Some(v) = stack.pop() {
            for &y in &lists[v] {
                if !seen[y] {
                    seen.set(y, true);
                    stack.push(y);
                }
            }
        }
        seen.count_ones() == self.n
    }

    /// Whether the edges, directed, have no cycle.
    ///
    /// # Complexity
    /// O(n + m).
    pub fn is_acyclic(&self) -> bool {
        let lists = self.neighbours(false);
        let mut indegree = vec![0usize; self.n + 1];
        lists.iter().flatten().for_each(|&b| indegree[b] += 1);
        let mut ready: Vec<usize> = (1..=self.n).filter(|&v| indegree[v] == 0).collect();
        let mut done = 0;
        while let Some(v) = ready.pop() {
            done += 1;
            for &b in &lists[v] {
                indegree[b] -= 1;
                if indegree[b] == 0 {
                    ready.push(b);
                }
            }
        }
        done == self.n
    }

    /// Whether no edge is a loop or repeats another (either way round).
    pub fn is_simple(&self) -> bool {
        let key = |&(a, b): &(usize, usize)| (a.min(b), a.max(b));
        let mut keys: Vec<_> = self.edges.iter().map(key).collect();
        keys.sort_unstable();
        keys.windows(2).all(|w| w[0] != w[1]) && self.edges.iter().all(|&(a, b)| a != b)
    }
}

/// The kind of graph of a [`Graphs`] format.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    /// Simple, any edges; `connected` adds connectivity.
    Edges { connected: bool },
    /// A tree: n - 1 edges, connected.
    Tree,
    /// Directed, acyclic, simple.
    Dag,
}

/// A graph as `n` (and `m`) then one edge per line: see [`edges`], [`tree`], [`dag`].
#[derive(Clone, Debug)]
pub struct Graphs {
    names: (&'static str, &'static str),
    kind: Kind,
    n: RangeInclusive<usize>,
    small: RangeInclusive<usize>,
    max_edges: usize,
}

/// A simple undirected graph: `n m` (named `n`, `m`) on a line, `n` in `vertices`, `m` at most
/// `max_edges`, then `m` lines `u v`. Shrinks by dropping an edge or a vertex.
pub fn edges(
    n: &'static str,
    m: &'static str,
    vertices: RangeInclusive<usize>,
    max_edges: usize,
) -> Graphs {
    graphs(
        (n, m),
        Kind::Edges { connected: false },
        vertices,
        max_edges,
    )
}

/// A tree: `n` (named `n`, in `vertices`) on a line, then its `n - 1` edges `u v`, one per line.
/// Generated in every shape of [`gen::tree`]; shrinks by dropping a leaf or contracting an
/// edge, so it stays a tree.
pub fn tree(n: &'static str, vertices: RangeInclusive<usize>) -> Graphs {
    let most = vertices.end().saturating_sub(1);
    graphs((n, ""), Kind::Tree, vertices, most)
}

/// A directed acyclic graph: `n m` on a line, then `m` lines `u v` (an edge from u to v), with
/// no cycle and no repeated edge. Shrinks by dropping an edge or a vertex.
pub fn dag(
    n: &'static str,
    m: &'static str,
    vertices: RangeInclusive<usize>,
    max_edges: usize,
) -> Graphs {
    graphs((n, m), Kind::Dag, vertices, max_edges)
}

fn graphs(
    names: (&'static str, &'static str),
    kind: Kind,
    n: RangeInclusive<usize>,
    max_edges: usize,
) -> Graphs {
    let lo = *n.start();
    Graphs {
        names,
        kind,
        small: lo..=(*n.end()).min(lo.max(1) + 6),
        n,
        max_edges,
    }
}

impl Graphs {
    /// The numbers of vertices of [`Size::Small`].
    pub fn small(mut self, small: RangeInclusive<usize>) -> Self {
        self.small = small;
        self
    }

    /// Only connected graphs (of [`edges`]).
    pub fn connected(mut self) -> Self {
        if let Kind::Edges { connected } = &mut self.kind {
            *connected = true;
        }
        self
    }

    fn max_edges_of(&self, n: usize) -> usize {
        let most = match self.kind {
            Kind::Tree => n.saturating_sub(1),
            _ => n * n.saturating_sub(1) / 2,
        };
        most.min(self.max_edges)
    }

    /// Whether `graph` is one of this format's.
    pub fn allows(&self, graph: &Graph) -> bool {
        let in_range =
            |&(a, b): &(usize, usize)| (1..=graph.n).contains(&a) && (1..=graph.n).contains(&b);
        let shape = match self.kind {
            Kind::Tree => graph.edges.len() + 1 == graph.n && graph.is_connected(),
            Kind::Edges { connected } => graph.is_simple() && (!connected || graph.is_connected()),
            Kind::Dag => graph.is_simple() && graph.is_acyclic(),
        };
        self.n.contains(&graph.n)
            && graph.edges.len() <= self.max_edges_of(graph.n)
            && graph.edges.iter().all(in_range)
            && shape
    }
}

impl Format for Graphs {
    type Value = Graph;
    fn read(&self, sc: &mut Scanner<'_>) -> Result<Graph, Error> {
        let n: usize = sc.next_in(self.n.clone(), self.names.0)?;
        let m: usize = match self.kind {
            Kind::Tree => n - 1,
            _ => sc.next_in(0..=self.max_edges_of(n), self.names.1)?,
        };
        let mut edges = Vec::with_capacity(m);
        for _ in 0..m {
            edges.push((sc.next_in(1..=n, "u")?, sc.next_in(1..=n, "v")?));
        }
        let graph = Graph { n, edges };
        if !self.allows(&graph) {
            let what = match self.kind {
                Kind::Tree => "the edges do not form a tree",
                Kind::Dag => "the edges have a cycle or a repeated edge",
                Kind::Edges { connected: true } => "the graph is not simple and connected",
                Kind::Edges { .. } => "the graph has a loop or a repeated edge",
            };
            return Err(sc.invalid(what));
        }
        Ok(graph)
    }
    fn write(&self, graph: &Graph, out: &mut Writer) {
        out.token(graph.n);
        if self.kind != Kind::Tree {
            out.token(graph.edges.len());
        }
        out.end_line();
        for &(a, b) in &graph.edges {
            out.token(a);
            out.token(b);
            out.end_line();
        }
    }
    fn generate(&self, rng: &mut SplitMix64, size: Size) -> Graph {
        let n = match size {
            Size::Max => *self.n.end() as u64,
            _ => rng.range(*self.small.start() as u64, *self.small.end() as u64),
        } as usize;
        let most = self.max_edges_of(n);
        let m = match size {
            Size::Max => most,
            _ => rng.range(0, most as u64) as usize,
        };
        let edges = match self.kind {
            Kind::Tree => {
                let shape = gen::TreeShape::any(rng);
                gen::tree(rng, n, shape)
            }
            Kind::Dag => gen::dag(rng, n, m),
            Kind::Edges { connected: true } => {
                gen::connected_graph(rng, n, m.max(n.saturating_sub(1)))
            }
            Kind::Edges { connected: false } => gen::graph(rng, n, m),
        };
        Graph { n, edges }
    }
    fn shrink(&self, graph: &Graph) -> Vec<Graph> {
        let mut graphs = Vec::new();
        for v in (1..=graph.n).rev() {
            graphs.push(graph.without_vertex(v));
        }
        if self.kind == Kind::Tree {
            graphs.retain(|g| self.allows(g)); // dropped leaves
            for k in 0..graph.edges.len() {
                graphs.push(graph.contracted(k));
            }
        }
        for k in 0..graph.edges.len() {
            let mut fewer = graph.clone();
            fewer.edges.remove(k);
            graphs.push(fewer);
        }
        graphs.retain(|g| self.allows(g));
        graphs
    }
    fn fit(&self, graph: &Graph) -> Option<Graph> {
        self.allows(graph).then(|| graph.clone())
    }
}

/// A tree with a value at each vertex: see [`valued_tree`].
#[derive(Clone, Debug)]
pub struct ValuedTree<F> {
    tree: Graphs,
    value: F,
}

/// A tree whose vertices carry values: `n` (named `n`, in `vertices`) on a line, the `n` values
/// (`value`, vertex 1 first) on a line, then the `n - 1` edges `u v`, one per line. The value is
/// `(values, tree)`, `values[v - 1]` at vertex `v`. Generated in every shape of [`gen::tree`],
/// the values of one tree from a random quarter to all of their small range (as a list's
/// items); shrinks by dropping a leaf or contracting an edge (the higher end's value goes with
/// it), so it stays a tree, then by smaller values.
///
/// # Example
/// ```
/// use test_kit::format::{int, valued_tree, Format, Graph};
/// let format = valued_tree("N", 2..=3000, int("A_i", 0..=9u64));
/// let value = format.parse(b"3\n1 2 3\n1 2\n2 3\n").unwrap();
/// assert_eq!(value, (vec![1, 2, 3], Graph { n: 3, edges: vec![(1, 2), (2, 3)] }));
/// assert_eq!(format.render(&value), "3\n1 2 3\n1 2\n2 3\n");
/// assert!(format.shrink(&value).contains(&(vec![1, 2], Graph { n: 2, edges: vec![(1, 2)] })));
/// ```
pub fn valued_tree<F: Format>(
    n: &'static str,
    vertices: RangeInclusive<usize>,
    value: F,
) -> ValuedTree<F> {
    ValuedTree {
        tree: tree(n, vertices),
        value,
    }
}

impl<F> ValuedTree<F> {
    /// The numbers of vertices of [`Size::Small`].
    pub fn small(mut self, small: RangeInclusive<usize>) -> Self {
        self.tree = self.tree.small(small);
        self
    }
}

impl<F: Format> Format for ValuedTree<F> {
    type Value = (Vec<F::Value>, Graph);
    fn read(&self, sc: &mut Scanner<'_>) -> Result<Self::Value, Error> {
        let n: usize = sc.next_in(self.tree.n.clone(), self.tree.names.0)?;
        let values = (0..n)
            .map(|_| self.value.read(sc))
            .collect::<Result<_, _>>()?;
        let mut edges = Vec::with_capacity(n - 1);
        for _ in 1..n {
            edges.push((sc.next_in(1..=n, "u")?, sc.next_in(1..=n, "v")?));
        }
        let graph = Graph { n, edges };
        if !self.tree.allows(&graph) {
            return Err(sc.invalid("the edges do not form a tree"));
        }
        Ok((values, graph))
    }
    fn write(&self, (values, graph): &Self::Value, out: &mut Writer) {
        out.token(graph.n);
        out.end_line();
        values.iter().for_each(|v| self.value.write(v, out));
        out.end_line();
        for &(a, b) in &graph.edges {
            out.token(a);
            out.token(b);
            out.end_line();
        }
    }
    fn generate(&self, rng: &mut SplitMix64, size: Size) -> Self::Value {
        let graph = self.tree.generate(rng, size);
        let size = match size {
            Size::Max => Size::Max,
            _ => Size::Quarters(rng.range(1, 4) as u8),
        };
        let values = (0..graph.n).map(|_| self.value.generate(rng, size));
        (values.collect(), graph)
    }
    fn shrink(&self, (values, graph): &Self::Value) -> Vec<Self::Value> {
        let mut trees = Vec::new();
        for v in (1..=graph.n).rev() {
            let mut fewer = values.clone();
            fewer.remove(v - 1);
            trees.push((fewer, graph.without_vertex(v)));
        }
        for (k, &(a, b)) in graph.edges.iter().enumerate() {
            let mut fewer = values.clone();
            fewer.remove(a.max(b) - 1);
            trees.push((fewer, graph.contracted(k)));
        }
        trees.retain(|(_, g)| self.tree.allows(g));
        let smaller = shrink_each(values, |v| self.value.shrink(v));
        trees.extend(smaller.into_iter().map(|values| (values, graph.clone())));
        trees
    }
    fn fit(&self, (values, graph): &Self::Value) -> Option<Self::Value> {
        let values = values.iter().map(|v| self.value.fit(v));
        let values = values.collect::<Option<Vec<_>>>()?;
        self.tree.allows(graph).then(|| (values, graph.clone()))
    }
}

/// Adjacency lists: `n` (named `n`, in `vertices`) on a line, then for each vertex a line with
/// its number of neighbours and the neighbours, in `1..=n`. The value is `(n, lists)`.
#[allow(clippy::type_complexity)]
pub fn adjacency(
    n: &'static str,
    vertices: RangeInclusive<usize>,
) -> Then<Line<Int<usize>>, impl Fn(&usize) -> List<List<Int<usize>>>> {
    then(line(int(n, vertices)), |&n| {
        fixed(
            n,
            list("k", 0..=n, int("a neighbour", 1..=n.max(1))).inline(),
        )
        .each_line()
    })
}

/// The edges of a tree whose size came earlier: see [`tree_edges`].
#[derive(Clone, Debug)]
pub struct TreeEdges {
    n: usize,
}

/// The `n - 1` edges `u v` of a tree on the vertices `1..=n`, one per line, with no count
/// written: `n` comes from an earlier header, through [`then`], and what follows the edges (a
/// line of values, queries) is the next part of a tuple. The value is a [`Graph`]. Generated in
/// every shape of [`gen::tree`]; shrinks by hanging a leaf from vertex 1; a header's `n` shrinks
/// too: [`Format::fit`] contracts the highest vertices into their neighbours, so the edges stay a
/// tree (and a list of `n` values, cut to its first ones, keeps each vertex's value).
///
/// # Example
/// ```
/// use test_kit::format::{fixed, int, line, then, tree_edges, Format, Graph};
/// // `n k`, the n - 1 edges, then the n values on one line.
/// let format = then(line((int("n", 2..=100_000usize), int("k", 1..=20u32))), |&(n, _)| {
///     (tree_edges(n), line(fixed(n, int("a_i", 0..=1_000_000_000u64))))
/// });
/// let value = format.parse(b"3 1\n1 2\n3 2\n5 6 7\n").unwrap();
/// let tree = Graph { n: 3, edges: vec![(1, 2), (3, 2)] };
/// assert_eq!(value, ((3, 1), (tree, vec![5, 6, 7])));
/// assert_eq!(format.render(&value), "3 1\n1 2\n3 2\n5 6 7\n");
/// // n shrinks to 2: vertex 3 is merged into vertex 2, and its value goes.
/// let smaller = ((2, 1), (Graph { n: 2, edges: vec![(1, 2)] }, vec![5, 6]));
/// assert!(format.shrink(&value).contains(&smaller));
/// let err = format.parse(b"3 1\n1 2\n1 2\n5 6 7\n").unwrap_err().to_string();
/// assert!(err.contains("the edges do not form a tree"), "{}", err);
/// ```
pub fn tree_edges(n: usize) -> TreeEdges {
    TreeEdges { n }
}

impl TreeEdges {
    fn allows(&self, graph: &Graph) -> bool {
        let in_range = |&(a, b): &(usize, usize)| (1..=graph.n).contains(&a.max(b)) && a.min(b) > 0;
        graph.n == self.n
            && graph.edges.len() + 1 == graph.n.max(1)
            && graph.edges.iter().all(in_range)
            && graph.is_connected()
    }
}

impl Format for TreeEdges {
    type Value = Graph;
    fn read(&self, sc: &mut Scanner<'_>) -> Result<Graph, Error> {
        let n = self.n;
        let mut edges = Vec::with_capacity(n.saturating_sub(1));
        for _ in 1..n {
            edges.push((sc.next_in(1..=n, "u")?, sc.next_in(1..=n, "v")?));
        }
        let graph = Graph { n, edges };
        if !self.allows(&graph) {
            return Err(sc.invalid("the edges do not form a tree"));
        }
        Ok(graph)
    }
    fn write(&self, graph: &Graph, out: &mut Writer) {
        for &(a, b) in &graph.edges {
            out.token(a);
            out.token(b);
            out.end_line();
        }
    }
    fn generate(&self, rng: &mut SplitMix64, _size: Size) -> Graph {
        let shape = gen::TreeShape::any(rng);
        let edges = gen::tree(rng, self.n, shape);
        Graph { n: self.n, edges }
    }
    fn shrink(&self, graph: &Graph) -> Vec<Graph> {
        // Hanging a leaf from vertex 1 lowers the sum of the depths: shrinking ends.
        let mut degree = vec![0; graph.n + 1];
        for &(a, b) in &graph.edges {
            degree[a] += 1;
            degree[b] += 1;
        }
        let mut trees = Vec::new();
        for (k, &(a, b)) in graph.edges.iter().enumerate() {
            let leaf = if degree[b] == 1 { b } else { a };
            if degree[leaf] == 1 && a != 1 && b != 1 {
                let mut hung = graph.clone();
                hung.edges[k] = (1, leaf);
                trees.push(hung);
            }
        }
        trees.retain(|g| self.allows(g));
        trees
    }
    fn fit(&self, graph: &Graph) -> Option<Graph> {
        let mut fitted = graph.clone();
        while fitted.n > self.n {
            let top = fitted.n;
            let k = fitted
                .edges
                .iter()
                .position(|&(a, b)| a == top || b == top)?;
            fitted = fitted.contracted(k);
        }
        self.allows(&fitted).then_some(fitted)
    }
}

//! Graphs read from judge input, validated, in compressed sparse row (CSR) form: the out-arcs of
//! vertex `v` are `targets[offsets[v]..offsets[v + 1]]`, which is what a game solver walks.

use crate::Error;
use crate::Scanner;
use std::ops::RangeInclusive;

/// How a graph is written in the input: the label of the first vertex (usually 0 or 1), directed
/// or not, with a weight or a letter after each arc or not, the names the statement gives the
/// tokens of an edge, the degrees an adjacency list may have, and whether self-loops and
/// repeated edges are allowed (by default both are refused, with an error naming the token).
///
/// Errors name the token, the edge's number in input order and its ends as written: `expected
/// x of edge 3 (an integer in 1..=5)`, `edge 3 (2 2) is a self-loop`, `edge 4 (2 1) repeats edge
/// 1 (1 2)`; in adjacency lists, `expected a neighbour of vertex 2 (...)`, `vertex 2 lists
/// itself (a self-loop)`, `vertex 2 lists 5 twice`.
///
/// # Example
/// ```
/// use dp_core::GraphFormat;
/// let format = GraphFormat::undirected(1).weighted(1..=1_000_000_000).allow_self_loops();
/// assert!(format.is_weighted());
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GraphFormat {
    first_vertex: u64,
    directed: bool,
    weights: Option<RangeInclusive<i64>>,
    letters: Option<RangeInclusive<u8>>,
    /// The names of an edge's tail, head and weight or letter in errors.
    names: [&'static str; 3],
    degrees: Option<RangeInclusive<usize>>,
    self_loops: bool,
    duplicates: bool,
}

impl GraphFormat {
    /// Arcs `u v` go from `u` to `v`; vertices are labelled `first_vertex..first_vertex + n`.
    ///
    /// # Complexity
    /// O(1).
    ///
    /// # Example
    /// ```
    /// let format = dp_core::GraphFormat::directed(0);
    /// assert!(!format.is_weighted());
    /// ```
    pub fn directed(first_vertex: u64) -> Self {
        GraphFormat {
            first_vertex,
            directed: true,
            weights: None,
            letters: None,
            names: ["vertex u", "vertex v", "weight w"],
            degrees: None,
            self_loops: false,
            duplicates: false,
        }
    }

    /// Edges `u v` join `u` and `v` both ways; vertices are labelled
    /// `first_vertex..first_vertex + n`.
    ///
    /// # Complexity
    /// O(1).
    ///
    /// # Example
    /// ```
    /// let format = dp_core::GraphFormat::undirected(1);
    /// assert!(!format.is_weighted());
    /// ```
    pub fn undirected(first_vertex: u64) -> Self {
        GraphFormat {
            directed: false,
            ..GraphFormat::directed(first_vertex)
        }
    }

    /// Each arc is followed by its weight, an integer in `range`.
    ///
    /// # Complexity
    /// O(1).
    ///
    /// # Example
    /// ```
    /// let format = dp_core::GraphFormat::directed(1).weighted(-5..=5);
    /// assert!(format.is_weighted());
    /// ```
    pub fn weighted(self, range: RangeInclusive<i64>) -> Self {
        GraphFormat {
            weights: Some(range),
            letters: None,
            ..self
        }
    }

    /// Each arc is followed by a label, one character in `letters` (the `c` of `v u c`), kept
    /// as the arc's weight: its byte, e.g. `b'a' as i64` (in place of a numeric weight).
    ///
    /// # Complexity
    /// O(1).
    ///
    /// # Example
    /// ```
    /// use dp_core::{CsrGraph, GraphFormat, Scanner};
    /// let format = GraphFormat::directed(1).letters(b'a'..=b'z');
    /// let graph = CsrGraph::read_edges(&mut Scanner::new(b"1 2 b\n2 1 a\n"), 2, 2, &format).unwrap();
    /// assert_eq!(graph.weights_of(0), [i64::from(b'b')]);
    /// let err = CsrGraph::read_edges(&mut Scanner::new(b"1 2 B"), 2, 1, &format).unwrap_err();
    /// assert_eq!(err.to_string(), "token 3 (line 1): expected letter c of edge 1 (a letter in a..=z), found \"B\"");
    /// ```
    pub fn letters(self, letters: RangeInclusive<u8>) -> Self {
        let names = [self.names[0], self.names[1], "letter c"];
        GraphFormat {
            weights: None,
            letters: Some(letters),
            names,
            ..self
        }
    }

    /// The statement's names of an edge's tokens, for errors: its two ends (`["x", "y"]`) and,
    /// as a third name, its weight or letter (by default `vertex u`, `vertex v`, `weight w` or
    /// `letter c`). An error then reads `expected x of edge 3 (an integer in 1..=5)`. Give
    /// [`GraphFormat::weighted`] or [`GraphFormat::letters`] first: they reset the third name.
    ///
    /// # Panics
    /// If `names` has fewer than 2 or more than 3 names.
    ///
    /// # Complexity
    /// O(1).
    ///
    /// # Example
    /// ```
    /// use dp_core::{CsrGraph, GraphFormat, Scanner};
    /// let format = GraphFormat::undirected(1).named(&["x", "y"]);
    /// let err = CsrGraph::read_edges(&mut Scanner::new(b"1 2\n2 9\n"), 3, 2, &format).unwrap_err();
    /// assert_eq!(err.to_string(), "token 4 (line 2): expected y of edge 2 (an integer in 1..=3), found \"9\"");
    /// ```
    pub fn named(self, names: &[&'static str]) -> Self {
        assert!(
            (2..=3).contains(&names.len()),
            "an edge has two or three named tokens, not {}",
            names.len()
        );
        let third = names.get(2).copied().unwrap_or(self.names[2]);
        GraphFormat {
            names: [names[0], names[1], third],
            ..self
        }
    }

    /// The degrees an adjacency list may have ([`CsrGraph::read_adjacency`]), e.g. `1..=n - 1`
    /// where the statement forbids an isolated vertex; by default `0..=n - 1` (any degree, when
    /// self-loops or duplicates are allowed).
    ///
    /// # Complexity
    /// O(1).
    ///
    /// # Example
    /// ```
    /// use dp_core::{CsrGraph, GraphFormat, Scanner};
    /// let format = GraphFormat::directed(1).degrees(1..=2);
    /// let err = CsrGraph::read_adjacency(&mut Scanner::new(b"1 2\n0\n"), 2, &format).unwrap_err();
    /// assert_eq!(
    ///     err.to_string(),
    ///     "token 3 (line 2): expected the degree of vertex 2 (an integer in 1..=1), found \"0\""
    /// );
    /// ```
    pub fn degrees(self, degrees: RangeInclusive<usize>) -> Self {
        GraphFormat {
            degrees: Some(degrees),
            ..self
        }
    }

    /// Accept arcs from a vertex to itself (an undirected self-loop is stored as one arc).
    ///
    /// # Complexity
    /// O(1).
    ///
    /// # Example
    /// ```
    /// use dp_core::{CsrGraph, GraphFormat, Scanner};
    /// let format = GraphFormat::directed(1).allow_self_loops();
    /// let graph = CsrGraph::read_edges(&mut Scanner::new(b"1 1"), 1, 1, &format).unwrap();
    /// assert_eq!(graph.neighbors(0), [0]);
    /// ```
    pub fn allow_self_loops(self) -> Self {
        GraphFormat {
            self_loops: true,
            ..self
        }
    }

    /// Accept the same edge more than once (each copy is an arc of its own).
    ///
    /// # Complexity
    /// O(1).
    ///
    /// # Example
    /// ```
    /// use dp_core::{CsrGraph, GraphFormat, Scanner};
    /// let format = GraphFormat::undirected(1).allow_duplicates();
    /// let graph = CsrGraph::read_edges(&mut Scanner::new(b"1 2 2 1"), 2, 2, &format).unwrap();
    /// assert_eq!(graph.neighbors(0), [1, 1]);
    /// ```
    pub fn allow_duplicates(self) -> Self {
        GraphFormat {
            duplicates: true,
            ..self
        }
    }

    /// Whether each arc carries a weight (or a letter, kept as its weight).
    ///
    /// # Complexity
    /// O(1).
    ///
    /// # Example
    /// ```
    /// assert!(!dp_core::GraphFormat::directed(0).is_weighted());
    /// ```
    pub fn is_weighted(&self) -> bool {
        self.weights.is_some() || self.letters.is_some()
    }

    /// The label of vertex `v` in the input.
    fn label(&self, v: u32) -> u64 {
        self.first_vertex + u64::from(v)
    }
}

/// A graph on vertices `0..n` (0-based whatever the input's labels) as compressed sparse rows:
/// the out-neighbours of `v`, in input order, are `targets()[offsets()[v]..offsets()[v + 1]]`,
/// with their weights at the same places of `weights()` when the format has weights. An
/// undirected edge is stored as two arcs, one each way.
///
/// # Constraints
/// At most `u32::MAX` vertices and arcs.
///
/// # Example
/// ```
/// use dp_core::{CsrGraph, GraphFormat, Scanner};
/// // 4 vertices, 3 edges, 1-based: a path 1 - 2 - 3 and an edge 2 - 4.
/// let mut sc = Scanner::new(b"4 3\n1 2\n2 3\n4 2\n");
/// let n: usize = sc.next("n").unwrap();
/// let m: usize = sc.next("m").unwrap();
/// let graph = CsrGraph::read_edges(&mut sc, n, m, &GraphFormat::undirected(1)).unwrap();
/// sc.finish().unwrap();
/// assert_eq!(graph.neighbors(1), [0, 2, 3]);
/// assert_eq!(graph.arcs(), 6);
/// let into = graph.reversed();
/// assert_eq!(into.neighbors(3), [1]);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CsrGraph {
    offsets: Vec<u32>,
    targets: Vec<u32>,
    weights: Vec<i64>,
}

/// How the arcs are laid out in the input.
#[derive(Clone, Copy)]
enum Layout {
    /// `edges` lines `u v [w]`.
    Edges(usize),
    /// For each vertex in turn: its degree `d`, then `d` neighbours, each `v [w]`.
    Adjacency,
}

/// One arc as read: its number in input order (from 0), ends (0-based) and weight (0 if none).
#[derive(Clone, Copy)]
struct ReadArc {
    index: usize,
    from: u32,
    to: u32,
    weight: i64,
}

impl CsrGraph {
    /// Reads `edges` edges `u v` (with `w` after them if the format is weighted).
    ///
    /// # Errors
    /// [`Error::Input`] for a missing or malformed token or a vertex outside the labels; an
    /// [`Error::Invalid`] naming the token for a self-loop or a repeated edge (`u v` then `u v`,
    /// or `v u` when undirected) unless the format allows them.
    ///
    /// # Panics
    /// If `vertices` or the number of arcs exceeds `u32::MAX`.
    ///
    /// # Complexity
    /// O(vertices + edges) time and memory.
    ///
    /// # Example
    /// ```
    /// use dp_core::{CsrGraph, GraphFormat, Scanner};
    /// let format = GraphFormat::directed(1).weighted(1..=9);
    /// let graph = CsrGraph::read_edges(&mut Scanner::new(b"1 2 5\n1 3 7\n"), 3, 2, &format).unwrap();
    /// assert_eq!(graph.neighbors(0), [1, 2]);
    /// assert_eq!(graph.weights_of(0), [5, 7]);
    ///
    /// let mut sc = Scanner::new(b"1 2\n2 1\n");
    /// let err = CsrGraph::read_edges(&mut sc, 2, 2, &GraphFormat::undirected(1)).unwrap_err();
    /// assert_eq!(err.to_string(), "token 4 (line 2): edge 2 (2 1) repeats edge 1 (1 2)");
    /// ```
    pub fn read_edges(
        sc: &mut Scanner<'_>,
        vertices: usize,
        edges: usize,
        format: &GraphFormat,
    ) -> Result<CsrGraph, Error> {
        let start = sc.clone();
        let graph = read_checked(sc, vertices, edges, format, |_, _| Ok(()))?;
        if !format.duplicates {
            if let Some((u, v)) = graph.repeated_arc() {
                let layout = Layout::Edges(edges);
                return Err(locate_repeat(start, layout, vertices, format, u, v));
            }
        }
        Ok(graph)
    }

    /// Reads one adjacency list per vertex, in order: its degree `d`, then `d` neighbours (each
    /// followed by its weight if the format is weighted). For an undirected format each edge is
    /// listed by both its ends, and the lists must agree.
    ///
    /// # Errors
    /// [`Error::Input`] for a missing or malformed token or a vertex outside the labels; an
    /// [`Error::Invalid`] naming the token for a self-loop, a neighbour listed twice, or (when
    /// undirected) a neighbour that does not list the vertex back.
    ///
    /// # Panics
    /// If `vertices` or the number of arcs exceeds `u32::MAX`.
    ///
    /// # Complexity
    /// O(vertices + arcs) time and memory.
    ///
    /// # Example
    /// ```
    /// use dp_core::{CsrGraph, GraphFormat, Scanner};
    /// // 0-based: 0 -> 1, 0 -> 2, 2 -> 1.
    /// let mut sc = Scanner::new(b"2 1 2\n0\n1 1\n");
    /// let graph = CsrGraph::read_adjacency(&mut sc, 3, &GraphFormat::directed(0)).unwrap();
    /// assert_eq!(graph.neighbors(0), [1, 2]);
    /// assert_eq!(graph.degree(1), 0);
    ///
    /// let mut sc = Scanner::new(b"1 2\n0\n");
    /// let err = CsrGraph::read_adjacency(&mut sc, 2, &GraphFormat::undirected(1)).unwrap_err();
    /// assert_eq!(
    ///     err.to_string(),
    ///     "token 2 (line 1): vertex 1 lists 2, but vertex 2 does not list 1"
    /// );
    /// ```
    pub fn read_adjacency(
        sc: &mut Scanner<'_>,
        vertices: usize,
        format: &GraphFormat,
    ) -> Result<CsrGraph, Error> {
        check_size(vertices, 0);
        let start = sc.clone();
        let mut offsets = vec![0u32; vertices + 1];
        let mut targets = Vec::new();
        let mut weights = Vec::new();
        scan(sc, Layout::Adjacency, vertices, format, |arc, _| {
            check_size(vertices, targets.len() + 1);
            offsets[arc.from as usize + 1] += 1;
            targets.push(arc.to);
            if format.is_weighted() {
                weights.push(arc.weight);
            }
            Ok(false)
        })?;
        for v in 0..vertices {
            offsets[v + 1] += offsets[v];
        }
        let graph = CsrGraph {
            offsets,
            targets,
            weights,
        };
        let layout = Layout::Adjacency;
        if !format.duplicates {
            if let Some((u, v)) = graph.repeated_arc() {
                return Err(locate_repeat(start, layout, vertices, format, u, v));
            }
        }
        if !format.directed {
            if let Some((u, v)) = graph.arc_without_reverse() {
                let message = format!(
                    "vertex {} lists {}, but vertex {} does not list {}",
                    format.label(u),
                    format.label(v),
                    format.label(v),
                    format.label(u)
                );
                return Err(locate(start, layout, vertices, format, &message, |arc| {
                    (arc.from, arc.to) == (u, v)
                }));
            }
        }
        Ok(graph)
    }

    /// Reads the `vertices - 1` edges of a tree (undirected, `u v` with `w` after them if the
    /// format is weighted) and checks that they form one: no self-loop, no repeat, and no edge
    /// between two vertices already joined by the edges before it.
    ///
    /// # Errors
    /// Those of [`CsrGraph::read_edges`], and an [`Error::Invalid`] naming the token of the
    /// first edge that closes a cycle with the edges before it (`edge 3 (3 1) closes a cycle`;
    /// a repeated edge closes one of two edges).
    ///
    /// # Panics
    /// If the format is directed, `vertices` is 0, or it exceeds `u32::MAX / 2`.
    ///
    /// # Complexity
    /// O(vertices α(vertices)) time (a union-find as the edges are read), O(vertices) memory.
    ///
    /// # Example
    /// ```
    /// use dp_core::{CsrGraph, GraphFormat, Scanner};
    /// let format = GraphFormat::undirected(1).named(&["a", "b"]);
    /// let tree = CsrGraph::read_tree(&mut Scanner::new(b"1 2\n3 2\n"), 3, &format).unwrap();
    /// assert_eq!(tree.neighbors(1), [0, 2]);
    /// let mut sc = Scanner::new(b"1 2\n2 3\n3 1\n");
    /// let err = CsrGraph::read_tree(&mut sc, 4, &format).unwrap_err();
    /// assert_eq!(err.to_string(), "token 6 (line 3): edge 3 (3 1) closes a cycle");
    /// ```
    pub fn read_tree(
        sc: &mut Scanner<'_>,
        vertices: usize,
        format: &GraphFormat,
    ) -> Result<CsrGraph, Error> {
        assert!(!format.directed, "a tree is read as undirected edges");
        assert!(vertices > 0, "a tree has at least one vertex");
        // n - 1 edges without a cycle are a tree; a union-find sees the first one that closes
        // a cycle (a repeat closes one of two edges).
        let mut root: Vec<u32> = (0..vertices as u32).collect();
        let join = move |arc: &ReadArc, at_head: &Scanner<'_>| {
            let mut find = |mut v: u32| {
                while root[v as usize] != v {
                    root[v as usize] = root[root[v as usize] as usize];
                    v = root[v as usize];
                }
                v
            };
            let (a, b) = (find(arc.from), find(arc.to));
            if a == b {
                let (u, v) = (format.label(arc.from), format.label(arc.to));
                let message = format!("edge {} ({} {}) closes a cycle", arc.index + 1, u, v);
                return Err(at_head.invalid(&message));
            }
            root[a as usize] = b;
            Ok(())
        };
        read_checked(sc, vertices, vertices - 1, format, join)
    }

    /// The graph with arcs `from -> to` given as pairs of 0-based vertices, in that order (for
    /// tests and generators; judge input goes through the readers).
    ///
    /// # Panics
    /// If a vertex is `vertices` or more, or a count exceeds `u32::MAX`.
    ///
    /// # Complexity
    /// O(vertices + arcs).
    ///
    /// # Example
    /// ```
    /// let graph = dp_core::CsrGraph::from_arcs(3, &[(2, 0), (0, 1), (2, 1)]);
    /// assert_eq!(graph.neighbors(2), [0, 1]);
    /// ```
    pub fn from_arcs(vertices: usize, arcs: &[(usize, usize)]) -> CsrGraph {
        check_size(vertices, arcs.len());
        let mut degree = vec![0u32; vertices];
        for &(from, to) in arcs {
            assert!(from < vertices && to < vertices, "arc {} -> {}", from, to);
            degree[from] += 1;
        }
        let offsets = prefix_sums(&degree);
        let mut next = offsets[..vertices].to_vec();
        let mut targets = vec![0u32; arcs.len()];
        for &(from, to) in arcs {
            targets[next[from] as usize] = to as u32;
            next[from] += 1;
        }
        CsrGraph {
            offsets,
            targets,
            weights: Vec::new(),
        }
    }

    /// The graph of the rows `offsets` (one more than the vertices, from 0, not decreasing) and
    /// `targets`, without weights, for the core's own builders.
    pub(crate) fn from_rows(offsets: Vec<u32>, targets: Vec<u32>) -> CsrGraph {
        debug_assert!(offsets.last().map(|&end| end as usize) == Some(targets.len()));
        CsrGraph {
            offsets,
            targets,
            weights: Vec::new(),
        }
    }

    /// The number of vertices.
    ///
    /// # Complexity
    /// O(1).
    ///
    /// # Example
    /// ```
    /// assert_eq!(dp_core::CsrGraph::from_arcs(4, &[]).vertices(), 4);
    /// ```
    pub fn vertices(&self) -> usize {
        self.offsets.len() - 1
    }

    /// The number of arcs (twice the number of edges of an undirected graph without
    /// self-loops).
    ///
    /// # Complexity
    /// O(1).
    ///
    /// # Example
    /// ```
    /// assert_eq!(dp_core::CsrGraph::from_arcs(2, &[(0, 1), (1, 0)]).arcs(), 2);
    /// ```
    pub fn arcs(&self) -> usize {
        self.targets.len()
    }

    /// The out-neighbours of `v`, in input order.
    ///
    /// # Panics
    /// If `v >= vertices()`.
    ///
    /// # Complexity
    /// O(1).
    ///
    /// # Example
    /// ```
    /// let graph = dp_core::CsrGraph::from_arcs(2, &[(0, 1)]);
    /// assert_eq!(graph.neighbors(0), [1]);
    /// assert!(graph.neighbors(1).is_empty());
    /// ```
    #[inline]
    pub fn neighbors(&self, v: usize) -> &[u32] {
        &self.targets[self.offsets[v] as usize..self.offsets[v + 1] as usize]
    }

    /// The weights of the out-arcs of `v`, in the order of [`CsrGraph::neighbors`]; empty when
    /// the graph has no weights.
    ///
    /// # Panics
    /// If `v >= vertices()`.
    ///
    /// # Complexity
    /// O(1).
    ///
    /// # Example
    /// ```
    /// use dp_core::{CsrGraph, GraphFormat, Scanner};
    /// let format = GraphFormat::undirected(0).weighted(0..=9);
    /// let graph = CsrGraph::read_edges(&mut Scanner::new(b"0 1 4"), 2, 1, &format).unwrap();
    /// assert_eq!(graph.weights_of(1), [4]);
    /// ```
    #[inline]
    pub fn weights_of(&self, v: usize) -> &[i64] {
        if self.weights.is_empty() {
            return &[];
        }
        &self.weights[self.offsets[v] as usize..self.offsets[v + 1] as usize]
    }

    /// The number of out-arcs of `v`.
    ///
    /// # Panics
    /// If `v >= vertices()`.
    ///
    /// # Complexity
    /// O(1).
    ///
    /// # Example
    /// ```
    /// assert_eq!(dp_core::CsrGraph::from_arcs(2, &[(1, 0), (1, 1)]).degree(1), 2);
    /// ```
    #[inline]
    pub fn degree(&self, v: usize) -> usize {
        (self.offsets[v + 1] - self.offsets[v]) as usize
    }

    /// The row offsets, `vertices() + 1` of them: the arcs of `v` are
    /// `offsets()[v]..offsets()[v + 1]` in [`CsrGraph::targets`].
    ///
    /// # Complexity
    /// O(1).
    ///
    /// # Example
    /// ```
    /// let graph = dp_core::CsrGraph::from_arcs(3, &[(0, 1), (0, 2), (2, 0)]);
    /// assert_eq!(graph.offsets(), [0, 2, 2, 3]);
    /// ```
    pub fn offsets(&self) -> &[u32] {
        &self.offsets
    }

    /// Every arc's head, row after row.
    ///
    /// # Complexity
    /// O(1).
    ///
    /// # Example
    /// ```
    /// let graph = dp_core::CsrGraph::from_arcs(3, &[(2, 1), (0, 2)]);
    /// assert_eq!(graph.targets(), [2, 1]);
    /// ```
    pub fn targets(&self) -> &[u32] {
        &self.targets
    }

    /// Every arc's weight, in the order of [`CsrGraph::targets`]; empty without weights.
    ///
    /// # Complexity
    /// O(1).
    ///
    /// # Example
    /// ```
    /// assert!(dp_core::CsrGraph::from_arcs(2, &[(0, 1)]).weights().is_empty());
    /// ```
    pub fn weights(&self) -> &[i64] {
        &self.weights
    }

    /// The graph with every arc turned around, weights kept: the neighbours of `v` are the
    /// vertices with an arc into `v` (the "unmoves" of retrograde analysis), in increasing order.
    ///
    /// # Complexity
    /// O(vertices + arcs).
    ///
    /// # Example
    /// ```
    /// let graph = dp_core::CsrGraph::from_arcs(3, &[(2, 0), (1, 0), (0, 1)]);
    /// let reversed = graph.reversed();
    /// assert_eq!(reversed.neighbors(0), [1, 2]);
    /// assert_eq!(reversed.reversed(), dp_core::CsrGraph::from_arcs(3, &[(0, 1), (1, 0), (2, 0)]));
    /// ```
    pub fn reversed(&self) -> CsrGraph {
        let n = self.vertices();
        let mut degree = vec![0u32; n];
        for &to in &self.targets {
            degree[to as usize] += 1;
        }
        let offsets = prefix_sums(&degree);
        let mut next = offsets[..n].to_vec();
        let mut targets = vec![0u32; self.arcs()];
        let mut weights = vec![0i64; self.weights.len()];
        for from in 0..n {
            for i in self.offsets[from] as usize..self.offsets[from + 1] as usize {
                let slot = next[self.targets[i] as usize] as usize;
                next[self.targets[i] as usize] += 1;
                targets[slot] = from as u32;
                if !weights.is_empty() {
                    weights[slot] = self.weights[i];
                }
            }
        }
        CsrGraph {
            offsets,
            targets,
            weights,
        }
    }

    /// Some arc `u -> v` that occurs twice, if any.
    fn repeated_arc(&self) -> Option<(u32, u32)> {
        let mut seen_from = vec![u32::MAX; self.vertices()];
        for u in 0..self.vertices() {
            for &v in self.neighbors(u) {
                if seen_from[v as usize] == u as u32 {
                    return Some((u as u32, v));
                }
                seen_from[v as usize] = u as u32;
            }
        }
        None
    }

    /// Some arc `u -> v` without an arc `v -> u`, if any.
    fn arc_without_reverse(&self) -> Option<(u32, u32)> {
        let into = self.reversed();
        let mut listed_by = vec![u32::MAX; self.vertices()];
        for u in 0..self.vertices() {
            for &w in into.neighbors(u) {
                listed_by[w as usize] = u as u32;
            }
            // v -> u exists iff v is among the vertices with an arc into u.
            for &v in self.neighbors(u) {
                if listed_by[v as usize] != u as u32 {
                    return Some((u as u32, v));
                }
            }
        }
        None
    }
}

/// The edges as [`CsrGraph::read_edges`] reads them, with `check` called on each arc as it is
/// read (with the scanner at its head, for errors; its error stops the reading) and no search
/// for repeats: the callers that need one make it, and a tree's union-find already refuses them.
fn read_checked<F>(
    sc: &mut Scanner<'_>,
    vertices: usize,
    edges: usize,
    format: &GraphFormat,
    mut check: F,
) -> Result<CsrGraph, Error>
where
    F: FnMut(&ReadArc, &Scanner<'_>) -> Result<(), Error>,
{
    let arcs_per_edge = if format.directed { 1 } else { 2 };
    check_size(vertices, edges.saturating_mul(arcs_per_edge));
    // Grown as edges arrive, so a huge `edges` with a short input fails on the input.
    let mut ends = Vec::with_capacity(edges.min(1 << 16));
    let mut read_weights = Vec::new();
    scan(
        sc,
        Layout::Edges(edges),
        vertices,
        format,
        |arc, at_head| {
            check(&arc, at_head)?;
            ends.push((arc.from, arc.to));
            if format.is_weighted() {
                read_weights.push(arc.weight);
            }
            Ok(false)
        },
    )?;
    let mut degree = vec![0u32; vertices + 1];
    for &(from, to) in &ends {
        degree[from as usize] += 1;
        if !format.directed && from != to {
            degree[to as usize] += 1;
        }
    }
    let offsets = prefix_sums(&degree[..vertices]);
    let mut next: Vec<u32> = offsets[..vertices].to_vec();
    let arcs = offsets[vertices] as usize;
    let mut targets = vec![0u32; arcs];
    let mut weights = vec![0i64; if format.is_weighted() { arcs } else { 0 }];
    let mut place = |from: u32, to: u32, weight: i64| {
        let slot = next[from as usize] as usize;
        next[from as usize] += 1;
        targets[slot] = to;
        if let Some(w) = weights.get_mut(slot) {
            *w = weight;
        }
    };
    for (i, &(from, to)) in ends.iter().enumerate() {
        let weight = read_weights.get(i).copied().unwrap_or(0);
        place(from, to, weight);
        if !format.directed && from != to {
            place(to, from, weight);
        }
    }
    drop(ends);
    Ok(CsrGraph {
        offsets,
        targets,
        weights,
    })
}

fn check_size(vertices: usize, arcs: usize) {
    assert!(
        vertices < u32::MAX as usize && arcs < u32::MAX as usize,
        "a CsrGraph holds fewer than 2^32 - 1 vertices and arcs ({} and {} asked for)",
        vertices,
        arcs
    );
}

/// `[0, d0, d0 + d1, ...]`, one longer than `degrees`.
fn prefix_sums(degrees: &[u32]) -> Vec<u32> {
    let mut offsets = Vec::with_capacity(degrees.len() + 1);
    let mut total = 0u32;
    offsets.push(0);
    for &d in degrees {
        total += d;
        offsets.push(total);
    }
    offsets
}

/// Reads the arcs of `layout` in input order, refusing vertices outside the labels and (unless
/// allowed) self-loops, and hands each to `visit` with the scanner just after its head;
/// stops early when `visit` returns `Ok(true)`.
fn scan<'a, F>(
    sc: &mut Scanner<'a>,
    layout: Layout,
    vertices: usize,
    format: &GraphFormat,
    mut visit: F,
) -> Result<(), Error>
where
    F: FnMut(ReadArc, &Scanner<'_>) -> Result<bool, Error>,
{
    let first = format.first_vertex;
    let last = first + vertices as u64;
    let weights = format.weights.clone().unwrap_or(0..=0);
    let [tail_name, head_name, weight_name] = format.names;
    // `what` is the short name; `of` makes the rest (" of edge 3") only on an error.
    let vertex = |sc: &mut Scanner<'_>, what: &str, of: &dyn Fn() -> String| {
        if vertices == 0 {
            sc.next::<u64>(what)?;
            return Err(sc.invalid("the graph has no vertices"));
        }
        match sc.next_in(first..=last - 1, what) {
            Ok(label) => Ok((label - first) as u32),
            Err(err) => Err(err.with_context(what, of)),
        }
    };
    // Errors about an arc name the token of its head; the scanner as it was there is kept
    // (a copy of four words) for the errors found later.
    let arc = |sc: &mut Scanner<'a>, index: usize, from: u32, to: u32, layout: Layout| {
        if from == to && !format.self_loops {
            let message = match layout {
                Layout::Edges(_) => format!(
                    "edge {} ({} {}) is a self-loop",
                    index + 1,
                    format.label(from),
                    format.label(to)
                ),
                Layout::Adjacency => {
                    format!("vertex {} lists itself (a self-loop)", format.label(from))
                }
            };
            return Err(sc.invalid(&message));
        }
        let at_head = sc.clone();
        let of_edge = || format!(" of edge {}", index + 1);
        let weight = match (&format.weights, &format.letters) {
            (Some(_), _) => sc
                .next_in(weights.clone(), weight_name)
                .map_err(|e| e.with_context(weight_name, of_edge))?,
            (None, Some(letters)) => match sc.next_letter(letters.clone(), weight_name) {
                Ok(letter) => i64::from(letter),
                Err(e) => return Err(e.with_context(weight_name, of_edge)),
            },
            (None, None) => 0,
        };
        let read = ReadArc {
            index,
            from,
            to,
            weight,
        };
        Ok((read, at_head))
    };
    match layout {
        Layout::Edges(edges) => {
            for index in 0..edges {
                let of_edge = || format!(" of edge {}", index + 1);
                let from = vertex(sc, tail_name, &of_edge)?;
                let to = vertex(sc, head_name, &of_edge)?;
                let (read, at_head) = arc(sc, index, from, to, layout)?;
                if visit(read, &at_head)? {
                    return Ok(());
                }
            }
        }
        Layout::Adjacency => {
            let mut index = 0;
            let max_degree = if format.duplicates || format.self_loops {
                u32::MAX as usize
            } else {
                vertices.saturating_sub(1)
            };
            let degrees = match &format.degrees {
                Some(range) => *range.start()..=max_degree.min(*range.end()),
                None => 0..=max_degree,
            };
            for from in 0..vertices as u32 {
                let of_vertex = || format!(" of vertex {}", format.label(from));
                let degree: usize = sc
                    .next_in(degrees.clone(), "the degree")
                    .map_err(|e| e.with_context("the degree", of_vertex))?;
                for _ in 0..degree {
                    let to = vertex(sc, "a neighbour", &of_vertex)?;
                    let (read, at_head) = arc(sc, index, from, to, layout)?;
                    index += 1;
                    if visit(read, &at_head)? {
                        return Ok(());
                    }
                }
            }
        }
    }
    Ok(())
}

/// The error for a repeated arc `u -> v`, at the token of its second occurrence in the input
/// read again from `start` (only on this error path).
fn locate_repeat(
    start: Scanner<'_>,
    layout: Layout,
    vertices: usize,
    format: &GraphFormat,
    u: u32,
    v: u32,
) -> Error {
    let same = |arc: &ReadArc| {
        (arc.from, arc.to) == (u, v) || (!format.directed && (arc.from, arc.to) == (v, u))
    };
    let mut sc = start.clone();
    let mut first = None;
    let mut error = None;
    let scanned = scan(&mut sc, layout, vertices, format, |arc, sc| {
        if !same(&arc) {
            return Ok(false);
        }
        let earlier = match first {
            Some(earlier) => earlier,
            None => {
                first = Some(arc);
                return Ok(false);
            }
        };
        let message = match layout {
            Layout::Edges(_) => format!(
                "edge {} ({} {}) repeats edge {} ({} {})",
                arc.index + 1,
                format.label(arc.from),
                format.label(arc.to),
                earlier.index + 1,
                format.label(earlier.from),
                format.label(earlier.to)
            ),
            Layout::Adjacency => format!(
                "vertex {} lists {} twice",
                format.label(arc.from),
                format.label(arc.to)
            ),
        };
        error = Some(sc.invalid(&message));
        Ok(true)
    });
    match (scanned, error) {
        (_, Some(error)) => error,
        (Err(error), None) => error,
        (Ok(()), None) => start.invalid("a repeated edge"),
    }
}

/// `message` at the token of the first arc that `is_it`, the input read again from `start`.
fn locate<P>(
    start: Scanner<'_>,
    layout: Layout,
    vertices: usize,
    format: &GraphFormat,
    message: &str,
    is_it: P,
) -> Error
where
    P: Fn(&ReadArc) -> bool,
{
    let mut sc = start.clone();
    let mut error = None;
    let scanned = scan(&mut sc, layout, vertices, format, |arc, sc| {
        if is_it(&arc) {
            error = Some(sc.invalid(message));
            return Ok(true);
        }
        Ok(false)
    });
    match (scanned, error) {
        (_, Some(error)) => error,
        (Err(error), None) => error,
        (Ok(()), None) => start.invalid(message),
    }
}

#[cfg(test)]
mod tests;

//! Games that cannot loop, solved for win or loss only: a position is won when some move leads
//! to a lost position ([`wins_in_order`] in an order the game knows, [`wins_reachable`] by a
//! depth-first search on an explicit stack), and the topological order of a directed acyclic
//! graph, with a cycle named when there is one ([`CsrGraph::topological_order`]).
//!
//! No Grundy values, no counters, no layers: one byte per position and one look per move, which
//! is what a plain memo does (the Grundy solvers cost about three times that where only the
//! winner is asked).

use crate::{CsrGraph, Error, Outcome};

/// A position not evaluated (yet).
const UNKNOWN: u8 = 0;
const LOST: u8 = 1;
const WON: u8 = 2;
/// On the stack of [`wins_reachable`], waiting for its moves.
const OPEN: u8 = 3;

/// A cycle of a directed graph: its vertices (0-based) in the order of its arcs, the last one
/// with an arc back to the first.
///
/// # Example
/// ```
/// use dp_core::CsrGraph;
/// let graph = CsrGraph::from_arcs(4, &[(0, 1), (1, 2), (2, 3), (3, 1)]);
/// let cycle = graph.topological_order().unwrap_err();
/// assert_eq!(cycle.vertices(), [1, 2, 3]);
/// assert_eq!(cycle.error(1).to_string(), "the arcs form a cycle: 2 -> 3 -> 4 -> 2");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cycle {
    vertices: Vec<u32>,
}

impl Cycle {
    /// The vertices of the cycle, 0-based, each with an arc to the next (and the last to the
    /// first); one vertex for a self-loop.
    ///
    /// # Complexity
    /// O(1).
    ///
    /// # Example
    /// See [`Cycle`].
    pub fn vertices(&self) -> &[u32] {
        &self.vertices
    }

    /// The cycle as a judge error, its vertices labelled from `first_vertex` as in the input
    /// (`the arcs form a cycle: 2 -> 3 -> 2`).
    ///
    /// # Complexity
    /// O(length of the cycle).
    ///
    /// # Example
    /// See [`Cycle`].
    pub fn error(&self, first_vertex: u64) -> Error {
        let labels: Vec<String> = (self.vertices.iter().chain(self.vertices.first()))
            .map(|&v| (first_vertex + u64::from(v)).to_string())
            .collect();
        Error::Invalid(format!("the arcs form a cycle: {}", labels.join(" -> ")))
    }
}

impl CsrGraph {
    /// The vertices in an order where every arc goes from an earlier vertex to a later one
    /// (Kahn's algorithm, ready vertices first come first served, from vertex 0 up), or a
    /// cycle when the graph has one. A game whose moves are the arcs evaluates its positions in
    /// the reverse of this order: every move's target first.
    ///
    /// # Errors
    /// A [`Cycle`] (a self-loop is a cycle of one vertex).
    ///
    /// # Complexity
    /// O(vertices + arcs) time, O(vertices) memory (and a reversed copy of the graph to find
    /// the cycle, on that path only).
    ///
    /// # Example
    /// ```
    /// use dp_core::CsrGraph;
    /// let dag = CsrGraph::from_arcs(4, &[(2, 0), (0, 1), (2, 3), (3, 1)]);
    /// assert_eq!(dag.topological_order().unwrap(), [2, 0, 3, 1]);
    /// ```
    pub fn topological_order(&self) -> Result<Vec<u32>, Cycle> {
        let n = self.vertices();
        let mut into = vec![0u32; n];
        for &v in self.targets() {
            into[v as usize] += 1;
        }
        let mut order: Vec<u32> = (0..n as u32).filter(|&v| into[v as usize] == 0).collect();
        let mut head = 0;
        while head < order.len() {
            let v = order[head] as usize;
            head += 1;
            for &u in self.neighbors(v) {
                into[u as usize] -= 1;
                if into[u as usize] == 0 {
                    order.push(u);
                }
            }
        }
        if order.len() == n {
            return Ok(order);
        }
        // Every vertex left has an arc from another one left: walk those arcs backwards from
        // any of them until a vertex comes twice; the walk between its two visits, read
        // forwards, is a cycle.
        let from = self.reversed();
        let mut step = vec![u32::MAX; n];
        let mut walk: Vec<u32> = Vec::new();
        let mut v = (0..n).find(|&v| into[v] > 0).expect("a vertex left") as u32;
        while step[v as usize] == u32::MAX {
            step[v as usize] = walk.len() as u32;
            walk.push(v);
            let mut back = from.neighbors(v as usize).iter();
            v = *back.find(|&&u| into[u as usize] > 0).expect("an arc left");
        }
        let mut vertices = walk.split_off(step[v as usize] as usize);
        vertices.reverse();
        // From its smallest vertex, so that the same cycle always reads the same.
        let smallest = (0..vertices.len())
            .min_by_key(|&i| vertices[i])
            .unwrap_or(0);
        vertices.rotate_left(smallest);
        Err(Cycle { vertices })
    }
}

/// The outcomes of a game without cycles, for the side to move: won or lost, for the positions
/// evaluated.
///
/// # Example
/// ```
/// use dp_core::{wins_in_order, Outcome};
/// // Take 1 or 2 of p stones; who cannot move loses.
/// let table = wins_in_order(7, 0..7, |p, known| (1..=2.min(p)).any(|t| known.is_lost(p - t)));
/// assert_eq!(table.outcome(6), Outcome::Loss);
/// assert!(table.is_won(5) && table.is_evaluated(0) && table.len() == 7);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WinTable {
    state: Vec<u8>,
}

impl WinTable {
    /// The number of positions, evaluated or not.
    ///
    /// # Complexity
    /// O(1).
    ///
    /// # Example
    /// See [`WinTable`].
    pub fn len(&self) -> usize {
        self.state.len()
    }

    /// Whether the game has no positions.
    ///
    /// # Complexity
    /// O(1).
    ///
    /// # Example
    /// ```
    /// assert!(dp_core::wins_in_order(0, 0..0, |_, _| false).is_empty());
    /// ```
    pub fn is_empty(&self) -> bool {
        self.state.is_empty()
    }

    /// Whether `pos` was evaluated (listed in the order, or reached).
    ///
    /// # Panics
    /// If `pos >= len()`.
    ///
    /// # Complexity
    /// O(1).
    ///
    /// # Example
    /// See [`WinTable`].
    pub fn is_evaluated(&self, pos: usize) -> bool {
        self.state[pos] == WON || self.state[pos] == LOST
    }

    /// Whether the side to move at `pos` wins.
    ///
    /// # Panics
    /// If `pos >= len()` or `pos` was not evaluated.
    ///
    /// # Complexity
    /// O(1).
    ///
    /// # Example
    /// See [`WinTable`].
    #[inline]
    pub fn is_won(&self, pos: usize) -> bool {
        match self.state[pos] {
            WON => true,
            LOST => false,
            _ => panic!("position {} was not evaluated", pos),
        }
    }

    /// [`Outcome::Win`] or [`Outcome::Loss`] at `pos`.
    ///
    /// # Panics
    /// If `pos >= len()` or `pos` was not evaluated.
    ///
    /// # Complexity
    /// O(1).
    ///
    /// # Example
    /// See [`WinTable`].
    pub fn outcome(&self, pos: usize) -> Outcome {
        if self.is_won(pos) {
            Outcome::Win
        } else {
            Outcome::Loss
        }
    }
}

/// The outcomes known while one position is evaluated, for its moves to look up:
/// [`KnownWins::is_lost`] on a move's target.
///
/// # Example
/// See [`wins_in_order`].
#[derive(Debug)]
pub struct KnownWins<'a> {
    state: &'a [u8],
    position: usize,
    /// In [`wins_reachable`]: the targets not evaluated yet, to be searched first.
    missing: Option<&'a mut Vec<usize>>,
}

impl KnownWins<'_> {
    /// Whether the side to move at `child` (a move's target) loses: the mover wins by moving
    /// there.
    ///
    /// # Panics
    /// If `child` is out of range; in [`wins_in_order`], if `child` is not evaluated yet. (In
    /// [`wins_reachable`] it is searched, and the position evaluated again after it.)
    ///
    /// # Complexity
    /// O(1).
    ///
    /// # Example
    /// See [`wins_in_order`].
    #[inline]
    pub fn is_lost(&mut self, child: usize) -> bool {
        match self.state[child] {
            LOST => true,
            WON => false,
            _ => not_evaluated(self.position, child, self.missing.as_deref_mut()),
        }
    }

    /// Whether the side to move at `child` wins.
    ///
    /// # Panics
    /// As [`KnownWins::is_lost`].
    ///
    /// # Complexity
    /// O(1).
    ///
    /// # Example
    /// ```
    /// use dp_core::wins_in_order;
    /// // Misère: take 1 or 2; who takes the last stone loses, so 0 stones is a win.
    /// let table = wins_in_order(8, 0..8, |p, known| {
    ///     p == 0 || !(1..=2.min(p)).all(|t| known.is_won(p - t))
    /// });
    /// assert_eq!((0..8).filter(|&p| !table.is_won(p)).collect::<Vec<_>>(), [1, 4, 7]);
    /// ```
    #[inline]
    pub fn is_won(&mut self, child: usize) -> bool {
        match self.state[child] {
            WON => true,
            LOST => false,
            _ => !not_evaluated(self.position, child, self.missing.as_deref_mut()),
        }
    }
}

/// A look from `position` at `child`, not evaluated: noted for the search (and taken for a
/// won child), or a broken order. Out of line and given values, not the [`KnownWins`], so that
/// the caller's lookups keep it in registers (through `&mut self` it lives on the stack, and the
/// loop is slower than a plain one).
#[cold]
#[inline(never)]
fn not_evaluated(position: usize, child: usize, missing: Option<&mut Vec<usize>>) -> bool {
    match missing {
        Some(missing) => {
            missing.push(child);
            false
        }
        None => panic!(
            "position {} looks at position {}, which the order has not evaluated",
            position, child
        ),
    }
}

/// The outcome of every position listed in `order` of a game without cycles, each evaluated
/// once, after the targets of its moves: `wins(p, known)` says whether the side to move at `p`
/// wins, looking the targets up in `known` (usually `moves.any(|c| known.is_lost(c))`, which
/// also makes a position without moves lost). Positions not listed stay unevaluated; a
/// position listed twice is evaluated again (to the same outcome: its targets are known).
///
/// # Panics
/// If a position of the order is out of range, or `wins` looks at a position not evaluated yet
/// (see [`KnownWins::is_lost`]).
///
/// # Complexity
/// O(n + length of the order) time besides `wins`, one byte per position; no recursion. As
/// fast as the plain loop over a table of booleans with an order `0..n` (core-bench
/// `acyclic`); prefer it to `0..=n`, whose `RangeInclusive` carries a flag through the loop.
///
/// # Example
/// ```
/// use dp_core::{wins_in_order, CsrGraph};
/// // A token on a DAG moves along an arc; who cannot move loses. The order: targets first.
/// let dag = CsrGraph::from_arcs(4, &[(0, 1), (1, 2), (0, 3), (3, 2)]);
/// let mut order = dag.topological_order().unwrap();
/// order.reverse();
/// let table = wins_in_order(4, order.iter().map(|&v| v as usize), |v, known| {
///     dag.neighbors(v).iter().any(|&u| known.is_lost(u as usize))
/// });
/// assert_eq!([0, 1, 2, 3].map(|v| table.is_won(v)), [false, true, false, true]);
/// ```
pub fn wins_in_order<I, F>(n: usize, order: I, mut wins: F) -> WinTable
where
    I: IntoIterator<Item = usize>,
    F: FnMut(usize, &mut KnownWins) -> bool,
{
    let mut state = vec![UNKNOWN; n];
    for position in order {
        assert!(
            position < n,
            "position {} in the order is out of range 0..{}",
            position,
            n
        );
        let mut known = KnownWins {
            state: &state,
            position,
            missing: None,
        };
        state[position] = if wins(position, &mut known) {
            WON
        } else {
            LOST
        };
    }
    WinTable { state }
}

/// The outcome of every position of a game without cycles reachable from `starts`, when the
/// game knows no order: a depth-first search on an explicit stack. `wins` is as for
/// [`wins_in_order`]; a look at a target not evaluated yet answers as if that target were won
/// (the answer is then thrown away), the target is searched, and `wins` is called on the
/// position again once its targets are known. So `wins` is called once or twice per reached
/// position, and must look at the same targets each time.
///
/// # Panics
/// If a start or a target is out of range, or the game has a cycle (a position reachable from
/// itself).
///
/// # Complexity
/// O(n) time besides at most two calls of `wins` per reached position, one byte per position
/// and a stack of at most one entry per target looked at.
///
/// # Example
/// ```
/// use dp_core::wins_reachable;
/// // From a heap of 20, take 1, or halve an even heap; who cannot move loses.
/// let table = wins_reachable(21, [20], |p, known| {
///     (p > 0 && known.is_lost(p - 1)) | (p > 0 && p % 2 == 0 && known.is_lost(p / 2))
/// });
/// assert!(table.is_won(20) && !table.is_won(0));
/// ```
pub fn wins_reachable<I, F>(n: usize, starts: I, mut wins: F) -> WinTable
where
    I: IntoIterator<Item = usize>,
    F: FnMut(usize, &mut KnownWins) -> bool,
{
    let mut state = vec![UNKNOWN; n];
    let mut missing = Vec::new();
    let mut stack = Vec::new();
    for start in starts {
        assert!(
            start < n,
            "start position {} is out of range 0..{}",
            start,
            n
        );
        stack.push(start);
        while let Some(&position) = stack.last() {
            if state[position] == WON || state[position] == LOST {
                // Pushed twice, and evaluated since.
                stack.pop();
                continue;
            }
            missing.clear();
            let mut known = KnownWins {
                state: &state,
                position,
                missing: Some(&mut missing),
            };
            let won = wins(position, &mut known);
            if missing.is_empty() {
                state[position] = if won { WON } else { LOST };
                stack.pop();
                continue;
            }
            state[position] = OPEN;
            for &child in &missing {
                // Open positions on the stack are ancestors of the one on top.
                assert!(
                    state[child] != OPEN,
                    "the game has a cycle: position {} moves to position {}, from which it is \
                     reachable",
                    position,
                    child
                );
                stack.push(child);
            }
        }
    }
    WinTable { state }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::random::SplitMix64;

    /// A random DAG on n vertices: arcs from larger to smaller indices, then relabelled by a
    /// random permutation so that no order is given away.
    fn random_dag(rng: &mut SplitMix64, n: usize) -> (CsrGraph, Vec<(usize, usize)>) {
        let mut label: Vec<usize> = (0..n).collect();
        for i in (1..n).rev() {
            label.swap(i, rng.index(i + 1));
        }
        let mut arcs = Vec::new();
        for u in 1..n {
            for v in 0..u {
                if rng.index(4) == 0 {
                    arcs.push((label[u], label[v]));
                }
            }
        }
        (CsrGraph::from_arcs(n, &arcs), arcs)
    }

    /// Whether the mover wins at v, by the definition, recursively (small graphs only).
    fn wins_by_definition(graph: &CsrGraph, v: usize) -> bool {
        graph
            .neighbors(v)
            .iter()
            .any(|&u| !wins_by_definition(graph, u as usize))
    }

    #[test]
    fn random_dags_match_the_definition_every_way() {
        let mut rng = SplitMix64::new(3);
        for _ in 0..500 {
            let n = rng.index(10);
            let (graph, arcs) = random_dag(&mut rng, n);
            let order = graph.topological_order().unwrap();
            let mut place = vec![0; n];
            for (i, &v) in order.iter().enumerate() {
                place[v as usize] = i;
            }
            assert!(arcs.iter().all(|&(u, v)| place[u] < place[v]));
            let mut sorted = order.clone();
            sorted.sort_unstable();
            assert_eq!(sorted, (0..n as u32).collect::<Vec<_>>());
            let moves = |v: usize, known: &mut KnownWins| {
                graph
                    .neighbors(v)
                    .iter()
                    .any(|&u| known.is_lost(u as usize))
            };
            let in_order = wins_in_order(n, order.iter().rev().map(|&v| v as usize), moves);
            let reached = wins_reachable(n, 0..n, moves);
            for v in 0..n {
                let expected = wins_by_definition(&graph, v);
                assert_eq!(in_order.is_won(v), expected);
                assert_eq!(reached.is_won(v), expected);
            }
            // From one start, only what it reaches is evaluated.
            if n > 0 {
                let one = wins_reachable(n, [0], moves);
                assert!(one.is_evaluated(0));
                for &u in graph.neighbors(0) {
                    assert!(one.is_evaluated(u as usize));
                }
            }
        }
    }

    #[test]
    fn a_long_path_needs_no_recursion() {
        // 10^6 positions in a chain searched from its top: a stack of 10^6 entries, no call depth.
        let n = 1_000_000;
        let table = wins_reachable(n, [n - 1], |p, known| p > 0 && known.is_lost(p - 1));
        assert!((0..n).all(|p| table.is_won(p) == (p % 2 == 1)));
        let arcs: Vec<(usize, usize)> = (1..n).map(|p| (p, p - 1)).collect();
        let order = CsrGraph::from_arcs(n, &arcs).topological_order().unwrap();
        assert_eq!(order[0] as usize, n - 1);
    }

    #[test]
    fn cycles_are_found_and_named() {
        let mut rng = SplitMix64::new(8);
        for _ in 0..500 {
            let n = 1 + rng.index(8);
            let arcs: Vec<(usize, usize)> = (0..rng.index(12))
                .map(|_| (rng.index(n), rng.index(n)))
                .collect();
            let graph = CsrGraph::from_arcs(n, &arcs);
            match graph.topological_order() {
                Ok(order) => {
                    let mut place = vec![0; n];
                    for (i, &v) in order.iter().enumerate() {
                        place[v as usize] = i;
                    }
                    assert!(arcs.iter().all(|&(u, v)| place[u] < place[v]), "{:?}", arcs);
                }
                Err(cycle) => {
                    let c = cycle.vertices();
                    assert!(!c.is_empty());
                    let mut distinct = c.to_vec();
                    distinct.sort_unstable();
                    distinct.dedup();
                    assert_eq!(distinct.len(), c.len(), "{:?}", c);
                    for (i, &u) in c.iter().enumerate() {
                        let v = c[(i + 1) % c.len()];
                        assert!(
                            arcs.contains(&(u as usize, v as usize)),
                            "{:?} {:?}",
                            arcs,
                            c
                        );
                    }
                }
            }
        }
        let looped = CsrGraph::from_arcs(2, &[(0, 1), (1, 1)]);
        let cycle = looped.topological_order().unwrap_err();
        assert_eq!(cycle.error(0).to_string(), "the arcs form a cycle: 1 -> 1");
    }

    #[test]
    #[should_panic(expected = "position 1 looks at position 2, which the order has not evaluated")]
    fn a_broken_order_panics() {
        wins_in_order(3, [0, 1, 2], |p, known| p > 0 && known.is_lost(p + 1));
    }

    #[test]
    #[should_panic(expected = "the game has a cycle")]
    fn a_cycle_in_a_search_panics() {
        wins_reachable(3, [0], |p, known| known.is_lost((p + 1) % 3));
    }

    #[test]
    #[should_panic(expected = "position 3 was not evaluated")]
    fn an_unreached_position_has_no_outcome() {
        wins_reachable(5, [2], |p, known| p > 0 && known.is_lost(p - 1)).is_won(3);
    }
}

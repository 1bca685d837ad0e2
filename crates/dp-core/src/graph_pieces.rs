//! Games of pieces moved along the arcs of a graph, as [`RetrogradeGame`]s: one piece
//! ([`CsrGraph`] itself: a move follows an arc, who cannot move loses), or two, one per side
//! ([`TwoPieces`]: pursuit and racing games), where the solver states its rules only
//! ([`PieceRules`]: which moves are allowed, what ends the game, and an optional phase such as
//! the label of the last move) and gets the positions, moves and un-moves from the graphs.

use crate::{CsrGraph, Outcome, RetrogradeGame, Unmoves};

/// A piece on a directed graph: the positions are the vertices, a move follows an arc, and the
/// side to move at a vertex without arcs has lost. Solve it with
/// [`Retrograde::solve_from_moves`](crate::Retrograde::solve_from_moves), which builds the
/// reverse arcs; positions never resolved are draws (an endless walk).
///
/// # Example
/// ```
/// use dp_core::{CsrGraph, Outcome, Retrograde};
/// // 0 -> 1 -> 2 (a dead end), and 3 <-> 4 forever.
/// let graph = CsrGraph::from_arcs(5, &[(0, 1), (1, 2), (3, 4), (4, 3)]);
/// let table = Retrograde::new(&graph).outcomes_only().solve_from_moves();
/// let outcomes: Vec<Outcome> = (0..5).map(|v| table.outcome(v)).collect();
/// use Outcome::{Draw, Loss, Win};
/// assert_eq!(outcomes, [Loss, Win, Loss, Draw, Draw]);
/// ```
impl RetrogradeGame for CsrGraph {
    fn positions(&self) -> usize {
        self.vertices()
    }

    fn terminal(&self, _pos: usize) -> Option<Outcome> {
        None
    }

    #[inline]
    fn for_each_move<F: FnMut(usize)>(&self, pos: usize, mut f: F) {
        for &v in self.neighbors(pos) {
            f(v as usize);
        }
    }

    fn degree(&self, pos: usize) -> usize {
        CsrGraph::degree(self, pos)
    }
}

/// A position of a [`TwoPieces`] game as its rules see it.
///
/// # Example
/// ```
/// let pos = dp_core::Pieces { side: 1, at: [4, 2], phase: 0 };
/// assert_eq!((pos.mine(), pos.other()), (2, 4));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Pieces {
    /// The side to move, 0 or 1; side `s` moves piece `s`.
    pub side: usize,
    /// The vertices of piece 0 and piece 1.
    pub at: [usize; 2],
    /// The phase, in `0..rules.phases()` (always 0 for rules without phases).
    pub phase: usize,
}

impl Pieces {
    /// The vertex of the piece of the side to move.
    ///
    /// # Complexity
    /// O(1).
    ///
    /// # Example
    /// See [`Pieces`].
    #[inline]
    pub fn mine(&self) -> usize {
        self.at[self.side]
    }

    /// The vertex of the other side's piece.
    ///
    /// # Complexity
    /// O(1).
    ///
    /// # Example
    /// See [`Pieces`].
    #[inline]
    pub fn other(&self) -> usize {
        self.at[1 - self.side]
    }
}

/// The rules of a two-piece game on graphs: side 0 moves piece 0 along the arcs of its graph,
/// side 1 piece 1 along those of its own (often the same graph), in turn. The rules say what
/// ends the game and which arcs a side may take; a side with no allowed move has lost.
///
/// A phase is a small extra state that moves change (the label of the last move, when the
/// labels must not decrease; how many moves are left): positions carry one of
/// `0..phases()`, and a move's phase comes from [`PieceRules::step`].
///
/// # Constraints
/// Both methods are pure: the same answer on every call.
///
/// # Example
/// ```
/// use dp_core::{CsrGraph, Outcome, Retrograde, PieceRules, Pieces, TwoPieces};
/// /// Cop (side 0) and robber on a graph: the cop wins by moving onto the robber; the robber
/// /// may never enter vertex 0, the police station.
/// struct CopAndRobber;
/// impl PieceRules for CopAndRobber {
///     fn terminal(&self, pos: &Pieces) -> Option<Outcome> {
///         // Caught: whoever is to move, the cop has won.
///         (pos.at[0] == pos.at[1]).then(|| if pos.side == 0 { Outcome::Win } else { Outcome::Loss })
///     }
///     fn step(&self, pos: &Pieces, _arc: usize, to: usize) -> Option<usize> {
///         (pos.side == 0 || to != 0).then(|| pos.phase)
///     }
/// }
/// // A path 0 - 1 - 2 - 3.
/// let arcs: Vec<(usize, usize)> = (1..4).flat_map(|v| [(v - 1, v), (v, v - 1)]).collect();
/// let graph = CsrGraph::from_arcs(4, &arcs);
/// let game = TwoPieces::new(&graph, CopAndRobber);
/// let table = Retrograde::new(&game).solve_with_unmoves();
/// // Cop on 0, robber on 3, cop to move: the robber is cornered in 3 plies.
/// let start = game.position(&Pieces { side: 0, at: [0, 3], phase: 0 });
/// assert_eq!(table.value(start), dp_core::Value::Win(3));
/// ```
pub trait PieceRules {
    /// The number of phases; 1 (the default) for rules without them.
    fn phases(&self) -> usize {
        1
    }

    /// How the game has ended at `pos`, for the side to move, or `None` when play goes on.
    fn terminal(&self, pos: &Pieces) -> Option<Outcome>;

    /// The phase after the side to move at `pos` moves its piece along `arc` (an index into
    /// its graph's [`CsrGraph::targets`] and [`CsrGraph::weights`], e.g. to read the arc's
    /// letter) to the vertex `to`; `None` when the rules forbid that move. By default every
    /// arc is a move and the phase stays.
    #[inline]
    fn step(&self, pos: &Pieces, arc: usize, to: usize) -> Option<usize> {
        let _ = (arc, to);
        Some(pos.phase)
    }
}

/// The arcs of a graph grouped by head: the arcs into `v` are `arcs[start[v]..start[v + 1]]`,
/// with their tails at the same places of `tails`.
#[derive(Clone, Debug)]
struct ArcsInto {
    start: Vec<u32>,
    tails: Vec<u32>,
    arcs: Vec<u32>,
}

impl ArcsInto {
    fn new(graph: &CsrGraph) -> ArcsInto {
        let n = graph.vertices();
        let mut start = vec![0u32; n + 1];
        for &v in graph.targets() {
            start[v as usize + 1] += 1;
        }
        for v in 0..n {
            start[v + 1] += start[v];
        }
        let mut next = start.clone();
        let mut tails = vec![0u32; graph.arcs()];
        let mut arcs = vec![0u32; graph.arcs()];
        for u in 0..n {
            let first = graph.offsets()[u] as usize;
            for (k, &v) in graph.neighbors(u).iter().enumerate() {
                let slot = next[v as usize] as usize;
                next[v as usize] += 1;
                tails[slot] = u as u32;
                arcs[slot] = (first + k) as u32;
            }
        }
        ArcsInto { start, tails, arcs }
    }
}

/// Division by a number fixed at run time, by a multiplication: exact for dividends below
/// 2^32 (Lemire, Kaser and Kurz, "Faster remainder by direct computation", 2019).
#[derive(Clone, Copy, Debug)]
struct Divider {
    d: u64,
    /// `ceil(2^64 / d)`, or 0 for d = 1.
    m: u64,
}

impl Divider {
    fn new(d: usize) -> Divider {
        assert!(d > 0 && d < 1 << 32);
        let d = d as u64;
        Divider {
            d,
            m: if d == 1 { 0 } else { u64::MAX / d + 1 },
        }
    }

    /// `(x / d, x % d)` for `x < 2^32`.
    #[inline]
    fn div_rem(self, x: usize) -> (usize, usize) {
        if self.d == 1 {
            return (x, 0);
        }
        let q = ((u128::from(self.m) * x as u128) >> 64) as u64;
        (q as usize, (x as u64 - q * self.d) as usize)
    }
}

/// A two-piece game on graphs ([`PieceRules`]) as a [`RetrogradeGame`] with [`Unmoves`], for
/// [`Retrograde`](crate::Retrograde) (with distances or outcomes only).
///
/// Position `((side * phases + phase) * n + at[0]) * n + at[1]` is [`Pieces`]
/// `{ side, at, phase }` on graphs of `n` vertices: [`TwoPieces::position`] and
/// [`TwoPieces::pieces`] convert.
///
/// # Example
/// ```
/// use dp_core::{CsrGraph, GraphFormat, Outcome, Retrograde, Scanner, PieceRules, Pieces, TwoPieces};
/// /// Both pieces move along arcs whose letters never decrease, whoever made the last move
/// /// (Codeforces 917B): phase 0 before the first move, then the last letter's 1..=26.
/// struct LetterOrder<'a>(&'a CsrGraph);
/// impl PieceRules for LetterOrder<'_> {
///     fn phases(&self) -> usize { 27 }
///     fn terminal(&self, _pos: &Pieces) -> Option<Outcome> { None }
///     fn step(&self, pos: &Pieces, arc: usize, _to: usize) -> Option<usize> {
///         let letter = (self.0.weights()[arc] - i64::from(b'a')) as usize + 1;
///         (letter >= pos.phase).then(|| letter)
///     }
/// }
/// // 1 -b-> 2, 1 -a-> 3, 2 -c-> 4, 3 -b-> 4.
/// let text = b"1 2 b\n1 3 a\n2 4 c\n3 4 b\n";
/// let format = GraphFormat::directed(1).letters(b'a'..=b'z');
/// let graph = CsrGraph::read_edges(&mut Scanner::new(text), 4, 4, &format).unwrap();
/// let game = TwoPieces::new(&graph, LetterOrder(&graph));
/// let table = Retrograde::new(&game).outcomes_only().solve_with_unmoves();
/// let both_on_1 = game.position(&Pieces { side: 0, at: [0, 0], phase: 0 });
/// // 1 -a-> 3, then the other's b, then 3 -b-> 4, then the other's c: side 0 cannot move.
/// assert_eq!(table.outcome(both_on_1), Outcome::Loss);
/// ```
#[derive(Clone, Debug)]
pub struct TwoPieces<'a, R> {
    graphs: [&'a CsrGraph; 2],
    /// The arcs into each vertex, of one graph or of each.
    into: Vec<ArcsInto>,
    into_of: [usize; 2],
    rules: R,
    n: usize,
    phases: usize,
    by_n: Divider,
    by_nn: Divider,
}

impl<'a, R: PieceRules> TwoPieces<'a, R> {
    /// Both pieces on `graph`.
    ///
    /// # Panics
    /// If the graph has no vertex, `rules.phases()` is 0, or the positions (`2 * phases * n²`)
    /// number 2^32 or more.
    ///
    /// # Complexity
    /// O(n + arcs) time, 12 bytes per arc and 4 per vertex for the un-moves.
    ///
    /// # Example
    /// See [`PieceRules`].
    pub fn new(graph: &'a CsrGraph, rules: R) -> Self {
        Self::build([graph, graph], rules, false)
    }

    /// Piece 0 on `graphs[0]`, piece 1 on `graphs[1]`: the same vertices, each side its own
    /// arcs (e.g. pieces with different steps on one board).
    ///
    /// # Panics
    /// If the graphs have different numbers of vertices, or as [`TwoPieces::new`].
    ///
    /// # Complexity
    /// O(n + arcs of both) time, 12 bytes per arc and 4 per vertex of each graph.
    ///
    /// # Example
    /// ```
    /// use dp_core::{CsrGraph, Outcome, Retrograde, PieceRules, Pieces, TwoPieces};
    /// /// A race to vertex 3: who arrives first wins; no piece may enter the other's vertex.
    /// struct Race;
    /// impl PieceRules for Race {
    ///     fn terminal(&self, pos: &Pieces) -> Option<Outcome> {
    ///         // The other side just arrived.
    ///         (pos.other() == 3).then(|| Outcome::Loss)
    ///     }
    ///     fn step(&self, pos: &Pieces, _arc: usize, to: usize) -> Option<usize> {
    ///         (to != pos.other()).then(|| pos.phase)
    ///     }
    /// }
    /// let fast = CsrGraph::from_arcs(4, &[(0, 2), (2, 3), (1, 3)]);
    /// let slow = CsrGraph::from_arcs(4, &[(0, 1), (1, 2), (2, 3)]);
    /// let game = TwoPieces::with_graphs([&fast, &slow], Race);
    /// let table = Retrograde::new(&game).solve_with_unmoves();
    /// // Side 1 moves first, to 1; side 0 moves to 2, the only way on for side 1: stuck.
    /// let start = game.position(&Pieces { side: 1, at: [0, 0], phase: 0 });
    /// assert_eq!(table.value(start), dp_core::Value::Loss(2));
    /// ```
    pub fn with_graphs(graphs: [&'a CsrGraph; 2], rules: R) -> Self {
        let same = std::ptr::eq(graphs[0], graphs[1]);
        Self::build(graphs, rules, !same)
    }

    fn build(graphs: [&'a CsrGraph; 2], rules: R, two: bool) -> Self {
        let n = graphs[0].vertices();
        assert_eq!(
            n,
            graphs[1].vertices(),
            "the two pieces' graphs have different vertices"
        );
        assert!(n > 0, "a graph without vertices");
        let phases = rules.phases();
        assert!(phases > 0, "rules with no phase");
        let positions = 2u128 * phases as u128 * n as u128 * n as u128;
        assert!(
            positions < 1 << 32,
            "{} positions do not fit u32",
            positions
        );
        let mut into = vec![ArcsInto::new(graphs[0])];
        if two {
            into.push(ArcsInto::new(graphs[1]));
        }
        TwoPieces {
            graphs,
            into,
            into_of: [0, two as usize],
            rules,
            n,
            phases,
            by_n: Divider::new(n),
            by_nn: Divider::new(n * n),
        }
    }

    /// The rules.
    ///
    /// # Complexity
    /// O(1).
    ///
    /// # Example
    /// ```
    /// use dp_core::{CsrGraph, Outcome, PieceRules, Pieces, TwoPieces};
    /// struct NoEnd;
    /// impl PieceRules for NoEnd {
    ///     fn terminal(&self, _pos: &Pieces) -> Option<Outcome> { None }
    /// }
    /// let graph = CsrGraph::from_arcs(1, &[]);
    /// assert_eq!(TwoPieces::new(&graph, NoEnd).rules().phases(), 1);
    /// ```
    pub fn rules(&self) -> &R {
        &self.rules
    }

    /// The index of `pos`.
    ///
    /// # Panics
    /// If a vertex, the side or the phase is out of range (checked in debug builds; in release
    /// builds an index outside the table).
    ///
    /// # Complexity
    /// O(1).
    ///
    /// # Example
    /// ```
    /// use dp_core::{CsrGraph, Outcome, PieceRules, Pieces, TwoPieces};
    /// struct NoEnd;
    /// impl PieceRules for NoEnd {
    ///     fn terminal(&self, _pos: &Pieces) -> Option<Outcome> { None }
    /// }
    /// let graph = CsrGraph::from_arcs(3, &[]);
    /// let game = TwoPieces::new(&graph, NoEnd);
    /// let pos = Pieces { side: 1, at: [2, 0], phase: 0 };
    /// assert_eq!(game.position(&pos), 9 + 2 * 3);
    /// assert_eq!(game.pieces(15), pos);
    /// ```
    #[inline]
    pub fn position(&self, pos: &Pieces) -> usize {
        debug_assert!(pos.side < 2 && pos.phase < self.phases);
        debug_assert!(pos.at[0] < self.n && pos.at[1] < self.n);
        ((pos.side * self.phases + pos.phase) * self.n + pos.at[0]) * self.n + pos.at[1]
    }

    /// The [`Pieces`] of index `pos`.
    ///
    /// # Panics
    /// If `pos >= positions()` (checked in debug builds).
    ///
    /// # Complexity
    /// O(1): two multiplications, no division.
    ///
    /// # Example
    /// See [`TwoPieces::position`].
    #[inline]
    pub fn pieces(&self, pos: usize) -> Pieces {
        debug_assert!(pos < self.positions());
        let (high, low) = self.by_nn.div_rem(pos);
        let (at0, at1) = self.by_n.div_rem(low);
        let (side, phase) = if self.phases == 1 {
            (high, 0)
        } else {
            (high / self.phases, high % self.phases)
        };
        Pieces {
            side,
            at: [at0, at1],
            phase,
        }
    }
}

impl<R: PieceRules> RetrogradeGame for TwoPieces<'_, R> {
    fn positions(&self) -> usize {
        2 * self.phases * self.n * self.n
    }

    fn terminal(&self, pos: usize) -> Option<Outcome> {
        self.rules.terminal(&self.pieces(pos))
    }

    #[inline]
    fn for_each_move<F: FnMut(usize)>(&self, pos: usize, mut f: F) {
        let from = self.pieces(pos);
        let side = from.side;
        let graph = self.graphs[side];
        for arc in self.arcs(graph, from.mine()) {
            let to = graph.targets()[arc] as usize;
            if let Some(phase) = self.rules.step(&from, arc, to) {
                let mut child = from;
                child.side = 1 - side;
                child.at[side] = to;
                child.phase = phase;
                f(self.position(&child));
            }
        }
    }

    /// The moves the rules allow, counted without making their positions.
    #[inline]
    fn degree(&self, pos: usize) -> usize {
        self.allowed(&self.pieces(pos))
    }

    /// Every position in index order by nested loops: no index decoded.
    fn for_each_start<F: FnMut(Option<Outcome>, usize) -> bool>(&self, mut f: F) {
        for side in 0..2 {
            for phase in 0..self.phases {
                for a in 0..self.n {
                    for b in 0..self.n {
                        let pos = Pieces {
                            side,
                            at: [a, b],
                            phase,
                        };
                        let terminal = self.rules.terminal(&pos);
                        let degree = if terminal.is_none() {
                            self.allowed(&pos)
                        } else {
                            0
                        };
                        if !f(terminal, degree) {
                            return;
                        }
                    }
                }
            }
        }
    }
}

impl<R: PieceRules> TwoPieces<'_, R> {
    /// The number of moves the rules allow at `from`. Loops over indices, not iterator chains:
    /// rustc 1.63 leaves those as calls. Always inlined: rustc 1.95 makes it a call per
    /// position.
    #[inline(always)]
    fn allowed(&self, from: &Pieces) -> usize {
        let graph = self.graphs[from.side];
        let (arcs, targets) = (self.arcs(graph, from.mine()), graph.targets());
        let mut count = 0;
        for arc in arcs {
            count += self.rules.step(from, arc, targets[arc] as usize).is_some() as usize;
        }
        count
    }

    /// The indices of the arcs out of `v` in `graph`.
    #[inline]
    fn arcs(&self, graph: &CsrGraph, v: usize) -> std::ops::Range<usize> {
        graph.offsets()[v] as usize..graph.offsets()[v + 1] as usize
    }
}

impl<R: PieceRules> Unmoves for TwoPieces<'_, R> {
    #[inline]
    fn for_each_unmove<F: FnMut(usize)>(&self, pos: usize, f: F) {
        let child = self.pieces(pos);
        // The other side moved last, its piece into where it stands now.
        if child.side == 1 {
            self.parents::<0, F>(child, f)
        } else {
            self.parents::<1, F>(child, f)
        }
    }
}

impl<R: PieceRules> TwoPieces<'_, R> {
    /// The parents of `child` by a move of side `M`, which is a constant so that the parent's
    /// pieces stay in registers (with `at[mover]` for a variable mover they live on the stack).
    #[inline(always)]
    fn parents<const M: usize, F: FnMut(usize)>(&self, child: Pieces, mut f: F) {
        let to = child.at[M];
        let into = &self.into[self.into_of[M]];
        let (lo, hi) = (into.start[to] as usize, into.start[to + 1] as usize);
        let (tails, arcs) = (&into.tails[lo..hi], &into.arcs[lo..hi]);
        // A parent's index is that of its piece on vertex 0 plus the tail times a stride.
        let stride = if M == 0 { self.n } else { 1 };
        let mut parent = child;
        parent.side = M;
        for phase in 0..self.phases {
            parent.phase = phase;
            parent.at[M] = 0;
            let base = self.position(&parent);
            for (&tail, &arc) in tails.iter().zip(arcs) {
                parent.at[M] = tail as usize;
                if self.rules.step(&parent, arc as usize, to) == Some(child.phase) {
                    f(base + tail as usize * stride);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::random::SplitMix64;
    use crate::{Retrograde, Value};

    /// Rules drawn at random: capture on meeting (or not), a vertex side 1 may not enter (or
    /// none), and phases counting moves down to a forced end (or none).
    #[derive(Clone, Debug)]
    struct Random {
        capture: bool,
        forbidden: Option<usize>,
        /// With k > 1 phases, each move takes the phase from p to p + 1, and phase k - 1 is a
        /// draw by the move limit; arcs into vertex 0 need an even phase.
        phases: usize,
    }

    impl PieceRules for Random {
        fn phases(&self) -> usize {
            self.phases
        }
        fn terminal(&self, pos: &Pieces) -> Option<Outcome> {
            if self.capture && pos.at[0] == pos.at[1] {
                return Some(Outcome::Loss);
            }
            (self.phases > 1 && pos.phase == self.phases - 1).then_some(Outcome::Draw)
        }
        fn step(&self, pos: &Pieces, _arc: usize, to: usize) -> Option<usize> {
            if pos.side == 1 && Some(to) == self.forbidden {
                return None;
            }
            if self.phases == 1 {
                return Some(0);
            }
            (to != 0 || pos.phase % 2 == 0).then(|| pos.phase + 1)
        }
    }

    /// The value of every position by truncated negamax over `Pieces` and the graphs' arc
    /// lists, as in retrograde.rs's tests: enough plies to see every forced result.
    fn by_negamax(graphs: [&CsrGraph; 2], rules: &Random, n: usize) -> Vec<Value> {
        const BIG: i64 = 1 << 40;
        let all: Vec<Pieces> = (0..2)
            .flat_map(|side| {
                (0..rules.phases).flat_map(move |phase| {
                    (0..n).flat_map(move |a| {
                        (0..n).map(move |b| Pieces {
                            side,
                            at: [a, b],
                            phase,
                        })
                    })
                })
            })
            .collect();
        let index = |t: &Pieces| all.iter().position(|u| u == t).unwrap();
        let fixed = |t: &Pieces| match rules.terminal(t) {
            Some(Outcome::Win) => Some(BIG),
            Some(Outcome::Loss) => Some(-BIG),
            Some(Outcome::Draw) => Some(0),
            None => None,
        };
        let children: Vec<Vec<usize>> = all
            .iter()
            .map(|t| {
                if fixed(t).is_some() {
                    return Vec::new();
                }
                let g = graphs[t.side];
                let first = g.offsets()[t.mine()] as usize;
                let mut list = Vec::new();
                for (k, &to) in g.neighbors(t.mine()).iter().enumerate() {
                    if let Some(phase) = rules.step(t, first + k, to as usize) {
                        let mut c = *t;
                        c.side = 1 - t.side;
                        c.at[t.side] = to as usize;
                        c.phase = phase;
                        list.push(index(&c));
                    }
                }
                list
            })
            .collect();
        let mut score: Vec<i64> = all.iter().map(|t| fixed(t).unwrap_or(0)).collect();
        for _ in 0..=all.len() {
            score = (0..all.len())
                .map(|p| {
                    fixed(&all[p]).unwrap_or_else(|| {
                        children[p]
                            .iter()
                            .map(|&c| -score[c] + score[c].signum())
                            .max()
                            .unwrap_or(-BIG)
                    })
                })
                .collect();
        }
        score
            .iter()
            .map(|&s| match s {
                0 => Value::Draw,
                s if s > 0 => Value::Win((BIG - s) as u32),
                s => Value::Loss((s + BIG) as u32),
            })
            .collect()
    }

    fn random_graph(rng: &mut SplitMix64, n: usize) -> CsrGraph {
        let arcs: Vec<(usize, usize)> = (0..rng.index(3 * n))
            .map(|_| (rng.index(n), rng.index(n)))
            .collect();
        CsrGraph::from_arcs(n, &arcs)
    }

    #[test]
    fn random_rules_match_negamax() {
        let mut rng = SplitMix64::new(17);
        for case in 0..300 {
            let n = 1 + rng.index(4);
            let g0 = random_graph(&mut rng, n);
            let g1 = random_graph(&mut rng, n);
            let rules = Random {
                capture: rng.index(2) == 0,
                forbidden: (rng.index(2) == 0).then(|| rng.index(n)),
                phases: [1, 1, 3, 4][rng.index(4)],
            };
            let same = rng.index(2) == 0;
            let graphs = if same { [&g0, &g0] } else { [&g0, &g1] };
            let game = if same {
                TwoPieces::new(&g0, rules.clone())
            } else {
                TwoPieces::with_graphs(graphs, rules.clone())
            };
            let expected = by_negamax(graphs, &rules, n);
            let table = Retrograde::new(&game).solve_with_unmoves();
            let built = Retrograde::new(&game).outcomes_only().solve_from_moves();
            for (p, &value) in expected.iter().enumerate() {
                let t = game.pieces(p);
                assert_eq!(game.position(&t), p);
                assert_eq!(table.value(p), value, "case {} {:?} {:?}", case, t, rules);
                assert_eq!(built.outcome(p), value.outcome(), "case {}", case);
            }
        }
    }

    #[test]
    fn the_start_by_nested_loops_is_the_start_by_index() {
        let mut rng = SplitMix64::new(29);
        for _ in 0..200 {
            let n = 1 + rng.index(5);
            let graph = random_graph(&mut rng, n);
            let rules = Random {
                capture: rng.index(2) == 0,
                forbidden: (rng.index(2) == 0).then(|| rng.index(n)),
                phases: [1, 2, 3][rng.index(3)],
            };
            let game = TwoPieces::new(&graph, rules);
            let mut starts = Vec::new();
            game.for_each_start(|terminal, degree| {
                starts.push((terminal, degree));
                true
            });
            let by_index: Vec<(Option<Outcome>, usize)> = (0..game.positions())
                .map(|p| match game.terminal(p) {
                    None => (None, game.degree(p)),
                    terminal => (terminal, 0),
                })
                .collect();
            assert_eq!(starts, by_index);
            // Every move is an un-move the other way (un-moves may also name terminal parents).
            let playing = (0..game.positions()).filter(|&p| game.terminal(p).is_none());
            let mut arcs = Vec::new();
            playing.for_each(|p| game.for_each_move(p, |c| arcs.push((p, c))));
            let mut back = Vec::new();
            (0..game.positions()).for_each(|c| game.for_each_unmove(c, |p| back.push((p, c))));
            back.retain(|&(p, _)| game.terminal(p).is_none());
            arcs.sort_unstable();
            back.sort_unstable();
            assert_eq!(arcs, back);
        }
    }

    #[test]
    fn positions_decode_on_large_graphs() {
        struct NoEnd;
        impl PieceRules for NoEnd {
            fn terminal(&self, _pos: &Pieces) -> Option<Outcome> {
                None
            }
        }
        for n in [1, 2, 3, 1000, 46_340] {
            let graph = CsrGraph::from_arcs(n, &[]);
            let game = TwoPieces::new(&graph, NoEnd);
            let mut rng = SplitMix64::new(n as u64);
            for _ in 0..1000 {
                let t = Pieces {
                    side: rng.index(2),
                    at: [rng.index(n), rng.index(n)],
                    phase: 0,
                };
                assert_eq!(game.pieces(game.position(&t)), t);
            }
            let last = game.positions() - 1;
            assert_eq!(game.pieces(last).at, [n - 1, n - 1]);
        }
        let d = Divider::new(7);
        for x in [0usize, 6, 7, 8, u32::MAX as usize - 1, u32::MAX as usize] {
            assert_eq!(d.div_rem(x), (x / 7, x % 7));
        }
    }
}

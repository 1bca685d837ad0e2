//! The `tokens` entry: a cop and a robber on a random directed graph of N vertices from the
//! seed, each moving its own token along an arc in turn, the cop first. The cop wins by moving
//! onto the robber; the robber may enter neither the cop's vertex nor vertex 0 (the station);
//! who cannot move loses; a game that never ends is a draw. Every position (cop, robber, side to
//! move) solved by retrograde analysis, outcomes only: through [`dp_core::TwoPieces`] and
//! [`dp_core::Retrograde`] ([`core`](fn@core)), and as a plain queue over the same index with
//! counters of the moves not yet known to be wins ([`plain`]).

use dp_core::{
    CsrGraph, Outcome, PieceRules, Pieces, Retrograde, RetrogradeTable, SplitMix64, TwoPieces,
};

/// The graph of `seed` on `n` vertices: each vertex has 0 to 3 arcs to vertices drawn at
/// random (a self-loop is a move that stays; repeats are allowed and count twice).
///
/// # Complexity
/// O(n).
///
/// # Example
/// ```
/// let graph = core_bench::two_tokens::graph(10, 3);
/// assert!((0..10).all(|v| graph.degree(v) <= 3));
/// ```
pub fn graph(n: usize, seed: u64) -> CsrGraph {
    let mut rng = SplitMix64::new(seed);
    let mut arcs = Vec::with_capacity(3 * n);
    for v in 0..n {
        for _ in 0..rng.range(0, 3) {
            arcs.push((v, rng.index(n)));
        }
    }
    CsrGraph::from_arcs(n, &arcs)
}

/// The rules for [`TwoPieces`]: piece 0 is the cop's, piece 1 the robber's.
struct CopAndRobber;

impl PieceRules for CopAndRobber {
    #[inline]
    fn terminal(&self, pos: &Pieces) -> Option<Outcome> {
        // Caught: the cop has won, whoever is to move.
        if pos.at[0] != pos.at[1] {
            None
        } else if pos.side == 0 {
            Some(Outcome::Win)
        } else {
            Some(Outcome::Loss)
        }
    }

    #[inline]
    fn step(&self, pos: &Pieces, _arc: usize, to: usize) -> Option<usize> {
        if pos.side == 1 && (to == 0 || to == pos.at[0]) {
            None
        } else {
            Some(0)
        }
    }
}

/// The outcome of every position, at index `side * n² + cop * n + robber`, through
/// [`TwoPieces`] and [`Retrograde`] (`outcome(p) as u8` is 0 for a draw, 1 a loss, 2 a win for
/// the side to move, as [`plain`] has them).
///
/// # Complexity
/// O(n² + n * arcs) time, one byte per position plus the solver's layers.
///
/// # Example
/// ```
/// let graph = core_bench::two_tokens::graph(30, 5);
/// let table = core_bench::two_tokens::core(&graph);
/// let outcomes: Vec<u8> = (0..table.len()).map(|p| table.outcome(p) as u8).collect();
/// assert_eq!(outcomes, core_bench::two_tokens::plain(&graph));
/// ```
pub fn core(graph: &CsrGraph) -> RetrogradeTable {
    let game = TwoPieces::new(graph, CopAndRobber);
    Retrograde::new(&game).outcomes_only().solve_with_unmoves()
}

/// The same by a plain retrograde BFS: the same index, a byte of state and a byte of counter
/// per position, a queue of the positions resolved, the graph's reverse arcs for the un-moves.
///
/// # Complexity
/// That of [`core`](fn@core).
///
/// # Example
/// ```
/// // 0 <-> 1: from cop 0, robber 1, cop to move, the cop steps onto the robber.
/// let graph = dp_core::CsrGraph::from_arcs(2, &[(0, 1), (1, 0)]);
/// assert_eq!(core_bench::two_tokens::plain(&graph)[1], 2);
/// ```
pub fn plain(graph: &CsrGraph) -> Vec<u8> {
    let n = graph.vertices();
    let into = graph.reversed();
    let (nn, total) = (n * n, 2 * n * n);
    // 0 unknown (a draw at the end), 1 lost, 2 won; the counters hold the moves not yet won.
    let mut state = vec![0u8; total];
    let mut count = vec![0u8; total];
    let mut queue: Vec<u32> = Vec::with_capacity(total);
    for side in 0..2 {
        for cop in 0..n {
            for robber in 0..n {
                let p = side * nn + cop * n + robber;
                if cop == robber {
                    state[p] = 2 - side as u8;
                } else if side == 0 {
                    count[p] = graph.degree(cop) as u8;
                } else {
                    let allowed = graph.neighbors(robber).iter();
                    count[p] = allowed.filter(|&&v| v != 0 && v as usize != cop).count() as u8;
                }
                if state[p] == 0 && count[p] == 0 {
                    state[p] = 1;
                }
                if state[p] != 0 {
                    queue.push(p as u32);
                }
            }
        }
    }
    let mut head = 0;
    while head < queue.len() {
        let c = queue[head] as usize;
        head += 1;
        let (side, cop, robber) = (c / nn, c % nn / n, c % n);
        let lost = state[c] == 1;
        // The other side moved last: its token came along an arc into where it stands.
        let mut visit = |p: usize| {
            if state[p] == 0 {
                count[p] -= 1;
                if lost || count[p] == 0 {
                    state[p] = if lost { 2 } else { 1 };
                    queue.push(p as u32);
                }
            }
        };
        if side == 1 {
            for &from in into.neighbors(cop) {
                visit(from as usize * n + robber);
            }
        } else if robber != 0 && robber != cop {
            for &from in into.neighbors(robber) {
                visit(nn + cop * n + from as usize);
            }
        }
    }
    state
}

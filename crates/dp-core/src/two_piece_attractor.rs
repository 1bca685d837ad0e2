//! Side 0's attractor in a game of two pieces on graphs, within a limit of plies: the positions
//! from which side 0 forces an end it wins, and in how few plies. A lean path beside
//! [`TwoPieces`](crate::TwoPieces) with [`Retrograde`](crate::Retrograde) (which answer win,
//! loss and draw for both sides, and bundle to several times the size): when the question is
//! only "can side 0 force it within T plies" (a cat and a mouse, a race within a horizon), the
//! search goes backwards from side 0's wins one ply at a time and stops at the limit or once the
//! start is decided.

use crate::CsrGraph;

/// What [`two_piece_attractor`] found: for every position, the fewest plies within which side 0
/// forces a win, if it can within the limit (and the search reached it before it stopped).
#[derive(Clone, Debug)]
pub struct TwoPieceAttractor {
    vertices: [usize; 2],
    plies: Vec<u32>,
}

impl TwoPieceAttractor {
    /// The index of the position with `side` to move, side 0's piece on `a` and side 1's on `b`.
    ///
    /// # Panics
    /// If a vertex is out of range (in debug builds; a wrong index otherwise).
    ///
    /// # Complexity
    /// O(1).
    ///
    /// # Example
    /// See [`two_piece_attractor`].
    pub fn position(&self, side: usize, a: usize, b: usize) -> usize {
        debug_assert!(side < 2 && a < self.vertices[0] && b < self.vertices[1]);
        (side * self.vertices[0] + a) * self.vertices[1] + b
    }

    /// The fewest plies within which side 0 forces a win from `position` (0: it has won, or
    /// side 1 to move has no move), or `None` if it cannot within the limit.
    ///
    /// # Panics
    /// If `position` is not a position's index.
    ///
    /// # Complexity
    /// O(1).
    ///
    /// # Example
    /// See [`two_piece_attractor`].
    pub fn plies(&self, position: usize) -> Option<u32> {
        let plies = self.plies[position];
        if plies == u32::MAX { None } else { Some(plies) }
    }
}

/// Side 0's attractor: side 0's piece moves along the arcs of `moves[0]`, side 1's along
/// `moves[1]`, the sides in turn; `ended(a, b)` says whether the game is over with side 0's
/// piece on `a` and side 1's on `b`, whoever is to move: `Some(true)` side 0 has won,
/// `Some(false)` it has lost, `None` play goes on. A side to move without a move loses. The
/// search goes back from side 0's wins one ply at a time, through `unmoves` (each graph's arcs
/// turned around: [`CsrGraph::reversed`], or the graph itself when every arc goes both ways),
/// up to `limit` plies, and stops early once the position `start` (side, a, b) is decided.
/// Positions never decided (side 0 cannot win within the limit: a loss, a draw, or too slow)
/// have no plies.
///
/// # Constraints
/// `unmoves[s]` holds exactly the arcs of `moves[s]` turned around, repeated arcs as often.
///
/// # Panics
/// If `unmoves[s]` has another number of vertices than `moves[s]`, or `2 * n0 * n1` positions
/// overflow `usize`.
///
/// # Complexity
/// O(n0 * n1) calls of `ended`; O(n0 * n1 + arcs0 * n1 + arcs1 * n0) time at most; 8 bytes a
/// position. No recursion.
///
/// # Example
/// ```
/// use dp_core::{two_piece_attractor, CsrGraph};
/// // A race along a path 0 - 1 - 2 - 3: side 0 (from 0) wins on reaching 3 first, side 1 (from
/// // 1) wins on reaching 0 first or on landing on side 0's vertex. Both may also stay put.
/// let mut arcs: Vec<(usize, usize)> = (0..4).map(|v| (v, v)).collect();
/// arcs.extend((0..3).flat_map(|v| [(v, v + 1), (v + 1, v)]));
/// let path = CsrGraph::from_arcs(4, &arcs);
/// let ended = |a: usize, b: usize| match (a, b) {
///     _ if a == b || b == 0 => Some(false),
///     (3, _) => Some(true),
///     _ => None,
/// };
/// let table = two_piece_attractor([&path, &path], [&path, &path], ended, 100, None);
/// // From 0 with side 1 on 1, side 0 is blocked: side 1 steps onto it.
/// assert_eq!(table.plies(table.position(0, 0, 1)), None);
/// // Side 0 on 2 and side 1 on 1, side 0 to move: one ply to 3.
/// assert_eq!(table.plies(table.position(0, 2, 1)), Some(1));
/// // Side 1 to move there: it must stop side 0 in one move, by landing on 2 (it can).
/// assert_eq!(table.plies(table.position(1, 2, 1)), None);
/// // A limit of 0 plies decides only the ended positions.
/// let none = two_piece_attractor([&path, &path], [&path, &path], ended, 0, None);
/// assert_eq!(none.plies(none.position(0, 2, 1)), None);
/// assert_eq!(none.plies(none.position(1, 3, 1)), Some(0));
/// ```
pub fn two_piece_attractor(
    moves: [&CsrGraph; 2],
    unmoves: [&CsrGraph; 2],
    ended: impl Fn(usize, usize) -> Option<bool>,
    limit: u32,
    start: Option<(usize, usize, usize)>,
) -> TwoPieceAttractor {
    let vertices = [moves[0].vertices(), moves[1].vertices()];
    assert!(
        unmoves[0].vertices() == vertices[0] && unmoves[1].vertices() == vertices[1],
        "each side's unmoves must have the vertices of its moves"
    );
    let (n0, n1) = (vertices[0], vertices[1]);
    let total = n0
        .checked_mul(n1)
        .and_then(|n| n.checked_mul(2))
        .expect("the positions fit in usize");
    let mut table = TwoPieceAttractor {
        vertices,
        plies: vec![u32::MAX; total],
    };
    // The moves of each undecided position that side 0 still has to see lead to its win: one
    // for side 0 to move, all of side 1's; 0 for a position that is over.
    let mut left = vec![0u32; total];
    let mut layer = Vec::new();
    for a in 0..n0 {
        for b in 0..n1 {
            let (mine, theirs) = (a * n1 + b, (n0 + a) * n1 + b);
            match ended(a, b) {
                Some(true) => layer.extend([mine, theirs]),
                Some(false) => {}
                None if moves[1].degree(b) == 0 => {
                    left[mine] = 1;
                    layer.push(theirs);
                }
                None => {
                    left[mine] = 1;
                    left[theirs] = moves[1].degree(b) as u32;
                }
            }
        }
    }
    for &p in &layer {
        table.plies[p] = 0;
    }
    let start = start.map(|(side, a, b)| table.position(side, a, b));
    let mut plies = 0;
    while !layer.is_empty() && plies < limit && start.map_or(true, |s| left[s] > 0) {
        plies += 1;
        for p in std::mem::take(&mut layer) {
            let (a, b) = (p / n1 % n0, p % n1);
            // The side that just moved into p: side 0 when side 1 is to move.
            let (graph, from, base, step) = if p >= n0 * n1 {
                (unmoves[0], a, b, n1)
            } else {
                (unmoves[1], b, (n0 + a) * n1, 1)
            };
            for &v in graph.neighbors(from) {
                let q = base + v as usize * step;
                if left[q] > 0 {
                    left[q] -= 1;
                    if left[q] == 0 {
                        table.plies[q] = plies;
                        layer.push(q);
                    }
                }
            }
        }
    }
    table
}

#[cfg(test)]
mod tests;

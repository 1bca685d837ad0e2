//! `pursuit`: pieces A and B on an N x N board, each with its own steps; who moves onto the other
//! wins, who cannot move loses. Every position solved by the kit, with its plies.

use test_kit::game::{every_outcome_in_plies, tally, Moves, Outcome, Plies};

/// The answer to `pursuit`: the drawn positions and the hash of [`crate::pursuit::Counts`], the
/// count of each value (side to move, won or lost, in how many plies).
pub fn pursuit(n: usize, seed: u64) -> String {
    // The side to move (0: A, 1: B), then A's cell and B's, as (row, column).
    type At = (usize, (i32, i32), (i32, i32));
    let steps = crate::pursuit::steps(seed);
    let inside = |(r, c): (i32, i32)| r >= 0 && c >= 0 && r < n as i32 && c < n as i32;
    let rules = |&(side, a, b): &At, moves: &mut Moves<At>| {
        let (r, c) = [a, b][side];
        let to = steps[side].iter().map(|&(dr, dc)| (r + dr, c + dc));
        // Once caught (on the other's cell), the side to move has lost: no move.
        for to in to.filter(|&to| a != b && inside(to)) {
            moves.go([(1, to, b), (0, a, to)][side]);
        }
    };
    let (cells, cell) = (n * n, |k: usize| ((k / n) as i32, (k % n) as i32));
    let at = |p: usize| (p / cells / cells, cell(p / cells % cells), cell(p % cells));
    let solved = every_outcome_in_plies((0..2 * cells * cells).map(at).collect(), rules);
    let value = |(at, v): &(At, Plies)| (v.plies, at.0, v.outcome == Outcome::Win);
    let resolved = solved.iter().filter(|(_, v)| v.outcome != Outcome::Draw);
    let mut counts = crate::pursuit::Counts::default();
    for ((plies, side, win), count) in tally(resolved.map(value)) {
        counts.add(plies, side, win, count);
    }
    let (draws, hash) = counts.finish(cells);
    format!("{} {}\n", draws, hash)
}

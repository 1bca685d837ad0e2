//! Games scored move by move, every start searched by minimax: `walk` (a piece walks right or
//! down a grid, each mover scoring the cell entered) and `ends` (coins taken from either end).

use test_kit::game::{score, Moves};

/// The answer to `walk`: the value of a start in each cell of the first row.
pub fn walk(n: usize, seed: u64) -> String {
    let grid = crate::walk_grid(n, seed);
    let rules = |&(r, c): &(usize, usize), moves: &mut Moves<_>| {
        for (r, c) in [(r, c + 1), (r + 1, c)] {
            if r < n && c < n {
                moves.scoring(grid[r * n + c].into(), (r, c));
            }
        }
    };
    super::checksum((0..n).map(|c| score((0, c), rules)))
}

/// The answer to `ends`: the value of each interval `l..r` of the row, longest first.
pub fn ends(n: usize, seed: u64) -> String {
    let coins = crate::coins(n, seed);
    let rules = |&(l, r): &(usize, usize), moves: &mut Moves<_>| {
        if l < r {
            moves.scoring(coins[l].into(), (l + 1, r));
            moves.scoring(coins[r - 1].into(), (l, r - 1));
        }
    };
    let of_length = |len: usize| (len..=n).map(move |r| (r - len, r));
    let intervals = (0..=n).rev().flat_map(of_length);
    super::checksum(intervals.map(|interval| score(interval, rules)))
}

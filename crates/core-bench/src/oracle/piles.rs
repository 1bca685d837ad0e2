//! Piles of stones, a move takes one of a few sizes, who cannot move loses: `subtraction` (three
//! sizes from the seed) and `acyclic` (sizes by the pile's class modulo 5), every pile played out.

use test_kit::game::{outcomes, Moves, Outcome};

/// The checksum of piles `0..=n` won by the player to move, a move taking from pile `p` any of
/// `takes(p)` that it holds.
fn won_piles<'a>(n: usize, takes: impl Fn(usize) -> &'a [usize]) -> String {
    let rules = |&pile: &usize, moves: &mut Moves<usize>| {
        for &t in takes(pile).iter().filter(|&&t| t <= pile) {
            moves.go(pile - t);
        }
    };
    super::checksum(outcomes(0..=n, rules).iter().map(|&o| o == Outcome::Win))
}

/// The answer to `subtraction`: piles `0..=n`, takes [`crate::takes`] of `seed`.
pub fn subtraction(n: usize, seed: u64) -> String {
    let takes = crate::takes(seed);
    won_piles(n, |_| &takes)
}

/// The answer to `acyclic`: piles `0..=n`, takes [`crate::acyclic::takes`] of `seed` by the
/// pile's class modulo 5.
pub fn acyclic(n: usize, seed: u64) -> String {
    let takes = crate::acyclic::takes(seed);
    won_piles(n, |pile| &takes[pile % 5])
}

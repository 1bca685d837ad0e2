//! `tokens`: a cop and a robber on a graph, each moving its own token along an arc; the robber may
//! not enter the cop's vertex or vertex 0; the cop to move on the robber's vertex has caught it.

use test_kit::game::{outcomes, Moves};

/// The answer to `tokens`: every position (side to move, the cop's vertex, the robber's) of the
/// graph [`crate::two_tokens::graph`] of `n` and `seed`, as 2 won, 1 lost, 0 drawn.
pub fn tokens(n: usize, seed: u64) -> String {
    let graph = crate::two_tokens::graph(n, seed);
    let arcs = |v: usize| graph.neighbors(v).iter().map(|&u| u as usize);
    let rules = |&(side, cop, robber): &(usize, usize, usize), moves: &mut Moves<_>| {
        match (side, cop == robber) {
            (0, true) => moves.win(),
            (0, false) => arcs(cop).for_each(|u| moves.go((1, u, robber))),
            (_, false) => {
                let free = arcs(robber).filter(|&u| u != 0 && u != cop);
                free.for_each(|u| moves.go((0, cop, u)));
            }
            // Caught, the robber to move: no move, lost.
            _ => {}
        }
    };
    let table = outcomes((0..2 * n * n).map(|p| (p / n / n, p / n % n, p % n)), rules);
    super::checksum(table.iter().map(|o| o.pick([2, 1, 0])))
}

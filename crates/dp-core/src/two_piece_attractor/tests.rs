use super::*;
use crate::random::SplitMix64;

/// A random directed graph on `n` vertices: each arc present with probability 1/3, loops and
/// repeated arcs possible.
fn random_graph(rng: &mut SplitMix64, n: usize) -> CsrGraph {
    let mut arcs = Vec::new();
    for a in 0..n {
        for b in 0..n {
            while rng.index(3) == 0 {
                arcs.push((a, b));
            }
        }
    }
    CsrGraph::from_arcs(n, &arcs)
}

/// Whether side 0 forces a win within `plies` plies from (`side`, `a`, `b`), by the rules read
/// literally: an ended position is decided; else the side to move without a move loses; else
/// side 0 needs one move, and side 1's every move, to lead to a win within one ply fewer.
fn wins_within(
    moves: [&CsrGraph; 2],
    ended: &dyn Fn(usize, usize) -> Option<bool>,
    (side, a, b): (usize, usize, usize),
    plies: u32,
) -> bool {
    if let Some(won) = ended(a, b) {
        return won;
    }
    let next: Vec<(usize, usize, usize)> = if side == 0 {
        let to = moves[0].neighbors(a).iter();
        to.map(|&v| (1, v as usize, b)).collect()
    } else {
        let to = moves[1].neighbors(b).iter();
        to.map(|&v| (0, a, v as usize)).collect()
    };
    if next.is_empty() {
        return side == 1;
    }
    if plies == 0 {
        return false;
    }
    let wins = |&p: &(usize, usize, usize)| wins_within(moves, ended, p, plies - 1);
    if side == 0 {
        next.iter().any(wins)
    } else {
        next.iter().all(wins)
    }
}

#[test]
fn agrees_with_the_rules_read_literally() {
    let mut rng = SplitMix64::new(1728);
    for case in 0..300 {
        let (n0, n1) = (1 + rng.index(4), 1 + rng.index(4));
        let moves = [random_graph(&mut rng, n0), random_graph(&mut rng, n1)];
        let unmoves = [moves[0].reversed(), moves[1].reversed()];
        let ends: Vec<Option<bool>> = (0..n0 * n1)
            .map(|_| [None, None, None, Some(true), Some(false)][rng.index(5)])
            .collect();
        let ended = |a: usize, b: usize| ends[a * n1 + b];
        let limit = rng.index(7) as u32;
        let table = two_piece_attractor(
            [&moves[0], &moves[1]],
            [&unmoves[0], &unmoves[1]],
            ended,
            limit,
            None,
        );
        for side in 0..2 {
            for a in 0..n0 {
                for b in 0..n1 {
                    let p = (side, a, b);
                    let fewest =
                        (0..=limit).find(|&t| wins_within([&moves[0], &moves[1]], &ended, p, t));
                    let found = table.plies(table.position(side, a, b));
                    assert_eq!(
                        found, fewest,
                        "case {}: position {:?}, limit {}",
                        case, p, limit
                    );
                    // Stopping once a start is decided gives that start the same answer.
                    let early = two_piece_attractor(
                        [&moves[0], &moves[1]],
                        [&unmoves[0], &unmoves[1]],
                        ended,
                        limit,
                        Some(p),
                    );
                    assert_eq!(
                        early.plies(early.position(side, a, b)),
                        fewest,
                        "case {}",
                        case
                    );
                }
            }
        }
    }
}

#[test]
#[should_panic(expected = "unmoves must have the vertices of its moves")]
fn unmoves_of_another_graph_are_refused() {
    let one = CsrGraph::from_arcs(1, &[]);
    let two = CsrGraph::from_arcs(2, &[]);
    two_piece_attractor([&one, &one], [&two, &one], |_, _| None, 3, None);
}

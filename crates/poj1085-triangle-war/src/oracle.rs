//! Test oracle (feature `oracle`): the input format (G games, each m moves of two dots), random
//! histories, and a brute force that replays each history by the rules and scores the rest
//! of the game with the kit's search, on a board built from the triangle's geometry,
//! independently of the solver's tables.

use dp_core::SplitMix64;
use std::collections::BTreeSet;
use test_kit::format::{cases, int, line, list, Format};
use test_kit::game::score;
use test_kit::{at_most, bench, gen, BenchInput, Problem};

/// The oracle of poj1085-triangle-war: its input is each game's first moves, two dots each.
pub struct TriangleWar;

/// The unit triangles, three dots each, from the picture of the board (rows of 1, 2, 3 and 4
/// dots, numbered from the top): six pointing up, three down.
const TRIANGLES: [u8; 27] = [
    1, 2, 3, 2, 4, 5, 3, 5, 6, 4, 7, 8, 5, 8, 9, 6, 9, 10, 2, 3, 5, 4, 5, 8, 5, 6, 9,
];

/// The 18 unit segments (dots, lower first): the triangles' sides; and how many triangles a
/// set of drawn segments (a mask of their numbers) closes.
fn board() -> (Vec<(u8, u8)>, impl Fn(u32) -> i64) {
    let sides = |t: &[u8]| [(t[0], t[1]), (t[1], t[2]), (t[0], t[2])];
    let segs: BTreeSet<(u8, u8)> = TRIANGLES.chunks(3).flat_map(sides).collect();
    let bit = |dots| 1u32 << segs.iter().position(|&s| s == dots).unwrap();
    let mask = |t: &[u8]| sides(t).map(bit).iter().sum::<u32>();
    let masks: Vec<u32> = TRIANGLES.chunks(3).map(mask).collect();
    let closed = move |d: u32| masks.iter().filter(|&&t| d & t == t).count() as i64;
    (segs.into_iter().collect(), closed)
}

/// A history replayed by the rules (completing a triangle owns it and moves again): the drawn
/// segments, the player to move and A's triangles minus B's; `None` if a move joins no
/// neighbours or repeats a segment.
fn replay(moves: &[(u8, u8)]) -> Option<(u32, usize, i64)> {
    let (segs, closed) = board();
    let (mut drawn, mut mover, mut lead) = (0u32, 0, 0);
    for &(a, b) in moves {
        let next = drawn | 1 << segs.iter().position(|&s| s == (a.min(b), a.max(b)))?;
        let won = closed(next) - closed(drawn);
        (lead, drawn) = (lead + won * [1, -1][mover], next);
        mover = if won > 0 { mover } else { 1 - mover };
    }
    (drawn.count_ones() as usize == moves.len()).then_some((drawn, mover, lead))
}

/// The first `m` of the segments in random order, each written with its dots in random order.
pub fn random_game(rng: &mut SplitMix64, m: usize) -> Vec<(u8, u8)> {
    let mut segs = board().0;
    gen::shuffle(rng, &mut segs);
    let flip = |&(a, b): &(u8, u8)| [(a, b), (b, a)];
    segs[..m].iter().map(|s| flip(s)[rng.index(2)]).collect()
}

impl Problem for TriangleWar {
    test_kit::name_and_solve_of_this_crate!();
    const LINE_ENDS: bool = true;
    type Value = Vec<Vec<(u8, u8)>>;

    /// 1 to 3 games of m = 8 to 18 moves (18 often). Random orders need no steering: about half
    /// of these histories hold a move that completes two triangles, two thirds end with a
    /// scoring move (whose player moves next).
    fn format() -> impl Format<Value = Self::Value> {
        let dot = || int("a dot", 1..=10u8);
        let history = list("m", 0..=18, line((dot(), dot()))).each_line();
        let history = history.generate_with(|rng, _| {
            let m = [18, 18, 8 + rng.index(2), 10 + rng.index(8)][rng.index(9).min(3)];
            random_game(rng, m)
        });
        let why = "a move joins no neighbours or repeats a segment";
        let history = history.valid(why, |moves| replay(moves).is_some());
        cases("G", 1..=crate::MAX_GAMES, history).small(1..=3)
    }

    /// Each game's verdict: the history replayed, then the best (mover - other) triangles still
    /// to come by exhaustive search over the undrawn segments.
    fn brute(games: &Vec<Vec<(u8, u8)>>) -> String {
        let closed = board().1;
        let mut out = String::new();
        for (g, moves) in games.iter().enumerate() {
            let (drawn, mover, lead) = replay(moves).expect("a history by the rules");
            let rest = score(drawn, |&drawn, moves| {
                for next in (0..18).map(|s| drawn | 1 << s).filter(|&n| n != drawn) {
                    let won = closed(next) - closed(drawn);
                    moves.add(won, won > 0, next);
                }
            });
            let a_wins = lead + rest * [1, -1][mover] > 0;
            out += &format!("Game {}: {} wins.\n", g + 1, if a_wins { "A" } else { "B" });
        }
        out
    }

    /// Games of at least 5 moves: at most 2^13 sets of segments to search.
    fn refuses(games: &Vec<Vec<(u8, u8)>>) -> Option<String> {
        let fewest = games.iter().map(Vec::len).min()?;
        at_most("segments left to draw", 18 - fewest, 13)
    }

    /// G = 1000 games, each with m = 6 (the most left to play) or m = 18.
    fn benches() -> Vec<BenchInput> {
        let games = |m| {
            let mut rng = SplitMix64::new(1085 + m as u64);
            let all: Vec<_> = (0..1000).map(|_| random_game(&mut rng, m)).collect();
            bench::<Self>(format!("G = 1000, m = {}", m), &all)
        };
        vec![games(6), games(18)]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_board_has_18_segments_and_9_triangles() {
        let (segs, closed) = board();
        assert_eq!(segs.len(), 18);
        assert_eq!(closed((1 << 18) - 1), 9);
        assert!(segs.contains(&(2, 5)) && !segs.contains(&(1, 4)));
    }

    #[test]
    fn replay_follows_the_rules() {
        // 1-2, 1-3, then 2-3 closes the top triangle: B closed it and moves again.
        assert_eq!(
            replay(&[(1, 2), (1, 3), (3, 2)]).map(|r| (r.1, r.2)),
            Some((0, 1))
        );
        assert_eq!(
            replay(&[(1, 2), (2, 4), (1, 3)]).map(|r| (r.1, r.2)),
            Some((1, 0))
        );
        assert!(replay(&[(1, 2), (2, 1)]).is_none());
        assert!(replay(&[(1, 4)]).is_none());
        let refused = TriangleWar::refuses(&vec![vec![(1, 2)]]);
        assert!(refused.unwrap().starts_with("17 segments left to draw"));
    }
}

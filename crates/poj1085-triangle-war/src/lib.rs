//! POJ 1085 / UVa 751 "Triangle War": players A and B draw the 18 unit segments of a triangle of
//! ten dots; completing one or two of the 9 unit triangles scores them and grants another move.
//! Given the first m moves of each game, print who wins under perfect play.
//!
//! An edge-drawing game ([`dp_core::EdgeCells`]: a move completing cells scores them and moves
//! again), a DAG in bitmask order: one [`dp_core::negamax_table`] over all 2^18 sets of drawn
//! segments (one `i8` each) gives the mover's best future (own - other) triangles from any set,
//! so every game is a replay of its history ([`dp_core::Tally`]: who moves, who owns what) and
//! one lookup.

use dp_core::{negamax_table, EdgeCells, Error, Scanner, Tally};
use std::io::Write;

#[cfg(feature = "oracle")]
pub mod oracle;

/// Largest number of games in one input.
pub const MAX_GAMES: usize = 1000;
/// The segments, as pairs of dots; segment `e` is bit `e` of a set.
#[rustfmt::skip]
const SEGMENTS: [(i64, i64); 18] = [
    (1, 2), (1, 3), (2, 3), (2, 4), (2, 5), (3, 5), (3, 6), (4, 5), (5, 6),
    (4, 7), (4, 8), (5, 8), (5, 9), (6, 9), (6, 10), (7, 8), (8, 9), (9, 10),
];
/// The unit triangles, as dots: six pointing up, three down.
#[rustfmt::skip]
const TRIANGLES: [[i64; 3]; 9] = [
    [1, 2, 3], [2, 4, 5], [3, 5, 6], [4, 7, 8], [5, 8, 9], [6, 9, 10],
    [2, 3, 5], [4, 5, 8], [5, 6, 9],
];

/// The segment joining dots `a` and `b`, if they are neighbours.
fn segment(a: i64, b: i64) -> Option<usize> {
    SEGMENTS.iter().position(|&s| s == (a, b) || s == (b, a))
}

/// The three segments of a triangle of dots.
fn sides([a, b, c]: [i64; 3]) -> [usize; 3] {
    [(a, b), (b, c), (a, c)].map(|(x, y)| segment(x, y).expect("a side is a segment"))
}

/// Reads every game and writes `Game i: A wins.` or `Game i: B wins.` for each.
///
/// # Errors
/// A malformed token, G or m out of range, a move that is not a unit segment or repeats one
/// (naming the game, the move and its dots), or a token after the last game.
///
/// # Complexity
/// O(2^18 * 18) for the table, then O(m) per game; 256 KiB.
///
/// # Example
/// ```
/// let mut out = Vec::new();
/// let input = b"1\n7\n2 4\n4 5\n5 9\n3 6\n2 5\n3 5\n7 8\n";
/// poj1085_triangle_war::solve(input, &mut out).unwrap();
/// assert_eq!(out, b"Game 1: A wins.\n");
/// ```
pub fn solve(input: &[u8], out: &mut impl Write) -> Result<(), Error> {
    let mut sc = Scanner::new(input);
    let games: usize = sc.next_in(1..=MAX_GAMES, "G")?;
    let war = EdgeCells::new(18, &TRIANGLES.map(sides));
    let best = negamax_table(&war, war.positions());
    for game in 1..=games {
        let m: usize = sc
            .next_in(0..=18, "m")
            .map_err(|err| err.with_context("m", || format!(" of game {}", game)))?;
        let (mut drawn, mut tally) = (0, Tally::new());
        for k in 1..=m {
            // The message names the game and move, built only on an error: a `format!` per
            // move was a tenth of the running time.
            let context =
                |err: Error| err.with_context("a dot", || format!(" of game {}, move {}", game, k));
            let a: i64 = sc.next("a dot").map_err(context)?;
            let b: i64 = sc.next("a dot").map_err(context)?;
            // Named by the token and line of the move's second dot, and by game and move.
            let fail = |before: &str, after: &str| {
                let why = format!("game {}, move {}: {}{} {}{}", game, k, before, a, b, after);
                Err(sc.invalid(&why))
            };
            let e = match segment(a, b) {
                Some(e) if drawn >> e & 1 == 0 => e,
                Some(_) => return fail("segment ", " is already drawn"),
                None => return fail("", " is not a unit segment of the grid"),
            };
            let won = war.completes(drawn, e);
            tally.play(won, won > 0);
            drawn |= 1 << e;
        }
        // With 9 triangles the margin is never 0.
        let winner = if tally.final_margin(best[drawn]) > 0 {
            'A'
        } else {
            'B'
        };
        writeln!(out, "Game {}: {} wins.", game, winner)?;
    }
    sc.finish()
}

//! Cat and Mouse II with a move horizon (LeetCode 1728): on a grid of at most 20 x 20 cells
//! Mouse and Cat jump in turn, Mouse first, up to `mouseJump` / `catJump` cells in one of four
//! directions (walls block, staying is a move, jumping over the other piece is allowed). Cat wins
//! on Mouse's cell, on the food first, or once T plies have passed; Mouse wins on the food
//! first. Print `Mouse` if Mouse can force a win within T plies, else `Cat`.
//!
//! Mouse wins within T plies exactly from the positions of its attractor (the positions from
//! which it can force the food) whose distance, in plies against the slowest defence, is at most
//! T; a position from which Cat can keep the game going for ever is not in it, so endless
//! chasing is Cat's. `dp_core::two_piece_attractor` finds it backwards from the food, one ply
//! after the other, on the two move graphs of `Grid::move_graph` (a jump can be made back, so
//! each graph is its own reverse), and stops once the start joins or after T plies: each of the
//! 2 * 400^2 positions and its at most 33 moves are visited at most once.

use dp_core::{two_piece_attractor, Error, Grid, GridMoves, Scanner};
use std::io::Write;

#[cfg(feature = "oracle")]
pub mod oracle;

/// Reads the header `R C catJump mouseJump T` and the R rows, and writes `Mouse` or `Cat`.
///
/// # Errors
/// A malformed or out-of-range token, a row of another length, a cell outside `.#CMF`, or not
/// exactly one `C`, `M` and `F`.
///
/// # Complexity
/// O((R * C)^2 * (catJump + mouseJump)) time; 8 bytes per position of (side, Mouse, Cat), and
/// the current layer's positions.
///
/// # Example
/// ```
/// let mut out = Vec::new();
/// lc1728_cat_and_mouse_ii::solve(b"1 7 1 4 3\nM.C...F\n", &mut out).unwrap();
/// assert_eq!(out, b"Mouse\n");
/// // Mouse needs 3 plies: over Cat, then onto the food.
/// out.clear();
/// lc1728_cat_and_mouse_ii::solve(b"1 7 1 4 2\nM.C...F\n", &mut out).unwrap();
/// assert_eq!(out, b"Cat\n");
/// ```
pub fn solve(input: &[u8], out: &mut impl Write) -> Result<(), Error> {
    let mut sc = Scanner::new(input);
    let (rows, cols) = (sc.next_in(1..=20, "R")?, sc.next_in(1..=20, "C")?);
    let cat_jump = sc.next_in(1..=8, "catJump")?;
    let mouse_jump = sc.next_in(1..=8, "mouseJump")?;
    let horizon: u32 = sc.next_in(1..=1_000_000, "T")?;
    let grid = Grid::read(&mut sc, rows, cols, b".#CMF", b"CMF")?;
    sc.finish()?;
    let jumps = |reach| grid.move_graph(&GridMoves::orthogonal().reach(reach).staying(), b"#");
    let (mouse, cat) = (jumps(mouse_jump), jumps(cat_jump));
    let (food, mouse_at, cat_at) = (grid.at(b'F'), grid.at(b'M'), grid.at(b'C'));
    // Over when Cat lands on Mouse or on the food (Cat's), or Mouse on the food (Mouse's).
    let ended = |m, c| (m == c || m == food || c == food).then_some(m != c && c != food);
    let graphs = [&mouse, &cat];
    // Jumps go both ways, so each move graph is its own reverse.
    let table = two_piece_attractor(graphs, graphs, ended, horizon, Some((0, mouse_at, cat_at)));
    let mouse_wins = table.plies(table.position(0, mouse_at, cat_at)).is_some();
    writeln!(out, "{}", if mouse_wins { "Mouse" } else { "Cat" })?;
    Ok(())
}

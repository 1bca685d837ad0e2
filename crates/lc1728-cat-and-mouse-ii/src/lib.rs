//! Cat and Mouse II with a move horizon (LeetCode 1728): on a grid of at most 20 x 20 cells
//! Mouse and Cat jump in turn, Mouse first, up to `mouseJump` / `catJump` cells in one of four
//! directions (walls block, staying is a move, jumping over the other piece is allowed). Cat wins
//! on Mouse's cell, on the food first, or once T plies have passed; Mouse wins on the food
//! first. Print `Mouse` if Mouse can force a win within T plies, else `Cat`.
//!
//! Mouse wins within T plies exactly from the positions of its attractor (the positions from
//! which it can force the food) whose distance, in plies against the slowest defence, is at most
//! T; a position from which Cat can keep the game going for ever is not in it, so endless
//! chasing is Cat's. The attractor is found backwards from the food, one layer of distance after
//! the other (a retrograde breadth-first search): a position where Mouse moves joins it through
//! its first move into it, one where Cat moves once all of its moves lead into it. A jump can be
//! made back (the cells between are the same), so the positions with a move into a position are
//! found on the same move graphs. The search stops once the start joins or after T layers: each
//! of the 2 * 400^2 positions and its at most 33 moves are visited at most once.

use dp_core::{Error, Grid, GridMoves, Scanner};
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
/// O((R * C)^2 * (catJump + mouseJump)) time; 1 byte per position of (side, Mouse, Cat), and
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
    let n = rows * cols;
    let (food, start) = (grid.at(b'F'), grid.at(b'M') * n + grid.at(b'C'));
    // Position (side * n + mouse) * n + cat, side 0 for Mouse to move. `needs`: how many more
    // moves into the attractor make it Mouse's (one, or all of Cat's); 0 once over or decided.
    let mut needs: Vec<u8> = (0..2 * n * n)
        .map(|p| match (p / n % n, p % n) {
            (m, c) if m == c || m == food || c == food => 0,
            _ if p < n * n => 1,
            (_, c) => cat.degree(c) as u8,
        })
        .collect();
    // Layer by layer of distance, from Mouse on the food (Cat elsewhere) to T plies.
    let mut layer: Vec<usize> = (0..2 * n)
        .filter(|&p| p % n != food)
        .map(|p| (p / n * n + food) * n + p % n)
        .collect();
    let mut plies = 0;
    while !layer.is_empty() && needs[start] > 0 && plies < horizon {
        plies += 1;
        for p in std::mem::take(&mut layer) {
            let (m, c) = (p / n % n, p % n);
            // The moves into p: Mouse's when Cat is to move at p, else Cat's.
            let (graph, from, base, step) = match p >= n * n {
                true => (&mouse, m, c, n),
                false => (&cat, c, (n + m) * n, 1),
            };
            for &v in graph.neighbors(from) {
                let q = base + v as usize * step;
                layer.extend((needs[q] == 1).then_some(q));
                needs[q] = needs[q].saturating_sub(1);
            }
        }
    }
    writeln!(out, "{}", if needs[start] == 0 { "Mouse" } else { "Cat" })?;
    Ok(())
}

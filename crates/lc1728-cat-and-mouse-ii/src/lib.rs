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
//! found on the same move graphs. The search stops at the start or past T plies: at most the
//! 2 * 400^2 positions and their 33 moves each once.

use dp_core::{Error, Grid, GridMoves, Scanner};
use std::io::Write;

#[cfg(feature = "oracle")]
pub mod oracle;

/// Largest number of rows and of columns.
pub const MAX_SIDE: usize = 20;
/// Largest jump of either piece.
pub const MAX_JUMP: usize = 8;
/// Largest number of plies T.
pub const MAX_PLIES: u32 = 1_000_000;

/// Reads the header `R C catJump mouseJump T` and the R rows, and writes `Mouse` or `Cat`.
///
/// # Errors
/// A malformed or out-of-range token, a row of another length, a cell outside `.#CMF`, or not
/// exactly one `C`, `M` and `F`.
///
/// # Complexity
/// O((R * C)^2 * (catJump + mouseJump)) time, 6 bytes per position of (side, Mouse, Cat).
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
    let rows = sc.next_in(1..=MAX_SIDE, "R")?;
    let cols = sc.next_in(1..=MAX_SIDE, "C")?;
    let cat_jump = sc.next_in(1..=MAX_JUMP, "catJump")?;
    let mouse_jump = sc.next_in(1..=MAX_JUMP, "mouseJump")?;
    let horizon = sc.next_in(1..=MAX_PLIES, "T")?;
    let grid = Grid::read(&mut sc, rows, cols, b".#CMF", b"CMF")?;
    sc.finish()?;
    let jumps = |reach| grid.move_graph(&GridMoves::orthogonal().reach(reach).staying(), b"#");
    let (mouse, cat) = (jumps(mouse_jump), jumps(cat_jump));
    let (n, food) = (rows * cols, grid.at(b'F'));
    // Position (side * n + mouse) * n + cat, side 0 for Mouse to move. `needs`: how many more
    // moves into the attractor make it Mouse's (one, or all of Cat's); 0 when decided or over.
    let mut needs = vec![0u8; 2 * n * n];
    let mut plies = vec![u32::MAX; 2 * n * n];
    let mut queue = Vec::new();
    for (m, c) in (0..n).flat_map(|m| (0..n).map(move |c| (m, c))) {
        if c == m || c == food {
            continue;
        } else if m == food {
            queue.extend([m * n + c, (n + m) * n + c]);
        } else {
            needs[m * n + c] = 1;
            needs[(n + m) * n + c] = cat.degree(c) as u8;
        }
    }
    queue.iter().for_each(|&p| plies[p] = 0);
    let start = grid.at(b'M') * n + grid.at(b'C');
    let mut head = 0;
    while head < queue.len() && plies[start] == u32::MAX && plies[queue[head]] < horizon {
        let p = queue[head];
        head += 1;
        let (side, m, c) = (p / (n * n), p / n % n, p % n);
        // Mouse's moves into p when Cat is to move at p, Cat's otherwise.
        let (graph, from, base, step) = match side {
            1 => (&mouse, m, c, n),
            _ => (&cat, c, (n + m) * n, 1),
        };
        for &v in graph.neighbors(from) {
            let q = base + v as usize * step;
            if needs[q] > 0 {
                needs[q] -= 1;
                if needs[q] == 0 {
                    plies[q] = plies[p] + 1;
                    queue.push(q);
                }
            }
        }
    }
    let winner = if plies[start] <= horizon {
        "Mouse"
    } else {
        "Cat"
    };
    writeln!(out, "{}", winner)?;
    Ok(())
}

//! Luogu P4363 "一双木棋": two players fill an n x m board; a cell may take a stone once every cell
//! left of it and above it holds one. Black scores A, White scores B; print Black - White under
//! optimal play.
//!
//! The filled cells always form a staircase shape, so a position is a lattice path
//! ([`dp_core::LatticePath`]), ranked densely in `0..C(n + m, n)`. Every move raises the rank, so
//! one pass from the last rank down to 0 evaluates all shapes bottom-up, with no recursion and no
//! hash map: `value[rank]` is the best (mover - other) score still to come.

use dp_core::{Error, LatticePath, Scanner};
use std::io::Write;

#[cfg(feature = "oracle")]
pub mod oracle;

/// Largest board side accepted; the statement's is 10, and 14 x 14 (40 million shapes) runs
/// in well under a second.
pub const MAX_SIDE: usize = 16;
/// Largest number of shapes accepted (4 bytes each), so a huge board is refused, not swapped.
pub const MAX_SHAPES: u64 = 50_000_000;
/// Largest cell value accepted: ten times the statement's, still far from overflowing `i32`.
pub const MAX_VALUE: i32 = 1_000_000;

/// Reads one board and writes Black's score minus White's under optimal play.
///
/// # Errors
/// A malformed or out-of-range token, a board with more than [`MAX_SHAPES`] shapes, or a token
/// after the board.
///
/// # Complexity
/// O(C(n + m, n) * min(n, m)) time, 4 * C(n + m, n) bytes.
///
/// # Example
/// ```
/// let mut out = Vec::new();
/// p4363_staircase_chess::solve(b"2 3\n2 7 3\n9 1 2\n3 7 2\n2 3 1\n", &mut out).unwrap();
/// assert_eq!(out, b"2\n");
/// ```
pub fn solve(input: &[u8], out: &mut impl Write) -> Result<(), Error> {
    let mut sc = Scanner::new(input);
    let rows: usize = sc.next_in(1..=MAX_SIDE, "n")?;
    let cols: usize = sc.next_in(1..=MAX_SIDE, "m")?;
    let shapes = LatticePath::new(rows, cols);
    if shapes.count() > MAX_SHAPES {
        return Err(sc.invalid(&format!(
            "a {} x {} board has {} staircase shapes, more than the {} this solver holds",
            rows,
            cols,
            shapes.count(),
            MAX_SHAPES
        )));
    }
    let mut black = vec![0; rows * cols];
    let mut white = vec![0; rows * cols];
    for (grid, name) in [(&mut black, "A[i][j]"), (&mut white, "B[i][j]")] {
        for cell in grid.iter_mut() {
            *cell = sc.next_in(0..=MAX_VALUE, name)?;
        }
    }
    // Before the second of solving: trailing tokens mean the board is not what we think.
    sc.finish()?;
    writeln!(out, "{}", best_difference(&shapes, &black, &white))?;
    Ok(())
}

/// Black's score minus White's when both play optimally from the empty board; `black` and
/// `white` are the row-major cell values A and B.
///
/// # Panics
/// If a grid does not hold rows x cols values.
///
/// # Complexity
/// O(C(n + m, n) * min(n, m)) time, 4 * C(n + m, n) bytes.
///
/// # Example
/// ```
/// let shapes = dp_core::LatticePath::new(1, 2);
/// // Black takes 5, White is left with 1.
/// assert_eq!(p4363_staircase_chess::best_difference(&shapes, &[5, 0], &[0, 1]), 4);
/// ```
// Never inlined into `solve`: there, the reading code's live values crowd the move loop's
// registers, and rustc 1.95 spills two of them into the loop (7% slower on 14 x 14).
#[inline(never)]
pub fn best_difference(shapes: &LatticePath, black: &[i32], white: &[i32]) -> i64 {
    let (rows, cols) = (shapes.rows(), shapes.cols());
    assert!(black.len() == rows * cols && white.len() == rows * cols);
    // A move's gain depends only on the moving one's (position p, index j); lay both players'
    // gains out by the move's slot, p * (rows + 1) + j, so the inner loop does no coordinate math
    // (and, in tables of the fixed size SLOTS, no bounds check: 8% of the time).
    let stride = rows + 1;
    let mut gains = Box::new([[0i32; LatticePath::SLOTS]; 2]);
    for p in 0..rows + cols {
        for j in 1..=rows.min(p + 1) {
            let (r, c) = (rows - j, p + 1 - j);
            if c < cols {
                gains[0][p * stride + j] = black[r * cols + c];
                gains[1][p * stride + j] = white[r * cols + c];
            }
        }
    }
    let mut value = vec![0i32; shapes.count() as usize];
    // The full board (the first in descending order) is worth 0 and has no move.
    for (rank, mask) in shapes.descending().skip(1) {
        // Black moves on an even number of stones.
        let gain = &gains[shapes.cells_parity(mask)];
        let mut best = i32::MIN;
        for mv in shapes.moves(mask) {
            let rest = value[(rank + mv.rank_delta) as usize];
            best = best.max(gain[mv.slot % LatticePath::SLOTS] - rest);
        }
        value[rank as usize] = best;
    }
    i64::from(value[0])
}

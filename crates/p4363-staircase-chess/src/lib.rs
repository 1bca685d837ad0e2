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
/// A malformed or out-of-range token, or a board with more than [`MAX_SHAPES`] shapes.
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
pub fn best_difference(shapes: &LatticePath, black: &[i32], white: &[i32]) -> i64 {
    let (rows, cols) = (shapes.rows(), shapes.cols());
    assert!(black.len() == rows * cols && white.len() == rows * cols);
    // The gain of each move depends only on (pos, index) of the moving one; lay both players'
    // gains and the rank deltas out by that pair so the inner loop does no coordinate math.
    let stride = rows + 1;
    let len = rows + cols;
    let mut gains = [vec![0i32; len * stride], vec![0i32; len * stride]];
    for pos in 0..len {
        for index in 1..=rows {
            let (r, c) = (rows - index, (pos + 1).wrapping_sub(index));
            if c < cols {
                gains[0][pos * stride + index] = black[r * cols + c];
                gains[1][pos * stride + index] = white[r * cols + c];
            }
        }
    }
    let mut value = vec![0i32; shapes.count() as usize];
    for (rank, mask) in shapes.descending() {
        let mut moves = shapes.moves(mask).peekable();
        if moves.peek().is_none() {
            continue; // the full board: nothing left to gain
        }
        // Black moves on an even number of placed stones.
        let gain = &gains[shapes.cells(mask) % 2];
        let mut best = i32::MIN;
        for mv in moves {
            let child = value[(rank + mv.rank_delta) as usize];
            best = best.max(gain[mv.pos as usize * stride + mv.index as usize] - child);
        }
        value[rank as usize] = best;
    }
    i64::from(value[0])
}

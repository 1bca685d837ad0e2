//! POJ 2311 "Cutting Game": a W x H sheet of grid paper; a move cuts one piece on the table along
//! a full grid line into two; the player whose cut produces a 1 x 1 piece wins at once. For each
//! line `W H` (until the end of input) print `WIN` if the first player wins, else `LOSE`.
//!
//! # Rewriting to normal play
//! A cut that leaves a strip (a 1 x k or k x 1 piece, k >= 2) lets the opponent cut a 1 x 1 off
//! it and win, so while every piece is at least 2 x 2 nobody who can avoid a strip makes one,
//! and a player with no strip-free cut (every piece 2 x 2, 2 x 3, 3 x 2 or 3 x 3) loses. That is
//! normal play on the strip-free cuts, a sum of independent pieces: by Sprague-Grundy
//! `g(w, h) = mex { g(i, h) ^ g(w - i, h) : 2 <= i <= w - 2 } ∪ { g(w, j) ^ g(w, h - j) : 2 <= j
//! <= h - 2 }`, and the first player wins iff `g(W, H) != 0`. (Normal play on every cut, with
//! 1 x 1 the only dead end, is another game: it calls 2 x 2 a win.)
//!
//! [`dp_core::grundy_values`] evaluates the table over the dense index `w * SIDES + h`, in which
//! both pieces of a cut are smaller, once for the whole input: O(200^3) steps.

use dp_core::{grundy_values, Error, Scanner};
use std::io::Write;

#[cfg(feature = "oracle")]
pub mod oracle;

/// Smallest side of the sheet, the statement's.
pub const MIN_SIDE: usize = 2;
/// Largest side of the sheet, the statement's.
pub const MAX_SIDE: usize = 200;
/// Sides `0..SIDES` are indexed; the sheet `w x h` is position `w * SIDES + h`.
pub const SIDES: usize = MAX_SIDE + 1;

/// The Grundy value of every strip-free `w x h` piece, `2 <= w, h <= MAX_SIDE`, at index
/// `w * SIDES + h` (entries with a side below 2 are unused).
///
/// # Complexity
/// O(MAX_SIDE^3) time, O(MAX_SIDE^2) memory.
///
/// # Example
/// ```
/// use poj2311_cutting_game::{grundy_table, SIDES};
/// let g = grundy_table();
/// assert_eq!(g[2 * SIDES + 2], 0); // a dead end: every cut leaves a strip
/// assert_ne!(g[4 * SIDES + 2], 0); // cut into 2 x 2 and 2 x 2
/// ```
pub fn grundy_table() -> Vec<u32> {
    grundy_values(SIDES * SIDES, |p, moves| {
        let (w, h) = (p / SIDES, p % SIDES);
        // Cuts at i and w - i give the same pieces: half of them suffice, from i = 2 (both
        // pieces keep sides >= 2) to w / 2. The pieces i x h are h x i turned: when h < w
        // those stand in the row of h, contiguous and already evaluated.
        if w >= 4 && h < w {
            moves.pair_run(h * SIDES + 2, h * SIDES + w - 2, 1, w / 2 - 1);
        } else if w >= 4 {
            moves.pair_run(2 * SIDES + h, (w - 2) * SIDES + h, SIDES, w / 2 - 1);
        }
        if h >= 4 {
            moves.pair_run(w * SIDES + 2, w * SIDES + h - 2, 1, h / 2 - 1);
        }
    })
}

/// Reads lines `W H` until the end of input and writes `WIN` or `LOSE` for each.
///
/// # Errors
/// An empty input, a malformed token, a side outside `2..=200`, or a `W` without its `H`.
///
/// # Complexity
/// O(MAX_SIDE^3) for the table, then O(1) per line.
///
/// # Example
/// ```
/// let mut out = Vec::new();
/// poj2311_cutting_game::solve(b"2 2\r\n3 2\r\n4 2", &mut out).unwrap();
/// assert_eq!(out, b"LOSE\nLOSE\nWIN\n");
/// ```
pub fn solve(input: &[u8], out: &mut impl Write) -> Result<(), Error> {
    let table = grundy_table();
    let mut sc = Scanner::new(input);
    loop {
        let w: usize = sc.next_in(MIN_SIDE..=MAX_SIDE, "W")?;
        let h: usize = sc.next_in(MIN_SIDE..=MAX_SIDE, "H")?;
        let wins = table[w * SIDES + h] != 0;
        out.write_all(if wins { b"WIN\n" } else { b"LOSE\n" })?;
        if sc.is_at_end() {
            return Ok(());
        }
    }
}

//! AtCoder ABC 206 F "Interval Game 2": T tests, each N half-open intervals [L_i, R_i) of
//! 1..=100; the players in turn choose an interval that meets none chosen before (copies of
//! one interval meet each other, [a, b) and [b, c) do not), and who cannot choose loses. Print
//! `Alice` if the first player wins, `Bob` otherwise.
//!
//! The editorial: choosing [a, b) inside the free stretch [l, r) leaves [l, a) and [b, r), two
//! independent games, so the Grundy value of a stretch is the mex over the intervals inside it
//! of the nim sums of the two sides; [`dp_core::IntervalIndex::grundy_of_pieces`] evaluates every
//! stretch of the row by increasing length, the intervals as the pieces a move takes (copies of
//! one interval are one move).
//! O(100^2 N) time per test.

use dp_core::{Error, IntervalIndex, Scanner};
use std::io::Write;

#[cfg(feature = "oracle")]
pub mod oracle;

/// Largest T accepted (the statement's).
pub const MAX_T: usize = 100;
/// Largest N accepted (the statement's).
pub const MAX_N: usize = 100;
/// Largest R_i accepted (the statement's): the points are 1..=MAX_R.
pub const MAX_R: usize = 100;

/// Reads T and the T tests, and writes each test's winner on its own line.
///
/// # Errors
/// A missing or malformed token, T outside `1..=MAX_T`, N outside `1..=MAX_N`, an L_i outside
/// `1..MAX_R`, an R_i outside `L_i + 1..=MAX_R`, or a token after the last test.
///
/// # Complexity
/// O(MAX_R^2 N) time per test, O(MAX_R^2) memory.
///
/// # Example
/// ```
/// let mut out = Vec::new();
/// abc206f_interval_game_2::solve(b"2\n2\n1 3\n3 5\n2\n1 3\n2 5\n", &mut out).unwrap();
/// assert_eq!(out, b"Bob\nAlice\n");
/// ```
pub fn solve(input: &[u8], out: &mut impl Write) -> Result<(), Error> {
    let mut sc = Scanner::new(input);
    let t: usize = sc.next_in(1..=MAX_T, "T")?;
    // The points 1..=MAX_R are the cuts 0..MAX_R of a row of MAX_R - 1 unit pieces.
    let row = IntervalIndex::new(MAX_R - 1);
    for _ in 0..t {
        let n: usize = sc.next_in(1..=MAX_N, "N")?;
        let mut chosen = Vec::with_capacity(n);
        for _ in 0..n {
            let l: usize = sc.next_in(1..=MAX_R - 1, "L_i")?;
            chosen.push((l - 1, sc.next_in(l + 1..=MAX_R, "R_i")? - 1));
        }
        let g = row.grundy_of_pieces(&chosen);
        let first_wins = g[row.index(0, MAX_R - 1)] != 0;
        writeln!(out, "{}", if first_wins { "Alice" } else { "Bob" })?;
    }
    sc.finish()?;
    Ok(())
}

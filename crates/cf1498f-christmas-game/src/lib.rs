//! cf1498f-christmas-game: a placeholder problem from the workbench, to be replaced by the real one: print
//! the sum of the input's integers.

use dp_core::{Error, Scanner};
use std::io::Write;

#[cfg(feature = "oracle")]
pub mod oracle;

/// Most integers accepted.
pub const MAX_COUNT: usize = 100_000;
/// Largest integer accepted.
pub const MAX_VALUE: u64 = 1_000_000_000;

/// Reads 1 to [`MAX_COUNT`] integers in `0..=MAX_VALUE` and writes their sum.
///
/// # Errors
/// A malformed or out-of-range token, no integer, or too many.
///
/// # Complexity
/// O(input).
///
/// # Example
/// ```
/// let mut out = Vec::new();
/// cf1498f_christmas_game::solve(b"20 22\n", &mut out).unwrap();
/// assert_eq!(out, b"42\n");
/// ```
pub fn solve(input: &[u8], out: &mut impl Write) -> Result<(), Error> {
    let mut sc = Scanner::new(input);
    let mut sum: u64 = sc.next_in(0..=MAX_VALUE, "a")?;
    let mut count = 1;
    while !sc.is_at_end() {
        if count == MAX_COUNT {
            return Err(sc.invalid("more integers than MAX_COUNT"));
        }
        sum += sc.next_in(0..=MAX_VALUE, "a")?;
        count += 1;
    }
    writeln!(out, "{}", sum)?;
    Ok(())
}

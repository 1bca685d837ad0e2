//! Luogu P16531 (THUPC 2026 final): two pieces jumping right, O(n) per test.

use dp_core::Error;
use std::io::Write;

/// Solves one input file (being written: answers with an error until then).
///
/// # Errors
/// Always, for now.
pub fn solve(_input: &[u8], _out: &mut impl Write) -> Result<(), Error> {
    Err(Error::Invalid(
        "p16531-jump-duel is being written".to_string(),
    ))
}

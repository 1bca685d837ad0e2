//! Luogu P2599 (ZJOI 2009 取石子游戏): stones taken from either end, interval DP.

use dp_core::Error;
use std::io::Write;

/// Solves one input file (being written: answers with an error until then).
///
/// # Errors
/// Always, for now.
pub fn solve(_input: &[u8], _out: &mut impl Write) -> Result<(), Error> {
    Err(Error::Invalid(
        "p2599-stone-ends is being written".to_string(),
    ))
}

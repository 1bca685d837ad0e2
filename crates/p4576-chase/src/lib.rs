//! Luogu P4576 (CQOI 2013 棋盘游戏): white and black chase, exact retrograde analysis.

use dp_core::Error;
use std::io::Write;

/// Solves one input file (being written: answers with an error until then).
///
/// # Errors
/// Always, for now.
pub fn solve(_input: &[u8], _out: &mut impl Write) -> Result<(), Error> {
    Err(Error::Invalid("p4576-chase is being written".to_string()))
}

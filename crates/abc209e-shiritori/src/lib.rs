//! AtCoder ABC 209 E "Shiritori": N words; in turn, a player says a word whose first three
//! letters are the last three of the word before; who cannot loses, an endless game is a draw.
//! For each word, the game that starts with Takahashi saying it.
//!
//! A word is an arc from its first three letters to its last three on the 52^3 nodes, and the
//! mover after a word stands on its last three: a token on a graph, which [`dp_core::Retrograde`]
//! solves as it is (a [`CsrGraph`] is a game), outcomes only. Aoki's loss is Takahashi's win.

use dp_core::{CsrGraph, Error, Retrograde, Scanner};
use std::io::Write;

#[cfg(feature = "oracle")]
pub mod oracle;

/// Largest N accepted (the statement's).
pub const MAX_N: usize = 200_000;
/// The nodes: three letters of 52.
const NODES: usize = 52 * 52 * 52;

/// The node of three letters: `a..=z` are 0..26, `A..=Z` 26..52.
fn node(letters: &[u8]) -> usize {
    letters.iter().fold(0, |code, &c| {
        let digit = if c >= b'a' { c - b'a' } else { c - b'A' + 26 };
        code * 52 + digit as usize
    })
}

/// Reads N and the words, and writes `Takahashi`, `Aoki` or `Draw` for each.
///
/// # Errors
/// A missing or malformed token: N outside `1..=MAX_N`, a word of other than 3 to 8 letters
/// (or with a byte that is not a letter), or a token after the last word.
///
/// # Complexity
/// O(N + 52^3) time and memory.
///
/// # Example
/// ```
/// let mut out = Vec::new();
/// abc209e_shiritori::solve(b"3\nabcd\nbcda\nada\n", &mut out).unwrap();
/// assert_eq!(out, b"Aoki\nTakahashi\nDraw\n");
/// ```
pub fn solve(input: &[u8], out: &mut impl Write) -> Result<(), Error> {
    let mut sc = Scanner::new(input);
    let n: usize = sc.next_in(1..=MAX_N, "N")?;
    let mut arcs = Vec::with_capacity(n);
    for i in 0..n {
        let word = sc
            .next_word(3..=8, "s")
            .map_err(|e| e.with_context("s", || format!("_{}", i + 1)))?;
        arcs.push((node(&word[..3]), node(&word[word.len() - 3..])));
    }
    sc.finish()?;
    let graph = CsrGraph::from_arcs(NODES, &arcs);
    let table = Retrograde::new(&graph).outcomes_only().solve_from_moves();
    for &(_, last) in &arcs {
        // Aoki to move on `last`; Outcome as usize: Draw 0, Loss 1, Win 2.
        out.write_all(
            ["Draw\n", "Takahashi\n", "Aoki\n"][table.outcome(last) as usize].as_bytes(),
        )?;
    }
    Ok(())
}

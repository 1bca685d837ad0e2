//! AtCoder ABC 354 E "Remove Pairs": N cards, card i showing A_i on its front and B_i on its
//! back; a move removes two cards with the same front or the same back, and who cannot move
//! loses. Print `Takahashi` if the first player wins, `Aoki` otherwise.
//!
//! The editorial: a position is the set of cards left, a bit mask of N <= 18 bits; removing a
//! pair leads to a smaller mask, so [`dp_core::subset_wins`] decides every mask in increasing
//! order. Each card's partners (same front or same back) are a mask too, so a position lists
//! only the pairs it holds: O(2^N N^2) time at worst, 2^N bytes.

use dp_core::{members, subset_wins, Error, Scanner};
use std::io::Write;

#[cfg(feature = "oracle")]
pub mod oracle;

/// Largest N accepted (the statement's).
pub const MAX_N: usize = 18;
/// Largest A_i and B_i accepted (the statement's).
pub const MAX_VALUE: u32 = 1_000_000_000;

/// Reads N and the N cards, and writes the winner.
///
/// # Errors
/// A missing or malformed token, N outside `1..=MAX_N`, an A_i or B_i outside `1..=MAX_VALUE`,
/// or a token after the last card.
///
/// # Complexity
/// O(2^N N^2) time, O(2^N) memory.
///
/// # Example
/// ```
/// let mut out = Vec::new();
/// abc354e_remove_pairs::solve(b"3\n1 2\n1 3\n4 2\n", &mut out).unwrap();
/// assert_eq!(out, b"Takahashi\n");
/// ```
pub fn solve(input: &[u8], out: &mut impl Write) -> Result<(), Error> {
    let mut sc = Scanner::new(input);
    let n: usize = sc.next_in(1..=MAX_N, "N")?;
    let mut cards = Vec::with_capacity(n);
    for _ in 0..n {
        let front: u32 = sc.next_in(1..=MAX_VALUE, "A_i")?;
        cards.push((front, sc.next_in(1..=MAX_VALUE, "B_i")?));
    }
    sc.finish()?;
    // Card i's partners of a higher index, so that each pair is listed once, from its lower card.
    let partners: Vec<usize> = (0..n)
        .map(|i| {
            let same = |j: &usize| cards[i].0 == cards[*j].0 || cards[i].1 == cards[*j].1;
            (i + 1..n).filter(same).map(|j| 1 << j).sum()
        })
        .collect();
    // The cards with a partner: a position looks at no other.
    let pairing: usize = (0..n).filter(|&i| partners[i] != 0).map(|i| 1 << i).sum();
    let table = subset_wins(n, |mask, known| {
        let mut lost_after = |i: usize, j: usize| known.is_lost(mask & !(1 << i | 1 << j));
        members(mask & pairing).any(|i| members(mask & partners[i]).any(|j| lost_after(i, j)))
    });
    let winner = if table.is_won((1 << n) - 1) {
        "Takahashi"
    } else {
        "Aoki"
    };
    writeln!(out, "{}", winner)?;
    Ok(())
}

//! The divisors of every number up to N by a sieve: the move sets of the many impartial games
//! whose moves take, keep or split by a divisor.

use crate::CsrGraph;

/// The divisors of every number `0..=n`, as the rows of a [`CsrGraph`] on the vertices
/// `0..=n`: `neighbors(k)` lists the divisors of `k` in increasing order, 1 and `k` included
/// (0 has none). The graph's arcs `k -> d` are the moves of a game that goes from `k` to a
/// divisor; a game that subtracts one reads the same rows.
///
/// # Panics
/// If `n` is `u32::MAX - 1` or more, or the divisors number `u32::MAX` or more (n beyond about
/// 2 * 10^8).
///
/// # Complexity
/// O(n log n) time, and 4 bytes per divisor (`n ln n` of them, 14 * 10^6 for n = 10^6) plus 4
/// per number.
///
/// # Example
/// ```
/// use dp_core::{divisor_lists, wins_in_order};
/// let divisors = divisor_lists(12);
/// assert_eq!(divisors.neighbors(12), [1, 2, 3, 4, 6, 12]);
/// assert_eq!(divisors.neighbors(7), [1, 7]);
/// assert!(divisors.neighbors(0).is_empty());
/// // Subtract a proper divisor of k from k; who cannot move (at 1) loses: the even numbers win.
/// let table = wins_in_order(13, 1..13, |k, known| {
///     let proper = &divisors.neighbors(k)[..divisors.degree(k) - 1];
///     proper.iter().any(|&d| known.is_lost(k - d as usize))
/// });
/// assert!((1..13).all(|k| table.is_won(k) == (k % 2 == 0)));
/// ```
pub fn divisor_lists(n: usize) -> CsrGraph {
    assert!(n < u32::MAX as usize - 1, "divisors up to {}", n);
    // Pass 1: how many divisors each number has; pass 2 fills the rows by increasing divisor.
    let mut count = vec![0u32; n + 1];
    for d in 1..=n {
        for multiple in (d..=n).step_by(d) {
            count[multiple] += 1;
        }
    }
    let mut offsets = Vec::with_capacity(n + 2);
    let mut total = 0u64;
    offsets.push(0u32);
    for &c in &count {
        total += u64::from(c);
        assert!(total < u64::from(u32::MAX), "too many divisors up to {}", n);
        offsets.push(total as u32);
    }
    let mut next: Vec<u32> = offsets[..n + 1].to_vec();
    let mut targets = vec![0u32; total as usize];
    for d in 1..=n {
        for multiple in (d..=n).step_by(d) {
            targets[next[multiple] as usize] = d as u32;
            next[multiple] += 1;
        }
    }
    CsrGraph::from_rows(offsets, targets)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rows_are_the_divisors_by_trial_division() {
        for n in [0, 1, 2, 3, 10, 360, 1000] {
            let lists = divisor_lists(n);
            assert_eq!(lists.vertices(), n + 1);
            for k in 0..=n {
                let expected: Vec<u32> = (1..=k as u32).filter(|d| k as u32 % d == 0).collect();
                assert_eq!(lists.neighbors(k), &expected[..], "{}", k);
            }
        }
        // 720 720 has 240 divisors, the most of any number up to 10^6.
        let lists = divisor_lists(1_000_000);
        let most = (0..=1_000_000).map(|k| lists.degree(k)).max();
        assert_eq!((most, lists.degree(720_720)), (Some(240), 240));
    }
}

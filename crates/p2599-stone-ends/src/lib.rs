//! Luogu P2599 (ZJOI 2009 取石子游戏): n piles stand in a row; a move takes one or more stones
//! from the leftmost or the rightmost pile (an emptied pile leaves the row); the player who cannot
//! move loses. For each test print 1 if the first player wins, else 0.
//!
//! For a row S, let `left(S)` be the size of a pile that, put on the left of S, makes the position
//! lost for the player to move, and `right(S)` the same on the right; 0 means S alone is already
//! lost. Such a size exists (see [`partner`]) and is unique: from the larger of two such piles one
//! could move to the smaller, a lost position, so the larger would be won. The whole row
//! `a_1, rest` is lost exactly when `a_1 == left(rest)`.
//!
//! `left` and `right` of an interval depend only on the two intervals one pile shorter, so they
//! are evaluated by increasing length in one rolling layer ([`dp_core::IntervalLayers`]):
//! O(n^2) time, O(n) memory.

use dp_core::IntervalLayers;
use dp_core::{Error, Scanner};
use std::io::Write;

#[cfg(feature = "oracle")]
pub mod oracle;

/// Largest number of tests accepted (the statement's is 10).
pub const MAX_TESTS: usize = 1000;
/// Largest number of piles accepted: 50 times the statement's 1000; 50 000 piles take about
/// 1.25 * 10^9 steps, seconds, with 400 KB of layer.
pub const MAX_PILES: usize = 50_000;
/// Largest pile accepted, the statement's. Bounds never exceed the largest pile (see
/// [`partner`]), so `u32` holds them with no overflow.
pub const MAX_STONES: u32 = 1_000_000_000;

/// `left` and `right` of one interval (see the crate documentation).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Bounds {
    /// The pile that, put on the left, makes the position lost for the player to move.
    pub left: u32,
    /// The pile that, put on the right, makes the position lost for the player to move.
    pub right: u32,
}

/// The losing partner of a new end pile: with `S` a row, `x` a pile put at one end of it, `near`
/// the bound of `S` on that end and `far` the bound on the other end, returns the pile that, put
/// at the other end of `S + x`, makes the position lost (0 if `S + x` alone is lost).
///
/// So `left(S, x) = partner(x, right(S), left(S))` and `right(x, S) = partner(x, left(S),
/// right(S))`.
///
/// # Why
/// Call the other end's pile `p` and consider `(p, S, x)` with `p, x >= 1`. While both end piles
/// stand, S is shielded: the only moves shrink `p` or shrink `x`. Emptying one end leaves `(S, x)`
/// or `(p, S)`, lost exactly when `x == near` or `p == far`. So the losing partners `p` of
/// `x = 1, 2, 3, ...` are handed out in that order:
/// - `x == near`: `(S, x)` is already lost, so `p = 0` (nothing to add).
/// - otherwise `p` is the smallest value `>= 1` that is neither `far` nor handed to a smaller
///   `x'`. Then `(p, S, x)` is lost: shrinking `x` reaches `(p, S)` (won, as `p != far`) or
///   `(p, S, x')` (won, as `p` is not the partner of `x'`); shrinking `p` reaches `(S, x)` (won,
///   as `x != near`) or `(p', S, x)` with `1 <= p' < p`, won because `p'` is `far` (empty `x`)
///   or the partner of some `x' < x` (shrink `x` to `x'`).
///
/// So the piles `x != near` take the numbers 1, 2, 3, ... with `far` left out, in order: `x`
/// takes the `x`-th of them while `x < near`, and the `(x - 1)`-th once `x > near` (`near` took 0
/// instead of a number). The `k`-th number is `k` if `k < far`, else `k + 1`. Hence the cases:
/// - `x == near`: `p = 0`. This comes before any comparison with `far`, so a new pile equal to
///   both bounds gives 0.
/// - `x < near` and `x < far`: `p = x`, the mirror (copy every move on the other end).
/// - `far <= x < near` (the new pile equal to the far bound included): `p = x + 1`.
/// - `near < x <= far` (the new pile equal to the far bound included): `x - 1 < far`, so
///   `p = x - 1`.
/// - `x > near` and `x > far`: `x - 1 >= far`, so `p = x`. This also covers an empty or lost `S`
///   (`near == far == 0`: the plain mirror) and `near == far` for every `x != near`.
///
/// The result never exceeds `max(x, near)`: `x + 1` only comes with `x < near`. So, by induction
/// from single piles (whose bounds are the pile), no bound exceeds the largest pile of its row.
///
/// # Complexity
/// O(1).
///
/// # Example
/// ```
/// use p2599_stone_ends::partner;
/// assert_eq!(partner(4, 4, 1), 0); // equal to the near bound
/// assert_eq!(partner(2, 3, 2), 3); // equal to the far bound, below the near one
/// assert_eq!(partner(2, 1, 2), 1); // equal to the far bound, above the near one
/// assert_eq!(partner(5, 0, 0), 5); // the mirror
/// ```
#[inline]
pub fn partner(x: u32, near: u32, far: u32) -> u32 {
    // The cases above as arithmetic on comparisons, with no branch: along a row the cases
    // come in no predictable order; with branches the solver was 5 times slower on 20 000 piles.
    // far <= x < near: the x-th number, past far.
    let up = (x < near) & (x >= far);
    // near < x <= far: the (x - 1)-th number, before far.
    let down = (x > near) & (x <= far);
    // Below both or above both: x itself (up and down both false).
    let shifted = x + u32::from(up) - u32::from(down);
    // x == near: 0, the row with x is already lost (up and down are false here, so shifted
    // is x, and the mask clears it).
    shifted & u32::from(x != near).wrapping_neg()
}

/// `left` and `right` of the whole row `piles`; both 0 for an empty row.
///
/// # Complexity
/// O(n^2) time, O(n) memory.
///
/// # Example
/// ```
/// use p2599_stone_ends::{bounds_of, Bounds};
/// assert_eq!(bounds_of(&[]), Bounds { left: 0, right: 0 });
/// assert_eq!(bounds_of(&[7]), Bounds { left: 7, right: 7 });
/// assert_eq!(bounds_of(&[1, 9, 4]), Bounds { left: 3, right: 1 });
/// ```
pub fn bounds_of(piles: &[u32]) -> Bounds {
    IntervalLayers::new(piles.len(), |_| Bounds::default()).finish(
        |start, end, without_last: &Bounds, without_first: &Bounds| Bounds {
            // [start, end) is without_last plus the pile end - 1 on its right.
            left: partner(piles[end - 1], without_last.right, without_last.left),
            // ... and without_first plus the pile start on its left.
            right: partner(piles[start], without_first.left, without_first.right),
        },
    )
}

/// Whether the player to move wins on the row `piles` (every pile at least 1).
///
/// # Complexity
/// O(n^2) time, O(n) memory.
///
/// # Example
/// ```
/// assert!(!p2599_stone_ends::first_player_wins(&[3, 1, 9, 4]));
/// assert!(!p2599_stone_ends::first_player_wins(&[2, 1, 2, 2, 2]));
/// assert!(p2599_stone_ends::first_player_wins(&[5]));
/// ```
pub fn first_player_wins(piles: &[u32]) -> bool {
    match piles.split_first() {
        Some((&first, rest)) => first != bounds_of(rest).left,
        None => false,
    }
}

/// Reads T tests and writes, for each, `1` if the first player wins and `0` otherwise.
///
/// # Errors
/// A malformed or out-of-range token, or a token after the last test.
///
/// # Complexity
/// O(sum of n^2) time, O(max n) memory.
///
/// # Example
/// ```
/// let mut out = Vec::new();
/// p2599_stone_ends::solve(b"2\n4\n3 1 9 4\n1\n5\n", &mut out).unwrap();
/// assert_eq!(out, b"0\n1\n");
/// ```
pub fn solve(input: &[u8], out: &mut impl Write) -> Result<(), Error> {
    let mut sc = Scanner::new(input);
    let tests: usize = sc.next_in(1..=MAX_TESTS, "T")?;
    let mut piles = Vec::new();
    for _ in 0..tests {
        let n: usize = sc.next_in(1..=MAX_PILES, "n")?;
        piles.clear();
        for _ in 0..n {
            piles.push(sc.next_in(1..=MAX_STONES, "a_i")?);
        }
        let wins = first_player_wins(&piles);
        writeln!(out, "{}", if wins { 1 } else { 0 })?;
    }
    sc.finish()?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use dp_core::SplitMix64;

    /// The losing partners of x = 1..=max by the hand-out rule of [`partner`]'s proof, before
    /// any case split: x == near takes 0, any other x the least p >= 1 that is neither `far` nor
    /// taken by a smaller x.
    fn handed_out(near: u32, far: u32, max: u32) -> Vec<u32> {
        let mut taken: Vec<u32> = Vec::new();
        (1..=max)
            .map(|x| {
                if x == near {
                    return 0;
                }
                let p = (1..).find(|p| *p != far && !taken.contains(p)).unwrap();
                taken.push(p);
                p
            })
            .collect()
    }

    #[test]
    fn case_split_matches_the_hand_out_rule() {
        // Bounds are both 0 (a lost row) or both at least 1.
        let pairs =
            std::iter::once((0, 0)).chain((1..=9).flat_map(|n| (1..=9).map(move |f| (n, f))));
        for (near, far) in pairs {
            let expected = handed_out(near, far, 15);
            let got: Vec<u32> = (1..=15).map(|x| partner(x, near, far)).collect();
            assert_eq!(got, expected, "near {} far {}", near, far);
        }
    }

    #[test]
    fn bounds_never_exceed_the_largest_pile() {
        let mut rng = SplitMix64::new(17);
        for _ in 0..2000 {
            let n = rng.range(1, 30) as usize;
            let top = [3, 10, MAX_STONES][rng.index(3)];
            let row: Vec<u32> = (0..n)
                .map(|_| rng.range(1, u64::from(top)) as u32)
                .collect();
            let max = *row.iter().max().unwrap();
            let bounds = bounds_of(&row);
            assert!(bounds.left <= max && bounds.right <= max, "{:?}", row);
        }
    }

    #[test]
    fn bounds_mirror_when_the_row_is_reversed() {
        let mut rng = SplitMix64::new(23);
        for _ in 0..2000 {
            let n = rng.range(0, 20) as usize;
            let row: Vec<u32> = (0..n).map(|_| rng.range(1, 4) as u32).collect();
            let reversed: Vec<u32> = row.iter().rev().copied().collect();
            let (a, b) = (bounds_of(&row), bounds_of(&reversed));
            assert_eq!((a.left, a.right), (b.right, b.left), "{:?}", row);
        }
    }

    #[test]
    fn a_lone_or_lost_row_has_the_plain_mirror() {
        for x in [1, 2, MAX_STONES] {
            assert_eq!(bounds_of(&[x]), Bounds { left: x, right: x });
            // (x, x) is lost: nothing to add on either side.
            assert_eq!(bounds_of(&[x, x]), Bounds::default());
        }
    }
}

//! Games on the subsets of a few items (up to about 25): a position is a bit mask, bit `i` for
//! item `i`. A move that removes items leads to a proper subset, whose mask is smaller, so the
//! masks in increasing order put every move's target first ([`subset_wins`]); a move that adds
//! items leads to a larger mask, so decreasing order does ([`superset_wins`]). For Grundy
//! values of a removing game, [`grundy_values`](crate::grundy_values) over `1 << items`
//! positions already evaluates them in that order.

use crate::{KnownWins, WinTable, wins_in_order};

/// The most items a subset game may have: `1 << items` bytes must stay a sane table.
const MAX_ITEMS: usize = 30;

/// Win or loss, for the side to move, of every subset of `items` items in a game whose moves
/// remove items: `wins(mask, known)` says whether the side to move at `mask` wins, looking up
/// the subsets its moves leave in `known` (e.g. `known.is_lost(mask & !pair)`); a subset
/// without a move is lost. Entry `mask` of the table.
///
/// # Constraints
/// Every move leads to a proper subset of its mask (a smaller mask).
///
/// # Panics
/// If `items > 30`, or `wins` looks at a mask not smaller than its own (see
/// [`KnownWins::is_lost`]).
///
/// # Complexity
/// `2^items` calls of `wins`, `2^items` bytes; no recursion.
///
/// # Example
/// ```
/// use dp_core::{members, subset_wins};
/// // Remove Pairs (AtCoder ABC 354 E): remove two cards with the same front or the same back.
/// let cards = [(1, 9), (2, 5), (4, 9), (1, 4), (2, 5)];
/// let n = cards.len();
/// let table = subset_wins(n, |mask, known| {
///     members(mask).any(|i| {
///         members(mask).filter(|&j| j > i).any(|j| {
///             let same = cards[i].0 == cards[j].0 || cards[i].1 == cards[j].1;
///             same && known.is_lost(mask & !(1 << i | 1 << j))
///         })
///     })
/// });
/// assert!(!table.is_won((1 << n) - 1)); // Aoki wins
/// ```
pub fn subset_wins<F>(items: usize, wins: F) -> WinTable
where
    F: FnMut(usize, &mut KnownWins) -> bool,
{
    let masks = mask_count(items);
    wins_in_order(masks, 0..masks, wins)
}

/// Win or loss, for the side to move, of every subset of `items` items in a game whose moves
/// add items (claim an item, place a piece): as [`subset_wins`], the masks in decreasing
/// order, so that every proper superset is known; a subset without a move is lost.
///
/// # Constraints
/// Every move leads to a proper superset of its mask (a larger mask).
///
/// # Panics
/// If `items > 30`, or `wins` looks at a mask not larger than its own.
///
/// # Complexity
/// `2^items` calls of `wins`, `2^items` bytes; no recursion.
///
/// # Example
/// ```
/// use dp_core::superset_wins;
/// // Node Kayles on the path 0 - 1 - 2 - 3: claim a vertex next to no claimed one.
/// let near = [0b0011usize, 0b0111, 0b1110, 0b1100]; // each vertex and its neighbours
/// let table = superset_wins(4, |mask, known| {
///     (0..4).any(|v| mask & near[v] == 0 && known.is_lost(mask | 1 << v))
/// });
/// // Whatever the first claim, one claim is left for the other side, and then none.
/// assert!(!table.is_won(0));
/// assert!(table.is_won(0b0001)); // 0 claimed: the side to move claims 2 or 3, and wins
/// ```
pub fn superset_wins<F>(items: usize, wins: F) -> WinTable
where
    F: FnMut(usize, &mut KnownWins) -> bool,
{
    let masks = mask_count(items);
    wins_in_order(masks, (0..masks).rev(), wins)
}

fn mask_count(items: usize) -> usize {
    assert!(
        items <= MAX_ITEMS,
        "{} items make 2^{} subsets, more than a table holds (at most {} items)",
        items,
        items,
        MAX_ITEMS
    );
    1 << items
}

/// The items of `mask`, in increasing order: the positions of its set bits.
///
/// # Complexity
/// O(1) to make, O(1) per item.
///
/// # Example
/// ```
/// assert_eq!(dp_core::members(0b10110).collect::<Vec<_>>(), [1, 2, 4]);
/// ```
pub fn members(mask: usize) -> Members {
    Members { mask }
}

/// The iterator of [`members`].
///
/// # Example
/// ```
/// let mut items = dp_core::members(0b101);
/// assert_eq!((items.next(), items.next(), items.next()), (Some(0), Some(2), None));
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Members {
    mask: usize,
}

impl ExactSizeIterator for Members {}

impl Iterator for Members {
    type Item = usize;

    #[inline]
    fn next(&mut self) -> Option<usize> {
        if self.mask == 0 {
            return None;
        }
        let item = self.mask.trailing_zeros() as usize;
        self.mask &= self.mask - 1;
        Some(item)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let count = self.mask.count_ones() as usize;
        (count, Some(count))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::random::SplitMix64;

    /// Remove Pairs by plain recursion on the list of cards left.
    fn pairs_by_rules(cards: &[(u8, u8)]) -> bool {
        for i in 0..cards.len() {
            for j in i + 1..cards.len() {
                if cards[i].0 == cards[j].0 || cards[i].1 == cards[j].1 {
                    let rest: Vec<(u8, u8)> = (0..cards.len())
                        .filter(|&k| k != i && k != j)
                        .map(|k| cards[k])
                        .collect();
                    if !pairs_by_rules(&rest) {
                        return true;
                    }
                }
            }
        }
        false
    }

    #[test]
    fn removing_pairs_matches_a_plain_recursion_on_every_subset() {
        let mut rng = SplitMix64::new(51);
        for _ in 0..100 {
            let n = rng.index(8);
            let values = 1 + rng.range(1, 4);
            let cards: Vec<(u8, u8)> = (0..n)
                .map(|_| (rng.range(0, values) as u8, rng.range(0, values) as u8))
                .collect();
            let table = subset_wins(n, |mask, known| {
                members(mask).any(|i| {
                    members(mask).filter(|&j| j > i).any(|j| {
                        let same = cards[i].0 == cards[j].0 || cards[i].1 == cards[j].1;
                        same && known.is_lost(mask & !(1 << i | 1 << j))
                    })
                })
            });
            for mask in 0..1usize << n {
                let left: Vec<(u8, u8)> = members(mask).map(|i| cards[i]).collect();
                assert_eq!(table.is_won(mask), pairs_by_rules(&left), "{:?}", left);
            }
        }
    }

    /// Node Kayles by plain recursion on the list of claimed vertices.
    fn claims_by_rules(adjacent: &[Vec<bool>], claimed: &mut Vec<usize>) -> bool {
        for v in 0..adjacent.len() {
            let free = claimed.iter().all(|&u| u != v && !adjacent[u][v]);
            if free {
                claimed.push(v);
                let other_wins = claims_by_rules(adjacent, claimed);
                claimed.pop();
                if !other_wins {
                    return true;
                }
            }
        }
        false
    }

    #[test]
    fn claiming_vertices_matches_a_plain_recursion_on_every_subset() {
        let mut rng = SplitMix64::new(52);
        for _ in 0..100 {
            let n = rng.index(7);
            let mut adjacent = vec![vec![false; n]; n];
            let pairs: Vec<(usize, usize)> = (0..n)
                .flat_map(|a| (a + 1..n).map(move |b| (a, b)))
                .collect();
            for (a, b) in pairs {
                let edge = rng.index(3) == 0;
                adjacent[a][b] = edge;
                adjacent[b][a] = edge;
            }
            let near: Vec<usize> = (0..n)
                .map(|v| {
                    (0..n)
                        .filter(|&u| u == v || adjacent[u][v])
                        .map(|u| 1 << u)
                        .sum()
                })
                .collect();
            let table = superset_wins(n, |mask, known| {
                (0..n).any(|v| mask & near[v] == 0 && known.is_lost(mask | 1 << v))
            });
            for mask in 0..1usize << n {
                let mut claimed: Vec<usize> = members(mask).collect();
                // Only the masks the game can reach: no two claimed vertices adjacent.
                let reachable = claimed.iter().all(|&u| near[u] & mask == 1 << u);
                if reachable {
                    assert_eq!(
                        table.is_won(mask),
                        claims_by_rules(&adjacent, &mut claimed),
                        "{:?} {:b}",
                        adjacent,
                        mask
                    );
                }
            }
        }
    }

    #[test]
    fn members_are_the_set_bits() {
        let mut rng = SplitMix64::new(53);
        for _ in 0..1000 {
            let mask = rng.next_u64() as usize >> rng.index(64);
            let bits: Vec<usize> = (0..usize::BITS as usize)
                .filter(|&i| mask >> i & 1 == 1)
                .collect();
            assert_eq!(members(mask).collect::<Vec<_>>(), bits);
            assert_eq!(members(mask).len(), bits.len());
        }
    }

    #[test]
    #[should_panic(expected = "which the order has not evaluated")]
    fn a_move_that_adds_an_item_is_caught() {
        subset_wins(3, |mask, known| mask < 7 && known.is_lost(mask | 1));
    }

    #[test]
    #[should_panic(expected = "at most 30 items")]
    fn too_many_items_are_refused() {
        subset_wins(31, |_, _| false);
    }
}

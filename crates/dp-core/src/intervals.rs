//! Games on the intervals of a row: every interval `[l, r)` of `0..points` as one dense index,
//! numbered by length, so that every shorter interval comes first. A move that splits an
//! interval into independent sub-intervals (choose a segment inside it, cut it at a point,
//! knock out a pin) reads only shorter ones, so [`grundy_values`] evaluates them in index order
//! with its fast pass, and [`wins_in_order`] too for games that do not split.
//!
//! Recurrences that read only the two intervals one item shorter fit in less memory with
//! [`IntervalLayers`](crate::IntervalLayers).

use crate::{KnownWins, Moves, WinTable, grundy_values, wins_in_order};

/// The intervals `[l, r)` with `0 <= l <= r <= points`, numbered by length, then by start: the
/// empty intervals `[0, 0), [1, 1), ...` are `0..=points`, then those of length 1, and so on,
/// the whole row `[0, points)` last.
///
/// # Example
/// ```
/// use dp_core::IntervalIndex;
/// // Interval Game 2 (AtCoder ABC 206 F): choose one of the given half-open segments that
/// // meets no segment chosen before; who cannot loses. Choosing [a, b) inside [l, r) leaves
/// // [l, a) and [b, r), independent.
/// let segments = [(0, 2), (2, 3), (1, 3)];
/// let rows = IntervalIndex::new(3);
/// let g = rows.grundy(|l, r, moves| {
///     for &(a, b) in &segments {
///         if l <= a && b <= r {
///             moves.pair(rows.index(l, a), rows.index(b, r));
///         }
///     }
/// });
/// // Choosing [1, 3) leaves no move: the first player wins.
/// assert_eq!(g[rows.index(0, 3)], 2);
/// assert_eq!(g[rows.index(0, 2)], 1);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct IntervalIndex {
    points: usize,
}

impl IntervalIndex {
    /// The intervals of a row of `points` items (`points + 1` places to cut).
    ///
    /// # Panics
    /// If the number of intervals, `(points + 1) * (points + 2) / 2`, overflows `usize`.
    ///
    /// # Complexity
    /// O(1).
    ///
    /// # Example
    /// ```
    /// assert_eq!(dp_core::IntervalIndex::new(3).len(), 10);
    /// ```
    pub fn new(points: usize) -> IntervalIndex {
        let fits = (points + 1).checked_mul(points + 2).is_some();
        assert!(fits, "the intervals of {} points overflow usize", points);
        IntervalIndex { points }
    }

    /// The number of items of the row.
    ///
    /// # Complexity
    /// O(1).
    ///
    /// # Example
    /// ```
    /// assert_eq!(dp_core::IntervalIndex::new(4).points(), 4);
    /// ```
    pub fn points(&self) -> usize {
        self.points
    }

    /// The number of intervals, empty ones included: `(points + 1) * (points + 2) / 2`.
    ///
    /// # Complexity
    /// O(1).
    ///
    /// # Example
    /// See [`IntervalIndex::new`].
    pub fn len(&self) -> usize {
        (self.points + 1) * (self.points + 2) / 2
    }

    /// Always false: the empty interval `[0, 0)` is one.
    ///
    /// # Complexity
    /// O(1).
    ///
    /// # Example
    /// ```
    /// assert!(!dp_core::IntervalIndex::new(0).is_empty());
    /// ```
    pub fn is_empty(&self) -> bool {
        false
    }

    /// The index of the intervals of length `len` that start at 0.
    #[inline]
    fn first_of_length(&self, len: usize) -> usize {
        // len * (points + 1) - len * (len - 1) / 2, with one product and no underflow at 0.
        len * (2 * self.points + 3 - len) / 2
    }

    /// The index of `[l, r)`: smaller than that of every longer interval.
    ///
    /// # Panics
    /// If `l > r` or `r > points`.
    ///
    /// # Complexity
    /// O(1).
    ///
    /// # Example
    /// ```
    /// let rows = dp_core::IntervalIndex::new(3);
    /// assert_eq!((rows.index(2, 2), rows.index(0, 1), rows.index(1, 3), rows.index(0, 3)), (2, 4, 8, 9));
    /// ```
    #[inline]
    pub fn index(&self, l: usize, r: usize) -> usize {
        if l > r || r > self.points {
            not_an_interval(l, r, self.points);
        }
        self.first_of_length(r - l) + l
    }

    /// The interval `(l, r)` of index `index`.
    ///
    /// # Panics
    /// If `index >= len()`.
    ///
    /// # Complexity
    /// O(log points).
    ///
    /// # Example
    /// ```
    /// let rows = dp_core::IntervalIndex::new(3);
    /// assert_eq!(rows.interval(8), (1, 3));
    /// ```
    pub fn interval(&self, index: usize) -> (usize, usize) {
        assert!(
            index < self.len(),
            "interval {} is out of range 0..{}",
            index,
            self.len()
        );
        // The largest length whose first index is at most `index`.
        let (mut lo, mut hi) = (0, self.points);
        while lo < hi {
            let mid = lo + (hi - lo + 1) / 2;
            if self.first_of_length(mid) <= index {
                lo = mid;
            } else {
                hi = mid - 1;
            }
        }
        let l = index - self.first_of_length(lo);
        (l, l + lo)
    }

    /// The Grundy values of every interval, by [`grundy_values`] in index order:
    /// `moves(l, r, m)` calls [`Moves::pair`] or [`Moves::split`] (or [`Moves::to`]) on `m`
    /// with the indices ([`IntervalIndex::index`]) of the parts each move of `[l, r)` leaves.
    /// The value of `[l, r)` is entry `index(l, r)`; the empty intervals have no moves unless
    /// `moves` gives them some.
    ///
    /// # Constraints
    /// Every part of a move of `[l, r)` is shorter than `r - l`.
    ///
    /// # Panics
    /// If a part is not shorter (see [`grundy_values`]).
    ///
    /// # Complexity
    /// O(number of intervals + parts named by all moves) time, one call of `moves` per
    /// interval, 4 bytes per interval; no recursion.
    ///
    /// # Example
    /// ```
    /// use dp_core::IntervalIndex;
    /// // Kayles on a row of 7 pins: knock down one pin or two adjacent ones.
    /// let rows = IntervalIndex::new(7);
    /// let g = rows.grundy(|l, r, moves| {
    ///     for take in 1..=2 {
    ///         for a in l..(r + 1).saturating_sub(take) {
    ///             moves.pair(rows.index(l, a), rows.index(a + take, r));
    ///         }
    ///     }
    /// });
    /// let kayles: Vec<u32> = (0..=7).map(|n| g[rows.index(0, n)]).collect();
    /// assert_eq!(kayles, [0, 1, 2, 3, 1, 4, 3, 2]);
    /// ```
    pub fn grundy<F: FnMut(usize, usize, &mut Moves)>(&self, mut moves: F) -> Vec<u32> {
        let mut at = IntervalCursor::new(self.points);
        grundy_values(self.len(), |_, sink| {
            let (l, r) = at.next();
            moves(l, r, sink);
        })
    }

    /// The Grundy values of every interval when a move takes one of `pieces` lying inside it:
    /// taking `[a, b)` from `[l, r)` leaves `[l, a)` and `[b, r)`, two independent games (choose
    /// a segment that meets none chosen before, knock down given pins). A piece listed twice is
    /// one move. As [`IntervalIndex::grundy`] with those moves, each with no check of its own.
    ///
    /// # Panics
    /// If a piece `[a, b)` is empty or not an interval of the row (`a >= b` or `b > points`).
    ///
    /// # Complexity
    /// O(number of intervals * (1 + pieces inside one)) time on average, O(pieces) besides the
    /// values; no recursion.
    ///
    /// # Example
    /// ```
    /// use dp_core::IntervalIndex;
    /// // Kayles on a row of 7 pins: the pieces are every pin and every two adjacent pins.
    /// let rows = IntervalIndex::new(7);
    /// let pins = (0..7).map(|a| (a, a + 1)).chain((0..6).map(|a| (a, a + 2)));
    /// let g = rows.grundy_of_pieces(&pins.collect::<Vec<_>>());
    /// let kayles: Vec<u32> = (0..=7).map(|n| g[rows.index(0, n)]).collect();
    /// assert_eq!(kayles, [0, 1, 2, 3, 1, 4, 3, 2]);
    /// ```
    pub fn grundy_of_pieces(&self, pieces: &[(usize, usize)]) -> Vec<u32> {
        let mut pieces = pieces.to_vec();
        for &(a, b) in &pieces {
            if a >= b || b > self.points {
                not_an_interval(a, b, self.points);
            }
        }
        pieces.sort_unstable();
        pieces.dedup();
        // starting_from[l]: the first piece with a >= l.
        let starting_from: Vec<usize> = (0..=self.points)
            .map(|l| pieces.partition_point(|&(a, _)| a < l))
            .collect();
        self.grundy(|l, r, moves| {
            let from = &pieces[starting_from[l]..];
            // l <= a < b <= r <= points: both parts are intervals, no check needed.
            for &(a, b) in from.iter().take_while(|&&(a, _)| a < r) {
                if b <= r {
                    let left = self.first_of_length(a - l) + l;
                    moves.pair(left, self.first_of_length(r - b) + b);
                }
            }
        })
    }

    /// Win or loss of every interval for the side to move, by [`wins_in_order`] in index order:
    /// `wins(l, r, known)` says whether the side to move at `[l, r)` wins, looking up shorter
    /// intervals by index in `known` (a game whose moves do not split: take from either end,
    /// cut off a part).
    ///
    /// # Constraints
    /// `wins` looks only at shorter intervals.
    ///
    /// # Panics
    /// If `wins` looks at an interval not shorter (see [`KnownWins::is_lost`]).
    ///
    /// # Complexity
    /// O(number of intervals) time besides `wins`, one byte per interval; no recursion.
    ///
    /// # Example
    /// ```
    /// use dp_core::IntervalIndex;
    /// // Take the first or the last item of a row, if it is a 1; who cannot loses.
    /// let row = [1, 0, 1, 1];
    /// let rows = IntervalIndex::new(row.len());
    /// let table = rows.wins(|l, r, known| {
    ///     (l < r && row[l] == 1 && known.is_lost(rows.index(l + 1, r)))
    ///         || (l < r && row[r - 1] == 1 && known.is_lost(rows.index(l, r - 1)))
    /// });
    /// // Taking the first 1 leaves 0 1 1, from which the only move leaves 0 1, a win.
    /// assert!(table.is_won(rows.index(0, 4)));
    /// assert!(!table.is_won(rows.index(1, 4)) && table.is_won(rows.index(1, 3)));
    /// ```
    pub fn wins<F: FnMut(usize, usize, &mut KnownWins) -> bool>(&self, mut wins: F) -> WinTable {
        let mut at = IntervalCursor::new(self.points);
        wins_in_order(self.len(), 0..self.len(), |_, known| {
            let (l, r) = at.next();
            wins(l, r, known)
        })
    }
}

#[cold]
#[inline(never)]
fn not_an_interval(l: usize, r: usize, points: usize) -> ! {
    panic!("[{}, {}) is not an interval of 0..{}", l, r, points)
}

/// The intervals in index order, one after the other, without a division.
struct IntervalCursor {
    points: usize,
    l: usize,
    len: usize,
}

impl IntervalCursor {
    fn new(points: usize) -> IntervalCursor {
        IntervalCursor {
            points,
            l: 0,
            len: 0,
        }
    }

    #[inline]
    fn next(&mut self) -> (usize, usize) {
        if self.l + self.len > self.points {
            self.l = 0;
            self.len += 1;
        }
        let at = (self.l, self.l + self.len);
        self.l += 1;
        at
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hash_memo::HashMemo;
    use crate::mex;
    use crate::random::SplitMix64;

    #[test]
    fn indices_are_dense_and_shorter_intervals_come_first() {
        for points in 0..12 {
            let rows = IntervalIndex::new(points);
            let mut seen = vec![false; rows.len()];
            let mut cursor = IntervalCursor::new(points);
            for i in 0..rows.len() {
                assert_eq!(cursor.next(), rows.interval(i));
            }
            for l in 0..=points {
                for r in l..=points {
                    let i = rows.index(l, r);
                    assert!(!seen[i]);
                    seen[i] = true;
                    assert_eq!(rows.interval(i), (l, r));
                    if r > l {
                        // Every interval one shorter has a smaller index.
                        assert!(rows.index(rows.points() - (r - l - 1), rows.points()) < i);
                    }
                }
            }
            assert!(seen.iter().all(|&s| s));
            assert_eq!(rows.index(0, points), rows.len() - 1);
        }
    }

    /// The Grundy value of the segment game played literally: the set of segments chosen so far
    /// (a bit mask over the list); a move chooses one that meets none of them.
    fn segment_game(
        segments: &[(usize, usize)],
        chosen: u32,
        memo: &mut HashMemo<u32, u32>,
    ) -> u32 {
        if let Some(&g) = memo.get(&chosen) {
            return g;
        }
        let meets = |i: usize, j: usize| {
            let (a, b) = segments[i];
            let (c, d) = segments[j];
            a < d && c < b
        };
        let mut reached = Vec::new();
        for i in 0..segments.len() {
            let free = (0..segments.len()).all(|j| chosen >> j & 1 == 0 || !meets(i, j));
            if free {
                reached.push(segment_game(segments, chosen | 1 << i, memo));
            }
        }
        let g = mex(reached);
        memo.insert(chosen, g);
        g
    }

    #[test]
    fn segment_games_match_the_game_played_literally() {
        let mut rng = SplitMix64::new(41);
        for _ in 0..300 {
            let points = 1 + rng.index(9);
            let count = 1 + rng.index(9);
            let segments: Vec<(usize, usize)> = (0..count)
                .map(|_| {
                    let a = rng.index(points);
                    (a, a + 1 + rng.index(points - a))
                })
                .collect();
            let rows = IntervalIndex::new(points);
            let g = rows.grundy(|l, r, moves| {
                for &(a, b) in &segments {
                    if l <= a && b <= r {
                        moves.pair(rows.index(l, a), rows.index(b, r));
                    }
                }
            });
            let literal = segment_game(&segments, 0, &mut HashMemo::new());
            assert_eq!(g[rows.index(0, points)], literal, "{:?}", segments);
            assert_eq!(rows.grundy_of_pieces(&segments), g, "{:?}", segments);
        }
    }

    /// Kayles-like: knock down `take` adjacent standing pins, for a `take` in `takes`; pins as a
    /// bit mask, the value by mex over the masks left.
    fn pins_by_rules(pins: u32, takes: &[usize], memo: &mut HashMemo<u32, u32>) -> u32 {
        if let Some(&g) = memo.get(&pins) {
            return g;
        }
        let mut reached = Vec::new();
        for &take in takes {
            for a in 0..32 - take {
                let run = ((1u64 << take) - 1) as u32;
                if pins >> a & run == run {
                    reached.push(pins_by_rules(pins & !(run << a), takes, memo));
                }
            }
        }
        let g = mex(reached);
        memo.insert(pins, g);
        g
    }

    #[test]
    fn splitting_rows_of_pins_match_the_pins_knocked_down_literally() {
        let mut rng = SplitMix64::new(42);
        for _ in 0..100 {
            let points = rng.index(12);
            let takes: Vec<usize> = (0..1 + rng.index(3)).map(|_| 1 + rng.index(3)).collect();
            let rows = IntervalIndex::new(points);
            let g = rows.grundy(|l, r, moves| {
                for &take in &takes {
                    for a in l..(r + 1).saturating_sub(take) {
                        moves.pair(rows.index(l, a), rows.index(a + take, r));
                    }
                }
            });
            let mut memo = HashMemo::new();
            for l in 0..=points {
                for r in l..=points {
                    // A row of r - l pins is the same game wherever it stands.
                    let pins = ((1u64 << (r - l)) - 1) as u32;
                    assert_eq!(g[rows.index(l, r)], pins_by_rules(pins, &takes, &mut memo));
                }
            }
        }
    }

    /// Take the first or last item if it is a 1, by plain recursion.
    fn ends_by_rules(row: &[u8]) -> bool {
        let n = row.len();
        (n > 0 && row[0] == 1 && !ends_by_rules(&row[1..]))
            || (n > 0 && row[n - 1] == 1 && !ends_by_rules(&row[..n - 1]))
    }

    #[test]
    fn end_taking_games_match_a_plain_recursion() {
        let mut rng = SplitMix64::new(43);
        for _ in 0..200 {
            let points = rng.index(10);
            let row: Vec<u8> = (0..points).map(|_| rng.index(2) as u8).collect();
            let rows = IntervalIndex::new(points);
            let table = rows.wins(|l, r, known| {
                (l < r && row[l] == 1 && known.is_lost(rows.index(l + 1, r)))
                    || (l < r && row[r - 1] == 1 && known.is_lost(rows.index(l, r - 1)))
            });
            for l in 0..=points {
                for r in l..=points {
                    assert_eq!(table.is_won(rows.index(l, r)), ends_by_rules(&row[l..r]));
                }
            }
        }
    }

    #[test]
    #[should_panic(expected = "[2, 2) is not an interval of 0..3")]
    fn an_empty_piece_is_refused() {
        IntervalIndex::new(3).grundy_of_pieces(&[(0, 1), (2, 2)]);
    }

    #[test]
    #[should_panic(expected = "[1, 4) is not an interval of 0..3")]
    fn an_index_past_the_row_is_refused() {
        IntervalIndex::new(3).index(1, 4);
    }

    #[test]
    #[should_panic(expected = "reads position 7, which is not evaluated yet")]
    fn a_part_as_long_as_the_interval_panics() {
        let rows = IntervalIndex::new(3);
        rows.grundy(|l, r, moves| {
            if r - l == 2 {
                moves.to(rows.index(l, r));
            }
        });
    }
}

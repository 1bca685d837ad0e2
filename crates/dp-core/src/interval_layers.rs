//! Interval DP by increasing length in O(n) memory, for recurrences in which an interval's value
//! needs only the two intervals one item shorter: without its last item and without its first.

/// The values of every interval `[start, start + len)` of one length `len` over a row of `items`
/// items, advanced one length at a time, in place.
///
/// Games that take from either end of a row, palindromic subsequences and many other interval
/// recurrences read, for `[i, j)`, only `[i, j - 1)` and `[i + 1, j)`. Both lie in the layer of
/// the previous length, so keeping that one layer replaces an `items x items` table: n + 1 values
/// instead of n^2, which also keeps the working set in cache. (Recurrences that split an interval
/// at every point, such as matrix-chain order, need all shorter lengths and do not fit here.)
///
/// The table starts at length 0: the `items + 1` empty intervals `[i, i)`. Each
/// [`IntervalLayers::grow`] computes the next length from the current one, and after `items`
/// steps the single value left is the whole row's.
///
/// # Example
/// The longest palindromic subsequence of a word: `lps[i, j)` is `lps[i + 1, j - 1) + 2` when the
/// ends match, else the larger of dropping either end. The value carried per interval is the
/// pair (lps, lps of the interval without both ends), so that the middle is at hand too.
/// ```
/// use dp_core::IntervalLayers;
/// let word = b"character";
/// let layers = IntervalLayers::new(word.len(), |_| (0usize, 0usize));
/// let (lps, _) = layers.finish(|start, end, without_last, without_first| {
///     let middle = without_first.1; // [start + 1, end - 1), when end - start >= 2
///     let best = if end - start == 1 {
///         1
///     } else if word[start] == word[end - 1] {
///         middle + 2
///     } else {
///         without_last.0.max(without_first.0)
///     };
///     (best, without_last.0) // without_last.0 becomes the "middle" of the next length
/// });
/// assert_eq!(lps, 5); // "carac"
/// ```
#[derive(Clone, Debug)]
pub struct IntervalLayers<T> {
    items: usize,
    len: usize,
    layer: Vec<T>,
}

impl<T> IntervalLayers<T> {
    /// The layer of length 0 over a row of `items` items: `empty(i)` is the value of the empty
    /// interval `[i, i)`, for `i` in `0..=items`.
    ///
    /// # Complexity
    /// O(items) time and memory.
    ///
    /// # Example
    /// ```
    /// let layers = dp_core::IntervalLayers::new(3, |i| i * 10);
    /// assert_eq!(layers.interval_len(), 0);
    /// assert_eq!(layers.layer(), &[0, 10, 20, 30]);
    /// ```
    pub fn new<F: FnMut(usize) -> T>(items: usize, empty: F) -> Self {
        IntervalLayers {
            items,
            len: 0,
            layer: (0..=items).map(empty).collect(),
        }
    }

    /// The number of items in the row.
    ///
    /// # Complexity
    /// O(1).
    ///
    /// # Example
    /// ```
    /// assert_eq!(dp_core::IntervalLayers::new(5, |_| 0u8).items(), 5);
    /// ```
    pub fn items(&self) -> usize {
        self.items
    }

    /// The length of the intervals the current layer holds.
    ///
    /// # Complexity
    /// O(1).
    ///
    /// # Example
    /// ```
    /// let mut layers = dp_core::IntervalLayers::new(5, |_| 0u8);
    /// layers.grow(|_, _, _, _| 1);
    /// assert_eq!(layers.interval_len(), 1);
    /// ```
    pub fn interval_len(&self) -> usize {
        self.len
    }

    /// Whether the current layer is the whole row, one value, so that [`IntervalLayers::grow`]
    /// may not be called again.
    ///
    /// # Complexity
    /// O(1).
    ///
    /// # Example
    /// ```
    /// let mut layers = dp_core::IntervalLayers::new(1, |_| 0u8);
    /// assert!(!layers.is_complete());
    /// layers.grow(|_, _, _, _| 1);
    /// assert!(layers.is_complete());
    /// ```
    pub fn is_complete(&self) -> bool {
        self.len == self.items
    }

    /// The values of the current length: entry `start` is the interval
    /// `[start, start + interval_len())`, for `start` in `0..=items - interval_len()`.
    ///
    /// # Complexity
    /// O(1).
    ///
    /// # Example
    /// ```
    /// let mut layers = dp_core::IntervalLayers::new(3, |_| 0u32);
    /// layers.grow(|start, _, _, _| start as u32 + 1);
    /// assert_eq!(layers.layer(), &[1, 2, 3]);
    /// ```
    pub fn layer(&self) -> &[T] {
        &self.layer
    }

    /// The value of the interval `[start, start + interval_len())`.
    ///
    /// # Panics
    /// If `start + interval_len() > items`.
    ///
    /// # Complexity
    /// O(1).
    ///
    /// # Example
    /// ```
    /// let layers = dp_core::IntervalLayers::new(2, |i| i as u8);
    /// assert_eq!(*layers.get(2), 2);
    /// ```
    pub fn get(&self, start: usize) -> &T {
        assert!(
            start + self.len <= self.items,
            "interval [{}, {}) lies outside a row of {} items",
            start,
            start + self.len,
            self.items
        );
        &self.layer[start]
    }

    /// Advances to the next length: `step(start, end, without_last, without_first)` gives the
    /// value of `[start, end)` from those of `[start, end - 1)` and `[start + 1, end)`, and is
    /// called for `start` in increasing order.
    ///
    /// Each new value overwrites the old one at `start`, which no later call reads: the call for
    /// `start + 1` reads old values at `start + 1` and `start + 2` only.
    ///
    /// # Panics
    /// If the table is already complete (`interval_len() == items`).
    ///
    /// # Complexity
    /// `items - interval_len()` calls of `step` (counted before the call), no allocation.
    ///
    /// # Example
    /// ```
    /// // Sums of every window, one length at a time: the sum of [s, e) is the sum of [s, e - 1)
    /// // plus the last item.
    /// let row = [3, 1, 4, 1, 5];
    /// let mut sums = dp_core::IntervalLayers::new(row.len(), |_| 0);
    /// sums.grow(|_, end, without_last, _| without_last + row[end - 1]);
    /// sums.grow(|_, end, without_last, _| without_last + row[end - 1]);
    /// assert_eq!(sums.layer(), &[4, 5, 5, 6]);
    /// ```
    pub fn grow<F: FnMut(usize, usize, &T, &T) -> T>(&mut self, mut step: F) {
        self.grow_with(&mut step);
    }

    // Takes `&mut F` with F the caller's closure, so that `finish` calls the closure directly:
    // passing `&mut step` as a new `F` goes through `impl FnMut for &mut F`, which rustc 1.63
    // does not inline.
    #[inline]
    fn grow_with<F: FnMut(usize, usize, &T, &T) -> T>(&mut self, step: &mut F) {
        assert!(
            self.len < self.items,
            "every interval of a row of {} items is already evaluated",
            self.items
        );
        self.len += 1;
        let count = self.items - self.len + 1;
        // Slicing to count + 1 values lets the compiler drop the bounds checks of the loop.
        let layer = &mut self.layer[..count + 1];
        for start in 0..count {
            let value = step(start, start + self.len, &layer[start], &layer[start + 1]);
            layer[start] = value;
        }
        self.layer.truncate(count);
    }

    /// Grows to the whole row with `step` (as in [`IntervalLayers::grow`]) and returns its
    /// value. A row of 0 items returns the value of the empty interval.
    ///
    /// # Complexity
    /// (items - interval_len()) * (items - interval_len() + 1) / 2 calls of `step`, counted
    /// before the call; no allocation.
    ///
    /// # Example
    /// ```
    /// // How many intervals a row of 4 has: one per interval, summed by inclusion-exclusion
    /// // over the two shorter ones and their common middle, carried alongside.
    /// let layers = dp_core::IntervalLayers::new(4, |_| (0u32, 0u32));
    /// let (count, _) = layers.finish(|_, _, a, b| (a.0 + b.0 - b.1 + 1, a.0));
    /// assert_eq!(count, 10);
    /// ```
    pub fn finish<F: FnMut(usize, usize, &T, &T) -> T>(mut self, mut step: F) -> T {
        while self.len < self.items {
            self.grow_with(&mut step);
        }
        // Complete: exactly one value is left.
        self.layer.swap_remove(0)
    }
}

#[cfg(test)]
mod tests {
    use super::IntervalLayers;
    use crate::random::SplitMix64;

    #[test]
    fn every_interval_gets_its_own_sub_intervals() {
        // Each value is the interval itself; a step checks what it is handed.
        for items in 0..8 {
            let mut layers = IntervalLayers::new(items, |i| (i, i));
            let mut calls = 0;
            while !layers.is_complete() {
                let len = layers.interval_len() + 1;
                layers.grow(|start, end, without_last, without_first| {
                    assert_eq!(end - start, len);
                    assert_eq!(*without_last, (start, end - 1));
                    assert_eq!(*without_first, (start + 1, end));
                    calls += 1;
                    (start, end)
                });
                assert_eq!(layers.layer().len(), items - len + 1);
                for start in 0..=items - len {
                    assert_eq!(*layers.get(start), (start, start + len));
                }
            }
            assert_eq!(calls, items * (items + 1) / 2);
        }
    }

    #[test]
    fn finish_matches_a_full_table() {
        // Max-min over end-removal, the picking game "take from either end, maximise your sum
        // minus the other's", against an n x n table filled by length.
        let mut rng = SplitMix64::new(11);
        for _ in 0..200 {
            let n = rng.index(12);
            let row: Vec<i64> = (0..n).map(|_| rng.range(0, 50) as i64).collect();
            let mut table = vec![vec![0i64; n + 1]; n + 1];
            for len in 1..=n {
                for i in 0..=n - len {
                    let j = i + len;
                    table[i][j] = (row[i] - table[i + 1][j]).max(row[j - 1] - table[i][j - 1]);
                }
            }
            let got =
                IntervalLayers::new(n, |_| 0i64).finish(|s, e, without_last, without_first| {
                    (row[s] - without_first).max(row[e - 1] - without_last)
                });
            assert_eq!(got, table[0][n], "{:?}", row);
        }
    }

    #[test]
    fn empty_row_finishes_with_the_empty_value() {
        let layers = IntervalLayers::new(0, |_| 7u8);
        assert!(layers.is_complete());
        assert_eq!(layers.finish(|_, _, _, _| unreachable!()), 7);
    }

    #[test]
    #[should_panic(expected = "already evaluated")]
    fn growing_past_the_row_panics() {
        let mut layers = IntervalLayers::new(1, |_| 0u8);
        layers.grow(|_, _, _, _| 1);
        layers.grow(|_, _, _, _| 2);
    }

    #[test]
    #[should_panic(expected = "outside a row")]
    fn get_outside_the_layer_panics() {
        let mut layers = IntervalLayers::new(3, |_| 0u8);
        layers.grow(|_, _, _, _| 1);
        layers.get(3);
    }
}

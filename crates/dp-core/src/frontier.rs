//! A set of positions that is filled in any order and drained in increasing order: one layer of
//! a breadth-first or retrograde search.

/// A set of indices in `0..capacity` stored as a bitmap (one bit per index) with a flag for each
/// run of 512 indices (8 words, a cache line's worth) that may hold a member, so that draining
/// skips the runs without members in O(capacity / 512).
///
/// Retrograde analysis keeps two of them, the layer being processed and the next one. A bitmap
/// costs a fixed `capacity / 8` bytes where a list of `u32` costs 4 bytes per member, and
/// draining it visits members in increasing order, so the work done for each member (touching
/// its parents) walks memory in a few monotone streams instead of jumping about. The flags
/// spare draining most of the bitmap: on the 80 x 80 chase, reading all of it at each of the
/// 237 layers cost 4% more time.
///
/// # Example
/// ```
/// use dp_core::Frontier;
/// let mut layer = Frontier::new(10_000);
/// for i in [9_999, 3, 64, 3] {
///     layer.insert(i);
/// }
/// assert_eq!(layer.len(), 3);
/// let mut seen = Vec::new();
/// layer.drain(|i| seen.push(i));
/// assert_eq!(seen, [3, 64, 9_999]);
/// assert!(layer.is_empty());
/// ```
#[derive(Clone, Debug)]
pub struct Frontier {
    /// The bitmap, in whole runs of 8 words.
    words: Vec<u64>,
    /// Whether each run of 8 words may be non-zero.
    dirty: Vec<bool>,
    capacity: usize,
}

impl Frontier {
    /// An empty set over the indices `0..n`.
    ///
    /// # Complexity
    /// O(n / 64) time, about `n / 8` bytes.
    ///
    /// # Example
    /// ```
    /// let layer = dp_core::Frontier::new(100);
    /// assert_eq!((layer.capacity(), layer.len()), (100, 0));
    /// ```
    pub fn new(n: usize) -> Self {
        Frontier {
            words: vec![0; (n + 511) / 512 * 8],
            dirty: vec![false; (n + 511) / 512],
            capacity: n,
        }
    }

    /// The indices it can hold are `0..capacity`.
    ///
    /// # Complexity
    /// O(1).
    ///
    /// # Example
    /// ```
    /// assert_eq!(dp_core::Frontier::new(7).capacity(), 7);
    /// ```
    pub fn capacity(&self) -> usize {
        self.capacity
    }

    /// The number of members.
    ///
    /// # Complexity
    /// O(capacity / 64).
    ///
    /// # Example
    /// ```
    /// let mut layer = dp_core::Frontier::new(7);
    /// layer.insert(6);
    /// assert_eq!(layer.len(), 1);
    /// ```
    pub fn len(&self) -> usize {
        self.words.iter().map(|w| w.count_ones() as usize).sum()
    }

    /// Whether it has no members.
    ///
    /// # Complexity
    /// O(capacity / 512).
    ///
    /// # Example
    /// ```
    /// assert!(dp_core::Frontier::new(7).is_empty());
    /// ```
    pub fn is_empty(&self) -> bool {
        !self.dirty.contains(&true)
    }

    /// Adds `index`; adding a member again changes nothing.
    ///
    /// # Panics
    /// If `index >= capacity`.
    ///
    /// # Complexity
    /// O(1).
    ///
    /// # Example
    /// ```
    /// let mut layer = dp_core::Frontier::new(5);
    /// layer.insert(4);
    /// layer.insert(4);
    /// assert_eq!(layer.len(), 1);
    /// ```
    #[inline]
    pub fn insert(&mut self, index: usize) {
        assert!(index < self.capacity);
        self.words[index / 64] |= 1 << (index % 64);
        self.dirty[index / 512] = true;
    }

    /// Calls `f` on every member in increasing order and empties the set.
    ///
    /// # Complexity
    /// O(capacity / 512 + runs holding members + members), plus the calls of `f`.
    ///
    /// # Example
    /// ```
    /// let mut layer = dp_core::Frontier::new(300);
    /// layer.insert(200);
    /// layer.insert(1);
    /// let mut sum = 0;
    /// layer.drain(|i| sum += i);
    /// assert_eq!((sum, layer.len()), (201, 0));
    /// ```
    pub fn drain<F: FnMut(usize)>(&mut self, mut f: F) {
        for (line, dirty) in self.dirty.iter_mut().enumerate() {
            if std::mem::take(dirty) {
                for i in 8 * line..8 * line + 8 {
                    let mut bits = std::mem::take(&mut self.words[i]);
                    while bits != 0 {
                        f(64 * i + bits.trailing_zeros() as usize);
                        bits &= bits - 1;
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Frontier;
    use crate::random::SplitMix64;

    #[test]
    fn drains_what_was_inserted_sorted_and_once() {
        let mut rng = SplitMix64::new(3);
        for capacity in [1usize, 63, 64, 65, 4095, 4096, 4097, 100_000] {
            let mut layer = Frontier::new(capacity);
            for round in 0..3 {
                let mut expected: Vec<usize> = (0..rng.index(200) + 1)
                    .map(|_| rng.index(capacity))
                    .collect();
                for &i in &expected {
                    layer.insert(i);
                }
                expected.sort_unstable();
                expected.dedup();
                assert_eq!(layer.len(), expected.len());
                let mut got = Vec::new();
                layer.drain(|i| got.push(i));
                assert_eq!(got, expected, "capacity {} round {}", capacity, round);
                assert!(layer.is_empty());
                layer.drain(|i| panic!("{} drained twice", i));
            }
        }
    }

    #[test]
    fn last_index_of_a_ragged_capacity() {
        let mut layer = Frontier::new(64 * 64 + 1);
        layer.insert(64 * 64);
        let mut got = Vec::new();
        layer.drain(|i| got.push(i));
        assert_eq!(got, [64 * 64]);
    }

    #[test]
    #[should_panic(expected = "index < self.capacity")]
    fn insert_out_of_range_panics() {
        Frontier::new(10).insert(10);
    }
}

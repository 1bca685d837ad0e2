//! A set of positions that is filled in any order and drained in increasing order: one layer of
//! a breadth-first or retrograde search.

/// A set of indices in `0..len` stored as a bitmap (one bit per index) with a summary bitmap
/// (one bit per 64-bit word), so that draining a sparse set skips empty regions in O(len / 4096).
///
/// Retrograde analysis keeps two of them, the layer being processed and the next one. A bitmap
/// costs a fixed `len / 8` bytes where a list of `u32` costs 4 bytes per member, and draining it
/// visits members in increasing order, so the work done for each member (touching its parents)
/// walks memory in a few monotone streams instead of jumping about.
///
/// # Example
/// ```
/// use dp_core::game::frontier::Frontier;
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
    words: Vec<u64>,
    /// Bit `j` of `summary[i]` is set when `words[64 * i + j]` may be non-zero.
    summary: Vec<u64>,
    len: usize,
    capacity: usize,
}

impl Frontier {
    /// An empty set over the indices `0..capacity`.
    ///
    /// # Complexity
    /// O(capacity / 64) time, about `capacity / 8` bytes.
    ///
    /// # Example
    /// ```
    /// let layer = dp_core::game::frontier::Frontier::new(100);
    /// assert_eq!((layer.capacity(), layer.len()), (100, 0));
    /// ```
    pub fn new(capacity: usize) -> Self {
        let words = (capacity + 63) / 64;
        Frontier {
            words: vec![0; words],
            summary: vec![0; (words + 63) / 64],
            len: 0,
            capacity,
        }
    }

    /// The indices it can hold are `0..capacity`.
    ///
    /// # Complexity
    /// O(1).
    ///
    /// # Example
    /// ```
    /// assert_eq!(dp_core::game::frontier::Frontier::new(7).capacity(), 7);
    /// ```
    pub fn capacity(&self) -> usize {
        self.capacity
    }

    /// The number of members.
    ///
    /// # Complexity
    /// O(1).
    ///
    /// # Example
    /// ```
    /// let mut layer = dp_core::game::frontier::Frontier::new(7);
    /// layer.insert(6);
    /// assert_eq!(layer.len(), 1);
    /// ```
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether it has no members.
    ///
    /// # Complexity
    /// O(1).
    ///
    /// # Example
    /// ```
    /// assert!(dp_core::game::frontier::Frontier::new(7).is_empty());
    /// ```
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Whether `index` is a member.
    ///
    /// # Panics
    /// If `index >= capacity`.
    ///
    /// # Complexity
    /// O(1).
    ///
    /// # Example
    /// ```
    /// let mut layer = dp_core::game::frontier::Frontier::new(70);
    /// layer.insert(65);
    /// assert!(layer.contains(65) && !layer.contains(64));
    /// ```
    #[inline]
    pub fn contains(&self, index: usize) -> bool {
        assert!(
            index < self.capacity,
            "index {} out of 0..{}",
            index,
            self.capacity
        );
        self.words[index / 64] >> (index % 64) & 1 == 1
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
    /// let mut layer = dp_core::game::frontier::Frontier::new(5);
    /// layer.insert(4);
    /// layer.insert(4);
    /// assert_eq!(layer.len(), 1);
    /// ```
    #[inline]
    pub fn insert(&mut self, index: usize) {
        assert!(
            index < self.capacity,
            "index {} out of 0..{}",
            index,
            self.capacity
        );
        let word = index / 64;
        let bit = 1u64 << (index % 64);
        if self.words[word] & bit == 0 {
            self.words[word] |= bit;
            self.summary[word / 64] |= 1u64 << (word % 64);
            self.len += 1;
        }
    }

    /// Calls `f` on every member in increasing order and empties the set.
    ///
    /// # Complexity
    /// O(capacity / 4096 + number of non-empty 64-bit words + members), plus the calls of `f`.
    ///
    /// # Example
    /// ```
    /// let mut layer = dp_core::game::frontier::Frontier::new(300);
    /// layer.insert(200);
    /// layer.insert(1);
    /// let mut sum = 0;
    /// layer.drain(|i| sum += i);
    /// assert_eq!((sum, layer.len()), (201, 0));
    /// ```
    pub fn drain<F: FnMut(usize)>(&mut self, mut f: F) {
        for block in 0..self.summary.len() {
            let mut nonzero = self.summary[block];
            self.summary[block] = 0;
            while nonzero != 0 {
                let word = block * 64 + nonzero.trailing_zeros() as usize;
                nonzero &= nonzero - 1;
                let mut bits = self.words[word];
                self.words[word] = 0;
                while bits != 0 {
                    f(word * 64 + bits.trailing_zeros() as usize);
                    bits &= bits - 1;
                }
            }
        }
        self.len = 0;
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
                assert!(expected.iter().all(|&i| layer.contains(i)));
                let mut got = Vec::new();
                layer.drain(|i| got.push(i));
                assert_eq!(got, expected, "capacity {} round {}", capacity, round);
                assert!(layer.is_empty());
                assert!((0..capacity).all(|i| !layer.contains(i)));
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
    #[should_panic(expected = "out of 0..10")]
    fn insert_out_of_range_panics() {
        Frontier::new(10).insert(10);
    }
}

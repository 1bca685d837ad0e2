//! A set of positions handled 64 at a time: one layer of a bit-parallel search, read and cleared
//! at the cost of its non-zero words.

/// A bitmap of the indices `0..capacity`, written and read a 64-bit word at a time (word `i`
/// holds indices `64 i .. 64 i + 63`, bit `k` index `64 i + k`), that also knows which words are
/// non-zero: a summary bit per word and a top bit per summary word. Visiting or clearing it
/// costs its non-zero words, plus `capacity / 2^18` words of the top level.
///
/// [`bit_retrograde`](crate::bit_retrograde) hands its layers to a game in this form, so that
/// the game can move whole words of positions at once (a shift of the word is a move of one
/// piece on a board row, an OR of two words the same move for 64 placements of another piece).
///
/// # Example
/// ```
/// use dp_core::BitLayer;
/// let mut layer = BitLayer::new(1000);
/// layer.or_word(3, 0b101); // indices 192 and 194
/// layer.insert(999);
/// let mut seen = Vec::new();
/// layer.for_each_word(|i, bits| seen.push((i, bits)));
/// assert_eq!(seen, [(3, 0b101), (15, 1 << 39)]);
/// assert_eq!(layer.len(), 3);
/// assert!(layer.contains(194) && !layer.contains(193));
/// layer.clear();
/// assert!(layer.is_empty());
/// ```
#[derive(Clone, Debug)]
pub struct BitLayer {
    words: Vec<u64>,
    /// Bit `i % 64` of `summary[i / 64]`: word `i` is non-zero.
    summary: Vec<u64>,
    /// Bit `j % 64` of `top[j / 64]`: summary word `j` is non-zero.
    top: Vec<u64>,
    /// Non-zero words.
    nonzero: usize,
    capacity: usize,
}

impl BitLayer {
    /// An empty set over the indices `0..n`.
    ///
    /// # Complexity
    /// O(n / 64) time, about `n / 8` bytes (and `n / 4096` more for the summaries).
    ///
    /// # Example
    /// ```
    /// let layer = dp_core::BitLayer::new(130);
    /// assert_eq!((layer.capacity(), layer.words().len(), layer.len()), (130, 3, 0));
    /// ```
    pub fn new(n: usize) -> Self {
        let words = (n + 63) / 64;
        let summary = (words + 63) / 64;
        BitLayer {
            words: vec![0; words],
            summary: vec![0; summary],
            top: vec![0; (summary + 63) / 64],
            nonzero: 0,
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
    /// assert_eq!(dp_core::BitLayer::new(7).capacity(), 7);
    /// ```
    pub fn capacity(&self) -> usize {
        self.capacity
    }

    /// The whole bitmap, `ceil(capacity / 64)` words; bits at or past `capacity` are zero.
    ///
    /// # Complexity
    /// O(1).
    ///
    /// # Example
    /// ```
    /// let mut layer = dp_core::BitLayer::new(100);
    /// layer.insert(65);
    /// assert_eq!(layer.words(), [0, 2]);
    /// ```
    #[inline]
    pub fn words(&self) -> &[u64] {
        &self.words
    }

    /// Word `i` of the bitmap.
    ///
    /// # Panics
    /// If `i >= words().len()`.
    ///
    /// # Complexity
    /// O(1).
    ///
    /// # Example
    /// ```
    /// let mut layer = dp_core::BitLayer::new(100);
    /// layer.insert(64);
    /// assert_eq!((layer.word(0), layer.word(1)), (0, 1));
    /// ```
    #[inline]
    pub fn word(&self, i: usize) -> u64 {
        self.words[i]
    }

    /// Adds the members `bits` of word `i` (bit `k` is index `64 i + k`); zero bits change nothing.
    ///
    /// # Panics
    /// If a bit lies at or past `capacity`.
    ///
    /// # Complexity
    /// O(1).
    ///
    /// # Example
    /// ```
    /// let mut layer = dp_core::BitLayer::new(128);
    /// layer.or_word(1, 0b11);
    /// layer.or_word(1, 0b10);
    /// assert_eq!(layer.len(), 2);
    /// ```
    // rustc 1.63 keeps this a call inside the analysis' closures, where it runs per word;
    // `#[inline(always)]` only moves the call out to the closures, and an iterator over the
    // words in place of `for_each_word` is slower.
    #[inline]
    pub fn or_word(&mut self, i: usize, bits: u64) {
        if bits == 0 {
            return;
        }
        if i + 1 >= self.words.len() {
            self.check_last_word(i, bits);
        }
        let word = &mut self.words[i];
        if *word == 0 {
            self.nonzero += 1;
            let summary = &mut self.summary[i / 64];
            if *summary == 0 {
                self.top[i / 4096] |= 1 << (i / 64 % 64);
            }
            *summary |= 1 << (i % 64);
        }
        *word |= bits;
    }

    // Out of line and cold: the formatted panic need not sit in every caller's loop.
    #[cold]
    #[inline(never)]
    fn check_last_word(&self, i: usize, bits: u64) {
        assert!(
            i < self.words.len() && (self.capacity % 64 == 0 || bits >> (self.capacity % 64) == 0),
            "bits past the capacity {}",
            self.capacity
        );
    }

    /// Adds `index`.
    ///
    /// # Panics
    /// If `index >= capacity`.
    ///
    /// # Complexity
    /// O(1).
    ///
    /// # Example
    /// ```
    /// let mut layer = dp_core::BitLayer::new(5);
    /// layer.insert(4);
    /// assert!(layer.contains(4));
    /// ```
    #[inline]
    pub fn insert(&mut self, index: usize) {
        assert!(index < self.capacity, "index {} >= capacity", index);
        self.or_word(index / 64, 1 << (index % 64));
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
    /// See [`BitLayer`].
    #[inline]
    pub fn contains(&self, index: usize) -> bool {
        assert!(index < self.capacity, "index {} >= capacity", index);
        self.words[index / 64] >> (index % 64) & 1 == 1
    }

    /// Whether it has no members.
    ///
    /// # Complexity
    /// O(1).
    ///
    /// # Example
    /// ```
    /// assert!(dp_core::BitLayer::new(7).is_empty());
    /// ```
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.nonzero == 0
    }

    /// The number of members.
    ///
    /// # Complexity
    /// O(non-zero words + capacity / 2^18).
    ///
    /// # Example
    /// See [`BitLayer`].
    pub fn len(&self) -> usize {
        let mut len = 0;
        self.for_each_word(|_, bits| len += bits.count_ones() as usize);
        len
    }

    /// Calls `f(i, word)` for every non-zero word in increasing order of `i`.
    ///
    /// # Complexity
    /// O(non-zero words + capacity / 2^18), plus the calls of `f`.
    ///
    /// # Example
    /// See [`BitLayer`].
    #[inline]
    pub fn for_each_word<F: FnMut(usize, u64)>(&self, mut f: F) {
        if self.nonzero == 0 {
            return;
        }
        for (t, &top) in self.top.iter().enumerate() {
            let mut top = top;
            while top != 0 {
                let j = 64 * t + top.trailing_zeros() as usize;
                top &= top - 1;
                let mut summary = self.summary[j];
                while summary != 0 {
                    let i = 64 * j + summary.trailing_zeros() as usize;
                    summary &= summary - 1;
                    f(i, self.words[i]);
                }
            }
        }
    }

    /// Removes every member.
    ///
    /// # Complexity
    /// O(non-zero words + capacity / 2^18).
    ///
    /// # Example
    /// See [`BitLayer`].
    pub fn clear(&mut self) {
        if self.nonzero == 0 {
            return;
        }
        for t in 0..self.top.len() {
            let mut top = std::mem::take(&mut self.top[t]);
            while top != 0 {
                let j = 64 * t + top.trailing_zeros() as usize;
                top &= top - 1;
                let mut summary = std::mem::take(&mut self.summary[j]);
                while summary != 0 {
                    self.words[64 * j + summary.trailing_zeros() as usize] = 0;
                    summary &= summary - 1;
                }
            }
        }
        self.nonzero = 0;
    }
}

#[cfg(test)]
mod tests {
    use super::BitLayer;
    use crate::random::SplitMix64;

    #[test]
    fn visits_what_was_added_in_order_and_clears_it() {
        let mut rng = SplitMix64::new(11);
        for capacity in [1usize, 63, 64, 65, 4095, 4096, 4097, 300_000] {
            let mut layer = BitLayer::new(capacity);
            for round in 0..3 {
                let mut expected: Vec<usize> = (0..rng.index(300) + 1)
                    .map(|_| rng.index(capacity))
                    .collect();
                for &i in &expected {
                    if rng.index(2) == 0 {
                        layer.insert(i);
                    } else {
                        layer.or_word(i / 64, 1 << (i % 64));
                    }
                }
                expected.sort_unstable();
                expected.dedup();
                assert_eq!(layer.len(), expected.len());
                assert!(expected.iter().all(|&i| layer.contains(i)));
                let mut got = Vec::new();
                layer.for_each_word(|i, mut bits| {
                    assert_ne!(bits, 0, "word {} visited empty", i);
                    while bits != 0 {
                        got.push(64 * i + bits.trailing_zeros() as usize);
                        bits &= bits - 1;
                    }
                });
                assert_eq!(got, expected, "capacity {} round {}", capacity, round);
                layer.clear();
                assert!(layer.is_empty());
                assert!(layer.words().iter().all(|&w| w == 0));
                layer.for_each_word(|i, _| panic!("word {} left after clear", i));
            }
        }
    }

    #[test]
    fn a_million_clears_of_one_member_are_cheap() {
        // 2^24 indices have 4096 summary words: scanning them at each clear would read 8 * 10^9.
        let mut layer = BitLayer::new(1 << 24);
        let mut sum = 0u64;
        for i in 0..1_000_000u64 {
            layer.insert((i * 7919 * 64) as usize % (1 << 24));
            layer.for_each_word(|w, _| sum += w as u64);
            layer.clear();
        }
        let expected: u64 = (0..1_000_000u64).map(|i| i * 7919 % (1 << 18)).sum();
        assert_eq!(sum, expected);
    }

    #[test]
    #[should_panic(expected = "past the capacity")]
    fn bits_past_the_capacity_panic() {
        BitLayer::new(70).or_word(1, 1 << 6);
    }

    #[test]
    #[should_panic(expected = "index 10 >= capacity")]
    fn insert_out_of_range_panics() {
        BitLayer::new(10).insert(10);
    }
}

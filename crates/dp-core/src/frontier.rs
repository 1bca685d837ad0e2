//! A set of positions that is filled in any order and drained in increasing order: one layer of
//! a breadth-first or retrograde search.

/// A set of indices in `0..capacity` stored as a bitmap (one bit per index) with a flag for each
/// run of 512 indices (8 words, a cache line's worth) that may hold a member, and a list of those
/// runs, so that draining costs what the members cost, not what the capacity does.
///
/// Retrograde analysis keeps two of them, the layer being processed and the next one. A bitmap
/// costs a fixed `capacity / 8` bytes where a list of `u32` costs 4 bytes per member, and
/// draining it visits members in increasing order, so the work done for each member (touching
/// its parents) walks memory in a few monotone streams instead of jumping about. The flags
/// spare draining most of the bitmap at each layer. The list of runs spares even the flags when
/// few runs are touched: a game that is a path of n positions has n layers of one member, and
/// scanning the flags at each of them would make it quadratic.
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
    /// The runs whose flag is set, in the order they were first touched.
    runs: Vec<u32>,
    capacity: usize,
}

impl Frontier {
    /// An empty set over the indices `0..n`.
    ///
    /// # Constraints
    /// `n` below 2^41 (the runs are numbered by `u32`; the bitmap alone would take 256 GiB).
    ///
    /// # Complexity
    /// O(n / 64) time, about `n / 8` bytes (and up to `n / 128` more for the list of runs).
    ///
    /// # Example
    /// ```
    /// let layer = dp_core::Frontier::new(100);
    /// assert_eq!((layer.capacity(), layer.len()), (100, 0));
    /// ```
    pub fn new(n: usize) -> Self {
        let runs = (n + 511) / 512;
        Frontier {
            words: vec![0; runs * 8],
            dirty: vec![false; runs],
            runs: Vec::new(),
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
    /// O(runs holding members).
    ///
    /// # Example
    /// ```
    /// let mut layer = dp_core::Frontier::new(7);
    /// layer.insert(6);
    /// assert_eq!(layer.len(), 1);
    /// ```
    pub fn len(&self) -> usize {
        let run = |r: &u32| &self.words[*r as usize * 8..*r as usize * 8 + 8];
        self.runs
            .iter()
            .flat_map(run)
            .map(|w| w.count_ones() as usize)
            .sum()
    }

    /// Whether it has no members.
    ///
    /// # Complexity
    /// O(1).
    ///
    /// # Example
    /// ```
    /// assert!(dp_core::Frontier::new(7).is_empty());
    /// ```
    pub fn is_empty(&self) -> bool {
        self.runs.is_empty()
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
        let run = index / 512;
        if !self.dirty[run] {
            self.dirty[run] = true;
            self.runs.push(run as u32);
        }
    }

    /// Calls `f` on every member in increasing order and empties the set.
    ///
    /// # Complexity
    /// O(R log R + members) for the R runs of 512 indices holding members, and never more than
    /// O(capacity / 512 + members) (past R = capacity / 8192 the flags are read in order instead
    /// of sorting the runs), plus the calls of `f`.
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
        // Games of many short layers (a subtraction game has a ply per few positions) pay this
        // call once per layer: an empty or one-run layer skips the list's bookkeeping.
        match self.runs.len() {
            0 => return,
            1 => {
                let run = self.runs.pop().unwrap_or_default() as usize;
                self.dirty[run] = false;
                return Self::drain_run(&mut self.words[8 * run..8 * run + 8], 8 * run, &mut f);
            }
            _ => {}
        }
        let mut runs = std::mem::take(&mut self.runs);
        if runs.len() * 16 < self.dirty.len() {
            runs.sort_unstable();
        } else {
            // Many runs: reading the flags in order is cheaper than sorting.
            runs.clear();
            runs.extend((0..self.dirty.len() as u32).filter(|&r| self.dirty[r as usize]));
        }
        for &run in &runs {
            let run = run as usize;
            self.dirty[run] = false;
            Self::drain_run(&mut self.words[8 * run..8 * run + 8], 8 * run, &mut f);
        }
        // The list's memory is kept for the next layer.
        runs.clear();
        self.runs = runs;
    }

    /// Calls `f` for each bit of `words` (word `first` onwards) in order, clearing them.
    #[inline]
    fn drain_run<F: FnMut(usize)>(words: &mut [u64], first: usize, f: &mut F) {
        for (i, word) in words.iter_mut().enumerate() {
            let mut bits = std::mem::take(word);
            while bits != 0 {
                f(64 * (first + i) + bits.trailing_zeros() as usize);
                bits &= bits - 1;
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
    fn a_million_drains_of_one_member_take_time_for_one_member_each() {
        // A capacity of 2^24 has 32 768 runs: scanning their flags at each drain would read
        // 3 * 10^10 flags here, minutes; the list of runs makes each drain O(1).
        let mut layer = Frontier::new(1 << 24);
        let mut sum = 0u64;
        for i in 0..1_000_000usize {
            layer.insert((i * 7919) % (1 << 24));
            layer.drain(|m| sum += m as u64);
        }
        let expected: u64 = (0..1_000_000u64).map(|i| (i * 7919) % (1 << 24)).sum();
        assert_eq!(sum, expected);
    }

    #[test]
    fn many_runs_drain_in_order_through_the_flags() {
        let mut layer = Frontier::new(100_000);
        // Every run touched, in decreasing order: the flags path.
        let members: Vec<usize> = (0..100_000).rev().step_by(97).collect();
        members.iter().for_each(|&m| layer.insert(m));
        let mut got = Vec::new();
        layer.drain(|m| got.push(m));
        let mut expected = members;
        expected.sort_unstable();
        assert_eq!(got, expected);
        assert!(layer.is_empty());
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

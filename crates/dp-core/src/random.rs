//! A small, fast, seeded pseudo-random generator.

/// SplitMix64: one 64-bit state, full period, good enough for randomised algorithms, hashing
/// seeds and test generators (not for cryptography).
///
/// # Example
/// ```
/// let mut rng = dp_core::SplitMix64::new(42);
/// let x = rng.range(1, 6);
/// assert!((1..=6).contains(&x));
/// let mut again = dp_core::SplitMix64::new(42);
/// assert_eq!(again.range(1, 6), x);
/// ```
#[derive(Clone, Debug)]
pub struct SplitMix64 {
    state: u64,
}

impl SplitMix64 {
    /// A generator whose sequence is fixed by `seed`.
    ///
    /// # Complexity
    /// O(1).
    ///
    /// # Example
    /// ```
    /// let mut a = dp_core::SplitMix64::new(7);
    /// let mut b = dp_core::SplitMix64::new(7);
    /// assert_eq!(a.next_u64(), b.next_u64());
    /// ```
    pub fn new(seed: u64) -> Self {
        SplitMix64 { state: seed }
    }

    /// The next 64 random bits.
    ///
    /// # Complexity
    /// O(1).
    ///
    /// # Example
    /// ```
    /// let mut rng = dp_core::SplitMix64::new(0);
    /// assert_ne!(rng.next_u64(), rng.next_u64());
    /// ```
    #[inline]
    pub fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A uniform integer in `lo..=hi`.
    ///
    /// # Panics
    /// If `lo > hi`.
    ///
    /// # Complexity
    /// O(1) expected.
    ///
    /// # Example
    /// ```
    /// let mut rng = dp_core::SplitMix64::new(1);
    /// assert!((0..1000).all(|_| (3..=5).contains(&rng.range(3, 5))));
    /// ```
    #[inline]
    pub fn range(&mut self, lo: u64, hi: u64) -> u64 {
        assert!(lo <= hi, "empty range {}..={}", lo, hi);
        let span = hi - lo;
        if span == u64::MAX {
            return self.next_u64();
        }
        let n = span + 1;
        // Rejection keeps the draw exactly uniform.
        let zone = u64::MAX - (u64::MAX - n + 1) % n;
        loop {
            let x = self.next_u64();
            if x <= zone {
                return lo + x % n;
            }
        }
    }

    /// A uniform index in `0..len`.
    ///
    /// # Panics
    /// If `len == 0`.
    ///
    /// # Complexity
    /// O(1) expected.
    ///
    /// # Example
    /// ```
    /// let mut rng = dp_core::SplitMix64::new(9);
    /// assert!(rng.index(4) < 4);
    /// ```
    #[inline]
    pub fn index(&mut self, len: usize) -> usize {
        assert!(len > 0, "index into an empty range");
        self.range(0, len as u64 - 1) as usize
    }
}

#[cfg(test)]
mod tests {
    use super::SplitMix64;

    #[test]
    fn range_hits_every_value_roughly_evenly() {
        let mut rng = SplitMix64::new(5);
        let mut counts = [0u32; 6];
        for _ in 0..60_000 {
            counts[rng.range(0, 5) as usize] += 1;
        }
        assert!(
            counts.iter().all(|&c| (9_000..11_000).contains(&c)),
            "{:?}",
            counts
        );
    }
}

//! A hashed memo for sparse keys, with a fast non-cryptographic hasher.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hash, Hasher};

/// A fast hasher for integer keys (the FxHash step with a final mix).
///
/// std's default SipHash resists crafted collisions but costs several times more per key; a
/// memo keyed by encoded game states needs speed, and its keys are not chosen by an adversary.
///
#[derive(Clone, Copy, Debug, Default)]
struct FastHasher {
    hash: u64,
}

const SEED: u64 = 0x51_7c_c1_b7_27_22_0a_95;

impl FastHasher {
    #[inline]
    fn add(&mut self, word: u64) {
        self.hash = (self.hash.rotate_left(5) ^ word).wrapping_mul(SEED);
    }
}

impl Hasher for FastHasher {
    #[inline]
    fn write(&mut self, bytes: &[u8]) {
        let mut chunks = bytes.chunks_exact(8);
        for chunk in &mut chunks {
            let mut word = [0u8; 8];
            word.copy_from_slice(chunk);
            self.add(u64::from_le_bytes(word));
        }
        for &b in chunks.remainder() {
            self.add(u64::from(b));
        }
    }

    #[inline]
    fn write_u8(&mut self, i: u8) {
        self.add(u64::from(i));
    }

    #[inline]
    fn write_u16(&mut self, i: u16) {
        self.add(u64::from(i));
    }

    #[inline]
    fn write_u32(&mut self, i: u32) {
        self.add(u64::from(i));
    }

    #[inline]
    fn write_u64(&mut self, i: u64) {
        self.add(i);
    }

    #[inline]
    fn write_usize(&mut self, i: usize) {
        self.add(i as u64);
    }

    #[inline]
    fn finish(&self) -> u64 {
        // The multiply leaves the low bits weak; hash tables index by them, so fold the high
        // half down.
        self.hash ^ (self.hash >> 29)
    }
}

/// A memo over sparse keys: a `HashMap` with a fast FxHash-style hasher.
///
/// # Example
/// ```
/// let mut memo = dp_core::HashMemo::new();
/// memo.insert(10_u64.pow(12), 3i32);
/// assert_eq!(memo.get(&10_u64.pow(12)), Some(&3));
/// assert_eq!(memo.get(&1), None);
/// ```
#[derive(Clone, Debug)]
pub struct HashMemo<K, V> {
    map: HashMap<K, V, BuildHasherDefault<FastHasher>>,
}

impl<K: Hash + Eq, V> Default for HashMemo<K, V> {
    fn default() -> Self {
        Self::new()
    }
}

impl<K: Hash + Eq, V> HashMemo<K, V> {
    /// An empty memo.
    ///
    /// # Complexity
    /// O(1).
    ///
    /// # Example
    /// ```
    /// let memo = dp_core::HashMemo::<u64, i32>::new();
    /// assert!(memo.is_empty());
    /// ```
    pub fn new() -> Self {
        HashMemo {
            map: HashMap::default(),
        }
    }

    /// An empty memo with room for `capacity` entries before it grows.
    ///
    /// # Complexity
    /// O(capacity).
    ///
    /// # Example
    /// ```
    /// let memo = dp_core::HashMemo::<u64, i32>::with_capacity(1000);
    /// assert_eq!(memo.len(), 0);
    /// ```
    pub fn with_capacity(capacity: usize) -> Self {
        HashMemo {
            map: HashMap::with_capacity_and_hasher(capacity, Default::default()),
        }
    }

    /// The value stored under `key`.
    ///
    /// # Complexity
    /// O(1) expected.
    ///
    /// # Example
    /// ```
    /// let mut memo = dp_core::HashMemo::new();
    /// memo.insert((1u8, 2u8), 'a');
    /// assert_eq!(memo.get(&(1, 2)), Some(&'a'));
    /// ```
    #[inline]
    pub fn get(&self, key: &K) -> Option<&V> {
        self.map.get(key)
    }

    /// Stores `value` under `key`, returning the value it replaces.
    ///
    /// # Complexity
    /// O(1) expected, amortised.
    ///
    /// # Example
    /// ```
    /// let mut memo = dp_core::HashMemo::new();
    /// assert_eq!(memo.insert(1u32, 1u32), None);
    /// assert_eq!(memo.insert(1u32, 2u32), Some(1));
    /// ```
    #[inline]
    pub fn insert(&mut self, key: K, value: V) -> Option<V> {
        self.map.insert(key, value)
    }

    /// The value under `key`, computed by `f` and stored if absent.
    ///
    /// # Complexity
    /// O(1) expected, amortised, plus one call of `f` when absent.
    ///
    /// # Example
    /// ```
    /// let mut memo = dp_core::HashMemo::new();
    /// assert_eq!(*memo.get_or_insert_with(5u64, || 25u64), 25);
    /// assert_eq!(*memo.get_or_insert_with(5u64, || 0u64), 25);
    /// ```
    #[inline]
    pub fn get_or_insert_with<F: FnOnce() -> V>(&mut self, key: K, f: F) -> &V {
        self.map.entry(key).or_insert_with(f)
    }

    /// The number of stored entries.
    ///
    /// # Complexity
    /// O(1).
    ///
    /// # Example
    /// ```
    /// let mut memo = dp_core::HashMemo::new();
    /// memo.insert(0u8, ());
    /// assert_eq!(memo.len(), 1);
    /// ```
    pub fn len(&self) -> usize {
        self.map.len()
    }

    /// Whether nothing is stored.
    ///
    /// # Complexity
    /// O(1).
    ///
    /// # Example
    /// ```
    /// assert!(dp_core::HashMemo::<u8, u8>::new().is_empty());
    /// ```
    pub fn is_empty(&self) -> bool {
        self.map.is_empty()
    }

    /// Forgets every entry, keeping the allocation.
    ///
    /// # Complexity
    /// O(capacity).
    ///
    /// # Example
    /// ```
    /// let mut memo = dp_core::HashMemo::new();
    /// memo.insert(0u8, ());
    /// memo.clear();
    /// assert!(memo.is_empty());
    /// ```
    pub fn clear(&mut self) {
        self.map.clear();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fast_hasher_separates_neighbouring_keys() {
        let hash = |x: u64| {
            let mut h = FastHasher::default();
            h.write_u64(x);
            h.finish()
        };
        assert_ne!(hash(12345), hash(12346));
    }
    use std::collections::HashSet;

    #[test]
    fn memo_round_trips_many_keys() {
        let mut memo = HashMemo::new();
        for k in 0..10_000u64 {
            memo.insert(k * 12 + 7, k);
        }
        assert_eq!(memo.len(), 10_000);
        for k in 0..10_000u64 {
            assert_eq!(memo.get(&(k * 12 + 7)), Some(&k));
            assert_eq!(memo.get(&(k * 12 + 8)), None);
        }
    }

    #[test]
    fn low_bits_spread_for_strided_keys() {
        // Keys that differ only in high bits (mixed-radix states) must still land in many
        // buckets: count distinct low 10 bits over 4096 keys spaced 2^20 apart.
        let lows: HashSet<u64> = (0..4096u64)
            .map(|k| {
                let mut h = FastHasher::default();
                h.write_u64(k << 20);
                h.finish() & 1023
            })
            .collect();
        assert!(lows.len() > 900, "only {} distinct buckets", lows.len());
    }
}

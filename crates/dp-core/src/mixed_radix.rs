//! Mixed-radix numbers: a tuple of bounded digits packed into one integer.

/// Packs digits `d[0], d[1], ...` with `d[i] < radix[i]` into one `u64`; digit 0 is the most
/// significant, as when row lengths of a board are written in base `cols + 1`.
///
/// # Constraints
/// The product of the radices fits in `u64`; every radix is at least 1.
///
/// # Example
/// ```
/// use dp_core::MixedRadix;
/// let rows = MixedRadix::uniform(3, 11); // three row lengths, each 0..=10
/// let code = rows.encode(&[10, 4, 0]);
/// assert_eq!(code, 10 * 121 + 4 * 11);
/// assert_eq!(rows.digit(code, 1), 4);
/// assert_eq!(rows.with_digit(code, 2, 3), rows.encode(&[10, 4, 3]));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MixedRadix {
    radices: Vec<u64>,
    /// `place[i]` = product of the radices after digit i.
    place: Vec<u64>,
    total: u64,
}

impl MixedRadix {
    /// Digits with the given radices, most significant first.
    ///
    /// # Panics
    /// If a radix is 0 or the product of the radices overflows `u64`.
    ///
    /// # Complexity
    /// O(number of digits).
    ///
    /// # Example
    /// ```
    /// let r = dp_core::MixedRadix::new(&[2, 3, 4]);
    /// assert_eq!(r.total(), 24);
    /// assert_eq!(r.encode(&[1, 2, 3]), 23);
    /// ```
    pub fn new(radices: &[u64]) -> Self {
        let mut place = vec![1u64; radices.len()];
        let mut total = 1u64;
        for i in (0..radices.len()).rev() {
            assert!(radices[i] > 0, "radix {} is 0", i);
            place[i] = total;
            total = total
                .checked_mul(radices[i])
                .expect("the product of the radices overflows u64");
        }
        MixedRadix {
            radices: radices.to_vec(),
            place,
            total,
        }
    }

    /// `len` digits, each in `0..base`.
    ///
    /// # Panics
    /// If `base` is 0 or `base^len` overflows `u64`.
    ///
    /// # Complexity
    /// O(len).
    ///
    /// # Example
    /// ```
    /// assert_eq!(dp_core::MixedRadix::uniform(10, 11).total(), 11u64.pow(10));
    /// ```
    pub fn uniform(len: usize, base: u64) -> Self {
        Self::new(&vec![base; len])
    }

    /// The number of digits.
    ///
    /// # Complexity
    /// O(1).
    ///
    /// # Example
    /// ```
    /// assert_eq!(dp_core::MixedRadix::uniform(4, 2).len(), 4);
    /// ```
    pub fn len(&self) -> usize {
        self.radices.len()
    }

    /// Whether there are no digits (the only code is 0).
    ///
    /// # Complexity
    /// O(1).
    ///
    /// # Example
    /// ```
    /// assert!(dp_core::MixedRadix::new(&[]).is_empty());
    /// ```
    pub fn is_empty(&self) -> bool {
        self.radices.is_empty()
    }

    /// The number of codes: the product of the radices.
    ///
    /// # Complexity
    /// O(1).
    ///
    /// # Example
    /// ```
    /// assert_eq!(dp_core::MixedRadix::new(&[3, 5]).total(), 15);
    /// ```
    pub fn total(&self) -> u64 {
        self.total
    }

    /// The code of `digits`.
    ///
    /// # Panics
    /// If there are not `len()` digits or one is not below its radix.
    ///
    /// # Complexity
    /// O(len).
    ///
    /// # Example
    /// ```
    /// assert_eq!(dp_core::MixedRadix::new(&[10, 10]).encode(&[4, 2]), 42);
    /// ```
    pub fn encode(&self, digits: &[u64]) -> u64 {
        assert_eq!(digits.len(), self.radices.len(), "one digit per radix");
        let mut code = 0;
        for (i, &d) in digits.iter().enumerate() {
            assert!(
                d < self.radices[i],
                "digit {} = {} >= {}",
                i,
                d,
                self.radices[i]
            );
            code += d * self.place[i];
        }
        code
    }

    /// Writes the digits of `code` into `digits`.
    ///
    /// # Panics
    /// If `digits.len() != len()` or `code >= total()`.
    ///
    /// # Complexity
    /// O(len).
    ///
    /// # Example
    /// ```
    /// let r = dp_core::MixedRadix::new(&[2, 3, 4]);
    /// let mut d = [0; 3];
    /// r.decode(23, &mut d);
    /// assert_eq!(d, [1, 2, 3]);
    /// ```
    pub fn decode(&self, code: u64, digits: &mut [u64]) {
        assert_eq!(digits.len(), self.radices.len(), "one digit per radix");
        assert!(code < self.total, "code {} >= {}", code, self.total);
        for (i, d) in digits.iter_mut().enumerate() {
            *d = code / self.place[i] % self.radices[i];
        }
    }

    /// Digit `i` of `code`.
    ///
    /// # Panics
    /// If `i >= len()`.
    ///
    /// # Complexity
    /// O(1).
    ///
    /// # Example
    /// ```
    /// assert_eq!(dp_core::MixedRadix::new(&[10, 10, 10]).digit(123, 0), 1);
    /// ```
    #[inline]
    pub fn digit(&self, code: u64, i: usize) -> u64 {
        code / self.place[i] % self.radices[i]
    }

    /// `code` with digit `i` replaced by `value`.
    ///
    /// # Panics
    /// If `i >= len()` or `value >= radix i`.
    ///
    /// # Complexity
    /// O(1).
    ///
    /// # Example
    /// ```
    /// assert_eq!(dp_core::MixedRadix::new(&[10, 10, 10]).with_digit(123, 1, 9), 193);
    /// ```
    #[inline]
    pub fn with_digit(&self, code: u64, i: usize, value: u64) -> u64 {
        assert!(
            value < self.radices[i],
            "digit {} = {} >= {}",
            i,
            value,
            self.radices[i]
        );
        code - self.digit(code, i) * self.place[i] + value * self.place[i]
    }
}

#[cfg(test)]
mod tests {
    use super::MixedRadix;

    #[test]
    fn every_code_round_trips() {
        let r = MixedRadix::new(&[3, 1, 4, 2]);
        let mut digits = [0; 4];
        let mut seen = 0;
        for a in 0..3 {
            for b in 0..1 {
                for c in 0..4 {
                    for d in 0..2 {
                        let code = r.encode(&[a, b, c, d]);
                        assert_eq!(code, seen, "codes follow lexicographic order");
                        r.decode(code, &mut digits);
                        assert_eq!(digits, [a, b, c, d]);
                        seen += 1;
                    }
                }
            }
        }
        assert_eq!(seen, r.total());
    }

    #[test]
    #[should_panic(expected = "digit 1 = 5 >= 5")]
    fn rejects_digit_at_radix() {
        MixedRadix::new(&[9, 5]).encode(&[0, 5]);
    }
}

//! A bottom-up table that keeps only the last few rows: for DPs over positions whose states look
//! a bounded distance ahead (or behind).

/// The rows of a DP over positions `0, 1, 2, ...` where row `p` only needs rows within `W - 1`
/// of `p`: `W` rows in a ring, row `p` stored in slot `p % W`.
///
/// A row is any `Copy` type, typically a fixed-size array or a struct of them, so the caller
/// indexes it with constants and the compiler drops the bounds checks. With `W` a power of two
/// the slot is a mask of `p`. Writing row `p` reuses the slot of row `p - W` (or `p + W`), so an
/// evaluation right to left must read rows `p + 1 ..= p + W - 1` before it overwrites any of them.
/// Nothing is cleared between uses: a caller that starts over decides which rows it reads.
///
/// # Constraints
/// `W >= 1`.
///
/// # Example
/// ```
/// use dp_core::RollingRows;
/// // Fibonacci from the right: f(p) = f(p + 1) + f(p + 2), f(10) = f(11) = 1.
/// let mut rows: RollingRows<[u64; 1], 4> = RollingRows::new([0]);
/// rows.row_mut(11)[0] = 1;
/// rows.row_mut(10)[0] = 1;
/// for p in (0..10).rev() {
///     let next = rows.row(p + 1)[0] + rows.row(p + 2)[0];
///     rows.row_mut(p)[0] = next;
/// }
/// assert_eq!(rows.row(0)[0], 144);
/// ```
#[derive(Clone, Debug)]
pub struct RollingRows<R, const W: usize> {
    rows: [R; W],
}

impl<R: Copy, const W: usize> RollingRows<R, W> {
    /// `W` rows, each `fill`.
    ///
    /// # Panics
    /// If `W` is 0.
    ///
    /// # Complexity
    /// O(W) copies of a row.
    ///
    /// # Example
    /// ```
    /// let rows = dp_core::RollingRows::<[i32; 3], 2>::new([7; 3]);
    /// assert_eq!(rows.row(5), &[7, 7, 7]);
    /// ```
    pub fn new(fill: R) -> Self {
        assert!(W >= 1, "a rolling table needs at least one row");
        RollingRows { rows: [fill; W] }
    }

    /// The row of position `pos`: whatever was last written to a position congruent to `pos`
    /// modulo `W`.
    ///
    /// # Complexity
    /// O(1).
    ///
    /// # Example
    /// ```
    /// let mut rows = dp_core::RollingRows::<u8, 2>::new(0);
    /// *rows.row_mut(3) = 9;
    /// assert_eq!((*rows.row(3), *rows.row(5), *rows.row(4)), (9, 9, 0));
    /// ```
    #[inline]
    pub fn row(&self, pos: usize) -> &R {
        &self.rows[pos % W]
    }

    /// The row of position `pos`, to write; it replaces the row `W` positions away.
    ///
    /// # Complexity
    /// O(1).
    ///
    /// # Example
    /// ```
    /// let mut rows = dp_core::RollingRows::<[i64; 2], 4>::new([0; 2]);
    /// rows.row_mut(6)[1] = -3;
    /// assert_eq!(rows.row(6), &[0, -3]);
    /// ```
    #[inline]
    pub fn row_mut(&mut self, pos: usize) -> &mut R {
        &mut self.rows[pos % W]
    }
}

#[cfg(test)]
mod tests {
    use super::RollingRows;

    #[test]
    fn matches_a_full_table_when_reads_stay_in_the_window() {
        // dp(p) = max over 1..=3 steps of (value(p + s) - dp(p + s)), as in a take-away game,
        // once with every row kept and once with four.
        let values: Vec<i64> = (0..200).map(|i| (i * 37 % 101) as i64).collect();
        let n = values.len();
        let mut full = vec![0i64; n + 3];
        let mut rolling: RollingRows<i64, 4> = RollingRows::new(0);
        for p in n..n + 3 {
            *rolling.row_mut(p) = 0;
        }
        for p in (0..n).rev() {
            let value = |q: usize| if q < n { values[q] } else { 0 };
            full[p] = (1..=3).map(|s| value(p + s) - full[p + s]).max().unwrap();
            let best = (1..=3)
                .map(|s| value(p + s) - *rolling.row(p + s))
                .max()
                .unwrap();
            *rolling.row_mut(p) = best;
            assert_eq!(*rolling.row(p), full[p], "position {}", p);
        }
    }

    #[test]
    #[should_panic(expected = "at least one row")]
    fn rejects_zero_rows() {
        RollingRows::<u8, 0>::new(0);
    }
}

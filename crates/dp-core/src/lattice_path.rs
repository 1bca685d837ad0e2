//! Lattice paths (contours) of staircase shapes, ranked densely by binomial coefficients.

/// The staircase shapes (Young diagrams) inside a `rows` x `cols` box, as lattice paths.
///
/// A shape's boundary, walked from the bottom-left corner of the box to the top-right one, is a
/// path of `rows` up-steps and `cols` right-steps. Bit `p` of a mask is step `p`: 1 for up, 0 for
/// right. The empty shape is `rows` ups then `cols` rights (ones in the low bits); the full box is
/// the reverse. Adding one cell turns an up-right corner ("1" at `p`, "0" at `p + 1`) into
/// right-up: the one moves from `p` to `p + 1`.
///
/// Masks are ranked in colexicographic order of their ones: the `k`-th one (from 1) at position
/// `p_k` contributes C(p_k, k). Ranks are dense in `0..C(rows + cols, rows)`, the empty shape has
/// rank 0, the full box the last rank, and adding a cell with the `j`-th one at `p` raises the rank
/// by exactly C(p, j - 1). So every move goes to a larger rank, and evaluating ranks from the last
/// down to 0 is a valid bottom-up order for any game that only adds cells.
///
/// # Constraints
/// `rows + cols <= 62`, and the number of shapes must fit in `u64`. Every move's `slot` is below
/// [`LatticePath::SLOTS`].
///
/// # Example
/// ```
/// use dp_core::LatticePath;
/// let shapes = LatticePath::new(2, 3);
/// assert_eq!(shapes.count(), 10);
/// let empty = shapes.unrank(0);
/// assert_eq!(empty, 0b00011);
/// let mv = shapes.moves(empty).next().unwrap();
/// assert_eq!(shapes.cell(mv), (0, 0));
/// assert_eq!(shapes.rank(mv.child), mv.rank_delta);
/// ```
#[derive(Clone, Debug)]
pub struct LatticePath {
    rows: usize,
    cols: usize,
    /// `binom[p * stride + k]` = C(p, k) for p <= rows + cols, k <= rows.
    binom: Vec<u64>,
    /// `deltas[p * stride + j]` = C(p, j - 1): the rank delta of the j-th one stepping from p.
    /// A fixed-size array, indexed by `slot % SLOTS`, so the inner loop has no bounds check.
    deltas: Box<[u64; LatticePath::SLOTS]>,
    stride: usize,
}

/// One legal move of a lattice path: the one at `pos` steps to `pos + 1` (one cell is added).
///
/// # Example
/// ```
/// let shapes = dp_core::LatticePath::new(1, 1);
/// let mv = shapes.moves(0b01).next().unwrap();
/// assert_eq!((mv.pos, mv.index, mv.child, mv.rank_delta, mv.slot), (0, 1, 0b10, 1, 1));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PathMove {
    /// Position of the moving one (an up-step followed by a right-step).
    pub pos: u32,
    /// Which one it is, counted from 1 at the lowest position.
    pub index: u32,
    /// The mask after the move.
    pub child: u64,
    /// rank(child) - rank(mask) = C(pos, index - 1).
    pub rank_delta: u64,
    /// `pos * (rows + 1) + index`: a dense number in `0..(rows + cols) * (rows + 1)` for the
    /// kind of move, so that per-move data (the cell's value, say) sits in a flat table. Always
    /// below [`LatticePath::SLOTS`]: a table of that fixed size, indexed by `slot % SLOTS`,
    /// needs no bounds check in the inner loop.
    pub slot: usize,
}

impl LatticePath {
    /// A bound on every [`PathMove::slot`] of any box (62 * 63 < 4096), so per-move tables can
    /// be fixed-size arrays.
    ///
    /// # Example
    /// ```
    /// use dp_core::LatticePath;
    /// let shapes = LatticePath::new(14, 14);
    /// let mut gain = [0i32; LatticePath::SLOTS];
    /// for mv in shapes.moves(shapes.unrank(0)) {
    ///     gain[mv.slot % LatticePath::SLOTS] += 1; // `%` of a power of two: no bounds check
    /// }
    /// assert_eq!(gain.iter().sum::<i32>(), 1);
    /// ```
    pub const SLOTS: usize = 4096;

    /// The shapes in a `rows` x `cols` box.
    ///
    /// # Panics
    /// If `rows + cols > 62` or C(rows + cols, rows) overflows `u64`.
    ///
    /// # Complexity
    /// O((rows + cols) * rows).
    ///
    /// # Example
    /// ```
    /// assert_eq!(dp_core::LatticePath::new(10, 10).count(), 184_756);
    /// ```
    pub fn new(rows: usize, cols: usize) -> Self {
        let len = rows + cols;
        assert!(
            len <= 62,
            "a lattice path has at most 62 steps, got {}",
            len
        );
        let stride = rows + 1;
        let mut binom = vec![0u64; (len + 1) * stride];
        for p in 0..=len {
            binom[p * stride] = 1;
            for k in 1..=rows.min(p) {
                let above = binom[(p - 1) * stride + k - 1];
                let left = if k < p {
                    binom[(p - 1) * stride + k]
                } else {
                    0
                };
                binom[p * stride + k] = above
                    .checked_add(left)
                    .expect("the number of lattice paths overflows u64");
            }
        }
        let mut deltas = Box::new([0u64; LatticePath::SLOTS]);
        for p in 0..=len {
            for j in 1..=rows {
                deltas[p * stride + j] = binom[p * stride + j - 1];
            }
        }
        LatticePath {
            rows,
            cols,
            binom,
            deltas,
            stride,
        }
    }

    /// Rows of the box: the number of ones in every mask.
    ///
    /// # Complexity
    /// O(1).
    ///
    /// # Example
    /// ```
    /// assert_eq!(dp_core::LatticePath::new(3, 4).rows(), 3);
    /// ```
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// Columns of the box: the number of zeros in every mask.
    ///
    /// # Complexity
    /// O(1).
    ///
    /// # Example
    /// ```
    /// assert_eq!(dp_core::LatticePath::new(3, 4).cols(), 4);
    /// ```
    pub fn cols(&self) -> usize {
        self.cols
    }

    /// The number of shapes, C(rows + cols, rows).
    ///
    /// # Complexity
    /// O(1).
    ///
    /// # Example
    /// ```
    /// assert_eq!(dp_core::LatticePath::new(14, 14).count(), 40_116_600);
    /// ```
    pub fn count(&self) -> u64 {
        self.binomial(self.rows + self.cols, self.rows)
    }

    /// C(p, k) for `p <= rows + cols` and `k <= rows`.
    ///
    /// # Panics
    /// If `p` or `k` is outside those bounds.
    ///
    /// # Complexity
    /// O(1).
    ///
    /// # Example
    /// ```
    /// assert_eq!(dp_core::LatticePath::new(3, 3).binomial(6, 3), 20);
    /// ```
    #[inline]
    pub fn binomial(&self, p: usize, k: usize) -> u64 {
        assert!(p <= self.rows + self.cols && k <= self.rows);
        self.binom[p * self.stride + k]
    }

    /// The dense rank of `mask` in `0..count()`.
    ///
    /// # Panics
    /// If `mask` has bits at or above `rows + cols` or not exactly `rows` ones.
    ///
    /// # Complexity
    /// O(rows).
    ///
    /// # Example
    /// ```
    /// let shapes = dp_core::LatticePath::new(2, 2);
    /// let ranks: Vec<u64> = [0b0011, 0b0101, 0b0110, 0b1001, 0b1010, 0b1100]
    ///     .iter().map(|&m| shapes.rank(m)).collect();
    /// assert_eq!(ranks, [0, 1, 2, 3, 4, 5]);
    /// ```
    pub fn rank(&self, mask: u64) -> u64 {
        self.check(mask);
        let mut rank = 0;
        let mut rest = mask;
        let mut k = 1;
        while rest != 0 {
            let p = rest.trailing_zeros() as usize;
            rank += self.binom[p * self.stride + k];
            rest &= rest - 1;
            k += 1;
        }
        rank
    }

    /// The mask of rank `rank`.
    ///
    /// # Panics
    /// If `rank >= count()`.
    ///
    /// # Complexity
    /// O(rows + cols).
    ///
    /// # Example
    /// ```
    /// let shapes = dp_core::LatticePath::new(3, 5);
    /// for r in 0..shapes.count() {
    ///     assert_eq!(shapes.rank(shapes.unrank(r)), r);
    /// }
    /// ```
    pub fn unrank(&self, rank: u64) -> u64 {
        assert!(rank < self.count(), "rank {} out of range", rank);
        let mut rest = rank;
        let mut mask = 0u64;
        let mut k = self.rows;
        let mut p = self.rows + self.cols;
        while k > 0 {
            // The k-th one sits at the largest p with C(p, k) <= rest.
            p -= 1;
            while self.binom[p * self.stride + k] > rest {
                p -= 1;
            }
            rest -= self.binom[p * self.stride + k];
            mask |= 1 << p;
            k -= 1;
        }
        mask
    }

    /// The legal moves of `mask`: every up-step directly followed by a right-step.
    ///
    /// # Complexity
    /// O(1) per move (a popcount each).
    ///
    /// # Example
    /// ```
    /// let shapes = dp_core::LatticePath::new(2, 2);
    /// // Rows of lengths 1 (top) and 0: cells (0, 1) and (1, 0) can be added.
    /// let mask = shapes.from_row_lengths(&[1, 0]);
    /// let cells: Vec<_> = shapes.moves(mask).map(|mv| shapes.cell(mv)).collect();
    /// assert_eq!(cells, [(1, 0), (0, 1)]);
    /// ```
    #[inline]
    pub fn moves(&self, mask: u64) -> Moves<'_> {
        let len = self.rows + self.cols;
        let inner = if len == 0 { 0 } else { (1u64 << (len - 1)) - 1 };
        Moves {
            paths: self,
            mask,
            corners: mask & !(mask >> 1) & inner,
        }
    }

    /// The cell `(row, col)` (0-based, row 0 at the top) that `mv` adds.
    ///
    /// # Complexity
    /// O(1).
    ///
    /// # Example
    /// ```
    /// let shapes = dp_core::LatticePath::new(3, 3);
    /// let mv = shapes.moves(shapes.unrank(0)).next().unwrap();
    /// assert_eq!(shapes.cell(mv), (0, 0));
    /// ```
    #[inline]
    pub fn cell(&self, mv: PathMove) -> (usize, usize) {
        let j = mv.index as usize;
        (self.rows - j, mv.pos as usize + 1 - j)
    }

    /// The number of cells in the shape of `mask`.
    ///
    /// # Complexity
    /// O(1).
    ///
    /// # Example
    /// ```
    /// let shapes = dp_core::LatticePath::new(2, 3);
    /// assert_eq!(shapes.cells(shapes.from_row_lengths(&[3, 1])), 4);
    /// ```
    #[inline]
    pub fn cells(&self, mask: u64) -> usize {
        // Each one at position p has p - (its index - 1) zeros below it: the length of its row.
        let mut sum = 0u64;
        for (bit, selector) in [
            0xAAAA_AAAA_AAAA_AAAAu64,
            0xCCCC_CCCC_CCCC_CCCC,
            0xF0F0_F0F0_F0F0_F0F0,
            0xFF00_FF00_FF00_FF00,
            0xFFFF_0000_FFFF_0000,
            0xFFFF_FFFF_0000_0000,
        ]
        .iter()
        .enumerate()
        {
            sum += u64::from((mask & selector).count_ones()) << bit;
        }
        sum as usize - self.rows * self.rows.saturating_sub(1) / 2
    }

    /// The parity of the number of cells in the shape of `mask`: 0 for even, 1 for odd (in
    /// alternating games, whose turn it is).
    ///
    /// # Complexity
    /// O(1), cheaper than [`LatticePath::cells`].
    ///
    /// # Example
    /// ```
    /// let shapes = dp_core::LatticePath::new(3, 3);
    /// let mask = shapes.from_row_lengths(&[3, 2, 0]);
    /// assert_eq!(shapes.cells_parity(mask), 1);
    /// ```
    #[inline]
    pub fn cells_parity(&self, mask: u64) -> usize {
        // cells = (sum of the ones' positions) - rows * (rows - 1) / 2; the sum's parity is that
        // of the number of ones at odd positions.
        let odd = crate::popcount(mask & 0xAAAA_AAAA_AAAA_AAAA) as usize;
        (odd + self.rows * self.rows.saturating_sub(1) / 2) & 1
    }

    /// The mask of the shape whose row lengths (top row first) are `lengths`.
    ///
    /// # Panics
    /// If there are not `rows` lengths, one exceeds `cols`, or they are not non-increasing.
    ///
    /// # Complexity
    /// O(rows).
    ///
    /// # Example
    /// ```
    /// let shapes = dp_core::LatticePath::new(2, 3);
    /// assert_eq!(shapes.from_row_lengths(&[0, 0]), 0b00011);
    /// assert_eq!(shapes.from_row_lengths(&[3, 3]), 0b11000);
    /// ```
    pub fn from_row_lengths(&self, lengths: &[usize]) -> u64 {
        assert_eq!(lengths.len(), self.rows, "one length per row");
        let mut mask = 0u64;
        // The bottom row's up-step comes first; the k-th up-step (from 0) follows as many
        // right-steps as row rows-1-k is long.
        for k in 0..self.rows {
            let length = lengths[self.rows - 1 - k];
            assert!(length <= self.cols, "row length {} > {}", length, self.cols);
            if k > 0 {
                assert!(
                    length >= lengths[self.rows - k],
                    "row lengths must not increase downwards"
                );
            }
            mask |= 1 << (length + k);
        }
        mask
    }

    /// The row lengths (top row first) of the shape of `mask`.
    ///
    /// # Panics
    /// If `mask` is not a valid path.
    ///
    /// # Complexity
    /// O(rows).
    ///
    /// # Example
    /// ```
    /// let shapes = dp_core::LatticePath::new(3, 4);
    /// let mask = shapes.from_row_lengths(&[4, 2, 2]);
    /// assert_eq!(shapes.row_lengths(mask), [4, 2, 2]);
    /// ```
    pub fn row_lengths(&self, mask: u64) -> Vec<usize> {
        self.check(mask);
        let mut lengths = vec![0; self.rows];
        let mut rest = mask;
        for k in 0..self.rows {
            let p = rest.trailing_zeros() as usize;
            lengths[self.rows - 1 - k] = p - k;
            rest &= rest - 1;
        }
        lengths
    }

    /// Every mask with its rank, from the last rank (the full box) down to 0 (the empty shape):
    /// children before parents.
    ///
    /// # Complexity
    /// O(1) per mask.
    ///
    /// # Example
    /// ```
    /// let shapes = dp_core::LatticePath::new(2, 2);
    /// let order: Vec<(u64, u64)> = shapes.descending().collect();
    /// assert_eq!(order[0], (5, 0b1100));
    /// assert_eq!(order[5], (0, 0b0011));
    /// assert!(order.iter().all(|&(r, m)| shapes.rank(m) == r));
    /// ```
    pub fn descending(&self) -> Descending {
        let len = self.rows + self.cols;
        Descending {
            zeros: (1u64 << self.cols) - 1,
            full: (1u64 << len) - 1,
            next_rank: self.count(),
        }
    }

    fn check(&self, mask: u64) {
        let len = self.rows + self.cols;
        assert!(
            mask >> len == 0 && mask.count_ones() as usize == self.rows,
            "{:#b} is not a path of {} ups and {} rights",
            mask,
            self.rows,
            self.cols
        );
    }
}

/// A de Bruijn sequence: the top 6 bits of `DE_BRUIJN << p` differ for every p in 0..64.
const DE_BRUIJN: u64 = 0x03f7_9d71_b4cb_0a89;

/// `DE_BRUIJN_POSITION[(1 << p) * DE_BRUIJN >> 58] = p`.
static DE_BRUIJN_POSITION: [u8; 64] = de_bruijn_positions();

const fn de_bruijn_positions() -> [u8; 64] {
    let mut table = [0u8; 64];
    let mut p = 0;
    while p < 64 {
        table[((1u64 << p).wrapping_mul(DE_BRUIJN) >> 58) as usize] = p as u8;
        p += 1;
    }
    table
}

/// The position of the one bit of `low` (a power of two), without `trailing_zeros`.
///
/// Why not `trailing_zeros`: for baseline x86-64 (no BMI1), rustc 1.63 (LLVM 14) emits a plain
/// `bsf`, which the CPU treats as reading its destination register (it keeps it when the input
/// is 0). In the move loop that register last held `gain - value[child]`, so every `bsf` waited
/// for the previous child's load: the cache misses on a large value table ran one at a time,
/// where current rustc emits `tzcnt` (no such dependency on AMD and recent Intel) for the same
/// code. A multiply and a 64-byte table have no hidden input; current rustc recognises the
/// idiom and emits `tzcnt` again, so it costs nothing there.
#[inline]
fn lowest_bit_position(low: u64) -> u32 {
    u32::from(DE_BRUIJN_POSITION[(low.wrapping_mul(DE_BRUIJN) >> 58) as usize])
}

/// Iterator over the moves of a mask; see [`LatticePath::moves`].
///
/// # Example
/// ```
/// let shapes = dp_core::LatticePath::new(2, 2);
/// assert_eq!(shapes.moves(0b0101).count(), 2);
/// ```
#[derive(Clone, Debug)]
pub struct Moves<'a> {
    paths: &'a LatticePath,
    mask: u64,
    corners: u64,
}

impl Iterator for Moves<'_> {
    type Item = PathMove;

    #[inline]
    fn next(&mut self) -> Option<PathMove> {
        if self.corners == 0 {
            return None;
        }
        let low = self.corners & self.corners.wrapping_neg();
        self.corners ^= low;
        let pos = lowest_bit_position(low);
        let index = crate::popcount(self.mask & ((low << 1) - 1));
        let slot = pos as usize * self.paths.stride + index as usize;
        Some(PathMove {
            pos,
            index,
            child: self.mask ^ (3u64 << pos),
            rank_delta: self.paths.deltas[slot % LatticePath::SLOTS],
            slot,
        })
    }
}

/// Iterator over `(rank, mask)` from the last rank down; see [`LatticePath::descending`].
///
/// # Example
/// ```
/// assert_eq!(dp_core::LatticePath::new(0, 3).descending().collect::<Vec<_>>(), [(0, 0)]);
/// ```
#[derive(Clone, Debug)]
pub struct Descending {
    /// The complement of the current mask: its zeros, which rise in colex order while the
    /// mask's rank falls.
    zeros: u64,
    full: u64,
    next_rank: u64,
}

impl Iterator for Descending {
    type Item = (u64, u64);

    #[inline]
    fn next(&mut self) -> Option<(u64, u64)> {
        if self.next_rank == 0 {
            return None;
        }
        self.next_rank -= 1;
        let mask = !self.zeros & self.full;
        if self.next_rank > 0 {
            // Gosper's hack: the next larger number with as many ones as `zeros`.
            let y = self.zeros;
            let t = y | (y - 1);
            let shift = lowest_bit_position(y & y.wrapping_neg()) + 1;
            self.zeros = (t + 1) | (((!t & (t + 1)) - 1) >> shift);
        }
        Some((self.next_rank, mask))
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.next_rank as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for Descending {}

#[cfg(test)]
mod tests {
    use super::*;

    fn brute_masks(rows: usize, cols: usize) -> Vec<u64> {
        (0u64..1 << (rows + cols))
            .filter(|m| m.count_ones() as usize == rows)
            .collect()
    }

    #[test]
    fn rank_is_the_colex_position() {
        for rows in 0..=5 {
            for cols in 0..=5 {
                let shapes = LatticePath::new(rows, cols);
                let masks = brute_masks(rows, cols);
                assert_eq!(masks.len() as u64, shapes.count());
                for (r, &m) in masks.iter().enumerate() {
                    assert_eq!(shapes.rank(m), r as u64);
                    assert_eq!(shapes.unrank(r as u64), m);
                }
                let desc: Vec<_> = shapes.descending().collect();
                let expected: Vec<_> = masks
                    .iter()
                    .enumerate()
                    .rev()
                    .map(|(r, &m)| (r as u64, m))
                    .collect();
                assert_eq!(desc, expected, "{}x{}", rows, cols);
            }
        }
    }

    #[test]
    fn moves_add_exactly_the_addable_cells() {
        let shapes = LatticePath::new(4, 3);
        for m in brute_masks(4, 3) {
            let lengths = shapes.row_lengths(m);
            assert_eq!(shapes.from_row_lengths(&lengths), m);
            assert_eq!(shapes.cells(m), lengths.iter().sum::<usize>());
            assert_eq!(shapes.cells_parity(m), shapes.cells(m) % 2);
            // A cell (r, c) is addable iff it is the first empty one in its row and the row
            // above (if any) is longer.
            let mut expected: Vec<(usize, usize)> = (0..4)
                .filter(|&r| lengths[r] < 3 && (r == 0 || lengths[r - 1] > lengths[r]))
                .map(|r| (r, lengths[r]))
                .collect();
            let mut got: Vec<(usize, usize)> = Vec::new();
            for mv in shapes.moves(m) {
                let (r, c) = shapes.cell(mv);
                got.push((r, c));
                let mut child = lengths.clone();
                child[r] += 1;
                assert_eq!(shapes.from_row_lengths(&child), mv.child);
                assert_eq!(shapes.rank(mv.child), shapes.rank(m) + mv.rank_delta);
            }
            expected.sort();
            got.sort();
            assert_eq!(got, expected);
        }
    }

    #[test]
    fn lowest_bit_position_is_trailing_zeros() {
        for p in 0..64 {
            assert_eq!(lowest_bit_position(1u64 << p), p);
        }
    }

    #[test]
    fn slots_stay_below_the_bound_in_the_largest_boxes() {
        for (rows, cols) in [(31, 31), (61, 1), (1, 61), (62, 0)] {
            let shapes = LatticePath::new(rows, cols);
            let last = (rows + cols).saturating_sub(1) * (rows + 1) + rows;
            assert!(last < LatticePath::SLOTS, "{}x{}", rows, cols);
            for mask in [shapes.unrank(0), shapes.unrank(shapes.count() / 2)] {
                for mv in shapes.moves(mask) {
                    assert!(mv.slot < LatticePath::SLOTS);
                    assert_eq!(
                        mv.rank_delta,
                        shapes.binomial(mv.pos as usize, mv.index as usize - 1)
                    );
                }
            }
        }
    }

    #[test]
    fn large_boxes_rank_at_the_ends() {
        let shapes = LatticePath::new(14, 14);
        assert_eq!(shapes.rank(shapes.from_row_lengths(&[0; 14])), 0);
        assert_eq!(
            shapes.rank(shapes.from_row_lengths(&[14; 14])),
            shapes.count() - 1
        );
    }
}

//! Two pieces on a row of cells, seen from between them: the gap and the occupancy of the cells
//! the gap spans, with a dense index.

/// Two pieces on a row of cells, `gap` cells apart, with the occupancy of the `gap - 1` cells
/// strictly between them as a bit mask: bit `i` is the cell `back + 1 + i`.
///
/// Games where pieces only move right, onto cells never occupied before, need no more than this
/// about the cells between two pieces: cells behind the back piece are out of reach, cells beyond
/// the front piece have never been occupied. The pairs with gaps `1..=g` are indexed densely in
/// `0..2^g - 1`: gap `d` takes the block that starts at `2^(d-1) - 1`, and the mask is the offset
/// inside it, so `index = (2^(d-1) - 1) + mask`.
///
/// # Constraints
/// `1 <= gap <= 31` ([`GapMask::MAX_GAP`]), so every index fits in 31 bits.
///
/// # Example
/// ```
/// use p16531_jump_duel::gap_mask::GapMask;
/// // Back piece on cell 10, front piece on 14, cell 12 occupied.
/// let state = GapMask::new(4, 0b010);
/// assert_eq!(state.index(), 7 + 0b010); // gaps 1..=3 take indices 0..7
/// assert_eq!(GapMask::from_index(9), state);
/// // The front piece jumps 2 right: its old cell joins the mask.
/// assert_eq!(state.advance_front(2), GapMask::new(6, 0b01010));
/// // The back piece steps onto cell 11: the mask drops the cells it passed.
/// assert_eq!(state.advance_back(1), GapMask::new(3, 0b01));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct GapMask {
    gap: u32,
    mask: u32,
}

impl GapMask {
    /// The largest gap the encoding holds: its mask has 30 bits and its index 31.
    ///
    /// # Example
    /// ```
    /// use p16531_jump_duel::gap_mask::GapMask;
    /// assert_eq!(GapMask::count(GapMask::MAX_GAP), (1 << 31) - 1);
    /// ```
    pub const MAX_GAP: u32 = 31;

    /// The pair of a gap and the mask of the `gap - 1` cells between.
    ///
    /// # Panics
    /// If `gap` is 0 or above [`GapMask::MAX_GAP`], or `mask` has a bit at `gap - 1` or above.
    ///
    /// # Complexity
    /// O(1).
    ///
    /// # Example
    /// ```
    /// let s = p16531_jump_duel::gap_mask::GapMask::new(3, 0b11);
    /// assert_eq!((s.gap(), s.mask()), (3, 0b11));
    /// ```
    pub const fn new(gap: u32, mask: u32) -> GapMask {
        assert!(gap >= 1 && gap <= Self::MAX_GAP, "gap out of 1..=31");
        assert!(mask >> (gap - 1) == 0, "mask has a bit outside the gap");
        GapMask { gap, mask }
    }

    /// The distance from the back piece to the front piece.
    ///
    /// # Complexity
    /// O(1).
    ///
    /// # Example
    /// ```
    /// assert_eq!(p16531_jump_duel::gap_mask::GapMask::new(5, 0).gap(), 5);
    /// ```
    #[inline]
    pub const fn gap(self) -> u32 {
        self.gap
    }

    /// The occupancy of the cells between: bit `i` is the cell `back + 1 + i`.
    ///
    /// # Complexity
    /// O(1).
    ///
    /// # Example
    /// ```
    /// assert_eq!(p16531_jump_duel::gap_mask::GapMask::new(5, 0b1001).mask(), 0b1001);
    /// ```
    #[inline]
    pub const fn mask(self) -> u32 {
        self.mask
    }

    /// How many pairs have a gap in `1..=max_gap`: `2^max_gap - 1`, the length of a table
    /// indexed by [`GapMask::index`].
    ///
    /// # Panics
    /// If `max_gap` is above [`GapMask::MAX_GAP`].
    ///
    /// # Complexity
    /// O(1).
    ///
    /// # Example
    /// ```
    /// // Gaps 1..=5: 1 + 2 + 4 + 8 + 16 pairs.
    /// assert_eq!(p16531_jump_duel::gap_mask::GapMask::count(5), 31);
    /// ```
    pub const fn count(max_gap: u32) -> usize {
        assert!(max_gap <= Self::MAX_GAP, "gap out of 1..=31");
        (1usize << max_gap) - 1
    }

    /// The dense index `(2^(gap-1) - 1) + mask`, below [`GapMask::count`]`(gap)`.
    ///
    /// # Complexity
    /// O(1).
    ///
    /// # Example
    /// ```
    /// use p16531_jump_duel::gap_mask::GapMask;
    /// assert_eq!(GapMask::new(1, 0).index(), 0);
    /// assert_eq!(GapMask::new(2, 1).index(), 2);
    /// assert_eq!(GapMask::new(5, 0b1111).index(), GapMask::count(5) - 1);
    /// ```
    #[inline]
    pub const fn index(self) -> usize {
        ((1usize << (self.gap - 1)) - 1) + self.mask as usize
    }

    /// The pair whose [`GapMask::index`] is `index`.
    ///
    /// # Panics
    /// If `index >= GapMask::count(GapMask::MAX_GAP)`.
    ///
    /// # Complexity
    /// O(1).
    ///
    /// # Example
    /// ```
    /// use p16531_jump_duel::gap_mask::GapMask;
    /// for i in 0..GapMask::count(6) {
    ///     assert_eq!(GapMask::from_index(i).index(), i);
    /// }
    /// ```
    pub const fn from_index(index: usize) -> GapMask {
        assert!(
            index < Self::count(Self::MAX_GAP),
            "index beyond the largest gap"
        );
        // index + 1 lies in [2^(gap-1), 2^gap): its highest bit is gap - 1.
        let block = index + 1;
        let gap = usize::BITS - block.leading_zeros();
        GapMask {
            gap,
            mask: (block - (1usize << (gap - 1))) as u32,
        }
    }

    /// Whether the cell `back + offset` between the pieces is occupied.
    ///
    /// # Panics
    /// If `offset` is not in `1..gap`.
    ///
    /// # Complexity
    /// O(1).
    ///
    /// # Example
    /// ```
    /// let s = p16531_jump_duel::gap_mask::GapMask::new(4, 0b100);
    /// assert!(!s.is_occupied(1) && !s.is_occupied(2) && s.is_occupied(3));
    /// ```
    #[inline]
    pub const fn is_occupied(self, offset: u32) -> bool {
        assert!(offset >= 1 && offset < self.gap, "offset outside the gap");
        self.mask >> (offset - 1) & 1 == 1
    }

    /// The pair after the front piece moves `k` cells right: the cell it leaves stays occupied,
    /// the `k - 1` cells it jumps over are free.
    ///
    /// # Panics
    /// If `k` is 0 or the new gap is above [`GapMask::MAX_GAP`].
    ///
    /// # Complexity
    /// O(1).
    ///
    /// # Example
    /// ```
    /// let s = p16531_jump_duel::gap_mask::GapMask::new(1, 0);
    /// assert_eq!(s.advance_front(3), p16531_jump_duel::gap_mask::GapMask::new(4, 0b001));
    /// ```
    #[inline]
    pub const fn advance_front(self, k: u32) -> GapMask {
        assert!(k >= 1, "a move goes at least one cell");
        GapMask::new(self.gap + k, self.mask | 1 << (self.gap - 1))
    }

    /// The pair after the back piece moves `j` cells right onto a free cell before the front
    /// piece: the cells up to its landing cell fall behind and drop out of the mask.
    ///
    /// # Panics
    /// If `j` is not in `1..gap` or the landing cell is occupied.
    ///
    /// # Complexity
    /// O(1).
    ///
    /// # Example
    /// ```
    /// let s = p16531_jump_duel::gap_mask::GapMask::new(5, 0b1010);
    /// assert_eq!(s.advance_back(3), p16531_jump_duel::gap_mask::GapMask::new(2, 0b1));
    /// ```
    #[inline]
    pub const fn advance_back(self, j: u32) -> GapMask {
        assert!(!self.is_occupied(j), "the landing cell is occupied");
        GapMask::new(self.gap - j, self.mask >> j)
    }

    /// The nearest free cell between the pieces within `max_step` of the back piece, as an
    /// offset from it, or `None`.
    ///
    /// # Complexity
    /// O(min(max_step, gap)).
    ///
    /// # Example
    /// ```
    /// let s = p16531_jump_duel::gap_mask::GapMask::new(6, 0b10011);
    /// assert_eq!(s.first_free(4), Some(3));
    /// assert_eq!(s.first_free(2), None);
    /// ```
    pub const fn first_free(self, max_step: u32) -> Option<u32> {
        let mut offset = 1;
        while offset <= max_step && offset < self.gap {
            if !self.is_occupied(offset) {
                return Some(offset);
            }
            offset += 1;
        }
        None
    }

    /// The free cells between the pieces that the back piece can visit, moving right at most
    /// `max_step` cells at a time onto free cells only, without passing the front piece: a mask
    /// like [`GapMask::mask`]. Stepping onto the nearest free cell each time visits all of them.
    ///
    /// # Complexity
    /// O(gap).
    ///
    /// # Example
    /// ```
    /// // Cells 1..=3 free, 4..=7 occupied, 8 free: four occupied cells in a row stop steps of 4.
    /// let s = p16531_jump_duel::gap_mask::GapMask::new(9, 0b0111_1000);
    /// assert_eq!(s.reachable(4), 0b0000_0111);
    /// assert_eq!(s.reachable(5), 0b1000_0111);
    /// ```
    pub const fn reachable(self, max_step: u32) -> u32 {
        let mut cells = 0;
        let mut from = 0;
        let mut offset = 1;
        while offset < self.gap && offset - from <= max_step {
            if !self.is_occupied(offset) {
                cells |= 1 << (offset - 1);
                from = offset;
            }
            offset += 1;
        }
        cells
    }
}

#[cfg(test)]
mod tests {
    use super::GapMask;

    #[test]
    fn index_is_a_bijection_onto_a_prefix() {
        let mut next = 0;
        for gap in 1..=12 {
            for mask in 0..1u32 << (gap - 1) {
                let s = GapMask::new(gap, mask);
                assert_eq!(s.index(), next, "gap {} mask {:b}", gap, mask);
                assert_eq!(GapMask::from_index(next), s);
                next += 1;
            }
            assert_eq!(next, GapMask::count(gap));
        }
        let last = GapMask::new(31, (1 << 30) - 1);
        assert_eq!(last.index(), GapMask::count(31) - 1);
        assert_eq!(GapMask::from_index(last.index()), last);
    }

    /// The cells of a row as a set: the back piece at 0, the front at `gap`.
    fn occupied_cells(s: GapMask) -> Vec<u32> {
        (1..s.gap()).filter(|&i| s.is_occupied(i)).collect()
    }

    #[test]
    fn moves_match_a_model_of_absolute_cells() {
        for index in 0..GapMask::count(8) {
            let s = GapMask::from_index(index);
            let cells = occupied_cells(s);
            for k in 1..=4 {
                // The front leaves cell `gap`; nothing else changes in absolute terms.
                let t = s.advance_front(k);
                let mut expected = cells.clone();
                expected.push(s.gap());
                assert_eq!((t.gap(), occupied_cells(t)), (s.gap() + k, expected));
            }
            for j in 1..s.gap() {
                if s.is_occupied(j) {
                    continue;
                }
                // The back moves to j: cells above j keep their absolute place, shifted by j.
                let t = s.advance_back(j);
                let expected: Vec<u32> = cells.iter().filter(|&&c| c > j).map(|c| c - j).collect();
                assert_eq!((t.gap(), occupied_cells(t)), (s.gap() - j, expected));
            }
        }
    }

    #[test]
    fn reachable_matches_a_search() {
        for index in 0..GapMask::count(10) {
            let s = GapMask::from_index(index);
            for max_step in 1..=5 {
                // Breadth-first search over positions 0..gap through free cells.
                let mut seen = vec![false; s.gap() as usize];
                seen[0] = true;
                for from in 0..s.gap() {
                    if !seen[from as usize] {
                        continue;
                    }
                    for to in from + 1..(from + max_step + 1).min(s.gap()) {
                        if !s.is_occupied(to) {
                            seen[to as usize] = true;
                        }
                    }
                }
                let expected = (1..s.gap())
                    .filter(|&i| seen[i as usize])
                    .fold(0, |m, i| m | 1 << (i - 1));
                assert_eq!(s.reachable(max_step), expected, "{:?} step {}", s, max_step);
                let first = (1..s.gap().min(max_step + 1)).find(|&i| !s.is_occupied(i));
                assert_eq!(s.first_free(max_step), first);
            }
        }
    }

    #[test]
    #[should_panic(expected = "mask has a bit outside the gap")]
    fn rejects_a_mask_wider_than_the_gap() {
        GapMask::new(3, 0b100);
    }

    #[test]
    #[should_panic(expected = "the landing cell is occupied")]
    fn rejects_landing_on_an_occupied_cell() {
        GapMask::new(4, 0b010).advance_back(2);
    }
}

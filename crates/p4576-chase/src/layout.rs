//! Where each (white cell, black cell, side to move) lives in the table: a layout that keeps
//! positions close in all four coordinates close in memory.
//!
//! Retrograde analysis drains one layer of positions (all at one distance) after another, and a
//! layer is a thin "surface" through the four-dimensional space of (white row, white column,
//! black row, black column). In a row-major layout a cache line holds 16 black cells of one row
//! for one white cell, so the surface crosses a new line at almost every member. Here the board
//! is cut into t x t tiles (t a power of two, 4 by default); the positions of one (white tile,
//! black tile) pair form a block of `2 t^4` positions (1 KB for t = 4), so most moves stay in
//! the block, and with t = 4 one cache line holds a whole black tile for one white cell.
//!
//! A piece's cell is numbered `tile * t² + (row % t) * t + column % t` with tiles row-major; a
//! board whose side is not a multiple of t gets padding cells, which hold no piece. Position
//! `((white tile * T + black tile) * t² + white's cell in its tile) * t² + black's cell in its
//! tile` for T tiles, plus `cells²` when Black is to move: each side's positions fill one half
//! of the table, so a cache line holds 64 one-byte cells of one side, all of which a layer may
//! visit (a layer's parents are all of one side; with the side as the low bit of the index, half
//! of each line was the other side's, and the 80 x 80 board took 11% longer). Inside a block the
//! order is plain: interleaving the bits of all four coordinates there (Morton order) was no
//! faster on the 80 x 80 board and took three times the code in a judge's file.

/// The layout of the table of one board.
///
/// # Example
/// ```
/// use p4576_chase::layout::Layout;
/// let layout = Layout::new(80);
/// let (w, b) = (layout.cell((3, 70)).unwrap(), layout.cell((79, 0)).unwrap());
/// let pos = layout.index([w, b], 1);
/// assert_eq!(layout.cells_of(pos), [w, b]);
/// assert_eq!(layout.cell((80, 0)), None);
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Layout {
    /// The board side.
    pub(crate) n: usize,
    /// log2 of the cells of a tile.
    log: u32,
    /// Tiles along a side of the board.
    across: usize,
    /// Tiles on the board, T.
    tiles: usize,
    /// floor(2^40 / T) + 1: `block * inverse >> 40` is `block / T` for every block below T^2
    /// (exact while T^3 < 2^40), a multiplication where a division took 2.6% of the time of
    /// the 80 x 80 board and stalled what followed.
    inverse: u64,
    /// The positions of one side to move, `cells()²`.
    pub(crate) half: usize,
}

impl Layout {
    /// The layout of an n x n board with tiles of side 4. On the 80 x 80 board
    /// (`examples/layouts.rs`) tiles of 1, 2, 4, 8, 16 took 3.5, 2.8, 2.3, 2.3, 2.4 s: 4 is as
    /// fast as 8 and pads less (20 and 60 are multiples of 4, not of 8).
    ///
    /// # Complexity
    /// O(1).
    ///
    /// # Example
    /// See [`Layout`].
    pub fn new(n: usize) -> Self {
        Self::with_tile_side(n, 4)
    }

    /// The layout of an n x n board with tiles of side `t`.
    ///
    /// # Panics
    /// If `t` is not a power of two.
    ///
    /// # Complexity
    /// O(1).
    ///
    /// # Example
    /// ```
    /// let layout = p4576_chase::layout::Layout::with_tile_side(5, 4);
    /// assert_eq!(layout.cells(), 64); // padded to 8 x 8
    /// assert_eq!(layout.cell((1, 4)), Some(16 + 4)); // tile 1, its row 1, column 0
    /// assert_eq!(layout.cell((1, 5)), None);
    /// ```
    pub fn with_tile_side(n: usize, t: usize) -> Self {
        assert!(t.is_power_of_two());
        let across = (n + t - 1) / t;
        Layout {
            n,
            log: 2 * t.trailing_zeros(),
            across,
            tiles: across * across,
            inverse: (1 << 40) / (across * across) as u64 + 1,
            half: (across * across * t * t).pow(2),
        }
    }

    /// The board side n.
    ///
    /// # Complexity
    /// O(1).
    ///
    /// # Example
    /// ```
    /// assert_eq!(p4576_chase::layout::Layout::new(6).side(), 6);
    /// ```
    pub fn side(&self) -> usize {
        self.n
    }

    /// The number of cell numbers of one piece, padding included: `(t * ceil(n / t))²`.
    ///
    /// # Complexity
    /// O(1).
    ///
    /// # Example
    /// See [`Layout::with_tile_side`].
    pub fn cells(&self) -> usize {
        self.tiles << self.log
    }

    /// The cell number of a (row, column) pair, 0-based, or `None` off the board.
    ///
    /// # Complexity
    /// O(1).
    ///
    /// # Example
    /// See [`Layout::with_tile_side`].
    pub fn cell(&self, (row, col): (usize, usize)) -> Option<usize> {
        let t = 1 << (self.log / 2);
        (row < self.n && col < self.n)
            .then(|| (row / t * self.across + col / t) << self.log | (row % t * t + col % t))
    }

    /// The position index of White on cell `cells[0]`, Black on `cells[1]`, `to_move` to move
    /// (0 White, 1 Black). It is a sum of a term of each argument, so a move of one piece changes
    /// it by the same amount wherever the other stands.
    ///
    /// # Complexity
    /// O(1).
    ///
    /// # Example
    /// See [`Layout`].
    pub fn index(&self, [w, b]: [usize; 2], to_move: usize) -> usize {
        let low = (1 << self.log) - 1;
        let block = (w >> self.log) * self.tiles + (b >> self.log);
        ((block << self.log | w & low) << self.log | b & low) + to_move * self.half
    }

    /// The side to move in position `pos`: 0 White, 1 Black.
    ///
    /// # Complexity
    /// O(1).
    ///
    /// # Example
    /// ```
    /// let layout = p4576_chase::layout::Layout::new(9);
    /// assert_eq!(layout.side_of(layout.index([3, 5], 1)), 1);
    /// ```
    #[inline]
    pub fn side_of(&self, pos: usize) -> usize {
        (pos >= self.half) as usize
    }

    /// White's and Black's cell numbers in position `pos`.
    ///
    /// # Complexity
    /// O(1): one multiplication.
    ///
    /// # Example
    /// See [`Layout`].
    pub fn cells_of(&self, pos: usize) -> [usize; 2] {
        let q = if pos >= self.half {
            pos - self.half
        } else {
            pos
        };
        let low = (1 << self.log) - 1;
        let block = q >> (2 * self.log);
        let white = ((block as u64 * self.inverse) >> 40) as usize;
        [
            white << self.log | (q >> self.log & low),
            (block - white * self.tiles) << self.log | (q & low),
        ]
    }
}

#[cfg(test)]
mod tests {
    use super::Layout;

    #[test]
    fn index_is_a_bijection_and_decodes() {
        for n in 1..=9 {
            for t in [1, 2, 4, 8, 16] {
                let layout = Layout::with_tile_side(n, t);
                let cells = layout.cells();
                let mut seen = vec![false; 2 * cells * cells];
                for w in 0..cells {
                    for b in 0..cells {
                        for side in 0..2 {
                            let pos = layout.index([w, b], side);
                            assert!(!seen[pos], "n {} t {}: {} twice", n, t, pos);
                            seen[pos] = true;
                            assert_eq!(layout.cells_of(pos), [w, b]);
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn the_multiplication_decodes_every_block_of_the_largest_boards() {
        // cells_of divides the block number by the tile count through a multiplication: check
        // it on every (white tile, black tile) block, corner cells of each, for every tile side.
        for n in [79, crate::MAX_SIDE] {
            for t in [1, 2, 4, 8, 16] {
                let layout = Layout::with_tile_side(n, t);
                let (tiles, last) = (layout.tiles, t * t - 1);
                for (w, b) in (0..tiles * tiles).map(|block| (block / tiles, block % tiles)) {
                    let cells = [w * t * t + last, b * t * t];
                    assert_eq!(
                        layout.cells_of(layout.index(cells, 1)),
                        cells,
                        "{} {}",
                        n,
                        t
                    );
                }
            }
        }
    }

    #[test]
    fn cells_of_the_board_are_distinct_and_in_range() {
        for n in 1..=20 {
            for t in [1, 2, 4, 8, 16] {
                let layout = Layout::with_tile_side(n, t);
                let mut seen = vec![false; layout.cells()];
                for r in 0..n {
                    for c in 0..n {
                        let cell = layout.cell((r, c)).unwrap();
                        assert!(!seen[cell], "n {} t {}: {} twice", n, t, cell);
                        seen[cell] = true;
                    }
                    assert_eq!(layout.cell((r, n)), None);
                    assert_eq!(layout.cell((n, r)), None);
                }
            }
        }
    }

    #[test]
    fn a_move_changes_the_index_by_the_same_amount_wherever_the_other_piece_is() {
        let layout = Layout::with_tile_side(10, 4);
        let cells = layout.cells();
        for from in 0..cells {
            for to in [0, from / 2, cells - 1] {
                let white = layout.index([to, 0], 0) as isize - layout.index([from, 0], 0) as isize;
                let black = layout.index([0, to], 0) as isize - layout.index([0, from], 0) as isize;
                for other in 0..cells {
                    let base = layout.index([from, other], 1) as isize;
                    assert_eq!(base + white, layout.index([to, other], 1) as isize);
                    let base = layout.index([other, from], 0) as isize;
                    assert_eq!(base + black, layout.index([other, to], 0) as isize);
                }
            }
        }
    }
}

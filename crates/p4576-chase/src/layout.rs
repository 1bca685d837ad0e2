//! Where each (white cell, black cell, side to move) lives in the table: a layout that keeps
//! positions close in all four coordinates close in memory.
//!
//! Retrograde analysis drains one layer of positions (all at one distance) after another, and a
//! layer is a thin "surface" through the four-dimensional space of (white row, white column,
//! black row, black column). In a row-major layout a cache line holds 16 black cells of one row
//! for one white cell, so the surface crosses a new line at almost every member and each of the
//! ~240 layers of an 80 x 80 board sweeps most of the table from memory. Here the board is cut
//! into t x t tiles (t a power of two); the positions of one (white tile, black tile) pair form
//! a block, and inside a block the four coordinates' bits are interleaved (Morton order), so a
//! 64-byte cache line holds a 2 x 2 x 2 x 2 cube of (white, black) cells with both sides to
//! move, and 1 KB a 4 x 4 x 4 x 4 cube. A move then mostly stays in the block, and a layer
//! touches each line it crosses for several of its members.
//!
//! A piece's cell is numbered `tile * t² + (row % t) * t + column % t` with tiles row-major; a
//! board whose side is not a multiple of t gets padding cells, which hold no piece.

/// The layout of the table of one board.
///
/// # Example
/// ```
/// use p4576_chase::layout::Layout;
/// let layout = Layout::new(80);
/// assert_eq!(layout.tile_side(), 8);
/// let (w, b) = (layout.cell(3, 70).unwrap(), layout.cell(79, 0).unwrap());
/// let pos = layout.index(w, b, 1);
/// assert_eq!((layout.white_cell(pos), layout.black_cell(pos)), (w, b));
/// assert_eq!(layout.row_col(w), Some((3, 70)));
/// ```
#[derive(Clone, Debug)]
pub struct Layout {
    n: usize,
    /// log2 of the tile side t.
    log_t: u32,
    /// Tiles along a side of the board.
    tiles_per_side: usize,
    /// Tiles on the board, T.
    tiles: usize,
    /// `ceil(2^39 / T)`: `block * tiles_magic >> 39 == block / T` for every block number (see
    /// [`Layout::split_block`]), a multiplication where a division would cost ten times more.
    tiles_magic: u64,
    /// `spread[lo]`: the in-tile cell `lo = row * t + column` with its row bits moved to bits
    /// 4i + 1 and column bits to 4i (the black piece's places; the white piece's are 2 higher).
    spread: Vec<u32>,
    /// `gather[fine]`: the in-tile cells (white in the high byte, black in the low) of an
    /// interleaved offset.
    gather: Vec<u16>,
}

impl Layout {
    /// The layout of an n x n board, with the tile side [`Layout::tile_side_for`] picks.
    ///
    /// # Panics
    /// If `n` is 0.
    ///
    /// # Complexity
    /// O(t^4) for the tile side t (at most 65 536).
    ///
    /// # Example
    /// See [`Layout`].
    pub fn new(n: usize) -> Self {
        Self::with_tile_side(n, Self::tile_side_for(n))
    }

    /// The largest tile side in {8, 4, 2} that pads the board by at most n / 16 (about a fifth
    /// more memory at worst), else 1 (no tiles). 40 and 80 give 8, 20 and 60 give 4. On the
    /// 80 x 80 board (`examples/layouts.rs`, CPU time, median of 3 on a busy machine) tiles of
    /// 1, 2, 4, 8, 16 took 3.28, 2.81, 2.30, 2.30, 2.25 s: beyond 4 it is a wash, and 8 keeps
    /// the decoding table at 8 KB instead of 128 KB.
    ///
    /// # Complexity
    /// O(1).
    ///
    /// # Example
    /// ```
    /// use p4576_chase::layout::Layout;
    /// assert_eq!(Layout::tile_side_for(79), 8); // padded to 80
    /// assert_eq!(Layout::tile_side_for(5), 1);
    /// ```
    pub fn tile_side_for(n: usize) -> usize {
        [8, 4, 2]
            .iter()
            .copied()
            .find(|&t| (n + t - 1) / t * t - n <= n / 16)
            .unwrap_or(1)
    }

    /// The layout of an n x n board with tiles of side `t`.
    ///
    /// # Panics
    /// If `n` is 0, `t` is not one of 1, 2, 4, 8, 16, or there are more than `u32::MAX`
    /// positions (n above about 215).
    ///
    /// # Complexity
    /// O(t^4).
    ///
    /// # Example
    /// ```
    /// let layout = p4576_chase::layout::Layout::with_tile_side(5, 4);
    /// assert_eq!(layout.cells(), 64); // padded to 8 x 8
    /// assert_eq!(layout.row_col(layout.cell(4, 4).unwrap()), Some((4, 4)));
    /// ```
    pub fn with_tile_side(n: usize, t: usize) -> Self {
        assert!(n > 0, "an empty board");
        assert!(
            [1, 2, 4, 8, 16].contains(&t),
            "tile side {} is not 1, 2, 4, 8 or 16",
            t
        );
        let log_t = t.trailing_zeros();
        let tiles_per_side = (n + t - 1) / t;
        let side = (tiles_per_side * t) as u64;
        assert!(
            2 * side.pow(4) <= u64::from(u32::MAX),
            "a board of side {} has more than u32::MAX positions",
            n
        );
        // Keeps `split_block` exact (T³ < 2^39); the position bound above already implies it.
        assert!(tiles_per_side * tiles_per_side < 1 << 13, "too many tiles");
        let spread: Vec<u32> = (0..t * t)
            .map(|lo| {
                let (r, c) = (lo / t, lo % t);
                (0..log_t).fold(0u32, |acc, i| {
                    acc | ((r >> i & 1) as u32) << (4 * i + 1) | ((c >> i & 1) as u32) << (4 * i)
                })
            })
            .collect();
        let mut gather = vec![0u16; t * t * t * t];
        for (w_lo, &sw) in spread.iter().enumerate() {
            for (b_lo, &sb) in spread.iter().enumerate() {
                gather[(sw << 2 | sb) as usize] = (w_lo << 8 | b_lo) as u16;
            }
        }
        let tiles = tiles_per_side * tiles_per_side;
        Layout {
            n,
            log_t,
            tiles_per_side,
            tiles,
            tiles_magic: ((1u64 << MAGIC_SHIFT) + tiles as u64 - 1) / tiles as u64,
            spread,
            gather,
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

    /// The tile side t.
    ///
    /// # Complexity
    /// O(1).
    ///
    /// # Example
    /// See [`Layout`].
    pub fn tile_side(&self) -> usize {
        1 << self.log_t
    }

    /// The number of cell numbers of one piece, padding included: `(t * ceil(n / t))²`.
    ///
    /// # Complexity
    /// O(1).
    ///
    /// # Example
    /// See [`Layout::with_tile_side`].
    pub fn cells(&self) -> usize {
        self.tiles << (2 * self.log_t)
    }

    /// The number of positions, padding included: `2 * cells()²`.
    ///
    /// # Complexity
    /// O(1).
    ///
    /// # Example
    /// ```
    /// assert_eq!(p4576_chase::layout::Layout::new(20).positions(), 2 * 20usize.pow(4));
    /// ```
    pub fn positions(&self) -> usize {
        2 * self.cells() * self.cells()
    }

    /// The cell number of (row, column), 0-based, or `None` off the board.
    ///
    /// # Complexity
    /// O(1).
    ///
    /// # Example
    /// ```
    /// let layout = p4576_chase::layout::Layout::with_tile_side(4, 2);
    /// assert_eq!(layout.cell(1, 2), Some(4 + 1 * 2 + 0)); // tile 1, row 1, column 0 in it
    /// assert_eq!(layout.cell(4, 0), None);
    /// ```
    pub fn cell(&self, row: usize, col: usize) -> Option<usize> {
        if row >= self.n || col >= self.n {
            return None;
        }
        let t = self.tile_side();
        let tile = (row >> self.log_t) * self.tiles_per_side + (col >> self.log_t);
        Some(tile << (2 * self.log_t) | (row & (t - 1)) << self.log_t | (col & (t - 1)))
    }

    /// The (row, column) of a cell number, or `None` for a padding cell.
    ///
    /// # Panics
    /// If `cell >= cells()`.
    ///
    /// # Complexity
    /// O(1).
    ///
    /// # Example
    /// See [`Layout`].
    pub fn row_col(&self, cell: usize) -> Option<(usize, usize)> {
        assert!(
            cell < self.cells(),
            "cell {} out of 0..{}",
            cell,
            self.cells()
        );
        let t = self.tile_side();
        let tile = cell >> (2 * self.log_t);
        let lo = cell & (t * t - 1);
        let row = (tile / self.tiles_per_side) << self.log_t | lo >> self.log_t;
        let col = (tile % self.tiles_per_side) << self.log_t | (lo & (t - 1));
        if row < self.n && col < self.n {
            Some((row, col))
        } else {
            None
        }
    }

    /// The position index of White on cell `white`, Black on cell `black`, side `side` to move
    /// (0 White, 1 Black).
    ///
    /// # Complexity
    /// O(1).
    ///
    /// # Example
    /// See [`Layout`].
    #[inline]
    pub fn index(&self, white: usize, black: usize, side: usize) -> usize {
        let shift = 2 * self.log_t;
        let lo_mask = (1 << shift) - 1;
        let block = (white >> shift) * self.tiles + (black >> shift);
        let fine = (self.spread[white & lo_mask] << 2 | self.spread[black & lo_mask]) as usize;
        (block << (2 * shift) | fine) << 1 | side
    }

    /// How a position index changes when White moves from cell `from` to cell `to` (Black and
    /// the side to move unchanged); the same for every black cell.
    ///
    /// # Complexity
    /// O(1).
    ///
    /// # Example
    /// ```
    /// let layout = p4576_chase::layout::Layout::new(8);
    /// let (a, b, x) = (layout.cell(2, 3).unwrap(), layout.cell(2, 4).unwrap(), layout.cell(7, 0).unwrap());
    /// let delta = layout.white_delta(a, b);
    /// assert_eq!(layout.index(a, x, 0) as isize + delta, layout.index(b, x, 0) as isize);
    /// ```
    pub fn white_delta(&self, from: usize, to: usize) -> isize {
        self.index(to, 0, 0) as isize - self.index(from, 0, 0) as isize
    }

    /// How a position index changes when Black moves from cell `from` to cell `to`; the same
    /// for every white cell.
    ///
    /// # Complexity
    /// O(1).
    ///
    /// # Example
    /// ```
    /// let layout = p4576_chase::layout::Layout::new(8);
    /// let (a, b, x) = (layout.cell(6, 3).unwrap(), layout.cell(4, 3).unwrap(), layout.cell(0, 0).unwrap());
    /// assert_eq!(layout.index(x, a, 1) as isize + layout.black_delta(a, b), layout.index(x, b, 1) as isize);
    /// ```
    pub fn black_delta(&self, from: usize, to: usize) -> isize {
        self.index(0, to, 0) as isize - self.index(0, from, 0) as isize
    }

    /// (White's tile, Black's tile) of block number `block` (< T²): `block / T` and `block % T`.
    ///
    /// The quotient is `block * ceil(2^39 / T) >> 39`. With `ceil(2^39 / T) = (2^39 + e) / T`,
    /// `0 <= e < T`, that is `block / T + block * e / (T * 2^39)`, and the error term is below
    /// `1 / T`, too little to reach the next integer, as long as `block * T < 2^39`: blocks
    /// number below T², and T³ < 2^39 because the constructor keeps T < 2^13 (fewer than 91
    /// tiles per side). The product stays below `T * 2^39 < 2^52`.
    ///
    /// # Complexity
    /// O(1): a multiplication.
    ///
    /// # Example
    /// ```
    /// let layout = p4576_chase::layout::Layout::new(80); // 10 x 10 tiles of 8
    /// assert_eq!(layout.split_block(57), (0, 57));
    /// assert_eq!(layout.split_block(9_999), (99, 99));
    /// ```
    #[inline]
    pub fn split_block(&self, block: usize) -> (usize, usize) {
        let white = ((block as u64 * self.tiles_magic) >> MAGIC_SHIFT) as usize;
        (white, block - white * self.tiles)
    }

    /// White's cell number in position `pos`.
    ///
    /// # Complexity
    /// O(1).
    ///
    /// # Example
    /// See [`Layout`].
    #[inline]
    pub fn white_cell(&self, pos: usize) -> usize {
        self.cells_of(pos).0
    }

    /// Black's cell number in position `pos`.
    ///
    /// # Complexity
    /// O(1).
    ///
    /// # Example
    /// See [`Layout`].
    #[inline]
    pub fn black_cell(&self, pos: usize) -> usize {
        self.cells_of(pos).1
    }

    /// White's and Black's cell numbers in position `pos`.
    ///
    /// # Complexity
    /// O(1).
    ///
    /// # Example
    /// ```
    /// let layout = p4576_chase::layout::Layout::new(20);
    /// let pos = layout.index(7, 300, 0);
    /// assert_eq!(layout.cells_of(pos), (7, 300));
    /// ```
    #[inline]
    pub fn cells_of(&self, pos: usize) -> (usize, usize) {
        let shift = 2 * self.log_t;
        let q = pos >> 1;
        let (white_tile, black_tile) = self.split_block(q >> (2 * shift));
        let lo = self.gather[q & ((1 << (2 * shift)) - 1)] as usize;
        (
            white_tile << shift | lo >> 8,
            black_tile << shift | (lo & 0xff),
        )
    }
}

/// The shift of the reciprocal in [`Layout::split_block`].
const MAGIC_SHIFT: u32 = 39;

#[cfg(test)]
mod tests {
    use super::Layout;

    #[test]
    fn index_is_a_bijection_and_decodes() {
        for n in 1..=9 {
            for t in [1, 2, 4, 8, 16] {
                let layout = Layout::with_tile_side(n, t);
                let cells = layout.cells();
                let mut seen = vec![false; layout.positions()];
                for w in 0..cells {
                    for b in 0..cells {
                        for side in 0..2 {
                            let pos = layout.index(w, b, side);
                            assert!(!seen[pos], "n {} t {}: {} twice", n, t, pos);
                            seen[pos] = true;
                            assert_eq!(layout.white_cell(pos), w);
                            assert_eq!(layout.black_cell(pos), b);
                            assert_eq!(layout.cells_of(pos), (w, b));
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn split_block_divides_exactly_on_every_board() {
        for n in 1..=90 {
            for t in [1, 2, 4, 8, 16] {
                let layout = Layout::with_tile_side(n, t);
                let tiles = layout.tiles;
                let check = |block: usize| {
                    assert_eq!(layout.split_block(block), (block / tiles, block % tiles));
                };
                if n <= 30 {
                    (0..tiles * tiles).for_each(check);
                } else {
                    // A rounding error would first show just below a multiple of T.
                    for white in 0..tiles {
                        check(white * tiles);
                        check(white * tiles + tiles - 1);
                    }
                }
            }
        }
    }

    #[test]
    fn cells_and_coordinates_round_trip() {
        for n in 1..=20 {
            for t in [1, 2, 4, 8, 16] {
                let layout = Layout::with_tile_side(n, t);
                let mut on_board = 0;
                for cell in 0..layout.cells() {
                    if let Some((r, c)) = layout.row_col(cell) {
                        assert_eq!(layout.cell(r, c), Some(cell));
                        on_board += 1;
                    }
                }
                assert_eq!(on_board, n * n);
            }
        }
    }

    #[test]
    fn deltas_do_not_depend_on_the_other_piece() {
        let layout = Layout::with_tile_side(10, 4);
        let cells = layout.cells();
        for from in 0..cells {
            for to in [0, from / 2, cells - 1] {
                let (dw, db) = (layout.white_delta(from, to), layout.black_delta(from, to));
                for other in 0..cells {
                    let base = layout.index(from, other, 1) as isize;
                    assert_eq!(base + dw, layout.index(to, other, 1) as isize);
                    let base = layout.index(other, from, 0) as isize;
                    assert_eq!(base + db, layout.index(other, to, 0) as isize);
                }
            }
        }
    }

    #[test]
    fn tile_sides_of_the_benchmark_boards() {
        let sides: Vec<usize> = [2, 5, 20, 40, 60, 79, 80]
            .iter()
            .map(|&n| Layout::tile_side_for(n))
            .collect();
        assert_eq!(sides, [2, 1, 4, 8, 4, 8, 8]);
    }
}

//! The chase as a [`BitAttractorGame`]: for each Black cell a bitboard of White's cells, a row
//! of the board per [`BitRow`] (`u64` up to 64 columns, `u128` beyond), so White's step is a
//! shift inside a row or the neighbouring row, and Black's step reads another Black cell's
//! bitboard whole.
//!
//! The board's two mirror symmetries (top to bottom, left to right) map the game to itself, so
//! only Black's cells in the top left quarter (`ceil(n / 2)` a side) are stored: a Black move
//! that leaves the quarter reads the mirrored cell's bitboard rows in reverse order or bits
//! reversed ([`BlockMove`]'s mirrors). On the 80 x 80 board that is 1600 blocks of 80 rows of
//! two words: 2 MB per set, four sets (Black's and White's wins, either side to move).

use dp_core::{bit_attractor, BitAttractorGame, BitRow, BlockMove, Value};

/// The chase on an n x n board for [`dp_core::bit_attractor`]; side 0 of the analysis is White
/// to move, side 1 Black.
///
/// # Example
/// ```
/// use dp_core::{bit_attractor, Value};
/// use p4576_chase::bitboard::ChaseBits;
/// let chase = ChaseBits::<u64>::new(2, true);
/// let (block, row, col) = chase.position((0, 0), (1, 1));
/// assert_eq!(bit_attractor(&chase, 0, block, row, col), Value::Loss(2)); // BLACK 2
/// ```
pub struct ChaseBits<R> {
    n: usize,
    /// Black's stored cells along a side: `ceil(n / 2)` with the mirrors, else n.
    side: usize,
    /// White's cells of a row.
    all: R,
    /// For each block, White's cells of Black's row but Black's own.
    own: Vec<R>,
}

impl<R: BitRow> ChaseBits<R> {
    /// The game on an n x n board, a quarter of Black's cells stored if `mirrored`, else all of
    /// them (the tests compare the two).
    ///
    /// # Panics
    /// If n is 0 or more than the bits of `R`.
    ///
    /// # Complexity
    /// O(n²).
    ///
    /// # Example
    /// ```
    /// use dp_core::BitAttractorGame;
    /// use p4576_chase::bitboard::ChaseBits;
    /// assert_eq!(ChaseBits::<u128>::new(80, true).blocks(), 40 * 40);
    /// assert_eq!(ChaseBits::<u64>::new(5, false).blocks(), 25);
    /// ```
    pub fn new(n: usize, mirrored: bool) -> Self {
        assert!((1..=64 * R::WORDS).contains(&n), "a board too wide");
        let all = R::low(n);
        let side = if mirrored { (n + 1) / 2 } else { n };
        ChaseBits {
            n,
            side,
            all,
            own: (0..side * side).map(|b| all & !R::bit(b % side)).collect(),
        }
    }

    /// Black's cell `(r, c)` as a move: the stored block and the mirrors to read it with.
    fn block_move(&self, (r, c): (usize, usize)) -> BlockMove {
        let (flip_rows, flip_bits) = (r >= self.side, c >= self.side);
        let mirror = |x: usize, flip: bool| if flip { self.n - 1 - x } else { x };
        BlockMove {
            block: mirror(r, flip_rows) * self.side + mirror(c, flip_bits),
            flip_rows,
            flip_bits,
        }
    }

    /// The stored (block, row, column) of White on `white` and Black on `black`, 0-based (row,
    /// column) pairs, with either side to move.
    ///
    /// # Panics
    /// If a coordinate is outside the board.
    ///
    /// # Complexity
    /// O(1).
    ///
    /// # Example
    /// ```
    /// let chase = p4576_chase::bitboard::ChaseBits::<u64>::new(5, true);
    /// // Black on (4, 1) is stored as (0, 1), the board read upside down.
    /// assert_eq!(chase.position((3, 2), (4, 1)), (1, 1, 2));
    /// ```
    pub fn position(&self, white: (usize, usize), black: (usize, usize)) -> (usize, usize, usize) {
        let n = self.n;
        assert!(
            white.0 < n && white.1 < n && black.0 < n && black.1 < n,
            "a cell off the board"
        );
        let m = self.block_move(black);
        let row = if m.flip_rows {
            n - 1 - white.0
        } else {
            white.0
        };
        let col = if m.flip_bits {
            n - 1 - white.1
        } else {
            white.1
        };
        (m.block, row, col)
    }

    /// The value, for White to move, of White on `white` and Black on `black` (0-based (row,
    /// column) pairs), by [`bit_attractor`].
    ///
    /// # Panics
    /// If a coordinate is outside the board.
    ///
    /// # Complexity
    /// That of [`bit_attractor`] on this game: at n = 80, 5 million row recomputations from
    /// far corners, 8 MB.
    ///
    /// # Example
    /// ```
    /// use dp_core::Value;
    /// let chase = p4576_chase::bitboard::ChaseBits::<u64>::new(3, true);
    /// assert_eq!(chase.value((0, 0), (0, 2)), Value::Loss(6)); // BLACK 6
    /// ```
    pub fn value(&self, white: (usize, usize), black: (usize, usize)) -> Value {
        let (block, row, col) = self.position(white, black);
        bit_attractor(self, 0, block, row, col)
    }
}

impl<R: BitRow> BitAttractorGame for ChaseBits<R> {
    type Row = R;

    fn blocks(&self) -> usize {
        self.side * self.side
    }

    fn rows(&self) -> usize {
        self.n
    }

    fn cols(&self) -> usize {
        self.n
    }

    /// Black moves one or two cells in a straight line.
    fn block_moves<F: FnMut(BlockMove)>(&self, mover: usize, block: usize, mut emit: F) {
        if mover == 0 {
            return;
        }
        let n = self.n as isize;
        let (r, c) = ((block / self.side) as isize, (block % self.side) as isize);
        for len in 1..=2 {
            for (dr, dc) in [(-1, 0), (1, 0), (0, -1), (0, 1)] {
                let (r, c) = (r + dr * len, c + dc * len);
                if r.min(c) >= 0 && r.max(c) < n {
                    emit(self.block_move((r as usize, c as usize)));
                }
            }
        }
    }

    fn row_steps<F: FnMut(isize)>(&self, mover: usize, emit: F) {
        if mover == 0 {
            [-1, 0, 1].into_iter().for_each(emit)
        }
    }

    /// White moves one cell: the rows above and below, the row shifted by one column.
    #[inline]
    fn row_moves(&self, _: usize, any: bool, _: usize, set: &[u64], lo: usize, acc: &mut [u64]) {
        // Off the board: no move for OR, no constraint for AND.
        let none = if any { R::ZERO } else { !R::ZERO };
        // Each row loaded once: the row above and the row itself carried to the next.
        let mut above = if lo > 0 { R::load(set, lo - 1) } else { none };
        let mut x = R::load(set, lo);
        for (r, a) in (lo + 1..).zip(acc.chunks_exact_mut(R::WORDS)) {
            // The row below as a slice of exactly one row: one bounds test, none past it.
            let w = R::WORDS;
            let below = set.get(r * w..r * w + w).map_or(none, |s| R::load(s, 0));
            let y = R::load(a, 0);
            // Masked to the board at the end (`live` leaves the bits past it to this), so a
            // step off the board needs only its edge column's bit for AND.
            let moved = if any {
                y | above | below | x << 1 | x >> 1
            } else {
                y & above & below & (x << 1 | R::bit(0)) & (x >> 1 | !(self.all >> 1))
            };
            (moved & self.all).store(a, 0);
            above = x;
            x = below;
        }
    }

    /// Every cell but Black's own (both pieces on it is terminal). No bit past the board is
    /// set: `row_moves` clears them, and Black's moves read rows of the table, which hold none
    /// (a block is recomputed only if it has a move).
    #[inline]
    fn live(&self, _: usize, block: usize, lo: usize, acc: &mut [u64]) {
        let r = block / self.side;
        if (lo..lo + acc.len() / R::WORDS).contains(&r) {
            (R::load(acc, r - lo) & self.own[block]).store(acc, r - lo);
        }
    }

    /// Both pieces on one cell: the side to move has just been captured.
    fn terminal_losses<F: FnMut(usize, usize, R)>(&self, _: usize, mut emit: F) {
        for b in 0..self.blocks() {
            emit(b, b / self.side, R::bit(b % self.side));
        }
    }
}

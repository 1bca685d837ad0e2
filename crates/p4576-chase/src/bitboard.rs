//! The chase as a [`BitRetrogradeGame`]: the placements of White for one cell of Black are a
//! bitboard, so White's step is a shift of it and Black's step moves it whole.
//!
//! The layout is a [`BitBlocks`]: for each Black cell `b` (row-major, `r * n + c`) a block of
//! `ceil(n² / 64)` words holds one bit per White cell `w` (row-major too), blocks padded apart
//! so that a shift by a board row (n bits) reads its neighbour words without a branch. Position
//! `index(b, w)` is White on `w` and Black on `b`, with either side to move (the analysis keeps
//! the two sides apart).
//!
//! On the 80 x 80 board a layer of the analysis has about five positions per non-zero word, so
//! moving 64 placements at once does a fraction of the work of visiting each position's parents
//! (as [`crate::Chase`] does).

use dp_core::{BitBlocks, BitLayer, BitRetrogradeGame, Outcome};

/// White to move: side 0 of the analysis; Black to move: side 1.
const WHITE: usize = 0;

/// For one word of a block: which of its White cells have a neighbour to the right, left, below
/// and above.
#[derive(Clone, Copy, Debug, Default)]
struct Edges {
    right: u64,
    left: u64,
    down: u64,
    up: u64,
}

/// The chase on an n x n board for [`dp_core::bit_retrograde`].
///
/// # Example
/// ```
/// use dp_core::{bit_retrograde, Value};
/// use p4576_chase::bitboard::ChaseBits;
/// let chase = ChaseBits::new(2);
/// let start = chase.position((0, 0), (1, 1));
/// assert_eq!(bit_retrograde(&chase, &[(0, start)]), [Value::Loss(2)]); // BLACK 2
/// ```
#[derive(Clone, Debug)]
pub struct ChaseBits {
    n: usize,
    blocks: BitBlocks,
    edges: Vec<Edges>,
    /// For each Black cell, the first words of the blocks of the cells it moves to (one or two
    /// cells in a straight line), and how many.
    black_moves: Vec<([u32; 8], usize)>,
}

impl ChaseBits {
    /// The game on an n x n board.
    ///
    /// # Panics
    /// If n is 0, or the table would have 2^32 words or more (n above 723: the first word of a
    /// block is kept as a `u32`).
    ///
    /// # Complexity
    /// O(n²).
    ///
    /// # Example
    /// ```
    /// use dp_core::BitRetrogradeGame;
    /// // 9 blocks of 1 word, a word of padding before each and after the last.
    /// assert_eq!(p4576_chase::bitboard::ChaseBits::new(3).positions(), 64 * (1 + 9 * 2));
    /// ```
    pub fn new(n: usize) -> Self {
        assert!(n > 0, "an empty board");
        let cells = n * n;
        let blocks = BitBlocks::new(cells, cells, n);
        assert!(blocks.words() < 1 << 32, "a board this large");
        let k = blocks.words_per_block();
        let mut edges = vec![Edges::default(); k];
        for w in 0..cells {
            let (r, c) = (w / n, w % n);
            let e = &mut edges[w / 64];
            let bit = 1 << (w % 64);
            e.right |= if c + 1 < n { bit } else { 0 };
            e.left |= if c > 0 { bit } else { 0 };
            e.down |= if r + 1 < n { bit } else { 0 };
            e.up |= if r > 0 { bit } else { 0 };
        }
        let mut black_moves = vec![([0; 8], 0); cells];
        for (b, (firsts, count)) in black_moves.iter_mut().enumerate() {
            let (r, c) = ((b / n) as isize, (b % n) as isize);
            for len in 1..=2 {
                for (dr, dc) in [(-1, 0), (1, 0), (0, -1), (0, 1)] {
                    let (r2, c2) = (r + dr * len, c + dc * len);
                    if (0..n as isize).contains(&r2) && (0..n as isize).contains(&c2) {
                        let to = r2 as usize * n + c2 as usize;
                        firsts[*count] = blocks.first_word(to) as u32;
                        *count += 1;
                    }
                }
            }
        }
        ChaseBits {
            n,
            blocks,
            edges,
            black_moves,
        }
    }

    /// The index (for either side to move) of White on `white` and Black on `black`, 0-based
    /// (row, column) pairs.
    ///
    /// # Panics
    /// If a coordinate is outside the board.
    ///
    /// # Complexity
    /// O(1).
    ///
    /// # Example
    /// ```
    /// let chase = p4576_chase::bitboard::ChaseBits::new(3);
    /// assert_eq!(chase.position((0, 1), (0, 0)), 64 * 1 + 1);
    /// ```
    pub fn position(&self, white: (usize, usize), black: (usize, usize)) -> usize {
        let cell = |(r, c): (usize, usize)| {
            assert!(r < self.n && c < self.n, "a cell off the board");
            r * self.n + c
        };
        self.blocks.index(cell(black), cell(white))
    }
}

impl BitRetrogradeGame for ChaseBits {
    fn positions(&self) -> usize {
        self.blocks.positions()
    }

    /// Both pieces on one cell: the side to move has just been captured.
    fn terminal<F: FnMut(usize, u64)>(&self, _side: usize, outcome: Outcome, mut emit: F) {
        if outcome == Outcome::Loss {
            for cell in 0..self.n * self.n {
                let p = self.blocks.index(cell, cell);
                emit(p / 64, 1 << (p % 64));
            }
        }
    }

    #[inline]
    fn some_move_into<F: FnMut(usize, u64)>(&self, side: usize, layer: &BitLayer, mut emit: F) {
        let words = layer.words();
        let n = self.n;
        if side == WHITE {
            // White's parents of a word lie within `n / 64 + 1` words of it, in its block.
            self.blocks
                .for_each_word_near(layer, n / 64 + 1, |c, _, j| {
                    let e = &self.edges[j];
                    emit(
                        c,
                        BitBlocks::ahead(words, c, 1) & e.right
                            | BitBlocks::behind(words, c, 1) & e.left
                            | BitBlocks::ahead(words, c, n) & e.down
                            | BitBlocks::behind(words, c, n) & e.up,
                    );
                });
        } else {
            // Black's moves are symmetric: the cells it can come from are those it can go to.
            layer.for_each_word(|i, bits| {
                let (b, j) = self.blocks.block_of(i);
                let (firsts, count) = &self.black_moves[b];
                for &to in &firsts[..*count] {
                    emit(to as usize + j, bits);
                }
            });
        }
    }

    #[inline]
    fn every_move_into(&self, side: usize, set: &[u64], i: usize) -> u64 {
        let (b, j) = self.blocks.block_of(i);
        if side == WHITE {
            let (e, n) = (&self.edges[j], self.n);
            (BitBlocks::ahead(set, i, 1) | !e.right)
                & (BitBlocks::behind(set, i, 1) | !e.left)
                & (BitBlocks::ahead(set, i, n) | !e.down)
                & (BitBlocks::behind(set, i, n) | !e.up)
        } else {
            let (firsts, count) = &self.black_moves[b];
            firsts[..*count]
                .iter()
                .fold(!0, |all, &to| all & set[to as usize + j])
        }
    }
}

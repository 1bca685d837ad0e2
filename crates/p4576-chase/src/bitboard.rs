//! The chase as a [`BitRetrogradeGame`]: the placements of White for one cell of Black are a
//! bitboard, so White's step is a shift of it and Black's step moves it whole.
//!
//! For each Black cell `b` (row-major, `r * n + c`) a block of `k = ceil(n² / 64)` words holds
//! one bit per White cell `w` (row-major too); blocks are `pad` zero words apart, and the table
//! starts with `pad` of them, so that a shift by a board row (n bits) reads its neighbour words
//! without a branch at the block's ends. Position `64 * (pad + b * stride) + w` is White on `w`
//! and Black on `b`, with either side to move (the analysis keeps the two sides apart).
//!
//! On the 80 x 80 board a layer of the analysis has about five positions per non-zero word, so
//! moving 64 placements at once does a fraction of the work of visiting each position's parents
//! (as [`crate::Chase`] does).

use dp_core::{BitLayer, BitRetrogradeGame, Outcome};

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
    /// Words of White cells per block.
    k: usize,
    /// Zero words before each block (and after the last).
    pad: usize,
    /// `k + pad`.
    stride: usize,
    /// floor(2^64 / stride) + 1: the high word of `x * inverse` is `x / stride` for every
    /// `x < 2^64 / stride` (the error `x / 2^64` stays below `1 / stride`), a multiplication
    /// where a division would stall every candidate word.
    inverse: u64,
    edges: Vec<Edges>,
    /// For each Black cell, the first words of the blocks of the cells it moves to (one or two
    /// cells in a straight line), and how many.
    black_moves: Vec<([u32; 8], usize)>,
}

impl ChaseBits {
    /// The game on an n x n board.
    ///
    /// # Panics
    /// If n is 0, or the table would have 2^32 words or more (n above 720).
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
        let k = (cells + 63) / 64;
        // A shift by n bits reads words up to n / 64 + 1 away.
        let pad = n / 64 + 1;
        let stride = k + pad;
        let words = pad + cells * stride;
        assert!(words < 1 << 32, "a board this large");
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
                        firsts[*count] = (pad + to * stride) as u32;
                        *count += 1;
                    }
                }
            }
        }
        ChaseBits {
            n,
            k,
            pad,
            stride,
            inverse: (u64::MAX / stride as u64) + 1,
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
        64 * (self.pad + cell(black) * self.stride) + cell(white)
    }

    /// The block of word `i` (its first word) and `i`'s place in it.
    #[inline]
    fn block_of(&self, i: usize) -> (usize, usize) {
        let b = (((i - self.pad) as u128 * self.inverse as u128) >> 64) as usize;
        let first = self.pad + b * self.stride;
        (first, i - first)
    }

    /// Word `i` of the bitmap `words` moved `s` bits down: bit `w` is bit `w + s`.
    #[inline]
    fn ahead(words: &[u64], i: usize, s: usize) -> u64 {
        let (q, r) = (s / 64, s % 64);
        // `<< (63 - r) << 1` is 0 for r = 0, where `<< 64` would overflow.
        words[i + q] >> r | words[i + q + 1] << (63 - r) << 1
    }

    /// Word `i` of the bitmap `words` moved `s` bits up: bit `w` is bit `w - s`.
    #[inline]
    fn behind(words: &[u64], i: usize, s: usize) -> u64 {
        let (q, r) = (s / 64, s % 64);
        words[i - q] << r | words[i - q - 1] >> (63 - r) >> 1
    }
}

impl BitRetrogradeGame for ChaseBits {
    fn positions(&self) -> usize {
        64 * (self.pad + self.n * self.n * self.stride)
    }

    /// Both pieces on one cell: the side to move has just been captured.
    fn terminal<F: FnMut(usize, u64)>(&self, _side: usize, outcome: Outcome, mut emit: F) {
        if outcome == Outcome::Loss {
            for cell in 0..self.n * self.n {
                let p = 64 * (self.pad + cell * self.stride) + cell;
                emit(p / 64, 1 << (p % 64));
            }
        }
    }

    #[inline]
    fn some_move_into<F: FnMut(usize, u64)>(&self, side: usize, layer: &BitLayer, mut emit: F) {
        let words = layer.words();
        if side == WHITE {
            // White's parents of a word lie within `reach` words of it, in the same block: each
            // word of the block in reach of a non-zero word is computed once, in order.
            let reach = self.n / 64 + 1;
            let (mut first, mut next) = (usize::MAX - self.stride, 0);
            layer.for_each_word(|i, _| {
                if i < first || i >= first + self.stride {
                    first = self.block_of(i).0;
                }
                let j = i - first;
                let from = next.max(first + j.saturating_sub(reach));
                let to = first + (j + reach).min(self.k - 1);
                for c in from..=to {
                    let e = &self.edges[c - first];
                    let n = self.n;
                    emit(
                        c,
                        Self::ahead(words, c, 1) & e.right
                            | Self::behind(words, c, 1) & e.left
                            | Self::ahead(words, c, n) & e.down
                            | Self::behind(words, c, n) & e.up,
                    );
                }
                next = next.max(to + 1);
            });
        } else {
            // Black's moves are symmetric: the cells it can come from are those it can go to.
            let (mut first, mut b) = (usize::MAX - self.stride, 0);
            layer.for_each_word(|i, bits| {
                if i < first || i >= first + self.stride {
                    first = self.block_of(i).0;
                    b = (first - self.pad) / self.stride;
                }
                let (firsts, count) = &self.black_moves[b];
                for &to in &firsts[..*count] {
                    emit(to as usize + (i - first), bits);
                }
            });
        }
    }

    #[inline]
    fn every_move_into(&self, side: usize, set: &[u64], i: usize) -> u64 {
        let (first, j) = self.block_of(i);
        if side == WHITE {
            let (e, n) = (&self.edges[j], self.n);
            (Self::ahead(set, i, 1) | !e.right)
                & (Self::behind(set, i, 1) | !e.left)
                & (Self::ahead(set, i, n) | !e.down)
                & (Self::behind(set, i, n) | !e.up)
        } else {
            let (firsts, count) = &self.black_moves[(first - self.pad) / self.stride];
            firsts[..*count]
                .iter()
                .fold(!0, |all, &to| all & set[to as usize + j])
        }
    }
}

#[cfg(test)]
mod tests {
    use super::ChaseBits;

    #[test]
    fn the_multiplication_finds_the_block_of_every_word() {
        for n in [1, 2, 7, 63, 64, 80, 500, 700] {
            let chase = ChaseBits::new(n);
            let blocks = n * n;
            // Both ends of every block on small boards, of a spread of blocks on large ones.
            let step = 1 + blocks / 5000;
            for b in (0..blocks).step_by(step).chain([blocks - 1]) {
                let first = chase.pad + b * chase.stride;
                for i in [first, first + chase.k - 1] {
                    assert_eq!(chase.block_of(i), (first, i - first), "n {} word {}", n, i);
                }
            }
        }
    }
}

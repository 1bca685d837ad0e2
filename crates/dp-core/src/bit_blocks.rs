//! Two pieces on a board as bitboards: a block of words for each cell of one piece, a bit in it
//! for each cell of the other, the layout [`bit_retrograde`](crate::bit_retrograde) games use.

use crate::bit_layer::BitLayer;

/// The layout of the positions of two pieces as blocks of bitboards: for each cell `b` of the
/// *block piece* a block of `ceil(cells / 64)` words holds one bit per cell `a` of the *bit
/// piece*; blocks are `pad` zero words apart and the table starts with `pad` of them, so that a
/// shift by up to `reach` bits ([`BitBlocks::ahead`], [`BitBlocks::behind`]) reads its neighbour
/// words without a branch at a block's ends. Position [`BitBlocks::index`]`(b, a)` is
/// `64 * (pad + b * stride) + a`.
///
/// With cells numbered row-major on an n x n board, a step of the bit piece by `(dr, dc)` is a
/// shift by `dr * n + dc` bits (masked to the cells where it stays on the board), and a step of
/// the block piece moves a word whole to the same place in another block.
///
/// # Example
/// ```
/// use dp_core::{BitBlocks, BitLayer};
/// // A 3 x 3 board: 9 blocks of one word; shifts of up to a row (3 bits).
/// let blocks = BitBlocks::new(9, 9, 3);
/// let p = blocks.index(4, 7); // block piece on the centre, bit piece on (2, 1)
/// assert_eq!(blocks.block_of(p / 64), (4, 0));
/// let mut layer = BitLayer::new(blocks.positions());
/// layer.insert(p);
/// // The cell one row up reads bit 7 three bits ahead.
/// assert_eq!(BitBlocks::ahead(layer.words(), p / 64, 3), 1 << 4);
/// ```
#[derive(Clone, Debug)]
pub struct BitBlocks {
    cells: usize,
    blocks: usize,
    /// Words of a block.
    k: usize,
    /// Zero words before each block (and after the last).
    pad: usize,
    /// `k + pad`.
    stride: usize,
    /// floor(2^64 / stride) + 1: the high word of `x * inverse` is `x / stride` for every
    /// `x < 2^64 / stride` (the error, `x / 2^64`, stays below `1 / stride`), a multiplication
    /// where a division would stall every word that needs its block.
    inverse: u64,
}

impl BitBlocks {
    /// `blocks` blocks of `cells` bits, shifts of up to `reach` bits.
    ///
    /// # Panics
    /// If `cells` or `blocks` is 0, or the table would have 2^40 words or more.
    ///
    /// # Complexity
    /// O(1).
    ///
    /// # Example
    /// ```
    /// // An 80 x 80 board: blocks of 100 words, two words apart for shifts of a row.
    /// let blocks = dp_core::BitBlocks::new(6400, 6400, 80);
    /// assert_eq!((blocks.words_per_block(), blocks.words()), (100, 2 + 6400 * 102));
    /// ```
    pub fn new(cells: usize, blocks: usize, reach: usize) -> Self {
        assert!(cells > 0 && blocks > 0, "an empty board");
        let k = (cells + 63) / 64;
        // A shift by `reach` bits reads words up to `reach / 64 + 1` away.
        let pad = reach / 64 + 1;
        let stride = k + pad;
        let words = blocks
            .checked_mul(stride)
            .and_then(|w| w.checked_add(pad))
            .filter(|&w| w < 1 << 40);
        assert!(words.is_some(), "a table of 2^40 words or more");
        BitBlocks {
            cells,
            blocks,
            k,
            pad,
            stride,
            inverse: u64::MAX / stride as u64 + 1,
        }
    }

    /// The words of a bitmap of all positions.
    ///
    /// # Complexity
    /// O(1).
    ///
    /// # Example
    /// See [`BitBlocks::new`].
    #[inline]
    pub fn words(&self) -> usize {
        self.pad + self.blocks * self.stride
    }

    /// The indices of the table, `64 * words()`; those of padding words and of bits past
    /// `cells` in a block are no position.
    ///
    /// # Complexity
    /// O(1).
    ///
    /// # Example
    /// ```
    /// assert_eq!(dp_core::BitBlocks::new(9, 9, 3).positions(), 64 * (1 + 9 * 2));
    /// ```
    #[inline]
    pub fn positions(&self) -> usize {
        64 * self.words()
    }

    /// Words of a block, `ceil(cells / 64)`.
    ///
    /// # Complexity
    /// O(1).
    ///
    /// # Example
    /// See [`BitBlocks::new`].
    #[inline]
    pub fn words_per_block(&self) -> usize {
        self.k
    }

    /// The first word of block `block`.
    ///
    /// # Complexity
    /// O(1).
    ///
    /// # Example
    /// ```
    /// assert_eq!(dp_core::BitBlocks::new(9, 9, 3).first_word(2), 1 + 2 * 2);
    /// ```
    #[inline]
    pub fn first_word(&self, block: usize) -> usize {
        self.pad + block * self.stride
    }

    /// The position of the block piece on `block` and the bit piece on `bit`.
    ///
    /// # Panics
    /// If `block >= blocks` or `bit >= cells`.
    ///
    /// # Complexity
    /// O(1).
    ///
    /// # Example
    /// See [`BitBlocks`].
    #[inline]
    pub fn index(&self, block: usize, bit: usize) -> usize {
        assert!(
            block < self.blocks && bit < self.cells,
            "cell {} of block {} outside {} blocks of {} cells",
            bit,
            block,
            self.blocks,
            self.cells
        );
        64 * self.first_word(block) + bit
    }

    /// The block of word `word` and the word's place in it.
    ///
    /// # Constraints
    /// `word` is a word of a block, not a padding word (whose answer is that of a neighbour).
    ///
    /// # Complexity
    /// O(1): one multiplication.
    ///
    /// # Example
    /// See [`BitBlocks`].
    #[inline]
    pub fn block_of(&self, word: usize) -> (usize, usize) {
        let x = word.wrapping_sub(self.pad) as u64;
        let block = ((u128::from(x) * u128::from(self.inverse)) >> 64) as usize;
        (block, word - self.first_word(block))
    }

    /// Word `i` of the bitmap `words` moved `s` bits down: bit `x` of the result is bit `x + s`
    /// of the bitmap. A parent reading the child `s` cells ahead of it.
    ///
    /// # Constraints
    /// `s` at most the `reach` of the layout and `i` a word of a block of it, so that the
    /// words read exist and past the block's end are padding.
    ///
    /// # Complexity
    /// O(1).
    ///
    /// # Example
    /// See [`BitBlocks`].
    #[inline]
    pub fn ahead(words: &[u64], i: usize, s: usize) -> u64 {
        let (q, r) = (s / 64, s % 64);
        // `<< (63 - r) << 1` is 0 for r = 0, where `<< 64` would overflow.
        words[i + q] >> r | words[i + q + 1] << (63 - r) << 1
    }

    /// Word `i` of the bitmap `words` moved `s` bits up: bit `x` of the result is bit `x - s`
    /// of the bitmap. A parent reading the child `s` cells behind it.
    ///
    /// # Constraints
    /// As [`BitBlocks::ahead`].
    ///
    /// # Complexity
    /// O(1).
    ///
    /// # Example
    /// ```
    /// use dp_core::BitBlocks;
    /// let words = [0, 1 << 63, 0b101, 0];
    /// assert_eq!(BitBlocks::behind(&words, 2, 1), 0b1010 | 1);
    /// assert_eq!(BitBlocks::ahead(&words, 1, 64), 0b101);
    /// ```
    #[inline]
    pub fn behind(words: &[u64], i: usize, s: usize) -> u64 {
        let (q, r) = (s / 64, s % 64);
        words[i - q] << r | words[i - q - 1] >> (63 - r) >> 1
    }

    /// Calls `f(i, block, j)` once for every word `i` (word `j` of block `block`) within
    /// `reach` words of a non-zero word of `layer` in the same block, in increasing order: the
    /// words whose shift of a layer can be non-zero. A shift by up to `s` bits reads words up to
    /// `s / 64 + 1` away, so that is the `reach` to pass.
    ///
    /// # Complexity
    /// O(non-zero words of the layer * (2 reach + 1)) at most, each word once.
    ///
    /// # Example
    /// ```
    /// use dp_core::{BitBlocks, BitLayer};
    /// let blocks = BitBlocks::new(640, 2, 64); // blocks of 10 words
    /// let mut layer = BitLayer::new(blocks.positions());
    /// layer.insert(blocks.index(1, 0));
    /// layer.insert(blocks.index(1, 64 * 2));
    /// let mut seen = Vec::new();
    /// blocks.for_each_word_near(&layer, 1, |_, block, j| seen.push((block, j)));
    /// assert_eq!(seen, [(1, 0), (1, 1), (1, 2), (1, 3)]);
    /// ```
    #[inline]
    pub fn for_each_word_near<F: FnMut(usize, usize, usize)>(
        &self,
        layer: &BitLayer,
        reach: usize,
        mut f: F,
    ) {
        // The first word of the current block (none yet), its block, the next word not done.
        let (mut first, mut block, mut next) = (usize::MAX - self.stride, 0, 0);
        layer.for_each_word(|i, _| {
            if i < first || i >= first + self.stride {
                block = self.block_of(i).0;
                first = self.first_word(block);
            }
            let j = i - first;
            let from = next.max(first + j.saturating_sub(reach));
            let to = first + (j + reach).min(self.k - 1);
            for c in from..=to {
                f(c, block, c - first);
            }
            next = next.max(to + 1);
        });
    }
}

#[cfg(test)]
mod tests {
    use super::BitBlocks;
    use crate::bit_layer::BitLayer;
    use crate::random::SplitMix64;

    #[test]
    fn the_multiplication_finds_the_block_of_every_word() {
        for (cells, blocks) in [(1, 1), (4, 4), (49, 49), (4096, 4096), (6400, 6400)] {
            let layout = BitBlocks::new(cells, blocks, 2 * 80 + 2);
            for b in (0..blocks).step_by(1 + blocks / 3000).chain([blocks - 1]) {
                let first = layout.first_word(b);
                for i in [first, first + layout.words_per_block() - 1] {
                    assert_eq!(
                        layout.block_of(i),
                        (b, i - first),
                        "cells {} word {}",
                        cells,
                        i
                    );
                }
            }
        }
        // A table of nearly 2^40 words: blocks of 15 625 words (a 1000 x 1000 board).
        let layout = BitBlocks::new(1_000_000, 1_000_000, 1000);
        for b in [0, 1, 415_000, 616_000, 999_999] {
            let i = layout.first_word(b) + 5928;
            assert_eq!(layout.block_of(i), (b, 5928));
        }
    }

    #[test]
    fn shifts_read_the_bits_at_that_distance() {
        let mut rng = SplitMix64::new(5);
        let words: Vec<u64> = (0..40).map(|_| rng.next_u64()).collect();
        let bit = |x: isize| x >= 0 && (words[x as usize / 64] >> (x % 64) & 1) == 1;
        for s in [0, 1, 5, 63, 64, 65, 127, 128, 200] {
            for i in 4..36 {
                let (a, b) = (
                    BitBlocks::ahead(&words, i, s),
                    BitBlocks::behind(&words, i, s),
                );
                for x in 0..64 {
                    let at = (64 * i + x) as isize;
                    assert_eq!(
                        a >> x & 1 == 1,
                        bit(at + s as isize),
                        "ahead {} {} {}",
                        s,
                        i,
                        x
                    );
                    assert_eq!(
                        b >> x & 1 == 1,
                        bit(at - s as isize),
                        "behind {} {} {}",
                        s,
                        i,
                        x
                    );
                }
            }
        }
    }

    #[test]
    fn words_near_the_layer_are_each_visited_once_in_their_block() {
        let mut rng = SplitMix64::new(9);
        for (cells, reach) in [(64 * 7, 1), (64 * 7 + 5, 2), (30, 1), (64 * 20, 3)] {
            let layout = BitBlocks::new(cells, 6, 64 * reach);
            let mut layer = BitLayer::new(layout.positions());
            for _ in 0..12 {
                layer.insert(layout.index(rng.index(6), rng.index(cells)));
            }
            let mut expected = Vec::new();
            for b in 0..6 {
                for j in 0..layout.words_per_block() {
                    let lo = j.saturating_sub(reach);
                    let hi = (j + reach).min(layout.words_per_block() - 1);
                    let near = (lo..=hi).any(|t| layer.word(layout.first_word(b) + t) != 0);
                    if near {
                        expected.push((layout.first_word(b) + j, b, j));
                    }
                }
            }
            let mut seen = Vec::new();
            layout.for_each_word_near(&layer, reach, |i, b, j| seen.push((i, b, j)));
            assert_eq!(seen, expected, "cells {} reach {}", cells, reach);
        }
    }

    #[test]
    #[should_panic(expected = "2^40 words")]
    fn a_table_too_large_panics() {
        BitBlocks::new(1 << 20, 1 << 30, 0);
    }
}

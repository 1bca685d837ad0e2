//! `BitLayer` and `BitBlocks` against bitvec, an independent bit set: random inserts, word ORs
//! and clears of layers of many sizes (one word to past the top level of the summaries), and
//! the blocks' positions, word lookups, shifts and neighbour words on random layouts.

use bitvec::prelude::*;
use dp_core::{BitBlocks, BitLayer, SplitMix64};

type Reference = BitVec<u64, Lsb0>;

/// Every non-zero word of the reference, in order.
fn nonzero_words(reference: &Reference) -> Vec<(usize, u64)> {
    let words = reference.as_raw_slice().iter().copied().enumerate();
    words.filter(|&(_, w)| w != 0).collect()
}

/// The checks of `layer` against `reference`: members, size, words and the words visited.
fn agree(layer: &BitLayer, reference: &Reference, rng: &mut SplitMix64) {
    let n = layer.capacity();
    assert_eq!(layer.len(), reference.count_ones(), "capacity {}", n);
    assert_eq!(layer.is_empty(), reference.not_any());
    assert_eq!(layer.words(), reference.as_raw_slice());
    for _ in 0..200 {
        let index = rng.index(n);
        assert_eq!(layer.contains(index), reference[index], "index {}", index);
    }
    for index in reference.iter_ones().take(50) {
        assert!(layer.contains(index));
        assert_eq!(layer.word(index / 64) >> (index % 64) & 1, 1);
    }
    let mut seen = Vec::new();
    layer.for_each_word(|i, bits| seen.push((i, bits)));
    assert_eq!(seen, nonzero_words(reference), "capacity {}", n);
}

#[test]
fn bit_layers_hold_what_a_bitvec_holds() {
    let mut rng = SplitMix64::new(2024);
    for n in [
        1, 2, 63, 64, 65, 130, 4095, 4096, 4097, 70_000, 262_144, 300_001,
    ] {
        let mut layer = BitLayer::new(n);
        let mut reference: Reference = bitvec![u64, Lsb0; 0; n];
        assert_eq!(layer.words().len(), reference.as_raw_slice().len());
        for round in 0..6 {
            // Sparse rounds touch few words (the summaries' work), dense ones many.
            let ops = [5, 50, 2000][round % 3];
            for _ in 0..ops {
                if rng.index(2) == 0 {
                    let index = rng.index(n);
                    layer.insert(index);
                    reference.set(index, true);
                } else {
                    let i = rng.index(layer.words().len());
                    let valid = (n - 64 * i).min(64);
                    let mask = if valid == 64 {
                        u64::MAX
                    } else {
                        (1 << valid) - 1
                    };
                    let bits = rng.next_u64() & rng.next_u64() & mask;
                    layer.or_word(i, bits);
                    reference.as_raw_mut_slice()[i] |= bits;
                }
            }
            agree(&layer, &reference, &mut rng);
            if round % 2 == 1 {
                layer.clear();
                reference.fill(false);
                agree(&layer, &reference, &mut rng);
            }
        }
    }
}

#[test]
fn bit_blocks_place_read_and_shift_as_a_bitvec_does() {
    let mut rng = SplitMix64::new(77);
    for case in 0..300 {
        let most = [9, 70, 400][case % 3];
        let (cells, blocks) = (1 + rng.index(most), 1 + rng.index(most));
        let side = (1..).find(|s| s * s >= cells).unwrap();
        let reach = rng.index(2 * side + 2);
        let layout = BitBlocks::new(cells, blocks, reach);
        let k = layout.words_per_block();
        assert_eq!(k, (cells + 63) / 64);
        assert_eq!(layout.positions(), 64 * layout.words());
        let mut reference: Reference = bitvec![u64, Lsb0; 0; layout.positions()];
        let mut layer = BitLayer::new(layout.positions());
        // Every block's first, last and a random cell: inside the block, found back.
        for b in 0..blocks {
            let first = layout.first_word(b);
            assert!(first + k <= layout.words());
            for a in [0, cells - 1, rng.index(cells)] {
                let p = layout.index(b, a);
                assert_eq!(p, 64 * first + a);
                assert_eq!(
                    layout.block_of(p / 64),
                    (b, a / 64),
                    "cells {} block {}",
                    cells,
                    b
                );
            }
        }
        // Random members, then every shift within the reach read against the bitvec.
        for _ in 0..1 + rng.index(3 * blocks) {
            let p = layout.index(rng.index(blocks), rng.index(cells));
            reference.set(p, true);
            layer.insert(p);
        }
        assert_eq!(layer.words(), reference.as_raw_slice());
        let words = reference.as_raw_slice();
        let bit = |x: isize| x >= 0 && (x as usize) < reference.len() && reference[x as usize];
        for b in 0..blocks {
            for i in layout.first_word(b)..layout.first_word(b) + k {
                for s in [0, 1, reach / 2, reach] {
                    let ahead = BitBlocks::ahead(words, i, s);
                    let behind = BitBlocks::behind(words, i, s);
                    for x in 0..64 {
                        let at = (64 * i + x) as isize;
                        assert_eq!(
                            ahead >> x & 1 == 1,
                            bit(at + s as isize),
                            "ahead {} {}",
                            i,
                            s
                        );
                        let from = at - s as isize;
                        assert_eq!(behind >> x & 1 == 1, bit(from), "behind {} {}", i, s);
                    }
                }
            }
        }
        // The words within `near` of a non-zero word of the same block, each once, in order.
        let near = reach / 64 + 1;
        let mut expected = Vec::new();
        for b in 0..blocks {
            let first = layout.first_word(b);
            for j in 0..k {
                let (lo, hi) = (j.saturating_sub(near), (j + near).min(k - 1));
                if (first + lo..=first + hi).any(|w| words[w] != 0) {
                    expected.push((first + j, b, j));
                }
            }
        }
        let mut seen = Vec::new();
        layout.for_each_word_near(&layer, near, |i, b, j| seen.push((i, b, j)));
        assert_eq!(
            seen, expected,
            "cells {} blocks {} reach {}",
            cells, blocks, reach
        );
    }
}

//! Luogu P4363 "一双木棋": two players fill an n x m board; a cell may take a stone once every cell
//! left of it and above it holds one. Black scores A, White scores B; print Black - White under
//! optimal play.
//!
//! The filled cells always form a staircase shape, so a position is a lattice path
//! ([`dp_core::LatticePath`]), ranked densely in `0..C(n + m, n)`. Every move raises the rank, so
//! one pass from the last rank down to 0 evaluates all shapes bottom-up, with no recursion and no
//! hash map: `value[rank]` is the best (mover - other) score still to come. The pass goes block by
//! block of ranks that share their high bits (see [`best_difference`]).

use dp_core::{Error, LatticePath, RunStep, Scanner, SubsetRuns};
use std::io::Write;

#[cfg(feature = "oracle")]
pub mod oracle;

/// Largest board side accepted; the statement's is 10, and 14 x 14 (40 million shapes) runs
/// in well under a second.
pub const MAX_SIDE: usize = 16;
/// Largest number of shapes accepted, so a huge board is refused, not swapped (every board
/// within it keeps at most 2^24 values, 64 MiB).
pub const MAX_SHAPES: u64 = 50_000_000;
/// Largest cell value accepted: ten times the statement's, still far from overflowing `i32`.
pub const MAX_VALUE: i32 = 1_000_000;

/// Reads one board and writes Black's score minus White's under optimal play.
///
/// # Errors
/// A malformed or out-of-range token, a board with more than [`MAX_SHAPES`] shapes, or a token
/// after the board.
///
/// # Complexity
/// O(C(n + m, n) * min(n, m)) time, O(C(n + m, n)) memory (see [`best_difference`]).
///
/// # Example
/// ```
/// let mut out = Vec::new();
/// p4363_staircase_chess::solve(b"2 3\n2 7 3\n9 1 2\n3 7 2\n2 3 1\n", &mut out).unwrap();
/// assert_eq!(out, b"2\n");
/// ```
pub fn solve(input: &[u8], out: &mut impl Write) -> Result<(), Error> {
    let mut sc = Scanner::new(input);
    let rows: usize = sc.next_in(1..=MAX_SIDE, "n")?;
    let cols: usize = sc.next_in(1..=MAX_SIDE, "m")?;
    let shapes = LatticePath::new(rows, cols);
    if shapes.count() > MAX_SHAPES {
        return Err(sc.invalid(&format!(
            "a {} x {} board has {} staircase shapes, more than the {} this solver holds",
            rows,
            cols,
            shapes.count(),
            MAX_SHAPES
        )));
    }
    let mut black = vec![0; rows * cols];
    let mut white = vec![0; rows * cols];
    for (grid, name) in [(&mut black, "A[i][j]"), (&mut white, "B[i][j]")] {
        for cell in grid.iter_mut() {
            *cell = sc.next_in(0..=MAX_VALUE, name)?;
        }
    }
    // Before the second of solving: trailing tokens mean the board is not what we think.
    sc.finish()?;
    writeln!(out, "{}", best_difference(&shapes, &black, &white))?;
    Ok(())
}

/// Bits of a mask below the split into blocks: 2^14 low halves of at most 7 moves each, in
/// tables of a few hundred KiB.
const LOW_BITS: usize = 14;

/// Black's score minus White's when both play optimally from the empty board; `black` and
/// `white` are the row-major cell values A and B.
///
/// # Panics
/// If a grid does not hold rows x cols values.
///
/// # Complexity
/// O(C(n + m, n) * min(n, m)) time; a ring of 4-byte values, one more than the largest rank
/// delta of a move (C(26, 13) on 14 x 14: 40 MiB) and at most C(n + m, n).
///
/// # Example
/// ```
/// let shapes = dp_core::LatticePath::new(1, 2);
/// // Black takes 5, White is left with 1.
/// assert_eq!(p4363_staircase_chess::best_difference(&shapes, &[5, 0], &[0, 1]), 4);
/// ```
// Why blocks: colex rank order is the masks' numeric order, so the masks that share their bits
// from LOW_BITS up (the high half) are a block of consecutive ranks, base(high) + the rank of
// the low half among those with as many ones. A move of a high one, or of the top low one across
// the split, has one rank delta and one cell for the whole block: it runs as one pass over a
// contiguous run of children, which streams from memory and which the compiler vectorizes. The
// same holds inside the low half ([`dp_core::SubsetRuns`]): the masks that share their bits from
// 9 up, then from 6 up, are runs too, so only the moves below bit 6 go mask by mask, at most 3
// of them, from a table built once per number of ones.
// Against the per-mask move iterator (`LatticePath::moves`: a bit scan, a popcount and two table
// lookups per move) over the whole table, 14 x 14 takes 0.41x the CPU time on rustc 1.95 and
// 0.35x on rustc 1.63 (with the ring below), and the compilers now run it within 5% of each
// other: the hot loops hold no bit scan or popcount, the code where 1.63 lost (its `bsf`, see
// `dp_core::LatticePath`'s bit positions, and the software popcount, `dp_core::popcount`).
// Never inlined into `solve`: there, the reading code's live values crowd the move loops'
// registers (7% slower on rustc 1.95 with the per-mask loop).
#[inline(never)]
pub fn best_difference(shapes: &LatticePath, black: &[i32], white: &[i32]) -> i64 {
    let (rows, cols) = (shapes.rows(), shapes.cols());
    assert!(black.len() == rows * cols && white.len() == rows * cols);
    if rows == 0 || cols == 0 {
        return 0; // one shape, no move
    }
    // A move's gain depends only on the moving one's (position p, index j); lay both players'
    // gains out by the move's slot, p * (rows + 1) + j, in tables of the fixed size SLOTS (no
    // bounds check).
    let (len, stride) = (rows + cols, rows + 1);
    // Black's, White's, Black's again: from `mover * SLOTS` on, the mover's then the other's.
    let mut gains = vec![0i32; 3 * LatticePath::SLOTS];
    for p in 0..len {
        for j in 1..=rows.min(p + 1) {
            let (r, c) = (rows - j, p + 1 - j);
            if c < cols {
                let slot = p * stride + j;
                gains[slot] = black[r * cols + c];
                gains[LatticePath::SLOTS + slot] = white[r * cols + c];
                gains[2 * LatticePath::SLOTS + slot] = black[r * cols + c];
            }
        }
    }
    let low_bits = len.min(LOW_BITS);
    let halves: Vec<LowHalves> = (0..=rows.min(low_bits))
        .map(|ones| LowHalves::new(shapes, low_bits, ones))
        .collect();
    // No child is more than the largest rank delta ahead, so a ring of the last `ring` ranks (at
    // least a block) holds every value still needed: on 14 x 14 40 MiB instead of 160, and fewer
    // pages to fault in. Not a power of two: a `%` per block move costs less than the 24 MiB
    // of pages more.
    let max_delta = (0..len - 1)
        .flat_map(|p| (0..rows).map(move |k| shapes.binomial(p, k)))
        .max()
        .unwrap_or(0) as usize;
    let largest_block = halves.iter().map(|half| half.odd.len()).max().unwrap_or(0);
    let ring = (max_delta + 1)
        .max(largest_block)
        .min(shapes.count() as usize);
    let mut value = vec![0i32; ring];
    let mut best = Vec::new();
    // cells = (sum of the ones' positions) - rows * (rows - 1) / 2; Black moves on even cells.
    let cells_offset = rows * (rows - 1) / 2;
    for high in (0u64..1 << (len - low_bits)).rev() {
        let high_ones = high.count_ones() as usize;
        if high_ones > rows || rows - high_ones > low_bits {
            continue;
        }
        let low_ones = rows - high_ones;
        let half = &halves[low_ones];
        let block = half.odd.len();
        let (mut base, mut position_sum, mut k) = (0, cells_offset, low_ones);
        for p in low_bits..len {
            if high >> (p - low_bits) & 1 == 1 {
                k += 1;
                base += shapes.binomial(p, k) as usize;
                position_sum += p;
            }
        }
        // The mover where the low half's positions sum to an even number.
        let mover = position_sum & 1;
        best.clear();
        best.resize(block, i32::MIN);
        // The full board, the last rank, is the only shape without a move: it is worth 0.
        if (base + block) as u64 == shapes.count() {
            best[block - 1] = 0;
        }
        // Corners from the top low bit up (the low half taken as all ones): the block's moves.
        let whole = high << low_bits | ((1 << low_bits) - 1);
        let mut corners =
            whole & !(whole >> 1) & ((1 << (len - 1)) - 1) & !((1 << (low_bits - 1)) - 1);
        while corners != 0 {
            let p = corners.trailing_zeros() as usize;
            corners &= corners - 1;
            // The one at p is the j-th: every low one, then the high ones up to p.
            let j =
                low_ones + (high & ((2u64 << p) >> low_bits).wrapping_sub(1)).count_ones() as usize;
            if j == 0 {
                continue; // across the split, but the low half has no one to move
            }
            let slot = (p * stride + j) % LatticePath::SLOTS;
            let delta = shapes.binomial(p, j - 1) as usize;
            // Across the split, only the low halves with their top bit set move: the last ranks.
            let from = if p < low_bits {
                shapes.binomial(low_bits - 1, low_ones) as usize
            } else {
                0
            };
            let even = gains[mover * LatticePath::SLOTS + slot];
            let flip = (even ^ gains[(mover ^ 1) * LatticePath::SLOTS + slot]) as u32;
            // The children's ranks, in at most two runs of the ring.
            let start = (base + delta + from) % ring;
            let split = from + (ring - start).min(block - from);
            let (near, far) = (&value[start..], &value[..block - split]);
            relax(
                &mut best[from..split],
                &half.odd[from..split],
                near,
                even,
                flip,
            );
            relax(&mut best[split..], &half.odd[split..], far, even, flip);
        }
        // Moves inside the low half: runs of the masks that share their bits from 9 and from
        // 6 up, then mask by mask below 6, each step's children already final.
        let odd = &half.odd;
        for &(start, count, delta, slot) in &half.steps {
            let (start, count, delta) = (start as usize, count as usize, delta as usize);
            if slot == MASKS {
                // Each mask's own moves, the player's gains looked up by slot (+ SLOTS for the
                // other player).
                let gain = <&[i32; 2 * LatticePath::SLOTS]>::try_from(
                    &gains[mover * LatticePath::SLOTS..(mover + 2) * LatticePath::SLOTS],
                )
                .unwrap();
                let run = &mut best[start..start + count];
                let first_move = &half.first_move[start..=start + count];
                let mut end = first_move[count] as usize;
                for t in (0..count).rev() {
                    let begin = first_move[t] as usize;
                    let (mask, ahead) = run[t..].split_first_mut().unwrap();
                    let mut b = *mask;
                    for &(delta, slot) in &half.moves[begin..end] {
                        b = b.max(
                            gain[slot as usize % (2 * LatticePath::SLOTS)]
                                - ahead[delta as usize - 1],
                        );
                    }
                    *mask = b;
                    end = begin;
                }
            } else {
                let even = gains[mover * LatticePath::SLOTS + slot as usize];
                let flip = (even ^ gains[(mover ^ 1) * LatticePath::SLOTS + slot as usize]) as u32;
                // The children are in the runs above this one.
                let (runs, above) = best.split_at_mut(start + count);
                relax(
                    &mut runs[start..],
                    &odd[start..start + count],
                    &above[delta - count..],
                    even,
                    flip,
                );
            }
        }
        let start = base % ring;
        let split = (ring - start).min(block);
        value[start..start + split].copy_from_slice(&best[..split]);
        value[..block - split].copy_from_slice(&best[split..]);
    }
    i64::from(value[0])
}

/// `best[i] = max(best[i], gain - children[i])`, the mover's gain `even`, or `even ^ flip` where
/// `odd[i]` is all ones.
// Four lanes a step in SSE2 (part of every x86_64): most runs are short (6 to 20 masks), and the
// loop the compilers vectorise themselves unrolls to 8 or 16 lanes and leaves short runs to its
// scalar tail, or (rustc 1.63) is not vectorised when written four lanes at a time.
#[inline]
fn relax(best: &mut [i32], odd: &[u32], children: &[i32], even: i32, flip: u32) {
    let len = best.len();
    let (odd, children) = (&odd[..len], &children[..len]);
    let mut i = 0;
    #[cfg(target_arch = "x86_64")]
    // SAFETY: SSE2 is in every x86_64 processor; each load and store is of lanes i..i + 4 of a
    // slice of `len` lanes, and i + 4 <= len.
    unsafe {
        use std::arch::x86_64::*;
        let (even, flip) = (_mm_set1_epi32(even), _mm_set1_epi32(flip as i32));
        while i + 4 <= len {
            let odd = _mm_loadu_si128(odd.as_ptr().add(i) as *const __m128i);
            let child = _mm_loadu_si128(children.as_ptr().add(i) as *const __m128i);
            let b = _mm_loadu_si128(best.as_ptr().add(i) as *const __m128i);
            let v = _mm_sub_epi32(_mm_xor_si128(even, _mm_and_si128(flip, odd)), child);
            let greater = _mm_cmpgt_epi32(v, b);
            let max = _mm_or_si128(_mm_and_si128(greater, v), _mm_andnot_si128(greater, b));
            _mm_storeu_si128(best.as_mut_ptr().add(i) as *mut __m128i, max);
            i += 4;
        }
    }
    for ((b, &child), &odd) in best[i..].iter_mut().zip(&children[i..]).zip(&odd[i..]) {
        *b = (*b).max((even ^ (flip & odd) as i32) - child);
    }
}

/// A `steps` entry that is a run of masks, each with its own moves.
const MASKS: u32 = u32::MAX;

/// Where the low half's runs split: the moves from bit 9 up go over runs of masks that share
/// those bits, then from bit 6 up; below 6, mask by mask (at most 20 masks, 3 moves each).
const LOW_SPLITS: [usize; 2] = [9, 6];

/// The low halves (the low `low_bits` bits of a mask) with a given number of ones, in rank
/// order, with the moves that stay inside them as steps over runs ([`dp_core::SubsetRuns`]).
struct LowHalves {
    /// (first rank, ranks, rank delta, slot) of a move over a run, or slot [`MASKS`] for a run
    /// whose masks go one by one.
    steps: Vec<(u32, u32, u32, u32)>,
    /// `first_move[i]..first_move[i + 1]` index the moves of the i-th low half done mask by mask
    /// (at most 3 inside 6 bits).
    first_move: Vec<u32>,
    /// Each such move's rank delta and slot in the gain tables, plus `SLOTS` where the mask's
    /// mover is the block's other player.
    moves: Vec<(u32, u32)>,
    /// All ones where the low half's ones' positions sum to an odd number, else 0.
    odd: Vec<u32>,
}

impl LowHalves {
    fn new(shapes: &LatticePath, low_bits: usize, ones: usize) -> LowHalves {
        let stride = shapes.rows() as u32 + 1;
        // On a short board, the splits below its low half.
        let mut splits: Vec<usize> = LOW_SPLITS
            .iter()
            .map(|&at| (at + low_bits).saturating_sub(LOW_BITS).max(1))
            .filter(|&at| at < low_bits)
            .collect();
        splits.dedup();
        let runs = SubsetRuns::new(low_bits, ones, &splits);
        // In increasing numeric order, which is rank order.
        let odd: Vec<u32> = (0u64..1 << low_bits)
            .filter(|low| low.count_ones() as usize == ones)
            .map(|low| {
                let position_sum: u32 = (0..low_bits as u32).filter(|p| low >> p & 1 == 1).sum();
                (position_sum & 1).wrapping_neg()
            })
            .collect();
        let mut first_move = vec![0];
        let mut moves = Vec::new();
        for (rank, &parity) in odd.iter().enumerate() {
            for mv in runs.mask_moves(rank) {
                let slot = mv.pos * stride + mv.index + (parity & LatticePath::SLOTS as u32);
                moves.push((mv.delta, slot));
            }
            first_move.push(moves.len() as u32);
        }
        let steps = runs
            .steps()
            .iter()
            .map(|&step| match step {
                RunStep::Run { start, count, mv } => {
                    (start, count, mv.delta, mv.pos * stride + mv.index)
                }
                RunStep::Masks { start, count } => (start, count, 0, MASKS),
            })
            .collect();
        LowHalves {
            steps,
            first_move,
            moves,
            odd,
        }
    }
}

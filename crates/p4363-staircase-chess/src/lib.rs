//! Luogu P4363 "一双木棋": two players fill an n x m board; a cell may take a stone once every cell
//! left of it and above it holds one. Black scores A, White scores B; print Black - White under
//! optimal play.
//!
//! The filled cells always form a staircase shape, so a position is a lattice path
//! ([`dp_core::LatticePath`]), ranked densely in `0..C(n + m, n)`. Every move raises the rank, so
//! one pass from the last rank down to 0 evaluates all shapes bottom-up, with no recursion and no
//! hash map: `value[rank]` is the best (mover - other) score still to come. The pass goes block by
//! block of ranks that share their high bits (see [`best_difference`]).

use dp_core::{Error, LatticePath, Scanner};
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
/// O(C(n + m, n) * min(n, m)) time; a ring of 4-byte values, the power of two above the
/// largest rank delta of a move (C(26, 13) on 14 x 14: 64 MiB) and at most the one above
/// C(n + m, n).
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
// contiguous run of children, which streams from memory and which the compiler vectorizes. Only
// the moves inside the low half stay per mask, read from a table built once per number of ones.
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
    let mut gains = Box::new([[0i32; LatticePath::SLOTS]; 2]);
    for p in 0..len {
        for j in 1..=rows.min(p + 1) {
            let (r, c) = (rows - j, p + 1 - j);
            if c < cols {
                gains[0][p * stride + j] = black[r * cols + c];
                gains[1][p * stride + j] = white[r * cols + c];
            }
        }
    }
    let low_bits = len.min(LOW_BITS);
    let halves: Vec<LowHalves> = (0..=rows.min(low_bits))
        .map(|ones| LowHalves::new(shapes, low_bits, ones))
        .collect();
    // No child is more than the largest rank delta ahead, so a ring of the last `ring` ranks (a
    // power of two, at least a block) holds every value still needed: on 14 x 14 64 MiB instead of 160, and fewer
    // pages to fault in.
    let max_delta = (0..len - 1)
        .flat_map(|p| (0..rows).map(move |k| shapes.binomial(p, k)))
        .max()
        .unwrap_or(0) as usize;
    let largest_block = halves.iter().map(|half| half.odd.len()).max().unwrap_or(0);
    let ring = (max_delta + 1)
        .max(largest_block)
        .next_power_of_two()
        .min((shapes.count() as usize).next_power_of_two());
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
            let even = gains[mover][slot];
            let flip = (even ^ gains[mover ^ 1][slot]) as u32;
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
        // Moves inside the low half, from the block's last rank down: children come first.
        for i in (0..block).rev() {
            let gain = &gains[mover ^ (half.odd[i] & 1) as usize];
            // The moves as one slice and the children as the block from i on: one bounds
            // check per move instead of four (a fifth of the instructions went to them).
            let moves = &half.moves[half.first_move[i] as usize..half.first_move[i + 1] as usize];
            let ahead = &best[i..];
            let mut b = ahead[0];
            for &(delta, slot) in moves {
                b = b.max(gain[slot as usize % LatticePath::SLOTS] - ahead[delta as usize]);
            }
            // Only the full board has no move: it is worth 0.
            best[i] = if b == i32::MIN { 0 } else { b };
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
#[inline]
fn relax(best: &mut [i32], odd: &[u32], children: &[i32], even: i32, flip: u32) {
    for ((b, &child), &odd) in best.iter_mut().zip(children).zip(odd) {
        *b = (*b).max((even ^ (flip & odd) as i32) - child);
    }
}

/// The low halves (the low `low_bits` bits of a mask) with a given number of ones, in rank
/// order, with the moves that stay inside them.
struct LowHalves {
    /// `first_move[i]..first_move[i + 1]` index the moves of the i-th low half.
    first_move: Vec<u32>,
    /// Each move's rank delta and slot in the gain tables.
    moves: Vec<(u32, u32)>,
    /// All ones where the low half's ones' positions sum to an odd number, else 0.
    odd: Vec<u32>,
}

impl LowHalves {
    fn new(shapes: &LatticePath, low_bits: usize, ones: usize) -> LowHalves {
        let stride = shapes.rows() + 1;
        let mut halves = LowHalves {
            first_move: vec![0],
            moves: Vec::new(),
            odd: Vec::new(),
        };
        // In increasing numeric order, which is rank order.
        for low in (0u64..1 << low_bits).filter(|low| low.count_ones() as usize == ones) {
            let mut corners = low & !(low >> 1) & ((1 << (low_bits - 1)) - 1);
            while corners != 0 {
                let p = corners.trailing_zeros() as usize;
                corners &= corners - 1;
                let j = (low & ((2 << p) - 1)).count_ones() as usize;
                let delta = shapes.binomial(p, j - 1) as u32;
                halves.moves.push((delta, (p * stride + j) as u32));
            }
            halves.first_move.push(halves.moves.len() as u32);
            let position_sum: u32 = (0..low_bits as u32).filter(|p| low >> p & 1 == 1).sum();
            halves.odd.push((position_sum & 1).wrapping_neg());
        }
        halves
    }
}

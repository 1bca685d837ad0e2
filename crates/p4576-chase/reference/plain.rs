//! A plain, hand-written bitboard solver of p4576-chase for speed comparisons with the bundle: std
//! only, no dp-core, one function. Not part of any crate build; build it as a judge would:
//! `rustc -O --edition 2021 crates/p4576-chase/reference/plain.rs -o plain`.
//!
//! The idea (that of `dp_core::bit_attractor`, written out for this one game):
//! - Each side's attractor on its own: "Black captures within t plies" as two bitmaps, Black to
//!   move and White to move, each a bitboard of White's cells per Black cell; White's attractor
//!   the same. Ply t recomputes the set of one side to move from the other's: OR over the
//!   moves of the side that wins, AND over the moves of the side that loses. The start's value
//!   is the first t at which it enters one of them; both attractors run in step, and one that
//!   stops growing costs nothing more. Neither reached when both stop: a draw.
//! - Rows as words: a board row is two 64-bit words (n <= 128), White's horizontal step a
//!   shift of the row, a vertical step the neighbouring row.
//! - Only what changed: per Black cell and set a mask of the rows that changed at its last
//!   recomputation; the next ply recomputes only the span of rows those can change.
//! - Symmetry: only Black's cells in the top left quarter are stored; a Black move that leaves
//!   it reads the mirrored board (rows in reverse order, bits reversed within a row).
//!
//! Input `n r1 c1 r2 c2` (valid; no error messages), output `WHITE x`, `BLACK x` or `DRAW`.

use std::io::Read;

fn main() {
    let mut text = String::new();
    std::io::stdin().read_to_string(&mut text).unwrap();
    let v: Vec<usize> = text
        .split_ascii_whitespace()
        .map(|t| t.parse().unwrap())
        .collect();
    let (n, w0, b0) = (v[0], (v[1] - 1, v[2] - 1), (v[3] - 1, v[4] - 1));
    assert!((2..=128).contains(&n) && w0 != b0);
    println!("{}", solve(n, w0, b0));
}

/// Row `i` of a set, its two words as one number.
#[inline]
fn get(set: &[u64], i: usize) -> u128 {
    u128::from(set[2 * i]) | u128::from(set[2 * i + 1]) << 64
}

/// The answer line for White on `w0` and Black on `b0` (0-based) of the n x n board, White to
/// move.
fn solve(n: usize, w0: (usize, usize), b0: (usize, usize)) -> String {
    let h = (n + 1) / 2;
    let blocks = h * h;
    let valid: u128 = if n == 128 { !0 } else { (1 << n) - 1 };
    // A row's bits, or a mask of rows, mirrored.
    let rev = |x: u128| x.reverse_bits() >> (128 - n);
    // Black's cell (r, c) of the whole board as a stored block and the mirrors to read it with.
    let canon = |r: usize, c: usize| {
        let (fr, fc) = (r >= h, c >= h);
        let (r, c) = (if fr { n - 1 - r } else { r }, if fc { n - 1 - c } else { c });
        (r * h + c, fr, fc)
    };
    // Black's moves from each stored block, `first[q]..first[q + 1]` of `reads`: the block it
    // lands on and whether to read it mirrored top to bottom and left to right.
    let mut first = vec![0usize];
    let mut reads: Vec<(usize, bool, bool)> = Vec::new();
    for q in 0..blocks {
        let (r, c) = ((q / h) as isize, (q % h) as isize);
        for len in 1..=2 {
            for (dr, dc) in [(-1, 0), (1, 0), (0, -1), (0, 1)] {
                let (r2, c2) = (r + dr * len, c + dc * len);
                if r2 >= 0 && c2 >= 0 && r2 < n as isize && c2 < n as isize {
                    reads.push(canon(r2 as usize, c2 as usize));
                }
            }
        }
        first.push(reads.len());
    }
    // Sets: [Black wins, White wins] x [Black to move, White to move]; row r of block q is words
    // 2 (q n + r) and 2 (q n + r) + 1.
    let mut set = vec![vec![0u64; 2 * blocks * n]; 4];
    // The rows of each block changed at the set's last recomputation.
    let mut changed = vec![vec![0u128; blocks]; 4];
    const XB: usize = 0; // Black wins, Black to move
    const YB: usize = 1; // Black wins, White to move
    const XW: usize = 2; // White wins, Black to move
    const YW: usize = 3; // White wins, White to move
    for q in 0..blocks {
        let (r, c) = (q / h, q % h);
        // Both on one cell: the side to move has just been captured.
        for s in [YB, XW] {
            set[s][2 * (q * n + r) + c / 64] |= 1 << (c % 64);
            changed[s][q] = 1 << r;
        }
    }
    let (q0, fr, fc) = canon(b0.0, b0.1);
    let start_row = q0 * n + if fr { n - 1 - w0.0 } else { w0.0 };
    let start_bit = 1u128 << if fc { n - 1 - w0.1 } else { w0.1 };
    let (has_left, has_right) = (valid & !1, valid >> 1);
    let mut alive = [true, true]; // Black's, White's attractor still growing
    let mut acc = vec![0u64; 2 * n];
    let mut t = 0;
    loop {
        if !alive[0] && !alive[1] {
            return "DRAW".to_string();
        }
        t += 1;
        // Black's attractor: at odd plies Black to move (OR over Black's moves), at even plies
        // White to move (AND over White's steps). White's: at odd plies White to move (OR over
        // White's steps), at even plies Black to move (AND over Black's moves).
        for who in 0..2 {
            if !alive[who] {
                continue;
            }
            let (to, from) = match (who, t % 2) {
                (0, 1) => (XB, YB),
                (0, _) => (YB, XB),
                (_, 1) => (YW, XW),
                _ => (XW, YW),
            };
            let black_moves = to == XB || to == XW;
            let any = to == XB || to == YW;
            let (src, dst) = two(&mut set, from, to);
            let (csrc, cdst) = two(&mut changed, from, to);
            let mut grew = false;
            for q in 0..blocks {
                let reads = &reads[first[q]..first[q + 1]];
                let dirty = if black_moves {
                    let mut dirty = 0u128;
                    for &(p, fr, _) in reads {
                        dirty |= if fr { rev(csrc[p]) } else { csrc[p] };
                    }
                    dirty
                } else {
                    let c = csrc[q];
                    (c | c << 1 | c >> 1) & valid
                };
                if dirty == 0 {
                    cdst[q] = 0;
                    continue;
                }
                // Recompute the rows lo..hi, the span of the dirty ones.
                let lo = dirty.trailing_zeros() as usize;
                let hi = 128 - dirty.leading_zeros() as usize;
                let acc = &mut acc[2 * lo..2 * hi];
                if black_moves {
                    acc.fill(if any { 0 } else { !0 });
                    for &(p, fr, fc) in reads {
                        if !fr && !fc {
                            let rows = &src[2 * (p * n + lo)..2 * (p * n + hi)];
                            if any {
                                for (a, &x) in acc.iter_mut().zip(rows) {
                                    *a |= x
                                }
                            } else {
                                for (a, &x) in acc.iter_mut().zip(rows) {
                                    *a &= x
                                }
                            }
                            continue;
                        }
                        for (k, a) in acc.chunks_exact_mut(2).enumerate() {
                            let r = lo + k;
                            let mut x = get(src, p * n + if fr { n - 1 - r } else { r });
                            if fc {
                                x = rev(x);
                            }
                            let (x0, x1) = (x as u64, (x >> 64) as u64);
                            if any {
                                a[0] |= x0;
                                a[1] |= x1;
                            } else {
                                a[0] &= x0;
                                a[1] &= x1;
                            }
                        }
                    }
                } else {
                    // Each row loaded once: the row above and the row itself carried to the next.
                    let row = |r: usize| if r < n { get(src, q * n + r) } else { 0 };
                    let (mut up, mut x) = (if lo > 0 { row(lo - 1) } else { 0 }, row(lo));
                    for (k, a) in acc.chunks_exact_mut(2).enumerate() {
                        let r = lo + k;
                        let down = row(r + 1);
                        let v = if any {
                            up | down | x << 1 | x >> 1
                        } else {
                            (up | if r > 0 { 0 } else { !0 })
                                & (down | if r + 1 < n { 0 } else { !0 })
                                & (x << 1 | !has_left)
                                & (x >> 1 | !has_right)
                        };
                        a[0] = v as u64;
                        a[1] = (v >> 64) as u64;
                        up = x;
                        x = down;
                    }
                }
                // Only cells of the board, and not Black's own: both pieces on it is terminal.
                let (br, bc) = (q / h, q % h);
                for a in acc.chunks_exact_mut(2) {
                    a[0] &= valid as u64;
                    a[1] &= (valid >> 64) as u64;
                }
                if (lo..hi).contains(&br) {
                    acc[2 * (br - lo) + bc / 64] &= !(1 << (bc % 64));
                }
                let dst = &mut dst[2 * (q * n + lo)..2 * (q * n + hi)];
                let (mut done, mut bit) = (0u128, 1u128 << lo);
                for (d, a) in dst.chunks_exact_mut(2).zip(acc.chunks_exact(2)) {
                    if a[0] & !d[0] | a[1] & !d[1] != 0 {
                        d[0] |= a[0];
                        d[1] |= a[1];
                        done |= bit;
                    }
                    bit <<= 1;
                }
                cdst[q] = done;
                grew |= done != 0;
            }
            alive[who] = grew;
            if (to == YB || to == YW) && get(dst, start_row) & start_bit != 0 {
                return format!("{} {}", ["BLACK", "WHITE"][who], t);
            }
        }
    }
}

/// The sets `from` (read) and `to` (written) of `sets`, two different indices.
fn two<T>(sets: &mut [T], from: usize, to: usize) -> (&T, &mut T) {
    if to < from {
        let (a, b) = sets.split_at_mut(from);
        (&b[0], &mut a[to])
    } else {
        let (a, b) = sets.split_at_mut(to);
        (&a[from], &mut b[0])
    }
}

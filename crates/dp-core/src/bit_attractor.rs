//! Bit-parallel attractors: win / loss / draw with exact distances for two-player games whose
//! positions are bitboards (a piece on a board row is a bit, its step a shift), computed one
//! side's wins at a time over words, recomputing only the rows that can have changed.
//!
//! # Method
//! The attractor of a side W is the set of positions from which W can force a win. Its `t`-th
//! iterate holds the positions W wins within `t` plies: with W to move, those with some move
//! into the iterate before; with the other side L to move, those whose every move leads into
//! it; at 0 the terminal losses of L. Terminal positions are losses or draws for the side to
//! move, so at odd plies only the W-to-move half grows and at even plies only the L-to-move
//! half: ply `t` recomputes one half from the other, in place. A position first entering at ply
//! `t` is won by W in exactly `t` plies (W to move) or lost by L in `t` (L to move), W winning
//! as soon and L losing as late as it can; positions in neither side's attractor are draws.
//!
//! Positions are laid out as blocks of rows: a block for each place of the *block piece* (a
//! [`BlockMove`] of it reads another block whole, rows and bits maybe mirrored), a row of
//! [`BitRow`] words for each row of the *row piece*, a bit for its column (its moves inside the
//! block are shifts, [`BitAttractorGame::row_moves`]). For each block the solver keeps the span
//! of rows (first to last) changed at the half's last recomputation; the next ply recomputes,
//! in each block, only the span of rows that those can change, a loop over words (in an OR step
//! a block move only adds the rows of its block that changed), and an attractor whose ply
//! changes nothing is complete. [`bit_attractor`] runs both sides' attractors in step until the
//! asked position enters one (or neither grows: a draw); [`bit_attractor_layers`] runs one to
//! the end and shows every position as it enters.
//!
//! A game whose board has mirror symmetries stores one block per class of the block piece's
//! places (a quarter of the board for two mirrors): a move to a place outside them is a
//! [`BlockMove`] to the stored place with `flip_rows` or `flip_bits` set, read in reverse row
//! order or with each row's bits reversed.
//!
//! Which piece is the row piece is the game's choice, and it can be made per attractor: the
//! positions a ply adds tend to lie along the winner's rows, so a full table
//! ([`bit_attractor_layers`], once per winner) is cheapest with the winner as the row piece.
//! In the pursuit of core-bench (two pieces with their own steps, who lands on the other wins)
//! that halves the rows that change in B's attractor, and the run takes two thirds of the
//! instructions.

use crate::retrograde::Value;
use std::ops::{BitAnd, BitOr, Not, Shl, Shr};

/// One row of a bitboard in one or two 64-bit words (`u64`, `u128`): the operations
/// [`bit_attractor`] and a game's [`BitAttractorGame::row_moves`] use. Bit `c` is column `c`;
/// a table of rows is a slice of words, `WORDS` a row, the low word first.
///
/// # Example
/// ```
/// use dp_core::BitRow;
/// let row = <u128 as BitRow>::low(3) << 70; // columns 70, 71, 72
/// assert_eq!(row.mirror(80), <u128 as BitRow>::low(3) << 7); // columns 9, 8, 7 of 80
/// let mut words = [0u64; 4];
/// row.store(&mut words, 1);
/// assert_eq!(words, [0, 0, 0, 0b111 << 6]);
/// assert_eq!(<u128 as BitRow>::load(&words, 1), row);
/// assert_eq!(<u64 as BitRow>::bit(5), 32);
/// ```
pub trait BitRow:
    Copy
    + Eq
    + BitOr<Output = Self>
    + BitAnd<Output = Self>
    + Not<Output = Self>
    + Shl<u32, Output = Self>
    + Shr<u32, Output = Self>
{
    /// 64-bit words of a row.
    const WORDS: usize;
    /// The empty row.
    const ZERO: Self;

    /// The row read right to left on a board of `cols` columns: bit `c` becomes `cols - 1 - c`.
    ///
    /// # Constraints
    /// `1 <= cols <= 64 * WORDS` and no bit at or past `cols`.
    fn mirror(self, cols: usize) -> Self;

    /// Row `i` of the table `words`.
    ///
    /// # Panics
    /// If `words` has no row `i`.
    fn load(words: &[u64], i: usize) -> Self;

    /// Writes the row as row `i` of the table `words`.
    ///
    /// # Panics
    /// If `words` has no row `i`.
    fn store(self, words: &mut [u64], i: usize);

    /// Columns `0..k`.
    ///
    /// # Constraints
    /// `k <= 64 * WORDS`.
    fn low(k: usize) -> Self {
        if k >= 64 * Self::WORDS {
            !Self::ZERO
        } else {
            !(!Self::ZERO << k as u32)
        }
    }

    /// Column `k` alone.
    ///
    /// # Constraints
    /// `k < 64 * WORDS`.
    fn bit(k: usize) -> Self {
        !(!Self::ZERO << 1) << k as u32
    }
}

impl BitRow for u64 {
    const WORDS: usize = 1;
    const ZERO: Self = 0;
    #[inline]
    fn mirror(self, cols: usize) -> Self {
        self.reverse_bits() >> (64 - cols)
    }
    #[inline]
    fn load(words: &[u64], i: usize) -> Self {
        words[i]
    }
    #[inline]
    fn store(self, words: &mut [u64], i: usize) {
        words[i] = self
    }
}

impl BitRow for u128 {
    const WORDS: usize = 2;
    const ZERO: Self = 0;
    #[inline]
    fn mirror(self, cols: usize) -> Self {
        self.reverse_bits() >> (128 - cols)
    }
    #[inline]
    fn load(words: &[u64], i: usize) -> Self {
        u128::from(words[2 * i]) | u128::from(words[2 * i + 1]) << 64
    }
    #[inline]
    fn store(self, words: &mut [u64], i: usize) {
        words[2 * i] = self as u64;
        words[2 * i + 1] = (self >> 64) as u64;
    }
}

/// A move of the block piece: the position of the other side to move with the block piece on
/// stored block `block` and the row piece where it was, or (with the mirrors set) on row
/// `rows - 1 - r` and column `cols - 1 - c` in place of `(r, c)`.
///
/// # Example
/// See [`BitAttractorGame`].
#[derive(Clone, Copy, Debug)]
pub struct BlockMove {
    /// The stored block moved to.
    pub block: usize,
    /// Read the block's rows in reverse order (a mirror of the board top to bottom).
    pub flip_rows: bool,
    /// Read each row's bits in reverse order (a mirror of the board left to right).
    pub flip_bits: bool,
}

impl BlockMove {
    /// A move to stored block `block`, no mirror.
    ///
    /// # Complexity
    /// O(1).
    ///
    /// # Example
    /// ```
    /// let m = dp_core::BlockMove::to(3);
    /// assert!(m.block == 3 && !m.flip_rows && !m.flip_bits);
    /// ```
    pub fn to(block: usize) -> Self {
        BlockMove {
            block,
            flip_rows: false,
            flip_bits: false,
        }
    }
}

/// A two-player game (sides 0 and 1, moves alternate) for [`bit_attractor`]: its positions with
/// either side to move are `blocks() x rows() x cols()` bits, block `b`, row `r`, column `c` (a
/// block piece on `b`, a row piece on `(r, c)`), and its moves are given as operations on rows.
///
/// # Constraints
/// - `1 <= rows() <= 128`, `1 <= cols() <= 64 * Row::WORDS`.
/// - A terminal position is a loss for the side to move ([`BitAttractorGame::terminal_losses`])
///   or a draw; every other position is *live* ([`BitAttractorGame::live`]) and has a move.
/// - A move of the side to move changes the place of one piece: the block piece, the same for
///   every place of the row piece ([`BitAttractorGame::block_moves`]), or the row piece inside
///   the block ([`BitAttractorGame::row_moves`], reading the rows
///   [`BitAttractorGame::row_steps`] names). A move onto a terminal position is allowed: a capture leads to the other side's
///   terminal loss.
///
/// # Example
/// Two tokens on a line of 8 cells, each stepping one cell left or right; who steps onto the
/// other wins. Side 0 moves the row token (one row, a bit per cell), side 1 the block token (a
/// block per cell). A token next to the other captures at once; two apart, the side to move
/// must step next to the other (or away, towards the wall).
/// ```
/// use dp_core::{bit_attractor, BitAttractorGame, BlockMove, Value};
/// struct Line;
/// impl BitAttractorGame for Line {
///     type Row = u64;
///     fn blocks(&self) -> usize { 8 }
///     fn rows(&self) -> usize { 1 }
///     fn cols(&self) -> usize { 8 }
///     fn block_moves<F: FnMut(BlockMove)>(&self, mover: usize, b: usize, mut emit: F) {
///         if mover == 1 {
///             (b.saturating_sub(1)..(b + 2).min(8)).filter(|&t| t != b).for_each(|t| emit(BlockMove::to(t)))
///         }
///     }
///     fn row_steps<F: FnMut(isize)>(&self, mover: usize, mut emit: F) { if mover == 0 { emit(0) } }
///     fn row_moves(&self, _: usize, any: bool, _: usize, set: &[u64], _: usize, acc: &mut [u64]) {
///         let x = set[0]; // bit c reads c + 1 and c - 1; no c + 1 from 7, no c - 1 from 0
///         if any { acc[0] |= x >> 1 | x << 1 } else { acc[0] &= (x >> 1 | 1 << 7) & (x << 1 | 1) }
///     }
///     fn live(&self, _mover: usize, b: usize, _lo: usize, acc: &mut [u64]) {
///         acc[0] &= 0xff & !(1 << b) // the cells of the line but the other token's
///     }
///     fn terminal_losses<F: FnMut(usize, usize, u64)>(&self, _mover: usize, mut emit: F) {
///         (0..8).for_each(|b| emit(b, 0, 1 << b)) // both tokens on one cell
///     }
/// }
/// // Side 0 to move on 3, side 1 on 4: capture at once. On 0 and 2: step to 1, then lost.
/// assert_eq!(bit_attractor(&Line, 0, 4, 0, 3), Value::Win(1));
/// assert_eq!(bit_attractor(&Line, 0, 2, 0, 0), Value::Loss(2));
/// // Side 1 to move there runs from 2 to the wall at 7, side 0 following: lost in 12 plies.
/// assert_eq!(bit_attractor(&Line, 1, 2, 0, 0), Value::Loss(12));
/// ```
pub trait BitAttractorGame {
    /// A row of the row piece's places ([`u64`], [`u128`], or a wider type of the game's).
    type Row: BitRow;

    /// Blocks: the block piece's stored places.
    fn blocks(&self) -> usize;

    /// Rows of a block, 1 to 128.
    fn rows(&self) -> usize;

    /// Columns of a row: its bits `0..cols()` are positions (mirrored reads reverse them).
    fn cols(&self) -> usize;

    /// Calls `emit` with each move of the block piece when `mover` is to move and it stands on
    /// block `block` (called once per block and side, before the analysis). None by default.
    fn block_moves<F: FnMut(BlockMove)>(&self, _mover: usize, _block: usize, _emit: F) {}

    /// Calls `emit(d)` for each `d` such that a move of the row piece, `mover` to move, from row
    /// `r` reads row `r + d` ([`BitAttractorGame::row_moves`]; `|d| < 128`, repeats allowed).
    /// None by default: the side has no moves inside blocks.
    fn row_steps<F: FnMut(isize)>(&self, _mover: usize, _emit: F) {}

    /// Combines into `acc` the positions of `mover` to move on block `block`, rows `lo..` (as
    /// many as `acc` holds, `Row::WORDS` words each), with *some* move of the row piece into
    /// `set` (OR, if `any`), or whose *every* move of the row piece leads into it (AND, if not;
    /// a position with no such move keeps its bits). `set` is the table of the block's rows of
    /// the positions of the other side to move (row `r` is `Row::load(set, r)`). Bits of
    /// positions that are not live may be anything. A loop over the rows for each move lets the
    /// compiler vectorise it. Called only if [`BitAttractorGame::row_steps`] names a row; the
    /// default combines nothing.
    fn row_moves(
        &self,
        _mover: usize,
        _any: bool,
        _block: usize,
        _set: &[u64],
        _lo: usize,
        _acc: &mut [u64],
    ) {
    }

    /// Clears in `acc` (rows `lo..` of block `block`, as many as it holds, `mover` to move) the
    /// bits of the positions that are not live: terminal, or at or past `cols()`.
    fn live(&self, mover: usize, block: usize, lo: usize, acc: &mut [u64]);

    /// Calls `emit(block, row, bits)` with words whose union is the terminal losses of `mover`
    /// to move (e.g. its piece was just captured, or it has no move in a game where that loses).
    /// A row emitted without bits is allowed but widens its block's span for the first ply.
    fn terminal_losses<F: FnMut(usize, usize, Self::Row)>(&self, mover: usize, emit: F);
}

/// The moves of each side read once from the game, `side[mover]`.
struct Plan {
    blocks: usize,
    rows: usize,
    side: [Moves; 2],
}

/// One side's moves: the block moves of block `b` are `moves[b]`, the blocks with a move to
/// `b` are `readers[b]`, the rows `r + d` that row `r` reads by moves inside a block are those
/// of `steps`.
struct Moves {
    moves: Vec<Vec<BlockMove>>,
    readers: Vec<Vec<usize>>,
    steps: Vec<isize>,
}

impl Moves {
    /// Adds to `set` the blocks whose next recomputation a change of block `b` of the other
    /// half can change: those with a move to it, and `b` itself if the side has moves inside
    /// blocks.
    #[inline]
    fn readers_of(&self, b: usize, set: &mut BlockSet) {
        for &q in &self.readers[b] {
            set.insert(q);
        }
        if !self.steps.is_empty() {
            set.insert(b);
        }
    }
}

impl Plan {
    fn new<G: BitAttractorGame>(game: &G) -> Self {
        let (blocks, rows, cols) = (game.blocks(), game.rows(), game.cols());
        assert!(
            (1..=128).contains(&rows) && (1..=64 * G::Row::WORDS).contains(&cols),
            "too many rows or columns"
        );
        let side = |mover: usize| {
            let (mut moves, mut readers) = (vec![vec![]; blocks], vec![vec![]; blocks]);
            for (b, moves) in moves.iter_mut().enumerate() {
                game.block_moves(mover, b, |m| {
                    assert!(m.block < blocks, "a move to block {}", m.block);
                    moves.push(m);
                    readers[m.block].push(b);
                });
            }
            let mut steps = vec![];
            game.row_steps(mover, |d| steps.push(d));
            steps.sort_unstable();
            Moves {
                moves,
                readers,
                steps,
            }
        };
        Plan {
            blocks,
            rows,
            side: [side(0), side(1)],
        }
    }
}

/// A set of blocks, a bit each, drained in increasing order at the cost of its members plus
/// one word per 64 blocks (a ply's blocks are many; a second level cost more than it saved).
struct BlockSet(Vec<u64>);

impl BlockSet {
    fn new(blocks: usize) -> Self {
        BlockSet(vec![0; (blocks + 63) / 64])
    }

    #[inline]
    fn insert(&mut self, b: usize) {
        self.0[b / 64] |= 1 << (b % 64);
    }

    /// Calls `f(b)` for each member `b` in increasing order, removing them all.
    fn drain<F: FnMut(usize)>(&mut self, mut f: F) {
        for (j, word) in self.0.iter_mut().enumerate() {
            let mut word = std::mem::take(word);
            while word != 0 {
                f(64 * j + word.trailing_zeros() as usize);
                word &= word - 1;
            }
        }
    }
}

/// The other side's half to read and `mover`'s to write.
fn split<T>(pair: &mut [T; 2], mover: usize) -> (&T, &mut T) {
    let [a, b] = pair;
    if mover == 0 { (b, a) } else { (a, b) }
}

/// One side's attractor as it grows.
struct Attractor {
    winner: usize,
    plies: u32,
    /// `sets[mover]`: row `r` of block `b` is words `(b * rows + r) * WORDS ..`.
    sets: [Vec<u64>; 2],
    /// `changed[mover][b]`: the ply of the half's last change in block `b`, and the span
    /// `lo..hi` from its first to its last changed row (only spans are read: a mask costs more).
    changed: [Vec<(u32, usize, usize)>; 2],
    /// The blocks to recompute at this ply (they read a block changed at the last), and at the
    /// next.
    now: BlockSet,
    next: BlockSet,
    growing: bool,
}

impl Attractor {
    /// Ply 0: the terminal losses of the other side, then each block's span of them visited.
    fn new<G: BitAttractorGame>(
        game: &G,
        plan: &Plan,
        winner: usize,
        visit: &mut impl FnMut(u32, usize, usize, usize, &[u64]),
    ) -> Self {
        let w = G::Row::WORDS;
        let words = plan.blocks * plan.rows * w;
        // Empty spans that a min and a max grow.
        let empty = vec![(0, plan.rows, 0); plan.blocks];
        // Zeros written, not a zeroed allocation (`vec![0; n]`): the steps read a row before
        // they write it, and such a page read first faults twice (the shared zero page, then a
        // copy). Ones first, as the compiler drops a zero fill of a zeroed allocation; the clone
        // is written by the copy.
        let mut set = vec![!0; words];
        set.fill(0);
        let mut run = Attractor {
            winner,
            plies: 0,
            sets: [set.clone(), set],
            changed: [empty.clone(), empty],
            now: BlockSet::new(plan.blocks),
            next: BlockSet::new(plan.blocks),
            growing: true,
        };
        let loser = 1 - winner;
        let all = G::Row::low(game.cols());
        let (set, changed) = (&mut run.sets[loser], &mut run.changed[loser]);
        game.terminal_losses(loser, |b, r, bits| {
            assert!(
                b < plan.blocks && r < plan.rows && bits & !all == G::Row::ZERO,
                "a terminal loss off the board"
            );
            // An OR into the table, not a read first: a page of it read before it is written
            // faults twice.
            let i = b * plan.rows + r;
            (G::Row::load(set, i) | bits).store(set, i);
            let c = &mut changed[b];
            c.1 = c.1.min(r);
            c.2 = c.2.max(r + 1);
        });
        let stride = plan.rows * w;
        for (b, &(_, lo, hi)) in changed.iter().enumerate() {
            if lo < hi {
                plan.side[winner].readers_of(b, &mut run.now);
                visit(0, loser, b, lo, &set[b * stride..][lo * w..hi * w]);
            }
        }
        run
    }

    /// Ply `plies + 1`: the half of the side to move at that parity recomputed from the other,
    /// in the blocks that read a block changed at the last ply. `ANY` is true at odd plies (the
    /// winner to move: some move in), false at even ones (every move).
    fn step<G: BitAttractorGame, const ANY: bool>(
        &mut self,
        game: &G,
        plan: &Plan,
        visit: &mut impl FnMut(u32, usize, usize, usize, &[u64]),
    ) {
        let last = self.plies;
        self.plies += 1;
        let plies = self.plies;
        // The winner moves at odd plies (some move in), the other side at even (every move).
        let mover = if ANY { self.winner } else { 1 - self.winner };
        let (w, rows, cols) = (G::Row::WORDS, plan.rows, game.cols());
        let stride = rows * w;
        let (src, dst) = split(&mut self.sets, mover);
        let (csrc, cdst) = split(&mut self.changed, mover);
        // The span of rows of block p of the other half changed at the last ply (empty: rows..0,
        // which a min and a max ignore).
        let changed = |p: usize| {
            let (ply, lo, hi) = csrc[p];
            if ply == last { (lo, hi) } else { (rows, 0) }
        };
        let (side, reader) = (&plan.side[mover], &plan.side[1 - mover]);
        // A block's rows being recomputed.
        let (acc, next) = (&mut vec![0; stride], &mut self.next);
        let mut grew = false;
        self.now.drain(|q| {
            let reads = &side.moves[q];
            // The span of rows of this block a move reads that changed at the last ply.
            let moved = |m: &BlockMove| {
                let (lo, hi) = changed(m.block);
                if m.flip_rows {
                    (rows - hi, rows - lo)
                } else {
                    (lo, hi)
                }
            };
            // Recompute the span lo..hi of the rows whose inputs changed, a word loop per move.
            let (mut lo, mut hi) = (rows, 0);
            for m in reads {
                let (a, b) = moved(m);
                lo = lo.min(a);
                hi = hi.max(b);
            }
            // Row r reads rows r + d, d from the first step to the last (they are sorted).
            if let (Some(&d0), Some(&d1)) = (side.steps.first(), side.steps.last()) {
                let (a, b) = changed(q);
                let (a, b) = (
                    (a as isize - d1).max(0),
                    (b as isize - d0).min(rows as isize),
                );
                if a < b {
                    lo = lo.min(a as usize);
                    hi = hi.max(b as usize);
                }
            }
            if lo >= hi {
                return;
            }
            let acc = &mut acc[lo * w..hi * w];
            let mut reads = reads.iter();
            match reads.as_slice() {
                // The first two moves' rows, the whole span, set the accumulator: a fill is a
                // call and a pass, and for OR their rows that did not change add only positions
                // this half holds already.
                [x, y, ..] if !(x.flip_rows | x.flip_bits | y.flip_rows | y.flip_bits) => {
                    let block = |p: usize| &src[p * stride..][lo * w..hi * w];
                    let pairs = acc.iter_mut().zip(block(x.block)).zip(block(y.block));
                    pairs.for_each(|((a, &x), &y)| *a = if ANY { x | y } else { x & y });
                    reads.nth(1);
                }
                _ => acc.fill(if ANY { 0 } else { !0 }),
            }
            for m in reads {
                // Some move into the other half: what the block held before the last ply is in
                // this half already, so only the rows that changed count.
                let (from, to) = if ANY { moved(m) } else { (lo, hi) };
                if from >= to {
                    continue;
                }
                let acc = &mut acc[(from - lo) * w..(to - lo) * w];
                let base = m.block * stride;
                if !m.flip_rows && !m.flip_bits {
                    let rows = &src[base + from * w..base + to * w];
                    if ANY {
                        acc.iter_mut().zip(rows).for_each(|(a, &x)| *a |= x);
                    } else {
                        acc.iter_mut().zip(rows).for_each(|(a, &x)| *a &= x);
                    }
                    continue;
                }
                for (k, a) in acc.chunks_exact_mut(w).enumerate() {
                    let r = if m.flip_rows {
                        rows - 1 - from - k
                    } else {
                        from + k
                    };
                    let mut x = G::Row::load(src, m.block * rows + r);
                    if m.flip_bits {
                        x = x.mirror(cols);
                    }
                    let y = G::Row::load(a, 0);
                    (if ANY { y | x } else { y & x }).store(a, 0);
                }
            }
            if !side.steps.is_empty() {
                game.row_moves(
                    mover,
                    ANY,
                    q,
                    &src[q * stride..q * stride + stride],
                    lo,
                    acc,
                );
            }
            game.live(mover, q, lo, acc);
            // Into the half, `acc` keeping what entered: a word loop, then its first and last
            // non-zero rows.
            let dst = &mut dst[q * stride..][lo * w..hi * w];
            for (d, a) in dst.iter_mut().zip(acc.iter_mut()) {
                let new = *a & !*d;
                *d |= *a;
                *a = new;
            }
            let entered = |a: &[u64]| a.iter().any(|&x| x != 0);
            if let Some(k) = acc.chunks_exact(w).position(entered) {
                // Rows k..end of `acc`.
                let end = hi - lo - acc.chunks_exact(w).rev().position(entered).unwrap();
                cdst[q] = (plies, lo + k, lo + end);
                reader.readers_of(q, next);
                grew = true;
                visit(plies, mover, q, lo + k, &acc[k * w..end * w]);
            }
        });
        std::mem::swap(&mut self.now, &mut self.next);
        self.growing = grew;
    }
}

/// The value, for the side to move, of the position of `mover` to move with the block piece on
/// stored block `block` and the row piece on `row`, column `bit`: both sides' attractors run
/// in step until it enters one of them, or a draw when neither grows any more.
///
/// # Panics
/// If the position is outside the game, or the game breaks the constraints of
/// [`BitAttractorGame`] that are checked (rows, columns, blocks of its moves and terminals).
///
/// # Complexity
/// Per ply and side, for each block that reads a block changed at the last ply (m block moves
/// each): O(m) to find the rows whose inputs changed, and for the span of those rows O(m + s)
/// row operations a row (s the game's moves inside blocks, vectorised loops), plus
/// O(B / 64) for the B blocks; the number of plies is the asked distance (the longer
/// attractor, for a draw). `4 B * rows() * Row::WORDS` words, `4 B` row spans of 24 bytes,
/// and the block moves read once.
///
/// # Example
/// See [`BitAttractorGame`].
pub fn bit_attractor<G: BitAttractorGame>(
    game: &G,
    mover: usize,
    block: usize,
    row: usize,
    bit: usize,
) -> Value {
    let plan = Plan::new(game);
    assert!(
        mover < 2 && block < plan.blocks && row < plan.rows && bit < game.cols(),
        "a position outside the game"
    );
    let i = block * plan.rows + row;
    let mut none = |_: u32, _, _, _, _: &[u64]| {};
    let mut runs = [
        Attractor::new(game, &plan, 0, &mut none),
        Attractor::new(game, &plan, 1, &mut none),
    ];
    loop {
        let mut growing = false;
        // The attractors are disjoint: whichever holds the position first holds it alone.
        for (winner, run) in runs.iter_mut().enumerate() {
            if G::Row::load(&run.sets[mover], i) & G::Row::bit(bit) != G::Row::ZERO {
                return if winner == mover {
                    Value::Win(run.plies)
                } else {
                    Value::Loss(run.plies)
                };
            }
            if run.growing {
                // Each parity's loops compiled on their own: a test inside them costs more.
                if run.plies % 2 == 0 {
                    run.step::<_, true>(game, &plan, &mut none)
                } else {
                    run.step::<_, false>(game, &plan, &mut none)
                }
                growing = true;
            }
        }
        if !growing {
            return Value::Draw;
        }
    }
}

/// Runs the attractor of `winner` to the end, calling `visit(plies, mover, block, lo, rows)`
/// with the positions of `mover` to move on `block` that enter it at ply `plies` (won by
/// `winner` in that many plies): `rows` holds rows `lo..` of the block, `Row::WORDS` words each
/// (a row where nothing entered is 0). Ply 0 is the terminal losses of the other side, then the
/// plies come in increasing order, each position once. With both winners, the positions never
/// visited are draws.
///
/// # Panics
/// As [`bit_attractor`].
///
/// # Complexity
/// As [`bit_attractor`] for one side, to the attractor's last ply, plus the calls of `visit`
/// (one per block that changes at a ply, ply 0 included); `2 B * rows() * Row::WORDS`
/// words.
///
/// # Example
/// The line of [`BitAttractorGame`]'s example, the wins of side 1: on 8 cells, side 1 wins
/// wherever it is to move and the tokens are an odd distance apart, or side 0 is to move at
/// an even distance.
/// ```
/// # use dp_core::{BitAttractorGame, BlockMove};
/// # struct Line;
/// # impl BitAttractorGame for Line {
/// #     type Row = u64;
/// #     fn blocks(&self) -> usize { 8 }
/// #     fn rows(&self) -> usize { 1 }
/// #     fn cols(&self) -> usize { 8 }
/// #     fn block_moves<F: FnMut(BlockMove)>(&self, mover: usize, b: usize, mut emit: F) {
/// #         if mover == 1 {
/// #             (b.saturating_sub(1)..(b + 2).min(8)).filter(|&t| t != b).for_each(|t| emit(BlockMove::to(t)))
/// #         }
/// #     }
/// #     fn row_steps<F: FnMut(isize)>(&self, mover: usize, mut emit: F) { if mover == 0 { emit(0) } }
/// #     fn row_moves(&self, _: usize, any: bool, _: usize, set: &[u64], _: usize, acc: &mut [u64]) {
/// #         let x = set[0];
/// #         if any { acc[0] |= x >> 1 | x << 1 } else { acc[0] &= (x >> 1 | 1 << 7) & (x << 1 | 1) }
/// #     }
/// #     fn live(&self, _mover: usize, b: usize, _lo: usize, acc: &mut [u64]) {
/// #         acc[0] &= 0xff & !(1 << b)
/// #     }
/// #     fn terminal_losses<F: FnMut(usize, usize, u64)>(&self, _mover: usize, mut emit: F) {
/// #         (0..8).for_each(|b| emit(b, 0, 1 << b))
/// #     }
/// # }
/// use dp_core::bit_attractor_layers;
/// let mut won = [[0u64; 8]; 2]; // won[mover][block]
/// bit_attractor_layers(&Line, 1, |_, mover, b, _, rows| won[mover][b] |= rows[0]);
/// for b in 0..8 {
///     for a in (0..8).filter(|&a| a != b) {
///         let odd = (a as i32 - b as i32) % 2 != 0;
///         assert_eq!(won[1][b] >> a & 1 == 1, odd, "{} {}", a, b);
///         assert_eq!(won[0][b] >> a & 1 == 1, !odd, "{} {}", a, b);
///     }
/// }
/// ```
pub fn bit_attractor_layers<G, F>(game: &G, winner: usize, mut visit: F)
where
    G: BitAttractorGame,
    F: FnMut(u32, usize, usize, usize, &[u64]),
{
    assert!(winner < 2, "side {}", winner);
    let plan = Plan::new(game);
    let mut run = Attractor::new(game, &plan, winner, &mut visit);
    while run.growing {
        // Each parity's loops compiled on their own (the bytes of one call site).
        if run.plies % 2 == 0 {
            run.step::<_, true>(game, &plan, &mut visit)
        } else {
            run.step::<_, false>(game, &plan, &mut visit)
        }
    }
}

#[cfg(test)]
mod tests;

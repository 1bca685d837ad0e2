//! The pursuit entry: two pieces on an N x N board, each with its own steps from the seed; who
//! moves onto the other piece wins, who cannot move loses. Solved for every position by each
//! side's attractor on bitboards, through [`dp_core::bit_attractor_layers`] ([`core`](fn@core))
//! and as a hand-written loop of the same plies over the same words ([`plain`]).
//!
//! # Layout
//! As p4576-chase's bitboards, without the mirrors (the steps have no symmetry): for each cell
//! `b` of B (row-major, `r * n + c`) a block of n rows, each a [`BitRow`] of one word (n <= 64)
//! or two, bit `c` of row `r` for A on `(r, c)`; either side to move (side 0: A to move). A
//! step `(dr, dc)` of A reads the row `dr` away shifted by `dc` columns, kept to the cells where
//! it stays on the board by a mask per step; a step of B reads another block whole.
//!
//! Each side's attractor is grown in the layout where the winner is A, the row piece: B's
//! attractor on the pursuit with the pieces' roles swapped (the rules are the same for both).
//! The positions a ply adds lie along the winner's rows, so fewer rows change: at n = 50,
//! seed 14, 1.5 M row changes for A's attractor and 2.5 M for B's, against 5.1 M for B's with
//! A as the row piece (two thirds of the instructions in all).

use dp_core::{bit_attractor_layers, popcount, BitAttractorGame, BitRow, BlockMove, SplitMix64};

/// A piece's step: `(dr, dc)`, each in `-2..=2`, not both 0.
pub type Step = (i32, i32);

/// The steps of A (side 0) and B (side 1) in the pursuit of `seed`: for each piece 2 to 6
/// distinct steps of `-2..=2` rows and columns, not `(0, 0)`, drawn from [`SplitMix64`] (A's
/// first).
///
/// # Complexity
/// O(1) expected.
///
/// # Example
/// ```
/// let [a, b] = core_bench::pursuit::steps(5);
/// assert!((2..=6).contains(&a.len()) && (2..=6).contains(&b.len()));
/// assert!(a.iter().chain(&b).all(|&(dr, dc)| dr.abs() <= 2 && dc.abs() <= 2 && (dr, dc) != (0, 0)));
/// ```
pub fn steps(seed: u64) -> [Vec<Step>; 2] {
    let mut rng = SplitMix64::new(seed);
    let mut piece = || {
        let count = rng.range(2, 6) as usize;
        let mut steps: Vec<Step> = Vec::with_capacity(count);
        while steps.len() < count {
            let step = (rng.range(0, 4) as i32 - 2, rng.range(0, 4) as i32 - 2);
            if step != (0, 0) && !steps.contains(&step) {
                steps.push(step);
            }
        }
        steps
    };
    let a = piece();
    [a, piece()]
}

/// The checksum of a solved pursuit: the number of positions of each value (plies, side to
/// move, outcome), folded in any order, and the drawn positions.
///
/// # Example
/// ```
/// let mut counts = core_bench::pursuit::Counts::default();
/// counts.add(0, 1, false, 3);
/// counts.add(1, 0, true, 2);
/// let mut other = core_bench::pursuit::Counts::default();
/// other.add(1, 0, true, 2);
/// other.add(0, 1, false, 3);
/// assert_eq!(counts.finish(2), other.finish(2)); // 8 positions, 3 of them drawn
/// assert_eq!(counts.finish(2).0, 3);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Counts {
    /// Positions counted (won or lost).
    resolved: u64,
    /// Wrapping sum of a mix of each value and its count.
    hash: u64,
}

impl Counts {
    /// Counts `count` positions of `side` to move won (`win`) or lost in `plies` plies.
    ///
    /// # Complexity
    /// O(1).
    ///
    /// # Example
    /// See [`Counts`].
    pub fn add(&mut self, plies: u32, side: usize, win: bool, count: u64) {
        let value = u64::from(plies) << 2 | (side as u64) << 1 | win as u64;
        self.resolved += count;
        self.hash = self.hash.wrapping_add(mix(mix(value) ^ count));
    }

    /// The drawn positions of the board of `cells` cells (both sides to move, every pair of
    /// cells, minus those counted) and the hash.
    ///
    /// # Panics
    /// If more positions were counted than the board has.
    ///
    /// # Complexity
    /// O(1).
    ///
    /// # Example
    /// See [`Counts`].
    pub fn finish(&self, cells: usize) -> (u64, u64) {
        let all = 2 * cells as u64 * cells as u64;
        (all - self.resolved, self.hash)
    }
}

/// SplitMix64's finalizer: every bit of `x` moves about half the bits of the result.
fn mix(mut x: u64) -> u64 {
    x = (x ^ x >> 30).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x = (x ^ x >> 27).wrapping_mul(0x94D0_49BB_1331_11EB);
    x ^ x >> 31
}

/// A step of A inside a block: row `r` reads row `r + dr`, column `c` column `c + dc`.
#[derive(Clone, Copy, Debug)]
struct Shift<R> {
    dr: isize,
    dc: i32,
    /// The columns from which the step stays on the board, and those of the board it leaves.
    stays: R,
    holes: R,
}

/// The board, the steps and the bitboard layout (see the module doc), as a
/// [`BitAttractorGame`] with rows of `R`.
///
/// # Example
/// ```
/// use core_bench::pursuit::Pursuit;
/// use dp_core::{bit_attractor, Value};
/// // A steps right, B down; A on (0, 0) and B on (0, 1). A to move captures at once; B to
/// // move can only step to (1, 1), then A steps to (0, 1) and B, stuck, has lost.
/// let game = Pursuit::<u64>::new(2, &[(0, 1)], &[(1, 0)]);
/// let (block, row, col) = game.position((0, 0), (0, 1));
/// assert_eq!(bit_attractor(&game, 0, block, row, col), Value::Win(1));
/// assert_eq!(bit_attractor(&game, 1, block, row, col), Value::Loss(2));
/// ```
#[derive(Clone, Debug)]
pub struct Pursuit<R> {
    n: usize,
    shifts: Vec<Shift<R>>,
    /// Row `r`: the cells of A with a step on the board.
    a_moves: Vec<R>,
    /// The rows where A's AND can keep bits that are not live: a cell with no step on the
    /// board, or bits past the board (only left shifts on the board); elsewhere the steps'
    /// masks clear them, and the live pass skips the row.
    a_masked: Vec<usize>,
    /// For each cell of B: the cells it steps to, and its row and the cells of that row but its
    /// own.
    b_to: Vec<Vec<BlockMove>>,
    own: Vec<(usize, R)>,
    /// The cells of a row.
    all: R,
}

impl<R: BitRow> Pursuit<R> {
    /// The pursuit on an n x n board, A stepping by `a_steps`, B by `b_steps`.
    ///
    /// # Panics
    /// If n is 0, a step is longer than 2 rows or columns, or a row of n cells does not fit in
    /// `R` ("a board this large").
    ///
    /// # Complexity
    /// O(n² (|a_steps| + |b_steps|)).
    ///
    /// # Example
    /// ```
    /// use dp_core::BitAttractorGame;
    /// let game = core_bench::pursuit::Pursuit::<u64>::new(3, &[(0, 1)], &[(1, 0)]);
    /// assert_eq!((game.blocks(), game.rows(), game.cols()), (9, 3, 3));
    /// ```
    pub fn new(n: usize, a_steps: &[Step], b_steps: &[Step]) -> Self {
        assert!(n > 0, "an empty board");
        assert!(n <= 64 * R::WORDS, "a board this large");
        assert!(
            a_steps
                .iter()
                .chain(b_steps)
                .all(|&(dr, dc)| dr.abs() <= 2 && dc.abs() <= 2),
            "a step longer than 2"
        );
        let all = R::low(n);
        let on_board = |r: usize, c: usize, (dr, dc): Step| {
            let (r, c) = (r as i64 + dr as i64, c as i64 + dc as i64);
            if (0..n as i64).contains(&r) && (0..n as i64).contains(&c) {
                Some((r as usize, c as usize))
            } else {
                None
            }
        };
        let shifts: Vec<Shift<R>> = a_steps
            .iter()
            .map(|&(dr, dc)| {
                let stays = if dc >= 0 {
                    all >> dc as u32
                } else {
                    all << (-dc) as u32 & all
                };
                Shift {
                    dr: dr as isize,
                    dc,
                    stays,
                    holes: all & !stays,
                }
            })
            .collect();
        let a_moves: Vec<R> = (0..n)
            .map(|r| {
                let mut row = R::ZERO;
                for (&step, shift) in a_steps.iter().zip(&shifts) {
                    if on_board(r, 0, (step.0, 0)).is_some() {
                        row = row | shift.stays;
                    }
                }
                row
            })
            .collect();
        let a_masked = (0..n)
            .filter(|&r| {
                let right = |&(dr, dc): &Step| dc >= 0 && on_board(r, 0, (dr, 0)).is_some();
                a_moves[r] != all || !a_steps.iter().any(right)
            })
            .collect();
        let cells = n * n;
        let b_to = (0..cells)
            .map(|b| {
                b_steps
                    .iter()
                    .filter_map(|&s| on_board(b / n, b % n, s))
                    .map(|(r, c)| BlockMove::to(r * n + c))
                    .collect()
            })
            .collect();
        let own = (0..cells).map(|b| (b / n, all & !R::bit(b % n))).collect();
        Pursuit {
            n,
            shifts,
            a_moves,
            a_masked,
            b_to,
            own,
            all,
        }
    }

    /// The (block, row, column) of A on `a` and B on `b`, 0-based (row, column) pairs, for
    /// either side to move.
    ///
    /// # Panics
    /// If a coordinate is outside the board.
    ///
    /// # Complexity
    /// O(1).
    ///
    /// # Example
    /// ```
    /// let pursuit = core_bench::pursuit::Pursuit::<u64>::new(3, &[(0, 1)], &[(1, 0)]);
    /// assert_eq!(pursuit.position((0, 1), (2, 0)), (6, 0, 1));
    /// ```
    pub fn position(&self, a: (usize, usize), b: (usize, usize)) -> (usize, usize, usize) {
        let n = self.n;
        assert!(
            a.0 < n && a.1 < n && b.0 < n && b.1 < n,
            "a cell off the board"
        );
        (b.0 * n + b.1, a.0, a.1)
    }

    /// Combines into `acc` (rows `lo..` of a block, B on it) the cells of A from which some step
    /// (OR, if `any`) or every step (AND) leads into `set` (the block's rows of the positions
    /// with B to move). A loop over the rows for each step, which the compiler vectorises.
    #[inline]
    fn a_steps(&self, any: bool, set: &[u64], lo: usize, acc: &mut [u64]) {
        let w = R::WORDS;
        let hi = lo + acc.len() / w;
        for s in &self.shifts {
            // The rows whose step stays on the board.
            let from = (lo as isize).max(-s.dr);
            let to = (hi as isize).min(self.n as isize - s.dr);
            if from >= to {
                continue;
            }
            let (from, to) = (from as usize, to as usize);
            let target = &mut acc[(from - lo) * w..(to - lo) * w];
            let source = (from as isize + s.dr) as usize;
            let rows = &set[source * w..(source + to - from) * w];
            let (dc, stays, holes) = (s.dc, s.stays, s.holes);
            let pairs = target.chunks_exact_mut(w).zip(rows.chunks_exact(w));
            if dc >= 0 && any {
                pairs.for_each(|(a, x)| {
                    (R::load(a, 0) | R::load(x, 0) >> dc as u32 & stays).store(a, 0)
                });
            } else if dc >= 0 {
                pairs.for_each(|(a, x)| {
                    (R::load(a, 0) & (R::load(x, 0) >> dc as u32 | holes)).store(a, 0)
                });
            } else if any {
                pairs.for_each(|(a, x)| {
                    (R::load(a, 0) | R::load(x, 0) << (-dc) as u32 & stays).store(a, 0)
                });
            } else {
                pairs.for_each(|(a, x)| {
                    (R::load(a, 0) & (R::load(x, 0) << (-dc) as u32 | holes)).store(a, 0)
                });
            }
        }
    }

    /// Row `r` of block `b` of the positions of `mover` to move that are not terminal.
    fn live_row(&self, mover: usize, b: usize, r: usize) -> R {
        let (row, own) = self.own[b];
        let others = if row == r { own } else { self.all };
        if mover == 0 {
            others & self.a_moves[r]
        } else if self.b_to[b].is_empty() {
            R::ZERO
        } else {
            others
        }
    }

    /// Clears in `acc` (rows `lo..` of block `b`) the positions of `mover` to move that are
    /// terminal. Only the rows that can hold such bits are touched: the other half's rows hold
    /// positions on the board only, so B's moves (AND or OR over at least one block) and A's OR
    /// keep to the board, and A's AND does outside the rows of `a_masked`.
    #[inline]
    fn live_rows(&self, mover: usize, b: usize, lo: usize, acc: &mut [u64]) {
        let hi = lo + acc.len() / R::WORDS;
        if mover == 0 {
            for &r in &self.a_masked {
                if (lo..hi).contains(&r) {
                    (R::load(acc, r - lo) & self.a_moves[r]).store(acc, r - lo);
                }
            }
        } else if self.b_to[b].is_empty() {
            acc.fill(0);
        }
        let (r, own) = self.own[b];
        if (lo..hi).contains(&r) {
            (R::load(acc, r - lo) & own).store(acc, r - lo);
        }
    }
}

impl<R: BitRow> BitAttractorGame for Pursuit<R> {
    type Row = R;

    fn blocks(&self) -> usize {
        self.n * self.n
    }

    fn rows(&self) -> usize {
        self.n
    }

    fn cols(&self) -> usize {
        self.n
    }

    fn block_moves<F: FnMut(BlockMove)>(&self, mover: usize, block: usize, mut emit: F) {
        if mover == 1 {
            self.b_to[block].iter().for_each(|&m| emit(m));
        }
    }

    fn row_steps<F: FnMut(isize)>(&self, mover: usize, emit: F) {
        if mover == 0 {
            self.shifts.iter().map(|s| s.dr).for_each(emit)
        }
    }

    #[inline]
    fn row_moves(&self, _: usize, any: bool, _: usize, set: &[u64], lo: usize, acc: &mut [u64]) {
        self.a_steps(any, set, lo, acc)
    }

    #[inline]
    fn live(&self, mover: usize, block: usize, lo: usize, acc: &mut [u64]) {
        self.live_rows(mover, block, lo, acc)
    }

    /// Both pieces on one cell (the side to move was just caught), and the mover with no step.
    fn terminal_losses<F: FnMut(usize, usize, R)>(&self, mover: usize, mut emit: F) {
        let all = R::low(self.n);
        for b in 0..self.blocks() {
            for r in 0..self.n {
                // Only rows with a loss: an empty row would widen its block's span of rows for
                // the first ply.
                let lost = all & !self.live_row(mover, b, r);
                if lost != R::ZERO {
                    emit(b, r, lost);
                }
            }
        }
    }
}

/// Counts each ply's new positions of one attractor: [`Counts::add`] once per value.
struct Tally {
    counts: Counts,
    /// The current value (plies, side to move, won) and its positions so far.
    value: (u32, usize, bool),
    count: u64,
}

impl Tally {
    #[inline]
    fn add(&mut self, value: (u32, usize, bool), count: u64) {
        if value != self.value {
            self.flush();
            self.value = value;
        }
        self.count += count;
    }

    fn flush(&mut self) {
        if self.count > 0 {
            let (plies, side, win) = self.value;
            self.counts.add(plies, side, win, self.count);
            self.count = 0;
        }
    }
}

/// The set bits of a row (by table: judges' `rustc -O` has no `popcnt`).
#[inline]
fn ones<R: BitRow>(row: R) -> u64 {
    let mut words = [0u64; 2];
    row.store(&mut words, 0);
    let high = if R::WORDS > 1 { popcount(words[1]) } else { 0 };
    u64::from(popcount(words[0]) + high)
}

/// The set bits of `words`: by the processor's `popcnt` where it has one (judges build without
/// `-C target-cpu`, so that is asked at run time), else [`ones_swar`].
#[inline]
fn ones_in(words: &[u64]) -> u64 {
    #[cfg(target_arch = "x86_64")]
    if std::arch::is_x86_feature_detected!("popcnt") {
        // SAFETY: the processor has `popcnt`.
        return unsafe { ones_popcnt(words) };
    }
    ones_swar(words)
}

/// [`ones_in`] by `popcnt`, a word an instruction.
///
/// # Safety
/// Only on a processor with `popcnt`.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "popcnt")]
unsafe fn ones_popcnt(words: &[u64]) -> u64 {
    words.iter().map(|w| u64::from(w.count_ones())).sum()
}

/// The set bits of `words`, summed in registers (SWAR): the table lookups cost more and their
/// 64 KiB table misses the cache beside the bitboards. Each word's byte counts (at most 8)
/// add up for 30 words, then fold to 16-bit lanes.
fn ones_swar(words: &[u64]) -> u64 {
    const M1: u64 = 0x5555_5555_5555_5555;
    const M2: u64 = 0x3333_3333_3333_3333;
    const M4: u64 = 0x0f0f_0f0f_0f0f_0f0f;
    const M8: u64 = 0x00ff_00ff_00ff_00ff;
    let mut total = 0;
    for chunk in words.chunks(30) {
        let mut bytes = 0;
        for &x in chunk {
            let x = x - (x >> 1 & M1);
            let x = (x & M2) + (x >> 2 & M2);
            bytes += (x + (x >> 4)) & M4;
        }
        let lanes = (bytes & M8) + (bytes >> 8 & M8);
        total += lanes.wrapping_mul(0x0001_0001_0001_0001) >> 48;
    }
    total
}

/// The pursuit of `n`, `a_steps`, `b_steps` solved through [`bit_attractor_layers`], rows of
/// one word up to 64 columns and of two beyond: the [`Counts`] of every ply of both sides'
/// attractors.
///
/// # Complexity
/// Per ply, O(|steps|) row operations for each row of the span of changed rows of each block
/// that reads a changed block; `4 n³ ceil(n / 64)` words.
///
/// # Example
/// ```
/// use core_bench::pursuit::{core, plain};
/// let [a, b] = core_bench::pursuit::steps(3);
/// assert_eq!(core(7, &a, &b), plain(7, &a, &b));
/// ```
pub fn core(n: usize, a_steps: &[Step], b_steps: &[Step]) -> Counts {
    if n <= 64 {
        core_with::<u64>(n, a_steps, b_steps)
    } else {
        core_with::<u128>(n, a_steps, b_steps)
    }
}

/// [`core`](fn@core) with rows of `R` (tests run small boards on two words a row).
///
/// # Panics
/// As [`Pursuit::new`].
///
/// # Complexity
/// As [`core`](fn@core).
///
/// # Example
/// ```
/// use core_bench::pursuit::{core, core_with};
/// let [a, b] = core_bench::pursuit::steps(4);
/// assert_eq!(core_with::<u128>(6, &a, &b), core(6, &a, &b));
/// ```
pub fn core_with<R: BitRow>(n: usize, a_steps: &[Step], b_steps: &[Step]) -> Counts {
    let mut tally = Tally {
        counts: Counts::default(),
        value: (0, 0, false),
        count: 0,
    };
    for winner in 0..2 {
        // The winner is the row piece, side 0 of its game (see the module doc).
        let game = winners_game::<R>(winner, n, a_steps, b_steps);
        bit_attractor_layers(&game, 0, |plies, mover, _, _, rows| {
            let count = ones_in(rows);
            tally.add((plies, mover ^ winner, mover == 0), count)
        });
    }
    tally.flush();
    tally.counts
}

/// The pursuit laid out for the attractor of `winner` (0: A, 1: B): the winner's piece is the
/// row piece and side 0, so side `s` of the result is side `s ^ winner` of the pursuit.
fn winners_game<R: BitRow>(
    winner: usize,
    n: usize,
    a_steps: &[Step],
    b_steps: &[Step],
) -> Pursuit<R> {
    if winner == 0 {
        Pursuit::new(n, a_steps, b_steps)
    } else {
        Pursuit::new(n, b_steps, a_steps)
    }
}

/// The same by a hand-written loop of the same plies over the same words (no dp-core solver):
/// each side's attractor in turn, at odd plies the winner's half (OR over its steps), at even
/// plies the loser's (AND); per block the span of rows changed at the half's last ply, and a
/// bitmap of the blocks to recompute. The moves on words are [`Pursuit`]'s, as in [`core`](fn@core):
/// what differs is the driver.
///
/// # Complexity
/// That of [`core`](fn@core).
///
/// # Example
/// ```
/// // A steps right, B down, on 2 x 2: of the 8 positions, 4 are A and B on one cell or stuck
/// // ones, and all are decided.
/// let counts = core_bench::pursuit::plain(2, &[(0, 1), (0, 2)], &[(1, 0), (2, 0)]);
/// assert_eq!(counts.finish(4).0, 0);
/// ```
pub fn plain(n: usize, a_steps: &[Step], b_steps: &[Step]) -> Counts {
    if n <= 64 {
        plain_with::<u64>(n, a_steps, b_steps)
    } else {
        plain_with::<u128>(n, a_steps, b_steps)
    }
}

/// [`plain`] with rows of `R`.
///
/// # Panics
/// As [`Pursuit::new`].
///
/// # Complexity
/// As [`core`](fn@core).
///
/// # Example
/// ```
/// use core_bench::pursuit::{plain, plain_with};
/// let [a, b] = core_bench::pursuit::steps(4);
/// assert_eq!(plain_with::<u128>(6, &a, &b), plain(6, &a, &b));
/// ```
pub fn plain_with<R: BitRow>(n: usize, a_steps: &[Step], b_steps: &[Step]) -> Counts {
    let mut counts = Counts::default();
    for winner in 0..2 {
        // As in `core_with`: the winner is the row piece and side 0 of its game.
        let game = winners_game::<R>(winner, n, a_steps, b_steps);
        plain_attractor(&game, winner, &mut counts);
    }
    counts
}

/// The attractor of side 0 of `game` by hand, counted into `counts` as that of `winner` of the
/// pursuit (side `s` of `game` is side `s ^ winner`).
fn plain_attractor<R: BitRow>(game: &Pursuit<R>, winner: usize, counts: &mut Counts) {
    let n = game.n;
    let (cells, w) = (n * n, R::WORDS);
    let stride = n * w;
    // The blocks of the block piece that step to each block.
    let mut b_from = vec![Vec::new(); cells];
    for (b, to) in game.b_to.iter().enumerate() {
        for m in to {
            b_from[m.block].push(b);
        }
    }
    // Row r reads rows r + dr of the row piece's steps, dr from d0 to d1.
    let d0 = game.shifts.iter().map(|s| s.dr).min().unwrap_or(0);
    let d1 = game.shifts.iter().map(|s| s.dr).max().unwrap_or(0);
    let mut acc = vec![0u64; stride];
    // sets[mover], and per block the ply of its last change and the span lo..hi of rows it
    // changed (empty: n..0).
    let mut sets = [vec![0u64; cells * stride], vec![0u64; cells * stride]];
    let mut changed = [vec![(0u32, n, 0); cells], vec![(0u32, n, 0); cells]];
    let mut todo = vec![0u64; (cells + 63) / 64];
    let mut next = vec![0u64; (cells + 63) / 64];
    let mark = |set: &mut [u64], b: usize| set[b / 64] |= 1 << (b % 64);
    // The blocks read at the ply after a change of block b of `mover`'s half.
    let readers = |mover: usize, b: usize, set: &mut [u64]| {
        if mover == 1 {
            if !game.shifts.is_empty() {
                mark(set, b);
            }
        } else {
            b_from[b].iter().for_each(|&q| mark(set, q));
        }
    };
    // Side 0 (the row piece) wins; side 1 loses at ply 0 where it is caught or stuck.
    let mut total = 0;
    for b in 0..cells {
        for r in 0..n {
            let lost = R::low(n) & !game.live_row(1, b, r);
            if lost != R::ZERO {
                lost.store(&mut sets[1][b * stride..], r);
                let c = &mut changed[1][b];
                c.1 = c.1.min(r);
                c.2 = c.2.max(r + 1);
                total += ones(lost);
            }
        }
        if changed[1][b].1 < n {
            readers(1, b, &mut todo);
        }
    }
    if total > 0 {
        counts.add(0, 1 ^ winner, false, total);
    }
    let mut plies = 0u32;
    loop {
        let last = plies;
        plies += 1;
        // Side 0 at odd plies (some step in), side 1 at even plies (every step in).
        let mover = (plies as usize + 1) % 2;
        let any = mover == 0;
        let [s0, s1] = &mut sets;
        let (src, dst) = if mover == 0 { (&*s1, s0) } else { (&*s0, s1) };
        let [c0, c1] = &mut changed;
        let (csrc, cdst) = if mover == 0 { (&*c1, c0) } else { (&*c0, c1) };
        let rows_of = |p: usize| match csrc[p] {
            (ply, lo, hi) if ply == last => (lo, hi),
            _ => (n, 0),
        };
        let mut total = 0;
        for (t, word) in todo.iter_mut().enumerate() {
            let mut word = std::mem::take(word);
            while word != 0 {
                let q = 64 * t + word.trailing_zeros() as usize;
                word &= word - 1;
                // The span of rows whose inputs changed.
                let (lo, hi) = if mover == 1 {
                    game.b_to[q].iter().fold((n, 0), |(lo, hi), m| {
                        let (a, b) = rows_of(m.block);
                        (lo.min(a), hi.max(b))
                    })
                } else {
                    match rows_of(q) {
                        (a, b) if a < b => (
                            (a as isize - d1).max(0) as usize,
                            (b as isize - d0).min(n as isize).max(0) as usize,
                        ),
                        _ => (n, 0),
                    }
                };
                if lo >= hi {
                    continue;
                }
                let acc = &mut acc[lo * w..hi * w];
                acc.fill(if any { 0 } else { !0 });
                if mover == 1 {
                    for m in &game.b_to[q] {
                        let rows = &src[m.block * stride + lo * w..m.block * stride + hi * w];
                        acc.iter_mut().zip(rows).for_each(|(a, &x)| *a &= x);
                    }
                } else {
                    game.a_steps(any, &src[q * stride..q * stride + stride], lo, acc);
                }
                game.live_rows(mover, q, lo, acc);
                // Into the half, `acc` keeping what entered, then its first and last non-zero
                // rows.
                let dst = &mut dst[q * stride + lo * w..q * stride + hi * w];
                for (d, a) in dst.iter_mut().zip(acc.iter_mut()) {
                    let new = *a & !*d;
                    *d |= *a;
                    *a = new;
                }
                let entered = |a: &[u64]| a.iter().any(|&x| x != 0);
                if let Some(k) = acc.chunks_exact(w).position(entered) {
                    let end = hi - lo - acc.chunks_exact(w).rev().position(entered).unwrap();
                    cdst[q] = (plies, lo + k, lo + end);
                    readers(mover, q, &mut next);
                    let entered = &acc[k * w..end * w];
                    total += ones_in(entered);
                }
            }
        }
        if total == 0 {
            break;
        }
        counts.add(plies, mover ^ winner, any, total);
        std::mem::swap(&mut todo, &mut next);
    }
}

#[cfg(test)]
mod tests {
    use super::{ones_in, ones_swar};
    use dp_core::{popcount, SplitMix64};

    #[test]
    fn ones_in_matches_the_table_past_a_chunk_of_full_words() {
        let mut rng = SplitMix64::new(7);
        for len in [0, 1, 29, 30, 31, 61, 200] {
            let mut words: Vec<u64> = (0..len).map(|_| rng.next_u64()).collect();
            if len == 61 {
                words.iter_mut().for_each(|w| *w = !0);
            }
            let expected: u64 = words.iter().map(|&w| u64::from(popcount(w))).sum();
            assert_eq!(ones_in(&words), expected, "{} words", len);
            assert_eq!(ones_swar(&words), expected, "{} words, SWAR", len);
        }
    }
}

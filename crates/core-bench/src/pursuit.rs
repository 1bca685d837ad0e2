//! The pursuit entry: two pieces on an N x N board, each with its own steps from the seed; who
//! moves onto the other piece wins, who cannot move loses. Solved for every position by
//! bit-parallel retrograde analysis, through [`dp_core::bit_retrograde_layers`]
//! ([`core`](fn@core)) and as a hand-written loop of the same layers over the same words
//! ([`plain`]).
//!
//! # Layout
//! As p4576-chase's bitboards: for each cell `b` of B (row-major, `r * n + c`) a block of
//! `k = ceil(n² / 64)` words holds one bit per cell `a` of A; blocks are `pad` zero words apart,
//! and the table starts with `pad` of them, so that a shift by up to two rows and two columns
//! (`2 n + 2` bits) reads its neighbour words without a branch at a block's ends. Position
//! `64 * (pad + b * stride) + a` is A on `a` and B on `b`, with either side to move (side 0: A to
//! move). A step `(dr, dc)` of A is a shift of the block by `dr * n + dc` bits, kept to the cells
//! where it stays on the board by a mask per step; a step of B moves a word whole to another
//! block.

use dp_core::{bit_retrograde_layers, BitBlocks, BitLayer, BitRetrogradeGame, Outcome, SplitMix64};

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

/// A step of A as a shift of a block: the parent bit `a` reads the child bit `a + shift`.
#[derive(Clone, Copy, Debug)]
struct Shift {
    /// `shift > 0`: the parent word reads words ahead of it.
    ahead: bool,
    /// `|shift|` bits.
    len: usize,
}

/// The board, the steps and the bitboard layout (see the module doc), as a
/// [`BitRetrogradeGame`].
///
/// # Example
/// ```
/// use core_bench::pursuit::Pursuit;
/// use dp_core::{bit_retrograde, Value};
/// // A steps right, B down; A on (0, 0) and B on (0, 1). A to move captures at once; B to
/// // move can only step to (1, 1), then A steps to (0, 1) and B, stuck, has lost.
/// let game = Pursuit::new(2, &[(0, 1)], &[(1, 0)]);
/// let p = game.position((0, 0), (0, 1));
/// assert_eq!(bit_retrograde(&game, &[(0, p), (1, p)]), [Value::Win(1), Value::Loss(2)]);
/// ```
#[derive(Clone, Debug)]
pub struct Pursuit {
    n: usize,
    blocks: BitBlocks,
    /// Words of A's cells per block.
    k: usize,
    shifts: Vec<Shift>,
    /// `masks[s * k + j]`: the cells of word `j` of a block from which A's step `s` stays on
    /// the board.
    masks: Vec<u64>,
    /// The cells of word `j` from which A has no step.
    a_stuck: Vec<u64>,
    /// For each cell of B, the first words of the blocks of the cells it steps to, and of the
    /// cells it steps from.
    b_to: Vec<Vec<u32>>,
    b_from: Vec<Vec<u32>>,
}

impl Pursuit {
    /// The pursuit on an n x n board, A stepping by `a_steps`, B by `b_steps`.
    ///
    /// # Panics
    /// If n is 0, a step is longer than 2 rows or columns, or the table has 2^32 words or more
    /// (n above 723: B's blocks are kept by their first word as a `u32`).
    ///
    /// # Complexity
    /// O(n² (|a_steps| + |b_steps|)).
    ///
    /// # Example
    /// ```
    /// use core_bench::pursuit::Pursuit;
    /// // 9 blocks of 1 word, a word of padding before each and after the last.
    /// assert_eq!(Pursuit::new(3, &[(0, 1)], &[(1, 0)]).words(), 1 + 9 * 2);
    /// ```
    pub fn new(n: usize, a_steps: &[Step], b_steps: &[Step]) -> Self {
        assert!(n > 0, "an empty board");
        assert!(
            a_steps
                .iter()
                .chain(b_steps)
                .all(|&(dr, dc)| dr.abs() <= 2 && dc.abs() <= 2),
            "a step longer than 2"
        );
        let cells = n * n;
        // A step of up to two rows and two columns is a shift of up to 2 n + 2 bits.
        let blocks = BitBlocks::new(cells, cells, 2 * n + 2);
        assert!(blocks.words() < 1 << 32, "a board this large");
        let k = blocks.words_per_block();
        let on_board = |cell: usize, (dr, dc): Step| {
            let (r, c) = ((cell / n) as i64 + dr as i64, (cell % n) as i64 + dc as i64);
            if (0..n as i64).contains(&r) && (0..n as i64).contains(&c) {
                Some(r as usize * n + c as usize)
            } else {
                None
            }
        };
        let mut masks = vec![0u64; a_steps.len() * k];
        let mut a_stuck = vec![0u64; k];
        for a in 0..cells {
            let mut stuck = true;
            for (s, &step) in a_steps.iter().enumerate() {
                if on_board(a, step).is_some() {
                    masks[s * k + a / 64] |= 1 << (a % 64);
                    stuck = false;
                }
            }
            a_stuck[a / 64] |= (stuck as u64) << (a % 64);
        }
        let shifts = a_steps
            .iter()
            .map(|&(dr, dc)| {
                let shift = dr as isize * n as isize + dc as isize;
                let len = shift.unsigned_abs();
                Shift {
                    ahead: shift > 0,
                    len,
                }
            })
            .collect();
        let first = |cell: usize| blocks.first_word(cell) as u32;
        let mut b_to = vec![Vec::new(); cells];
        let mut b_from = vec![Vec::new(); cells];
        for (b, firsts) in b_to.iter_mut().enumerate() {
            for &step in b_steps {
                if let Some(to) = on_board(b, step) {
                    firsts.push(first(to));
                    b_from[to].push(first(b));
                }
            }
        }
        Pursuit {
            n,
            blocks,
            k,
            shifts,
            masks,
            a_stuck,
            b_to,
            b_from,
        }
    }

    /// The words of a bitmap of the positions of one side to move.
    ///
    /// # Complexity
    /// O(1).
    ///
    /// # Example
    /// See [`Pursuit::new`].
    pub fn words(&self) -> usize {
        self.blocks.words()
    }

    /// The index (for either side to move) of A on `a` and B on `b`, 0-based (row, column)
    /// pairs.
    ///
    /// # Panics
    /// If a coordinate is outside the board.
    ///
    /// # Complexity
    /// O(1).
    ///
    /// # Example
    /// ```
    /// let pursuit = core_bench::pursuit::Pursuit::new(3, &[(0, 1)], &[(1, 0)]);
    /// assert_eq!(pursuit.position((0, 1), (0, 0)), 64 * 1 + 1);
    /// ```
    pub fn position(&self, a: (usize, usize), b: (usize, usize)) -> usize {
        let cell = |(r, c): (usize, usize)| {
            assert!(r < self.n && c < self.n, "a cell off the board");
            r * self.n + c
        };
        self.blocks.index(cell(b), cell(a))
    }

    /// The cell of B of word `i` of a block, the block's first word and `i`'s place in it.
    #[inline]
    fn block_of(&self, i: usize) -> (usize, usize, usize) {
        let (b, j) = self.blocks.block_of(i);
        (b, i - j, j)
    }

    /// Calls `emit(i, bits)` with the terminal losses of `side` to move: both pieces on one
    /// cell, and the cells of the side to move that have no step.
    fn for_each_terminal_loss<F: FnMut(usize, u64)>(&self, side: usize, mut emit: F) {
        let cells = self.n * self.n;
        let all = |j: usize| {
            if j + 1 < self.k || cells % 64 == 0 {
                !0
            } else {
                !0 >> (64 - cells % 64)
            }
        };
        for b in 0..cells {
            let first = self.blocks.first_word(b);
            let b_stuck = side == 1 && self.b_to[b].is_empty();
            for j in 0..self.k {
                let mut bits = if b_stuck {
                    all(j)
                } else if side == 0 {
                    self.a_stuck[j]
                } else {
                    0
                };
                if b / 64 == j {
                    bits |= 1 << (b % 64);
                }
                emit(first + j, bits);
            }
        }
    }

    /// Calls `emit(i, bits)` with the parents, A to move, of the word `x` at `i` of a set of
    /// positions with B to move: for each step, the word shifted into the (one or two) words
    /// that read it, masked to where the step stays on the board.
    ///
    /// `emit` is taken by `&mut`, not by value: a caller's `&mut emit` passed on as a value is
    /// called through the `FnMut for &mut F` shim, which rustc 1.63 did not inline (the plain
    /// loop took 1.24x its time).
    #[inline]
    fn a_parents<F: FnMut(usize, u64)>(&self, i: usize, x: u64, emit: &mut F) {
        let (_, first, j) = self.block_of(i);
        for (s, shift) in self.shifts.iter().enumerate() {
            let masks = &self.masks[s * self.k..s * self.k + self.k];
            let (q, r) = (shift.len / 64, (shift.len % 64) as u32);
            // `>> (63 - r) >> 1` is 0 for r = 0, where `>> 64` would overflow.
            if shift.ahead {
                // The parent word p reads x >> r at p = i - q and x << (64 - r) at i - q - 1.
                if j >= q {
                    emit(first + j - q, x >> r & masks[j - q]);
                    if j > q {
                        emit(first + j - q - 1, x << (63 - r) << 1 & masks[j - q - 1]);
                    }
                }
            } else {
                // The parent word p reads x << r at p = i + q and x >> (64 - r) at i + q + 1.
                if j + q < self.k {
                    emit(first + j + q, x << r & masks[j + q]);
                    if j + q + 1 < self.k {
                        emit(first + j + q + 1, x >> (63 - r) >> 1 & masks[j + q + 1]);
                    }
                }
            }
        }
    }

    /// Calls `emit(i, bits)` with the parents, B to move, of the word `x` at `i` of a set of
    /// positions with A to move: the same word in the blocks of the cells B steps from.
    #[inline]
    fn b_parents<F: FnMut(usize, u64)>(&self, i: usize, x: u64, emit: &mut F) {
        let (b, _, j) = self.block_of(i);
        for &from in &self.b_from[b] {
            emit(from as usize + j, x);
        }
    }

    /// Word `i` of the positions, B to move, whose every step leads into `set` (A to move).
    #[inline]
    fn b_all_into(&self, set: &[u64], i: usize) -> u64 {
        let (b, _, j) = self.block_of(i);
        let to = &self.b_to[b];
        to.iter().fold(!0, |all, &to| all & set[to as usize + j])
    }

    /// Word `i` of the positions, A to move, whose every step leads into `set` (B to move).
    #[inline]
    fn a_all_into(&self, set: &[u64], i: usize) -> u64 {
        let (_, _, j) = self.block_of(i);
        let mut all = !0;
        for (s, shift) in self.shifts.iter().enumerate() {
            let moved = if shift.ahead {
                BitBlocks::ahead(set, i, shift.len)
            } else {
                BitBlocks::behind(set, i, shift.len)
            };
            all &= moved | !self.masks[s * self.k + j];
        }
        all
    }
}

impl BitRetrogradeGame for Pursuit {
    fn positions(&self) -> usize {
        64 * self.words()
    }

    /// Both pieces on one cell (the side to move was just caught), and no step.
    fn terminal<F: FnMut(usize, u64)>(&self, side: usize, outcome: Outcome, emit: F) {
        if outcome == Outcome::Loss {
            self.for_each_terminal_loss(side, emit)
        }
    }

    #[inline]
    fn some_move_into<F: FnMut(usize, u64)>(&self, side: usize, layer: &BitLayer, mut emit: F) {
        if side == 0 {
            layer.for_each_word(|i, x| self.a_parents(i, x, &mut emit));
        } else {
            layer.for_each_word(|i, x| self.b_parents(i, x, &mut emit));
        }
    }

    #[inline]
    fn every_move_into(&self, side: usize, set: &[u64], i: usize) -> u64 {
        if side == 0 {
            self.a_all_into(set, i)
        } else {
            self.b_all_into(set, i)
        }
    }
}

/// The pursuit of `n`, `a_steps`, `b_steps` solved through [`bit_retrograde_layers`]: the
/// [`Counts`] of every layer.
///
/// # Complexity
/// Per layer, O(|steps|) per non-zero word of the last layer and per candidate word; about
/// `13 n⁴ / 8` bytes (`n² (ceil(n² / 64) + (2 n + 2) / 64 + 1)` words per bitmap).
///
/// # Example
/// ```
/// use core_bench::pursuit::{core, plain};
/// let [a, b] = core_bench::pursuit::steps(3);
/// assert_eq!(core(7, &a, &b), plain(7, &a, &b));
/// ```
pub fn core(n: usize, a_steps: &[Step], b_steps: &[Step]) -> Counts {
    let game = Pursuit::new(n, a_steps, b_steps);
    let mut counts = Counts::default();
    bit_retrograde_layers(&game, |plies, side, outcome, layer| {
        counts.add(plies, side, outcome == Outcome::Win, layer.len() as u64);
        true
    });
    counts
}

/// A layer of the plain loop: its words, and a bit per word that is not 0, scanned so that the
/// words are visited in increasing order (a list of the non-zero words, visited as they came,
/// made the loop about 1.5x slower: out of order, the shifts' reads miss the cache; sorting the
/// list cost a quarter of the time).
struct Layer {
    words: Vec<u64>,
    nonzero: Vec<u64>,
}

impl Layer {
    fn new(words: usize) -> Self {
        Layer {
            words: vec![0; words],
            nonzero: vec![0; (words + 63) / 64],
        }
    }

    #[inline]
    fn or(&mut self, i: usize, bits: u64) {
        if bits != 0 {
            self.words[i] |= bits;
            self.nonzero[i / 64] |= 1 << (i % 64);
        }
    }

    /// Calls `f(i, word)` for every non-zero word in increasing order of `i`.
    #[inline]
    fn for_each<F: FnMut(usize, u64)>(&self, mut f: F) {
        for (t, &summary) in self.nonzero.iter().enumerate() {
            let mut summary = summary;
            while summary != 0 {
                let i = 64 * t + summary.trailing_zeros() as usize;
                summary &= summary - 1;
                f(i, self.words[i]);
            }
        }
    }

    fn is_empty(&self) -> bool {
        self.nonzero.iter().all(|&s| s == 0)
    }

    fn clear(&mut self) {
        for t in 0..self.nonzero.len() {
            let mut summary = std::mem::take(&mut self.nonzero[t]);
            while summary != 0 {
                self.words[64 * t + summary.trailing_zeros() as usize] = 0;
                summary &= summary - 1;
            }
        }
    }

    fn count(&self) -> u64 {
        let mut count = 0;
        self.for_each(|_, w| count += u64::from(w.count_ones()));
        count
    }
}

/// Calls `emit(i, bits)` with the parents, `side` to move, of the words of `layer`.
#[inline]
fn parents<F: FnMut(usize, u64)>(game: &Pursuit, side: usize, layer: &Layer, mut emit: F) {
    if side == 0 {
        layer.for_each(|i, x| game.a_parents(i, x, &mut emit));
    } else {
        layer.for_each(|i, x| game.b_parents(i, x, &mut emit));
    }
}

/// The same by a hand-written loop of the same layers over the same words (no dp-core solver):
/// each layer as its words and a bit per non-zero word; losses at `d` are the parents of
/// the wins at `d - 1` whose every move leads into the wins so far, computed before the wins
/// at `d`. The moves on words are [`Pursuit`]'s, as in [`core`](fn@core): what differs is the
/// driver.
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
    let game = Pursuit::new(n, a_steps, b_steps);
    let words = game.words();
    let layers = || [Layer::new(words), Layer::new(words)];
    let (mut wins, mut losses, mut next_wins, mut next_losses) =
        (layers(), layers(), layers(), layers());
    let mut candidates = Layer::new(words);
    let mut resolved = [vec![0u64; words], vec![0u64; words]];
    let mut won = [vec![0u64; words], vec![0u64; words]];
    for side in 0..2 {
        game.for_each_terminal_loss(side, |i, bits| {
            resolved[side][i] |= bits;
            losses[side].or(i, bits);
        });
    }
    let mut counts = Counts::default();
    let mut plies = 0;
    loop {
        for side in 0..2 {
            for (win, layer) in [(false, &losses[side]), (true, &wins[side])] {
                if !layer.is_empty() {
                    counts.add(plies, side, win, layer.count());
                }
            }
        }
        plies += 1;
        // Losses first, while `won` holds the wins of the layers before this one.
        for side in 0..2 {
            let resolved = &mut resolved[side];
            parents(&game, side, &wins[1 - side], |i, bits| {
                candidates.or(i, bits & !resolved[i])
            });
            let next = &mut next_losses[side];
            candidates.for_each(|i, bits| {
                let all = if side == 0 {
                    game.a_all_into(&won[1], i)
                } else {
                    game.b_all_into(&won[0], i)
                };
                let lost = bits & all;
                resolved[i] |= lost;
                next.or(i, lost);
            });
            candidates.clear();
        }
        for side in 0..2 {
            let (resolved, won, next) = (&mut resolved[side], &mut won[side], &mut next_wins[side]);
            parents(&game, side, &losses[1 - side], |i, bits| {
                let bits = bits & !resolved[i];
                resolved[i] |= bits;
                won[i] |= bits;
                next.or(i, bits)
            });
        }
        for side in 0..2 {
            std::mem::swap(&mut wins[side], &mut next_wins[side]);
            std::mem::swap(&mut losses[side], &mut next_losses[side]);
            next_wins[side].clear();
            next_losses[side].clear();
        }
        if wins.iter().chain(&losses).all(Layer::is_empty) {
            return counts;
        }
    }
}

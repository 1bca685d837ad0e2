//! Luogu P16531 (THUPC 2026 final, "棋盘对弈游戏"): two pieces on cells 1 and 2 of a row jump
//! right by 1..=4 onto never-occupied cells, each mover gaining the landing cell's value; a
//! player with no move passes. Print the first player's score minus the second's under optimal
//! play, for each test.
//!
//! # The state
//! Call the piece further right the front (at x), the other the back (at y = x - gap). Cells
//! behind y are out of reach and cells beyond x were never occupied, so a position is x, the
//! occupancy of the gap - 1 cells between ([`GapMask`](dp_core::encode::gap_mask::GapMask)) and whose piece moves: F (front to
//! move) or B (back to move). The value of a state is the mover's best (own - other) score still
//! to come; a move to cell z is worth `a[z] - value(next state)`.
//!
//! # Gap >= 6 with the front to move: closed form
//! F(x, gap >= 6) = S(x + 1) - L, where S(x + 1) is the sum of the cells beyond x and L the sum of
//! the free cells between that the back piece can visit (steps of at most 4 onto free cells,
//! [`GapMask::reachable`](dp_core::encode::gap_mask::GapMask::reachable)).
//! - The front can get at least that: it steps one cell at a time. After its k-th step it has
//!   occupied x..=x+k, and the back piece, still before x after its k - 1 moves from y <= x - 6,
//!   needs to reach x + k + 1 <= its cell + 4; that needs its cell >= x + k - 3 after at most
//!   4(k - 1) cells of progress, impossible for k <= 2, and for k >= 3 the run x..=x+3 already
//!   blocks any jump from before x. So the back piece never passes, takes at most L, and the
//!   front takes every cell beyond x.
//! - The back can hold it to that: it steps to the nearest free cell between while one is within
//!   4. That collects all of L, and the front, which can never land before x, gets at most S.
//!
//! Four occupied cells in a row can hide free cells from the back piece, so L is not always the
//! sum of all free cells between, which the editorial subtracts. Such states are reachable (the
//! front skips a cell after four occupied ones), but a port of the editorial gave the same answers
//! as this exact sum on 400 000 random rows of 8..=32 cells: the skip seems never to be a best
//! move. The exact sum costs nothing and needs no such argument.
//!
//! # The other states
//! F states with gap <= 5 and B states with gap <= 9 (5 + a front move of 4) remain; from the
//! start only 26 F and 107 B (gap, mask) pairs are reachable (see [`layout`]). Each of them
//! depends only on states at the same x with a smaller gap or at a larger x:
//! - F(x): the front moves k: B(x + k, gap + k, mask + old front cell).
//! - B(x): the back moves to a free cell before the front: F(x, smaller gap) (closed form from
//!   gap 6); over the front: B(x + m, m, empty), m <= 3; stuck: passes, -F(x, same).
//!
//! So one pass from x = n down to 2 evaluates everything, with the B values of the last four x
//! in a [`RollingRows`]. Among a B state's moves that leave a gap >= 6, only the one to the
//! nearest free cell matters: the back piece's later cells from any other one are a subset of
//! its cells from the nearest one, and all values are positive.
//!
//! At x = n the front is stuck for good, so F(n) = -L and B(n) = L. Every x < n takes the same
//! branch-free path over the compile-time [`layout`]: cells beyond n are worth far less than
//! nothing there, which loses to any legal move, and every state at x < n has one.

use dp_core::memo::rolling::RollingRows;
use dp_core::{Error, Scanner};
use std::io::Write;

pub mod layout;
#[cfg(feature = "oracle")]
pub mod oracle;

use crate::layout::{
    jump, BEHIND, B_LEN, B_OPS, C_CHAIN, END_GAIN, END_SLOT, END_TAIL, L_GAIN, L_TAIL, MAX_STEP,
    NB, NC, NE, NF, NL, NV, WINDOW,
};

/// Runs `$body` with `$i` bound to 0, 1, ..., up to 127 while below `$limit`, as straight-line
/// code: `$limit` and the tables `$body` indexes are constants, so every index folds to a
/// constant and every branch on the tables disappears.
macro_rules! unroll {
    ($limit:expr, |$i:ident| $body:block) => {
        unroll!(@16 $limit, $i, $body, 0);
        unroll!(@16 $limit, $i, $body, 16);
        unroll!(@16 $limit, $i, $body, 32);
        unroll!(@16 $limit, $i, $body, 48);
        unroll!(@16 $limit, $i, $body, 64);
        unroll!(@16 $limit, $i, $body, 80);
        unroll!(@16 $limit, $i, $body, 96);
        unroll!(@16 $limit, $i, $body, 112);
    };
    (@16 $limit:expr, $i:ident, $body:block, $base:expr) => {
        unroll!(@4 $limit, $i, $body, $base);
        unroll!(@4 $limit, $i, $body, $base + 4);
        unroll!(@4 $limit, $i, $body, $base + 8);
        unroll!(@4 $limit, $i, $body, $base + 12);
    };
    (@4 $limit:expr, $i:ident, $body:block, $base:expr) => {
        unroll!(@1 $limit, $i, $body, $base);
        unroll!(@1 $limit, $i, $body, $base + 1);
        unroll!(@1 $limit, $i, $body, $base + 2);
        unroll!(@1 $limit, $i, $body, $base + 3);
    };
    (@1 $limit:expr, $i:ident, $body:block, $at:expr) => {
        // Through `identity`, so rustc's lint for constant out-of-bounds indices (before 1.67
        // or so) does not inspect the bodies past the limit, which never run; LLVM still sees
        // the constant.
        let $i: usize = std::convert::identity($at);
        if $i < $limit {
            $body
        }
    };
}

// The unrolled loops cover at most 128 entries.
const _: () = assert!(NB <= 128 && NL <= 128 && NE <= 128 && NC <= 128);

/// Largest n.
pub const MAX_N: usize = 100_000;
/// Largest sum of n over one input file.
pub const MAX_TOTAL: usize = 1_000_000;
/// Largest cell value.
pub const MAX_VALUE: u32 = 1_000_000_000;

/// Zero cells kept before cell 1, so states whose back piece would stand before cell 1 (never
/// reached, but evaluated by the fast path) read zeros instead of leaving the buffer.
const PAD: usize = BEHIND;
/// The gain of a cell beyond n: a move there loses to any legal option, and at x < n every
/// state has one (the front can step to x + 1; the back piece has a free cell before the front,
/// or passes, or is at most 3 behind the front with every cell between occupied and can jump to
/// x + 1), so the fast path needs no bounds. Far below any value (|value| <= 10^14), far above
/// overflow.
const OFF_THE_ROW: i64 = -(1 << 60);
/// Rows kept: x reads the B rows of x + 1..=x + 4.
const ROWS: usize = 8;

/// Reads every test and writes the first player's score minus the second's, one per line.
///
/// # Errors
/// A malformed token, n or a value out of range, or a sum of n above [`MAX_TOTAL`].
///
/// # Complexity
/// O(sum of n) time, O(max n) memory.
///
/// # Example
/// ```
/// let mut out = Vec::new();
/// p16531_jump_duel::solve(b"3\n2\n5\n1 2 3\n8\n3 1 4 1 5 9\n", &mut out).unwrap();
/// assert_eq!(out, b"0\n0\n6\n");
/// ```
pub fn solve(input: &[u8], out: &mut impl Write) -> Result<(), Error> {
    let mut sc = Scanner::new(input);
    let tests: usize = sc.next_in(1..=MAX_TOTAL / 2, "t")?;
    let mut duel = JumpDuel::new();
    let mut total = 0;
    for _ in 0..tests {
        let n: usize = sc.next_in(2..=MAX_N, "n")?;
        total += n;
        if total > MAX_TOTAL {
            return Err(sc.invalid(&format!(
                "the sum of n exceeds {} (it reaches {} with this n)",
                MAX_TOTAL, total
            )));
        }
        duel.start();
        for _ in 3..=n {
            let value: u32 = sc.next_in(1..=MAX_VALUE, "a_i (a cell value)")?;
            duel.push(i64::from(value));
        }
        writeln!(out, "{}", duel.best_difference())?;
    }
    Ok(())
}

/// The first player's score minus the second's for cells 3..=n worth `values` (cells 1 and 2
/// are worth nothing).
///
/// # Complexity
/// O(n).
///
/// # Example
/// ```
/// assert_eq!(p16531_jump_duel::best_difference(&[3, 1, 4, 1, 5, 9]), 6);
/// assert_eq!(p16531_jump_duel::best_difference(&[]), 0);
/// ```
pub fn best_difference(values: &[u32]) -> i64 {
    let mut duel = JumpDuel::new();
    duel.start();
    for &v in values {
        duel.push(i64::from(v));
    }
    duel.best_difference()
}

/// One row of cells and the evaluation's buffers, reused from test to test.
///
/// # Example
/// ```
/// let mut duel = p16531_jump_duel::JumpDuel::new();
/// duel.start();
/// for v in [1, 2, 3] {
///     duel.push(v);
/// }
/// assert_eq!(duel.best_difference(), 0);
/// ```
#[derive(Clone, Debug)]
pub struct JumpDuel {
    /// Cell c at c + PAD; cells <= 2 are 0, and while a row is evaluated the 4 cells beyond n
    /// are [`OFF_THE_ROW`].
    cells: Vec<i64>,
    rows: RollingRows<[i64; NB], ROWS>,
}

impl Default for JumpDuel {
    fn default() -> Self {
        Self::new()
    }
}

impl JumpDuel {
    /// Empty buffers.
    ///
    /// # Complexity
    /// O(1).
    pub fn new() -> Self {
        JumpDuel {
            cells: Vec::new(),
            rows: RollingRows::new([0; NB]),
        }
    }

    /// Starts a new row: cells 1 and 2.
    ///
    /// # Complexity
    /// O(1).
    pub fn start(&mut self) {
        self.cells.clear();
        self.cells.resize(PAD + 3, 0);
    }

    /// Appends the next cell (3, 4, ...) with value `value` (1..=10^9 for the bounds to hold).
    ///
    /// # Complexity
    /// O(1) amortised.
    #[inline]
    pub fn push(&mut self, value: i64) {
        self.cells.push(value);
    }

    /// The number of cells, n.
    ///
    /// # Complexity
    /// O(1).
    pub fn len(&self) -> usize {
        self.cells.len().saturating_sub(PAD + 1)
    }

    /// Whether [`JumpDuel::start`] was not called yet.
    ///
    /// # Complexity
    /// O(1).
    pub fn is_empty(&self) -> bool {
        self.cells.is_empty()
    }

    /// The first player's score minus the second's for the row pushed since
    /// [`JumpDuel::start`].
    ///
    /// # Panics
    /// If [`JumpDuel::start`] was not called.
    ///
    /// # Complexity
    /// O(n).
    pub fn best_difference(&mut self) -> i64 {
        assert!(!self.cells.is_empty(), "start() a row first");
        let n = self.len();
        let len = self.cells.len();
        self.cells.resize(len + MAX_STEP as usize, OFF_THE_ROW);
        self.evaluate_end(n);
        let mut suffix = 0; // S(x + 1)
        for x in (2..n).rev() {
            suffix += self.cells[x + 1 + PAD];
            self.evaluate_fast(x, suffix);
        }
        self.cells.truncate(len);
        self.rows.row(2)[jump(1)]
    }

    /// The B row of x = n: the front piece is stuck for good, the back piece collects L.
    fn evaluate_end(&mut self, n: usize) {
        let mut w = [0i64; WINDOW];
        w.copy_from_slice(&self.cells[n..n + WINDOW]);
        let mut l = [0i64; NE];
        unroll!(NE, |i| {
            if i > 0 {
                l[i] = w[END_GAIN[i] as usize] + l[END_TAIL[i] as usize];
            }
        });
        let row = self.rows.row_mut(n);
        unroll!(NB, |b| {
            row[b] = l[END_SLOT[b] as usize];
        });
    }

    /// The B row of x < n by the layout's constant indices.
    #[inline]
    fn evaluate_fast(&mut self, x: usize, suffix: i64) {
        // Cells x - 8..=x + 4 are at x..x + 13 in `cells`.
        let mut w = [0i64; WINDOW + 1];
        w[..WINDOW].copy_from_slice(&self.cells[x..x + WINDOW]);
        let mut v = [0i64; NV];
        let rows = &self.rows;
        let (r1, r2, r3, r4) = (
            rows.row(x + 1),
            rows.row(x + 2),
            rows.row(x + 3),
            rows.row(x + 4),
        );
        let (g1, g2, g3, g4) = (w[BEHIND + 1], w[BEHIND + 2], w[BEHIND + 3], w[BEHIND + 4]);
        for f in 0..NF {
            let a = (g1 - r1[f]).max(g2 - r2[NF + f]);
            let b = (g3 - r3[2 * NF + f]).max(g4 - r4[3 * NF + f]);
            v[f] = a.max(b);
        }
        let mut l = [0i64; NL];
        unroll!(NL, |i| {
            if i > 0 {
                l[i] = w[L_GAIN[i] as usize] + l[L_TAIL[i] as usize];
            }
        });
        unroll!(NC, |c| {
            v[NF + c] = suffix - l[C_CHAIN[c] as usize];
        });
        v[NF + NC] = r1[jump(1)];
        v[NF + NC + 1] = r2[jump(2)];
        v[NF + NC + 2] = r3[jump(3)];
        let row = self.rows.row_mut(x);
        unroll!(NB, |b| {
            let ops = &B_OPS[b];
            let len = B_LEN[b];
            let mut best = w[ops[0].gain as usize] - v[ops[0].value as usize];
            if len > 1 {
                best = best.max(w[ops[1].gain as usize] - v[ops[1].value as usize]);
            }
            if len > 2 {
                best = best.max(w[ops[2].gain as usize] - v[ops[2].value as usize]);
            }
            if len > 3 {
                best = best.max(w[ops[3].gain as usize] - v[ops[3].value as usize]);
            }
            row[b] = best;
        });
    }
}

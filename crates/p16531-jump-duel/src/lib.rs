//! Luogu P16531 (THUPC 2026 final, "棋盘对弈游戏"): two pieces on cells 1 and 2 of a row jump
//! right by 1..=4 onto never-occupied cells, each mover gaining the landing cell's value; a
//! player with no move passes. Print the first player's score minus the second's under optimal
//! play, for each test.
//!
//! # The state
//! Call the piece further right the front (at x), the other the back (at y = x - gap). Cells
//! behind y are out of reach and cells beyond x were never occupied, so a position is x, the
//! occupancy of the gap - 1 cells between ([`GapMask`]) and whose piece moves: F (front to
//! move) or B (back to move). The value of a state is the mover's best (own - other) score still
//! to come; a move to cell z is worth `a[z] - value(next state)`.
//!
//! # Gap >= 6 with the front to move: closed form
//! F(x, gap >= 6) = S(x + 1) - L, where S(x + 1) is the sum of the cells beyond x and L the sum of
//! the free cells between that the back piece can visit (steps of at most 4 onto free cells,
//! [`GapMask::reachable`]).
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
//! F states with gap <= 5 and B states with gap <= 9 (5 + a front move of 4) remain. Each of them
//! depends only on states at the same x with a smaller gap or at a larger x:
//! - F(x): the front moves k: B(x + k, gap + k, mask + old front cell).
//! - B(x): the back moves to a free cell before the front: F(x, smaller gap) (closed form from
//!   gap 6); over the front: B(x + m, m, empty), m <= 3; stuck: passes, -F(x, same).
//!
//! So one pass from x = n down to 2 evaluates everything, with the B values of the last four x
//! in a [`RollingRows`]. Among a B state's moves that leave a gap >= 6, only the one to the
//! nearest free cell z matters: the back piece's later cells from any other one are a subset of
//! its cells from z, and all values are positive. That move is worth
//! `a[z] - (S(x + 1) - L(after it)) = L(before it) - S(x + 1)`.
//!
//! # The layout
//! F slot f is the pair of [`GapMask::index`] f: all 31 pairs of gap <= 5. A B row holds the
//! state F slot f becomes when the front moves k at `(k - 1) * 31 + f`, then the jump states
//! (m, empty), m = 1..=3, at `124 + m - 1`: 127 slots, a superset of the 107 B states reachable
//! from the start (26 F states; a search in the tests checks both). So F slot f reads its four
//! successors at fixed places, and a B slot's (gap, mask) is a function of its index: the
//! evaluation unrolls over the slots, and the compiler folds each slot's moves into
//! straight-line code with constant indices. Only the back piece's reachable cells come from a
//! compile-time table, as folding that loop is beyond older compilers.
//!
//! At x = n the front is stuck for good, so F(n) = -L and B(n) = L. Every x < n takes the same
//! branch-free path: cells beyond n are worth far less than nothing there, which loses to any
//! legal move, and every state at x < n has one.

use crate::merged::NB;
use dp_core::RollingRows;
use dp_core::{Error, Scanner};
use std::io::Write;

pub mod gap_mask;
pub mod merged;
#[cfg(feature = "oracle")]
pub mod oracle;

/// Largest n.
pub const MAX_N: usize = 100_000;
/// Largest sum of n over one input file.
pub const MAX_TOTAL: usize = 1_000_000;
/// Largest cell value.
pub const MAX_VALUE: u32 = 1_000_000_000;
/// The largest gap of a front-to-move state that is evaluated rather than closed form.
pub const MAX_OPEN_GAP: u32 = 5;
/// The longest move.
pub const MAX_STEP: u32 = 4;

/// Zero cells kept before cell 1, and the front's place in the window of cells x - 8..=x + 4: a
/// back piece is at most 8 behind.
const PAD: usize = 8;
/// The cells x - 8..=x + 4 an evaluation of x reads.
const WINDOW: usize = PAD + 5;
/// The gain of a cell beyond n: a move there loses to any legal option, and at x < n every
/// state has one (the front can step to x + 1; the back piece has a free cell before the front,
/// or passes, or is at most 3 behind the front with every cell between occupied and can jump to
/// x + 1), so the evaluation needs no bounds. Far below any value (|value| <= 10^14), far above
/// overflow.
const OFF_THE_ROW: i64 = -(1 << 60);

/// The sum of the cells x - d for each bit d - 1 of `mask`, the front on `w[PAD]`: the L of a
/// B class's [`merged::Label::Closed`] or [`merged::Label::End`].
#[inline(always)]
pub(crate) fn behind_sum(mask: u8, w: &[i64; WINDOW]) -> i64 {
    // Written out, not a loop: a constant mask then folds on every compiler (rustc 1.95 left
    // the loop a loop in each of the 71 classes).
    let cell = |d: usize| {
        if mask >> (d - 1) & 1 == 1 {
            w[PAD - d]
        } else {
            0
        }
    };
    (cell(1) + cell(2)) + (cell(3) + cell(4)) + ((cell(5) + cell(6)) + (cell(7) + cell(8)))
}

/// Reads every test and writes the first player's score minus the second's, one per line.
///
/// # Errors
/// A malformed token, n or a value out of range, a sum of n above [`MAX_TOTAL`], or a token
/// after the last test.
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
    sc.finish()?;
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
    rows: RollingRows<[i64; NB], 8>,
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
        let w = self.window(n);
        let row = self.rows.row_mut(n);
        *row = merged::ends(&w);
        let mut suffix = 0; // S(x + 1)
        for x in (2..n).rev() {
            suffix += self.cells[x + 1 + PAD];
            self.evaluate(x, suffix);
        }
        self.cells.truncate(len);
        self.rows.row(2)[0]
    }

    /// Cells x - 8..=x + 4.
    #[inline]
    fn window(&self, x: usize) -> [i64; WINDOW] {
        let mut w = [0; WINDOW];
        w.copy_from_slice(&self.cells[x..x + WINDOW]);
        w
    }

    /// The B row of x < n.
    #[inline]
    fn evaluate(&mut self, x: usize, suffix: i64) {
        let w = self.window(x);
        let rows = &self.rows;
        let r = [
            rows.row(x + 1),
            rows.row(x + 2),
            rows.row(x + 3),
            rows.row(x + 4),
        ];
        let front = merged::fronts(&w, r);
        // A jump of m lands in B class m - 1 (gap m, nothing between; the merge's order).
        let over = [
            w[PAD + 1] - r[0][0],
            w[PAD + 2] - r[1][1],
            w[PAD + 3] - r[2][2],
        ];
        merged::backs(self.rows.row_mut(x), &w, &front, &over, suffix);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn behind_sum_takes_the_masked_cells_behind_the_front() {
        // Cells x - 8..=x + 4 worth 2^i: the sum names the cells taken.
        let w: [i64; 13] = std::array::from_fn(|i| 1 << i);
        assert_eq!(behind_sum(0, &w), 0);
        assert_eq!(behind_sum(0b101, &w), (1 << (PAD - 1)) + (1 << (PAD - 3)));
        assert_eq!(behind_sum(0b1000_0000, &w), 1);
    }
}

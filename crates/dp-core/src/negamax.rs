//! Scoring games on DAGs: the mover's best (own - other) points still to come, bottom-up.
//!
//! A position's value is the best over its moves of `gain - value(child)` (the turn passes) or
//! `gain + value(child)` (the mover moves again, as after completing a box or a triangle), and a
//! position without moves is worth [`ScoringGame::terminal`] (0 by default). The game says what
//! its moves are ([`ScoringGame::for_each_move`]); one of three drivers evaluates it, all without
//! recursion and monomorphised, so the move loop compiles to what one would write by hand:
//!
//! - [`negamax_table`]: dense positions `0..n` where every move goes to a larger number
//!   (ranks, bitmasks that only gain bits): the whole table, one value per position;
//!   [`negamax_table_by`] the same for positions that carry more than their index (a rank with
//!   its mask), listed in decreasing index by the caller;
//! - [`negamax_grid`]: positions `(row, col)` where every move goes right in its row or down at
//!   most `rows_ahead` rows: only `rows_ahead + 1` rows in memory; [`negamax_walk`], its most
//!   common case (one step right or down, the mover scoring the cell) as a tight loop;
//! - [`NegamaxMemo`]: any hashable positions of an acyclic game, only those reachable from the
//!   start, in a [`HashMemo`](crate::hash_memo::HashMemo), by an explicit depth-first stack.
//!
//! Who wins is the sign of the difference: [`Score::outcome`]. Two helpers cover what such
//! problems add around the table: [`EdgeCells`], the stock extra-move game of drawing edges that
//! complete cells (dots and boxes, triangle war), and [`Tally`], a given history replayed with
//! the extra-move rule (whose turn it is, each player's points so far).

use crate::hash_memo::HashMemo;
use crate::retrograde::Outcome;
use std::fmt::Debug;
use std::hash::Hash;
use std::ops::{Add, Sub};

/// A signed integer type for gains and values: `i8`, `i16`, `i32`, `i64` or `isize`.
///
/// # Constraints
/// Gains and values of a game must fit in the type; pick the narrowest that holds every value:
/// a table of 2^18 positions worth at most 9 points in absolute value fits in `i8`, one byte per
/// position. Arithmetic is the type's own: it panics on overflow in debug builds and wraps in
/// release builds.
///
/// # Example
/// ```
/// use dp_core::{Outcome, Score};
/// assert_eq!(3i8.outcome(), Outcome::Win);
/// assert_eq!(i32::ZERO.outcome(), Outcome::Draw);
/// ```
pub trait Score: Copy + Ord + Debug + Add<Output = Self> + Sub<Output = Self> {
    /// Zero points: the default value of a position without moves.
    const ZERO: Self;

    /// Who wins with this final difference, for the side it is counted for: above zero
    /// [`Outcome::Win`], zero [`Outcome::Draw`], below zero [`Outcome::Loss`].
    ///
    /// # Complexity
    /// O(1).
    ///
    /// # Example
    /// ```
    /// use dp_core::{Outcome, Score};
    /// assert_eq!((-2i16).outcome(), Outcome::Loss);
    /// assert_eq!(0i64.outcome(), Outcome::Draw);
    /// ```
    #[inline]
    fn outcome(self) -> Outcome {
        match self.cmp(&Self::ZERO) {
            std::cmp::Ordering::Greater => Outcome::Win,
            std::cmp::Ordering::Equal => Outcome::Draw,
            std::cmp::Ordering::Less => Outcome::Loss,
        }
    }
}

macro_rules! impl_score {
    ($($t:ty),*) => {$(
        impl Score for $t {
            const ZERO: Self = 0;
        }
    )*};
}

impl_score!(i8, i16, i32, i64, isize);

/// A two-player scoring game whose moves never return to a position: each player maximises
/// (own points - other's points).
///
/// `for_each_move(pos, f)` calls `f(child, gain, again)` once per legal move: `gain` is what the
/// mover scores by it, and `again` says the mover moves next too (an extra-move rule); otherwise
/// the turn passes. A position where `f` is never called is terminal and worth
/// [`terminal`](ScoringGame::terminal). Which player is to move is part of the position when the
/// gains depend on it (in a grid game it often follows from the cell).
///
/// # Constraints
/// Every move goes forward in the order the driver evaluates (see each driver), so no position
/// repeats; a position lists the same moves on every call ([`NegamaxMemo`] asks twice); gains
/// and values fit in [`ScoringGame::Score`].
///
/// # Example
/// ```
/// use dp_core::{negamax_table, ScoringGame};
/// /// A row of coins; a move takes the next one or two. Position = coins taken.
/// struct TakeCoins(Vec<i32>);
/// impl ScoringGame for TakeCoins {
///     type Position = usize;
///     type Score = i32;
///     fn for_each_move<F: FnMut(usize, i32, bool)>(&self, pos: usize, mut f: F) {
///         let coins = &self.0;
///         if pos < coins.len() { f(pos + 1, coins[pos], false) }
///         if pos + 1 < coins.len() { f(pos + 2, coins[pos] + coins[pos + 1], false) }
///     }
/// }
/// let value = negamax_table(&TakeCoins(vec![1, 5, 2]), 4);
/// assert_eq!(value[0], 4); // take 1 and 5, leave 2
/// ```
pub trait ScoringGame {
    /// A position: `usize` for [`negamax_table`], anything with an index for
    /// [`negamax_table_by`], `(row, col)` for [`negamax_grid`], any small hashable key for
    /// [`NegamaxMemo`].
    type Position: Copy;
    /// The type of gains and values.
    type Score: Score;

    /// Calls `f(child, gain, again)` for every legal move from `pos`.
    fn for_each_move<F: FnMut(Self::Position, Self::Score, bool)>(&self, pos: Self::Position, f: F);

    /// The value of a position without moves, for the player who would move there: 0 unless the
    /// game scores its end (a bonus for the last mover, say).
    ///
    /// # Complexity
    /// O(1) by default.
    ///
    /// # Example
    /// ```
    /// use dp_core::{negamax_table, ScoringGame};
    /// /// One move to the end; whoever is left without a move there pays 3.
    /// struct Bonus;
    /// impl ScoringGame for Bonus {
    ///     type Position = usize;
    ///     type Score = i32;
    ///     fn for_each_move<F: FnMut(usize, i32, bool)>(&self, pos: usize, mut f: F) {
    ///         if pos == 0 { f(1, 1, false) }
    ///     }
    ///     fn terminal(&self, _pos: usize) -> i32 { -3 }
    /// }
    /// assert_eq!(negamax_table(&Bonus, 2), vec![4, -3]);
    /// ```
    #[inline]
    fn terminal(&self, pos: Self::Position) -> Self::Score {
        let _ = pos;
        Self::Score::ZERO
    }
}

/// The best move's value from `pos`, the children's values read through `value_of`.
#[inline(always)]
fn best_move<G: ScoringGame>(
    game: &G,
    pos: G::Position,
    mut value_of: impl FnMut(G::Position) -> G::Score,
) -> G::Score {
    let mut best: Option<G::Score> = None;
    game.for_each_move(pos, |child, gain, again| {
        let rest = value_of(child);
        let value = if again { gain + rest } else { gain - rest };
        best = Some(match best {
            Some(b) if b >= value => b,
            _ => value,
        });
    });
    match best {
        Some(b) => b,
        None => game.terminal(pos),
    }
}

// The panics of the drivers take plain indices, never `&dyn Debug` of a position: a position
// lent to a message lives on the stack in every move, and the move's closure then grew past
// what rustc 1.63 inlines into `for_each_move`.

#[cold]
#[inline(never)]
fn not_later(at: usize, to: usize) -> ! {
    panic!(
        "negamax: the move from index {} to index {} does not go forward",
        at, to
    )
}

#[cold]
#[inline(never)]
fn not_ahead(row: usize, col: usize, r: usize, c: usize) -> ! {
    panic!(
        "negamax: the move from {:?} to {:?} does not go forward (see negamax_grid's constraints)",
        (row, col),
        (r, c)
    )
}

/// The value of every position `0..positions` of a game whose every move goes from a position
/// to a larger one: `value[p]` is the best (mover - other) still to come from `p`.
///
/// # Constraints
/// Every child of `p` is in `p + 1..positions`, and every value fits in `G::Score`.
///
/// # Panics
/// If a move goes to a position `<= p` or `>= positions`.
///
/// # Complexity
/// O(positions + moves) time, `positions` values of memory.
///
/// # Example
/// ```
/// use dp_core::{negamax_table, Outcome, Score, ScoringGame};
/// /// Take 1 or 2 of n stones; taking the last one scores 1 and taking 2 grants another move.
/// struct Stones(usize);
/// impl ScoringGame for Stones {
///     type Position = usize; // stones taken
///     type Score = i8;
///     fn for_each_move<F: FnMut(usize, i8, bool)>(&self, taken: usize, mut f: F) {
///         for take in 1..=2 {
///             if taken + take <= self.0 {
///                 let gain = (taken + take == self.0) as i8;
///                 f(taken + take, gain, take == 2)
///             }
///         }
///     }
/// }
/// let value = negamax_table(&Stones(5), 6);
/// assert_eq!(value[5], 0);
/// assert_eq!(value[0].outcome(), Outcome::Win);
/// ```
pub fn negamax_table<G>(game: &G, positions: usize) -> Vec<G::Score>
where
    G: ScoringGame<Position = usize>,
{
    negamax_table_by(game, positions, (0..positions).rev(), |pos| pos)
}

/// [`negamax_table`] for positions that carry more than their index: `index(pos)` is where a
/// position's value goes, and `order` lists the positions to evaluate in decreasing index, so
/// that the game gets each position with whatever its moves need (the mask beside its rank, say)
/// without decoding the index.
///
/// # Constraints
/// `order` is strictly decreasing in `index`, every index is below `positions`, every child
/// of a listed position has a larger index (a child that `order` leaves out is read as 0), and
/// every value fits in `G::Score`.
///
/// # Panics
/// If `order` does not decrease, or a move goes to an index `<= index(pos)` or `>= positions`.
///
/// # Complexity
/// O(positions + listed positions and their moves) time, `positions` values of memory. The
/// order's `next` is part of the loop: a `flat_map` over rows costs a few steps per position
/// more than one flat iterator (a struct with a counter per row).
///
/// # Example
/// ```
/// use dp_core::{negamax_table_by, LatticePath, ScoringGame};
/// /// Staircase shapes in a 2 x 2 box, filled one corner cell at a time; a cell is worth its
/// /// row-major number + 1, to whoever fills it. Position: (rank, mask).
/// struct Staircase(LatticePath);
/// type Shape = (usize, u64);
/// impl ScoringGame for Staircase {
///     type Position = Shape;
///     type Score = i32;
///     fn for_each_move<F: FnMut(Shape, i32, bool)>(&self, (rank, mask): Shape, mut f: F) {
///         for mv in self.0.moves(mask) {
///             let (r, c) = self.0.cell(mv);
///             f((rank + mv.rank_delta as usize, mv.child), (r * 2 + c + 1) as i32, false)
///         }
///     }
/// }
/// let game = Staircase(LatticePath::new(2, 2));
/// let order = game.0.descending().map(|(rank, mask)| (rank as usize, mask));
/// let value = negamax_table_by(&game, 6, order, |(rank, _)| rank);
/// // The first player must start on 1; the other answers 3, leaving 2, and takes 4: 3 - 7.
/// assert_eq!(value[0], -4);
/// ```
pub fn negamax_table_by<G, I, F>(game: &G, positions: usize, order: I, index: F) -> Vec<G::Score>
where
    G: ScoringGame,
    I: IntoIterator<Item = G::Position>,
    F: Fn(G::Position) -> usize,
{
    let mut value = vec![G::Score::ZERO; positions];
    let mut previous = positions;
    for pos in order {
        let at = index(pos);
        if at >= previous {
            panic!(
                "negamax: order must be strictly decreasing: {} after {}",
                at, previous
            );
        }
        previous = at;
        let later = &value[at + 1..];
        let best = best_move(game, pos, |child| {
            let to = index(child);
            // Tested apart from the read: as one `get` of `to - at - 1` (wrapping), rustc 1.63
            // compiles the move loop to slower code.
            if to <= at || to >= positions {
                not_later(at, to);
            }
            later[to - at - 1]
        });
        value[at] = best;
    }
    value
}

/// The best (mover - other) difference of the walk game on a grid of cells: a piece starts on
/// the top-left cell (which counts for nobody) and the players take turns moving it one cell
/// right or one cell down until it reaches the bottom-right cell; each mover gains
/// `gain(cell)` for the cell it steps on. AtCoder ABC 201 D is `gain = +1 / -1`.
///
/// The special case of [`negamax_grid`] that judges set most, written as a loop over the rows'
/// slices, without a callback per move or bounds checks, so that it runs as fast as a plain loop
/// over the grid (the generic grid does not).
///
/// # Constraints
/// At least one row, all rows of one length, at least one cell each; every value fits in `S`.
///
/// # Panics
/// If `rows` is empty, a row is empty, or the rows differ in length.
///
/// # Complexity
/// O(rows * cols) time, `cols` values of memory.
///
/// # Example
/// ```
/// use dp_core::{negamax_walk, Outcome, Score};
/// let rows = [b"---".as_slice(), b"+-+", b"+--"];
/// let best = negamax_walk(&rows, |&cell| if cell == b'+' { 1i32 } else { -1 });
/// assert_eq!(best.outcome(), Outcome::Win); // Takahashi in the ABC 201 D sample
/// assert_eq!(negamax_walk(&[[7u8]], |_| 1i8), 0); // one cell: no move
/// ```
pub fn negamax_walk<R, T, S>(rows: &[R], gain: impl Fn(&T) -> S) -> S
where
    R: AsRef<[T]>,
    S: Score,
{
    let (last, above) = rows
        .split_last()
        .expect("negamax_walk needs at least one row");
    let last = last.as_ref();
    assert!(
        !last.is_empty() && above.iter().all(|row| row.as_ref().len() == last.len()),
        "negamax_walk needs rows of one length, at least one cell each"
    );
    // below[c]: the value of (r + 1, c) while row r is evaluated, then of (r, c). The last row
    // and the last column have one move each; the rest goes by iterators over the slices, which
    // rustc 1.63 compiles without bounds checks (with indexing it keeps them).
    let mut below = vec![S::ZERO; last.len()];
    let mut right = S::ZERO; // the value of (r, c + 1)
    for (value, cell) in below.iter_mut().rev().skip(1).zip(last.iter().rev()) {
        right = gain(cell) - right;
        *value = right;
    }
    let mut next = last;
    for row in above.iter().rev() {
        let (row, n) = (row.as_ref(), below.len() - 1);
        right = gain(&next[n]) - below[n];
        below[n] = right;
        let moves = below[..n].iter_mut().zip(&next[..n]).zip(&row[1..]);
        for ((value, down), side) in moves.rev() {
            right = (gain(down) - *value).max(gain(side) - right);
            *value = right;
        }
        next = row;
    }
    below[0]
}

/// The values of row 0 of a game on a `rows` x `cols` grid whose every move goes from
/// `(row, col)` to a later cell of the same row or to a cell at most `rows_ahead` rows down,
/// evaluated row by row from the last, with only `rows_ahead + 1` rows of values in memory.
///
/// `result[c]` is the best (mover - other) still to come from `(0, c)`; the usual start is
/// `result[0]`.
///
/// # Constraints
/// `rows, cols, rows_ahead >= 1`; every child `(r, c)` of `(row, col)` has `c < cols`, `r < rows`,
/// and `row < r <= row + rows_ahead` or `r == row` and `c > col`; every value fits in `G::Score`.
///
/// # Panics
/// If `rows`, `cols` or `rows_ahead` is 0, or a move breaks the constraints.
///
/// # Complexity
/// O(rows * cols + moves) time, `(rows_ahead + 1) * cols` values of memory.
///
/// # Example
/// ```
/// use dp_core::{negamax_grid, Outcome, Score, ScoringGame};
/// /// A piece walks right or down to the corner; each mover scores the cell it steps on.
/// struct Walk(Vec<Vec<i32>>);
/// type Cell = (usize, usize);
/// impl ScoringGame for Walk {
///     type Position = Cell;
///     type Score = i32;
///     fn for_each_move<F: FnMut(Cell, i32, bool)>(&self, (r, c): Cell, mut f: F) {
///         let g = &self.0;
///         if c + 1 < g[r].len() { f((r, c + 1), g[r][c + 1], false) }
///         if r + 1 < g.len() { f((r + 1, c), g[r + 1][c], false) }
///     }
/// }
/// let walk = Walk(vec![vec![0, 5, 1], vec![2, 9, 3]]);
/// let row0 = negamax_grid(&walk, 2, 3, 1);
/// // 5 first: the other steps on 9 and leaves 3 (5 - 9 + 3); 2 first is worse (2 - 9 + 3).
/// assert_eq!(row0[0], -1);
/// assert_eq!(row0[0].outcome(), Outcome::Loss);
/// ```
pub fn negamax_grid<G>(game: &G, rows: usize, cols: usize, rows_ahead: usize) -> Vec<G::Score>
where
    G: ScoringGame<Position = (usize, usize)>,
{
    assert!(
        rows >= 1 && cols >= 1 && rows_ahead >= 1,
        "negamax_grid needs rows, cols and rows_ahead >= 1"
    );
    let span = rows_ahead + 1;
    let mut ring = vec![G::Score::ZERO; span * cols];
    // start[d]: where row `row + d` begins in the ring while row `row` is evaluated.
    let mut start = vec![0; span];
    for row in (0..rows).rev() {
        for (d, s) in start.iter_mut().enumerate() {
            *s = (row + d) % span * cols;
        }
        let own = start[0];
        for col in (0..cols).rev() {
            let best = best_move(game, (row, col), |(r, c)| {
                let d = r.wrapping_sub(row);
                let ahead = d < span && r < rows && c < cols && (d > 0 || c > col);
                if !ahead {
                    not_ahead(row, col, r, c);
                }
                ring[start[d] + c]
            });
            ring[own + col] = best;
        }
    }
    ring[..cols].to_vec()
}

/// Values of an acyclic scoring game over sparse, hashable positions, memoised in a
/// [`HashMemo`](crate::hash_memo::HashMemo): only positions reachable from the ones asked about
/// are evaluated, each once, by a depth-first search on an explicit stack (no recursion, however
/// long the game).
///
/// # Example
/// ```
/// use dp_core::{NegamaxMemo, ScoringGame};
/// /// n -> n / 2 or n / 3 (rounded down), scoring n % 7, from n up to 10^18.
/// struct Halve;
/// impl ScoringGame for Halve {
///     type Position = u64;
///     type Score = i64;
///     fn for_each_move<F: FnMut(u64, i64, bool)>(&self, n: u64, mut f: F) {
///         if n > 0 {
///             f(n / 2, (n % 7) as i64, false);
///             f(n / 3, (n % 7) as i64, false);
///         }
///     }
/// }
/// let mut memo = NegamaxMemo::new();
/// assert_eq!(memo.value(&Halve, 1), 1);
/// let big = memo.value(&Halve, 1_000_000_000_000_000_000);
/// assert!(memo.len() < 10_000);
/// # let _ = big;
/// ```
#[derive(Clone, Debug)]
pub struct NegamaxMemo<P, V> {
    /// `None` while a position is on the stack, being evaluated.
    memo: HashMemo<P, Option<V>>,
    stack: Vec<(P, bool)>,
}

impl<P: Hash + Eq + Copy + Debug, V: Score> Default for NegamaxMemo<P, V> {
    fn default() -> Self {
        Self::new()
    }
}

impl<P: Hash + Eq + Copy + Debug, V: Score> NegamaxMemo<P, V> {
    /// An empty memo.
    ///
    /// # Complexity
    /// O(1).
    ///
    /// # Example
    /// ```
    /// let memo = dp_core::NegamaxMemo::<u64, i32>::new();
    /// assert_eq!(memo.len(), 0);
    /// ```
    pub fn new() -> Self {
        NegamaxMemo {
            memo: HashMemo::new(),
            stack: Vec::new(),
        }
    }

    /// The best (mover - other) still to come from `start`, evaluating what the memo lacks.
    ///
    /// # Constraints
    /// No move sequence returns to a position; every value fits in `V`; the same game (or one
    /// with the same values) on every call.
    ///
    /// # Panics
    /// If a move returns to a position still being evaluated (the game has a cycle).
    ///
    /// # Complexity
    /// O(new positions + their moves) expected time, each move generated twice; one entry per
    /// position evaluated, and a stack as deep as the moves pending along the current line.
    ///
    /// # Example
    /// ```
    /// use dp_core::{NegamaxMemo, ScoringGame};
    /// /// Positions are pairs; (a, b) -> (a - 1, b) scoring 1, or (a, b - 1) moving again.
    /// struct Pairs;
    /// impl ScoringGame for Pairs {
    ///     type Position = (u8, u8);
    ///     type Score = i32;
    ///     fn for_each_move<F: FnMut((u8, u8), i32, bool)>(&self, (a, b): (u8, u8), mut f: F) {
    ///         if a > 0 { f((a - 1, b), 1, false) }
    ///         if b > 0 { f((a, b - 1), 0, true) }
    ///     }
    /// }
    /// let mut memo = NegamaxMemo::new();
    /// assert_eq!(memo.value(&Pairs, (3, 0)), 1); // 1 - 1 + 1
    /// assert_eq!(memo.value(&Pairs, (2, 5)), 0); // b's free moves do not change the parity
    /// ```
    pub fn value<G>(&mut self, game: &G, start: P) -> V
    where
        G: ScoringGame<Position = P, Score = V>,
    {
        if let Some(&Some(v)) = self.memo.get(&start) {
            return v;
        }
        self.stack.push((start, false));
        while let Some((pos, expanded)) = self.stack.pop() {
            let memo = &mut self.memo;
            if expanded {
                let best = best_move(game, pos, |child| match memo.get(&child) {
                    Some(&Some(v)) => v,
                    _ => unreachable!("a child is evaluated before its parent"),
                });
                memo.insert(pos, Some(best));
                continue;
            }
            match memo.get(&pos) {
                Some(Some(_)) => continue,
                Some(None) => cycle(&pos),
                None => {}
            }
            memo.insert(pos, None);
            let stack = &mut self.stack;
            stack.push((pos, true));
            game.for_each_move(pos, |child, _, _| match memo.get(&child) {
                Some(Some(_)) => {}
                Some(None) => cycle(&child),
                None => stack.push((child, false)),
            });
        }
        match self.memo.get(&start) {
            Some(&Some(v)) => v,
            _ => unreachable!("the start is evaluated last"),
        }
    }

    /// The number of positions evaluated (or being evaluated) so far.
    ///
    /// # Complexity
    /// O(1).
    ///
    /// # Example
    /// ```
    /// use dp_core::{NegamaxMemo, ScoringGame};
    /// struct Countdown;
    /// impl ScoringGame for Countdown {
    ///     type Position = u32;
    ///     type Score = i32;
    ///     fn for_each_move<F: FnMut(u32, i32, bool)>(&self, n: u32, mut f: F) {
    ///         if n > 0 { f(n - 1, 1, false) }
    ///     }
    /// }
    /// let mut memo = NegamaxMemo::new();
    /// assert_eq!(memo.value(&Countdown, 100_000), 0); // no recursion, however deep
    /// assert_eq!(memo.len(), 100_001);
    /// ```
    pub fn len(&self) -> usize {
        self.memo.len()
    }

    /// Whether nothing was evaluated yet.
    ///
    /// # Complexity
    /// O(1).
    ///
    /// # Example
    /// ```
    /// assert!(dp_core::NegamaxMemo::<u8, i8>::new().is_empty());
    /// ```
    pub fn is_empty(&self) -> bool {
        self.memo.is_empty()
    }
}

#[cold]
#[inline(never)]
fn cycle(pos: &dyn Debug) -> ! {
    panic!(
        "negamax: a move returns to {:?}, still being evaluated: the game has a cycle",
        pos
    )
}

/// The game of drawing edges that complete cells (the boxes of dots and boxes, the triangles of
/// triangle war), as a [`ScoringGame`] over bitmasks of drawn edges: a move draws an undrawn
/// edge, scores one point per cell whose every side is drawn after it and not before, and
/// grants another move when it scores. Evaluate it with
/// `negamax_table(&cells, cells.positions())`.
///
/// # Constraints
/// `edges < usize::BITS` (and `2^edges` values must fit in memory for a table); at most 127
/// cells, so that `i8` holds every value; each edge borders at most two cells (true of any
/// drawing on a plane), and no cell has a side twice (a cell without sides never scores).
///
/// # Example
/// ```
/// use dp_core::{negamax_table, EdgeCells, Outcome, Score};
/// // Dots and boxes with two boxes side by side: 7 edges, the left box's sides 0, 1, 2, 3 and
/// // the right box's 2, 4, 5, 6 (edge 2 between them).
/// let boxes = EdgeCells::new(7, &[[0, 1, 2, 3], [2, 4, 5, 6]]);
/// let value = negamax_table(&boxes, boxes.positions());
/// assert_eq!(boxes.completes(0b111_1011, 2), 2); // the middle edge closes both boxes
/// assert_eq!(value[0].outcome(), Outcome::Draw); // one box each under best play
/// assert_eq!(value[0b111_1011], 2); // whoever draws the middle edge last takes both
/// ```
#[derive(Clone, Debug)]
pub struct EdgeCells {
    edges: usize,
    /// For each edge, the masks of the other sides of the (up to two) cells it borders; the bit
    /// `edges`, never drawn, stands for a missing cell.
    others: Vec<[usize; 2]>,
}

impl EdgeCells {
    /// The game on `edges` edges numbered `0..edges`, with `cells[c]` the sides of cell `c`.
    ///
    /// # Panics
    /// If `edges >= usize::BITS`, there are more than 127 cells, a cell has a side twice or a
    /// side `>= edges`, or an edge borders more than two cells.
    ///
    /// # Complexity
    /// O(edges + total sides).
    ///
    /// # Example
    /// ```
    /// let triangle = dp_core::EdgeCells::new(3, &[vec![0, 1, 2]]);
    /// assert_eq!((triangle.edges(), triangle.positions()), (3, 8));
    /// ```
    pub fn new<C: AsRef<[usize]>>(edges: usize, cells: &[C]) -> Self {
        assert!(
            edges < usize::BITS as usize,
            "at most {} edges",
            usize::BITS - 1
        );
        assert!(
            cells.len() <= 127,
            "at most 127 cells, so that i8 holds every value"
        );
        let missing = 1 << edges;
        let mut others = vec![[missing; 2]; edges];
        for (c, sides) in cells.iter().enumerate() {
            let sides = sides.as_ref();
            let mask = sides.iter().fold(0usize, |mask, &e| {
                let fresh = e < edges && mask >> e & 1 == 0;
                assert!(
                    fresh,
                    "cell {}: side {} repeated or not below {}",
                    c, e, edges
                );
                mask | 1 << e
            });
            for &e in sides {
                let slot = others[e]
                    .iter()
                    .position(|&o| o == missing)
                    .unwrap_or_else(|| panic!("edge {} borders more than two cells", e));
                others[e][slot] = mask & !(1 << e);
            }
        }
        EdgeCells { edges, others }
    }

    /// The number of edges.
    ///
    /// # Complexity
    /// O(1).
    ///
    /// # Example
    /// ```
    /// assert_eq!(dp_core::EdgeCells::new(4, &[[0, 1, 2, 3]]).edges(), 4);
    /// ```
    pub fn edges(&self) -> usize {
        self.edges
    }

    /// The number of positions, `2^edges`: every set of drawn edges.
    ///
    /// # Complexity
    /// O(1).
    ///
    /// # Example
    /// ```
    /// assert_eq!(dp_core::EdgeCells::new(18, &[[0, 1, 2]]).positions(), 262_144);
    /// ```
    pub fn positions(&self) -> usize {
        1 << self.edges
    }

    /// The cells that drawing `edge` onto the drawn set `drawn` completes: 0, 1 or 2.
    ///
    /// # Panics
    /// If `edge >= edges`.
    ///
    /// # Complexity
    /// O(1).
    ///
    /// # Example
    /// ```
    /// let triangle = dp_core::EdgeCells::new(3, &[[0, 1, 2]]);
    /// assert_eq!((triangle.completes(0b011, 2), triangle.completes(0b001, 2)), (1, 0));
    /// ```
    #[inline]
    pub fn completes(&self, drawn: usize, edge: usize) -> i8 {
        let [a, b] = self.others[edge];
        (drawn & a == a) as i8 + (drawn & b == b) as i8
    }
}

impl ScoringGame for EdgeCells {
    type Position = usize;
    type Score = i8;

    #[inline]
    fn for_each_move<F: FnMut(usize, i8, bool)>(&self, drawn: usize, mut f: F) {
        let mut free = !drawn & ((1 << self.edges) - 1);
        while free != 0 {
            let edge = free.trailing_zeros() as usize;
            free &= free - 1;
            let won = self.completes(drawn, edge);
            f(drawn | 1 << edge, won, won > 0);
        }
    }
}

/// A game's history replayed with the extra-move rule: whose turn it is and each player's points
/// so far. Player 0 moves first.
///
/// # Example
/// ```
/// use dp_core::Tally;
/// let mut tally = Tally::new();
/// tally.play(2i8, true); // player 0 scores 2 and moves again
/// tally.play(0, false); // then passes the turn
/// assert_eq!((tally.mover(), tally.scores()), (1, [2, 0]));
/// // If player 1, to move, gets 3 more points than player 0 from here, player 0 loses by 1.
/// assert_eq!(tally.final_margin(3), -1);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Tally<V> {
    scores: [V; 2],
    mover: usize,
}

impl<V: Score> Default for Tally<V> {
    fn default() -> Self {
        Self::new()
    }
}

impl<V: Score> Tally<V> {
    /// No move yet: player 0 to move, 0 points each.
    ///
    /// # Complexity
    /// O(1).
    ///
    /// # Example
    /// ```
    /// let tally = dp_core::Tally::<i32>::new();
    /// assert_eq!((tally.mover(), tally.scores()), (0, [0, 0]));
    /// ```
    pub fn new() -> Self {
        Tally {
            scores: [V::ZERO; 2],
            mover: 0,
        }
    }

    /// The player to move scores `gain`; the turn passes unless `again`.
    ///
    /// # Complexity
    /// O(1).
    ///
    /// # Example
    /// ```
    /// let mut tally = dp_core::Tally::new();
    /// tally.play(1i32, false);
    /// tally.play(-1, false);
    /// assert_eq!((tally.mover(), tally.scores()), (0, [1, -1]));
    /// ```
    #[inline]
    pub fn play(&mut self, gain: V, again: bool) {
        self.scores[self.mover] = self.scores[self.mover] + gain;
        if !again {
            self.mover ^= 1;
        }
    }

    /// The player to move: 0 or 1.
    ///
    /// # Complexity
    /// O(1).
    ///
    /// # Example
    /// ```
    /// let mut tally = dp_core::Tally::new();
    /// tally.play(5i64, true);
    /// assert_eq!(tally.mover(), 0);
    /// ```
    pub fn mover(&self) -> usize {
        self.mover
    }

    /// The points of players 0 and 1 so far.
    ///
    /// # Complexity
    /// O(1).
    ///
    /// # Example
    /// ```
    /// let mut tally = dp_core::Tally::new();
    /// tally.play(3i16, false);
    /// assert_eq!(tally.scores(), [3, 0]);
    /// ```
    pub fn scores(&self) -> [V; 2] {
        self.scores
    }

    /// Player 0's final points minus player 1's, when from here the player to move gains
    /// `future` more than the other (the current position's negamax value).
    ///
    /// # Complexity
    /// O(1).
    ///
    /// # Example
    /// ```
    /// use dp_core::{Outcome, Score, Tally};
    /// let mut tally = Tally::new();
    /// tally.play(1i8, false);
    /// assert_eq!(tally.final_margin(1), 0); // player 1 catches up
    /// assert_eq!(tally.final_margin(-2).outcome(), Outcome::Win);
    /// ```
    pub fn final_margin(&self, future: V) -> V {
        let lead = self.scores[0] - self.scores[1];
        if self.mover == 0 {
            lead + future
        } else {
            lead - future
        }
    }
}

#[cfg(test)]
mod tests;

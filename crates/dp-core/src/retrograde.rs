//! Retrograde analysis: the exact value of every position of a finite two-player game (win, loss
//! or draw, and if asked the distance to the end in plies), found backwards from the terminal
//! positions.
//!
//! A game gives its positions as dense indices `0..N`, its terminal positions and its moves
//! ([`RetrogradeGame`]), and when it can, the positions a move may have come from ([`Unmoves`]).
//! [`Retrograde`] solves it: [`Retrograde::solve_with_unmoves`] needs nothing but the table
//! itself, [`Retrograde::solve_from_moves`] first builds the reverse edges in compact arrays. Two options
//! make it cheaper: [`Retrograde::outcomes_only`] keeps no distances (one byte per position for
//! games of at most 251 moves per position, and no limit on the length of a game), and
//! [`Retrograde::until_resolved`] stops as soon as the positions asked about are known.
//!
//! Values are seen by the side to move: [`Value::Win`]`(d)` means the mover can force a win in
//! `d` plies and the opponent can delay it that long, [`Value::Loss`]`(d)` the other way round,
//! [`Value::Draw`] that neither side can force a win. A win is better the sooner it comes, a loss
//! the later; a draw sits between them.
//!
//! # Method
//! Terminal positions form layer 0. Layer `d` is drained, its wins and then its losses, each in
//! increasing order of position; each of its positions visits its parents (positions with a move
//! into it). A loss at `d` makes every unresolved parent a win at `d + 1`: layers are drained in
//! increasing `d`, so the first such loss is the nearest. A win at `d` takes one from the
//! parent's counter of children not yet known to be wins; when it reaches zero every child is a
//! win, the last of them the farthest, and the parent is a loss at `d + 1` (so the order within
//! a layer changes nothing: such a parent has no lost child). Positions never resolved are draws.
//!
//! One cell per position holds the counter while the position is unresolved and the value once
//! it is, so the whole state is that table plus four bitmaps of `N / 8` bytes for the layers
//! (the wins and the losses of this layer and the next, [`Frontier`], whose drain costs what its members cost). The solver picks the cell width: 1
//! byte (outcomes only) or 2 bytes to begin with, and it starts over in cells twice as wide when
//! a position has more moves than a counter holds or a distance outgrows the codes; so no game is
//! too long or too wide, and a narrow cell never fails halfway.

use crate::frontier::Frontier;
use std::cmp::Ordering;
/// How a terminal position ends, for the side to move; as a number (`as usize`, e.g. to index a
/// table of answer words) `Draw` is 0, `Loss` 1 and `Win` 2.
///
/// # Example
/// ```
/// use dp_core::{Outcome, Value};
/// assert_eq!(Value::Loss(0).outcome(), Outcome::Loss);
/// assert_eq!(["Loop", "Lose", "Win"][Outcome::Win as usize], "Win");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    // The discriminants are also the offsets of the value codes from `top` (see `Cell`).
    /// The side to move has lost (e.g. its piece was just captured).
    Loss = 1,
    /// Neither side wins (e.g. stalemate in a game that calls it a draw).
    Draw = 0,
    /// The side to move has won.
    Win = 2,
}

/// The value of a position for the side to move, with the distance to the end in plies.
///
/// The order is the mover's preference: every loss is below [`Value::Draw`], every win above it,
/// a later loss is better than a sooner one and a sooner win better than a later one.
///
/// # Example
/// ```
/// use dp_core::Value;
/// assert!(Value::Loss(2) < Value::Loss(5));
/// assert!(Value::Loss(99) < Value::Draw && Value::Draw < Value::Win(99));
/// assert!(Value::Win(5) < Value::Win(2));
/// // A parent's best move is the maximum over its children, each seen from the parent.
/// let children = [Value::Win(3), Value::Loss(6), Value::Loss(2)];
/// let best = children.iter().map(|c| c.seen_from_parent()).max();
/// assert_eq!(best, Some(Value::Win(3)));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Value {
    /// The mover loses after this many plies, however it plays, and can delay it that long.
    Loss(u32),
    /// Neither side can force a win.
    Draw,
    /// The mover wins after this many plies, however the opponent plays, and needs that many.
    Win(u32),
}

impl Value {
    /// Win, loss or draw, without the distance.
    ///
    /// # Complexity
    /// O(1).
    ///
    /// # Example
    /// ```
    /// use dp_core::{Outcome, Value};
    /// assert_eq!(Value::Win(3).outcome(), Outcome::Win);
    /// assert_eq!(Value::Draw.outcome(), Outcome::Draw);
    /// ```
    pub fn outcome(self) -> Outcome {
        match self {
            Value::Loss(_) => Outcome::Loss,
            Value::Draw => Outcome::Draw,
            Value::Win(_) => Outcome::Win,
        }
    }

    /// The distance to the end in plies, or `None` for a draw.
    ///
    /// # Complexity
    /// O(1).
    ///
    /// # Example
    /// ```
    /// use dp_core::Value;
    /// assert_eq!((Value::Loss(4).plies(), Value::Draw.plies()), (Some(4), None));
    /// ```
    pub fn plies(self) -> Option<u32> {
        match self {
            Value::Loss(d) | Value::Win(d) => Some(d),
            Value::Draw => None,
        }
    }

    /// The value of moving into a position of this value, for the player who moves there: the
    /// child's win is the parent's loss one ply later and the other way round.
    ///
    /// # Panics
    /// If the distance is `u32::MAX`.
    ///
    /// # Complexity
    /// O(1).
    ///
    /// # Example
    /// ```
    /// use dp_core::Value;
    /// assert_eq!(Value::Loss(0).seen_from_parent(), Value::Win(1));
    /// assert_eq!(Value::Win(4).seen_from_parent(), Value::Loss(5));
    /// assert_eq!(Value::Draw.seen_from_parent(), Value::Draw);
    /// ```
    pub fn seen_from_parent(self) -> Value {
        match self {
            Value::Loss(d) => Value::Win(d + 1),
            Value::Draw => Value::Draw,
            Value::Win(d) => Value::Loss(d + 1),
        }
    }
}

impl Ord for Value {
    fn cmp(&self, other: &Self) -> Ordering {
        // Losses, then draws, then wins; a later loss and a sooner win rank higher.
        let rank = |v: &Value| match *v {
            Value::Loss(d) => (0, i64::from(d)),
            Value::Draw => (1, 0),
            Value::Win(d) => (2, -i64::from(d)),
        };
        rank(self).cmp(&rank(other))
    }
}

impl PartialOrd for Value {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

/// A finite two-player game whose positions are the indices `0..positions()`, the players
/// alternating.
///
/// A position that is not terminal and has no move is lost for the side to move (the normal-play
/// convention); a game that scores such positions otherwise says so through
/// [`RetrogradeGame::terminal`].
///
/// # Constraints
/// Moves lead to indices in `0..positions()`, and a position lists the same moves on every call
/// ([`Retrograde::solve_from_moves`] asks more than once). A move listed twice counts twice (it must then be
/// listed twice by [`Unmoves::for_each_unmove`] too).
///
/// # Example
/// ```
/// use dp_core::{Outcome, Retrograde, RetrogradeGame, Value};
/// /// Take 1 or 2 stones; who cannot move loses. Position = stones left.
/// struct TakeOneOrTwo(usize);
/// impl RetrogradeGame for TakeOneOrTwo {
///     fn positions(&self) -> usize { self.0 + 1 }
///     fn terminal(&self, _pos: usize) -> Option<Outcome> { None }
///     fn for_each_move<F: FnMut(usize)>(&self, pos: usize, mut f: F) {
///         for take in 1..=2.min(pos) { f(pos - take) }
///     }
/// }
/// let table = Retrograde::new(&TakeOneOrTwo(7)).solve_from_moves();
/// assert_eq!(table.value(6), Value::Loss(4));
/// assert_eq!(table.value(7), Value::Win(5));
/// ```
pub trait RetrogradeGame {
    /// The number of positions; they are `0..positions()`.
    fn positions(&self) -> usize;

    /// How the game has ended at `pos`, or `None` when play goes on. Terminal positions have no
    /// moves: [`RetrogradeGame::for_each_move`] is never called on them.
    fn terminal(&self, pos: usize) -> Option<Outcome>;

    /// Calls `f` with every position one move from the non-terminal position `pos`.
    fn for_each_move<F: FnMut(usize)>(&self, pos: usize, f: F);

    /// The number of moves from the non-terminal position `pos`; by default counted through
    /// [`RetrogradeGame::for_each_move`], which a game can beat when the count is a formula.
    fn degree(&self, pos: usize) -> usize {
        let mut count = 0;
        self.for_each_move(pos, |_| count += 1);
        count
    }

    /// Calls `f(terminal(pos), degree(pos))` for every position in increasing order (the
    /// degree 0 for a terminal position) while `f` returns true: how the solver reads the start
    /// of the analysis. By default through [`RetrogradeGame::terminal`] and
    /// [`RetrogradeGame::degree`]; a game whose index is a tuple (two tokens and the side to
    /// move) overrides it with nested loops, and decodes no index.
    ///
    /// # Constraints
    /// `f` is called once per position, in order, with what `terminal` and `degree` would give,
    /// until it returns false.
    fn for_each_start<F: FnMut(Option<Outcome>, usize) -> bool>(&self, mut f: F) {
        for pos in 0..self.positions() {
            let terminal = self.terminal(pos);
            let degree = if terminal.is_none() {
                self.degree(pos)
            } else {
                0
            };
            if !f(terminal, degree) {
                return;
            }
        }
    }
}

/// A [`RetrogradeGame`] that lists, for a position, the positions with a move into it, so that
/// the solver needs no reverse edges of its own.
///
/// # Constraints
/// `for_each_unmove(c)` calls `f(p)` exactly as many times as `for_each_move(p)` calls `f(c)`,
/// for every non-terminal `p`; it may also name terminal positions, which are skipped.
///
/// # Example
/// ```
/// use dp_core::{Outcome, Retrograde, RetrogradeGame, Unmoves, Value};
/// /// Take 1 or 2 stones; who cannot move loses. Position = stones left.
/// struct TakeOneOrTwo(usize);
/// impl RetrogradeGame for TakeOneOrTwo {
///     fn positions(&self) -> usize { self.0 + 1 }
///     fn terminal(&self, _pos: usize) -> Option<Outcome> { None }
///     fn for_each_move<F: FnMut(usize)>(&self, pos: usize, mut f: F) {
///         for take in 1..=2.min(pos) { f(pos - take) }
///     }
/// }
/// impl Unmoves for TakeOneOrTwo {
///     fn for_each_unmove<F: FnMut(usize)>(&self, pos: usize, mut f: F) {
///         for put_back in 1..=2 { if pos + put_back <= self.0 { f(pos + put_back) } }
///     }
/// }
/// let game = TakeOneOrTwo(30);
/// let fast = Retrograde::new(&game).solve_with_unmoves();
/// let built = Retrograde::new(&game).solve_from_moves();
/// assert!((0..=30).all(|p| fast.value(p) == built.value(p)));
/// assert_eq!(fast.value(30), Value::Loss(20));
/// ```
pub trait Unmoves: RetrogradeGame {
    /// Calls `f` with every position that has a move into `pos`.
    fn for_each_unmove<F: FnMut(usize)>(&self, pos: usize, f: F);
}

/// Retrograde analysis of one game: what to keep and when to stop, then
/// [`Retrograde::solve_with_unmoves`] or [`Retrograde::solve_from_moves`].
///
/// By default every position is solved with its distance in plies.
///
/// # Example
/// ```
/// use dp_core::{Outcome, Retrograde, RetrogradeGame, Value};
/// /// A race to 10: add 1 or 2, who reaches 10 wins; the position is the running total.
/// struct RaceTo10;
/// impl RetrogradeGame for RaceTo10 {
///     fn positions(&self) -> usize { 11 }
///     fn terminal(&self, pos: usize) -> Option<Outcome> {
///         // The player who just reached 10 won, so the side to move has lost.
///         if pos == 10 { Some(Outcome::Loss) } else { None }
///     }
///     fn for_each_move<F: FnMut(usize)>(&self, pos: usize, mut f: F) {
///         for add in 1..=2 { if pos + add <= 10 { f(pos + add) } }
///     }
/// }
/// let table = Retrograde::new(&RaceTo10).solve_from_moves();
/// assert_eq!(table.value(0), Value::Win(7)); // go to 1, then answer a to 3 - a
/// assert_eq!(table.value(1), Value::Loss(6));
/// let outcomes = Retrograde::new(&RaceTo10).outcomes_only().solve_from_moves();
/// assert_eq!(outcomes.outcome(1), Outcome::Loss);
/// ```
#[derive(Clone, Debug)]
pub struct Retrograde<'a, G> {
    game: &'a G,
    distances: bool,
    targets: Option<Vec<usize>>,
}

impl<'a, G: RetrogradeGame> Retrograde<'a, G> {
    /// The analysis of `game`, every position with its distance unless told otherwise.
    ///
    /// # Complexity
    /// O(1).
    ///
    /// # Example
    /// See [`Retrograde`].
    pub fn new(game: &'a G) -> Self {
        Retrograde {
            game,
            distances: true,
            targets: None,
        }
    }

    /// Keeps win, loss or draw without the distance: a game may then last any number of plies,
    /// and the table takes one byte per position when no position has more than 251 moves (two
    /// bytes up to 65 531 moves).
    ///
    /// # Complexity
    /// O(1).
    ///
    /// # Example
    /// ```
    /// use dp_core::{Outcome, Retrograde, RetrogradeGame};
    /// /// A path: position p moves to p - 1, and 0 has no move.
    /// struct Path(usize);
    /// impl RetrogradeGame for Path {
    ///     fn positions(&self) -> usize { self.0 }
    ///     fn terminal(&self, _pos: usize) -> Option<Outcome> { None }
    ///     fn for_each_move<F: FnMut(usize)>(&self, pos: usize, mut f: F) {
    ///         if pos > 0 { f(pos - 1) }
    ///     }
    /// }
    /// let table = Retrograde::new(&Path(100_000)).outcomes_only().solve_from_moves();
    /// assert_eq!(table.bytes_per_position(), 1);
    /// assert_eq!(table.outcome(99_999), Outcome::Win);
    /// ```
    pub fn outcomes_only(mut self) -> Self {
        self.distances = false;
        self
    }

    /// Stops as soon as every position of `positions` is won or lost (or, when the analysis runs
    /// out, drawn); the table then knows those and maybe others, see
    /// [`RetrogradeTable::is_resolved`]. One start position is the common query.
    ///
    /// # Constraints
    /// Each position is in `0..game.positions()` (checked when solving).
    ///
    /// # Complexity
    /// O(len) here, and O(len) per layer of the analysis.
    ///
    /// # Example
    /// ```
    /// use dp_core::{Outcome, Retrograde, RetrogradeGame, Value};
    /// /// Take 1 or 2 stones; who cannot move loses.
    /// struct TakeOneOrTwo(usize);
    /// impl RetrogradeGame for TakeOneOrTwo {
    ///     fn positions(&self) -> usize { self.0 + 1 }
    ///     fn terminal(&self, _pos: usize) -> Option<Outcome> { None }
    ///     fn for_each_move<F: FnMut(usize)>(&self, pos: usize, mut f: F) {
    ///         for take in 1..=2.min(pos) { f(pos - take) }
    ///     }
    /// }
    /// let table = Retrograde::new(&TakeOneOrTwo(1000)).until_resolved(&[5]).solve_from_moves();
    /// assert_eq!(table.value(5), Value::Win(3));
    /// assert!(!table.is_resolved(1000)); // the analysis stopped long before
    /// ```
    pub fn until_resolved(mut self, positions: &[usize]) -> Self {
        self.targets = Some(positions.to_vec());
        self
    }

    /// Solves the game, building its reverse edges first (4 bytes per position and 4 per move,
    /// freed on return) and serving them as un-moves to [`Retrograde::solve_with_unmoves`].
    ///
    /// # Panics
    /// If the game has `u32::MAX` positions or moves or more, a move leads outside
    /// `0..positions()`, or a position named by [`Retrograde::until_resolved`] is outside it.
    ///
    /// # Complexity
    /// O(N + E) time for N positions and E moves (two passes over the moves to build the reverse
    /// edges, one through [`RetrogradeGame::degree`], at most one over the reverse edges), and
    /// the bytes of [`Retrograde::solve_with_unmoves`] plus `4 * (N + E)`.
    ///
    /// # Example
    /// See [`Retrograde`].
    pub fn solve_from_moves(self) -> RetrogradeTable {
        let game = self.game;
        let n = game.positions();
        assert!(
            n < u32::MAX as usize,
            "{} positions do not fit u32 indices",
            n
        );
        // Pass 1: in-degrees into `start`.
        let mut start = vec![0u32; n + 1];
        for pos in 0..n {
            if game.terminal(pos).is_none() {
                game.for_each_move(pos, |child| {
                    assert!(
                        child < n,
                        "move from {} to {}, outside 0..{}",
                        pos,
                        child,
                        n
                    );
                    start[child] += 1;
                });
            }
        }
        // Prefix sums: `start[c]` becomes the end of c's parents, filled downwards in pass 2.
        let mut total = 0u64;
        for slot in start.iter_mut() {
            total += u64::from(*slot);
            assert!(total < u64::from(u32::MAX), "u32::MAX moves or more");
            *slot = total as u32;
        }
        let mut sources = vec![0u32; total as usize];
        for pos in 0..n {
            if game.terminal(pos).is_none() {
                game.for_each_move(pos, |child| {
                    start[child] -= 1;
                    sources[start[child] as usize] = pos as u32;
                });
            }
        }
        let reversed = Reversed {
            game,
            start,
            sources,
        };
        Retrograde {
            game: &reversed,
            distances: self.distances,
            targets: self.targets,
        }
        .solve_with_unmoves()
    }
}

impl<'a, G: Unmoves> Retrograde<'a, G> {
    /// Solves the game from its own un-moves: the only memory is the table, one cell per
    /// position, and four bitmaps of `N / 8` bytes.
    ///
    /// # Panics
    /// If a position has 2^31 moves or more, a distance reaches 2^30 plies, an un-move leads outside `0..positions()`, or a position named by
    /// [`Retrograde::until_resolved`] is outside it.
    ///
    /// # Complexity
    /// O(N) calls of [`RetrogradeGame::terminal`] and [`RetrogradeGame::degree`], one call of
    /// [`Unmoves::for_each_unmove`] per won or lost position (those resolved before an early
    /// stop), and O(R log R + members) per layer for the R runs of 512 positions it touches
    /// ([`Frontier::drain`]). When the cells turn out too narrow (a position with more moves
    /// than a counter holds, or a distance beyond the codes), the analysis starts over in cells
    /// twice as wide: at most three runs, each at most as long as the last.
    ///
    /// Memory: the cells ([`RetrogradeTable::bytes_per_position`]) and `N / 2` bytes of layers
    /// (one run's at a time). Cells keep outcomes
    /// only, in 1 byte up to 251 moves from a position (2 up to 65 531, else 4), when the analysis
    /// keeps no distances or keeps them only for the positions asked about
    /// ([`Retrograde::until_resolved`]); a full table of distances takes 2 bytes while no
    /// position has more than 32 767 moves and no distance exceeds 16 381 plies, else 4.
    ///
    /// # Example
    /// ```
    /// use dp_core::{Outcome, Retrograde, RetrogradeGame, Unmoves, Value};
    /// /// Subtract 1, 3 or 4 from a pile; who cannot move loses.
    /// struct Subtract(usize);
    /// const TAKE: [usize; 3] = [1, 3, 4];
    /// impl RetrogradeGame for Subtract {
    ///     fn positions(&self) -> usize { self.0 + 1 }
    ///     fn terminal(&self, _pos: usize) -> Option<Outcome> { None }
    ///     fn for_each_move<F: FnMut(usize)>(&self, pos: usize, mut f: F) {
    ///         TAKE.iter().filter(|&&t| t <= pos).for_each(|&t| f(pos - t))
    ///     }
    /// }
    /// impl Unmoves for Subtract {
    ///     fn for_each_unmove<F: FnMut(usize)>(&self, pos: usize, mut f: F) {
    ///         TAKE.iter().filter(|&&t| pos + t <= self.0).for_each(|&t| f(pos + t))
    ///     }
    /// }
    /// let table = Retrograde::new(&Subtract(1000)).solve_with_unmoves();
    /// // The losing piles are 0 and 2 modulo 7.
    /// assert!((0..=1000).all(|p| matches!(table.value(p), Value::Loss(_)) == (p % 7 == 0 || p % 7 == 2)));
    /// ```
    pub fn solve_with_unmoves(self) -> RetrogradeTable {
        let n = self.game.positions();
        let mut table = RetrogradeTable {
            cells: Cells::One(Vec::new()),
            top: 0,
            distances: self.distances,
            // Distances of the positions asked about are read off the layer that resolves
            // them, so only a full table of distances keeps them in the cells.
            in_cells: self.distances && self.targets.is_none(),
            complete: false,
            asked: Vec::new(),
        };
        for &p in self.targets.iter().flatten() {
            assert!(p < n, "position {} asked about, outside 0..{}", p, n);
            table.asked.push((p, u32::MAX));
        }
        // The narrowest cells first; a run that finds them too narrow gives up and the next,
        // twice as wide, starts over (a restart costs less memory than widening the cells).
        let runs = [run::<u8, G>, run::<u16, G>, run::<u32, G>];
        for run in &runs[table.in_cells as usize..] {
            if run(&mut table, self.game, self.targets.is_some()) {
                return table;
            }
        }
        panic!("a game too long or too wide for 32-bit cells")
    }
}

/// A game with its reverse edges in compressed sparse rows: the parents of `c` are
/// `sources[start[c]..start[c + 1]]`.
struct Reversed<'a, G> {
    game: &'a G,
    start: Vec<u32>,
    sources: Vec<u32>,
}

impl<G: RetrogradeGame> RetrogradeGame for Reversed<'_, G> {
    fn positions(&self) -> usize {
        self.game.positions()
    }

    fn terminal(&self, pos: usize) -> Option<Outcome> {
        self.game.terminal(pos)
    }

    fn for_each_move<F: FnMut(usize)>(&self, pos: usize, f: F) {
        self.game.for_each_move(pos, f)
    }

    fn degree(&self, pos: usize) -> usize {
        self.game.degree(pos)
    }

    fn for_each_start<F: FnMut(Option<Outcome>, usize) -> bool>(&self, f: F) {
        self.game.for_each_start(f)
    }
}

impl<G: RetrogradeGame> Unmoves for Reversed<'_, G> {
    #[inline]
    fn for_each_unmove<F: FnMut(usize)>(&self, pos: usize, mut f: F) {
        let (lo, hi) = (self.start[pos] as usize, self.start[pos + 1] as usize);
        for &p in &self.sources[lo..hi] {
            f(p as usize);
        }
    }
}

/// The integer type of one position's cell. A cell holds a code: `1..top` counts the children
/// of an unresolved position not yet known to be wins, `top` is a terminal draw, `top + 2d + 1`
/// a loss in d plies and `top + 2d + 2` a win in d (d is 0 when the cells keep no distances). A
/// counter never reaches 0: the position resolves at that moment.
trait Cell: Copy {
    /// The largest code.
    const MAX: u32;
    fn code(self) -> u32;
    /// The cell of a code at most `MAX` (the solver's invariant; larger codes are cut).
    fn of(code: u32) -> Self;
    fn wrap(cells: Vec<Self>) -> Cells;
}

// `as` both ways: the solver keeps every code at most `MAX`.
macro_rules! impl_cell {
    ($($t:ty, $wrap:ident;)*) => {$(
        impl Cell for $t {
            const MAX: u32 = <$t>::MAX as u32;
            #[inline]
            fn code(self) -> u32 { self as u32 }
            #[inline]
            fn of(code: u32) -> Self { code as $t }
            fn wrap(cells: Vec<Self>) -> Cells { Cells::$wrap(cells) }
        }
    )*};
}
impl_cell!(u8, One; u16, Two; u32, Four;);

/// The first value code of cells of type `C`: half the codes with distances in the cells (the
/// codes above are values), all but four without (only `top..=top + 2` are values). Always
/// even, so the parity of a value's code tells a loss (odd) from a win.
fn top<C: Cell>(in_cells: bool) -> u32 {
    if in_cells { C::MAX / 2 + 1 } else { C::MAX - 3 }
}

/// The cells in the narrowest integers that hold them.
#[derive(Clone, Debug)]
enum Cells {
    One(Vec<u8>),
    Two(Vec<u16>),
    Four(Vec<u32>),
}

impl Cells {
    // Always: rustc 1.63 calls these once per position read.
    #[inline(always)]
    fn code(&self, pos: usize) -> u32 {
        match self {
            Cells::One(cells) => cells[pos].code(),
            Cells::Two(cells) => cells[pos].code(),
            Cells::Four(cells) => cells[pos].code(),
        }
    }
}

/// One analysis of `game` in cells of type `C`, into `table` (whose `in_cells` and `asked` are
/// set); false, leaving the table's cells as they were, when a degree or a distance has no code
/// in `C`. With `early` it stops once the positions asked about are resolved.
fn run<C: Cell, G: Unmoves>(table: &mut RetrogradeTable, game: &G, early: bool) -> bool {
    let n = game.positions();
    let top = top::<C>(table.in_cells);
    // Each layer in two sets, its wins and its losses (indexed by code parity): a drain then
    // knows its children's outcome without reading their cells.
    let mut layer = [Frontier::new(n), Frontier::new(n)];
    let mut next = [Frontier::new(n), Frontier::new(n)];
    let mut cells: Vec<C> = Vec::with_capacity(n);
    let mut narrow = false;
    game.for_each_start(|terminal, degree| {
        let code = match terminal {
            Some(outcome) => top + outcome as u32,
            None => match degree {
                // No move at all: lost at once.
                0 => top + 1,
                degree if degree < top as usize => degree as u32,
                _ => {
                    narrow = true;
                    return false;
                }
            },
        };
        if code > top {
            layer[code as usize % 2].insert(cells.len());
        }
        cells.push(C::of(code));
        true
    });
    if narrow {
        return false;
    }
    assert_eq!(
        cells.len(),
        n,
        "for_each_start named the wrong number of positions"
    );
    let mut plies = 0;
    loop {
        // What was resolved since the last look is at the distance of this layer.
        let mut unknown = 0;
        for (pos, distance) in &mut table.asked {
            if *distance == u32::MAX {
                if cells[*pos].code() >= top {
                    *distance = plies;
                } else {
                    unknown += 1;
                }
            }
        }
        let empty = layer.iter().all(Frontier::is_empty);
        if empty || early && unknown == 0 {
            // Once no layer is left, the unresolved positions are draws.
            table.complete = empty;
            break;
        }
        // The code of a loss at plies + 1; a win's is one more. The cells are too narrow when
        // it does not fit, even if this layer resolves nothing (then the table is complete).
        let loss = if table.in_cells {
            if u64::from(top) + 2 * u64::from(plies) + 4 > u64::from(C::MAX) {
                return false;
            }
            top + 2 * plies + 3
        } else {
            top + 1
        };
        for lost in 0..2 {
            // Moved into the closure, the slice and the scalars stay in registers; through
            // references they are reloaded after every store to a cell.
            let (cells, next) = (&mut cells[..], &mut next[1 - lost as usize]);
            layer[lost as usize].drain(move |child| {
                game.for_each_unmove(child, |parent| {
                    let code = cells[parent].code();
                    // Codes from top up are resolved: a sooner win, or a terminal.
                    if code < top {
                        cells[parent] = C::of(if lost == 1 || code == 1 {
                            next.insert(parent);
                            loss + lost
                        } else {
                            code - 1
                        });
                    }
                });
            });
        }
        std::mem::swap(&mut layer, &mut next);
        plies += 1;
    }
    table.top = top;
    table.cells = C::wrap(cells);
    true
}

/// The values of a solved game: every position's, or after an early stop
/// ([`Retrograde::until_resolved`]) those resolved by then.
///
/// # Example
/// ```
/// use dp_core::{Outcome, Retrograde, RetrogradeGame, Value};
/// /// Two positions that move into each other forever, and one that must move into them.
/// struct Loop;
/// impl RetrogradeGame for Loop {
///     fn positions(&self) -> usize { 3 }
///     fn terminal(&self, _pos: usize) -> Option<Outcome> { None }
///     fn for_each_move<F: FnMut(usize)>(&self, pos: usize, mut f: F) {
///         f(if pos == 0 { 1 } else { 0 })
///     }
/// }
/// let table = Retrograde::new(&Loop).solve_from_moves();
/// assert!((0..3).all(|p| table.value(p) == Value::Draw));
/// assert_eq!(table.max_plies(), None);
/// assert_eq!((table.len(), table.bytes_per_position()), (3, 2));
/// ```
#[derive(Clone, Debug)]
pub struct RetrogradeTable {
    cells: Cells,
    top: u32,
    /// Whether distances were asked for, and whether the cells hold them.
    distances: bool,
    in_cells: bool,
    complete: bool,
    /// The positions asked about and their distances (`u32::MAX`: not resolved).
    asked: Vec<(usize, u32)>,
}

impl RetrogradeTable {
    /// The number of positions.
    ///
    /// # Complexity
    /// O(1).
    ///
    /// # Example
    /// See [`RetrogradeTable`].
    pub fn len(&self) -> usize {
        match &self.cells {
            Cells::One(cells) => cells.len(),
            Cells::Two(cells) => cells.len(),
            Cells::Four(cells) => cells.len(),
        }
    }

    /// Whether the game has no positions.
    ///
    /// # Complexity
    /// O(1).
    ///
    /// # Example
    /// See [`RetrogradeTable`].
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The width of the cells the solver picked: 1, 2 or 4 bytes.
    ///
    /// # Complexity
    /// O(1).
    ///
    /// # Example
    /// See [`RetrogradeTable`].
    pub fn bytes_per_position(&self) -> usize {
        match &self.cells {
            Cells::One(_) => 1,
            Cells::Two(_) => 2,
            Cells::Four(_) => 4,
        }
    }

    /// Whether the outcome of `pos` is known: always after a full analysis; after an early stop,
    /// if it was won or lost by then or is a terminal draw.
    ///
    /// # Panics
    /// If `pos >= len()`.
    ///
    /// # Complexity
    /// O(1).
    ///
    /// # Example
    /// See [`Retrograde::until_resolved`].
    pub fn is_resolved(&self, pos: usize) -> bool {
        self.complete || self.cells.code(pos) >= self.top
    }

    /// Win, loss or draw at `pos` for the side to move.
    ///
    /// # Panics
    /// If `pos >= len()` or the outcome of `pos` is not known (an early stop came first).
    ///
    /// # Complexity
    /// O(1).
    ///
    /// # Example
    /// See [`Retrograde::outcomes_only`].
    #[inline(always)]
    pub fn outcome(&self, pos: usize) -> Outcome {
        let code = self.cells.code(pos);
        assert!(
            self.complete || code >= self.top,
            "position {} was not resolved before the analysis stopped",
            pos
        );
        if code <= self.top {
            Outcome::Draw
        } else if code % 2 == 1 {
            Outcome::Loss
        } else {
            Outcome::Win
        }
    }

    /// The value of `pos` for the side to move, with its distance.
    ///
    /// # Panics
    /// If `pos >= len()`, the outcome of `pos` is not known (an early stop came first), the
    /// analysis kept no distances ([`Retrograde::outcomes_only`]), or it kept them only for the
    /// positions asked about ([`Retrograde::until_resolved`]) and `pos` is another one that is
    /// won or lost.
    ///
    /// # Complexity
    /// O(1), or O(positions asked about) after an early stop.
    ///
    /// # Example
    /// See [`RetrogradeTable`].
    pub fn value(&self, pos: usize) -> Value {
        assert!(self.distances, "the analysis kept outcomes only");
        let plies = || {
            if self.in_cells {
                return (self.cells.code(pos) - self.top - 1) / 2;
            }
            let asked = self.asked.iter().find(|a| a.0 == pos);
            asked
                .expect("a distance kept only for the positions asked about")
                .1
        };
        match self.outcome(pos) {
            Outcome::Loss => Value::Loss(plies()),
            Outcome::Draw => Value::Draw,
            Outcome::Win => Value::Win(plies()),
        }
    }

    /// The largest distance of any won or lost position, or `None` if there is none.
    ///
    /// # Panics
    /// If the analysis kept no full table of distances ([`Retrograde::outcomes_only`],
    /// [`Retrograde::until_resolved`]).
    ///
    /// # Complexity
    /// O(N): it reads every cell.
    ///
    /// # Example
    /// See [`RetrogradeTable`].
    pub fn max_plies(&self) -> Option<u32> {
        assert!(
            self.in_cells,
            "the analysis kept no full table of distances"
        );
        (0..self.len()).filter_map(|p| self.value(p).plies()).max()
    }
}

#[cfg(test)]
mod tests;

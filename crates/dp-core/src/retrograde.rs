//! Retrograde analysis: the exact value of every position of a finite two-player game, with the
//! distance to the end in plies, found backwards from the terminal positions.
//!
//! A game gives its positions as dense indices `0..N`, its terminal positions, and its moves
//! ([`RetrogradeGame`]); when it can also list the positions a move may have come from ([`Unmoves`]),
//! [`solve_retrograde_with_unmoves`] needs nothing but the table itself, otherwise [`solve_retrograde`] first builds
//! the reverse edges in compact arrays and serves them as un-moves to the same solver.
//!
//! Values are seen by the side to move: [`Value::Win`]`(d)` means the mover can force a win in
//! `d` plies and the opponent can delay it that long, [`Value::Loss`]`(d)` the other way round,
//! [`Value::Draw`] that neither side can force a win. A win is better the sooner it comes, a loss
//! the later; a draw sits between them.
//!
//! # Method
//! Terminal positions form layer 0. Layer `d` is drained in increasing order of position; each
//! of its positions visits its parents (positions with a move into it). A loss at `d` makes every
//! unresolved parent a win at `d + 1`: layers are drained in increasing `d`, so the first such
//! loss is the nearest. A win at `d` takes one from the parent's counter of children not yet
//! known to be wins; when it reaches zero every child is a win, the last of them the farthest,
//! and the parent is a loss at `d + 1`. Positions never resolved are draws.
//!
//! One cell per position (`u16` or `u32`, see [`Cell`]) holds the counter while the position is
//! unresolved and the value once it is, so the whole state is that table plus two bitmaps of
//! `N / 8` bytes for the layers.

use crate::frontier::Frontier;
use std::cmp::Ordering;

/// How a terminal position ends, for the side to move.
///
/// # Example
/// ```
/// use dp_core::{Outcome, Value};
/// assert_eq!(Value::Loss(0).outcome(), Outcome::Loss);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    // The discriminants are the offsets of the cell codes from `Cell::TOP`.
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
/// ([`solve_retrograde`] asks more than once). A move listed twice counts twice (it must then be listed
/// twice by [`Unmoves::for_each_unmove`] too).
///
/// # Example
/// ```
/// use dp_core::{solve_retrograde, RetrogradeGame, Outcome, Value};
/// /// Take 1 or 2 stones; who cannot move loses. Position = stones left.
/// struct TakeOneOrTwo(usize);
/// impl RetrogradeGame for TakeOneOrTwo {
///     fn positions(&self) -> usize { self.0 + 1 }
///     fn terminal(&self, _pos: usize) -> Option<Outcome> { None }
///     fn for_each_move<F: FnMut(usize)>(&self, pos: usize, mut f: F) {
///         for take in 1..=2.min(pos) { f(pos - take) }
///     }
/// }
/// let table = solve_retrograde::<u32, _>(&TakeOneOrTwo(7));
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
}

/// A [`RetrogradeGame`] that lists, for a position, the positions with a move into it, so that the solver
/// needs no reverse edges of its own.
///
/// # Constraints
/// `for_each_unmove(c)` calls `f(p)` exactly as many times as `for_each_move(p)` calls `f(c)`,
/// for every non-terminal `p`; it may also name terminal positions, which are skipped.
///
/// # Example
/// ```
/// use dp_core::{solve_retrograde, solve_retrograde_with_unmoves, RetrogradeGame, Outcome, Unmoves, Value};
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
/// let fast = solve_retrograde_with_unmoves::<u16, _>(&game);
/// let built = solve_retrograde::<u32, _>(&game);
/// assert!((0..=30).all(|p| fast.value(p) == built.value(p)));
/// assert_eq!(fast.value(30), Value::Loss(20));
/// ```
pub trait Unmoves: RetrogradeGame {
    /// Calls `f` with every position that has a move into `pos`.
    fn for_each_unmove<F: FnMut(usize)>(&self, pos: usize, f: F);
}

/// The integer type of one position's cell: `u16` (2 bytes; distances up to 16 382 plies and
/// up to 32 767 moves from one position) or `u32` (4 bytes; about 10^9 of each).
///
/// A cell holds a code: `1..TOP` counts the children of an unresolved position not yet known to
/// be wins, `TOP` is a terminal draw, `TOP + 2d + 1` a loss in d plies and `TOP + 2d + 2` a win
/// in d (a counter never reaches 0: the position resolves at that moment).
///
/// # Constraints
/// Another type may implement it when `TOP` is even and at most 2^31 and every code below
/// `2 * TOP` converts to the type and back unchanged.
///
/// # Example
/// ```
/// use dp_core::Cell;
/// assert_eq!(<u16 as Cell>::MAX_PLIES, 16_382);
/// assert_eq!(<u16 as Cell>::MAX_DEGREE, 32_767);
/// ```
pub trait Cell: Copy + Into<u32> + TryFrom<u32> {
    /// Half the codes: those below are counters, those at or above values.
    const TOP: u32;
    /// The largest distance in plies a table of this cell type can hold.
    const MAX_PLIES: u32 = (Self::TOP - 3) / 2;
    /// The largest number of moves from one position a table of this cell type can count.
    const MAX_DEGREE: u32 = Self::TOP - 1;
}

impl Cell for u16 {
    const TOP: u32 = 1 << 15;
}

impl Cell for u32 {
    const TOP: u32 = 1 << 31;
}

/// The cell holding `code`, which the solver keeps below `2 * TOP`.
fn put<C: Cell>(code: u32) -> C {
    C::try_from(code).ok().unwrap()
}

/// The value of every position of a solved game, one [`Cell`] each.
///
/// # Example
/// ```
/// use dp_core::{solve_retrograde, RetrogradeGame, Outcome, Value};
/// /// Two positions that move into each other forever, and one that must move into them.
/// struct Loop;
/// impl RetrogradeGame for Loop {
///     fn positions(&self) -> usize { 3 }
///     fn terminal(&self, _pos: usize) -> Option<Outcome> { None }
///     fn for_each_move<F: FnMut(usize)>(&self, pos: usize, mut f: F) {
///         f(if pos == 0 { 1 } else { 0 })
///     }
/// }
/// let table = solve_retrograde::<u16, _>(&Loop);
/// assert!((0..3).all(|p| table.value(p) == Value::Draw));
/// assert_eq!(table.max_plies(), None);
/// ```
#[derive(Clone, Debug)]
pub struct RetrogradeTable<C> {
    cells: Vec<C>,
}

impl<C: Cell> RetrogradeTable<C> {
    /// The number of positions.
    ///
    /// # Complexity
    /// O(1).
    ///
    /// # Example
    /// See [`RetrogradeTable`].
    pub fn len(&self) -> usize {
        self.cells.len()
    }

    /// Whether the game has no positions.
    ///
    /// # Complexity
    /// O(1).
    ///
    /// # Example
    /// See [`RetrogradeTable`].
    pub fn is_empty(&self) -> bool {
        self.cells.is_empty()
    }

    /// The value of `pos` for the side to move.
    ///
    /// # Panics
    /// If `pos >= len()`.
    ///
    /// # Complexity
    /// O(1).
    ///
    /// # Example
    /// See [`RetrogradeTable`].
    pub fn value(&self, pos: usize) -> Value {
        let code = self.cells[pos].into();
        if code <= C::TOP {
            return Value::Draw;
        }
        let plies = (code - C::TOP - 1) / 2;
        if code % 2 == 1 {
            Value::Loss(plies)
        } else {
            Value::Win(plies)
        }
    }

    /// The largest distance of any won or lost position, or `None` if every position is a draw.
    ///
    /// # Complexity
    /// O(N): it reads every cell.
    ///
    /// # Example
    /// See [`RetrogradeTable`].
    pub fn max_plies(&self) -> Option<u32> {
        (0..self.len()).filter_map(|p| self.value(p).plies()).max()
    }
}

/// Solves `game`, building its reverse edges first (4 bytes per position and 4 per move, freed
/// on return) and handing them to [`solve_retrograde_with_unmoves`].
///
/// # Panics
/// If the game has more than `u32::MAX` positions or moves, a position has more than
/// [`Cell::MAX_DEGREE`] moves, a distance exceeds [`Cell::MAX_PLIES`], or a move leads outside
/// `0..positions()`.
///
/// # Complexity
/// O(N + E) time for N positions and E moves (two passes over the moves to build the reverse
/// edges, one through [`RetrogradeGame::degree`], one over the reverse edges),
/// `size_of::<C>() * N + N / 4 + 4 * (N + E)` bytes.
///
/// # Example
/// ```
/// use dp_core::{solve_retrograde, RetrogradeGame, Outcome, Value};
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
/// let table = solve_retrograde::<u16, _>(&RaceTo10);
/// assert_eq!(table.value(0), Value::Win(7)); // go to 1, then answer a to 3 - a
/// assert_eq!(table.value(1), Value::Loss(6));
/// ```
pub fn solve_retrograde<C: Cell, G: RetrogradeGame>(game: &G) -> RetrogradeTable<C> {
    let n = game.positions();
    assert!(
        n <= u32::MAX as usize,
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
        assert!(total <= u64::from(u32::MAX), "more than u32::MAX moves");
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
    solve_retrograde_with_unmoves(&Reversed {
        game,
        start,
        sources,
    })
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

/// Solves `game` from its own un-moves: the only memory is one cell per position and two bitmaps
/// of `N / 8` bytes.
///
/// # Panics
/// If a position has more than [`Cell::MAX_DEGREE`] moves, a distance exceeds
/// [`Cell::MAX_PLIES`], or an un-move leads outside `0..positions()`.
///
/// # Complexity
/// O(N) calls of [`RetrogradeGame::terminal`] and [`RetrogradeGame::degree`], and one call of
/// [`Unmoves::for_each_unmove`] per won or lost position; `size_of::<C>() * N + N / 4` bytes.
///
/// # Example
/// ```
/// use dp_core::{solve_retrograde_with_unmoves, RetrogradeGame, Outcome, Unmoves, Value};
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
/// let table = solve_retrograde_with_unmoves::<u32, _>(&Subtract(1000));
/// // The losing piles are 0 and 2 modulo 7.
/// assert!((0..=1000).all(|p| matches!(table.value(p), Value::Loss(_)) == (p % 7 == 0 || p % 7 == 2)));
/// ```
pub fn solve_retrograde_with_unmoves<C: Cell, G: Unmoves>(game: &G) -> RetrogradeTable<C> {
    let n = game.positions();
    let (mut layer, mut next) = (Frontier::new(n), Frontier::new(n));
    let mut cells: Vec<C> = Vec::with_capacity(n);
    for pos in 0..n {
        let code = match game.terminal(pos) {
            Some(outcome) => C::TOP + outcome as u32,
            None => {
                let degree = game.degree(pos);
                assert!(degree <= C::MAX_DEGREE as usize);
                // No move at all: lost at once.
                if degree > 0 {
                    degree as u32
                } else {
                    C::TOP + 1
                }
            }
        };
        if code > C::TOP {
            layer.insert(pos);
        }
        cells.push(put(code));
    }
    let mut plies = 0;
    while !layer.is_empty() {
        // The code of a loss at plies + 1; a win's is one more.
        let loss = C::TOP + 2 * plies + 3;
        layer.drain(|child| {
            let lost = cells[child].into() % 2;
            game.for_each_unmove(child, |parent| {
                let code = cells[parent].into();
                // Codes from TOP up are resolved: a sooner win, or a terminal. Counters are
                // 1..TOP; saying so proves `put` below in range, and its check goes (3% at n = 80).
                if (1..C::TOP).contains(&code) {
                    cells[parent] = put(if lost == 1 || code == 1 {
                        assert!(plies < C::MAX_PLIES);
                        next.insert(parent);
                        loss + lost
                    } else {
                        code - 1
                    });
                }
            });
        });
        std::mem::swap(&mut layer, &mut next);
        plies += 1;
    }
    RetrogradeTable { cells }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::random::SplitMix64;

    /// A game given by explicit lists: `terminal[p]` or else the moves `moves[p]`.
    struct Listed {
        terminal: Vec<Option<Outcome>>,
        moves: Vec<Vec<usize>>,
        unmoves: Vec<Vec<usize>>,
    }

    impl Listed {
        fn new(terminal: Vec<Option<Outcome>>, moves: Vec<Vec<usize>>) -> Self {
            let mut unmoves = vec![Vec::new(); moves.len()];
            for (p, children) in moves.iter().enumerate() {
                if terminal[p].is_none() {
                    for &c in children {
                        unmoves[c].push(p);
                    }
                }
            }
            Listed {
                terminal,
                moves,
                unmoves,
            }
        }
    }

    impl RetrogradeGame for Listed {
        fn positions(&self) -> usize {
            self.moves.len()
        }
        fn terminal(&self, pos: usize) -> Option<Outcome> {
            self.terminal[pos]
        }
        fn for_each_move<F: FnMut(usize)>(&self, pos: usize, mut f: F) {
            self.moves[pos].iter().for_each(|&c| f(c))
        }
    }

    impl Unmoves for Listed {
        fn for_each_unmove<F: FnMut(usize)>(&self, pos: usize, mut f: F) {
            self.unmoves[pos].iter().for_each(|&p| f(p))
        }
    }

    /// Both solvers, both cell widths; they must agree, and the common table is returned.
    fn solve_all_ways(game: &Listed) -> Vec<Value> {
        let n = game.positions();
        let a = solve_retrograde::<u16, _>(game);
        let b = solve_retrograde::<u32, _>(game);
        let c = solve_retrograde_with_unmoves::<u16, _>(game);
        let d = solve_retrograde_with_unmoves::<u32, _>(game);
        let values: Vec<Value> = (0..n).map(|p| a.value(p)).collect();
        for (p, &value) in values.iter().enumerate() {
            assert_eq!(b.value(p), value, "u32 reverse edges, position {}", p);
            assert_eq!(c.value(p), value, "u16 un-moves, position {}", p);
            assert_eq!(d.value(p), value, "u32 un-moves, position {}", p);
        }
        assert_eq!(
            (a.max_plies(), c.max_plies()),
            (b.max_plies(), d.max_plies())
        );
        values
    }

    struct Subtraction {
        piles: usize,
        take: Vec<usize>,
    }

    impl RetrogradeGame for Subtraction {
        fn positions(&self) -> usize {
            self.piles + 1
        }
        fn terminal(&self, _pos: usize) -> Option<Outcome> {
            None
        }
        fn for_each_move<F: FnMut(usize)>(&self, pos: usize, mut f: F) {
            self.take
                .iter()
                .filter(|&&t| t <= pos)
                .for_each(|&t| f(pos - t))
        }
    }

    impl Unmoves for Subtraction {
        fn for_each_unmove<F: FnMut(usize)>(&self, pos: usize, mut f: F) {
            let top = self.piles;
            self.take
                .iter()
                .filter(|&&t| pos + t <= top)
                .for_each(|&t| f(pos + t))
        }
    }

    #[test]
    fn subtraction_game_take_one_to_three() {
        // By hand: multiples of 4 are lost; the winner takes pile % 4 and then answers every
        // take of k with 4 - k, two plies per 4 stones; the loser takes 1 each time to delay.
        let game = Subtraction {
            piles: 2000,
            take: vec![1, 2, 3],
        };
        let expected = |p: usize| {
            if p % 4 == 0 {
                Value::Loss((p / 2) as u32)
            } else {
                Value::Win((2 * (p / 4) + 1) as u32)
            }
        };
        let fast = solve_retrograde_with_unmoves::<u16, _>(&game);
        let built = solve_retrograde::<u32, _>(&game);
        for p in 0..=2000 {
            assert_eq!(fast.value(p), expected(p), "pile {}", p);
            assert_eq!(built.value(p), expected(p), "pile {}", p);
        }
        assert_eq!(fast.max_plies(), Some(1000));
    }

    #[test]
    fn a_cycle_gives_draws() {
        use Outcome::{Draw, Win};
        // 0 <-> 1 cycle; 0 may also move to 2, where the side to move has already won; 3 can
        // enter the cycle or move to 2; 4 must enter the cycle; 5 is a terminal draw that 6
        // can reach; 6 can also move to 2. No position can force anything: all draws, except
        // 2 (won) and 7, whose only move is to 2 (lost in 1).
        let game = Listed::new(
            vec![None, None, Some(Win), None, None, Some(Draw), None, None],
            vec![
                vec![1, 2],
                vec![0],
                vec![],
                vec![0, 2],
                vec![1],
                vec![],
                vec![5, 2],
                vec![2],
            ],
        );
        let values = solve_all_ways(&game);
        use Value::{Draw as D, Loss as L, Win as W};
        assert_eq!(values, [D, D, W(0), D, D, D, D, L(1)]);
    }

    #[test]
    fn the_loser_delays_and_the_winner_hurries() {
        // 0: terminal, lost for the mover. 1 -> 0: win in 1. 2 -> 1: loss in 2. 3 -> 2: win in 3.
        // 4 -> {1, 3}: every move loses; the loser picks 3, a loss in 4, though the game could
        // end in 2 plies through 1. 5 -> {2, 0}: wins both ways and takes 0, a win in 1.
        // 6 has no move at all: lost at once. 7 -> {4, 6}: a win in 1 through 6.
        let game = Listed::new(
            vec![
                Some(Outcome::Loss),
                None,
                None,
                None,
                None,
                None,
                None,
                None,
            ],
            vec![
                vec![],
                vec![0],
                vec![1],
                vec![2],
                vec![1, 3],
                vec![2, 0],
                vec![],
                vec![4, 6],
            ],
        );
        let values = solve_all_ways(&game);
        use Value::{Loss as L, Win as W};
        assert_eq!(values, [L(0), W(1), L(2), W(3), L(4), W(1), L(0), W(1)]);
    }

    #[test]
    fn repeated_moves_count_as_often_as_listed() {
        // 1 moves twice to 0 (a win for whoever moves there) and once to 2, a cycle with 3.
        let game = Listed::new(
            vec![Some(Outcome::Win), None, None, None],
            vec![vec![], vec![0, 0, 2], vec![3], vec![2]],
        );
        let values = solve_all_ways(&game);
        assert_eq!(
            values,
            [Value::Win(0), Value::Draw, Value::Draw, Value::Draw]
        );
        let only_zero = Listed::new(vec![Some(Outcome::Win), None], vec![vec![], vec![0, 0]]);
        assert_eq!(solve_all_ways(&only_zero), [Value::Win(0), Value::Loss(1)]);
    }

    /// Scores for the mover: a win in d is `BIG - d`, a loss in d is `d - BIG`, a draw 0.
    const BIG: i64 = 1 << 40;

    /// The values of every position by plain depth-limited negamax, all positions at once,
    /// with `cap` plies of lookahead (truncation counts as a draw).
    fn truncated_scores(game: &Listed, cap: usize) -> Vec<i64> {
        let n = game.positions();
        let fixed = |p: usize| match game.terminal[p] {
            Some(Outcome::Win) => Some(BIG),
            Some(Outcome::Loss) => Some(-BIG),
            Some(Outcome::Draw) => Some(0),
            None if game.moves[p].is_empty() => Some(-BIG),
            None => None,
        };
        let mut score: Vec<i64> = (0..n).map(|p| fixed(p).unwrap_or(0)).collect();
        for _ in 0..cap {
            score = (0..n)
                .map(|p| {
                    fixed(p).unwrap_or_else(|| {
                        game.moves[p]
                            .iter()
                            .map(|&c| {
                                let s = score[c];
                                // Negated, and one ply further from the end.
                                -s + s.signum()
                            })
                            .max()
                            .unwrap()
                    })
                })
                .collect();
        }
        score
    }

    fn score_of(value: Value) -> i64 {
        match value {
            Value::Win(d) => BIG - i64::from(d),
            Value::Loss(d) => i64::from(d) - BIG,
            Value::Draw => 0,
        }
    }

    #[test]
    fn random_graphs_match_truncated_negamax() {
        let mut rng = SplitMix64::new(11);
        let mut decided = 0;
        for case in 0..3000 {
            let n = rng.range(1, 14) as usize;
            let max_moves = rng.range(1, 4) as usize;
            let mut terminal = Vec::new();
            let mut moves = Vec::new();
            for _ in 0..n {
                let t = match rng.range(0, 9) {
                    0 => Some(Outcome::Loss),
                    1 => Some(Outcome::Win),
                    2 => Some(Outcome::Draw),
                    _ => None,
                };
                terminal.push(t);
                moves.push(
                    (0..rng.range(0, max_moves as u64))
                        .map(|_| rng.index(n))
                        .collect(),
                );
            }
            let game = Listed::new(terminal, moves);
            let values = solve_all_ways(&game);
            // A distance never reaches the number of positions, so n plies of lookahead see
            // every forced result, and more change nothing.
            let scores = truncated_scores(&game, n);
            assert_eq!(scores, truncated_scores(&game, n + 3), "case {}", case);
            for p in 0..n {
                assert_eq!(
                    score_of(values[p]),
                    scores[p],
                    "case {} position {}",
                    case,
                    p
                );
                decided += (values[p] != Value::Draw) as usize;
            }
        }
        assert!(decided > 10_000, "{}", decided);
    }

    #[test]
    fn value_order_is_the_movers_preference() {
        let mut ordered = vec![
            Value::Loss(0),
            Value::Loss(1),
            Value::Loss(7),
            Value::Draw,
            Value::Win(9),
            Value::Win(2),
            Value::Win(0),
        ];
        let expected = ordered.clone();
        ordered.reverse();
        ordered.sort();
        assert_eq!(ordered, expected);
        assert_eq!(Value::Win(3).outcome(), Outcome::Win);
        assert_eq!(Value::Draw.plies(), None);
    }

    #[test]
    fn u16_cells_hold_exactly_max_plies() {
        // A chain p -> p - 1, with 0 unable to move: position p is decided in p plies.
        let chain = |len: usize| Subtraction {
            piles: len,
            take: vec![1],
        };
        let game = chain(<u16 as Cell>::MAX_PLIES as usize);
        let table = solve_retrograde_with_unmoves::<u16, _>(&game);
        assert_eq!(table.max_plies(), Some(<u16 as Cell>::MAX_PLIES));
        assert_eq!(table.value(16_382), Value::Loss(16_382));
        assert_eq!(table.value(16_381), Value::Win(16_381));
    }

    #[test]
    #[should_panic(expected = "plies < C::MAX_PLIES")]
    fn u16_cells_refuse_a_longer_distance() {
        let game = Subtraction {
            piles: 16_383,
            take: vec![1],
        };
        solve_retrograde_with_unmoves::<u16, _>(&game);
    }

    #[test]
    fn u32_cells_take_a_longer_distance() {
        let game = Subtraction {
            piles: 40_000,
            take: vec![1],
        };
        assert_eq!(
            solve_retrograde::<u32, _>(&game).value(40_000),
            Value::Loss(40_000)
        );
    }

    #[test]
    #[should_panic(expected = "degree <= C::MAX_DEGREE")]
    fn u16_cells_refuse_too_many_moves() {
        let game = Listed::new(vec![None, None], vec![vec![0; 40_000], vec![]]);
        solve_retrograde::<u16, _>(&game);
    }

    #[test]
    fn empty_game() {
        let game = Listed::new(vec![], vec![]);
        let table = solve_retrograde::<u16, _>(&game);
        assert!(table.is_empty());
        assert_eq!(table.max_plies(), None);
    }
}

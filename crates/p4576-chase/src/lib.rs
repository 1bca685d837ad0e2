//! Luogu P4576 (CQOI 2013 "棋盘游戏"): on an n x n board White moves one cell up, down, left or
//! right, Black one or two cells in a straight line; White moves first and whoever moves onto the
//! other's cell wins. Print the winner and the number of plies under optimal play (win as soon,
//! lose as late as possible), or `DRAW`.
//!
//! Solved exactly, with no move cap to guess: the start's value is the first ply at which it
//! enters one side's attractor (the positions from which that side forces a capture within so
//! many plies), and a start in neither is a draw. [`solve`] grows both attractors in step on
//! bitboards ([`dp_core::bit_attractor`] on [`bitboard::ChaseBits`]): for each Black cell a
//! bitboard of White's cells, a row of the board per word, White's step a shift inside a row or
//! the next row, Black's step a read of another Black cell's bitboard; only the rows that can
//! have changed are recomputed, only a quarter of Black's cells are stored (the board's two
//! mirrors), and the analysis stops when the start enters. [`Chase`] and [`solve_board`] stay as
//! the full table of every position's value by per-position retrograde analysis
//! ([`dp_core::Retrograde`]), which the tests check the bitboards against.
//!
//! For [`Chase`] the game lists its own un-moves (moves are reversible: a cell one step, or two
//! in a straight line, from `b` is one from which `b` is reached the same way), and positions
//! are laid out in tiles of the board ([`layout`]) so that each layer of the analysis touches
//! few cache lines; each piece's moves from each cell are precomputed as changes of the position
//! index, so an un-move is an addition.
//!
//! Reading of the rules: a two-cell move of Black may pass over White's cell. It changes no
//! answer: from such a position Black captures with the one-cell move, a win in one ply, which
//! nothing beats (the tests check both readings agree on every board up to 5 x 5).

use bitboard::ChaseBits;
use dp_core::{Error, Scanner};
use dp_core::{Outcome, Retrograde, RetrogradeGame, RetrogradeTable, Unmoves, Value};
use layout::Layout;
use std::io::Write;

pub mod bitboard;
pub mod layout;
#[cfg(feature = "oracle")]
pub mod oracle;

/// Largest board side accepted. The statement's is 20; 80 (82 million positions, 8 MB of
/// bitboards) solves in about 50 ms, its longest distance 238 plies (`80 1 2 1 80`).
pub const MAX_SIDE: usize = 80;

/// Which side is to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Side {
    /// Player A, the white piece.
    White,
    /// Player B, the black piece.
    Black,
}

/// The chase on an n x n board as a [`RetrogradeGame`] over the dense indices of a [`Layout`].
///
/// A position whose two pieces share a cell is terminal, lost for the side to move: the other
/// side has just captured. Positions with a piece on a padding cell of the layout, which no move
/// from the board reaches, are draws: terminal when the side to move stands there, else every
/// move leads to such a terminal.
///
/// # Example
/// ```
/// use dp_core::{Retrograde, Value};
/// use p4576_chase::{Chase, Side};
/// let chase = Chase::new(2);
/// let table = Retrograde::new(&chase).solve_with_unmoves();
/// let start = chase.position((0, 0), (1, 1), Side::White);
/// assert_eq!(table.value(start), Value::Loss(2)); // BLACK 2
/// ```
#[derive(Clone, Debug)]
pub struct Chase {
    layout: Layout,
    /// For White's cells then Black's: how each move of the piece from the cell changes the
    /// position index (the same wherever the other piece stands), and how many moves it has
    /// (none from a padding cell). One flat table: a table per cell cost an indirection per
    /// un-move (4% of the 80 x 80 board).
    steps: Vec<([i32; 8], usize)>,
}

impl Chase {
    /// The game on an n x n board, laid out by [`Layout::new`].
    ///
    /// # Complexity
    /// O(n²).
    ///
    /// # Example
    /// ```
    /// use dp_core::RetrogradeGame;
    /// assert_eq!(p4576_chase::Chase::new(3).positions(), 2 * 4usize.pow(4)); // padded to 4 x 4
    /// ```
    pub fn new(n: usize) -> Self {
        Self::with_layout(Layout::new(n))
    }

    /// The game on the board of `layout`, its positions laid out by it (tests compare layouts).
    ///
    /// # Panics
    /// If a move changes the position index by 2^31 or more (a padded board of more than 215
    /// cells a side, billions of positions).
    ///
    /// # Complexity
    /// O(n²).
    ///
    /// # Example
    /// ```
    /// use dp_core::RetrogradeGame;
    /// use p4576_chase::{layout::Layout, Chase};
    /// let chase = Chase::with_layout(Layout::with_tile_side(5, 1));
    /// assert_eq!(chase.positions(), 2 * 5usize.pow(4));
    /// ```
    pub fn with_layout(layout: Layout) -> Self {
        let n = layout.n;
        let mut steps = vec![([0; 8], 0); 2 * layout.cells()];
        for (r, c) in (0..n * n).map(|i| (i / n, i % n)) {
            let cell = layout.cell((r, c)).unwrap();
            let base = layout.index([cell; 2], 0) as isize;
            // Moves 0..4 are White's, one cell; 4..12 Black's, one cell, then two.
            for k in 0..12 {
                let (piece, len) = ((k >= 4) as usize, 1 + k as isize / 8);
                let (dr, dc) = [(-1, 0), (1, 0), (0, -1), (0, 1)][k % 4];
                let (r2, c2) = (r as isize + dr * len, c as isize + dc * len);
                if let Some(to) = layout.cell((r2 as usize, c2 as usize)) {
                    let mut cells = [cell; 2];
                    cells[piece] = to;
                    let (offsets, count) = &mut steps[piece * layout.cells() + cell];
                    let offset = layout.index(cells, 0) as isize - base;
                    offsets[*count] = i32::try_from(offset).expect("a board this large");
                    *count += 1;
                }
            }
        }
        Chase { layout, steps }
    }

    /// The index of the position with White on `white`, Black on `black` (0-based (row, column)
    /// pairs) and `to_move` to move.
    ///
    /// # Panics
    /// If a coordinate is outside the board.
    ///
    /// # Complexity
    /// O(1).
    ///
    /// # Example
    /// ```
    /// use p4576_chase::{Chase, Side};
    /// let chase = Chase::new(3);
    /// let a = chase.position((0, 0), (0, 1), Side::Black);
    /// assert_ne!(a, chase.position((0, 0), (0, 1), Side::White));
    /// ```
    pub fn position(&self, white: (usize, usize), black: (usize, usize), to_move: Side) -> usize {
        let cell = |rc| self.layout.cell(rc).expect("a cell off the board");
        self.layout
            .index([cell(white), cell(black)], to_move as usize)
    }

    /// The positions reached from `pos` by a move of `piece` (0 White, 1 Black); the other side
    /// is then to move.
    #[inline]
    fn moves(&self, pos: usize, piece: usize) -> impl Iterator<Item = usize> + '_ {
        let cell = self.layout.cells_of(pos)[piece];
        // The same cells, the other side to move.
        let half = self.layout.half;
        let flipped = if pos >= half { pos - half } else { pos + half } as isize;
        let (offsets, count) = &self.steps[piece * self.layout.cells() + cell];
        offsets[..*count]
            .iter()
            .map(move |&d| (flipped + d as isize) as usize)
    }
}

impl RetrogradeGame for Chase {
    fn positions(&self) -> usize {
        2 * self.layout.cells().pow(2)
    }

    #[inline]
    fn terminal(&self, pos: usize) -> Option<Outcome> {
        let [w, b] = self.layout.cells_of(pos);
        if w == b {
            Some(Outcome::Loss)
        } else {
            // Only a piece on a padding cell has no move (on a board of one cell the pieces
            // share it): a draw, and so is a position whose every move leads into one.
            (self.degree(pos) == 0).then_some(Outcome::Draw)
        }
    }

    fn for_each_move<F: FnMut(usize)>(&self, pos: usize, mut f: F) {
        for child in self.moves(pos, self.layout.side_of(pos)) {
            f(child)
        }
    }

    // Called twice per position before the analysis: a lookup instead of walking the moves.
    #[inline]
    fn degree(&self, pos: usize) -> usize {
        let piece = self.layout.side_of(pos);
        self.steps[piece * self.layout.cells() + self.layout.cells_of(pos)[piece]].1
    }
}

impl Unmoves for Chase {
    // Inlined into the solver's loop: a call per resolved position cost 6% at n = 80. A `for`
    // loop, as rustc 1.63 left `Iterator::for_each` a call (8% of its time).
    #[inline]
    fn for_each_unmove<F: FnMut(usize)>(&self, pos: usize, mut f: F) {
        // Each piece's moves are symmetric on the board, so the cells the piece that moved last
        // can have come from are the cells it can go to.
        for parent in self.moves(pos, 1 - self.layout.side_of(pos)) {
            f(parent)
        }
    }
}

/// Every position of the n x n chase solved.
///
/// # Complexity
/// O(n^4) time; 2.5 bytes (one `u16` and four bits) for each of the `2 * m^4` positions, for the
/// side m = 4 * ceil(n / 4) of the padded board.
///
/// # Example
/// ```
/// use dp_core::Value;
/// use p4576_chase::{solve_board, Chase, Side};
/// let table = solve_board(3);
/// let chase = Chase::new(3);
/// assert_eq!(table.value(chase.position((1, 1), (1, 2), Side::White)), Value::Win(1));
/// ```
pub fn solve_board(n: usize) -> RetrogradeTable {
    Retrograde::new(&Chase::new(n)).solve_with_unmoves()
}

/// Reads `n r1 c1 r2 c2` and writes `WHITE x`, `BLACK x` or `DRAW`, solving only until the start
/// is resolved.
///
/// # Errors
/// A missing or malformed token, n outside `2..=MAX_SIDE`, a coordinate outside `1..=n`, both
/// pieces on one cell, or a token after the fifth.
///
/// # Complexity
/// O(L n^3 / 4) row operations at most for the L plies up to the start's distance (L is about 3n,
/// 238 at n = 80), in practice those of the rows that change (5 million at n = 80 from far
/// corners); four bitmaps of `ceil(n / 2)² n` rows of `ceil(n / 64)` words, 8.2 MB at n = 80.
///
/// # Example
/// ```
/// let mut out = Vec::new();
/// p4576_chase::solve(b"2 1 1 2 2\n", &mut out).unwrap();
/// assert_eq!(out, b"BLACK 2\n");
/// ```
pub fn solve(input: &[u8], out: &mut impl Write) -> Result<(), Error> {
    let mut sc = Scanner::new(input);
    let n: usize = sc.next_in(2..=MAX_SIDE, "n")?;
    // r1, c1, r2, c2, 1-based.
    let mut p = [0; 4];
    for (x, what) in p.iter_mut().zip(["r1", "c1", "r2", "c2"]) {
        *x = sc.next_in(1..=n, what)?;
    }
    if p[..2] == p[2..] {
        return Err(sc.invalid(&format!(
            "White and Black both stand on row {} column {}; the two cells must differ",
            p[0], p[1]
        )));
    }
    sc.finish()?;
    let (white, black) = ((p[0] - 1, p[1] - 1), (p[2] - 1, p[3] - 1));
    // Rows of one word up to 64 columns, of two beyond.
    let value = if n <= 64 {
        ChaseBits::<u64>::new(n, true).value(white, black)
    } else {
        ChaseBits::<u128>::new(n, true).value(white, black)
    };
    // Distances count the plies of both players.
    match value {
        Value::Win(d) => writeln!(out, "WHITE {}", d),
        Value::Loss(d) => writeln!(out, "BLACK {}", d),
        Value::Draw => writeln!(out, "DRAW"),
    }?;
    Ok(())
}

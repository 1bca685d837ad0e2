//! Luogu P4576 (CQOI 2013 "棋盘游戏"): on an n x n board White moves one cell up, down, left or
//! right, Black one or two cells in a straight line; White moves first and whoever moves onto the
//! other's cell wins. Print the winner and the number of plies under optimal play (win as soon,
//! lose as late as possible), or `DRAW`.
//!
//! Solved exactly by retrograde analysis ([`dp_core::game::retrograde`]) over every
//! (white cell, black cell, side to move): no move cap to guess, and positions never resolved are
//! draws. The game lists its own un-moves (moves are reversible: a cell one step, or two in a
//! straight line, from `b` is one from which `b` is reached the same way), so the only memory is
//! one `u16` per position and the solver's two layer bitmaps, 2.25 bytes per position. Positions
//! are laid out in tiles of the four coordinates ([`layout`]) so that each layer of the analysis
//! touches few cache lines.
//!
//! Reading of the rules: a two-cell move of Black may pass over White's cell. It changes no
//! answer: from such a position Black captures with the one-cell move, a win in one ply, which
//! nothing beats (the tests check both readings agree on every board up to 5 x 5).

use dp_core::game::retrograde::{solve_with_unmoves, Game, Outcome, Table, Unmoves, Value};
use dp_core::{Error, Scanner};
use layout::Layout;
use std::io::Write;

pub mod layout;
#[cfg(feature = "oracle")]
pub mod oracle;

/// Largest board side accepted. The statement's is 20; 80 (82 million positions, about 185 MB)
/// still solves in seconds, and its longest distance, 236 plies, is far below the 16 382 a
/// `u16` cell holds.
pub const MAX_SIDE: usize = 80;

/// White's steps as (row, column) offsets.
const WHITE_STEPS: [(isize, isize); 4] = [(-1, 0), (1, 0), (0, -1), (0, 1)];
/// Black's moves as (row, column) offsets: one or two cells in a straight line.
const BLACK_STEPS: [(isize, isize); 8] = [
    (-1, 0),
    (-2, 0),
    (1, 0),
    (2, 0),
    (0, -1),
    (0, -2),
    (0, 1),
    (0, 2),
];

/// Which side is to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Side {
    /// Player A, the white piece.
    White,
    /// Player B, the black piece.
    Black,
}

/// The moves of one piece from one cell: how many (White at most 4, Black 8), and how each
/// changes the position index.
#[derive(Clone, Copy, Debug, Default)]
struct Steps {
    count: u8,
    delta: [i32; 8],
}

/// The chase on an n x n board as a [`Game`] over the dense indices of a [`Layout`].
///
/// A position whose two pieces share a cell is terminal, lost for the side to move: the other
/// side has just captured. Positions with a piece on a padding cell of the layout are terminal
/// draws that no move reaches.
///
/// # Example
/// ```
/// use dp_core::game::retrograde::{solve_with_unmoves, Value};
/// use p4576_chase::{Chase, Side};
/// let chase = Chase::new(2);
/// let table = solve_with_unmoves::<u16, _>(&chase);
/// let start = chase.position((0, 0), (1, 1), Side::White);
/// assert_eq!(table.value(start), Value::Loss(2)); // BLACK 2
/// ```
#[derive(Clone, Debug)]
pub struct Chase {
    layout: Layout,
    /// White's moves from each cell number (none from a padding cell).
    white: Vec<Steps>,
    /// Black's moves from each cell number.
    black: Vec<Steps>,
    /// Whether each cell number is on the board.
    on_board: Vec<bool>,
}

impl Chase {
    /// The game on an n x n board.
    ///
    /// # Panics
    /// If `n` is 0 or larger than [`MAX_SIDE`].
    ///
    /// # Complexity
    /// O(n²).
    ///
    /// # Example
    /// ```
    /// use dp_core::game::retrograde::Game;
    /// assert_eq!(p4576_chase::Chase::new(3).positions(), 2 * 81);
    /// ```
    pub fn new(n: usize) -> Self {
        assert!(
            n > 0 && n <= MAX_SIDE,
            "board side {} out of 1..={}",
            n,
            MAX_SIDE
        );
        Self::with_layout(Layout::new(n))
    }

    /// The game on the board of `layout`, its positions laid out by it (tests compare layouts).
    ///
    /// # Panics
    /// If the layout has more than `i32::MAX` positions.
    ///
    /// # Complexity
    /// O(n²).
    ///
    /// # Example
    /// ```
    /// use dp_core::game::retrograde::Game;
    /// use p4576_chase::{layout::Layout, Chase};
    /// let chase = Chase::with_layout(Layout::with_tile_side(5, 4));
    /// assert_eq!(chase.positions(), 2 * 8usize.pow(4)); // padded to 8 x 8
    /// ```
    pub fn with_layout(layout: Layout) -> Self {
        assert!(
            layout.positions() <= i32::MAX as usize,
            "{} positions do not fit i32 deltas",
            layout.positions()
        );
        let cells = layout.cells();
        let steps_from = |cell: usize, steps: &[(isize, isize)], delta: &mut [i32]| -> u8 {
            let (r, c) = match layout.row_col(cell) {
                Some(rc) => rc,
                None => return 0,
            };
            let mut count = 0;
            for &(dr, dc) in steps {
                let (r2, c2) = (r as isize + dr, c as isize + dc);
                if r2 < 0 || c2 < 0 {
                    continue;
                }
                if let Some(to) = layout.cell(r2 as usize, c2 as usize) {
                    // Both deltas are the same function of (from, to); which piece is chosen
                    // by the caller through `steps`.
                    let d = if steps.len() == 4 {
                        layout.white_delta(cell, to)
                    } else {
                        layout.black_delta(cell, to)
                    };
                    delta[count] = d as i32;
                    count += 1;
                }
            }
            count as u8
        };
        let mut white = vec![Steps::default(); cells];
        let mut black = vec![Steps::default(); cells];
        for cell in 0..cells {
            white[cell].count = steps_from(cell, &WHITE_STEPS, &mut white[cell].delta);
            black[cell].count = steps_from(cell, &BLACK_STEPS, &mut black[cell].delta);
        }
        Chase {
            on_board: (0..cells)
                .map(|cell| layout.row_col(cell).is_some())
                .collect(),
            layout,
            white,
            black,
        }
    }

    /// The layout of the positions.
    ///
    /// # Complexity
    /// O(1).
    ///
    /// # Example
    /// ```
    /// assert_eq!(p4576_chase::Chase::new(4).layout().side(), 4);
    /// ```
    pub fn layout(&self) -> &Layout {
        &self.layout
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
        let cell = |(r, c): (usize, usize)| {
            self.layout.cell(r, c).unwrap_or_else(|| {
                panic!(
                    "({}, {}) is off the {} x {} board",
                    r,
                    c,
                    self.layout.side(),
                    self.layout.side()
                )
            })
        };
        self.layout
            .index(cell(white), cell(black), (to_move == Side::Black) as usize)
    }
}

impl Game for Chase {
    fn positions(&self) -> usize {
        self.layout.positions()
    }

    #[inline]
    fn terminal(&self, pos: usize) -> Option<Outcome> {
        let (w, b) = self.layout.cells_of(pos);
        if w == b {
            Some(Outcome::Loss)
        } else if !self.on_board[w] || !self.on_board[b] {
            Some(Outcome::Draw)
        } else {
            None
        }
    }

    #[inline]
    fn for_each_move<F: FnMut(usize)>(&self, pos: usize, mut f: F) {
        // The side bit flips: +1 from White to move, -1 from Black to move.
        if pos % 2 == 0 {
            let steps = &self.white[self.layout.white_cell(pos)];
            for &d in &steps.delta[..steps.count as usize] {
                f((pos as isize + d as isize + 1) as usize);
            }
        } else {
            let steps = &self.black[self.layout.black_cell(pos)];
            for &d in &steps.delta[..steps.count as usize] {
                f((pos as isize + d as isize - 1) as usize);
            }
        }
    }

    #[inline]
    fn degree(&self, pos: usize) -> usize {
        if pos % 2 == 0 {
            self.white[self.layout.white_cell(pos)].count as usize
        } else {
            self.black[self.layout.black_cell(pos)].count as usize
        }
    }
}

impl Unmoves for Chase {
    #[inline]
    fn for_each_unmove<F: FnMut(usize)>(&self, pos: usize, mut f: F) {
        // Each piece's moves are symmetric on the board, so the cells a piece can have come
        // from are the cells it can go to.
        if pos % 2 == 0 {
            // White to move: Black moved last.
            let steps = &self.black[self.layout.black_cell(pos)];
            for &d in &steps.delta[..steps.count as usize] {
                f((pos as isize + d as isize + 1) as usize);
            }
        } else {
            let steps = &self.white[self.layout.white_cell(pos)];
            for &d in &steps.delta[..steps.count as usize] {
                f((pos as isize + d as isize - 1) as usize);
            }
        }
    }
}

/// Every position of the n x n chase solved.
///
/// # Panics
/// If `n` is 0 or larger than [`MAX_SIDE`].
///
/// # Complexity
/// O(n^4) time, `2.25 * 2 * n^4` bytes (one `u16` per position, two bitmaps).
///
/// # Example
/// ```
/// use dp_core::game::retrograde::Value;
/// use p4576_chase::{solve_board, Chase, Side};
/// let table = solve_board(3);
/// let chase = Chase::new(3);
/// assert_eq!(table.value(chase.position((1, 1), (1, 2), Side::White)), Value::Win(1));
/// ```
pub fn solve_board(n: usize) -> Table<u16> {
    solve_with_unmoves::<u16, _>(&Chase::new(n))
}

/// The answer line for a value of the start position (White to move).
///
/// # Complexity
/// O(1).
///
/// # Example
/// ```
/// use dp_core::game::retrograde::Value;
/// assert_eq!(p4576_chase::answer(Value::Loss(2)), "BLACK 2");
/// assert_eq!(p4576_chase::answer(Value::Win(1)), "WHITE 1");
/// assert_eq!(p4576_chase::answer(Value::Draw), "DRAW");
/// ```
pub fn answer(start: Value) -> String {
    match start {
        Value::Win(plies) => format!("WHITE {}", plies),
        Value::Loss(plies) => format!("BLACK {}", plies),
        Value::Draw => "DRAW".to_string(),
    }
}

/// Reads `n r1 c1 r2 c2` and writes `WHITE x`, `BLACK x` or `DRAW`.
///
/// # Errors
/// A missing or malformed token, n outside `2..=MAX_SIDE`, a coordinate outside `1..=n`, or both
/// pieces on one cell.
///
/// # Complexity
/// O(n^4) time, about `4.5 * n^4` bytes.
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
    let r1: usize = sc.next_in(1..=n, "r1")?;
    let c1: usize = sc.next_in(1..=n, "c1")?;
    let r2: usize = sc.next_in(1..=n, "r2")?;
    let c2: usize = sc.next_in(1..=n, "c2")?;
    if (r1, c1) == (r2, c2) {
        return Err(sc.invalid(&format!(
            "White and Black both stand on row {} column {}; the two cells must differ",
            r1, c1
        )));
    }
    let chase = Chase::new(n);
    let table = solve_with_unmoves::<u16, _>(&chase);
    let start = chase.position((r1 - 1, c1 - 1), (r2 - 1, c2 - 1), Side::White);
    writeln!(out, "{}", answer(table.value(start)))?;
    Ok(())
}

//! Boards given as rows of cells (`#` walls, `.` floor, letters for pieces): read and checked
//! through the [`Scanner`], with the cells that must occur exactly once found while reading, and
//! the moves of a piece on the board (steps, slides up to a length, leaps; king, knight, rook
//! and any other set of directions) as a [`CsrGraph`] on the cells, which
//! [`TwoPieces`](crate::TwoPieces), [`Retrograde`](crate::Retrograde) and the DAG solvers take
//! as it is.
//!
//! Cells are numbered row by row: the cell of row `r`, column `c` (0-based) is `r * cols + c`.

use crate::{CsrGraph, Error, Scanner};

/// A board of `rows x cols` cells, one byte each, as read by [`Grid::read`].
///
/// # Example
/// ```
/// use dp_core::{Grid, GridMoves, Scanner};
/// let mut sc = Scanner::new(b"2 3\nC.#\n.#M\n");
/// let (rows, cols) = (sc.next_in(1..=20, "R").unwrap(), sc.next_in(1..=20, "C").unwrap());
/// let grid = Grid::read(&mut sc, rows, cols, b".#CM", b"CM").unwrap();
/// assert_eq!((grid.at(b'C'), grid.at(b'M')), (0, 5));
/// assert_eq!(grid.cell(1, 1), b'#');
/// assert_eq!(grid.coords(5), (1, 2));
/// // One step up, down, left or right; walls block.
/// let graph = grid.move_graph(&GridMoves::orthogonal(), b"#");
/// assert_eq!(graph.neighbors(0), [1, 3]);
/// assert_eq!(graph.neighbors(3), [0]);
/// assert_eq!(graph.degree(5), 0); // M is walled in
/// assert_eq!(graph.degree(4), 0); // a wall
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Grid {
    rows: usize,
    cols: usize,
    cells: Vec<u8>,
    /// The cells that occur exactly once, with their positions.
    unique: Vec<(u8, usize)>,
}

impl Grid {
    /// Reads `rows` tokens of `cols` bytes each, every byte one of `alphabet`, and checks that
    /// each byte of `unique` occurs exactly once in the grid.
    ///
    /// Errors name the row's token and line, the row and column (1-based) and what was
    /// expected: `token 4 (line 2): expected row 2, column 3 (a cell of ".#CM"), found "x"`,
    /// `token 4 (line 2): expected row 2 (5 cells of ".#CM"), found 4 cells`, `token 5 (line
    /// 3): row 3, column 2 is a second "C" (the first is at row 1, column 1)`, `token 5 (line
    /// 3): the grid has no "M" (exactly one is expected)` (naming the last row).
    ///
    /// # Constraints
    /// Cells are bytes of whitespace-separated tokens: the alphabet holds no whitespace. Rows
    /// may be separated by any whitespace (`\r\n` included), but a row holds none.
    ///
    /// # Errors
    /// An [`Error::Invalid`] naming the token, as above: a missing row, a row of another
    /// length, a byte outside the alphabet, a unique cell missing or repeated.
    ///
    /// # Panics
    /// If the alphabet holds a whitespace byte, a byte of `unique` is not in the alphabet or is
    /// listed twice, or `rows * cols` overflows `u32`.
    ///
    /// # Complexity
    /// O(rows * cols + the whitespace between rows) time, `rows * cols` bytes.
    ///
    /// # Example
    /// ```
    /// use dp_core::{Grid, Scanner};
    /// let mut sc = Scanner::new(b"M.\n.x\n");
    /// let err = Grid::read(&mut sc, 2, 2, b".#CM", b"").unwrap_err();
    /// assert_eq!(
    ///     err.to_string(),
    ///     "token 2 (line 2): expected row 2, column 2 (a cell of \".#CM\"), found \"x\""
    /// );
    /// let mut sc = Scanner::new(b"M.\nC.\n");
    /// let grid = Grid::read(&mut sc, 2, 2, b".#CM", b"CM").unwrap();
    /// assert_eq!(grid.at(b'C'), 2);
    /// let mut sc = Scanner::new(b"M.\n..\n");
    /// let err = Grid::read(&mut sc, 2, 2, b".#CM", b"CM").unwrap_err();
    /// assert_eq!(
    ///     err.to_string(),
    ///     "token 2 (line 2): the grid has no \"C\" (exactly one is expected)"
    /// );
    /// ```
    pub fn read(
        sc: &mut Scanner<'_>,
        rows: usize,
        cols: usize,
        alphabet: &[u8],
        unique: &[u8],
    ) -> Result<Grid, Error> {
        let mut allowed = [false; 256];
        for &b in alphabet {
            assert!(
                !b.is_ascii_whitespace(),
                "cells are bytes of tokens: {:?} (whitespace) cannot be a cell",
                b as char
            );
            allowed[b as usize] = true;
        }
        // The index of each unique byte in `found`, or u8::MAX.
        let mut unique_slot = [u8::MAX; 256];
        for (k, &b) in unique.iter().enumerate() {
            assert!(
                allowed[b as usize] && unique_slot[b as usize] == u8::MAX,
                "the unique cell \"{}\" is not in the alphabet, or listed twice",
                b.escape_ascii()
            );
            unique_slot[b as usize] = k as u8;
        }
        check_cells(rows, cols);
        let mut found = vec![usize::MAX; unique.len()];
        // Grown as rows arrive, so that a huge size with a short input fails on the input.
        let mut cells = Vec::with_capacity((rows * cols).min(1 << 16));
        for r in 0..rows {
            let row = sc.token();
            let row = match row {
                Some(row) if row.len() == cols => row,
                _ => {
                    let found = row.map_or("end of input".to_string(), |row| {
                        format!("{} cells", row.len())
                    });
                    let message = format!(
                        "expected row {} ({} cells of \"{}\"), found {}",
                        r + 1,
                        cols,
                        alphabet.escape_ascii(),
                        found
                    );
                    return Err(sc.invalid(&message));
                }
            };
            for (c, &b) in row.iter().enumerate() {
                if !allowed[b as usize] {
                    let message = format!(
                        "expected row {}, column {} (a cell of \"{}\"), found \"{}\"",
                        r + 1,
                        c + 1,
                        alphabet.escape_ascii(),
                        b.escape_ascii()
                    );
                    return Err(sc.invalid(&message));
                }
                let slot = unique_slot[b as usize];
                if slot != u8::MAX {
                    let first = found[slot as usize];
                    if first != usize::MAX {
                        let message = format!(
                            "row {}, column {} is a second \"{}\" (the first is at row {}, \
                             column {})",
                            r + 1,
                            c + 1,
                            b.escape_ascii(),
                            first / cols + 1,
                            first % cols + 1
                        );
                        return Err(sc.invalid(&message));
                    }
                    found[slot as usize] = r * cols + c;
                }
            }
            cells.extend_from_slice(row);
        }
        for (k, &b) in unique.iter().enumerate() {
            if found[k] == usize::MAX {
                let message = format!(
                    "the grid has no \"{}\" (exactly one is expected)",
                    b.escape_ascii()
                );
                return Err(sc.invalid(&message));
            }
        }
        let unique = unique.iter().copied().zip(found).collect();
        Ok(Grid {
            rows,
            cols,
            cells,
            unique,
        })
    }

    /// The grid of the given rows, for tests and generators (judge input goes through
    /// [`Grid::read`]); no cell is unique.
    ///
    /// # Panics
    /// If the rows have different lengths, or the cells number `u32::MAX` or more.
    ///
    /// # Complexity
    /// O(cells).
    ///
    /// # Example
    /// ```
    /// let grid = dp_core::Grid::from_rows(&[b"ab", b"cd", b"ef"]);
    /// assert_eq!((grid.rows(), grid.cols(), grid.cell(2, 1)), (3, 2, b'f'));
    /// ```
    pub fn from_rows(rows: &[&[u8]]) -> Grid {
        let cols = rows.first().map_or(0, |row| row.len());
        assert!(
            rows.iter().all(|row| row.len() == cols),
            "rows of different lengths"
        );
        check_cells(rows.len(), cols);
        Grid {
            rows: rows.len(),
            cols,
            cells: rows.concat(),
            unique: Vec::new(),
        }
    }

    /// The number of rows.
    ///
    /// # Complexity
    /// O(1).
    ///
    /// # Example
    /// See [`Grid::from_rows`].
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// The number of columns.
    ///
    /// # Complexity
    /// O(1).
    ///
    /// # Example
    /// See [`Grid::from_rows`].
    pub fn cols(&self) -> usize {
        self.cols
    }

    /// The cells, row by row: cell `r * cols + c` is row `r`, column `c`.
    ///
    /// # Complexity
    /// O(1).
    ///
    /// # Example
    /// ```
    /// assert_eq!(dp_core::Grid::from_rows(&[b"ab", b"cd"]).cells(), b"abcd");
    /// ```
    pub fn cells(&self) -> &[u8] {
        &self.cells
    }

    /// The byte of row `r`, column `c` (0-based).
    ///
    /// # Panics
    /// If `r >= rows()` or `c >= cols()`.
    ///
    /// # Complexity
    /// O(1).
    ///
    /// # Example
    /// See [`Grid::from_rows`].
    #[inline]
    pub fn cell(&self, r: usize, c: usize) -> u8 {
        self.cells[self.index(r, c)]
    }

    /// The number of the cell of row `r`, column `c`: `r * cols + c`, the vertex of that cell
    /// in [`Grid::move_graph`].
    ///
    /// # Panics
    /// If `r >= rows()` or `c >= cols()`.
    ///
    /// # Complexity
    /// O(1).
    ///
    /// # Example
    /// ```
    /// let grid = dp_core::Grid::from_rows(&[b"abc", b"def"]);
    /// assert_eq!(grid.index(1, 2), 5);
    /// ```
    #[inline]
    pub fn index(&self, r: usize, c: usize) -> usize {
        assert!(
            r < self.rows && c < self.cols,
            "cell ({}, {}) is outside a grid of {} x {}",
            r,
            c,
            self.rows,
            self.cols
        );
        r * self.cols + c
    }

    /// The row and column (0-based) of cell `cell`.
    ///
    /// # Panics
    /// If `cell` is not a cell of the grid.
    ///
    /// # Complexity
    /// O(1).
    ///
    /// # Example
    /// ```
    /// let grid = dp_core::Grid::from_rows(&[b"abc", b"def"]);
    /// assert_eq!(grid.coords(4), (1, 1));
    /// ```
    #[inline]
    pub fn coords(&self, cell: usize) -> (usize, usize) {
        assert!(cell < self.cells.len(), "cell {} is outside the grid", cell);
        (cell / self.cols, cell % self.cols)
    }

    /// The cell of `byte`, one of the unique cells [`Grid::read`] was given.
    ///
    /// # Panics
    /// If `byte` was not among them.
    ///
    /// # Complexity
    /// O(number of unique cells).
    ///
    /// # Example
    /// See [`Grid`].
    pub fn at(&self, byte: u8) -> usize {
        match self.unique.iter().find(|&&(b, _)| b == byte) {
            Some(&(_, cell)) => cell,
            None => panic!(
                "\"{}\" is not one of the grid's unique cells",
                byte.escape_ascii()
            ),
        }
    }

    /// The first cell (row by row) holding `byte`, if any.
    ///
    /// # Complexity
    /// O(cells).
    ///
    /// # Example
    /// ```
    /// let grid = dp_core::Grid::from_rows(&[b"..", b".F"]);
    /// assert_eq!((grid.find(b'F'), grid.find(b'#')), (Some(3), None));
    /// ```
    pub fn find(&self, byte: u8) -> Option<usize> {
        self.cells.iter().position(|&b| b == byte)
    }

    /// The moves of one piece on the grid, as a graph on the cells (vertex `r * cols + c`):
    /// from each cell that is not a wall, an arc to every cell that one of `moves` reaches
    /// (see [`GridMoves`]); a wall has no arcs and no arc enters it. The arcs of a cell are in
    /// increasing order of their targets, each target once however many moves reach it.
    ///
    /// # Constraints
    /// `walls` lists the bytes a piece can neither stand on nor pass (for slides).
    ///
    /// # Complexity
    /// O(cells * (directions * reach + arcs per cell * log)) time; 4 bytes per arc and per
    /// cell.
    ///
    /// # Example
    /// ```
    /// use dp_core::{Grid, GridMoves};
    /// let grid = Grid::from_rows(&[b"...", b".#.", b"..."]);
    /// // A knight in a corner of 3 x 3 reaches two cells, over the wall.
    /// let knight = grid.move_graph(&GridMoves::knight(), b"#");
    /// assert_eq!(knight.neighbors(0), [5, 7]);
    /// // A rook slides until the wall or the edge; staying is a move.
    /// let rook = grid.move_graph(&GridMoves::orthogonal().unlimited().staying(), b"#");
    /// assert_eq!(rook.neighbors(1), [0, 1, 2]);
    /// assert_eq!(rook.neighbors(3), [0, 3, 6]);
    /// ```
    pub fn move_graph(&self, moves: &GridMoves, walls: &[u8]) -> CsrGraph {
        let mut is_wall = [false; 256];
        for &b in walls {
            is_wall[b as usize] = true;
        }
        let (rows, cols) = (self.rows as i64, self.cols as i64);
        let open = |r: i64, c: i64| !is_wall[self.cells[(r * cols + c) as usize] as usize];
        let mut offsets = Vec::with_capacity(self.cells.len() + 1);
        offsets.push(0u32);
        let mut targets: Vec<u32> = Vec::new();
        for cell in 0..self.cells.len() {
            let start = targets.len();
            let (r, c) = ((cell / self.cols) as i64, (cell % self.cols) as i64);
            if open(r, c) {
                if moves.stay {
                    targets.push(cell as u32);
                }
                for &(dr, dc) in &moves.directions {
                    let (dr, dc) = (i64::from(dr), i64::from(dc));
                    let (mut tr, mut tc) = (r, c);
                    for _ in 0..moves.reach {
                        tr += dr;
                        tc += dc;
                        if tr < 0 || tr >= rows || tc < 0 || tc >= cols {
                            break;
                        }
                        if open(tr, tc) {
                            targets.push((tr * cols + tc) as u32);
                        } else if !moves.leaps {
                            break;
                        }
                    }
                }
                let row = &mut targets[start..];
                row.sort_unstable();
                let kept = dedup_sorted(row);
                targets.truncate(start + kept);
            }
            let end = u32::try_from(targets.len()).expect("the arcs number u32::MAX or more");
            offsets.push(end);
        }
        CsrGraph::from_rows(offsets, targets)
    }
}

/// Moves the sorted `row`'s distinct values to its front; returns how many there are.
fn dedup_sorted(row: &mut [u32]) -> usize {
    let mut kept = 0;
    for i in 0..row.len() {
        if kept == 0 || row[i] != row[kept - 1] {
            row[kept] = row[i];
            kept += 1;
        }
    }
    kept
}

fn check_cells(rows: usize, cols: usize) {
    let fits = rows
        .checked_mul(cols)
        .map_or(false, |n| n < u32::MAX as usize);
    assert!(fits, "a grid of {} x {} cells does not fit u32", rows, cols);
}

/// The moves of a piece on a [`Grid`], for [`Grid::move_graph`]: in each of its directions
/// `(dr, dc)` (rows down, columns right), `k` times that step for `k` in `1..=reach`, staying
/// inside the grid; a wall ends a slide (the cells passed over and the landing cell must all be
/// open) unless the moves leap (only the landing cell must be open); and staying on the cell,
/// if allowed.
///
/// | piece | moves |
/// | --- | --- |
/// | one step up, down, left, right | `GridMoves::orthogonal()` |
/// | king | `GridMoves::king()` |
/// | knight | `GridMoves::knight()` (leaps) |
/// | rook, bishop, queen | `orthogonal()`, `diagonal()`, `king()` with `.unlimited()` |
/// | a jump of 1 to L cells in 4 directions, not over walls (LeetCode 1728) | `GridMoves::orthogonal().reach(L).staying()` |
///
/// # Example
/// ```
/// use dp_core::{Grid, GridMoves};
/// let grid = Grid::from_rows(&[b"....", b"#...", b"...."]);
/// // Two steps at most, down or right.
/// let moves = GridMoves::new(&[(1, 0), (0, 1)]).reach(2);
/// let graph = grid.move_graph(&moves, b"#");
/// assert_eq!(graph.neighbors(0), [1, 2]); // the wall below blocks
/// assert_eq!(graph.neighbors(1), [2, 3, 5, 9]);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GridMoves {
    directions: Vec<(i32, i32)>,
    reach: usize,
    leaps: bool,
    stay: bool,
}

impl GridMoves {
    /// One step in each of `directions`, `(rows down, columns right)`: no slide, no leap, no
    /// staying.
    ///
    /// # Panics
    /// If a direction is `(0, 0)` (use [`GridMoves::staying`]).
    ///
    /// # Complexity
    /// O(directions).
    ///
    /// # Example
    /// See [`GridMoves`].
    pub fn new(directions: &[(i32, i32)]) -> GridMoves {
        assert!(
            directions.iter().all(|&d| d != (0, 0)),
            "the direction (0, 0) is no move: allow staying instead"
        );
        GridMoves {
            directions: directions.to_vec(),
            reach: 1,
            leaps: false,
            stay: false,
        }
    }

    /// One step up, down, left or right (a rook's directions).
    ///
    /// # Complexity
    /// O(1).
    ///
    /// # Example
    /// See [`Grid`].
    pub fn orthogonal() -> GridMoves {
        GridMoves::new(&[(-1, 0), (1, 0), (0, -1), (0, 1)])
    }

    /// One step along a diagonal (a bishop's directions).
    ///
    /// # Complexity
    /// O(1).
    ///
    /// # Example
    /// ```
    /// use dp_core::{Grid, GridMoves};
    /// let graph = Grid::from_rows(&[b"...", b"..."]).move_graph(&GridMoves::diagonal(), b"");
    /// assert_eq!(graph.neighbors(1), [3, 5]);
    /// ```
    pub fn diagonal() -> GridMoves {
        GridMoves::new(&[(-1, -1), (-1, 1), (1, -1), (1, 1)])
    }

    /// One step to any of the eight neighbours (a king; a queen's directions).
    ///
    /// # Complexity
    /// O(1).
    ///
    /// # Example
    /// ```
    /// use dp_core::{Grid, GridMoves};
    /// let graph = Grid::from_rows(&[b"...", b".#."]).move_graph(&GridMoves::king(), b"#");
    /// assert_eq!(graph.neighbors(0), [1, 3]);
    /// ```
    pub fn king() -> GridMoves {
        let mut directions = Vec::new();
        for dr in -1..=1 {
            for dc in -1..=1 {
                if (dr, dc) != (0, 0) {
                    directions.push((dr, dc));
                }
            }
        }
        GridMoves::new(&directions)
    }

    /// A knight's eight leaps, over any cell.
    ///
    /// # Complexity
    /// O(1).
    ///
    /// # Example
    /// See [`Grid::move_graph`].
    pub fn knight() -> GridMoves {
        let leaps = [(1, 2), (2, 1)];
        let mut directions = Vec::new();
        for &(a, b) in &leaps {
            for &(sa, sb) in &[(-1, -1), (-1, 1), (1, -1), (1, 1)] {
                directions.push((a * sa, b * sb));
            }
        }
        GridMoves::new(&directions).leaping()
    }

    /// Up to `max` steps in a straight line: each direction `d` also reaches `2d, 3d, ...,
    /// max * d`.
    ///
    /// # Panics
    /// If `max` is 0.
    ///
    /// # Complexity
    /// O(1).
    ///
    /// # Example
    /// See [`GridMoves`].
    pub fn reach(mut self, max: usize) -> GridMoves {
        assert!(max > 0, "a reach of 0 steps is no move");
        self.reach = max;
        self
    }

    /// As many steps in a straight line as the grid allows (rook, bishop, queen).
    ///
    /// # Complexity
    /// O(1).
    ///
    /// # Example
    /// See [`Grid::move_graph`].
    pub fn unlimited(mut self) -> GridMoves {
        self.reach = usize::MAX;
        self
    }

    /// Moves leap: a wall on the way does not block, only the landing cell must be open.
    ///
    /// # Complexity
    /// O(1).
    ///
    /// # Example
    /// ```
    /// use dp_core::{Grid, GridMoves};
    /// let grid = Grid::from_rows(&[b".#.."]);
    /// let slide = GridMoves::new(&[(0, 1)]).reach(3);
    /// assert_eq!(grid.move_graph(&slide, b"#").degree(0), 0);
    /// assert_eq!(grid.move_graph(&slide.leaping(), b"#").neighbors(0), [2, 3]);
    /// ```
    pub fn leaping(mut self) -> GridMoves {
        self.leaps = true;
        self
    }

    /// Staying on the cell is a move too (an arc from each open cell to itself).
    ///
    /// # Complexity
    /// O(1).
    ///
    /// # Example
    /// See [`Grid::move_graph`].
    pub fn staying(mut self) -> GridMoves {
        self.stay = true;
        self
    }
}

#[cfg(test)]
mod tests;

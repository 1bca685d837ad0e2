//! Test oracle (feature `oracle`): random small boards and a brute force that plays the game on a
//! full-board bitmask, checking the placement rule literally.

use crate::{MAX_SIDE, MAX_VALUE};
use dp_core::{Error, SplitMix64};
use test_kit::{parse_with, shrink_each, smaller, BenchInput, Oracle};

/// The oracle this crate registers (in `crates/problems/Cargo.toml`).
pub type ProblemOracle = StaircaseChess;

/// One input file: an n x m board with Black's values A and White's values B (row-major).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    /// Rows, n.
    pub rows: usize,
    /// Columns, m.
    pub cols: usize,
    /// A, row-major.
    pub black: Vec<i32>,
    /// B, row-major.
    pub white: Vec<i32>,
}

impl Board {
    /// The input file's text.
    pub fn render(&self) -> String {
        let mut text = format!("{} {}\n", self.rows, self.cols);
        for grid in [&self.black, &self.white] {
            for row in grid.chunks(self.cols) {
                let cells: Vec<String> = row.iter().map(|v| v.to_string()).collect();
                text.push_str(&cells.join(" "));
                text.push('\n');
            }
        }
        text
    }

    /// A random board of the given size with values in `0..=max_value`.
    pub fn random(rng: &mut SplitMix64, rows: usize, cols: usize, max_value: i32) -> Board {
        let mut cell = || rng.range(0, max_value as u64) as i32;
        let black = (0..rows * cols).map(|_| cell()).collect();
        let white = (0..rows * cols).map(|_| cell()).collect();
        Board {
            rows,
            cols,
            black,
            white,
        }
    }
}

/// Reads an input file in the statement's format: n and m, then A and B row by row.
pub fn parse_input(text: &[u8]) -> Result<Board, String> {
    parse_with(text, |sc| {
        let rows: usize = sc.next_in(1..=MAX_SIDE, "n")?;
        let cols: usize = sc.next_in(1..=MAX_SIDE, "m")?;
        let mut grid = |name: &str| -> Result<Vec<i32>, Error> {
            (0..rows * cols)
                .map(|_| sc.next_in(0..=MAX_VALUE, name))
                .collect()
        };
        let black = grid("A[i][j]")?;
        let white = grid("B[i][j]")?;
        Ok(Board {
            rows,
            cols,
            black,
            white,
        })
    })
}

/// Black's score minus White's under optimal play, by exhaustive search over every set of
/// filled cells (a bitmask of the whole board), checking for each empty cell that every cell
/// left of it in its row and above it in its column is filled.
///
/// # Panics
/// If the board has more than 20 cells.
pub fn brute_force(board: &Board) -> i64 {
    let (rows, cols) = (board.rows, board.cols);
    let cells = rows * cols;
    assert!(cells <= 20, "the brute force handles at most 20 cells");
    let full = (1usize << cells) - 1;
    let filled = |mask: usize, r: usize, c: usize| mask >> (r * cols + c) & 1 == 1;
    // best[mask] = best (mover - other) from the position `mask`; masks of unreachable shapes
    // are evaluated too, harmlessly. Children have more bits, so go from full down to 0.
    let mut best = vec![0i64; full + 1];
    for mask in (0..full).rev() {
        let black_moves = mask.count_ones() % 2 == 0;
        let mut value = i64::MIN;
        for r in 0..rows {
            for c in 0..cols {
                let placeable = !filled(mask, r, c)
                    && (0..c).all(|left| filled(mask, r, left))
                    && (0..r).all(|up| filled(mask, up, c));
                if placeable {
                    let gain = if black_moves {
                        board.black[r * cols + c]
                    } else {
                        board.white[r * cols + c]
                    };
                    let child = mask | 1 << (r * cols + c);
                    value = value.max(i64::from(gain) - best[child]);
                }
            }
        }
        // Every non-full mask reachable in play has a placeable cell; unreachable ones may not.
        best[mask] = if value == i64::MIN { 0 } else { value };
    }
    best[0]
}

/// A benchmark input: a `side` x `side` board with values in `0..=max_value`, fixed by `seed`.
///
/// The statement's largest board is 10 x 10 with values up to 100000; 12 x 12 and 14 x 14 (40
/// million staircase shapes) show how the solver scales past it.
pub fn bench_input(seed: u64, side: usize, max_value: i32) -> String {
    Board::random(&mut SplitMix64::new(seed), side, side, max_value).render()
}

/// The oracle of p4363-staircase-chess for tests and `cargo xtask stress`.
pub struct StaircaseChess;

impl Oracle for StaircaseChess {
    type Input = Board;

    fn name() -> &'static str {
        "p4363-staircase-chess"
    }

    fn generate(rng: &mut SplitMix64) -> Board {
        let rows = rng.range(1, 3) as usize;
        let cols = rng.range(1, 4) as usize;
        let max_value = [1, 3, 10, 100_000][rng.index(4)];
        Board::random(rng, rows, cols, max_value)
    }

    fn render(board: &Board) -> String {
        board.render()
    }

    fn parse(input: &[u8]) -> Result<Board, String> {
        parse_input(input)
    }

    fn brute_force(board: &Board) -> String {
        format!("{}\n", brute_force(board))
    }

    fn shrink(board: &Board) -> Vec<Board> {
        let mut candidates = Vec::new();
        let keep = |rows: usize, cols: usize| {
            let pick = |grid: &Vec<i32>| {
                (0..rows * cols)
                    .map(|k| grid[(k / cols) * board.cols + k % cols])
                    .collect::<Vec<i32>>()
            };
            Board {
                rows,
                cols,
                black: pick(&board.black),
                white: pick(&board.white),
            }
        };
        if board.rows > 1 {
            candidates.push(keep(board.rows - 1, board.cols));
        }
        if board.cols > 1 {
            candidates.push(keep(board.rows, board.cols - 1));
        }
        let smaller_value = |&v: &i32| smaller(v, 0);
        for black in shrink_each(&board.black, smaller_value) {
            candidates.push(Board {
                black,
                ..board.clone()
            });
        }
        for white in shrink_each(&board.white, smaller_value) {
            candidates.push(Board {
                white,
                ..board.clone()
            });
        }
        candidates
    }

    fn solve(input: &[u8], out: &mut Vec<u8>) -> Result<(), Error> {
        crate::solve(input, out)
    }

    /// The statement's maximum (10 x 10, values up to 100000), then 12 x 12 and 14 x 14 as the
    /// scaling series.
    fn bench_inputs() -> Vec<BenchInput> {
        [10, 12, 14]
            .iter()
            .map(|&side| BenchInput {
                name: format!("{} x {}, values <= 100000", side, side),
                text: bench_input(side as u64, side, 100_000),
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bench_inputs_are_square_boards_the_solver_accepts() {
        let inputs = StaircaseChess::bench_inputs();
        let sides: Vec<u64> = inputs
            .iter()
            .map(|input| {
                let tokens: Vec<u64> = input
                    .text
                    .split_ascii_whitespace()
                    .map(|t| t.parse().unwrap())
                    .collect();
                let side = tokens[0];
                assert_eq!(tokens[1], side, "{}", input.name);
                assert_eq!(tokens.len() as u64, 2 + 2 * side * side, "{}", input.name);
                assert!(tokens[2..].iter().all(|&v| v <= 100_000), "{}", input.name);
                side
            })
            .collect();
        assert_eq!(sides, [10, 12, 14]);
        // Fixed seeds: the same text every time.
        assert_eq!(StaircaseChess::bench_inputs(), inputs);
        let mut out = Vec::new();
        crate::solve(inputs[0].text.as_bytes(), &mut out).unwrap();
        assert_eq!(String::from_utf8(out).unwrap().lines().count(), 1);
    }
}

//! Test oracle (feature `oracle`): random small starts, and a brute force that plays the rules
//! literally with a depth-limited minimax on (row, column) pairs, sharing nothing with the
//! retrograde solver (no position indices, no un-moves, no layers).

use crate::MAX_SIDE;
use dp_core::{Error, SplitMix64};
use test_kit::{parse_with, smaller, BenchInput, Oracle};

/// The oracle this crate registers (in `crates/problems/Cargo.toml`).
pub type ProblemOracle = Chase;

/// One input file: the board side and the two pieces' cells, 1-based as in the input.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Start {
    /// Board side n.
    pub n: usize,
    /// White's (row, column), 1-based.
    pub white: (usize, usize),
    /// Black's (row, column), 1-based.
    pub black: (usize, usize),
}

impl Start {
    /// The input file's text.
    pub fn render(&self) -> String {
        format!(
            "{} {} {} {} {}\n",
            self.n, self.white.0, self.white.1, self.black.0, self.black.1
        )
    }

    /// A random start on an n x n board (two different cells).
    pub fn random(rng: &mut SplitMix64, n: usize) -> Start {
        let cell = |rng: &mut SplitMix64| {
            (
                rng.range(1, n as u64) as usize,
                rng.range(1, n as u64) as usize,
            )
        };
        let white = cell(rng);
        let mut black = cell(rng);
        while black == white {
            black = cell(rng);
        }
        Start { n, white, black }
    }

    /// Every start on an n x n board, in reading order of White's then Black's cell.
    pub fn all(n: usize) -> Vec<Start> {
        let cells: Vec<(usize, usize)> =
            (1..=n).flat_map(|r| (1..=n).map(move |c| (r, c))).collect();
        let mut starts = Vec::new();
        for &white in &cells {
            for &black in &cells {
                if white != black {
                    starts.push(Start { n, white, black });
                }
            }
        }
        starts
    }
}

/// Reads an input file in the statement's format: n, White's row and column, Black's.
pub fn parse_input(text: &[u8]) -> Result<Start, String> {
    parse_with(text, |sc| {
        let n: usize = sc.next_in(2..=MAX_SIDE, "n")?;
        let mut cell = |row: &str, col: &str| -> Result<(usize, usize), Error> {
            Ok((sc.next_in(1..=n, row)?, sc.next_in(1..=n, col)?))
        };
        let white = cell("r1", "c1")?;
        let black = cell("r2", "c2")?;
        if white == black {
            return Err(sc.invalid("the two pieces start on the same cell"));
        }
        Ok(Start { n, white, black })
    })
}

/// How Black's two-cell move treats White's piece on the cell in between.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum JumpRule {
    /// Black may pass over White (the reading the solver documents).
    PassOver,
    /// A piece in between blocks the two-cell move.
    Blocked,
}

/// Score of a win for White one ply from now; a win k plies from now scores `WIN + 1 - k`.
const WIN: i32 = 1_000_000;

/// A depth-limited minimax over the literal rules, memoised on (White's cell, Black's cell,
/// side to move, plies left).
///
/// Scores are seen by White: `WIN + 1 - k` for a capture by White k plies ahead, the negation
/// for one by Black, 0 when no capture is forced within the plies left. White maximises, Black
/// minimises. A capture k plies ahead that the other side can delay past the cap is not seen,
/// which is exactly the trap of a too-small cap; [`generous_cap`] is the cap the tests use.
pub struct Minimax {
    n: usize,
    cap: usize,
    rule: JumpRule,
    /// `memo[((w * n² + b) * 2 + side) * (cap + 1) + plies_left]`, `i32::MIN` when unknown.
    memo: Vec<i32>,
}

impl Minimax {
    /// A search on an n x n board that looks at most `cap` plies ahead.
    ///
    /// # Panics
    /// If the memo (`2 n^4 (cap + 1)` entries) would exceed 2^28 entries.
    pub fn new(n: usize, cap: usize, rule: JumpRule) -> Self {
        let entries = 2 * n.pow(4) * (cap + 1);
        assert!(
            entries <= 1 << 28,
            "memo of {} entries is too large",
            entries
        );
        Minimax {
            n,
            cap,
            rule,
            memo: vec![i32::MIN; entries],
        }
    }

    /// The answer line for `start` (White to move), looking `cap` plies ahead.
    ///
    /// # Panics
    /// If `start.n` differs from the search's board.
    pub fn answer(&mut self, start: &Start) -> String {
        assert_eq!(start.n, self.n, "a start of another board");
        let zero = |(r, c): (usize, usize)| (r - 1, c - 1);
        self.line(zero(start.white), zero(start.black), true)
    }

    /// The answer line, as the statement words it, for White on `white` and Black on `black`
    /// (0-based) with either side to move: `WHITE x` if White can force a capture in x plies,
    /// `BLACK x` if Black can, `DRAW` if neither within the cap.
    pub fn line(
        &mut self,
        white: (usize, usize),
        black: (usize, usize),
        white_to_move: bool,
    ) -> String {
        let score = self.score(white, black, white_to_move, self.cap);
        score_line(score)
    }

    /// The score of White on `white`, Black on `black` (0-based), with `plies_left` to look.
    pub fn score(
        &mut self,
        white: (usize, usize),
        black: (usize, usize),
        white_to_move: bool,
        plies_left: usize,
    ) -> i32 {
        if plies_left == 0 {
            return 0;
        }
        let n = self.n;
        let key = (((white.0 * n + white.1) * n * n + black.0 * n + black.1) * 2
            + white_to_move as usize)
            * (self.cap + 1)
            + plies_left;
        if self.memo[key] != i32::MIN {
            return self.memo[key];
        }
        let (mover, other) = if white_to_move {
            (white, black)
        } else {
            (black, white)
        };
        let mut best: Option<i32> = None;
        for &(dr, dc) in &[(-1isize, 0isize), (1, 0), (0, -1), (0, 1)] {
            let lengths: &[isize] = if white_to_move { &[1] } else { &[1, 2] };
            for &len in lengths {
                let r = mover.0 as isize + dr * len;
                let c = mover.1 as isize + dc * len;
                if r < 0 || c < 0 || r >= n as isize || c >= n as isize {
                    continue;
                }
                let to = (r as usize, c as usize);
                let middle = (
                    (mover.0 as isize + dr) as usize,
                    (mover.1 as isize + dc) as usize,
                );
                if len == 2 && self.rule == JumpRule::Blocked && middle == other {
                    continue;
                }
                let value = if to == other {
                    // The mover lands on the other piece: a win on this very ply.
                    if white_to_move {
                        WIN
                    } else {
                        -WIN
                    }
                } else {
                    let later = if white_to_move {
                        self.score(to, black, false, plies_left - 1)
                    } else {
                        self.score(white, to, true, plies_left - 1)
                    };
                    // One ply further away from the capture, whoever makes it.
                    later - later.signum()
                };
                best = Some(match best {
                    None => value,
                    Some(b) if white_to_move => b.max(value),
                    Some(b) => b.min(value),
                });
            }
        }
        // Every piece has a move on a board of side 2 or more.
        let best = best.expect("a piece without a move");
        self.memo[key] = best;
        best
    }
}

/// The answer line of a White-relative score.
fn score_line(score: i32) -> String {
    if score > 0 {
        format!("WHITE {}", WIN + 1 - score)
    } else if score < 0 {
        format!("BLACK {}", WIN + 1 + score)
    } else {
        "DRAW".to_string()
    }
}

/// The move cap the tests give the minimax on an n x n board.
///
/// Up to n = 5 it is the number of positions, 2 n^4, which is provably enough: along a forced
/// win in d plies, played with the loser delaying, the positions have the distinct values
/// "win in d", "loss in d - 1", ..., so they are distinct and d < 2 n^4. Beyond, that bound
/// makes the memo too large, so the cap is 10 n: several times the longest distance of any
/// position on those boards (16, 20 and 22 plies for n = 6, 7, 8; it grows by about 3 plies per
/// unit of n). The tests check that a larger cap changes no answer, and that a cap one ply
/// short of the longest distance does change one (the trap of the published solutions).
pub fn generous_cap(n: usize) -> usize {
    if n <= 5 {
        2 * n.pow(4)
    } else {
        10 * n
    }
}

/// The brute force's answer line for `start`, with [`generous_cap`] and Black passing over.
pub fn brute_force(start: &Start) -> String {
    Minimax::new(start.n, generous_cap(start.n), JumpRule::PassOver).answer(start)
}

/// A benchmark input: the two far corners of an n x n board. The solver's work does not depend
/// on the start (it solves the whole table), so the board side is the only knob.
pub fn bench_input(n: usize) -> String {
    Start {
        n,
        white: (1, 1),
        black: (n, n),
    }
    .render()
}

/// The oracle of p4576-chase for tests and `cargo xtask stress`.
pub struct Chase;

impl Oracle for Chase {
    type Input = Start;

    fn name() -> &'static str {
        "p4576-chase"
    }

    fn generate(rng: &mut SplitMix64) -> Start {
        let n = rng.range(2, 8) as usize;
        Start::random(rng, n)
    }

    fn render(start: &Start) -> String {
        start.render()
    }

    fn parse(input: &[u8]) -> Result<Start, String> {
        parse_input(input)
    }

    fn brute_force(start: &Start) -> String {
        brute_force(start)
    }

    fn shrink(start: &Start) -> Vec<Start> {
        let mut candidates = Vec::new();
        let fits = |(r, c): (usize, usize), n: usize| r <= n && c <= n;
        if start.n > 2 && fits(start.white, start.n - 1) && fits(start.black, start.n - 1) {
            candidates.push(Start {
                n: start.n - 1,
                ..*start
            });
        }
        // Move one piece towards row 1 or column 1, onto a free cell.
        let pieces = [start.white, start.black];
        for which in 0..2 {
            let (r, c) = pieces[which];
            let cells = smaller(r, 1).into_iter().map(|r| (r, c));
            for cell in cells.chain(smaller(c, 1).into_iter().map(|c| (r, c))) {
                if cell != pieces[1 - which] {
                    let mut s = *start;
                    if which == 0 {
                        s.white = cell;
                    } else {
                        s.black = cell;
                    }
                    candidates.push(s);
                }
            }
        }
        candidates
    }

    fn solve(input: &[u8], out: &mut Vec<u8>) -> Result<(), Error> {
        crate::solve(input, out)
    }

    /// The statement's largest board, then the whole table at n = 40, 60 and 80 (82 million
    /// positions) to show how time and memory grow.
    fn bench_inputs() -> Vec<BenchInput> {
        [20, 40, 60, 80]
            .iter()
            .map(|&n| BenchInput {
                name: format!("n={}", n),
                text: bench_input(n),
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_statement_and_hand_checked_starts() {
        let line = |n, white, black| brute_force(&Start { n, white, black });
        assert_eq!(line(2, (1, 1), (2, 2)), "BLACK 2");
        // Adjacent: White captures at once.
        assert_eq!(line(3, (2, 2), (2, 3)), "WHITE 1");
        // White in a corner, Black diagonally next to it: both White moves end next to Black.
        assert_eq!(line(3, (1, 1), (2, 2)), "BLACK 2");
        // White cornered two cells from Black in a column: stepping aside to (1, 2) is the only
        // move that survives a ply, so the game lasts longer than 2 plies.
        assert_ne!(line(3, (1, 1), (3, 1)), "BLACK 2");
    }

    #[test]
    fn bench_inputs_are_fixed_corners_of_the_scaling_series() {
        let inputs = Chase::bench_inputs();
        assert_eq!(inputs, Chase::bench_inputs());
        let names: Vec<&str> = inputs.iter().map(|i| i.name.as_str()).collect();
        assert_eq!(names, ["n=20", "n=40", "n=60", "n=80"]);
        for (input, n) in inputs.iter().zip([20, 40, 60, 80]) {
            assert_eq!(input.text, format!("{} 1 1 {} {}\n", n, n, n));
        }
        // The statement's largest board through the solver (the others take seconds).
        let mut out = Vec::new();
        crate::solve(inputs[0].text.as_bytes(), &mut out).unwrap();
        assert!(out.starts_with(b"BLACK "));
    }

    #[test]
    fn shrink_gives_valid_smaller_starts() {
        let start = Start {
            n: 4,
            white: (1, 2),
            black: (3, 3),
        };
        for s in Chase::shrink(&start) {
            assert!(s.white != s.black);
            assert!(s.n <= start.n && s.white.0 <= s.n && s.black.1 <= s.n);
            assert!(s.n < start.n || s.white.0 + s.white.1 + s.black.0 + s.black.1 < 9);
        }
    }
}

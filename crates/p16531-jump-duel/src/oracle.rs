//! Test oracle (feature `oracle`): random small rows, a brute force that plays the game on the
//! full set of occupied cells, and benchmark inputs.

use crate::gap_mask::GapMask;
use crate::{MAX_N, MAX_OPEN_GAP, MAX_STEP, MAX_TOTAL, MAX_VALUE};
use dp_core::{Error, SplitMix64};
use test_kit::{parse_with, shrink_list, smaller, BenchInput, Oracle};

/// The oracle this crate registers (in `crates/problems/Cargo.toml`).
pub type ProblemOracle = JumpDuelOracle;
use std::collections::HashMap;

/// One input file: per test, the values of cells 3..=n.
pub type Tests = Vec<Vec<u32>>;

/// The input file's text.
pub fn render(tests: &Tests) -> String {
    let mut text = format!("{}\n", tests.len());
    for values in tests {
        let cells: Vec<String> = values.iter().map(|v| v.to_string()).collect();
        text.push_str(&format!("{}\n{}\n", values.len() + 2, cells.join(" ")));
    }
    text
}

/// Reads an input file in the statement's format: t, then each row's n and its values of cells
/// 3..=n.
pub fn parse_input(text: &[u8]) -> Result<Tests, String> {
    parse_with(text, |sc| {
        let tests: usize = sc.next_in(1..=MAX_TOTAL / 2, "t")?;
        let mut rows = Vec::new();
        for _ in 0..tests {
            let n: usize = sc.next_in(2..=MAX_N, "n")?;
            let values = (3..=n).map(|_| sc.next_in(1..=MAX_VALUE, "a_i (a cell value)"));
            rows.push(values.collect::<Result<Vec<u32>, Error>>()?);
        }
        Ok(rows)
    })
}

/// The first player's score minus the second's under optimal play, by searching every play:
/// the state is the set of cells ever occupied, both pieces' cells and the player to move; the
/// first player maximises the difference, the second minimises it.
///
/// # Panics
/// If there are more than 30 cells.
pub fn brute_force(values: &[u32]) -> i64 {
    let n = values.len() + 2;
    assert!(n <= 30, "the brute force handles at most 30 cells");
    // worth[c] for cells 1..=n.
    let mut worth = vec![0i64; n + 1];
    for (i, &v) in values.iter().enumerate() {
        worth[i + 3] = i64::from(v);
    }
    let mut game = Game {
        n,
        worth,
        memo: HashMap::new(),
    };
    game.value(1 << 1 | 1 << 2, [1, 2], 0)
}

struct Game {
    n: usize,
    worth: Vec<i64>,
    memo: HashMap<(u32, [usize; 2], usize), i64>,
}

impl Game {
    /// Cells the piece on `from` may land on: 1..=4 to the right, inside the row, never occupied.
    fn landings(&self, occupied: u32, from: usize) -> Vec<usize> {
        (from + 1..=from + 4)
            .filter(|&c| c <= self.n && occupied >> c & 1 == 0)
            .collect()
    }

    /// First player's score minus second's from here on; `pieces[p]` is player p's cell.
    fn value(&mut self, occupied: u32, pieces: [usize; 2], to_move: usize) -> i64 {
        let key = (occupied, pieces, to_move);
        if let Some(&v) = self.memo.get(&key) {
            return v;
        }
        let other = 1 - to_move;
        let mine = self.landings(occupied, pieces[to_move]);
        let result = if mine.is_empty() {
            if self.landings(occupied, pieces[other]).is_empty() {
                0 // neither can move: the game is over
            } else {
                self.value(occupied, pieces, other) // pass
            }
        } else {
            let sign = if to_move == 0 { 1 } else { -1 };
            let mut outcomes = Vec::new();
            for cell in mine {
                let mut next = pieces;
                next[to_move] = cell;
                let rest = self.value(occupied | 1 << cell, next, other);
                outcomes.push(sign * self.worth[cell] + rest);
            }
            if to_move == 0 {
                *outcomes.iter().max().unwrap()
            } else {
                *outcomes.iter().min().unwrap()
            }
        };
        self.memo.insert(key, result);
        result
    }
}

/// The solver's recurrence evaluated plainly, the reference for its fast path: every (gap,
/// mask) pair of gap <= 9 at every x, every move's bounds checked, every back move tried (not
/// only the nearest one into the closed form), passes by the rules, and L summed cell by cell
/// from [`GapMask::reachable`].
///
/// # Complexity
/// O(n) with a large constant.
pub fn checked_difference(values: &[u32]) -> i64 {
    const IDS: usize = 511; // GapMask::count(9)
    let n = values.len() + 2;
    // cells[c] for c in 0..=n (0, 1, 2 worth nothing); positions before cell 1 read 0 too.
    let mut cells = vec![0i64; n + 1];
    for (i, &v) in values.iter().enumerate() {
        cells[i + 3] = i64::from(v);
    }
    let cell = |c: isize| if c >= 0 { cells[c as usize] } else { 0 };
    // B values of x..=x + 4 at x % 5, by GapMask::index.
    let mut rows = vec![vec![0i64; IDS]; 5];
    let mut suffix = 0; // S(x + 1)
    for x in (2..=n).rev() {
        // F values at x: by the recurrence for gap <= 5, closed form S(x + 1) - L beyond.
        let mut f = vec![0i64; IDS];
        let mut b = vec![0i64; IDS];
        for id in 0..IDS {
            let s = GapMask::from_index(id);
            let reach = s.reachable(MAX_STEP);
            let back_can_move = reach != 0;
            if s.gap() > MAX_OPEN_GAP {
                f[id] = suffix
                    - (1..s.gap())
                        .filter(|&i| reach >> (i - 1) & 1 == 1)
                        .map(|i| cell(x as isize + i as isize - s.gap() as isize))
                        .sum::<i64>();
            } else if x < n {
                f[id] = (1..=MAX_STEP as usize)
                    .filter(|&k| x + k <= n)
                    .map(|k| cells[x + k] - rows[(x + k) % 5][s.advance_front(k as u32).index()])
                    .max()
                    .unwrap();
            }
            // The back piece's moves; B(x, s) needs F(x, t) only for smaller gaps.
            let mut best: Option<i64> = None;
            for j in 1..=MAX_STEP {
                let z = x as isize + j as isize - s.gap() as isize;
                if z > n as isize || j == s.gap() {
                    continue;
                }
                let after = if j < s.gap() {
                    if s.is_occupied(j) {
                        continue;
                    }
                    f[s.advance_back(j).index()]
                } else {
                    rows[z as usize % 5][GapMask::new(j - s.gap(), 0).index()]
                };
                let option = cell(z) - after;
                best = Some(best.map_or(option, |b| b.max(option)));
            }
            b[id] = match best {
                Some(best) => best,
                // Stuck: pass to the front piece, or the game is over.
                None if x < n => -f[id],
                None => 0,
            };
            if x == n && s.gap() <= MAX_OPEN_GAP && back_can_move {
                // The front piece is stuck for good and passes.
                f[id] = -b[id];
            }
        }
        rows[x % 5] = b;
        suffix += cells[x];
    }
    rows[2][GapMask::new(1, 0).index()]
}

/// A random row of `n` cells whose values (cells 3..=n) are all 1, in 1..=3 or in 1..=10^9,
/// by `kind` 0, 1 or 2.
pub fn random_values(rng: &mut SplitMix64, n: usize, kind: usize) -> Vec<u32> {
    let hi = [1, 3, 1_000_000_000][kind];
    (3..=n).map(|_| rng.range(1, hi) as u32).collect()
}

/// A benchmark input: `tests` rows of `n` cells, values uniform in 1..=10^9.
pub fn bench_input(seed: u64, tests: usize, n: usize) -> String {
    let mut rng = SplitMix64::new(seed);
    let mut text = String::with_capacity(tests * (n * 11 + 8) + 8);
    text.push_str(&format!("{}\n", tests));
    for _ in 0..tests {
        text.push_str(&format!("{}\n", n));
        let mut first = true;
        for _ in 3..=n {
            if !first {
                text.push(' ');
            }
            first = false;
            text.push_str(&rng.range(1, 1_000_000_000).to_string());
        }
        text.push('\n');
    }
    text
}

/// The issue's benchmark: t = 10 rows of n = 100 000 (about 10 MB).
pub fn bench_long_rows(seed: u64) -> String {
    bench_input(seed, 10, 100_000)
}

/// The same size as [`bench_long_rows`] split as t = 100 000 rows of n = 10.
pub fn bench_many_rows(seed: u64) -> String {
    bench_input(seed, 100_000, 10)
}

/// The oracle of p16531-jump-duel for tests and `cargo xtask stress`.
pub struct JumpDuelOracle;

impl Oracle for JumpDuelOracle {
    type Input = Tests;

    fn name() -> &'static str {
        "p16531-jump-duel"
    }

    fn generate(rng: &mut SplitMix64) -> Tests {
        let tests = rng.range(1, 3) as usize;
        (0..tests)
            .map(|_| {
                let n = rng.range(2, 14) as usize;
                let kind = rng.index(3);
                random_values(rng, n, kind)
            })
            .collect()
    }

    fn render(tests: &Tests) -> String {
        render(tests)
    }

    fn brute_force(tests: &Tests) -> String {
        tests
            .iter()
            .map(|values| format!("{}\n", brute_force(values)))
            .collect()
    }

    fn parse(input: &[u8]) -> Result<Tests, String> {
        parse_input(input)
    }

    /// Fewer rows, then per row fewer cells (n >= 2 stays), then smaller values (at least 1).
    fn shrink(tests: &Tests) -> Vec<Tests> {
        shrink_list(tests, 1, |values| {
            shrink_list(values, 0, |&v| smaller(v, 1))
        })
    }

    fn solve(input: &[u8], out: &mut Vec<u8>) -> Result<(), Error> {
        crate::solve(input, out)
    }

    fn bench_inputs() -> Vec<BenchInput> {
        vec![
            BenchInput {
                name: "t=10 n=100000".to_string(),
                text: bench_long_rows(1),
            },
            BenchInput {
                name: "t=100000 n=10".to_string(),
                text: bench_many_rows(1),
            },
        ]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn brute_force_plays_tiny_rows_by_hand() {
        // n = 3: the first player steps onto cell 3.
        assert_eq!(brute_force(&[7]), 7);
        // n = 4, values 1 2: P1 takes 4 (jumping over), P2 takes 3: 2 - 1; or P1 takes 3, then
        // P2 takes 4: 1 - 2. P1 picks the first.
        assert_eq!(brute_force(&[1, 2]), 1);
        // The statement's sample.
        assert_eq!(brute_force(&[1, 2, 3]), 0);
        assert_eq!(brute_force(&[3, 1, 4, 1, 5, 9]), 6);
    }

    #[test]
    fn bench_inputs_are_the_issue_sizes_and_fixed() {
        let inputs = JumpDuelOracle::bench_inputs();
        assert_eq!(inputs.len(), 2);
        for (input, (t, n)) in inputs.iter().zip([(10, 100_000), (100_000, 10)]) {
            let tokens: Vec<&str> = input.text.split_ascii_whitespace().collect();
            // t, then per test n and its n - 2 values; the sum of n is 10^6 either way.
            assert_eq!(tokens.len(), 1 + t * (n - 1), "{}", input.name);
            assert_eq!((tokens[0], tokens[1]), (&*t.to_string(), &*n.to_string()));
            assert_eq!(t * n, 1_000_000);
        }
        assert_eq!(inputs, JumpDuelOracle::bench_inputs());
    }

    #[test]
    fn bench_input_has_the_announced_shape() {
        let text = bench_input(1, 3, 7);
        let tokens: Vec<&str> = text.split_ascii_whitespace().collect();
        assert_eq!(tokens.len(), 1 + 3 * (1 + 5));
        assert_eq!(tokens[1], "7");
    }
}

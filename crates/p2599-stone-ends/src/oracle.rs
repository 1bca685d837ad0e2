//! Test oracle (feature `oracle`): random small rows of piles, a brute force that plays the game on
//! the explicit row, shrinking, and benchmark inputs.

use crate::{MAX_PILES, MAX_STONES, MAX_TESTS};
use dp_core::{Error, HashMemo, SplitMix64};
use test_kit::{parse_with, shrink_list, smaller, windows, BenchInput, Oracle};

/// The oracle this crate registers (in `crates/problems/Cargo.toml`).
pub type ProblemOracle = StoneEnds;

/// One input file: the rows of piles of its tests.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Games {
    /// One row of piles per test, each pile at least 1.
    pub rows: Vec<Vec<u32>>,
}

impl Games {
    /// The input file's text.
    pub fn render(&self) -> String {
        let mut text = format!("{}\n", self.rows.len());
        for row in &self.rows {
            let piles: Vec<String> = row.iter().map(|a| a.to_string()).collect();
            text.push_str(&format!("{}\n{}\n", row.len(), piles.join(" ")));
        }
        text
    }
}

/// Whether the player to move wins on the row `piles`, by exhaustive search: a move takes
/// 1..=a stones from the first or the last pile, an emptied pile is removed, and the player facing
/// an empty row has no move and loses. Every row met is memoised.
///
/// # Panics
/// If a pile is 0. The recursion is as deep as the total number of stones, so keep it small
/// (tests use at most 7 piles of at most 8).
pub fn brute_force(piles: &[u32]) -> bool {
    assert!(piles.iter().all(|&a| a > 0), "piles hold at least 1 stone");
    let mut memo = HashMemo::new();
    mover_wins(piles.to_vec(), &mut memo)
}

fn mover_wins(row: Vec<u32>, memo: &mut HashMemo<Vec<u32>, bool>) -> bool {
    if let Some(&known) = memo.get(&row) {
        return known;
    }
    let mut wins = false;
    if !row.is_empty() {
        let ends = [0, row.len() - 1];
        'moves: for &end in &ends {
            for take in 1..=row[end] {
                let mut next = row.clone();
                next[end] -= take;
                if next[end] == 0 {
                    next.remove(end);
                }
                if !mover_wins(next, memo) {
                    wins = true;
                    break 'moves;
                }
            }
        }
    }
    memo.insert(row, wins);
    wins
}

/// A random file of `tests` rows of `piles` piles each, sizes uniform in `1..=max_stones`.
pub fn random_games(rng: &mut SplitMix64, tests: usize, piles: usize, max_stones: u32) -> Games {
    let rows = (0..tests)
        .map(|_| {
            (0..piles)
                .map(|_| rng.range(1, u64::from(max_stones)) as u32)
                .collect()
        })
        .collect();
    Games { rows }
}

/// A benchmark input: `tests` rows of `piles` random piles in `1..=max_stones`, fixed by `seed`.
///
/// The figures use `bench_input(seed, 10, 1000, 1_000_000_000)` (the statement's limits)
/// and `bench_input(seed, 1, 20_000, 1_000_000_000)`; a small `max_stones` such as 3 makes the
/// bounds tie with the piles often.
pub fn bench_input(seed: u64, tests: usize, piles: usize, max_stones: u32) -> String {
    random_games(&mut SplitMix64::new(seed), tests, piles, max_stones).render()
}

/// Reads an input file in the statement's format: T, then each test's n and its n piles.
pub fn parse_input(text: &[u8]) -> Result<Games, String> {
    parse_with(text, |sc| {
        let tests: usize = sc.next_in(1..=MAX_TESTS, "T")?;
        let mut rows = Vec::with_capacity(tests);
        for _ in 0..tests {
            let n: usize = sc.next_in(1..=MAX_PILES, "n")?;
            let row = (0..n).map(|_| sc.next_in(1..=MAX_STONES, "a_i"));
            rows.push(row.collect::<Result<Vec<u32>, Error>>()?);
        }
        Ok(Games { rows })
    })
}

/// The oracle of p2599-stone-ends for tests and `cargo xtask stress`.
pub struct StoneEnds;

impl Oracle for StoneEnds {
    type Input = Games;

    fn name() -> &'static str {
        "p2599-stone-ends"
    }

    /// 1 to 3 tests of 1 to 7 piles; sizes up to 2, 3, 5 or 8, small bounds to make piles equal
    /// to the bounds often.
    fn generate(rng: &mut SplitMix64) -> Games {
        let tests = rng.range(1, 3) as usize;
        let rows = (0..tests)
            .map(|_| {
                let n = rng.range(1, 7) as usize;
                let max_stones = [2, 3, 5, 8][rng.index(4)];
                (0..n).map(|_| rng.range(1, max_stones) as u32).collect()
            })
            .collect();
        Games { rows }
    }

    fn render(games: &Games) -> String {
        games.render()
    }

    fn brute_force(games: &Games) -> String {
        games
            .rows
            .iter()
            .map(|row| if brute_force(row) { "1\n" } else { "0\n" })
            .collect()
    }

    fn parse(input: &[u8]) -> Result<Games, String> {
        parse_input(input)
    }

    /// Fewer tests, then per test shorter rows (contiguous windows first, shortest first: the
    /// shape a game on the ends keeps), then smaller piles (at least 1 stone).
    fn shrink(games: &Games) -> Vec<Games> {
        let shrink_row = |row: &Vec<u32>| {
            let mut rows = windows(row, 1);
            rows.extend(shrink_list(row, 1, |&a| smaller(a, 1)));
            rows
        };
        let smaller_rows = shrink_list(&games.rows, 1, shrink_row);
        smaller_rows
            .into_iter()
            .map(|rows| Games { rows })
            .collect()
    }

    fn solve(input: &[u8], out: &mut Vec<u8>) -> Result<(), Error> {
        crate::solve(input, out)
    }

    /// The statement's limits (T = 10, n = 1000) with large piles and with piles of at most 3
    /// (many ties with the bounds), then one test of n = 5000, 10 000 and 20 000 piles for the
    /// O(n^2) curve.
    fn bench_inputs() -> Vec<BenchInput> {
        let mut inputs = vec![
            BenchInput {
                name: "t=10 n=1000".to_string(),
                text: bench_input(1, 10, 1000, MAX_STONES),
            },
            BenchInput {
                name: "t=10 n=1000 a<=3".to_string(),
                text: bench_input(3, 10, 1000, 3),
            },
        ];
        for n in [5000, 10_000, 20_000] {
            inputs.push(BenchInput {
                name: format!("t=1 n={}", n),
                text: bench_input(2, 1, n, MAX_STONES),
            });
        }
        inputs
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn brute_force_knows_the_basic_positions() {
        assert!(brute_force(&[1])); // take it
        assert!(brute_force(&[4]));
        assert!(!brute_force(&[3, 3])); // the mirror wins for the second player
        assert!(brute_force(&[3, 5])); // make them equal
        assert!(brute_force(&[1, 1, 1])); // odd number of single stones
        assert!(!brute_force(&[1, 1, 1, 1]));
        assert!(!brute_force(&[]));
    }

    #[test]
    fn shrink_only_makes_smaller_inputs() {
        let mut rng = SplitMix64::new(3);
        for _ in 0..200 {
            let games = StoneEnds::generate(&mut rng);
            let size = |g: &Games| -> (usize, usize, u64) {
                let piles = g.rows.iter().map(|r| r.len()).sum();
                let stones = g.rows.iter().flatten().map(|&a| u64::from(a)).sum();
                (g.rows.len(), piles, stones)
            };
            let (tests, piles, stones) = size(&games);
            for smaller in StoneEnds::shrink(&games) {
                let (t, p, s) = size(&smaller);
                assert!(t <= tests && p <= piles && s <= stones, "{:?}", smaller);
                assert!((t, p, s) != (tests, piles, stones), "{:?}", smaller);
                assert!(smaller.rows.iter().all(|r| !r.is_empty()));
                assert!(smaller.rows.iter().flatten().all(|&a| a >= 1));
            }
        }
    }

    #[test]
    fn bench_inputs_are_valid_and_fixed() {
        let inputs = StoneEnds::bench_inputs();
        assert_eq!(inputs, StoneEnds::bench_inputs());
        for input in &inputs {
            let mut out = Vec::new();
            crate::solve(input.text.as_bytes(), &mut out).unwrap();
        }
    }

    #[test]
    fn bench_input_has_the_asked_shape() {
        let text = bench_input(1, 2, 5, 1_000_000_000);
        let tokens: Vec<u64> = text
            .split_ascii_whitespace()
            .map(|t| t.parse().unwrap())
            .collect();
        assert_eq!(tokens.len(), 1 + 2 * 6);
        assert_eq!((tokens[0], tokens[1], tokens[7]), (2, 5, 5));
        assert!(tokens.iter().all(|&a| (1..=1_000_000_000).contains(&a)));
    }
}

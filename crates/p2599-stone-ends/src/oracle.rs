//! Test oracle (feature `oracle`): the input format (T rows of piles), a brute force that plays
//! the game on the explicit row by the kit's literal search, and benchmark inputs.

use crate::{MAX_PILES, MAX_STONES, MAX_TESTS};
use dp_core::SplitMix64;
use test_kit::format::{cases, int, list, Format};
use test_kit::game::{outcome, Moves, Outcome};
use test_kit::{at_most, bench, bench_max, BenchInput, Problem};

/// The oracle of p2599-stone-ends: its input is one row of piles per test.
pub struct StoneEnds;

/// Whether the player to move wins on the row `piles` (each at least 1), by exhaustive search:
/// a move takes 1..=a stones from the first or the last pile, an emptied pile leaves the row,
/// and the player facing an empty row has no move and loses.
pub fn brute_force(piles: &[u32]) -> bool {
    let rules = |row: &Vec<u32>, moves: &mut Moves<Vec<u32>>| {
        for end in [0, row.len().saturating_sub(1)] {
            for left in 0..row.get(end).copied().unwrap_or(0) {
                let mut next = row.clone();
                next[end] = left;
                next.retain(|&a| a > 0);
                moves.go(next);
            }
        }
    };
    outcome(piles.to_vec(), rules) == Outcome::Win
}

/// `tests` rows of `piles` random piles in `1..=top`, fixed by `seed`.
pub fn random_rows(seed: u64, tests: usize, piles: usize, top: u32) -> Vec<Vec<u32>> {
    let mut rng = SplitMix64::new(seed);
    let mut pile = move || rng.range(1, u64::from(top)) as u32;
    (0..tests)
        .map(|_| (0..piles).map(|_| pile()).collect())
        .collect()
}

impl Problem for StoneEnds {
    test_kit::name_and_solve_of_this_crate!();
    type Value = Vec<Vec<u32>>;

    /// 1 to 3 tests of 1 to 7 piles of 1 to 8 stones; at most, the statement's 10 x 1000.
    fn format() -> impl Format<Value = Self::Value> {
        let pile = int("a_i", 1..=MAX_STONES).small(1..=8);
        let row = list("n", 1..=MAX_PILES, pile).small(1..=7).max(1000);
        cases("T", 1..=MAX_TESTS, row).small(1..=3).max(10)
    }

    fn brute(rows: &Vec<Vec<u32>>) -> String {
        let answer = |row: &Vec<u32>| if brute_force(row) { "1\n" } else { "0\n" };
        rows.iter().map(answer).collect()
    }

    /// Rows of up to 200 stones (generated ones hold at most 56).
    fn refuses(rows: &Vec<Vec<u32>>) -> Option<String> {
        let stones = |row: &Vec<u32>| row.iter().map(|&a| u64::from(a)).sum::<u64>();
        at_most("stones in a row", rows.iter().map(stones).max()?, 200)
    }

    /// The statement's limits (T = 10, n = 1000), also with piles of at most 3 (many ties with
    /// the bounds), then one test of 5000, 10 000 and 20 000 piles for the O(n^2) curve.
    fn benches() -> Vec<BenchInput> {
        let mut inputs = vec![bench_max::<Self>("t=10 n=1000", 1)];
        inputs.push(bench::<Self>(
            "t=10 n=1000 a<=3",
            &random_rows(3, 10, 1000, 3),
        ));
        let long = |n| bench::<Self>(format!("t=1 n={}", n), &random_rows(2, 1, n, MAX_STONES));
        inputs.extend([5000, 10_000, 20_000].map(long));
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
    fn bench_inputs_are_valid_and_of_the_asked_shape() {
        let inputs = StoneEnds::benches();
        for input in &inputs {
            let mut out = Vec::new();
            crate::solve(input.text.as_bytes(), &mut out).unwrap();
        }
        let first = StoneEnds::parse(inputs[0].text.as_bytes()).unwrap();
        assert_eq!(first.len(), 10);
        assert!(first.iter().all(|row| row.len() == 1000));
        let rows = random_rows(1, 2, 5, 1_000_000_000);
        assert!(rows.len() == 2 && rows.iter().all(|r| r.len() == 5));
    }
}

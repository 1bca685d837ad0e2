//! Test oracle (feature `oracle`): the input format (t rows, each n and the values of cells
//! 3..=n), a brute force that plays every move on the full set of occupied cells with the kit's
//! search, and benchmark inputs.

use crate::{MAX_N, MAX_TOTAL, MAX_VALUE};
use dp_core::SplitMix64;
use test_kit::format::{cases, int, list, Format};
use test_kit::game::score;
use test_kit::{at_most, bench, BenchInput, Problem};

/// The oracle of p16531-jump-duel: its input is, per test, the values of cells 3..=n.
pub struct JumpDuel;

/// The first player's score minus the second's under optimal play, by searching every play:
/// the state is the set of cells ever occupied, both pieces' cells and the player to move. A
/// piece jumps 1..=4 cells right onto a never-occupied cell of the row, its player gaining the
/// cell's value; a player with no move passes; the game ends when neither can move.
pub fn brute_force(values: &[u32]) -> i64 {
    let n = values.len() + 2;
    let worth = |c: usize| if c >= 3 { i64::from(values[c - 3]) } else { 0 };
    let free = move |occupied: u32, c: usize| c <= n && occupied >> c & 1 == 0;
    let landings = move |occupied, at: usize| (at + 1..=at + 4).filter(move |&c| free(occupied, c));
    let start = (0b110u32, [1usize, 2], 0usize);
    score(start, |&(occupied, pieces, mover), moves| {
        for c in landings(occupied, pieces[mover]) {
            let next = [0, 1].map(|p| if p == mover { c } else { pieces[p] });
            moves.scoring(worth(c), (occupied | 1 << c, next, 1 - mover));
        }
        let stuck = |p: usize| landings(occupied, pieces[p]).next().is_none();
        if stuck(mover) && !stuck(1 - mover) {
            moves.go((occupied, pieces, 1 - mover)); // a pass
        }
    })
}

/// `tests` rows of `n` cells, values uniform in 1..=10^9, fixed by `seed`.
pub fn random_rows(seed: u64, tests: usize, n: usize) -> Vec<Vec<u32>> {
    let mut rng = SplitMix64::new(seed);
    let mut value = || rng.range(1, 1_000_000_000) as u32;
    let mut row = |_| (3..=n).map(|_| value()).collect();
    (0..tests).map(&mut row).collect()
}

/// The issue's benchmark: t = 10 rows of n = 100 000 (about 10 MB).
pub fn bench_long_rows(seed: u64) -> String {
    JumpDuel::format().render(&random_rows(seed, 10, 100_000))
}

/// The same size as [`bench_long_rows`] split as t = 100 000 rows of n = 10.
pub fn bench_many_rows(seed: u64) -> String {
    JumpDuel::format().render(&random_rows(seed, 100_000, 10))
}

impl Problem for JumpDuel {
    test_kit::name_and_solve_of_this_crate!();
    type Value = Vec<Vec<u32>>;

    /// 1 to 3 rows of n = 2 to 14 cells, values up to 12 (often fewer, so they tie).
    fn format() -> impl Format<Value = Self::Value> {
        let value = int("a_i (a cell value)", 1..=MAX_VALUE).small(1..=12);
        let row = list("n", 0..=MAX_N - 2, value).offset(2).small(0..=12);
        cases("t", 1..=MAX_TOTAL / 2, row).small(1..=3)
    }

    fn brute(rows: &Vec<Vec<u32>>) -> String {
        let answer = |values: &Vec<u32>| format!("{}\n", brute_force(values));
        rows.iter().map(answer).collect()
    }

    fn refuses(rows: &Vec<Vec<u32>>) -> Option<String> {
        let cells = rows.iter().map(|r| r.len() + 2).max()?;
        at_most("cells in a row", cells, 20)
    }

    /// The issue's sizes: t = 10 rows of n = 100 000, and t = 100 000 rows of n = 10.
    fn benches() -> Vec<BenchInput> {
        let rows = |(t, n)| bench::<Self>(format!("t={} n={}", t, n), &random_rows(1, t, n));
        [(10, 100_000), (100_000, 10)].map(rows).to_vec()
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
        assert_eq!(brute_force(&[]), 0);
    }

    #[test]
    fn bench_inputs_are_the_issue_sizes() {
        let inputs = JumpDuel::benches();
        assert_eq!(inputs.len(), 2);
        for (input, (t, n)) in inputs.iter().zip([(10, 100_000), (100_000, 10)]) {
            let tokens: Vec<&str> = input.text.split_ascii_whitespace().collect();
            // t, then per test n and its n - 2 values; the sum of n is 10^6 either way.
            assert_eq!(tokens.len(), 1 + t * (n - 1), "{}", input.name);
            assert_eq!((tokens[0], tokens[1]), (&*t.to_string(), &*n.to_string()));
        }
        let rows = random_rows(1, 3, 7);
        assert!(rows.len() == 3 && rows.iter().all(|r| r.len() == 5));
    }
}

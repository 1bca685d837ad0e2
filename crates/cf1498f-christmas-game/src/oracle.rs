//! Test oracle (feature `oracle`) of a placeholder problem from the workbench: the input
//! format (one description gives the generator, renderer, parser and shrinker), a brute force
//! that sums by counting, and its size guard. The oracle program (src/bin/oracle.rs) runs it
//! for `cargo xtask stress`.

use test_kit::format::{int, until_end, Format};
use test_kit::{at_most, Problem};

/// The oracle of cf1498f-christmas-game.
pub struct ChristmasGame;

impl Problem for ChristmasGame {
    test_kit::name_and_solve_of_this_crate!();
    type Value = Vec<u64>;

    /// Integers, one per line, until the end of input: small ones are 1 to 5 up to 1000.
    fn format() -> impl Format<Value = Self::Value> {
        let a = int("a", 0..=crate::MAX_VALUE).small(0..=1000);
        until_end(1..=crate::MAX_COUNT, a)
    }

    fn brute(numbers: &Vec<u64>) -> String {
        let units = numbers.iter().flat_map(|&x| (0..x).map(|_| 1u64));
        format!("{}\n", units.sum::<u64>())
    }

    fn refuses(numbers: &Vec<u64>) -> Option<String> {
        at_most("(the sum)", numbers.iter().sum(), 10_000_000)
    }
}

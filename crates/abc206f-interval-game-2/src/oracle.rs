//! Test oracle (feature `oracle`) of abc206f-interval-game-2: the tests (small inputs on the
//! points 1..=8, so that intervals nest, touch and repeat), a brute force that plays the rules on
//! the set of intervals chosen with the kit's search, and the largest inputs.

use crate::{MAX_N, MAX_R, MAX_T};
use test_kit::format::{cases, int, line, list, then, Format};
use test_kit::game::{outcome, Moves};
use test_kit::{at_most, bench, BenchInput, Problem};

/// The oracle of abc206f-interval-game-2.
pub struct IntervalGame2;

/// One test: the intervals `(L_i, R_i)`.
pub type Intervals = Vec<(usize, usize)>;

impl Problem for IntervalGame2 {
    test_kit::name_and_solve_of_this_crate!();
    const LINE_ENDS: bool = true;
    type Value = Vec<Intervals>;

    /// T tests of N intervals. Small: 1 to 3 tests of 1 to 7 intervals on the points 1..=8.
    fn format() -> impl Format<Value = Self::Value> {
        let left = int("L_i", 1..=MAX_R - 1).small(1..=7);
        let interval = then(left, |&l| int("R_i", l + 1..=MAX_R).small(l + 1..=8));
        let test = list("N", 1..=MAX_N, line(interval));
        cases("T", 1..=MAX_T, test.small(1..=7).each_line()).small(1..=3)
    }

    /// The rules played on the set of intervals chosen (a mask over the list): a move chooses
    /// one that shares a point with none of them, itself included; who cannot choose has lost.
    fn brute(tests: &Vec<Intervals>) -> String {
        let answer = |list: &Intervals| {
            let n = list.len();
            let meet = |i: usize, j: usize| list[i].0.max(list[j].0) < list[i].1.min(list[j].1);
            let rules = |&chosen: &u64, moves: &mut Moves<u64>| {
                let free = |i: &usize| (0..n).all(|j| chosen >> j & 1 == 0 || !meet(*i, j));
                (0..n).filter(free).for_each(|i| moves.go(chosen | 1 << i));
            };
            outcome(0, rules).pick(["Alice\n", "Bob\n", "a draw\n"])
        };
        tests.iter().map(answer).collect()
    }

    fn refuses(tests: &Vec<Intervals>) -> Option<String> {
        at_most("intervals in a test", tests.iter().map(Vec::len).max()?, 14)
    }

    /// T = 100 tests of N = 100 intervals: anywhere, of length 1 to 3 (the most nested in each
    /// stretch), the 99 unit intervals and `1 100`, and `1 100` a hundred times.
    fn benches() -> Vec<BenchInput> {
        let mut rng = dp_core::SplitMix64::new(206);
        let mut interval = |longest: usize| {
            let len = 1 + rng.index(longest);
            let l = rng.range(1, (MAX_R - len) as u64) as usize;
            (l, l + len)
        };
        let mut random = |longest| (0..MAX_N).map(|_| interval(longest)).collect::<Intervals>();
        let units: Intervals = (1..MAX_R).map(|l| (l, l + 1)).chain([(1, MAX_R)]).collect();
        let tests: [(&str, Vec<Intervals>); 4] = [
            ("anywhere", (0..MAX_T).map(|_| random(MAX_R - 1)).collect()),
            ("length 1..=3", (0..MAX_T).map(|_| random(3)).collect()),
            ("units and 1 100", vec![units; MAX_T]),
            ("1 100 only", vec![vec![(1, MAX_R); MAX_N]; MAX_T]),
        ];
        let bench = |(name, t): &(&str, _)| bench::<Self>(format!("t=100 n=100 {}", name), t);
        tests.iter().map(bench).collect()
    }
}

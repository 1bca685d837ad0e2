//! Test oracle (feature `oracle`): the input format (n, then Rick's and Morty's sets), a brute
//! force that plays the rules literally with the kit's search (a repetition is a loop), and the
//! benchmark inputs.

use crate::MAX_N;
use dp_core::SplitMix64;
use test_kit::format::{int, line, list, then, Format};
use test_kit::game::{outcome_with, Memo, Moves};
use test_kit::{at_most, bench, gen, BenchInput, Problem};

/// One input: n, then Rick's set and Morty's, in the order written.
pub type Input = (usize, (Vec<usize>, Vec<usize>));

/// The oracle of cf786a-berzerk.
pub struct Berzerk;

/// The answer by the rules: from object `at` (0 the black hole) with `side` to move, a move
/// sends the monster `x` objects on, `x` from the mover's set; the side to move with the
/// monster in the hole has lost (the other put it there). `Win`, `Lose` or `Loop` (neither
/// side can force an end) for every start and first player.
pub fn brute_force((n, (rick, morty)): &Input) -> String {
    let rules = |&(at, side): &(usize, usize), moves: &mut Moves<(usize, usize)>| {
        for x in [rick, morty][side].iter().filter(|_| at > 0) {
            moves.go(((at + x) % n, 1 - side));
        }
    };
    let mut memo = Memo::default();
    let mut line = |side| {
        let word = |at| outcome_with(&mut memo, (at, side), rules).pick(["Win", "Lose", "Loop"]);
        (1..*n).map(word).collect::<Vec<_>>().join(" ") + "\n"
    };
    line(0) + &line(1)
}

/// A random input on n objects: each set holds each of `1..n` with probability `per_million`
/// in a million (at least one), shuffled.
pub fn random_input(rng: &mut SplitMix64, n: usize, per_million: u64) -> Input {
    let mut sets = [0, 1].map(|_| gen::subset(rng, 1, n - 1, per_million, 1));
    sets.iter_mut().for_each(|set| gen::shuffle(rng, set));
    let [rick, morty] = sets;
    (n, (rick, morty))
}

impl Problem for Berzerk {
    test_kit::name_and_solve_of_this_crate!();
    type Value = Input;

    /// n up to 30 with sets of one to four elements, often small ones (where `Lose` and `Loop`
    /// live).
    fn format() -> impl Format<Value = Self::Value> {
        then(line(int("n", 2..=MAX_N).small(2..=30)), |&n| {
            let step = int("an element", 1..=n - 1).small(1..=n - 1);
            let few = 1..=(n - 1).min(4);
            let set = |k| list(k, 1..=n - 1, step.clone()).small(few.clone()).inline();
            (set("k1").distinct(), set("k2").distinct())
        })
    }

    fn brute(input: &Input) -> String {
        brute_force(input)
    }

    fn refuses(&(n, _): &Input) -> Option<String> {
        at_most("objects", n, 1000)
    }

    /// n = 7000 with full sets (about 10^8 un-move visits), and with sets of 1 to 3 and of about
    /// 70 elements (many `Lose` and `Loop`), from fixed seeds.
    fn benches() -> Vec<BenchInput> {
        let full = (MAX_N, ((1..MAX_N).collect(), (1..MAX_N).rev().collect()));
        let mut rng = SplitMix64::new(786);
        let few = random_input(&mut rng, MAX_N, 1_000_000 * 2 / MAX_N as u64);
        let some = random_input(&mut rng, MAX_N, 10_000);
        let name = |(_, (a, b)): &Input| format!("n=7000 k={},{}", a.len(), b.len());
        let mut inputs = vec![bench::<Self>("n=7000 full sets", &full)];
        inputs.extend([few, some].map(|input| bench::<Self>(name(&input), &input)));
        inputs
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn brute_force_on_the_statement() {
        let input = |n, a: &[usize], b: &[usize]| (n, (a.to_vec(), b.to_vec()));
        assert_eq!(
            brute_force(&input(5, &[3, 2], &[1, 2, 3])),
            "Lose Win Win Loop\nLoop Win Win Win\n"
        );
        assert_eq!(
            brute_force(&input(7, &[2, 3], &[4])),
            "Loop Loop Loop Win Win Win\nLose Lose Win Loop Loop Loop\n"
        );
    }

    #[test]
    fn parse_refuses_what_the_statement_does_not_allow() {
        assert!(Berzerk::parse(b"5 2 3 3 1 1").is_err());
        assert!(Berzerk::parse(b"5 1 5 1 1").is_err());
        assert!(Berzerk::parse(b"5 1 1 1 1 9").is_err());
        assert!(Berzerk::parse(b"5 2 1 1 1 1")
            .unwrap_err()
            .to_string()
            .contains("repeats"));
    }

    #[test]
    fn bench_inputs_are_as_large_as_allowed() {
        let inputs = Berzerk::benches();
        for input in &inputs {
            assert_eq!(Berzerk::parse(input.text.as_bytes()).unwrap().0, 7000);
        }
    }
}

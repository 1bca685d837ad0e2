//! Test oracle (feature `oracle`) of abc354e-remove-pairs: the cards (small inputs over a few
//! values, so that fronts and backs repeat), a brute force that plays the rules on the list of
//! cards left with the kit's search, and the largest inputs.

use crate::{MAX_N, MAX_VALUE};
use test_kit::format::{int, line, list, Format};
use test_kit::game::{outcome, Moves, Outcome};
use test_kit::{at_most, bench, BenchInput, Problem};

/// The oracle of abc354e-remove-pairs.
pub struct RemovePairs;

/// The cards on the table, `(front, back)`.
pub type Cards = Vec<(u32, u32)>;

impl Problem for RemovePairs {
    test_kit::name_and_solve_of_this_crate!();
    const LINE_ENDS: bool = true;
    type Value = Cards;

    /// N cards, one per line. Small: 1 to 9 cards, fronts and backs in 1..=4.
    fn format() -> impl Format<Value = Self::Value> {
        let side = |name| int(name, 1..=MAX_VALUE).small(1..=4);
        let cards = list("N", 1..=MAX_N, line((side("A_i"), side("B_i"))));
        cards.small(1..=9).each_line()
    }

    /// The rules played on the cards left: a move takes two of them with the same front or the
    /// same back off the table; who cannot move has lost.
    fn brute(cards: &Cards) -> String {
        let rules = |left: &Cards, moves: &mut Moves<Cards>| {
            for i in 0..left.len() {
                for j in i + 1..left.len() {
                    if left[i].0 == left[j].0 || left[i].1 == left[j].1 {
                        let rest = (0..left.len()).filter(|&k| k != i && k != j);
                        moves.go(rest.map(|k| left[k]).collect());
                    }
                }
            }
        };
        let first_wins = outcome(cards.clone(), rules) == Outcome::Win;
        (if first_wins { "Takahashi\n" } else { "Aoki\n" }).to_string()
    }

    fn refuses(cards: &Cards) -> Option<String> {
        at_most("cards", cards.len(), 14)
    }

    /// N = 18: all cards alike (every pair a move), fronts in 3 groups of 6 and backs in 6
    /// groups of 3 (a grid), fronts and backs in 1..=3 drawn at random, and all distinct.
    fn benches() -> Vec<BenchInput> {
        let mut rng = dp_core::SplitMix64::new(354);
        let mut small = || rng.range(1, 3) as u32;
        let grid = |i: u32| (1 + i / 6, 1 + i % 6);
        let random: Cards = (0..MAX_N).map(|_| (small(), small())).collect();
        let cards: [(&str, Cards); 4] = [
            ("all alike", vec![(7, 7); MAX_N]),
            ("3x6 grid", (0..MAX_N as u32).map(grid).collect()),
            ("values 1..=3", random),
            ("all distinct", (1..=MAX_N as u32).map(|i| (i, i)).collect()),
        ];
        let bench = |(name, cards): &(&str, Cards)| bench::<Self>(format!("n=18 {}", name), cards);
        cards.iter().map(bench).collect()
    }
}

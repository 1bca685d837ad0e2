//! Test oracle (feature `oracle`) of abc209e-shiritori: the words (small inputs over two or
//! three letters, so that words chain, loop and repeat), a brute force that plays the rules on
//! the words with the kit's search, and the largest inputs.

use crate::MAX_N;
use dp_core::SplitMix64;
use test_kit::format::{list, word, Format, Size};
use test_kit::game::{outcome_with, Memo, Moves};
use test_kit::{at_most, bench, gen, BenchInput, Problem};

/// The letters of a word: case matters.
pub const LETTERS: &[u8] = b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";

/// The oracle of abc209e-shiritori.
pub struct Shiritori;

/// The rules played on the words: the position is the word said last, a move says a word whose
/// first three letters are its last three, who cannot move has lost and an endless game is a
/// draw. For each word, the game after Takahashi said it (Aoki to move).
pub fn brute_force(words: &[Vec<u8>]) -> String {
    let rules = |&w: &usize, moves: &mut Moves<usize>| {
        let last = &words[w][words[w].len() - 3..];
        let follows = (0..words.len()).filter(|&v| &words[v][..3] == last);
        follows.for_each(|v| moves.go(v));
    };
    let mut memo = Memo::default();
    let answer = |w| outcome_with(&mut memo, w, rules).pick(["Aoki\n", "Takahashi\n", "Draw\n"]);
    (0..words.len()).map(answer).collect()
}

/// `n` words of 3 to `longest` letters over `letters`.
pub fn random_words(rng: &mut SplitMix64, n: usize, longest: u64, letters: &[u8]) -> Vec<Vec<u8>> {
    let mut word = || {
        let len = rng.range(3, longest) as usize;
        gen::word(rng, letters, len)
    };
    (0..n).map(|_| word()).collect()
}

impl Problem for Shiritori {
    test_kit::name_and_solve_of_this_crate!();
    const LINE_ENDS: bool = true;
    type Value = Vec<Vec<u8>>;

    /// N words of 3 to 8 letters. Small: 1 to 8 words of 3 to 5 letters over two or three of
    /// `abzABZ` (drawn for each input).
    fn format() -> impl Format<Value = Self::Value> {
        let words = list("N", 1..=MAX_N, word("s_i", LETTERS, 3..=8)).each_line();
        words.generate_with(|rng, _: Size| {
            let letters = [0, 1, 2].map(|_| b"abzABZ"[rng.index(6)]);
            let (k, n) = (rng.range(2, 3) as usize, rng.range(1, 8) as usize);
            random_words(rng, n, 5, &letters[..k])
        })
    }

    fn brute(words: &Vec<Vec<u8>>) -> String {
        brute_force(words)
    }

    fn refuses(words: &Vec<Vec<u8>>) -> Option<String> {
        at_most("words", words.len(), 300)
    }

    /// N = 2 * 10^5 words of 8 letters: over all 52 letters (few chains), over three (27
    /// nodes: cycles and draws everywhere), and a chain through 140 000 nodes (as many plies).
    fn benches() -> Vec<BenchInput> {
        let mut rng = SplitMix64::new(209);
        let letter = |d: usize| LETTERS[d % 52];
        let three = |k: usize| [k / 2704, k / 52, k].map(letter);
        let link = |i: usize| [&three(i % 140_000)[..], b"ab", &three(i % 140_000 + 1)].concat();
        let mut random = |letters| random_words(&mut rng, MAX_N, 8, letters);
        let words = [
            ("random 52 letters", random(LETTERS)),
            ("random 3 letters", random(b"abA")),
            ("chain of 140000", (0..MAX_N).map(link).collect()),
        ];
        let bench = |(name, words): &(&str, _)| bench::<Self>(format!("n=200000 {}", name), words);
        words.iter().map(bench).collect()
    }
}

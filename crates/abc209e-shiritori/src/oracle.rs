//! Test oracle (feature `oracle`): words over two or three letters (so that words chain, loop
//! and repeat), a brute force over the words said, shrinking, and the largest inputs.

use dp_core::{Error, SplitMix64};
use test_kit::{parse_with, shrink_list, BenchInput, Oracle};

/// The oracle this crate registers (in the root `Cargo.toml`).
pub type ProblemOracle = Shiritori;

/// The oracle of abc209e-shiritori: the words, in order.
pub struct Shiritori;

/// Words over `letters`, `n` of them, each of `3..=longest` letters.
pub fn random_words(rng: &mut SplitMix64, n: usize, longest: u64, letters: &[u8]) -> Vec<String> {
    let mut word = || {
        (0..rng.range(3, longest))
            .map(|_| letters[rng.index(letters.len())] as char)
            .collect()
    };
    (0..n).map(|_| word()).collect()
}

/// The rules played literally on the words: after word w is said, the mover says a word whose
/// first three letters are w's last three. Iterated to a fixpoint over "after w": lost if no
/// word follows or every follower is won for the other side, won if some follower is lost for
/// it; never settled is a draw. O(N^3).
pub fn brute_force(words: &[String]) -> String {
    let follows = |w: &str, v: &str| w[w.len() - 3..] == v[..3];
    // After word w is said, the side to move: Some(true) wins, Some(false) loses.
    let mut wins: Vec<Option<bool>> = vec![None; words.len()];
    let mut changed = true;
    while std::mem::take(&mut changed) {
        for w in 0..words.len() {
            let said = words.iter().zip(&wins);
            let next = || {
                said.clone()
                    .filter(|(v, _)| follows(&words[w], v))
                    .map(|(_, x)| *x)
            };
            let now = match (
                next().any(|x| x == Some(false)),
                next().all(|x| x == Some(true)),
            ) {
                (true, _) => Some(true),
                (false, true) => Some(false),
                _ => None,
            };
            if wins[w].is_none() && now.is_some() {
                (wins[w], changed) = (now, true);
            }
        }
    }
    // Aoki moves after Takahashi's first word: his win, his loss, or neither.
    let answer =
        |w: &Option<bool>| ["Draw\n", "Aoki\n", "Takahashi\n"][w.map_or(0, |x| 2 - x as usize)];
    wins.iter().map(answer).collect()
}

impl Oracle for Shiritori {
    type Input = Vec<String>;

    fn name() -> &'static str {
        "abc209e-shiritori"
    }

    /// 1 to 8 words of 3 to 5 letters over two or three of `abzABZ` (case matters).
    fn generate(rng: &mut SplitMix64) -> Vec<String> {
        let pool = b"abzABZ";
        let letters: Vec<u8> = (0..rng.range(2, 3))
            .map(|_| pool[rng.index(pool.len())])
            .collect();
        let n = rng.range(1, 8) as usize;
        random_words(rng, n, 5, &letters)
    }

    fn render(words: &Vec<String>) -> String {
        format!("{}\n{}\n", words.len(), words.join("\n"))
    }

    fn parse(input: &[u8]) -> Result<Vec<String>, String> {
        parse_with(input, |sc| {
            let n: usize = sc.next_in(1..=crate::MAX_N, "N")?;
            let word = |sc: &mut dp_core::Scanner| {
                sc.next_word(3..=8, "s_i")
                    .map(|w| String::from_utf8_lossy(w).into_owned())
            };
            (0..n).map(|_| word(sc)).collect()
        })
    }

    fn brute_force(words: &Vec<String>) -> String {
        brute_force(words)
    }

    fn brute_force_refuses(words: &Vec<String>) -> Option<String> {
        let n = words.len();
        (n > 300).then(|| format!("{} words: the brute force stops at 300", n))
    }

    /// Fewer words, then each word with its second letter dropped.
    fn shrink(words: &Vec<String>) -> Vec<Vec<String>> {
        let drop = |w: &String| format!("{}{}", &w[..1], &w[2..]);
        shrink_list(words, 1, |w| {
            (w.len() > 3).then(|| drop(w)).into_iter().collect()
        })
    }

    fn solve(input: &[u8], out: &mut Vec<u8>) -> Result<(), Error> {
        crate::solve(input, out)
    }

    /// N = 2 * 10^5 words of 8 letters: over all 52 letters (few chains), over three (27
    /// nodes: cycles and draws everywhere), and a chain through 140 000 nodes (as many plies).
    fn bench_inputs() -> Vec<BenchInput> {
        let mut rng = SplitMix64::new(209);
        let all: Vec<u8> = (b'a'..=b'z').chain(b'A'..=b'Z').collect();
        let letter = |d: usize| all[d % 52] as char;
        let three = |k: usize| format!("{}{}{}", letter(k / 2704), letter(k / 52), letter(k));
        let chain: Vec<String> = (0..crate::MAX_N)
            .map(|i| format!("{}ab{}", three(i % 140_000), three(i % 140_000 + 1)))
            .collect();
        let words =
            |letters: &[u8], rng: &mut SplitMix64| random_words(rng, crate::MAX_N, 8, letters);
        let inputs = [
            ("random 52 letters", words(&all, &mut rng)),
            ("random 3 letters", words(b"abA", &mut rng)),
            ("chain of 140000", chain),
        ];
        let bench = |(name, words): &(&str, Vec<String>)| BenchInput {
            name: format!("n=200000 {}", name),
            text: Shiritori::render(words),
        };
        inputs.iter().map(bench).collect()
    }
}

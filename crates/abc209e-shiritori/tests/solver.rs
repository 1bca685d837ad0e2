//! abc209e-shiritori against its brute force (the words played as the rules say, to a
//! fixpoint): random files, every dictionary of one or two words over `a` and `B`, a planted
//! bug caught, and the longest chain of the benchmark inputs against its closed form.

use abc209e_shiritori::oracle::{brute_force, Shiritori};
use test_kit::{
    find_mismatch, run_solver, shrink_mismatch, Input, Planted, PlantedSolver, Problem,
};

#[test]
fn agrees_with_the_brute_force_on_random_inputs() {
    if let Some(mismatch) = find_mismatch::<Shiritori>(1, 1000) {
        panic!("{:?}", mismatch);
    }
}

#[test]
fn agrees_on_every_dictionary_of_one_or_two_short_words() {
    // The 24 words of 3 or 4 letters over `a` and `B`: case matters, so `aBa` and `aba` differ.
    let words: Vec<Vec<u8>> = (3..=4u32)
        .flat_map(|len| (0..1u32 << len).map(move |bits| (len, bits)))
        .map(|(len, bits)| {
            (0..len)
                .map(|k| if bits >> k & 1 == 1 { b'B' } else { b'a' })
                .collect()
        })
        .collect();
    assert_eq!(words.len(), 24);
    let mut answers = std::collections::BTreeMap::new();
    for first in &words {
        for second in std::iter::once(None).chain(words.iter().map(Some)) {
            let dictionary: Vec<Vec<u8>> = std::iter::once(first).chain(second).cloned().collect();
            let expected = brute_force(&dictionary);
            assert_eq!(
                run_solver::<Shiritori>(&Shiritori::render(&Input::new(dictionary.clone()))),
                expected,
                "{:?}",
                dictionary
            );
            for answer in expected.lines() {
                *answers.entry(answer.to_string()).or_insert(0) += 1;
            }
        }
    }
    assert_eq!(answers.len(), 3, "{:?}", answers);
}

/// The bug: a draw taken for Takahashi's win (a solver that forgets that games can loop).
struct DrawsWin;

impl PlantedSolver for DrawsWin {
    type Base = Shiritori;
    fn solve(input: &[u8], out: &mut Vec<u8>) -> Result<(), dp_core::Error> {
        let mut right = Vec::new();
        abc209e_shiritori::solve(input, &mut right)?;
        out.extend(
            String::from_utf8(right)
                .unwrap()
                .replace("Draw", "Takahashi")
                .bytes(),
        );
        Ok(())
    }
}

#[test]
fn a_planted_bug_is_caught_and_shrinks_to_one_word() {
    let found = find_mismatch::<Planted<DrawsWin>>(1, 200).expect("the bug caught");
    // One word of three letters that follows itself: an endless game, a draw.
    let small = shrink_mismatch::<Planted<DrawsWin>>(found, 10_000);
    assert_eq!(small.text, "1\naaa\n");
}

#[test]
fn the_longest_chain_alternates() {
    // Word i goes from node i % 140000 to the next one; node 140000 is a dead end. Aoki stands
    // d = 140000 - (i % 140000 + 1) moves from it: he loses when d is even.
    let chain = &Shiritori::benches()[2];
    assert!(chain.name.contains("chain"));
    let out = run_solver::<Shiritori>(&chain.text);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), abc209e_shiritori::MAX_N);
    for (i, line) in lines.iter().enumerate() {
        let d = 140_000 - (i % 140_000 + 1);
        assert_eq!(
            *line,
            if d % 2 == 0 { "Takahashi" } else { "Aoki" },
            "word {}",
            i + 1
        );
    }
}

//! cf786a-berzerk against its brute force (the rules iterated until nothing changes): every pair
//! of sets for n up to 6, and random inputs including small sets at n up to 60.

use cf786a_berzerk::oracle::{brute_force, Berzerk};
use test_kit::{find_mismatch, run_solver, Input, Problem};

#[test]
fn agrees_with_the_brute_force_on_random_inputs() {
    if let Some(mismatch) = find_mismatch::<Berzerk>(1, 3000) {
        panic!("{:?}", mismatch);
    }
}

#[test]
fn agrees_with_the_brute_force_on_every_pair_of_sets_up_to_n_6() {
    let mut cases = 0;
    for n in 2..=6usize {
        let subsets: Vec<Vec<usize>> = (1..1u32 << (n - 1))
            .map(|mask| (1..n).filter(|x| mask >> (x - 1) & 1 == 1).collect())
            .collect();
        for a in &subsets {
            for b in &subsets {
                let input = Input::new((n, (a.clone(), b.clone())));
                assert_eq!(
                    run_solver::<Berzerk>(&Berzerk::render(&input)),
                    brute_force(&input),
                    "{:?}",
                    input
                );
                cases += 1;
            }
        }
    }
    assert_eq!(cases, 1 + 9 + 49 + 225 + 961);
}

#[test]
fn all_three_answers_appear_at_large_n_with_small_sets() {
    // The note's trap: large sets make nearly every answer Win.
    let input = Input::new((200, (vec![4], vec![6])));
    let out = run_solver::<Berzerk>(&Berzerk::render(&input));
    assert_eq!(out, brute_force(&input));
    for word in ["Win", "Lose", "Loop"] {
        assert!(out.split_whitespace().any(|w| w == word), "{}", word);
    }
}

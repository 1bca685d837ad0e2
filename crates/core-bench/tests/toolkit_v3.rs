//! core-bench's entries of the game toolkit v3: `tokens` (two tokens on a graph through
//! `dp_core::TwoPieces`) and `acyclic` (win or loss of a game that cannot loop through
//! `dp_core::wins_in_order`), each variant against the game played out literally on many
//! seeds, and cases checked by hand.

use core_bench::oracle::{brute_force, CoreBench};
use core_bench::{acyclic, two_tokens};
use test_kit::{run_solver, Problem};

fn both_variants_match_literal_play(solver: &'static str, sizes: &[usize], seeds: u64) {
    for &n in sizes {
        for seed in 0..seeds {
            let expected = brute_force(&(solver, ("core", n, seed)));
            for variant in ["core", "plain"] {
                let text = format!("{} {} {} {}\n", solver, variant, n, seed);
                let got = run_solver::<CoreBench>(&text);
                assert_eq!(
                    got, expected,
                    "{} {} n={} seed={}",
                    solver, variant, n, seed
                );
            }
        }
    }
}

#[test]
fn tokens_match_literal_play() {
    both_variants_match_literal_play("tokens", &[1, 2, 3, 5, 8, 13], 60);
}

#[test]
fn acyclic_matches_literal_play() {
    both_variants_match_literal_play("acyclic", &[1, 20, 77, 300], 60);
}

#[test]
fn tokens_by_hand() {
    // A cycle 0 -> 1 -> 2 -> 0 plus 2 -> 2. Cop on 1, robber on 2, robber to move: 2 -> 0 is
    // the station, 2 -> 2 stays, so the robber waits; the cop (at 1) steps onto 2 and wins.
    let graph = dp_core::CsrGraph::from_arcs(3, &[(0, 1), (1, 2), (2, 0), (2, 2)]);
    let table = two_tokens::core(&graph);
    let outcome: Vec<u8> = (0..18).map(|p| table.outcome(p) as u8).collect();
    let at = |side: usize, cop: usize, robber: usize| outcome[side * 9 + cop * 3 + robber];
    assert_eq!(at(1, 1, 2), 1); // robber to move: lost
    assert_eq!(at(0, 1, 2), 2); // cop to move: won at once
    assert_eq!(at(1, 0, 0), 1); // caught
    assert_eq!(at(0, 2, 2), 2);
    // Cop on 0, robber on 2, robber to move: it stays at 2 (2 -> 0 is the station); the cop
    // goes 0 -> 1 and then onto 2.
    assert_eq!(at(1, 0, 2), 1);
    assert_eq!(outcome, two_tokens::plain(&graph));
    // The cop loops at 0, the robber between 1 and 2: nobody wins, a draw.
    let apart = dp_core::CsrGraph::from_arcs(3, &[(0, 0), (1, 2), (2, 1)]);
    let table = two_tokens::core(&apart);
    let outcome: Vec<u8> = (0..18).map(|p| table.outcome(p) as u8).collect();
    let at = |side: usize, cop: usize, robber: usize| outcome[side * 9 + cop * 3 + robber];
    assert_eq!((at(0, 0, 1), at(1, 0, 2)), (0, 0));
    assert_eq!(outcome, two_tokens::plain(&apart));
}

#[test]
fn acyclic_by_hand() {
    // One class taking 1, 3 or 4 everywhere: the lost piles are 0 and 2 modulo 7.
    let table = acyclic::core(200, &[[1, 3, 4]; 5]);
    let won: Vec<bool> = (0..=200).map(|p| table.is_won(p)).collect();
    assert!((0..=200).all(|p| won[p] != (p % 7 == 0 || p % 7 == 2)));
    assert_eq!(won, acyclic::plain(200, &[[1, 3, 4]; 5]));
    let takes = acyclic::takes(11);
    let table = acyclic::core(100_000, &takes);
    let won: Vec<bool> = (0..=100_000).map(|p| table.is_won(p)).collect();
    assert_eq!(won, acyclic::plain(100_000, &takes));
}

#[test]
fn the_benchmark_inputs_agree_across_variants() {
    // Each core bench input and its plain twin give one checksum.
    let inputs = CoreBench::benches();
    let mut pairs = 0;
    for core in inputs
        .iter()
        .filter(|b| b.name.starts_with("tokens core") || b.name.starts_with("acyclic core"))
    {
        let plain = inputs
            .iter()
            .find(|b| b.name == core.name.replace("core", "plain"))
            .unwrap();
        let (a, b) = (
            run_solver::<CoreBench>(&core.text),
            run_solver::<CoreBench>(&plain.text),
        );
        assert_eq!(a, b, "{}", core.name);
        assert!(!a.starts_with("error"), "{}", a);
        pairs += 1;
    }
    assert_eq!(pairs, 2);
}

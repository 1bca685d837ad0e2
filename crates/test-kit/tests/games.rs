//! The literal game search against known game values: Nim (the xor rule), a subtraction game
//! (periodic losses), a game with draws and repetitions (a cycle of positions), plies to the
//! end, extra moves, scoring minimax with extra moves, and Grundy values from outcomes alone
//! (Nim heaps, Kayles), and tallies of a table.

use test_kit::game::{
    every_outcome_in_plies, grundy, outcome, outcome_in_plies, outcome_with, outcomes, score,
    split_rules, tally, Memo, Move, Moves, Outcome, Plies,
};

/// Nim: take any number from one heap; the player who cannot move loses. (The rules take the
/// position as the search holds it, a `Vec`.)
#[allow(clippy::ptr_arg)]
fn nim(heaps: &Vec<u8>, moves: &mut Moves<Vec<u8>>) {
    for (k, &h) in heaps.iter().enumerate() {
        for left in 0..h {
            let mut next = heaps.clone();
            next[k] = left;
            next.sort_unstable();
            moves.go(next);
        }
    }
}

#[test]
fn nim_is_lost_exactly_when_the_heaps_xor_to_zero() {
    for a in 0..6u8 {
        for b in 0..6 {
            for c in 0..6 {
                let expected = if a ^ b ^ c == 0 {
                    Outcome::Loss
                } else {
                    Outcome::Win
                };
                assert_eq!(outcome(vec![a, b, c], nim), expected, "{} {} {}", a, b, c);
            }
        }
    }
}

#[test]
fn a_subtraction_game_loses_on_its_period() {
    // Take 1, 3 or 4: lost exactly when n mod 7 is 0 or 2.
    let take = |&n: &u32, moves: &mut Moves<u32>| {
        [1, 3, 4]
            .iter()
            .filter(|&&k| k <= n)
            .for_each(|&k| moves.go(n - k))
    };
    let mut memo = Memo::default();
    for n in 0..200 {
        let lost = n % 7 == 0 || n % 7 == 2;
        assert_eq!(
            outcome_with(&mut memo, n, take) == Outcome::Loss,
            lost,
            "{}",
            n
        );
    }
    assert_eq!(memo.len(), 200);
    // The plies: from 1, take it (1 ply); from 2 the loser lasts 2 plies.
    assert_eq!(
        outcome_in_plies(1, take),
        Plies {
            outcome: Outcome::Win,
            plies: 1
        }
    );
    assert_eq!(
        outcome_in_plies(2, take),
        Plies {
            outcome: Outcome::Loss,
            plies: 2
        }
    );
    // Deep games run on the explicit stack: 2 * 10^5 positions in a chain.
    let step = |&n: &u32, moves: &mut Moves<u32>| {
        if n > 0 {
            moves.go(n - 1)
        }
    };
    assert_eq!(outcome(200_000, step), Outcome::Loss);
    assert_eq!(
        score(200_000u32, |&n, m: &mut Moves<u32>| if n > 0 {
            m.scoring(1, n - 1)
        }),
        0
    );
}

/// A token on a ring 0 -> 1 -> 2 -> 3 -> 0, the players moving it in turn; from 1 the first
/// player (side 0) may instead move to the end 9, lost for the player then to move. Positions
/// are (node, side to move); on the ring the side to move alternates with the node's parity.
fn ring(&(node, side): &(u8, u8), moves: &mut Moves<(u8, u8)>) {
    let other = 1 - side;
    if node < 4 {
        moves.go(((node + 1) % 4, other));
    }
    if node == 1 && side == 0 {
        moves.go((9, other));
    }
}

#[test]
fn a_repeated_position_is_a_draw_unless_someone_can_force_an_end() {
    // The first player at 1 leaves to the end and wins.
    assert_eq!(outcome((1, 0), ring), Outcome::Win);
    assert_eq!(
        outcome_in_plies((1, 0), ring),
        Plies {
            outcome: Outcome::Win,
            plies: 1
        }
    );
    // From (0, 0) the orbit (0, 0), (1, 1), (2, 0), (3, 1) never gives the first player node 1:
    // the game goes round for ever, a draw.
    assert_eq!(outcome((0, 0), ring), Outcome::Draw);
    assert_eq!(outcome((2, 0), ring), Outcome::Draw);
    assert_eq!(
        outcome_in_plies((3, 1), ring),
        Plies {
            outcome: Outcome::Draw,
            plies: 0
        }
    );
    // The other orbit ends: (0, 1) moves to (1, 0), won for the first player.
    assert_eq!(
        outcome_in_plies((0, 1), ring),
        Plies {
            outcome: Outcome::Loss,
            plies: 2
        }
    );
    assert_eq!(
        outcome_in_plies((3, 0), ring),
        Plies {
            outcome: Outcome::Win,
            plies: 3
        }
    );
    assert_eq!(
        outcome_in_plies((2, 1), ring),
        Plies {
            outcome: Outcome::Loss,
            plies: 4
        }
    );
    // One memo across starts, the draws kept.
    let mut memo = Memo::default();
    let all: Vec<Outcome> = (0..4)
        .map(|n| outcome_with(&mut memo, (n, 0), ring))
        .collect();
    assert_eq!(
        all,
        [Outcome::Draw, Outcome::Win, Outcome::Draw, Outcome::Win]
    );
    // A pure cycle with no exit is a draw, and so is a position that can reach it.
    let cycle = |&n: &u8, moves: &mut Moves<u8>| moves.go((n + 1) % 4);
    assert_eq!(outcome(0u8, cycle), Outcome::Draw);
    // A choice between a draw and a loss takes the draw; a win beats both.
    let choose = |&n: &u8, moves: &mut Moves<u8>| match n {
        0 => {
            moves.go(1);
            moves.go(2);
        } // 1: a draw for the opponent; 2: won for them
        1 => moves.go(1),
        2 => moves.go(3),
        _ => {}
    };
    assert_eq!(outcome(0u8, choose), Outcome::Draw);
    assert_eq!(outcome(2u8, choose), Outcome::Win);
}

#[test]
fn plies_count_the_loser_lasting_and_the_winner_hurrying() {
    // From n the mover steps to n - 1 or wins at once when n == 5; from 0, lost.
    let race = |&n: &u32, moves: &mut Moves<u32>| {
        if n == 5 {
            moves.win();
        }
        if n > 0 {
            moves.go(n - 1);
        }
    };
    // 6: every move (to 5) lets the other win at once: lost in 2 plies.
    assert_eq!(
        outcome_in_plies(6, race),
        Plies {
            outcome: Outcome::Loss,
            plies: 2
        }
    );
    assert_eq!(
        outcome_in_plies(5, race),
        Plies {
            outcome: Outcome::Win,
            plies: 1
        }
    );
    assert_eq!(
        outcome_in_plies(4, race),
        Plies {
            outcome: Outcome::Loss,
            plies: 4
        }
    );
    assert_eq!(outcome(7, race), Outcome::Win);
}

#[test]
fn extra_moves_keep_the_mover() {
    // Dots and boxes in one line: n sticks; taking the last stick of a pair scores and moves
    // again. As an outcome: taking a stick moves again when it leaves an even count.
    let sticks = |&n: &u32, moves: &mut Moves<u32>| {
        if n > 0 {
            let next = n - 1;
            moves.push(Move {
                to: next,
                gain: i64::from(next % 2 == 0),
                again: next % 2 == 0 && next > 0,
            });
        }
    };
    // The mover takes every stick of 1..=n with one move of its own when the count is odd,...
    // n = 1: take it, the other is stuck: a win. n = 2: take one (odd left, no extra), the other
    // takes the last: a loss. n = 3: take one, 2 left, move again, take one, the other takes the last: loss.
    assert_eq!(outcome(1, sticks), Outcome::Win);
    assert_eq!(outcome(2, sticks), Outcome::Loss);
    assert_eq!(outcome(3, sticks), Outcome::Loss);
    assert_eq!(
        outcome_in_plies(3, sticks),
        Plies {
            outcome: Outcome::Loss,
            plies: 3
        }
    );
    // Scored: from 2 the mover takes to 1 (0), the other to 0 (+1): -1. From 3 the mover takes
    // to 2 (+1, again) and to 1 (0), the other to 0 (+1): 0.
    assert_eq!(score(2, sticks), -1);
    assert_eq!(score(3, sticks), 0);
    assert_eq!(score(4, sticks), 0);
}

#[test]
fn scores_are_minimax_with_end_values() {
    // Each player takes 1 or 2 coins from the left of a row; the mover's best is known.
    let row = |coins: &Vec<i64>, moves: &mut Moves<Vec<i64>>| {
        for k in 1..=coins.len().min(2) {
            moves.scoring(coins[..k].iter().sum(), coins[k..].to_vec());
        }
    };
    assert_eq!(score(vec![], row), 0);
    assert_eq!(score(vec![5], row), 5);
    assert_eq!(score(vec![1, 9, 1], row), 9);
    assert_eq!(score(vec![3, 1, 2], row), 2);
    // An end value counts when there is no move.
    let ends = |&n: &u8, moves: &mut Moves<u8>| {
        if n == 0 {
            moves.end(-7)
        } else {
            moves.go(n - 1)
        }
    };
    assert_eq!(score(0u8, ends), -7);
    assert_eq!(score(1u8, ends), 7);
}

#[test]
#[should_panic(expected = "repeats a position")]
fn a_scored_game_that_repeats_panics() {
    score(0u8, |&n, moves: &mut Moves<u8>| moves.go(1 - n));
}

#[test]
fn grundy_values_from_outcomes_alone() {
    // A Nim heap is worth its size; a position of heaps their xor.
    let heaps: Vec<Vec<u8>> = (0..4)
        .flat_map(|a| (0..4).map(move |b| vec![a, b]))
        .collect();
    let values = grundy(heaps.clone(), nim);
    for (h, &g) in heaps.iter().zip(&values) {
        assert_eq!(g, u32::from(h[0] ^ h[1]), "{:?}", h);
    }
    // Kayles (Guy and Smith's table), as a sum of rows split by split_rules.
    let kayles = split_rules(|&row: &usize| {
        let knock = |k: usize| (0..=row.saturating_sub(k)).map(move |l| vec![l, row - k - l]);
        (1..=2).filter(|&k| k <= row).flat_map(knock).collect()
    });
    let rows = grundy((0..13).map(|r| vec![r]), &kayles);
    assert_eq!(rows, [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4]);
    // A sum's value is the xor of its parts', which the search never assumes.
    assert_eq!(grundy([vec![5, 11], vec![3, 3, 4]], &kayles), [4 ^ 6, 1]);
    // The components stay sorted, empty rows dropped.
    let mut listed = Vec::new();
    let mut record = |at: &Vec<usize>, moves: &mut Moves<Vec<usize>>| {
        kayles(at, moves);
        listed.push(at.clone());
    };
    assert_eq!(outcome(vec![2], &mut record), Outcome::Win);
    assert!(listed.contains(&vec![1]) && listed.contains(&vec![]));
}

#[test]
#[should_panic(expected = "no Grundy value")]
fn a_grundy_value_needs_a_game_that_ends() {
    let _ = grundy([0u8], |&p: &u8, moves: &mut Moves<u8>| moves.go(p));
}

#[test]
fn tables_of_every_start_agree_with_one_search_each() {
    let take = |&n: &u32, moves: &mut Moves<u32>| {
        [1, 3, 4]
            .iter()
            .filter(|&&k| k <= n)
            .for_each(|&k| moves.go(n - k))
    };
    let table = outcomes(0..50, take);
    assert_eq!(table, (0..50).map(|n| outcome(n, take)).collect::<Vec<_>>());
    let all = every_outcome_in_plies((0..50).rev().collect(), take);
    assert_eq!(all.len(), 50);
    for (n, plies) in &all {
        assert_eq!(*plies, outcome_in_plies(*n, take), "{}", n);
    }
    assert_eq!(all[0].0, 49);
    // Starts repeated or reached from an earlier start are listed once.
    assert_eq!(every_outcome_in_plies(vec![3, 3, 1], take).len(), 4);
}

#[test]
fn a_tally_counts_each_value_once_in_order() {
    // Take 1 to 3: a quarter of the heaps 0..100 are lost (the multiples of 4).
    let take = |&h: &u32, moves: &mut Moves<u32>| (1..=h.min(3)).for_each(|k| moves.go(h - k));
    let table = outcomes(0..100, take);
    let counts = tally(table.iter().map(|&o| o == Outcome::Loss));
    assert_eq!(counts.len(), 2);
    assert_eq!((counts[&true], counts[&false]), (25, 75));
    // Ordered by value, whatever the order met; nothing to count, an empty tally.
    let sorted = tally([3, 1, 3, 2, 3]);
    assert!(sorted.into_iter().eq([(1, 1), (2, 1), (3, 3)]));
    assert!(tally(Vec::<u8>::new()).is_empty());
}

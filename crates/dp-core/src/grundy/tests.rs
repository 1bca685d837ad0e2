use super::*;
use crate::hash_memo::HashMemo;
use crate::random::SplitMix64;

/// A game given as, for each position, its moves, each a list of components.
type Game = Vec<Vec<Vec<usize>>>;

/// Whether the player to move wins the sum `positions` (sorted), by plain game search over
/// multisets of positions with a memo: a move replaces one position by the components of
/// one of its moves; no move left is a loss. No Grundy value anywhere.
fn sum_wins(game: &Game, positions: Vec<usize>, memo: &mut HashMemo<Vec<usize>, bool>) -> bool {
    if let Some(&known) = memo.get(&positions) {
        return known;
    }
    let mut wins = false;
    'search: for (k, &p) in positions.iter().enumerate() {
        if k > 0 && positions[k - 1] == p {
            continue;
        }
        for components in &game[p] {
            let mut next = positions.clone();
            next.remove(k);
            next.extend_from_slice(components);
            next.sort_unstable();
            if !sum_wins(game, next, memo) {
                wins = true;
                break 'search;
            }
        }
    }
    memo.insert(positions, wins);
    wins
}

/// Feeds the moves of a [`Game`] table to [`Moves`].
fn play(game: &Game) -> impl FnMut(usize, &mut Moves) + '_ {
    move |p, moves| game[p].iter().for_each(|c| moves.split(c))
}

/// Checks `values` against the search on every sum of at most `parts` positions in `0..n`
/// (random ones when there are many).
fn check_sums(game: &Game, values: &[u32], parts: usize, samples: usize, seed: u64) {
    let mut memo = HashMemo::new();
    let mut rng = SplitMix64::new(seed);
    let n = game.len();
    for _ in 0..samples {
        let count = rng.range(1, parts as u64) as usize;
        let mut sum: Vec<usize> = (0..count).map(|_| rng.index(n)).collect();
        sum.sort_unstable();
        let expected = sum_wins(game, sum.clone(), &mut memo);
        let got = nim_sum_wins(sum.iter().map(|&p| values[p]));
        assert_eq!(got, expected, "sum {:?}", sum);
    }
    // Each position alone, and each together with every other (g(a) == g(b) iff a + b loses).
    for a in 0..n {
        for b in a..n {
            let expected = !sum_wins(game, vec![a, b], &mut memo);
            assert_eq!(
                values[a] == values[b],
                expected,
                "positions {} and {}",
                a,
                b
            );
        }
    }
}

fn kayles(n: usize) -> Game {
    (0..n)
        .map(|p| {
            let mut moves = Vec::new();
            for take in 1..=2.min(p) {
                for left in 0..=p - take {
                    let parts = [left, p - take - left];
                    moves.push(parts.iter().copied().filter(|&r| r > 0).collect());
                }
            }
            moves
        })
        .collect()
}

#[test]
fn mex_matches_sorting_on_random_sets() {
    let mut rng = SplitMix64::new(5);
    let mut seen = MexSet::new();
    for _ in 0..3000 {
        let len = rng.index(200);
        let top = [3, 70, 200, 1000][rng.index(4)];
        let values: Vec<u32> = (0..len).map(|_| rng.range(0, top) as u32).collect();
        let mut sorted = values.clone();
        sorted.sort_unstable();
        sorted.dedup();
        let expected = sorted
            .iter()
            .enumerate()
            .find(|&(i, &v)| v != i as u32)
            .map_or(sorted.len(), |(i, _)| i) as u32;
        assert_eq!(mex(values.iter().copied()), expected, "{:?}", values);
        seen.clear();
        values.iter().for_each(|&v| seen.insert(v));
        assert_eq!(seen.mex(), expected, "reused set, {:?}", values);
        for v in 0..top as u32 + 70 {
            assert_eq!(seen.contains(v), sorted.binary_search(&v).is_ok());
        }
    }
}

#[test]
fn mex_of_whole_words() {
    assert_eq!(mex(0..64), 64);
    assert_eq!(mex(0..128), 128);
    assert_eq!(mex((0..200).filter(|&v| v != 127)), 127);
}

#[test]
fn nim_heaps_are_their_own_values_and_sums_match_the_search() {
    let nim: Game = (0..7).map(|p| (0..p).map(|q| vec![q]).collect()).collect();
    let values = grundy_values(7, play(&nim));
    assert_eq!(values, [0, 1, 2, 3, 4, 5, 6]);
    check_sums(&nim, &values, 4, 500, 1);
}

#[test]
fn subtraction_games_match_the_search_and_known_periods() {
    // {1, 2, 3}: n mod 4. {1, 3, 4}: period 7. {2, 5}: period 7 (0 0 1 1 0 2 1).
    let g = subtraction_grundy(1000, &[1, 2, 3]);
    assert!(g.iter().enumerate().all(|(n, &v)| v == n as u32 % 4));
    let g = subtraction_grundy(1000, &[4, 1, 3, 3]);
    let period = [0, 1, 0, 1, 2, 3, 2];
    assert!(g.iter().enumerate().all(|(n, &v)| v == period[n % 7]));
    let g = subtraction_grundy(1000, &[2, 5]);
    let period = [0, 0, 1, 1, 0, 2, 1];
    assert!(g.iter().enumerate().all(|(n, &v)| v == period[n % 7]));
    let mut rng = SplitMix64::new(9);
    for case in 0..40 {
        let set: Vec<usize> = (0..rng.range(1, 4))
            .map(|_| rng.range(1, 7) as usize)
            .collect();
        let n = 14;
        let game: Game = (0..n)
            .map(|p| {
                set.iter()
                    .filter(|&&s| s <= p)
                    .map(|&s| vec![p - s])
                    .collect()
            })
            .collect();
        let values = subtraction_grundy(n - 1, &set);
        assert_eq!(values, grundy_values(n, play(&game)), "set {:?}", set);
        check_sums(&game, &values, 3, 100, case);
    }
}

#[test]
fn subtraction_beyond_the_heap_and_empty_sets() {
    assert_eq!(subtraction_grundy(3, &[5]), [0, 0, 0, 0]);
    assert_eq!(subtraction_grundy(2, &[]), [0, 0, 0]);
    assert_eq!(subtraction_grundy(0, &[1]), [0]);
}

#[test]
#[should_panic(expected = "at least 1 token")]
fn subtraction_of_zero_is_refused() {
    subtraction_grundy(5, &[1, 0]);
}

#[test]
fn kayles_matches_the_search_and_its_period() {
    let game = kayles(13);
    let values = grundy_values(13, play(&game));
    check_sums(&game, &values, 3, 300, 3);
    // Guy and Smith: period 12 from 71 on, the last exception at 70, the largest value 8.
    let big = kayles(600);
    let g = grundy_values(600, play(&big));
    assert_eq!(&g[..13], [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4]);
    assert!((71..588).all(|n| g[n] == g[n + 12]));
    assert_eq!((g[70], g[82]), (6, 2));
    assert_eq!(g.iter().max(), Some(&8));
}

#[test]
fn random_split_games_agree_in_all_three_orders_and_with_the_search() {
    let mut rng = SplitMix64::new(11);
    for case in 0..60 {
        let n = rng.range(1, 12) as usize;
        // Moves to 0..=3 components, each smaller than the position.
        let game: Game = (0..n)
            .map(|p| {
                if p == 0 {
                    return Vec::new();
                }
                (0..rng.range(0, 4))
                    .map(|_| (0..rng.range(0, 3)).map(|_| rng.index(p)).collect())
                    .collect()
            })
            .collect();
        let up = grundy_values(n, play(&game));
        // The same game relabelled p -> n - 1 - p, so moves go up: a reversed order.
        let flip = |p: usize| n - 1 - p;
        let flipped: Game = (0..n)
            .map(|q| {
                game[flip(q)]
                    .iter()
                    .map(|c| c.iter().map(|&p| flip(p)).collect())
                    .collect()
            })
            .collect();
        let down = grundy_in_order(n, (0..n).rev(), play(&flipped));
        let searched = grundy_reachable(n, 0..n, play(&flipped));
        for p in 0..n {
            assert_eq!(down[flip(p)], up[p], "case {}", case);
            assert_eq!(searched[flip(p)], up[p], "case {}", case);
        }
        check_sums(&game, &up, 3, 60, case);
    }
}

#[test]
fn two_dimensional_cutting_matches_the_search() {
    // A w x h sheet, 1 <= w, h <= 4, cut along a grid line into two; a 1 x 1 cannot be cut.
    let index = |w: usize, h: usize| (w - 1) * 4 + (h - 1);
    let game: Game = (0..16)
        .map(|p| {
            let (w, h) = (p / 4 + 1, p % 4 + 1);
            let mut moves: Vec<Vec<usize>> = Vec::new();
            moves.extend((1..w).map(|i| vec![index(i, h), index(w - i, h)]));
            moves.extend((1..h).map(|j| vec![index(w, j), index(w, h - j)]));
            moves
        })
        .collect();
    let values = grundy_values(16, |p, moves| {
        let (w, h) = (p / 4 + 1, p % 4 + 1);
        (1..w).for_each(|i| moves.pair(index(i, h), index(w - i, h)));
        (1..h).for_each(|j| moves.pair(index(w, j), index(w, h - j)));
    });
    assert_eq!(values, grundy_values(16, play(&game)));
    check_sums(&game, &values, 2, 100, 4);
}

#[test]
fn values_of_64_and_more_take_the_careful_pass_in_every_order() {
    // Nim on one heap (value = heap) plus a split of the heap into two equal halves, whose
    // nim sum is 0 and so changes nothing: values reach 299, sums of large values cancel.
    let n = 300;
    let by = |p: usize, moves: &mut Moves| {
        (0..p).for_each(|q| moves.to(q));
        if p % 2 == 0 && p > 0 {
            moves.pair(p / 2, p / 2);
            moves.split(&[p / 2, p / 2, p / 2, p / 2]);
        }
    };
    let expected: Vec<u32> = (0..n as u32).collect();
    assert_eq!(grundy_values(n, by), expected);
    // Relabelled p -> n - 1 - p: the same values backwards.
    let flip = |p: usize| n - 1 - p;
    let flipped = |q: usize, moves: &mut Moves| {
        let p = flip(q);
        (0..p).for_each(|r| moves.to(flip(r)));
        if p % 2 == 0 && p > 0 {
            moves.pair(flip(p / 2), flip(p / 2));
        }
    };
    let backwards: Vec<u32> = (0..n as u32).rev().collect();
    assert_eq!(grundy_in_order(n, (0..n).rev(), flipped), backwards);
    assert_eq!(grundy_reachable(n, [0], flipped), backwards);
}

#[test]
fn pair_run_is_the_same_as_its_pairs() {
    // Random games on a 2-D index (w, h) in 0..9 x 0..9, whose moves are runs of pairs along
    // either side, with a large-valued Nim part on some positions to force the careful pass.
    let mut rng = SplitMix64::new(23);
    for case in 0..200 {
        let side = 9;
        let nim_above = [usize::MAX, 40, 0][case % 3];
        let runs: Vec<Vec<(usize, usize, usize, usize)>> = (0..side * side)
            .map(|p| {
                let (w, h) = (p / side, p % side);
                let mut runs = Vec::new();
                if w >= 2 && rng.index(3) > 0 {
                    let first = rng.index(w / 2);
                    let count = rng.range(0, (w - first) as u64 / 2) as usize;
                    runs.push((first * side + h, (w - 1 - first) * side + h, side, count));
                }
                if h >= 2 && rng.index(3) > 0 {
                    let first = rng.index(h / 2);
                    let count = rng.range(0, (h - first) as u64 / 2) as usize;
                    runs.push((w * side + first, w * side + h - 1 - first, 1, count));
                }
                runs
            })
            .collect();
        let game = |use_runs: bool| {
            let runs = &runs;
            move |p: usize, moves: &mut Moves| {
                if p >= nim_above {
                    (0..p).for_each(|q| moves.to(q));
                }
                for &(a, b, step, count) in &runs[p] {
                    if use_runs {
                        moves.pair_run(a, b, step, count);
                    } else {
                        (0..count).for_each(|k| moves.pair(a + k * step, b - k * step));
                    }
                }
            }
        };
        let n = side * side;
        let expected = grundy_values(n, game(false));
        assert_eq!(grundy_values(n, game(true)), expected, "case {}", case);
        assert_eq!(
            grundy_in_order(n, 0..n, game(true)),
            expected,
            "case {}",
            case
        );
        assert_eq!(
            grundy_reachable(n, 0..n, game(true)),
            expected,
            "case {}",
            case
        );
    }
}

#[test]
#[should_panic(expected = "leads to position 10, out of range 0..10")]
fn pair_run_past_the_end_is_named() {
    grundy_values(10, |p, moves| {
        if p == 9 {
            moves.pair_run(0, 8, 2, 6)
        }
    });
}

#[test]
#[should_panic(expected = "reads position 7, which is not evaluated yet")]
fn pair_run_reaching_up_is_named() {
    grundy_values(10, |p, moves| {
        if p == 5 {
            moves.pair_run(1, 7, 1, 3)
        }
    });
}

#[test]
fn reachable_leaves_the_rest_unevaluated() {
    // Heaps that move down by 3: from 7 only 7, 4, 1 are reached.
    let g = grundy_reachable(9, [7], |p, moves| {
        if p >= 3 {
            moves.to(p - 3);
        }
    });
    let e = NOT_EVALUATED;
    assert_eq!(g, [e, 0, e, e, 1, e, e, 0, e]);
}

#[test]
fn reachable_handles_long_chains_without_recursion() {
    let n = 1_000_000;
    let g = grundy_reachable(n, [n - 1], |p, moves| {
        if p > 0 {
            moves.to(p - 1);
        }
    });
    assert!(g.iter().enumerate().all(|(p, &v)| v == p as u32 % 2));
}

#[test]
#[should_panic(expected = "reads position 3, which is not evaluated yet")]
fn increasing_order_refuses_a_move_up() {
    grundy_values(5, |p, moves| {
        if p == 2 {
            moves.to(3);
        }
    });
}

#[test]
#[should_panic(expected = "leads to position 9, out of range 0..5")]
fn out_of_range_components_are_named() {
    grundy_values(5, |p, moves| {
        if p == 4 {
            moves.pair(2, 9)
        }
    });
}

#[test]
#[should_panic(expected = "listed twice")]
fn an_order_with_a_repeat_is_refused() {
    grundy_in_order(3, [0, 1, 0], |_, _| {});
}

#[test]
#[should_panic(expected = "cycle")]
fn reachable_refuses_a_cycle() {
    grundy_reachable(4, [0], |p, moves| moves.to((p + 1) % 3));
}

#[test]
#[should_panic(expected = "cycle")]
fn reachable_refuses_a_self_loop() {
    grundy_reachable(2, [1], |p, moves| moves.split(&[p, 0]));
}

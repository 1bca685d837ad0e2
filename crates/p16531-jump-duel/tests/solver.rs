//! p16531-jump-duel against its brute force, its checked path, and bad input.

use dp_core::SplitMix64;
use p16531_jump_duel::gap_mask::GapMask;
use p16531_jump_duel::oracle::{brute_force, JumpDuel as JumpDuelOracle};
use p16531_jump_duel::{best_difference, solve, JumpDuel, MAX_OPEN_GAP, MAX_STEP};
use test_kit::{find_mismatch, shrink_mismatch, Input, Problem};

/// The solver's recurrence evaluated plainly, the reference for its fast path: every (gap,
/// mask) pair of gap <= 9 at every x, every move's bounds checked, every back move tried (not
/// only the nearest one into the closed form), passes by the rules, and L summed cell by cell
/// from [`GapMask::reachable`].
///
/// # Complexity
/// O(n) with a large constant.
fn checked_difference(values: &[u32]) -> i64 {
    const IDS: usize = 511; // GapMask::count(9)
    let n = values.len() + 2;
    // cells[c] for c in 0..=n (0, 1, 2 worth nothing); positions before cell 1 read 0 too.
    let mut cells = vec![0i64; n + 1];
    for (i, &v) in values.iter().enumerate() {
        cells[i + 3] = i64::from(v);
    }
    let cell = |c: isize| if c >= 0 { cells[c as usize] } else { 0 };
    // B values of x..=x + 4 at x % 5, by GapMask::index.
    let mut rows = vec![vec![0i64; IDS]; 5];
    let mut suffix = 0; // S(x + 1)
    for x in (2..=n).rev() {
        // F values at x: by the recurrence for gap <= 5, closed form S(x + 1) - L beyond.
        let mut f = vec![0i64; IDS];
        let mut b = vec![0i64; IDS];
        for id in 0..IDS {
            let s = GapMask::from_index(id);
            let reach = s.reachable(MAX_STEP);
            let back_can_move = reach != 0;
            if s.gap() > MAX_OPEN_GAP {
                f[id] = suffix
                    - (1..s.gap())
                        .filter(|&i| reach >> (i - 1) & 1 == 1)
                        .map(|i| cell(x as isize + i as isize - s.gap() as isize))
                        .sum::<i64>();
            } else if x < n {
                f[id] = (1..=MAX_STEP as usize)
                    .filter(|&k| x + k <= n)
                    .map(|k| cells[x + k] - rows[(x + k) % 5][s.advance_front(k as u32).index()])
                    .max()
                    .unwrap();
            }
            // The back piece's moves; B(x, s) needs F(x, t) only for smaller gaps.
            let mut best: Option<i64> = None;
            for j in 1..=MAX_STEP {
                let z = x as isize + j as isize - s.gap() as isize;
                if z > n as isize || j == s.gap() {
                    continue;
                }
                let after = if j < s.gap() {
                    if s.is_occupied(j) {
                        continue;
                    }
                    f[s.advance_back(j).index()]
                } else {
                    rows[z as usize % 5][GapMask::new(j - s.gap(), 0).index()]
                };
                let option = cell(z) - after;
                best = Some(best.map_or(option, |b| b.max(option)));
            }
            b[id] = match best {
                Some(best) => best,
                // Stuck: pass to the front piece, or the game is over.
                None if x < n => -f[id],
                None => 0,
            };
            if x == n && s.gap() <= MAX_OPEN_GAP && back_can_move {
                // The front piece is stuck for good and passes.
                f[id] = -b[id];
            }
        }
        rows[x % 5] = b;
        suffix += cells[x];
    }
    rows[2][GapMask::new(1, 0).index()]
}

/// A random row of `n` cells whose values (cells 3..=n) are all 1, in 1..=3 or in 1..=10^9,
/// by `kind` 0, 1 or 2.
fn random_values(rng: &mut SplitMix64, n: usize, kind: usize) -> Vec<u32> {
    let hi = [1, 3, 1_000_000_000][kind];
    (3..=n).map(|_| rng.range(1, hi) as u32).collect()
}

/// The input file's text of these tests.
fn render(tests: &[Vec<u32>]) -> String {
    JumpDuelOracle::render(&Input::new(tests.to_vec()))
}

/// The three value distributions of the issue: all 1, 1..=3 (many ties), 1..=10^9.
const KINDS: [&str; 3] = ["all 1", "1..=3", "1..=1e9"];

#[test]
fn matches_brute_force_on_3900_random_rows() {
    // 1300 rows per kind, n cycling through 2..=14 so every size gets 100 rows of each kind.
    let mut rng = SplitMix64::new(16531);
    let mut duel = JumpDuel::new();
    for (kind, name) in KINDS.iter().enumerate() {
        for i in 0..1300 {
            let n = 2 + i % 13;
            let values = random_values(&mut rng, n, kind);
            let expected = brute_force(&values);
            duel.start();
            for &v in &values {
                duel.push(i64::from(v));
            }
            assert_eq!(
                duel.best_difference(),
                expected,
                "fast path, {} values {:?}",
                name,
                values
            );
            assert_eq!(
                checked_difference(&values),
                expected,
                "checked path, {} values {:?}",
                name,
                values
            );
        }
    }
}

#[test]
fn matches_brute_force_on_longer_rows() {
    // n = 15..=17: the fast path runs for most cells, and rows are long enough for the front
    // piece to escape and come back into reach.
    let mut rng = SplitMix64::new(7);
    for i in 0..90 {
        let n = 15 + i % 3;
        let values = random_values(&mut rng, n, i % 3);
        assert_eq!(
            best_difference(&values),
            brute_force(&values),
            "values {:?}",
            values
        );
    }
}

#[test]
fn whole_files_match_brute_force() {
    // 1000 random files of 1..=3 tests each, through `solve` and the text of the file.
    if let Some(mismatch) = find_mismatch::<JumpDuelOracle>(1, 1000) {
        let small = shrink_mismatch::<JumpDuelOracle>(mismatch, 2000);
        panic!(
            "seed {}: input\n{}expected\n{}got\n{}",
            small.seed, small.text, small.expected, small.got
        );
    }
}

#[test]
fn fast_path_matches_checked_path_on_long_rows() {
    let mut rng = SplitMix64::new(99);
    let mut duel = JumpDuel::new();
    for i in 0..300 {
        let n = rng.range(2, 400) as usize;
        let values = random_values(&mut rng, n, i % 3);
        duel.start();
        for &v in &values {
            duel.push(i64::from(v));
        }
        let fast = duel.best_difference();
        assert_eq!(fast, checked_difference(&values), "values {:?}", values);
    }
}

#[test]
fn largest_answers_fit() {
    // n = 100 000 cells of 10^9: the answer is bounded by the sum of all cells, 10^14.
    let values = vec![1_000_000_000; 99_998];
    let fast = best_difference(&values);
    assert_eq!(fast, checked_difference(&values));
    assert!(fast.abs() <= 99_998 * 1_000_000_000);
}

#[test]
fn a_file_of_many_tests_reuses_the_buffers() {
    // A long row, then short ones: rows of the long one left in the buffers must not leak.
    let mut rng = SplitMix64::new(5);
    let mut tests = vec![random_values(&mut rng, 60, 2)];
    for n in 2..=14 {
        tests.push(random_values(&mut rng, n, 1));
    }
    let expected: String = tests
        .iter()
        .map(|values| {
            if values.len() + 2 <= 14 {
                format!("{}\n", brute_force(values))
            } else {
                format!("{}\n", checked_difference(values))
            }
        })
        .collect();
    let mut out = Vec::new();
    solve(render(&tests).as_bytes(), &mut out).unwrap();
    assert_eq!(String::from_utf8(out).unwrap(), expected);
}

fn error_of(input: &str) -> String {
    let mut out = Vec::new();
    match solve(input.as_bytes(), &mut out) {
        Ok(()) => panic!("{:?} was accepted: {:?}", input, String::from_utf8(out)),
        Err(err) => err.to_string(),
    }
}

#[test]
fn bad_input_is_an_error_that_names_the_token() {
    let cases = [
        // Truncated: the second test's values are missing.
        (
            "2\n3\n5\n4\n1\n",
            "token 6 (line 6): expected a_i (a cell value) (an integer in 1..=1000000000), found end of input",
        ),
        // Truncated: no n at all.
        (
            "1\n",
            "token 2 (line 2): expected n (an integer in 2..=100000), found end of input",
        ),
        // A non-number.
        (
            "1\n4\n1 x\n",
            "token 4 (line 3): expected a_i (a cell value) (an integer in 1..=1000000000), found \"x\"",
        ),
        ("one\n", "token 1 (line 1): expected t (an integer in 1..=500000), found \"one\""),
        // n < 2.
        (
            "1\n1\n",
            "token 2 (line 2): expected n (an integer in 2..=100000), found \"1\"",
        ),
        // Values out of range, on CRLF lines.
        (
            "1\r\n3\r\n0\r\n",
            "token 3 (line 3): expected a_i (a cell value) (an integer in 1..=1000000000), found \"0\"",
        ),
        (
            "1\n3\n1000000001\n",
            "token 3 (line 3): expected a_i (a cell value) (an integer in 1..=1000000000), found \"1000000001\"",
        ),
        (
            "1\n3\n-5\n",
            "token 3 (line 3): expected a_i (a cell value) (an integer in 1..=1000000000), found \"-5\"",
        ),
        // t out of range, n too large.
        ("0\n", "token 1 (line 1): expected t (an integer in 1..=500000), found \"0\""),
        (
            "1\n100001\n",
            "token 2 (line 2): expected n (an integer in 2..=100000), found \"100001\"",
        ),
    ];
    for (input, message) in cases {
        assert_eq!(error_of(input), message, "input {:?}", input);
    }
}

#[test]
fn a_sum_of_n_above_the_limit_is_refused() {
    // Eleven rows of 100 000 cells: the eleventh n breaks the limit before its values are read.
    let mut input = String::from("11\n");
    for _ in 0..10 {
        input.push_str("100000\n");
        input.push_str(&"1 ".repeat(99_998));
        input.push('\n');
    }
    input.push_str("100000\n");
    let message = error_of(&input);
    assert!(
        message.starts_with("token 999992 (line 22): the sum of n exceeds 1000000"),
        "{}",
        message
    );
}

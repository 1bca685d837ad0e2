//! p2599-stone-ends against its brute force (every short row, 20 000+ random rows, longer rows of
//! small piles), the seed's counterexample, a rebuilt copy of the seed's code that these checks
//! must catch and shrink to 4 piles, a full-table reference on long rows of large piles, the
//! samples' `.out` files, and bad input.

use ::p2599_stone_ends::oracle::{brute_force, random_rows, StoneEnds};
use ::p2599_stone_ends::{partner, Bounds};
use dp_core::IntervalLayers;
use dp_core::{Error, Scanner, SplitMix64};
use itertools::Itertools;
use std::path::Path;
use test_kit::{
    check_input, check_seed, find_mismatch, shrink_mismatch, Input, Planted, PlantedSolver, Problem,
};

fn solve_text(text: &str) -> Result<String, String> {
    let mut out = Vec::new();
    ::p2599_stone_ends::solve(text.as_bytes(), &mut out)
        .map(|()| String::from_utf8(out).unwrap())
        .map_err(|err| err.to_string())
}

fn answers_by_brute_force(games: &Input<Vec<Vec<u32>>>) -> String {
    StoneEnds::brute(games)
}

#[test]
fn every_row_of_up_to_4_piles_of_1_to_5_stones() {
    let mut rows = 0;
    for n in 1..=4 {
        for row in std::iter::repeat_n(1..=5u32, n).multi_cartesian_product() {
            let games = Input::new(vec![row]);
            if let Some(m) = check_input::<StoneEnds>(0, games) {
                panic!(
                    "brute force {:?}, solver {:?}\n{}",
                    m.expected, m.got, m.text
                );
            }
            rows += 1;
        }
    }
    assert_eq!(rows, 5 + 25 + 125 + 625);
}

#[test]
fn at_least_20000_random_rows_of_up_to_7_piles_of_1_to_8_stones() {
    let mut rows = 0;
    let mut seed = 1;
    while rows < 20_000 {
        let games = StoneEnds::generate(&mut SplitMix64::new(seed));
        assert!(games.iter().all(|r| r.len() <= 7));
        assert!(games.iter().flatten().all(|&a| (1..=8).contains(&a)));
        rows += games.len();
        if let Some(m) = check_seed::<StoneEnds>(seed) {
            panic!(
                "seed {}: brute force {:?}, solver {:?}\n{}",
                m.seed, m.expected, m.got, m.text
            );
        }
        seed += 1;
    }
}

#[test]
fn longer_rows_of_small_piles() {
    // Up to 24 piles of at most 3 stones: few distinct rows arise, so the brute force is quick.
    let mut rng = SplitMix64::new(2009);
    for case in 0..300 {
        let piles = rng.range(8, 24) as usize;
        let games = Input::new(random_rows(rng.next_u64(), 1, piles, [2, 3][case % 2]));
        if let Some(m) = check_input::<StoneEnds>(case as u64, games) {
            panic!(
                "brute force {:?}, solver {:?}\n{}",
                m.expected, m.got, m.text
            );
        }
    }
}

#[test]
fn the_seed_counterexample_answers_0() {
    // The problem file's warning: exhaustive search says the first player loses here.
    let text = "1\n5\n2 1 2 2 2\n";
    assert!(!brute_force(&[2, 1, 2, 2, 2]));
    assert_eq!(solve_text(text).unwrap(), "0\n");
}

/// The recurrence of the seed's program as the problem file describes it: two n x n tables, the
/// new pile compared to the bounds with strict inequalities only, and the left-hand pile's
/// "already lost" test reading `x == 1`. With `fixed_one` that test reads `x == l` instead,
/// which leaves only the equality bugs.
fn seed_recurrence(row: &[u32], fixed_one: bool) -> bool {
    let n = row.len();
    let a: Vec<i64> = row.iter().map(|&v| i64::from(v)).collect();
    let (mut l, mut r) = (vec![vec![0i64; n]; n], vec![vec![0i64; n]; n]);
    for i in 0..n {
        l[i][i] = a[i];
        r[i][i] = a[i];
    }
    for len in 2..n {
        for i in 1..=n - len {
            let j = i + len - 1;
            let (x, lo, ro) = (a[j], l[i][j - 1], r[i][j - 1]);
            l[i][j] = if x == ro {
                0
            } else if (x > lo && x > ro) || (x < lo && x < ro) {
                x
            } else if ro < x && x < lo {
                x - 1
            } else {
                x + 1
            };
            let (x, lo, ro) = (a[i], l[i + 1][j], r[i + 1][j]);
            let lost = if fixed_one { x == lo } else { x == 1 };
            r[i][j] = if lost {
                0
            } else if (x > lo && x > ro) || (x < lo && x < ro) {
                x
            } else if ro < x && x < lo {
                x + 1
            } else {
                x - 1
            };
        }
    }
    n == 1 || a[0] != l[1][n - 1]
}

fn solve_with(
    input: &[u8],
    out: &mut Vec<u8>,
    first_wins: fn(&[u32]) -> bool,
) -> Result<(), Error> {
    let mut sc = Scanner::new(input);
    let tests: usize = sc.next_in(1..=10, "T")?;
    for _ in 0..tests {
        let n: usize = sc.next_in(1..=1000, "n")?;
        let mut row = Vec::with_capacity(n);
        for _ in 0..n {
            row.push(sc.next_in(1..=1_000_000_000, "a_i")?);
        }
        out.extend_from_slice(if first_wins(&row) { b"1\n" } else { b"0\n" });
    }
    Ok(())
}

/// The solver's own evaluation with only the seed's `x == 1` planted: a pile of 1 put on the
/// left reads as "the row is already lost", the case split being right otherwise.
fn planted_x_eq_1(row: &[u32]) -> bool {
    let rest = &row[1..];
    let bounds = IntervalLayers::new(rest.len(), |_| Bounds::default()).finish(
        |start, end, without_last: &Bounds, without_first: &Bounds| Bounds {
            left: partner(rest[end - 1], without_last.right, without_last.left),
            right: if rest[start] == 1 {
                0
            } else {
                partner(rest[start], without_first.left, without_first.right)
            },
        },
    );
    row[0] != bounds.left
}

const SEED_CODE: u8 = 0;
const SEED_EQUALITIES: u8 = 1;
const PLANTED_X_EQ_1: u8 = 2;

/// [`StoneEnds`] with a wrong solver: the seed's program ([`SEED_CODE`]), the same with its
/// `x == 1` corrected so that only the equality bugs are left ([`SEED_EQUALITIES`]), or the
/// real solver with only `x == 1` planted ([`PLANTED_X_EQ_1`]).
struct Wrong<const KIND: u8>;
type Mutant<const KIND: u8> = Planted<Wrong<KIND>>;

impl<const KIND: u8> PlantedSolver for Wrong<KIND> {
    type Base = StoneEnds;
    fn solve(input: &[u8], out: &mut Vec<u8>) -> Result<(), Error> {
        let first_wins: fn(&[u32]) -> bool = match KIND {
            SEED_CODE => |row| seed_recurrence(row, false),
            SEED_EQUALITIES => |row| seed_recurrence(row, true),
            _ => planted_x_eq_1,
        };
        solve_with(input, out, first_wins)
    }
}

fn mutant_answer<const KIND: u8>(row: &[u32]) -> String {
    test_kit::run_solver::<Mutant<KIND>>(&StoneEnds::render(&Input::new(vec![row.to_vec()])))
}

#[test]
fn the_rebuilt_seed_code_prints_1_on_the_counterexample() {
    // As the problem file reports, so the mutants below are the seed's bugs.
    assert_eq!(mutant_answer::<SEED_CODE>(&[2, 1, 2, 2, 2]), "1\n");
    assert_eq!(mutant_answer::<SEED_EQUALITIES>(&[2, 1, 2, 2, 2]), "1\n");
}

/// Whether some row of at most `max_piles` piles of 1..=`max_stones` exposes the mutant.
fn exposed_by_a_row<const KIND: u8>(max_piles: u32, max_stones: u32) -> Option<Vec<u32>> {
    (1..=max_piles).find_map(|n| {
        (0..max_stones.pow(n)).find_map(|code| {
            let row: Vec<u32> = (0..n)
                .map(|k| code / max_stones.pow(k) % max_stones + 1)
                .collect();
            let games = Input::new(vec![row.clone()]);
            check_input::<Mutant<KIND>>(0, games).map(|_| row)
        })
    })
}

fn caught_and_shrunk<const KIND: u8>() -> Vec<Vec<u32>> {
    let found =
        find_mismatch::<Mutant<KIND>>(1, 20_000).expect("the random check misses the mutant");
    shrink_mismatch::<Mutant<KIND>>(found, 100_000).input.value
}

#[test]
fn the_seed_code_is_caught_and_shrunk_to_one_row_of_4_piles() {
    // Rows of 3 piles only read bounds of single piles, where the seed's code is right.
    assert_eq!(exposed_by_a_row::<SEED_CODE>(3, 8), None);
    let rows = caught_and_shrunk::<SEED_CODE>();
    assert!(rows.len() == 1 && rows[0].len() == 4, "{:?}", rows);
    assert!(rows[0].iter().all(|&a| a <= 3), "{:?}", rows);
}

#[test]
fn the_seed_equality_bugs_alone_are_caught_and_shrunk_to_one_row_of_4_piles() {
    assert_eq!(exposed_by_a_row::<SEED_EQUALITIES>(3, 8), None);
    let rows = caught_and_shrunk::<SEED_EQUALITIES>();
    assert!(rows.len() == 1 && rows[0].len() == 4, "{:?}", rows);
    assert!(rows[0].iter().all(|&a| a <= 3), "{:?}", rows);
}

#[test]
fn x_eq_1_alone_is_caught_and_shrunk_to_one_row_of_5_piles() {
    // Alone, `x == 1` first matters on 5 piles. On 4 piles (a, 1, y, x) its only wrong values
    // are the right bounds of (1) and of (1, y), 0 instead of 1, and the next pile p gets the
    // same partner with a near bound of 0 or 1 when the far bound f is at least 1: 0 for p = 1,
    // p - 1 for 2 <= p <= f, p above f. The exhaustive search confirms it.
    assert_eq!(exposed_by_a_row::<PLANTED_X_EQ_1>(4, 8), None);
    let rows = caught_and_shrunk::<PLANTED_X_EQ_1>();
    assert_eq!(rows, vec![vec![1, 1, 1, 2, 1]]);
}

/// An independent evaluation for rows too large for the brute force: the problem file's L and
/// R tables, n x n, filled by length, with the case split written in its terms (new pile x on
/// the right: L = L[i][j-1], R = R[i][j-1]; on the left: mirrored). Same theory as the solver,
/// other code: no rolling layer, inclusive indices, and no shared helper.
fn full_tables_first_wins(row: &[u32]) -> bool {
    let n = row.len();
    if n == 1 {
        return true;
    }
    let a: Vec<u64> = row.iter().map(|&v| u64::from(v)).collect();
    let (mut lt, mut rt) = (vec![vec![0u64; n]; n], vec![vec![0u64; n]; n]);
    for i in 0..n {
        lt[i][i] = a[i];
        rt[i][i] = a[i];
    }
    for len in 2..=n {
        for i in 0..=n - len {
            let j = i + len - 1;
            // x on the right of [i, j-1].
            let (x, l, r) = (a[j], lt[i][j - 1], rt[i][j - 1]);
            lt[i][j] = if x == r {
                0
            } else if l <= x && x < r {
                x + 1
            } else if r < x && x <= l {
                x - 1
            } else {
                x
            };
            // x on the left of [i+1, j].
            let (x, l, r) = (a[i], lt[i + 1][j], rt[i + 1][j]);
            rt[i][j] = if x == l {
                0
            } else if r <= x && x < l {
                x + 1
            } else if l < x && x <= r {
                x - 1
            } else {
                x
            };
        }
    }
    a[0] != lt[1][n - 1]
}

#[test]
fn full_tables_agree_with_the_brute_force() {
    let mut rng = SplitMix64::new(41);
    for _ in 0..3000 {
        let games = StoneEnds::generate(&mut rng);
        for row in games.iter() {
            assert_eq!(full_tables_first_wins(row), brute_force(row), "{:?}", row);
        }
    }
}

#[test]
fn long_rows_of_large_piles_agree_with_the_full_tables() {
    let mut rng = SplitMix64::new(1_000_000_007);
    for case in 0..200 {
        let piles = rng.range(1, 300) as usize;
        // Large piles, large piles that tie often, and small ones.
        let row: Vec<u32> = (0..piles)
            .map(|_| match case % 3 {
                0 => rng.range(1, 1_000_000_000) as u32,
                1 => rng.range(999_999_996, 1_000_000_000) as u32,
                _ => rng.range(1, 4) as u32,
            })
            .collect();
        let games = Input::new(vec![row.clone()]);
        let expected = if full_tables_first_wins(&row) {
            "1\n"
        } else {
            "0\n"
        };
        assert_eq!(
            solve_text(&StoneEnds::render(&games)).unwrap(),
            expected,
            "{:?}",
            row
        );
    }
}

/// The rows of a sample file, or `None` for a sample of bad input.
fn sample_rows(text: &str) -> Option<Vec<Vec<u32>>> {
    let mut tokens = text.split_ascii_whitespace().map(|t| t.parse::<u32>().ok());
    let tests = tokens.next()??;
    let mut rows = Vec::new();
    for _ in 0..tests {
        let n = tokens.next()??;
        let row: Option<Vec<u32>> = (0..n).map(|_| tokens.next().flatten()).collect();
        rows.push(row?);
    }
    Some(rows)
}

#[test]
fn sample_out_files_come_from_the_brute_force_or_the_full_tables() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../samples/p2599-stone-ends");
    let mut checked = 0;
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|e| e != "in") {
            continue;
        }
        let input = std::fs::read_to_string(&path).unwrap();
        let expected = std::fs::read_to_string(path.with_extension("out")).unwrap();
        let rows = match sample_rows(&input) {
            Some(rows) if !expected.starts_with("error:") => rows,
            _ => {
                assert!(expected.starts_with("error: token "), "{}", path.display());
                continue;
            }
        };
        let small = rows
            .iter()
            .all(|r| r.iter().map(|&a| u64::from(a)).sum::<u64>() <= 60);
        let answers: String = if small {
            answers_by_brute_force(&Input::new(rows))
        } else {
            rows.iter()
                .map(|r| {
                    if full_tables_first_wins(r) {
                        "1\n"
                    } else {
                        "0\n"
                    }
                })
                .collect()
        };
        assert!(
            test_kit::same_tokens(&answers, &expected),
            "{}: {:?} by {}, {:?} in the file",
            path.display(),
            answers,
            if small { "brute force" } else { "full tables" },
            expected
        );
        checked += 1;
    }
    assert!(checked >= 10, "only {} samples", checked);
}

#[test]
fn bad_input_names_the_token() {
    let cases: [(&str, &str); 9] = [
        (
            "",
            "token 1 (line 1): expected T (an integer in 1..=1000), found end of input",
        ),
        (
            "1\n0\n",
            "token 2 (line 2): expected n (an integer in 1..=50000), found \"0\"",
        ),
        (
            "1\n3\n1 0 2\n",
            "token 4 (line 3): expected a_i (an integer in 1..=1000000000), found \"0\"",
        ),
        (
            "1\n3\n1 2",
            "token 5 (line 3): expected a_i (an integer in 1..=1000000000), found end of input",
        ),
        (
            "1\n1\n1000000001\n",
            "token 3 (line 3): expected a_i (an integer in 1..=1000000000), found \"1000000001\"",
        ),
        (
            "1\n2\n1 x\n",
            "token 4 (line 3): expected a_i (an integer in 1..=1000000000), found \"x\"",
        ),
        (
            "2\n1\n5\n",
            "token 4 (line 4): expected n (an integer in 1..=50000), found end of input",
        ),
        (
            "1\n1\n5\n7\n",
            "token 4 (line 4): expected the end of input, found \"7\"",
        ),
        (
            "1\r\n2\r\n-3 4\r\n",
            "token 3 (line 3): expected a_i (an integer in 1..=1000000000), found \"-3\"",
        ),
    ];
    for (input, message) in cases {
        assert_eq!(solve_text(input).unwrap_err(), message, "input {:?}", input);
    }
}

//! The stress engine (`test_kit::stress`, what `cargo xtask stress` runs) on real problems with
//! planted bugs, in this process ([`InProcess`]): a bug is caught, shrunk to a minimal input and
//! saved without overwriting; the first failing seed does not depend on the jobs; panics and
//! slow cases are reported with their seeds. `crates/test-kit/tests` covers the child processes.

use dp_core::{Error, SplitMix64};
use p2599_stone_ends::oracle::StoneEnds;
use p4363_staircase_chess::oracle::StaircaseChess;
use std::path::Path;
use std::time::Duration;
use test_kit::stress::{
    check_config, max_jobs, print_report, save_counterexample, stress, Config, InProcess, Report,
};
use test_kit::{same_tokens, Planted, PlantedSolver, Problem};
use workspace_layout::TempDir;

/// A stress run of `P` in this process.
fn run<P: Problem>(config: &Config) -> Report {
    stress(P::NAME, config, &InProcess::<P>::new()).unwrap()
}

fn config(dir: &Path, cases: u64, seed: u64, jobs: usize) -> Config {
    Config {
        cases,
        seed,
        jobs,
        save_dir: dir.to_path_buf(),
        progress: false,
        case_time_limit: None,
    }
}

#[test]
fn correct_solver_passes_every_case() {
    let dir = TempDir::new("stress-ok").unwrap();
    let report = run::<StaircaseChess>(&config(dir.path(), 500, 7, 2));
    assert!(report.failure.is_none(), "{:?}", report.failure);
    assert_eq!(report.checked, 500);
    assert_eq!(
        std::fs::read_dir(dir.path()).unwrap().count(),
        0,
        "nothing saved"
    );
}

/// p4363 with a planted bug: the solver forgets White's values on boards with a cell worth
/// more than 5 to White, answering as if White scored nothing.
struct Forgetful;
type ForgetfulChess = Planted<Forgetful>;

impl PlantedSolver for Forgetful {
    type Base = StaircaseChess;
    fn solve(input: &[u8], out: &mut Vec<u8>) -> Result<(), Error> {
        let mut sc = dp_core::Scanner::new(input);
        let rows: usize = sc.next("n")?;
        let cols: usize = sc.next("m")?;
        let shapes = dp_core::LatticePath::new(rows, cols);
        let mut black = vec![0; rows * cols];
        let mut white = vec![0; rows * cols];
        for cell in black.iter_mut().chain(white.iter_mut()) {
            *cell = sc.next("value")?;
        }
        if white.iter().any(|&w| w > 5) {
            white.iter_mut().for_each(|w| *w = 0);
        }
        let best = p4363_staircase_chess::best_difference(&shapes, &black, &white);
        out.extend_from_slice(format!("{}\n", best).as_bytes());
        Ok(())
    }
}

#[test]
fn planted_p4363_bug_is_caught_shrunk_and_saved_without_overwriting() {
    let dir = TempDir::new("stress-p4363").unwrap();
    let report = run::<ForgetfulChess>(&config(dir.path(), 10_000, 1, 2));
    let found = report.found().cloned().expect("the planted bug is found");
    // The smallest board that shows it: one cell whose White value (> 5) White never gets
    // to play... so at least two cells, one of them worth > 5 to White.
    let tokens: Vec<i64> = found
        .input
        .split_ascii_whitespace()
        .map(|t| t.parse().unwrap())
        .collect();
    let (rows, cols) = (tokens[0], tokens[1]);
    assert_eq!(rows * cols, 2, "{}", found.input);
    let white = &tokens[2 + 2..];
    assert_eq!(
        white.iter().filter(|&&w| w > 0).count(),
        1,
        "{}",
        found.input
    );
    assert!(
        white.iter().any(|&w| (6..=11).contains(&w)),
        "{}",
        found.input
    );
    // Saved with the brute force's answer, which disagrees with the planted solver.
    let saved_in = std::fs::read_to_string(&found.saved).unwrap();
    let saved_out = std::fs::read_to_string(found.saved.with_extension("out")).unwrap();
    assert_eq!(saved_in, found.input);
    assert!(same_tokens(&saved_out, &found.expected));
    assert!(!same_tokens(&saved_out, &found.got));
    assert_eq!(
        found.saved.file_name().unwrap().to_string_lossy(),
        format!("stress-{}.in", found.seed)
    );
    // The same run again finds the same seed and takes a new name.
    let again = run::<ForgetfulChess>(&config(dir.path(), 10_000, 1, 1));
    let again = again.found().cloned().unwrap();
    assert_eq!(again.seed, found.seed);
    assert_eq!(again.input, found.input);
    assert_eq!(
        again.saved.file_name().unwrap().to_string_lossy(),
        format!("stress-{}-2.in", found.seed)
    );
    assert_eq!(std::fs::read_to_string(&found.saved).unwrap(), saved_in);
}

/// p2599 with the slip of the seed editorial planted: the right bound's "new pile equals
/// the near bound, so the partner is 0" case tests `x == 1` instead of `x == near`. Right
/// bounds of intervals of two or more piles only matter from 4 piles on.
struct Slipped;
type SlippedStoneEnds = Planted<Slipped>;

/// The seed's right-hand case with its slip: the other cases as in
/// `p2599_stone_ends::partner`.
fn slipped_partner(x: u32, near: u32, far: u32) -> u32 {
    if x == 1 {
        0
    } else if x < near && x >= far {
        x + 1
    } else if x > near && x <= far {
        x - 1
    } else {
        x
    }
}

/// Whether the first player wins, by the interval table with the slipped right bounds.
fn slipped_first_wins(piles: &[u32]) -> bool {
    let n = piles.len();
    // left[i][j], right[i][j]: the bounds of piles[i..j]; 0 for an empty interval.
    let mut left = vec![vec![0u32; n + 1]; n + 1];
    let mut right = vec![vec![0u32; n + 1]; n + 1];
    for len in 1..=n {
        for i in 0..=n - len {
            let j = i + len;
            if len == 1 {
                left[i][j] = piles[i];
                right[i][j] = piles[i];
            } else {
                left[i][j] =
                    p2599_stone_ends::partner(piles[j - 1], right[i][j - 1], left[i][j - 1]);
                right[i][j] = slipped_partner(piles[i], left[i + 1][j], right[i + 1][j]);
            }
        }
    }
    n > 0 && piles[0] != left[1][n]
}

impl PlantedSolver for Slipped {
    type Base = StoneEnds;
    fn solve(input: &[u8], out: &mut Vec<u8>) -> Result<(), Error> {
        let mut sc = dp_core::Scanner::new(input);
        let tests: usize = sc.next("T")?;
        for _ in 0..tests {
            let n: usize = sc.next("n")?;
            let mut piles = Vec::new();
            for _ in 0..n {
                piles.push(sc.next("a_i")?);
            }
            let wins = slipped_first_wins(&piles);
            out.extend_from_slice(if wins { b"1\n" } else { b"0\n" });
        }
        Ok(())
    }
}

#[test]
fn planted_p2599_slip_is_caught_and_shrunk_to_one_test_of_four_piles() {
    // The slipped table agrees with the real solver's bounds where the slip cannot show.
    assert!(slipped_first_wins(&[3, 1, 9]) == p2599_stone_ends::first_player_wins(&[3, 1, 9]));
    let dir = TempDir::new("stress-p2599").unwrap();
    let report = run::<SlippedStoneEnds>(&config(dir.path(), 20_000, 1, 2));
    let found = report.found().cloned().expect("the planted slip is found");
    let tokens: Vec<u32> = found
        .input
        .split_ascii_whitespace()
        .map(|t| t.parse().unwrap())
        .collect();
    // One test (T = 1) of n = 4 piles, each small.
    assert_eq!(tokens.len(), 2 + 4, "{}", found.input);
    assert_eq!((tokens[0], tokens[1]), (1, 4), "{}", found.input);
    let piles = &tokens[2..];
    assert!(
        piles.iter().all(|&a| (1..=8).contains(&a)),
        "{}",
        found.input
    );
    // The brute force and the real solver agree on it; the slipped one does not.
    let truth = p2599_stone_ends::oracle::brute_force(piles);
    assert_eq!(p2599_stone_ends::first_player_wins(piles), truth);
    assert_ne!(slipped_first_wins(piles), truth);
    assert!(same_tokens(&found.expected, if truth { "1" } else { "0" }));
    // Minimal: no shorter row is a counterexample.
    for len in 1..4 {
        for start in 0..=4 - len {
            let row = &piles[start..start + len];
            assert_eq!(
                slipped_first_wins(row),
                p2599_stone_ends::oracle::brute_force(row),
                "{:?}",
                row
            );
        }
    }
    assert!(found.saved.starts_with(dir.path()));
    // The report shows the minimal input and both answers.
    let mut text = Vec::new();
    let config = config(dir.path(), 20_000, 1, 2);
    print_report(StoneEnds::NAME, &config, &report, dir.path(), &mut text).unwrap();
    let text = String::from_utf8(text).unwrap();
    eprintln!("{}", text);
    assert!(
        text.contains(&format!("MISMATCH at seed {}", found.seed)),
        "{}",
        text
    );
    assert!(text.contains(&found.input), "{}", text);
}

#[test]
fn same_seed_same_first_mismatch_whatever_the_jobs() {
    let dir = TempDir::new("stress-jobs").unwrap();
    let one = run::<ForgetfulChess>(&config(dir.path(), 3000, 100, 1));
    let two = run::<ForgetfulChess>(&config(dir.path(), 3000, 100, 2));
    let (one, two) = (one.found().cloned().unwrap(), two.found().cloned().unwrap());
    assert_eq!(one.seed, two.seed);
    assert_eq!(one.input, two.input);
    // And it is the first failing seed.
    assert!((100..one.seed).all(|s| test_kit::cases::check_seed(
        &test_kit::Erase::<ForgetfulChess>::NEW,
        s
    )
    .is_none()));
}

#[test]
fn save_never_overwrites() {
    let dir = TempDir::new("stress-save").unwrap();
    std::fs::write(dir.path().join("stress-5.out"), "keep").unwrap();
    std::fs::write(dir.path().join("stress-5-2.in"), "keep").unwrap();
    let path = save_counterexample(dir.path(), 5, "1\n", "2").unwrap();
    assert_eq!(path, dir.path().join("stress-5-3.in"));
    assert_eq!(
        std::fs::read_to_string(dir.path().join("stress-5-3.out")).unwrap(),
        "2\n"
    );
    assert_eq!(
        std::fs::read_to_string(dir.path().join("stress-5.out")).unwrap(),
        "keep"
    );
    assert_eq!(
        std::fs::read_to_string(dir.path().join("stress-5-2.in")).unwrap(),
        "keep"
    );
    assert!(!dir.path().join("stress-5.in").exists());
}

#[test]
fn panicking_solver_is_a_mismatch_not_a_crash() {
    struct IndexError;
    type Panics = Planted<IndexError>;
    impl PlantedSolver for IndexError {
        type Base = StaircaseChess;
        fn solve(input: &[u8], _: &mut Vec<u8>) -> Result<(), Error> {
            let cells: Vec<u8> = input.to_vec();
            // An index error on every input.
            let _ = cells[cells.len() + 1];
            Ok(())
        }
    }
    let dir = TempDir::new("stress-panic").unwrap();
    let report = run::<Panics>(&config(dir.path(), 10, 3, 1));
    let found = report.found().cloned().unwrap();
    assert_eq!(found.seed, 3);
    assert!(
        found.got.starts_with("panic: index out of bounds"),
        "{}",
        found.got
    );
}

#[test]
fn a_case_past_the_time_limit_fails_the_run_with_its_seed() {
    /// Sleeps on boards of 2 x 3 cells: a hang, as far as a 50 ms limit can tell.
    struct Sleepy;
    impl PlantedSolver for Sleepy {
        type Base = StaircaseChess;
        fn solve(input: &[u8], out: &mut Vec<u8>) -> Result<(), Error> {
            if input.starts_with(b"2 3\n") {
                std::thread::sleep(Duration::from_millis(300));
            }
            p4363_staircase_chess::solve(input, out)
        }
    }
    let dir = TempDir::new("stress-slow").unwrap();
    let mut config = config(dir.path(), 100, 1, 1);
    config.case_time_limit = Some(Duration::from_millis(50));
    let report = run::<Planted<Sleepy>>(&config);
    let mut text = Vec::new();
    print_report("p4363", &config, &report, dir.path(), &mut text).unwrap();
    let err = String::from_utf8(text).unwrap();
    let first = (1..)
        .find(|&seed| {
            let board = StaircaseChess::generate(&mut SplitMix64::new(seed));
            board.0 == (2, 3)
        })
        .unwrap();
    assert!(
        err.contains(&format!("the case of seed {} ran past 50 ms", first)),
        "{}",
        err
    );
    // Without the limit the run passes and names that seed as the slowest.
    config.case_time_limit = None;
    config.cases = first;
    let report = run::<Planted<Sleepy>>(&config);
    assert_eq!(report.slowest.map(|s| s.0), Some(first));
}

#[test]
fn edge_cases_of_the_options_are_refused_or_capped() {
    let err = check_config(0, 1, 0).unwrap_err().to_string();
    assert!(err.contains("--cases 0 checks nothing"), "{}", err);
    let err = check_config(2, u64::MAX, 0).unwrap_err().to_string();
    assert!(err.contains("past 18446744073709551615"), "{}", err);
    // The last seed may be u64::MAX itself.
    assert_eq!(check_config(1, u64::MAX, 0).unwrap(), 0);
    assert_eq!(check_config(1, 1, 10_000).unwrap(), max_jobs());
    let dir = TempDir::new("stress-max-seed").unwrap();
    let report = run::<StaircaseChess>(&config(dir.path(), 3, u64::MAX - 2, 2));
    assert_eq!(report.checked, 3);
}

/// abc201d with a planted bug: every grid a draw.
struct AlwaysDraw;
type DrawnMomotetsu = Planted<AlwaysDraw>;

impl PlantedSolver for AlwaysDraw {
    type Base = abc201d_momotetsu::oracle::Momotetsu;
    fn solve(_: &[u8], out: &mut Vec<u8>) -> Result<(), Error> {
        out.extend_from_slice(b"Draw\n");
        Ok(())
    }
}

#[test]
fn a_shrunk_grid_is_shown_as_the_problems_text_not_as_bytes() {
    let dir = TempDir::new("stress-abc201d").unwrap();
    let config = config(dir.path(), 1000, 1, 2);
    let report = run::<DrawnMomotetsu>(&config);
    let found = report.found().cloned().expect("the planted bug is found");
    let mut text = Vec::new();
    print_report("abc201d-momotetsu", &config, &report, dir.path(), &mut text).unwrap();
    let text = String::from_utf8(text).unwrap();
    // The grid as its statement writes it: `H W`, then rows of `+` and `-`.
    let mut lines = found.input.lines();
    let sides: Vec<usize> = lines
        .next()
        .unwrap()
        .split_whitespace()
        .map(|t| t.parse().unwrap())
        .collect();
    let rows: Vec<&str> = lines.collect();
    assert_eq!(rows.len(), sides[0], "{}", found.input);
    assert!(
        rows.iter()
            .all(|row| row.len() == sides[1] && row.bytes().all(|b| b == b'+' || b == b'-')),
        "{}",
        found.input
    );
    assert!(
        text.contains(&format!("--- input\n{}", found.input)),
        "{}",
        text
    );
    // Not the input type's Debug, a list of byte values.
    assert!(!text.contains("[["), "{}", text);
}

//! poj2311-cutting-game: the solver against the literal brute force on every small sheet and on
//! random files, the whole 199 x 199 table against a second, separately written evaluation, the
//! counts the problem file gives, the normal-play trap, samples and bad input.

use ::poj2311_cutting_game::oracle::{brute_force, CuttingGame, MAX_BRUTE_AREA};
use ::poj2311_cutting_game::{MAX_SIDE, MIN_SIDE};
use dp_core::{Error, Scanner};
use std::path::Path;
use test_kit::{
    check_input, find_mismatch, shrink_mismatch, Input, Planted, PlantedSolver, Problem,
};

/// One file of these sheets, with `\n` line ends.
type Sheets = Input<Vec<(usize, usize)>>;

/// Every sheet with sides at least 2 and area at most `MAX_BRUTE_AREA` that the first player
/// loses, by brute force.
fn small_lose_pairs() -> Vec<(usize, usize)> {
    let sides = MIN_SIDE..=MAX_BRUTE_AREA / MIN_SIDE;
    let pairs = sides
        .clone()
        .flat_map(|w| sides.clone().map(move |h| (w, h)));
    pairs
        .filter(|&(w, h)| w * h <= MAX_BRUTE_AREA && !brute_force(w, h))
        .collect()
}

fn solve_text(text: &str) -> Result<String, String> {
    let mut out = Vec::new();
    ::poj2311_cutting_game::solve(text.as_bytes(), &mut out)
        .map(|()| String::from_utf8(out).unwrap())
        .map_err(|err| err.to_string())
}

fn one_line(w: usize, h: usize) -> Sheets {
    Input::new(vec![(w, h)])
}

#[test]
fn every_sheet_up_to_the_brute_force_area() {
    // One file of all of them: the solver fills its table once per file.
    let mut pairs = Vec::new();
    for w in MIN_SIDE..=MAX_BRUTE_AREA / 2 {
        for h in MIN_SIDE..=MAX_BRUTE_AREA / w {
            pairs.push((w, h));
        }
    }
    // Sides >= 2 and area <= 60: 29 + 19 + 14 + 11 + 9 + 7 + 6 + 5 + 5 + 4 + 4 + 3 * 3
    // + 2 * 5 + 10 sheets for w = 2, 3, ..., 30.
    assert_eq!(pairs.len(), 142);
    let sheets = Input::new(pairs);
    if let Some(m) = check_input::<CuttingGame>(0, sheets) {
        panic!(
            "brute force {:?}, solver {:?}\n{}",
            m.expected, m.got, m.text
        );
    }
    assert!(small_lose_pairs().len() >= 10, "{:?}", small_lose_pairs());
}

#[test]
fn agrees_with_the_brute_force_on_random_files() {
    // 400 files of up to a few sheets each (the solver fills its whole table per file).
    let cases = 400;
    // The generator gives LOSE answers often enough to matter.
    let mut lose = 0;
    for seed in 1..=cases {
        let sheets = CuttingGame::generate(&mut dp_core::SplitMix64::new(seed));
        lose += CuttingGame::brute(&sheets).matches("LOSE").count();
    }
    assert!(lose > 250, "only {} LOSE answers in {} files", lose, cases);
    if let Some(m) = find_mismatch::<CuttingGame>(1, cases) {
        panic!("{:?}", m);
    }
}

/// The whole table by a second, separate evaluation: plain nested loops over a 2-D table of
/// the strip-free game, a `Vec<bool>` for the mex, every cut position `i` in `2..=w-2` (not
/// only up to the middle), the width loop outside.
fn second_table() -> Vec<Vec<u8>> {
    let n = MAX_SIDE;
    let mut g = vec![vec![0u8; n + 1]; n + 1];
    for w in 2..=n {
        for h in 2..=n {
            let mut seen = vec![false; 256];
            for i in 2..=w.saturating_sub(2) {
                seen[(g[i][h] ^ g[w - i][h]) as usize] = true;
            }
            for j in 2..=h.saturating_sub(2) {
                seen[(g[w][j] ^ g[w][h - j]) as usize] = true;
            }
            g[w][h] = seen.iter().position(|&s| !s).unwrap() as u8;
        }
    }
    g
}

#[test]
fn the_whole_table_matches_a_second_evaluation_and_the_problem_file() {
    let table = second_table();
    let mut text = String::new();
    for w in MIN_SIDE..=MAX_SIDE {
        for h in MIN_SIDE..=MAX_SIDE {
            text.push_str(&format!("{} {}\n", w, h));
        }
    }
    let answers = solve_text(&text).unwrap();
    let answers: Vec<&str> = answers.lines().collect();
    assert_eq!(answers.len(), 199 * 199);
    let mut lose = Vec::new();
    let mut answer = answers.iter();
    for (w, row) in table.iter().enumerate().skip(MIN_SIDE) {
        for (h, &g) in row.iter().enumerate().skip(MIN_SIDE) {
            let expected = if g != 0 { "WIN" } else { "LOSE" };
            assert_eq!(answer.next(), Some(&expected), "{} x {}", w, h);
            if expected == "LOSE" {
                lose.push((w, h));
            }
        }
    }
    // The problem file: 1089 LOSE pairs of 39 601, symmetric, none with a side of 200, values
    // below 16, and its examples.
    assert_eq!(lose.len(), 1089);
    assert!(lose.iter().all(|&(w, h)| lose.contains(&(h, w))));
    assert!(lose.iter().all(|&(w, h)| w != 200 && h != 200));
    assert!(table.iter().flatten().all(|&g| g < 16));
    for pair in [
        (2, 2),
        (2, 3),
        (3, 3),
        (2, 7),
        (7, 7),
        (3, 11),
        (45, 57),
        (197, 197),
    ] {
        assert!(lose.contains(&pair), "{:?}", pair);
    }
}

#[test]
fn the_statement_samples() {
    assert_eq!(solve_text("2 2\n3 2\n4 2\n").unwrap(), "LOSE\nLOSE\nWIN\n");
    assert_eq!(
        solve_text("7 7\n2 7\n5 3\n3 11\n6 4\n").unwrap(),
        "LOSE\nLOSE\nWIN\nLOSE\nWIN\n"
    );
}

/// The trap of the problem file: normal play on every cut, 1 x 1 the only dead end.
struct EveryCutNormalPlay;

impl PlantedSolver for EveryCutNormalPlay {
    type Base = CuttingGame;
    fn solve(input: &[u8], out: &mut Vec<u8>) -> Result<(), Error> {
        let sides = MAX_SIDE + 1;
        let g = dp_core::grundy_values(sides * sides, |p, moves| {
            let (w, h) = (p / sides, p % sides);
            (1..w).for_each(|i| moves.pair(i * sides + h, (w - i) * sides + h));
            (1..h).for_each(|j| moves.pair(w * sides + j, w * sides + h - j));
        });
        let mut sc = Scanner::new(input);
        while !sc.is_at_end() {
            let w: usize = sc.next_in(2..=MAX_SIDE, "W")?;
            let h: usize = sc.next_in(2..=MAX_SIDE, "H")?;
            let wins = g[w * sides + h] != 0;
            out.extend_from_slice(if wins { b"WIN\n" } else { b"LOSE\n" });
        }
        Ok(())
    }
}

#[test]
fn the_normal_play_trap_is_caught_and_shrunk_to_2_x_2() {
    assert!(!brute_force(2, 2));
    let found = find_mismatch::<Planted<EveryCutNormalPlay>>(1, 200).expect("trap not caught");
    let small = shrink_mismatch::<Planted<EveryCutNormalPlay>>(found, 10_000);
    assert_eq!(small.input, one_line(2, 2), "{:?}", small);
}

/// A sample's sheets, or `None` for a sample of bad input.
fn sample_pairs(text: &[u8]) -> Option<Vec<(usize, usize)>> {
    CuttingGame::parse(text).ok().map(|sheets| sheets.value)
}

#[test]
fn sample_out_files_come_from_the_brute_force_or_the_second_table() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../samples/poj2311-cutting-game");
    let table = second_table();
    let mut checked = 0;
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|e| e != "in") {
            continue;
        }
        let input = std::fs::read(&path).unwrap();
        let expected = std::fs::read_to_string(path.with_extension("out")).unwrap();
        let pairs = match sample_pairs(&input) {
            Some(pairs) if !expected.starts_with("error:") => pairs,
            _ => {
                assert!(expected.starts_with("error: token "), "{}", path.display());
                continue;
            }
        };
        let answers: String = pairs
            .iter()
            .map(|&(w, h)| {
                let wins = if w * h <= MAX_BRUTE_AREA {
                    brute_force(w, h)
                } else {
                    table[w][h] != 0
                };
                if wins {
                    "WIN\n"
                } else {
                    "LOSE\n"
                }
            })
            .collect();
        assert!(
            test_kit::same_tokens(&answers, &expected),
            "{}: {:?} expected, {:?} in the file",
            path.display(),
            answers,
            expected
        );
        checked += 1;
    }
    assert!(checked >= 6, "only {} samples", checked);
}

#[test]
fn bad_input_names_the_token() {
    let cases: [(&str, &str); 8] = [
        (
            "",
            "token 1 (line 1): expected W (an integer in 2..=200), found end of input",
        ),
        (
            "  \r\n",
            "token 1 (line 2): expected W (an integer in 2..=200), found end of input",
        ),
        (
            "2 2\n1 5\n",
            "token 3 (line 2): expected W (an integer in 2..=200), found \"1\"",
        ),
        (
            "2 201\n",
            "token 2 (line 1): expected H (an integer in 2..=200), found \"201\"",
        ),
        (
            "2 2\n3",
            "token 4 (line 2): expected H (an integer in 2..=200), found end of input",
        ),
        (
            "2 2\r\n3 x\r\n",
            "token 4 (line 2): expected H (an integer in 2..=200), found \"x\"",
        ),
        (
            "-2 2\n",
            "token 1 (line 1): expected W (an integer in 2..=200), found \"-2\"",
        ),
        (
            "2 2 junk\n",
            "token 3 (line 1): expected W (an integer in 2..=200), found \"junk\"",
        ),
    ];
    for (input, message) in cases {
        assert_eq!(solve_text(input).unwrap_err(), message, "input {:?}", input);
    }
}

#[test]
fn line_ends_and_spacing_do_not_matter() {
    let plain = solve_text("2 2\n45 57\n4 2\n").unwrap();
    for text in [
        "2 2\r\n45 57\r\n4 2",
        "2 2\n45 57\n4 2",
        " 2\t2\n\n45  57 4 2 \n",
    ] {
        assert_eq!(solve_text(text).unwrap(), plain, "{:?}", text);
    }
}

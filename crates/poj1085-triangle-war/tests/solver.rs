//! poj1085-triangle-war against its literal search: random histories, the statement's sample and
//! traps, m = 18, and every malformed move.

use dp_core::SplitMix64;
use poj1085_triangle_war::oracle::{random_game, TriangleWar as TriangleWarOracle};
use test_kit::{check_input, find_mismatch, Input, LineEnds, Problem};

/// The brute force's verdicts on these games.
fn brute_force(games: &[Vec<(u8, u8)>]) -> String {
    TriangleWarOracle::brute(&games.to_vec())
}

/// The games of an input file, as the oracle reads them.
fn parse_input(text: &[u8]) -> Result<Vec<Vec<(u8, u8)>>, String> {
    TriangleWarOracle::parse(text)
        .map(|input| input.value)
        .map_err(|err| err.to_string())
}

fn run(text: &str) -> Result<String, String> {
    let mut out = Vec::new();
    poj1085_triangle_war::solve(text.as_bytes(), &mut out)
        .map(|()| String::from_utf8(out).unwrap())
        .map_err(|err| err.to_string())
}

const SAMPLE: &str = "4\n6\n2 4\n4 5\n5 9\n3 6\n2 5\n3 5\n7\n2 4\n4 5\n5 9\n3 6\n2 5\n3 5\n7 8\n\
                      6\n4 8\n4 7\n2 5\n1 3\n5 9\n7 8\n6\n2 4\n4 5\n2 3\n3 5\n2 5\n1 2\n";

#[test]
fn agrees_with_the_brute_force_on_random_histories() {
    if let Some(m) = find_mismatch::<TriangleWarOracle>(1, 400) {
        panic!(
            "seed {}: brute force {:?}, solver {:?}\n{}",
            m.seed, m.expected, m.got, m.text
        );
    }
}

#[test]
fn the_sample_by_the_brute_force_and_the_solver() {
    let expected = "Game 1: B wins.\nGame 2: A wins.\nGame 3: A wins.\nGame 4: A wins.\n";
    assert_eq!(run(SAMPLE).unwrap(), expected);
    // The brute force searches from m = 6 here; one pass still takes well under a second.
    assert_eq!(
        brute_force(&parse_input(SAMPLE.as_bytes()).unwrap()),
        expected
    );
}

#[test]
fn complete_games_are_decided_by_the_replay() {
    // m = 18: nothing left to play, the history's triangles decide. One input of 1000 games
    // (one table), many with a double-completing move.
    let mut rng = SplitMix64::new(18);
    let games = Input {
        value: (0..1000).map(|_| random_game(&mut rng, 18)).collect(),
        ends: LineEnds::Crlf,
    };
    assert!(check_input::<TriangleWarOracle>(18, games).is_none());
}

#[test]
fn the_same_segments_in_another_order_can_change_the_answer() {
    // Sample game 3 has B complete 4-7-8 with its last move; drawing 7-8 earlier changes who
    // owns that triangle and who moves.
    let reordered = "2\n6\n4 8\n4 7\n2 5\n1 3\n5 9\n7 8\n6\n4 8\n7 8\n2 5\n1 3\n5 9\n4 7\n";
    let games = parse_input(reordered.as_bytes()).unwrap();
    let expected = brute_force(&games);
    assert_eq!(run(reordered).unwrap(), expected);
}

#[test]
fn malformed_moves_are_named_as_the_statement_words_them() {
    let error = |text: &str| run(text).unwrap_err();
    let game = |moves: &str| format!("2\n6\n1 2\n1 3\n2 3\n2 4\n2 5\n3 5\n6\n{}", moves);
    assert_eq!(
        error(&game("1 2\n1 3\n2 3\n1 4\n")),
        "token 23 (line 13): game 2, move 4: 1 4 is not a unit segment of the grid"
    );
    assert_eq!(
        error(&game("2 5\n1 3\n2 3\n2 4\n4 5\n5 2\n")),
        "token 27 (line 15): game 2, move 6: segment 5 2 is already drawn"
    );
    for bad in ["0 1", "10 11", "3 3", "-1 2", "4 6"] {
        let text = format!("1\n6\n1 2\n{}\n", bad);
        assert_eq!(
            error(&text),
            format!(
                "token 6 (line 4): game 1, move 2: {} is not a unit segment of the grid",
                bad
            )
        );
    }
    assert_eq!(
        error("1\n6\n1 2\n2 1\n"),
        "token 6 (line 4): game 1, move 2: segment 2 1 is already drawn"
    );
    assert_eq!(
        error("1\n6\n1 2\n2 x\n"),
        "token 6 (line 4): expected a dot of game 1, move 2 (an integer), found \"x\""
    );
    assert_eq!(
        error("1\n7\n1 2\n2 3\n1 3\n"),
        "token 9 (line 6): expected a dot of game 1, move 4 (an integer), found end of input"
    );
    assert_eq!(
        error("1\n19\n1 2\n"),
        "token 2 (line 2): expected m of game 1 (an integer in 0..=18), found \"19\""
    );
    assert!(error("1001\n").contains("expected G (an integer in 1..=1000)"));
    assert!(error(&format!("{}\n", SAMPLE.replacen('4', "3", 1) + "6")).contains("end of input"));
    assert_eq!(
        error("1\n0\n0\n"),
        "token 3 (line 3): expected the end of input, found \"0\""
    );
}

#[test]
fn short_histories_are_answered_too() {
    // m < 6 never occurs in judge data; the table answers it like any other game. The brute
    // force is checked from m = 5; from m = 0, A wins iff some first move leaves a history of
    // one move that A wins.
    let mut rng = SplitMix64::new(5);
    let games = Input::new((0..2).map(|_| random_game(&mut rng, 5)).collect());
    assert!(check_input::<TriangleWarOracle>(5, games).is_none());
    let mut text = "19
0
"
    .to_string();
    let segments = [
        "1 2", "1 3", "2 3", "2 4", "2 5", "3 5", "3 6", "4 5", "5 6", "4 7", "4 8", "5 8", "5 9",
        "6 9", "6 10", "7 8", "8 9", "9 10",
    ];
    for s in segments {
        text.push_str(&format!("1\n{}\n", s));
    }
    let answers = run(&text).unwrap();
    let lines: Vec<&str> = answers.lines().collect();
    let a_wins = |line: &str| line.ends_with("A wins.");
    assert_eq!(
        a_wins(lines[0]),
        lines[1..].iter().any(|l| a_wins(l)),
        "{}",
        answers
    );
}

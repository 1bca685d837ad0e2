//! abc201d-momotetsu against its game-tree brute force: random small grids, every grid of up to
//! 9 cells, the statement's traps, the known answers at 2000 x 2000, and malformed rows.

use abc201d_momotetsu::oracle::{brute_force, Momotetsu};
use test_kit::{find_mismatch, Input, LineEnds, Problem};

/// An h x w grid whose cell (i, j) (0-based) is `+` when `plus(i, j)`, with `\n` line ends.
fn from_fn(h: usize, w: usize, plus: impl Fn(usize, usize) -> bool) -> Input<Vec<Vec<u8>>> {
    let row = |i| {
        (0..w)
            .map(|j| if plus(i, j) { b'+' } else { b'-' })
            .collect()
    };
    Input::new((0..h).map(row).collect())
}

fn run(text: impl AsRef<[u8]>) -> Result<String, String> {
    let mut out = Vec::new();
    abc201d_momotetsu::solve(text.as_ref(), &mut out)
        .map(|()| String::from_utf8(out).unwrap())
        .map_err(|err| err.to_string())
}

#[test]
fn agrees_with_the_brute_force_on_random_small_grids() {
    if let Some(m) = find_mismatch::<Momotetsu>(1, 3000) {
        panic!(
            "seed {}: brute force {:?}, solver {:?}\n{}",
            m.seed, m.expected, m.got, m.text
        );
    }
}

#[test]
fn agrees_with_the_brute_force_on_every_grid_of_up_to_nine_cells() {
    let mut checked = 0;
    for h in 1..=9 {
        for w in (1..=9).filter(|w| h * w <= 9) {
            for bits in 0u32..1 << (h * w) {
                let grid = from_fn(h, w, |i, j| bits >> (i * w + j) & 1 == 1);
                let expected = format!("{}\n", brute_force(&grid));
                assert_eq!(
                    run(Momotetsu::render(&grid)).unwrap(),
                    expected,
                    "{:?}",
                    grid
                );
                checked += 1;
            }
        }
    }
    assert_eq!(
        checked,
        2 + 2 * 4 + 2 * 8 + 3 * 16 + 2 * 32 + 4 * 64 + 2 * 128 + 4 * 256 + 3 * 512
    );
}

#[test]
fn traps_of_the_statement() {
    // The start cell scores for nobody.
    assert_eq!(run("1 1\n+\n").unwrap(), "Draw\n");
    assert_eq!(run("1 2\n+-\n").unwrap(), "Aoki\n");
    // Greedy play (the better neighbour first) draws the first and loses the second.
    for text in ["3 3\n---\n+-+\n+--\n", "3 4\n----\n+-+-\n+---\n"] {
        let grid = Momotetsu::parse(text.as_bytes()).unwrap();
        assert_eq!(brute_force(&grid), "Takahashi");
        assert_eq!(run(text).unwrap(), "Takahashi\n");
    }
}

#[test]
fn known_answers_at_the_maximum() {
    let n = abc201d_momotetsu::MAX_SIDE;
    type Pattern = fn(usize, usize) -> bool;
    let cases: [(Pattern, &str); 3] = [
        (|_, _| true, "Draw\n"),
        (|_, _| false, "Draw\n"),
        (|i, j| (i + j) % 2 == 0, "Aoki\n"),
    ];
    for (plus, expected) in cases {
        let mut grid = from_fn(n, n, plus);
        grid.ends = LineEnds::CrlfNoFinal;
        assert_eq!(run(Momotetsu::render(&grid)).unwrap(), expected);
    }
}

#[test]
fn malformed_rows_are_named() {
    let error = |text: &[u8]| run(text).unwrap_err();
    assert_eq!(
        error(b"2 3\n+-+\n+-\n"),
        "token 4 (line 3): row 2 has 2 characters, expected W = 3"
    );
    assert_eq!(
        error(b"2 3\n+-+\n+x-\n"),
        "token 4 (line 3): row 2, column 2: 'x' is not + or -"
    );
    assert_eq!(
        error(b"1 2\n+\xC3\xA9\n"),
        "token 3 (line 2): row 1 has 3 characters, expected W = 2"
    );
    assert_eq!(
        error(b"1 3\n+\xC3\xA9\n"),
        "token 3 (line 2): row 1, column 2: '\\xc3' is not + or -"
    );
    assert_eq!(
        error(b"3 2\n++\r\n--\r\n"),
        "token 5 (line 4): row 3 of 3 is missing (input ends)"
    );
    assert_eq!(
        error(b"1 2\n+ -\n"),
        "token 3 (line 2): row 1 has 1 characters, expected W = 2"
    );
    assert_eq!(
        error(b"1 1\n+\n+\n"),
        "token 4 (line 3): expected the end of input, found \"+\""
    );
    assert!(error(b"0 5\n").contains("expected H (an integer in 1..=2000)"));
    assert!(error(b"2 2001\n").contains("expected W (an integer in 1..=2000)"));
}

//! p4363-staircase-chess against its brute force and against the two seed encodings, rebuilt on
//! dp-core types as independent solvers.

use dp_core::{HashMemo, MixedRadix, SplitMix64};
use itertools::iproduct;
use p4363_staircase_chess::oracle::StaircaseChess;
use test_kit::{find_mismatch, Input, Problem};

/// A board as the seed encodings read it: the sizes and the row-major values.
#[derive(Clone, Debug)]
struct Board {
    rows: usize,
    cols: usize,
    black: Vec<i32>,
    white: Vec<i32>,
}

impl Board {
    /// A random board of the given size with values in `0..=max_value`.
    fn random(rng: &mut SplitMix64, rows: usize, cols: usize, max_value: i32) -> Board {
        let mut cell = || rng.range(0, max_value as u64) as i32;
        let black = (0..rows * cols).map(|_| cell()).collect();
        let white = (0..rows * cols).map(|_| cell()).collect();
        Board {
            rows,
            cols,
            black,
            white,
        }
    }

    /// The oracle's value of the board.
    fn value(&self) -> p4363_staircase_chess::oracle::Board {
        let grid = |g: &Vec<i32>| g.chunks(self.cols).map(|r| r.to_vec()).collect();
        (
            (self.rows, self.cols),
            (grid(&self.black), grid(&self.white)),
        )
    }

    /// The board of the oracle's value.
    fn of(((rows, cols), (black, white)): &p4363_staircase_chess::oracle::Board) -> Board {
        let flat = |g: &Vec<Vec<i32>>| g.concat();
        Board {
            rows: *rows,
            cols: *cols,
            black: flat(black),
            white: flat(white),
        }
    }

    fn render(&self) -> String {
        StaircaseChess::render(&Input::new(self.value()))
    }
}

fn brute_force(board: &Board) -> i64 {
    p4363_staircase_chess::oracle::brute_force(&board.value())
}

fn solve_text(text: &str) -> Result<String, String> {
    let mut out = Vec::new();
    p4363_staircase_chess::solve(text.as_bytes(), &mut out)
        .map(|()| String::from_utf8(out).unwrap())
        .map_err(|err| err.to_string())
}

fn solver_answer(board: &Board) -> i64 {
    solve_text(&board.render()).unwrap().trim().parse().unwrap()
}

#[test]
fn agrees_with_the_brute_force_on_random_small_boards() {
    // 1000 boards up to 3 x 4, values drawn from {0,1}, 0..=3, 0..=10 or 0..=100000.
    if let Some(m) = find_mismatch::<StaircaseChess>(1, 1000) {
        panic!(
            "seed {}: brute force {:?}, solver {:?}\n{}",
            m.seed, m.expected, m.got, m.text
        );
    }
}

#[test]
fn agrees_with_the_brute_force_on_every_shape_of_board() {
    let mut rng = SplitMix64::new(99);
    for (rows, cols, max_value) in iproduct!(1..=4, 1..=4, [0, 1, 100_000]) {
        let board = Board::random(&mut rng, rows, cols, max_value);
        assert_eq!(solver_answer(&board), brute_force(&board), "{:?}", board);
    }
}

/// Seed 001's idea on dp-core types: row lengths as digits in base m + 1 (top row most
/// significant), a hashed memo, and a depth-first search from the empty board with an explicit
/// stack. Values are Black - White from the position on, with min/max by the side to move.
fn by_row_lengths(board: &Board) -> i64 {
    let (rows, cols) = (board.rows, board.cols);
    let radix = MixedRadix::uniform(rows, cols as u64 + 1);
    let mut memo: HashMemo<u64, i64> = HashMemo::new();
    let children = |code: u64| -> Vec<(u64, usize, usize)> {
        (0..rows)
            .filter_map(|r| {
                let len = radix.digit(code, r) as usize;
                let above = if r == 0 {
                    cols
                } else {
                    radix.digit(code, r - 1) as usize
                };
                (len < cols && above > len)
                    .then(|| (radix.with_digit(code, r, len as u64 + 1), r, len))
            })
            .collect()
    };
    let mut stack = vec![0u64];
    while let Some(&code) = stack.last() {
        if memo.get(&code).is_some() {
            stack.pop();
            continue;
        }
        let moves = children(code);
        let pending: Vec<u64> = moves
            .iter()
            .map(|m| m.0)
            .filter(|c| memo.get(c).is_none())
            .collect();
        if !pending.is_empty() {
            stack.extend(pending);
            continue;
        }
        let stones: u64 = (0..rows).map(|r| radix.digit(code, r)).sum();
        let black = stones % 2 == 0;
        let value = moves
            .iter()
            .map(|&(child, r, c)| {
                let rest = *memo.get(&child).unwrap();
                if black {
                    rest + i64::from(board.black[r * cols + c])
                } else {
                    rest - i64::from(board.white[r * cols + c])
                }
            })
            .reduce(|a, b| if black { a.max(b) } else { a.min(b) })
            .unwrap_or(0);
        memo.insert(code, value);
        stack.pop();
    }
    *memo.get(&0).unwrap()
}

/// Seed 002's idea: the contour as n + m bits (n ones then m zeros at the start), a dense array
/// over all 2^(n+m) masks, a move turning "10" (bit i set, bit i+1 clear) into "01", which makes
/// the mask numerically larger, so masks are evaluated in decreasing numeric order. The cell is
/// found by walking the bits, as the seed does.
fn by_contour_array(board: &Board) -> i64 {
    let (rows, cols) = (board.rows, board.cols);
    let len = rows + cols;
    let mut value = vec![0i64; 1 << len];
    for mask in (0usize..1 << len).rev() {
        if mask.count_ones() as usize != rows {
            continue;
        }
        let mut stones = 0;
        let (mut r, mut c) = (rows, 0usize);
        let mut moves = Vec::new();
        for i in 0..len {
            if mask >> i & 1 == 1 {
                r -= 1;
            } else {
                stones += r; // this column holds the r cells above the step
                c += 1;
            }
            if i + 1 < len && mask >> i & 3 == 1 {
                moves.push((mask ^ 3 << i, r, c));
            }
        }
        let black = stones % 2 == 0;
        value[mask] = moves
            .iter()
            .map(|&(child, r, c)| {
                if black {
                    value[child] + i64::from(board.black[r * cols + c])
                } else {
                    value[child] - i64::from(board.white[r * cols + c])
                }
            })
            .reduce(|a, b| if black { a.max(b) } else { a.min(b) })
            .unwrap_or(0);
    }
    value[(1 << rows) - 1]
}

#[test]
fn seed_encodings_agree_with_the_brute_force_on_small_boards() {
    let mut rng = SplitMix64::new(7);
    for _ in 0..300 {
        let board = Board::of(&StaircaseChess::generate(&mut rng));
        let expected = brute_force(&board);
        assert_eq!(by_row_lengths(&board), expected, "{:?}", board);
        assert_eq!(by_contour_array(&board), expected, "{:?}", board);
    }
}

#[test]
fn seed_encodings_agree_with_the_solver_on_10_by_10_boards() {
    // 20 boards of 184 756 shapes each, half with values of at most 3 (ties everywhere).
    let mut rng = SplitMix64::new(2018);
    for case in 0..20 {
        let max_value = if case % 2 == 0 { 100_000 } else { 3 };
        let board = Board::random(&mut rng, 10, 10, max_value);
        let got = solver_answer(&board);
        assert_eq!(by_contour_array(&board), got, "case {}", case);
        assert_eq!(by_row_lengths(&board), got, "case {}", case);
    }
}

#[test]
fn uneven_boards_up_to_the_limit() {
    let mut rng = SplitMix64::new(5);
    // Boards of more than 14 steps split into blocks on their high bits, with from 1 to 14
    // ones in the low half.
    for (rows, cols) in [
        (1, 10),
        (10, 1),
        (3, 9),
        (9, 2),
        (1, 16),
        (16, 1),
        (4, 12),
        (12, 5),
        (7, 10),
        (14, 3),
    ] {
        let board = Board::random(&mut rng, rows, cols, 100_000);
        assert_eq!(solver_answer(&board), by_contour_array(&board));
    }
}

#[test]
fn bad_input_names_the_token() {
    let cases: [(&str, &str); 6] = [
        ("", "token 1 (line 1): expected n (an integer in 1..=16), found end of input"),
        ("2 x", "token 2 (line 1): expected m (an integer in 1..=16), found \"x\""),
        ("0 3", "token 1 (line 1): expected n (an integer in 1..=16), found \"0\""),
        (
            "1 2\n1 2\n3",
            "token 6 (line 3): expected B[i][j] (an integer in 0..=1000000), found end of input",
        ),
        (
            "1 1\n-1\n0",
            "token 3 (line 2): expected A[i][j] (an integer in 0..=1000000), found \"-1\"",
        ),
        (
            "16 16",
            "token 2 (line 1): a 16 x 16 board has 601080390 staircase shapes, more than the 50000000 this solver holds",
        ),
    ];
    for (input, message) in cases {
        assert_eq!(solve_text(input).unwrap_err(), message, "input {:?}", input);
    }
}

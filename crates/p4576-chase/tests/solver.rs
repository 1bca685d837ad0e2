//! p4576-chase against its brute force (the kit's literal search on the rules) and against an
//! independent depth-limited minimax over the literal rules (here: (row, column) pairs,
//! recursion with a memo, no position indices, no un-moves), plus checks of the game's moves,
//! un-moves and layouts, and of the solved table's consistency.

use dp_core::SplitMix64;
use dp_core::{bit_attractor, bit_attractor_layers, BitAttractorGame, BitRow};
use dp_core::{Outcome, Retrograde, RetrogradeGame, Unmoves, Value};
use p4576_chase::bitboard::ChaseBits;
use p4576_chase::layout::Layout;
use p4576_chase::oracle::{brute_force, Chase as ChaseOracle};
use p4576_chase::{solve_board, Chase, Side};
use test_kit::{find_mismatch, run_solver};

/// A start: the board side and the two pieces' cells, 1-based as in the input.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Start {
    /// Board side n.
    pub n: usize,
    /// White's (row, column), 1-based.
    pub white: (usize, usize),
    /// Black's (row, column), 1-based.
    pub black: (usize, usize),
}

impl Start {
    /// The oracle's value of the start.
    pub fn value(&self) -> p4576_chase::oracle::Start {
        (self.n, (self.white, self.black))
    }

    /// The input file's text.
    pub fn render(&self) -> String {
        format!(
            "{} {} {} {} {}\n",
            self.n, self.white.0, self.white.1, self.black.0, self.black.1
        )
    }

    /// A random start on an n x n board (two different cells).
    pub fn random(rng: &mut SplitMix64, n: usize) -> Start {
        let cell = |rng: &mut SplitMix64| {
            (
                rng.range(1, n as u64) as usize,
                rng.range(1, n as u64) as usize,
            )
        };
        let white = cell(rng);
        let mut black = cell(rng);
        while black == white {
            black = cell(rng);
        }
        Start { n, white, black }
    }

    /// Every start on an n x n board, in reading order of White's then Black's cell.
    pub fn all(n: usize) -> Vec<Start> {
        let cells: Vec<(usize, usize)> =
            (1..=n).flat_map(|r| (1..=n).map(move |c| (r, c))).collect();
        let mut starts = Vec::new();
        for &white in &cells {
            for &black in &cells {
                if white != black {
                    starts.push(Start { n, white, black });
                }
            }
        }
        starts
    }
}

/// How Black's two-cell move treats White's piece on the cell in between.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum JumpRule {
    /// Black may pass over White (the reading the solver documents).
    PassOver,
    /// A piece in between blocks the two-cell move.
    Blocked,
}

/// Score of a win for White one ply from now; a win k plies from now scores `WIN + 1 - k`.
const WIN: i32 = 1_000_000;

/// A depth-limited minimax over the literal rules, memoised on (White's cell, Black's cell,
/// side to move, plies left).
///
/// Scores are seen by White: `WIN + 1 - k` for a capture by White k plies ahead, the negation
/// for one by Black, 0 when no capture is forced within the plies left. White maximises, Black
/// minimises. A capture k plies ahead that the other side can delay past the cap is not seen,
/// which is exactly the trap of a too-small cap; [`generous_cap`] is the cap the tests use.
pub struct Minimax {
    n: usize,
    cap: usize,
    rule: JumpRule,
    /// `memo[((w * n² + b) * 2 + side) * (cap + 1) + plies_left]`, `i32::MIN` when unknown.
    memo: Vec<i32>,
}

impl Minimax {
    /// A search on an n x n board that looks at most `cap` plies ahead.
    ///
    /// # Panics
    /// If the memo (`2 n^4 (cap + 1)` entries) would exceed 2^28 entries.
    pub fn new(n: usize, cap: usize, rule: JumpRule) -> Self {
        let entries = 2 * n.pow(4) * (cap + 1);
        assert!(
            entries <= 1 << 28,
            "memo of {} entries is too large",
            entries
        );
        Minimax {
            n,
            cap,
            rule,
            memo: vec![i32::MIN; entries],
        }
    }

    /// The answer line for `start` (White to move), looking `cap` plies ahead.
    ///
    /// # Panics
    /// If `start.n` differs from the search's board.
    pub fn answer(&mut self, start: &Start) -> String {
        assert_eq!(start.n, self.n, "a start of another board");
        let zero = |(r, c): (usize, usize)| (r - 1, c - 1);
        self.line(zero(start.white), zero(start.black), true)
    }

    /// The answer line, as the statement words it, for White on `white` and Black on `black`
    /// (0-based) with either side to move: `WHITE x` if White can force a capture in x plies,
    /// `BLACK x` if Black can, `DRAW` if neither within the cap.
    pub fn line(
        &mut self,
        white: (usize, usize),
        black: (usize, usize),
        white_to_move: bool,
    ) -> String {
        let score = self.score(white, black, white_to_move, self.cap);
        score_line(score)
    }

    /// The score of White on `white`, Black on `black` (0-based), with `plies_left` to look.
    pub fn score(
        &mut self,
        white: (usize, usize),
        black: (usize, usize),
        white_to_move: bool,
        plies_left: usize,
    ) -> i32 {
        if plies_left == 0 {
            return 0;
        }
        let n = self.n;
        let key = (((white.0 * n + white.1) * n * n + black.0 * n + black.1) * 2
            + white_to_move as usize)
            * (self.cap + 1)
            + plies_left;
        if self.memo[key] != i32::MIN {
            return self.memo[key];
        }
        let (mover, other) = if white_to_move {
            (white, black)
        } else {
            (black, white)
        };
        let mut best: Option<i32> = None;
        for &(dr, dc) in &[(-1isize, 0isize), (1, 0), (0, -1), (0, 1)] {
            let lengths: &[isize] = if white_to_move { &[1] } else { &[1, 2] };
            for &len in lengths {
                let r = mover.0 as isize + dr * len;
                let c = mover.1 as isize + dc * len;
                if r < 0 || c < 0 || r >= n as isize || c >= n as isize {
                    continue;
                }
                let to = (r as usize, c as usize);
                let middle = (
                    (mover.0 as isize + dr) as usize,
                    (mover.1 as isize + dc) as usize,
                );
                if len == 2 && self.rule == JumpRule::Blocked && middle == other {
                    continue;
                }
                let value = if to == other {
                    // The mover lands on the other piece: a win on this very ply.
                    if white_to_move {
                        WIN
                    } else {
                        -WIN
                    }
                } else {
                    let later = if white_to_move {
                        self.score(to, black, false, plies_left - 1)
                    } else {
                        self.score(white, to, true, plies_left - 1)
                    };
                    // One ply further away from the capture, whoever makes it.
                    later - later.signum()
                };
                best = Some(match best {
                    None => value,
                    Some(b) if white_to_move => b.max(value),
                    Some(b) => b.min(value),
                });
            }
        }
        // Every piece has a move on a board of side 2 or more.
        let best = best.expect("a piece without a move");
        self.memo[key] = best;
        best
    }
}

/// The answer line of a White-relative score.
fn score_line(score: i32) -> String {
    if score > 0 {
        format!("WHITE {}", WIN + 1 - score)
    } else if score < 0 {
        format!("BLACK {}", WIN + 1 + score)
    } else {
        "DRAW".to_string()
    }
}

/// The move cap the tests give the minimax on an n x n board.
///
/// Up to n = 5 it is the number of positions, 2 n^4, which is provably enough: along a forced
/// win in d plies, played with the loser delaying, the positions have the distinct values
/// "win in d", "loss in d - 1", ..., so they are distinct and d < 2 n^4. Beyond, that bound
/// makes the memo too large, so the cap is 10 n: several times the longest distance of any
/// position on those boards (16, 20 and 22 plies for n = 6, 7, 8; it grows by about 3 plies per
/// unit of n). The tests check that a larger cap changes no answer, and that a cap one ply
/// short of the longest distance does change one (the trap of the published solutions).
pub fn generous_cap(n: usize) -> usize {
    if n <= 5 {
        2 * n.pow(4)
    } else {
        10 * n
    }
}

fn solver_line(start: &Start) -> String {
    run_solver::<ChaseOracle>(&start.render())
        .trim()
        .to_string()
}

/// The answer line of a table value for the side to move.
fn line_of(value: Value, to_move: Side) -> String {
    let (mover, other) = match to_move {
        Side::White => ("WHITE", "BLACK"),
        Side::Black => ("BLACK", "WHITE"),
    };
    match value {
        Value::Win(d) => format!("{} {}", mover, d),
        Value::Loss(d) => format!("{} {}", other, d),
        Value::Draw => "DRAW".to_string(),
    }
}

fn cells(n: usize) -> Vec<(usize, usize)> {
    (0..n).flat_map(|r| (0..n).map(move |c| (r, c))).collect()
}

#[test]
fn every_start_of_every_board_up_to_5_by_5() {
    let mut checked = 0;
    for n in 2..=5 {
        // The provable cap: 2 n^4 plies, the number of positions.
        let cap = generous_cap(n);
        assert_eq!(cap, 2 * n.pow(4));
        let mut pass_over = Minimax::new(n, cap, JumpRule::PassOver);
        let mut blocked = Minimax::new(n, cap, JumpRule::Blocked);
        for start in Start::all(n) {
            let expected = pass_over.answer(&start);
            assert_eq!(solver_line(&start), expected, "{:?}", start);
            assert_eq!(brute_force(&start.value()), expected, "{:?}", start);
            // The reading of Black's two-cell move over White changes nothing.
            assert_eq!(blocked.answer(&start), expected, "{:?}", start);
            checked += 1;
        }
    }
    assert_eq!(checked, 12 + 72 + 240 + 600);
}

#[test]
fn every_position_of_every_board_up_to_5_by_5_with_either_side_to_move() {
    for n in 2..=5 {
        let chase = Chase::new(n);
        let table = solve_board(n);
        let mut minimax = Minimax::new(n, generous_cap(n), JumpRule::PassOver);
        for &w in &cells(n) {
            for &b in &cells(n) {
                for side in [Side::White, Side::Black] {
                    let value = table.value(chase.position(w, b, side));
                    if w == b {
                        assert_eq!(value, Value::Loss(0));
                        continue;
                    }
                    let expected = minimax.line(w, b, side == Side::White);
                    assert_eq!(
                        line_of(value, side),
                        expected,
                        "n {} {:?} {:?} {:?}",
                        n,
                        w,
                        b,
                        side
                    );
                }
            }
        }
    }
}

#[test]
fn two_hundred_random_starts_up_to_8_by_8() {
    let mut rng = SplitMix64::new(4576);
    let mut searches: Vec<Option<Minimax>> = (0..=8).map(|_| None).collect();
    let mut wider: Vec<Option<Minimax>> = (0..=8).map(|_| None).collect();
    let mut black_wins = 0;
    for _ in 0..200 {
        let n = rng.range(2, 8) as usize;
        let start = Start::random(&mut rng, n);
        let search =
            searches[n].get_or_insert_with(|| Minimax::new(n, generous_cap(n), JumpRule::PassOver));
        let expected = search.answer(&start);
        assert_eq!(solver_line(&start), expected, "{:?}", start);
        // A cap half as large again changes no answer.
        let cap = generous_cap(n) + generous_cap(n) / 2;
        let wide = wider[n].get_or_insert_with(|| Minimax::new(n, cap, JumpRule::PassOver));
        assert_eq!(
            wide.answer(&start),
            expected,
            "{:?} with cap {}",
            start,
            cap
        );
        black_wins += expected.starts_with("BLACK") as usize;
    }
    // Not a sample of trivial adjacent starts only.
    assert!(black_wins > 150, "{}", black_wins);
}

#[test]
fn oracle_stress_finds_no_mismatch() {
    if let Some(m) = find_mismatch::<ChaseOracle>(1, 40) {
        panic!(
            "seed {}: brute force {:?}, solver {:?}\n{}",
            m.seed, m.expected, m.got, m.text
        );
    }
}

#[test]
fn a_cap_one_ply_short_of_the_longest_game_is_wrong() {
    for n in 3..=8 {
        // The start with the longest game, by the solver; the minimax must need that many plies.
        let chase = Chase::new(n);
        let table = solve_board(n);
        let (longest, start) = Start::all(n)
            .into_iter()
            .map(|s| {
                let pos = chase.position(
                    (s.white.0 - 1, s.white.1 - 1),
                    (s.black.0 - 1, s.black.1 - 1),
                    Side::White,
                );
                (table.value(pos).plies().unwrap(), s)
            })
            .max_by_key(|&(d, s)| (d, std::cmp::Reverse((s.white, s.black))))
            .unwrap();
        assert!(generous_cap(n) >= 3 * longest as usize, "n {}", n);
        let exact = Minimax::new(n, longest as usize, JumpRule::PassOver).answer(&start);
        assert_eq!(exact, solver_line(&start));
        let short = Minimax::new(n, longest as usize - 1, JumpRule::PassOver).answer(&start);
        assert_eq!(short, "DRAW", "n {} {:?}", n, start);
    }
}

#[test]
fn moves_follow_the_rules_on_coordinates() {
    for n in 2..=9 {
        let chase = Chase::new(n);
        for &w in &cells(n) {
            for &b in &cells(n) {
                if w == b {
                    continue;
                }
                for side in [Side::White, Side::Black] {
                    let mut got = Vec::new();
                    chase.for_each_move(chase.position(w, b, side), |c| got.push(c));
                    let mut expected = Vec::new();
                    let (piece, lengths): ((usize, usize), &[isize]) = match side {
                        Side::White => (w, &[1]),
                        Side::Black => (b, &[1, 2]),
                    };
                    for (dr, dc) in [(-1isize, 0isize), (1, 0), (0, -1), (0, 1)] {
                        for &len in lengths {
                            let (r, c) = (piece.0 as isize + dr * len, piece.1 as isize + dc * len);
                            if r < 0 || c < 0 || r >= n as isize || c >= n as isize {
                                continue;
                            }
                            let to = (r as usize, c as usize);
                            expected.push(match side {
                                Side::White => chase.position(to, b, Side::Black),
                                Side::Black => chase.position(w, to, Side::White),
                            });
                        }
                    }
                    got.sort_unstable();
                    expected.sort_unstable();
                    assert_eq!(got, expected, "n {} {:?} {:?} {:?}", n, w, b, side);
                    assert_eq!(chase.degree(chase.position(w, b, side)), expected.len());
                }
            }
        }
    }
}

#[test]
fn unmoves_are_the_reversed_moves_and_both_solvers_agree() {
    for n in 2..=7 {
        let chase = Chase::new(n);
        let positions = chase.positions();
        let mut forward = Vec::new();
        let mut backward = Vec::new();
        for pos in 0..positions {
            if chase.terminal(pos).is_none() {
                chase.for_each_move(pos, |child| forward.push((pos, child)));
            }
            chase.for_each_unmove(pos, |parent| {
                if chase.terminal(parent).is_none() {
                    backward.push((parent, pos));
                }
            });
        }
        forward.sort_unstable();
        backward.sort_unstable();
        assert_eq!(forward, backward, "n {}", n);
        let by_unmoves = Retrograde::new(&chase).solve_with_unmoves();
        let by_reverse_edges = Retrograde::new(&chase).solve_from_moves();
        for pos in 0..positions {
            assert_eq!(
                by_unmoves.value(pos),
                by_reverse_edges.value(pos),
                "n {} pos {}",
                n,
                pos
            );
        }
    }
}

#[test]
fn every_layout_gives_the_same_values() {
    for n in [6, 7, 9, 17] {
        let reference = Chase::with_layout(Layout::with_tile_side(n, 1));
        let expected = Retrograde::new(&reference).solve_with_unmoves();
        for t in [2, 4, 8, 16] {
            let chase = Chase::with_layout(Layout::with_tile_side(n, t));
            let table = Retrograde::new(&chase).solve_with_unmoves();
            for &w in &cells(n) {
                for &b in &cells(n) {
                    for side in [Side::White, Side::Black] {
                        assert_eq!(
                            table.value(chase.position(w, b, side)),
                            expected.value(reference.position(w, b, side)),
                            "n {} t {} {:?} {:?} {:?}",
                            n,
                            t,
                            w,
                            b,
                            side
                        );
                    }
                }
            }
        }
    }
}

#[test]
fn the_20_by_20_table_satisfies_the_minimax_equations() {
    // Each non-terminal position's value is the best, for its mover, of its children's values
    // one ply later; with no draw anywhere this pins the table down (every win or loss is
    // grounded in a capture by strictly decreasing distances).
    let n = 20;
    let chase = Chase::new(n);
    let table = solve_board(n);
    let mut draws = 0;
    for pos in 0..chase.positions() {
        let value = table.value(pos);
        match chase.terminal(pos) {
            Some(Outcome::Loss) => assert_eq!(value, Value::Loss(0)),
            Some(_) => unreachable!("no padding at n = 20"),
            None => {
                let mut best = None;
                chase.for_each_move(pos, |child| {
                    let v = table.value(child).seen_from_parent();
                    best = Some(best.map_or(v, |b: Value| b.max(v)));
                });
                assert_eq!(Some(value), best, "pos {}", pos);
                draws += (value == Value::Draw) as usize;
            }
        }
    }
    assert_eq!(draws, 0);
}

#[test]
fn bad_input_names_the_problem() {
    let cases: [(&str, &str); 8] = [
        ("", "token 1 (line 1): expected n (an integer in 2..=80), found end of input"),
        ("1 1 1 1 1", "token 1 (line 1): expected n (an integer in 2..=80), found \"1\""),
        ("81 1 1 2 2", "token 1 (line 1): expected n (an integer in 2..=80), found \"81\""),
        ("3 1 1 2", "token 5 (line 1): expected c2 (an integer in 1..=3), found end of input"),
        ("3 0 1 2 2", "token 2 (line 1): expected r1 (an integer in 1..=3), found \"0\""),
        ("3\n1 4 2 2", "token 3 (line 2): expected c1 (an integer in 1..=3), found \"4\""),
        ("3 1 1 2 x", "token 5 (line 1): expected c2 (an integer in 1..=3), found \"x\""),
        (
            "4 2 3\r\n2 3\r\n",
            "token 5 (line 2): White and Black both stand on row 2 column 3; the two cells must differ",
        ),
    ];
    for (input, message) in cases {
        let got = run_solver::<ChaseOracle>(input);
        assert_eq!(got, format!("error: {}", message), "input {:?}", input);
    }
}

#[test]
fn small_samples_agree_with_the_brute_force() {
    // The 20 x 20 samples were produced by the brute force once (it takes seconds and 250 MB
    // there); the small ones are rechecked here.
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../samples/p4576-chase");
    let mut checked = 0;
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        if !name.ends_with(".in") || name.starts_with("bad-") {
            continue;
        }
        let text = std::fs::read_to_string(&path).unwrap();
        let v: Vec<usize> = text
            .split_ascii_whitespace()
            .map(|t| t.parse().unwrap())
            .collect();
        if v[0] > 8 {
            continue;
        }
        let start = Start {
            n: v[0],
            white: (v[1], v[2]),
            black: (v[3], v[4]),
        };
        let expected = std::fs::read_to_string(path.with_extension("out")).unwrap();
        assert_eq!(brute_force(&start.value()), expected.trim(), "{}", name);
        checked += 1;
    }
    assert!(checked >= 4, "{}", checked);
}

/// Every position's value from the attractors of both sides on the bitboards, by (white cell,
/// black cell, side): each stored position visited once, at most one stored position per real
/// one (the mirrors map several real ones to it).
fn bitboard_values<R: BitRow>(n: usize, mirrored: bool) -> Vec<Value> {
    let chase = ChaseBits::<R>::new(n, mirrored);
    let (blocks, rows_per_block) = (chase.blocks(), chase.rows());
    let mut stored = vec![Value::Draw; 2 * blocks * rows_per_block * n];
    let mut visits = 0;
    for winner in 0..2 {
        bit_attractor_layers(&chase, winner, |plies, mover, block, lo, rows| {
            for (k, row) in rows.chunks_exact(R::WORDS).enumerate() {
                let bits = R::load(row, 0);
                for c in 0..n {
                    if bits & R::bit(c) != R::ZERO {
                        let i = ((mover * blocks + block) * rows_per_block + lo + k) * n + c;
                        assert_eq!(
                            stored[i],
                            Value::Draw,
                            "{:?} twice",
                            (mover, block, lo + k, c)
                        );
                        stored[i] = if mover == winner {
                            Value::Win(plies)
                        } else {
                            Value::Loss(plies)
                        };
                        visits += 1;
                    }
                }
                assert!(bits & !R::low(n) == R::ZERO, "a bit off the board");
            }
        });
    }
    assert!(visits > 0);
    let cells = cells(n);
    let mut values = Vec::new();
    for &w in &cells {
        for &b in &cells {
            let (block, row, col) = chase.position(w, b);
            for side in 0..2 {
                values.push(stored[((side * blocks + block) * rows_per_block + row) * n + col]);
            }
        }
    }
    values
}

#[test]
fn the_bitboard_analysis_gives_every_position_the_table_value() {
    for n in 1..=9 {
        let chase = Chase::new(n);
        let table = solve_board(n);
        let cells = cells(n);
        let runs = [
            bitboard_values::<u64>(n, true),
            bitboard_values::<u64>(n, false),
            bitboard_values::<u128>(n, true),
        ];
        for (run, values) in runs.iter().enumerate() {
            let pairs = cells.iter().flat_map(|w| cells.iter().map(move |b| (w, b)));
            for (k, (&w, &b)) in pairs.enumerate() {
                for (s, side) in [Side::White, Side::Black].into_iter().enumerate() {
                    let expected = table.value(chase.position(w, b, side));
                    assert_eq!(
                        values[2 * k + s],
                        expected,
                        "n {} run {} {:?} {:?} {:?}",
                        n,
                        run,
                        w,
                        b,
                        side
                    );
                }
            }
        }
    }
}

/// The value of a start (White to move) through the bitboards of rows of `R`.
fn start_value<R: BitRow>(n: usize, mirrored: bool, w: (usize, usize), b: (usize, usize)) -> Value {
    let chase = ChaseBits::<R>::new(n, mirrored);
    let (block, row, col) = chase.position(w, b);
    bit_attractor(&chase, 0, block, row, col)
}

#[test]
fn boards_of_more_than_64_columns_shift_across_words() {
    // Past 64 columns a row takes two words: the shifts carry between them and the mirrors
    // reverse both. Far corners (the longest analysis) on 64 and 65 columns, random starts.
    let mut rng = SplitMix64::new(64);
    for n in [63, 64, 65] {
        let chase = Chase::new(n);
        let mut starts = vec![Start::random(&mut rng, n), Start::random(&mut rng, n)];
        if n > 63 {
            starts.push(Start {
                n,
                white: (1, 1),
                black: (n, n),
            });
        }
        let zero_based = |s: &Start| {
            (
                (s.white.0 - 1, s.white.1 - 1),
                (s.black.0 - 1, s.black.1 - 1),
            )
        };
        // One per-position analysis of the board, until every start is resolved.
        let positions: Vec<_> = starts
            .iter()
            .map(|s| {
                let (w, b) = zero_based(s);
                chase.position(w, b, Side::White)
            })
            .collect();
        let table = Retrograde::new(&chase)
            .until_resolved(&positions)
            .solve_with_unmoves();
        for (start, &pos) in starts.iter().zip(&positions) {
            let (w, b) = zero_based(start);
            let expected = table.value(pos);
            let layouts = [
                (start_value::<u128>(n, true, w, b), "two words, mirrored"),
                (start_value::<u128>(n, false, w, b), "two words"),
            ];
            for (got, layout) in layouts {
                assert_eq!(got, expected, "n {} {:?} {}", n, start, layout);
            }
            if n <= 64 {
                let got = start_value::<u64>(n, true, w, b);
                assert_eq!(got, expected, "n {} {:?} one word", n, start);
            }
        }
    }
}

#[test]
fn odd_boards_store_their_middle_row_and_column_once() {
    // On an odd board the middle row and column of Black's cells are their own mirror images:
    // every start there, and next to it, against the table.
    let n = 7;
    let chase = Chase::new(n);
    let table = solve_board(n);
    for &w in &cells(n) {
        for b in [
            (3, 3),
            (3, 0),
            (0, 3),
            (3, 6),
            (6, 3),
            (2, 3),
            (4, 3),
            (3, 4),
        ] {
            if w != b {
                let expected = table.value(chase.position(w, b, Side::White));
                assert_eq!(
                    start_value::<u64>(n, true, w, b),
                    expected,
                    "{:?} {:?}",
                    w,
                    b
                );
            }
        }
    }
}

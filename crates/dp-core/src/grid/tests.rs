use super::*;
use crate::random::SplitMix64;
use crate::{Outcome, PieceRules, Pieces, Retrograde, TwoPieces};

const ALPHABET: &[u8] = b".#CMF";

/// A random grid of `.` and `#` with `C`, `M` and `F` once each (on distinct cells).
fn random_board(rng: &mut SplitMix64, rows: usize, cols: usize) -> Vec<Vec<u8>> {
    let mut board: Vec<Vec<u8>> = (0..rows)
        .map(|_| (0..cols).map(|_| b".#"[rng.index(2)]).collect())
        .collect();
    let mut cells: Vec<usize> = (0..rows * cols).collect();
    for i in (1..cells.len()).rev() {
        cells.swap(i, rng.index(i + 1));
    }
    for (k, &b) in b"CMF".iter().enumerate() {
        board[cells[k] / cols][cells[k] % cols] = b;
    }
    board
}

/// The rows with random whitespace between them (spaces, `\n`, `\r\n`), after a first line `x`.
fn render(rng: &mut SplitMix64, board: &[Vec<u8>]) -> Vec<u8> {
    let mut text = b"x\n".to_vec();
    for row in board {
        text.extend_from_slice(row);
        text.extend_from_slice([&b"\n"[..], b"\r\n", b"  \n"][rng.index(3)]);
    }
    text
}

fn read(text: &[u8], rows: usize, cols: usize) -> Result<Grid, Error> {
    let mut sc = Scanner::new(text);
    assert_eq!(sc.token(), Some(&b"x"[..]));
    let grid = Grid::read(&mut sc, rows, cols, ALPHABET, b"CMF")?;
    sc.finish()?;
    Ok(grid)
}

#[test]
fn random_boards_read_back_with_their_unique_cells() {
    let mut rng = SplitMix64::new(5);
    for _ in 0..300 {
        let (rows, cols) = (1 + rng.index(6), 3 + rng.index(5));
        let board = random_board(&mut rng, rows, cols);
        let grid = read(&render(&mut rng, &board), rows, cols).unwrap();
        assert_eq!((grid.rows(), grid.cols()), (rows, cols));
        for (r, row) in board.iter().enumerate() {
            for (c, &b) in row.iter().enumerate() {
                assert_eq!(grid.cell(r, c), b);
                assert_eq!(grid.coords(grid.index(r, c)), (r, c));
                if b"CMF".contains(&b) {
                    assert_eq!(grid.at(b), r * cols + c);
                    assert_eq!(grid.find(b), Some(r * cols + c));
                }
            }
        }
    }
}

#[test]
fn a_bad_byte_is_named_by_row_column_token_and_line() {
    let mut rng = SplitMix64::new(6);
    for _ in 0..300 {
        let (rows, cols) = (1 + rng.index(6), 3 + rng.index(5));
        let mut board = random_board(&mut rng, rows, cols);
        let (r, c) = (rng.index(rows), rng.index(cols));
        let bad = b"x*0\x7f"[rng.index(4)];
        board[r][c] = bad;
        let text = render(&mut rng, &board);
        let message = read(&text, rows, cols).unwrap_err().to_string();
        let expected = format!(
            "token {} (line {}): expected row {}, column {} (a cell of \".#CMF\"), found \"{}\"",
            r + 2,
            r + 2,
            r + 1,
            c + 1,
            bad.escape_ascii()
        );
        assert_eq!(message, expected);
    }
}

#[test]
fn rows_of_the_wrong_length_or_missing_are_named() {
    let err = |text: &[u8]| read(text, 2, 3).unwrap_err().to_string();
    assert_eq!(
        err(b"x\nCMF\n..\n"),
        "token 3 (line 3): expected row 2 (3 cells of \".#CMF\"), found 2 cells"
    );
    assert_eq!(
        err(b"x\nCMF....\n...\n"),
        "token 2 (line 2): expected row 1 (3 cells of \".#CMF\"), found 7 cells"
    );
    assert_eq!(
        err(b"x\nCMF\n"),
        "token 3 (line 3): expected row 2 (3 cells of \".#CMF\"), found end of input"
    );
    assert_eq!(
        err(b"x\nC.M\nFC.\n"),
        "token 3 (line 3): row 2, column 2 is a second \"C\" (the first is at row 1, column 1)"
    );
    assert_eq!(
        err(b"x\nC.M\n.#.\n"),
        "token 3 (line 3): the grid has no \"F\" (exactly one is expected)"
    );
    assert_eq!(
        err(b"x\nCMF\n...\n#\n"),
        "token 4 (line 4): expected the end of input, found \"#\""
    );
}

#[test]
#[should_panic(expected = "cannot be a cell")]
fn whitespace_is_no_cell() {
    let _ = Grid::read(&mut Scanner::new(b". ."), 1, 3, b". ", b"");
}

#[test]
#[should_panic(expected = "not one of the grid's unique cells")]
fn at_needs_a_unique_cell() {
    Grid::from_rows(&[b"C"]).at(b'C');
}

/// The targets of `moves` from `(r, c)` derived the other way round: every cell of the grid is
/// tried as a target, and kept when some direction and multiple reach it with the cells on the
/// way (or only the target, for leaps) open.
fn targets_by_rules(grid: &Grid, moves: &GridMoves, walls: &[u8], r: usize, c: usize) -> Vec<u32> {
    let open = |r: i64, c: i64| {
        r >= 0
            && c >= 0
            && (r as usize) < grid.rows()
            && (c as usize) < grid.cols()
            && !walls.contains(&grid.cell(r as usize, c as usize))
    };
    let (r, c) = (r as i64, c as i64);
    let mut found = Vec::new();
    if !open(r, c) {
        return found;
    }
    for tr in 0..grid.rows() as i64 {
        for tc in 0..grid.cols() as i64 {
            let reached = (tr, tc) == (r, c) && moves.stay
                || moves.directions.iter().any(|&(dr, dc)| {
                    let (dr, dc) = (i64::from(dr), i64::from(dc));
                    let most = moves.reach.min(64) as i64;
                    (1..=most).any(|k| {
                        (r + k * dr, c + k * dc) == (tr, tc)
                            && open(tr, tc)
                            && (moves.leaps || (1..k).all(|j| open(r + j * dr, c + j * dc)))
                    })
                });
            if reached {
                found.push((tr * grid.cols() as i64 + tc) as u32);
            }
        }
    }
    found
}

#[test]
fn move_graphs_match_the_moves_derived_cell_by_cell() {
    let mut rng = SplitMix64::new(7);
    let all_directions = [
        (-1, 0),
        (1, 0),
        (0, -1),
        (0, 1),
        (1, 1),
        (-1, 1),
        (1, 2),
        (-2, 1),
        (2, 0),
        (0, -3),
    ];
    for round in 0..400 {
        let (rows, cols) = (1 + rng.index(6), 1 + rng.index(6));
        let board: Vec<Vec<u8>> = (0..rows)
            .map(|_| (0..cols).map(|_| b"..#"[rng.index(3)]).collect())
            .collect();
        let board: Vec<&[u8]> = board.iter().map(|row| &row[..]).collect();
        let grid = Grid::from_rows(&board);
        let mut moves = match round % 5 {
            0 => GridMoves::orthogonal(),
            1 => GridMoves::king(),
            2 => GridMoves::knight(),
            3 => GridMoves::diagonal(),
            _ => {
                let count = 1 + rng.index(4);
                let chosen: Vec<(i32, i32)> = (0..count)
                    .map(|_| all_directions[rng.index(all_directions.len())])
                    .collect();
                GridMoves::new(&chosen)
            }
        };
        match rng.index(3) {
            0 => moves = moves.reach(1 + rng.index(4)),
            1 => moves = moves.unlimited(),
            _ => {}
        }
        if rng.index(3) == 0 {
            moves = moves.leaping();
        }
        if rng.index(2) == 0 {
            moves = moves.staying();
        }
        let graph = grid.move_graph(&moves, b"#");
        assert_eq!(graph.vertices(), rows * cols);
        for r in 0..rows {
            for c in 0..cols {
                let expected = targets_by_rules(&grid, &moves, b"#", r, c);
                assert_eq!(
                    graph.neighbors(grid.index(r, c)),
                    &expected[..],
                    "{:?} {:?}",
                    board,
                    moves
                );
            }
        }
    }
}

/// A pursuit on a grid: side 0 (the cat) wins by landing on side 1 (the mouse); the mouse
/// wins by reaching the food first; with `plies` left (the phase), the cat wins when none are.
struct Pursuit {
    food: usize,
    plies: usize,
}

impl PieceRules for Pursuit {
    fn phases(&self) -> usize {
        self.plies + 1
    }
    fn terminal(&self, pos: &Pieces) -> Option<Outcome> {
        let side_to_move_wins = if pos.at[0] == pos.at[1] || pos.at[0] == self.food {
            pos.side == 0
        } else if pos.at[1] == self.food {
            pos.side == 1
        } else if pos.phase == 0 {
            pos.side == 0
        } else {
            return None;
        };
        Some(if side_to_move_wins {
            Outcome::Win
        } else {
            Outcome::Loss
        })
    }
    fn step(&self, pos: &Pieces, _arc: usize, _to: usize) -> Option<usize> {
        pos.phase.checked_sub(1)
    }
}

/// The same pursuit played by plain recursion over the moves derived cell by cell.
fn mouse_wins_by_rules(
    grid: &Grid,
    moves: [&GridMoves; 2],
    food: usize,
    at: [usize; 2],
    side: usize,
    plies: usize,
) -> bool {
    if at[0] == at[1] || at[0] == food {
        return false;
    }
    if at[1] == food {
        return true;
    }
    if plies == 0 {
        return false;
    }
    let (r, c) = grid.coords(at[side]);
    let targets = targets_by_rules(grid, moves[side], b"#", r, c);
    let mut outcomes = targets.iter().map(|&t| {
        let mut next = at;
        next[side] = t as usize;
        mouse_wins_by_rules(grid, moves, food, next, 1 - side, plies - 1)
    });
    if side == 1 {
        outcomes.any(|won| won)
    } else {
        outcomes.all(|won| won)
    }
}

#[test]
fn two_pieces_on_move_graphs_match_a_plain_recursion() {
    let mut rng = SplitMix64::new(8);
    for _ in 0..60 {
        let (rows, cols) = (1 + rng.index(3), 3 + rng.index(2));
        let board = random_board(&mut rng, rows, cols);
        let board: Vec<&[u8]> = board.iter().map(|row| &row[..]).collect();
        let grid = Grid::from_rows(&board);
        let (cat, mouse, food) = (
            grid.find(b'C').unwrap(),
            grid.find(b'M').unwrap(),
            grid.find(b'F').unwrap(),
        );
        let cat_moves = GridMoves::orthogonal().reach(1 + rng.index(2)).staying();
        let mouse_moves = GridMoves::orthogonal().reach(1 + rng.index(3)).staying();
        let graphs = [
            grid.move_graph(&cat_moves, b"#"),
            grid.move_graph(&mouse_moves, b"#"),
        ];
        let plies = 1 + rng.index(6);
        let game = TwoPieces::with_graphs([&graphs[0], &graphs[1]], Pursuit { food, plies });
        let table = Retrograde::new(&game).outcomes_only().solve_with_unmoves();
        let start = game.position(&Pieces {
            side: 1,
            at: [cat, mouse],
            phase: plies,
        });
        let by_table = table.outcome(start) == Outcome::Win;
        let by_rules = mouse_wins_by_rules(
            &grid,
            [&cat_moves, &mouse_moves],
            food,
            [cat, mouse],
            1,
            plies,
        );
        assert_eq!(by_table, by_rules, "{:?} plies {}", board, plies);
    }
}

#[test]
fn a_huge_size_with_a_short_input_fails_on_the_input() {
    let mut sc = Scanner::new(b"...");
    let err = Grid::read(&mut sc, 60_000, 60_000, b".", b"").unwrap_err();
    assert_eq!(
        err.to_string(),
        "token 1 (line 1): expected row 1 (60000 cells of \".\"), found 3 cells"
    );
}

#[test]
#[should_panic(expected = "not in the alphabet, or listed twice")]
fn a_unique_cell_listed_twice_is_refused() {
    let _ = Grid::read(&mut Scanner::new(b"C."), 1, 2, b".C", b"CC");
}

//! Test oracle (feature `oracle`) of lc1728-cat-and-mouse-ii: the input format, and a brute
//! force that plays the rules literally with the kit's search on (Mouse's cell, Cat's cell,
//! whose turn, plies made so far): each jump listed cell by cell, the ends checked after every
//! move, the T plies counted. It shares nothing with the solver (no attractor, no move graphs,
//! no un-moves).

use crate::{MAX_JUMP, MAX_PLIES, MAX_SIDE};
use test_kit::format::{fixed, int, line, then, word, Format};
use test_kit::game::{outcome, outcome_in_plies, Moves, Outcome};
use test_kit::{at_most, Problem};

/// One input: `((R, C), catJump, mouseJump, T)` and the rows.
pub type Game = (((usize, usize), usize, usize, u32), Vec<Vec<u8>>);

/// A cell, (row, column) from 0.
type Cell = (usize, usize);

/// The oracle of lc1728-cat-and-mouse-ii.
pub struct CatAndMouse;

/// Above this T the plies are not counted in the position: Mouse wins when its fastest forced
/// win (`outcome_in_plies`) takes at most T plies.
pub const COUNTED_PLIES: u32 = 40;

/// Whether Mouse wins on `rows` (cells `.#CMF`) with jumps of at most `cat_jump` and
/// `mouse_jump` cells and at most `t` plies.
pub fn brute_force(rows: &[Vec<u8>], cat_jump: usize, mouse_jump: usize, t: u32) -> bool {
    let cells = || (0..rows.len()).flat_map(|r| (0..rows[0].len()).map(move |c| (r, c)));
    let find = |b: u8| cells().find(|&(r, c)| rows[r][c] == b).unwrap();
    let (food, counted) = (find(b'F'), t <= COUNTED_PLIES);
    let rules = |&(m, c, mouse_moves, plies): &(Cell, Cell, bool, u32), moves: &mut Moves<_>| {
        let cat_won = c == m || c == food;
        let mouse_won = !cat_won && m == food;
        if cat_won || mouse_won || counted && plies == t {
            // Over: the side to move has won, or has lost (no move).
            if mouse_won == mouse_moves {
                moves.win();
            }
            return;
        }
        let ((from, jump), next) = match mouse_moves {
            true => ((m, mouse_jump), plies + counted as u32),
            false => ((c, cat_jump), plies + counted as u32),
        };
        let mut land = |to: Cell| match mouse_moves {
            true => moves.go((to, c, false, next)),
            false => moves.go((m, to, true, next)),
        };
        land(from);
        for (dr, dc) in [(-1, 0), (1, 0), (0, -1), (0, 1)] {
            for k in 1..=jump as i64 {
                let (r, c) = (from.0 as i64 + dr * k, from.1 as i64 + dc * k);
                let inside = r >= 0 && c >= 0 && r < rows.len() as i64 && c < rows[0].len() as i64;
                if !inside || rows[r as usize][c as usize] == b'#' {
                    break;
                }
                land((r as usize, c as usize));
            }
        }
    };
    let start = (find(b'M'), find(b'C'), true, 0);
    if counted {
        return outcome(start, rules) == Outcome::Win;
    }
    let fastest = outcome_in_plies(start, rules);
    fastest.outcome == Outcome::Win && fastest.plies <= t
}

impl Problem for CatAndMouse {
    test_kit::name_and_solve_of_this_crate!();
    type Value = Game;

    fn format() -> impl Format<Value = Self::Value> {
        let side = |name| int(name, 1..=MAX_SIDE).small(1..=4);
        let jump = |name| int(name, 1..=MAX_JUMP).small(1..=3);
        let t = int("T", 1..=MAX_PLIES).small(1..=30);
        let header = line((
            (side("R"), side("C")),
            jump("catJump"),
            jump("mouseJump"),
            t,
        ));
        let grid = then(header, |&((rows, cols), ..)| {
            fixed(rows, word("row", b".#CMF", cols..=cols))
        });
        grid.valid("not exactly one C, M and F", |(_, rows)| {
            b"CMF"
                .iter()
                .all(|&x| rows.iter().flatten().filter(|&&b| b == x).count() == 1)
        })
    }

    fn brute(&(((_, _), cat_jump, mouse_jump, t), ref rows): &Game) -> String {
        let winner = brute_force(rows, cat_jump, mouse_jump, t);
        format!("{}\n", if winner { "Mouse" } else { "Cat" })
    }

    /// Up to 200 000 positions: 2 * cells^2, times T + 1 when the plies are counted.
    fn refuses(&(((r, c), _, _, t), _): &Game) -> Option<String> {
        let plies = if t <= COUNTED_PLIES {
            t as usize + 1
        } else {
            1
        };
        at_most("positions", 2 * (r * c).pow(2) * plies, 200_000)
    }
}

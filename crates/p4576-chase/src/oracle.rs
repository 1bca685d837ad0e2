//! Test oracle (feature `oracle`): the input format (n and the two pieces' cells), and a brute
//! force that plays the rules literally on (row, column) pairs with the kit's search: every
//! position reachable from the start, solved backwards from the captures, so a game that can go
//! on for ever is a draw and the plies are the winner's fastest and the loser's slowest. It
//! shares nothing with the solver (no position indices, no un-moves, no bitboards).

use crate::MAX_SIDE;
use test_kit::format::{int, then, Format};
use test_kit::game::{outcome_in_plies, Outcome};
use test_kit::{at_most, bench, BenchInput, Problem};

/// One input: n, then White's and Black's (row, column), 1-based.
pub type Start = (usize, ((usize, usize), (usize, usize)));

/// The oracle of p4576-chase.
pub struct Chase;

/// The answer line for `start`: White moves one cell up, down, left or right, Black one or two
/// in a line (passing over White's cell), White first; moving onto the other's cell wins.
pub fn brute_force(&(n, (white, black)): &Start) -> String {
    let solved = outcome_in_plies((white, black, true), |&(w, b, white_moves), moves| {
        let (from, other) = if white_moves { (w, b) } else { (b, w) };
        let lengths: &[i64] = if white_moves { &[1] } else { &[1, 2] };
        for (dr, dc) in [(-1, 0), (1, 0), (0, -1), (0, 1)] {
            for &k in lengths {
                let (r, c) = (from.0 as i64 + dr * k, from.1 as i64 + dc * k);
                if r < 1 || c < 1 || r > n as i64 || c > n as i64 {
                    continue;
                }
                let to = (r as usize, c as usize);
                match (to == other, white_moves) {
                    (true, _) => moves.win(),
                    (false, true) => moves.go((to, b, false)),
                    (false, false) => moves.go((w, to, true)),
                }
            }
        }
    });
    match solved.outcome {
        Outcome::Win => format!("WHITE {}", solved.plies),
        Outcome::Loss => format!("BLACK {}", solved.plies),
        Outcome::Draw => "DRAW".to_string(),
    }
}

impl Problem for Chase {
    test_kit::name_and_solve_of_this_crate!();
    type Value = Start;

    /// Boards of side 2 to 8.
    fn format() -> impl Format<Value = Self::Value> {
        let board = then(int("n", 2..=MAX_SIDE).small(2..=8), |&n| {
            let cell = |row, col| (int(row, 1..=n), int(col, 1..=n));
            (cell("r1", "c1"), cell("r2", "c2"))
        });
        board.valid("the two pieces start on the same cell", |(_, (w, b))| {
            w != b
        })
    }

    fn brute(start: &Start) -> String {
        brute_force(start)
    }

    /// Boards up to 24 x 24 (2 n^4 positions).
    fn refuses(&(n, _): &Start) -> Option<String> {
        at_most("cells a side", n, 24)
    }

    /// The far corners of n = 20, 40, 60 and 80 (82 million positions), then the other three
    /// starts of n = 80 that the figures pair (`80 1 2 1 80`: the longest game, 238 plies).
    fn benches() -> Vec<BenchInput> {
        let at = |name: String, n, w, b| bench::<Self>(name, &(n, (w, b)));
        let corners = [20, 40, 60, 80].map(|n| at(format!("n={}", n), n, (1, 1), (n, n)));
        let starts = [((1, 80), (80, 1)), ((1, 2), (1, 80)), ((40, 40), (41, 41))];
        let text = |(n, (w, b)): Start| format!("{} {} {} {} {}", n, w.0, w.1, b.0, b.1);
        let starts = starts.map(|s| at(text((80, s)), 80, s.0, s.1));
        corners.into_iter().chain(starts).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_statement_and_hand_checked_starts() {
        let line = |n, white, black| brute_force(&(n, (white, black)));
        assert_eq!(line(2, (1, 1), (2, 2)), "BLACK 2");
        // Adjacent: White captures at once.
        assert_eq!(line(3, (2, 2), (2, 3)), "WHITE 1");
        // White in a corner, Black diagonally next to it: both White moves end next to Black.
        assert_eq!(line(3, (1, 1), (2, 2)), "BLACK 2");
        // White cornered two cells from Black in a column: stepping aside to (1, 2) is the only
        // move that survives a ply, so the game lasts longer than 2 plies.
        assert_ne!(line(3, (1, 1), (3, 1)), "BLACK 2");
        assert!(Chase::parse(b"3 1 1 1 1\n")
            .unwrap_err()
            .to_string()
            .contains("same cell"));
    }

    #[test]
    fn bench_inputs_are_the_scaling_corners_and_the_paired_starts() {
        let inputs = Chase::benches();
        let names: Vec<&str> = inputs.iter().map(|i| i.name.as_str()).collect();
        let starts = ["80 1 80 80 1", "80 1 2 1 80", "80 40 40 41 41"];
        assert_eq!(names[..4], ["n=20", "n=40", "n=60", "n=80"]);
        assert_eq!(names[4..], starts);
        for (input, n) in inputs.iter().zip([20, 40, 60, 80]) {
            assert_eq!(input.text, format!("{} 1 1 {} {}\n", n, n, n));
        }
        for (input, start) in inputs[4..].iter().zip(starts) {
            assert_eq!(input.text, format!("{}\n", start));
        }
        let mut out = Vec::new();
        crate::solve(inputs[0].text.as_bytes(), &mut out).unwrap();
        assert!(out.starts_with(b"BLACK "));
    }
}

//! Test oracle (feature `oracle`): the input format (n, m and the two value grids), and a brute
//! force that plays the game on the set of filled cells by the kit's literal search, checking
//! the placement rule literally.

use crate::{MAX_SIDE, MAX_VALUE};
use dp_core::SplitMix64;
use test_kit::format::{int, line, matrix, then, Format, Size};
use test_kit::game::score;
use test_kit::{at_most, bench, BenchInput, Problem};

/// One input: `(n, m)`, then Black's values A and White's values B, row by row.
pub type Board = ((usize, usize), (Vec<Vec<i32>>, Vec<Vec<i32>>));

/// The oracle of p4363-staircase-chess.
pub struct StaircaseChess;

/// Black's score minus White's under optimal play, by exhaustive search over the sets of
/// filled cells (a bitmask), placing a stone on an empty cell only when every cell left of it
/// in its row and above it in its column is filled.
pub fn brute_force(((rows, cols), (black, white)): &Board) -> i64 {
    let filled = |mask: u32, r: usize, c: usize| mask >> (r * cols + c) & 1 == 1;
    score(0u32, |&mask, moves| {
        let values = [black, white][mask.count_ones() as usize % 2];
        for (r, c) in (0..*rows).flat_map(|r| (0..*cols).map(move |c| (r, c))) {
            let free = (0..c).all(|j| filled(mask, r, j)) && (0..r).all(|i| filled(mask, i, c));
            if free && !filled(mask, r, c) {
                moves.scoring(i64::from(values[r][c]), mask | 1 << (r * cols + c));
            }
        }
    })
}

impl Problem for StaircaseChess {
    test_kit::name_and_solve_of_this_crate!();
    type Value = Board;

    /// Boards up to 3 x 4 with values up to 10; at most, the statement's 10 x 10 up to 100000.
    fn format() -> impl Format<Value = Self::Value> {
        let side = |name, small| int(name, 1..=MAX_SIDE).small(1..=small).max(10);
        let value = |name| int(name, 0..=MAX_VALUE).small(0..=10).max(100_000);
        then(line((side("n", 3), side("m", 4))), move |&(n, m)| {
            let grid = |name| matrix(n, m, value(name));
            (grid("A[i][j]"), grid("B[i][j]"))
        })
    }

    fn brute(board: &Board) -> String {
        format!("{}\n", brute_force(board))
    }

    fn refuses(((rows, cols), _): &Board) -> Option<String> {
        at_most("cells", rows * cols, 20)
    }

    /// The statement's maximum (10 x 10, values up to 100000), then 12 x 12 and 14 x 14 (40
    /// million staircase shapes) as the scaling series.
    fn benches() -> Vec<BenchInput> {
        let board = |side: usize| {
            let (grid, rng) = (
                matrix(side, side, int("v", 0..=100_000)),
                &mut SplitMix64::new(side as u64),
            );
            let (a, b) = (grid.generate(rng, Size::Max), grid.generate(rng, Size::Max));
            bench::<Self>(
                format!("{} x {}, values <= 100000", side, side),
                &((side, side), (a, b)),
            )
        };
        [10, 12, 14].map(board).to_vec()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn brute_force_on_hand_checked_boards() {
        // The statement's sample: 2 x 3.
        let text = b"2 3\n2 7 3\n9 1 2\n3 7 2\n2 3 1\n";
        assert_eq!(brute_force(&StaircaseChess::parse(text).unwrap()), 2);
        // One cell: Black takes it.
        assert_eq!(brute_force(&((1, 1), (vec![vec![4]], vec![vec![9]]))), 4);
        let refused = ((5, 5), (vec![vec![0; 5]; 5], vec![vec![0; 5]; 5]));
        assert!(StaircaseChess::refuses(&refused)
            .unwrap()
            .contains("25 cells"));
    }

    #[test]
    fn bench_inputs_are_square_boards_the_solver_accepts() {
        let inputs = StaircaseChess::benches();
        for (input, side) in inputs.iter().zip([10, 12, 14]) {
            let board = StaircaseChess::parse(input.text.as_bytes()).unwrap();
            assert_eq!(board.0, (side, side));
            assert!(board.1 .1.iter().flatten().all(|&v| v <= 100_000));
        }
        let mut out = Vec::new();
        crate::solve(inputs[0].text.as_bytes(), &mut out).unwrap();
        assert_eq!(String::from_utf8(out).unwrap().lines().count(), 1);
    }
}

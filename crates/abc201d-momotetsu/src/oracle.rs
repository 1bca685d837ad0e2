//! Test oracle (feature `oracle`): the input format (a grid of `+` and `-`, line ends varied),
//! a brute force that plays every step with both scores by the kit's search, and the maximum
//! grids.

use crate::MAX_SIDE;
use dp_core::SplitMix64;
use test_kit::format::{grid, Format};
use test_kit::game::score;
use test_kit::{at_most, bench, BenchInput, Problem};

/// One input: the grid's rows, `b'+'` and `b'-'`.
pub type Grid = Vec<Vec<u8>>;

/// The oracle of abc201d-momotetsu.
pub struct Momotetsu;

/// The verdict by exhaustive search: the piece steps right or down from the top-left cell to
/// the bottom-right one, the mover gaining 1 on a `+` cell and losing 1 on a `-` cell (the
/// start cell counts for nobody); Takahashi moves first, each maximising their own lead.
pub fn brute_force(grid: &[Vec<u8>]) -> &'static str {
    let (h, w) = (grid.len(), grid[0].len());
    let lead = score((0, 0), |&(r, c), moves| {
        for (r, c) in [(r, c + 1), (r + 1, c)]
            .into_iter()
            .filter(|&(r, c)| r < h && c < w)
        {
            moves.scoring(if grid[r][c] == b'+' { 1 } else { -1 }, (r, c));
        }
    });
    ["Aoki", "Draw", "Takahashi"][(lead.signum() + 1) as usize]
}

/// A `side` x `side` grid whose cell (i, j) (0-based) is `+` when `plus(i, j)`.
pub fn grid_of(side: usize, mut plus: impl FnMut(usize, usize) -> bool) -> Grid {
    let mut row = |i| {
        (0..side)
            .map(|j| if plus(i, j) { b'+' } else { b'-' })
            .collect()
    };
    (0..side).map(&mut row).collect()
}

impl Problem for Momotetsu {
    test_kit::name_and_solve_of_this_crate!();
    const LINE_ENDS: bool = true;
    type Value = Grid;

    /// Up to 6 x 6, a ninth of them one row or column up to 12; random with a random bias,
    /// all one sign, or a checkerboard of either phase.
    fn format() -> impl Format<Value = Self::Value> {
        grid("H", "W", 1..=MAX_SIDE, b"-+")
    }

    fn brute(grid: &Grid) -> String {
        format!("{}\n", brute_force(grid))
    }

    fn refuses(grid: &Grid) -> Option<String> {
        at_most("cells", grid.len() * grid[0].len(), 10_000)
    }

    /// 2000 x 2000: random, all `+`, and the checkerboard with `+` on (1, 1).
    fn benches() -> Vec<BenchInput> {
        let mut rng = SplitMix64::new(201);
        let random = grid_of(MAX_SIDE, |_, _| rng.range(0, 1) == 1);
        let plus = grid_of(MAX_SIDE, |_, _| true);
        let checkerboard = grid_of(MAX_SIDE, |i, j| (i + j) % 2 == 0);
        let named = [
            ("random", random),
            ("all +", plus),
            ("checkerboard", checkerboard),
        ];
        let input = |(name, grid)| bench::<Self>(format!("2000 x 2000 {}", name), &grid);
        named.map(input).to_vec()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn brute_force_on_hand_checked_grids() {
        assert_eq!(brute_force(&[b"+".to_vec()]), "Draw");
        assert_eq!(brute_force(&[b"+-".to_vec()]), "Aoki");
        let greedy_trap = Momotetsu::parse(b"3 3\n---\n+-+\n+--\n").unwrap();
        assert_eq!(brute_force(&greedy_trap), "Takahashi");
        assert!(Momotetsu::refuses(&grid_of(2000, |_, _| true)).is_some());
    }

    #[test]
    fn bench_inputs_are_of_the_largest_size() {
        let inputs = Momotetsu::benches();
        assert_eq!(inputs.len(), 3);
        for input in &inputs {
            assert!(input.text.starts_with("2000 2000\n"), "{}", input.name);
        }
    }
}

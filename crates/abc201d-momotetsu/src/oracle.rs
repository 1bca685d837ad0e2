//! Test oracle (feature `oracle`): random small grids (with the statement's traps), a brute force
//! that plays every path of the game tree with both scores, shrinking, and the maximum grids.

use dp_core::{Error, SplitMix64};
use test_kit::{BenchInput, Oracle};

/// The oracle this crate registers (in `crates/problems/Cargo.toml`).
pub type ProblemOracle = Momotetsu;

/// One input file: the grid's rows (`true` for `+`), and how its line ends are written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Grid {
    /// `cells[i][j]`: whether cell (i + 1, j + 1) holds `+`.
    pub cells: Vec<Vec<bool>>,
    /// CRLF line ends and no final newline.
    pub crlf: bool,
}

impl Grid {
    /// An H x W grid whose cell (i, j) (0-based) is `plus(i, j)`.
    pub fn from_fn(h: usize, w: usize, plus: impl Fn(usize, usize) -> bool) -> Grid {
        let cells = (0..h)
            .map(|i| (0..w).map(|j| plus(i, j)).collect())
            .collect();
        Grid { cells, crlf: false }
    }

    /// The input file's text.
    pub fn render(&self) -> String {
        let end = if self.crlf { "\r\n" } else { "\n" };
        let (h, w) = (self.cells.len(), self.cells[0].len());
        let mut lines = vec![format!("{} {}", h, w)];
        for row in &self.cells {
            lines.push(row.iter().map(|&p| if p { '+' } else { '-' }).collect());
        }
        let text = lines.join(end);
        if self.crlf {
            text
        } else {
            text + end
        }
    }
}

/// Reads an input file into a [`Grid`] (any whitespace between tokens), or says what is wrong.
pub fn parse_input(text: &[u8]) -> Result<Grid, String> {
    let text = std::str::from_utf8(text).map_err(|e| e.to_string())?;
    let mut tokens = text.split_ascii_whitespace();
    let mut side = |name: &str| -> Result<usize, String> {
        let token = tokens.next().ok_or(format!("{} is missing", name))?;
        match token.parse() {
            Ok(n) if (1..=crate::MAX_SIDE).contains(&n) => Ok(n),
            _ => Err(format!("{} = {:?} is not in 1..=2000", name, token)),
        }
    };
    let (h, w) = (side("H")?, side("W")?);
    let rows: Vec<&str> = tokens.collect();
    if rows.len() != h {
        return Err(format!("{} rows, expected H = {}", rows.len(), h));
    }
    let mut cells = Vec::new();
    for (i, row) in rows.iter().enumerate() {
        if row.len() != w || !row.bytes().all(|b| b == b'+' || b == b'-') {
            return Err(format!("row {} is not {} characters + or -", i + 1, w));
        }
        cells.push(row.bytes().map(|b| b == b'+').collect());
    }
    Ok(Grid {
        cells,
        crlf: text.contains('\r'),
    })
}

/// Plays the game literally: from the piece on (r, c) with `scores` so far and `turn` (0 for
/// Takahashi) to move, tries both steps, adds the landing cell's ±1 to the mover's score, and
/// returns Takahashi's final score minus Aoki's when Takahashi maximises it and Aoki minimises
/// it (each maximising their own final difference).
fn play(grid: &Grid, r: usize, c: usize, turn: usize, scores: [i32; 2]) -> i32 {
    let (h, w) = (grid.cells.len(), grid.cells[0].len());
    if (r, c) == (h - 1, w - 1) {
        return scores[0] - scores[1];
    }
    let mut results = Vec::new();
    for (nr, nc) in [(r, c + 1), (r + 1, c)] {
        if nr < h && nc < w {
            let mut next = scores;
            next[turn] += if grid.cells[nr][nc] { 1 } else { -1 };
            results.push(play(grid, nr, nc, 1 - turn, next));
        }
    }
    let pick = if turn == 0 {
        results.iter().max()
    } else {
        results.iter().min()
    };
    *pick.expect("a cell before the corner has a step")
}

/// The verdict by [`play`] from the start, which scores for nobody.
pub fn brute_force(grid: &Grid) -> &'static str {
    match play(grid, 0, 0, 0, [0, 0]) {
        d if d > 0 => "Takahashi",
        d if d < 0 => "Aoki",
        _ => "Draw",
    }
}

/// The oracle of abc201d-momotetsu for tests and `cargo xtask stress`.
pub struct Momotetsu;

impl Oracle for Momotetsu {
    type Input = Grid;

    fn name() -> &'static str {
        "abc201d-momotetsu"
    }

    /// Up to 6 x 6 (252 paths), sometimes one long row or column; cells random with a random
    /// bias, or all one sign, or a checkerboard of either phase.
    fn generate(rng: &mut SplitMix64) -> Grid {
        let (h, w) = match rng.range(0, 9) {
            0 => (1, rng.range(1, 12) as usize),
            1 => (rng.range(1, 12) as usize, 1),
            _ => (rng.range(1, 6) as usize, rng.range(1, 6) as usize),
        };
        let bias = rng.range(0, 100);
        let mut grid = match rng.range(0, 7) {
            0 => Grid::from_fn(h, w, |_, _| true),
            1 => Grid::from_fn(h, w, |_, _| false),
            2 => Grid::from_fn(h, w, |i, j| (i + j) % 2 == 0),
            3 => Grid::from_fn(h, w, |i, j| (i + j) % 2 == 1),
            _ => {
                let cells: Vec<Vec<bool>> = (0..h)
                    .map(|_| (0..w).map(|_| rng.range(0, 99) < bias).collect())
                    .collect();
                Grid { cells, crlf: false }
            }
        };
        grid.crlf = rng.range(0, 4) == 0;
        grid
    }

    fn parse(input: &[u8]) -> Result<Self::Input, String> {
        parse_input(input)
    }

    fn render(grid: &Grid) -> String {
        grid.render()
    }

    fn brute_force(grid: &Grid) -> String {
        format!("{}\n", brute_force(grid))
    }

    /// Without the last or first row or column, then with one `+` turned to `-`.
    fn shrink(grid: &Grid) -> Vec<Grid> {
        let (h, w) = (grid.cells.len(), grid.cells[0].len());
        let mut smaller = Vec::new();
        let keep = |rows: std::ops::Range<usize>, cols: std::ops::Range<usize>| Grid {
            cells: grid.cells[rows]
                .iter()
                .map(|r| r[cols.clone()].to_vec())
                .collect(),
            crlf: grid.crlf,
        };
        if h > 1 {
            smaller.push(keep(0..h - 1, 0..w));
            smaller.push(keep(1..h, 0..w));
        }
        if w > 1 {
            smaller.push(keep(0..h, 0..w - 1));
            smaller.push(keep(0..h, 1..w));
        }
        for i in 0..h {
            for j in 0..w {
                if grid.cells[i][j] {
                    let mut g = grid.clone();
                    g.cells[i][j] = false;
                    smaller.push(g);
                }
            }
        }
        smaller
    }

    fn solve(input: &[u8], out: &mut Vec<u8>) -> Result<(), Error> {
        crate::solve(input, out)
    }

    /// 2000 x 2000: random, all `+`, and the checkerboard with `+` on (1, 1).
    fn bench_inputs() -> Vec<BenchInput> {
        let n = crate::MAX_SIDE;
        let mut rng = SplitMix64::new(201);
        let random = Grid {
            cells: (0..n)
                .map(|_| (0..n).map(|_| rng.range(0, 1) == 1).collect())
                .collect(),
            crlf: false,
        };
        let all_plus = Grid::from_fn(n, n, |_, _| true);
        let checkerboard = Grid::from_fn(n, n, |i, j| (i + j) % 2 == 0);
        [
            ("2000 x 2000 random", random),
            ("2000 x 2000 all +", all_plus),
            ("2000 x 2000 checkerboard", checkerboard),
        ]
        .into_iter()
        .map(|(name, grid)| BenchInput {
            name: name.to_string(),
            text: grid.render(),
        })
        .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parse_input_reads_what_render_writes() {
        let mut rng = SplitMix64::new(3);
        for _ in 0..200 {
            let grid = Momotetsu::generate(&mut rng);
            assert_eq!(parse_input(grid.render().as_bytes()), Ok(grid));
        }
        assert!(parse_input(b"2 2\n++\n+").is_err());
        assert!(parse_input(b"1 2\n+*").is_err());
    }

    #[test]
    fn shrink_only_makes_smaller_grids() {
        let mut rng = SplitMix64::new(4);
        let size = |g: &Grid| {
            let pluses = g.cells.iter().flatten().filter(|&&p| p).count();
            (g.cells.len() * g.cells[0].len(), pluses)
        };
        for _ in 0..200 {
            let grid = Momotetsu::generate(&mut rng);
            for smaller in Momotetsu::shrink(&grid) {
                assert!(
                    size(&smaller) < size(&grid),
                    "{:?} from {:?}",
                    smaller,
                    grid
                );
            }
        }
    }
}

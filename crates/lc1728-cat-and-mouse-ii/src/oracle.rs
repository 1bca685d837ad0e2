//! Test oracle (feature `oracle`) of lc1728-cat-and-mouse-ii: the input format, and a brute
//! force that plays the rules literally with the kit's search on (Mouse's cell, Cat's cell,
//! whose turn, plies made so far): each jump listed cell by cell, the ends checked after every
//! move, the T plies counted. It shares nothing with the solver (no attractor, no move graphs,
//! no un-moves, no distances).

use test_kit::format::{int, line, rows, then, Format};
use test_kit::game::{outcome, Moves, Outcome};
use test_kit::{at_most, bench, BenchInput, Problem};

/// A cell, (row, column) from 0.
type Cell = (i64, i64);

/// The oracle of lc1728-cat-and-mouse-ii.
pub struct CatAndMouse;

impl Problem for CatAndMouse {
    test_kit::name_and_solve_of_this_crate!();
    /// `(R, C, catJump, mouseJump, T)` and the rows.
    type Value = ((usize, usize, usize, usize, usize), Vec<Vec<u8>>);

    /// Small: 1 to 4 rows of 3 or 4 cells (room for C, M and F; the shrinker goes below), jumps
    /// up to 3, T up to 30.
    fn format() -> impl Format<Value = Self::Value> {
        let (r, c) = (int("R", 1..=20).small(1..=4), int("C", 1..=20).small(3..=4));
        let jump = |name| int(name, 1..=8).small(1..=3);
        let t = int("T", 1..=1_000_000).small(1..=30);
        let header = line((r, c, jump("catJump"), jump("mouseJump"), t));
        then(header, |&(r, c, ..)| rows(r, c, b".#CMF").unique(b"CMF"))
    }

    /// Positions ([Mouse's cell, Cat's cell], side to move (0 Mouse, 1 Cat), plies made).
    fn brute(&((h, w, cat_jump, mouse_jump, t), ref rows): &Self::Value) -> String {
        let at = |b| rows.concat().iter().position(|&x| x == b).unwrap();
        let cell = |b| ((at(b) / w) as i64, (at(b) % w) as i64);
        let inside = |(r, c): Cell| r >= 0 && c >= 0 && r < h as i64 && c < w as i64;
        let open = |(r, c): Cell| inside((r, c)) && rows[r as usize][c as usize] != b'#';
        let food = cell(b'F');
        let rules = |&([m, c], side, plies): &([Cell; 2], usize, usize), moves: &mut Moves<_>| {
            let (cat_won, mouse_won) = (c == m || c == food, m == food && c != m);
            if cat_won || mouse_won || plies == t {
                // Over: the side to move has won (a winning move) or lost (no move).
                (mouse_won == (side == 0)).then(|| moves.win());
                return;
            }
            let (from, jump) = ([m, c][side], [mouse_jump, cat_jump][side]);
            let mut land = |to| moves.go(([[to, c], [m, to]][side], 1 - side, plies + 1));
            land(from);
            // Cell by cell along each direction, until the edge, a wall or the jump's length.
            for (dr, dc) in [(-1, 0), (1, 0), (0, -1), (0, 1)] {
                let line = (1..=jump as i64).map(|k| (from.0 + dr * k, from.1 + dc * k));
                line.take_while(|&to| open(to)).for_each(&mut land);
            }
        };
        let mouse_wins = outcome(([cell(b'M'), cell(b'C')], 0, 0), rules) == Outcome::Win;
        format!("{}\n", if mouse_wins { "Mouse" } else { "Cat" })
    }

    /// Up to two million positions (cells^2 * 2 * (T + 1)).
    fn refuses(&((r, c, _, _, t), _): &Self::Value) -> Option<String> {
        at_most("positions", (r * c).pow(2) * 2 * (t + 1), 2_000_000)
    }

    /// 20 x 20, mouseJump 8, T = 10^6, no walls (the slowest grids): both jumps 8 with Cat in the
    /// middle, and catJump 4 with Cat below Mouse, the slowest found. Named `[catJump, Mouse's
    /// cell, Cat's cell, the food's cell]`, cells numbered row * 20 + column.
    fn benches() -> Vec<BenchInput> {
        let open = |at: [usize; 4]| {
            let mut rows = vec![vec![b'.'; 20]; 20];
            (1..4).for_each(|i| rows[at[i] / 20][at[i] % 20] = b"MCF"[i - 1]);
            bench::<Self>(format!("{:?}", at), &((20, 20, at[0], 8, 1_000_000), rows))
        };
        Vec::from([[8, 0, 210, 399], [4, 0, 380, 399]].map(open))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn brute(text: &str) -> String {
        CatAndMouse::brute(&CatAndMouse::parse(text.as_bytes()).unwrap())
    }

    #[test]
    fn the_horizon_counts_every_ply() {
        // The statement's sample 1 (Mouse needs 5 plies) and sample 2 (3 plies: over Cat, then
        // onto the food).
        let grid = "####F\n#C...\nM....\n";
        assert_eq!(brute(&format!("3 5 1 2 4\n{}", grid)), "Cat\n");
        assert_eq!(brute(&format!("3 5 1 2 5\n{}", grid)), "Mouse\n");
        assert_eq!(brute("1 7 1 4 2\nM.C...F\n"), "Cat\n");
        assert_eq!(brute("1 7 1 4 3\nM.C...F\n"), "Mouse\n");
    }

    #[test]
    fn landings_and_walls() {
        // Mouse's only jump to the food lands on Cat's cell first with jump 1: Cat wins.
        assert_eq!(brute("1 3 1 1 9\nMCF\n"), "Cat\n");
        // Cat one step from the food moves second but still gets there first.
        assert_eq!(brute("1 4 1 1 9\nM.CF\n"), "Cat\n");
        // Mouse jumps over Cat onto the food, unless a wall is on the way (then nobody can
        // reach the food: a draw, Cat's at T).
        assert_eq!(brute("1 4 1 3 9\nMC.F\n"), "Mouse\n");
        assert_eq!(brute("1 4 1 3 9\nMC#F\n"), "Cat\n");
        // Endless chasing round a ring, the food walled off: a draw, Cat's at T.
        assert_eq!(brute("4 4 1 1 30\nM..#\n.#.#\n..C#\n###F\n"), "Cat\n");
    }

    #[test]
    fn bench_inputs_are_open_grids_of_the_largest_size() {
        let inputs = CatAndMouse::benches();
        let names: Vec<&str> = inputs.iter().map(|i| i.name.as_str()).collect();
        assert_eq!(names, ["[8, 0, 210, 399]", "[4, 0, 380, 399]"]);
        assert!(inputs[0]
            .text
            .starts_with("20 20 8 8 1000000\nM...................\n"));
        assert!(inputs[1].text.ends_with("C..................F\n"));
        assert_eq!(inputs[0].text.matches('#').count(), 0);
    }
}

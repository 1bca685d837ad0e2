//! core-bench: every variant of each solver against the games played out literally on random
//! small inputs, hand-checked cases, and the walk and the cutting game against the problem
//! crates they stand for (ABC 201 D, POJ 2311).

use core_bench::oracle::{brute_force, CoreBench};
use test_kit::find_mismatch;

#[test]
fn every_variant_matches_literal_play() {
    if let Some(mismatch) = find_mismatch::<CoreBench>(1, 500) {
        panic!("{:?}", mismatch);
    }
}

#[test]
fn subtraction_by_hand() {
    // Take 1, 3 or 4: the lost piles are 0 and 2 modulo 7.
    let won = core_bench::subtraction_core(100, &[1, 3, 4]);
    assert!((0..=100).all(|p| won[p] != (p % 7 == 0 || p % 7 == 2)));
}

#[test]
fn walk_by_hand_and_against_abc201d() {
    // ABC 201 D's first sample, `---` / `+-+` / `+--`: Takahashi wins.
    let grid = [-1, -1, -1, 1, -1, 1, 1, -1, -1];
    assert!(core_bench::walk_core(3, &grid)[0] > 0);
    // Random grids through the problem's own solver: the same verdict from the corner.
    for seed in 0..20 {
        let n = 1 + seed as usize % 9;
        let grid = core_bench::walk_grid(n, seed);
        let rows: Vec<String> = grid
            .chunks(n)
            .map(|row| row.iter().map(|&g| if g > 0 { '+' } else { '-' }).collect())
            .collect();
        let mut out = Vec::new();
        let text = format!("{} {}\n{}\n", n, n, rows.join("\n"));
        abc201d_momotetsu::solve(text.as_bytes(), &mut out).unwrap();
        let value = core_bench::walk_core(n, &grid)[0];
        let verdict = match value.signum() {
            1 => "Takahashi\n",
            -1 => "Aoki\n",
            _ => "Draw\n",
        };
        assert_eq!(String::from_utf8(out).unwrap(), verdict, "seed {}", seed);
    }
}

#[test]
fn ends_by_hand() {
    // 8 15 3 7: the first player takes 7, then 15 whatever the other does: 22 - 11.
    let table = core_bench::ends_core(&[8, 15, 3, 7]);
    assert_eq!(table[0], 11);
    assert_eq!(table, core_bench::ends_plain(&[8, 15, 3, 7]));
    // The last row, the empty intervals, is worth 0; a single coin is worth itself.
    let coins = core_bench::coins(30, 9);
    let table = core_bench::ends_core(&coins);
    assert!(table[table.len() - 31..].iter().all(|&v| v == 0));
    assert_eq!(&table[table.len() - 61..table.len() - 31], &coins[..]);
}

#[test]
fn cutting_at_least_two_is_poj2311() {
    // Pieces of sides >= 2 are POJ 2311's strip-free cuts: the same win / loss on every sheet.
    let n = poj2311_cutting_game::MAX_SIDE;
    let g = core_bench::cutting_core(n, 2);
    assert_eq!(g, core_bench::cutting_plain(n, 2));
    let poj = poj2311_cutting_game::grundy_table();
    let sides = poj2311_cutting_game::SIDES;
    for w in 2..=n {
        for h in 2..=n {
            let (ours, theirs) = (g[w * (n + 1) + h], poj[w * sides + h]);
            assert_eq!(ours, theirs, "{} x {}", w, h);
        }
    }
    // The problem's own verdicts on a few sheets, through its solver.
    let mut out = Vec::new();
    poj2311_cutting_game::solve(b"2 2\n4 2\n2 3\n", &mut out).unwrap();
    assert_eq!(out, b"LOSE\nWIN\nLOSE\n");
    assert_eq!((g[2 * (n + 1) + 2], g[4 * (n + 1) + 2] != 0), (0, true));
}

#[test]
fn pins_at_one_or_two_is_kayles() {
    // Guy and Smith: period 12 from 71 on, the last exceptions at 70, the largest value 8.
    let g = core_bench::pins_core(600, &core_bench::knock_downs(2));
    assert_eq!(&g[..13], [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4]);
    assert!((71..588).all(|n| g[n] == g[n + 12]));
    assert_eq!(g.iter().max(), Some(&8));
    assert_eq!(g, core_bench::pins_plain(600, &[1, 2]));
}

#[test]
fn pursuit_variants_match_literal_play() {
    use core_bench::pursuit::{core_with, plain_with};
    let mut rng = dp_core::SplitMix64::new(12);
    // Rows of one word through `solve`, and of two through `core_with` and `plain_with`.
    for case in 0..200 {
        let n = if case % 10 == 9 {
            9 + case / 10 % 2
        } else {
            1 + case % 6
        };
        let seed = rng.range(0, 1_000_000);
        let expected = brute_force(&("pursuit", ("core", n, seed)));
        for variant in ["core", "plain"] {
            let mut out = Vec::new();
            let text = format!("pursuit {} {} {}\n", variant, n, seed);
            core_bench::solve(text.as_bytes(), &mut out).unwrap();
            assert_eq!(String::from_utf8(out).unwrap(), expected, "{}", text);
        }
        let [a, b] = core_bench::pursuit::steps(seed);
        for counts in [core_with::<u128>(n, &a, &b), plain_with::<u128>(n, &a, &b)] {
            let (draws, hash) = counts.finish(n * n);
            assert_eq!(
                format!("{} {}\n", draws, hash),
                expected,
                "two words, {} {}",
                n,
                seed
            );
        }
    }
}

#[test]
fn pursuit_by_hand() {
    use core_bench::pursuit::{core, plain, Counts};
    // 2 x 2, A steps right, B down (cells 0 1 / 2 3). Each side to move: both on one cell or the
    // mover stuck, 10 losses at 0; 4 wins at 1 (a capture, or leaving the other stuck); A on 2
    // with B on 0 or 1, and B on 1 with A on 0 or 2, lose in 2.
    let mut expected = Counts::default();
    for side in 0..2 {
        expected.add(0, side, false, 10);
        expected.add(1, side, true, 4);
        expected.add(2, side, false, 2);
    }
    let (a, b) = ([(0, 1)], [(1, 0)]);
    assert_eq!(core(2, &a, &b), expected);
    assert_eq!(plain(2, &a, &b), expected);
    assert_eq!(expected.finish(4).0, 0);
    // Both pieces step left or right: in one row the mover captures, in two rows they never meet
    // and never get stuck: 8 draws per side.
    let mut expected = Counts::default();
    for side in 0..2 {
        expected.add(0, side, false, 4);
        expected.add(1, side, true, 4);
    }
    let steps = [(0, 1), (0, -1)];
    for counts in [core(2, &steps, &steps), plain(2, &steps, &steps)] {
        assert_eq!(counts, expected);
        assert_eq!(counts.finish(4).0, 16);
    }
}

/// The pursuit as a plain [`dp_core::RetrogradeGame`] over coordinates, position
/// `(side * cells + a) * cells + b`: a check of the bitboards on boards too large to play out,
/// where A's steps shift a block by more than a word.
struct ScalarPursuit {
    n: usize,
    steps: [Vec<(i32, i32)>; 2],
}

impl dp_core::RetrogradeGame for ScalarPursuit {
    fn positions(&self) -> usize {
        2 * self.n.pow(4)
    }
    fn terminal(&self, pos: usize) -> Option<dp_core::Outcome> {
        let cells = self.n * self.n;
        let (a, b) = (pos / cells % cells, pos % cells);
        // Caught; a piece with no step loses by the normal-play rule of `RetrogradeGame`.
        if a == b {
            Some(dp_core::Outcome::Loss)
        } else {
            None
        }
    }
    fn for_each_move<F: FnMut(usize)>(&self, pos: usize, mut f: F) {
        let (n, cells) = (self.n as i32, self.n * self.n);
        let (side, a, b) = (pos / cells / cells, pos / cells % cells, pos % cells);
        let mover = if side == 0 { a } else { b };
        let (r, c) = ((mover / self.n) as i32, (mover % self.n) as i32);
        for &(dr, dc) in &self.steps[side] {
            let (r, c) = (r + dr, c + dc);
            if (0..n).contains(&r) && (0..n).contains(&c) {
                let to = (r * n + c) as usize;
                let (a, b) = if side == 0 { (to, b) } else { (a, to) };
                f(((1 - side) * cells + a) * cells + b);
            }
        }
    }
}

#[test]
fn pursuit_on_large_boards_matches_a_scalar_retrograde() {
    use dp_core::{Retrograde, Value};
    for (n, seed) in [(31, 1), (33, 5), (36, 9), (40, 11), (12, 3), (20, 5)] {
        let steps = core_bench::pursuit::steps(seed);
        let game = ScalarPursuit {
            n,
            steps: steps.clone(),
        };
        let table = Retrograde::new(&game).solve_from_moves();
        let mut values = std::collections::BTreeMap::new();
        for pos in 0..2 * n.pow(4) {
            let side = pos / (n * n * n * n);
            let key = match table.value(pos) {
                Value::Win(d) => (d, side, true),
                Value::Loss(d) => (d, side, false),
                Value::Draw => continue,
            };
            *values.entry(key).or_insert(0u64) += 1;
        }
        let mut expected = core_bench::pursuit::Counts::default();
        for (&(plies, side, win), &count) in &values {
            expected.add(plies, side, win, count);
        }
        let [a, b] = steps;
        assert_eq!(
            core_bench::pursuit::core(n, &a, &b),
            expected,
            "n {} seed {}",
            n,
            seed
        );
        assert_eq!(
            core_bench::pursuit::plain(n, &a, &b),
            expected,
            "n {} seed {}",
            n,
            seed
        );
    }
}

#[test]
#[should_panic(expected = "a board this large")]
fn pursuit_refuses_boards_wider_than_its_rows() {
    // A row of 65 cells does not fit in one word (64 does).
    core_bench::pursuit::Pursuit::<u64>::new(64, &[(0, 1)], &[(1, 0)]);
    core_bench::pursuit::Pursuit::<u64>::new(65, &[(0, 1)], &[(1, 0)]);
}

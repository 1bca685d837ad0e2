//! core-bench: every variant of each solver against the games played out literally on random
//! small inputs, hand-checked cases, and the walk and the cutting game against the problem
//! crates they stand for (ABC 201 D, POJ 2311).

use core_bench::oracle::CoreBench;
use dp_core::oracle::find_mismatch;

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

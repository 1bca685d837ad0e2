//! Times the whole-table solve of an n x n board under each tile side of the layout, to check
//! the choice of `Layout::new`:
//! `cargo run --release -p p4576-chase --example layouts -- 80 [RUNS [TILE_SIDE]]`.
//! Prints the median of RUNS (default 3) runs per tile side (all of 1, 2, 4, 8, 16 by default).

use dp_core::Retrograde;
use p4576_chase::layout::Layout;
use p4576_chase::Chase;
use std::time::{Duration, Instant};

fn main() {
    let mut args = std::env::args().skip(1);
    let n: usize = args.next().map_or(80, |a| a.parse().expect("a board side"));
    let runs: usize = args
        .next()
        .map_or(3, |a| a.parse().expect("a number of runs"));
    let sides: Vec<usize> = match args.next() {
        Some(a) => vec![a.parse().expect("a tile side")],
        None => vec![1, 2, 4, 8, 16],
    };
    for t in sides {
        let mut times: Vec<Duration> = (0..runs)
            .map(|_| {
                let chase = Chase::with_layout(Layout::with_tile_side(n, t));
                let started = Instant::now();
                let table = Retrograde::new(&chase).solve_with_unmoves();
                let elapsed = started.elapsed();
                assert!(table.max_plies().is_some());
                elapsed
            })
            .collect();
        times.sort();
        let positions = 2 * Layout::with_tile_side(n, t).cells().pow(2);
        println!(
            "t {:2}: {} positions, median {:?} of {:?}",
            t,
            positions,
            times[runs / 2],
            times
        );
    }
}

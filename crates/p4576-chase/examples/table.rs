//! Solves the whole table of each board side given and prints what it holds:
//! `cargo run --release -p p4576-chase --example table -- 20 40 80`.
//! For each n: positions, the longest distance of any position and of any start (White to
//! move), the start reaching it, and how many starts White wins, Black wins, or draw.

use dp_core::Value;
use p4576_chase::{solve_board, Chase, Side};

fn main() {
    for arg in std::env::args().skip(1) {
        let n: usize = arg.parse().expect("a board side");
        let started = std::time::Instant::now();
        let table = solve_board(n);
        let elapsed = started.elapsed();
        let chase = Chase::new(n);
        let (mut white, mut black, mut draws) = (0u64, 0u64, 0u64);
        let mut longest = (0u32, String::new());
        for w in 0..n * n {
            for b in 0..n * n {
                if w == b {
                    continue;
                }
                let (wc, bc) = ((w / n, w % n), (b / n, b % n));
                let value = table.value(chase.position(wc, bc, Side::White));
                match value {
                    Value::Win(_) => white += 1,
                    Value::Loss(_) => black += 1,
                    Value::Draw => draws += 1,
                }
                if let Some(d) = value.plies() {
                    if d > longest.0 {
                        let start =
                            format!("{} {} {} {} {}", n, wc.0 + 1, wc.1 + 1, bc.0 + 1, bc.1 + 1);
                        longest = (d, start);
                    }
                }
            }
        }
        println!(
            "n {}: {} positions in {:?}; longest distance {:?}, of a start {} ({}); starts won by White {}, Black {}, drawn {}",
            n,
            table.len(),
            elapsed,
            table.max_plies(),
            longest.0,
            longest.1,
            white,
            black,
            draws
        );
    }
}

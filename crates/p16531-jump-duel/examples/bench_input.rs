//! Writes a benchmark input to stdout: `long` (t = 10, n = 100 000) or `many` (t = 100 000,
//! n = 10), values uniform in 1..=10^9, from an optional seed (default 1).
//!
//! `cargo run --release -p p16531-jump-duel --features oracle --example bench_input -- long > /tmp/p16531-long.in`

use p16531_jump_duel::oracle::{bench_long_rows, bench_many_rows};
use std::io::Write;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let seed = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(1);
    let text = match args.first().map(String::as_str) {
        Some("long") => bench_long_rows(seed),
        Some("many") => bench_many_rows(seed),
        _ => {
            eprintln!("usage: bench_input long|many [seed]");
            std::process::exit(2);
        }
    };
    std::io::stdout().write_all(text.as_bytes()).unwrap();
}

//! proconio's #[fastout] and #[derive_readable]: proc-macros for real.
use proconio::derive_readable;
use proconio::{fastout, input};

#[derive_readable]
struct Point {
    x: i64,
    y: i64,
}

#[fastout]
fn main() {
    input! {
        n: usize,
        ps: [Point; n],
    }
    for p in ps {
        println!("{}", p.x * p.x + p.y * p.y);
    }
}

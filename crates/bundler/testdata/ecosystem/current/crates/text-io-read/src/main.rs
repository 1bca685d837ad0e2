//! Reads with text_io's read!: n, then n pairs, and prints each product.
use text_io::read;

fn main() {
    let n: usize = read!();
    let mut total: i64 = 0;
    for _ in 0..n {
        let a: i64 = read!();
        let b: i64 = read!();
        println!("{}", a * b);
        total += a * b;
    }
    println!("{}", total);
}

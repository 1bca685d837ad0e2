//! Tribonacci numbers with memoise's memoisation attribute.
use memoise::memoise;
use std::io::Read;

#[memoise(n <= 100)]
fn trib(n: usize) -> u64 {
    match n {
        0 | 1 => 0,
        2 => 1,
        _ => trib(n - 1).wrapping_add(trib(n - 2)).wrapping_add(trib(n - 3)),
    }
}

fn main() {
    let mut s = String::new();
    std::io::stdin().read_to_string(&mut s).unwrap();
    for t in s.split_whitespace() {
        println!("{}", trib(t.parse().unwrap()));
    }
}

//! proconio 0.4.3 (which uses lazy_static itself) beside the solution's own lazy static.
use lazy_static::lazy_static;
use proconio::input;

lazy_static! {
    static ref SQUARES: Vec<u64> = (0..=100).map(|i| i * i).collect();
}

fn main() {
    input! {
        n: usize,
        a: [usize; n],
    }
    let total: u64 = a.iter().map(|&x| SQUARES[x]).sum();
    println!("{}", total);
}

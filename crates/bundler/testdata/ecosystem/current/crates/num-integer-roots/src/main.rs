//! Integer square and cube roots, binomials and checked powers (num-integer, num-traits).
use num_integer::{binomial, Roots};
use num_traits::{checked_pow, One, Zero};
use std::io::Read;

fn main() {
    let mut s = String::new();
    std::io::stdin().read_to_string(&mut s).unwrap();
    for t in s.split_whitespace() {
        let n: u64 = t.parse().unwrap();
        let cube = checked_pow(n, 3).map_or("overflow".to_string(), |c| c.to_string());
        let c = if n.is_zero() { u64::one() } else { binomial(n.min(60), 2) };
        println!("{} {} {} {}", n.sqrt(), n.cbrt(), c, cube);
    }
}

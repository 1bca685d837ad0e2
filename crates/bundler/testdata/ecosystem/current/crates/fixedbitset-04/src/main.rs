//! Sieve of Eratosthenes on a FixedBitSet: how many primes up to n, and the largest.
use fixedbitset::FixedBitSet;
use std::io::Read;

fn main() {
    let mut s = String::new();
    std::io::stdin().read_to_string(&mut s).unwrap();
    let n: usize = s.trim().parse().unwrap();
    let mut composite = FixedBitSet::with_capacity(n + 1);
    composite.insert_range(..2.min(n + 1));
    let mut p = 2;
    while p * p <= n {
        if !composite.contains(p) {
            let mut m = p * p;
            while m <= n {
                composite.insert(m);
                m += p;
            }
        }
        p += 1;
    }
    let primes = n + 1 - composite.count_ones(..);
    let largest = (0..=n).rev().find(|&i| !composite[i]);
    println!("{} {:?}", primes, largest);
}

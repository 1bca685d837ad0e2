//! Subset sums as bit sets: which totals up to the sum can a subset of the numbers make.
use fixedbitset::FixedBitSet;
use std::io::Read;

fn main() {
    let mut s = String::new();
    std::io::stdin().read_to_string(&mut s).unwrap();
    let a: Vec<usize> = s.split_whitespace().skip(1).map(|t| t.parse().unwrap()).collect();
    let total: usize = a.iter().sum();
    let mut reach = FixedBitSet::with_capacity(total + 1);
    reach.insert(0);
    for &x in &a {
        let before: Vec<usize> = reach.ones().collect();
        for v in before {
            reach.insert(v + x);
        }
    }
    let sums: Vec<String> = reach.ones().map(|v| v.to_string()).collect();
    println!("{}\n{}", reach.count_ones(..), sums.join(" "));
}

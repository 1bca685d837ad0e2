//! Subset-sum reachability with bitset-fixed's shifts: can the numbers make the target.
use bitset_fixed::BitSet;
use std::io::Read;

fn main() {
    let mut s = String::new();
    std::io::stdin().read_to_string(&mut s).unwrap();
    let v: Vec<usize> = s.split_whitespace().map(|t| t.parse().unwrap()).collect();
    let (n, target) = (v[0], v[1]);
    let mut dp = BitSet::new(target + 1);
    dp.set(0, true);
    for &x in &v[2..2 + n] {
        dp |= &(&dp << x);
    }
    println!("{} {}", if dp[target] { "Yes" } else { "No" }, dp.count_ones());
}

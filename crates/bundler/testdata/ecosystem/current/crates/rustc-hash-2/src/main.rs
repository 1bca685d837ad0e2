//! Distinct values and the most frequent one, with rustc-hash 2's FxHashSet and FxHashMap.
use rustc_hash::{FxHashMap, FxHashSet};
use std::io::Read;

fn main() {
    let mut s = String::new();
    std::io::stdin().read_to_string(&mut s).unwrap();
    let a: Vec<u32> = s.split_whitespace().skip(1).map(|t| t.parse().unwrap()).collect();
    let distinct: FxHashSet<u32> = a.iter().copied().collect();
    let mut count = FxHashMap::default();
    for &x in &a {
        *count.entry(x).or_insert(0u32) += 1;
    }
    let (value, times) = count.iter().max_by_key(|&(v, c)| (*c, std::cmp::Reverse(*v))).unwrap();
    println!("{} {} {}", distinct.len(), value, times);
}

//! Two-sum counting with an FxHashMap (rustc-hash 1): pairs i < j with a[i] + a[j] = k.
use rustc_hash::FxHashMap;
use std::io::Read;

fn main() {
    let mut s = String::new();
    std::io::stdin().read_to_string(&mut s).unwrap();
    let v: Vec<i64> = s.split_whitespace().map(|t| t.parse().unwrap()).collect();
    let (n, k) = (v[0] as usize, v[1]);
    let mut seen: FxHashMap<i64, u64> = FxHashMap::default();
    let mut pairs = 0;
    for &x in &v[2..2 + n] {
        pairs += seen.get(&(k - x)).copied().unwrap_or(0);
        *seen.entry(x).or_insert(0) += 1;
    }
    println!("{}", pairs);
}

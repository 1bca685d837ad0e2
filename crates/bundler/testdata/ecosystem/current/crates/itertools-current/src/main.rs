//! Run lengths, sorted distinct values and pair counts with itertools.
use itertools::Itertools;
use std::io::Read;

fn main() {
    let mut s = String::new();
    std::io::stdin().read_to_string(&mut s).unwrap();
    let a: Vec<i32> = s.split_whitespace().skip(1).map(|t| t.parse().unwrap()).collect();
    let runs = a.iter().dedup_with_count().map(|(c, v)| format!("{}x{}", c, v)).join(" ");
    let distinct = a.iter().unique().sorted().join(",");
    let pairs = a.iter().array_combinations().filter(|[x, y]| *x + *y == 0).count();
    println!("{}\n{}\n{}", runs, distinct, pairs);
}

//! Letter grades from a btreemap of thresholds, and the grades seen in a btreeset.
use maplit::{btreemap, btreeset};
use std::collections::BTreeSet;
use std::io::Read;

fn main() {
    let grades = btreemap! { 90 => 'A', 80 => 'B', 70 => 'C', 60 => 'D', 0 => 'F' };
    let passing = btreeset! { 'A', 'B', 'C', 'D' };
    let mut s = String::new();
    std::io::stdin().read_to_string(&mut s).unwrap();
    let mut seen = BTreeSet::new();
    for t in s.split_whitespace().skip(1) {
        let score: i32 = t.parse().unwrap();
        let (_, &g) = grades.range(..=score).next_back().unwrap();
        seen.insert(g);
        println!("{} {}", g, if passing.contains(&g) { "pass" } else { "fail" });
    }
    println!("{}", seen.into_iter().collect::<String>());
}

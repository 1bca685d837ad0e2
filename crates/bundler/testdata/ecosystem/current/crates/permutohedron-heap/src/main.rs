//! The shortest round trip through every city, by trying every permutation (Heap's algorithm),
//! and the next permutation of the order read.
use permutohedron::{Heap, LexicalPermutation};
use std::io::Read;

fn main() {
    let mut s = String::new();
    std::io::stdin().read_to_string(&mut s).unwrap();
    let v: Vec<u64> = s.split_whitespace().map(|t| t.parse().unwrap()).collect();
    let n = v[0] as usize;
    let d: Vec<&[u64]> = v[1..].chunks(n).collect();
    let mut cities: Vec<usize> = (1..n).collect();
    let mut best = u64::MAX;
    for order in Heap::new(&mut cities) {
        let mut at = 0;
        let mut len = 0;
        for &c in &order {
            len += d[at][c];
            at = c;
        }
        best = best.min(len + d[at][0]);
    }
    let mut word: Vec<char> = "bcda".chars().collect();
    word.next_permutation();
    println!("{} {}", best, word.into_iter().collect::<String>());
}

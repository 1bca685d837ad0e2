//! The dictionary word closest to each query (Damerau-Levenshtein, strsim 0.11).
use std::io::Read;
use strsim::{damerau_levenshtein, normalized_levenshtein};

fn main() {
    let mut s = String::new();
    std::io::stdin().read_to_string(&mut s).unwrap();
    let mut lines = s.lines();
    let dict: Vec<&str> = lines.next().unwrap().split_whitespace().collect();
    for q in lines.flat_map(|l| l.split_whitespace()) {
        let best = dict.iter().min_by_key(|w| (damerau_levenshtein(q, w), **w)).unwrap();
        println!("{} -> {} {:.3}", q, best, normalized_levenshtein(q, best));
    }
}

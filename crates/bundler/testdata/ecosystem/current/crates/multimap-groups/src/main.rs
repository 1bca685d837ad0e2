//! Group words by length with a MultiMap, printed by length.
use multimap::MultiMap;
use std::io::Read;

fn main() {
    let mut s = String::new();
    std::io::stdin().read_to_string(&mut s).unwrap();
    let mut by_len = MultiMap::new();
    for w in s.split_whitespace() {
        by_len.insert(w.len(), w.to_string());
    }
    let mut lens: Vec<&usize> = by_len.keys().collect();
    lens.sort();
    for len in lens {
        let words = by_len.get_vec(len).unwrap();
        println!("{}: {}", len, words.join(" "));
    }
}

//! Edit distances between pairs of words with strsim 0.10.
use std::io::Read;

fn main() {
    let mut s = String::new();
    std::io::stdin().read_to_string(&mut s).unwrap();
    let words: Vec<&str> = s.split_whitespace().collect();
    for pair in words.chunks(2) {
        let (a, b) = (pair[0], pair[1]);
        let lev = strsim::levenshtein(a, b);
        let osa = strsim::osa_distance(a, b);
        let ham = strsim::hamming(a, b).map_or(-1, |h| h as i64);
        println!("{} {} {} {:.4}", lev, osa, ham, strsim::jaro_winkler(a, b));
    }
}

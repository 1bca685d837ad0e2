//! A word list in a lazy static set: which query words are keywords.
use lazy_static::lazy_static;
use std::collections::HashSet;
use std::io::Read;

lazy_static! {
    static ref KEYWORDS: HashSet<&'static str> =
        ["fn", "let", "mut", "match", "loop", "while"].iter().copied().collect();
    pub static ref COUNT: usize = KEYWORDS.len();
}

fn main() {
    let mut s = String::new();
    std::io::stdin().read_to_string(&mut s).unwrap();
    let mut hits = 0;
    for w in s.split_whitespace() {
        let yes = KEYWORDS.contains(w);
        hits += yes as usize;
        println!("{} {}", w, if yes { "keyword" } else { "name" });
    }
    println!("{} of {} keywords used", hits, *COUNT);
}

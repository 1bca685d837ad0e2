//! Counts lines and the places a pattern occurs, with memchr and memmem.
use memchr::{memchr_iter, memmem};
use std::io::Read;

fn main() {
    let mut s = Vec::new();
    std::io::stdin().read_to_end(&mut s).unwrap();
    let first = memchr::memchr(b'\n', &s).unwrap();
    let (pattern, text) = (&s[..first], &s[first + 1..]);
    let lines = memchr_iter(b'\n', text).count();
    let at: Vec<String> = memmem::find_iter(text, pattern).map(|i| i.to_string()).collect();
    println!("{} {}", lines, at.join(" "));
}

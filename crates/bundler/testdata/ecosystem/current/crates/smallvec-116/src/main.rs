//! Digits of each number in a SmallVec on the stack (smallvec 1.16): digit sums and reversals.
use smallvec::{smallvec, SmallVec};
use std::io::Read;

fn digits(mut x: u64) -> SmallVec<[u8; 20]> {
    let mut d: SmallVec<[u8; 20]> = smallvec![];
    loop {
        d.push((x % 10) as u8);
        x /= 10;
        if x == 0 {
            return d;
        }
    }
}

fn main() {
    let mut s = String::new();
    std::io::stdin().read_to_string(&mut s).unwrap();
    for t in s.split_whitespace() {
        let d = digits(t.parse().unwrap());
        let sum: u32 = d.iter().map(|&x| x as u32).sum();
        let reversed: String = d.iter().map(|&x| (b'0' + x) as char).collect();
        println!("{} {} {}", sum, reversed, d.spilled());
    }
}

//! Answers an input file (stdin) by the brute force of the oracle module, for sample outputs:
//! `cargo run -p p16531-jump-duel --features oracle --example brute < case.in > case.out`.
//! Rows of more than 20 cells are refused (the search would take too long).

use p16531_jump_duel::oracle::brute_force;
use std::io::Read;

fn main() {
    let mut text = String::new();
    std::io::stdin().read_to_string(&mut text).unwrap();
    let mut tokens = text
        .split_ascii_whitespace()
        .map(|t| t.parse::<u64>().unwrap());
    let tests = tokens.next().unwrap();
    for _ in 0..tests {
        let n = tokens.next().unwrap() as usize;
        assert!((2..=20).contains(&n), "n = {} is beyond the brute force", n);
        let values: Vec<u32> = (3..=n).map(|_| tokens.next().unwrap() as u32).collect();
        println!("{}", brute_force(&values));
    }
}

//! The brute force as a program, to produce sample outputs independently of the solver:
//! `cargo run --release -p p4576-chase --features oracle --example brute [CAP] < case.in`.
//! CAP (plies) defaults to `oracle::generous_cap(n)`.

use dp_core::{Error, Scanner};
use p4576_chase::oracle::{generous_cap, JumpRule, Minimax, Start};
use std::io::Read;

fn read_start(input: &[u8]) -> Result<Start, Error> {
    let mut sc = Scanner::new(input);
    let n: usize = sc.next_in(2..=40, "n")?;
    let mut coordinate = |what: &str| sc.next_in(1..=n, what);
    let white = (coordinate("r1")?, coordinate("c1")?);
    let black = (coordinate("r2")?, coordinate("c2")?);
    Ok(Start { n, white, black })
}

fn main() {
    let mut input = Vec::new();
    std::io::stdin()
        .read_to_end(&mut input)
        .expect("read stdin");
    let start = read_start(&input).unwrap_or_else(|err| {
        eprintln!("error: {}", err);
        std::process::exit(1)
    });
    let cap = std::env::args()
        .nth(1)
        .map(|arg| arg.parse().expect("CAP is a number of plies"))
        .unwrap_or_else(|| generous_cap(start.n));
    println!(
        "{}",
        Minimax::new(start.n, cap, JumpRule::PassOver).answer(&start)
    );
}

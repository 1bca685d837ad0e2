//! The brute force as a program, to produce sample outputs independently of the solver:
//! `cargo run --release -p cf786a-berzerk --features oracle --example brute < case.in`.

use cf786a_berzerk::oracle::{brute_force, parse_input};
use std::io::Read;

fn main() {
    let mut text = Vec::new();
    std::io::stdin().read_to_end(&mut text).expect("read stdin");
    match parse_input(&text) {
        Ok(input) => print!("{}", brute_force(&input)),
        Err(err) => {
            eprintln!("error: {}", err);
            std::process::exit(1)
        }
    }
}

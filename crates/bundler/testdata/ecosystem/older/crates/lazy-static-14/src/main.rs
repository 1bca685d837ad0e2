//! Factorials modulo a prime in a lazy static table: binomials for each query.
#[macro_use]
extern crate lazy_static;
use std::io::Read;

const MOD: u64 = 1_000_000_007;
const MAX: usize = 1000;

lazy_static! {
    static ref FACT: Vec<u64> = {
        let mut f = vec![1u64; MAX + 1];
        for i in 1..=MAX {
            f[i] = f[i - 1] * i as u64 % MOD;
        }
        f
    };
}

fn power(mut b: u64, mut e: u64) -> u64 {
    let mut r = 1;
    while e > 0 {
        if e & 1 == 1 {
            r = r * b % MOD;
        }
        b = b * b % MOD;
        e >>= 1;
    }
    r
}

fn main() {
    let mut s = String::new();
    std::io::stdin().read_to_string(&mut s).unwrap();
    let v: Vec<usize> = s.split_whitespace().map(|t| t.parse().unwrap()).collect();
    for q in v[1..].chunks(2) {
        let (n, k) = (q[0], q[1]);
        let c = FACT[n] * power(FACT[k] * FACT[n - k] % MOD, MOD - 2) % MOD;
        println!("{}", c);
    }
}

//! A seeded shuffle and a randomised quickselect (rand 0.8's StdRng): the median of the input.
use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use std::io::Read;

fn select(a: &mut [i64], k: usize, rng: &mut StdRng) -> i64 {
    let (mut lo, mut hi) = (0, a.len());
    loop {
        let p = a[rng.gen_range(lo..hi)];
        let mut i = lo;
        for j in lo..hi {
            if a[j] < p {
                a.swap(i, j);
                i += 1;
            }
        }
        let mut e = i;
        for j in i..hi {
            if a[j] == p {
                a.swap(e, j);
                e += 1;
            }
        }
        if k < i {
            hi = i;
        } else if k < e {
            return p;
        } else {
            lo = e;
        }
    }
}

fn main() {
    let mut s = String::new();
    std::io::stdin().read_to_string(&mut s).unwrap();
    let mut a: Vec<i64> = s.split_whitespace().skip(1).map(|t| t.parse().unwrap()).collect();
    let mut rng = StdRng::seed_from_u64(42);
    a.shuffle(&mut rng);
    let k = a.len() / 2;
    println!("{}", select(&mut a, k, &mut rng));
}

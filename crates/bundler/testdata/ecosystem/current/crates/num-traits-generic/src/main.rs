//! A generic sum and power over num-traits, used with i64 and f64.
use num_traits::{Num, NumCast, Signed, Zero};
use std::io::Read;

fn total<T: Num + Copy>(xs: &[T]) -> T {
    xs.iter().fold(T::zero(), |acc, &x| acc + x)
}

fn spread<T: Signed + Copy + PartialOrd>(xs: &[T]) -> T {
    let mut best = T::zero();
    for &a in xs {
        for &b in xs {
            let d = (a - b).abs();
            if d > best {
                best = d;
            }
        }
    }
    best
}

fn main() {
    let mut s = String::new();
    std::io::stdin().read_to_string(&mut s).unwrap();
    let a: Vec<i64> = s.split_whitespace().skip(1).map(|t| t.parse().unwrap()).collect();
    let f: Vec<f64> = a.iter().map(|&x| <f64 as NumCast>::from(x).unwrap() / 2.0).collect();
    let zeros = a.iter().filter(|x| x.is_zero()).count();
    println!("{} {} {} {}", total(&a), total(&f), spread(&a), zeros);
}

//! The k smallest values kept in an ArrayVec<u32, 8> and names in ArrayStrings (arrayvec 0.7).
use arrayvec::{ArrayString, ArrayVec};
use std::io::Read;

fn main() {
    let mut s = String::new();
    std::io::stdin().read_to_string(&mut s).unwrap();
    let mut it = s.split_whitespace();
    let n: usize = it.next().unwrap().parse().unwrap();
    let mut best: ArrayVec<u32, 8> = ArrayVec::new();
    for _ in 0..n {
        let x: u32 = it.next().unwrap().parse().unwrap();
        let at = best.iter().position(|&b| b > x).unwrap_or(best.len());
        if at < best.capacity() {
            if best.is_full() {
                best.pop();
            }
            best.insert(at, x);
        }
    }
    let mut name = ArrayString::<16>::new();
    for w in it {
        if name.try_push_str(w).is_err() {
            break;
        }
    }
    println!("{:?} {}", best, name);
}

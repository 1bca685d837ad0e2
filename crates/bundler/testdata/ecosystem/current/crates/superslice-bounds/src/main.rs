//! Counting values in ranges on a sorted array with superslice's lower_bound/upper_bound.
use std::io::Read;
use superslice::Ext;

fn main() {
    let mut s = String::new();
    std::io::stdin().read_to_string(&mut s).unwrap();
    let mut it = s.split_whitespace().map(|t| t.parse::<i64>().unwrap());
    let n = it.next().unwrap() as usize;
    let mut a: Vec<i64> = (0..n).map(|_| it.next().unwrap()).collect();
    a.sort();
    let q = it.next().unwrap();
    for _ in 0..q {
        let (l, r) = (it.next().unwrap(), it.next().unwrap());
        println!("{}", a.upper_bound(&r) - a.lower_bound(&l));
    }
    let range = a.equal_range(&a[0]);
    println!("{} {}", range.start, range.end);
}

//! gcd, lcm and floor division of pairs with num-integer's Integer trait.
use num_integer::Integer;
use std::io::Read;

fn main() {
    let mut s = String::new();
    std::io::stdin().read_to_string(&mut s).unwrap();
    let v: Vec<i64> = s.split_whitespace().map(|t| t.parse().unwrap()).collect();
    for p in v.chunks(2) {
        let (a, b) = (p[0], p[1]);
        println!("{} {} {} {}", a.gcd(&b), a.lcm(&b), Integer::div_floor(&a, &b), a.mod_floor(&b));
    }
}

//! Roman numerals with a maplit table.
#[macro_use]
extern crate maplit;
use std::io::Read;

fn main() {
    let values = hashmap! {
        'I' => 1, 'V' => 5, 'X' => 10, 'L' => 50, 'C' => 100, 'D' => 500, 'M' => 1000,
    };
    let mut s = String::new();
    std::io::stdin().read_to_string(&mut s).unwrap();
    for word in s.split_whitespace() {
        let digits: Vec<i32> = word.chars().map(|c| values[&c]).collect();
        let mut total = 0;
        for (i, &d) in digits.iter().enumerate() {
            if digits.get(i + 1).map_or(false, |&next| next > d) {
                total -= d;
            } else {
                total += d;
            }
        }
        println!("{}", total);
    }
}

//! Validates `key=value` lines with if_chain!.
#[macro_use]
extern crate if_chain;
use std::io::Read;

fn main() {
    let mut s = String::new();
    std::io::stdin().read_to_string(&mut s).unwrap();
    for line in s.lines() {
        if_chain! {
            if let Some((key, value)) = line.split_once('=');
            if !key.is_empty();
            if let Ok(v) = value.trim().parse::<i32>();
            if v >= 0;
            then {
                println!("{} {}", key.trim(), v * 2);
            } else {
                println!("bad");
            }
        }
    }
}

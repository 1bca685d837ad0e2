//! A stack of at most 16 values in an ArrayVec (arrayvec 0.5): evaluates postfix expressions.
use arrayvec::ArrayVec;
use std::io::Read;

fn main() {
    let mut s = String::new();
    std::io::stdin().read_to_string(&mut s).unwrap();
    for line in s.lines() {
        let mut stack: ArrayVec<[i64; 16]> = ArrayVec::new();
        for t in line.split_whitespace() {
            let v = match t {
                "+" | "-" | "*" => {
                    let b = stack.pop().unwrap();
                    let a = stack.pop().unwrap();
                    match t {
                        "+" => a + b,
                        "-" => a - b,
                        _ => a * b,
                    }
                }
                _ => t.parse().unwrap(),
            };
            if stack.try_push(v).is_err() {
                println!("overflow");
                break;
            }
        }
        println!("{:?}", stack.as_slice());
    }
}

//! Caesar shift of ASCII text with the ascii crate; non-ASCII input is reported.
use ascii::{AsciiChar, AsciiString};
use std::io::Read;

fn main() {
    let mut s = String::new();
    std::io::stdin().read_to_string(&mut s).unwrap();
    let mut lines = s.lines();
    let k: u8 = lines.next().unwrap().trim().parse().unwrap();
    for line in lines {
        match AsciiString::from_ascii(line) {
            Ok(text) => {
                let shifted: AsciiString = text
                    .chars()
                    .map(|ch| {
                        if ch.is_alphabetic() {
                            let base = if ch.is_uppercase() { b'A' } else { b'a' };
                            AsciiChar::from_ascii((ch.as_byte() - base + k) % 26 + base).unwrap()
                        } else {
                            ch
                        }
                    })
                    .collect();
                println!("{}", shifted);
            }
            Err(e) => println!("not ascii at {}", e.ascii_error().valid_up_to()),
        }
    }
}

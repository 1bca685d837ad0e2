//! zerocopy 0.8 without its derives: the input's numbers seen as bytes and read back.
use std::io::Read;
use zerocopy::{FromBytes, IntoBytes};

fn main() {
    let mut s = String::new();
    std::io::stdin().read_to_string(&mut s).unwrap();
    let a: Vec<u32> = s.split_whitespace().skip(1).map(|t| t.parse().unwrap()).collect();
    let bytes = a.as_bytes();
    let byte_sum: u64 = bytes.iter().map(|&b| u64::from(b)).sum();
    let first = u32::read_from_bytes(&bytes[..4]).unwrap();
    let (pair, rest) = <[u16; 2]>::read_from_prefix(bytes).unwrap();
    let le: [u8; 4] = zerocopy::transmute!(first);
    println!("{} {} {:?} {} {:?}", bytes.len(), byte_sum, pair, rest.len(), le);
}

//! Tokens split into numbers and words with Either.
use either::Either;
use std::io::Read;

fn classify(t: &str) -> Either<i64, &str> {
    match t.parse() {
        Ok(v) => Either::Left(v),
        Err(_) => Either::Right(t),
    }
}

fn main() {
    let mut s = String::new();
    std::io::stdin().read_to_string(&mut s).unwrap();
    let tokens: Vec<Either<i64, &str>> = s.split_whitespace().map(classify).collect();
    let sum: i64 = tokens.iter().filter_map(|t| t.left()).sum();
    let words: Vec<&str> = tokens.iter().filter_map(|t| t.right()).collect();
    let lens: usize = tokens.iter().map(|t| t.either(|v| v.to_string().len(), |w| w.len())).sum();
    println!("{} {} {}", sum, words.join(","), lens);
}

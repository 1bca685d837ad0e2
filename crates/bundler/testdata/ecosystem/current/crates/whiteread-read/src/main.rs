//! whiteread's parse_line: a grid's size, then its rows; prints the row and column sums.
use whiteread::parse_line;

fn main() {
    let (h, w): (usize, usize) = parse_line().unwrap();
    let mut cols = vec![0i64; w];
    for _ in 0..h {
        let row: Vec<i64> = parse_line().unwrap();
        for (c, x) in cols.iter_mut().zip(&row) {
            *c += x;
        }
        println!("{}", row.iter().sum::<i64>());
    }
    let cols: Vec<String> = cols.iter().map(|c| c.to_string()).collect();
    println!("{}", cols.join(" "));
}

//! proconio 0.4.3's input! with Usize1 and Chars: edges of a graph and a label per vertex.
use proconio::input;
use proconio::marker::{Chars, Usize1};

fn main() {
    input! {
        n: usize,
        m: usize,
        edges: [(Usize1, Usize1); m],
        label: Chars,
    }
    let mut degree = vec![0; n];
    for &(a, b) in &edges {
        degree[a] += 1;
        degree[b] += 1;
    }
    for v in 0..n {
        println!("{} {}", label[v], degree[v]);
    }
}

//! Adjacency lists of SmallVec (smallvec 1.6), made with smallvec![]: breadth-first distances.
use smallvec::{smallvec, SmallVec};
use std::collections::VecDeque;
use std::io::Read;

fn main() {
    let mut s = String::new();
    std::io::stdin().read_to_string(&mut s).unwrap();
    let mut it = s.split_whitespace().map(|t| t.parse::<usize>().unwrap());
    let (n, m) = (it.next().unwrap(), it.next().unwrap());
    let mut adj: Vec<SmallVec<[usize; 4]>> = vec![smallvec![]; n];
    for _ in 0..m {
        let (a, b) = (it.next().unwrap() - 1, it.next().unwrap() - 1);
        adj[a].push(b);
        adj[b].push(a);
    }
    let mut dist = vec![usize::MAX; n];
    dist[0] = 0;
    let mut queue: VecDeque<usize> = VecDeque::new();
    queue.push_back(0);
    while let Some(v) = queue.pop_front() {
        for &w in &adj[v] {
            if dist[w] == usize::MAX {
                dist[w] = dist[v] + 1;
                queue.push_back(w);
            }
        }
    }
    let start: SmallVec<[i64; 2]> = smallvec![-1, -1];
    let out: Vec<String> = dist
        .iter()
        .map(|&d| if d == usize::MAX { start[0] } else { d as i64 }.to_string())
        .collect();
    println!("{}", out.join(" "));
}

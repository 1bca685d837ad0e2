//! Reachability by bit-set rows: for each vertex of a directed graph, how many it reaches.
use fixedbitset::FixedBitSet;
use std::io::Read;

fn main() {
    let mut s = String::new();
    std::io::stdin().read_to_string(&mut s).unwrap();
    let mut it = s.split_whitespace().map(|t| t.parse::<usize>().unwrap());
    let (n, m) = (it.next().unwrap(), it.next().unwrap());
    let mut reach: Vec<FixedBitSet> = (0..n).map(|_| FixedBitSet::with_capacity(n)).collect();
    for (v, row) in reach.iter_mut().enumerate() {
        row.put(v);
    }
    for _ in 0..m {
        let (a, b) = (it.next().unwrap() - 1, it.next().unwrap() - 1);
        reach[a].insert(b);
    }
    // Transitive closure, Warshall's order: through k, row i gains row k.
    for k in 0..n {
        let through = reach[k].clone();
        for row in reach.iter_mut() {
            if row.contains(k) {
                row.union_with(&through);
            }
        }
    }
    let counts: Vec<String> = reach.iter().map(|r| r.count_ones(..).to_string()).collect();
    println!("{}", counts.join(" "));
}

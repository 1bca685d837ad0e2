//! Test oracle (feature `oracle`): small random trees with few stones (ties and empty vertices
//! common), a brute force that plays the game over (vertex, stones left), shrinking, and the
//! largest inputs.

use dp_core::{Error, HashMemo, SplitMix64};
use test_kit::{parse_with, BenchInput, Oracle};

/// The oracle this crate registers (in the root `Cargo.toml`).
pub type ProblemOracle = TreeGame;

/// The oracle of agc010f-tree-game.
pub struct TreeGame;

/// One input: the stones of each vertex and the edges, 0-based (written 1-based).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Input {
    pub a: Vec<u64>,
    pub edges: Vec<(usize, usize)>,
}

/// A random tree on `n` vertices (vertex v joined to one of those before it, then relabelled),
/// stones in `0..=most`.
pub fn random_input(rng: &mut SplitMix64, n: usize, most: u64) -> Input {
    let mut label: Vec<usize> = (0..n).collect();
    (1..n).rev().for_each(|i| label.swap(i, rng.index(i + 1)));
    let edges = (1..n).map(|v| (label[rng.index(v)], label[v])).collect();
    Input {
        a: (0..n).map(|_| rng.range(0, most)).collect(),
        edges,
    }
}

/// The game played literally: the mover at v with `stones` left loses if v has none, else
/// takes one and moves to a neighbour; memoised over (v, stones). O(N * prod(A_i + 1)).
pub fn brute_force(input: &Input) -> String {
    fn wins(
        v: usize,
        stones: &mut Vec<u64>,
        adj: &[Vec<usize>],
        memo: &mut HashMemo<(usize, Vec<u64>), bool>,
    ) -> bool {
        if let Some(&known) = memo.get(&(v, stones.clone())) {
            return known;
        }
        let mut won = false;
        if stones[v] > 0 {
            stones[v] -= 1;
            won = adj[v].iter().any(|&u| !wins(u, stones, adj, memo));
            stones[v] += 1;
        }
        memo.insert((v, stones.clone()), won);
        won
    }
    let mut adj = vec![Vec::new(); input.a.len()];
    for &(u, v) in &input.edges {
        adj[u].push(v);
        adj[v].push(u);
    }
    let mut memo = HashMemo::new();
    let starts: Vec<String> = (0..input.a.len())
        .filter(|&v| wins(v, &mut input.a.clone(), &adj, &mut memo))
        .map(|v| (v + 1).to_string())
        .collect();
    starts.join(" ") + "\n"
}

impl Oracle for TreeGame {
    type Input = Input;

    fn name() -> &'static str {
        "agc010f-tree-game"
    }

    /// 2 to 6 vertices with 0 to 3 stones, or 7 to 9 with 0 to 2.
    fn generate(rng: &mut SplitMix64) -> Input {
        let (n, most) = if rng.index(4) == 0 {
            (rng.range(7, 9), 2)
        } else {
            (rng.range(2, 6), 3)
        };
        random_input(rng, n as usize, most)
    }

    fn render(input: &Input) -> String {
        let a: Vec<String> = input.a.iter().map(|x| x.to_string()).collect();
        let edges: String = input
            .edges
            .iter()
            .map(|&(u, v)| format!("{} {}\n", u + 1, v + 1))
            .collect();
        format!("{}\n{}\n{}", input.a.len(), a.join(" "), edges)
    }

    /// The input, its N - 1 edges checked to join every vertex.
    fn parse(input: &[u8]) -> Result<Input, String> {
        let input = parse_with(input, |sc| {
            let n: usize = sc.next_in(2..=crate::MAX_N, "N")?;
            let a = (0..n)
                .map(|_| sc.next_in(0..=crate::MAX_A, "A_i"))
                .collect::<Result<_, _>>()?;
            let mut end = || sc.next_in(1..=n, "a vertex").map(|v| v - 1);
            let edges = (1..n)
                .map(|_| Ok((end()?, end()?)))
                .collect::<Result<_, Error>>()?;
            Ok(Input { a, edges })
        })?;
        let mut joined = vec![0];
        while let Some(&(u, v)) = input
            .edges
            .iter()
            .find(|&&(u, v)| joined.contains(&u) != joined.contains(&v))
        {
            joined.push(if joined.contains(&u) { v } else { u });
        }
        match joined.len() == input.a.len() {
            true => Ok(input),
            false => Err("the edges do not form a tree".to_string()),
        }
    }

    fn brute_force(input: &Input) -> String {
        brute_force(input)
    }

    fn brute_force_refuses(input: &Input) -> Option<String> {
        let states = input
            .a
            .iter()
            .fold(input.a.len() as f64, |s, &x| s * (x as f64 + 1.0));
        (states > 1e6).then(|| {
            format!(
                "{:.0} (vertex, stones) states: the brute force stops at 10^6",
                states
            )
        })
    }

    /// A leaf dropped (the last vertex renumbered into its place), then fewer stones somewhere.
    fn shrink(input: &Input) -> Vec<Input> {
        let n = input.a.len();
        let mut smaller = Vec::new();
        for leaf in (0..n)
            .filter(|&v| n > 2 && input.edges.iter().filter(|e| e.0 == v || e.1 == v).count() == 1)
        {
            let rename = |x: usize| if x == n - 1 { leaf } else { x };
            let mut a = input.a.clone();
            a.swap_remove(leaf);
            let kept = input.edges.iter().filter(|e| e.0 != leaf && e.1 != leaf);
            smaller.push(Input {
                a,
                edges: kept.map(|&(u, v)| (rename(u), rename(v))).collect(),
            });
        }
        for v in (0..n).filter(|&v| input.a[v] > 0) {
            let mut fewer = input.clone();
            fewer.a[v] -= 1;
            smaller.push(fewer);
        }
        smaller
    }

    fn solve(input: &[u8], out: &mut Vec<u8>) -> Result<(), Error> {
        crate::solve(input, out)
    }

    /// N = 3000: a random tree with random stones, a path with stones increasing along it (a
    /// chain of 3000 evaluations), a star, and every A_i = 10^9.
    fn bench_inputs() -> Vec<BenchInput> {
        let n = crate::MAX_N;
        let mut rng = SplitMix64::new(10);
        let random = random_input(&mut rng, n, crate::MAX_A);
        let path = Input {
            a: (0..n as u64).collect(),
            edges: (1..n).map(|v| (v - 1, v)).collect(),
        };
        let star = Input {
            a: (0..n).map(|_| rng.range(0, 5)).collect(),
            edges: (1..n).map(|v| (0, v)).collect(),
        };
        let equal = Input {
            a: vec![crate::MAX_A; n],
            ..random.clone()
        };
        let inputs = [
            ("random tree", random),
            ("path, A increasing", path),
            ("star", star),
            ("A all 10^9", equal),
        ];
        let bench = |(name, input): &(&str, Input)| BenchInput {
            name: format!("n=3000 {}", name),
            text: TreeGame::render(input),
        };
        inputs.iter().map(bench).collect()
    }
}

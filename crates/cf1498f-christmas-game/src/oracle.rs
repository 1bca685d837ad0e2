//! Test oracle (feature `oracle`) of cf1498f-christmas-game: the input format (n k, a tree, the
//! presents), a brute force that plays the moves of presents for each root with the kit's
//! search, and the largest inputs.

use crate::{MAX_A, MAX_K, MAX_N};
use dp_core::SplitMix64;
use test_kit::format::{fixed, int, line, then, Format};
use test_kit::game::{outcome, Moves, Outcome};
use test_kit::{at_most, bench, gen, BenchInput, Problem};

/// One input: (n, k), then the edges (1-based) and the presents of each vertex.
pub type Input = ((usize, usize), (Vec<(usize, usize)>, Vec<u32>));

/// The oracle of cf1498f-christmas-game.
pub struct ChristmasGame;

/// The game played literally on the tree rooted at each vertex in turn: the mover takes m >= 1
/// presents from a vertex of depth at least k to its k-th ancestor. 1 where the first player
/// wins, 0 where not.
pub fn brute_force(((n, k), (edges, presents)): &Input) -> String {
    let (n, k) = (*n, *k);
    let winner = |root: usize| {
        // parent[v] and depth[v] of the tree rooted at `root`, walked from the root.
        let (mut parent, mut depth) = (vec![0; n + 1], vec![usize::MAX; n + 1]);
        depth[root] = 0;
        let mut queue = vec![root];
        while let Some(v) = queue.pop() {
            for &(x, y) in edges.iter().filter(|&&(x, y)| x == v || y == v) {
                let u = x + y - v;
                if depth[u] == usize::MAX {
                    (parent[u], depth[u]) = (v, depth[v] + 1);
                    queue.push(u);
                }
            }
        }
        let ancestor = |v: usize| (0..k).fold(v, |u, _| parent[u]);
        let rules = |a: &Vec<u32>, moves: &mut Moves<Vec<u32>>| {
            for v in (1..=n).filter(|&v| depth[v] >= k) {
                for m in 1..=a[v - 1] {
                    let mut next = a.clone();
                    next[v - 1] -= m;
                    next[ancestor(v) - 1] += m;
                    moves.go(next);
                }
            }
        };
        if outcome(presents.clone(), rules) == Outcome::Win {
            "1"
        } else {
            "0"
        }
    };
    (1..=n).map(winner).collect::<Vec<_>>().join(" ") + "\n"
}

impl Problem for ChristmasGame {
    test_kit::name_and_solve_of_this_crate!();
    type Value = Input;

    /// Small: 3 to 7 vertices in every shape, k in 1..=3, 0 to 3 presents on a vertex.
    fn format() -> impl Format<Value = Self::Value> {
        let head = line((
            int("n", 3..=MAX_N).small(3..=7),
            int("k", 1..=MAX_K).small(1..=3),
        ));
        then(head, |&(n, _)| {
            let edge = line((int("x", 1..=n), int("y", 1..=n)));
            let tree = fixed(n - 1, edge).generate_with(move |rng, _| {
                let shape = gen::TreeShape::any(rng);
                gen::tree(rng, n, shape)
            });
            (tree, line(fixed(n, int("a_i", 0..=MAX_A).small(0..=3))))
        })
    }

    fn brute(input: &Input) -> String {
        brute_force(input)
    }

    /// At most 10^6 ways to spread the presents over the vertices, C(S + n - 1, n - 1).
    fn refuses(((n, _), (_, a)): &Input) -> Option<String> {
        let total = a.iter().map(|&x| f64::from(x)).sum::<f64>();
        let ways = (1..*n).fold(1.0, |w, i| w * (total + i as f64) / i as f64);
        at_most("ways to spread the presents", ways, 1e6)
    }

    /// n = 10^5, k = 20, presents up to 10^9, vertices labelled at random: a path (the deepest
    /// tree), a star, a uniform random tree and a caterpillar.
    fn benches() -> Vec<BenchInput> {
        let mut rng = SplitMix64::new(1498);
        let shapes = [
            gen::TreeShape::Path,
            gen::TreeShape::Star,
            gen::TreeShape::Uniform,
            gen::TreeShape::Caterpillar,
        ];
        let input = |shape| {
            let edges = gen::tree(&mut rng, MAX_N, shape);
            let a = (0..MAX_N)
                .map(|_| rng.range(0, MAX_A.into()) as u32)
                .collect();
            let name = format!("n=100000 k=20 {:?}", shape).to_lowercase();
            bench::<Self>(name, &((MAX_N, MAX_K), (edges, a)))
        };
        shapes.into_iter().map(input).collect()
    }
}

//! Test oracle (feature `oracle`) of cf1498f-christmas-game: the input format (n k, a tree, the
//! presents), a brute force that moves presents up the tree rooted at each vertex with the kit's
//! search, its size guard and the largest inputs.

use crate::{MAX_A, MAX_K, MAX_N};
use test_kit::format::{fixed, int, line, then, tree_edges, Format, Graph};
use test_kit::game::{outcome, Moves, Outcome};
use test_kit::gen::TreeShape::{Binary, Caterpillar, Path, Recursive, Star};
use test_kit::{at_most, bench, gen, BenchInput, Problem};

/// The oracle of cf1498f-christmas-game.
pub struct ChristmasGame;

impl Problem for ChristmasGame {
    test_kit::name_and_solve_of_this_crate!();
    /// n and k, then the tree and the presents of each vertex (`a[v - 1]` on vertex v).
    type Value = ((usize, usize), (Graph, Vec<u64>));

    /// Small: 3 to 7 vertices in every shape, k in 1..=3, 0 to 2 presents on a vertex (within the
    /// size guard).
    fn format() -> impl Format<Value = Self::Value> {
        let n = int("n", 3..=MAX_N).small(3..=7);
        let k = int("k", 1..=MAX_K).small(1..=3);
        let a = int("a_i", 0..=u64::from(MAX_A)).small(0..=2);
        let parts = move |&(n, _): &(usize, usize)| (tree_edges(n), line(fixed(n, a.clone())));
        then(line((n, k)), parts)
    }

    /// The game played literally on the tree rooted at each vertex in turn: the mover takes
    /// m >= 1 presents from a vertex of depth at least k to its k-th ancestor. 1 where the
    /// first player wins, 0 where not.
    fn brute(((n, k), (tree, presents)): &Self::Value) -> String {
        let winner = |root: usize| {
            // up[v]: the path from v up to the root, v first. At first only the root's is known;
            // then an edge from a vertex a whose path is known to one b whose path is not gives b
            // its path, until every path is known.
            let mut up: Vec<_> = (0..=*n).map(|v| vec![v; usize::from(v == root)]).collect();
            let arcs = || tree.edges.iter().flat_map(|&(x, y)| [(x, y), (y, x)]);
            while let Some((a, b)) = arcs().find(|&(a, b)| !up[a].is_empty() && up[b].is_empty()) {
                up[b] = [&[b], &up[a][..]].concat();
            }
            let rules = |a: &Vec<u64>, moves: &mut Moves<Vec<u64>>| {
                for v in (1..=*n).filter(|&v| up[v].len() > *k) {
                    for m in 1..=a[v - 1] {
                        let mut next = a.clone();
                        next[v - 1] -= m;
                        next[up[v][*k] - 1] += m;
                        moves.go(next);
                    }
                }
            };
            u8::from(outcome(presents.clone(), rules) == Outcome::Win).to_string()
        };
        (1..=*n).map(winner).collect::<Vec<_>>().join(" ") + "\n"
    }

    /// At most 24 vertices and presents in all: the ways to spread S presents over n vertices,
    /// C(S + n - 1, n - 1), stay under 1.4 * 10^6.
    fn refuses(((n, _), (_, a)): &Self::Value) -> Option<String> {
        at_most("vertices + presents", *n as u64 + a.iter().sum::<u64>(), 24)
    }

    /// n = 10^5, k = 20, 10^9 presents on every vertex, vertices labelled at random: a tree
    /// of every shape (the path is the deepest, the star the widest).
    fn benches() -> Vec<BenchInput> {
        let bench_of = |shape: gen::TreeShape| {
            let edges = gen::tree(&mut dp_core::SplitMix64::new(shape as u64), MAX_N, shape);
            let value = (Graph { n: MAX_N, edges }, vec![MAX_A.into(); MAX_N]);
            bench::<Self>(format!("n=1e5 k=20 {:?}", shape), &((MAX_N, MAX_K), value))
        };
        Vec::from([Path, Star, Caterpillar, Binary, Recursive].map(bench_of))
    }
}

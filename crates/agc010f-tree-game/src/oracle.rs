//! Test oracle (feature `oracle`) of agc010f-tree-game: the input format (a tree with stones
//! on its vertices), a brute force that plays the game over (vertex, stones left) with the
//! kit's search, and the largest inputs.

use crate::{MAX_A, MAX_N};
use dp_core::SplitMix64;
use test_kit::format::{int, valued_tree, Format, Graph};
use test_kit::game::{outcome_with, Memo, Moves, Outcome};
use test_kit::{at_most, bench, gen, BenchInput, Problem};

/// One input: the stones of each vertex (`a[v - 1]` on vertex v) and the tree.
pub type Input = (Vec<u64>, Graph);

/// The oracle of agc010f-tree-game.
pub struct TreeGame;

/// The game played literally: the mover with the piece on v takes a stone from v (with none
/// there, it has lost) and moves the piece to a neighbour. Every start the first player wins.
pub fn brute_force((a, tree): &Input) -> String {
    let rules = |(v, stones): &(usize, Vec<u64>), moves: &mut Moves<(usize, Vec<u64>)>| {
        let mut left = stones.clone();
        if left[*v - 1] > 0 {
            left[*v - 1] -= 1;
            for &(x, y) in tree.edges.iter().filter(|&&(x, y)| x == *v || y == *v) {
                moves.go((x + y - v, left.clone()));
            }
        }
    };
    let mut memo = Memo::default();
    let wins = |&v: &usize| outcome_with(&mut memo, (v, a.clone()), rules) == Outcome::Win;
    let starts: Vec<String> = (1..=tree.n).filter(wins).map(|v| v.to_string()).collect();
    starts.join(" ") + "\n"
}

/// A random tree of `n` vertices of the given shape, stones in `0..=most`.
pub fn random_input(rng: &mut SplitMix64, n: usize, shape: gen::TreeShape, most: u64) -> Input {
    let edges = gen::tree(rng, n, shape);
    let a = (0..n).map(|_| rng.range(0, most)).collect();
    (a, Graph { n, edges })
}

impl Problem for TreeGame {
    test_kit::name_and_solve_of_this_crate!();
    const LINE_ENDS: bool = true;
    type Value = Input;

    /// Small: 2 to 9 vertices in every shape, each tree's stones in 0..=1 to 0..=4.
    fn format() -> impl Format<Value = Self::Value> {
        valued_tree("N", 2..=MAX_N, int("A_i", 0..=MAX_A).small(0..=4)).small(2..=9)
    }

    fn brute(input: &Input) -> String {
        brute_force(input)
    }

    /// At most 2 * 10^7 (vertex, stones) positions: N times the product of (A_i + 1).
    fn refuses((a, _): &Input) -> Option<String> {
        let states = a.iter().fold(a.len() as f64, |s, &x| s * (x as f64 + 1.0));
        at_most("(vertex, stones) positions", states, 2e7)
    }

    /// N = 3000: a random tree with random stones, a path with stones increasing along it (a
    /// chain of 3000 evaluations), a star, and every A_i = 10^9.
    fn benches() -> Vec<BenchInput> {
        let mut rng = SplitMix64::new(10);
        let random = random_input(&mut rng, MAX_N, gen::TreeShape::Uniform, MAX_A);
        let edges = (1..MAX_N).map(|v| (v, v + 1)).collect();
        let path = ((0..MAX_N as u64).collect(), Graph { n: MAX_N, edges });
        let star = random_input(&mut rng, MAX_N, gen::TreeShape::Star, 4);
        let inputs = [
            ("random tree", random.clone()),
            ("path, A increasing", path),
            ("star", star),
            ("A all 10^9", (vec![MAX_A; MAX_N], random.1)),
        ];
        let bench =
            |(name, input): &(&str, Input)| bench::<Self>(format!("n=3000 {}", name), input);
        inputs.iter().map(bench).collect()
    }
}

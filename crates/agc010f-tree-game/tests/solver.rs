//! agc010f-tree-game against its brute force (the game over (vertex, stones left)): random
//! files and every labelled tree of up to 5 vertices with 0 to 2 stones each; and at the largest
//! sizes against the editorial's search from each start, written again here without recursion.

use agc010f_tree_game::oracle::{brute_force, random_input, Input, TreeGame};
use dp_core::SplitMix64;
use test_kit::format::Graph;
use test_kit::gen::TreeShape;
use test_kit::{find_mismatch, run_solver, Problem};

#[test]
fn agrees_with_the_brute_force_on_random_inputs() {
    if let Some(mismatch) = find_mismatch::<TreeGame>(1, 5000) {
        panic!("{:?}", mismatch);
    }
}

/// The tree of a Prüfer sequence of n - 2 vertices of `0..n`, 0-based.
fn pruefer(n: usize, code: &[usize]) -> Vec<(usize, usize)> {
    let mut degree = vec![1; n];
    code.iter().for_each(|&v| degree[v] += 1);
    let mut edges = Vec::new();
    for &v in code {
        let leaf = (0..n).find(|&u| degree[u] == 1).unwrap();
        edges.push((leaf, v));
        degree[leaf] -= 1;
        degree[v] -= 1;
    }
    let last: Vec<usize> = (0..n).filter(|&u| degree[u] == 1).collect();
    edges.push((last[0], last[1]));
    edges
}

#[test]
fn agrees_on_every_tree_up_to_5_vertices_with_up_to_2_stones() {
    let mut cases = 0;
    for n in 2..=5usize {
        for t in 0..n.pow(n as u32 - 2) {
            let code: Vec<usize> = (0..n - 2).map(|k| t / n.pow(k as u32) % n).collect();
            let edges = pruefer(n, &code);
            for s in 0..3usize.pow(n as u32) {
                let a = (0..n)
                    .map(|k| (s / 3usize.pow(k as u32) % 3) as u64)
                    .collect();
                let edges = edges.iter().map(|&(u, v)| (u + 1, v + 1)).collect();
                let input: Input = (a, Graph { n, edges });
                assert_eq!(
                    run_solver::<TreeGame>(&TreeGame::render(&input.clone().into())),
                    brute_force(&input),
                    "{:?}",
                    input
                );
                cases += 1;
            }
        }
    }
    // 1 + 3 + 16 + 125 trees, 3^n stone counts each.
    assert_eq!(cases, 9 + 3 * 27 + 16 * 81 + 125 * 243);
}

/// The editorial's search from one start, on an explicit stack: v wins iff a child u (the tree
/// rooted at the start) with A_u < A_v loses. No shortcut across starts.
fn wins_from(a: &[u64], adj: &[Vec<usize>], start: usize) -> bool {
    let n = a.len();
    let mut won = vec![false; n];
    // (vertex, parent, expanded)
    let mut stack = vec![(start, usize::MAX, false)];
    while let Some((v, parent, expanded)) = stack.pop() {
        let children = adj[v]
            .iter()
            .copied()
            .filter(|&u| u != parent && a[u] < a[v]);
        if expanded {
            won[v] = children.into_iter().any(|u| !won[u]);
        } else {
            stack.push((v, parent, true));
            stack.extend(children.map(|u| (u, v, false)));
        }
    }
    won[start]
}

#[test]
fn the_largest_inputs_agree_with_the_editorials_search_from_each_start() {
    let mut rng = SplitMix64::new(3);
    let mut inputs: Vec<Input> = TreeGame::benches()
        .iter()
        .map(|b| TreeGame::parse(b.text.as_bytes()).unwrap().value)
        .collect();
    inputs.push(random_input(&mut rng, 3000, TreeShape::Uniform, 3));
    inputs.push(random_input(&mut rng, 3000, TreeShape::Caterpillar, 1));
    for input in &inputs {
        let (a, tree) = input;
        let n = a.len();
        let mut adj = vec![Vec::new(); n];
        for &(u, v) in &tree.edges {
            adj[u - 1].push(v - 1);
            adj[v - 1].push(u - 1);
        }
        let starts: Vec<String> = (0..n)
            .filter(|&v| wins_from(a, &adj, v))
            .map(|v| (v + 1).to_string())
            .collect();
        assert_eq!(
            run_solver::<TreeGame>(&TreeGame::render(&input.clone().into())),
            starts.join(" ") + "\n"
        );
    }
}

//! Codeforces 1498 F "Christmas Game": a tree with a_i presents on vertex i; a move takes m >= 1
//! presents from a vertex of depth at least k to its k-th ancestor, and the player without a
//! move loses. Print who wins for every root.
//!
//! The editorial: split the depths into steps of k; a move carries presents from step s to step
//! s - 1, so this is staircase nim on the steps, lost for the mover exactly when the XOR of the
//! presents on the odd steps (depth mod 2k in `k..2k`) is 0. The XOR per depth class mod 2k
//! for every root is one rerooting pass ([`dp_core::RootedTree::depth_class_xors`]).

use dp_core::{CsrGraph, Error, GraphFormat, RootedTree, Scanner};
use std::io::Write;

#[cfg(feature = "oracle")]
pub mod oracle;

/// Most vertices accepted (the statement's).
pub const MAX_N: usize = 100_000;
/// Largest k accepted (the statement's).
pub const MAX_K: usize = 20;
/// Most presents on a vertex (the statement's; below 2^32, so the table of XORs holds `u32`s).
pub const MAX_A: u32 = 1_000_000_000;

/// Reads n and k, the n - 1 edges `x y` and a_1..a_n, and writes for each root 1..=n whether
/// the first player wins (1) or not (0), on one line.
///
/// # Errors
/// A missing or malformed token: n outside `3..=MAX_N`, k outside `1..=MAX_K`, a vertex outside
/// `1..=n`, edges that do not form a tree, an a_i above `MAX_A`, or a token after a_n.
///
/// # Complexity
/// O(n k) time and memory, no recursion.
///
/// # Example
/// ```
/// let mut out = Vec::new();
/// cf1498f_christmas_game::solve(b"3 1\n1 2\n2 3\n0 1 0\n", &mut out).unwrap();
/// assert_eq!(out, b"1 0 1\n");
/// ```
pub fn solve(input: &[u8], out: &mut impl Write) -> Result<(), Error> {
    let mut sc = Scanner::new(input);
    let n: usize = sc.next_in(3..=MAX_N, "n")?;
    let k: usize = sc.next_in(1..=MAX_K, "k")?;
    let graph = CsrGraph::read_tree(&mut sc, n, &GraphFormat::undirected(1).named(&["x", "y"]))?;
    let mut presents = Vec::with_capacity(n);
    for _ in 0..n {
        presents.push(sc.next_in(0..=MAX_A, "a_i")?);
    }
    sc.finish()?;
    let classes = 2 * k;
    let xors = RootedTree::new(&graph, 0).depth_class_xors(&graph, &presents, classes);
    let mut line = Vec::with_capacity(2 * n);
    for by_class in xors.chunks_exact(classes) {
        let odd_steps = by_class[k..].iter().fold(0, |x, y| x ^ y);
        line.extend_from_slice(if odd_steps != 0 { b"1 " } else { b"0 " });
    }
    line[2 * n - 1] = b'\n';
    out.write_all(&line)?;
    Ok(())
}

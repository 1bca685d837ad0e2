//! AtCoder AGC 010 F "Tree Game": a piece on a tree whose vertex v holds A_v stones; the mover
//! takes a stone from the piece's vertex (with none there, it has lost) and moves the piece to a
//! neighbour. Print every start from which the first player wins.
//!
//! The editorial: the mover at v wins iff some neighbour u with A_u < A_v is lost for the mover
//! there (moving to at least as many stones never helps, and the way back is closed by the same
//! rule). Only moves to fewer stones count, so the positions form a DAG, evaluated once each in
//! increasing order of A by [`dp_core::wins_in_order`]: O(N log N) for all starts, where the
//! editorial's search from each start takes O(N^2).

use dp_core::{wins_in_order, CsrGraph, Error, GraphFormat, Scanner};
use std::io::Write;

#[cfg(feature = "oracle")]
pub mod oracle;

/// Largest N accepted (the statement's).
pub const MAX_N: usize = 3000;
/// Largest A_i accepted (the statement's).
pub const MAX_A: u64 = 1_000_000_000;

/// Reads N, A_1..A_N and the N - 1 edges, and writes the winning starts in increasing order.
///
/// # Errors
/// A missing or malformed token: N outside `2..=MAX_N`, an A_i above `MAX_A`, a vertex outside
/// `1..=N`, edges that do not form a tree (a self-loop, a repeat, or a cycle, named at the edge
/// that closes it), or a token after the last edge.
///
/// # Complexity
/// O(N log N) time, O(N) memory.
///
/// # Example
/// ```
/// let mut out = Vec::new();
/// agc010f_tree_game::solve(b"3\n1 2 3\n1 2\n2 3\n", &mut out).unwrap();
/// assert_eq!(out, b"2\n");
/// ```
pub fn solve(input: &[u8], out: &mut impl Write) -> Result<(), Error> {
    let mut sc = Scanner::new(input);
    let n: usize = sc.next_in(2..=MAX_N, "N")?;
    let mut a = Vec::with_capacity(n);
    for i in 0..n {
        let stones = sc.next_in(0..=MAX_A, "A");
        a.push(stones.map_err(|e| e.with_context("A", || format!("_{}", i + 1)))?);
    }
    let format = GraphFormat::undirected(1).named(&["a", "b"]);
    let tree = CsrGraph::read_tree(&mut sc, n, &format)?;
    sc.finish()?;
    let mut order: Vec<usize> = (0..n).collect();
    order.sort_unstable_by_key(|&v| a[v]);
    let table = wins_in_order(n, order, |v, known| {
        let fewer = tree.neighbors(v).iter().map(|&u| u as usize);
        fewer.filter(|&u| a[u] < a[v]).any(|u| known.is_lost(u))
    });
    let wins: Vec<String> = (1..=n)
        .filter(|&v| table.is_won(v - 1))
        .map(|v| v.to_string())
        .collect();
    writeln!(out, "{}", wins.join(" "))?;
    Ok(())
}
